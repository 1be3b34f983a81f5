"""pytest-free runner for the core suite (tests/core/test_*.py).

Runs on MicroPython (unix port, WebAssembly port) and on CPython:

    micropython -X heapsize=192K tests/mp_run.py [-v] [MODULE ...]
    python tests/mp_run.py [-v] [MODULE ...]

Run from the repository root. MODULE filters by module name ("test_cards",
"cards" or "tests/core/test_cards.py" all mean the same module); "-v" prints
every test as it runs, with its time and the heap in use.

Each module is imported and every module-level `test_*` function (no
arguments) is called, sorted by name. A module with `MP_SKIP = True` (at the
start of a line) is not imported under MicroPython; its tests count as
skipped. After each module, every module it imported (tarock.* included) is
unloaded, so each test module runs as in a fresh interpreter. Closing line: "N passed, M failed" (", K skipped" if any); exit
status 1 if anything failed.

host_tools/micropython/mp_wasm.mjs drives the same functions (setup, discover,
run_module, summary) one module per call, so that the WebAssembly port's GC
can run between modules.
"""

import sys
import os

try:
    import gc
except ImportError:  # pragma: no cover
    gc = None

IS_MICROPYTHON = sys.implementation.name == "micropython"
CORE_DIR = "tests/core"

_counts = [0, 0, 0]  # passed, failed, skipped
_failures = []
_verbose = [False]
_baseline = []  # sys.modules keys before any test module was imported


_firmware = ["firmware"]


def setup(root="."):
    """Put firmware/ (or the --firmware tree of .mpy files) and tests/core/
    first on sys.path (relative to root)."""
    fw = _firmware[0]
    if root in ("", "."):
        paths = (fw, CORE_DIR)
    else:
        paths = (root + "/" + fw, root + "/" + CORE_DIR)
    for p in paths:
        if p not in sys.path:
            sys.path.insert(0, p)
    if not _baseline:
        _baseline.extend(sys.modules.keys())
        _baseline.append("mp_run")


def _unload():
    """Forget every module imported since setup() (test module, tarock.*,
    helpers), so each test module starts on a clean heap, as in a fresh
    interpreter: compiling a large test file from source needs a lot of
    contiguous heap, which a loaded core (~60K) fragments on a 192K heap."""
    for k in list(sys.modules.keys()):
        if k not in _baseline:
            del sys.modules[k]
    if gc:
        gc.collect()


def _norm(arg):
    if arg.endswith(".py"):
        arg = arg[:-3]
    i = arg.rfind("/")
    if i >= 0:
        arg = arg[i + 1:]
    if not arg.startswith("test_"):
        arg = "test_" + arg
    return arg


def discover(filters=None, root="."):
    """Sorted module names of tests/core/test_*.py, optionally filtered."""
    d = CORE_DIR if root in ("", ".") else root + "/" + CORE_DIR
    try:
        files = os.listdir(d)
    except OSError:
        files = []
    names = []
    for f in files:
        if f.startswith("test_") and f.endswith(".py"):
            names.append(f[:-3])
    names.sort()
    if filters:
        want = [_norm(a) for a in filters]
        missing = [w for w in want if w not in names]
        if missing:
            print("mp_run: no such test module: " + ", ".join(missing))
            _counts[1] += len(missing)
        names = [n for n in names if n in want]
    return names


def _source_facts(path):
    """(MP_SKIP set?, number of `def test_` lines) read from the source."""
    skip = False
    ntests = 0
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith("def test_"):
                    ntests += 1
                elif line.startswith("MP_SKIP"):
                    rest = line[7:].replace(" ", "")
                    if rest.startswith("=True"):
                        skip = True
    except OSError:
        pass
    return skip, ntests


def _print_exc(e):
    if IS_MICROPYTHON:
        sys.print_exception(e, sys.stdout)
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__, file=sys.stdout)


def _ticks_ms():
    try:
        import time

        if hasattr(time, "ticks_ms"):
            return time.ticks_ms()
        return int(time.monotonic() * 1000)
    except Exception:
        return 0


def _heap_used():
    if gc is not None and hasattr(gc, "mem_alloc"):
        return gc.mem_alloc()
    return -1


def _fail(label, e):
    _counts[1] += 1
    _failures.append(label)
    print("FAIL %s: %s: %s" % (label, type(e).__name__, e))
    _print_exc(e)


def run_module(name, root="."):
    """Import tests/core/<name>.py and run its test_* functions."""
    d = CORE_DIR if root in ("", ".") else root + "/" + CORE_DIR
    skip, ntests = _source_facts(d + "/" + name + ".py")
    if IS_MICROPYTHON and skip:
        _counts[2] += ntests
        print("SKIP %s (MP_SKIP, %d tests)" % (name, ntests))
        return
    if gc:
        gc.collect()
    try:
        mod = __import__(name)
    except Exception as e:
        _fail(name + " (import)", e)
        _unload()
        return
    if IS_MICROPYTHON and getattr(mod, "MP_SKIP", False):
        _counts[2] += ntests
        print("SKIP %s (MP_SKIP)" % name)
        mod = None
        _unload()
        return
    tests = []
    for attr in dir(mod):
        if attr.startswith("test_"):
            fn = getattr(mod, attr)
            if callable(fn):
                tests.append(attr)
    tests.sort()
    for t in tests:
        label = name + "." + t
        fn = getattr(mod, t)
        t0 = _ticks_ms()
        try:
            fn()
        except Exception as e:
            _fail(label, e)
            continue
        _counts[0] += 1
        if _verbose[0]:
            print("ok   %s  %d ms  heap %d" % (label, _ticks_ms() - t0, _heap_used()))
        if gc:
            gc.collect()
    # forget the module and what it imported: the next one gets the heap
    mod = fn = None
    _unload()


def summary():
    """Print failures and the closing line; return the exit status."""
    passed, failed, skipped = _counts
    if _failures:
        print("failed: " + " ".join(_failures))
    line = "%d passed, %d failed" % (passed, failed)
    if skipped:
        line += ", %d skipped" % skipped
    print(line)
    return 1 if failed else 0


def main(argv, root="."):
    filters = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "-v":
            _verbose[0] = True
        elif a == "--firmware":  # e.g. build/armv6m: the core as the device loads it
            i += 1
            _firmware[0] = argv[i]
        else:
            filters.append(a)
        i += 1
    setup(root)
    impl = sys.implementation
    print(
        "mp_run: %s %s, %s"
        % (impl.name, ".".join(str(v) for v in impl.version[:3]), sys.platform)
    )
    for name in discover(filters, root):
        run_module(name, root)
    return summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
