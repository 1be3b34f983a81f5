# Where a deal's time and heap go under MicroPython (issue 22 (c)), with
# counters around the public calls (time.ticks_us and gc.mem_alloc; not
# sys.setprofile, which the ports lack and which would swamp the figures).
#
#   micropython -X heapsize=192K host_tools/bench/mp_counters.py [DEALS] [FIRMWARE_DIR] [FAMILY]
#   python host_tools/bench/mp_counters.py ...      # the same on CPython
#
# Run from the repository root (FIRMWARE_DIR: default "firmware"; e.g.
# build/armv6m for the .mpy files, or another checkout's firmware/ for a
# before/after; FAMILY: slovenian or koenigrufen, default both, one after the
# other: one per process gives each the heap a device has for one family).
# Slovenian (standard profile, 4 players) and Königrufen ("pagat", 4) deals with a random legal choice at every
# decision from tarock.rng. Prints one line "COUNTERS {json}": per family the
# microseconds per card of legal_actions() + apply() in the play phase, per
# deal of the Deal() constructor (shuffle and deal), of the other phases'
# decisions and of the card play; bytes allocated per deal (the GC off
# during the deal) and the heap in use after the imports.
import sys
import gc

FW = sys.argv[2] if len(sys.argv) > 2 else "firmware"
if FW not in sys.path:
    sys.path.insert(0, FW)

import time  # noqa: E402

if hasattr(time, "ticks_us"):  # MicroPython
    ticks = getattr(time, "ticks_us")
    diff = getattr(time, "ticks_diff")
else:  # CPython
    def ticks():
        return int(time.perf_counter() * 1000000)

    def diff(a, b):
        return a - b

# MicroPython's heap in use; 0 where there is no such counter (CPython)
mem_alloc = getattr(gc, "mem_alloc", lambda: 0)
gc.collect()
_base = mem_alloc()
from tarock import families  # noqa: E402
from tarock.rng import Rng  # noqa: E402

FAMS = (("slovenian", "standard"), ("koenigrufen", "pagat"))


def run(name, prof_name, deals):
    R = families.module(name, "deal")
    PS = families.module(name, "profiles")
    if prof_name == "standard":
        profile = PS.STANDARD
    else:
        profile = PS.KOENIGRUFEN_PAGAT
    gc.collect()
    heap_imported = mem_alloc() - _base
    kw = {"n": 4} if name == "slovenian" else {}
    rng = Rng(12345)
    t_new = t_other = t_play = 0
    cards = 0
    alloc = 0
    for k in range(deals):
        gc.collect()
        a0 = mem_alloc()
        gc.disable()
        t0 = ticks()
        st = R.Deal(profile, seed=k + 1, **kw)
        t1 = ticks()
        t_new += diff(t1, t0)
        play = R.PH_PLAY
        while st.phase != R.PH_DONE:
            in_play = st.phase == play
            t0 = ticks()
            acts = st.legal_actions()
            t1 = ticks()
            a = acts[rng.below(len(acts))]
            t2 = ticks()
            st.apply(a)
            t3 = ticks()
            d = diff(t1, t0) + diff(t3, t2)
            if in_play:
                t_play += d
                cards += 1
            else:
                t_other += d
        alloc += mem_alloc() - a0
        gc.enable()
    return {"deals": deals, "cards": cards,
            "us_per_card": round(t_play / max(cards, 1), 1),
            "us_per_deal_new": round(t_new / deals), "us_per_deal_other": round(t_other / deals),
            "us_per_deal_play": round(t_play / deals),
            "bytes_alloc_per_deal": alloc // deals, "heap_after_imports": heap_imported}


def main():
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    out = {"impl": sys.implementation.name, "firmware": FW}  # type: dict
    only = sys.argv[3] if len(sys.argv) > 3 else None
    for name, prof in FAMS:
        if only is None or name == only:
            out[name] = run(name, prof, deals)
    try:
        import json
        print("COUNTERS " + json.dumps(out))
    except ImportError:
        print("COUNTERS", out)


main()
