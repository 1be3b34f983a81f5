#!/usr/bin/env python3
"""make typecheck: pyright (pinned in package.json) on host_tools/ against
CPython (pyrightconfig.json) and on firmware/ against MicroPython's rp2 stubs
(pyrightconfig.firmware.json, stubs pinned in pyproject.toml's stubs group).

    python host_tools/build/typecheck.py                  # check (make typecheck)
    python host_tools/build/typecheck.py --update --force # write the new baseline

Any error anywhere fails the check: typecheck_baseline.json is empty and
BASELINED names no folder, so no count excuses an error (the per-file
ratchet that carried firmware/table/ until it reached zero is kept: a
count for a file under BASELINED would let that file keep that many, and
--update lowers such counts, never raises one). Firmware code is typed
with comments (`# type: (int) -> None`) or .pyi stubs, never runtime
annotations: those cost the device RAM.
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYRIGHT = os.path.join(ROOT, "node_modules", ".bin", "pyright")
BASELINE = os.path.join(ROOT, "typecheck_baseline.json")
CONFIGS = (("host_tools", "pyrightconfig.json", sys.executable),
           ("firmware", "pyrightconfig.firmware.json", None))
# the folders a baseline count may excuse: none (firmware/table/ reached zero)
BASELINED = ()


def baselined(f):
    return f.startswith(BASELINED)


def errors(config, python=None):
    """{file (repo-relative): error count}, and the messages. python: the
    interpreter whose packages the code imports (host tools: this one)."""
    cmd = [PYRIGHT, "--outputjson", "-p", os.path.join(ROOT, config)]
    if python:
        cmd += ["--pythonpath", python]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        raise SystemExit("pyright -p %s gave no report: %s" % (config, (p.stderr or p.stdout)[-800:]))
    counts = {}
    msgs = []
    for d in doc.get("generalDiagnostics", []):
        if d.get("severity") != "error":
            continue
        f = os.path.relpath(d["file"], ROOT)
        counts[f] = counts.get(f, 0) + 1
        msgs.append("%s:%d: %s" % (f, d["range"]["start"]["line"] + 1, d["message"].split("\n")[0]))
    return counts, msgs


def _microdot_stubs():
    """firmware/web imports microdot: its pinned wheel's own stubs (.pyi),
    copied where pyrightconfig.firmware.json looks (.typings/web), so the
    firmware is checked against the rp2 stubs and these, never CPython's
    site-packages."""
    import shutil
    import microdot
    src = os.path.dirname(os.path.abspath(microdot.__file__))
    dest = os.path.join(ROOT, ".typings", "web", "microdot")
    os.makedirs(dest, exist_ok=True)
    for f in ("__init__.pyi", "microdot.pyi", "sse.pyi", "helpers.pyi"):
        shutil.copyfile(os.path.join(src, f), os.path.join(dest, f))


def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--only", choices=[c[0] for c in CONFIGS], help="check one of the two")
    ap.add_argument("--update", action="store_true",
                    help="lower the baseline to the counts now (needs --force)")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    if args.update:
        cli.outputs(ap, args.force, [BASELINE])
    if not os.path.exists(PYRIGHT):
        ap.error("%s: not there (run make setup: npm ci)" % os.path.relpath(PYRIGHT))
    try:
        with open(BASELINE, encoding="utf-8") as fh:
            base = json.load(fh)
    except OSError:
        base = {}
    _microdot_stubs()
    rc = 0
    new_base = dict(base)
    todo = [c for c in CONFIGS if not args.only or c[0] == args.only]
    # the two pyright runs side by side (one node process each, one a core)
    with ThreadPoolExecutor(len(todo)) as ex:
        found = list(ex.map(lambda c: errors(c[1], c[2]), todo))
    for (name, config, python), (counts, msgs) in zip(todo, found):
        b = {f: n for f, n in base.get(name, {}).items() if baselined(f)}
        worse = sorted(f for f in counts if counts[f] > b.get(f, 0))
        if args.update and name not in base:   # the first baseline: as it is
            b = {f: n for f, n in counts.items() if baselined(f)}
            worse = sorted(f for f in counts if counts[f] > b.get(f, 0))
        better = sorted(f for f in b if counts.get(f, 0) < b[f])
        total = sum(counts.values())
        print("pyright %s: %d errors in %d files (baseline %d)" % (
            name, total, len(counts), sum(b.values())))
        for f in worse:
            rc = 1
            if f in b:
                print("  NEW: %s has %d errors, baseline %d:" % (f, counts[f], b[f]))
            else:
                print("  %s: %d errors:" % (f, counts[f]))
            for m in msgs:
                if m.startswith(f + ":"):
                    print("    " + m)
        if better:
            print("  fewer than the baseline in %s (lower it: --update --force)" % ", ".join(better))
        if args.update:
            new_base[name] = {f: min(counts.get(f, 0), b[f]) for f in sorted(b)
                              if min(counts.get(f, 0), b[f])}
            if not new_base[name]:
                del new_base[name]
    if args.update:
        if rc:
            print("not updated: there are new errors", file=sys.stderr)
            return rc
        with open(BASELINE, "w", encoding="utf-8") as fh:
            json.dump(new_base, fh, indent=1, sort_keys=True)
            fh.write("\n")
        print("wrote %s" % os.path.relpath(BASELINE))
    return rc


if __name__ == "__main__":
    sys.exit(main())
