# The breakdown each glue module gives of a deal's result (the sheet's deal
# page, the confirm screen): lines of at most 25 characters whose item lines
# add up to the unit the family's scorer settles, and that unit settled as
# the scorer settles it equals the scorer's deltas. The seeds' worked
# examples (seeds/002 Zwei 39 + Trull, with Kontra; seeds/003 Nico's garde)
# and random played deals of every family (bots drawing legal actions).
from tarock.rng import Rng
from tarock import profiles as P
from table import games
from tarock.koenigrufen import score as KS, profiles as KP
from tarock.slovenian import score as SS, profiles as SP
from tarock.french import score as FS, profiles as FP
from tarock.bavarian import score as BS
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
        tail = ln[19:].strip() if len(ln) == 25 else ""
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


def _check_kr(profile, s):
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


def _check_si(profile, s):
    g = games.glue("slovenian")
    d = SS.score(profile, s)
    lines = g.breakdown(profile, s, _name)
    if SS.parts(profile, s) is None:
        assert _items(lines) == d, (lines, d)
    else:
        u = _sum_check(lines, "each of the party" if s.partner >= 0 else "the declarer")
        assert d[s.declarer] == u, (lines, d)
        for p in range(s.n):
            assert d[p] == (u if s.party_of(p) == SS.DECL else -u)
    return lines


def _check_fr(profile, s):
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


def _check_by(profile, s):
    g = games.glue("bavarian")
    d = BS.score(profile, s)
    lines = g.breakdown(profile, s, _name)
    if not s.redeal:
        u = _sum_check(lines, "each opponent pays")
        assert d[s.declarer] == 2 * u, (lines, d)
    return lines


CHECK = {"koenigrufen": _check_kr, "slovenian": _check_si, "french": _check_fr,
         "bavarian": _check_by}


def test_seed_worked_examples():
    from table.games.common import item_line as L
    pto = SP.PLAY_TAROCK_ONLINE
    s = SS.Summary(SP.ZWEI, 0, 3)
    s.decl_thirds = 3 * 39
    s.tricks = [8, 8, 0]
    s.bonus[SP.TRULL] = SS.DECL_MADE
    s.announced[SP.TRULL] = SS.DECL
    lines = _check_si(pto, s)
    assert L("difference to 35", 4) in lines and lines[-1] == L("the declarer", 44)
    s.declarer = 1
    s.kontra[0] = 1
    lines = _check_si(pto, s)
    assert lines[-1] == L("the declarer", 88) and L("Kontra x2", 44) in lines
    # seeds/003: Nico garde, 2 bouts, 38 points, petit au bout: R = -36
    f = FS.Summary(FP.GARDE, 1, 4)
    f.halves = 76
    f.bouts = 2
    f.petit = FS.ATT
    lines = _check_fr(FP.FFT, f)
    assert lines[-1] == L("each defender pays", -36), lines
    # Königrufen: Dreier won with Pagat ultimo announced, made, kontra'd
    k = KS.Summary(KP.DREIER, 1)
    k.decl_thirds = 130
    k.announced[KP.PAGAT_ULTIMO] = KS.DECL
    k.bonus[KP.PAGAT_ULTIMO] = KS.DECL_MADE
    k.kontra[1 + KP.PAGAT_ULTIMO] = 1
    lines = _check_kr(KP.KOENIGRUFEN_PAGAT, k)
    assert lines[:2] == ["Dreier Bernd", "43 of 70: won"], lines
    assert "Pagat ann. x2" in lines[3]


def _played(family, key, n, seed):
    g = games.glue(family)
    pr = P.get(key)
    rng = Rng(seed)
    d = g.new_deal(pr, seed, n)
    while not g.is_done(d):
        legal = d.legal_actions()
        d.apply(legal[rng.below(len(legal))])
    return pr, d.summary()


def test_random_played_deals_add_up():
    cases = (("koenigrufen", "koenigrufen/pagat", 4), ("koenigrufen", "koenigrufen/tarockcup", 4),
             ("slovenian", "slovenian/play-tarock-online", 4), ("slovenian", "slovenian/standard", 3),
             ("french", "french/fft", 4), ("french", "french/fft", 5), ("french", "french/fft", 3),
             ("bavarian", "bavarian/standard", 3), ("bavarian", "bavarian/announced", 3))
    for family, key, n in cases:
        for seed in range(1, N + 1):
            pr, s = _played(family, key, n, seed)
            CHECK[family](pr, s)


def test_manual_entries_add_up():
    # Rufer with partner, Dreier with kontras, Bettel / Piccolo (per defender)
    import sheetkit as K
    rng = Rng(11)
    seen = set()
    for _ in range(N * 3):
        s = K.manual(rng)
        seen.add(KP.contract(K.PK, s.contract)["kind"])
        _check_kr(K.PK, s)
    assert "neg" in seen and "pos" in seen
    # Trischaken: each player's line carries his delta
    s = KS.Summary(KP.TRISCHAKEN, 0)
    s.thirds = [90, 60, 45, 15]
    s.tricks = [5, 4, 3, 0]
    lines = _check_kr(K.PK, s)
    assert len(lines) == 6
