# The MicroPython side of host_tools/bench/bench.py: the same random-playout
# workload (tests/core/krsim.py: whole Königrufen deals through the state
# machine, random bidding, random legal play) on whatever runs this file.
#
#   micropython -X heapsize=192K host_tools/bench/bench_mp.py speed N   # deals/s
#   micropython -X heapsize=192K host_tools/bench/bench_mp.py heap N    # peak heap
#   micropython -X heapsize=24K  host_tools/bench/bench_mp.py fit N     # completes?
#
# Run from the repository root. Prints one line "BENCH {json}". Also used by
# host_tools/bench/bench_wasm.mjs (import and call speed()/heap()).
import sys
import gc

# cli: no argparse (MicroPython) -- _args() below answers --help and bad arguments
_ROOT = ""
try:  # the repository root from this file's path, else the current directory
    _ROOT = __file__.rsplit("host_tools/bench/", 1)[0] if "host_tools/bench/" in __file__ else ""
except NameError:
    pass
for _p in (_ROOT + "firmware", _ROOT + "tests/core"):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import time  # noqa: E402
from tarock.koenigrufen import rules as K, profiles as P  # noqa: E402
from tarock.rng import Rng  # noqa: E402
from tarock.trick import code_count, code_nth  # noqa: E402
import krsim  # noqa: E402

SEED0 = 1


def _ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    return int(time.perf_counter() * 1000)


def _diff(a, b):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(a, b)  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    return a - b


def speed(n, seed0=SEED0):
    """(milliseconds, actions) for n random deals."""
    pr = P.KOENIGRUFEN_PAGAT
    acts = 0
    gc.collect()
    t0 = _ms()
    for i in range(n):
        st = krsim.play_random(pr, seed0 + i)
        acts += len(st.log)
    return _diff(_ms(), t0), acts


def _one_deal_sampled(pr, seed, collect_each):
    """Play one deal like krsim.play_random; return the heap peak over the
    deal relative to the heap in use just before it (after gc.collect()).
    collect_each: gc.collect() before each sample (live data only) or not
    (everything allocated since the last automatic collection counts)."""
    gc.collect()
    base = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    peak = 0
    rng = Rng(seed ^ 0x5A5A)
    st = K.Deal(pr, seed=seed)
    h = st.hands
    while st.phase != K.PH_DONE:
        if st.phase == K.PH_PLAY:
            code = st.legal_code_for_move()
            if code >= 0:
                o = st.to_move * 5
                st.apply(code_nth(h, o, code, rng.below(code_count(h, o, code))))
            else:
                st.apply(krsim.pick(st, rng))
        else:
            st.apply(krsim.pick(st, rng))
        if collect_each:
            gc.collect()
        m = gc.mem_alloc() - base  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
        if m > peak:
            peak = m
    gc.collect()
    end = gc.mem_alloc() - base  # the finished deal object, still referenced  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    st = None
    return peak, end


def heap(n, seed0=SEED0):
    pr = P.KOENIGRUFEN_PAGAT
    gc.collect()
    base = gc.mem_alloc()  # interpreter + imported modules  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    raw = []
    live = []
    ends = []
    for i in range(n):
        p, e = _one_deal_sampled(pr, seed0 + i, False)
        raw.append(p)
        p2, e2 = _one_deal_sampled(pr, seed0 + i, True)
        live.append(p2)
        ends.append(e2)
    # bytes allocated by one whole deal (GC off, so nothing is given back)
    allocs = []
    for i in range(n):
        gc.collect()
        gc.disable()
        b = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
        try:
            krsim.play_random(pr, seed0 + i)   # GC off: all it allocates stays counted
            allocs.append(gc.mem_alloc() - b)  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
        except MemoryError:
            allocs.append(-1)
        gc.enable()
    return {"deals": n, "base_after_imports": base,
            "alloc_per_deal_max": max(allocs), "alloc_per_deal_mean": sum(allocs) // n,
            "peak_since_collect_max": max(raw), "peak_since_collect_mean": sum(raw) // n,
            "peak_live_max": max(live), "peak_live_mean": sum(live) // n,
            "finished_deal_max": max(ends),
            "heap_total": gc.mem_alloc() + gc.mem_free()}  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)


def fit(n, seed0=SEED0):
    """n deals, nothing kept between them: does it complete in this heap?"""
    pr = P.KOENIGRUFEN_PAGAT
    for i in range(n):
        krsim.play_random(pr, seed0 + i)
    return {"deals": n, "ok": True}


def _dumps(d):
    try:
        import json
        return json.dumps(d)
    except ImportError:
        return repr(d)


USAGE = "usage: bench_mp.py [speed|heap|fit] [N]  (N deals, 1 or more; default speed 100)"


def _args(argv):
    """(what, n) or exit: the help on -h/--help (exit 0), one line and exit 2
    on a bad argument. No argparse: this runs on MicroPython too."""
    if "-h" in argv or "--help" in argv:
        print(USAGE)
        sys.exit(0)
    what = argv[0] if argv else "speed"
    n = argv[1] if len(argv) > 1 else "100"
    if what not in ("speed", "heap", "fit") or len(argv) > 2:
        print("bench_mp.py: error: %r: give speed, heap or fit, then N" % " ".join(argv),
              file=sys.stderr)
        sys.exit(2)
    if not n.isdigit() or int(n) < 1:
        print("bench_mp.py: error: N %r: a whole number of deals, 1 or more" % n, file=sys.stderr)
        sys.exit(2)
    return what, int(n)


def main(argv):
    what, n = _args([str(a) for a in argv])
    if what == "speed":
        ms, acts = speed(n)
        out = {"deals": n, "ms": ms, "actions": acts,
               "deals_per_s": (n * 1000 // ms) if ms > 0 else -1}
    elif what == "heap":
        out = heap(n)
    else:
        out = fit(n)
    impl = sys.implementation
    out["impl"] = "%s %s" % (impl.name, ".".join(str(v) for v in impl.version[:3]))
    print("BENCH " + _dumps(out))


if __name__ == "__main__":
    main(sys.argv[1:])
