# Tarockcup rules: scripted deals through the Königrufen state machine under
# the cup preset. Source: seeds/001_2e1b90146ab3ffa1.txt (Lizitation, talon,
# second round, Kontra, birds, 10 Tarock) and RULES.md §2; decisions in
# docs/DECISIONS.md "Tarockcup". Every illegal bid is refused with its reason
# code and leaves the state unchanged (krtest.illegal).
# MicroPython-compatible: plain asserts, no pytest.
from tarock.koenigrufen import rules as K, profiles as P, score as S
from tarock import profiles as PR
from tarock import errors as E
from tarock.cards import card, HEARTS, SPADES
from krtest import (deck, cut, do, illegal, step, finish, pass_round, bid, announce,
                    kontra, neg_kontra, alone_pattern)

CUP = PR.get("koenigrufen/tarockcup")
PK = P.KOENIGRUFEN_PAGAT


def c(d):
    return cut(d, CUP)


def contracts_offered(st):
    return [a - K.A_BID for a in st.legal_actions() if K.A_BID < a <= K.A_BID + P.MAX_CONTRACT]


# ------------------------------------------------------------ Lizitation

def test_forehand_opens_meine_vorhand_or_sechser_dreier():
    st = c(deck())
    assert st.phase == K.PH_BID and st.to_move == 0
    illegal(st, K.A_PASS, E.E_BID_FORBIDDEN)            # someone must hold the game
    illegal(st, bid(P.DREIER), K.E_FH_OPENS)            # "zwei Möglichkeiten"
    illegal(st, bid(P.PICCOLO), K.E_FH_OPENS)
    illegal(st, bid(P.SOLO_DREIER), K.E_FH_OPENS)
    illegal(st, bid(P.RUFER), E.E_BID_FORBIDDEN)        # only after all others passed
    illegal(st, bid(P.TRISCHAKEN), E.E_BID_FORBIDDEN)
    illegal(st, bid(P.ZWICCOLO), E.E_CONTRACT_OFF)      # not a cup contract
    illegal(st, bid(P.BESSER_DREIER), E.E_CONTRACT_OFF)
    assert sorted(st.legal_actions()) == [K.A_MEIN, bid(P.SECHSERDREIER)]
    # the same opening is free under the pagat profile
    assert cut(deck()).why_illegal(bid(P.DREIER)) == 0


def test_sechser_dreier_only_forehand_only_first():
    st = c(deck())
    do(st, K.A_MEIN)
    illegal(st, bid(P.SECHSERDREIER), K.E_FH_OPEN_ONLY)  # B: not forehand
    do(st, K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.phase == K.PH_DECLARE and st.to_move == 0
    illegal(st, bid(P.SECHSERDREIER), K.E_FH_OPEN_ONLY)  # not "hintennach" either
    assert P.SECHSERDREIER not in contracts_offered(st)
    # as the opening: the others must bid above it (rank 8: Dreier and up)
    st = c(deck())
    do(st, bid(P.SECHSERDREIER))
    assert st.to_move == 1
    for cid in (P.PICCOLO, P.BETTEL, P.SOLO, P.BESSER_RUFER, P.FARBENDREIER, P.SECHSERDREIER):
        illegal(st, bid(cid), E.E_BID_TOO_LOW if cid != P.SECHSERDREIER else K.E_FH_OPEN_ONLY)
    assert contracts_offered(st) == sorted([P.DREIER, P.FARBENSOLO, P.PICCOLO_OUVERT,
                                            P.BETTEL_OUVERT, P.SOLO_DREIER])
    do(st, K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.SECHSERDREIER and st.declarer == 0
    assert st.phase == K.PH_DISCARD and len(st.hand_of(0)) == 18


def test_forehand_holds_any_bid_others_must_bid_higher():
    st = c(deck())
    do(st, K.A_MEIN, bid(P.PICCOLO))                   # B
    illegal(st, bid(P.PICCOLO), E.E_BID_TOO_LOW)        # C: equal is not enough
    do(st, bid(P.BETTEL), K.A_PASS)                     # C Bettel, D passes
    assert st.to_move == 0
    assert st.why_illegal(bid(P.BETTEL)) == 0           # forehand: "bei mir"
    do(st, bid(P.BETTEL))
    assert st.to_move == 1
    # B is before C: under the pagat profile B could take Bettel by priority,
    # in the cup only forehand holds
    illegal(st, bid(P.BETTEL), E.E_BID_TOO_LOW)
    do(st, bid(P.SOLO))                                 # B: Solorufer (rank 5 > 4)
    assert st.to_move == 2
    do(st, K.A_PASS)                                    # C: "Gut"
    assert st.to_move == 0                              # D passed: skipped
    do(st, bid(P.SOLO))                                 # forehand holds again
    do(st, K.A_PASS)                                    # B gives up
    assert st.contract == P.SOLO and st.declarer == 0 and st.phase == K.PH_CALL
    # pagat: the same B may bid equal against C (priority)
    st = cut(deck())
    do(st, K.A_MEIN, bid(P.PICCOLO), bid(P.BETTEL), K.A_PASS, K.A_PASS)
    assert st.to_move == 1 and st.why_illegal(bid(P.BETTEL)) == 0


def test_bidding_order_is_the_cup_table():
    # Besserrufer (value 1) ranks above Solorufer (2); Farbendreier below Dreier
    st = c(deck())
    do(st, K.A_MEIN, bid(P.BESSER_RUFER))
    illegal(st, bid(P.SOLO), E.E_BID_TOO_LOW)
    assert contracts_offered(st) == sorted([P.FARBENDREIER, P.DREIER, P.FARBENSOLO,
                                            P.PICCOLO_OUVERT, P.BETTEL_OUVERT, P.SOLO_DREIER])
    do(st, bid(P.FARBENDREIER))
    illegal(st, bid(P.BESSER_RUFER), E.E_BID_TOO_LOW)
    do(st, bid(P.DREIER))
    assert st.to_move == 0 and st.why_illegal(bid(P.DREIER)) == 0


def test_rufer_trischaken_only_forehand_after_all_passed():
    st = c(deck())
    do(st, K.A_MEIN)
    for p in (1, 2, 3):
        assert st.to_move == p
        illegal(st, bid(P.RUFER), E.E_BID_FORBIDDEN)
        illegal(st, bid(P.TRISCHAKEN), E.E_BID_FORBIDDEN)
        do(st, K.A_PASS)
    # all three said "Gut": forehand names any contract but the Sechser-Dreier
    assert st.phase == K.PH_DECLARE and st.to_move == 0
    offered = contracts_offered(st)
    assert offered == sorted([P.TRISCHAKEN, P.RUFER, P.PICCOLO, P.BETTEL, P.SOLO,
                              P.BESSER_RUFER, P.FARBENDREIER, P.DREIER, P.FARBENSOLO,
                              P.PICCOLO_OUVERT, P.BETTEL_OUVERT, P.SOLO_DREIER])
    illegal(st, K.A_MEIN, E.E_NOT_IN_PHASE)
    do(st, bid(P.RUFER))
    assert st.contract == P.RUFER and st.phase == K.PH_CALL


def test_all_pass_fahren_is_trischaken():
    st = c(deck())
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS)
    assert K.A_PASS in st.legal_actions()
    do(st, K.A_PASS)                          # forehand announces nothing either
    assert st.contract == P.TRISCHAKEN and st.declarer == 0
    assert st.phase == K.PH_PLAY and st.to_move == 0    # no talon, no Kontra
    finish(st)
    assert sum(st.result()) == 0
    # pagat: forehand must name a contract
    st = cut(deck())
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS)
    illegal(st, K.A_PASS, E.E_NOT_IN_PHASE)


def test_no_kontra_before_the_talon_and_none_in_trischaken():
    st = c(deck(talon="S7 S8 S9 C7 C8 C9"))
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS)
    illegal(st, kontra(), E.E_NOT_IN_PHASE)
    do(st, bid(P.DREIER))
    assert st.phase == K.PH_TALON
    illegal(st, kontra(), E.E_NOT_IN_PHASE)          # before the talon: none
    st = c(deck())
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.TRISCHAKEN))
    assert st.phase == K.PH_PLAY                      # no announcement round at all
    illegal(st, kontra(), E.E_NOT_IN_PHASE)


# ------------------------------------------------------------ Solo-Dreier

def test_solo_dreier_announces_every_bonus_with_the_bid():
    st = c(deck())
    do(st, K.A_MEIN, bid(P.SOLO_DREIER), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.SOLO_DREIER and st.declarer == 1
    # the declarer's first turn follows the bid at once (no talon): his bonuses
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 1
    do(st, announce(P.TRULL), announce(P.KAKADU), K.A_PASS)   # "..., ich liege"
    do(st, kontra())                                  # C: Kontra on the game
    do(st, K.A_PASS, K.A_PASS, K.A_PASS)              # C, D, A
    assert st.to_move == 1
    illegal(st, announce(P.PAGAT_ULTIMO), K.E_WITH_BID)   # nothing later
    do(st, kontra())                                  # but Re on C's Kontra
    pass_round(st)
    assert st.dbl[0] == 2 and st.ann[P.TRULL] == S.DECL and st.ann[P.KAKADU] == S.DECL


# ------------------------------------------------------------ second round

DREIER_DECK = ("I II III IIII V VI VII VIII IX X XI H4",
               "XII XIII XIV XV H3 H2 H1 HJ HC HQ HK D4", "", "", "S7 S8 S9 C7 C8 C9")


def dreier_a(d=DREIER_DECK):
    st = c(deck(*d))
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.DREIER), K.A_TALON)
    do(st, card("S7"), card("S8"), card("S9"))
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 0
    return st


def test_bonuses_and_kontras_first_opportunity_only():
    st = dreier_a()
    do(st, announce(P.PAGAT_ULTIMO), K.A_PASS)
    do(st, kontra(), K.A_PASS)                        # B: Kontra on the game
    do(st, K.A_PASS)                                  # C lets both items pass
    assert st.to_move == 3
    do(st, kontra(P.PAGAT_ULTIMO), K.A_PASS)          # D: Kontra on the Pagat apart
    assert st.to_move == 0
    do(st, kontra())                                  # A: Re on the game (first chance)
    illegal(st, announce(P.TRULL), K.E_ANNOUNCE_LATE)  # no "Nachschießen"
    do(st, K.A_PASS)                                  # ... but lets D's Kontra stand
    assert st.to_move == 1
    illegal(st, kontra(P.PAGAT_ULTIMO), E.E_DOUBLE)   # Re on the Pagat is A's, not B's
    illegal(st, announce(P.KINGS), K.E_ANNOUNCE_LATE)
    do(st, K.A_PASS)                                  # B lets the Re stand
    assert st.to_move == 2
    do(st, kontra())                                  # C: Sub on the game (A's Re is new)
    do(st, K.A_PASS, K.A_PASS)                        # C, D
    assert st.to_move == 0
    illegal(st, kontra(P.PAGAT_ULTIMO), K.E_KONTRA_LATE)   # A passed on it once
    do(st, K.A_PASS, K.A_PASS)
    assert st.phase == K.PH_PLAY
    assert st.dbl[0] == 3 and st.dbl[1 + P.PAGAT_ULTIMO] == 1
    # pagat: no first-chance rule, A may still answer D's Kontra
    st = cut(deck(*DREIER_DECK))
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.DREIER), K.A_TALON)
    do(st, card("S7"), card("S8"), card("S9"), announce(P.PAGAT_ULTIMO), K.A_PASS)
    do(st, K.A_PASS, K.A_PASS, kontra(P.PAGAT_ULTIMO), K.A_PASS)   # B, C, D
    do(st, K.A_PASS)                                  # A lets it pass once
    do(st, announce(P.TRULL), K.A_PASS)               # B announces later: allowed here
    do(st, K.A_PASS, K.A_PASS)
    assert st.to_move == 0 and st.phase == K.PH_ANNOUNCE
    assert st.why_illegal(kontra(P.PAGAT_ULTIMO)) == 0


def test_negative_each_defender_kontras_alone_first_chance():
    st = c(deck())
    do(st, K.A_MEIN, bid(P.BETTEL), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.BETTEL and st.declarer == 1 and st.to_move == 1
    illegal(st, kontra(), E.E_DOUBLE)                 # no game Kontra in negatives
    do(st, K.A_PASS)
    illegal(st, neg_kontra(3), E.E_DOUBLE)            # C kontras for himself only
    do(st, neg_kontra(2), K.A_PASS)
    do(st, K.A_PASS)                                  # D lets it go
    do(st, neg_kontra(0), K.A_PASS)                   # A
    assert st.to_move == 1
    illegal(st, neg_kontra(3), E.E_DOUBLE)            # D kontras for himself, not B
    do(st, neg_kontra(2), K.A_PASS)                   # B: Re against C only
    assert st.to_move == 2
    do(st, K.A_PASS)                                  # C lets the Re stand
    assert st.to_move == 3
    illegal(st, neg_kontra(3), K.E_KONTRA_LATE)       # D let his chance pass
    do(st, K.A_PASS)
    assert st.to_move == 0
    illegal(st, neg_kontra(0), E.E_DOUBLE)            # Re against A is B's
    do(st, K.A_PASS)
    assert st.phase == K.PH_PLAY
    assert list(st.neg_dbl) == [1, 0, 2, 0]


# ------------------------------------------------------------ the called king in the talon

KIT_TALON = "SK S7 S8 C7 C8 C9"


def rufer_a(profile=CUP):
    st = cut(deck(talon=KIT_TALON), profile)
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_CALL + SPADES)
    assert st.king_in_talon and st.phase == K.PH_TALON
    return st


def test_king_in_talon_schleifen():
    st = rufer_a()
    assert K.A_CONCEDE in st.legal_actions()
    do(st, K.A_CONCEDE)
    assert st.phase == K.PH_DONE
    # the Rufer lost (1) alone against three: -3, +1 each
    assert st.result() == [-3, 1, 1, 1]
    illegal(rufer_a(PK), K.A_CONCEDE, E.E_CONCEDE)    # pagat: only Besser Rufer


def test_king_in_talon_leave_its_half_silent_kingfang():
    st = rufer_a()
    do(st, K.A_TALON + 1)                             # the half without the king
    step(st, 3)
    finish(st)
    s = st.summary()
    assert s.partner == -1 and s.bonus[P.KINGFANG] == S.DEF_MADE
    alone_pattern(st.result(), 0)
    st = rufer_a()
    do(st, K.A_TALON)                                 # takes the king: no catch
    step(st, 3)
    finish(st)
    assert st.summary().bonus[P.KINGFANG] == S.NONE
    st = rufer_a(PK)                                  # pagat: leaving it is no catch
    do(st, K.A_TALON + 1)
    step(st, 3)
    finish(st)
    assert st.summary().bonus[P.KINGFANG] == S.NONE


def test_besserrufer_partner_game_concede_costs_its_game():
    st = c(deck(talon=KIT_TALON))
    do(st, K.A_MEIN, bid(P.BESSER_RUFER), K.A_PASS, K.A_PASS, K.A_PASS, K.A_CALL + SPADES)
    do(st, K.A_CONCEDE)
    assert st.result() == [1, -3, 1, 1]               # Besserrufer 1, alone: -3


# ------------------------------------------------------------ Farbendreier

def test_farbendreier_forehand_leads_no_trump_lead():
    st = c(deck("I H4 H3"))
    do(st, K.A_MEIN, bid(P.FARBENDREIER), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.FARBENDREIER and st.declarer == 1
    assert st.phase == K.PH_TALON
    do(st, K.A_TALON)
    step(st, 3)
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 1
    illegal(st, announce(P.TRULL), E.E_ANNOUNCE)      # colour games: only Valat
    illegal(st, announce(P.TEN_TAROCK), E.E_ANNOUNCE)
    pass_round(st)
    assert st.phase == K.PH_PLAY and st.to_move == 0  # "Die Vorhand spielt aus"
    illegal(st, card("I"), E.E_NO_TRUMP_LEAD)
    finish(st)
    alone_pattern(st.result(), 1)


# ------------------------------------------------------------ birds and 10 Tarock

def test_partner_commands_the_declarers_bird():
    st = cut(deck("I II III H4", "", "HK", "", "S7 S8 S9 C7 C8 C9"), CUP)
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_CALL + HEARTS)
    assert st.partner == 2
    do(st, K.A_TALON)
    do(st, card("S7"), card("S8"), card("S9"))
    do(st, K.A_PASS, K.A_PASS)                        # A, B
    do(st, announce(P.PAGAT_ULTIMO), K.A_PASS)        # C commands A's Pagat
    pass_round(st)
    assert st.ann[P.PAGAT_ULTIMO] == S.DECL
    assert st.phase == K.PH_PLAY and st.to_move == 0
    illegal(st, card("I"), E.E_HOLD_BIRD)             # A keeps it for the last trick


# A: Pagat and Uhu, hearts and diamonds; B: HK and III..XIII; C: XIV..Sküs,
# D1 DJ DC; D: the rest (no trumps, no hearts).
BIRDS_DECK = ("I II H4 H3 H2 H1 HJ HC HQ D4 D3 D2",
              "HK III IIII V VI VII VIII IX X XI XII XIII",
              "XIV XV XVI XVII XVIII XIX XX XXI SKUS D1 DJ DC",
              "DQ DK S10 SJ SC SQ SK C10 CJ CC CQ CK",
              "S7 S8 S9 C7 C8 C9")


def test_announced_birds_forced_out_early_higher_first():
    st = dreier_a(BIRDS_DECK)
    do(st, announce(P.PAGAT_ULTIMO), announce(P.UHU))
    pass_round(st)
    do(st, card("H4"), card("HK"), card("XIV"), card("DQ"))   # C trumps: wins
    assert st.to_move == 2
    do(st, card("XV"), card("DK"))
    # A must trump and holds only the two announced birds: the higher goes
    assert st.to_move == 0 and st.legal_actions() == [card("II")]
    illegal(st, card("I"), E.E_HOLD_BIRD)


def test_ten_tarock():
    # A: eleven trumps I..XI (and H4); B: XII..XV; after A's Dreier discards
    # A still holds eleven
    st = dreier_a()
    illegal(st, kontra(P.TEN_TAROCK), E.E_DOUBLE)
    do(st, announce(P.TEN_TAROCK), K.A_PASS)
    assert st.ann[P.TEN_TAROCK] == S.DECL
    illegal(st, kontra(P.TEN_TAROCK), E.E_DOUBLE)     # never kontra'd
    illegal(st, announce(P.TEN_TAROCK), K.E_TEN_TAROCK)   # B: four taroks
    do(st, K.A_PASS)
    pass_round(st)
    finish(st)
    s = st.summary()
    assert s.announced[P.TEN_TAROCK] == S.DECL and s.kontra[1 + P.TEN_TAROCK] == 0
    # pagat: not a bonus there
    st = cut(deck(*DREIER_DECK))
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.DREIER), K.A_TALON)
    do(st, card("S7"), card("S8"), card("S9"))
    illegal(st, announce(P.TEN_TAROCK), E.E_ANNOUNCE)


def test_ten_tarock_by_a_hidden_defender_reveals_nothing():
    # Rufer by A calling hearts, C (HK) partner; B holds ten taroks: he may
    # announce 10 Tarock before his party is known, and stays unknown
    st = cut(deck("H4", "I II III IIII V VI VII VIII IX X", "HK", "",
                  "S7 S8 S9 C7 C8 C9"), CUP)
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_CALL + HEARTS)
    do(st, K.A_TALON)
    step(st, 3)
    do(st, K.A_PASS)
    assert st.to_move == 1
    illegal(st, announce(P.TRULL), E.E_PARTY_UNKNOWN)
    do(st, announce(P.TEN_TAROCK))
    assert st.ann[P.TEN_TAROCK] == S.DEF
    illegal(st, announce(P.TRULL), E.E_PARTY_UNKNOWN)  # still hidden
    do(st, K.A_PASS)
    pass_round(st)
    finish(st)
    assert st.summary().announced[P.TEN_TAROCK] == S.DEF
