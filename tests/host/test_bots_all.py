"""Every registered family has its bots and simulation fields, and its bots
choose only legal actions (CPython: all families in one process)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

from tarock import families as F  # noqa: E402
from tarock import profiles as P  # noqa: E402
from tarock import bots as B  # noqa: E402
import botcheck  # noqa: E402
import simulate  # noqa: E402


def test_every_family_has_bots_and_fields():
    for fam in sorted(F.FAMILIES):
        assert "bot" in F.FAMILIES[fam], "no rule-based bot for %s" % fam
        assert "fast" in F.FAMILIES[fam], "no card fast path for %s" % fam
        assert fam in simulate.FACTS, "no simulation fields for %s" % fam


def test_every_family_bots_legal_and_blind():
    from tarock.rng import Rng
    for fam in sorted(F.FAMILIES):
        prs = [P.get(F.family(fam)["default"])]
        assert botcheck.fuzz_legal(fam, prs, 60) > 60 * 3 * 20
        assert botcheck.twin_sweep(fam, prs[0], 60, Rng(9)) > 60


def test_fast_path_matches_legal_actions():
    # the Seat's mask fast path offers exactly the legal cards
    for fam in sorted(F.FAMILIES):
        mod = F.module(fam, "deal")
        pr = P.get(F.family(fam)["default"])
        checked = 0
        for seed in range(1, 40):
            st = mod.Deal(pr, seed=seed)
            bots = [B.make("random", fam) for _ in range(B.players(fam))]
            for p in range(len(bots)):
                bots[p].begin(p, pr, seed + p)
            while st.result() is None:
                seat = B.Seat(st, st.to_move)
                code = seat.card_code()
                if code >= 0:
                    cards = [seat.code_nth(code, k) for k in range(seat.code_count(code))]
                    # the legal cards (French play also offers poignée/misère
                    # announcements before a seat's first card: not cards)
                    legal_cards = [a for a in st.legal_actions() if a < len(st.deck)]
                    assert cards == legal_cards, (fam, seed)
                    checked += 1
                st.apply(bots[st.to_move].act(seat))
        assert checked > 300, (fam, checked)
