# Rule-based Königrufen bot (pagat and Tarockcup profiles): bids from hand
# strength, calls a king, picks the talon half and discards to make voids,
# announces only birds/Trull it is likely to make, and plays with the common
# habits of tarock players (tarock.bots.cardplay). Works from Deal.view(pos)
# only (through tarock.bots.Seat). Thresholds were set by measuring against
# random bots (host_tools/sim/simulate.py); rules: seeds/000 (pagat.com
# Königrufen, https://www.pagat.com/tarot/koenigrufen.html), RULES.md §1
# (docs/SOURCES.md maps every seed and RULES.md section to its public source).
from tarock.koenigrufen import rules as K
from tarock.koenigrufen import profiles as P
from tarock.cards import king
from tarock.bots import cardplay as C
from tarock.bots.base54 import Bot54, hand_facts, group_value, DECK_COLOR, PAGAT, MOND, SKUS



def target_contract(hand, on):
    """The contract this hand would play (0: none above Rufer). on: ids offered."""
    t, high, kings, voids, cnt, danger = hand_facts(hand)
    has = {}
    for c in hand:
        if c == PAGAT or c == MOND or c == SKUS:
            has[c] = True
    if P.SOLO_DREIER in on and t >= 11 and high >= 5 and SKUS in has:
        return P.SOLO_DREIER
    if P.DREIER in on and ((t >= 9 and high >= 3) or (t >= 8 and high >= 4 and kings >= 1)
                           or (t >= 7 and high >= 4 and kings >= 2 and voids >= 1)):
        return P.DREIER
    if P.BESSER_RUFER in on and t >= 8 and high >= 3 and PAGAT in has:
        return P.BESSER_RUFER
    if P.SOLO in on and t >= 8 and high >= 3:
        return P.SOLO
    if P.BETTEL in on and danger == 0 and t <= 2:
        return P.BETTEL
    if P.PICCOLO in on and danger <= 1 and t <= 3:
        return P.PICCOLO
    return 0


class KoenigrufenBot(Bot54):
    A_CALL = K.A_CALL

    def begin(self, pos, profile, seed):
        Bot54.begin(self, pos, profile, seed)
        on = []
        for cid in profile["contracts"]:
            if profile["contracts"][cid].get("on", True):
                on.append(cid)
        self.on = on

    PHASES = {"cut": "_cut", "packets": "_packet", "bid": "_bid", "declare": "_declare",
              "call": "_call", "talon": "_talon", "discard": "_discard",
              "announce": "_announce"}

    def _cut(self, v, legal):
        return K.A_CUT  # never Klopfen

    def _packet(self, v, legal):
        return legal[0]

    # ------------------------------------------------------------ bidding
    def _bid(self, v, legal):
        want = target_contract(v["hand"], self.on)
        if want and (K.A_BID + want) in legal:
            return K.A_BID + want
        if K.A_MEIN in legal:
            return K.A_MEIN
        if K.A_PASS in legal:
            return K.A_PASS
        return legal[0]

    def _declare(self, v, legal):
        hand = v["hand"]
        want = target_contract(hand, self.on)
        if want and (K.A_BID + want) in legal:
            return K.A_BID + want
        t, high, kings, voids, cnt, danger = hand_facts(hand)
        if t <= 3 and high == 0 and (K.A_BID + P.TRISCHAKEN) in legal:
            return K.A_BID + P.TRISCHAKEN
        if t >= 8 and high >= 2 and (K.A_BID + P.SECHSERDREIER) in legal:
            return K.A_BID + P.SECHSERDREIER
        if (K.A_BID + P.RUFER) in legal:
            return K.A_BID + P.RUFER
        return legal[0]

    def _talon(self, v, legal):
        tal = v.get("talon")
        if K.A_CONCEDE in legal:
            t, high, kings, voids, cnt, danger = hand_facts(v["hand"])
            if t < 6:
                return K.A_CONCEDE
        if tal is None:
            return K.A_TALON
        called = king(v["called"]) if v["called"] else -1
        best = K.A_TALON
        bk = -1
        for h in (0, 1):
            k = group_value(tal[3 * h:3 * h + 3], called)
            if k > bk and (K.A_TALON + h) in legal:
                bk = k
                best = K.A_TALON + h
        return best

    def _announce(self, v, legal):
        hand = v["hand"]
        t, high, kings, voids, cnt, danger = hand_facts(hand)
        me = self.pos
        d = v["declarer"]
        called = v["called"]
        partner_me = called and me != d and self._holds(hand, king(called))
        decl_side = me == d or partner_me
        cdef = self._cdef(v)
        has_pagat = self._holds(hand, PAGAT)
        if K.A_PASS not in legal:
            # a Besser contract: announce a bird first (the Pagat if held)
            if (K.A_ANNOUNCE + P.PAGAT_ULTIMO) in legal:
                return K.A_ANNOUNCE + P.PAGAT_ULTIMO
            for a in legal:
                if K.A_ANNOUNCE <= a < K.A_DOUBLE:
                    return a
            return legal[0]
        if decl_side and cdef["kind"] == "pos":
            a = K.A_ANNOUNCE + P.PAGAT_ULTIMO
            if a in legal and has_pagat and t >= 9 and high >= 3:
                return a
            a = K.A_ANNOUNCE + P.TRULL
            if (a in legal and t >= 8 and has_pagat and self._holds(hand, MOND)
                    and self._holds(hand, SKUS)):
                return a
            a = K.A_ANNOUNCE + P.KINGS
            if a in legal and kings == 4 and t >= 6:
                return a
            a = K.A_DOUBLE  # Re on a Kontra'd game
            if a in legal and t >= 10 and high >= 4:
                return a
        if not decl_side and cdef["kind"] == "pos":
            a = K.A_DOUBLE  # Kontra on the game
            if a in legal and t >= 7 and high >= 4:
                return a
        return K.A_PASS

    def _cdef(self, v):
        if self.cdef is None and v["contract"]:
            self.cdef = P.contract(self.profile, v["contract"])
            if self.cdef["color"]:
                self.mem.deck = DECK_COLOR
        return self.cdef

    # ------------------------------------------------------------ card play
    def _play(self, v, legal):
        cd = self._cdef(v)
        mem = self.mem
        mem.update(v)
        deck = mem.deck
        kind = cd["kind"]
        if kind == "trisch":
            return C.play_duck(deck, mem, v, legal)
        if kind == "neg":
            return self._negative(deck, mem, v, legal, cd)
        return self._positive(deck, mem, v, legal, self._friends(v, v["hand"]))

