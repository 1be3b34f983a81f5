"""host_tools/sim/searchbot.py: its sampled worlds agree with the seat's view, it
plays only legal cards, and its decisions ignore other seats' hidden cards."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))

import searchbot as SB  # noqa: E402
from tarock.koenigrufen import rules as K  # noqa: E402
from tarock.koenigrufen import profiles as P  # noqa: E402
from tarock import profiles as PR  # noqa: E402
from tarock import bots as B  # noqa: E402
from tarock.errors import IllegalAction  # noqa: E402
from tarock.rng import Rng  # noqa: E402

PR = PR.overlay(P.KOENIGRUFEN_PAGAT, {"contracts": {P.ZWICCOLO: {"on": True}}})


def test_worlds_reproduce_the_seats_view():
    """Walk real deals; at every card decision, sample a world for the seat to
    move from its view, its own discards and the tricks so far. A world that
    the rules core accepts must show that seat exactly its real view."""
    rng = Rng(3)
    built = rejected = 0
    for seed in range(1, 120):
        st = K.Deal(PR, seed=seed)
        kinds = "heuristic" if seed % 2 else "random"
        B.play(st, [B.make(kinds, "koenigrufen") for _ in range(4)], seed)
        if st.knocked:
            continue
        a = K.Deal(PR, seed=seed)
        tricks = []
        disc = [[], [], [], []]
        for act in st.log:
            p = a.to_move
            if a.phase == K.PH_DISCARD:
                disc[p].append(act)
            if a.phase == K.PH_PLAY:
                v = a.view(p)
                w = SB.KRWorlds(PR, p).sample(v, tricks, disc[p], rng)
                if w is None:
                    rejected += 1
                else:
                    try:
                        world = K.Deal.replay(PR, w[0], w[1])
                    except IllegalAction:
                        rejected += 1
                    else:
                        assert world.view(p) == v, (seed, p)
                        built += 1
            nt = a.trick_no
            a.apply(act)
            if a.trick_no > nt:
                lead, cs, seats, wp = a.last_trick
                tricks.append([(seats[i], cs[i]) for i in range(4)])
    assert built > 3000
    assert rejected < built // 10


def _play_checked(bots, seed):
    st = K.Deal(PR, seed=seed)

    class Chk:
        def __init__(self, b):
            self.b = b

        def begin(self, *a):
            self.b.begin(*a)

        def act(self, seat):
            x = self.b.act(seat)
            assert st.why_illegal(x) == 0
            return x

    B.play(st, [Chk(b) for b in bots], seed)
    return st


def test_search_bot_plays_legal_cards_and_searches():
    sb = SB.SearchBot("koenigrufen", samples=3)
    for seed in range(1, 9):
        bots = [sb if p == seed % 4 else B.make("heuristic", "koenigrufen") for p in range(4)]
        _play_checked(bots, seed)
    # it built worlds (it did search, not only fall back)
    assert sb.stats[0] > 20


def test_search_decisions_ignore_other_seats_hidden_cards():
    import botcheck as T
    rng = Rng(11)
    compared = 0
    for seed in range(1, 13):
        x = T.twin_decisions("koenigrufen", PR, seed, seed % 4, ("heuristic",) * 4, rng,
                              lambda kind, fam: SB.SearchBot(fam, samples=2))
        if x > 0:
            compared += x
    assert compared > 20
