# Bots that fill a seat: the same pure core on the device and in the host
# simulations (host_tools/sim/simulate.py). Family-generic parts live here: the
# seat accessor a bot works from, the registry and the deal driver.
#
# Information rule: a bot never gets the Deal. It gets a Seat, which offers
# only what that position may know: Deal.view(pos) (the rules module's own
# per-seat view), the legal actions when it is that seat's turn (they depend
# on the own hand and public state only) and, for speed, the legal-card code
# of the own hand (Deal.legal_code_for_move + the family's code_count /
# code_nth over the seat's own five masks). tests/core/test_bots_*.py check
# that decisions do not change when other seats' hidden cards do.
#
# Bot API: bot.begin(pos, profile, seed) before each deal; bot.act(seat) ->
# action for seat.pos (only called when it is that position's turn).

# Which bot and which legal-card fast path a family has: tarock.families
# ("bot": the class in tarock/bots/<family>.py; "fast": (module, count fn,
# nth fn, masks per seat)).
from tarock import families as F

MAX_ACTIONS = 1000  # no deal comes near this; a loop in a state machine would


class Seat:
    """One position's window on a deal."""

    __slots__ = ("_st", "pos", "_count", "_nth", "_o")

    def __init__(self, st, pos):
        self._st = st
        self.pos = pos
        self._count = None
        self._nth = None
        self._o = 0
        # the fast path needs the family's mask helpers over its own deck
        fam = F.FAMILIES.get(st.profile.get("family"))
        fast = fam.get("fast") if fam is not None else None
        if fast is not None and getattr(st, "legal_code_for_move", None) is not None:
            __import__(fast[0])
            import sys
            m = sys.modules[fast[0]]
            self._count = getattr(m, fast[1])
            self._nth = getattr(m, fast[2])
            self._o = pos * fast[3]

    def view(self):
        return self._st.view(self.pos)

    def legal(self):
        """Legal actions of this seat (its turn only)."""
        if self._st.to_move != self.pos:
            raise ValueError("not this seat's turn")
        return self._st.legal_actions()

    def card_code(self):
        """legal_code of the own hand while playing a card, or -1 (then use
        legal()). Allocation-free."""
        if self._count is None or self._st.to_move != self.pos:
            return -1
        return self._st.legal_code_for_move()

    def _masks(self):
        # the masks the legal code refers to: the own hand (plus open stack
        # tops in Slovenian's open two-player game: public cards)
        st = self._st
        mm = getattr(st, "move_masks", None)
        return mm(self.pos) if mm is not None else st.hands

    def code_count(self, code):
        return self._count(self._masks(), self._o, code)  # pyright: ignore[reportOptionalCall] (only after card_code() != -1)

    def code_nth(self, code, k):
        return self._nth(self._masks(), self._o, code, k)  # pyright: ignore[reportOptionalCall] (only after card_code() != -1)


def players(family):
    """Positions in a deal of the family at a table of four (its only size
    if it has one): what Deal(profile, seed) deals by default."""
    f = F.family(family)
    act = f["active"]
    if 4 in act:
        return act[4]
    n = 0
    for k in act:
        if act[k] > n:
            n = act[k]
    return n


def make(kind, family, profile=None):
    """A bot by kind: 'random' or 'heuristic' (the family's rule-based bot)."""
    if kind == "random":
        from tarock.bots.randombot import RandomBot
        return RandomBot()
    if kind == "heuristic":
        fam = F.FAMILIES.get(family)
        cls = fam.get("bot") if fam is not None else None
        if cls is None:
            raise ValueError("no heuristic bot for family %r" % (family,))
        mod = "tarock.bots." + family
        __import__(mod)
        import sys
        return getattr(sys.modules[mod], cls)()
    raise ValueError("unknown bot kind %r" % (kind,))


def bot_seed(seed, pos):
    """Each seat's bot RNG seed from the deal seed: reproducible, independent
    of which process plays the deal."""
    return (seed * 7919 + 104729 * (pos + 1)) & 0x3FFFFFFF


def play(st, bots, seed, check=None):
    """Play st to the end, asking bots[pos] for each move. bots: one per
    position (len >= active players). check(st) after every action."""
    prof = st.profile
    n = len(bots)
    for p in range(n):
        bots[p].begin(p, prof, bot_seed(seed, p))
    seats = [Seat(st, p) for p in range(n)]
    k = 0
    while st.result() is None:
        p = st.to_move
        st.apply(bots[p].act(seats[p]))
        if check is not None:
            check(st)
        k += 1
        if k > MAX_ACTIONS:
            raise AssertionError("deal %d does not end" % seed)
    return st
