"""Determinized Monte-Carlo search bot for the host (simulate.py --bots search,...).

At each card decision with a choice, it samples worlds consistent with what
its seat has seen -- its own hand and discards, cards played and by whom,
voids shown by play, the talon when it was shown, trumps discarded face up,
the partner once public -- rebuilds each world as a real Deal (deck + the
public action log, replayed by the rules core, so a world that breaks any
rule is rejected), then plays each legal card and the rest of the deal out
with the rule-based bots, and plays the card with the best summed result.
Every other decision (bidding, talon, discards, announcements) is the
rule-based bot's.

Information: the bot sees only Seat.view() (plus what it did itself), like the
other bots; tests/host/test_searchbot.py checks that its worlds reproduce the
seat's view and that its decisions ignore other seats' hidden cards.

Families: Königrufen has a world sampler (KRWorlds); a family without one
plays as its rule-based bot.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

from tarock import bots as B  # noqa: E402
from tarock.rng import Rng  # noqa: E402
from tarock.errors import IllegalAction  # noqa: E402

SAMPLES = 8
TRIES = 6


def clone(st):
    """Copy of a Deal for play-outs: containers copied one level, the
    profile and contract tables shared (read only)."""
    new = st.__class__.__new__(st.__class__)
    d = {}
    for k, v in st.__dict__.items():
        t = type(v)
        if t is list or t is bytearray:
            v = v[:]
        d[k] = v
    new.__dict__ = d
    return new


class KRWorlds:
    """Königrufen worlds from one seat's knowledge (normal deal, not Klopfen)."""

    def __init__(self, profile, pos):
        from tarock.koenigrufen import rules as K
        from tarock.tables import SUIT54, RANK54
        self.K = K
        self.SUIT = SUIT54
        self.RANK = RANK54
        self.profile = profile
        self.pos = pos

    def public_log(self, v, tricks, my_discards, discards):
        """The action log as this seat can tell it; `discards`: the declarer's
        discards to use (his own, or the sampled ones)."""
        K = self.K
        log = [K.A_CUT]
        bid_any = False
        for (p, a) in v["bids"]:
            log.append(a)
            if K.A_BID < a <= K.A_BID + 14:
                bid_any = True
        if not bid_any:
            log.append(K.A_BID + v["contract"])
        if v.get("called_fourth"):
            log.append(K.A_FOURTH)
        elif v["called"]:
            log.append(K.A_CALL + v["called"])
        if v.get("talon_half", -1) >= 0:
            log.append(K.A_TALON + v["talon_half"])
        log.extend(discards)
        for (p, a) in v["announces"]:
            log.append(a)
        for t in tricks:
            for (p, c) in t:
                log.append(c)
        for (p, c) in v["trick"]:
            log.append(c)
        return log

    def sample(self, v, tricks, my_discards, rng):
        """(deck, log) of one world consistent with the view, or None."""
        SUIT = self.SUIT
        me = self.pos
        d = v["declarer"]
        prof = self.profile
        from tarock.koenigrufen import profiles as P
        cdef = P.contract(prof, v["contract"])
        talon_n = cdef["talon"]
        played = [[], [], [], []]
        for t in tricks:
            for (p, c) in t:
                played[p].append(c)
        for (p, c) in v["trick"]:
            played[p].append(c)
        known = bytearray(54)  # 1: placed already
        hand = v["hand"]
        for c in hand:
            known[c] = 1
        for p in range(4):
            for c in played[p]:
                known[c] = 1
        talon = v.get("talon")
        if talon is not None:
            for c in talon:
                known[c] = 1
        for c in my_discards:
            known[c] = 1
        shown = v["shown_discards"]
        for c in shown:
            known[c] = 1
        # voids shown by play
        void = [0, 0, 0, 0]
        for t in list(tricks) + [v["trick"]]:
            if not t:
                continue
            lead = SUIT[t[0][1]]
            for (p, c) in t[1:]:
                s = SUIT[c]
                if s != lead:
                    void[p] |= 1 << lead
                    if s != 0:
                        void[p] |= 1
        # slots: other seats' hidden hand cards, hidden discards, hidden talon
        need = [0, 0, 0, 0]
        for p in range(4):
            if p != me:
                need[p] = 12 - len(played[p])
        hid_disc = 0
        if d != me and talon_n:
            hid_disc = talon_n - len(shown)
        taken = []
        if d != me and talon_n == 3 and talon is not None and v.get("talon_half", -1) >= 0:
            h = v["talon_half"]
            for c in talon[3 * h:3 * h + 3]:
                if not self._in(played[d], c) and not self._in(shown, c):
                    taken.append(c)  # still with the declarer (hand or hidden discard)
        # an unseen talon: its own six cards, except in Sechserdreier where
        # the declarer took it (his hand + discards hold it)
        hid_talon = 6 if talon is None and talon_n != 6 else 0
        opened = v.get("open")  # ouvert: every hand is on the table
        if opened is not None:
            for p in range(4):
                if p != me:
                    for c in opened[p]:
                        known[c] = 1
                    need[p] = 0
        pool = []
        for c in range(54):
            if not known[c]:
                pool.append(c)
        # the declarer's known talon cards count towards his hand + discards
        need_d_total = (need[d] if d != me else 0) + hid_disc
        partner = v.get("partner", -2)
        called_king = -1
        if v["called"]:
            from tarock.cards import king
            called_king = king(v["called"])
        for _ in range(TRIES):
            res = self._deal(pool, need, void, hid_disc, hid_talon, taken, d, me,
                             partner, called_king, need_d_total, rng)
            if res is None:
                continue
            hands, discs, tal = res
            if opened is not None:
                for p in range(4):
                    if p != me:
                        hands[p] = list(opened[p])
            # original hands and the deck
            orig: list = [None] * 4
            for p in range(4):
                if p == me:
                    cur = list(hand)
                else:
                    cur = hands[p]
                o = cur + played[p]
                orig[p] = o
            disc_used = list(my_discards) if d == me else list(discs) + list(shown)
            tal_cards = list(talon) if talon is not None else None
            if talon_n == 3 and talon is not None and v.get("talon_half", -1) >= 0:
                h = v["talon_half"]
                half = talon[3 * h:3 * h + 3]
                o = orig[d] + disc_used
                for c in half:
                    o = self._without(o, c)
                orig[d] = o
            elif talon_n == 6:
                o = orig[d] + disc_used
                if d == me:
                    assert talon is not None   # the declarer saw the talon
                    for c in talon:
                        o = self._without(o, c)
                    tal_cards = list(talon)
                else:
                    # which six of his eighteen came from the talon: any six
                    rng.shuffle(o)
                    tal_cards = o[:6]
                    o = o[6:]
                orig[d] = o
            if tal_cards is None:
                tal_cards = tal
            ok = len(tal_cards) == 6
            for p in range(4):
                if len(orig[p]) != 12:
                    ok = False
            if not ok:
                continue
            deck = bytearray(54)
            for p in range(4):
                o = orig[p]
                deck[6 * p:6 * p + 6] = bytes(o[:6])
                deck[30 + 6 * p:36 + 6 * p] = bytes(o[6:])
            deck[24:30] = bytes(tal_cards)
            # discards in a legal order: plain cards first, then shown trumps
            log = self.public_log(v, tricks, my_discards, disc_used)
            return deck, log
        return None

    def _deal(self, pool, need, void, hid_disc, hid_talon, taken, d, me, partner,
              called_king, need_d_total, rng):
        SUIT = self.SUIT
        RANK = self.RANK
        cards = pool[:]
        rng.shuffle(cards)
        hands = [[], [], [], []]
        left = need[:]
        discs = []
        tal = []
        # the declarer's talon cards still with him: in his hand or discarded
        for c in taken:
            may_disc = hid_disc > len(discs) and SUIT[c] != 0 and RANK[c] != 7
            if may_disc and (void[d] & (1 << SUIT[c]) or rng.below(2)):
                discs.append(c)
            elif left[d] > 0 and not void[d] & (1 << SUIT[c]):
                hands[d].append(c)
                left[d] -= 1
            elif hid_disc > len(discs):
                discs.append(c)
            else:
                return None
        # the called king: with the known partner, else with a seat that may hold it
        if called_king >= 0 and self._in(cards, called_king):
            cards = self._without(cards, called_king)
            if partner >= 0 and partner != me:
                seats = [partner]
            elif partner == -2:
                seats = [p for p in range(4) if p != me and p != d]
            else:
                seats = [p for p in range(4) if p != me]
            seats = [p for p in seats if left[p] > 0 and not void[p] & (1 << SUIT[called_king])]
            if not seats:
                return None
            p = seats[rng.below(len(seats))]
            hands[p].append(called_king)
            left[p] -= 1
        # the rest: most constrained cards first (a seat void in the suit
        # cannot take it); hidden discards only plain non-kings
        order = []
        for c in cards:
            n = 0
            s = SUIT[c]
            for p in range(4):
                if left[p] > 0 and not void[p] & (1 << s):
                    n += 1
            order.append((n, c))
        order.sort()
        for (n, c) in order:
            s = SUIT[c]
            opts = []
            for p in range(4):
                if left[p] > 0 and not void[p] & (1 << s):
                    opts.append(p)
            can_disc = hid_disc > len(discs) and s != 0 and RANK[c] != 7
            can_tal = hid_talon > len(tal)
            nopt = len(opts) + (1 if can_disc else 0) + (1 if can_tal else 0)
            if nopt == 0:
                return None
            k = rng.below(nopt)
            if k < len(opts):
                p = opts[k]
                hands[p].append(c)
                left[p] -= 1
            elif can_disc and k == len(opts):
                discs.append(c)
            else:
                tal.append(c)
        for p in range(4):
            if left[p]:
                return None
        if len(discs) != hid_disc or len(tal) != hid_talon:
            return None
        return hands, discs, tal

    def _in(self, xs, c):
        for x in xs:
            if x == c:
                return True
        return False

    def _without(self, xs, c):
        out = []
        for x in xs:
            if x != c:
                out.append(x)
        return out


WORLDS = {"koenigrufen": KRWorlds}


class SearchBot:
    def __init__(self, family, samples=SAMPLES):
        self.family = family
        self.samples = samples
        self.h = B.make("heuristic", family)
        self.worlds = None
        self.mod = None

    def begin(self, pos, profile, seed):
        from tarock import families as F
        self.pos = pos
        self.profile = profile
        self.rng = Rng(seed ^ 0x2F1D)
        self.h.begin(pos, profile, seed)
        self.tricks = []
        self.my_discards = []
        self.mod = F.module(self.family, "deal")
        w = WORLDS.get(self.family)
        self.worlds = w(profile, pos) if w else None
        self.stats = [0, 0]  # worlds built, worlds rejected

    def act(self, seat):
        v = seat.view()
        ph = v["phase"]
        if ph == "play":
            tn = v["trick_no"]
            if tn > len(self.tricks) and v.get("last_trick") is not None:
                self.tricks.append(list(v["last_trick"]))
        a = self.h.act(seat)
        if ph == "discard":
            self.my_discards.append(a)
            return a
        if ph != "play" or self.worlds is None or len(v["legal"]) < 2 or v.get("knocked"):
            return a
        legal = v["legal"]
        tot = [0] * len(legal)
        n = 0
        for _ in range(self.samples):
            w = self.worlds.sample(v, self.tricks, self.my_discards, self.rng)
            if w is None:
                self.stats[1] += 1
                continue
            deck, log = w
            try:
                st = self.mod.Deal.replay(self.profile, deck, log)  # pyright: ignore[reportOptionalMemberAccess] (set by begin())
            except IllegalAction:
                self.stats[1] += 1
                continue
            if st.to_move != self.pos:
                self.stats[1] += 1
                continue
            self.stats[0] += 1
            n += 1
            seed = self.rng.next16()
            for i in range(len(legal)):
                s2 = clone(st)
                s2.apply(legal[i])
                if s2.result() is None:
                    bots = [B.make("heuristic", self.family) for _ in range(4)]
                    B.play(s2, bots, seed + i)
                tot[i] += s2.result()[self.pos]
        if n == 0:
            return a
        best = -1
        for i in range(len(legal)):
            # ties go to the rule-based bot's card
            if best < 0 or tot[i] > tot[best] or (tot[i] == tot[best] and legal[i] == a):
                best = i
        return legal[best]
