# French Tarot card play: follow suit, trump, overtrump, the Excuse (any time,
# exchange, last trick, slam), chelem, petit au bout, poignées, misères, the
# called king at five, the two-player stacks. Scripted deals; expected values
# by hand in the comments. Sources: RULES.md §4 (FFT), seeds/003.
from tarock.french import rules as F, score as S, profiles as PF
from tarock import errors as E
from tarock.french.cards import card78, cards78, EXCUSE, PETIT, MONDE
from tarock.french.tables import SUIT78, RANK78
import frsim
from frsim import deal, illegal, play_out

FFT = PF.FFT
PRISE, GARDE, SANS, CONTRE = PF.PRISE, PF.GARDE, PF.GARDE_SANS, PF.GARDE_CONTRE


def start(st, taker, contract, chelem=False):
    """Bid, call nothing, discard nothing (sans/contre), chelem or pass."""
    for p in range(st.n):
        st.apply(F.A_BID + contract if p == taker else F.A_PASS)
    st.apply(F.A_CHELEM if chelem else F.A_PASS)
    assert st.phase == F.PH_PLAY
    return st


def side_has(st, c):
    att, dfn, moved = st.side_piles()
    return S.ATT if att[SUIT78[c]] & (1 << RANK78[c]) else S.DEF


# ------------------------------------------------------------ trick rules

def test_follow_trump_overtrump_and_excuse():
    # 0 leads H5; 1 holds hearts; 2 no hearts but trumps (3 10 ...); 3 no
    # hearts, trumps 2 and 12, and the Excuse. The chien: trumps 16..21.
    st = deal([cards78("H5 H6 S1 CR D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DV DC DD DR"),
               cards78("H7 H8 S2 H1 H2 H3 H4 H9 H10 HV HC HD HR S7 S8 S9 S10 SV"),
               cards78("3 10 S3 S4 SC SD SR 1 4 5 6 7 8 9 11 13 14 15"),
               cards78("2 12 Excuse S5 S6 C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 CV CC CD")],
              chien=cards78("16 17 18 19 20 21"))
    start(st, 0, SANS)
    st.apply(card78("H5"))
    illegal(st, card78("S2"), E.E_MUST_FOLLOW)
    assert st.why_illegal(EXCUSE) == E.E_NOT_IN_HAND
    st.apply(card78("H8"))
    illegal(st, card78("S3"), E.E_MUST_TRUMP)      # void in hearts: trump
    st.apply(card78("3"))
    illegal(st, card78("2"), E.E_MUST_OVERTAKE)    # must overtrump the 3
    illegal(st, card78("S5"), E.E_MUST_TRUMP)
    assert st.why_illegal(EXCUSE) == 0             # the Excuse any time
    assert sorted(a for a in st.legal_actions() if a < 78) == cards78("12 Excuse")
    st.apply(card78("12"))
    assert st.trick_win[0] == 3 and st.to_move == 3
    # 3 leads the Excuse: the next card sets the suit
    st.apply(EXCUSE)
    assert st.lead == -1 and st.why_illegal(card78("S1")) == 0  # 0 plays as if leading
    st.apply(card78("S1"))
    st.apply(card78("S2"))
    st.apply(card78("S3"))       # 2 follows spades (S3, S4): the led suit
    assert st.trick_win[1] == 2  # S3 is the highest spade; the Excuse never wins


def test_undertrump_when_cannot_overtrump():
    # trumps led: must play a higher trump if he can, else any trump
    st = deal([cards78("15 H1"), cards78("4 20 H2"), cards78("3 H3"), cards78("H4 H5")],
              chien=cards78("D1 D2 D3 D4 D5 D6"))
    start(st, 0, SANS)
    st.apply(card78("15"))
    illegal(st, card78("4"), E.E_MUST_OVERTAKE)
    illegal(st, card78("H2"), E.E_MUST_FOLLOW)
    st.apply(card78("20"))
    # 2 has only the 3 below the 20: he must still play it
    illegal(st, card78("H3"), E.E_MUST_FOLLOW)
    st.apply(card78("3"))


# ------------------------------------------------------------ the Excuse

def test_slam_with_excuse_led_last_and_petit_au_bout_in_the_penultimate():
    # taker 0: the Petit, trumps 6..21, the Excuse; defenders share trumps 2..5
    mine = [PETIT] + list(range(5, 21)) + [EXCUSE]
    st = deal([mine, [1, 2], [3], [4]])
    start(st, 0, SANS, chelem=True)
    assert st.to_move == 0       # announced chelem: the taker leads
    # 'high': 21, 20 .. 6 (16 tricks), the Petit in trick 17 (no trump left
    # outside), then the Excuse led in the last trick wins it
    play_out(st, {0: "high"})
    assert st.trick_of[PETIT] == 16 and st.trick_of[EXCUSE] == 17
    assert st.excuse_won and st.tricks[0] == 18
    s = st.summary()
    assert s.chelem == S.ATT and s.bouts == 3 and s.halves == 182
    assert s.petit == S.ATT      # au bout in the penultimate trick: chelem
    # 91 - 36 = 55: (25 + 55) x 4 = 320, petit 10 x 4 = 40, chelem 400: R = 760
    assert st.result() == [2280, -760, -760, -760]


def test_announced_chelem_by_a_taker_who_is_not_forehand():
    # seeds/003: "Ist er angesagt, spielt der Alleinspieler aus, egal wo er
    # sitzt". Taker 2 (garde sans): the trumps 4..21; forehand the Petit and
    # the 2 (not sec), 1 the 3; the Excuse in the chien, the taker's
    hands = [[PETIT, 1], [2], list(range(3, 21)), []]
    chien = cards78("H1 H2 H3 H4 H5") + [EXCUSE]
    st = deal(hands, chien=chien)
    for p in range(4):
        st.apply(F.A_BID + SANS if p == 2 else F.A_PASS)
    assert st.phase == F.PH_CHELEM and st.to_move == 2
    st.apply(F.A_PASS)
    assert st.to_move == 0       # not announced: forehand leads
    st = deal(hands, chien=chien)
    for p in range(4):
        st.apply(F.A_BID + SANS if p == 2 else F.A_PASS)
    st.apply(F.A_CHELEM)
    assert st.phase == F.PH_PLAY and st.to_move == 2 and st.chelem_announced
    assert st.view(0)["to_move"] == 2 and "legal" in st.view(2) and "legal" not in st.view(0)
    st.apply(MONDE)              # he leads the first trick; 3, 0, 1 follow
    assert st.tseat[0] == 2 and st.nt == 1 and st.to_move == 3
    play_out(st, {2: "high"})
    # he leads 20 .. 4 after the 21 and takes all 18 tricks; forehand's Petit
    # falls in trick 1
    assert st.trick_win[0] == 2 and st.tricks[2] == 18 and st.trick_of[PETIT] == 0
    s = st.summary()
    assert s.chelem == S.ATT and s.chelem_announced and s.halves == 182 and s.bouts == 3
    # 91 - 36 = 55: (25 + 55) x 4 = 320, chelem announced and made 400: R = 720
    assert st.result() == [-720, -720, 2160, -720]


def test_excuse_in_the_last_trick_changes_sides():
    # taker 0: trumps 5..20, H1, the Excuse; 1 holds the 21, 2 trumps 1..4
    mine = list(range(4, 20)) + [card78("H1"), EXCUSE]
    st = deal([mine, [MONDE], [0, 1, 2, 3], []])
    start(st, 0, SANS)
    play_out(st, {})
    # trick 1: 0 leads 5, 1 must overtrump: the 21; 2 plays the Petit (lowest)
    assert st.trick_win[0] == 1 and st.trick_of[PETIT] == 0
    # the Excuse is his last card: played in the last trick, won by the defence
    assert st.trick_of[EXCUSE] == 17 and st.played_by[EXCUSE] == 0
    assert st.trick_win[17] != 0 and not st.excuse_won
    assert side_has(st, EXCUSE) == S.DEF
    s = st.summary()
    assert s.bouts == 0          # Petit and 21 lost, the Excuse changed sides: 56 needed
    assert s.chelem == S.NONE


def defence_excuse_last(profile=FFT):
    """Taker 0 (garde sans) with 19 20 21 and low hearts and diamonds;
    defender 1 keeps his Excuse to the last trick, which defender 2 (trumps
    1..18) takes. Tricks 1-3: 2 leads 1 2 3, 0 overtrumps with 19 20 21;
    then 2 takes every trick with 4 .. 18; the chien C9 C10 CV CC CD CR."""
    st = deal([cards78("19 20 21 H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 D1 D2 D3 D4 D5"),
               [EXCUSE] + cards78("S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SV SC SD SR C1 C2 C3"),
               list(range(18)), []], profile=profile)
    start(st, 0, SANS)
    play_out(st, {})
    assert st.trick_of[EXCUSE] == 17 and st.played_by[EXCUSE] == 1
    assert st.trick_win[17] == 2 and not st.excuse_won
    assert list(st.tricks) == [3, 0, 15, 0]
    return st


def test_excuse_in_the_last_trick_goes_over_when_its_side_takes_it():
    # seeds/003: played in the last trick the Excuse "geht an die Gegenseite
    # und zählt für ihren Besitzer nicht mehr als Bout: Aus einer Schwelle
    # von 41 kann 51 werden", whoever takes that trick; here the attack
    # gains it. Its tricks: 1 19 HV S1 = 14 halves, 2 20 HC S2 = 8, 3 21 HD
    # S3 = 18; the chien 1+1+3+5+7+9 = 26: 66 halves, Petit and 21
    st = defence_excuse_last()
    assert side_has(st, EXCUSE) == S.ATT
    s = st.summary()
    # + the Excuse: 75 halves (37 1/2), 3 bouts: 36 needed, won by 1 1/2 ->
    # 2 (the half to the winner): (25 + 2) x 4 = 108
    assert s.halves == 75 and s.bouts == 3
    S.check_summary(FFT, s)
    assert st.result() == [324, -108, -108, -108]


def test_excuse_to_the_last_tricks_winner_as_an_option():
    # excuse_last "winner" (the firmware before issue 36, and e.g.
    # bric-a-brac.org's rules): it stays with the side that takes the trick
    st = defence_excuse_last(frsim.profile("fft", excuse_last="winner"))
    assert side_has(st, EXCUSE) == S.DEF
    s = st.summary()
    # 66 halves (33), 2 bouts: 41 needed, lost by 8: (25 + 8) x 4 = 132
    assert s.halves == 66 and s.bouts == 2
    assert st.result() == [-396, 132, 132, 132]


def partner_excuse_last(profile=FFT):
    """Five: taker 0 (garde sans) holds the trumps 7..21 and calls the king
    of hearts; partner 1 holds it and the Excuse, kept to the last trick,
    which the taker leads with his last trump (0 takes every trick)."""
    st = deal([list(range(6, 21)), cards78("HR") + [EXCUSE], [0, 1], [2, 3], [4, 5]], n=5,
              chien=cards78("H1 H2 H3"), profile=profile)
    for p in range(5):
        st.apply(F.A_BID + SANS if p == 0 else F.A_PASS)
    st.apply(F.A_CALL + 1)
    assert st.partner == 1
    st.apply(F.A_PASS)
    play_out(st, {0: "high"})
    assert st.trick_of[EXCUSE] == 14 and st.played_by[EXCUSE] == 1
    assert st.tricks[0] == 15 and not st.excuse_won   # not led: it cannot win
    return st


def test_partner_excuse_in_the_last_trick_goes_to_the_defence():
    # seeds/003 again, at five: the partner plays it in the last trick, his
    # own taker takes the trick, the Excuse goes over. The attack still took
    # every trick: its slam stands (seeds/003 "alle Stiche für den Angriff")
    st = partner_excuse_last()
    assert side_has(st, EXCUSE) == S.DEF
    s = st.summary()
    assert s.halves == 182 - 9 and s.bouts == 2 and s.chelem == S.ATT
    S.check_summary(FFT, s)      # manual entry accepts 86 1/2 and 2 bouts
    # 41 needed, 86 1/2: +45 1/2 -> 46: (25 + 46) x 4 = 284, unannounced
    # chelem 200: R = 484; the taker 2 x 3R / 3, the partner 3R / 3
    assert st.result() == [968, 484, -484, -484, -484]
    # the winner reading keeps it with the attack: 91 points, 3 bouts, 36
    # needed: (25 + 55) x 4 + 200 = 520
    st = partner_excuse_last(frsim.profile("fft", excuse_last="winner"))
    s = st.summary()
    assert side_has(st, EXCUSE) == S.ATT and s.halves == 182 and s.bouts == 3
    assert st.result() == [1040, 520, -520, -520, -520]


def test_excuse_exchange_for_a_low_card():
    # taker 0: trumps 4..21 (18); defender 1 plays the Excuse at once
    st = deal([list(range(3, 21)), [EXCUSE, PETIT], [1], [2]],
              chien=cards78("H1 H2 H3 H4 H5 H6"))
    start(st, 0, CONTRE, chelem=True)
    play_out(st, {0: "high", 1: "excuse"})
    assert st.trick_of[EXCUSE] == 0 and st.trick_win[0] == 0 and st.tricks[0] == 18
    s = st.summary()
    # garde contre: the chien (6 low cards, 6 halves) is the defence's, so it
    # can give a low card for its Excuse: attack 182 - 6 - 9 + 1 = 168
    assert side_has(st, EXCUSE) == S.DEF
    assert s.halves == 168 and s.bouts == 2 and s.chelem == S.ATT
    # 84 points, 2 bouts: +43, (25 + 43) x 6 = 408, chelem announced 400: R = 808
    assert st.result() == [2424, -808, -808, -808]


def test_excuse_of_a_side_without_a_trick_stays_in_a_slam():
    # as above under garde sans: the chien is the taker's, the defence takes
    # no trick, yet its Excuse (played in trick 1, not the last) stays with it
    # (seed 003: no exception but the last trick): defence 4 1/2 points and a
    # bout, less the half point it owes; the attack 182 - 9 + 1 = 174 halves
    # (87 points), 2 bouts, and its slam counts
    st = deal([list(range(3, 21)), [EXCUSE, PETIT], [1], [2]],
              chien=cards78("H1 H2 H3 H4 H5 H6"))
    start(st, 0, SANS)
    play_out(st, {0: "high", 1: "excuse"})
    assert st.trick_of[EXCUSE] == 0 and st.played_by[EXCUSE] == 1 and st.tricks[0] == 18
    s = st.summary()
    assert side_has(st, EXCUSE) == S.DEF and s.halves == 174 and s.bouts == 2
    assert s.chelem == S.ATT
    S.check_summary(FFT, s)      # the summary check accepts it
    # 2 bouts: 41 needed; 87 - 41 = 46: (25 + 46) x 4 = 284, unannounced
    # chelem 200: R = 484
    assert st.result() == [1452, -484, -484, -484]


def test_attack_excuse_stays_in_a_defence_slam():
    # the mirror case: the taker (prise) takes no trick but plays his Excuse
    # in trick 1; it stays with him: 9 - 1 = 8 halves and one bout
    mine = [EXCUSE] + cards78("H1 H2 H3 H4 H5 H6 H7 H8 H9 D1 D2 D3 D4 D5 D6 D7 D8")
    st = deal([[], [], [], mine], chien=cards78("D9 S1 S2 S3 S4 S5"))
    for p in range(4):
        st.apply(F.A_BID + PRISE if p == 3 else F.A_PASS)
    for c in cards78("S1 S2 S3 S4 S5 D9"):
        st.apply(c)
    st.apply(F.A_PASS)
    play_out(st, {3: "excuse"})
    s = st.summary()
    assert st.trick_of[EXCUSE] == 0 and st.tricks[3] == 0 and s.chelem == S.DEF
    # his écart 6 halves + the Excuse's 8: 14 halves, 1 bout
    assert side_has(st, EXCUSE) == S.ATT and s.halves == 14 and s.bouts == 1
    S.check_summary(FFT, s)
    # 1 bout: 51 needed; 7 points: |14 - 102| = 88 halves -> 44: (25 + 44) x 1
    # = 69 lost, and 200 to each defender for their slam: R = -269
    assert st.result() == [269, 269, 269, -807]


def test_defence_slam():
    # taker 3 (prise): the Excuse and low hearts and diamonds; the defence
    # holds every trump and every higher card, and leads (forehand)
    mine = [EXCUSE] + cards78("H1 H2 H3 H4 H5 H6 H7 H8 H9 D1 D2 D3 D4 D5 D6 D7 D8")
    st = deal([[], [], [], mine], chien=cards78("D9 S1 S2 S3 S4 S5"))
    for p in range(4):
        st.apply(F.A_BID + PRISE if p == 3 else F.A_PASS)
    for c in cards78("S1 S2 S3 S4 S5 D9"):
        st.apply(c)
    st.apply(F.A_PASS)
    play_out(st, {})
    s = st.summary()
    # he wins nothing; his Excuse, played in the last trick, goes over
    assert st.tricks[3] == 0 and s.chelem == S.DEF and st.trick_of[EXCUSE] == 17
    # his écart: 6 low cards = 6 halves = 3 points, 0 bouts: 56 -> -53,
    # (25 + 53) x 1 = 78 lost, 200 to each defender: R = -278
    assert s.halves == 6 and s.bouts == 0
    assert st.result() == [278, 278, 278, -834]


# ------------------------------------------------------------ announcements

def test_poignee_needs_the_trumps_and_is_shown():
    # 4 players: simple 10, double 13, triple 15
    st = deal([list(range(11)) + cards78("H1 H2 H3 H4 H5 H6 H7"),
               list(range(12, 21)) + [EXCUSE] + cards78("S1 S2 S3 S4 S5 S6 S7 S8"), [11], []],
              chien=cards78("D1 D2 D3 D4 D5 D6"))
    start(st, 0, SANS)
    assert F.A_POIGNEE in st.legal_actions()
    illegal(st, F.A_POIGNEE + 1, F.E_POIGNEE)      # 11 trumps < 13
    st.apply(F.A_POIGNEE)
    # 11 trumps for a poignée of 10: he keeps one back, his choice
    assert st.phase == F.PH_SHOW and st.to_move == 0
    assert st.view(0)["keep_back"] == 1 and "keep_back" not in st.view(2)
    assert st.view(2)["poignees"] == []        # nothing shown before the choice
    assert st.legal_actions() == list(range(11))
    illegal(st, F.A_SHOW, F.E_KEEP_MORE)
    illegal(st, card78("H1"), F.E_SHOW)         # not a trump
    illegal(st, 11, F.E_SHOW)                   # a trump he does not hold
    illegal(st, F.A_POIGNEE, E.E_NOT_IN_PHASE)
    st.apply(10)                                # keeps the 11 back
    illegal(st, 3, F.E_KEPT)                    # one is enough
    assert st.legal_actions() == [10, F.A_SHOW]
    st.apply(10)                                # no: brings it back
    assert st.view(0)["keep_back"] == 1 and st.view(0)["kept_back"] == []
    st.apply(0)                                 # the Petit stays hidden
    assert st.view(0)["kept_back"] == [0] and st.view(1)["poignees"] == []
    st.apply(F.A_SHOW)
    assert st.phase == F.PH_PLAY and st.to_move == 0
    illegal(st, F.A_POIGNEE, F.E_ONCE)
    assert st.view(2)["poignees"] == [(0, 1, list(range(1, 11)))]
    st.apply(card78("H1"))
    # 1: 9 trumps and the Excuse: the Excuse completes a simple poignée,
    # nothing to keep back: the step all the same (the table cannot tell)
    st.apply(F.A_POIGNEE)
    assert st.phase == F.PH_SHOW and st.legal_actions() == [F.A_SHOW]
    illegal(st, 12, F.E_KEPT)
    st.apply(F.A_SHOW)
    assert st.poignee_shown[1] == (1, 1, list(range(12, 21)) + [EXCUSE])
    for _ in range(3):
        st.apply(next(a for a in st.legal_actions() if a < EXCUSE))
    # trick 2: whoever moves has played his first card
    assert st.trick_no == 1
    illegal(st, F.A_POIGNEE, F.E_ANNOUNCE_LATE)
    s = play_out(st, {}).summary()
    assert s.poignees == [1, 1, 0, 0]


def test_poignee_with_too_few_trumps():
    st = deal([list(range(9)) + cards78("H1"), [], [], []],
              chien=cards78("D1 D2 D3 D4 D5 D6"))
    start(st, 0, SANS)
    illegal(st, F.A_POIGNEE, F.E_POIGNEE)          # 9 trumps, no Excuse
    # five players: 8 trumps are a simple poignée
    st = deal([list(range(8)), [], [], [], []], n=5, chien=cards78("D1 D2 D3"))
    for p in range(5):
        st.apply(F.A_BID + SANS if p == 0 else F.A_PASS)
    st.apply(F.A_CALL + 1)
    st.apply(F.A_PASS)
    assert st.why_illegal(F.A_POIGNEE) == 0 and st.why_illegal(F.A_POIGNEE + 1) == F.E_POIGNEE


def test_poignee_keeps_back_the_trumps_he_chooses():
    # 13 trumps and the Excuse, a simple poignée (10): three kept back, the
    # Excuse never shown (it completes a poignée only without a further trump)
    st = deal([list(range(4, 17)) + [EXCUSE] + cards78("H1 H2 H3 H4"), [], [], []],
              chien=cards78("D1 D2 D3 D4 D5 D6"))
    start(st, 0, SANS)
    st.apply(F.A_POIGNEE)
    for k, c in enumerate((16, 4, 9)):
        assert st.view(0)["keep_back"] == 3 - k
        st.apply(c)
    illegal(st, EXCUSE, F.E_SHOW)               # no trump: never kept back
    assert st.view(0)["kept_back"] == [4, 9, 16]
    st.apply(F.A_SHOW)
    assert st.phase == F.PH_PLAY and st.to_move == 0
    shown = [c for c in range(5, 16) if c != 9]
    assert st.poignee_shown == [(0, 1, shown)]
    assert st.view(1)["poignees"] == [(0, 1, shown)]
    # the same log replays to the same state
    again = F.Deal.replay(st.profile, bytes(st.deck), list(st.log))
    assert again.fingerprint() == st.fingerprint()
    s = play_out(st, {}).summary()
    assert s.poignees == [1, 0, 0, 0]


def test_miseres_as_an_option():
    maison = PF.PRESETS["maison"]
    # 2 holds no trump; 3 holds no face card (V C D R)
    plain_low = [c for c in range(21, 77) if RANK78[c] < 10]
    st = deal([[], [], plain_low[:18], list(range(1, 8)) + plain_low[18:29]],
              profile=maison)
    assert st.phase == F.PH_BID
    start(st, 0, SANS)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.to_move == 2
    st.apply(F.A_MISERE)                 # d'atout
    st.apply(F.A_MISERE + 1)             # and de tête: no face card either
    illegal(st, F.A_MISERE, F.E_ONCE)
    st.apply(st.legal_actions()[0])
    illegal(st, F.A_MISERE, F.E_MISERE)  # 3 holds trumps
    st.apply(F.A_MISERE + 1)
    s = play_out(st, {}).summary()
    assert s.miseres == [0, 0, 3, 2]
    # off under fft
    st = deal([[], [], plain_low[:18], []])
    start(st, 0, SANS)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    illegal(st, F.A_MISERE, F.E_MISERE)


# ------------------------------------------------------------ five and two

def test_called_king_and_self_call():
    st = deal([cards78("HR"), cards78("DR"), cards78("SR"), [], cards78("CR")], n=5,
              chien=cards78("H1 H2 H3"))
    for p in range(5):
        st.apply(F.A_BID + GARDE if p == 1 else F.A_PASS)
    assert st.phase == F.PH_CALL and st.to_move == 1
    st.apply(F.A_CALL + 3)               # the king of spades: 2 is the partner
    assert st.called == card78("SR") and st.partner == 2
    assert "partner" not in st.view(0)   # hidden until the king is played
    for c in st.legal_actions()[:3]:
        st.apply(c)
    st.apply(F.A_PASS)
    play_out(st, {})
    s = st.summary()
    assert s.partner == 2 and st.view(0)["partner"] == 2
    r = st.result()
    assert r[1] == 2 * r[2] and r[0] == r[3] == r[4] == -r[2]
    # self-call: he calls his own king and plays alone (4R)
    st = deal([cards78("HR"), cards78("DR"), cards78("SR"), [], cards78("CR")], n=5,
              chien=cards78("H1 H2 H3"))
    for p in range(5):
        st.apply(F.A_BID + SANS if p == 1 else F.A_PASS)
    st.apply(F.A_CALL + 2)
    assert st.called == card78("DR") and st.partner == -1
    st.apply(F.A_PASS)
    r = play_out(st, {}).result()
    assert r[1] == -4 * r[0] and r[0] == r[2] == r[3] == r[4]


def test_two_players_stacks():
    # stacks: seat 0's six then seat 1's, bottom first; the top face up
    stacks = [list(range(3 * j, 3 * j + 3)) for j in range(12)]
    rest = list(range(36, 78))
    hands = [rest[0:18], rest[18:36]]
    st = F.Deal(FFT, deck=frsim.make_deck(2, hands, rest[36:42], stacks), n=2)
    assert st.view(0)["tops"] == [[2, 5, 8, 11, 14, 17], [20, 23, 26, 29, 32, 35]]
    # per stack: the top and the two cards face down under it
    assert st.view(1)["stacks"][0] == [(2, 2), (5, 2), (8, 2), (11, 2), (14, 2), (17, 2)]
    assert len(st.hand_of(0)) == 18 and len(st.playable_of(0)) == 24
    st.apply(F.A_PASS)
    st.apply(F.A_BID + SANS)
    st.apply(F.A_PASS)
    # seat 0 leads: trumps from his stack tops are playable; play the 3 (card 2)
    st.apply(2)
    assert st.view(1)["tops"][0] == [1, 5, 8, 11, 14, 17]   # the 2 turned up
    assert st.view(1)["stacks"][0][0] == (1, 1)              # one card left under it
    assert 0 not in st.view(1)["hand"] and 0 not in st.view(0)["hand"]
    play_out(st, {})
    assert st.trick_no == 36 and sum(st.result()) == 0
