# The called king lost in the last trick, under both Königrufen profiles:
# only the failed König ultimo counts, no Königfang (a catch is a king won by
# the defenders before the last trick). Sources: seeds/000 ("König Ultimo:
# Der gerufene König wurde im letzten Stich gespielt und Ihre Partei hat den
# Stich gemacht"; played there and lost, the bonus is subtracted even
# unannounced), RULES.md §1 "Readings fixed" ("counts as a failed König
# ultimo only, not also as a captured king"); Tarockcup: seeds/001 ("Im
# letzten Stich zählt der Königfang nicht, da dieser bereits in der Prämie
# für den König Ultimo enthalten ist"), RULES.md §2. Scripted deals through
# the state machine, expected numbers by hand in the comments.
# MicroPython-compatible: plain asserts, no pytest.
from tarock.koenigrufen import rules as K, profiles as P, score as S
from tarock import profiles as PR
from tarock.cards import card, cards, HEARTS
from krtest import deck, cut, do, bid, announce, pass_round

PK = P.KOENIGRUFEN_PAGAT

# Solo by A (forehand) calling hearts: C holds the HK and is his partner. The
# talon (the Pagat among it) goes to the defenders. A holds the top of every
# black and diamond suit and the five highest trumps.
DECK = (
    "DK DQ SK SQ CK CQ H4 XVIII XIX XX XXI SKUS",   # A, declarer
    "D4 D3 S7 S8 C7 C8 H3 II V VI VII XVII",        # B
    "D2 D1 S9 S10 C9 C10 HK III IIII VIII IX X",    # C, partner
    "DJ DC SJ SC CJ CC XI XII XIII XIV XV XVI",     # D
    "H2 H1 HJ HC HQ I",                             # talon
)
# Tricks 1-11, each led and won by A: two in each of diamonds, spades and
# clubs (everyone follows), then his five trumps (everyone follows with
# trumps; II, III, IIII fall in tricks 7 and 8, none in its bird's trick).
FIRST_TEN = ("DK D4 D2 DJ", "DQ D3 D1 DC", "SK S7 S9 SJ", "SQ S8 S10 SC",
             "CK C7 C9 CJ", "CQ C8 C10 CC", "XVIII II III XI", "XIX V IIII XII",
             "XX VI VIII XIII", "XXI VII IX XIV")
# Trick 12: A leads H4, B follows H3, C plays the HK, D (no hearts) trumps it.
KING_LAST = FIRST_TEN + ("SKUS XVII X XV", "H4 H3 HK XVI")
# A's pile: three plain suits 3 x (13 + 10 + 7 + 4 + 4 x 1) = 114, the 20
# trumps of tricks 7-11 (Sküs 13, XXI 13, 18 others 1) = 44: 158 thirds
# (52 2/3 points): Solo won. The defence: trick 12 (1 + 1 + 13 + 1) and the
# talon (1 + 1 + 4 + 7 + 10 + 13): 52. No Trull (the Pagat in the talon),
# no four kings (the HK lost), no Valat, no bird.
# For contrast, the king lost in trick 11: A leads H4 there, D trumps with the
# XV and leads the XVI in trick 12, which A takes with the Sküs.
KING_ELEVENTH = FIRST_TEN + ("H4 H3 HK XV", "XVI SKUS XVII X")


def solo(profile, king_ultimo=False):
    """Mein Spiel and three passes (in both profiles forehand then names any
    contract), Solo calling hearts; A announces König ultimo if asked."""
    st = cut(deck(*DECK), profile)
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.SOLO), K.A_CALL + HEARTS)
    assert st.contract == P.SOLO and st.declarer == 0 and st.partner == 2
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 0
    if king_ultimo:
        do(st, announce(P.KING_ULTIMO))
    pass_round(st)
    return st


def play(st, tricks):
    for t in tricks:
        for c in cards(t):
            st.apply(c)
    assert st.phase == K.PH_DONE
    s = st.summary()
    assert s.decl_thirds == 158 and list(s.tricks) in ([11, 0, 0, 1], [12, 0, 0, 0])
    for b in (P.TRULL, P.KINGS, P.PAGAT_ULTIMO, P.UHU, P.KAKADU, P.MARABU, P.VALAT,
              P.MONDFANG, P.SKUSFANG):
        assert s.bonus[b] == S.NONE, b
    return s


def items(profile, s):
    """The bonuses in the score's breakdown (nonzero or announced)."""
    return [w for (w, f, v) in S.parts(profile, s) if w != "game"]


def check_king_lost_last(profile):
    st = solo(profile)
    s = play(st, KING_LAST)
    assert st.trick_of[card("HK")] == 11 and st.trick_win[11] == 3   # D took it
    assert s.bonus[P.KING_ULTIMO] == S.DECL_FAILED
    assert s.bonus[P.KINGFANG] == S.NONE        # not also a catch
    assert items(profile, s) == [P.KING_ULTIMO]
    # Solo 2, König ultimo silent and lost -1, doubled by Solo: 2 - 2 = 0
    # (with a Königfang too it would be 2 - 2 - 2 = -2)
    assert st.result() == [0, 0, 0, 0]
    # announced by the declarer: 2 - 2 x 2 = -2, 2 v 2
    st = solo(profile, king_ultimo=True)
    s = play(st, KING_LAST)
    assert s.announced[P.KING_ULTIMO] == S.DECL and s.bonus[P.KING_ULTIMO] == S.DECL_FAILED
    assert s.bonus[P.KINGFANG] == S.NONE
    assert st.result() == [-2, 2, -2, 2]


def check_king_lost_before_the_last(profile):
    st = solo(profile)
    s = play(st, KING_ELEVENTH)
    assert st.trick_of[card("HK")] == 10 and st.trick_win[10] == 3
    assert s.bonus[P.KINGFANG] == S.DEF_MADE    # a catch before the last trick
    assert s.bonus[P.KING_ULTIMO] == S.NONE     # not played in the last trick
    assert items(profile, s) == [P.KINGFANG]
    # Solo 2, Königfang 1 to the defence, doubled: 2 - 2 = 0
    assert st.result() == [0, 0, 0, 0]


def test_pagat_king_lost_in_the_last_trick():
    check_king_lost_last(PK)


def test_pagat_king_caught_before_the_last_trick():
    check_king_lost_before_the_last(PK)


def test_tarockcup_king_lost_in_the_last_trick():
    # the cup's values here are the pagat ones: König ultimo 1/2, Königfang 1
    # (seeds/001: "nur während des Spiels"), Solorufer 2, bonuses doubled
    check_king_lost_last(PR.get("koenigrufen/tarockcup"))


def test_tarockcup_king_caught_before_the_last_trick():
    check_king_lost_before_the_last(PR.get("koenigrufen/tarockcup"))
