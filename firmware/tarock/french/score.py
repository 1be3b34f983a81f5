# The one scorer of French Tarot: a deal Summary (from a played deal or from
# a manual entry for physical cards) -> per-position integer deltas.
# Sources: RULES.md §4 (FFT rules; docs/SOURCES.md) and seeds/003_441f51eeb81efd04.txt
# ("Ein Spiel abrechnen", "Zu dritt und zu fünft", "Varianten").
#
# R, what each defender pays the taker (negative: receives), is
#   ±(base + |diff|) x mult  (+ when the contract is made)
#   ± petit au bout: petit_bout x mult (fixed variant: petit_bout) to the side
#     that takes the last trick with the Petit, whatever the outcome
#   ± each poignée's value to the winning side (variant: the announcer's side)
#   + chelem: 400 announced and made, 200 made unannounced, -200 announced and
#     failed; -200 more when the defence takes every trick
# settled: 2 players R once; 3: taker 2R; 4: taker 3R; 5: taker 2R and
# partner R (shares), alone (self-call, king in the chien) 4R; each defender -R.
# Misères: the announcer gets misere_value from every other player.
# Points are counted in halves; diff is the distance to the threshold with the
# half point given to the winning side: |diff| = (|halves - 2 x threshold| + 1) // 2.
from tarock.french.profiles import PRISE, GARDE_CONTRE
from tarock.errors import Refused, E_FIT, E_SO

NONE = 0
ATT = 1      # the taker's side
DEF = 2      # the defence
M_TRUMP = 1  # misère d'atout
M_HEAD = 2   # misère de tête
HALVES = 182
EXCUSE_KEPT = 8  # halves a side keeps with its Excuse: 9, less the half point it owes
EXCUSE_LOST = 9  # halves of the Excuse (a side loses it whole in the last trick)


class Summary:
    """What a deal produced, positions in turn order (0 = forehand).

    n: players in the deal (2..5); contract 1..4 (profiles_fr); taker;
    partner: the called card's holder at five (-1: alone or n < 5);
    halves: the taker's side's card points in half points, chien share and
    Excuse exchange included (manual entry: 2 x points); bouts: bouts in it;
    petit: NONE/ATT/DEF, the side taking the last trick with the Petit;
    poignees[p]: 0, or 1/2/3 for simple/double/triple announced by p;
    chelem_announced (bool); chelem: NONE/ATT/DEF, the side that took every
    trick; miseres[p]: M_TRUMP | M_HEAD bits announced by p; redeal: all
    passed or petit sec, nothing scored; called: called card (-1: none)."""

    def __init__(self, contract, taker, n=4):
        self.n = n
        self.contract = contract
        self.taker = taker
        self.partner = -1
        self.halves = 0
        self.bouts = 0
        self.petit = NONE
        self.poignees = [0] * n
        self.chelem_announced = False
        self.chelem = NONE
        self.miseres = [0] * n
        self.redeal = False
        self.called = -1

    def side(self, p):
        return ATT if p == self.taker or p == self.partner else DEF


def redeal_summary(n):
    s = Summary(0, -1, n)
    s.redeal = True
    return s


def threshold(profile, bouts):
    return profile["thresholds"][bouts]


def made(profile, s):
    """Is the contract made? (halves >= 2 x threshold)"""
    return s.halves >= 2 * threshold(profile, s.bouts)


def parts(profile, s):
    """R item by item: [(what, factor, value)], what: "base" (the contract's
    base x its multiplier), "points" (the distance to the threshold x the
    multiplier), "petit" (petit au bout), "poignee" (factor: its level),
    "chelem", "chelem def" (the defence took every trick). per_defender is
    their sum, so a breakdown cannot differ from the score."""
    mult = profile["contracts"][s.contract]["mult"]
    dh = s.halves - 2 * threshold(profile, s.bouts)
    won = dh >= 0
    diff = ((dh if won else -dh) + 1) // 2  # the half point to the winner
    sg = 1 if won else -1
    out = [("base", mult, sg * profile["base"] * mult), ("points", mult, sg * diff * mult)]
    pb = profile["petit_bout"] * (1 if profile["petit_fixed"] else mult)
    if s.petit == ATT:
        out.append(("petit", mult, pb))
    elif s.petit == DEF:
        out.append(("petit", mult, -pb))
    vals = profile["poignee_values"]
    to_winner = profile["poignee_to"] == "winner"
    for p in range(s.n):
        lv = s.poignees[p]
        if lv:
            v = vals[lv - 1]
            if to_winner:
                out.append(("poignee", lv, v if won else -v))
            else:
                out.append(("poignee", lv, v if s.side(p) == ATT else -v))
    ann, silent, failed, dfn = profile["chelem"]
    if s.chelem_announced:
        out.append(("chelem", 1, ann if s.chelem == ATT else -failed))
    elif s.chelem == ATT:
        out.append(("chelem", 1, silent))
    if s.chelem == DEF:
        out.append(("chelem def", 1, -dfn))
    return out


def per_defender(profile, s):
    """R: what each defender pays the taker (negative: what he receives)."""
    r = 0
    for w, f, v in parts(profile, s):
        r += v
    return r


def misere_units(profile, s, p):
    """What position p gets from every other player for his misères."""
    k = s.miseres[p]
    return ((k & 1) + (k >> 1 & 1)) * profile["misere_value"]


def score(profile, s):
    """Per-position integer deltas; they always sum to zero."""
    n = s.n
    d = [0] * n
    if s.redeal:
        return d
    r = per_defender(profile, s)
    t = s.taker
    if n == 5 and s.partner >= 0 and s.partner != t:
        a, b = profile["share5"]
        # the attack's 3R split a : b; each of the 3 defenders pays R
        for p in range(n):
            if p == t:
                d[p] += 3 * r * a // (a + b)
            elif p == s.partner:
                d[p] += 3 * r - 3 * r * a // (a + b)
            else:
                d[p] -= r
    else:
        for p in range(n):
            d[p] += (n - 1) * r if p == t else -r
    for p in range(n):
        m = misere_units(profile, s, p)
        for q in range(n):
            if q != p:
                d[q] -= m
                d[p] += m
    return d


# ------------------------------------------------------------ journal / entry

_FIELDS = ("n", "contract", "taker", "partner", "halves", "bouts", "petit",
           "chelem", "called")
_FLAGS = ("chelem_announced", "redeal")   # bools, stored as 0 / 1
# the fields that say which game it was: required; any other field a
# record lacks (a firmware before it was added) reads as the Summary's
# default, nothing played or announced (tarock.record)
IDENTITY = ("n", "contract", "taker")
# the dict form's fields (tests/core/test_layouts.py: they only grow)
KEYS = _FIELDS + _FLAGS + ("poignees", "miseres")


def summary_to_dict(s):
    d = {}
    for k in _FIELDS:
        d[k] = getattr(s, k)
    d["poignees"] = list(s.poignees)
    d["miseres"] = list(s.miseres)
    for k in _FLAGS:
        d[k] = 1 if getattr(s, k) else 0
    return d


def summary_from_dict(d):
    """Any firmware's dict form (tarock.record): a field the writer did not
    know takes the Summary's default (nothing announced, nothing played);
    Newer when a newer firmware wrote something this one does not know."""
    from tarock import record as R   # the score sheet's reader: loaded by it alone
    R.unknown(d, KEYS)
    n = R.num(d, "n")
    if not 2 <= n <= 5:
        raise ValueError("n: %d players per deal is not possible" % n)
    s = Summary(R.num(d, "contract"), R.num(d, "taker"), n)
    for k in _FIELDS + _FLAGS:
        v = R.num(d, k, R.REQUIRED if k in IDENTITY else getattr(s, k))
        setattr(s, k, bool(v) if k in _FLAGS else v)
    for k in ("poignees", "miseres"):
        v = R.nums(d, k, n, 0, False)
        if v is not None:
            setattr(s, k, v)
    return s


def _int(name, v, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError("%s: must be a whole number from %d to %d, got %r" % (name, lo, hi, v))


def check_summary(profile, s):
    """Raise ValueError with a clear message for an impossible entry."""
    _int("n", s.n, 2, 5)
    n = s.n
    if s.redeal:
        return s
    _int("contract", s.contract, PRISE, GARDE_CONTRE)
    if not profile["contracts"][s.contract].get("on", True):
        raise ValueError("contract: %s is not played under this profile"
                         % profile["contracts"][s.contract]["name"])
    _int("taker", s.taker, 0, n - 1)
    if n == 5:
        _int("partner", s.partner, -1, 4)
    elif s.partner != -1:
        raise ValueError("partner: only five players call a partner")
    if s.partner == s.taker:
        raise ValueError("partner: the taker calling himself plays alone (partner -1)")
    _int("halves", s.halves, 0, HALVES)
    _int("bouts", s.bouts, 0, 3)
    # each bout is 9 halves; the Excuse exchange moves at most one low card
    if s.halves < 9 * s.bouts - 1 or HALVES - s.halves < 9 * (3 - s.bouts) - 1:
        raise Refused(E_FIT, "w_points", "w_bouts")
    _int("petit", s.petit, NONE, DEF)
    # the side that took the Petit au bout holds it, a bout
    if (s.petit == ATT and s.bouts == 0) or (s.petit == DEF and s.bouts == 3):
        raise Refused(E_FIT, "petit_bout_l", "w_bouts")
    _int("chelem", s.chelem, NONE, DEF)
    # a slam leaves the defence nothing but its own Excuse, played before the
    # last trick (seed 003, FFT: it stays with its side): 87 points, 2 bouts; at
    # five, the attack's Excuse played (not led) in the last trick goes over
    # (seed 003, profile excuse_last): 86 1/2 points, 2 bouts
    if (s.chelem == ATT and s.contract != GARDE_CONTRE and s.halves != HALVES
            and not (s.halves == HALVES - EXCUSE_KEPT and s.bouts == 2)
            and not (s.halves == HALVES - EXCUSE_LOST and s.bouts == 2 and n == 5
                     and profile["excuse_last"] == "opponents")):
        raise Refused(E_FIT, "ph_chelem", "w_points")
    if len(s.poignees) != n or len(s.miseres) != n:
        raise ValueError("poignees/miseres: one entry per player (%d)" % n)
    for p in range(n):
        _int("poignees[%d]" % p, s.poignees[p], 0, 3)
        _int("miseres[%d]" % p, s.miseres[p], 0, 3)
        if s.miseres[p] and not profile["miseres"]:
            raise ValueError("miseres[%d]: misères are not played under this profile" % p)
        if s.miseres[p] & M_TRUMP and s.poignees[p]:
            raise Refused(E_SO, "ph_poignee")   # without trumps, no poignée
    return s
