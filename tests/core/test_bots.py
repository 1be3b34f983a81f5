# Bots: only legal actions (fuzzed over seeded deals, every family with its
# bots, Königrufen also with every contract and Kaiserstich), same decisions
# when only other seats' hidden cards differ, and the Seat gives nothing but
# the own position's window.
from mpcompat import raises, IS_MICROPYTHON
from tarock import families as F
from tarock import profiles as P
from tarock import bots as B
from tarock.errors import IllegalAction

DEALS = 12 if IS_MICROPYTHON else 250


def _kinds_list(family):
    out = [("random", "random", "random", "random")]
    if family in B.HEURISTIC:
        out.append(("heuristic", "heuristic", "heuristic", "heuristic"))
        out.append(("heuristic", "random", "heuristic", "random"))
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


def _profiles(family):
    prs = [P.get(F.family(family)["default"])]
    if family == "koenigrufen":
        # every contract offered, and Kaiserstich
        prs.append(P.overlay(P.KOENIGRUFEN_PAGAT, {
            "contracts": {P.ZWICCOLO: {"on": True}}, "kaiserstich": True}))
    return prs


def test_bots_choose_only_legal_actions_every_family():
    total = 0
    fams = 0
    for family in sorted(F.FAMILIES):
        fams += 1
        mod = F.module(family, "deal")
        for pr in _profiles(family):
            for kinds in _kinds_list(family):
                for seed in range(1, DEALS + 1):
                    st = mod.Deal(pr, seed=seed)
                    bots = [Checked(B.make(k, family), st) for k in kinds]
                    B.play(st, bots, seed)
                    assert st.result() is not None
                    for b in bots:
                        total += b.n
    assert fams >= 1
    assert total > DEALS * 40


def test_heuristic_bot_plays_every_koenigrufen_contract():
    # every contract the bot can be dealt into by forehand's Mein Spiel is
    # legal for it to play: force the contract, the bots do the rest
    from tarock import koenigrufen as K
    pr = P.overlay(P.KOENIGRUFEN_PAGAT, {"contracts": {P.ZWICCOLO: {"on": True}}})

    class Force:
        def __init__(self, bot, cid):
            self.bot = bot
            self.cid = cid

        def begin(self, pos, profile, seed):
            self.bot.begin(pos, profile, seed)

        def act(self, seat):
            v = seat.view()
            if v["phase"] == "bid":
                return K.A_MEIN if K.A_MEIN in v["legal"] else K.A_PASS
            if v["phase"] == "declare":
                return K.A_BID + self.cid
            return self.bot.act(seat)

    n = 3 if IS_MICROPYTHON else 25
    seen = 0
    for cid in sorted(pr["contracts"]):
        for seed in range(1, n + 1):
            st = K.Deal(pr, seed=seed * 31 + cid)
            bots = [Checked(Force(B.make("heuristic", "koenigrufen"), cid), st) for _ in range(4)]
            B.play(st, bots, seed)
            if st.contract == cid:
                seen += 1
    assert seen == n * len(pr["contracts"])


def _owner_after_deal(st, ncards):
    """card -> position holding it right after the deal (-1: talon/elsewhere)."""
    own = [-1] * ncards
    for p in range(4):
        for c in st.view(p)["hand"]:
            own[c] = p
    return own


def _twin_decisions(family, pr, seed, me, kinds, rng, factory=None):
    """Play a deal with bot `me`; replay the same log on a deck where two cards
    hidden from `me` are swapped; feed the twin bot the twin's views. While
    me's views agree, both bots must decide alike. Returns decisions compared
    (or -1 when the swapped deck makes the log illegal)."""
    mod = F.module(family, "deal")
    st = mod.Deal(pr, seed=seed)
    B.play(st, [B.make(k, family) for k in kinds], seed)
    log = st.log
    # who holds what after the first action (the deal)
    first = mod.Deal(pr, seed=seed)
    first.apply(log[0])
    n = len(first.deck)
    own = _owner_after_deal(first, n)
    others = []
    for i in range(n):
        c = first.deck[i]
        if own[c] != me:
            others.append(i)
    # two deck places not holding `me`'s cards (other seats or the talon)
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


def test_bot_decisions_ignore_other_seats_hidden_cards():
    from tarock.rng import Rng
    rng = Rng(77)
    n = 10 if IS_MICROPYTHON else 150
    for family in sorted(F.FAMILIES):
        pr = P.get(F.family(family)["default"])
        for kinds_all in _kinds_list(family):
            if kinds_all[0] == "random":
                continue
            compared = 0
            for seed in range(1, n + 1):
                me = seed % 4
                x = _twin_decisions(family, pr, seed, me, ("heuristic",) * 4, rng)
                if x > 0:
                    compared += x
            # most deals give several decisions before a swapped card shows
            assert compared > n * 2, compared


class Cheat:
    """A heuristic bot that peeks at the next seat's hand (through the
    Seat's private reference): the twin test must catch it."""

    def __init__(self, kind, family):
        self.bot = B.make("heuristic", family)

    def begin(self, pos, profile, seed):
        self.pos = pos
        self.bot.begin(pos, profile, seed)

    def act(self, seat):
        a = self.bot.act(seat)
        st = seat._st
        q = (self.pos + 1) % 4
        if st.phase == 2 and st.hands[q * 5] & (1 << 21):  # next seat holds the Sküs
            legal = seat.legal()
            return legal[-1]
        return a


def test_twin_check_catches_a_peeking_bot():
    from tarock.rng import Rng
    rng = Rng(5)
    pr = P.KOENIGRUFEN_PAGAT
    caught = 0
    for seed in range(1, 80 if not IS_MICROPYTHON else 20):
        try:
            _twin_decisions("koenigrufen", pr, seed, seed % 4, ("heuristic",) * 4, rng, Cheat)
        except AssertionError:
            caught += 1
    assert caught > 0


def test_seat_only_acts_on_its_turn():
    from tarock import koenigrufen as K
    st = K.Deal(P.KOENIGRUFEN_PAGAT, seed=5)
    s0 = B.Seat(st, 0)
    s2 = B.Seat(st, st.to_move)
    other = B.Seat(st, (st.to_move + 1) % 4)
    raises(ValueError, other.legal)
    assert other.card_code() == -1
    assert s2.legal() == st.legal_actions()
    assert s0.view() == st.view(0)
    raises(ValueError, B.make, "nosuch", "koenigrufen")
    raises(ValueError, B.make, "heuristic", "nosuchfamily")


def test_bot_seeds_reproduce_a_deal():
    from tarock import koenigrufen as K
    logs = []
    for _ in range(2):
        st = K.Deal(P.KOENIGRUFEN_PAGAT, seed=99)
        B.play(st, [B.make(k, "koenigrufen") for k in ("heuristic", "random", "heuristic", "random")], 99)
        logs.append(list(st.log))
    assert logs[0] == logs[1]
    st = K.Deal(P.KOENIGRUFEN_PAGAT, seed=99)
    B.play(st, [B.make("random", "koenigrufen") for _ in range(4)], 100)
    assert list(st.log) != logs[0]  # another bot seed, another deal
