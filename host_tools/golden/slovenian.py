#!/usr/bin/env python3
"""Regenerate the Slovenian golden playthroughs in tests/golden/ (review diffs).

    python host_tools/golden/slovenian.py           # rewrite the files
    python host_tools/golden/slovenian.py --check   # exit 1 if any file would change

One seeded deal per contract (forehand bids it, the others pass; Klop: all
pass) with four players under the seed's profile, the standard tariff's own
contracts and Klop with talon gifts, three and two players, and the open
two-player game. Random legal play (tests/core/sisim.py). A rules change
shows up as a diff here. tests/host/test_golden_si.py runs --check.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))

from tarock.slovenian import rules as SL, profiles as PS, score as S  # noqa: E402
from tarock.cards import name, names  # noqa: E402
from tarock.rng import Rng  # noqa: E402
import sisim  # noqa: E402

NAMES = ["Ana", "Bojan", "Cvetka", "Darko"]


def describe(st, a):
    if a < 54:
        return name(a)
    if a == SL.A_PASS:
        return "pass"
    if a == SL.A_PLAY:
        return "Ich spiele"
    if SL.A_BID < a < SL.A_BID + PS.N_CONTRACTS:
        return "bids " + st.profile["contracts"][a - SL.A_BID]["name"]
    if SL.A_CALL < a <= SL.A_CALL + 4:
        return "calls the king of " + "♥♦♠♣"[a - SL.A_CALL - 1]
    if SL.A_TALON <= a < SL.A_TALON + 6:
        return "takes talon group %d" % (a - SL.A_TALON + 1)
    if SL.A_ANNOUNCE <= a < SL.A_ANNOUNCE + PS.N_BONUS:
        return "announces " + PS.BONUS_NAMES[a - SL.A_ANNOUNCE]
    item = a - SL.A_DOUBLE
    return "doubles " + ("the game" if item == 0 else PS.BONUS_NAMES[item - 1])


def transcript(profile, seed, n, contract):
    lines = []
    out = lines.append
    rng = Rng(seed)
    st = SL.Deal(profile, seed=seed, n=n)
    out("Profile %s, %d players, seed %d" % (profile["name"], n, seed))
    for p in range(n):
        out("  %-7s hand: %s" % (NAMES[p], names(st.hand_of(p))))
    if st.open2:
        for p in range(2):
            out("  %-7s stacks: %s" % (NAMES[p], " | ".join(
                names(st.stacks[4 * i:4 * i + 4]) for i in range(3 * p, 3 * p + 3))))
    else:
        out("  talon: %s" % names(st.talon))
    while st.phase != SL.PH_DONE:
        ph = st.phase
        p = st.to_move
        if ph == SL.PH_PLAY:
            a = sisim.play_card(st, rng)
        elif contract >= 0:
            a = sisim.steer(st, contract, rng)
        else:
            a = sisim.pick(st, rng)
        st.apply(a)
        if ph == SL.PH_OPEN and st.phase == SL.PH_PLAY:
            out("  %-7s %s" % (NAMES[p], describe(st, a)))
            out("  lifted into the hands: %s" % names(st.lifted))
        elif ph == SL.PH_PLAY:
            if st.nt == 0:
                assert st.last_trick is not None   # a trick was just taken
                cs, seats, wp = st.last_trick
                out("  trick %2d: %s -> %s" % (st.trick_no, "  ".join(
                    "%s:%s" % (NAMES[seats[i]], name(cs[i])) for i in range(n)), NAMES[wp]))
        elif ph == SL.PH_DISCARD:
            out("  %-7s discards %s%s" % (NAMES[p], name(a), " face up" if a < 22 else ""))
        else:
            out("  %-7s %s" % (NAMES[p], describe(st, a)))
    s = st.summary()
    assert s is not None   # the deal is done
    out("Contract: %s%s%s" % (profile["contracts"][st.contract]["name"],
                              " by %s" % NAMES[st.declarer] if st.declarer >= 0 else "",
                              ", partner %s" % NAMES[st.partner] if st.partner >= 0 else ""))
    out("Card points: " + "  ".join("%s %d" % (NAMES[p], S.points(s.thirds[p])) for p in range(n)))
    if st.cdef["kind"] == "pos":
        out("Declarer's party: %d points (%d thirds)" % (S.points(s.decl_thirds), s.decl_thirds))
    for b in range(PS.N_BONUS):
        if s.bonus[b] or s.announced[b]:
            out("  %s: %s%s" % (PS.BONUS_NAMES[b], S.OUTCOME_NAMES[s.bonus[b]],
                                ", announced" if s.announced[b] else ""))
    r = st.result()
    assert r is not None
    out("Result: " + " ".join("%+d" % d for d in r))
    return lines


def transcripts():
    pto = PS.PLAY_TAROCK_ONLINE
    for cid in sisim.contracts_for(pto, 4):
        yield ("slovenian_4_%02d.txt" % cid), transcript(pto, 200 + cid, 4, cid)
    std = PS.STANDARD
    for cid in (PS.KLOP, PS.FARBVALAT, PS.VALAT_OHNE, PS.SOLO_OHNE):
        yield ("slovenian_std_4_%02d.txt" % cid), transcript(std, 300 + cid, 4, cid)
    yield "slovenian_3_zwei.txt", transcript(pto, 44, 3, PS.ZWEI)
    yield "slovenian_3_bidding.txt", transcript(pto, 45, 3, -1)
    yield "slovenian_2_drei.txt", transcript(pto, 46, 2, PS.DREI)
    op = PS.PLAY_TAROCK_ONLINE_OPEN2
    yield "slovenian_2_open_a.txt", transcript(op, 47, 2, -1)
    yield "slovenian_2_open_b.txt", transcript(op, 49, 2, -1)


if __name__ == "__main__":
    import playthroughs  # cli: parsed by playthroughs.main (cli.Parser)
    sys.exit(playthroughs.main(families=["slovenian"]))
