# Rule-based Bavarian Tarock bot: values the hand by the tricks it can expect
# in its best trump suit, bids up to what that hand can make (hand game when
# strong, Aufnahme otherwise), puts back valuable cards of short side suits,
# names its longest/strongest suit as trumps, announces Schneider only with an
# overwhelming hand, and plays with the shared habits (tarock.bots.cardplay):
# draw trumps as declarer, cash sure winners, give eyes to a partner's sure
# trick, duck cheaply. Works from Deal.view(pos) only (tarock.bots.Seat).
# Rules: seeds/000 (first part: Bavarian Tarock, publicly
# https://de.wikipedia.org/wiki/Bayerisches_Tarock), RULES.md §5
# (docs/SOURCES.md maps every seed and RULES.md section to its public source).
from tarock.bavarian import rules as BV
from tarock.rng import Rng
from tarock.bavarian.tables import SUIT36, RANK36, EYES36, KEY36
from tarock.bots import cardplay as C

SIZE36 = (9, 9, 9, 9)
BASE36 = (0, 9, 18, 27)
ACE = 8
TEN = 7


def suit_info(hand, s):
    """(count, rank mask) of suit s in the hand."""
    n = 0
    m = 0
    for c in hand:
        if SUIT36[c] == s:
            n += 1
            m |= 1 << RANK36[c]
    return n, m


def best_trump(hand):
    best = 0
    bk = -1
    for s in range(4):
        n, m = suit_info(hand, s)
        k = n * 16
        for r in range(9):
            if m & (1 << r):
                k += r
        if k > bk:
            bk = k
            best = s
    return best


def expected_eyes(hand, trump):
    """Rough eyes the hand makes with `trump`: about ten per trick it should
    take, plus half its own eyes (they end up in its tricks more often)."""
    tricks = 0
    nt, mt = suit_info(hand, trump)
    # trumps: the top ones win; a long suit wins almost all of its cards
    top = 0
    r = 8
    while r >= 0 and mt & (1 << r):
        top += 1
        r -= 1
    tricks += top
    if nt >= 4:
        tricks += nt - top - 2 if nt - top > 2 else 0
    for s in range(4):
        if s == trump:
            continue
        n, m = suit_info(hand, s)
        if m & (1 << ACE):
            tricks += 1
            if m & (1 << TEN):
                tricks += 1
        if n == 0 and nt >= 3:
            tricks += 1  # a void to trump in
    own = 0
    for c in hand:
        own += EYES36[c]
    return tricks * 10 + own // 2


class BavarianBot(C.PhaseBot):
    def __init__(self):
        self.rng = Rng(1)
        self.pos = -1
        self.profile = None  # type: dict  # pyright: ignore[reportAttributeAccessIssue] (set by begin())
        self.mem = None
        self.plan = -1

    def begin(self, pos, profile, seed):
        self.pos = pos
        self.rng = Rng(seed)
        self.profile = profile
        self.mem = None
        self.plan = -1

    PHASES = {"bid": "_bid", "discard": "_put_back", "trump": "_trump",
              "announce": "_announce"}

    def _trump(self, v, legal):
        t = self.plan if self.plan >= 0 else best_trump(v["hand"])
        return BV.A_TRUMP + t

    def _announce(self, v, legal):
        if expected_eyes(v["hand"], v["trump"]) >= 115 and BV.A_SCHNEIDER in legal:
            return BV.A_SCHNEIDER
        return BV.A_PASS

    def _bid(self, v, legal):
        hand = v["hand"]
        est = expected_eyes(hand, best_trump(hand))
        max_hand = est - 4       # the closed Stock counts for him too
        max_auf = est + 6        # three more cards, three put back
        targets = BV.ladder(self.profile)
        best = -1
        bk = 0
        for a in legal:
            if BV.A_HAND <= a < BV.A_HAND + len(targets):
                t = targets[a - BV.A_HAND]
                ok = t <= max_hand
                rank = t + self.profile["hand_rank"]
            elif BV.A_AUF <= a < BV.A_AUF + len(targets):
                t = targets[a - BV.A_AUF]
                ok = t <= max_auf
                rank = t
            else:
                continue
            # the lowest bid that still outbids: room to raise later
            if ok and (best < 0 or rank < bk):
                best = a
                bk = rank
        return best if best >= 0 else BV.A_PASS

    def _put_back(self, v, legal):
        hand = v["hand"]
        if self.plan < 0:
            self.plan = best_trump(hand)
        t = self.plan
        best = legal[0]
        bk = 1 << 20
        for c in legal:
            s = SUIT36[c]
            n, m = suit_info(hand, s)
            r = RANK36[c]
            if s == t:
                k = 100000 + r
            elif r == ACE:
                k = 50000 + n
            else:
                # bank the eyes of short suits (a Ten without its Ace first)
                k = n * 100 - EYES36[c] * 8
                if r == TEN and m & (1 << ACE):
                    k += 400
            if k < bk:
                bk = k
                best = c
        return best

    def _play(self, v, legal):
        if self.mem is None:
            t = v["trump"]
            keys = KEY36[t * 4 * 36:(t + 1) * 4 * 36]
            deck = (SUIT36, RANK36, EYES36, BASE36, SIZE36, keys, 36, t, 3, -1)
            self.mem = C.Memory(deck, self.pos, 3)
        mem = self.mem
        mem.update(v)
        d = v["declarer"]
        me = self.pos
        friends = C.side_mask(me, d, 3, -1)
        return C.play_positive(mem.deck, mem, v, legal, friends, me == d, -1, 10)
