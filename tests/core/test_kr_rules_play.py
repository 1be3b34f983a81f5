# Königrufen rules, second part (play: birds, Kaiserstich, Trischaken,
# negative contracts, Farbensolo, Klopfen, Kontra, the check/act contract):
# scripted deals with explicit decks and action sequences. Split from
# test_kr_rules.py so each module compiles on a 192K MicroPython heap.
# Source: RULES.md §1 (pagat profile, seeds/000 second part) and "Readings
# fixed where the texts are silent". Expected results are worked out by hand
# in the comments. MicroPython-compatible: plain asserts, no pytest.
from tarock.koenigrufen import rules as K, profiles as P, score as S
from tarock import profiles as PR
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.cards import card, cards, HEARTS
from mpcompat import raises
from krtest import (PK, deck, cut, do, illegal, step, finish, pass_round, bid,  # noqa: F401
                    announce, kontra, neg_kontra, alone_pattern, thirds_of, rufer_deal)


# ------------------------------------------------------------ Pagat ultimo

# Dreier by forehand. Declarer: Pagat, XIII..XXI, Sküs, H4. B: II..XII, H3.
# Tricks 1-10: the declarer leads his trumps from XIII up, B follows II..XI,
# C and D throw plain cards. Trick 11: declarer leads H4, B wins it with H3
# (red: 4 is the lowest). Trick 12: B leads XII, the declarer's Pagat is lost.
PAGAT_DECK = (
    "I XIII XIV XV XVI XVII XVIII XIX XX XXI SKUS H4",
    "II III IIII V VI VII VIII IX X XI XII H3",
    "H2 H1 HJ HC HQ HK D4 D3 D2 D1 DJ DC",
    "DQ DK S7 S8 S9 S10 SJ SC SQ SK C7 C8",
    "C9 C10 CJ CC CQ CK",
)
# Declarer's pile: trumps XIII..XX 8, XXI 13, Sküs 13 (34); II..XI 10;
# H2 H1 HJ HC HQ HK D4 D3 D2 D1 = 1+1+4+7+10+13+1+1+1+1 = 40;
# DQ DK S7 S8 S9 S10 SJ SC SQ SK = 10+13+1+1+1+1+4+7+10+13 = 61;
# discards C9 C10 CJ = 6. Total 151 thirds (50 points): won.


def pagat_deal():
    st = cut(deck(*PAGAT_DECK))
    do(st, bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS, K.A_TALON)
    do(st, card("C9"), card("C10"), card("CJ"))
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 0
    return st


def check_pagat_lost(st):
    v = st.view(2)
    assert (0, card("I")) in v["last_trick"] and v["last_winner"] == 1
    s = st.summary()
    assert s.decl_thirds == 151
    assert s.bonus[P.PAGAT_ULTIMO] == S.DECL_FAILED
    for b in (P.TRULL, P.KINGS, P.UHU, P.KAKADU, P.MARABU, P.VALAT, P.MONDFANG,
              P.SKUSFANG, P.KINGFANG, P.KING_ULTIMO):
        assert s.bonus[b] == S.NONE, b
    return s


def test_unannounced_pagat_lost_in_last_trick():
    st = pagat_deal()
    pass_round(st)
    finish(st, keep=cards("I"))
    check_pagat_lost(st)
    # Dreier won 4, Pagat silent failed -1: u = 3
    assert st.result() == [9, -3, -3, -3]


def test_announced_pagat_held_back():
    st = pagat_deal()
    do(st, announce(P.PAGAT_ULTIMO))
    pass_round(st)
    assert st.phase == K.PH_PLAY and st.to_move == 0
    illegal(st, card("I"), E.E_HOLD_BIRD)            # leading trick 1
    n = 0
    while st.trick_no < 11:
        if st.to_move == 0:
            illegal(st, card("I"), E.E_HOLD_BIRD)
            n += 1
        step(st)
    assert n == 11
    assert st.to_move == 1                           # B won trick 11 with H3
    step(st, 3)                                      # XII, DC, C8
    assert st.legal_actions() == [card("I")]         # its trick: must be played
    finish(st)
    check_pagat_lost(st)
    # Dreier won 4, announced Pagat failed -2: u = 2
    assert st.result() == [6, -2, -2, -2]


def test_announced_pagat_with_kontras():
    st = pagat_deal()
    do(st, announce(P.PAGAT_ULTIMO), K.A_PASS)
    do(st, kontra(), kontra(P.PAGAT_ULTIMO), K.A_PASS)   # B: Kontra game and Pagat
    pass_round(st)
    finish(st)
    s = check_pagat_lost(st)
    assert s.kontra[0] == 1 and s.kontra[1 + P.PAGAT_ULTIMO] == 1
    # game 4 * 2 = 8, Pagat -2 * 2 = -4: u = 4
    assert st.result() == [12, -4, -4, -4]


# Uhu: the same deal with II and I swapped between A and B; A announces Uhu.
UHU_DECK = (
    "II XIII XIV XV XVI XVII XVIII XIX XX XXI SKUS H4",
    "I III IIII V VI VII VIII IX X XI XII H3",
) + PAGAT_DECK[2:]


def test_announced_uhu_must_be_played_in_its_trick():
    st = cut(deck(*UHU_DECK))
    do(st, bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS, K.A_TALON)
    do(st, card("C9"), card("C10"), card("CJ"))
    do(st, announce(P.UHU))
    pass_round(st)
    illegal(st, card("II"), E.E_HOLD_BIRD)
    while st.trick_no < 10:
        step(st)
    # trick 11 (second-last): A leads and must lead the II
    assert st.to_move == 0 and st.nt == 0
    assert st.legal_actions() == [card("II")]
    illegal(st, card("H4"), E.E_PLAY_BIRD)
    finish(st)
    s = st.summary()
    # B overtakes the II with XII
    assert s.bonus[P.UHU] == S.DECL_FAILED
    assert s.bonus[P.TRULL] == S.DECL_MADE          # B's Pagat fell in trick 1
    assert s.bonus[P.PAGAT_ULTIMO] == S.NONE
    # A's pile: 34 + (I 13 + III..XI 9) + 40 + 61 + discards 6 = 163: won
    assert s.decl_thirds == 163
    # Dreier 4 + Trull 1 - Uhu announced 4 = 1
    assert st.result() == [3, -1, -1, -1]


# Solo by A (twelve trumps XI..Sküs) calling hearts; C holds HK and keeps it
# for the last trick. A takes every trick: Valat, the talon goes to A's party.
SOLO_VALAT_DECK = (
    "SKUS XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI",
    "I II III IIII V VI VII VIII IX X S7 S8",
    "HK D4 D3 D2 D1 DJ DC DQ DK S9 S10 SJ",
    "H4 H3 H2 H1 HJ HC HQ SC SQ SK C7 C8",
    "C9 C10 CJ CC CQ CK",
)


def test_solo_valat_king_ultimo_doubled():
    st = cut(deck(*SOLO_VALAT_DECK))
    do(st, bid(P.SOLO), K.A_PASS, K.A_PASS, K.A_PASS, K.A_CALL + HEARTS)
    assert st.partner == 2
    pass_round(st)
    finish(st, keep=cards("HK"))
    v = st.view(1)
    assert (2, card("HK")) in v["last_trick"] and v["last_winner"] == 0
    s = st.summary()
    assert list(s.tricks) == [12, 0, 0, 0]
    assert s.decl_thirds == 210                    # talon to the winners
    assert s.bonus[P.VALAT] == S.DECL_MADE
    assert s.bonus[P.KING_ULTIMO] == S.DECL_MADE
    assert s.bonus[P.TRULL] == S.DECL_MADE         # B's Pagat fell in trick 1
    assert s.bonus[P.KINGS] == S.DECL_MADE         # CK from the talon
    assert s.bonus[P.KINGFANG] == S.NONE
    # Solo 2 + (König ultimo 1 + Valat 4 + Trull 1 + kings 1) * 2 = 16
    assert st.result() == [16, -16, 16, -16]


# The same cards with A's and B's trumps exchanged the other way round: B
# (XIII..Sküs) takes trick 1 with XIII, C's HK falls into it: Königfang.
KINGFANG_DECK = (
    "I II III IIII V VI VII VIII IX X XI XII",
    "XIII XIV XV XVI XVII XVIII XIX XX XXI SKUS S7 S8",
) + SOLO_VALAT_DECK[2:]


def test_solo_kingfang_doubled():
    st = cut(deck(*KINGFANG_DECK))
    do(st, bid(P.SOLO), K.A_PASS, K.A_PASS, K.A_PASS, K.A_CALL + HEARTS)
    pass_round(st)
    finish(st)
    s = st.summary()
    # tricks 1-10 to B (XIII..Sküs); 11: S7 S10 C7 XI -> A; 12: XII S8 SJ C8 -> A
    assert list(s.tricks) == [2, 10, 0, 0]
    assert s.decl_thirds == 4 + 7                  # lost
    assert s.bonus[P.KINGFANG] == S.DEF_MADE
    assert s.bonus[P.KING_ULTIMO] == S.NONE
    assert s.bonus[P.TRULL] == S.DEF_MADE          # A's Pagat fell in trick 1
    assert s.bonus[P.KINGS] == S.DEF_MADE
    # Solo lost -2 + (Königfang -1, Trull -1, kings -1) * 2 = -8
    assert st.result() == [-8, 8, -8, 8]


def test_mondfang():
    st = cut(deck("SKUS H4 H3 H2 H1 HJ HC HQ HK D4 D3 D2",
                  "XXI D1 DJ DC DQ DK S7 S8 S9 S10 SJ SC",
                  "I II III IIII V VI VII VIII IX X XI XII",
                  "XIII XIV XV XVI XVII XVIII XIX XX"))
    do(st, bid(P.SOLO_DREIER), K.A_PASS, K.A_PASS, K.A_PASS)
    pass_round(st)
    do(st, card("SKUS"), card("XXI"), card("I"), card("XIII"))
    assert st.view(0)["last_winner"] == 0
    finish(st)
    assert st.summary().bonus[P.MONDFANG] == S.DECL_MADE


# ------------------------------------------------------------ Kaiserstich

# Solo Dreier by forehand (all trumps I..XII); B's only trump is the Sküs,
# C's the XXI, D holds XIII..XX. Forehand leads the Pagat in trick 1.
KAISER_DECK = ("I II III IIII V VI VII VIII IX X XI XII", "SKUS", "XXI",
               "XIII XIV XV XVI XVII XVIII XIX XX")


def kaiser_deal(profile):
    st = cut(deck(*KAISER_DECK), profile)
    do(st, bid(P.SOLO_DREIER), K.A_PASS, K.A_PASS, K.A_PASS)
    pass_round(st)
    assert st.to_move == 0
    do(st, card("I"), card("SKUS"), card("XXI"), card("XIII"))
    return st


def test_kaiserstich_pagat_wins_and_skusfang():
    st = kaiser_deal(PR.overlay(PK, {"kaiserstich": True}))
    assert st.view(3)["last_winner"] == 0 and st.to_move == 0
    finish(st)
    s = st.summary()
    assert s.bonus[P.SKUSFANG] == S.DECL_MADE      # the Sküs of a defender
    assert s.bonus[P.TRULL] == S.DECL_MADE
    # the XXI fell to the Pagat, not "mit dem Sküs": no Mondfang (seeds/000)
    assert s.bonus[P.MONDFANG] == S.NONE


def test_no_kaiserstich_by_default():
    st = kaiser_deal(PK)
    assert st.view(3)["last_winner"] == 1 and st.to_move == 1
    finish(st)
    s = st.summary()
    assert s.bonus[P.SKUSFANG] == S.NONE
    assert s.bonus[P.MONDFANG] == S.NONE            # XXI fell to its own party


# ------------------------------------------------------------ Trischaken

# Forehand: XII XIV..XXI Sküs H4 D4. B: I..VIII XIII H3 D3 CK. C: twelve red
# cards. D: spades and C7..C10 (never gets the lead, never wins a trick).
# Talon (unused): IX X XI CJ CC CQ.
TRISCH_DECK = (
    "XII XIV XV XVI XVII XVIII XIX XX XXI SKUS H4 D4",
    "I II III IIII V VI VII VIII XIII H3 D3 CK",
    "H2 H1 HJ HC HQ HK D2 D1 DJ DC DQ DK",
    "S7 S8 S9 S10 SJ SC SQ SK C7 C8 C9 C10",
    "IX X XI CJ CC CQ",
)


def test_trischaken_scripted():
    st = cut(deck(*TRISCH_DECK))
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.TRISCHAKEN))
    assert st.phase == K.PH_PLAY and st.to_move == 0
    do(st, card("XII"))
    # B must overtake: only the XIII
    assert st.legal_actions() == cards("XIII")
    illegal(st, card("II"), E.E_MUST_OVERTAKE)
    step(st, 3)                 # XIII, H2, S7: B wins trick 1 (4 thirds)
    assert st.to_move == 1
    # B leads: the Pagat only as the last trump
    illegal(st, card("I"), E.E_PAGAT_TRISCHAKEN)
    assert card("I") not in st.legal_actions()
    step(st, 4)                 # II, H1, S8, forehand overtakes with XIV
    assert st.to_move == 0
    do(st, card("XV"))
    illegal(st, card("I"), E.E_PAGAT_TRISCHAKEN)   # following, too
    finish(st)
    s = st.summary()
    # Trick by trick (first legal card each):
    #  1 XII XIII H2 S7 -> B 4       2 II H1 S8 XIV -> A 4
    #  3 XV III HJ S9 -> A 7         4 XVI IIII HC S10 -> A 10
    #  5 XVII V HQ SJ -> A 16        6 XVIII VI HK SC -> A 22
    #  7 XIX VII D2 SQ -> A 13       8 XX VIII D1 SK -> A 16
    #  9 XXI I (last trump) DJ C7 -> A 31
    # 10 Sküs H3 DC C8 -> A 22      11 H4 D3 DQ C9 -> A 13
    # 12 D4 CK DK C10 -> C 28
    # A 154 thirds, B 4, C 28, D 0 (talon 24: 210 in all)
    assert list(s.tricks) == [10, 1, 1, 0]
    assert list(s.thirds) == [154, 4, 28, 0]
    # ranking A C B D: A and C pay 1, B and D get 1   -> -1 +1 -1 +1
    # D took no trick: 2 from each                    -> -3 -1 -3 +7
    # A has >= 36 (154 thirds): pays 2 to each        -> -9 +1 -1 +9
    assert st.result() == [-9, 1, -1, 9]


# ------------------------------------------------------------ negative contracts

def bettel_by_b(d):
    st = cut(d)
    do(st, K.A_MEIN, bid(P.BETTEL), K.A_PASS, K.A_PASS, K.A_PASS)
    assert st.contract == P.BETTEL and st.declarer == 1
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 1
    return st


def test_negative_must_overtake_and_trump():
    st = bettel_by_b(deck("H3 HK", "HJ", "H4 HQ", "II III IIII V VI VII S7 S8 S9 S10 SJ SC"))
    illegal(st, announce(P.TRULL), E.E_ANNOUNCE)    # no bonuses in negatives
    pass_round(st)
    assert st.phase == K.PH_PLAY and st.to_move == 1   # the declarer leads
    do(st, card("HJ"))
    illegal(st, card("H4"), E.E_MUST_OVERTAKE)
    assert st.legal_actions() == cards("HQ")
    do(st, card("HQ"))
    illegal(st, card("S7"), E.E_MUST_TRUMP)
    assert st.legal_actions() == cards("II III IIII V VI VII")
    do(st, card("II"))
    # a trump lies: hearts cannot overtake it, any heart will do
    assert st.legal_actions() == cards("H3 HK")
    do(st, card("HK"))
    assert st.view(0)["last_winner"] == 3 and st.phase == K.PH_PLAY


def test_negative_kontra_per_defender_and_early_end():
    st = bettel_by_b(deck("H4", "HK", "H3", "H2"))
    illegal(st, neg_kontra(0), E.E_DOUBLE)          # A's Kontra is A's to give
    illegal(st, kontra(), E.E_DOUBLE)               # no game Kontra in negatives
    do(st, K.A_PASS)
    illegal(st, neg_kontra(0), E.E_DOUBLE)
    illegal(st, neg_kontra(1), E.E_DOUBLE)          # not against the declarer himself
    do(st, neg_kontra(2), K.A_PASS)                 # C: Kontra for himself
    do(st, K.A_PASS)                                # D
    do(st, neg_kontra(0), K.A_PASS)                 # A: Kontra for himself
    assert st.to_move == 1
    do(st, neg_kontra(0))                           # declarer: Re against A
    illegal(st, neg_kontra(0), E.E_DOUBLE)          # Sub is A's
    do(st, K.A_PASS)
    assert st.to_move == 2
    illegal(st, neg_kontra(0), E.E_DOUBLE)
    pass_round(st)
    assert list(st.neg_dbl) == [2, 0, 1, 0]
    assert st.to_move == 1
    # B leads HK, everyone follows with a lower heart: B takes a trick, Bettel
    # is lost and the deal stops at once.
    do(st, card("HK"), card("H3"), card("H2"), card("H4"))
    assert st.phase == K.PH_DONE and st.trick_no == 1
    # lost 3 per defender: A x4 = 12, C x2 = 6, D 3; declarer -21
    assert st.result() == [12, -21, 6, 3]


def test_piccolo_ouvert_hands_open_from_trick_two():
    st = cut(deck())
    do(st, bid(P.PICCOLO_OUVERT), K.A_PASS, K.A_PASS, K.A_PASS)
    pass_round(st)
    assert st.phase == K.PH_PLAY and st.to_move == 0
    def closed():
        for p in range(4):
            assert "open" not in st.view(p), p

    closed()                    # before trick 1
    step(st, 1)
    closed()                    # during trick 1
    step(st, 3)
    assert st.trick_no == 1 and st.view(0)["trick"] == []
    closed()                    # after trick 1
    step(st, 1)
    # exactly one card of trick 2 lies now
    assert st.trick_no == 1 and len(st.view(0)["trick"]) == 1
    for p in range(4):
        v = st.view(p)
        assert "open" in v
        for q in range(4):
            assert v["open"][q] == st.hand_of(q)


def test_piccolo_hands_stay_closed():
    st = cut(deck())
    do(st, bid(P.PICCOLO), K.A_PASS, K.A_PASS, K.A_PASS)
    pass_round(st)
    step(st, 5)
    assert st.trick_no == 1
    for p in range(4):
        assert "open" not in st.view(p)


# ------------------------------------------------------------ Farbensolo

def test_farbensolo():
    st = cut(deck("H4 H3", "H2 H1", "HK HQ HC I II III S7 S8 S9 C7 C8 C9",
                  "IIII V VI VII VIII IX X XI XII XIII XIV SKUS"))
    # A: H4 H3 XV..XXI HJ D4 D3; B: H2 H1 D2..DK S10 SJ SC SQ
    do(st, K.A_MEIN, K.A_PASS, bid(P.FARBENSOLO), K.A_PASS, K.A_PASS)
    assert st.contract == P.FARBENSOLO and st.declarer == 2
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 2
    illegal(st, announce(P.TRULL), E.E_ANNOUNCE)       # only Valat counts
    illegal(st, announce(P.PAGAT_ULTIMO), E.E_ANNOUNCE)
    assert st.why_illegal(announce(P.VALAT)) == 0
    pass_round(st)
    assert st.phase == K.PH_PLAY and st.to_move == 2   # the declarer leads
    illegal(st, card("I"), E.E_NO_TRUMP_LEAD)
    assert card("I") not in st.legal_actions()
    do(st, card("HK"), card("SKUS"), card("H4"), card("H2"))
    assert st.view(0)["last_winner"] == 2              # the Sküs does not win
    do(st, card("S7"), card("IIII"))                   # D: void, must trump
    illegal(st, card("D4"), E.E_MUST_TRUMP)            # A: void in spades
    do(st, card("XXI"))
    illegal(st, card("D2"), E.E_MUST_FOLLOW)           # B holds spades
    do(st, card("S10"))
    assert st.view(0)["last_winner"] == 1              # S10 beats S7, XXI and IIII
    finish(st)
    assert st.summary().partner == -1
    alone_pattern(st.result(), 2)


# ------------------------------------------------------------ Klopfen

def test_klopfen_packets():
    d = [(i * 7 + 3) % 54 for i in range(54)]          # a fixed permutation
    assert sorted(d) == list(range(54))
    st = K.Deal(PK, deck=d)
    do(st, K.A_KNOCK)
    assert st.phase == K.PH_PACKETS and st.to_move == 0
    assert list(st.talon) == d[0:6]
    assert st.view(0)["knocked"]
    illegal(st, K.A_CUT, E.E_NOT_IN_PHASE)
    illegal(st, K.A_PASS, E.E_NOT_IN_PHASE)
    do(st, K.A_PACKET + 2)
    assert st.hand_of(0) == sorted(d[30:42]) and st.to_move == 1
    illegal(st, K.A_PACKET + 2, E.E_TAKEN)
    do(st, K.A_PACKET + 0)
    assert st.hand_of(1) == sorted(d[6:18]) and st.to_move == 2
    assert st.legal_actions() == [K.A_PACKET + 1, K.A_PACKET + 3]
    do(st, K.A_PACKET + 3)
    assert st.hand_of(2) == sorted(d[42:54])
    assert st.hand_of(3) == sorted(d[18:30])            # the last one, no choice
    assert st.phase == K.PH_BID and st.to_move == 0


# ------------------------------------------------------------ announcements, Kontra

def test_party_unknown_and_kontra_sequence():
    st = rufer_deal(deck(h2="HK"), HEARTS)
    assert st.partner == 2
    do(st, K.A_TALON)
    step(st, 3)
    assert st.phase == K.PH_ANNOUNCE and st.to_move == 0
    illegal(st, kontra(), E.E_DOUBLE)                  # not on one's own game
    do(st, K.A_PASS)
    # B (defender, party not public)
    illegal(st, announce(P.TRULL), E.E_PARTY_UNKNOWN)
    illegal(st, announce(P.KING_ULTIMO), E.E_ANNOUNCE)  # the declarer's party only
    illegal(st, kontra(P.TRULL), E.E_DOUBLE)           # nothing announced yet
    do(st, kontra())                                   # Kontra: B shows his party
    illegal(st, kontra(), E.E_DOUBLE)                  # Re is the other side's
    assert st.why_illegal(announce(P.TRULL)) == 0
    do(st, announce(P.TRULL), K.A_PASS)
    # C, the partner: Re on the game, Kontra on the defence's Trull
    assert st.to_move == 2
    do(st, kontra())
    illegal(st, kontra(), E.E_DOUBLE)
    do(st, kontra(P.TRULL), K.A_PASS)
    # D: both parties are public now
    assert st.why_illegal(announce(P.KINGS)) == 0
    do(st, kontra())                                   # Sub
    illegal(st, kontra(), E.E_DOUBLE)                  # no Hirschkontra by default
    do(st, kontra(P.TRULL), K.A_PASS)                  # Re on Trull
    assert st.to_move == 0
    do(st, kontra(P.TRULL))                            # Sub on Trull
    illegal(st, kontra(P.TRULL), E.E_DOUBLE)
    pass_round(st)
    finish(st)
    s = st.summary()
    assert s.kontra[0] == 3 and s.kontra[1 + P.TRULL] == 3
    assert s.announced[P.TRULL] == S.DEF
    r = st.result()
    assert sum(r) == 0 and r[0] == r[2] and r[1] == r[3]


def test_hirsch_and_mord_kontra_option():
    p5 = PR.overlay(PK, {"max_kontra": 5})
    st = cut(deck(h2="HK"), p5)
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_CALL + HEARTS)
    do(st, K.A_TALON)
    step(st, 3)
    do(st, K.A_PASS)
    do(st, kontra(), K.A_PASS)           # B Kontra
    do(st, kontra(), K.A_PASS)           # C Re
    do(st, kontra(), K.A_PASS)           # D Sub
    do(st, kontra(), K.A_PASS)           # A Hirschkontra
    do(st, kontra())                     # B Mordkontra
    illegal(st, kontra(), E.E_DOUBLE)
    assert st.dbl[0] == 5


def test_partner_may_announce_before_known():
    st = rufer_deal(deck(h2="HK"), HEARTS)
    do(st, K.A_TALON)
    step(st, 3)
    do(st, K.A_PASS, K.A_PASS)
    assert st.to_move == 2
    assert st.why_illegal(announce(P.KING_ULTIMO)) == 0
    do(st, announce(P.KING_ULTIMO), K.A_PASS)
    # D: with the partner shown, the other two are known to be the defence
    assert st.why_illegal(announce(P.TRULL)) == 0


# ------------------------------------------------------------ check/act contract

def sweep(st):
    """Every action id: why_illegal() == apply()'s IllegalAction.code, the state
    is unchanged, and legal_actions() is exactly the set why_illegal accepts."""
    fp = st.fingerprint()
    legal = []
    for a in range(K.A_MAX):
        code = st.why_illegal(a)
        if code == 0:
            legal.append(a)
            continue
        try:
            st.apply(a)
        except IllegalAction as e:
            assert e.code == code, (a, e.code, code)
        else:
            assert False, "apply(%d) did not raise" % a
    assert st.fingerprint() == fp
    assert sorted(st.legal_actions()) == legal, (st.phase, legal)


def test_why_illegal_matches_apply_everywhere():
    for d, first in ((deck(), None),
                     (deck(*TRISCH_DECK), (K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS,
                                           bid(P.TRISCHAKEN))),
                     (deck(*PAGAT_DECK), (bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS)),
                     # announced Uhu: the held-card rules in every trick
                     (deck(*UHU_DECK), (bid(P.DREIER), K.A_PASS, K.A_PASS, K.A_PASS,
                                        K.A_TALON, card("C9"), card("C10"), card("CJ"),
                                        announce(P.UHU))),
                     (deck(*SOLO_VALAT_DECK), (bid(P.SOLO), K.A_PASS, K.A_PASS, K.A_PASS,
                                               K.A_CALL + HEARTS, K.A_PASS, K.A_PASS,
                                               announce(P.KING_ULTIMO)))):
        st = K.Deal(PK, deck=d)
        sweep(st)
        st.apply(K.A_CUT)
        if first:
            for a in first:
                sweep(st)
                st.apply(a)
        n = 0
        while st.phase != K.PH_DONE:
            sweep(st)
            step(st)
            n += 1
        assert st.why_illegal(K.A_PASS) == E.E_DONE
        e = raises(IllegalAction, st.apply, card("I"))
        assert e.code == E.E_DONE
