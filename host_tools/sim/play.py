#!/usr/bin/env python3
"""Play deals of any Tarock family on the host with the bots and print what
the table sees, in the table's words: the hands as dealt, every bid, call and
announcement, the cards aside when they are shown, every trick, the counted
result, then the score sheet.

    python host_tools/sim/play.py                # one Königrufen deal, 4 players, seed 1
    python host_tools/sim/play.py --deals 5 --players 5 --seed 42
    python host_tools/sim/play.py --family french --players 5 --preset maison
    python host_tools/sim/play.py --family slovenian --players 3 --lang en

This drives the real rules core (firmware/tarock) and its bots
(firmware/tarock/bots: heuristic at every seat); the words are the device's
(the family glue in firmware/table/games and the language tables in
firmware/table/lang), in the family's own language unless --lang says
another. The emulator (host_tools/emulator/emulator.py) plays the same deals
through the device's screens and buttons.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "firmware"))

from tarock.koenigrufen import rules as K  # noqa: E402
from tarock.koenigrufen import profiles as P  # noqa: E402
from tarock import profiles as PR  # noqa: E402
from tarock import seating  # noqa: E402
from tarock.cards import name, names, SUIT54, KINGS54  # noqa: E402
from tarock.tables import THIRDS54, VALUE54  # noqa: E402


def strength(hand):
    """Rough hand value: trumps count, high trumps and kings count more."""
    return sum(3 if c >= 15 and SUIT54[c] == 0 else 1 if SUIT54[c] == 0 else
               2 if c in KINGS54 else 0 for c in hand)


def bot_action(st, rng, force=0):
    """A plain, sensible bot: conservative bidding, random legal card play.
    force: a contract id that forehand declares after Mein Spiel (others pass)."""
    legal = st.legal_actions()
    p = st.to_move
    hand = st.hand_of(p)
    if force and st.phase == K.PH_BID:
        if st.cdefs[force]["who"] == "fh_open" and K.A_BID + force in legal:
            return K.A_BID + force  # Tarockcup Sechser-Dreier: forehand's opening bid
        return K.A_MEIN if K.A_MEIN in legal else K.A_PASS
    if force and st.phase == K.PH_DECLARE:
        return K.A_BID + force
    if st.phase == K.PH_BID:
        if K.A_MEIN in legal:
            return K.A_MEIN
        s = strength(hand)
        want = K.A_BID + (P.SOLO_DREIER if s >= 30 else P.DREIER if s >= 24 else 0)
        if want in legal and want != K.A_BID:
            return want
        return K.A_PASS if K.A_PASS in legal else legal[0]
    if st.phase == K.PH_DECLARE:
        return K.A_BID + (P.DREIER if strength(hand) >= 22 else P.RUFER)
    if st.phase == K.PH_CALL:
        for s in (1, 2, 3, 4):
            if KINGS54[s - 1] not in hand:
                return K.A_CALL + s
        return K.A_CALL + 1
    if st.phase == K.PH_TALON:
        halves = [sum(THIRDS54[c] for c in st.talon[3 * h:3 * h + 3]) for h in (0, 1)]
        return K.A_TALON + (0 if halves[0] >= halves[1] else 1)
    if st.phase == K.PH_DISCARD:
        return min(legal, key=lambda c: (VALUE54[c], c))
    if st.phase == K.PH_ANNOUNCE:
        if K.A_PASS in legal:
            return K.A_PASS
        # a Besser contract must announce a bird: the lowest one offered
        return min(a for a in legal if a - K.A_ANNOUNCE in P.BIRDS)
    if st.phase == K.PH_CUT:
        return K.A_CUT
    return legal[rng.below(len(legal))]


def describe(a, profile=P.KOENIGRUFEN_PAGAT):
    if a < 54:
        return name(a)
    if a == K.A_PASS:
        return "pass"
    if a == K.A_MEIN:
        return "Mein Spiel"
    if a == K.A_CUT:
        return "cut"
    if a == K.A_KNOCK:
        return "knock"
    if K.A_BID < a <= K.A_BID + P.MAX_CONTRACT:
        return profile["contracts"][a - K.A_BID]["name"]
    if a == K.A_FOURTH:
        return "calls the fourth king"
    if K.A_CALL < a <= K.A_CALL + 4:
        return "calls the king of " + "♥♦♠♣"[a - K.A_CALL - 1]
    if a in (K.A_TALON, K.A_TALON + 1):
        return "takes talon half %d" % (a - K.A_TALON + 1)
    if a == K.A_CONCEDE:
        return "concedes"
    if K.A_ANNOUNCE <= a < K.A_ANNOUNCE + P.N_BONUS:
        return "announces " + profile["bonus_names"][a - K.A_ANNOUNCE]
    if K.A_DOUBLE <= a < K.A_MAX:
        i = a - K.A_DOUBLE
        return "doubles " + ("the game" if i == 0 else
                             "vs position %d" % (i - K.ITEM_NEG) if i >= K.ITEM_NEG
                             else profile["bonus_names"][i - 1])
    if K.A_PACKET <= a < K.A_PACKET + 4:
        return "takes packet %d" % (a - K.A_PACKET + 1)
    return str(a)


def play_deal(n_table, dealer, seed, names_, rng, out, force=0, profile=P.KOENIGRUFEN_PAGAT):
    seats = seating.positions(n_table, dealer)
    st = K.Deal(profile, seed=seed, cutter=seating.cutter_position(n_table))
    who = lambda p: "%s (seat %d)" % (names_[seats[p]], seats[p])  # noqa: E731
    out("Dealer: %s%s" % (names_[dealer], ", sits out" if n_table > 4 else ""))
    out("Forehand: %s; cutter: %s" % (who(0), who(st.cutter)))
    trick_no = 0
    while st.phase != K.PH_DONE:
        if st.phase == K.PH_BID and not st.bids:
            for p in range(4):
                out("  %-18s hand: %s" % (who(p), names(st.hand_of(p))))
        phase = st.phase
        p = st.to_move
        a = bot_action(st, rng, force)
        st.apply(a)
        if phase == K.PH_PLAY:
            if st.nt == 0:
                assert st.last_trick is not None   # a trick was just taken
                lead, cs, ts, wp = st.last_trick
                trick_no += 1
                out("  trick %2d: %s -> %s" % (trick_no, "  ".join(
                    "%s:%s" % (names_[seats[ts[i]]], name(cs[i])) for i in range(4)), who(wp)))
        elif phase == K.PH_DISCARD:
            if a < 22:
                out("  %-18s discards %s face up" % (who(p), name(a)))
        else:
            out("  %-18s %s" % (who(p), describe(a, profile)))
            if st.phase == K.PH_TALON:
                out("  talon: %s | %s" % (names(st.talon[:3]), names(st.talon[3:])))
    s = st.summary()
    assert s is not None   # the deal is done
    cd = profile["contracts"][st.contract]
    out("Contract: %s by %s%s" % (cd["name"], who(st.declarer),
                                  ", partner %s" % who(st.partner) if st.partner >= 0 else ""))
    if cd["kind"] == "pos" and not s.conceded:
        out("Declarer's party: %d points (%d thirds) of 70" % ((s.decl_thirds + 1) // 3, s.decl_thirds))
    elif cd["kind"] == "trisch":
        out("Card points: " + "  ".join("%s %d" % (names_[seats[p]], (s.thirds[p] + 1) // 3)
                                         for p in range(4)))
    else:
        out("Declarer's tricks: %d" % s.tricks[st.declarer])
    for b in range(P.N_BONUS):
        if s.bonus[b] or s.announced[b]:
            out("  %s: %s%s" % (profile["bonus_names"][b], ("-", "made by the declarer's party",
                                                     "made by the defenders",
                                                     "lost by the declarer's party",
                                                     "lost by the defenders")[s.bonus[b]],
                                ", announced" if s.announced[b] else ""))
    deltas = seating.to_table(st.result(), seats, n_table)
    return deltas


NAMES = ["Anna", "Bernd", "Clara", "David", "Eva"]


def bot_deal(g, family, profile, seed, n_table):
    """A deal of the family played to its end by the heuristic bots."""
    from tarock import bots as B
    d = g.new_deal(profile, seed, n_table)
    n = len(d.view(0)["tricks"])
    B.play(d, [B.make("heuristic", family) for _ in range(n)], seed)
    return d


def main(argv=None):
    sys.path.insert(0, os.path.join(HERE, "..", "lib"))
    __import__("hostenv").tools()
    import cli
    import dealtext
    import tableopts
    from table import games
    from table import lang
    from tarock import families as F
    ap = cli.Parser(description=(__doc__ or "").split("\n")[0],
                    epilog="Every deal of a run is seeded: deal k has seed --seed + k - 1.")
    ap.add_argument("--family", type=cli.one_of(tableopts.families, "family"), default=None,
                    help="the game (default Königrufen, or --preset's)")
    ap.add_argument("--preset", "--profile", dest="preset", type=tableopts.preset_arg,
                    metavar="FAMILY/NAME",
                    help="the rule set, e.g. koenigrufen/tarockcup (the name alone with "
                    "--family); default the family's own")
    ap.add_argument("--deals", type=cli.int_range(1), default=1)
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 5),
                    help="players at the table (default 4, or what the game takes)")
    ap.add_argument("--seed", type=cli.int_range(0), default=1)
    ap.add_argument("--lang", type=cli.one_of(lambda: lang.CODES, "language"),
                    help="the table's language (%s; default the game's own)"
                    % ", ".join(lang.CODES))
    args = ap.parse_args(argv)
    family, name = tableopts.resolve(ap, args.family, args.preset, args.players)
    preset = family + "/" + name if name else F.family(family)["default"]
    sizes = F.family(family)["players"]
    n_table = args.players or (4 if 4 in sizes else sizes[-1])
    lang.use(args.lang or games.language(family))
    t = lang.t
    g = games.glue(family)
    profile = PR.get(preset)
    active = F.active(family, n_table, profile)
    clockwise = F.family(family)["clockwise"]
    names_ = NAMES[:n_table]
    rows = []
    totals = [0] * n_table
    dealer = 0
    for k in range(args.deals):
        seed = args.seed + k
        seats = seating.positions(n_table, dealer, active, clockwise)
        print("== %s: %s (seed %d)" % (t("deal_n") % (k + 1), games.rules_name(
            family, preset.split("/", 1)[1], True), seed))
        print("  " + t("dealer_is") % names_[dealer])
        d = bot_deal(g, family, profile, seed, n_table)

        def who(p, seats=seats):
            return names_[seats[p]] if p >= 0 else "-"
        lines, _ = dealtext.deal_lines(g, profile, seed, n_table, d.log, who, hands=True)
        for line in lines:
            print("  " + line)
        deltas = seating.to_table(d.result(), seats, n_table)
        for i in range(n_table):
            totals[i] += deltas[i]
        rows.append((deltas, g.contract_line(d, who)))
        dealer = seating.next_dealer(n_table, dealer, clockwise)
    print(t("score_sheet") + ":")
    for line in dealtext.sheet_lines(names_, rows, totals, t("totals")):
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
