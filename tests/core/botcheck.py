# Helpers for the bot tests (tests/core/test_bots_*.py, tests/host/): legal
# fuzz of a family's bots and the twin-deal check that a bot's decisions do
# not depend on other seats' hidden cards. Not a test module (no test_ prefix);
# MicroPython-clean. One family per test module keeps a 192K heap enough.
from tarock import families as F
from tarock import bots as B
from tarock.errors import IllegalAction


def kinds_list(family):
    n = B.players(family)
    out = [("random",) * n]
    if "bot" in F.family(family):
        out.append(("heuristic",) * n)
        out.append(("heuristic", "random", "heuristic", "random")[:n])
    return out


class Checked:
    """Wraps a bot: every action it returns must be legal right then."""

    def __init__(self, bot, st):
        self.bot = bot
        self.st = st
        self.n = 0

    def begin(self, pos, profile, seed):
        self.bot.begin(pos, profile, seed)

    def act(self, seat):
        a = self.bot.act(seat)
        code = self.st.why_illegal(a)
        assert code == 0, "bot chose illegal action %r (code %d) at phase %r" % (
            a, code, self.st.phase)
        self.n += 1
        return a


def fuzz_legal(family, profiles, deals):
    """Play `deals` seeded deals per profile and bot mix, every action checked
    legal; returns the number of bot decisions."""
    mod = F.module(family, "deal")
    total = 0
    for pr in profiles:
        for kinds in kinds_list(family):
            for seed in range(1, deals + 1):
                st = mod.Deal(pr, seed=seed)
                bots = [Checked(B.make(k, family), st) for k in kinds]
                B.play(st, bots, seed)
                assert st.result() is not None
                for b in bots:
                    total += b.n
    return total


def twin_decisions(family, pr, seed, me, kinds, rng, factory=None):
    """Play a deal; replay the same log on a deck where two cards hidden from
    `me` (other seats' or the talon's) are swapped; feed two fresh bots of
    `me` the two deals' views. While me's views agree, both bots must decide
    alike. Returns the decisions compared (-1: the swap made the log illegal
    before any)."""
    mod = F.module(family, "deal")
    st = mod.Deal(pr, seed=seed)
    B.play(st, [B.make(k, family) for k in kinds], seed)
    log = st.log
    first = mod.Deal(pr, seed=seed)
    first.apply(log[0])
    n = len(first.deck)
    own = [-1] * n
    for p in range(len(kinds)):
        for c in first.view(p)["hand"]:
            own[c] = p
    others = []
    for i in range(n):
        if own[first.deck[i]] != me:
            others.append(i)
    i = others[rng.below(len(others))]
    j = others[rng.below(len(others))]
    if i == j or own[first.deck[i]] == own[first.deck[j]]:
        return 0
    deck2 = bytearray(first.deck)
    deck2[i], deck2[j] = deck2[j], deck2[i]
    a = mod.Deal(pr, seed=seed)
    b = mod.Deal(pr, deck=deck2)
    if factory is None:
        factory = B.make
    ba = factory(kinds[me], family)
    bb = factory(kinds[me], family)
    bs = B.bot_seed(seed, me)
    ba.begin(me, pr, bs)
    bb.begin(me, pr, bs)
    sa = B.Seat(a, me)
    sb = B.Seat(b, me)
    compared = 0
    for act in log:
        if a.to_move == me:
            if a.view(me) != b.view(me):
                break
            assert ba.act(sa) == bb.act(sb), "seat %d decided differently (seed %d)" % (me, seed)
            compared += 1
        a.apply(act)
        try:
            b.apply(act)
        except IllegalAction:
            return -1 if compared == 0 else compared
    return compared


def twin_sweep(family, pr, deals, rng):
    """twin_decisions over seeded deals with rule-based bots everywhere;
    returns the decisions compared."""
    np = B.players(family)
    compared = 0
    for seed in range(1, deals + 1):
        x = twin_decisions(family, pr, seed, seed % np, ("heuristic",) * np, rng)
        if x > 0:
            compared += x
    return compared
