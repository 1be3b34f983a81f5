"""Benchmarks of the rules core (`make bench`): prints a table, writes build/bench.json.

    python host_tools/bench/bench.py [--seconds S] [--quick] [--skip wasm,unix,mpy]

Workload everywhere: whole Königrufen deals (pagat profile) through the state
machine, random bidding and announcements, random legal play
(tests/core/krsim.py: play_random; the bot picks cards through
Deal.legal_code_for_move() + trick.code_nth when it can).

  a) CPython deals/s, one process and a 2-process multiprocessing pool
  a2) CPython Slovenian Tarok deals/s, 3 and 4 players (tests/core/sisim.py,
     seed's profile, random bidding)
  b) MicroPython WebAssembly port deals/s (node host_tools/bench/bench_wasm.mjs),
     plus bytes allocated per deal there (its GC only runs between calls)
  c) MicroPython unix port, -X heapsize=192K: deals/s; heap per deal: live
     peak (gc.collect() before each sample), peak of gc.mem_alloc() since the
     collect at the start (includes garbage not yet collected), bytes
     allocated per deal (GC off); and the smallest -X heapsize at which 20
     deals in a row complete (bisection, 1 KB steps)
  d) .mpy size of firmware/tarock via host_tools/build/build.py --json
  e) device: I2C bytes and bus time per full frame and per button press
     over the scripted device deals, display-layer heap (bench_device.py)
  f) the device app's heap under the unix port with 5 seats: imports, live
     peak over a deal, smallest heap for the run (bench_app.py)
  g) score sheet (host_tools/bench/bench_sheet.py, bench_boot.py: boot with a
     1,000-deal journal, flash per deal and per archived party): journal bytes per deal and the
     time to reload a 500-deal party (CPython; unix port at 320K)
  h) presses per task at the table (bench_presses.py, issue 15): score entry,
     a correction, setup, each driven through the app in the emulator
  i) how simulate.py scales (bench_sim.py, issue 19): deals/s with 1 and 2
     processes and on Dask (2 local workers), 10^4 and 10^5 deals' time and
     driver peak memory

Aims (issue): >= 6,000 deals/s CPython on 2 cores; <= 24 KB peak heap per
deal; <= 60 KB of .mpy for the core.
"""

import json
import multiprocessing
import os
import platform
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(1, os.path.join(ROOT, "tests", "core"))

from tarock.koenigrufen import profiles as P  # noqa: E402
from tarock import profiles as PR  # noqa: E402
import krsim  # noqa: E402

AIM_CPY = 6000
AIM_HEAP = 24 * 1024
AIM_MPY = 60 * 1024
HEAP = "192K"


def _venv_bin(name):
    p = os.path.join(ROOT, ".venv", "bin", name)
    return p if os.path.exists(p) else name


def _deals_for(seconds, seed0):
    """Play deals for about `seconds`; return (deals, actions, elapsed)."""
    pr = P.KOENIGRUFEN_PAGAT
    n = 0
    acts = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        for _ in range(50):
            st = krsim.play_random(pr, seed0 + n)
            acts += len(st.log)
            n += 1
        t = time.perf_counter()
        if t >= end:
            return n, acts, t - t0


def _worker(args):
    seconds, seed0 = args
    return _deals_for(seconds, seed0)


def bench_cpython(seconds):
    _deals_for(0.3, 10 ** 6)  # warm up
    n, acts, dt = _deals_for(seconds, 1)
    single = {"deals": n, "actions": acts, "seconds": round(dt, 3),
              "deals_per_s": round(n / dt)}
    procs = 2
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ctx.Pool(procs) as pool:
        pool.map(_worker, [(0.2, 10 ** 6)] * procs)  # start + warm up the workers
        t0 = time.perf_counter()
        res = pool.map(_worker, [(seconds, 1 + i * 10 ** 6) for i in range(procs)])
        wall = time.perf_counter() - t0
    tot = sum(r[0] for r in res)
    multi = {"processes": procs, "deals": tot, "wall_seconds": round(wall, 3),
             "deals_per_s": round(tot / wall),
             "per_process": [round(r[0] / r[2]) for r in res]}
    return {"python": platform.python_version(), "cpus": os.cpu_count(),
            "single": single, "multi": multi}


def rate(play, seconds, batch=50):
    """Deals/s of play(seed) on CPython, one process: a short warm-up, then
    batches until `seconds` have passed. Every family's CPython row uses it."""
    for i in range(20):
        play(10 ** 6 + i)
    k = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(batch):
            play(1 + k)
            k += 1
    dt = time.perf_counter() - t0
    return {"deals": k, "seconds": round(dt, 3), "deals_per_s": round(k / dt)}


def bench_bots(seconds):
    """Deals/s per family through tarock.bots.play: random bots in every seat,
    and rule-based bots in every seat (one process, default profile)."""
    from tarock import families as F
    from tarock import bots as B
    out = {}
    for fam in sorted(F.FAMILIES):
        mod = F.module(fam, "deal")
        pr = PR.get(F.family(fam)["default"])
        n = B.players(fam)
        res = {}
        for kind in ("random", "heuristic"):
            if kind == "heuristic" and "bot" not in F.FAMILIES[fam]:
                continue

            def play(seed, kind=kind):
                B.play(mod.Deal(pr, seed=seed), [B.make(kind, fam) for _ in range(n)], seed)
            res[kind] = rate(play, seconds, batch=20)
        out[fam] = res
    return out


def bench_slovenian(seconds):
    """Slovenian Tarok, 3 and 4 players: sisim.play, seed's profile, random
    bidding and announcements."""
    import sisim
    from tarock.slovenian import profiles as PS
    return {str(n): rate(lambda seed: sisim.play(PS.PLAY_TAROCK_ONLINE, seed, n), seconds)
            for n in (3, 4)}


def bench_french(seconds):
    """French Tarot, 3, 4 and 5 players (frsim bots: random bidding and legal
    play, fft profile)."""
    import frsim
    from tarock.french import profiles as profiles_fr
    return {str(n): rate(lambda seed: frsim.play(profiles_fr.FFT, seed, n), seconds, 20)
            for n in (3, 4, 5)}


def _bench_line(out):
    for line in out.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    raise RuntimeError("no BENCH line in output:\n" + out)


def _run(cmd, timeout=600):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def bench_wasm(deals):
    rc, out = _run(["node", os.path.join("host_tools", "bench", "bench_wasm.mjs"), "--deals", str(deals),
                    "-X", "heapsize=" + HEAP])
    if rc != 0:
        return {"error": out.strip()[-500:]}
    return _bench_line(out)


MPY_DIR = os.path.join(ROOT, "build", "bench_mpy")


def _mp(heap, *args, mpy=False):
    """Run bench_mp under the unix port: from source (cwd = repo root) or
    from .mpy files (cwd = build/bench_mpy, where only the .mpy are)."""
    if mpy:
        code = ("import sys; sys.path.insert(0, '.'); import bench_mp; bench_mp.main(%r)"
                % ([str(a) for a in args],))
        cmd = [_venv_bin("micropython"), "-X", "heapsize=" + heap, "-c", code]
        p = subprocess.run(cmd, cwd=MPY_DIR, capture_output=True, text=True, timeout=600)
        return p.returncode, p.stdout + p.stderr
    return _run([_venv_bin("micropython"), "-X", "heapsize=" + heap,
                 os.path.join("host_tools", "bench", "bench_mp.py")] + [str(a) for a in args])


def _compile_mpy():
    """firmware/tarock, krsim and bench_mp as .mpy (bytecode only: any arch)."""
    import build  # host_tools/build/build.py
    mc = build.find_mpy_cross()
    srcs = [(os.path.join(ROOT, "tests", "core", "krsim.py"), "krsim.mpy"),
            (os.path.join(ROOT, "host_tools", "bench", "bench_mp.py"), "bench_mp.mpy")]
    core = os.path.join(ROOT, "firmware")
    for dp, dn, fn in os.walk(os.path.join(core, "tarock")):
        dn[:] = sorted(d for d in dn if d != "__pycache__")
        for f in sorted(fn):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dp, f), core)
                srcs.append((os.path.join(dp, f), rel[:-3] + ".mpy"))
    for src, dst in srcs:
        out = os.path.join(MPY_DIR, dst)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        subprocess.run([mc, "-o", out, src], check=True, capture_output=True)


def _min_heap(fit_deals, mpy):
    def fits(kb):
        rc, out = _mp("%dK" % kb, "fit", fit_deals, mpy=mpy)
        return rc == 0 and "BENCH" in out

    lo, hi = 8, 192  # lo fails (assumed), hi must pass
    if not fits(hi):
        return {"error": "%d deals do not complete in %s" % (fit_deals, HEAP)}
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return {"deals": fit_deals, "kb": hi}


def bench_unix(deals, heap_deals, fit_deals=20):
    rc, out = _mp(HEAP, "speed", deals)
    if rc != 0:
        return {"error": out.strip()[-500:]}
    res = {"heapsize": HEAP, "speed": _bench_line(out)}
    rc, out = _mp(HEAP, "heap", heap_deals)
    res["heap"] = _bench_line(out) if rc == 0 else {"error": out.strip()[-500:]}
    # smallest heap: importing .py compiles in RAM (the parser needs far more
    # than the deal); from .mpy is closer to a device with precompiled code
    res["min_heap"] = _min_heap(fit_deals, False)
    try:
        _compile_mpy()
        res["min_heap_mpy"] = _min_heap(fit_deals, True)
        rc, out = _mp(HEAP, "heap", heap_deals, mpy=True)
        res["heap_mpy"] = _bench_line(out) if rc == 0 else {"error": out.strip()[-500:]}
    except Exception as e:  # report, do not fail the whole bench
        res["min_heap_mpy"] = {"error": repr(e)}
    return res


def bench_mpy():
    path = os.path.join(ROOT, "build", "sizes.json")
    rc, out = _run([sys.executable, os.path.join("host_tools", "build", "build.py"), "--json", path,
                    "--quiet"])
    if rc != 0:
        return {"error": out.strip()[-500:]}
    with open(path) as f:
        data = json.load(f)
    mods = {k: v for k, v in data["modules"].items() if k.startswith("tarock/")}
    return {"mpy_cross": data["mpy_cross"], "core": data["totals"]["core"],
            "modules": mods, "per_family": _family_mpy(mods)}


def _family_mpy(mods):
    """armv6m .mpy bytes of the core modules one family's deal, scorer and
    profiles import (what a device playing that family loads), found from the
    import graph in a fresh CPython."""
    code = ("import sys, json; sys.path.insert(0, 'firmware')\n"
            "from tarock import families as F\n"
            "from tarock import profiles as P\n"
            "fam = sys.argv[1]; F.module(fam, 'deal'); F.module(fam, 'score')\n"
            "P.family_module(fam)\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('tarock'))))\n")
    from_core = {}
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from tarock import families as F
    for fam in sorted(F.FAMILIES):
        rc, out = _run([sys.executable, "-c", code, fam])
        if rc != 0:
            return {"error": out.strip()[-300:]}
        names = json.loads(out.strip().splitlines()[-1])
        total = 0
        for m in names:
            key = m.replace(".", "/") + ".py"
            if key not in mods:  # a package
                key = m.replace(".", "/") + "/__init__.py"
            total += mods.get(key, {}).get("armv6m", 0)
        from_core[fam] = {"modules": len(names), "armv6m": total}
    return from_core


# Bavarian Tarock (issue 8): whole 36-card deals, random bidding, exchange,
# trumps and play (tests/core/bysim.py: play_random), standard profile.
_BY_MP = ("import sys, time, json; sys.path[:0] = ['firmware', 'tests/core']\n"
          "import bysim\n"
          "pr = bysim.profile(False); n = %d; t0 = time.ticks_ms()\n"
          "for i in range(n): bysim.play_random(pr, 1 + i)\n"
          "ms = time.ticks_diff(time.ticks_ms(), t0)\n"
          "print('BENCH ' + json.dumps({'deals': n, 'ms': ms}))\n")


def bench_bavarian(seconds, mp_deals, skip=()):
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    import bysim
    pr = bysim.profile(False)
    res = {}
    if "cpython" not in skip:
        res["cpython"] = rate(lambda seed: bysim.play_random(pr, seed), seconds)
    if "unix" not in skip:
        rc, out = _run([_venv_bin("micropython"), "-X", "heapsize=" + HEAP, "-c", _BY_MP % mp_deals])
        if rc != 0:
            res["unix"] = {"error": out.strip()[-500:]}
        else:
            b = _bench_line(out)
            res["unix"] = {"deals": b["deals"], "ms": b["ms"],
                           "deals_per_s": round(b["deals"] * 1000.0 / max(1, b["ms"]))}
    return res


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def table(r):
    rows = []

    def row(what, value, aim="", ok=None):
        mark = "" if ok is None else ("ok" if ok else "MISSED")
        rows.append((what, value, aim, mark))

    c = r.get("cpython")
    if c:
        row("CPython %s, 1 process" % c["python"], "%d deals/s" % c["single"]["deals_per_s"])
        m = c["multi"]
        row("CPython, %d processes (%d cpus)" % (m["processes"], c["cpus"]),
            "%d deals/s" % m["deals_per_s"], ">= %d" % AIM_CPY, m["deals_per_s"] >= AIM_CPY)
    si = r.get("slovenian")
    if si:
        for n in sorted(si):
            row("CPython, Slovenian Tarok, %s players" % n, "%d deals/s" % si[n]["deals_per_s"])
    fr = r.get("french")
    if fr:
        for n in sorted(fr):
            row("CPython, French Tarot %s players, 1 process" % n, "%d deals/s" % fr[n]["deals_per_s"])
    for fam, res in sorted(r.get("bots", {}).items()):
        for kind, x in sorted(res.items()):
            row("bots: %s, %s bots in every seat, 1 process" % (fam, kind), "%d deals/s" % x["deals_per_s"])
    w = r.get("wasm")
    if w:
        if "error" in w:
            row("MicroPython wasm", "error (see bench.json)")
        else:
            row("%s" % w["impl"], "%d deals/s" % w["deals_per_s"])
            row("  wasm: bytes allocated per deal", "mean %s, max %s" % (
                _kb(w["alloc_bytes_per_deal_mean"]), _kb(w["alloc_bytes_per_deal_max"])))
    u = r.get("unix")
    if u:
        if "error" in u:
            row("MicroPython unix", "error (see bench.json)")
        else:
            s = u["speed"]
            row("%s unix, heap %s" % (s["impl"], u["heapsize"]), "%d deals/s" % s["deals_per_s"])
            h = u["heap"]
            if "error" not in h:
                row("  unix: live heap peak per deal", "max %s (mean %s)" % (
                    _kb(h["peak_live_max"]), _kb(h["peak_live_mean"])),
                    "<= %s" % _kb(AIM_HEAP), h["peak_live_max"] <= AIM_HEAP)
                row("  unix: mem_alloc peak since collect", "max %s (mean %s)" % (
                    _kb(h["peak_since_collect_max"]), _kb(h["peak_since_collect_mean"])),
                    "(incl. garbage)")
                row("  unix: bytes allocated per deal", "max %s (mean %s)" % (
                    _kb(h["alloc_per_deal_max"]), _kb(h["alloc_per_deal_mean"])))
                row("  unix: heap in use after imports", _kb(h["base_after_imports"]))
            mh = u.get("min_heap", {})
            if "kb" in mh:
                row("  unix: smallest -X heapsize, %d deals, .py" % mh["deals"], "%dK" % mh["kb"],
                    "(compiling incl.)")
            mh = u.get("min_heap_mpy", {})
            if "kb" in mh:
                hm = u.get("heap_mpy", {})
                row("  unix: smallest -X heapsize, %d deals, .mpy" % mh["deals"], "%dK" % mh["kb"],
                    "(%s after imports)" % _kb(hm.get("base_after_imports", 0)))
    if r.get("sheet"):
        import bench_sheet  # host_tools/bench/bench_sheet.py: score-sheet journal figures
        for what, value in bench_sheet.rows(r["sheet"]):
            row(what, value)
    y = r.get("mpy")
    if y:
        if "error" in y:
            row(".mpy core", "error (see bench.json)")
        else:
            for arch in sorted(k for k in y["core"] if k not in ("modules", "source")):
                row(".mpy firmware/tarock (every family, bots), %s" % arch,
                    _kb(y["core"][arch]))
            for fam, v in sorted(y.get("per_family", {}).items()):
                if fam != "error":
                    row(".mpy core as loaded for %s (%d modules)" % (fam, v["modules"]),
                        _kb(v["armv6m"]), "<= %s" % _kb(AIM_MPY), v["armv6m"] <= AIM_MPY)
    # the parts that format their own rows: result key -> their module
    for key, part in (("device", "bench_device"), ("boot", "bench_boot"), ("app", "bench_app"),
                      ("presses", "bench_presses"), ("sim", "bench_sim")):
        if r.get(key):
            for what, value, aim, ok in __import__(part).rows(r[key]):
                row(what, value, aim, ok)
    by = r.get("bavarian")
    if by:
        for k, label in (("cpython", "Bavarian, CPython, 1 process"),
                         ("unix", "Bavarian, MicroPython unix, heap %s" % HEAP)):
            if k in by:
                row(label, "error (see bench.json)" if "error" in by[k]
                    else "%d deals/s" % by[k]["deals_per_s"])
    if not rows:
        return "(nothing measured)"
    w0 = max(len(x[0]) for x in rows)
    w1 = max(len(x[1]) for x in rows)
    w2 = max(len(x[2]) for x in rows)
    lines = ["%-*s  %-*s  %-*s  %s" % (w0, "measure", w1, "value", w2, "aim", "")]
    lines.append("-" * len(lines[0]))
    for a, b, c_, d in rows:
        lines.append("%-*s  %-*s  %-*s  %s" % (w0, a, w1, b, w2, c_, d))
    return "\n".join(lines)


PARTS = "cpython,slovenian,french,bavarian,wasm,unix,mpy,sheet,boot,bots,device,app,presses,sim".split(",")


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--seconds", type=cli.float_range(0), default=3.0,
                    help="CPython run length (per run)")
    ap.add_argument("--quick", action="store_true", help="short runs (smoke test)")
    ap.add_argument("--skip", type=cli.names(PARTS, "part"), default="",
                    help="comma list of: " + ",".join(PARTS))
    ap.add_argument("--json", type=cli.new_file, default=os.path.join(ROOT, "build", "bench.json"))
    cli.add_force(ap)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [args.json])
    skip = set(args.skip)
    secs = 0.5 if args.quick else args.seconds
    r = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "machine": platform.machine(),
         "loadavg_at_start": os.getloadavg() if hasattr(os, "getloadavg") else None,
         "workload": "krsim.play_random, pagat profile, seeds from 1"}
    if "cpython" not in skip:
        print("bench: CPython ...", flush=True)
        r["cpython"] = bench_cpython(secs)
    if "slovenian" not in skip:
        print("bench: Slovenian Tarok (CPython) ...", flush=True)
        r["slovenian"] = bench_slovenian(secs)
    if "french" not in skip:
        print("bench: CPython French Tarot ...", flush=True)
        r["french"] = bench_french(secs / 3)
    if "bots" not in skip:
        print("bench: bots ...", flush=True)
        r["bots"] = bench_bots(secs)
    if "wasm" not in skip:
        print("bench: MicroPython wasm ...", flush=True)
        r["wasm"] = bench_wasm(100 if args.quick else 1000)
    if "unix" not in skip:
        print("bench: MicroPython unix ...", flush=True)
        r["unix"] = bench_unix(200 if args.quick else 2000, 10 if args.quick else 50)
    if "sheet" not in skip:
        print("bench: score sheet ...", flush=True)
        import bench_sheet
        r["sheet"] = bench_sheet.run(100 if args.quick else 500)
    if "boot" not in skip:
        print("bench: score sheet boot ...", flush=True)
        import bench_boot
        r["boot"] = bench_boot.run(200 if args.quick else 1000)
    if "mpy" not in skip:
        print("bench: mpy-cross ...", flush=True)
        r["mpy"] = bench_mpy()
    if "device" not in skip:
        print("bench: device I2C ...", flush=True)
        import bench_device
        r["device"] = bench_device.run()
    if "app" not in skip:
        print("bench: device app heap ...", flush=True)
        import bench_app
        r["app"] = bench_app.run()
    if "presses" not in skip:
        print("bench: presses per task (emulator) ...", flush=True)
        import bench_presses
        r["presses"] = bench_presses.run()
    if "sim" not in skip:
        print("bench: simulate.py scale (1 and 2 processes, Dask, 10^4 and 10^5 deals) ...",
              flush=True)
        import bench_sim
        r["sim"] = bench_sim.run(args.quick)
    if "bavarian" not in skip:
        print("bench: Bavarian Tarock ...", flush=True)
        r["bavarian"] = bench_bavarian(secs, 200 if args.quick else 2000, skip)
    print(table(r))
    os.makedirs(os.path.dirname(args.json), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(r, f, indent=1, sort_keys=True)
    print("wrote", os.path.relpath(args.json, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
