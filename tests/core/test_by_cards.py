# The 36-card German deck and the Bavarian trick functions (trick36): names,
# generated tables, and the hot paths under no_alloc (micropython.heap_lock()
# on MicroPython; a plain call on CPython, the results are asserted too).
# Source: seeds/000 first part (A 10 K O U 9 8 7 6 worth 11 10 4 3 2 0 0 0 0,
# 120 in all; follow suit, else trump, else any), RULES.md §5.
from tarock.bavarian import tables as T
from tarock.bavarian import trick as TR
from tarock.bavarian.cards import card, cards, name, names, hand_cards
from tarock.trick import key_winner
from mpcompat import no_alloc, raises

E_, G_, H_, S_ = 0, 1, 2, 3


def hand_from_cards(cs):
    """The 4 suit masks of the cards cs."""
    h = [0] * 4
    for c in cs:
        h[T.SUIT36[c]] |= 1 << T.RANK36[c]
    return h


def _hands(*texts):
    """Flat 4-masks-per-seat hand list from one text per seat."""
    h = []
    for t in texts:
        h.extend(hand_from_cards(cards(t)))
    return h


def _mask(text):
    m = 0
    for c in cards(text):
        m |= 1 << T.RANK36[c]
    return m


def test_card_numbers_and_names():
    # card = 9 * suit + rank, ranks 6 7 8 9 U O K 10 A
    assert card("E6") == 0 and card("EA") == 8
    assert card("G10") == 9 + 7 and card("HO") == 18 + 5 and card("SU") == 27 + 4
    assert card("sa") == 35 and card(" g10 ") == 16
    for c in range(36):
        assert card(name(c)) == c
    assert names([8, 16, 23, 31]) == "EA G10 HO SU"
    for bad in ("", "X7", "E1", "E11", "EAA", "10"):
        raises(ValueError, card, bad)
    raises(ValueError, name, 36)
    raises(ValueError, name, -1)


def test_deck_eyes_and_order():
    # A 11, 10 10, K 4, O 3, U 2, 9 8 7 6 nothing; 4 suits * 30 = 120
    assert T.EYES36[card("HA")] == 11 and T.EYES36[card("H10")] == 10
    assert T.EYES36[card("HK")] == 4 and T.EYES36[card("HO")] == 3
    assert T.EYES36[card("HU")] == 2 and T.EYES36[card("H9")] == 0
    assert sum(T.EYES36) == 120
    assert len(T.SUIT36) == 36 and len(T.RANK36) == 36
    assert len(T.KEY36) == 16 * 36 and len(T.EYESHI36) == 32
    # EYESHI36 indexed by mask >> 4: U O K 10 A -> bits 0..4
    assert T.EYESHI36[0b11111] == 30 and T.EYESHI36[0b11000] == 21
    assert T.EYESHI36[0b00001] == 2
    for t in (T.SUIT36, T.RANK36, T.EYES36, T.EYESHI36, T.KEY36):
        assert isinstance(t, bytes)


def test_hand_masks_round_trip():
    cs = cards("E6 EA G10 HO SU S9")
    h = hand_from_cards(cs)
    assert h == [0b100000001, 1 << 7, 1 << 5, (1 << 4) | (1 << 3)]
    assert hand_cards(h) == sorted(cs)


HANDS = _hands("E7 EK EA G10 SU",   # seat 0: no Herz
               "H6 H9 S7",          # seat 1: no Eichel, no Grün
               "")                  # seat 2: empty


def test_legal36_follow_trump_any():
    # leading: anything
    assert no_alloc(TR.legal36, HANDS, 0, -1, H_) == TR.ANY
    assert no_alloc(TR.count36, HANDS, 0, TR.ANY) == 5
    # Eichel led: follow with E7 EK EA
    code = no_alloc(TR.legal36, HANDS, 0, E_, H_)
    assert code == (_mask("E7 EK EA") << 3) | E_
    assert no_alloc(TR.count36, HANDS, 0, code) == 3
    assert no_alloc(TR.nth36, HANDS, 0, code, 0) == card("E7")
    assert no_alloc(TR.nth36, HANDS, 0, code, 2) == card("EA")
    assert no_alloc(TR.nth36, HANDS, 0, code, 3) == -1
    # Herz led, Grün trumps, no Herz: must trump with G10
    code = no_alloc(TR.legal36, HANDS, 0, H_, G_)
    assert code == (_mask("G10") << 3) | G_
    assert no_alloc(TR.nth36, HANDS, 0, code, 0) == card("G10")
    # Herz led, Schellen trumps, no Herz: must trump with SU
    code = no_alloc(TR.legal36, HANDS, 0, H_, S_)
    assert code == (_mask("SU") << 3) | S_
    # Herz led and Herz trumps: void in both -> any card
    code = no_alloc(TR.legal36, HANDS, 0, H_, H_)
    assert code == TR.ANY
    assert no_alloc(TR.count36, HANDS, 0, code) == 5
    assert no_alloc(TR.nth36, HANDS, 0, code, 3) == card("G10")
    assert no_alloc(TR.nth36, HANDS, 0, code, 4) == card("SU")
    assert no_alloc(TR.nth36, HANDS, 0, code, 5) == -1
    # seat 1 (offset 4): Grün led, Schellen trumps -> S7 only
    code = no_alloc(TR.legal36, HANDS, 4, G_, S_)
    assert code == (_mask("S7") << 3) | S_
    # the led suit is trumps: follow with trumps
    code = no_alloc(TR.legal36, HANDS, 4, H_, H_)
    assert code == (_mask("H6 H9") << 3) | H_


def _winner(tr, n, trump, lead):
    """The trick's winner by the rules' table (KEY36 row of trump and led suit)."""
    return no_alloc(key_winner, tr, n, T.KEY36, (trump * 4 + lead) * 36)


def test_trick_keys36():
    # Herz trumps, Eichel led: the lowest trump beats the Eichel ace
    tr = bytearray(cards("EK EA H6"))
    assert _winner(tr, 3, H_, E_) == 2
    # no trump: highest of the led suit; 10 beats K, A beats 10
    tr = bytearray(cards("E10 EK GA"))
    assert _winner(tr, 3, H_, E_) == 0
    tr = bytearray(cards("E10 EA S6"))
    assert _winner(tr, 3, H_, E_) == 1
    # two trumps: the higher; an off-suit ace never wins
    tr = bytearray(cards("SU S9 SO"))
    assert _winner(tr, 3, S_, G_) == 2
    tr = bytearray(cards("G7 HA EA"))
    assert _winner(tr, 3, S_, G_) == 0
    assert _winner(tr, 1, S_, G_) == 0


def test_eyes36():
    full = [0x1FF, 0x1FF, 0x1FF, 0x1FF]
    assert no_alloc(TR.eyes36, full, 0) == 120
    m = [0] * 4 + hand_from_cards(cards("EA G10 HK SO SU E9"))
    # 11 + 10 + 4 + 3 + 2 + 0 = 30
    assert no_alloc(TR.eyes36, m, 4) == 30
    assert no_alloc(TR.eyes36, m, 0) == 0


def test_deal_play_hot_paths_no_alloc():
    # why_illegal on every card and legal_code_for_move, through a whole deal
    from tarock.bavarian import rules as B
    from tarock import profiles as P
    st = B.Deal(P.get("bavarian/standard"), seed=11)
    for a in (B.A_HAND, B.A_PASS, B.A_PASS, B.A_TRUMP + 2):
        st.apply(a)
    while st.phase == B.PH_PLAY:
        code = no_alloc(st.legal_code_for_move)
        o = st.to_move * 4
        n = TR.count36(st.hands, o, code)
        legal = [TR.nth36(st.hands, o, code, k) for k in range(n)]
        assert legal == st.legal_actions()
        for c in range(36):
            r = no_alloc(st.why_illegal, c)
            assert (r == 0) == (c in legal), (c, r)
        assert no_alloc(st.why_illegal, B.A_PASS) != 0
        st.apply(legal[n // 2])
    B._ladder.clear()
