#!/usr/bin/env python3
"""Golden playthroughs of Bavarian Tarock in tests/golden/bavarian_*.txt
(review them as diffs; tests/host/test_golden_by.py runs --check).

    python host_tools/golden/bavarian.py           # rewrite the files
    python host_tools/golden/bavarian.py --check   # exit 1 if any file would change

Each file is a seeded deal as the table sees it: seating (clockwise, forehand
at the dealer's left), hands, Stock, bidding, exchange, trumps, every trick,
eyes and the settlement per seat. One file each for a hand game, an
Aufnahme, all passing (redeal), announced Schneider and announced Schwarz,
plus a party of six deals with the dealer moving on clockwise.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

from tarock.bavarian import rules as B  # noqa: E402
from tarock.bavarian import score as S  # noqa: E402
from tarock import profiles as P  # noqa: E402
from tarock import seating  # noqa: E402
from tarock.bavarian.cards import name, names, SUIT_NAMES  # noqa: E402
from tarock.bavarian.tables import SUIT36, EYES36  # noqa: E402
from tarock.rng import Rng  # noqa: E402

NAMES = ["Anna", "Bernd", "Clara"]


def strength(hand):
    """Rough eyes a hand expects to take: its own eyes plus 8 per card of its
    longest suit beyond three."""
    longest = max(sum(1 for c in hand if SUIT36[c] == s) for s in range(4))
    return sum(EYES36[c] for c in hand) + 8 * max(0, longest - 3)


def best_suit(hand):
    return max(range(4), key=lambda s: (sum(1 for c in hand if SUIT36[c] == s),
                                        sum(EYES36[c] for c in hand if SUIT36[c] == s), -s))


def bot(st, rng, plan=None):
    """plan: {position: bid action to make once} for forced bidding, and
    'announce': the announcement action. Without a plan: a plain bot."""
    legal = st.legal_actions()
    p = st.to_move
    hand = st.hand_of(p)
    ph = st.phase
    if ph == B.PH_BID:
        if plan is not None:
            a = plan.get(p, B.A_PASS)
            return a if a in legal else B.A_PASS
        want = strength(hand) + 10
        bids = [a for a in legal if a != B.A_PASS and st.bid_of(a)[1] <= want]
        return min(bids, key=lambda a: st._key(*st.bid_of(a))) if bids else B.A_PASS
    if ph == B.PH_DISCARD:
        trump = best_suit(hand)
        return min(legal, key=lambda c: (SUIT36[c] == trump, EYES36[c] > 0, c % 9, c))
    if ph == B.PH_TRUMP:
        return B.A_TRUMP + best_suit(hand)
    if ph == B.PH_ANNOUNCE:
        return (plan or {}).get("announce", B.A_PASS)
    return legal[rng.below(len(legal))]


def describe(st, a):
    if a == B.A_PASS:
        return "pass"
    b = st.bid_of(a)
    if b is not None:
        return ("hand game " if b[0] else "Aufnahme ") + str(b[1])
    if B.A_TRUMP <= a < B.A_TRUMP + 4:
        return "names trumps: " + SUIT_NAMES[a - B.A_TRUMP]
    if a == B.A_SCHNEIDER:
        return "announces Schneider"
    if a == B.A_SCHWARZ:
        return "announces Schwarz"
    return name(a)


def play_deal(dealer, seed, rng, out, profile, plan=None):
    seats = seating.positions(3, dealer, active=3, clockwise=True)
    st = B.Deal(profile, seed=seed)
    who = lambda p: "%s (seat %d)" % (NAMES[seats[p]], seats[p])  # noqa: E731
    out("Dealer: %s; forehand: %s" % (NAMES[dealer], who(0)))
    for p in range(3):
        out("  %-16s hand: %s" % (who(p), names(st.hand_of(p))))
    out("  Stock: %s" % names(st.stock))
    while st.phase != B.PH_DONE:
        ph = st.phase
        p = st.to_move
        a = bot(st, rng, plan)
        st.apply(a)
        if ph == B.PH_PLAY:
            if st.nt == 0:
                assert st.last_trick is not None   # a trick was just taken
                cs, ts, wp = st.last_trick
                out("  trick %2d: %s -> %s" % (st.trick_no, "  ".join(
                    "%s:%s" % (NAMES[seats[ts[i]]], name(cs[i])) for i in range(3)),
                    NAMES[seats[wp]]))
        elif ph == B.PH_DISCARD:
            if st.phase != B.PH_DISCARD:
                out("  %-16s takes the Stock, puts back %s" % (who(p), names(st.put)))
        else:
            out("  %-16s %s" % (who(p), describe(st, a)))
    s = st.summary()
    assert s is not None   # the deal is done
    if s.redeal:
        out("All passed: no game, the next dealer deals")
    else:
        won, level = S.outcome(profile, s)
        out("%s by %s, target %d: %d eyes (%s), tricks %d; opponents %d eyes, tricks %d" % (
            "Hand game" if s.hand else "Aufnahme", who(s.declarer), s.target, s.decl_eyes,
            "with the Stock" if s.hand else "with the cards put back", s.decl_tricks,
            120 - s.decl_eyes, s.def_tricks))
        out("  %s, %s%s" % ("won" if won else "lost", S.LEVEL_NAMES[level],
                            (", %s announced" % S.LEVEL_NAMES[s.announced]) if s.announced else ""))
    deltas = seating.to_table(st.result(), seats, 3)
    assert sum(deltas) == 0
    return deltas


def _one(dealer, seed, profile, plan):
    lines = []
    deltas = play_deal(dealer, seed, Rng(seed), lines.append, profile, plan)
    lines.append("Result: " + "  ".join("%s %+d" % (NAMES[i], deltas[i]) for i in range(3)))
    return lines


def transcripts():
    std = P.get("bavarian/standard")
    ann = P.get("bavarian/announced")
    h = lambda t: B.A_HAND + (t - 61) // 5  # noqa: E731
    a = lambda t: B.A_AUF + (t - 61) // 5  # noqa: E731
    yield "bavarian_01_hand_game.txt", _one(0, 201, std, {0: h(61)})
    yield "bavarian_02_aufnahme.txt", _one(1, 202, std, {2: a(71)})
    yield "bavarian_03_all_pass.txt", _one(2, 203, std, {})
    yield "bavarian_04_raised.txt", _one(0, 204, std, {0: h(61), 1: a(76), 2: h(71)})
    yield "bavarian_05_announced_schneider.txt", _one(0, 205, ann,
                                                      {1: h(61), "announce": B.A_SCHNEIDER})
    yield "bavarian_06_announced_schwarz.txt", _one(2, 206, ann,
                                                    {0: a(71), "announce": B.A_SCHWARZ})
    lines = []
    totals = [0, 0, 0]
    dealer = 0
    rng = Rng(8)
    for d in range(6):
        lines.append("== deal %d" % (d + 1))
        deltas = play_deal(dealer, 800 + d, rng, lines.append, std)
        totals = [totals[i] + deltas[i] for i in range(3)]
        lines.append("Totals: " + "  ".join("%s %+d" % (NAMES[i], totals[i]) for i in range(3)))
        dealer = seating.next_dealer(3, dealer, clockwise=True)
    yield "bavarian_party_3_seats.txt", lines


if __name__ == "__main__":
    import playthroughs  # cli: parsed by playthroughs.main (cli.Parser)
    sys.exit(playthroughs.main(families=["bavarian"]))
