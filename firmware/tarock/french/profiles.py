# French Tarot profiles as data: contracts, tariff and the seed's variants.
# Sources: RULES.md §4 (Fédération Française de Tarot rules,
# https://www.fftarot.fr/assets/documents/R-RO201206.pdf) and
# seeds/003_441f51eeb81efd04.txt ("Varianten"; docs/SOURCES.md
# maps every seed and RULES.md section to its public source). Registered in
# the family's profiles module (tarock.families); presets by 'french/<name>'.
from tarock.profiles import ProfileError, _check_type, check_keys, spec_type

PRISE = 1
GARDE = 2
GARDE_SANS = 3
GARDE_CONTRE = 4

FR_CONTRACTS = {
    PRISE: {"name": "Prise", "mult": 1},
    GARDE: {"name": "Garde", "mult": 2},
    GARDE_SANS: {"name": "Garde sans", "mult": 4},
    GARDE_CONTRE: {"name": "Garde contre", "mult": 6},
}

FFT = {
    "family": "french",
    "name": "fft",
    "contracts": FR_CONTRACTS,
    "thresholds": (56, 51, 41, 36),   # by bouts 0..3 in the taker's tricks
    "base": 25,                        # (base + |diff|) x multiplier
    "petit_bout": 10,                  # x multiplier unless petit_fixed
    "petit_fixed": False,              # variant: a fixed 10 whatever the contract
    "poignee_values": (20, 30, 40),    # simple, double, triple; never multiplied
    # trumps to show per number of players (2: the two-player variant, 18 in hand)
    "poignee_trumps": {2: (10, 13, 15), 3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)},
    "poignee_to": "winner",            # variant: "announcer"
    # the Excuse played in the last trick: "opponents" (seeds/003, the FFT rules: it "geht
    # an die Gegenseite", whoever takes the trick) or "winner" (to the side
    # that takes the trick: bric-a-brac.org/tarot "elle devient propriété du
    # joueur qui remporte cette levée"; this firmware before issue 36).
    # Either way, led in the last trick by a side that took every other
    # trick, it wins that trick and stays (the slam).
    "excuse_last": "opponents",
    # chelem: announced and made, made unannounced, announced and failed
    # (subtracted), defence takes every trick (to each defender)
    "chelem": (400, 200, 200, 200),
    "miseres": False,                  # variant: misère d'atout / de tête
    "misere_value": 10,                # from each other player
    "dummy5": False,                   # variant: 5 at the table, the dealer sits out
    "share5": (2, 1),                  # taker, partner shares at five
    "party_points": 0,                 # party ends once someone reaches it (0: off)
    "party_points_strict": True,       # seeds/003 (FFT variants): ... exceeds it (> P)
    "party_deals": 0,                  # deals per party (0: one round, each deals once)
    "take_back": True,                 # table option (tarock.profiles.TABLE_KEYS)
}


def _preset(name, **kw):
    p = dict(FFT)
    p["name"] = name
    p.update(kw)
    return p


PRESETS = {
    "fft": FFT,
    "strohmann": _preset("strohmann", dummy5=True),
    "maison": _preset("maison", miseres=True, poignee_to="announcer", petit_fixed=True),
    "1000": _preset("1000", party_points=1000),
}

_TOP_KEYS = (" family:s name:s contracts:d thresholds:t base:i "
             " petit_bout:i petit_fixed:b poignee_values:t "
             " poignee_trumps:d poignee_to:s excuse_last:s chelem:t "
             " miseres:b misere_value:i dummy5:b share5:t party_points:i "
             " party_deals:i party_points_strict:b take_back:b ")
_CONTRACT_KEYS = (" name:s mult:i on:b ")
_HAND = {2: 18, 3: 24, 4: 18, 5: 15}


def _ints(where, v, n, lo=0):
    if len(v) != n:
        raise ProfileError("%s: expected %d numbers" % (where, n))
    for x in v:
        _check_type(where, x, int)
        if x < lo:
            raise ProfileError("%s: values must be >= %d" % (where, lo))


def validate_profile(p):
    """French profile check: raise ProfileError naming the first bad key."""
    check_keys(p, _TOP_KEYS, "")
    for cid in (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE):
        if cid not in p["contracts"]:
            raise ProfileError("contracts.%d: missing" % cid)
    for cid in p["contracts"]:
        c = p["contracts"][cid]
        w = "contracts.%s" % (cid,)
        if cid not in (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE):
            raise ProfileError("%s: no such contract (1..4)" % w)
        _check_type(w, c, dict)
        for ck in c:
            t = spec_type(_CONTRACT_KEYS, ck)
            if t is None:
                raise ProfileError("%s.%s: unknown key" % (w, ck))
            _check_type(w + "." + ck, c[ck], t)
        if "mult" not in c or c["mult"] < 1:
            raise ProfileError("%s.mult: must be >= 1" % w)
    if not any(p["contracts"][c].get("on", True) for c in p["contracts"]):
        raise ProfileError("contracts: no contract is enabled")
    _ints("thresholds", p["thresholds"], 4)
    for i in range(3):
        if p["thresholds"][i] < p["thresholds"][i + 1] or p["thresholds"][0] > 91:
            raise ProfileError("thresholds: must fall with the bouts, at most 91")
    _ints("poignee_values", p["poignee_values"], 3)
    _ints("chelem", p["chelem"], 4)
    _ints("share5", p["share5"], 2, 1)
    for k in ("base", "petit_bout", "misere_value", "party_points", "party_deals"):
        if p[k] < 0:
            raise ProfileError("%s: must be >= 0" % k)
    if p["poignee_to"] not in ("winner", "announcer"):
        raise ProfileError("poignee_to: must be winner or announcer")
    if p["excuse_last"] not in ("opponents", "winner"):
        raise ProfileError("excuse_last: must be opponents or winner")
    for n in (2, 3, 4, 5):
        t = p["poignee_trumps"].get(n)
        w = "poignee_trumps.%d" % n
        if not isinstance(t, tuple):
            raise ProfileError("%s: expected (simple, double, triple)" % w)
        _ints(w, t, 3, 1)
        if not t[0] < t[1] < t[2] <= 22 or t[2] > _HAND[n]:
            raise ProfileError("%s: must rise and fit in a hand of %d" % (w, _HAND[n]))
    return p
