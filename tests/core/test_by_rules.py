# Bavarian Tarock rules: scripted deals through the state machine with
# explicit decks and action sequences. Source: seeds/000 first part, RULES.md
# §5 and its "Readings fixed" for Bavarian, docs/DECISIONS.md. Expected
# results are worked out by hand in the comments.
from tarock.bavarian import rules as B
from tarock import profiles as P
from tarock.bavarian import score as S
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.bavarian.cards import card, cards, names
from mpcompat import raises
from checkact import probe_illegal

PS = P.get("bavarian/standard")
PA = P.get("bavarian/announced")
EICHEL, GRUEN, HERZ, SCHELLEN = 0, 1, 2, 3
PASS = B.A_PASS


def H(t):
    """Hand-game bid on target t (61, 66, ... 116, 120)."""
    return B.A_HAND + (t - 61) // 5 if t < 120 else B.A_HAND + 12


def A(t):
    """Aufnahme bid on target t."""
    return B.A_AUF + (t - 61) // 5 if t < 120 else B.A_AUF + 12


def deck(h0="", h1="", h2="", stock=""):
    """36-card order for three hands of 11 and a Stock of 3 given by names;
    short hands are filled with the unused cards in card order. Dealt as
    4 each, 3 each, Stock 3, 4 each (from forehand)."""
    parts = [cards(h0), cards(h1), cards(h2), cards(stock)]
    used = [0] * 36
    for part in parts:
        for c in part:
            assert not used[c], "card given twice: %d" % c
            used[c] = 1
    rest = [c for c in range(36) if not used[c]]
    k = 0
    for i, n in enumerate((11, 11, 11, 3)):
        assert len(parts[i]) <= n
        while len(parts[i]) < n:
            parts[i].append(rest[k])
            k += 1
    d = []
    for p in range(3):
        d.extend(parts[p][:4])
    for p in range(3):
        d.extend(parts[p][4:7])
    d.extend(parts[3])
    for p in range(3):
        d.extend(parts[p][7:])
    return d


def do(st, *acts):
    for a in acts:
        st.apply(a)
    return st


def illegal(st, a, code):
    """a is refused with `code` by why_illegal and apply; state unchanged."""
    got = st.why_illegal(a)
    assert got == code, "why_illegal(%r) = %d, expected %d" % (a, got, code)
    assert probe_illegal(st, a)
    assert a not in st.legal_actions()


def finish(st):
    n = 0
    while st.phase != B.PH_DONE:
        st.apply(st.legal_actions()[0])
        n += 1
        assert n < 100
    return st


# ------------------------------------------------------------ dealing

def test_deal_pattern_4_3_stock_3_4():
    st = B.Deal(PS, deck=list(range(36)))
    # forehand gets deck 0-3, 12-14, 24-27; the next 4-7, 15-17, 28-31;
    # the dealer 8-11, 18-20, 32-35; the Stock 21-23
    assert st.hand_of(0) == [0, 1, 2, 3, 12, 13, 14, 24, 25, 26, 27]
    assert st.hand_of(1) == [4, 5, 6, 7, 15, 16, 17, 28, 29, 30, 31]
    assert st.hand_of(2) == [8, 9, 10, 11, 18, 19, 20, 32, 33, 34, 35]
    assert list(st.stock) == [21, 22, 23]
    assert st.phase == B.PH_BID and st.to_move == 0
    raises(ValueError, B.Deal, PS, 0, list(range(35)))
    raises(ValueError, B.Deal, PS, 0, [0] * 36)


def test_scripted_deck_helper():
    st = B.Deal(PS, deck=deck("EA E10", "GA", "HA", "SA S10 SK"))
    assert card("EA") in st.hand_of(0) and card("E10") in st.hand_of(0)
    assert card("GA") in st.hand_of(1) and card("HA") in st.hand_of(2)
    assert names(st.stock) == "SA S10 SK"


# ------------------------------------------------------------ bidding

def test_bidding_priority_and_equal_rank():
    st = B.Deal(PS, seed=1)
    do(st, H(61))
    assert st.to_move == 1
    illegal(st, H(61), E.E_BID_TOO_LOW)   # equal bid, lower priority
    illegal(st, A(71), E.E_BID_TOO_LOW)   # rank 71 = hand 61's 61 + 10: hand wins
    illegal(st, A(61), B.E_BELOW_MIN)     # an Aufnahme starts at 71
    illegal(st, A(66), B.E_BELOW_MIN)
    do(st, H(66))                          # rank 76
    assert st.to_move == 2
    illegal(st, A(76), E.E_BID_TOO_LOW)   # rank 76 equal, Aufnahme < hand
    do(st, PASS)
    assert st.to_move == 0
    # forehand has priority: he may hold 66 (equal)
    assert st.legal_actions()[:2] == [PASS, H(66)]
    do(st, H(66))
    assert st.to_move == 1                 # seat 2 passed: skipped from now on
    illegal(st, A(76), E.E_BID_TOO_LOW)
    do(st, A(81))                          # rank 81 > 76
    assert st.to_move == 0
    do(st, PASS)
    assert st.phase == B.PH_DISCARD and st.declarer == 1
    assert st.hand_game is False and st.target == 81


def test_hand_beats_aufnahme_at_equal_rank():
    st = B.Deal(PS, seed=2)
    do(st, PASS, A(71))
    # the dealer, lowest priority, may still take rank 71 with a hand game
    assert st.why_illegal(H(61)) == 0
    do(st, H(61))
    # seat 1 has priority over seat 2: holds with hand 61 (equal), not Aufnahme 71
    illegal(st, A(71), E.E_BID_TOO_LOW)
    assert st.why_illegal(H(61)) == 0
    do(st, H(61))
    illegal(st, H(61), E.E_BID_TOO_LOW)   # the dealer must now go higher
    do(st, PASS)
    assert st.declarer == 1 and st.hand_game and st.target == 61
    assert st.phase == B.PH_TRUMP and st.to_move == 1


def test_120_is_the_top():
    st = B.Deal(PS, seed=3)
    do(st, H(120))
    assert st.legal_actions() == [PASS]    # nothing beats hand 120 (rank 130)
    illegal(st, H(120), E.E_BID_TOO_LOW)
    illegal(st, A(120), E.E_BID_TOO_LOW)
    illegal(st, B.A_HAND + 13, B.E_NO_TARGET)  # beyond 120: no such target
    illegal(st, B.A_AUF + 18, B.E_NO_TARGET)
    do(st, PASS, PASS)
    assert st.declarer == 0 and st.target == 120 and st.hand_game
    # the last target after 116 is 120, not 121
    st = B.Deal(PS, seed=3)
    assert st.bid_of(H(116)) == (True, 116) and st.bid_of(H(120)) == (True, 120)
    do(st, H(61), PASS, A(120))            # the dealer: Aufnahme 120, rank 120
    # forehand: hand 111 (rank 121) and up, or hold Aufnahme 120 by priority
    assert st.legal_actions() == [PASS, H(111), H(116), H(120), A(120)]
    do(st, A(120))
    assert st.legal_actions() == [PASS, H(111), H(116), H(120)]
    do(st, H(120))                         # rank 130
    assert st.legal_actions() == [PASS, H(120)]
    do(st, H(120))                         # held by priority
    assert st.legal_actions() == [PASS]
    do(st, PASS)
    assert st.declarer == 0 and st.target == 120 and st.hand_game


def test_wrong_actions_in_bidding():
    st = B.Deal(PS, seed=4)
    illegal(st, 0, E.E_NOT_IN_PHASE)       # a card
    illegal(st, B.A_TRUMP, E.E_NOT_IN_PHASE)
    illegal(st, B.A_SCHNEIDER, E.E_NOT_IN_PHASE)
    illegal(st, B.A_MAX, E.E_UNKNOWN)
    illegal(st, -1, E.E_UNKNOWN)
    for a in (None, "40", 40.0, True):
        assert st.why_illegal(a) == E.E_UNKNOWN
        fp = st.fingerprint()
        raises(IllegalAction, st.apply, a)
        assert st.fingerprint() == fp


def test_all_pass_is_a_redeal():
    st = B.Deal(PS, seed=5)
    do(st, PASS, PASS)
    assert st.to_move == 2 and st.phase == B.PH_BID
    do(st, PASS)
    assert st.phase == B.PH_DONE and st.redeal()
    assert st.result() == [0, 0, 0]
    assert st.summary().redeal and st.summary().declarer == -1
    v = st.view(1)
    assert v["redeal"] is True and v["result"] == [0, 0, 0]
    illegal(st, PASS, E.E_DONE)
    assert st.legal_actions() == []


def test_last_seat_alone_declares():
    st = B.Deal(PS, seed=6)
    do(st, PASS, PASS, A(71))
    assert st.declarer == 2 and st.phase == B.PH_DISCARD and st.to_move == 2
    st = B.Deal(PS, seed=6)
    do(st, H(61), PASS, PASS)
    assert st.declarer == 0 and st.phase == B.PH_TRUMP


# ------------------------------------------------------------ Aufnahme and hand game

def test_aufnahme_takes_the_stock_and_puts_back_three():
    d = deck("", "EA E10 EK", "", "GA G10 GK")
    st = B.Deal(PS, deck=d)
    do(st, PASS, A(71), PASS)
    assert st.declarer == 1 and len(st.hand_of(1)) == 14
    for c in cards("GA G10 GK"):
        assert c in st.hand_of(1)
    assert st.view(1)["stock"] == cards("GA G10 GK")
    assert "stock" not in st.view(0) and "stock" not in st.view(2)
    assert st.holds_card(2, card("SA"))
    illegal(st, card("SA"), E.E_NOT_IN_HAND)  # seat 2's card
    illegal(st, B.A_TRUMP, E.E_NOT_IN_PHASE)
    assert st.legal_actions() == st.hand_of(1)
    do(st, card("EA"), card("GA"))
    assert st.phase == B.PH_DISCARD
    do(st, card("E10"))
    assert st.phase == B.PH_TRUMP and len(st.hand_of(1)) == 11
    assert st.view(1)["put_back"] == cards("EA GA E10")
    assert "put_back" not in st.view(0)
    # they lie in his pile: 11 + 11 + 10 = 32 eyes already his
    assert st.decl_eyes() == 32
    illegal(st, card("EK"), E.E_NOT_IN_PHASE)
    do(st, B.A_TRUMP + HERZ)
    assert st.phase == B.PH_PLAY and st.to_move == 0 and st.trump == HERZ


def test_hand_game_stock_stays_closed_and_counts():
    d = deck(stock="SA S10 SK")
    st = B.Deal(PS, deck=d)
    do(st, PASS, H(61), PASS, B.A_TRUMP + EICHEL)
    assert st.phase == B.PH_PLAY and st.to_move == 0  # forehand leads
    for p in range(3):
        assert "stock" not in st.view(p)
        for c in st.view(p)["hand"]:
            assert c not in cards("SA S10 SK")
    # before any trick the declarer already has the Stock's 11 + 10 + 4 = 25
    assert st.decl_eyes() == 25
    finish(st)
    assert st.view(0)["stock"] == cards("SA S10 SK")
    s = st.summary()
    assert s.decl_eyes == st.eyes[1] + 25
    assert s.decl_eyes + st.eyes[0] + st.eyes[2] == 120
    assert s.decl_tricks + s.def_tricks == 11


# ------------------------------------------------------------ play

PLAY_DECK = deck("E6 E7 GA G6 H6 H7 H8 S6 S7 S8 SA",
                 "EA E10 G7 G8 H9 HU HO HK H10 HA S9",
                 "EK EO EU E9 E8 G9 GU GO GK G10 SU",
                 "SO SK S10")


def test_follow_suit_then_trump_then_any():
    st = B.Deal(PS, deck=PLAY_DECK)
    do(st, H(61), PASS, PASS, B.A_TRUMP + SCHELLEN)   # forehand declares, Schellen trumps
    assert st.to_move == 0
    do(st, card("GA"))                     # forehand leads Grün
    # seat 1 holds G7 G8: must follow
    illegal(st, card("EA"), E.E_MUST_FOLLOW)
    illegal(st, card("S9"), E.E_MUST_FOLLOW)
    illegal(st, card("G9"), E.E_NOT_IN_HAND)
    assert st.legal_actions() == cards("G7 G8")
    do(st, card("G7"))
    do(st, card("G10"))
    # the ace holds: GA G7 G10 -> forehand, 11 + 0 + 10 = 21 eyes
    assert st.last_trick[2] == 0 and st.to_move == 0 and st.eyes[0] == 21
    do(st, card("E6"))                     # Eichel led
    do(st, card("EA"))
    do(st, card("EK"))                     # EA wins: seat 1 leads next
    assert st.to_move == 1 and st.eyes[1] == 15
    do(st, card("H9"))                     # Herz led
    # seat 2: no Herz, holds the trump SU -> must trump
    illegal(st, card("EO"), E.E_MUST_TRUMP)
    assert st.legal_actions() == [card("SU")]
    do(st, card("SU"))
    # forehand holds Herz: must follow, may not trump
    illegal(st, card("S6"), E.E_MUST_FOLLOW)
    assert st.legal_actions() == cards("H6 H7 H8")
    do(st, card("H6"))
    assert st.last_trick[2] == 2 and st.to_move == 2   # the trump takes it
    assert st.eyes[2] == 2                 # H9 0 + SU 2 + H6 0
    do(st, card("G9"), card("G6"), card("G8"))
    assert st.last_trick[2] == 2           # G9 over G8 and G6
    do(st, card("GU"))                     # Grün led; forehand has no Grün left
    illegal(st, card("H7"), E.E_MUST_TRUMP)
    assert st.legal_actions() == cards("S6 S7 S8 SA")
    do(st, card("S6"))
    # seat 1: no Grün left either, S9 is his only trump
    assert st.legal_actions() == [card("S9")]
    do(st, card("S9"))
    assert st.last_trick[2] == 1           # S9 over S6; GU is no trump
    do(st, card("HU"))
    # seat 2: no Herz, no trump left -> any card
    assert st.legal_actions() == st.hand_of(2)
    do(st, card("GK"))
    do(st, card("H7"))
    assert st.last_trick[2] == 1           # HU beats H7, GK is off-suit
    assert st.tricks[0] == 1 and st.tricks[1] == 3 and st.tricks[2] == 2


def test_forehand_leads_whoever_declares():
    st = B.Deal(PS, deck=PLAY_DECK)
    do(st, PASS, PASS, H(61), B.A_TRUMP + GRUEN)
    assert st.declarer == 2 and st.to_move == 0


def test_declarer_schwarz_by_hand():
    # forehand holds all nine Eichel + GA + HA, declares hand 61, Eichel trumps.
    # He leads every trick: trumps first (nobody else has Eichel, so anything
    # goes under them) and wins all 11 tricks: opponents took no trick, all
    # 120 eyes (tricks + the closed Stock) are his -> Schwarz, u = 3.
    d = deck("E6 E7 E8 E9 EU EO EK E10 EA GA HA", "", "", "S6 S7 S8")
    st = B.Deal(PS, deck=d)
    do(st, H(61), PASS, PASS, B.A_TRUMP + EICHEL)
    finish(st)
    s = st.summary()
    assert s.decl_eyes == 120 and s.decl_tricks == 11 and s.def_tricks == 0
    assert st.result() == [6, -3, -3]


def test_declarer_schwarz_against_himself():
    # the dealer holds only low cards (no Schellen) and declares hand 61 with
    # Schellen trumps: every trick goes over him, so he takes none. Lost
    # Schwarz: u = 3 to each opponent, although the closed Stock
    # (S9 SU SO: 0 + 2 + 3 = 5 eyes) is his.
    d = deck("", "", "E6 E7 E8 E9 G6 G7 G8 G9 H6 H7 H8", "S9 SU SO")
    st = B.Deal(PS, deck=d)
    do(st, PASS, PASS, H(61), B.A_TRUMP + SCHELLEN)
    finish(st)
    s = st.summary()
    assert s.decl_tricks == 0 and s.decl_eyes == 5
    assert st.result() == [3, 3, -6]
    S.check_summary(PS, s)


def test_announced_schwarz_made():
    d = deck("E6 E7 E8 E9 EU EO EK E10 EA GA HA", "", "", "S6 S7 S8")
    st = B.Deal(PA, deck=d)
    do(st, H(61), PASS, PASS, B.A_TRUMP + EICHEL)
    # house option on: the declarer announces before the first card
    assert st.phase == B.PH_ANNOUNCE and st.to_move == 0
    assert st.legal_actions() == [PASS, B.A_SCHNEIDER, B.A_SCHWARZ]
    illegal(st, card("EA"), E.E_NOT_IN_PHASE)
    illegal(st, B.A_TRUMP, E.E_NOT_IN_PHASE)
    do(st, B.A_SCHWARZ)
    assert st.phase == B.PH_PLAY and st.to_move == 0 and st.announced == S.SCHWARZ
    assert st.view(2)["announced"] == S.SCHWARZ
    finish(st)
    assert st.result() == [12, -6, -6]     # Schwarz announced: 3 * 2 = 6


def test_announced_schneider_missed():
    # the same weak dealer announces Schneider: lost, his own level is Schwarz
    # (no trick) -> 2 * 2 + (3 - 2) = 5 to each opponent
    d = deck("", "", "E6 E7 E8 E9 G6 G7 G8 G9 H6 H7 H8", "S9 SU SO")
    st = B.Deal(PA, deck=d)
    do(st, PASS, PASS, H(61), B.A_TRUMP + SCHELLEN, B.A_SCHNEIDER)
    finish(st)
    assert st.result() == [5, 5, -10]


def test_no_announcement_phase_without_the_option():
    st = B.Deal(PS, deck=PLAY_DECK)
    do(st, H(61), PASS, PASS)
    do(st, B.A_TRUMP + HERZ)
    assert st.phase == B.PH_PLAY
    illegal(st, B.A_SCHNEIDER, E.E_NOT_IN_PHASE)


def test_done_refuses_everything_and_replays():
    st = B.Deal(PS, deck=PLAY_DECK)
    do(st, H(61), PASS, PASS, B.A_TRUMP + HERZ)
    finish(st)
    for a in (0, PASS, B.A_TRUMP, -1, 999):
        illegal(st, a, E.E_DONE)
    r = B.Deal.replay(PS, st.deck, st.log)
    assert r.fingerprint() == st.fingerprint()
    assert sum(st.result()) == 0
