#!/usr/bin/env python3
"""How simulate.py scales (make bench, part "sim"; issue 19 item 3).

    python host_tools/bench/bench_sim.py [--quick] [--json FILE]

Each figure is one run of host_tools/sim/simulate.py as a user starts it
(Königrufen, pagat profile, four random bots, CSV written, no plots):
deals/s with 1 and 2 local processes and with the Dask executor on a local
cluster of 2 worker processes (cluster start-up counted apart), and the cost
of 10^4 and 10^5 deals (time, and the driver's peak memory, which must not
grow with the number of deals). 10^6 takes ~20 minutes here, so it is
measured by hand (README, "Scale").
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SIM = os.path.join(ROOT, "host_tools", "sim", "simulate.py")
OUT = os.path.join(ROOT, "build", "bench_sim")
COMMON = ["--family", "koenigrufen", "--bots", "random", "--no-plots", "--quiet", "--force",
          "--chunk", "250"]


def one(name, deals, *extra):
    """Run simulate.py; its summary's "run" (seconds, setup_seconds,
    driver_peak_kb, workers) plus deals and deals/s (without set-up)."""
    out = os.path.join(OUT, name)
    p = subprocess.run([sys.executable, SIM, "--deals", str(deals), "--out", out] + COMMON
                       + list(extra), capture_output=True, text=True)
    if p.returncode != 0:
        return {"error": (p.stderr or p.stdout)[-500:]}
    with open(os.path.join(out, "summary.json"), encoding="utf-8") as fh:
        r = json.load(fh)["run"]
    r["deals"] = deals
    work = max(r["seconds"] - r.get("setup_seconds", 0), 1e-9)
    r["deals_per_s"] = deals / work
    return r


def run(quick=False):
    n = 1000 if quick else 6000
    r = {"p1": one("p1", n, "--procs", "1"), "p2": one("p2", n, "--procs", "2")}
    try:
        import distributed  # noqa: F401
        r["dask2"] = one("dask2", n, "--executor", "dask", "--procs", "2")
    except ImportError:
        r["dask2"] = {"error": "no dask here (make setup)"}
    r["growth"] = [one("n%d" % d, d, "--procs", "2")
                   for d in ((1000, 10000) if quick else (10000, 100000))]
    return r


def rows(r):
    out = []

    def fig(x):
        if "error" in x:
            return "error (see bench.json)"
        return "%d deals/s" % x["deals_per_s"]
    out.append(("sim: simulate.py, 1 local process", fig(r["p1"]), "", None))
    out.append(("sim: simulate.py, 2 local processes", fig(r["p2"]), "", None))
    d = r["dask2"]
    extra = "" if "error" in d else " (+%.1f s cluster start)" % d["setup_seconds"]
    out.append(("sim: --executor dask, local cluster of 2 workers", fig(d) + extra, "", None))
    peaks = []
    for g in r["growth"]:
        if "error" in g:
            out.append(("sim: growth", "error (see bench.json)", "", None))
            continue
        peaks.append(g["driver_peak_kb"])
        out.append(("sim: %d deals, 2 processes: time, driver peak" % g["deals"],
                    "%.1f s, %.1f MB" % (g["seconds"], g["driver_peak_kb"] / 1024.0),
                    "flat memory", None))
    if len(peaks) == 2:
        flat = peaks[1] <= peaks[0] * 1.1 + 2048
        out.append(("sim: driver peak, 10x the deals", "%+.1f MB" % ((peaks[1] - peaks[0]) / 1024.0),
                    "<= +10%", flat))
    return out


def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small runs (smoke test)")
    ap.add_argument("--json", type=cli.new_file, help="write the figures there")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [args.json])
    r = run(args.quick)
    from benchkit import report
    report(rows(r), r, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
