#!/usr/bin/env python3
"""Run the core suite under the MicroPython unix port, one process per test
module, so every module starts on a fresh heap of the given size.

    python host_tools/micropython/mp_unix.py [-X heapsize=192K] [-j 2] [-v] [MODULE ...]

Why one process each: MicroPython never frees interned strings (qstrs), so in
one long process every module's names pile up and a 192K heap eventually
cannot compile the next module. A device loads one game at a time, which is
what a fresh process per module measures. The firmware is loaded as the
device loads it: compiled with mpy-cross (host_tools/build/build.py, into
build/armv6m; bytecode only, so the unix port runs it); the test modules are
compiled from source. Closing line: "N passed, M failed" (", K skipped");
exit 1 if anything failed.
"""
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP = os.path.join(ROOT, ".venv", "bin", "micropython")
CLOSE = re.compile(r"^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$")


def modules(filters):
    names = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests", "core"))
                   if f.startswith("test_") and f.endswith(".py"))
    if filters:
        want = {("test_" + f if not f.startswith("test_") else f).replace(".py", "")
                for f in (os.path.basename(x) for x in filters)}
        names = [n for n in names if n in want]
    return names


UNIX_HEAP = re.compile(r'^MP_UNIX_HEAP = "([0-9]+)K"', re.M)


def _unix_heap(name, heap):
    """The heap for module `name`: a module may ask for more on this 64-bit
    port (`MP_UNIX_HEAP = "256K"`, with its reason) when what it holds fits
    192K only with a board's 32-bit objects; the WebAssembly run (32-bit)
    keeps the given heap for it."""
    with open(os.path.join(ROOT, "tests", "core", name + ".py"), encoding="utf-8") as fh:
        m = UNIX_HEAP.search(fh.read())
    if m and heap.endswith("K") and heap[:-1].isdigit() and int(m.group(1)) > int(heap[:-1]):
        return m.group(1) + "K"
    return heap


def run_one(name, heap, verbose):
    heap = _unix_heap(name, heap)
    cmd = [MP if os.path.exists(MP) else "micropython", "-X", "heapsize=" + heap,
           "tests/mp_run.py", "--firmware", "build/armv6m"] + (["-v"] if verbose else []) + [name]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    counts = None
    for line in r.stdout.splitlines():
        m = CLOSE.match(line.strip())
        if m:
            counts = (int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
    if counts is None:  # crashed before its closing line
        counts = (0, 1, 0)
    return name, counts, r.returncode, r.stdout + r.stderr


def _module(text):
    """A test module of tests/core: test_x, x or a path to it."""
    import argparse
    name = os.path.basename(text).replace(".py", "")
    name = name if name.startswith("test_") else "test_" + name
    have = modules([])
    if name not in have:
        raise argparse.ArgumentTypeError("no core test module %r (accepted: %s)"
                                         % (text, " ".join(have)))
    return name




def _heap(text):
    import argparse
    if not re.fullmatch(r"heapsize=[0-9]+[KM]?", text):
        raise argparse.ArgumentTypeError("%r: give heapsize=N, N bytes or with K or M, e.g. "
                                         "heapsize=192K" % text)
    return text.split("=", 1)[1]




def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    cli._typed(_module, "module", ["nosuch"], None)
    cli._typed(_heap, "heap", ["192K"], "heapsize=192K")
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("-X", dest="heap", type=_heap, default="heapsize=192K", metavar="heapsize=N",
                    help="the port's heap (default heapsize=192K)")
    ap.add_argument("-j", dest="jobs", type=cli.int_range(1), default=2,
                    help="modules run at once (default 2)")
    ap.add_argument("-v", dest="verbose", action="store_true", help="every module's output")
    ap.add_argument("module", nargs="*", type=_module, help="only these (default: all)")
    args = ap.parse_args(argv)
    heap, jobs, verbose, rest = args.heap, args.jobs, args.verbose, args.module
    subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "build", "build.py"),
                    "--arch", "armv6m", "--quiet"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    total = [0, 0, 0]
    failed = []
    with ThreadPoolExecutor(jobs) as ex:
        for name, counts, rc, out in ex.map(lambda n: run_one(n, heap, verbose), modules(rest)):
            for k in range(3):
                total[k] += counts[k]
            bad = counts[1] or rc != 0
            if bad or verbose:
                sys.stdout.write(out)
            print("%-28s %3d passed, %d failed%s" % (name, counts[0], counts[1],
                                                     ", %d skipped" % counts[2] if counts[2] else ""))
            if bad:
                failed.append(name)
    if failed:
        print("failed modules: " + " ".join(failed))
    print("%d passed, %d failed%s" % (total[0], total[1],
                                      ", %d skipped" % total[2] if total[2] else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
