# Action codes that cannot collide (tarock.codes): every family's ranges
# are laid out from their counts, share no code, end at A_MAX and are the
# rules module's const bases; the checker fails on overlapping ranges (so
# it cannot pass vacuously); two bonuses more move the later bases and
# still share no code; a played log carried to such a table by range name
# and offset comes back unchanged and replays to the same deal; a code
# without counterpart is refused in one line.
import gc
import sys

from tarock import codes as C
from tarock import families as F
from mpcompat import raises, IS_MICROPYTHON

FAMILIES = ("koenigrufen", "slovenian", "french", "bavarian")


def _each_family():
    """(family, its rules module), one family on MicroPython's heap at a
    time: a device loads one, and 192K do not hold all four. On CPython
    they stay: pytest runs every module in one process, and other tests'
    objects (presets compared by identity) come from the loaded ones."""
    import tarock
    for fam in FAMILIES:
        yield fam, F.module(fam, "deal")
        if not IS_MICROPYTHON:
            continue
        for k in list(sys.modules):
            if k.startswith("tarock." + fam) or k.startswith("tarock.bots"):
                del sys.modules[k]
        for k in (fam, "bots"):
            if k in tarock.__dict__:
                delattr(tarock, k)
        gc.collect()


def test_every_familys_ranges_share_no_code_and_end_at_a_max():
    for fam, R in _each_family():
        t = R.codes()
        C.check(t, R.A_MAX)
        assert C.end(t) == R.A_MAX, (fam, C.end(t), R.A_MAX)


def test_the_ranges_are_the_rules_modules_const_bases():
    # the cards first from 0, every other range at its A_<NAME>
    for fam, R in _each_family():
        t = R.codes()
        assert t[0][:2] == ("card", 0), t[0]
        for name, base, count in t[1:]:
            assert getattr(R, "A_" + name.upper()) == base, (fam, name, base)
        if fam == "french":
            assert R.A_PASS == R.A_BID      # a pass is bid+0
        if fam == "koenigrufen":            # Kontra items: game, 1+b per bonus, then +p
            assert R.ITEM_NEG == 1 + F.module(fam, "profiles").N_BONUS


# Slovenian's hand-packed bases before they were derived (A_ANNOUNCE 104,
# A_DOUBLE 112, A_PLAY 120), with two bonuses more: A_DOUBLE's 9 items
# reach 120, A_PLAY's code
PACKED_SI = (("card", 0, 54), ("pass", 60, 1), ("bid", 70, 14), ("call", 90, 5),
             ("talon", 96, 6), ("announce", 104, 8), ("double", 112, 9), ("play", 120, 1))


def test_the_checker_fails_on_overlapping_ranges():
    e = raises(ValueError, C.check, PACKED_SI, 121)
    assert str(e) == "code ranges double and play overlap at 120", str(e)
    # each range's first code is caught too, in any order of the table
    e = raises(ValueError, C.check, (("b", 5, 3), ("a", 0, 6)), 10)
    assert str(e) == "code ranges a and b overlap at 5", str(e)
    e = raises(ValueError, C.check, (("a", 0, 4), ("b", 4, 3)), 6)
    assert str(e) == "code range b ends at 7, past A_MAX 6", str(e)
    e = raises(ValueError, C.check, (("a", 0, 4), ("a", 4, 1)), 6)
    assert str(e) == "code range a twice", str(e)
    e = raises(ValueError, C.check, (("a", 0, 4), ("b", 4, 0)), 6)
    assert "code range b" in str(e)
    C.check((("a", 0, 4), ("b", 6, 1)), 7)   # a gap is no collision


def test_two_bonuses_more_move_the_later_bases():
    for fam, R in _each_family():
        if fam not in ("koenigrufen", "slovenian"):
            continue                                      # no bonus codes
        n = F.module(fam, "profiles").N_BONUS
        now = R.codes()
        more = R.codes(n + 2)
        C.check(more, C.end(more))
        names = [r[0] for r in now]
        assert [r[0] for r in more] == names
        i = names.index("announce")
        assert more[:i] == now[:i]                       # the ranges before stay
        assert more[i] == ("announce", now[i][1], n + 2)
        assert more[i + 1] == ("double", now[i + 1][1] + 2, n + 3)
        for j in range(i + 2, len(now)):                  # both grew by two
            assert more[j] == (now[j][0], now[j][1] + 4, now[j][2])
        assert C.end(more) == C.end(now) + 4


def test_a_log_carried_to_two_more_bonuses_and_back_replays_the_same_deal():
    # Königrufen seed 0 announces and gives Kontras, seed 3 a Kontra on a
    # negative game; Slovenian seed 0 announces and gives Kontras
    for fam, R in _each_family():
        if fam in ("koenigrufen", "slovenian"):
            for seed in ((0, 3) if fam == "koenigrufen" else (0,)):
                _carried_and_back(fam, R, seed)


def _carried_and_back(fam, R, seed):
    from tarock import bots as B
    from tarock import profiles as PR
    st = R.Deal(PR.get(F.family(fam)["default"]), seed=seed)
    B.play(st, [B.make("random", fam) for _ in range(4)], seed)
    now = R.codes()
    more = R.codes(F.module(fam, "profiles").N_BONUS + 2)
    moved = C.translate(st.log, now, more)
    late = 0
    for a, b in zip(st.log, moved):
        if a < R.A_DOUBLE:
            assert b == a, (a, b)                 # cards .. announcements stay
        else:
            late += 1
            assert b == a + (4 if fam == "koenigrufen" and a >= R.A_DOUBLE_NEG else 2)
    assert late, (fam, seed)                      # the deal has moved codes
    back = C.translate(moved, more, now)
    assert back == st.log
    again = R.Deal.replay(st.profile, st.deck, back)
    assert again.fingerprint() == st.fingerprint()
    assert C.translate(st.log, now, now) == st.log


def test_a_code_without_counterpart_is_refused():
    from tarock.koenigrufen import rules as K
    from tarock.koenigrufen import profiles as KP
    fewer = K.codes(KP.N_BONUS - 1)          # a table without the last bonus
    a = K.A_ANNOUNCE + KP.TEN_TAROCK
    e = raises(ValueError, C.translate, [0, K.A_PASS, a], K.codes(), fewer)
    assert str(e) == "code %d (announce+%d) has no counterpart in these codes" % (
        a, KP.TEN_TAROCK), str(e)
    e = raises(ValueError, C.translate, [K.A_MAX], K.codes(), fewer)
    assert str(e) == "code %d is in no range of the log's code table" % K.A_MAX, str(e)
    gone = tuple(r for r in K.codes() if r[0] != "fourth")
    e = raises(ValueError, C.translate, [K.A_FOURTH], K.codes(), gone)
    assert "(fourth+0) has no counterpart" in str(e)


def test_a_table_packs_to_a_short_string_and_back():
    for fam, R in _each_family():
        t = R.codes()
        s = C.pack(t)
        assert C.unpack(s) == t
        assert "," not in s and '"' not in s          # a CSV cell without quotes
        if fam == "bavarian":
            assert s.startswith("card:0:36 pass:36:1 hand:37:19 "), s
    for bad in ("", "card:0", "card:x:54", ":0:54", "card:0:54 pass:-1:1"):
        raises(ValueError, C.unpack, bad)
