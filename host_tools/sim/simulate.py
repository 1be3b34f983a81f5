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
"""

import argparse
import concurrent.futures as cf
import csv
import inspect
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

from tarock import families as F  # noqa: E402
from tarock.koenigrufen import profiles as P  # noqa: E402
from tarock import profiles as PR
from tarock import bots as B  # noqa: E402

NPOS = 5  # positions in a deal at most (French Tarot for five)
FIELDS = (["seed", "family", "profile", "players", "bots", "contract", "contract_id",
           "declarer", "partner", "won", "decl_points", "decl_tricks", "decl_trumps"]
          + ["trumps%d" % p for p in range(NPOS)] + ["r%d" % p for p in range(NPOS)]
          + ["hero", "bonuses", "log"])
INT_FIELDS = set(["seed", "players", "contract_id", "declarer", "partner", "won",
                  "decl_points", "decl_tricks", "decl_trumps", "hero"]
                 + ["trumps%d" % p for p in range(NPOS)] + ["r%d" % p for p in range(NPOS)])
LETTER = {"random": "r", "heuristic": "h", "search": "s"}
OUTCOME = {0: "none", 1: "D+", 2: "F+", 3: "D-", 4: "F-"}


# ---------------------------------------------------------------- one deal
def make_bot(kind, family):
    if kind == "search":
        import searchbot
        return searchbot.SearchBot(family)
    return B.make(kind, family)


def seat_kinds(kinds, i, rotate):
    """Bot kind per position for deal i: kinds rotated by i when rotate."""
    n = len(kinds)
    if not rotate:
        return list(kinds)
    r = i % n
    return [kinds[(p - r) % n] for p in range(n)]


def table_size(family, players=None):
    """Seats at the table for a family: `players` when the family plays at
    that size, else 4 (or the family's only size)."""
    sizes = F.family(family)["players"]
    if players in sizes:
        return players
    return 4 if 4 in sizes else sizes[0]


def deal_kwargs(family, table):
    """Deal() arguments for a table of that size: the active players (n=) and
    the cutter's position (5 at a Königrufen table: the dealer sits out)."""
    from tarock import seating
    mod = F.module(family, "deal")
    params = inspect.signature(mod.Deal.__init__).parameters
    active = F.family(family)["active"][table]
    kw = {}
    if "n" in params:
        kw["n"] = active
    if "cutter" in params:
        kw["cutter"] = seating.cutter_position(table, active)
    return kw


def play_deal(family, profile, seed, kinds, table=None):
    """Play one deal; return (finished Deal, each position's hand as dealt)."""
    mod = F.module(family, "deal")
    st = mod.Deal(profile, seed=seed, **deal_kwargs(family, table_size(family, table)))
    bots = [make_bot(k, family) for k in kinds]
    n = len(kinds)
    dealt = [None]

    def check(s):
        if dealt[0] is None:
            hs = [s.view(p)["hand"] for p in range(n)]
            if all(hs):
                dealt[0] = hs

    B.play(st, bots, seed, check)
    return st, dealt[0] or [[] for _ in range(n)]


def _count_suit(hand, suit_of, s):
    n = 0
    for c in hand:
        if suit_of[c] == s:
            n += 1
    return n


def kr_facts(st, profile, dealt):
    """Per-deal fields of a Königrufen deal (pagat and Tarockcup profiles)."""
    from tarock.koenigrufen import score as KS
    from tarock.tables import SUIT54
    s = st.summary()
    cid = s.contract
    cdef = P.contract(profile, cid)
    d = s.declarer
    won = 0
    points = -1
    if cdef["kind"] == "trisch":
        won = -1
    elif not s.conceded:
        won = 1 if KS.game_won(s, cdef) else 0
        if cdef["kind"] == "pos":
            points = (s.decl_thirds + 1) // 3
    bonus = []
    for b in range(len(s.bonus)):
        a = s.announced[b]
        if s.bonus[b] or a:
            bonus.append("%s:%s%s" % (P.BONUS_NAMES[b], OUTCOME.get(s.bonus[b], "?"),
                                      "!" if a else ""))
    trumps = [_count_suit(h, SUIT54, 0) for h in dealt]
    return {"contract": cdef["name"], "contract_id": cid, "declarer": d,
            "partner": s.partner, "won": won, "decl_points": points,
            "decl_tricks": s.tricks[d], "trumps": trumps, "bonuses": bonus}


def bavarian_facts(st, profile, dealt):
    """Per-deal fields of a Bavarian deal: contract "Hand" / "Aufnahme" (or
    "redeal" when all passed), contract_id the target, points in eyes,
    trumps counted in the suit the declarer named."""
    from tarock.bavarian import score as BS
    from tarock.bavarian.tables import SUIT36
    s = st.summary()
    if s.redeal:
        return {"contract": "redeal", "contract_id": 0, "declarer": -1, "partner": -1,
                "won": -1, "decl_points": -1, "decl_tricks": 0,
                "trumps": [0] * len(dealt), "bonuses": []}
    won, level = BS.outcome(profile, s)
    bonus = []
    if level > BS.SIMPLE or s.announced:
        bonus.append("%s:%s%s" % (BS.LEVEL_NAMES[level], "D+" if won else "F+",
                                  "!" if s.announced else ""))
    trumps = [_count_suit(h, SUIT36, s.trump) for h in dealt]
    return {"contract": "Hand" if s.hand else "Aufnahme", "contract_id": s.target,
            "declarer": s.declarer, "partner": -1, "won": 1 if won else 0,
            "decl_points": s.decl_eyes, "decl_tricks": s.decl_tricks, "trumps": trumps,
            "bonuses": bonus}


def slovenian_facts(st, profile, dealt):
    """Per-deal fields of a Slovenian deal (Klop: declarer -1, won -1)."""
    from tarock.slovenian import profiles as PS
    from tarock.slovenian import score as SS
    from tarock.tables import SUIT54
    s = st.summary()
    cdef = PS.contract(profile, s.contract)
    d = s.declarer
    kind = cdef["kind"]
    won = -1
    points = -1
    if d >= 0:
        if kind == "neg":
            won = 1 if SS.neg_won(s, cdef) else 0
        elif kind == "valat":
            won = 1 if SS.valat_won(s) else 0
        elif kind == "pos":
            won = 1 if s.decl_thirds >= SS.WIN_THIRDS else 0
            points = SS.points(s.decl_thirds)
    bonus = []
    for b in range(len(s.bonus)):
        a = s.announced[b]
        if s.bonus[b] or a:
            bonus.append("%s:%s%s" % (PS.BONUS_NAMES[b], OUTCOME.get(s.bonus[b], "?"),
                                      "!" if a else ""))
    trumps = [_count_suit(h, SUIT54, 0) for h in dealt]
    return {"contract": cdef["name"], "contract_id": s.contract, "declarer": d,
            "partner": s.partner, "won": won, "decl_points": points,
            "decl_tricks": s.tricks[d] if d >= 0 else 0, "trumps": trumps,
            "bonuses": bonus}


def french_facts(st, profile, dealt):
    """Per-deal fields of a French deal: contract Prise .. Garde contre (or
    "redeal": all passed, petit sec), points of the taker's side, bonuses
    petit au bout, poignées, chelem, misères."""
    from tarock.french import score as SF
    from tarock.french.tables import SUIT78
    s = st.summary()
    if s.redeal:
        return {"contract": "redeal", "contract_id": 0, "declarer": -1, "partner": -1,
                "won": -1, "decl_points": -1, "decl_tricks": 0,
                "trumps": [0] * len(dealt), "bonuses": []}
    cdef = profile["contracts"][s.contract]
    side = {SF.ATT: "D+", SF.DEF: "F+"}
    bonus = []
    if s.petit:
        bonus.append("Petit au bout:%s" % side[s.petit])
    for p in range(s.n):
        if s.poignees[p]:
            bonus.append("Poignée %d:%s" % (s.poignees[p], "D" if p == s.taker or p == s.partner else "F"))
        if s.miseres[p]:
            bonus.append("Misère:%d" % s.miseres[p])
    if s.chelem or s.chelem_announced:
        bonus.append("Chelem:%s%s" % (side.get(s.chelem, "none"), "!" if s.chelem_announced else ""))
    trumps = [_count_suit(h, SUIT78, 0) for h in dealt]
    d = s.taker
    return {"contract": cdef["name"], "contract_id": s.contract, "declarer": d,
            "partner": s.partner, "won": 1 if SF.made(profile, s) else 0,
            "decl_points": s.halves // 2, "decl_tricks": st.tricks[d], "trumps": trumps,
            "bonuses": bonus}


# family -> its per-deal fields (a family that lands adds its line)
FACTS = {"koenigrufen": kr_facts}
FACTS["bavarian"] = bavarian_facts
FACTS["slovenian"] = slovenian_facts
FACTS["french"] = french_facts


def deal_row(family, pname, profile, seed, kinds, st, dealt):
    f = FACTS[family](st, profile, dealt)
    d = f["declarer"]
    trumps = f["trumps"]
    res = st.result()
    log = st.log
    if max(log) < 256:
        logs = bytes(log).hex()
    else:
        logs = ".".join(str(a) for a in log)
    row = {
        "seed": seed, "family": family, "profile": pname, "players": len(kinds),
        "bots": "".join(LETTER.get(k, "?") for k in kinds),
        "contract": f["contract"], "contract_id": f["contract_id"], "declarer": d,
        "partner": f["partner"], "won": f["won"], "decl_points": f["decl_points"],
        "decl_tricks": f["decl_tricks"], "decl_trumps": trumps[d] if d >= 0 else -1,
        "bonuses": ";".join(f["bonuses"]), "log": logs, "hero": 0,
    }
    for p in range(NPOS):
        row["trumps%d" % p] = trumps[p] if p < len(trumps) else ""
        row["r%d" % p] = res[p] if p < len(res) else ""
    return row


# ---------------------------------------------------------------- aggregates
class Agg:
    """Integer aggregates of many deals; merging is addition, so the result
    does not depend on how the deals were split."""

    def __init__(self, npos=NPOS):
        self.npos = npos
        self.n = 0
        self.contracts = {}     # name -> [deals, won, sum r0..r3]
        self.bonuses = {}       # "name:outcome" -> count
        self.kinds = {}         # kind -> [seats, sum delta, sum delta^2] per deal-seat
        self.hero = [0, 0, 0]   # deals, sum hero, sum hero^2

    def add(self, row, kinds):
        self.n += 1
        c = self.contracts.get(row["contract"])
        if c is None:
            c = self.contracts[row["contract"]] = [0] * (2 + self.npos)
        c[0] += 1
        c[1] += 1 if row["won"] == 1 else 0
        for p in range(self.npos):
            c[2 + p] += row["r%d" % p]
        if row["bonuses"]:
            for b in row["bonuses"].split(";"):
                self.bonuses[b] = self.bonuses.get(b, 0) + 1
        for p in range(len(kinds)):
            k = self.kinds.get(kinds[p])
            if k is None:
                k = self.kinds[kinds[p]] = [0, 0, 0]
            x = row["r%d" % p]
            k[0] += 1
            k[1] += x
            k[2] += x * x
        h = row["hero"]
        self.hero[0] += 1
        self.hero[1] += h
        self.hero[2] += h * h

    def merge(self, o):
        self.npos = o.npos
        self.n += o.n
        for name, c in o.contracts.items():
            m = self.contracts.setdefault(name, [0] * len(c))
            for i in range(len(c)):
                m[i] += c[i]
        for b, x in o.bonuses.items():
            self.bonuses[b] = self.bonuses.get(b, 0) + x
        for k, v in o.kinds.items():
            m = self.kinds.setdefault(k, [0, 0, 0])
            for i in range(3):
                m[i] += v[i]
        for i in range(3):
            self.hero[i] += o.hero[i]

    def to_dict(self):
        return {"deals": self.n, "players": self.npos, "contracts": self.contracts,
                "bonuses": self.bonuses, "kinds": self.kinds, "hero": self.hero}

    @classmethod
    def from_dict(cls, d):
        a = cls(d["players"])
        a.n = d["deals"]
        a.contracts = d["contracts"]
        a.bonuses = d["bonuses"]
        a.kinds = d["kinds"]
        a.hero = d["hero"]
        return a


def mean_ci(n, s, s2):
    """Mean and 95% half-width (normal approximation) from n, sum, sum of squares."""
    if n == 0:
        return 0.0, 0.0
    m = s / n
    if n < 2:
        return m, float("inf")
    var = max(0.0, (s2 - s * s / n) / (n - 1))
    return m, 1.96 * math.sqrt(var / n)


# ---------------------------------------------------------------- chunks
def run_chunk(task):
    """Worker: (family, profile name, first seed, count, first index, kinds,
    rotate, keep_log) -> (csv lines, Agg as dict). Pure function of task."""
    family, pname, seed0, count, i0, kinds, rotate, keep_log, table = task
    profile = PR.get(pname)
    kinds = kinds[:F.family(family)["active"][table]]
    agg = Agg(len(kinds))
    lines = []
    for j in range(count):
        i = i0 + j
        seed = seed0 + i
        ks = seat_kinds(kinds, i, rotate)
        st, dealt = play_deal(family, profile, seed, ks, table)
        row = deal_row(family, pname, profile, seed, ks, st, dealt)
        row["players"] = table
        hero = 0
        for p in range(len(ks)):
            if ks[p] == kinds[0]:
                hero += row["r%d" % p]
        row["hero"] = hero
        if not keep_log:
            row["log"] = ""
        agg.add(row, ks)
        lines.append(row)
    return lines, agg.to_dict()


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
    executor offering submit(fn, arg) -> future (concurrent.futures, Dask's
    Client.get_executor(), Ray's ray.util executors)."""
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


def make_tasks(family, pname, seed0, deals, chunk, kinds, rotate, keep_log, table):
    i = 0
    while i < deals:
        n = min(chunk, deals - i)
        yield (family, pname, seed0, n, i, tuple(kinds), rotate, keep_log, table)
        i += n


def simulate(jobs, deals, seed0, kinds, rotate, procs, chunk, out_csv, keep_log=True,
             progress=True, executor=None, players=None):
    """Run every (family, profile) job; stream rows to out_csv; return
    {"family/profile": Agg}."""
    aggs = {}
    total = deals * len(jobs)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=total, unit="deal", smoothing=0.05, file=sys.stderr)
    own = executor is None
    if own:
        executor = InlineExecutor() if procs <= 1 else cf.ProcessPoolExecutor(procs)
    f = open(out_csv, "w", newline="") if out_csv else None
    try:
        w = csv.DictWriter(f, fieldnames=FIELDS) if f else None
        if w:
            w.writeheader()
        for family, pname in jobs:
            table = table_size(family, players)
            agg = Agg(F.family(family)["active"][table])
            tasks = make_tasks(family, pname, seed0, deals, chunk, kinds, rotate, keep_log,
                               table)
            for lines, ad in ordered_map(executor, run_chunk, tasks, max(2, 3 * procs)):
                if w:
                    w.writerows(lines)
                agg.merge(Agg.from_dict(ad))
                if bar:
                    bar.update(len(lines))
            aggs["%s|%s" % (family, pname)] = agg
    finally:
        if f:
            f.close()
        if own:
            executor.shutdown()
        if bar:
            bar.close()
    return aggs


# ---------------------------------------------------------------- reports
def summary_dict(aggs, kinds, rotate, seed0, deals):
    out = {"seed": seed0, "deals_per_job": deals, "bots": list(kinds), "rotate": rotate,
           "jobs": {}}
    for key in sorted(aggs):
        a = aggs[key]
        fam, pname = key.split("|")
        cons = {}
        for name in sorted(a.contracts):
            c = a.contracts[name]
            cons[name] = {"deals": c[0], "freq": c[0] / a.n, "won": c[1],
                          "win_rate": c[1] / c[0],
                          "avg_delta": [c[2 + p] / c[0] for p in range(a.npos)]}
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
    for key, j in sd["jobs"].items():
        lines.append("== %s  profile %s  %d deals (seeds %d..%d), bots %s%s" % (
            j["family"], j["profile"], j["deals"], sd["seed"], sd["seed"] + j["deals"] - 1,
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


def plots(sd, outdir):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    files = []
    jobs = sd["jobs"]
    fig, axes = plt.subplots(len(jobs), 2, figsize=(12, 3.5 * len(jobs)), squeeze=False)
    for row, (key, j) in enumerate(jobs.items()):
        items = sorted(j["contracts"].items(), key=lambda kv: -kv[1]["deals"])
        names = [k for k, _ in items]
        axes[row][0].bar(names, [100 * c["freq"] for _, c in items])
        axes[row][0].set_ylabel("% of deals")
        axes[row][0].set_title("%s: contracts" % key.replace("|", " "))
        axes[row][1].bar(names, [100 * c["win_rate"] for _, c in items], color="tab:green")
        axes[row][1].set_ylabel("declarer wins %")
        axes[row][1].set_title("%s: win rate" % key.replace("|", " "))
        for ax in axes[row]:
            ax.tick_params(axis="x", rotation=45)
    fig.tight_layout()
    p = os.path.join(outdir, "contracts.png")
    fig.savefig(p, dpi=90)
    plt.close(fig)
    files.append(p)

    fig, axes = plt.subplots(len(jobs), 1, figsize=(12, 3.5 * len(jobs)), squeeze=False)
    for row, (key, j) in enumerate(jobs.items()):
        items = sorted(j["contracts"].items(), key=lambda kv: -kv[1]["deals"])
        ax = axes[row][0]
        npl = j["players"]
        width = 0.8 / npl
        for p in range(npl):
            ax.bar([i + (p - (npl - 1) / 2.0) * width for i in range(len(items))],
                   [c["avg_delta"][p] for _, c in items], width, label="pos %d" % p)
        ax.set_xticks(range(len(items)))
        ax.set_xticklabels([k for k, _ in items], rotation=45)
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_ylabel("avg delta per deal")
        ax.set_title("%s: average delta per contract and position" % key.replace("|", " "))
        ax.legend()
    fig.tight_layout()
    p = os.path.join(outdir, "deltas.png")
    fig.savefig(p, dpi=90)
    plt.close(fig)
    files.append(p)

    # one panel per job: the families' scores differ by two orders of magnitude
    fig, axes = plt.subplots(1, len(jobs), figsize=(3.2 * len(jobs) + 1, 3.8), squeeze=False)
    for col, (key, j) in enumerate(jobs.items()):
        ax = axes[0][col]
        kinds = list(j["per_seat_kind"].items())
        ax.bar(range(len(kinds)), [v["mean"] for _, v in kinds],
               yerr=[v["ci95"] if math.isfinite(v["ci95"]) else 0 for _, v in kinds],
               capsize=4, color="tab:orange")
        ax.set_xticks(range(len(kinds)))
        ax.set_xticklabels([k for k, _ in kinds])
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(key.replace("|", "\n"), fontsize=9)
        if col == 0:
            ax.set_ylabel("mean delta per seat and deal (95% CI)")
    fig.tight_layout()
    p = os.path.join(outdir, "bots.png")
    fig.savefig(p, dpi=90)
    plt.close(fig)
    files.append(p)
    return files


# ---------------------------------------------------------------- query, replay
def read_rows(path):
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            for k in INT_FIELDS:
                if k in row and row[k] != "":
                    row[k] = int(row[k])
            yield row


def query(path, where):
    """Stream the CSV; count the deals matching `where` (a Python expression
    over the per-deal fields) with their declarer win rate and mean hero."""
    code = compile(where, "--where", "eval")
    n = 0
    won = 0
    decided = 0
    hs = [0, 0, 0]
    total = 0
    for row in read_rows(path):
        total += 1
        if eval(code, {"__builtins__": {}}, row):
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
    the row's deltas. Returns the Deal."""
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
    names = getattr(mod, "PHASE_NAMES", None)
    describe = _describer(family)
    for a in log:
        if verbose:
            ph = names[st.phase] if names else st.phase
            print("%-8s pos %d  %s" % (ph, st.to_move, describe(a)), file=out)
        st.apply(a)
    res = st.result()
    want = [int(row["r%d" % p]) for p in range(NPOS) if row["r%d" % p] != ""]
    if verbose:
        print("result", res, "(CSV row: %s)" % want, file=out)
    if list(res) != want:
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
    for row in read_rows(path):
        if row["seed"] == seed and (family is None or row["family"] == family):
            return row
    raise SystemExit("no row with seed %d in %s" % (seed, path))


# ---------------------------------------------------------------- main
def parse_jobs(fams, profs):
    fl = [f for f in fams.split(",") if f] if fams else sorted(F.FAMILIES)
    jobs = []
    if profs:
        for p in profs.split(","):
            fam = p.split("/")[0]
            if fl and fam not in fl and fams:
                raise SystemExit("profile %s is not of the families %s" % (p, fams))
            PR.get(p)
            jobs.append((fam, p))
    else:
        for f in fl:
            jobs.append((f, F.family(f)["default"]))
    return jobs


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__[__doc__.index("Per-deal"):])
    ap.add_argument("--deals", type=int, default=1000, help="deals per family/profile")
    ap.add_argument("--family", default="", help="comma list (default: every family)")
    ap.add_argument("--profile", default="", help="comma list of family/name presets "
                    "(default: each family's default)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    ap.add_argument("--bots", default="heuristic,random,random,random",
                    help="bot kind per position (random, heuristic, search); the first "
                    "is the measured one ('hero')")
    ap.add_argument("--players", type=int, default=None,
                    help="seats at the table (e.g. 3 or 5 for French Tarot, 2 or 3 for "
                    "Slovenian, 5 for Königrufen with the dealer sitting out); families "
                    "that do not play at that size use their default")
    ap.add_argument("--rotate", action="store_true",
                    help="rotate the bots one position per deal (fair to every position)")
    ap.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--chunk", type=int, default=250, help="deals per task")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "sim"))
    ap.add_argument("--no-log", action="store_true", help="leave the log column empty")
    ap.add_argument("--no-csv", action="store_true", help="aggregates only")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--where", default="", help="filter expression over the per-deal fields")
    ap.add_argument("--query", metavar="CSV", help="only run --where over an existing CSV")
    ap.add_argument("--replay", type=int, metavar="SEED", help="replay the deal of SEED from --csv")
    ap.add_argument("--csv", help="CSV for --replay (default OUT/deals.csv)")
    args = ap.parse_args(argv)

    if args.replay is not None:
        path = args.csv or os.path.join(args.out, "deals.csv")
        row = find_row(path, args.replay, args.family or None)
        replay_row(row)
        return 0
    if args.query:
        if not args.where:
            raise SystemExit("--query needs --where")
        print(json.dumps(query(args.query, args.where), indent=1))
        return 0

    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    while len(kinds) < NPOS:
        kinds.append("random")
    jobs = parse_jobs(args.family, args.profile)
    os.makedirs(args.out, exist_ok=True)
    out_csv = None if args.no_csv else os.path.join(args.out, "deals.csv")
    t0 = time.time()
    aggs = simulate(jobs, args.deals, args.seed, kinds, args.rotate, args.procs, args.chunk,
                    out_csv, keep_log=not args.no_log, progress=not args.quiet,
                    players=args.players)
    dt = time.time() - t0
    sd = summary_dict(aggs, kinds, args.rotate, args.seed, args.deals)
    sd["seconds"] = round(dt, 2)
    sd["procs"] = args.procs
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump(sd, f, indent=1, sort_keys=True)
    text = summary_text(sd)
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write(text + "\n")
    print(text)
    print("%d deals in %.1f s (%.0f deals/s, %d procs); wrote %s" % (
        args.deals * len(jobs), dt, args.deals * len(jobs) / max(dt, 1e-9), args.procs,
        os.path.relpath(args.out)))
    if not args.no_plots:
        files = plots(sd, args.out)
        print("plots:", " ".join(os.path.relpath(x) for x in files))
    if args.where and out_csv:
        print(json.dumps(query(out_csv, args.where), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
