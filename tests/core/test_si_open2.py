# The seed's two-player open game (seeds/002, last part): 15 hand cards and
# three face-down stacks of four each; "Ich spiele" by the non-dealer, else
# by the dealer, else nobody; taroks and kings on top go into the hand until
# an ordinary card shows; a trick is led from the hand while it holds cards;
# the follower may use an open top but must follow suit / tarok with it.
from tarock.slovenian import rules as SL, profiles as PS, score as S
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.cards import card, cards
from tarock.rng import Rng
from mpcompat import raises
import sisim

OPEN = PS.PLAY_TAROCK_ONLINE_OPEN2

STACKS = ("HK XI XV I", "D3 VII C9 H2", "SK D4 HQ H4",     # forehand's
          "VI DJ CK DC", "C7 II III IIII", "H1 HJ HC S7")  # the dealer's
H0 = "C8 C10 CJ CC CQ S8 S9 S10 SJ SC SQ D2 D1 DQ DK"
H1 = "V VIII IX X XII XIII XIV XVI XVII XVIII XIX XX XXI Sküs H3"


def open_deck():
    h0 = cards(H0)
    h1 = cards(H1)
    deck = []
    for r in range(3):
        deck += h0[5 * r:5 * r + 5] + h1[5 * r:5 * r + 5]
    for s in STACKS:
        deck += cards(s)
    assert sorted(deck) == list(range(54))
    return deck


def fails(st, a, code):
    fp = st.fingerprint()
    e = raises(IllegalAction, st.apply, a)
    assert e.code == code, (a, e.code, code)
    assert st.fingerprint() == fp


def test_open_deal_and_declaration():
    st = SL.Deal(OPEN, deck=open_deck(), n=2)
    assert st.phase == SL.PH_OPEN and st.to_move == 0
    assert st.hand_of(0) == sorted(cards(H0)) and st.hand_of(1) == sorted(cards(H1))
    v = st.view(1)
    assert v["stacks"] == [[(-1, 4)] * 3, [(-1, 4)] * 3]   # all face down
    assert st.legal_actions() == [SL.A_PASS, SL.A_PLAY]
    st.apply(SL.A_PASS)
    assert st.to_move == 1
    st.apply(SL.A_PASS)                                      # nobody: played anyway
    assert st.phase == SL.PH_PLAY and st.declarer == -1 and st.contract == PS.OPEN2


def test_dealing_pattern_of_the_open_game():
    # families "slovenian": with open2 on and two players the dealing aid
    # shows 3 x 5 each from forehand, then three stacks of four face down
    # each (deck 0..29 to the hands five at a time, 30..53 the stacks);
    # without open2, or at three, the ordinary talon-first pattern
    from tarock import families
    want = ((5, "each"), (5, "each"), (5, "each"), ((3, 4), "stacks"))
    assert families.dealing("slovenian", 2, profile=OPEN) == want
    ordinary = ((6, "stock"), (12, "each"), (12, "each"))
    assert families.dealing("slovenian", 2, profile=PS.PLAY_TAROCK_ONLINE) == ordinary
    assert families.dealing("slovenian", 2) == ordinary
    assert families.dealing("slovenian", 3, profile=OPEN)[0] == (6, "stock")
    st = SL.Deal(OPEN, deck=list(range(54)), n=2)
    # forehand: 0-4, 10-14, 20-24; the dealer: 5-9, 15-19, 25-29
    assert st.hand_of(0) == [0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24]
    assert st.hand_of(1) == [5, 6, 7, 8, 9, 15, 16, 17, 18, 19, 25, 26, 27, 28, 29]
    assert list(st.stacks) == list(range(30, 54))


def test_taroks_and_kings_on_top_go_to_the_hand():
    st = SL.Deal(OPEN, deck=open_deck(), n=2)
    st.apply(SL.A_PLAY)
    assert st.declarer == 0 and st.to_move == 0
    assert st.lifted == cards("HK XI XV I SK VI")
    assert st.hand_of(0) == sorted(cards(H0 + " HK XI XV I SK"))
    assert st.hand_of(1) == sorted(cards(H1 + " VI"))
    want = [[(-1, 0), (card("D3"), 3), (card("D4"), 2)],
            [(card("DJ"), 2), (card("C7"), 3), (card("H1"), 3)]]
    for p in (0, 1):
        v = st.view(p)
        assert v["stacks"] == want
        for c in cards("VII C9 H2 HQ H4 CK DC II III IIII HJ HC S7"):  # face down
            assert c not in v["hand"] and c not in v.get("legal", ())


def test_lead_from_the_hand_follow_from_an_open_top():
    st = SL.Deal(OPEN, deck=open_deck(), n=2)
    st.apply(SL.A_PLAY)
    fails(st, card("D3"), SL.E_SI_LEAD_HAND)     # an open top while the hand has cards
    fails(st, card("VII"), E.E_NOT_IN_HAND)      # face down
    st.apply(card("C8"))
    # the dealer has no club in hand, but the open C7: he must follow with it
    assert st.legal_actions() == [card("C7")]
    fails(st, card("XXI"), E.E_MUST_FOLLOW)
    st.apply(card("C7"))
    assert st.trick_win[0] == 0                  # C8 beats C7
    # the next card of that stack turns up (and stays there: a tarok now)
    assert st.view(0)["stacks"][1][1] == (card("II"), 2)
    assert card("II") not in st.hand_of(1)
    st.apply(card("D2"))
    # diamonds: the open DJ is his only diamond
    assert st.legal_actions() == [card("DJ")]
    st.apply(card("DJ"))
    assert st.view(1)["stacks"][1][0] == (card("CK"), 1)
    # the dealer leads from his hand: a tarok; forehand must tarok on it
    st.apply(card("V"))
    la = st.legal_actions()
    assert la == cards("I XI XV")   # the VII lies face down under the D3
    st.apply(card("I"))


def _tops(v, p):
    return [c for (c, _) in v["stacks"][p] if c >= 0]


def test_random_open_games_lead_and_follow_sets():
    # every lead comes from the hand while it has cards, else from the open
    # tops; a follower chooses among hand and open tops; 27 tricks, zero-sum
    n_games = 40
    for g in range(n_games):
        rng = Rng(g + 11)
        st = SL.Deal(OPEN, seed=500 + g, n=2)
        st.apply(SL.A_PLAY if g % 3 else SL.A_PASS)
        if st.phase == SL.PH_OPEN:
            st.apply(SL.A_PLAY if g % 2 else SL.A_PASS)
        while st.phase == SL.PH_PLAY:
            p = st.to_move
            v = st.view(p)
            la = v["legal"]
            pool = v["hand"] if (st.nt == 0 and v["hand"]) else v["hand"] + _tops(v, p)
            for c in la:
                assert c in pool, (c, pool, st.log)
            if st.nt == 0:
                assert sorted(la) == sorted(pool), (la, pool, st.log)
            st.apply(la[rng.below(len(la))])
        assert st.trick_no == 27
        r = st.result()
        assert r[0] == -r[1]
        pts = [S.points(t) for t in st.summary().thirds]
        assert pts[0] + pts[1] == 70
        a = st.declarer
        if a < 0:
            assert r == [pts[0] - 35, pts[1] - 35]
        elif pts[a] >= 36:
            assert r[a] == (pts[a] - 35) * 2
        else:
            assert r[a] == (pts[a] - 35) * 3
    sisim.release()
