# French Tarot rules: scripted deals through the state machine with explicit
# decks (frsim.make_deck) and action sequences. Sources: RULES.md §4 (FFT) and
# seeds/003. Expected values are worked out by hand in the comments.
from tarock.french import rules as F, profiles as PF
from tarock import errors as E
from tarock.french.cards import card78, cards78, EXCUSE, PETIT
from frsim import deal, illegal

FFT = PF.FFT
PRISE, GARDE, SANS, CONTRE = PF.PRISE, PF.GARDE, PF.GARDE_SANS, PF.GARDE_CONTRE
PLAIN = list(range(21, 77))


def bid_round(st, taker, contract):
    for p in range(st.n):
        st.apply(F.A_BID + contract if p == taker else F.A_PASS)


# ------------------------------------------------------------ dealing

def test_deal_sizes_and_chien_slots():
    for n, hand, chien in ((3, 24, 6), (4, 18, 6), (5, 15, 3), (2, 18, 6)):
        st = F.Deal(FFT, deck=bytes(range(78)), n=n)
        assert len(st.chien) == chien
        for p in range(n):
            assert len(st.hand_of(p)) == hand, (n, p)
        # one card at a time, never the first or the last card of the deal
        assert 0 not in list(st.chien) and 77 not in list(st.chien)
        slots = F.chien_slots(n)
        for j in range(1, len(slots)):
            assert slots[j] > slots[j - 1]
    # 4 players, deck in card order: packets of 3 from forehand, chien
    # after packets 3, 6, 10, 13, 17, 20 (k x 24 // 7)
    assert F.chien_slots(4) == [3, 6, 10, 13, 17, 20]
    st = F.Deal(FFT, deck=bytes(range(78)), n=4)
    # packets 0-2 (pos 0), 3-5 (1), 6-8 (2), chien 9, 10-12 (3), 13-15 (0)
    assert st.hand_of(0)[:6] == [0, 1, 2, 13, 14, 15]
    assert next(iter(st.chien)) == 9


def test_two_player_dealing_pattern_is_the_cores():
    # families "french" at 2 (the dealing aid shows it): six stacks of three
    # before each, the top face up, first; then packets of three and the
    # chien spread. The deck in card order: stacks are cards 0..35, three
    # each (seat 0's six first), top = the third; 2 x 18 in hand + 6 = 42.
    from tarock import families
    assert 2 in families.family("french")["players"]
    assert families.active("french", 2, FFT) == 2 and families.hand_size("french", 2) == 18
    pat = families.dealing("french", 2)
    assert pat[0] == ((6, 3), "stacks up")
    assert pat[1:] == ((3, "packets"), (6, "spread"))
    st = F.Deal(FFT, deck=bytes(range(78)), n=2)
    assert [list(x) for x in st.stacks[:2]] == [[0, 1, 2], [3, 4, 5]]
    assert st.view(0)["tops"][0] == [2, 5, 8, 11, 14, 17]
    assert st.view(0)["tops"][1] == [20, 23, 26, 29, 32, 35]
    # 12 stacks x 3 = 36, then 36 in hand + 6 chien = 78
    assert min(st.hand_of(0) + st.hand_of(1) + list(st.chien)) == 36


def test_all_pass_redeal():
    st = F.Deal(FFT, seed=3)
    if st.phase == F.PH_PETIT_SEC:
        st = F.Deal(FFT, seed=4)
    for p in range(4):
        st.apply(F.A_PASS)
    assert st.phase == F.PH_DONE and st.redeal
    assert st.result() == [0, 0, 0, 0] and st.summary().redeal


def test_bidding_goes_up_once_round():
    st = deal([[], [], [], []])
    st.apply(F.A_BID + GARDE)
    illegal(st, F.A_BID + PRISE, E.E_BID_TOO_LOW)
    illegal(st, F.A_BID + GARDE, E.E_BID_TOO_LOW)
    st.apply(F.A_BID + CONTRE)
    assert st.legal_actions() == [F.A_PASS]  # nothing above garde contre
    st.apply(F.A_PASS)
    st.apply(F.A_PASS)
    assert st.taker == 1 and st.contract == CONTRE and st.phase == F.PH_CHELEM
    assert "chien" not in st.view(0) and "chien" not in st.view(1)  # never shown
    off = dict(FFT)
    off["contracts"] = {1: {"name": "Prise", "mult": 1, "on": False}, 2: FFT["contracts"][2],
                        3: FFT["contracts"][3], 4: FFT["contracts"][4]}
    st = deal([[], [], [], []], profile=PF.validate_profile(off))
    illegal(st, F.A_BID + PRISE, E.E_CONTRACT_OFF)


def test_petit_sec_annuls():
    # position 2 holds the Petit and no other trump, no Excuse
    no_trumps = list(PLAIN)[:17]
    st = deal([[], [], [PETIT] + no_trumps, []])
    assert st.phase == F.PH_PETIT_SEC and st.to_move == 2
    assert st.legal_actions() == [F.A_PETIT_SEC]
    illegal(st, F.A_PASS, E.E_NOT_IN_PHASE)
    st.apply(F.A_PETIT_SEC)
    assert st.phase == F.PH_DONE and st.redeal and st.result() == [0, 0, 0, 0]
    assert st.view(0)["petit_sec_hand"] == [PETIT] + no_trumps  # he shows it
    # with the Excuse the Petit is not sec
    st = deal([[], [], [PETIT, EXCUSE] + no_trumps[:16], []])
    assert st.phase == F.PH_BID


# ------------------------------------------------------------ chien and écart

def test_chien_shown_taken_and_ecart_rules():
    chien = cards78("HR 2 DV D2 D3 D4")
    # taker 0 holds kings SR CR, the 21, the Excuse, trumps 3..6, and plain cards
    mine = cards78("SR CR 21 Excuse 3 4 5 6") + cards78("S1 S2 S3 S4 S5 S6 S7 S8 S9 S10")
    st = deal([mine, [], [], []], chien=chien)
    bid_round(st, 0, GARDE)
    assert st.phase == F.PH_DISCARD and st.chien_shown
    for p in range(4):
        assert st.view(p)["chien"] == chien  # in the order dealt
    for c in ("HR", "SR", "21", "Excuse", "1"):
        if st.holds_card(0, card78(c)):
            illegal(st, card78(c), F.E_ECART_KING)
    # 24 cards: 11 plain non-kings (S1..S10, DV, D2..D4 = 14) >= 6: no trump
    illegal(st, card78("3"), F.E_ECART_TRUMP)
    for c in cards78("S1 S2 S3 S4 S5 DV"):
        st.apply(c)
    assert st.phase == F.PH_CHELEM
    assert st.view(0)["ecart"] == cards78("S1 S2 S3 S4 S5 DV")
    assert "ecart" not in st.view(1)


def test_ecart_trump_refused_while_plain_cards_suffice():
    # 3 players, taker 2: kings, H1 H2, trumps 2..18, the Excuse (6 + 17 + 1 = 24)
    mine = cards78("HR DR SR CR H1 H2") + list(range(1, 18)) + [EXCUSE]
    st = deal([[], [], mine], n=3, chien=[PETIT] + cards78("D1 D2 D3 D4 D5"))
    bid_round(st, 2, PRISE)
    # plain non-kings: H1 H2 D1..D5 = 7 >= 6: no trump yet
    illegal(st, card78("5"), F.E_ECART_TRUMP)
    illegal(st, PETIT, F.E_ECART_KING)  # the Petit came with the chien: a bout
    for c in cards78("H1 H2"):
        st.apply(c)
    # 4 left to discard, 5 plain left: still no trump
    illegal(st, card78("5"), F.E_ECART_TRUMP)
    st.apply(card78("D1"))
    st.apply(card78("D2"))
    # 2 left to discard, D3 D4 D5 = 3 plain >= 2: no trump; after D3, D4: done
    st.apply(card78("D3"))
    st.apply(card78("D4"))
    assert st.phase == F.PH_CHELEM


def test_trump_ecart_forced():
    # 5 players, chien 3: the taker holds 2 plain non-kings, so one trump goes
    mine = cards78("HR DR SR CR H1") + list(range(1, 10)) + [EXCUSE]        # 15
    st = deal([mine, [], [], [], []], n=5, chien=cards78("H2 HD 21"))
    bid_round(st, 0, GARDE)
    st.apply(F.A_CALL + 1)  # hearts: he holds HR and all four kings -> a queen
    assert st.called == card78("HD") and st.partner == -1  # the dame is in the chien
    assert st.view(3)["partner"] == -1  # the chien shows it to all
    # plain non-kings: H1 H2 HD = 3 >= 3: no trump
    illegal(st, card78("4"), F.E_ECART_TRUMP)
    st.apply(card78("H1"))
    st.apply(card78("H2"))
    # 1 left, HD = 1 plain >= 1: still no trump; discard HD (the called queen!)
    illegal(st, card78("4"), F.E_ECART_TRUMP)
    st.apply(card78("HD"))
    assert st.phase == F.PH_CHELEM


def test_trump_goes_when_nothing_else():
    mine = cards78("HR DR SR CR H1") + list(range(1, 10)) + [EXCUSE]        # 15
    st = deal([mine, [], [], [], []], n=5, chien=cards78("20 19 21"))
    bid_round(st, 0, PRISE)
    st.apply(F.A_CALL + 2)
    # H1 is the only plain non-king: 1 < 3, so trumps may go (shown)
    st.apply(card78("4"))
    st.apply(card78("H1"))
    illegal(st, card78("21"), F.E_ECART_KING)
    st.apply(card78("20"))
    assert st.phase == F.PH_CHELEM
    assert st.shown == cards78("4 20")
    for p in range(5):
        assert st.view(p)["shown_discards"] == cards78("4 20")
