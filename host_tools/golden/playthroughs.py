#!/usr/bin/env python3
"""Golden playthroughs of the rules core in tests/golden/*.txt: write them, or
check that they are current (review a change as a diff).

    python host_tools/golden/playthroughs.py --force         # rewrite what changed, name it
    python host_tools/golden/playthroughs.py --check         # exit 1 if any would change
    python host_tools/golden/playthroughs.py                 # new files only; names the
                                                             # changed ones, writes none
    python host_tools/golden/playthroughs.py --family french --check

Each family's transcripts come from its module here (koenigrufen.py,
bavarian.py, french.py, slovenian.py: `transcripts()` yields (file name,
lines)); running one of those scripts is the same as --family with its name.
The device's golden runs (screens and button scripts) are device.py's.
"""
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

OUT = os.path.join(HERE, "..", "..", "tests", "golden")
FAMILIES = ("koenigrufen", "bavarian", "french", "slovenian")


def main(argv=None, families=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare only; exit 1 if a file would change")
    ap.add_argument("--family", action="append", choices=FAMILIES,
                    help="only this family (repeatable; default: all)")
    ap.add_argument("--out", type=cli.new_dir, default=OUT,
                    help="directory of the golden files (default tests/golden)")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    rc = 0
    for fam in args.family or families or FAMILIES:
        mod = importlib.import_module(fam)
        g = cli.Generated("host_tools/golden/%s.py" % fam, root=args.out)
        for fname, lines in mod.transcripts():
            g.text(os.path.join(args.out, fname), "\n".join(lines) + "\n")
        rc |= g.finish(args.check, args.force)
    return rc


if __name__ == "__main__":
    sys.exit(main())
