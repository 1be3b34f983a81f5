# Helpers for the breakdown tests (test_breakdown_*.py; not a test module).
# The breakdown each glue module gives of a deal's result (the sheet's deal
# page, the confirm screen): lines of at most 25 characters whose item lines
# add up to the unit the family's scorer settles, and that unit settled as
# the scorer settles it equals the scorer's deltas. The seeds' worked
# examples (seeds/002 Zwei 39 + Trull, with Kontra; seeds/003 Nico's garde)
# and random played deals of every family (bots drawing legal actions).
# One family in the heap at a time (MicroPython, 192K): each check imports
# its family, _drop() lets it go again.
import gc
from tarock.rng import Rng
from tarock import profiles as P
from table import games
from mpcompat import IS_MICROPYTHON

N = 6 if IS_MICROPYTHON else 40
NAMES = ("Anna", "Bernd", "Clara", "David", "Eva")


def _name(p):
    return NAMES[p]


def _items(lines):
    """(item values, the total line's value) from a breakdown."""
    vals = []
    for ln in lines:
        assert len(ln) <= 25, ln
        tail = ln.split()[-1] if len(ln) == 25 else ""
        if tail[:1] in ("+", "-") and tail[1:].isdigit():
            vals.append(int(tail))
    assert vals, lines
    return vals


def _sum_check(lines, total_word):
    vals = []
    total = None
    for ln in lines:
        v = _items([ln])[0] if len(ln) == 25 and ln[19:].strip()[:1] in "+-" else None
        if v is None:
            continue
        if ln.startswith(total_word):
            total = v
            break
        vals.append(v)
    assert total is not None, lines
    assert sum(vals) == total, lines
    return total


def check_kr(profile, s):
    from tarock.koenigrufen import score as KS, profiles as KP
    g = games.glue("koenigrufen")
    d = KS.score(profile, s)
    lines = g.breakdown(profile, s, _name)
    kind = KP.contract(profile, s.contract)["kind"]
    if kind == "trisch":
        assert _items(lines) == d, (lines, d)
    elif kind == "neg":
        assert sum(_items(lines)) == d[s.declarer], (lines, d)
    else:
        u = _sum_check(lines, "per opponent")
        assert d[s.declarer] == (u if s.partner >= 0 else 3 * u), (lines, d)
    return lines


def check_si(profile, s):
    from tarock.slovenian import score as SS
    g = games.glue("slovenian")
    d = SS.score(profile, s)
    lines = g.breakdown(profile, s, _name)
    if SS.parts(profile, s) is None:
        assert _items(lines) == d, (lines, d)
    else:
        u = _sum_check(lines, "each of the party" if s.partner >= 0 else "the declarer")
        zero = profile.get("opp_score") == "zero"   # standard: the opponents write 0
        assert ("opponents: 0 (standard)" in lines) == zero, lines
        mond = [0] * s.n
        if s.mond_lost >= 0:   # the standard Mondfang: its own line, paid alone
            mond[s.mond_lost] = profile["mondfang"]
            assert _items([lines[-1]]) == [-profile["mondfang"]], lines
        for p in range(s.n):
            want = u if s.party_of(p) == SS.DECL else 0 if zero else -u
            assert d[p] == want - mond[p], (lines, d)
    return lines


def check_fr(profile, s):
    from tarock.french import score as FS
    g = games.glue("french")
    d = FS.score(profile, s)
    lines = g.breakdown(profile, s, _name)
    if s.redeal:
        assert d == [0] * s.n
        return lines
    r = _sum_check(lines, "each defender pays")
    m = [FS.misere_units(profile, s, p) for p in range(s.n)]
    tm = sum(m)
    for p in range(s.n):
        if s.side(p) == FS.DEF:
            assert d[p] == -r + s.n * m[p] - tm, (lines, d)
    return lines


def check_by(profile, s):
    from tarock.bavarian import score as BS
    g = games.glue("bavarian")
    d = BS.score(profile, s)
    lines = g.breakdown(profile, s, _name)
    if not s.redeal:
        u = _sum_check(lines, "each opponent pays")
        assert d[s.declarer] == 2 * u, (lines, d)
    return lines


CHECK = {"koenigrufen": check_kr, "slovenian": check_si, "french": check_fr,
         "bavarian": check_by}


def played(family, key, n, seed):
    gc.collect()
    g = games.glue(family)
    pr = P.get(key)
    rng = Rng(seed)
    d = g.new_deal(pr, seed, n)
    while not g.is_done(d):
        legal = d.legal_actions()
        d.apply(legal[rng.below(len(legal))])
    return pr, d.summary()


def random_deals(family, cases):
    for key, n in cases:
        for seed in range(1, N + 1):
            pr, s = played(family, key, n, seed)
            CHECK[family](pr, s)
            pr = s = None
            gc.collect()
