# Shared parts of the rule-based bots of the 54-card king-calling games
# (Königrufen: tarock.bots.kr, Slovenian Tarok: tarock.bots.sl): hand
# facts, the king call, discards, who is on my side, taking the one trick of
# a Piccolo. No family module imported here (a device loads only its own).
from tarock.rng import Rng
from tarock.tables import SUIT54, RANK54, VALUE54, BASE54, SIZE54, KEY54, KEYPLAIN54
from tarock.cards import king
from tarock.bots import cardplay as C

DECK = (SUIT54, RANK54, VALUE54, BASE54, SIZE54, KEY54, 54, 0, 1, -1)
# Farbensolo: trumps rank as a plain suit (but must still be played when void)
DECK_COLOR = (SUIT54, RANK54, VALUE54, BASE54, SIZE54, KEYPLAIN54, 54, 0, 1, -1)
PAGAT = 0
MOND = 20
SKUS = 21


def hand_facts(hand):
    """(trumps, high trumps XVII..Sküs, kings, voids, per-suit counts, danger)
    danger: cards likely to take a trick in a negative game."""
    t = 0
    high = 0
    kings = 0
    danger = 0
    cnt = [0, 0, 0, 0, 0]
    for c in hand:
        s = SUIT54[c]
        cnt[s] += 1
        if s == 0:
            t += 1
            if c >= 16:
                high += 1
            if c >= 8:
                danger += 1
        else:
            r = RANK54[c]
            if r == 7:
                kings += 1
            if r >= 5:
                danger += 1
    voids = 0
    for s in range(1, 5):
        if cnt[s] == 0:
            voids += 1
    return t, high, kings, voids, cnt, danger


def strength(hand):
    t, high, kings, voids, cnt, danger = hand_facts(hand)
    s = 2 * t + 2 * high + 2 * kings + 2 * voids
    for c in hand:
        if c == SKUS or c == MOND:
            s += 1
    return s


def group_value(cards, called):
    """What a talon share is worth to the declarer: points, trumps (high
    ones more), the called king."""
    k = 0
    for c in cards:
        k += VALUE54[c] * 2
        if SUIT54[c] == 0:
            k += 4 + (3 if c >= 16 else 0)
        if c == called:
            k += 6
    return k


class Bot54(C.PhaseBot):
    A_CALL = -1  # the king call action base: each family's rules.A_CALL

    def __init__(self):
        self.rng = Rng(1)
        self.pos = -1
        self.profile = None  # type: dict  # pyright: ignore[reportAttributeAccessIssue] (set by begin())
        self.mem = None  # type: C.Memory  # pyright: ignore[reportAttributeAccessIssue] (set by begin())
        self.cdef = None  # type: dict  # pyright: ignore[reportAttributeAccessIssue] (None until the contract is known)

    def begin(self, pos, profile, seed):
        self.pos = pos
        self.rng = Rng(seed)
        self.profile = profile
        self.mem = C.Memory(DECK, pos)
        self.cdef = None  # pyright: ignore[reportAttributeAccessIssue] (None until the contract is known)

    def _call(self, v, legal):
        hand = v["hand"]
        t, high, kings, voids, cnt, danger = hand_facts(hand)
        best = -1
        bk = -1
        for a in legal:
            s = a - self.A_CALL
            if s > 4:
                continue  # "the fourth king" (Königrufen): the same as naming its suit
            mine = False
            for c in hand:
                if c == king(s):
                    mine = True
            # a king not held, in a suit where we hold cards to lead to it
            k = (0 if mine else 100) + cnt[s] * 4 - s
            if k > bk:
                bk = k
                best = a
        return best

    def _discard(self, v, legal):
        hand = v["hand"]
        t, high, kings, voids, cnt, danger = hand_facts(hand)
        called = v["called"]
        best = legal[0]
        bk = 1 << 20
        for c in legal:
            s = SUIT54[c]
            if s == 0:
                k = 10000 + c  # a trump only when nothing else may go
            else:
                # void short suits first; bank the valuable cards of a suit
                k = cnt[s] * 100 - VALUE54[c] * 10 + (300 if s == called else 0)
            if k < bk:
                bk = k
                best = c
        return best

    # ------------------------------------------------------------ announcements
    def _holds(self, hand, c):
        for x in hand:
            if x == c:
                return True
        return False

    def _friends(self, v, hand):
        me = self.pos
        d = v["declarer"]
        if "partner" in v:
            partner = v["partner"]
        elif not self.cdef["call"]:
            partner = -1
        elif me != d and self._holds(hand, king(v["called"])):
            partner = me
        else:
            partner = -2  # unknown
        return C.side_mask(me, d, self.mem.n, partner)

    def _take_one(self, deck, mem, v, legal):
        """Piccolo/Zwiccolo: take a trick with a sure winner (leading it or
        winning as the last to play); -1 when there is no safe way."""
        trick = v["trick"]
        if not trick:
            for c in legal:
                if C.is_boss_safe(deck, mem, c, trick, self.pos):
                    return c
            return -1
        if len(trick) == 3:
            lead = SUIT54[trick[0][1]]
            wi, wc = C.winner(deck, trick)
            wk = C.key_of(deck, lead, wc)
            best = -1
            for c in legal:
                if C.key_of(deck, lead, c) > wk and (best < 0 or c > best):
                    best = c
            return best
        return -1

    def _negative(self, deck, mem, v, legal, cd):
        """A negative contract: the declarer ducks (after taking the one trick
        a Piccolo needs), the others push tricks on him."""
        d = v["declarer"]
        if self.pos != d:
            return C.play_push(deck, mem, v, legal, d)
        need = cd["tricks"] - v["tricks"][d]
        if need > 0 and len(legal) > 1:
            c = self._take_one(deck, mem, v, legal)
            if c >= 0:
                return c
        return C.play_duck(deck, mem, v, legal)

    def _positive(self, deck, mem, v, legal, friends):
        """A card-point contract; the Pagat is kept for the last trick on the
        declarer's side or with five trumps."""
        hand = v["hand"]
        decl_side = bool(friends & (1 << v["declarer"]))
        keep = -1
        if self._holds(hand, PAGAT):
            t = 0
            for c in hand:
                if SUIT54[c] == 0:
                    t += 1
            if decl_side or t >= 5:
                keep = PAGAT
        return C.play_positive(deck, mem, v, legal, friends, decl_side, keep, -1)
