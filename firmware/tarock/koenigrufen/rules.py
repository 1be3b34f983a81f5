# Königrufen: one deal as a state machine (pagat profile; the Tarockcup profile
# plugs in through profile data and flags, see tarock.profiles).
# Sources: seeds/000_a672f01ad6fad4a6.txt (second part: Königrufen as on
# pagat.com, https://www.pagat.com/tarot/koenigrufen.html) and RULES.md §1
# with its fixed readings; Tarockcup: seeds/001_2e1b90146ab3ffa1.txt (the
# Raiffeisen Tarockcup rules, http://www.tarockcup.at/service/spielregeln/:
# Lizitation, talon, announcements, Kontra) and RULES.md §2. docs/SOURCES.md
# maps every seed and RULES.md section to its public source. Decisions the
# texts leave open are listed in docs/DECISIONS.md.
#
# Positions are in turn order: 0 = forehand (dealer's right) .. 3; the device
# maps table seats to positions (tarock.seating). Actions are small ints:
#   0..53 card (play or discard), A_PASS, A_CUT, A_KNOCK, A_PACKET+i,
#   A_MEIN ("Mein Spiel"), A_BID+contract, A_CALL+suit, A_FOURTH,
#   A_TALON+half, A_CONCEDE, A_ANNOUNCE+bonus, A_DOUBLE+item (Kontra/Re/Sub/...),
#   A_DOUBLE_NEG+defender, in that order, each range after the one before.
# API in the style of OpenSpiel states: phase, to_move, legal_actions(),
# why_illegal(a), apply(a) (raises IllegalAction, state unchanged), view(p),
# result(), summary(), log; Deal.replay(profile, deck, log) rebuilds a deal.
from tarock.compat import const
from tarock.deal import DealState
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.tables import SUIT54, RANK54, KEY54, KEYPLAIN54, THIRDS54
from tarock.trick import (legal_code, code_has, code_cards,
                          discard_code, trick_winner, pile_thirds, M_NEG, M_TRISCH,
                          M_COLOR, M_KAISER)
from tarock.cards import KINGS54, hand_cards, king
from tarock.rng import shuffled_deck
from tarock.koenigrufen import profiles as P
from tarock.koenigrufen import score as S

N = const(4)
# Action codes (tarock.codes): each base is the end of the range before it, so
# a range that grows (a bonus added) moves the later ones; codes() lists the
# same ranges for the checks and for a log's own table. const() takes only
# literals and this module's consts, hence the two counts of profiles.py
# mirrored here (checked just below).
_N_BONUS = const(12)         # P.N_BONUS
_MAX_CONTRACT = const(19)    # P.MAX_CONTRACT
A_PASS = const(54)           # after the 54 cards
A_CUT = const(A_PASS + 1)
A_KNOCK = const(A_CUT + 1)
A_PACKET = const(A_KNOCK + 1)         # +0..3
A_MEIN = const(A_PACKET + 4)
A_BID = const(A_MEIN + 1)             # +contract id 1..19 (profiles.MAX_CONTRACT)
A_CALL = const(A_BID + 1 + _MAX_CONTRACT)  # +suit 1..4
A_FOURTH = const(A_CALL + 5)          # "the fourth king": holding three, call the missing one unnamed
A_TALON = const(A_FOURTH + 1)         # +0 / +1
A_CONCEDE = const(A_TALON + 2)
A_ANNOUNCE = const(A_CONCEDE + 1)     # +bonus id
A_DOUBLE = const(A_ANNOUNCE + _N_BONUS)  # +item: 0 game, 1+b bonus b, ITEM_NEG+p below
ITEM_NEG = const(1 + _N_BONUS)
A_DOUBLE_NEG = const(A_DOUBLE + ITEM_NEG)  # +p: Kontra on a negative game vs defender p
A_MAX = const(A_DOUBLE_NEG + N)
if _N_BONUS != P.N_BONUS or _MAX_CONTRACT != P.MAX_CONTRACT:
    raise ImportError("koenigrufen.rules: N_BONUS or MAX_CONTRACT is not profiles.py's")


def codes(n_bonus=P.N_BONUS):
    """The action code ranges ((name, base, count), ...), laid out from their
    counts; n_bonus: another count of bonuses (a test adds some)."""
    from tarock.codes import layout  # on first use: a deal never needs it
    return layout((("card", 54), ("pass", 1), ("cut", 1), ("knock", 1), ("packet", 4),
                   ("mein", 1), ("bid", 1 + P.MAX_CONTRACT), ("call", 5), ("fourth", 1),
                   ("talon", 2), ("concede", 1), ("announce", n_bonus),
                   ("double", 1 + n_bonus), ("double_neg", N)))


PH_CUT = const(0)
PH_PACKETS = const(1)
PH_BID = const(2)
PH_DECLARE = const(3)
PH_CALL = const(4)
PH_TALON = const(5)
PH_DISCARD = const(6)
PH_ANNOUNCE = const(7)
PH_PLAY = const(8)
PH_DONE = const(9)
PHASE_NAMES = ("cut", "packets", "bid", "declare", "call", "talon", "discard",
               "announce", "play", "done")

# the Trull's cards (tarock.cards PAGAT, MOND, SKUS), the tricks of a deal
# (a hand's 12 cards) and the last one's number
_PAGAT = const(0)
_MOND = const(20)
_SKUS = const(21)
_TRICKS = const(12)
_LAST = const(_TRICKS - 1)
TRULL_CARDS = (_PAGAT, _MOND, _SKUS)
NO_TRICK = const(255)

# Tarockcup codes (our range 50-99)
E_ANNOUNCE_LATE = E.register(50, "announcements only at the first opportunity (the seat's first turn)")
E_KONTRA_LATE = E.register(51, "a Kontra only at the first opportunity after what it answers")
E_FH_OPENS = E.register(52, "forehand opens with Meine Vorhand (or a forehand opening contract)")
E_FH_OPEN_ONLY = E.register(53, "that contract is forehand's, and only as the opening bid")
E_WITH_BID = E.register(54, "in this contract the bonuses are announced with the bid")
E_TEN_TAROCK = E.register(55, "10 Tarock needs at least ten taroks in hand")
E_FOURTH = E.register(56, "the fourth king can only be called holding exactly three kings")

_compiled = {}


def compiled(profile):
    """Contract definitions with defaults, cached per profile object."""
    k = id(profile)
    c = _compiled.get(k)
    if c is None or c[0] is not profile:
        defs = {}
        rank = {0: 0}
        trisch = 0
        for cid in profile["contracts"]:
            d = P.contract(profile, cid)
            if d["on"]:
                defs[cid] = d
                rank[cid] = d["rank"]
                if d["kind"] == "trisch":
                    trisch = cid
        c = (profile, defs, sorted(defs), rank, trisch)
        # one entry only: every entry keeps its profile alive (~8 KB on the
        # unix port), so a session trying many overrides would leak the heap
        _compiled.clear()
        _compiled[k] = c
    return c


class Deal(DealState):
    PLAY = PH_PLAY
    DONE = PH_DONE
    SCORING = S

    def __init__(self, profile, seed=0, deck=None, cutter=2):
        """deck: explicit card order (54 ints) or None to shuffle with seed.
        cutter: position of the seat left of the dealer (2 when the dealer
        plays, 3 when a fifth player deals and sits out)."""
        self.profile = profile
        _, self.cdefs, self.cids, self.rank, self.trisch_cid = compiled(profile)
        if deck is None:
            deck = shuffled_deck(54, seed)
        else:
            deck = bytearray(deck)
            if len(deck) != 54 or sorted(deck) != list(range(54)):
                raise ValueError("deck must be a permutation of the 54 cards")
        self.deck = deck
        self.seed = seed
        self.cutter = cutter
        self.log = []
        self.hands = [0] * (N * 5)
        self.won = [0] * (N * 5)
        self.talon = bytearray(6)
        self.phase = PH_CUT
        self.to_move = cutter
        self.knocked = False
        self.packets = 0          # bit i: packet i taken
        # bidding
        self.level = 0            # highest contract id bid so far (0: none)
        self.holder = -1
        self.mein = False
        self.passed = 0           # bit p: p has passed
        self.bids = []            # (pos, action) for views
        # contract
        self.contract = 0
        self.cdef = None  # type: dict  # pyright: ignore[reportAttributeAccessIssue] (set with the contract, read only after)
        self.declarer = -1
        self.partner = -1
        self.called = 0           # suit called (0: none)
        self.fourth = False       # called as "the fourth king" (suit not named)
        self.king_in_talon = False
        self.talon_half = -1
        self.talon_shown = False
        self.to_discard = 0
        self.shown = []           # trumps discarded face up
        self.talon_to_decl = False
        self.conceded = False
        # announcements
        self.ann = bytearray(P.N_BONUS)        # party that announced (0 none)
        self.dbl = bytearray(P.N_BONUS + 1)    # kontra level: game, bonuses
        self.neg_dbl = bytearray(N)
        self.revealed = 0
        self.turns = 0
        self.quiet = 0
        self.acted = False
        self.first_turn_done = 0   # bit p: p finished a turn in the announce round
        # first_chance: per item (0 game, 1+b bonus b, ITEM_NEG+p), bit q: q
        # has ended a turn since the item last changed (its chance is gone)
        self.missed = bytearray(ITEM_NEG + N)
        self.announces = []        # (pos, action) for views
        # play
        self.mode = 0
        self.keys = KEY54
        self.trick = bytearray(4)
        self.tseat = bytearray(4)
        self.nt = 0
        self.lead = -1
        self.wi = 0
        self.trick_no = 0
        self.tricks = bytearray(N)
        self.thirds = [0] * N
        self.trick_of = bytearray(b"\xff" * 54)
        self.played_by = bytearray(b"\xff" * 54)
        self.trick_win = bytearray(_TRICKS)    # winning position per trick
        self.trick_wcard = bytearray(_TRICKS)  # winning card per trick
        self.holds = None
        self.last_trick = None
        self._result = None  # type: list[int]  # pyright: ignore[reportAttributeAccessIssue] (set by _finish(), read once DONE)

    # ------------------------------------------------------------ dealing
    def _give(self, p, start, n):
        d = self.deck
        h = self.hands
        o = p * 5
        for i in range(start, start + n):
            c = d[i]
            h[o + SUIT54[c]] |= 1 << RANK54[c]

    def _deal_normal(self):
        # packets of six from forehand, six to the talon, six more each
        for p in range(N):
            self._give(p, 6 * p, 6)
        self.talon[:] = self.deck[24:30]
        for p in range(N):
            self._give(p, 30 + 6 * p, 6)

    # ------------------------------------------------------------ helpers
    def hand_of(self, p):
        return hand_cards(self.hands, p * 5)

    def holds_card(self, p, c):
        return bool(self.hands[p * 5 + SUIT54[c]] & (1 << RANK54[c]))

    def _remove(self, p, c):
        self.hands[p * 5 + SUIT54[c]] &= ~(1 << RANK54[c])

    def _add(self, p, c):
        self.hands[p * 5 + SUIT54[c]] |= 1 << RANK54[c]

    def party(self, p):
        if p == self.declarer or p == self.partner:
            return S.DECL
        return S.DEF

    def alone(self):
        return self.partner < 0

    def _all_known(self):
        """Is every seat's party public?"""
        if self.partner < 0 and (not self.cdef["call"] or (self.king_in_talon and self.talon_shown)):
            return True
        if self.partner >= 0 and self.revealed & (1 << self.partner):
            return True
        if self.cdef["call"]:
            n_def_known = 0
            for p in range(N):
                if p != self.declarer and self.revealed & (1 << p) and self.party(p) == S.DEF:
                    n_def_known += 1
            if n_def_known >= 2 and self.partner >= 0:
                return True
            if n_def_known >= 3:
                return True
        return False

    def _next(self, p):
        return (p + 1) & 3

    # ------------------------------------------------------------ legality
    def _candidates(self):
        ph = self.phase
        if ph == PH_CUT:
            return (A_CUT, A_KNOCK)
        if ph == PH_PACKETS:
            return range(A_PACKET, A_PACKET + 4)
        if ph == PH_BID or ph == PH_DECLARE:
            # a superset of the legal bids: why_illegal() has the last word
            lv = self.rank[self.level]
            rank = self.rank
            return [A_PASS, A_MEIN] + [A_BID + c for c in self.cids if rank[c] >= lv]
        if ph == PH_CALL:
            return range(A_CALL + 1, A_FOURTH + 1)
        if ph == PH_TALON:
            return (A_TALON, A_TALON + 1, A_CONCEDE)
        if ph == PH_DISCARD:
            return self.hand_of(self.to_move)
        if ph == PH_ANNOUNCE:
            out = [A_PASS]
            if self.cdef["kind"] == "neg":
                for p in range(N):
                    out.append(A_DOUBLE_NEG + p)
                return out
            ann = self.ann
            for b in P.ANNOUNCEABLE:
                if not ann[b] or b == P.TEN_TAROCK:
                    out.append(A_ANNOUNCE + b)
            out.append(A_DOUBLE)
            for b in range(P.N_BONUS):
                if ann[b]:
                    out.append(A_DOUBLE + 1 + b)
            return out
        return ()

    def why_illegal(self, a):
        """0 if a is legal for to_move, else an error code (errors.MESSAGES)."""
        ph = self.phase
        if ph == PH_PLAY and type(a) is int and 0 <= a < 54:
            return self._why_card(self.to_move, a)  # the hot case first
        if ph == PH_DONE:
            return E.E_DONE
        if not isinstance(a, int) or a < 0 or a >= A_MAX:
            return E.E_UNKNOWN
        p = self.to_move
        if ph == PH_PLAY:
            if a >= 54:
                return E.E_NOT_IN_PHASE
            return self._why_card(p, a)
        if ph == PH_CUT:
            return 0 if a == A_CUT or a == A_KNOCK else E.E_NOT_IN_PHASE
        if ph == PH_PACKETS:
            if not A_PACKET <= a < A_PACKET + 4:
                return E.E_NOT_IN_PHASE
            return E.E_TAKEN if self.packets & (1 << (a - A_PACKET)) else 0
        if ph == PH_BID:
            return self._why_bid(p, a)
        if ph == PH_DECLARE:
            if a == A_PASS and self.profile["fahren"]:
                return 0  # "Fahren": nobody announced anything, Trischaken
            if not A_BID < a <= A_BID + P.MAX_CONTRACT or (a - A_BID) not in self.profile["contracts"]:
                return E.E_NOT_IN_PHASE
            d = self.cdefs.get(a - A_BID)
            if d is None:
                return E.E_CONTRACT_OFF
            return E_FH_OPEN_ONLY if d["who"] == "fh_open" else 0
        if ph == PH_CALL:
            if a == A_FOURTH:
                return 0 if self._kings_held(p) == 3 else E_FOURTH
            return 0 if A_CALL + 1 <= a <= A_CALL + 4 else E.E_NOT_IN_PHASE
        if ph == PH_TALON:
            if a == A_CONCEDE:
                cd = self.cdef
                ok = cd["call"] and self.king_in_talon and (cd["birds"] or self.profile["concede_any"])
                return 0 if ok else E.E_CONCEDE
            return 0 if a == A_TALON or a == A_TALON + 1 else E.E_NOT_IN_PHASE
        if ph == PH_DISCARD:
            if a >= 54:
                return E.E_NOT_IN_PHASE
            return self._why_discard(p, a)
        if ph == PH_ANNOUNCE:
            return self._why_announce(p, a)
        return E.E_NOT_IN_PHASE

    def _why_bid(self, p, a):
        opening = p == 0 and not self.mein and self.level == 0
        if a == A_MEIN:
            if opening:
                return 0
            return E.E_BID_FORBIDDEN
        if a == A_PASS:
            if opening:
                return E.E_BID_FORBIDDEN  # forehand opens: Mein Spiel or a contract
            return 0
        if not A_BID < a <= A_BID + P.MAX_CONTRACT or (a - A_BID) not in self.profile["contracts"]:
            return E.E_NOT_IN_PHASE
        c = a - A_BID
        d = self.cdefs.get(c)
        if d is None:
            return E.E_CONTRACT_OFF
        who = d["who"]
        if who == "fh_open":
            # Sechser-Dreier (Tarockcup): forehand, as his very first word
            return 0 if opening else E_FH_OPEN_ONLY
        if who != "any":
            return E.E_BID_FORBIDDEN
        if opening and self.profile["fh_opens"] == "mein":
            return E_FH_OPENS
        r = self.rank[c]
        lv = self.rank[self.level]
        if r > lv:
            return 0
        if r == lv:
            if self.profile["bid_equal"] == "forehand":
                # only forehand holds ("bei mir"); the others must bid higher
                if p == 0 and self.holder != 0:
                    return 0
            elif self.holder > p:
                return 0
        return E.E_BID_TOO_LOW

    def _why_discard(self, p, c):
        return discard_code(self.hands, p * 5, c)

    def _why_card(self, p, c):
        h = self.hands
        o = p * 5
        if not h[o + SUIT54[c]] & (1 << RANK54[c]):
            return E.E_NOT_IN_HAND
        if self.holds is not None and self.holds[p]:
            if c in self._legal_cards(p):
                return 0
            return self._card_reason(p, c)
        code = legal_code(h, o, self.lead if self.nt else -1, self.trick[self.wi], self.mode)
        if code_has(h, o, code, c):
            return 0
        return self._card_reason(p, c)

    def _card_reason(self, p, c):
        """Why card c (in hand) is not legal: the first rule it breaks."""
        h = self.hands
        o = p * 5
        s = SUIT54[c]
        if self.nt == 0:
            if self.mode & M_COLOR and s == 0:
                return E.E_NO_TRUMP_LEAD
            if self.mode & M_TRISCH and c == 0:
                return E.E_PAGAT_TRISCHAKEN
            # leading: only the announced-card rules can forbid it
            for (hc, t) in self.holds[p]:  # pyright: ignore[reportOptionalSubscript] (reached only with holds set)
                if t == self.trick_no and hc != c:
                    return E.E_PLAY_BIRD
            return E.E_HOLD_BIRD
        lead = self.lead
        if s != lead and h[o + lead]:
            return E.E_MUST_FOLLOW
        if s != lead and s != 0 and h[o]:
            return E.E_MUST_TRUMP
        if self.mode & M_TRISCH and c == 0:
            return E.E_PAGAT_TRISCHAKEN
        code = legal_code(h, o, lead, self.trick[self.wi], self.mode)
        if not code_has(h, o, code, c):
            return E.E_MUST_OVERTAKE
        # legal by the trick rules, so it is a held or forced announced card
        for (hc, t) in self.holds[p]:  # pyright: ignore[reportOptionalSubscript] (reached only with holds set)
            if t == self.trick_no and hc != c:
                return E.E_PLAY_BIRD
        return E.E_HOLD_BIRD

    def legal_code_for_move(self):
        """Fast path for bots/UIs: trick.legal_code() of the seat to move (pick
        with trick.code_count/code_nth, nothing allocated), or -1 when that
        is not the whole story (not the play phase, or announced holds apply):
        then use legal_actions()."""
        if self.phase != PH_PLAY:
            return -1
        p = self.to_move
        if self.holds is not None and self.holds[p]:
            return -1
        return legal_code(self.hands, p * 5, self.lead if self.nt else -1,
                          self.trick[self.wi], self.mode)

    def _legal_cards(self, p):
        h = self.hands
        o = p * 5
        code = legal_code(h, o, self.lead if self.nt else -1, self.trick[self.wi], self.mode)
        cards = code_cards(h, o, code)
        if self.holds is not None and self.holds[p]:
            cards = self._apply_holds(p, cards)
        return cards

    def _apply_holds(self, p, cards):
        """Announced birds / König ultimo: keep the card for its trick and play
        it there if allowed; forced out early, the higher bird goes first."""
        t = self.trick_no
        hs = self.holds[p]  # pyright: ignore[reportOptionalSubscript] (reached only with holds set)
        for (hc, tt) in hs:
            if tt == t and hc in cards:
                return [hc]
        # drop the cards kept for a later trick unless nothing else is left;
        # in place (cards is a fresh list, held cards are distinct): no
        # generators, which cost MicroPython heap on every call
        n_held = 0
        for (hc, tt) in hs:
            if tt > t and hc in cards:
                n_held += 1
        if n_held == 0:
            return cards
        if n_held == len(cards):
            return [max(cards)]
        for (hc, tt) in hs:
            if tt > t and hc in cards:
                cards.remove(hc)
        return cards

    def _why_announce(self, p, a):
        if a == A_PASS:
            if (self.cdef["birds"] and p == self.declarer
                    and not self.first_turn_done & (1 << p)):
                for b in P.BIRDS:
                    if self.ann[b] == S.DECL:
                        return 0
                return E.E_MUST_BIRD
            return 0
        if A_ANNOUNCE <= a < A_ANNOUNCE + P.N_BONUS:
            return self._why_bonus(p, a - A_ANNOUNCE)
        if A_DOUBLE <= a < A_MAX:
            return self._why_double(p, a - A_DOUBLE)
        return E.E_NOT_IN_PHASE

    def _bonus_on(self, b):
        cd = self.cdef
        if cd["kind"] != "pos":
            return False
        if cd["color"]:
            return b == P.VALAT
        if b == P.KAKADU:
            return self.profile["kakadu"]
        if b == P.MARABU:
            return self.profile["marabu"]
        if b == P.KING_ULTIMO:
            # a king called and not seen in a turned talon: a closed talon
            # (Solo) must not tell the declarer where the king lies; announced
            # with the king there, it fails (never played in the last trick)
            return self.called != 0 and not (self.king_in_talon and self.talon_shown)
        if b == P.TEN_TAROCK:
            return self.profile["ten_tarock"]
        return b in P.ANNOUNCEABLE

    def _why_bonus(self, p, b):
        party = self.party(p)
        if b == P.TEN_TAROCK:
            # a state bonus of the announcer's party, once per party; it
            # reveals nothing, so a defender needs no public party for it
            if not self._bonus_on(b) or self.ann[b] & party:
                return E.E_ANNOUNCE
            if self.profile["first_chance"] and self.first_turn_done & (1 << p):
                return E_ANNOUNCE_LATE
            m = self.hands[p * 5]
            n = 0
            while m:
                m &= m - 1
                n += 1
            return 0 if n >= 10 else E_TEN_TAROCK
        if not self._bonus_on(b) or self.ann[b]:
            return E.E_ANNOUNCE
        if b == P.KING_ULTIMO and party != S.DECL:
            return E.E_ANNOUNCE
        if (party == S.DECL and self.cdef["ann_first"]
                and (p != self.declarer or self.first_turn_done & (1 << p))):
            return E_WITH_BID  # Solo-Dreier: every bonus with the bid
        if self.profile["first_chance"] and self.first_turn_done & (1 << p):
            return E_ANNOUNCE_LATE
        if party == S.DEF and not (self.revealed & (1 << p) or self._all_known()):
            return E.E_PARTY_UNKNOWN
        return 0

    def _why_double(self, p, item):
        mx = self.profile["max_kontra"]
        if self.cdef["kind"] == "neg":
            if item < ITEM_NEG:
                return E.E_DOUBLE
            d = item - ITEM_NEG
            if d == self.declarer:
                return E.E_DOUBLE
            lvl = self.neg_dbl[d]
            if lvl >= mx:
                return E.E_DOUBLE
            ok = (p == d) if lvl % 2 == 0 else (p == self.declarer)
            if not ok:
                return E.E_DOUBLE
            return self._why_late(p, item)
        if item >= ITEM_NEG:
            return E.E_DOUBLE
        if item == 0:
            owner = S.DECL
        else:
            owner = self.ann[item - 1]
            if not owner or item - 1 == P.TEN_TAROCK:
                return E.E_DOUBLE  # 10 Tarock is never kontra'd
        lvl = self.dbl[item]
        if lvl >= mx:
            return E.E_DOUBLE
        want = owner if lvl % 2 else (S.DEF if owner == S.DECL else S.DECL)
        if self.party(p) != want:
            return E.E_DOUBLE
        return self._why_late(p, item)

    def _why_late(self, p, item):
        """first_chance: p let the item pass in an earlier turn."""
        if self.profile["first_chance"] and self.missed[item] & (1 << p):
            return E_KONTRA_LATE
        return 0

    # ------------------------------------------------------------ applying
    def apply(self, a):
        """Apply a legal action; raise IllegalAction (state unchanged) otherwise."""
        code = 0 if self._known_legal(a) else self.why_illegal(a)
        if code:
            raise IllegalAction(code, a if isinstance(a, int) else -1)
        self.log.append(a)
        ph = self.phase
        p = self.to_move
        if ph == PH_PLAY:
            self._play(p, a)
        elif ph == PH_CUT:
            self._cut(a)
        elif ph == PH_PACKETS:
            self._packet(p, a - A_PACKET)
        elif ph == PH_BID:
            self._bid(p, a)
        elif ph == PH_DECLARE:
            self._set_contract(self.trisch_cid if a == A_PASS else a - A_BID, 0)
        elif ph == PH_CALL:
            if a == A_FOURTH:
                self._call_fourth()
            else:
                self._call(a - A_CALL)
        elif ph == PH_TALON:
            self._talon(a)
        elif ph == PH_DISCARD:
            self._discard(p, a)
        elif ph == PH_ANNOUNCE:
            self._announce(p, a)

    def _cut(self, a):
        self.to_move = 0
        if a == A_CUT:
            self._deal_normal()
            self.phase = PH_BID
        else:
            # Klopfen: talon first, then four packets of 12, chosen from forehand
            self.knocked = True
            self.talon[:] = self.deck[0:6]
            self.phase = PH_PACKETS

    def _packet(self, p, i):
        self.packets |= 1 << i
        self._give(p, 6 + 12 * i, 12)
        if p == 2:
            # the last player has no choice
            for j in range(4):
                if not self.packets & (1 << j):
                    self.packets |= 1 << j
                    self._give(3, 6 + 12 * j, 12)
            self.phase = PH_BID
            self.to_move = 0
        else:
            self.to_move = p + 1

    def _bid(self, p, a):
        self.bids.append((p, a))
        if a == A_MEIN:
            self.mein = True
            self.holder = 0
        elif a == A_PASS:
            self.passed |= 1 << p
        else:
            self.level = a - A_BID
            self.holder = p
        if self.passed in (0b1110, 0b1101, 0b1011, 0b0111):
            last = 0
            while self.passed & (1 << last):
                last += 1
            if self.level == 0:
                # only "Mein Spiel": forehand names any contract
                self.phase = PH_DECLARE
                self.to_move = last
            else:
                self._set_contract(self.level, self.holder)
            return
        q = self._next(p)
        while self.passed & (1 << q):
            q = self._next(q)
        self.to_move = q

    def _set_contract(self, cid, declarer):
        self.contract = cid
        self.declarer = declarer
        self.cdef = cd = self.cdefs[cid]
        self.revealed = 1 << declarer
        if cd["call"]:
            self.phase = PH_CALL
            self.to_move = declarer
            return
        if cd["kind"] == "pos":
            self.revealed = 0b1111  # alone against three: everyone's party is known
        self._after_call()

    def _kings_held(self, p):
        n = 0
        for s in range(1, 5):
            if self.holds_card(p, king(s)):
                n += 1
        return n

    def _call_fourth(self):
        """Holding three kings: call the missing one without naming its suit
        (seeds/000, pagat.com Königrufen); only its holder and the declarer know which it is."""
        self.fourth = True
        for s in range(1, 5):
            if not self.holds_card(self.declarer, king(s)):
                self._call(s)
                return

    def _call(self, suit):
        self.called = suit
        k = king(suit)
        self.partner = -1
        for p in range(N):
            if self.holds_card(p, k):
                self.partner = p if p != self.declarer else -1
        # not `k in self.talon`: MicroPython's bytearray has no int __contains__
        self.king_in_talon = False
        for c in self.talon:
            if c == k:
                self.king_in_talon = True
        if self.partner < 0:
            # own king or king in talon: alone (public only once the talon shows)
            pass
        self._after_call()

    def _after_call(self):
        cd = self.cdef
        d = self.declarer
        if cd["talon"] == 3:
            self.phase = PH_TALON
            self.talon_shown = True
            self.to_move = d
            if cd["call"] and self.king_in_talon:
                self.revealed = 0b1111
            return
        if cd["talon"] == 6:
            for c in self.talon:
                self._add(d, c)
            self.to_discard = 6
            self.phase = PH_DISCARD
            self.to_move = d
            return
        if cd["call"] and self.king_in_talon:
            self.talon_to_decl = True  # Solo: revealed only at the end
        self._start_announce()

    def _talon(self, a):
        d = self.declarer
        if a == A_CONCEDE:
            self.conceded = True
            self._finish()
            return
        half = a - A_TALON
        self.talon_half = half
        for c in self.talon[3 * half:3 * half + 3]:
            self._add(d, c)
        self.to_discard = 3
        self.phase = PH_DISCARD

    def _discard(self, p, c):
        self._remove(p, c)
        self.won[p * 5 + SUIT54[c]] |= 1 << RANK54[c]
        if SUIT54[c] == 0:
            self.shown.append(c)
        self.to_discard -= 1
        if self.to_discard == 0:
            self._start_announce()

    def _start_announce(self):
        if self.cdef["kind"] == "trisch":
            self._start_play()
            return
        self.phase = PH_ANNOUNCE
        self.to_move = self.declarer
        self.turns = 0
        self.quiet = 0
        self.acted = False

    def _announce(self, p, a):
        self.announces.append((p, a))
        if a == A_PASS:
            self.first_turn_done |= 1 << p
            missed = self.missed
            bit = 1 << p
            for i in range(len(missed)):
                missed[i] |= bit
            self.turns += 1
            self.quiet = 0 if self.acted else self.quiet + 1
            self.acted = False
            if self.quiet >= 3 and self.turns >= N:
                self._start_play()
            else:
                self.to_move = self._next(p)
            return
        self.acted = True
        if a == A_ANNOUNCE + P.TEN_TAROCK:
            self.ann[P.TEN_TAROCK] |= self.party(p)  # reveals no party
            return
        self.revealed |= 1 << p
        if a < A_DOUBLE:
            self.ann[a - A_ANNOUNCE] = self.party(p)
            self.missed[1 + a - A_ANNOUNCE] = 0
        else:
            item = a - A_DOUBLE
            self.missed[item] = 0
            if item >= ITEM_NEG:
                self.neg_dbl[item - ITEM_NEG] += 1
            else:
                self.dbl[item] += 1

    def _start_play(self):
        cd = self.cdef
        mode = 0
        if cd["kind"] != "pos":
            mode |= M_NEG
        if cd["kind"] == "trisch":
            mode |= M_TRISCH
        if cd["color"]:
            mode |= M_COLOR
            self.keys = KEYPLAIN54
        if self.profile["kaiserstich"]:
            mode |= M_KAISER
        self.mode = mode
        self.phase = PH_PLAY
        decl_leads = cd["kind"] == "neg" or (cd["color"] and self.profile["color_lead"] == "declarer")
        self.to_move = self.declarer if decl_leads else 0
        self._set_holds()

    def _set_holds(self):
        """Announced birds and König ultimo must be kept for their trick."""
        holds = None
        for b in P.BIRDS:
            party = self.ann[b]
            if party:
                c, back = P.BIRD_CARD[b]
                holds = self._hold(holds, c, _LAST - back, party)
        if self.ann[P.KING_ULTIMO]:
            holds = self._hold(holds, king(self.called), _LAST, S.DECL)
        self.holds = holds

    def _hold(self, holds, c, t, party):
        for p in range(N):
            if self.holds_card(p, c) and self.party(p) == party:
                if holds is None:
                    holds = [[], [], [], []]
                holds[p].append((c, t))
        return holds

    def _play(self, p, c):
        s = SUIT54[c]
        self.hands[p * 5 + s] &= ~(1 << RANK54[c])
        n = self.nt
        trick = self.trick
        trick[n] = c
        self.tseat[n] = p
        if n == 0:
            self.lead = s
            self.wi = 0
        else:
            base = self.lead * 54
            keys = self.keys
            if keys[base + c] > keys[base + trick[self.wi]]:
                self.wi = n
        n += 1
        self.nt = n
        if n < N:
            self.to_move = (p + 1) & 3
            return
        # the running winner wi is trick_winner()'s answer but for Kaiserstich
        w = trick_winner(trick, N, self.keys, self.lead, self.mode) if self.mode & M_KAISER else self.wi
        wp = self.tseat[w]
        t = self.trick_no
        o = wp * 5
        won = self.won
        th = 0
        for i in range(N):
            x = self.trick[i]
            won[o + SUIT54[x]] |= 1 << RANK54[x]
            th += THIRDS54[x]
            self.trick_of[x] = t
            self.played_by[x] = self.tseat[i]
        self.thirds[wp] += th
        self.tricks[wp] += 1
        self.trick_win[t] = wp
        self.trick_wcard[t] = self.trick[w]
        self.last_trick = (self.lead, bytes(self.trick), bytes(self.tseat), wp)
        self.trick_no = t + 1
        self.nt = 0
        self.lead = -1
        self.wi = 0
        self.to_move = wp
        if self.trick_no == _TRICKS:
            self._finish()
        elif self.mode & M_NEG and self.cdef["kind"] == "neg" and self.profile["neg_stop_early"]:
            if self.tricks[self.declarer] > self.cdef["tricks"]:
                self._finish()

    # ------------------------------------------------------------ the end
    def _party_piles(self):
        """(declarer party masks, defenders masks): tricks, discards, talon shares."""
        dm = [0] * 5
        fm = [0] * 5
        for p in range(N):
            tgt = dm if self.party(p) == S.DECL else fm
            for s in range(5):
                tgt[s] |= self.won[p * 5 + s]
        cd = self.cdef
        rest = []
        if cd["talon"] == 3:
            h = 1 - self.talon_half
            rest = self.talon[3 * h:3 * h + 3]
        elif cd["talon"] == 0 and cd["kind"] == "pos":
            rest = self.talon
        to_decl = self.talon_to_decl
        dt = self.tricks[self.declarer] + (self.tricks[self.partner] if self.partner >= 0 else 0)
        if dt == _TRICKS:
            to_decl = True  # Valat: the whole talon goes to the winners
        elif dt == 0:
            to_decl = False
        for c in rest:
            tgt = dm if to_decl else fm
            tgt[SUIT54[c]] |= 1 << RANK54[c]
        return dm, fm

    def _make_summary(self):
        s = S.Summary(self.contract, self.declarer, N)
        s.partner = self.partner
        s.tricks = list(self.tricks)
        s.conceded = self.conceded
        cd = self.cdef
        for p in range(N):
            s.thirds[p] = pile_thirds(self.won, p * 5)
        s.announced = list(self.ann)
        s.kontra = list(self.dbl)
        s.neg_kontra = list(self.neg_dbl)
        if self.conceded or cd["kind"] != "pos":
            return s
        dm, fm = self._party_piles()
        s.decl_thirds = pile_thirds(dm, 0)
        self._bonuses(s, dm, fm)
        return s

    def _bonuses(self, s, dm, fm):
        B = s.bonus

        def has_all(m, cs):
            for c in cs:
                if not m[SUIT54[c]] & (1 << RANK54[c]):
                    return False
            return True

        for b, cs in ((P.TRULL, TRULL_CARDS), (P.KINGS, KINGS54)):
            if has_all(dm, cs):
                B[b] = S.DECL_MADE
            elif has_all(fm, cs):
                B[b] = S.DEF_MADE
        dt = 0
        for p in range(N):
            if self.party(p) == S.DECL:
                dt += self.tricks[p]
        if dt == _TRICKS:
            B[P.VALAT] = S.DECL_MADE
        elif dt == 0:
            B[P.VALAT] = S.DEF_MADE
        for b in P.BIRDS:
            if not self._bonus_on(b):
                continue  # Kakadu / Marabu (Quapil) switched off: no silent bird either
            c, back = P.BIRD_CARD[b]
            t = _LAST - back
            if self.trick_of[c] == t:
                party = self.party(self.played_by[c])
                made = self.trick_wcard[t] == c
                if party == S.DECL:
                    B[b] = S.DECL_MADE if made else S.DECL_FAILED
                else:
                    B[b] = S.DEF_MADE if made else S.DEF_FAILED
        if self.called and not self.king_in_talon:
            k = king(self.called)
            t = self.trick_of[k]
            if t == _LAST:
                B[P.KING_ULTIMO] = (S.DECL_MADE if self.party(self.trick_win[_LAST]) == S.DECL
                                    else S.DECL_FAILED)
            elif t != NO_TRICK and self.party(self.trick_win[t]) == S.DEF:
                B[P.KINGFANG] = S.DEF_MADE
        elif self.called and self.talon_half >= 0 and self.profile["talon_king_fang"]:
            # the king's half left in the talon: a silent Königfang (seeds/001, Tarockcup)
            k = king(self.called)
            h = 3 * (1 - self.talon_half)
            for c in self.talon[h:h + 3]:
                if c == k:
                    B[P.KINGFANG] = S.DEF_MADE
        for b, c in ((P.MONDFANG, _MOND), (P.SKUSFANG, _SKUS)):
            t = self.trick_of[c]
            if t != NO_TRICK:
                taker = self.party(self.trick_win[t])
                # Mondfang only "mit dem Sküs" (seeds/000, pagat); the Sküs falls to any winner
                if b == P.MONDFANG and self.trick_wcard[t] != _SKUS:
                    continue
                if taker != self.party(self.played_by[c]):
                    B[b] = S.DECL_MADE if taker == S.DECL else S.DEF_MADE

    # ------------------------------------------------------------ views
    def called_seen_by(self, p):
        """The called suit as seat p knows it: 0 while "the fourth king" is
        unnamed to p (not the declarer, not its holder, not yet played)."""
        if (self.fourth and p != self.declarer and self.phase != PH_DONE
                and not (self.king_in_talon and self.talon_shown)
                and not (0 <= p < N and self.holds_card(p, king(self.called)))
                and self.played_by[king(self.called)] == NO_TRICK):
            return 0
        return self.called

    def open_hands(self):
        """Ouvert: all hands are shown once the first card of trick 2 lies."""
        return (self.cdef is not None and self.cdef["ouvert"] and self.phase == PH_PLAY
                and (self.trick_no > 1 or (self.trick_no == 1 and self.nt > 0)))

    def view(self, p):
        """What position p may see, as plain data."""
        v = {
            "pos": p,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "hand": self.hand_of(p),
            "bids": list(self.bids),
            "contract": self.contract,
            "declarer": self.declarer,
            "called": self.called_seen_by(p),
            "called_fourth": self.fourth,
            "announces": list(self.announces),
            "trick": [(self.tseat[i], self.trick[i]) for i in range(self.nt)],
            "trick_no": self.trick_no,
            "tricks": list(self.tricks),
            "shown_discards": list(self.shown),
            "knocked": self.knocked,
        }
        if self.talon_shown:
            v["talon"] = list(self.talon)
            v["talon_half"] = self.talon_half  # the half taken (public; -1 before)
        if self.called and (self.revealed == 0b1111 or (self.revealed & (1 << max(self.partner, 0))
                            and self.partner >= 0)
                            or self.played_by[king(self.called)] != NO_TRICK):
            v["partner"] = self.partner  # public once revealed or the king is played
        if self.last_trick is not None:
            lead, cs, seats, wp = self.last_trick
            v["last_trick"] = [(seats[i], cs[i]) for i in range(N)]
            v["last_winner"] = wp
        if self.open_hands():
            v["open"] = [self.hand_of(q) for q in range(N)]
        if p == self.declarer and self.phase in (PH_DISCARD, PH_ANNOUNCE, PH_PLAY, PH_DONE):
            if self.cdef["talon"] == 6:
                v["talon"] = list(self.talon)  # Sechserdreier: seen by him alone
        if p == self.to_move:
            v["legal"] = self.legal_actions()
        if self.phase == PH_DONE:
            v["talon"] = list(self.talon)
            v["result"] = list(self._result)
            s = self._summary
            v["decl_points"] = (s.decl_thirds + 1) // 3
            v["partner"] = self.partner
        return v

    # ------------------------------------------------------------ replay
    def fingerprint(self):
        """Everything that defines the state, as a tuple (tests compare replays)."""
        return (self.phase, self.to_move, tuple(self.hands), tuple(self.won),
                bytes(self.talon), self.contract, self.declarer, self.partner,
                self.called, bytes(self.ann), bytes(self.dbl), bytes(self.neg_dbl),
                bytes(self.missed),
                bytes(self.tricks), tuple(self.thirds), self.trick_no, self.nt,
                bytes(self.trick), tuple(self.log),
                tuple(self._result) if self._result else None)
