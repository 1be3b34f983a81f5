# Slovenian Tarok scripted deals, one per special rule: bidding with
# forehand's priority, Klop when all pass, Solo forms for four only, the king
# call and its secrecy, talon groups, discards, the announcement round and
# Kontra, follow/tarok/overtake, beggar contracts, Valat and Pagat ultimo.
# Decks are built card by card (deck_for), so each situation is exact.
from tarock.slovenian import rules as SL, profiles as PS, score as S
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.cards import card, cards
from mpcompat import raises

PTO = PS.PLAY_TAROCK_ONLINE
STD = PS.STANDARD


def deck_for(n, hands, talon=""):
    """A deck giving each position the named cards (hands: {pos: "names"}),
    the talon the named ones; the rest filled in card order."""
    per = 48 // n
    used = set()
    hs = []
    for p in range(n):
        h = cards(hands.get(p, ""))
        hs.append(h)
        for c in h:
            used.add(c)
    t = cards(talon)
    for c in t:
        used.add(c)
    rest = [c for c in range(54) if c not in used]
    while len(t) < 6:
        t.append(rest.pop(0))
    for h in hs:
        while len(h) < per:
            h.append(rest.pop(0))
    assert not rest
    half = per // 2
    deck = list(t)
    for r in range(2):
        for p in range(n):
            deck += hs[p][r * half:(r + 1) * half]
    return deck


def fails(st, a, code):
    fp = st.fingerprint()
    e = raises(IllegalAction, st.apply, a)
    assert e.code == code, (a, e.code, code)
    assert st.why_illegal(a) == code
    assert st.fingerprint() == fp


def bid(c):
    return SL.A_BID + c


P_ = SL.A_PASS


def test_deal_sizes_and_talon():
    for n, per in ((2, 24), (3, 16), (4, 12)):
        st = SL.Deal(PTO, seed=3, n=n)
        assert [len(st.hand_of(p)) for p in range(n)] == [per] * n
        assert list(st.talon) == list(st.deck[0:6])
        assert st.ntricks == per


def test_bidding_forehand_holds_equal_later_seats_must_go_higher():
    st = SL.Deal(PTO, seed=1, n=3)
    st.apply(bid(PS.DREI))
    fails(st, bid(PS.DREI), E.E_BID_TOO_LOW)   # position 1 may not match
    st.apply(bid(PS.ZWEI))
    st.apply(P_)                               # position 2 passes for good
    assert st.to_move == 0
    st.apply(bid(PS.ZWEI))                     # forehand holds Zwei
    fails(st, bid(PS.ZWEI), E.E_BID_TOO_LOW)
    st.apply(bid(PS.EINS))
    st.apply(P_)
    assert st.contract == PS.EINS and st.declarer == 1
    assert st.phase == SL.PH_TALON             # alone with three: no king call


def test_all_pass_is_klop():
    st = SL.Deal(PTO, seed=2, n=4)
    for _ in range(4):
        st.apply(P_)
    assert st.contract == PS.KLOP and st.declarer == -1
    assert st.phase == SL.PH_PLAY and st.to_move == 0   # no announcements
    for p in range(4):
        v = st.view(p)
        assert "talon" not in v                          # the talon stays closed


def test_solo_forms_only_with_four():
    st = SL.Deal(PTO, seed=4, n=3)
    fails(st, bid(PS.SOLO_DREI), SL.E_SI_PLAYERS)
    fails(st, bid(PS.OPEN2), E.E_CONTRACT_OFF)
    fails(st, bid(PS.VALAT_OHNE), E.E_CONTRACT_OFF)     # not in the seed's tariff
    st = SL.Deal(PTO, seed=4, n=4)
    st.apply(bid(PS.SOLO_DREI))
    for _ in range(3):
        st.apply(P_)
    assert st.phase == SL.PH_TALON and st.partner == -1 and st.called == 0


def test_king_call_partner_secret_until_the_king_falls():
    d = deck_for(4, {0: "XXI XX XIX HQ", 2: "SK", 1: "HK"}, "I II III IV V VI")
    st = SL.Deal(PTO, deck=d, n=4)
    st.apply(bid(PS.DREI))
    for _ in range(3):
        st.apply(P_)
    assert st.phase == SL.PH_CALL
    st.apply(SL.A_CALL + 3)             # the king of spades
    assert st.partner == 2 and not st.king_in_talon
    for p in range(4):
        assert "partner" not in st.view(p)
    assert st.party(2) == S.DECL and st.party(1) == S.DEF


def test_called_king_in_talon_declarer_alone():
    d = deck_for(4, {0: "XXI XX"}, "DK I II III IV V")
    st = SL.Deal(PTO, deck=d, n=4)
    st.apply(bid(PS.ZWEI))
    for _ in range(3):
        st.apply(P_)
    st.apply(SL.A_CALL + 2)
    assert st.partner == -1 and st.king_in_talon
    assert st.view(1)["partner"] == -1   # the talon shows it to everyone


def test_talon_groups_and_discards():
    d = deck_for(3, {0: "HK XXI Sküs I II H4 H3"}, "D4 D3 D2 D1 DJ DC")
    st = SL.Deal(PTO, deck=d, n=3)
    st.apply(bid(PS.ZWEI))
    st.apply(P_)
    st.apply(P_)
    assert st.phase == SL.PH_TALON
    assert [a - SL.A_TALON for a in st.legal_actions()] == [0, 1, 2]   # 3 groups of 2
    fails(st, SL.A_TALON + 3, SL.E_SI_GROUP)
    for p in range(3):
        assert st.view(p)["talon"] == cards("D4 D3 D2 D1 DJ DC")
    st.apply(SL.A_TALON + 1)            # D2 D1
    assert card("D2") in st.hand_of(0) and card("D1") in st.hand_of(0)
    assert st.phase == SL.PH_DISCARD and st.to_discard == 2
    fails(st, card("HK"), E.E_DISCARD_KING)
    fails(st, card("Sküs"), E.E_DISCARD_KING)
    fails(st, card("I"), E.E_DISCARD_KING)
    fails(st, card("II"), E.E_DISCARD_TRUMP)   # plain cards left
    fails(st, card("DK"), E.E_NOT_IN_HAND)
    st.apply(card("H4"))
    st.apply(card("D2"))
    assert st.phase == SL.PH_ANNOUNCE
    assert sorted(st.talon_rest()) == sorted(cards("D4 D3 DJ DC"))
    assert st.view(1)["shown_discards"] == []


def test_tarok_discard_only_when_forced_and_shown():
    hand = "HK DK SK CK I II III IV V VI VII VIII IX X XI XII"
    d = deck_for(3, {0: hand}, "XIII XIV XV XVI XVII XVIII")
    st = SL.Deal(PTO, deck=d, n=3)
    st.apply(bid(PS.DREI))
    st.apply(P_)
    st.apply(P_)
    st.apply(SL.A_TALON)
    fails(st, card("I"), E.E_DISCARD_KING)
    st.apply(card("II"))
    assert st.view(2)["shown_discards"] == [card("II")]


def _to_announce(n=3, contract=PS.DREI, seed=5, profile=PTO):
    st = SL.Deal(profile, seed=seed, n=n)
    st.apply(bid(contract))
    for _ in range(n - 1):
        st.apply(P_)
    while st.phase != SL.PH_ANNOUNCE:
        st.apply(st.legal_actions()[0])
    return st


def test_announcements_by_the_declarer_only():
    st = _to_announce()
    assert st.to_move == 0
    st.apply(SL.A_ANNOUNCE + PS.TRULLPAGAT)
    fails(st, SL.A_ANNOUNCE + PS.TRULL, SL.E_SI_EXCLUSIVE)
    fails(st, SL.A_ANNOUNCE + PS.PAGAT, SL.E_SI_EXCLUSIVE)
    fails(st, SL.A_ANNOUNCE + PS.TRULLPAGAT, E.E_ANNOUNCE)     # once
    fails(st, SL.A_ANNOUNCE + PS.KING_ULTIMO, E.E_ANNOUNCE)    # not in this tariff
    st.apply(SL.A_ANNOUNCE + PS.KINGS)
    st.apply(P_)
    fails(st, SL.A_ANNOUNCE + PS.VALAT, SL.E_SI_DECL_ONLY)
    assert list(st.ann) == [0, S.DECL, 0, S.DECL, 0, 0]


def test_kontra_re_sub_on_the_item_named():
    st = _to_announce()
    st.apply(SL.A_ANNOUNCE + PS.TRULL)
    fails(st, SL.A_DOUBLE, E.E_DOUBLE)                  # not on his own game
    fails(st, SL.A_DOUBLE + 1 + PS.KINGS, E.E_DOUBLE)   # Kings not announced
    st.apply(P_)
    st.apply(SL.A_DOUBLE + 1 + PS.TRULL)                # position 1: Kontra on Trull
    fails(st, SL.A_DOUBLE + 1 + PS.TRULL, E.E_DOUBLE)   # Re is the declarer's
    st.apply(SL.A_DOUBLE)                               # and Kontra on the game
    st.apply(P_)
    st.apply(P_)                                        # position 2
    st.apply(SL.A_DOUBLE + 1 + PS.TRULL)                # declarer: Re on Trull
    st.apply(P_)
    st.apply(SL.A_DOUBLE + 1 + PS.TRULL)                # position 1: Sub
    st.apply(P_)
    assert st.phase == SL.PH_ANNOUNCE
    st.apply(P_)                                        # position 2
    fails(st, SL.A_DOUBLE + 1 + PS.TRULL, E.E_DOUBLE)   # Sub is the last
    st.apply(P_)                                        # declarer: two quiet turns
    assert st.phase == SL.PH_PLAY and st.to_move == 0
    assert st.dbl[0] == 1 and st.dbl[1 + PS.TRULL] == 3


def test_announcement_round_ends_after_quiet_turns():
    st = _to_announce(n=4, contract=PS.SOLO_DREI)
    for _ in range(3):
        st.apply(P_)
    assert st.phase == SL.PH_ANNOUNCE       # the fourth seat still has a turn
    st.apply(P_)
    assert st.phase == SL.PH_PLAY


def test_negative_contract_kontra_on_the_game_only():
    st = _to_announce(contract=PS.BETTLER)
    fails(st, SL.A_ANNOUNCE + PS.TRULL, E.E_ANNOUNCE)
    st.apply(P_)
    st.apply(SL.A_DOUBLE)
    st.apply(P_)
    st.apply(P_)
    st.apply(P_)
    assert st.phase == SL.PH_PLAY and st.to_move == 0   # the declarer leads
    assert st.dbl[0] == 1


def test_follow_suit_else_tarok_else_anything():
    p2 = "XXI XX XIX XVIII D3 D2 D1 DJ DC DQ DK S7 S8 S9 S10 SJ"
    d = deck_for(3, {0: "H4 H3", 1: "HK II D4", 2: p2}, "I III IV V VI VII")
    st = SL.Deal(PTO, deck=d, n=3)
    st.apply(bid(PS.DREI))
    st.apply(P_)
    st.apply(P_)
    st.apply(SL.A_TALON)
    keep = cards("H4 H3")
    for c in [c for c in st.legal_actions() if c not in keep][:3]:
        st.apply(c)
    for _ in range(3):
        st.apply(P_)
    assert st.phase == SL.PH_PLAY and st.to_move == 0
    st.apply(card("H4"))
    fails(st, card("II"), E.E_MUST_FOLLOW)
    fails(st, card("D4"), E.E_MUST_FOLLOW)
    st.apply(card("HK"))
    fails(st, card("D3"), E.E_MUST_TRUMP)      # no heart: a tarok
    assert st.legal_actions() == cards("XVIII XIX XX XXI")
    st.apply(card("XVIII"))
    assert st.trick_no == 1 and st.trick_win[0] == 2
    st.apply(card("XIX"))                      # a tarok led: tarok on tarok
    st.apply(st.legal_actions()[0])            # forehand
    assert card("II") in st.legal_actions()
    fails(st, card("D4"), E.E_MUST_FOLLOW)


def test_klop_must_overtake():
    d = deck_for(3, {0: "S9 XX", 1: "S7 SK S8 XIX", 2: "SQ S10 XXI"}, "I II III IV V VI")
    st = SL.Deal(PTO, deck=d, n=3)
    for _ in range(3):
        st.apply(P_)
    st.apply(card("S9"))
    fails(st, card("S8"), E.E_MUST_OVERTAKE)
    fails(st, card("S7"), E.E_MUST_OVERTAKE)
    la = st.legal_actions()
    assert card("SK") in la and card("S8") not in la
    st.apply(card("SK"))
    # nothing beats the king: any spade will do
    la = st.legal_actions()
    assert card("S10") in la and card("SQ") in la


def test_no_overtaking_in_a_positive_contract():
    d = deck_for(3, {0: "S7 XX", 1: "S9 SK S8 XIX"}, "I II III IV V VI")
    st = SL.Deal(PTO, deck=d, n=3)
    st.apply(bid(PS.SOLO_OHNE))
    st.apply(P_)
    st.apply(P_)
    for _ in range(3):
        st.apply(P_)
    assert st.to_move == 0                  # Solo ohne Talon: the declarer leads
    st.apply(card("S7"))
    assert card("S8") in st.legal_actions()


def test_bettler_stops_at_the_first_trick_taken():
    d = deck_for(3, {0: "Sküs", 1: "I", 2: "II"}, "III IV V VI VII VIII")
    st = SL.Deal(PTO, deck=d, n=3)
    st.apply(bid(PS.BETTLER))
    st.apply(P_)
    st.apply(P_)
    for _ in range(3):
        st.apply(P_)
    st.apply(card("Sküs"))
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.phase == SL.PH_DONE and st.trick_no == 1
    assert st.result() == [-70, 70, 70]


def test_offener_bettler_hand_open_in_play():
    st = SL.Deal(PTO, seed=8, n=4)
    st.apply(P_)
    st.apply(bid(PS.OFFENER_BETTLER))
    st.apply(P_)
    st.apply(P_)
    assert "open" not in st.view(0)
    for _ in range(4):
        st.apply(P_)
    assert st.phase == SL.PH_PLAY and st.to_move == 1
    for p in range(4):
        assert st.view(p)["open"] == [(1, st.hand_of(1))]


def _play_policy(st, keep_pagat_for=-1):
    """Highest legal card, but keep_pagat_for keeps the Pagat to the end."""
    while st.phase == SL.PH_PLAY:
        la = st.legal_actions()
        if st.to_move == keep_pagat_for and len(la) > 1 and la[0] == 0:
            la = la[1:]
        st.apply(la[-1])


def test_announced_valat_with_kontra_scores_instead_of_everything():
    taroks = " ".join(["I", "II", "III", "IIII"] + ["V", "VI", "VII", "VIII", "IX", "X", "XI",
                       "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX",
                       "XXI", "Sküs"])
    d = deck_for(2, {0: taroks + " HK DK"}, "H4 H3 H2 D4 D3 D2")
    st = SL.Deal(PTO, deck=d, n=2)
    st.apply(bid(PS.DREI))
    st.apply(P_)
    st.apply(SL.A_TALON)
    for c in cards("H4 H3 H2"):
        st.apply(c)
    st.apply(SL.A_ANNOUNCE + PS.VALAT)
    st.apply(SL.A_ANNOUNCE + PS.TRULLPAGAT)
    st.apply(P_)
    st.apply(SL.A_DOUBLE + 1 + PS.VALAT)   # Kontra on the Valat
    st.apply(P_)
    st.apply(P_)
    assert st.phase == SL.PH_PLAY
    _play_policy(st, keep_pagat_for=0)
    s = st.summary()
    assert st.tricks[0] == 24
    assert s.bonus[PS.VALAT] == S.DECL_MADE and s.bonus[PS.PAGAT] == S.DECL_MADE
    assert s.bonus[PS.TRULL] == S.DECL_MADE and s.bonus[PS.KINGS] == S.DECL_MADE
    # announced Valat 500, Kontra x2; Trullpagat and the game are not added
    assert st.result() == [1000, -1000]


def test_pagat_ultimo_outcome_matches_the_last_trick():
    # random Drei deals with three: whenever the Pagat lies in the last trick,
    # the summary says made/lost for the party that played it, as the trick shows
    import sisim
    from tarock.rng import Rng
    found = {}
    seed = 0
    while len(found) < 2 and seed < 3000:
        st = sisim.play(PTO, seed, 3, PS.DREI, Rng(seed))
        seed += 1
        cs, seats, wp = st.last_trick
        if 0 not in list(cs):
            assert st.summary().bonus[PS.PAGAT] == S.NONE
            continue
        who = seats[list(cs).index(0)]
        won = cs[list(seats).index(wp)] == 0
        decl = who == st.declarer
        want = ((S.DECL_MADE if won else S.DECL_FAILED) if decl else
                (S.DEF_MADE if won else S.DEF_FAILED))
        assert st.summary().bonus[PS.PAGAT] == want, st.log
        found[want] = seed
    assert len(found) == 2, found
    sisim.release()
