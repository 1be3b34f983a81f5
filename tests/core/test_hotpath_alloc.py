# The play loop's hot paths allocate nothing: under MicroPython no_alloc()
# runs them with micropython.heap_lock() (any allocation -> MemoryError ->
# test failure); on CPython it just calls through, so the results are
# asserted too. Arguments are built before the locked call.
from tarock.koenigrufen import rules as K, profiles as P
from tarock import tables as T
from tarock import trick as TR
from tarock import errors as E
from tarock.cards import card, cards
from handkit import hand_from_cards
from tarock.rng import Rng
from mpcompat import no_alloc, raises
import krsim


def _hand(text):
    """A 4-seat hand list with seat 0 holding `text`, the rest empty."""
    h = hand_from_cards(cards(text))
    return h + [0] * 15


def _mask(text):
    m = 0
    for c in cards(text):
        m |= 1 << T.RANK54[c]
    return m


HAND = _hand("I II XV XXI Sküs H4 HJ HK S7 SQ")  # no diamonds, no clubs


def test_legal_code_following():
    # hearts led: any heart follows
    code = no_alloc(TR.legal_code, HAND, 0, 1, card("H3"), 0)
    assert code == (_mask("H4 HJ HK") << 3) | 1, code
    assert no_alloc(TR.code_count, HAND, 0, code) == 3
    assert no_alloc(TR.code_nth, HAND, 0, code, 0) == card("H4")
    assert no_alloc(TR.code_nth, HAND, 0, code, 2) == card("HK")
    assert no_alloc(TR.code_nth, HAND, 0, code, 3) == -1
    assert no_alloc(TR.code_has, HAND, 0, code, card("HJ")) is True
    assert no_alloc(TR.code_has, HAND, 0, code, card("SQ")) is False
    assert no_alloc(TR.code_has, HAND, 0, code, card("XXI")) is False


def test_legal_code_leading():
    code = no_alloc(TR.legal_code, HAND, 0, -1, 0, 0)
    assert code == (_mask("I II XV XXI Sküs") << 3) | TR.ANY, code
    assert no_alloc(TR.code_count, HAND, 0, code) == 10
    assert no_alloc(TR.code_nth, HAND, 0, code, 0) == card("I")
    assert no_alloc(TR.code_nth, HAND, 0, code, 9) == card("SQ")
    # Trischaken: Pagat is not led while other trumps are held
    code = no_alloc(TR.legal_code, HAND, 0, -1, 0, TR.M_TRISCH | TR.M_NEG)
    assert code == (_mask("II XV XXI Sküs") << 3) | TR.ANY, code
    assert no_alloc(TR.code_count, HAND, 0, code) == 9
    assert no_alloc(TR.code_has, HAND, 0, code, card("I")) is False
    # Farbensolo: no trump lead while holding a plain card
    code = no_alloc(TR.legal_code, HAND, 0, -1, 0, TR.M_COLOR)
    assert code == TR.ANY
    assert no_alloc(TR.code_count, HAND, 0, code) == 5
    assert no_alloc(TR.code_has, HAND, 0, code, card("XXI")) is False
    assert no_alloc(TR.code_has, HAND, 0, code, card("H4")) is True


def test_legal_code_trumping_and_void():
    # clubs led: void in clubs -> must trump
    code = no_alloc(TR.legal_code, HAND, 0, 4, card("C7"), 0)
    assert code == (_mask("I II XV XXI Sküs") << 3) | 0, code
    assert no_alloc(TR.code_nth, HAND, 0, code, 4) == card("Sküs")
    # void in clubs and trumps -> anything
    h = _hand("H4 HJ S7")
    code = no_alloc(TR.legal_code, h, 0, 4, card("CK"), 0)
    assert code == TR.ANY
    assert no_alloc(TR.code_count, h, 0, code) == 3
    # a seat other than 0: offset 5
    h2 = [0] * 5 + hand_from_cards(cards("D4 DK XX")) + [0] * 10
    code = no_alloc(TR.legal_code, h2, 5, 2, card("DJ"), 0)
    assert code == (_mask("D4 DK") << 3) | 2


def test_legal_code_negative_overtake():
    # Bettel/Piccolo: must overtake when able
    code = no_alloc(TR.legal_code, HAND, 0, 1, card("HC"), TR.M_NEG)
    assert code == (_mask("HK") << 3) | 1, code
    # cannot overtake: any heart
    h = _hand("H4 HJ XX")
    code = no_alloc(TR.legal_code, h, 0, 1, card("HK"), TR.M_NEG)
    assert code == (_mask("H4 HJ") << 3) | 1, code
    code2 = (_mask("H4 HJ HK") << 3) | 1
    # trump winning a heart trick, we hold hearts: follow, no overtake possible
    code = no_alloc(TR.legal_code, HAND, 0, 1, card("XX"), TR.M_NEG)
    assert code == code2, code
    # void, trumping over a trump: must go higher than XX
    code = no_alloc(TR.legal_code, HAND, 0, 4, card("XX"), TR.M_NEG)
    assert code == (_mask("XXI Sküs") << 3) | 0, code
    # Trischaken Pagat rule while trumping: Pagat only as the last trump
    code = no_alloc(TR.legal_code, HAND, 0, 4, card("C7"), TR.M_NEG | TR.M_TRISCH)
    assert code == (_mask("II XV XXI Sküs") << 3) | 0, code


def test_trick_winner():
    tr = bytearray((card("H4"), card("HK"), card("XV"), card("H1")))
    assert no_alloc(TR.trick_winner, tr, 4, T.KEY54, 1, 0) == 2
    tr2 = bytearray((card("S7"), card("SQ"), card("H1"), card("S10")))
    assert no_alloc(TR.trick_winner, tr2, 4, T.KEY54, 3, 0) == 1
    assert no_alloc(TR.trick_winner, tr2, 2, T.KEY54, 3, 0) == 1
    # Farbensolo keys: a trump is just a plain card of its own suit
    tr3 = bytearray((card("H4"), card("XXI"), card("H3"), card("D1")))
    # (red suits run 4 3 2 1 J C Q K: H3 beats H4; XXI and D1 are off-suit)
    assert no_alloc(TR.trick_winner, tr3, 4, T.KEYPLAIN54, 1, TR.M_COLOR) == 2
    assert no_alloc(TR.trick_winner, tr3, 4, T.KEY54, 1, 0) == 1
    # Kaiserstich: Sküs, XXI and Pagat in one trick -> Pagat wins
    tr4 = bytearray((card("Sküs"), card("I"), card("XXI"), card("H4")))
    assert no_alloc(TR.trick_winner, tr4, 4, T.KEY54, 0, TR.M_KAISER) == 1
    assert no_alloc(TR.trick_winner, tr4, 4, T.KEY54, 0, 0) == 0


def test_pile_thirds():
    full = [0x3FFFFF, 0xFF, 0xFF, 0xFF, 0xFF]
    assert no_alloc(TR.pile_thirds, full, 0) == 210
    m = [0] * 5 + hand_from_cards(cards("I XXI Sküs HK CK H4"))
    # 13 * 5 + 1 = 66 thirds (three 5s, ... two kings 13 each, H4 1)
    assert no_alloc(TR.pile_thirds, m, 5) == 13 * 5 + 1
    assert no_alloc(TR.pile_thirds, m, 0) == 0


def _play_state(contract=P.DREIER, seed=11):
    """A Deal in the play phase without holds (nobody announced anything)."""
    pr = krsim.profile_all(False)
    rng = Rng(seed)
    st = K.Deal(pr, seed=seed)
    while st.phase != K.PH_PLAY:
        if st.phase == K.PH_ANNOUNCE:
            a = K.A_PASS
        else:
            a = krsim.steer(st, contract, rng)
        st.apply(a)
    assert st.holds is None
    return st, rng


@krsim.releasing
def test_why_illegal_play_no_alloc():
    st, rng = _play_state()
    for step in range(10):
        p = st.to_move
        legal = st.legal_actions()
        for c in range(54):
            want = 0 if c in legal else -1
            code = no_alloc(st.why_illegal, c)
            if want == 0:
                assert code == 0, (c, code)
            else:
                assert code != 0, (c, code)
                if not st.holds_card(p, c):
                    assert code == E.E_NOT_IN_HAND
                else:
                    assert code in (E.E_MUST_FOLLOW, E.E_MUST_TRUMP, E.E_MUST_OVERTAKE,
                                    E.E_HOLD_BIRD), code
        st.apply(legal[rng.below(len(legal))])
    # wrong-phase actions in the play phase: also no allocation
    assert no_alloc(st.why_illegal, K.A_PASS) == E.E_NOT_IN_PHASE
    assert no_alloc(st.why_illegal, -1) == E.E_UNKNOWN


@krsim.releasing
def test_legal_code_for_move():
    st, rng = _play_state(P.BETTEL, 5)
    fn = getattr(st, "legal_code_for_move", None)
    if fn is None:
        return  # fast path not there (yet)
    while st.phase == K.PH_PLAY:
        code = no_alloc(st.legal_code_for_move)
        o = st.to_move * 5
        n = TR.code_count(st.hands, o, code)
        got = [TR.code_nth(st.hands, o, code, k) for k in range(n)]
        assert got == st.legal_actions()
        st.apply(got[rng.below(n)])
    assert st.legal_code_for_move() == -1


def test_tables_are_bytes():
    for name in ("SUIT54", "RANK54", "VALUE54", "THIRDS54", "BASE54", "SIZE54",
                 "KEY54", "KEYPLAIN54"):
        t = getattr(T, name)
        assert isinstance(t, bytes), (name, type(t))
    assert len(T.SUIT54) == 54 and len(T.THIRDS54) == 54
    assert len(T.KEY54) == 5 * 54 and len(T.KEYPLAIN54) == 5 * 54
    assert len(T.BASE54) == 5 and len(T.SIZE54) == 5
    raises(TypeError, _store, T.KEY54)  # read-only: stays in flash when frozen


def _store(t):
    t[0] = 1
