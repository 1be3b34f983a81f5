"""The draw: who sits at which table, in which seat, who deals first.

Methods (the format's "draw", one per round; event.py cites the sources):
  random     shuffled with a seeded generator (random.Random(seed)): the same
             seed gives the same seating, and the seed is printed with it.
             With meet_once, a bounded local search then swaps players
             between tables to leave as few pairs meeting again as it can.
  fixed      a fixed advancement per seat from round 1's seating: seat s of
             table t moves s tables on each round (seat 0 stays), the extra
             seat of the five-tables moves one five-table on; table sizes stay.
  standings  Swiss-like: the tables filled in the order of the standings
             (the first four at table 1 ...), then the same bounded search
             trades a little of that order for fewer second meetings (when
             the format asks for meet_once).
  thirds     one player from each third of the ranking at every table (for
             tables of three; in general one from each of k bands, k the
             smallest table size); the ranking is the order of the players
             in the event (the federation's list, as they were entered).

Table sizes: the format's sizes, preferred first. [4, 5]: tables of four, a
five-table for each player over a multiple of four (13 = 4+4+5); counts
that cannot be split so (1-3, 6, 7, 11) are refused with one line. [3, 4]
(Slovenia): tables of three, a table of four for each player over a
multiple of three (10 = 3+3+4; 1, 2 and 5 refused). The larger tables are
the last ones.

The seating: [{"tb": 1, "nr": [start numbers by seat, clockwise], "dl": seat}].
"""

import itertools
import os
import random

# the search's bound: swaps tried per round (at most about a tenth of a
# second). Three rounds: no second meeting from 20 players on. Five French
# parties: none from 24 players on; 20 players: 0-4 (which seed), 16 would
# need the affine plane of order 4, which a round-by-round draw does not
# find (8)
BUDGET = 20000


class DrawError(ValueError):
    """The draw cannot be made: the message is one line."""


# ---------------------------------------------------------------- sizes
def table_sizes(n, sizes):
    """The table sizes for n players, in table order."""
    base = sizes[0]
    big = [s for s in sizes[1:] if s == base + 1]
    k, r = divmod(n, base)
    if k and not r:
        return [base] * k
    if big and k >= r and k:
        return [base] * (k - r) + [base + 1] * r
    if not big:
        raise DrawError("%d players cannot sit at tables of %d (a multiple of %d)" % (n, base, base))

    def fits(m):
        return m >= base and (m % base == 0 or m // base >= m % base)
    limit = base * (base + 2)
    first = min(m for m in range(1, limit + 1) if all(fits(x) for x in range(m, limit + 1)))
    few = [str(m) for m in range(1, first) if fits(m)]
    raise DrawError("%d players cannot sit at tables of %s (possible: %s, %d or more)"
                    % (n, " and ".join(str(s) for s in [base, *big]), ", ".join(few), first))


def new_seed():
    return int.from_bytes(os.urandom(4), "big") % 1000000000


# ---------------------------------------------------------------- pairs
def met_pairs(rounds):
    """{(a, b): times} over the seatings given (a < b)."""
    met = {}
    for tables in rounds:
        for t in tables:
            for a, b in itertools.combinations(sorted(t["nr"]), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    return met


def repeats(tables, met):
    """How many earlier meetings the tables repeat (a pair met twice before
    counts 2)."""
    return sum(_pairs_cost(t["nr"], met) for t in tables)


def _pairs_cost(members, met):
    c = 0
    for a, b in itertools.combinations(members, 2):
        c += met.get((a, b) if a < b else (b, a), 0)
    return c


# ---------------------------------------------------------------- search
def _improve(groups, rng, met, disp=None, weight=1000, budget=None):
    """Swap players between tables to lower weight*repeats + displacement
    (disp(nr, table index): the standings draw's distance from the order).
    A tabu search on the conflicts: a player who meets someone again is
    swapped with whoever lowers the cost most (or raises it least; the
    player just moved may not move back for three steps); the best
    grouping seen is kept. Deterministic for a given rng."""
    budget = BUDGET if budget is None else budget
    if len(groups) < 2:
        return groups            # one table: nobody to swap with

    def tcost(i, g):
        c = weight * _pairs_cost(g, met) if met else 0
        if disp:
            c += sum(disp(p, i) for p in g)
        return c

    groups = [list(g) for g in groups]
    cost = [tcost(i, g) for i, g in enumerate(groups)]
    best = [list(g) for g in groups]
    best_total = sum(cost)
    tabu = {}
    step = tries = 0
    while met and tries < budget:
        step += 1
        bad = [(i, a) for i, g in enumerate(groups) for a, p in enumerate(g)
               if any(met.get((min(p, q), max(p, q))) for q in g if q != p)]
        if not bad:
            break
        i, a = bad[rng.randrange(len(bad))]
        moves = []
        for j in range(len(groups)):
            if j == i:
                continue
            for b in range(len(groups[j])):
                tries += 1
                if tabu.get(groups[j][b], 0) > step:
                    continue
                gi, gj = list(groups[i]), list(groups[j])
                gi[a], gj[b] = gj[b], gi[a]
                moves.append((tcost(i, gi) + tcost(j, gj) - cost[i] - cost[j], j, b))
        if not moves:
            continue
        d0 = min(m[0] for m in moves)
        pick = [m for m in moves if m[0] == d0]
        _, j, b = pick[rng.randrange(len(pick))]
        tabu[groups[i][a]] = step + 3
        groups[i][a], groups[j][b] = groups[j][b], groups[i][a]
        cost[i] = tcost(i, groups[i])
        cost[j] = tcost(j, groups[j])
        total = sum(cost)
        if total < best_total:
            best_total = total
            best = [list(g) for g in groups]
    if disp:
        best = _polish(best, tcost, budget)
    return best


def _polish(groups, tcost, budget):
    """Every swap that lowers the cost, table pair by table pair, until none
    does (or the budget is spent): the standings draw's order mended after
    the search left the repeats."""
    groups = [list(g) for g in groups]
    cost = [tcost(i, g) for i, g in enumerate(groups)]
    tries = 0
    better = True
    while better and tries < budget:
        better = False
        for i, j in itertools.combinations(range(len(groups)), 2):
            for a in range(len(groups[i])):
                for b in range(len(groups[j])):
                    tries += 1
                    gi, gj = list(groups[i]), list(groups[j])
                    gi[a], gj[b] = gj[b], gi[a]
                    ci, cj = tcost(i, gi), tcost(j, gj)
                    if ci + cj < cost[i] + cost[j]:
                        groups[i], groups[j], cost[i], cost[j] = gi, gj, ci, cj
                        better = True
    return groups


def _seat(groups, rng, shuffle=True):
    out = []
    for i, g in enumerate(groups):
        g = list(g)
        if shuffle:
            rng.shuffle(g)
        out.append({"tb": i + 1, "nr": g, "dl": rng.randrange(len(g))})
    return out


def _cut(order, sizes):
    groups, k = [], 0
    for s in sizes:
        groups.append(list(order[k:k + s]))
        k += s
    return groups


# ---------------------------------------------------------------- methods
def draw_random(nrs, sizes, seed, met=None):
    rng = random.Random(seed)
    order = list(nrs)
    rng.shuffle(order)
    groups = _cut(order, table_sizes(len(order), sizes))
    if met:
        groups = _improve(groups, rng, met)
    return _seat(groups, rng)


def draw_standings(ranked, sizes, seed, met=None):
    """ranked: start numbers, the leader first."""
    rng = random.Random(seed)
    tsz = table_sizes(len(ranked), sizes)
    groups = _greedy(ranked, tsz, met) if met else _cut(ranked, tsz)
    pos = {p: k for k, p in enumerate(ranked)}
    # a table's middle, in half places: the distance from it is how far a
    # player sits from where the standings put him (the leader at table 1,
    # the last at the last table)
    mid, at = [], 0
    for s in tsz:
        mid.append(2 * at + s - 1)
        at += s
    if met:
        # a second meeting weighs more than any reordering: the order gives
        # way only to avoid one
        w = 2 * len(ranked) * len(ranked)
        groups = _improve(groups, rng, met, lambda p, i: abs(mid[i] - 2 * pos[p]), weight=w)
    return _seat(groups, rng)


def _greedy(ranked, tsz, met):
    """Swiss-like start: each table from the top, the best-placed players
    left who met nobody at it yet (the first one left when none fits)."""
    left = list(ranked)
    groups = []
    for s in tsz:
        g = [left.pop(0)]
        while len(g) < s:
            k = next((k for k, p in enumerate(left)
                      if not any(met.get((min(p, q), max(p, q))) for q in g)), 0)
            g.append(left.pop(k))
        groups.append(g)
    return groups


def draw_thirds(ranked, sizes, seed):
    """One player from each band of the ranking at every table."""
    rng = random.Random(seed)
    tsz = table_sizes(len(ranked), sizes)
    k = min(tsz)
    t = len(tsz)
    r = len(ranked) - k * t          # players at the larger tables' extra seats
    bands, pos = [], 0
    for j in range(k):
        n = t + (1 if j < r else 0)
        bands.append(list(ranked[pos:pos + n]))
        pos += n
    for b in bands:
        rng.shuffle(b)
    groups = [[bands[j][i] for j in range(k)] for i in range(t)]
    big = [i for i, s in enumerate(tsz) if s > k]
    extra = [bands[j][t] for j in range(r)]
    for i, p in zip(big, extra):
        groups[i].append(p)
    return _seat(groups, rng)


def draw_fixed(first, rnd, seed):
    """Round rnd (2, 3, ...) moved on from round 1's tables `first`."""
    rng = random.Random(seed)
    t = len(first)
    k = min(len(x["nr"]) for x in first)
    groups = [[None] * len(x["nr"]) for x in first]
    big = [i for i, x in enumerate(first) if len(x["nr"]) > k]
    step = rnd - 1
    for i, x in enumerate(first):
        for s, p in enumerate(x["nr"]):
            if s < k:
                groups[(i + s * step) % t][s] = p
            else:
                j = big.index(i)
                groups[big[(j + step) % len(big)]][s] = p
    return _seat(groups, rng, shuffle=False)


# ---------------------------------------------------------------- the event
def draw_round(e, rnd, seed=None, ranked=None, absent=()):
    """Draw round rnd of the event: returns {"method", "seed", "tables",
    "repeats", "absent"} (not yet stored). ranked: start numbers in
    standings order, for the standings method (standings.order gives it).
    absent: start numbers left out of this round (a player who left: the
    draw is made again without him)."""
    f = e["format"]
    if not 1 <= rnd <= f["rounds"]:
        raise DrawError("round %d: the event has rounds 1..%d" % (rnd, f["rounds"]))
    method = f["draw"][rnd - 1]
    seed = new_seed() if seed is None else seed
    known = [p["nr"] for p in e["players"]]
    unknown = sorted(set(absent) - set(known))
    if unknown:
        raise DrawError("absent: no player %s in the event" % ", ".join(map(str, unknown)))
    nrs = [p for p in known if p not in set(absent)]
    before = [e["rounds"][str(r)]["tables"] for r in range(1, rnd) if str(r) in e["rounds"]]
    met = met_pairs(before) if f["meet_once"] else None
    if method == "random":
        tables = draw_random(nrs, f["sizes"], seed, met)
    elif method == "thirds":
        tables = draw_thirds(nrs, f["sizes"], seed)
    elif method == "fixed":
        if "1" not in e["rounds"]:
            raise DrawError("round %d moves on from round 1's seating: draw round 1 first" % rnd)
        first = e["rounds"]["1"]["tables"]
        if sorted(p for x in first for p in x["nr"]) != sorted(nrs):
            raise DrawError("the players changed since round 1: a fixed advancement "
                            "needs the same field (draw this round at random)")
        tables = draw_fixed(first, rnd, seed)
    else:
        if ranked is None:
            raise DrawError("round %d is drawn by the standings: none yet" % rnd)
        rest = [p for p in nrs if p not in ranked]
        tables = draw_standings([p for p in ranked if p in nrs] + rest, f["sizes"], seed, met)
    return {"method": method, "seed": seed, "tables": tables,
            "repeats": repeats(tables, met_pairs(before)), "absent": sorted(set(absent))}


def check_seating(e, tables, absent=()):
    """Every player seated once (but the absent), nobody else: the problems
    as lines."""
    want = sorted(p["nr"] for p in e["players"] if p["nr"] not in set(absent))
    got = sorted(p for t in tables for p in t["nr"])
    out = []
    if got != want:
        out.append("seated %s, players %s" % (got, want))
    for t in tables:
        if not 0 <= t["dl"] < len(t["nr"]):
            out.append("table %d: dealer seat %d" % (t["tb"], t["dl"]))
    return out
