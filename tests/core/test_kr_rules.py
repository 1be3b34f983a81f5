# Königrufen rules: scripted deals through the state machine with explicit
# decks and action sequences. Source: RULES.md §1 (pagat profile, seeds/000
# second part) and "Readings fixed where the texts are silent".
# Expected results are worked out by hand in the comments.
# MicroPython-compatible: plain asserts, no pytest.
from tarock.koenigrufen import rules as K, profiles as P, score as S
from tarock import profiles as PR
from tarock import errors as E
from tarock.cards import card, cards, HEARTS, SPADES

from krtest import (PK, deck, cut, do, illegal, step, finish, pass_round, bid,  # noqa: F401
                    announce, kontra, neg_kontra, alone_pattern, thirds_of, rufer_deal)


def test_helpers():
    assert thirds_of("SKUS XXI I HK DQ SC CJ H4 S7 V") == 13 * 4 + 10 + 7 + 4 + 3
    d = deck("HK", talon="XXI")
    assert sorted(d) == list(range(54))
    st = cut(d)
    assert card("HK") in st.hand_of(0)
    assert card("XXI") in list(st.talon)
    # dealing order: 6 each from forehand, 6 to the talon, 6 more each
    d = [53 - i for i in range(54)]
    st = cut(d)
    for p in range(4):
        assert st.hand_of(p) == sorted(d[6 * p:6 * p + 6] + d[30 + 6 * p:36 + 6 * p])
    assert list(st.talon) == d[24:30]


# ------------------------------------------------------------ bidding

def test_bidding_priority_seed_example():
    # seeds/000: A "Mein Spiel", B Solo, C passes -> D must bid at least Bettel;
    # if D passes, A may take Solo by priority.
    st = cut(deck())
    assert st.phase == K.PH_BID and st.to_move == 0
    illegal(st, K.A_PASS, E.E_BID_FORBIDDEN)        # forehand opens
    do(st, K.A_MEIN)
    assert st.to_move == 1
    illegal(st, K.A_MEIN, E.E_BID_FORBIDDEN)        # forehand only
    illegal(st, bid(P.RUFER), E.E_BID_FORBIDDEN)    # forehand only, after passes
    illegal(st, bid(P.TRISCHAKEN), E.E_BID_FORBIDDEN)
    illegal(st, bid(P.SECHSERDREIER), E.E_BID_FORBIDDEN)
    do(st, bid(P.SOLO))                             # B
    do(st, K.A_PASS)                                # C
    assert st.to_move == 3
    illegal(st, bid(P.PICCOLO), E.E_BID_TOO_LOW)
    illegal(st, bid(P.SOLO), E.E_BID_TOO_LOW)       # equal needs priority
    illegal(st, bid(P.ZWICCOLO), E.E_CONTRACT_OFF)  # house option, off
    bids = [a - K.A_BID for a in st.legal_actions() if a > K.A_BID]
    assert min(bids) == P.BETTEL
    assert K.A_PASS in st.legal_actions()
    do(st, K.A_PASS)                                # D
    assert st.to_move == 0                          # C passed: skipped
    illegal(st, bid(P.PICCOLO), E.E_BID_TOO_LOW)
    assert st.why_illegal(bid(P.SOLO)) == 0         # A: equal by priority
    do(st, bid(P.SOLO))
    assert st.to_move == 1
    illegal(st, bid(P.SOLO), E.E_BID_TOO_LOW)       # B now needs more than Solo
    assert st.why_illegal(bid(P.BETTEL)) == 0
    do(st, K.A_PASS)                                # three passes: C, D, B
    assert st.phase == K.PH_CALL
    assert st.contract == P.SOLO and st.declarer == 0 and st.to_move == 0


def test_bidding_higher_bid_wins():
    st = cut(deck())
    do(st, K.A_MEIN, bid(P.PICCOLO), bid(P.BETTEL))
    assert st.to_move == 3
    illegal(st, bid(P.BETTEL), E.E_BID_TOO_LOW)     # D is after C
    do(st, bid(P.DREIER))
    assert st.to_move == 0
    assert st.why_illegal(bid(P.DREIER)) == 0       # forehand: equal
    do(st, K.A_PASS)
    assert st.to_move == 1
    assert st.why_illegal(bid(P.DREIER)) == 0       # B before D: equal is enough
    illegal(st, bid(P.BETTEL), E.E_BID_TOO_LOW)
    do(st, K.A_PASS, K.A_PASS)                      # B, C
    # three passes in a row (A, B, C): D plays Dreier
    assert st.contract == P.DREIER and st.declarer == 3
    assert st.phase == K.PH_TALON and st.to_move == 3


def test_bid_wrong_phase_and_unknown_actions():
    st = K.Deal(PK, deck=deck())
    illegal(st, K.A_PASS, E.E_NOT_IN_PHASE)
    illegal(st, card("XXI"), E.E_NOT_IN_PHASE)
    illegal(st, 999, E.E_UNKNOWN)
    illegal(st, -1, E.E_UNKNOWN)
    do(st, K.A_CUT)
    illegal(st, K.A_CUT, E.E_NOT_IN_PHASE)
    illegal(st, K.A_CALL + HEARTS, E.E_NOT_IN_PHASE)
    illegal(st, card("XXI"), E.E_NOT_IN_PHASE)
    illegal(st, K.A_CONCEDE, E.E_NOT_IN_PHASE)


def test_zwiccolo_when_enabled():
    pz = PR.overlay(PK, {"contracts": {P.ZWICCOLO: {"on": True}}})
    st = cut(deck(), pz)
    do(st, bid(P.ZWICCOLO), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.ZWICCOLO and st.declarer == 0
    assert st.phase == K.PH_ANNOUNCE


def test_mein_spiel_three_passes_forehand_names():
    def declare_phase():
        st = cut(deck("HK"))
        do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS)
        assert st.phase == K.PH_DECLARE and st.to_move == 0
        return st

    st = declare_phase()
    legal = st.legal_actions()
    for cid in (P.RUFER, P.TRISCHAKEN, P.SECHSERDREIER, P.PICCOLO, P.SOLO_DREIER):
        assert bid(cid) in legal
    assert len(legal) == 13                     # all but Zwiccolo
    illegal(st, K.A_PASS, E.E_NOT_IN_PHASE)     # someone must play
    illegal(st, K.A_MEIN, E.E_NOT_IN_PHASE)
    illegal(st, bid(P.ZWICCOLO), E.E_CONTRACT_OFF)
    do(st, bid(P.RUFER))
    assert st.contract == P.RUFER and st.phase == K.PH_CALL

    st = declare_phase()
    do(st, bid(P.TRISCHAKEN))
    assert st.phase == K.PH_PLAY and st.to_move == 0   # no talon, no announcements

    st = declare_phase()
    do(st, bid(P.SECHSERDREIER))
    # all six talon cards, unseen by the others; six to discard
    assert st.phase == K.PH_DISCARD and st.to_move == 0
    assert len(st.hand_of(0)) == 18
    assert "talon" in st.view(0)
    for p in (1, 2, 3):
        assert "talon" not in st.view(p)
    finish(st)
    assert st.summary().partner == -1
    alone_pattern(st.result(), 0)


# ------------------------------------------------------------ calling a king

def test_rufer_with_partner():
    st = rufer_deal(deck(h2="HK"), HEARTS)
    assert st.partner == 2 and not st.king_in_talon
    assert st.phase == K.PH_TALON
    finish(st)
    r = st.result()
    assert sum(r) == 0
    assert r[0] == r[2] and r[1] == r[3] and r[0] == -r[1]


def test_own_king_called_plays_alone():
    st = rufer_deal(deck("HK"), HEARTS)
    assert st.partner == -1 and not st.king_in_talon
    do(st, K.A_TALON)
    step(st, 3)                                  # discards
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 0
    do(st, K.A_PASS)
    # nobody knows the declarer is alone: a defender may not announce yet
    illegal(st, announce(P.TRULL), E.E_PARTY_UNKNOWN)
    finish(st)
    assert st.summary().partner == -1
    alone_pattern(st.result(), 0)                # three opponents settle


def test_king_in_talon_rufer_plays_alone():
    talon = "SK S7 S8 C7 C8 C9"
    for half in (0, 1):
        st = rufer_deal(deck(talon=talon), SPADES)
        assert st.king_in_talon and st.partner == -1
        assert st.phase == K.PH_TALON
        for p in range(4):
            assert st.view(p)["talon"] == cards(talon)
        illegal(st, K.A_CONCEDE, E.E_CONCEDE)    # only in Besser Rufer
        do(st, K.A_TALON + half)
        assert (card("SK") in st.hand_of(0)) == (half == 0)
        step(st, 3)
        assert st.phase == K.PH_ANNOUNCE
        illegal(st, announce(P.KING_ULTIMO), E.E_ANNOUNCE)   # no king to bring home
        do(st, K.A_PASS)
        # everyone's party is public: a defender may announce at once
        assert st.why_illegal(announce(P.TRULL)) == 0
        finish(st)
        assert st.summary().partner == -1
        alone_pattern(st.result(), 0)


def test_king_in_talon_solo_counts_talon_for_declarer():
    # talon thirds: SK 13 + five small cards = 18
    talon = "SK S7 S8 C7 C8 C9"
    assert thirds_of(talon) == 18
    st = cut(deck("SKUS XXI XX XIX XVIII XVII XVI XV XIV HK DK CK", talon=talon))
    do(st, bid(P.SOLO), K.A_PASS, K.A_PASS, K.A_PASS, K.A_CALL + SPADES)
    assert st.king_in_talon and st.partner == -1
    assert st.phase == K.PH_ANNOUNCE               # Solo: no talon exchange
    for p in range(4):
        assert "talon" not in st.view(p)           # still face down
    do(st, K.A_PASS)
    illegal(st, announce(P.TRULL), E.E_PARTY_UNKNOWN)   # not known yet
    finish(st)
    s = st.summary()
    assert s.partner == -1
    assert 0 < s.tricks[0]
    assert s.decl_thirds == s.thirds[0] + 18
    alone_pattern(st.result(), 0)


def test_solo_king_ultimo_offered_wherever_the_king_lies():
    # the talon stays closed: the offer may not tell the declarer where the
    # called king is (issue 16); announced with the king in the talon it fails
    hand = "SKUS XXI XX XIX XVIII XVII XVI XV XIV HK DK CK"
    offers = []
    for where in ("talon", "hand"):
        talon = "SK S7 S8 C7 C8 C9" if where == "talon" else "S7 S8 C7 C8 C9 C10"
        st = cut(deck(hand, h2="" if where == "talon" else "SK", talon=talon))
        do(st, bid(P.SOLO), K.A_PASS, K.A_PASS, K.A_PASS, K.A_CALL + SPADES)
        assert st.king_in_talon == (where == "talon")
        offers.append(st.legal_actions())
        do(st, announce(P.KING_ULTIMO), K.A_PASS)
        finish(st)
        s = st.summary()
        assert s.announced[P.KING_ULTIMO] == S.DECL
        if where == "talon":
            assert s.bonus[P.KING_ULTIMO] == S.NONE        # never played: not made
            # announced 2, Solo doubles: -4 per opponent from the declarer's side
            assert S.bonus_points(PK, P.contract(PK, P.SOLO), s, P.KING_ULTIMO) == -4
    assert announce(P.KING_ULTIMO) in offers[0]
    assert offers[0] == offers[1]


def test_solo_with_partner_talon_to_opponents():
    talon = "S7 S8 C7 C8 C9 C10"                  # 6 thirds
    st = cut(deck("SKUS XXI XX XIX XVIII XVII XVI XV XIV HK DK CK", h2="SK", talon=talon))
    do(st, bid(P.SOLO), K.A_PASS, K.A_PASS, K.A_PASS, K.A_CALL + SPADES)
    assert st.partner == 2
    finish(st)
    s = st.summary()
    if s.tricks[0] + s.tricks[2] < 12:
        assert s.decl_thirds == s.thirds[0] + s.thirds[2]
        assert 210 - s.decl_thirds == s.thirds[1] + s.thirds[3] + 6


# ------------------------------------------------------------ Besser Rufer

def besser_deal(d):
    # A "Mein Spiel", B Besser Rufer, the others pass
    st = cut(d)
    do(st, K.A_MEIN, bid(P.BESSER_RUFER), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.BESSER_RUFER and st.declarer == 1
    assert st.phase == K.PH_CALL and st.to_move == 1
    return st


def test_besser_rufer_concede_king_in_talon():
    st = besser_deal(deck(talon="SK S7 S8 C7 C8 C9"))
    do(st, K.A_CALL + SPADES)
    assert st.king_in_talon and st.phase == K.PH_TALON
    assert K.A_CONCEDE in st.legal_actions()
    do(st, K.A_CONCEDE)
    assert st.phase == K.PH_DONE
    # 4 per opponent: declarer 1 pays 12
    assert st.result() == [4, -12, 4, 4]


def test_besser_rufer_king_in_talon_may_play_alone():
    st = besser_deal(deck(talon="SK S7 S8 C7 C8 C9"))
    do(st, K.A_CALL + SPADES, K.A_TALON)
    step(st, 3)
    illegal(st, K.A_PASS, E.E_MUST_BIRD)
    do(st, announce(P.PAGAT_ULTIMO), K.A_PASS)
    finish(st)
    assert st.summary().announced[P.PAGAT_ULTIMO] == S.DECL
    alone_pattern(st.result(), 1)


def test_besser_rufer_must_announce_bird():
    st = besser_deal(deck(h2="SK"))
    do(st, K.A_CALL + SPADES)
    assert st.partner == 2
    illegal(st, K.A_CONCEDE, E.E_CONCEDE)          # king not in the talon
    do(st, K.A_TALON + 1)
    step(st, 3)
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 1
    illegal(st, K.A_PASS, E.E_MUST_BIRD)
    do(st, announce(P.TRULL))
    illegal(st, K.A_PASS, E.E_MUST_BIRD)           # Trull is not a bird
    do(st, announce(P.UHU))
    do(st, K.A_PASS)
    assert st.to_move == 2
    pass_round(st)
    assert st.phase == K.PH_PLAY
    finish(st)
    assert st.summary().announced[P.UHU] == S.DECL


def test_concede_only_in_besser_rufer():
    st = cut(deck(talon="SK S7 S8 C7 C8 C9"))
    do(st, bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.phase == K.PH_TALON
    illegal(st, K.A_CONCEDE, E.E_CONCEDE)


# ------------------------------------------------------------ discards

def test_discard_restrictions_and_shown_trumps():
    # Dreier; forehand holds four kings, Trull and five more trumps; talon half 0
    # brings two trumps and one plain card.
    st = cut(deck("HK DK SK CK SKUS XXI I II III IIII V VI",
                  talon="VII VIII H4 H3 H2 H1"))
    do(st, bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS, K.A_TALON)
    assert st.phase == K.PH_DISCARD and st.to_move == 0
    for name in ("HK", "CK", "SKUS", "XXI", "I"):
        illegal(st, card(name), E.E_DISCARD_KING)     # never kings or Trull
    illegal(st, card("VII"), E.E_DISCARD_TRUMP)        # H4 is still there
    illegal(st, card("H3"), E.E_NOT_IN_HAND)           # the other half
    assert st.legal_actions() == [card("H4")]
    do(st, card("H4"))
    assert st.view(1)["shown_discards"] == []          # plain discards are hidden
    # nothing but kings and trumps left: trumps (not Trull) may go, face up
    assert st.legal_actions() == cards("II III IIII V VI VII VIII")
    do(st, card("VII"), card("VIII"))
    assert st.phase == K.PH_ANNOUNCE
    for p in range(4):
        assert st.view(p)["shown_discards"] == cards("VII VIII")


def test_discard_trump_refused_with_plain_cards():
    st = cut(deck("II III HJ", talon="H4 H3 H2 H1 D4 D3"))
    do(st, bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS, K.A_TALON + 1)
    illegal(st, card("II"), E.E_DISCARD_TRUMP)
    illegal(st, card("H4"), E.E_NOT_IN_HAND)
    do(st, card("HJ"), card("H1"), card("D4"))
    assert st.view(0)["shown_discards"] == []
