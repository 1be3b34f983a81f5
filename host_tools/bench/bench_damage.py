#!/usr/bin/env python3
"""Bit flips in the journals of the corpus, as a hostile tester would (issue 35):

    python host_tools/bench/bench_damage.py [--flips 200] [--firmware 0.4.0] [--seed 1]

For each journal of tests/golden/journals/<firmware>/ it flips one random bit
of sheet.tbj (and, with --archive, of sheet.tbj.arc) at a time, opens the
copy on the current firmware and counts:
  dropped  deals of its expected.json no longer counted with their deltas,
           but those whose own records (deal, correction, confirmation, undo)
           the flip hit;
  silent   opens that found damage and said nothing (no problem for the screens);
  double   opens that count more deals than the journal holds.
Goal: 0 / 0 / 0. Prints one line per journal and the totals; exit status 1
when a goal is missed.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "golden"))
__import__("hostenv").tools()


def _frames(data):
    from table.sheet.journal import MemStore, Journal
    out = []
    for off, rec in Journal(MemStore({"j": data}), "j").scan():
        out.append((off, off + (data[off] | (data[off + 1] << 8)) + 6, rec))
    return out


def attack(folder, flips, rng, archive=False):
    """(flips, dropped, silent, double) for one journal of the corpus."""
    import journals as J
    from table.sheet.journal import MemStore
    from table.sheet.sheet import Sheet
    files = J.read_files(folder)
    name = "sheet.tbj.arc" if archive else "sheet.tbj"
    if name not in files:
        return 0, 0, 0, 0
    data = files[name]
    frames = _frames(data) if not archive else []
    want = J.view(files)["parties"]
    n_want = sum(len(p["deals"]) - len(p["lost"]) for p in want)
    dropped = silent = double = 0
    for _ in range(flips):
        pos = rng.randrange(len(data))
        bad = bytearray(data)
        bad[pos] ^= 1 << rng.randrange(8)
        copy = dict(files)
        copy[name] = bytes(bad)
        sh = Sheet.open(MemStore({f: copy[f] for f in copy if f.startswith("sheet.tbj")}))
        if not sh.problems:
            silent += 1
        own = set()
        for a, b, rec in frames:
            if a <= pos < b and rec.get("t") in ("deal", "fix", "ok", "undo"):
                own.add(rec.get("no", rec.get("n")))
        counted = [(pa.n_deals, pa) for pa in sh.parties if not pa.headless] + \
                  [(pa.n_deals, pa) for pa in sh.parties if pa.headless]
        if sum(n - len(pa.lost) for n, pa in counted) > n_want:
            double += 1
        # each expected party is found among the counted ones by its deals
        for p in want:
            for k in range(len(p["deals"])):
                if k in p["lost"] or k in own:
                    continue
                if not any(k < pa.n_deals and k not in pa.lost and pa.deltas_of(k) == p["deals"][k]
                           for n, pa in counted):
                    dropped += 1
    return flips, dropped, silent, double


def main(argv=None):
    import cli
    import journals as J
    __import__("emulator").hostenv.setup("HOST")
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--flips", type=cli.int_range(1, 100000), default=200,
                    help="flips per journal (default 200)")
    ap.add_argument("--firmware", type=cli.one_of(lambda: sorted({v for v, n, f in J.corpus()}),
                                                  "firmware"), default=None,
                    help="the corpus folder (default: the newest)")
    ap.add_argument("--seed", type=cli.int_range(0), default=1)
    ap.add_argument("--archive", action="store_true", help="flip bits in the archive instead")
    args = ap.parse_args(argv)
    corpus = J.corpus()
    ver = args.firmware or max(v for v, n, f in corpus)
    rng = random.Random(args.seed)
    tot = [0, 0, 0, 0]
    for v, name, folder in corpus:
        if v != ver:
            continue
        r = attack(folder, args.flips, rng, args.archive)
        if r[0]:
            print("%-26s %5d flips: %d dropped, %d silent, %d double" % ((name,) + r))
        for i in range(4):
            tot[i] += r[i]
    print("firmware %s: %d flips, %d intact deals dropped, %d silent at boot, %d double counts"
          % (ver, tot[0], tot[1], tot[2], tot[3]))
    return 1 if tot[1] or tot[2] or tot[3] else 0


if __name__ == "__main__":
    sys.exit(main())
