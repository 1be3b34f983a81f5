#!/usr/bin/env python3
"""Boot and flash figures of the score sheet for `make bench` (issue 21; runs
alone: python host_tools/bench/bench_boot.py [--json FILE]).

  boot     the real app (table.app.App, five displays on an acknowledging
           I2C bus, the .mpy files of `make deploy`) started on a journal of
           1,000 deals: 50 parties of 20, the last one open, written as an
           older firmware left it (nothing archived yet, so this boot checks
           every deal against its scorer and archives 48 parties), under the
           MicroPython unix port with -X heapsize=640K (x64: the app from
           .mpy files alone needs ~280K, see bench_app, and an un-archived
           journal's deals are all in memory until this boot archives
           them). From App() to its first screens drawn, intact and with one
           damaged record in the middle (the boot that salvages it, and the
           one after). Goal: <= 1 s on the unix port.
  flash    journal bytes per deal of that party, archive bytes per archived
           party of 20 deals (after compaction), quarantine bytes for the
           damaged record.
  heap     the app's heap after boot (gc.mem_alloc, unix x64) at an open
           party of 20 deals after a finished one (the heap holds both in
           full): with nothing else in the journal, and with 50 archived
           parties before them (their index is what the heap holds more).
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))

NAME = "sheet.tbj"
GOAL_MS = 1000

from benchkit import FAKE_I2C, report  # noqa: E402

BOOT = r"""
import gc, sys, time
sys.path[:0] = [STAGE, STAGE + "/lib"]
import micropython

""" + FAKE_I2C + r"""


from hw.display import Mux, SeatDisplay
from table.app import App
i2c = FakeI2C()
mux = Mux(i2c)
ds = [SeatDisplay(i2c, 0x3C, mux, s) for s in range(5)]
gc.collect()
m0 = gc.mem_alloc()
t0 = time.ticks_ms()
app = App(ds, seed=1, storage=JOURNAL_DIR)
app.refresh()
ms = time.ticks_diff(time.ticks_ms(), t0)
gc.collect()
print("BOOT %d %d %d %d" % (ms, gc.mem_alloc() - m0, app.scores.count() if app.scores else -1,
                           len(app.sheet.problems)))
"""


def _journal(dirname, parties, deals, seed=1):
    """Königrufen parties of `deals` manual entries each (the last open), in
    a directory, never compacted (the bare sheet, as an older firmware)."""
    import sheetkit as K
    from tarock.rng import Rng
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    sh = Sheet.open(FileStore(dirname))
    rng = Rng(seed)
    for p in range(parties):
        if sh.party is not None:
            sh.finish()
        sh.new_party(["Anna", "Bert", "Cilli", "Dora"], dealer=p % 4)
        for _ in range(deals):
            K.confirm_all(sh.add_deal(K.manual(rng)))
    sh.journal.store.close()
    return os.path.getsize(os.path.join(dirname, NAME))


def _archived(dirname, parties, deals):
    import sheetkit as K
    from tarock.rng import Rng
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    from table import scores
    sh = scores.open_sheet(dirname)
    rng = Rng(7)
    for p in range(parties + 1):
        scores.new_party(sh, "koenigrufen", "pagat", ["Anna", "Bert", "Cilli", "Dora"], p % 4)
        for _ in range(deals):
            K.confirm_all(sh.add_deal(K.manual(rng)))
    sh.journal.store.close()
    return Sheet.open(FileStore(dirname))


def _damage_middle(dirname):
    from table.sheet.journal import FileStore, Journal
    st = FileStore(dirname)
    recs = [off for off, rec in Journal(st, NAME).scan() if rec["t"] == "deal"]
    off = recs[len(recs) // 2]
    path = os.path.join(dirname, NAME)
    with open(path, "r+b") as f:
        f.seek(off + 10)
        b = f.read(1)
        f.seek(off + 10)
        f.write(bytes([b[0] ^ 0x10]))


def _crafted(dirname, size=1000000):
    """A party of 20 deals, then CRC-valid records crafted to cost the most
    per byte until the journal is just under `size` (issue 35, B.15): runs
    of lost deals 999 ahead each, confirmations and undos of no deal,
    records of types nobody knows; nothing of it counts, every deal before
    it does."""
    from table.sheet.journal import frame
    _journal(dirname, 1, 20)
    path = os.path.join(dirname, NAME)
    n = os.path.getsize(path)
    kinds = (lambda i: {"t": "lost", "no": 1000 * (i + 1)},
             lambda i: {"t": "ok", "s": 1, "no": i},
             lambda i: {"t": "undo", "no": i, "why": "x"},
             lambda i: {"t": "z%d" % (i % 97)})
    parts = []
    i = 0
    while True:
        b = frame(kinds[i % 4](i))
        if n + len(b) >= size:
            break
        parts.append(b)
        n += len(b)
        i += 1
    with open(path, "ab") as f:
        f.write(b"".join(parts))
    return n


def _boot(stage, dirname, heap="640K"):
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    code = "STAGE = %r\nJOURNAL_DIR = %r\n" % (stage, dirname) + BOOT
    p = subprocess.run([mp, "-X", "heapsize=" + heap, "-c", code], capture_output=True,
                       text=True, timeout=600)
    for line in p.stdout.splitlines():
        if line.startswith("BOOT"):
            ms, heap_b, deals, problems = (int(v) for v in line.split()[1:])
            return {"ms": ms, "heap": heap_b, "deals": deals, "problems": problems}
    return {"error": (p.stderr or p.stdout).strip()[-500:]}


def run(deals=1000):
    import deploy
    out: dict = {"deals": deals, "goal_ms": GOAL_MS}
    per = 20
    with tempfile.TemporaryDirectory() as tmp:
        stage, _ = deploy.stage("RPI_PICO", os.path.join(tmp, "stage"))
        intact = os.path.join(tmp, "intact")
        os.makedirs(intact)
        size = _journal(intact, deals // per, per)
        out["journal_bytes"] = size
        out["bytes_per_deal"] = size // deals
        damaged = os.path.join(tmp, "damaged")
        shutil.copytree(intact, damaged)
        _damage_middle(damaged)
        out["intact"] = _boot(stage, intact)
        out["damaged"] = _boot(stage, damaged)       # finds, quarantines, rewrites
        out["damaged_after"] = _boot(stage, damaged)  # the boot after that
        q = os.path.join(damaged, NAME + ".bad")
        out["quarantine_bytes"] = os.path.getsize(q) if os.path.exists(q) else 0
        crafted = os.path.join(tmp, "crafted")
        os.makedirs(crafted)
        out["crafted_bytes"] = _crafted(crafted)
        out["crafted"] = _boot(stage, crafted)
        empty = os.path.join(tmp, "one")
        os.makedirs(empty)
        _journal(empty, 2, per)   # a finished party and the open one, both held whole
        out["empty"] = _boot(stage, empty)
        arch = os.path.join(tmp, "archived")
        os.makedirs(arch)
        sh = _archived(arch, 50, per)
        out["archived_parties"] = len(sh.archived)
        arc = os.path.join(arch, NAME + ".arc")
        out["archive_bytes"] = os.path.getsize(arc)
        out["archive_bytes_per_party"] = os.path.getsize(arc) // max(1, len(sh.archived))
        out["archived_journal_bytes"] = os.path.getsize(os.path.join(arch, NAME))
        out["archived"] = _boot(stage, arch)
    return out


def rows(r):
    out = []
    for key, what in (("intact", "intact"), ("damaged", "one damaged record, salvaged"),
                      ("damaged_after", "after the salvage")):
        x = r[key]
        if "error" in x:
            out.append(("sheet: boot to first screen, %d deals, %s" % (r["deals"], what),
                        "error (see bench.json)", "", None))
            continue
        out.append(("sheet: boot to first screen, %d deals, %s (unix x64, 640K heap)" % (r["deals"], what),
                    "%d ms" % x["ms"], "<= %d ms" % GOAL_MS, x["ms"] <= GOAL_MS))
    x = r.get("crafted", {"error": 1})
    out.append(("sheet: boot to first screen, %d KB of crafted CRC-valid records after 20 deals "
                "(unix x64, 640K heap)" % (r.get("crafted_bytes", 0) // 1024),
                "error (see bench.json)" if "error" in x else "%d ms (%d deals)" % (x["ms"], x["deals"]),
                "<= %d ms" % GOAL_MS, "error" not in x and x["ms"] <= GOAL_MS))
    out.append(("sheet: flash per deal / per archived party of 20 deals / quarantine of one record",
                "%d B / %d B / %d B" % (r["bytes_per_deal"], r["archive_bytes_per_party"],
                                        r["quarantine_bytes"]), "", None))
    e, a = r["empty"], r["archived"]
    if "error" not in e and "error" not in a:
        out.append(("sheet: app heap after boot, 2 parties of 20 deals / and 50 archived before (unix x64)",
                    "%.1f KB / %.1f KB (+%.1f KB)" % (e["heap"] / 1024.0, a["heap"] / 1024.0,
                                                     (a["heap"] - e["heap"]) / 1024.0),
                    "<= +4 KB", a["heap"] - e["heap"] <= 4096))
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--json", type=cli.new_file, help="write the figures there")
    cli.add_force(ap)
    ap.add_argument("--deals", type=cli.int_range(1), default=1000)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [args.json])
    r = run(args.deals)
    report(rows(r), r, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
