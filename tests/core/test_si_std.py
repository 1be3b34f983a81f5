# Slovenian `standard` profile rules, one scripted deal each, played under
# both profiles: the emperor's trick, the Pagat only as the last tarok in
# Klop and the beggar games (with the emperor's exception), Mondfang (Mond
# taken by the Skis, Mond left in the talon), the called king found in the
# talon, and the opponents' score. Each applies under STANDARD and not under
# the seed's profile (seeds/002). Sources: tarock/slovenian/profiles.py.
from tarock.slovenian import rules as SL, profiles as PS, score as S
from tarock.tables import THIRDS54
from tarock import errors as E
from tarock.cards import card, cards
from test_si_rules import deck_for, fails, bid, P_

PTO = PS.PLAY_TAROCK_ONLINE
STD = PS.STANDARD
PAGAT = 0

# 30 plain cards for two hands of three players (15 each) with one tarok
PLAIN1 = "H4 H3 H2 H1 HJ HC HQ D4 D3 D2 D1 DJ DC DQ S7"
PLAIN2 = "S8 S9 S10 SJ SC SQ C7 C8 C9 C10 CJ CC CQ HK DK"


def _solo_ohne(profile, d):
    st = SL.Deal(profile, deck=d, n=3)
    st.apply(bid(PS.SOLO_OHNE))
    st.apply(P_)
    st.apply(P_)
    while st.phase == SL.PH_ANNOUNCE:
        st.apply(P_)
    assert st.phase == SL.PH_PLAY and st.to_move == 0
    return st


def _finish(st):
    while st.phase == SL.PH_PLAY:
        st.apply(st.legal_actions()[0])
    return st.summary()


def test_emperors_trick_pagat_beats_skis_and_mond():
    # Solo ohne Talon, the declarer leads the Skis; 1 and 2 hold one tarok each
    d = deck_for(3, {0: "Sküs", 1: "XXI " + PLAIN1, 2: "I " + PLAIN2})
    for profile, winner in ((STD, 2), (PTO, 0)):
        st = _solo_ohne(profile, d)
        st.apply(card("Sküs"))
        st.apply(card("XXI"))       # his only tarok
        st.apply(card("I"))
        assert st.trick_win[0] == winner, profile["name"]
        assert st.to_move == winner
        s = _finish(st)
        assert s.mond_lost == -1    # no Mondfang in Solo ohne Talon


def test_emperors_trick_holds_against_a_later_tarok():
    # four players: the Pagat third, a higher tarok fourth does not take it
    d = deck_for(4, {0: "Sküs H4", 1: "XXI H3", 2: "I H2", 3: "XX H1"})
    for profile, winner in ((STD, 2), (PTO, 0)):
        st = SL.Deal(profile, deck=d, n=4)
        st.apply(bid(PS.SOLO_OHNE))
        for _ in range(3):
            st.apply(P_)
        while st.phase == SL.PH_ANNOUNCE:
            st.apply(P_)
        st.apply(card("Sküs"))
        st.apply(card("XXI"))
        st.apply(card("I"))
        st.apply(card("XX"))
        assert st.trick_win[0] == winner, profile["name"]


def _klop(profile, d, n=3):
    st = SL.Deal(profile, deck=d, n=n)
    for _ in range(n):
        st.apply(P_)
    assert st.contract == PS.KLOP and st.to_move == 0
    return st


def test_klop_pagat_only_as_the_last_tarok_when_leading():
    d = deck_for(3, {0: "I II " + PLAIN1[:-3], 1: "III " + PLAIN2})
    st = _klop(STD, d)
    assert PAGAT not in st.legal_actions() and card("II") in st.legal_actions()
    fails(st, PAGAT, SL.E_SI_PAGAT)
    assert PAGAT in _klop(PTO, d).legal_actions()
    # as the last tarok it may be led, suit cards in the hand or not
    d = deck_for(3, {0: "I " + PLAIN1, 1: "II " + PLAIN2})
    assert PAGAT in _klop(STD, d).legal_actions()


def test_klop_pagat_only_as_the_last_tarok_when_following():
    # 0 leads the XX; 1 holds I and II: must overtake, nothing beats XX but
    # Skis and XXI (not his), so any tarok in the seed's rules, the II only here
    d = deck_for(3, {0: "XX " + PLAIN1, 1: "I II " + PLAIN2[:-3]})
    st = _klop(STD, d)
    st.apply(card("XX"))
    assert st.legal_actions() == [card("II")]
    fails(st, PAGAT, SL.E_SI_PAGAT)
    st = _klop(PTO, d)
    st.apply(card("XX"))
    assert st.legal_actions() == cards("I II")


def test_klop_emperors_exception_forces_the_pagat():
    # Skis and Mond in the trick: the Pagat is the one card that overtakes
    # (and wins); the seed's rules: any tarok, the Skis wins
    d = deck_for(3, {0: "Sküs " + PLAIN1, 1: "XXI " + PLAIN2, 2: "I II"})
    for profile, winner in ((STD, 2), (PTO, 0)):
        st = _klop(profile, d)
        st.apply(card("Sküs"))
        st.apply(card("XXI"))
        la = st.legal_actions()
        if profile is STD:
            assert la == [PAGAT]
            fails(st, card("II"), E.E_MUST_OVERTAKE)
        else:
            assert PAGAT in la and card("II") in la and len(la) == 14  # every tarok
        st.apply(PAGAT)
        assert st.trick_win[0] == winner


def test_bettler_pagat_only_as_the_last_tarok():
    # the Bettler declarer 0 leads the V; 1 holds I and III: III only (standard)
    d = deck_for(3, {0: "V " + PLAIN1, 1: "I III " + PLAIN2[:-3]})
    for profile, legal in ((STD, cards("III")), (PTO, cards("I III"))):
        st = SL.Deal(profile, deck=d, n=3)
        st.apply(bid(PS.BETTLER))
        st.apply(P_)
        st.apply(P_)
        while st.phase == SL.PH_ANNOUNCE:
            st.apply(P_)
        st.apply(card("V"))
        assert st.legal_actions() == legal, profile["name"]
    # a positive contract has no such rule
    st = _solo_ohne(STD, d)
    st.apply(card("V"))
    assert st.legal_actions() == cards("I III")


def _drei(profile, d, group, discards, n=3, call=0):
    st = SL.Deal(profile, deck=d, n=n)
    st.apply(bid(PS.DREI))
    for _ in range(n - 1):
        st.apply(P_)
    if call:
        st.apply(SL.A_CALL + call)
    st.apply(SL.A_TALON + group)
    for c in cards(discards):
        st.apply(c)
    while st.phase == SL.PH_ANNOUNCE:
        st.apply(P_)
    assert st.phase == SL.PH_PLAY
    return st


def test_mondfang_mond_taken_by_the_skis():
    # Drei, declarer 0 leads the Skis in trick 1; 1's only tarok is the Mond
    d = deck_for(3, {0: "Sküs", 1: "XXI " + PLAIN1, 2: "XX " + PLAIN2},
                 "II III IIII V VI VII")
    for profile in (STD, PTO):
        st = _drei(profile, d, 0, "VIII IX X")
        st.apply(card("Sküs"))
        st.apply(card("XXI"))
        st.apply(card("XX"))
        s = _finish(st)
        r = st.result()
        plain = S.score(profile, _without_mondfang(s))
        if profile is STD:
            assert s.mond_lost == 1
            assert r == [plain[0], -21, 0] and plain[1] == 0
        else:
            assert s.mond_lost == -1 and r == plain and r[1] == -r[0]


def _without_mondfang(s):
    d = S.summary_to_dict(s)
    d.pop("mond_lost", None)
    return S.summary_from_dict(d)


def test_mondfang_mond_left_in_the_talon():
    # the Mond in talon group 0; the declarer takes group 1 and pays himself
    d = deck_for(3, {1: "II " + PLAIN1, 2: "III " + PLAIN2}, "XXI IIII V VI VII VIII")
    for profile in (STD, PTO):
        st = _drei(profile, d, 1, "IX X XI")
        s = _finish(st)
        plain = S.score(profile, _without_mondfang(s))
        if profile is STD:
            assert s.mond_lost == 0
            assert st.result() == [plain[0] - 21, 0, 0]
        else:
            assert s.mond_lost == -1 and st.result() == plain
    # taking the Mond's group: nothing to pay
    st = _drei(STD, d, 0, "IX X XI")
    assert _finish(st).mond_lost == -1


def _king_deal(profile, follow):
    # four players, Drei calling the king of diamonds, which lies in talon
    # group 0 with H4 H3; the rest H2 H1 HJ (6 thirds). The declarer leads it
    # in trick 1: the others follow (follow=True) or position 3, void in
    # diamonds, trumps it.
    hands = {0: "Sküs XXI I", 1: "DQ", 2: "DC", 3: "DJ" if follow else "XX"}
    d = deck_for(4, hands, "DK H4 H3 H2 H1 HJ")
    st = _drei(profile, d, 0, "H4 H3 II", n=4, call=2)
    assert st.king_in_talon and st.partner == -1
    st.apply(card("DK"))
    return st


def test_called_king_from_the_talon_wins_its_trick_rest_to_the_declarer():
    rest = cards("H2 H1 HJ")
    sums = {}
    for profile in (STD, PTO):
        st = _king_deal(profile, True)
        for _ in range(3):
            st.apply(st.legal_actions()[0])
        assert st.trick_win[0] == 0
        assert sorted(st.talon_rest()) == sorted(rest)
        assert st.king_took_talon() == (profile is STD)
        sums[profile["name"]] = _finish(st).decl_thirds
    assert sum(THIRDS54[c] for c in rest) == 6
    assert sums["standard"] == sums["play-tarock-online"] + 6


def test_called_king_from_the_talon_lost_rest_to_the_opponents():
    st = _king_deal(STD, False)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    st.apply(card("XX"))           # position 3 trumps the king
    assert st.trick_win[0] == 3 and not st.king_took_talon()
    s = _finish(st)
    st2 = _king_deal(PTO, False)
    st2.apply(st2.legal_actions()[0])
    st2.apply(st2.legal_actions()[0])
    st2.apply(card("XX"))
    assert _finish(st2).decl_thirds == s.decl_thirds


def test_opponents_score_zero_in_play():
    d = deck_for(3, {0: "Sküs", 1: "XXI " + PLAIN1, 2: "I " + PLAIN2})
    st = _solo_ohne(STD, d)
    _finish(st)
    r = st.result()
    assert r[1] == 0 and r[2] == 0 and r[0] != 0
    st = _solo_ohne(PTO, d)
    _finish(st)
    r = st.result()
    assert r[1] == r[2] == -r[0] and r[0] != 0


def test_standard_legality_allocates_nothing():
    # the emperor-aware legal code (Klop, Skis and Mond in the trick) on the
    # play loop's hot path: no allocation under heap_lock (MicroPython)
    from mpcompat import no_alloc
    d = deck_for(3, {0: "Sküs " + PLAIN1, 1: "XXI " + PLAIN2, 2: "I II"})
    st = _klop(STD, d)
    st.apply(card("Sküs"))
    st.apply(card("XXI"))
    assert no_alloc(st.legal_code_for_move) == SL.PAGAT_ONLY
    assert no_alloc(st.why_illegal, PAGAT) == 0
    assert no_alloc(st.why_illegal, card("II")) == E.E_MUST_OVERTAKE
