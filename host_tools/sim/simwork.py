"""The simulator's worker side: one deal, its CSV row, the integer
aggregates, and run_chunk (a task -> its rows and aggregates). It imports
only the rules core (firmware/tarock) and, for the search bot, searchbot.py,
so a zip of those three (simulate.worker_zip) is all a cluster worker needs:
no device module (main.py, framebuf, machine), no host tool.

Every deal is a pure function of (family, profile, deal seed, bots, rotate,
table): deal i of a run has seed = first seed + i, the bots' RNGs come from
that seed and the position (tarock.bots.bot_seed), and with --rotate the bots
sit rotated by the deal's seed, not by its place in the run, so any run or
shard that holds the deal plays it the same.
"""
import inspect
import math

from tarock import families as F
from tarock.koenigrufen import profiles as P
from tarock import profiles as PR
from tarock import bots as B

NPOS = 5  # positions in a deal at most (French Tarot for five)
FIELDS = (["seed", "family", "profile", "players", "bots", "contract", "contract_id",
           "declarer", "partner", "won", "decl_points", "decl_tricks", "decl_trumps"]
          + ["trumps%d" % p for p in range(NPOS)] + ["r%d" % p for p in range(NPOS)]
          + ["hero", "bonuses", "log", "codes"])
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


def seat_kinds(kinds, seed, rotate):
    """Bot kind per position for the deal of that seed: kinds rotated by the
    seed when rotate (bot 0 sits at position seed % n)."""
    n = len(kinds)
    if not rotate:
        return list(kinds)
    r = seed % n
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
    dealt = [None]  # type: list

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
        "codes": "",  # the driver writes the code table on a job's first row
    }
    for p in range(NPOS):
        row["trumps%d" % p] = trumps[p] if p < len(trumps) else ""
        row["r%d" % p] = res[p] if p < len(res) else ""
    return row


# ---------------------------------------------------------------- aggregates
class Agg:
    """Integer aggregates of many deals; merging is addition, so the result
    does not depend on how the deals were split (chunks, shards, executors).
    Histogram keys are strings so the JSON of a merge equals one run's."""

    def __init__(self, npos=NPOS):
        self.npos = npos
        self.n = 0
        self.contracts = {}     # name -> [deals, won, sum r0..r4]
        self.seats = {}         # name -> [[deals, won] per declarer position]
        self.bonuses = {}       # "name:outcome" -> count
        self.kinds = {}         # kind -> [seats, sum delta, sum delta^2] per deal-seat
        self.hist = {}          # kind -> {"delta": deal-seats with that delta}
        self.hero = [0, 0, 0]   # deals, sum hero, sum hero^2

    def add(self, row, kinds):
        self.n += 1
        name = row["contract"]
        c = self.contracts.get(name)
        if c is None:
            c = self.contracts[name] = [0] * (2 + self.npos)
            self.seats[name] = [[0, 0] for _ in range(self.npos)]
        won = 1 if row["won"] == 1 else 0
        c[0] += 1
        c[1] += won
        for p in range(self.npos):
            c[2 + p] += row["r%d" % p]
        d = row["declarer"]
        if 0 <= d < self.npos:
            self.seats[name][d][0] += 1
            self.seats[name][d][1] += won
        if row["bonuses"]:
            for b in row["bonuses"].split(";"):
                self.bonuses[b] = self.bonuses.get(b, 0) + 1
        for p in range(len(kinds)):
            k = self.kinds.get(kinds[p])
            if k is None:
                k = self.kinds[kinds[p]] = [0, 0, 0]
                self.hist[kinds[p]] = {}
            x = row["r%d" % p]
            k[0] += 1
            k[1] += x
            k[2] += x * x
            h = self.hist[kinds[p]]
            h[str(x)] = h.get(str(x), 0) + 1
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
            ms = self.seats.setdefault(name, [[0, 0] for _ in o.seats[name]])
            for p, (n, w) in enumerate(o.seats[name]):
                ms[p][0] += n
                ms[p][1] += w
        for b, x in o.bonuses.items():
            self.bonuses[b] = self.bonuses.get(b, 0) + x
        for k, v in o.kinds.items():
            m = self.kinds.setdefault(k, [0, 0, 0])
            for i in range(3):
                m[i] += v[i]
            mh = self.hist.setdefault(k, {})
            for x, n in o.hist[k].items():
                mh[x] = mh.get(x, 0) + n
        for i in range(3):
            self.hero[i] += o.hero[i]

    def to_dict(self):
        return {"deals": self.n, "players": self.npos, "contracts": self.contracts,
                "seats": self.seats, "bonuses": self.bonuses, "kinds": self.kinds,
                "hist": self.hist, "hero": self.hero}

    @classmethod
    def from_dict(cls, d):
        a = cls(d["players"])
        a.n = d["deals"]
        a.contracts = d["contracts"]
        a.seats = d["seats"]
        a.bonuses = d["bonuses"]
        a.kinds = d["kinds"]
        a.hist = d["hist"]
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
        ks = seat_kinds(kinds, seed, rotate)
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
