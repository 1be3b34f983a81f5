# Rule-based Slovenian Tarok bot (2-4 players; both presets): the Königrufen
# bot's habits (tarock.bots.kr: hand strength, king call, discards, card play
# from tarock.bots.cardplay) with Slovenian bidding by rank, talon groups,
# announcements by the declarer only, Klop (everyone avoids card points) and
# the valat contracts. Works from Deal.view(pos) only (tarock.bots.Seat).
# Rules: seeds/002 (the rules of Play Tarock Online), RULES.md §3
# (docs/SOURCES.md maps every seed and RULES.md section to its public source).
from tarock.slovenian import rules as SL
from tarock.slovenian import profiles as PS
from tarock.cards import king
from tarock.bots import cardplay as C
from tarock.bots.base54 import Bot54, hand_facts, group_value, DECK_COLOR, PAGAT, MOND, SKUS


def target_contract(hand, cdefs, n):
    """The contract id this hand would bid up to (0: pass)."""
    t, high, kings, voids, cnt, danger = hand_facts(hand)
    skus = False
    for c in hand:
        if c == SKUS:
            skus = True
    want = []
    if t >= 11 and high >= 5 and skus:
        want.append(PS.SOLO_OHNE)
    if danger == 0 and t <= 2:
        want.append(PS.BETTLER)
    if danger <= 1 and t <= 3:
        want.append(PS.PICCOLO)
    if n == 4:
        if t >= 9 and high >= 4:
            want.append(PS.SOLO_EINS)
        if t >= 9 and high >= 3:
            want.append(PS.SOLO_ZWEI)
        if t >= 8 and high >= 3:
            want.append(PS.SOLO_DREI)
        if t >= 8 and high >= 3:
            want.append(PS.EINS)
        if t >= 6 and high >= 2:
            want.append(PS.ZWEI)
        if t >= 5 or (t >= 4 and kings >= 2):
            want.append(PS.DREI)
    else:
        # three players: everyone alone, more cards each
        if t >= 11 and high >= 4:
            want.append(PS.EINS)
        if t >= 10 and high >= 3:
            want.append(PS.ZWEI)
        if t >= 8 and high >= 2:
            want.append(PS.DREI)
    best = 0
    br = -1
    for cid in want:
        d = cdefs.get(cid)
        if d is not None and d.get("on", True) and d["rank"] > br:
            best = cid
            br = d["rank"]
    return best


class SlovenianBot(Bot54):
    A_CALL = SL.A_CALL

    def begin(self, pos, profile, seed):
        Bot54.begin(self, pos, profile, seed)
        self.n = 4

    PHASES = {"bid": "_bid", "call": "_call", "talon": "_talon", "discard": "_discard",
              "announce": "_announce", "open": "_open"}

    def act(self, seat):
        self.n = seat.view().get("n", 4)
        return Bot54.act(self, seat)

    def _open(self, v, legal):
        t, high, kings, voids, cnt, danger = hand_facts(v["hand"])
        return SL.A_PLAY if t >= 5 and SL.A_PLAY in legal else SL.A_PASS

    def _bid(self, v, legal):
        cdefs = self.profile["contracts"]
        want = target_contract(v["hand"], cdefs, self.n)
        if not want:
            return SL.A_PASS
        top = cdefs[want]["rank"]
        best = SL.A_PASS
        br = 1 << 10
        for a in legal:
            if a == SL.A_PASS:
                continue
            cid = a - SL.A_BID
            d = cdefs[cid]
            r = d["rank"]
            # the lowest bid that holds, up to the hand's contract, of the
            # same family of games (no Bettler bid on a positive hand)
            same = (d["kind"] == cdefs[want]["kind"]) and (d.get("solo", False) or not cdefs[want].get("solo", False))
            if r <= top and r < br and same:
                best = a
                br = r
        return best

    def _talon(self, v, legal):
        tal = v.get("talon")
        if tal is None:
            return legal[0]
        k = 6 // len(legal)
        called = king(v["called"]) if v["called"] else -1
        best = legal[0]
        bk = -1
        for a in legal:
            g = a - SL.A_TALON
            sc = group_value(tal[k * g:k * g + k], called)
            if sc > bk:
                bk = sc
                best = a
        return best

    def _announce(self, v, legal):
        hand = v["hand"]
        t, high, kings, voids, cnt, danger = hand_facts(hand)
        me = self.pos
        d = v["declarer"]
        cdef = self._cdef(v)
        if me == d and cdef["kind"] == "pos":
            has_pagat = self._holds(hand, PAGAT)
            trull = has_pagat and self._holds(hand, MOND) and self._holds(hand, SKUS)
            a = SL.A_ANNOUNCE + PS.PAGAT
            if a in legal and has_pagat and t >= 10 and high >= 4:
                return a
            a = SL.A_ANNOUNCE + PS.TRULL
            if a in legal and trull and t >= 8:
                return a
            a = SL.A_ANNOUNCE + PS.KINGS
            if a in legal and kings == 4:
                return a
        called = v["called"]
        partner_me = called and me != d and self._holds(hand, king(called))
        if me != d and not partner_me and cdef["kind"] == "pos":
            a = SL.A_DOUBLE  # Kontra on the game
            if a in legal and t >= 7 and high >= 4:
                return a
        return SL.A_PASS

    def _cdef(self, v):
        if self.cdef is None and v["contract"] is not None and v["phase"] != "bid":
            self.cdef = PS.contract(self.profile, v["contract"])
            if self.cdef["color"]:
                self.mem.deck = DECK_COLOR
        return self.cdef

    def _play(self, v, legal):
        cd = self._cdef(v)
        mem = self.mem
        mem.n = self.n
        mem.update(v)
        deck = mem.deck
        kind = cd["kind"]
        d = v["declarer"]
        if kind == "klop" or (kind == "open2" and d < 0):
            return C.play_duck(deck, mem, v, legal)
        if kind == "neg":
            return self._negative(deck, mem, v, legal, cd)
        if cd["call"] and self.n == 4:
            friends = self._friends(v, v["hand"])
        else:
            friends = C.side_mask(self.pos, d, self.n, -1)
        return self._positive(deck, mem, v, legal, friends)
