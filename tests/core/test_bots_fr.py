# French Tarot bots: only legal actions (random and rule-based, FFT and the
# house preset with misères, 3 and 5 players too), decisions unchanged when
# only other seats' hidden cards differ.
from mpcompat import IS_MICROPYTHON
from tarock import profiles as P
from tarock.french import rules as FR
from tarock import bots as B
from tarock.rng import Rng
import botcheck

DEALS = 6 if IS_MICROPYTHON else 100


def test_french_bots_choose_only_legal_actions():
    prs = [P.get("french/fft"), P.get("french/maison")]
    n = botcheck.fuzz_legal("french", prs, DEALS)
    assert n > DEALS * 2 * 3 * 30


def test_french_three_and_five_players():
    pr = P.get("french/fft")
    total = 0
    for n in (3, 5):
        for seed in range(1, DEALS + 1):
            st = FR.Deal(pr, seed=seed, n=n)
            bots = [botcheck.Checked(B.make(("heuristic", "random")[p % 2], "french"), st)
                    for p in range(n)]
            B.play(st, bots, seed)
            for b in bots:
                total += b.n
    assert total > DEALS * 2 * 10


def test_french_decisions_ignore_other_seats_hidden_cards():
    n = 8 if IS_MICROPYTHON else 150
    compared = botcheck.twin_sweep("french", P.get("french/fft"), n, Rng(80))
    assert compared > n, compared


def test_french_bot_lays_out_its_poignee():
    # seed 937: position 2 holds 12 trumps; the rule-based bot bids, takes,
    # announces its poignée as taker, keeps its two highest trumps back and
    # shows the ten others
    pr = P.get("french/fft")
    st = FR.Deal(pr, seed=937, n=4)
    trumps = [c for c in st.hand_of(2) if c < 21]
    assert len(trumps) == 12
    bots = [botcheck.Checked(B.make("heuristic", "french"), st) for p in range(4)]
    B.play(st, bots, 937)
    assert st.taker == 2 and st.poignees[2] == 1
    assert st.poignee_shown == [(2, 1, trumps[:10])]
