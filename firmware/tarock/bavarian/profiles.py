# Bavarian Tarock rule profiles as data (the profiles module of the
# family "bavarian"): validate_profile(p) and PRESETS.
# Source: seeds/000_a672f01ad6fad4a6.txt (first part: Bavarian Tarock,
# publicly https://de.wikipedia.org/wiki/Bayerisches_Tarock), RULES.md §5 and
# its "Readings fixed" for Bavarian; decisions in docs/DECISIONS.md.
# docs/SOURCES.md maps every seed and RULES.md section to its public source.
#
# Keys:
#   hand_from      lowest target of a hand game (61)
#   aufnahme_from  lowest target of an Aufnahme (71)
#   step, top      targets raise in steps of `step` up to `top`:
#                  61, 66, ... 116, then 120 (the top is always a target)
#   hand_rank      a bid's rank = target + hand_rank for a hand game (10)
#   values         units per opponent for (simple, Schneider, Schwarz) (1, 2, 3)
#   schneider_at   Schneider when the losers have at most this many eyes (30)
#   announce       house option: the declarer may announce Schneider/Schwarz
#                  before the first card (off by default)
#   announce_factor the announced level's value is multiplied by this (2)
from tarock.profiles import ProfileError, _check_type, check_keys

STANDARD = {
    "family": "bavarian",
    "name": "standard",
    "hand_from": 61,
    "aufnahme_from": 71,
    "step": 5,
    "top": 120,
    "hand_rank": 10,
    "values": (1, 2, 3),
    "schneider_at": 30,
    "announce": False,
    "announce_factor": 2,
    "take_back": True,       # table option (tarock.profiles.TABLE_KEYS): home play
}

ANNOUNCED = dict(STANDARD)
ANNOUNCED["name"] = "announced"
ANNOUNCED["announce"] = True

PRESETS = {"standard": STANDARD, "announced": ANNOUNCED}

MAX_TARGETS = 19  # the action space has room for 19 targets per game kind

_KEYS = (" family:s name:s hand_from:i aufnahme_from:i step:i top:i "
         " hand_rank:i values:t schneider_at:i announce:b "
         " announce_factor:i take_back:b ")


def targets(p):
    """The bidding ladder: (hand_from, hand_from + step, ..., top) as a tuple."""
    out = []
    t = p["hand_from"]
    while t < p["top"]:
        out.append(t)
        t += p["step"]
    out.append(p["top"])
    return tuple(out)


def validate_profile(p):
    """Raise ProfileError naming the first bad key; return p when it is sound."""
    check_keys(p, _KEYS, "")
    if p["family"] != "bavarian":
        raise ProfileError("family: expected 'bavarian', got %r" % (p["family"],))
    if not 1 <= p["hand_from"] <= p["top"] <= 120:
        raise ProfileError("top: need 1 <= hand_from <= top <= 120")
    if p["step"] < 1:
        raise ProfileError("step: must be >= 1")
    ts = targets(p)
    if len(ts) > MAX_TARGETS:
        raise ProfileError("step: more than %d targets from hand_from to top" % MAX_TARGETS)
    if p["aufnahme_from"] not in ts:
        raise ProfileError("aufnahme_from: %r is not a target (%s)" % (
            p["aufnahme_from"], ", ".join([str(t) for t in ts])))
    if not 0 <= p["hand_rank"] <= 60:
        raise ProfileError("hand_rank: must be 0..60")
    v = p["values"]
    if len(v) != 3:
        raise ProfileError("values: expected (simple, Schneider, Schwarz)")
    for x in v:
        _check_type("values", x, int)
        if x < 0:
            raise ProfileError("values: must be >= 0")
    if not 0 <= p["schneider_at"] < 60:
        raise ProfileError("schneider_at: must be 0..59")
    if not 1 <= p["announce_factor"] <= 8:
        raise ProfileError("announce_factor: must be 1..8")
    return p
