#!/usr/bin/env python3
"""What a deal costs the flash, counted on the host: the score sheet's store
operations (appends, flushes: each flush a flash sync on the board; bytes
appended) from a deal's start to the idle screens again, the real app in the
emulator on a storage folder, bots at the seats.

    python host_tools/bench/bench_flash.py [--deals N] [--seed S]

One row per table: Königrufen at 4 seats and at 5 (the dealer sits out),
in each mode (virtual cards, dealing aid + entry, score only). Issue 35
(B.12) journals each seat's ● as it comes: one append and one flush a ●
where the deal went in one of each at the last ●.
"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

MODES = ("virtual", "aid", "score")


class Counter:
    """Counts the store's appends, flushes and bytes (wraps its methods)."""

    def __init__(self, store):
        self.appends = self.flushes = self.bytes = 0
        append, flush = store.append, store.flush

        def a(name, data):
            self.appends += 1
            self.bytes += len(data)
            return append(name, data)

        def f(name):
            self.flushes += 1
            return flush(name)
        store.append, store.flush = a, f

    def take(self):
        out = (self.appends, self.flushes, self.bytes)
        self.appends = self.flushes = self.bytes = 0
        return out


def run(seats, mode, deals, seed):
    """[(appends, flushes, bytes)] per deal at a table of `seats` players."""
    import emulator as E
    from tarock.rng import Rng
    E.hostenv.setup("HOST")
    emu = E.Emulator(seats=seats, seed=seed, record=False, storage=tempfile.mkdtemp())
    E.setup_table(emu, players=seats, mode=mode)
    emu.press(0, "o")           # Start: the party (and the first deal begins)
    c = Counter(emu.app.sheet.journal.store)
    c.take()
    rng = Rng(seed)
    out = []
    for _ in range(deals):
        E.play_deal(emu, rng)
        out.append(c.take())
    assert not emu.app.errors, emu.app.errors
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--seed", type=int, default=12)
    args = ap.parse_args(argv)
    print("%-22s %8s %8s %8s" % ("table", "appends", "flushes", "bytes"))
    for seats in (4, 5):
        for mode in range(3):
            rows = run(seats, mode, args.deals, args.seed)
            n = len(rows)
            a = sum(r[0] for r in rows) / n
            f = sum(r[1] for r in rows) / n
            b = sum(r[2] for r in rows) / n
            print("%-22s %8.1f %8.1f %8.0f" % ("%d seats, %s" % (seats, MODES[mode]), a, f, b))


if __name__ == "__main__":
    main()
