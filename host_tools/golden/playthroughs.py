#!/usr/bin/env python3
"""Golden playthroughs of the rules core in tests/golden/*.txt: write them, or
check that they are current (review a change as a diff).

    python host_tools/golden/playthroughs.py                 # rewrite every family's files
    python host_tools/golden/playthroughs.py --check         # exit 1 if any would change
    python host_tools/golden/playthroughs.py --family french --check

Each family's transcripts come from its module here (koenigrufen.py,
bavarian.py, french.py, slovenian.py: `transcripts()` yields (file name,
lines)); running one of those scripts is the same as --family with its name.
The device's golden runs (screens and button scripts) are device.py's.
"""
import argparse
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

OUT = os.path.join(HERE, "..", "..", "tests", "golden")
FAMILIES = ("koenigrufen", "bavarian", "french", "slovenian")


def sync(items, check, tool):
    """Write (or with check: compare) one family's golden files; 0 when current."""
    os.makedirs(OUT, exist_ok=True)
    stale = []
    count = 0
    for fname, lines in items:
        count += 1
        text = "\n".join(lines) + "\n"
        path = os.path.join(OUT, fname)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            stale.append(fname)
            if not check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if check and stale:
        print("golden playthroughs differ: %s (run %s and review the diff)"
              % (", ".join(stale), tool))
        return 1
    print("%s %d golden files (%s)" % ("checked" if check else "wrote", count, tool))
    return 0


def main(argv=None, families=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare only; exit 1 if a file would change")
    ap.add_argument("--family", action="append", choices=FAMILIES,
                    help="only this family (repeatable; default: all)")
    args = ap.parse_args(argv)
    rc = 0
    for fam in args.family or families or FAMILIES:
        mod = importlib.import_module(fam)
        tool = "host_tools/golden/%s.py" % fam
        rc |= sync(mod.transcripts(), args.check, tool)
    return rc


if __name__ == "__main__":
    sys.exit(main())
