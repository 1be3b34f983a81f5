#!/usr/bin/env python3
"""Seeded host-side simulations on the rules core (`make sim`).

    python host_tools/sim/simulate.py --deals 10000 --family koenigrufen \\
        --bots heuristic,random,random,random --rotate --procs 2 --out build/sim
    python host_tools/sim/simulate.py --query build/sim/deals.csv \\
        --where "contract == 'Dreier' and decl_trumps >= 8"
    python host_tools/sim/simulate.py --replay 1234 --csv build/sim/deals.csv

Deal i of a run uses seed = --seed + i; the bots' own RNGs are seeded from the
deal seed and the position (tarock.bots.bot_seed), so every deal is a pure
function of (family, profile, seed, bots, rotate): the CSV and the summary are
identical for any --procs and chunk size. Work goes out in chunks of seeds
through a concurrent.futures-style executor (submit -> future, at most a few
chunks in flight per worker); rows are written in seed order as chunks come
back and only integer aggregates are kept, so memory stays flat for any N.

Outputs in --out: deals.csv (one row per deal, FIELDS below), summary.json,
summary.txt, contracts.png, deltas.png, bots.png.

Per-deal fields (CSV columns, and names usable in --where):
  seed, family, profile        the deal
  players                      seats at the table (--players)
  bots                         bot kind per position, e.g. "hrrr" (h heuristic,
                               r random, s search)
  contract, contract_id        contract played (name, id of the profile;
                               Bavarian: Hand / Aufnahme / redeal, id = target)
  declarer, partner            positions (partner -1: alone or none)
  won                          1 if the declarer('s party) made the contract, 0
                               if not, -1 when there is none (Trischaken, redeal)
  decl_points                  card points of the declarer's party (positive
                               contracts; Bavarian: eyes; -1 otherwise)
  decl_tricks                  tricks taken by the declarer
  decl_trumps                  trumps in the declarer's hand as dealt (Bavarian:
                               cards of the suit he named trumps)
  trumps0..trumps4             the same for each position (empty past the
                               deal's players)
  r0..r4                       score delta per position (empty past the players)
  hero                         summed deltas of the positions holding the first
                               bot of --bots (the measured bot)
  bonuses                      "Name:outcome" list (D+ declarer party made,
                               F+ defenders made, D- / F- tried and failed;
                               a trailing ! marks an announced bonus)
  log                          the action log as hex pairs (replay with --replay)
  codes                        the action code table the logs were written
                               with (tarock.codes.pack), on the first row of
                               each family/profile; --replay carries an older
                               table's codes to today's by name and offset
"""

import argparse
import concurrent.futures as cf
import csv
import json
import math
import os
import sys
import time
from typing import Any, Dict, Iterator

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import cli  # noqa: E402

from tarock import families as F  # noqa: E402
from tarock import profiles as PR  # noqa: E402
from tarock import codes as CODES  # noqa: E402

from simwork import (NPOS, FIELDS, INT_FIELDS, LETTER, OUTCOME, FACTS, Agg,  # noqa: E402,F401
                     make_bot, seat_kinds, table_size, deal_kwargs, play_deal, deal_row,
                     mean_ci, run_chunk)


class InlineExecutor:
    """A concurrent.futures-style executor that runs each task on submit
    (one process; same results as a pool)."""

    def submit(self, fn, *args):
        f = cf.Future()
        try:
            f.set_result(fn(*args))
        except BaseException as e:  # pragma: no cover
            f.set_exception(e)
        return f

    def shutdown(self, wait=True):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.shutdown()


def ordered_map(executor, fn, tasks, window):
    """Like Executor.map, in task order, but with at most `window` tasks in
    flight, so results are not held for the whole run. Works with any
    executor offering submit(fn, arg) -> something with .result():
    concurrent.futures pools, InlineExecutor, and open_executor's Dask
    (Client.submit futures) and Ray (ray.remote tasks, ray.get) adapters."""
    pending = []
    it = iter(tasks)
    done = False
    while True:
        while not done and len(pending) < window:
            try:
                t = next(it)
            except StopIteration:
                done = True
                break
            pending.append(executor.submit(fn, t))
        if not pending:
            return
        yield pending.pop(0).result()


def make_tasks(family, pname, seed0, lo, hi, chunk, kinds, rotate, keep_log, table):
    """Tasks for the deals of indices lo..hi-1 (seeds seed0+lo ..)."""
    i = lo
    while i < hi:
        n = min(chunk, hi - i)
        yield (family, pname, seed0, n, i, tuple(kinds), rotate, keep_log, table)
        i += n


def shard_range(deals, shard):
    """Indices lo..hi-1 of part k of n (contiguous, sizes differ by 1 at most)."""
    if not shard:
        return 0, deals
    k, n = shard
    return deals * (k - 1) // n, deals * k // n


# ---------------------------------------------------------------- executors
WORKER_FILES = ("simwork.py", "searchbot.py")


def worker_tree(dest):
    """Stage what a worker imports into dest/: the rules core (firmware/tarock,
    bots included) and simwork.py + searchbot.py. No device module (main.py,
    framebuf, machine, table, hw) and no host tool: it imports anywhere."""
    import shutil
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    shutil.copytree(os.path.join(ROOT, "firmware", "tarock"), os.path.join(dest, "tarock"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for f in WORKER_FILES:
        shutil.copy(os.path.join(HERE, f), os.path.join(dest, f))
    return dest


def worker_zip(path):
    """worker_tree as one zip (sorted, fixed times): what Dask uploads."""
    import tempfile
    import zipfile
    with tempfile.TemporaryDirectory() as tmp:
        tree = worker_tree(os.path.join(tmp, "w"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for d, dirs, files in sorted(os.walk(tree)):
                dirs.sort()
                for f in sorted(files):
                    full = os.path.join(d, f)
                    info = zipfile.ZipInfo(os.path.relpath(full, tree), (2020, 1, 1, 0, 0, 0))
                    with open(full, "rb") as fh:
                        z.writestr(info, fh.read(), zipfile.ZIP_DEFLATED)
    return path


class _DaskExecutor:
    """Tasks as calls by name: the scheduler unpickles every task and has
    none of our modules, so what travels is the builtin eval with a fixed
    "import module, call function" expression and plain data; the workers
    import the module from the uploaded worker zip."""

    def __init__(self, client):
        self.client = client

    def submit(self, fn, *args):
        call = "__import__(%r).%s(*args)" % (fn.__module__, fn.__name__)
        return self.client.submit(eval, call, {"args": args}, pure=False)


class _RayFuture:
    def __init__(self, ray, ref):
        self.ray = ray
        self.ref = ref

    def result(self):
        return self.ray.get(self.ref)


class _RayExecutor:
    def __init__(self, ray):
        self.ray = ray
        self.remote = {}

    def submit(self, fn, *args):
        r = self.remote.get(fn)
        if r is None:
            r = self.remote[fn] = self.ray.remote(num_cpus=1)(fn)
        return _RayFuture(self.ray, r.remote(*args))


class ClusterError(OSError):
    """A cluster that cannot be used (its message: one line)."""


SCHEMES = {"dask": ("", "tcp", "tls"), "ray": ("", "ray")}
WORKERS_WAIT = 60   # seconds a scheduler may take to have its first worker


def parse_address(kind, address):
    """(host, port) of a --address, or None for Ray's "auto" (the head this
    machine runs); ValueError naming what an address is."""
    if kind == "ray" and address == "auto":
        return None
    want = ("tcp://host:port or host:port" if kind == "dask"
            else "host:port, ray://host:port or auto")
    scheme, sep, rest = address.rpartition("://")
    if scheme not in SCHEMES.get(kind, ("",)):
        raise ValueError("not an address of a %s cluster (%s)" % (kind, want))
    import urllib.parse
    try:
        u = urllib.parse.urlsplit("//" + rest)
        host, port, more = u.hostname, u.port, u.path or u.query
    except ValueError:
        host = port = more = None
    if not host or not port or more:
        raise ValueError("not an address of a %s cluster (%s)" % (kind, want))
    return host, port


def reach(kind, address, timeout):
    """ClusterError unless something accepts a connection at the address
    within timeout seconds (before a cluster client, which retries for long
    and loudly, is started)."""
    import socket
    hp = parse_address(kind, address)
    if hp is None:
        return
    try:
        socket.create_connection(hp, timeout=timeout).close()
    except OSError as e:
        raise ClusterError("nothing answers there (%s; waited at most %g s)"
                           % (e.strerror or e, timeout))


def _quiet_stderr():
    """Redirect file descriptor 2 (a cluster's native code writes its
    retries there) to a temporary file; returns a function that puts it back
    and gives the last line written."""
    import tempfile
    sys.stderr.flush()
    saved = os.dup(2)
    tmp = tempfile.TemporaryFile()
    os.dup2(tmp.fileno(), 2)

    def restore():
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        tmp.seek(0)
        text = tmp.read().decode("utf-8", "replace").strip().split("\n")
        tmp.close()
        return text[-1] if text else ""
    return restore


def _bounded(fn, timeout, what):
    """fn() in a thread, ClusterError when it has not returned after timeout
    seconds (a client that keeps retrying cannot be stopped: the caller
    ends the process)."""
    import threading
    box = {}

    def run():
        try:
            box["v"] = fn()
        except BaseException as e:  # handed to the caller
            box["e"] = e
    th = threading.Thread(target=run, daemon=True)
    th.start()
    th.join(timeout)
    if th.is_alive():
        raise ClusterError("%s: no answer after %g s" % (what, timeout))
    if "e" in box:
        raise box["e"]
    return box["v"]


def open_executor(kind, address=None, procs=1, stage=None, timeout=20.0):
    """(executor, worker slots, close): kind local (processes on this machine),
    dask (a running scheduler at address, else a local cluster of procs
    workers) or ray (a running head at address, else a Ray of procs CPUs
    started here). The code goes to a cluster's workers by
    itself: the worker zip (Dask) or working_dir (Ray), see worker_tree.
    A cluster at an address that does not answer within timeout seconds
    (or is no such cluster) is a ClusterError, one line."""
    stage = stage or os.path.join(ROOT, "build", "sim-worker")
    if address:
        reach(kind, address, timeout)
    if kind == "local":
        if procs <= 1:
            return InlineExecutor(), 1, lambda: None
        ex = cf.ProcessPoolExecutor(procs)
        return ex, procs, ex.shutdown
    if kind == "dask":
        import logging
        from distributed import Client, LocalCluster
        logging.getLogger("distributed").setLevel(logging.ERROR)
        cluster = None
        if address:
            logging.getLogger("distributed").setLevel(logging.CRITICAL)
            try:   # (a peer that accepts and never speaks holds Client's handshake)
                client = _bounded(lambda: Client(address, timeout="%gs" % timeout),
                                  timeout + 5, "no dask scheduler answers there")
            except ClusterError:
                raise
            except (OSError, TimeoutError) as e:
                raise ClusterError("no dask scheduler answers there (%s)"
                                   % (str(e).split("\n")[0] or type(e).__name__))
            logging.getLogger("distributed").setLevel(logging.ERROR)
        else:
            cluster = LocalCluster(n_workers=procs, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.ERROR)
            client = Client(cluster)
        try:
            client.wait_for_workers(1, timeout=WORKERS_WAIT)
        except (OSError, TimeoutError):
            client.close()
            if cluster is not None:
                cluster.close()
            raise ClusterError("the dask scheduler has no worker (waited %d s)" % WORKERS_WAIT)
        client.upload_file(worker_zip(os.path.join(stage, "tarocksim.zip")))
        slots = sum(dict(client.nthreads()).values())  # type: ignore[arg-type]

        def close():
            client.close()
            if cluster is not None:
                cluster.close()
        return _DaskExecutor(client), slots, close
    if kind == "ray":
        import ray
        kw = {"include_dashboard": False, "logging_level": "ERROR", "log_to_driver": False}
        # Ray 2.60 has no local_mode any more: without an address this starts
        # a Ray of procs CPUs on this machine, workers as separate processes
        kw["runtime_env"] = {"working_dir": worker_tree(os.path.join(stage, "ray"))}
        if address:
            # Ray's native client writes its retries to the process's stderr
            # and may retry for minutes: quiet, and bounded
            restore = _quiet_stderr()
            try:
                _bounded(lambda: ray.init(address=address, **kw), timeout + 10,
                         "no ray head answers there")
            except ClusterError:
                restore()
                raise
            except Exception as e:  # ConnectionError and Ray's own
                last = restore()
                raise ClusterError("no ray head answers there (%s)"
                                   % (str(e).split("\n")[0] or last or type(e).__name__))
            restore()
        else:
            ray.init(num_cpus=procs, **kw)
        slots = int(ray.cluster_resources().get("CPU", 1))
        return _RayExecutor(ray), slots, ray.shutdown
    raise ValueError("executor %r: local, dask or ray" % kind)


def window_for(slots):
    """Tasks in flight: two per worker slot, so each worker has its next task
    queued while it runs one (and results in flight stay bounded)."""
    return max(2, 2 * slots)


def code_table(family):
    """The family's action code table as the CSV and the summary carry it."""
    return CODES.pack(F.module(family, "deal").codes())


# The code tables of the simulator's CSVs before they had a codes column
# (firmware up to 0.3.0): bases packed by hand, never moved, only added to.
# French A_CALL+0 was A_BID+4 (garde contre; no call has suit 0): the first
# range holding a code names it.
LEGACY_CODES = {
    "koenigrufen": "card:0:54 pass:60:1 cut:61:1 knock:62:1 packet:63:4 mein:67:1 bid:70:20 "
                   "call:90:5 fourth:95:1 talon:96:2 concede:98:1 announce:100:12 "
                   "double:120:13 double_neg:136:4",
    "slovenian": "card:0:54 pass:60:1 bid:70:14 call:90:5 talon:96:6 announce:104:6 "
                 "double:112:7 play:120:1",
    "french": "card:0:78 bid:80:5 call:84:5 chelem:89:1 poignee:90:3 misere:93:2 "
              "petit_sec:95:1 show:96:1",
    "bavarian": "card:0:36 pass:40:1 hand:41:19 auf:60:19 trump:80:4 schneider:84:1 schwarz:85:1",
}


def simulate(jobs, deals, seed0, kinds, rotate, procs, chunk, out_csv, keep_log=True,
             progress=True, executor=None, players=None, shard=None, slots=None):
    """Run every (family, profile) job (the part `shard` (k, n) of each);
    stream rows to out_csv; return {"family|profile": Agg}. executor: any
    concurrent.futures-style one (default: local processes, procs of them)."""
    aggs = {}
    lo, hi = shard_range(deals, shard)
    bar = cli.progress((hi - lo) * len(jobs), unit="deal", smoothing=0.05) if progress else None
    close = None
    if executor is None:
        executor, slots, close = open_executor("local", procs=procs)
    window = window_for(slots or procs)
    f = open(out_csv, "w", newline="", encoding="utf-8-sig") if out_csv else None
    try:
        w = csv.writer(f) if f else None
        if w:
            w.writerow(FIELDS)
        for family, pname in jobs:
            table = table_size(family, players)
            agg = Agg(F.family(family)["active"][table])
            tasks = make_tasks(family, pname, seed0, lo, hi, chunk, kinds, rotate, keep_log,
                               table)
            first = keep_log
            for lines, ad in ordered_map(executor, run_chunk, tasks, window):
                if first and lines:
                    # the job's first row says how its logs' codes read
                    lines[0]["codes"] = code_table(family)
                    first = False
                if w:
                    w.writerows([r[k] for k in FIELDS] for r in lines)
                agg.merge(Agg.from_dict(ad))
                if bar:
                    bar.update(len(lines))
            aggs["%s|%s" % (family, pname)] = agg
    finally:
        if f:
            f.close()
        if close:
            close()
        if bar:
            bar.close()
    return aggs


# ---------------------------------------------------------------- reports
def summary_dict(aggs, kinds, rotate, seed0, deals, order=None, shard=None):
    """The summary of a run (or of shard (k, n) of it): a function of the
    arguments and the integer aggregates only, so a merge of shards gives
    the full run's. order: the jobs in run order (the CSV's)."""
    out = {"seed": seed0, "deals_per_job": deals, "bots": list(kinds), "rotate": rotate,
           "job_order": list(order or sorted(aggs)), "jobs": {}}
    if shard:
        lo, hi = shard_range(deals, shard)
        out["shard"] = {"k": shard[0], "n": shard[1], "first": lo, "count": hi - lo}
    for key in sorted(aggs):
        a = aggs[key]
        fam, pname = key.split("|")
        cons = {}
        for name in sorted(a.contracts):
            c = a.contracts[name]
            cons[name] = {"deals": c[0], "freq": c[0] / a.n, "won": c[1],
                          "win_rate": c[1] / c[0],
                          "avg_delta": [c[2 + p] / c[0] for p in range(a.npos)],
                          "by_seat": [{"deals": n, "won": w, "win_rate": w / n if n else None}
                                      for n, w in a.seats[name]]}
        kd = {}
        for k in sorted(a.kinds):
            v = a.kinds[k]
            m, h = mean_ci(v[0], v[1], v[2])
            kd[k] = {"seat_deals": v[0], "mean": m, "ci95": h}
        hm, hh = mean_ci(*a.hero)
        out["jobs"][key] = {
            "family": fam, "profile": pname, "deals": a.n, "players": a.npos,
            "contracts": cons,
            "bonuses": {b: {"count": x, "freq": x / a.n} for b, x in sorted(a.bonuses.items())},
            "per_seat_kind": kd,
            "hero": {"bot": kinds[0], "deals": a.hero[0], "mean": hm, "ci95": hh},
            "raw": a.to_dict(),
        }
    return out


def summary_text(sd):
    lines = []
    first = sd["seed"] + (sd["shard"]["first"] if "shard" in sd else 0)
    for key, j in sd["jobs"].items():
        lines.append("== %s  profile %s  %d deals (seeds %d..%d%s), bots %s%s" % (
            j["family"], j["profile"], j["deals"], first, first + j["deals"] - 1,
            ", shard %d/%d" % (sd["shard"]["k"], sd["shard"]["n"]) if "shard" in sd else "",
            ",".join(sd["bots"]), " rotated" if sd["rotate"] else ""))
        h = j["hero"]
        lines.append("%s bot: %.3f ± %.3f per deal (95%% CI), %d deals" % (
            h["bot"], h["mean"], h["ci95"], h["deals"]))
        for k, v in j["per_seat_kind"].items():
            lines.append("  per seat, %-9s %.3f ± %.3f over %d seat-deals" % (
                k, v["mean"], v["ci95"], v["seat_deals"]))
        lines.append("%-16s %7s %7s %8s  %s" % ("contract", "deals", "freq", "win",
                                                  "avg delta p0..p%d" % (j["players"] - 1)))
        for name, c in sorted(j["contracts"].items(), key=lambda kv: -kv[1]["deals"]):
            lines.append("%-16s %7d %6.2f%% %7.1f%%  %s" % (
                name, c["deals"], 100 * c["freq"], 100 * c["win_rate"],
                " ".join("%+.2f" % x for x in c["avg_delta"])))
        if j["bonuses"]:
            lines.append("bonuses (outcome: D+ declarer party made, F+ defenders made, "
                         "-: failed, !: announced)")
            for b, x in sorted(j["bonuses"].items(), key=lambda kv: -kv[1]["count"]):
                lines.append("  %-24s %7d %6.2f%%" % (b, x["count"], 100 * x["freq"]))
    return "\n".join(lines)


def _central(hist, tail):
    """The smallest and largest score between the tail and 1 - tail quantiles
    of all kinds' deal-seats together."""
    pts = {}
    for h in hist.values():
        for x, n in h.items():
            pts[int(x)] = pts.get(int(x), 0) + n
    xs = sorted(pts)
    total = sum(pts.values())
    acc = 0
    lo = hi = xs[0]
    for x in xs:
        acc += pts[x]
        if acc <= tail * total:
            lo = x
        if acc - pts[x] < (1 - tail) * total:
            hi = x
    return lo, max(hi, lo)


PLOTS = ("contracts.png", "winrate.png", "deltas.png", "scores.png", "bots.png")


def _title(key):
    return key.replace("|", " ")


def plots(sd, outdir):
    """One PNG per question (constrained layout, so labels never overlap):
    contracts.png  how often is each contract played?
    winrate.png    how often does the declarer win, per contract and seat?
    deltas.png     what does each contract pay each position on average?
    scores.png     how are a seat's scores spread, per bot?
    bots.png       which bot scores best (mean per seat and deal, 95% CI)?"""
    import matplotlib as mpl
    mpl.use("Agg")
    import matplotlib.pyplot as plt
    jobs = sd["jobs"]
    order = [k for k in sd.get("job_order", sorted(jobs)) if k in jobs]
    files = []

    def panels(name, ncols=1, w=11, h=3.6, sharey=False):
        fig, axes = plt.subplots(len(order), ncols, figsize=(w, h * len(order)), squeeze=False,
                                 layout="constrained", sharey=sharey)
        return fig, axes

    def save(fig, name):
        p = os.path.join(outdir, name)
        fig.savefig(p, dpi=90)
        plt.close(fig)
        files.append(p)

    def contracts_of(j):
        return sorted(j["contracts"].items(), key=lambda kv: -kv[1]["deals"])

    fig, axes = panels("contracts")
    for row, key in enumerate(order):
        items = contracts_of(jobs[key])
        ax = axes[row][0]
        ax.bar(range(len(items)), [100 * c["freq"] for _, c in items])
        ax.set_xticks(range(len(items)), [k for k, _ in items], rotation=35, ha="right")
        ax.set_ylabel("% of deals")
        ax.set_title("%s: how often each contract is played (%d deals)"
                     % (_title(key), jobs[key]["deals"]))
    save(fig, "contracts.png")

    fig, axes = panels("winrate")
    for row, key in enumerate(order):
        j = jobs[key]
        items = [(k, c) for k, c in contracts_of(j) if any(x["deals"] for x in c["by_seat"])]
        ax = axes[row][0]
        npl = j["players"]
        width = 0.8 / npl
        for p in range(npl):
            xs, ys = [], []
            for i, (_, c) in enumerate(items):
                s = c["by_seat"][p]
                if s["deals"]:
                    xs.append(i + (p - (npl - 1) / 2.0) * width)
                    ys.append(100 * s["win_rate"])
            ax.bar(xs, ys, width, label="declarer at position %d" % p)
        ax.set_xticks(range(len(items)), [k for k, _ in items], rotation=35, ha="right")
        ax.set_ylim(0, 105)
        ax.set_ylabel("declarer wins %")
        ax.set_title("%s: declarer's win rate per contract and seat" % _title(key))
        ax.legend(fontsize=7, ncols=npl, loc="upper right")
    save(fig, "winrate.png")

    fig, axes = panels("deltas")
    for row, key in enumerate(order):
        j = jobs[key]
        items = contracts_of(j)
        ax = axes[row][0]
        npl = j["players"]
        width = 0.8 / npl
        for p in range(npl):
            ax.bar([i + (p - (npl - 1) / 2.0) * width for i in range(len(items))],
                   [c["avg_delta"][p] for _, c in items], width, label="position %d" % p)
        ax.set_xticks(range(len(items)), [k for k, _ in items], rotation=35, ha="right")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_ylabel("avg score per deal")
        ax.set_title("%s: average score per contract and position" % _title(key))
        ax.legend(fontsize=7, ncols=npl, loc="upper right")
    save(fig, "deltas.png")

    fig, axes = panels("scores")
    for row, key in enumerate(order):
        j = jobs[key]
        ax = axes[row][0]
        hist = j["raw"]["hist"]
        lo, hi = _central(hist, 0.01)
        step = max(1, (hi - lo + 1) // 40)
        edges = [lo - 0.5 + step * i for i in range((hi - lo) // step + 2)]
        for kind in sorted(hist):
            pts = sorted((int(x), n) for x, n in hist[kind].items())
            total = sum(n for _, n in pts)
            ax.hist([x for x, _ in pts], edges, weights=[100.0 * n / total for _, n in pts],
                    histtype="step", linewidth=1.6, label="%s (%d seat-deals)" % (kind, total))
        ax.axvline(0, color="black", linewidth=0.5)
        ax.set_xlabel("score of one seat in one deal (bins of %d; the middle 98%% of all "
                      "seat-deals shown)" % step)
        ax.set_ylabel("% of the bot's seat-deals")
        ax.set_title("%s: how a seat's scores are spread, per bot" % _title(key))
        ax.legend(fontsize=8)
    save(fig, "scores.png")

    fig, axes = plt.subplots(1, len(order), figsize=(3.2 * len(order) + 1, 3.8), squeeze=False,
                             layout="constrained")
    for col, key in enumerate(order):
        j = jobs[key]
        ax = axes[0][col]
        kinds = list(j["per_seat_kind"].items())
        ax.bar(range(len(kinds)), [v["mean"] for _, v in kinds],
               yerr=[v["ci95"] if math.isfinite(v["ci95"]) else 0 for _, v in kinds],
               capsize=4, color="tab:orange")
        ax.set_xticks(range(len(kinds)), [k for k, _ in kinds])
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(key.replace("|", "\n"), fontsize=9)
        if col == 0:
            ax.set_ylabel("mean score per seat and deal (95% CI)")
    fig.suptitle("Which bot scores best?")
    save(fig, "bots.png")
    return files


# ---------------------------------------------------------------- query, replay
def read_rows(path) -> Iterator[Dict[str, Any]]:
    with open(path, newline="", encoding="utf-8-sig") as f:
        for row in csv.DictReader(f):
            for k in INT_FIELDS:
                if k in row and row[k] != "":
                    row[k] = int(row[k])
            yield row


class WhereError(ValueError):
    """A --where that cannot be run (its message: one line)."""


def where_names(where):
    """The names an expression reads, less those its comprehensions and
    lambdas bind (SyntaxError for no expression)."""
    import ast
    tree = ast.parse(where, "--where", "eval")
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.comprehension):
            bound |= {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Lambda):
            bound |= {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        elif isinstance(node, ast.NamedExpr):
            bound.add(node.target.id)
    return sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} - bound)


def check_where(where, fields):
    """Refuse (WhereError, one line) a filter that cannot run on rows of
    these fields: not an expression, a name that is no field (a misspelled
    one; there are no functions), or a type error on a row of the fields'
    types (a text field against a number). Returns the compiled filter."""
    try:
        code = compile(where, "--where", "eval")
        names = where_names(where)
    except SyntaxError as e:
        raise WhereError("not a Python expression (%s)" % e.msg)
    unknown = [n for n in names if n not in fields]
    if unknown:
        raise WhereError("unknown field %r (fields: %s)" % (unknown[0], ", ".join(fields)))
    # a dry run on a row of the fields' types: numbers 0, texts empty
    row = {k: 0 if k in INT_FIELDS else "" for k in fields}
    try:
        eval(code, {"__builtins__": {}}, row)
    except (TypeError, AttributeError) as e:
        ints = [k for k in names if k in INT_FIELDS]
        texts = [k for k in names if k not in INT_FIELDS]
        raise WhereError("%s (%s)" % (e, "; ".join(
            x for x in ("numbers: " + ", ".join(ints) if ints else "",
                        "texts: " + ", ".join(texts) if texts else "") if x)))
    except Exception:  # a value only real rows have (0 / x, s[3]): theirs to say
        pass
    return code


def csv_fields(path):
    """The columns of a deals CSV (its header row)."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        return next(csv.reader(f), [])


def query(path, where):
    """Stream the CSV; count the deals matching `where` (a Python expression
    over the per-deal fields) with their declarer win rate and mean hero.
    WhereError (one line) for a filter the CSV's columns cannot run, or that
    fails on a row (naming its seed)."""
    code = check_where(where, csv_fields(path))
    n = 0
    won = 0
    decided = 0
    hs = [0, 0, 0]
    total = 0
    for row in read_rows(path):
        total += 1
        try:
            hit = eval(code, {"__builtins__": {}}, row)
        except Exception as e:  # any error of the user's expression
            empty = [k for k in where_names(where) if row.get(k) == ""]
            raise WhereError("on the row of seed %s: %s: %s%s" % (
                row.get("seed"), type(e).__name__, e,
                " (empty there: %s)" % ", ".join(empty) if empty else ""))
        if hit:
            n += 1
            if row["won"] >= 0:
                decided += 1
                won += row["won"]
            h = row["hero"]
            hs[0] += 1
            hs[1] += h
            hs[2] += h * h
    res = {"where": where, "deals": total, "matches": n,
           "share": n / total if total else 0.0,
           "declarer_won": won, "decided": decided,
           "win_rate": won / decided if decided else 0.0}
    if decided:
        p = won / decided
        res["win_rate_ci95"] = 1.96 * math.sqrt(p * (1 - p) / decided)
    m, h = mean_ci(*hs)
    res["hero_mean"] = m
    res["hero_ci95"] = h
    return res


def decode_log(s):
    if not s:
        return []
    if "." in s or len(s) % 2:
        return [int(x) for x in s.split(".")]
    return list(bytes.fromhex(s))


def replay_row(row, verbose=True, out=None):
    """Rebuild the deal of a CSV row from its seed and log; check it gives
    the row's deltas. row["codes"]: the code table the log was written with
    (find_row fills it in; empty: today's), its codes carried to today's by
    range name and offset. Returns the Deal; a log that does not replay
    ends the program with one line (SystemExit), not a traceback."""
    out = out or sys.stdout
    family = row["family"]
    profile = PR.get(row["profile"])
    mod = F.module(family, "deal")
    table = int(row["players"]) if row.get("players") else None
    st = mod.Deal(profile, seed=int(row["seed"]),
                  **deal_kwargs(family, table_size(family, table)))
    log = decode_log(row["log"])
    if not log:
        raise SystemExit("this row has no log (run without --no-log)")
    if row.get("codes"):
        try:
            log = CODES.translate(log, CODES.unpack(row["codes"]), mod.codes())
        except ValueError as e:
            raise SystemExit("seed %s: %s" % (row["seed"], e))
    names = getattr(mod, "PHASE_NAMES", None)
    describe = _describer(family)
    for a in log:
        if verbose:
            ph = names[st.phase] if names else st.phase
            print("%-8s pos %d  %s" % (ph, st.to_move, describe(a)), file=out)
        try:
            st.apply(a)
        except ValueError as e:  # IllegalAction
            raise SystemExit("seed %s, action %d of the log: %s" % (row["seed"], len(st.log), e))
    res = st.result()
    want = [int(row["r%d" % p]) for p in range(NPOS) if row["r%d" % p] != ""]
    if verbose:
        print("result", res, "(CSV row: %s)" % want, file=out)
    if res is None or list(res) != want:
        raise SystemExit("replay differs from the CSV row: %s vs %s" % (res, want))
    return st


def _describer(family):
    if family == "koenigrufen":
        try:
            import play
            return play.describe
        except Exception:  # pragma: no cover
            pass
    return str


def find_row(path, seed, family=None):
    """The CSV row of that seed (and family), its "codes" the table its log
    was written with: the last one a row of its family carried up to it, or
    LEGACY_CODES for a CSV from before the codes column."""
    tables = {}
    for row in read_rows(path):
        fam = row["family"]
        if "codes" not in row:
            row["codes"] = LEGACY_CODES.get(fam, "")
        elif row["codes"]:
            tables[fam] = row["codes"]
        else:
            row["codes"] = tables.get(fam, "")
        if row["seed"] == seed and (family is None or fam == family):
            if row["log"] and not row["codes"]:
                raise SystemExit("seed %d: no code table of %s at or before its row in %s (a "
                                 "run's first row of each family carries it)" % (seed, fam, path))
            return row
    raise SystemExit("no row with seed %d in %s" % (seed, path))


# ---------------------------------------------------------------- merge
def merge(dirs, out):
    """Combine the outputs of shards 1..n of one run (each an --out of
    `--shard k/n`) into exactly the full run's deals.csv and summary; the
    rows stream through, memory stays flat. Returns the summary dict."""
    sds = []
    for d in dirs:
        with open(os.path.join(d, "summary.json"), encoding="utf-8") as fh:
            sds.append(json.load(fh))
    for d, sd in zip(dirs, sds):
        if "shard" not in sd:
            raise MergeError("%s is not a shard's output (no --shard in its run)" % d)
    n = sds[0]["shard"]["n"]
    same = ("seed", "deals_per_job", "bots", "rotate", "job_order", "players_arg", "no_log",
            "codes")
    for d, sd in zip(dirs, sds):
        for k in same:
            if sd.get(k) != sds[0].get(k):
                raise MergeError("%s is of another run (%s %r, not %r)"
                                 % (d, k, sd.get(k), sds[0].get(k)))
    ks = sorted(sd["shard"]["k"] for sd in sds)
    if ks != list(range(1, n + 1)) or any(sd["shard"]["n"] != n for sd in sds):
        raise MergeError("need shards 1..%d of %d once each, got %s"
                         % (n, n, ", ".join("%d/%d" % (sd["shard"]["k"], sd["shard"]["n"])
                                            for sd in sds)))
    pairs = sorted(zip(dirs, sds), key=lambda x: x[1]["shard"]["k"])
    order = sds[0]["job_order"]
    os.makedirs(out, exist_ok=True)
    csvs = [os.path.join(d, "deals.csv") for d, _ in pairs]
    if all(os.path.exists(c) for c in csvs):
        ci = FIELDS.index("codes")
        with open(os.path.join(out, "deals.csv"), "w", newline="", encoding="utf-8-sig") as fo:
            w = csv.writer(fo)
            w.writerow(FIELDS)
            for key in order:
                fam, pname = key.split("|")
                table = None   # each shard's first row of the job has it; the run's once
                for c in csvs:
                    with open(c, newline="", encoding="utf-8-sig") as fi:
                        r = csv.reader(fi)
                        if next(r) != FIELDS:
                            raise MergeError("%s: another CSV layout" % c)
                        for row in r:
                            if row[1] == fam and row[2] == pname:
                                if row[ci] and table is None:
                                    table = row[ci]
                                elif row[ci]:
                                    row[ci] = ""
                                w.writerow(row)
    aggs = {}
    for _, sd in pairs:
        for key, j in sd["jobs"].items():
            a = Agg.from_dict(j["raw"])
            if key in aggs:
                aggs[key].merge(a)
            else:
                aggs[key] = Agg(a.npos)
                aggs[key].merge(a)
    m = summary_dict(aggs, sds[0]["bots"], sds[0]["rotate"], sds[0]["seed"],
                     sds[0]["deals_per_job"], order)
    for k in ("players_arg", "no_log", "codes"):
        m[k] = sds[0].get(k)
    m["run"] = {"seconds": round(sum(sd["run"]["seconds"] for sd in sds), 2),
                "merged_from": len(sds)}
    return m


class MergeError(ValueError):
    pass


def write_summary(sd, outdir):
    with open(os.path.join(outdir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(sd, f, indent=1, sort_keys=True, ensure_ascii=False)
    text = summary_text(sd)
    with open(os.path.join(outdir, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    return text


def main_merge(argv):
    ap = cli.Parser(prog="simulate.py merge", description="Combine the outputs of "
                    "`simulate.py --shard k/n` runs (k = 1..n) into the full run's.")
    ap.add_argument("shards", nargs="+", type=cli.existing_dir, metavar="SHARD_DIR",
                    help="the --out directories of the shards, in any order")
    ap.add_argument("--out", type=cli.new_dir, required=True, help="where the merged run goes")
    ap.add_argument("--no-plots", action="store_true")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    for d in args.shards:
        if not os.path.isfile(os.path.join(d, "summary.json")):
            ap.error("%s: no summary.json (give --out directories of --shard runs)" % d)
    names = ["deals.csv", "summary.json", "summary.txt"] + ([] if args.no_plots else list(PLOTS))
    cli.outputs(ap, args.force, [os.path.join(args.out, n) for n in names])
    try:
        sd = merge(args.shards, args.out)
    except MergeError as e:
        ap.error(str(e))
    print(write_summary(sd, args.out))
    if not args.no_plots:
        plots(sd, args.out)
    print("merged %d shards into %s" % (len(args.shards), os.path.relpath(args.out)))
    return 0


# ---------------------------------------------------------------- main
BOTS = ("random", "heuristic", "search")


def parse_jobs(fams, profs):
    """[(family, profile)] from the --family and --profile lists."""
    fl = list(fams) if fams else sorted(F.FAMILIES)
    jobs = []
    if profs:
        for p in profs:
            fam = p.split("/")[0]
            if fams and fam not in fl:
                raise ValueError("--profile %s is not of the families %s" % (p, ",".join(fams)))
            jobs.append((fam, p))
    else:
        for f in fl:
            jobs.append((f, F.family(f)["default"]))
    return jobs


def _family_names():
    return sorted(F.FAMILIES)


def _preset_names():
    return [k for k, _ in PR.list_presets()]


EXECUTORS = ("local", "dask", "ray")


def peak_kb():
    """Peak resident memory of this process (the driver), KiB."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["merge"]:
        return main_merge(argv[1:])
    doc = __doc__ or ""
    ap = cli.Parser(description=doc.split("\n\n")[0],
                    formatter_class=argparse.RawDescriptionHelpFormatter,
                    epilog=doc[doc.index("Per-deal"):])
    ap.add_argument("--deals", type=cli.int_range(1), default=1000, help="deals per family/profile")
    ap.add_argument("--family", type=cli.names(_family_names, "family"), default="",
                    help="comma list (default: every family)")
    ap.add_argument("--profile", type=cli.names(_preset_names, "profile"), default="",
                    help="comma list of family/name presets (default: each family's default)")
    ap.add_argument("--seed", type=cli.int_range(0), default=1, help="seed of the first deal")
    ap.add_argument("--bots", type=cli.names(BOTS, "bot", empty_ok=False),
                    default="heuristic,random,random,random",
                    help="bot kind per position (random, heuristic, search); the first "
                    "is the measured one ('hero')")
    ap.add_argument("--players", type=cli.int_range(2, 5), default=None,
                    help="seats at the table (e.g. 3 or 5 for French Tarot, 2 or 3 for "
                    "Slovenian, 5 for Königrufen with the dealer sitting out); families "
                    "that do not play at that size use their default")
    ap.add_argument("--rotate", action="store_true",
                    help="rotate the bots by the deal's seed (fair to every position)")
    ap.add_argument("--shard", type=cli.shard, metavar="K/N",
                    help="run part K of N of the deals (merge the parts with `simulate.py merge`)")
    ap.add_argument("--executor", choices=EXECUTORS, default="local",
                    help="local processes (--procs), or a Dask or Ray cluster (--address)")
    ap.add_argument("--address", help="dask: the scheduler (tcp://host:8786); ray: the head "
                    "(host:6379); default: a cluster of --procs workers on this machine")
    ap.add_argument("--connect-timeout", type=cli.float_range(0), default=20.0, metavar="S",
                    help="seconds to wait for the cluster at --address to answer (default 20)")
    ap.add_argument("--procs", type=cli.int_range(1), default=os.cpu_count() or 1,
                    help="local processes, or workers of a cluster started here")
    ap.add_argument("--chunk", type=cli.int_range(1), default=250, help="deals per task")
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "build", "sim"))
    cli.add_force(ap)
    ap.add_argument("--no-log", action="store_true", help="leave the log column empty")
    ap.add_argument("--no-csv", action="store_true", help="aggregates only")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress bar (there is none "
                    "when stderr is not a terminal)")
    ap.add_argument("--where", default="", help="filter expression over the per-deal fields")
    ap.add_argument("--query", type=cli.existing_file, metavar="CSV",
                    help="only run --where over an existing CSV")
    ap.add_argument("--replay", type=cli.int_range(0), metavar="SEED",
                    help="replay the deal of SEED from --csv")
    ap.add_argument("--csv", type=cli.existing_file, help="CSV for --replay (default OUT/deals.csv)")
    args = ap.parse_args(argv)
    if args.where:
        try:   # before any deal is played: its fields are the CSV's, or ours
            check_where(args.where, csv_fields(args.query) if args.query else FIELDS)
        except WhereError as e:
            ap.error("--where %r: %s" % (args.where, e))
    if args.address and args.executor == "local":
        ap.error("--address is for --executor dask or ray")
    if args.address:
        try:
            parse_address(args.executor, args.address)
        except ValueError as e:
            ap.error("--address %s: %s" % (args.address, e))

    if args.replay is not None:
        path = args.csv or os.path.join(args.out, "deals.csv")
        if not os.path.isfile(path):
            ap.error("--replay: %s: no such file (give --csv)" % path)
        row = find_row(path, args.replay, args.family[0] if args.family else None)
        replay_row(row)
        return 0
    if args.query:
        if not args.where:
            ap.error("--query needs --where")
        try:
            print(json.dumps(query(args.query, args.where), indent=1))
        except WhereError as e:
            ap.error("--where %r: %s" % (args.where, e))
        return 0

    kinds = list(args.bots)
    while len(kinds) < NPOS:
        kinds.append("random")
    try:
        jobs = parse_jobs(args.family, args.profile)
    except ValueError as e:
        ap.error(str(e))
    out_csv = None if args.no_csv else os.path.join(args.out, "deals.csv")
    names = ["summary.json", "summary.txt"] + ([] if args.no_plots else list(PLOTS))
    cli.outputs(ap, args.force, [out_csv] + [os.path.join(args.out, n) for n in names])
    t0 = time.time()
    try:   # before --out is made: a cluster that is not there leaves nothing behind
        executor, slots, close = open_executor(args.executor, args.address, args.procs,
                                               timeout=args.connect_timeout)
    except ClusterError as e:
        sys.stderr.write("%s: error: %s: %s\n" % (
            ap.prog, "--address " + args.address if args.address else "--executor " + args.executor,
            e))
        sys.stderr.flush()
        os._exit(2)   # a cluster client's threads may still be retrying
    os.makedirs(args.out, exist_ok=True)
    setup = time.time() - t0
    try:
        aggs = simulate(jobs, args.deals, args.seed, kinds, args.rotate, args.procs, args.chunk,
                        out_csv, keep_log=not args.no_log, progress=not args.quiet,
                        players=args.players, executor=executor, shard=args.shard, slots=slots)
    finally:
        close()
    dt = time.time() - t0
    sd = summary_dict(aggs, kinds, args.rotate, args.seed, args.deals,
                      ["%s|%s" % j for j in jobs], args.shard)
    sd["players_arg"] = args.players
    sd["no_log"] = args.no_log
    sd["codes"] = {fam: code_table(fam) for fam, _ in jobs}
    sd["run"] = {"seconds": round(dt, 2), "setup_seconds": round(setup, 2), "procs": args.procs,
                 "executor": args.executor, "workers": slots, "driver_peak_kb": peak_kb()}
    print(write_summary(sd, args.out))
    n = sum(a.n for a in aggs.values())
    print("%d deals in %.1f s (%.0f deals/s, %s executor, %d workers; driver peak %d MB); "
          "wrote %s" % (n, dt, n / max(dt, 1e-9), args.executor, slots, peak_kb() // 1024,
                        os.path.relpath(args.out)))
    if not args.no_plots:
        files = plots(sd, args.out)
        print("plots:", " ".join(os.path.relpath(x) for x in files))
    if args.where and out_csv:
        try:
            print(json.dumps(query(out_csv, args.where), indent=1))
        except WhereError as e:   # a row's value: the run's outputs are written
            print("%s: --where %r: %s" % (ap.prog, args.where, e), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
