# Bavarian Tarock bots: only legal actions (random and rule-based, both
# presets), decisions unchanged when only other seats' hidden cards differ.
from mpcompat import IS_MICROPYTHON
from tarock import profiles as P
from tarock.rng import Rng
import botcheck

DEALS = 10 if IS_MICROPYTHON else 120


def test_bavarian_bots_choose_only_legal_actions():
    prs = [P.get("bavarian/standard"), P.get("bavarian/announced")]
    n = botcheck.fuzz_legal("bavarian", prs, DEALS)
    assert n > DEALS * 2 * 3 * 20


def test_bavarian_decisions_ignore_other_seats_hidden_cards():
    n = 10 if IS_MICROPYTHON else 150
    compared = botcheck.twin_sweep("bavarian", P.get("bavarian/standard"), n, Rng(78))
    assert compared > n, compared
