# French Tarot hot paths allocate nothing (under MicroPython no_alloc() runs
# them with heap_lock; on CPython the results are asserted). Plus the 78-card
# tables and names.
from tarock.french import rules as F
from tarock import errors as E
from tarock.french.tables import SUIT78, RANK78, HALVES78, BASE78, SIZE78, KEY78, N78
from tarock.french.cards import card78, cards78, name78, names78, hand78, EXCUSE, PETIT, MONDE, KINGS78
from mpcompat import no_alloc, raises
import frsim


def _hand4(text):
    return hand78(cards78(text)) + [0] * 18


def _mask(text):
    m = 0
    for c in cards78(text):
        m |= 1 << RANK78[c]
    return m


HAND = _hand4("1 7 15 Excuse H2 HV HR S10 CD")   # no diamonds


def test_tables_and_names():
    assert N78 == 78 and len(KEY78) == 5 * 78
    tot = 0
    for c in range(78):
        tot += HALVES78[c]
        assert card78(name78(c)) == c
    assert tot == 182  # 91 points
    assert (card78("1"), card78("21"), card78("Excuse"), card78("HR")) == (PETIT, MONDE, EXCUSE, 34)
    assert card78("petit") == PETIT and names78(cards78("21 Excuse CR")) == "21 Excuse CR"
    assert [name78(k) for k in KINGS78] == ["HR", "DR", "SR", "CR"]
    assert (HALVES78[PETIT], HALVES78[MONDE], HALVES78[EXCUSE]) == (9, 9, 9)
    assert [HALVES78[card78(x)] for x in ("HR", "HD", "HC", "HV", "H10", "2")] == [9, 7, 5, 3, 1, 1]
    assert list(BASE78) == [0, 21, 35, 49, 63, 77] and list(SIZE78) == [21, 14, 14, 14, 14, 1]
    assert SUIT78[EXCUSE] == 5
    for lead in range(5):
        assert KEY78[lead * 78 + EXCUSE] == 0  # the Excuse never wins
    raises(ValueError, card78, "22")
    raises(ValueError, name78, 78)


def test_legal_code_follow_trump_overtrump():
    # hearts led: hearts only (+ the Excuse)
    code = no_alloc(F.legal_code78, HAND, 0, 1, card78("H5"))
    assert code == (_mask("H2 HV HR") << 3) | 1
    assert no_alloc(F.code_count78, HAND, 0, code) == 4
    assert no_alloc(F.code_nth78, HAND, 0, code, 0) == card78("H2")
    assert no_alloc(F.code_nth78, HAND, 0, code, 3) == EXCUSE
    assert no_alloc(F.code_nth78, HAND, 0, code, 4) == -1
    assert no_alloc(F.code_has78, HAND, 0, code, EXCUSE) is True
    assert no_alloc(F.code_has78, HAND, 0, code, card78("S10")) is False
    # diamonds led, void: trumps; the 10 of trumps lies: overtrump with the 15
    code = no_alloc(F.legal_code78, HAND, 0, 2, card78("10"))
    assert code == _mask("15") << 3
    # a 16 lies: he cannot overtrump, any trump
    code = no_alloc(F.legal_code78, HAND, 0, 2, card78("16"))
    assert code == _mask("1 7 15") << 3
    # diamonds led, a diamond winning: any trump
    assert no_alloc(F.legal_code78, HAND, 0, 2, card78("DR")) == _mask("1 7 15") << 3
    # trumps led, the 5 lies: 7 or 15
    assert no_alloc(F.legal_code78, HAND, 0, 0, card78("5")) == _mask("7 15") << 3
    # leading (or after a led Excuse): anything
    code = no_alloc(F.legal_code78, HAND, 0, -1, EXCUSE)
    assert no_alloc(F.code_count78, HAND, 0, code) == 9
    assert no_alloc(F.code_nth78, HAND, 0, code, 0) == PETIT
    assert no_alloc(F.code_nth78, HAND, 0, code, 8) == EXCUSE


def test_legal_code_void_no_trumps():
    h = _hand4("H2 S3")
    code = no_alloc(F.legal_code78, h, 0, 2, card78("D5"))
    assert code == F.ANY and no_alloc(F.code_count78, h, 0, code) == 2


def test_pile_halves_and_why_illegal_allocate_nothing():
    assert no_alloc(F.pile_halves, HAND, 0) == 9 + 1 + 1 + 9 + 1 + 3 + 9 + 1 + 7
    pr = frsim.profile("fft")
    st = None
    for seed in range(1, 40):
        st = F.Deal(pr, seed=seed)
        if st.phase == F.PH_BID:
            break
    for p in range(4):
        st.apply(F.A_BID + 3 if p == 0 else F.A_PASS)
    st.apply(F.A_PASS)
    assert st.phase == F.PH_PLAY
    for i in range(20):
        c = st.legal_code_for_move()
        assert c >= 0
        for a in (0, 21, 50, 77):
            code = no_alloc(st.why_illegal, a)
            assert code in (0, E.E_NOT_IN_HAND, E.E_MUST_FOLLOW, E.E_MUST_TRUMP, E.E_MUST_OVERTAKE)
        st.apply(F.code_nth78(st.hands, st.to_move * 6, c, 0))
    frsim.release()
