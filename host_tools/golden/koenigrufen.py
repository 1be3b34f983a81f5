#!/usr/bin/env python3
"""Regenerate the golden playthroughs in tests/golden/ (review them as diffs).

    python host_tools/golden/koenigrufen.py           # rewrite the files
    python host_tools/golden/koenigrufen.py --check   # exit 1 if any file would change

Each file is the transcript host_tools/sim/play.py prints for a seeded deal: one
per Königrufen contract (forehand declares it after Mein Spiel), plus natural
bidding at 4 and 5 seats. tests/host/test_golden.py runs --check.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()
import play  # noqa: E402
from play import P  # noqa: E402
from tarock import profiles as PR  # noqa: E402
from tarock.rng import Rng  # noqa: E402

NAMES = ["Anna", "Bernd", "Clara", "David", "Eva"]


def transcripts():
    every = P.overlay(P.KOENIGRUFEN_PAGAT, {"contracts": {P.ZWICCOLO: {"on": True}}})
    for cid in sorted(P.KR_CONTRACTS):
        if not P.contract(every, cid)["on"]:
            continue  # Tarockcup-only contracts (Farbendreier): see the cup files
        lines = []
        seed = 100 + cid
        deltas = play.play_deal(4, 0, seed, NAMES[:4], Rng(seed), lines.append,
                                force=cid, profile=every)
        lines.append("Result: " + " ".join("%+d" % d for d in deltas))
        yield "koenigrufen_%02d_%s.txt" % (cid, P.KR_CONTRACTS[cid]["name"].lower().replace(" ", "_")), lines
    for n_table in (4, 5):
        lines = []
        totals = [0] * n_table
        dealer = 0
        rng = Rng(7)
        for d in range(3):
            lines.append("== deal %d" % (d + 1))
            deltas = play.play_deal(n_table, dealer, 7 + d, NAMES[:n_table], rng, lines.append)
            totals = [totals[i] + deltas[i] for i in range(n_table)]
            lines.append("Totals: " + " ".join("%+d" % t for t in totals))
            dealer = play.seating.next_dealer(n_table, dealer)
        yield "koenigrufen_party_%d_seats.txt" % n_table, lines
    # the Tarockcup preset: one per cup contract, and a party of three deals
    cup = PR.get("koenigrufen/tarockcup")
    for cid in sorted(cup["contracts"]):
        if not P.contract(cup, cid)["on"]:
            continue
        lines = []
        seed = 200 + cid
        deltas = play.play_deal(4, 0, seed, NAMES[:4], Rng(seed), lines.append,
                                force=cid, profile=cup)
        lines.append("Result: " + " ".join("%+d" % d for d in deltas))
        yield "tarockcup_%02d_%s.txt" % (cid, _slug(cup["contracts"][cid]["name"])), lines
    lines = []
    totals = [0] * 4
    rng = Rng(11)
    for d in range(3):
        lines.append("== deal %d" % (d + 1))
        deltas = play.play_deal(4, d % 4, 11 + d, NAMES[:4], rng, lines.append, profile=cup)
        totals = [totals[i] + deltas[i] for i in range(4)]
        lines.append("Totals: " + " ".join("%+d" % t for t in totals))
    yield "tarockcup_party_4_seats.txt", lines


def _slug(name):
    return name.lower().replace(" ", "_").replace("-", "_")


if __name__ == "__main__":
    import playthroughs  # cli: parsed by playthroughs.main (cli.Parser)
    sys.exit(playthroughs.main(families=["koenigrufen"]))
