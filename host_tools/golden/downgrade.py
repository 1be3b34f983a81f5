#!/usr/bin/env python3
"""Downgrades, with the real older firmware (issue 35, item 8): every
journal of the corpus that a newer firmware wrote, opened by each earlier
release's own firmware, must count the same totals (a deal the older scorer
cannot read or scores otherwise may be marked disputed: its confirmed deltas
stand).

    python host_tools/golden/downgrade.py [--since 0.4.0]

A release is the commit that added its folder to tests/golden/journals/;
its firmware is taken from git (`git archive`) into a scratch folder and run
in a child process. Releases before --since (the first to read a newer
format without quarantining it) are left out. Prints a line per journal and
release; exit status 1 when one counts otherwise, 2 on a bad input.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
sys.path.insert(0, HERE)

CORPUS = os.path.join("tests", "golden", "journals")

# run by the older firmware's python: open each journal, print its totals
CHILD = r"""
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "host_tools", "lib"))
__import__("hostenv").tools()
from table.sheet.journal import MemStore
from table.sheet.sheet import Sheet
out = {}
for d in sys.argv[2:]:
    files = {}
    for f in os.listdir(d):
        if f.startswith("sheet.tbj"):
            with open(os.path.join(d, f), "rb") as fh:
                files[f] = fh.read()
    try:
        sh = Sheet.open(MemStore(files))
        out[d] = {"parties": [pa.totals() for pa in sh.parties],
                  "archived": [r["tot"] for r in sh.archived_records()],
                  "disputed": sum(len(pa.disputed) for pa in sh.parties)}
    except Exception as ex:  # noqa: BLE001 - reported per journal
        out[d] = {"error": repr(ex)[:200]}
print(json.dumps(out))
"""


def _git(*args):
    return subprocess.run(("git",) + args, cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def releases():
    """[(version, commit)] of the corpus's folders, oldest first: the commit
    that added each."""
    out = []
    for ver in sorted(os.listdir(os.path.join(ROOT, CORPUS)), key=_key):
        c = _git("log", "--diff-filter=A", "--format=%H", "--", CORPUS + "/" + ver)
        if c:
            out.append((ver, c.splitlines()[-1]))
    return out


def _key(ver):
    return tuple(int(x) if x.isdigit() else 0 for x in ver.split("."))


def check(older, commit, newer):
    """{journal folder: (same?, what the older firmware counted)} for the
    journals of the versions in newer, opened by release `older`."""
    import journals as J
    tmp = tempfile.mkdtemp(prefix="fw-" + older + "-")
    try:
        arch = subprocess.run(("git", "archive", commit, "firmware", "boards", "host_tools/lib"),
                              cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(("tar", "-x", "-C", tmp), input=arch, check=True)
        folders = [f for v, n, f in J.corpus() if v in newer]
        r = subprocess.run((sys.executable, "-c", CHILD, tmp) + tuple(folders),
                           capture_output=True, text=True, cwd=tmp)
        if r.returncode:
            raise RuntimeError("firmware %s: %s" % (older, (r.stderr.strip().splitlines() or ["?"])[-1]))
        got = json.loads(r.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = {}
    for d in folders:
        with open(os.path.join(d, "expected.json"), encoding="utf-8") as fh:
            want = json.load(fh)
        g = got[d]
        same = "error" not in g and g["parties"] == [p["totals"] for p in want["parties"]] \
            and g["archived"] == [a["totals"] for a in want["archived"]]
        out[d] = (same, g)
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--since", default="0.4.0",
                    help="the first release whose firmware must read newer journals (default 0.4.0)")
    args = ap.parse_args(argv)
    if not os.path.exists(os.path.join(ROOT, ".git")):   # a worktree's is a file
        ap.error("needs the project's git history (a clone, not an export)")
    try:
        rel = releases()
    except (OSError, subprocess.CalledProcessError) as ex:
        ap.error("git: %s" % ex)
    if args.since not in [v for v, c in rel]:
        ap.error("--since %s: no such release in the corpus (%s)" % (args.since, ", ".join(v for v, c in rel)))
    bad = n = 0
    for i, (older, commit) in enumerate(rel):
        newer = [v for v, c in rel[i + 1:]]
        if _key(older) < _key(args.since) or not newer:
            continue
        try:
            seen = check(older, commit, newer)
        except (OSError, RuntimeError, subprocess.CalledProcessError) as ex:
            print("firmware %s: could not be run: %s" % (older, ex))
            return 1
        for d, (same, g) in sorted(seen.items()):
            n += 1
            bad += not same
            what = g.get("error") or "%d disputed" % g["disputed"]
            print("firmware %s opens %-40s %s (%s)" % (older, os.path.relpath(d, os.path.join(ROOT, CORPUS)),
                                                       "same totals" if same else "DIFFERENT", what))
    print("%d journals opened by older firmware, %d count otherwise" % (n, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
