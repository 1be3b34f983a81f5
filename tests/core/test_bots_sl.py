# Slovenian Tarok bots: only legal actions (random and rule-based, both
# presets, 3 and 4 players), decisions unchanged when only other seats'
# hidden cards differ.
from mpcompat import IS_MICROPYTHON
from tarock import profiles as P
from tarock.slovenian import rules as SL
from tarock import bots as B
from tarock.rng import Rng
import botcheck

DEALS = 8 if IS_MICROPYTHON else 120


def test_slovenian_bots_choose_only_legal_actions():
    prs = [P.get("slovenian/play-tarock-online"), P.get("slovenian/standard")]
    n = botcheck.fuzz_legal("slovenian", prs, DEALS)
    assert n > DEALS * 2 * 3 * 30


def test_slovenian_three_players():
    # Deal(n=3): everyone alone, no king call; every bot action legal
    pr = P.get("slovenian/play-tarock-online")
    total = 0
    for seed in range(1, DEALS + 1):
        st = SL.Deal(pr, seed=seed, n=3)
        bots = [botcheck.Checked(B.make(k, "slovenian"), st)
                for k in ("heuristic", "random", "heuristic")]
        B.play(st, bots, seed)
        for b in bots:
            total += b.n
    assert total > DEALS * 30


def test_slovenian_decisions_ignore_other_seats_hidden_cards():
    n = 10 if IS_MICROPYTHON else 150
    compared = botcheck.twin_sweep("slovenian", P.get("slovenian/play-tarock-online"), n, Rng(79))
    assert compared > n * 2, compared
