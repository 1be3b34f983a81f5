# Rule-based French Tarot bot (3-5 players, FFT and house presets): counts
# the hand the usual way (trumps, bouts, kings and queens, voids and
# singletons) and bids Prise .. Garde contre by that count, calls a king in a
# suit it holds, builds the écart to void short suits and bank queens and
# cavaliers, shows a poignée only as taker, never announces a chelem, and
# plays with the shared habits (tarock.bots.cardplay): the taker draws trumps,
# keeps the Petit for the last trick when he can, gives points to a partner's
# sure trick; the Excuse saves a valuable card and is played before the last
# trick. Works from Deal.view(pos) only (tarock.bots.Seat).
# Rules: RULES.md §4, seeds/003 (the FFT rules,
# https://www.fftarot.fr/assets/documents/R-RO201206.pdf; docs/SOURCES.md
# maps every seed and RULES.md section to its public source).
from tarock.french import rules as FR
from tarock.rng import Rng
from tarock.french.tables import SUIT78, RANK78, HALVES78, BASE78, SIZE78, KEY78
from tarock.french.cards import PETIT, MONDE, EXCUSE
from tarock.bots import cardplay as C

DECK = (SUIT78, RANK78, HALVES78, BASE78, SIZE78, KEY78, 78, 0, 2, EXCUSE)
KING = 13


def count_hand(hand):
    """The hand's count: 2 per trump, +1 per trump from the 16, bouts 10 (21),
    8 (Excuse), Petit 6 with five trumps or more; kings 6, queens 3,
    cavaliers 2, jacks 1; with four trumps or more a void 6, a singleton 3."""
    t = 0
    pts = 0
    cnt = [0, 0, 0, 0, 0]
    has_petit = False
    for c in hand:
        s = SUIT78[c]
        if c == EXCUSE:
            pts += 8
            continue
        if s == 0:
            t += 1
            pts += 2
            if c >= 15:
                pts += 1
            if c == MONDE:
                pts += 10
            if c == PETIT:
                has_petit = True
        else:
            cnt[s] += 1
            r = RANK78[c]
            if r == 13:
                pts += 6
            elif r == 12:
                pts += 3
            elif r == 11:
                pts += 2
            elif r == 10:
                pts += 1
    if has_petit and t >= 5:
        pts += 6
    if t >= 4:
        for s in range(1, 5):
            if cnt[s] == 0:
                pts += 6
            elif cnt[s] == 1:
                pts += 3
    return pts, t, cnt


class FrenchBot(C.PhaseBot):
    def __init__(self):
        self.rng = Rng(1)
        self.pos = -1
        self.profile = None  # type: dict  # pyright: ignore[reportAttributeAccessIssue] (set by begin())
        self.mem = None  # type: C.Memory  # pyright: ignore[reportAttributeAccessIssue] (set by begin())

    def begin(self, pos, profile, seed):
        self.pos = pos
        self.rng = Rng(seed)
        self.profile = profile
        self.mem = C.Memory(DECK, pos)

    PHASES = {"bid": "_bid", "call": "_call", "discard": "_ecart", "chelem": "_chelem",
              "poignee": "_keep_back"}

    def _keep_back(self, v, legal):
        # his poignée shows the small trumps, the big ones stay hidden
        if legal[-1] == FR.A_SHOW:
            return FR.A_SHOW
        kept = v.get("kept_back", ())
        for i in range(len(legal) - 1, -1, -1):
            c = legal[i]
            if c not in kept:   # a kept one again would bring it back
                return c
        return legal[-1]

    def _chelem(self, v, legal):
        return FR.A_PASS if FR.A_PASS in legal else legal[0]

    def _bid(self, v, legal):
        pts, t, cnt = count_hand(v["hand"])
        n = v.get("n", 4)
        adj = 0 if n == 4 else (4 if n == 3 else -6)  # fewer hands, longer ones
        want = 0
        if pts >= 81 + adj:
            want = 4
        elif pts >= 71 + adj:
            want = 3
        elif pts >= 56 + adj:
            want = 2
        elif pts >= 41 + adj:
            want = 1
        # the highest contract up to the hand's that is still open to him
        best = FR.A_PASS
        for a in legal:
            k = a - FR.A_BID
            if a != FR.A_PASS and 1 <= k <= want and a > best:
                best = a
        return best

    def _call(self, v, legal):
        hand = v["hand"]
        pts, t, cnt = count_hand(hand)
        best = legal[0]
        bk = -1
        for a in legal:
            s = a - FR.A_CALL
            k = cnt[s] * 4 + s
            if k > bk:
                bk = k
                best = a
        return best

    def _ecart(self, v, legal):
        pts, t, cnt = count_hand(v["hand"])
        best = legal[0]
        bk = 1 << 20
        for c in legal:
            s = SUIT78[c]
            if s == 0:
                k = 10000 + c  # a trump only when the plain cards cannot fill it
            else:
                # void short suits first; bank queens and cavaliers
                k = cnt[s] * 100 - HALVES78[c] * 10
            if k < bk:
                bk = k
                best = c
        return best

    def _play(self, v, legal):
        mem = self.mem
        mem.n = v.get("n", 4)
        mem.update(v)
        me = self.pos
        d = v["taker"]
        hand = v["hand"]
        # announcements before the first card: a poignée as taker only
        cards = []
        ann = -1
        for a in legal:
            if a < 78:
                cards.append(a)
            elif FR.A_POIGNEE <= a < FR.A_MISERE and me == d:
                if a > ann:
                    ann = a
            elif a >= FR.A_MISERE and ann < 0:
                ann = a  # a misère is worth it whatever happens
        if ann >= 0:
            return ann
        legal = cards
        if len(legal) == 1:
            return legal[0]
        friends = self._friends(v)
        decl_side = bool(friends & (1 << d))
        # the Excuse: before the last trick, or to save a valuable card
        has_x = False
        for c in legal:
            if c == EXCUSE:
                has_x = True
        if has_x and len(hand) <= 2:
            return EXCUSE
        keep = -1
        t = 0
        for c in hand:
            if SUIT78[c] == 0:
                t += 1
        if decl_side and t >= 6:
            keep = PETIT
        choice = C.play_positive(DECK, mem, v, _without(legal, EXCUSE) if has_x else legal,
                                 friends, decl_side, keep, -1)
        if has_x and choice != EXCUSE and HALVES78[choice] >= 7:
            lead = C.lead_of(DECK, v["trick"])
            if lead >= 0:
                wi, wc = C.winner(DECK, v["trick"])
                if not friends & (1 << v["trick"][wi][0]) and C.key_of(DECK, lead, choice) <= C.key_of(DECK, lead, wc):
                    return EXCUSE  # it would lose a queen or king to the enemy
        return choice

    def _friends(self, v):
        me = self.pos
        n = v.get("n", 4)
        partner = -2
        if "partner" in v:
            partner = v["partner"]
        elif n < 5:
            partner = -1
        else:
            called = v["called"]
            for c in v["hand"]:
                if c == called:
                    partner = me
        return C.side_mask(me, v["taker"], n, partner)


def _without(cards, x):
    out = []
    for c in cards:
        if c != x:
            out.append(c)
    return out
