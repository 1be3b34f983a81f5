# Bavarian Tarock scoring: a deal summary (from a played deal or a manual
# entry for physical cards) -> per-position integer deltas (zero-sum).
# Source: seeds/000_a672f01ad6fad4a6.txt (first part, "Die Abrechnung";
# Bavarian Tarock, publicly https://de.wikipedia.org/wiki/Bayerisches_Tarock),
# RULES.md §5 and its "Readings fixed" for Bavarian; decisions in
# docs/DECISIONS.md ("Bavarian Tarock"). docs/SOURCES.md maps every seed
# and RULES.md section to its public source.
#
# Won when the declarer's eyes (tricks + Stock or put-back cards) reach the
# target (and an announced level is reached). Units per opponent (profile
# "values", default 1 / 2 / 3): simple; Schneider when the losers have at most
# 30 eyes; Schwarz when the losers took no trick. A losing declarer's level is
# measured on his own eyes and tricks (the Stock counts as eyes, never as a
# trick) and he pays each opponent. Announced Schneider/Schwarz (house
# option): the announced level's value times announce_factor (2), plus what a
# higher level reached adds on top; the game is lost if the level is missed.
from tarock.bavarian.profiles import targets
from tarock.errors import Refused, E_FIT, E_SO

N = 3
TOTAL_EYES = 120
MAX_STOCK_EYES = 33  # three aces: the most a declarer without a trick can hold
SIMPLE = 1
SCHNEIDER = 2
SCHWARZ = 3
LEVEL_NAMES = ("", "simple", "Schneider", "Schwarz")

# What a score entry fills in: (field, lowest, highest, meaning). check_summary
# has the last word (targets and consistency depend on the profile).
FIELDS = (
    ("declarer", 0, 2, "position of the declarer in turn order (0 = forehand)"),
    ("hand", 0, 1, "1 hand game (Stock closed), 0 Aufnahme"),
    ("target", 61, 120, "eyes the declarer bid to make"),
    ("trump", -1, 3, "trump suit 0 Eichel 1 Grün 2 Herz 3 Schellen (-1 not noted)"),
    ("announced", 0, 3, "0 none, 2 Schneider, 3 Schwarz announced"),
    ("decl_eyes", 0, 120, "declarer's eyes incl. the Stock / put-back cards"),
    ("decl_tricks", 0, 11, "tricks the declarer took"),
    ("def_tricks", 0, 11, "tricks the two opponents took together"),
    ("redeal", 0, 1, "1 all passed: no game, the next dealer deals"),
)


class Summary:
    """What a deal produced, all integers; positions in turn order.

    declarer (-1 on a redeal), hand (True: hand game), target, trump (0..3,
    -1 unknown), announced (0, SCHNEIDER or SCHWARZ), decl_eyes (0..120, the
    opponents have the rest), decl_tricks + def_tricks == 11, redeal."""

    def __init__(self, declarer=-1, hand=False, target=0):
        self.n = N
        self.declarer = declarer
        self.hand = hand
        self.target = target
        self.trump = -1
        self.announced = 0
        self.decl_eyes = 0
        self.decl_tricks = 0
        self.def_tricks = 0
        self.redeal = False


def outcome(profile, s):
    """(won, level): level SIMPLE/SCHNEIDER/SCHWARZ, measured on the losers
    (the opponents when won, the declarer himself when lost)."""
    if s.decl_eyes >= s.target:
        def_eyes = TOTAL_EYES - s.decl_eyes
        if s.def_tricks == 0:
            lv = SCHWARZ
        elif def_eyes <= profile["schneider_at"]:
            lv = SCHNEIDER
        else:
            lv = SIMPLE
        if lv >= s.announced:
            return True, lv
    if s.decl_tricks == 0:
        return False, SCHWARZ
    if s.decl_eyes <= profile["schneider_at"]:
        return False, SCHNEIDER
    return False, SIMPLE


def unit_parts(profile, level, announced):
    """units() item by item: [(what, factor, value)], what: a level reached
    (SIMPLE .. SCHWARZ; with an announcement: what it adds on top) or
    ("announced", level): the announced level x announce_factor."""
    vals = profile["values"]
    v = vals[level - 1]
    if not announced:
        return [(level, 1, v)]
    a = vals[announced - 1]
    out = [(("announced", announced), profile["announce_factor"], a * profile["announce_factor"])]
    if v > a:
        out.append((level, 1, v - a))
    return out


def units(profile, level, announced):
    """Units per opponent for a level reached and an announced level (0: none)."""
    u = 0
    for w, f, v in unit_parts(profile, level, announced):
        u += v
    return u


def score(profile, s):
    """Per-position integer deltas; they always sum to zero."""
    deltas = [0] * N
    if s.redeal:
        return deltas
    won, level = outcome(profile, s)
    u = units(profile, level, s.announced)
    if not won:
        u = -u
    for p in range(N):
        if p == s.declarer:
            deltas[p] += (N - 1) * u
        else:
            deltas[p] -= u
    return deltas


_FLAGS = ("hand", "redeal")   # bools, stored as 0 / 1
# the fields that say which game it was: required; any other field a
# record lacks (a firmware before it was added) reads as the Summary's
# default, nothing played (tarock.record)
IDENTITY = ("declarer", "target")
# the dict form's fields (tests/core/test_layouts.py: they only grow)
KEYS = tuple([f[0] for f in FIELDS])


def summary_to_dict(s):
    d = {}
    for f in FIELDS:
        v = getattr(s, f[0])
        d[f[0]] = (1 if v else 0) if f[0] in _FLAGS else v
    return d


def summary_from_dict(d):
    """Any firmware's dict form (tarock.record): a field the writer did not
    know takes the Summary's default; Newer when a newer firmware wrote
    something this one does not know."""
    from tarock import record as R   # the score sheet's reader: loaded by it alone
    R.unknown(d, KEYS)
    s = Summary()
    for f in FIELDS:
        k = f[0]
        v = R.num(d, k, R.REQUIRED if k in IDENTITY else getattr(s, k))
        setattr(s, k, bool(v) if k in _FLAGS else v)
    return s


def redeal_summary():
    s = Summary()
    s.redeal = True
    return s


def check_summary(profile, s):
    """Raise ValueError with a clear message for an impossible entry."""
    if s.n != N:
        raise ValueError("Bavarian Tarock is played by 3")
    if s.redeal:
        if (s.declarer != -1 or s.target or s.decl_eyes or s.decl_tricks or s.def_tricks
                or s.announced):
            raise ValueError("a redeal (all passed) has no declarer, target, eyes or tricks")
        return s
    if not 0 <= s.declarer < N:
        raise ValueError("declarer: must be position 0, 1 or 2, got %r" % (s.declarer,))
    ts = targets(profile)
    if s.target not in ts:
        raise ValueError("target: %r is not a bid (%s)" % (
            s.target, ", ".join([str(t) for t in ts])))
    if not s.hand and s.target < profile["aufnahme_from"]:
        raise ValueError("target: an Aufnahme is bid from %d" % profile["aufnahme_from"])
    if not -1 <= s.trump <= 3:
        raise ValueError("trump: must be 0..3 (or -1 not noted)")
    if s.announced not in (0, SCHNEIDER, SCHWARZ):
        raise ValueError("announced: must be 0, 2 (Schneider) or 3 (Schwarz)")
    if s.announced and not profile["announce"]:
        raise ValueError("announced: this profile does not announce Schneider/Schwarz")
    if not 0 <= s.decl_eyes <= TOTAL_EYES:
        raise ValueError("decl_eyes: must be 0..120, got %r" % (s.decl_eyes,))
    if s.decl_eyes == 1 or s.decl_eyes == TOTAL_EYES - 1:
        raise Refused(E_SO, "w_points")   # no card is worth 1 eye
    if not (0 <= s.decl_tricks <= 11 and 0 <= s.def_tricks <= 11):
        raise ValueError("tricks: each side takes 0..11 tricks")
    if s.decl_tricks + s.def_tricks != 11:
        raise ValueError("tricks: declarer's and opponents' tricks must add up to 11")
    # the opponents without a trick: the declarer has all 120; the declarer
    # without one: only the Stock's three cards (at most 33 eyes)
    if ((s.def_tricks == 0 and s.decl_eyes != TOTAL_EYES)
            or (s.decl_tricks == 0 and s.decl_eyes > MAX_STOCK_EYES)):
        raise Refused(E_FIT, "w_points", "tricks")
    return s
