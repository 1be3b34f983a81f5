# Slovenian Tarok for 2, 3 and 4 players: one deal as a state machine.
# Sources: seeds/002_e0a8d29b22d99fad.txt (the rules of "Play Tarock Online":
# contracts, talon, play, announcements, Kontra, Klop, the two-player open variant) and
# RULES.md §3 with its "Readings fixed" for Slovenian (docs/SOURCES.md maps
# every seed and RULES.md section to its public source). Tariffs and variants
# are profile data (tarock.slovenian.profiles); scoring is tarock.slovenian.score. Decisions
# the texts leave open: docs/DECISIONS.md "Slovenian Tarok".
#
# Positions are in turn order (counter-clockwise): 0 = forehand (dealer's
# right) .. n-1 = dealer. Actions are small ints:
#   0..53 card (play or discard), A_PASS, A_BID+contract, A_CALL+suit,
#   A_TALON+group, A_ANNOUNCE+bonus, A_DOUBLE+item (0 game, 1+b bonus b:
#   Kontra, Re, Sub in turn), A_PLAY ("Ich spiele", open two-player game),
#   in that order, each range after the one before.
# Same API as tarock.koenigrufen.rules: phase, to_move, legal_actions(),
# why_illegal(a), apply(a) (raises IllegalAction, state unchanged), view(p),
# result(), summary(), log, fingerprint(), Deal.replay(profile, deck, log, n).
#
# Deal: the talon (6) first, then two packets per player (6, 8 or 12 cards).
# Open two-player game: 3 x 5 hand cards each, then three stacks of four per
# player; after "Ich spiele" (or two passes) taroks and kings on top go into
# the hand until an ordinary card shows; it lies open and is playable. A trick
# is led from the hand while it holds cards; the follower may use an open top.
from tarock.compat import const
from tarock.deal import DealState
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.tables import SUIT54, RANK54, BIT54, KEY54, KEYPLAIN54, THIRDS54
from tarock.trick import (legal_code, code_has, code_cards, code_shared,
                          discard_code, discard_masks, ANY, M_NEG, M_TRISCH)
from tarock.cards import KINGS54, hand_cards, king
from tarock.rng import shuffled_deck
from tarock.slovenian import profiles as PS
from tarock.slovenian import score as S

# Action codes (tarock.codes): each base is the end of the range before it, so
# a range that grows (a bonus added) moves the later ones; codes() lists the
# same ranges for the checks and for a log's own table. const() takes only
# literals and this module's consts, hence the counts of profiles.py mirrored
# here (checked just below).
_N_BONUS = const(6)          # PS.N_BONUS
_N_CONTRACTS = const(14)     # PS.N_CONTRACTS
A_PASS = const(54)           # after the 54 cards
A_BID = const(A_PASS + 1)    # +contract id 1..12
A_CALL = const(A_BID + _N_CONTRACTS)  # +suit 1..4
A_TALON = const(A_CALL + 5)  # +group 0..5
A_ANNOUNCE = const(A_TALON + 6)       # +bonus id 0..5
A_DOUBLE = const(A_ANNOUNCE + _N_BONUS)  # +item 0..6: 0 game, 1+b bonus b
A_PLAY = const(A_DOUBLE + 1 + _N_BONUS)  # "Ich spiele" (open two-player game)
A_MAX = const(A_PLAY + 1)
if _N_BONUS != PS.N_BONUS or _N_CONTRACTS != PS.N_CONTRACTS:
    raise ImportError("slovenian.rules: N_BONUS or N_CONTRACTS is not profiles.py's")


def codes(n_bonus=PS.N_BONUS):
    """The action code ranges ((name, base, count), ...), laid out from their
    counts; n_bonus: another count of bonuses (a test adds some)."""
    from tarock.codes import layout  # on first use: a deal never needs it
    return layout((("card", 54), ("pass", 1), ("bid", PS.N_CONTRACTS), ("call", 5),
                   ("talon", 6), ("announce", n_bonus), ("double", 1 + n_bonus),
                   ("play", 1)))


PH_BID = const(0)
PH_OPEN = const(1)       # open two-player game: "Ich spiele" or pass
PH_CALL = const(2)
PH_TALON = const(3)
PH_DISCARD = const(4)
PH_ANNOUNCE = const(5)
PH_PLAY = const(6)
PH_DONE = const(7)
PHASE_NAMES = ("bid", "open", "call", "talon", "discard", "announce", "play", "done")

E_SI_PLAYERS = E.register(150, "that contract is not played with this many players")
E_SI_LEAD_HAND = E.register(151, "a trick is led from the hand while it holds cards")
E_SI_DECL_ONLY = E.register(152, "only the declarer announces")
E_SI_EXCLUSIVE = E.register(153, "Trullpagat and Trull or Pagat ultimo exclude each other")
E_SI_GROUP = E.register(154, "no such talon group")
E_SI_PAGAT = E.register(155, "in Klop and the beggar games the Pagat goes only as the last tarok")

_PAGAT = const(0)
MOND = const(20)
SKIS = const(21)
TRULL_CARDS = (_PAGAT, MOND, SKIS)
NO_TRICK = const(255)
# NEXT_SEAT[n][p]: the seat after p at a table of n (play goes round in
# order). A module constant, not an attribute of each deal: one more
# attribute made the Deal slower under MicroPython (docs/PERFORMANCE.md,
# the fifth round of issue 22)
NEXT_SEAT = tuple(bytes([(p + 1) % n for p in range(n)]) for n in range(5))
NO_CARDS = bytes([NO_TRICK]) * 54   # trick_of and played_by before the first card
TRULL_KINGS = TRULL_CARDS + KINGS54   # the cards _bonuses() looks up: Trull, then the kings
# self.tbits: which Trull cards lie in the current trick (all three: the
# emperor's trick; T_DECIDED: it is complete, the Pagat wins it)
T_PAGAT = const(1)
T_MOND = const(2)
T_SKIS = const(4)
_T_TRULL = const(T_PAGAT | T_MOND | T_SKIS)
_T_DECIDED = const(15)
_KEY_TOP = const(255)   # above every trick key (KEY54's are bytes)
# self._stop: a deal ends before its last trick (profile neg_stop_early):
# a negative game once the declarer took a trick too many, a Valat once
# the declarer lost one
_STOP_NEG = const(1)
_STOP_VALAT = const(2)
PAGAT_ONLY = const(8)  # legal code (1 << 3) | 0: the Pagat alone

# the announcement round's candidates: pass, each bonus, each doubling item
ANNOUNCE_CANDIDATES = ((A_PASS,) + tuple(range(A_ANNOUNCE, A_ANNOUNCE + PS.N_BONUS))
                       + tuple(range(A_DOUBLE, A_DOUBLE + PS.N_BONUS + 1)))

_compiled = {}


def compiled(profile):
    """Every contract definition with defaults, cached for one profile object
    (one entry only: each would keep its profile alive on a small heap)."""
    return _entry(profile)[1]


def _entry(profile):
    """(profile, its compiled definitions, {n: _offers() for n players})."""
    k = id(profile)
    c = _compiled.get(k)
    if c is None or c[0] is not profile:
        defs = {}
        for cid in profile["contracts"]:
            defs[cid] = PS.contract(profile, cid)
        c = (profile, defs, {})  # {n: _offers() for n players}
        _compiled.clear()
        _compiled[k] = c
    return c


class Deal(DealState):
    PLAY = PH_PLAY
    DONE = PH_DONE
    SCORING = S

    def __init__(self, profile, seed=0, deck=None, n=4):
        """deck: explicit card order (54 ints) or None to shuffle with seed;
        n: players (2, 3 or 4)."""
        if n not in (2, 3, 4):
            raise ValueError("Slovenian Tarok is played by 2, 3 or 4")
        self.profile = profile
        self.n = n
        e = _entry(profile)
        self.cdefs = e[1]
        self._ocache = e[2]       # {n: _offers()}, per profile
        if deck is None:
            deck = shuffled_deck(54, seed)
        else:
            deck = bytearray(deck)
            if len(deck) != 54 or sorted(deck) != list(range(54)):
                raise ValueError("deck must be a permutation of the 54 cards")
        self.deck = deck
        self.seed = seed
        self.open2 = n == 2 and profile["open2"]
        self.ntricks = 27 if self.open2 else 48 // n
        self.log = []
        self.hands = [0] * (n * 5)
        self.disc = [0] * 5       # the declarer's discards, as suit masks
        self.talon = bytearray(6)
        # bidding
        self.level = 0            # rank of the highest bid (0: none)
        self.holder = -1
        self.hcid = 0             # contract id of that bid
        self.passed = 0
        self.npassed = 0          # seats in passed
        self.bids = []
        # contract
        self.contract = -1
        self.cdef = None  # type: dict  # pyright: ignore[reportAttributeAccessIssue] (set with the contract, read only after)
        self.declarer = -1
        self.partner = -1
        self.called = 0
        self.king_in_talon = False
        self.group = -1
        self.talon_shown = False
        self.to_discard = 0
        self.shown = []
        # announcements
        self.ann = bytearray(PS.N_BONUS)
        self.dbl = bytearray(PS.N_BONUS + 1)
        self.turns = 0
        self.quiet = 0
        self.acted = False
        self.announces = []
        self.revealed = 0         # bit p: p showed his party in the announce round
        # play
        self.mode = 0
        self.keys = KEY54
        self.trick = bytearray(n)
        self.tseat = bytearray(n)
        self.nt = 0
        self.lead = -1
        self.wi = 0
        self.kbase = 0            # lead * 54: the row of self.keys for this trick
        self.wk = 0               # the key of the card winning it so far
        self.trick_no = 0
        self.tricks = bytearray(n)
        self.thirds = [0] * n     # thirds of each pile (tricks, gifts, discards), kept as we go
        # each card's trick and player, written as it falls (NO_TRICK: not
        # played); its trick is taken once trick_of[c] < trick_no
        self.trick_of = bytearray(NO_CARDS)
        self.played_by = bytearray(NO_CARDS)
        self.trick_win = bytearray(self.ntricks)
        self.trick_wcard = bytearray(self.ntricks)
        # the last trick taken (last_trick): the buffers trick/tseat had,
        # swapped with these at its end instead of copied
        self._ltrick = bytearray(n)
        self._lseat = bytearray(n)
        self.gifts = 0            # Klop 'gift': talon cards handed out so far
        self.tbits = 0            # T_PAGAT | T_MOND | T_SKIS in the current trick
        self.emperor = False      # the emperor's trick applies in this deal
        self.mond_lost = -1       # Mondfang: the position whose Mond the Skis took
        self._gift = False        # set by _start_play() from the contract and profile
        self._stop = 0
        self._color = False
        self._result = None  # type: list[int]  # pyright: ignore[reportAttributeAccessIssue] (set by _finish(), read once DONE)
        self._summary = None  # type: S.Summary  # pyright: ignore[reportAttributeAccessIssue] (set by _finish(), read once DONE)
        # the last legal_actions(): at log length _lmark, its actions (_lset),
        # so that apply() of one of them is a membership test, not a second
        # legality computation (issue 22; DealState._known_legal)
        self._lmark = -1
        self._lset = ()
        # open two-player game
        self.avail = self.hands   # playable cards: the hand (+ open stack tops)
        self.stacks = None  # type: bytearray  # pyright: ignore[reportAttributeAccessIssue] (open two-player game only)
        self.depth = None  # type: bytearray  # pyright: ignore[reportAttributeAccessIssue] (open two-player game only)
        self.lifted = []
        if self.open2:
            self._deal_open()
            self.phase = PH_OPEN
        else:
            self._deal_normal()
            self.phase = PH_BID
        self.to_move = 0

    # ------------------------------------------------------------ dealing
    def _give(self, p, start, cnt):
        d = self.deck
        h = self.hands
        o = p * 5
        for i in range(start, start + cnt):
            c = d[i]
            h[o + SUIT54[c]] |= 1 << RANK54[c]

    def _deal_normal(self):
        n = self.n
        d = self.deck
        self.talon[:] = d[0:6]
        h = self.hands
        half = 24 // n
        i = 6
        for _ in range(2):
            for o in range(0, n * 5, 5):
                for c in d[i:i + half]:
                    h[o + SUIT54[c]] |= BIT54[c]
                i += half

    def _deal_open(self):
        # three packets of five each, then three stacks of four per player
        i = 0
        for _ in range(3):
            for p in range(2):
                self._give(p, i, 5)
                i += 5
        self.stacks = bytearray(self.deck[30:54])   # stack j of p: [12p+4j .. +4], top first
        self.depth = bytearray(6)                   # cards gone from each stack
        self.avail = [0] * 10

    # ------------------------------------------------------------ helpers
    def hand_of(self, p):
        return hand_cards(self.hands, p * 5)

    def holds_card(self, p, c):
        return bool(self.hands[p * 5 + SUIT54[c]] & (1 << RANK54[c]))

    def _add(self, masks, p, c):
        masks[p * 5 + SUIT54[c]] |= 1 << RANK54[c]

    def party(self, p):
        if p == self.declarer or p == self.partner:
            return S.DECL
        return S.DEF

    def _next(self, p):
        return NEXT_SEAT[self.n][p]

    def offered(self, cid):
        """0 if contract cid may be bid at this table, else an error code."""
        d = self.cdefs.get(cid)
        if d is None or not d["on"] or d["kind"] in ("klop", "open2"):
            return E.E_CONTRACT_OFF
        if d["solo"] and self.n != 4:
            return E_SI_PLAYERS
        return 0

    def _has_hand(self, p):
        h = self.hands
        o = p * 5
        return h[o] | h[o + 1] | h[o + 2] | h[o + 3] | h[o + 4]

    def move_masks(self, p):
        """The masks the seat's legal set is drawn from: the hand, or in the
        open game the hand plus the open stack tops (when following, or
        leading with an empty hand)."""
        if self.open2 and (self.nt > 0 or not self._has_hand(p)):
            return self.avail
        return self.hands

    # ------------------------------------------------------------ legality
    def _candidates(self):
        ph = self.phase
        if ph == PH_BID:
            return [A_PASS] + [A_BID + c for c in range(1, PS.N_CONTRACTS)]
        if ph == PH_OPEN:
            return (A_PASS, A_PLAY)
        if ph == PH_CALL:
            return range(A_CALL + 1, A_CALL + 5)
        if ph == PH_TALON:
            return range(A_TALON, A_TALON + 6)
        if ph == PH_DISCARD:
            return self.hand_of(self.to_move)
        if ph == PH_ANNOUNCE:
            return ANNOUNCE_CANDIDATES
        return ()

    def why_illegal(self, a):
        """0 if a is legal for to_move, else an error code (errors.explain)."""
        ph = self.phase
        if ph == PH_PLAY and type(a) is int and 0 <= a < 54:
            return self._why_card(self.to_move, a)  # the hot case first
        if ph == PH_DONE:
            return E.E_DONE
        if not isinstance(a, int) or a < 0 or a >= A_MAX:
            return E.E_UNKNOWN
        p = self.to_move
        if ph == PH_PLAY:
            return E.E_NOT_IN_PHASE
        if ph == PH_BID:
            return self._why_bid(p, a)
        if ph == PH_OPEN:
            return 0 if a == A_PASS or a == A_PLAY else E.E_NOT_IN_PHASE
        if ph == PH_CALL:
            return 0 if A_CALL + 1 <= a <= A_CALL + 4 else E.E_NOT_IN_PHASE
        if ph == PH_TALON:
            if not A_TALON <= a < A_TALON + 6:
                return E.E_NOT_IN_PHASE
            return 0 if a - A_TALON < 6 // self.cdef["talon"] else E_SI_GROUP
        if ph == PH_DISCARD:
            if a >= 54:
                return E.E_NOT_IN_PHASE
            return self._why_discard(p, a)
        if ph == PH_ANNOUNCE:
            return self._why_announce(p, a)
        return E.E_NOT_IN_PHASE

    def _why_bid(self, p, a):
        if a == A_PASS:
            return 0
        if not A_BID < a < A_BID + PS.N_CONTRACTS:
            return E.E_NOT_IN_PHASE
        c = a - A_BID
        code = self.offered(c)
        if code:
            return code
        return 0 if self._outbids(self.cdefs[c]["rank"], p) else E.E_BID_TOO_LOW

    def _outbids(self, r, p):
        # a higher game beats a lower one; a seat nearer forehand may hold an equal bid
        return r > self.level or (r == self.level and self.holder > p)

    def _offers(self):
        """(contract id, rank) of every contract this table may bid, by id
        (cached per profile and player count)."""
        cache = self._ocache
        o = cache.get(self.n)
        if o is None:
            o = []
            for c in range(1, PS.N_CONTRACTS):
                if self.offered(c) == 0:
                    o.append((c, self.cdefs[c]["rank"]))
            o = cache[self.n] = tuple(o)
        return o

    def _why_discard(self, p, c):
        return discard_code(self.hands, p * 5, c)

    def _why_announce(self, p, a):
        if a == A_PASS:
            return 0
        kind = self.cdef["kind"]
        if A_ANNOUNCE <= a < A_ANNOUNCE + PS.N_BONUS:
            b = a - A_ANNOUNCE
            if kind != "pos" or self.ann[b] or not PS.bonus_on(self.profile, b):
                return E.E_ANNOUNCE
            if b == PS.KING_ULTIMO and (not self.called or self.king_in_talon):
                return E.E_ANNOUNCE
            if p != self.declarer:
                return E_SI_DECL_ONLY
            if b == PS.TRULLPAGAT and (self.ann[PS.TRULL] or self.ann[PS.PAGAT]):
                return E_SI_EXCLUSIVE
            if (b == PS.TRULL or b == PS.PAGAT) and self.ann[PS.TRULLPAGAT]:
                return E_SI_EXCLUSIVE
            return 0
        if A_DOUBLE <= a <= A_DOUBLE + PS.N_BONUS:
            item = a - A_DOUBLE
            if item and not self.ann[item - 1]:
                return E.E_DOUBLE
            lvl = self.dbl[item]
            if lvl >= self.profile["max_kontra"]:
                return E.E_DOUBLE
            # Kontra and Sub by the opponents, Re by the declarer's party
            want = S.DECL if lvl % 2 else S.DEF
            return 0 if self.party(p) == want else E.E_DOUBLE
        return E.E_NOT_IN_PHASE

    def _why_card(self, p, c):
        m = self.move_masks(p)
        o = p * 5
        s = SUIT54[c]
        bit = 1 << RANK54[c]
        if not m[o + s] & bit:
            if self.open2 and self.avail[o + s] & bit:
                return E_SI_LEAD_HAND  # an open top while the hand has cards
            return E.E_NOT_IN_HAND
        code = self._code(m, o)
        if code_has(m, o, code, c):
            return 0
        lead = self.lead if self.nt else -1
        if lead >= 0 and s != lead and m[o + lead]:
            return E.E_MUST_FOLLOW
        if lead >= 0 and s != lead and s != 0 and m[o]:
            return E.E_MUST_TRUMP
        if c == 0 and self.mode & M_TRISCH and code != PAGAT_ONLY:
            return E_SI_PAGAT
        return E.E_MUST_OVERTAKE

    def _code(self, m, o):
        """trick.legal_code() for the seat whose masks start at m[o], with the
        emperor's exception to the Pagat rule (pagat_last): Skis and Mond in
        the trick and a tarok to play, the Pagat is the one card that
        overtakes, so it must go."""
        code = legal_code(m, o, self.lead if self.nt else -1, self.trick[self.wi], self.mode)
        if (self.tbits & 6 == 6 and self.mode & M_TRISCH and self.emperor
                and (code & 7) == 0 and m[o] & 1):
            return PAGAT_ONLY
        return code

    def legal_code_for_move(self):
        """Fast path for bots/UIs: trick.legal_code() of the seat to move,
        relative to move_masks(to_move) (pick with trick.code_count/code_nth),
        or -1 outside the play phase."""
        if self.phase != PH_PLAY:
            return -1
        p = self.to_move
        return self._code(self.move_masks(p), p * 5)

    def _legal_cards(self, p):
        h = self.move_masks(p)
        o = p * 5
        return code_cards(h, o, self._code(h, o))

    def legal_actions(self):
        """Every legal action for to_move, ascending (allocates: UI/bots).
        The same sets as filtering the candidates through why_illegal()
        (tests/core/test_si_fast.py checks it), each rule computed once:
        apply() of an action from this list is then a membership test in
        the sequence kept of it (DealState._known_legal), which no caller
        holds: in play on CPython a card table's own tuple (code_shared)."""
        ph = self.phase
        p = self.to_move
        if ph == PH_PLAY:
            h = self.move_masks(p) if self.open2 else self.hands
            o = p * 5
            # self.lead is -1 between tricks (_play keeps it so)
            code = (self._code(h, o) if self.tbits & 6 == 6 else
                    legal_code(h, o, self.lead, self.trick[self.wi], self.mode))
            kept = code_shared(h, o, code)
            self._lset = kept
            self._lmark = len(self.log)
            return list(kept)
        if ph == PH_BID:
            out = [A_PASS]
            lv = self.level
            hd = self.holder
            for c, r in self._offers():
                if r > lv or (r == lv and hd > p):  # _outbids(r, p), inlined
                    out.append(A_BID + c)
        elif ph == PH_ANNOUNCE:
            # only the declarer announces, and only in a positive game; an
            # item is doubled only once announced (the game always is)
            out = [A_PASS]
            ann = self.ann
            if p == self.declarer and self.cdef["kind"] == "pos":
                for b in range(PS.N_BONUS):
                    if not ann[b] and self._why_announce(p, A_ANNOUNCE + b) == 0:
                        out.append(A_ANNOUNCE + b)
            # _why_announce()'s double rule, once for all items: the game or
            # an announced item (none yet: the game alone), below
            # max_kontra, and Kontra (even levels) by the opponents, Re (odd)
            # by the declarer's party
            dbl = self.dbl
            mk = self.profile["max_kontra"]
            odd = 1 if self.party(p) == S.DECL else 0
            for i in range(PS.N_BONUS + 1 if any(ann) else 1):
                lv = dbl[i]
                if lv < mk and lv % 2 == odd and (i == 0 or ann[i - 1]):
                    out.append(A_DOUBLE + i)
        elif ph == PH_DISCARD:
            # the discard rule as masks: no discard_code() a card
            m = discard_masks(self.hands, p * 5, [0] * 5)
            out = code_cards(m, 0, (m[0] << 3) | ANY)
        elif ph == PH_DONE:
            return []
        elif ph == PH_CALL:   # why_illegal()'s rules for these, as lists
            out = [A_CALL + 1, A_CALL + 2, A_CALL + 3, A_CALL + 4]   # any of the four kings
        elif ph == PH_TALON:
            out = list(range(A_TALON, A_TALON + 6 // self.cdef["talon"]))   # one of its groups
        elif ph == PH_OPEN:
            out = [A_PASS, A_PLAY]
        else:
            out = DealState._legal_list(self)
        self._lset = out[:]
        self._lmark = len(self.log)
        return out

    # ------------------------------------------------------------ applying
    def apply(self, a):
        """Apply a legal action; raise IllegalAction (state unchanged) otherwise."""
        # DealState._known_legal(a), inlined: this is once per decision
        log = self.log
        if not (self._lmark == len(log) and type(a) is int and a in self._lset):
            code = self.why_illegal(a)
            if code:
                raise IllegalAction(code, a if isinstance(a, int) else -1)
        log.append(a)
        ph = self.phase
        p = self.to_move
        if ph == PH_PLAY:
            self._play(p, a)
        elif ph == PH_BID:
            self._bid(p, a)
        elif ph == PH_OPEN:
            self._open_declare(p, a)
        elif ph == PH_CALL:
            self._call(a - A_CALL)
        elif ph == PH_TALON:
            self._talon(a - A_TALON)
        elif ph == PH_DISCARD:
            self._discard(p, a)
        elif ph == PH_ANNOUNCE:
            self._announce(p, a)

    def _bid(self, p, a):
        self.bids.append((p, a))
        n = self.n
        if a == A_PASS:
            self.passed |= 1 << p
            self.npassed += 1     # a seat that passed bids no more
        else:
            self.hcid = a - A_BID
            self.level = self.cdefs[self.hcid]["rank"]
            self.holder = p
        np = self.npassed
        if np == n:
            self._set_contract(PS.KLOP, -1)  # all passed
            return
        if np == n - 1 and self.level > 0:
            self._set_contract(self.hcid, self.holder)
            return
        q = self._next(p)
        while self.passed & (1 << q):
            q = self._next(q)
        self.to_move = q

    def _set_contract(self, cid, declarer):
        self.contract = cid
        self.declarer = declarer
        self.cdef = cd = self.cdefs[cid]
        if cd["kind"] == "klop":
            self._start_play()
            return
        if cd["call"] and self.n == 4:
            self.phase = PH_CALL
            self.to_move = declarer
            return
        self._after_call()

    def _call(self, suit):
        self.called = suit
        k = king(suit)
        self.partner = -1
        for p in range(self.n):
            if p != self.declarer and self.holds_card(p, k):
                self.partner = p
        # not `k in self.talon`: MicroPython's bytearray has no int __contains__
        for c in self.talon:
            if c == k:
                self.king_in_talon = True  # the declarer plays alone
        self._after_call()

    def _after_call(self):
        if self.cdef["talon"]:
            self.phase = PH_TALON
            self.talon_shown = True  # laid out in groups for everyone to see
            self.to_move = self.declarer
            return
        self._start_announce()

    def _talon(self, g):
        k = self.cdef["talon"]
        self.group = g
        o = self.declarer * 5
        for c in self.talon[k * g:k * g + k]:
            self.hands[o + SUIT54[c]] |= 1 << RANK54[c]
        self.to_discard = k
        self.phase = PH_DISCARD

    def _discard(self, p, c):
        q = p * 5 + SUIT54[c]
        self.hands[q] &= ~(1 << RANK54[c])
        self._add(self.disc, 0, c)
        self.thirds[p] += THIRDS54[c]
        if SUIT54[c] == 0:
            self.shown.append(c)
        self.to_discard -= 1
        if self.to_discard == 0:
            self._start_announce()

    def _start_announce(self):
        if self.profile["max_kontra"] == 0 and self.cdef["kind"] != "pos":
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
            self.turns += 1
            self.quiet = 0 if self.acted else self.quiet + 1
            self.acted = False
            # over after n-1 quiet turns in a row, once every seat had a turn
            if self.quiet >= self.n - 1 and self.turns >= self.n:
                self._start_play()
            else:
                self.to_move = self._next(p)
            return
        self.acted = True
        self.revealed |= 1 << p
        if a < A_DOUBLE:
            self.ann[a - A_ANNOUNCE] = S.DECL
        else:
            self.dbl[a - A_DOUBLE] += 1

    def _open_declare(self, p, a):
        self.bids.append((p, a))
        if a == A_PLAY or p == 1:
            self.contract = PS.OPEN2
            self.cdef = self.cdefs[PS.OPEN2]
            self.declarer = p if a == A_PLAY else -1
            self._reveal_stacks()
            self._start_play()
        else:
            self.to_move = 1

    def _reveal_stacks(self):
        """Taroks and kings on top go into the hand until an ordinary card
        shows; that one lies open (playable)."""
        st = self.stacks
        dp = self.depth
        av = self.avail
        for i in range(6):
            p = i // 3
            while dp[i] < 4:
                c = st[4 * i + dp[i]]
                if SUIT54[c] == 0 or c in KINGS54:
                    self._add(self.hands, p, c)
                    self.lifted.append(c)
                    dp[i] += 1
                else:
                    break
        for q in range(10):
            av[q] = self.hands[q]
        for i in range(6):
            if dp[i] < 4:
                self._add(av, i // 3, st[4 * i + dp[i]])

    def _start_play(self):
        cd = self.cdef
        pr = self.profile
        mode = M_NEG if cd["overtake"] else 0
        kind = cd["kind"]
        if pr["pagat_last"] and kind in ("klop", "neg"):
            mode |= M_TRISCH
        self.mode = mode
        self.emperor = pr["emperor"]
        self._color = bool(cd["color"])
        if self._color:
            self.keys = KEYPLAIN54  # colour valat: taroks win only when led
        # what _play() asks after each trick, looked up once per deal
        self._gift = kind == "klop" and pr["klop_talon"] == "gift"
        stop = 0
        if pr["neg_stop_early"]:
            stop = _STOP_NEG if kind == "neg" else _STOP_VALAT if kind == "valat" else 0
        self._stop = stop
        self.phase = PH_PLAY
        self.to_move = self.declarer if cd["lead"] == "decl" else 0

    def _take_from(self, p, c):
        """Remove card c from p's playable cards (hand or an open top)."""
        s = SUIT54[c]
        bit = 1 << RANK54[c]
        o = p * 5
        if self.hands[o + s] & bit:
            self.hands[o + s] &= ~bit
            if not self.open2:
                return
            self.avail[o + s] &= ~bit
            return
        # an open stack top: the next card of that stack turns up
        self.avail[o + s] &= ~bit
        st = self.stacks
        dp = self.depth
        for i in range(3 * p, 3 * p + 3):
            if dp[i] < 4 and st[4 * i + dp[i]] == c:
                dp[i] += 1
                if dp[i] < 4:
                    self._add(self.avail, p, st[4 * i + dp[i]])
                return

    def _play(self, p, c):
        s = SUIT54[c]
        if self.open2:
            self._take_from(p, c)
        else:
            self.hands[p * 5 + s] ^= BIT54[c]   # a legal card, so held
        n = self.nt
        trick = self.trick
        trick[n] = c
        self.tseat[n] = p
        # who played it, in which trick: as it falls (the piles are made of
        # these and trick_win, by the won property, not kept card by card)
        self.trick_of[c] = self.trick_no
        self.played_by[c] = p
        # the winner so far by its key (keys[lead * 54 + card]), kept with
        # the key's row (kbase) and value (wk) from the lead on
        if n == 0:
            self.lead = s
            self.wi = 0
            kb = s * 54
            self.kbase = kb
            self.wk = self.keys[kb + c]
        else:
            k = self.keys[self.kbase + c]
            if k > self.wk:
                self.wi = n
                self.wk = k
        if c in TRULL_CARDS:
            tb = self.tbits | (T_PAGAT if c == _PAGAT else T_MOND if c == MOND else T_SKIS)
            self.tbits = tb
            # the emperor's trick: the Pagat beats Skis and Mond (in the
            # colour valat only in a tarok trick, where taroks count)
            if tb == _T_TRULL and self.emperor and (self.lead == 0 or not self._color):
                for i in range(n + 1):
                    if trick[i] == _PAGAT:
                        self.wi = i
                self.tbits = _T_DECIDED  # no later card takes it
                self.wk = _KEY_TOP
        n += 1
        self.nt = n
        if n < self.n:
            self.to_move = NEXT_SEAT[self.n][p]
            return
        w = self.wi
        tseat = self.tseat
        wp = tseat[w]
        t = self.trick_no
        th = 0
        for x in trick:
            th += THIRDS54[x]
        if self._gift and t < 6:
            # one talon card to each of the first six tricks (its winner's)
            th += THIRDS54[self.talon[t]]
            self.gifts = t + 1
        if self.tbits & T_MOND:
            self._mondfang(trick[w])
        self.tbits = 0
        self.thirds[wp] += th
        self.tricks[wp] += 1
        self.trick_win[t] = wp
        self.trick_wcard[t] = trick[w]
        self.trick = self._ltrick   # the next trick fills the older buffers
        self.tseat = self._lseat
        self._ltrick = trick
        self._lseat = tseat
        self.trick_no = t + 1
        self.nt = 0
        self.lead = -1
        self.wi = 0
        self.to_move = wp
        if self.trick_no == self.ntricks:
            self._finish()
        elif self._stop:
            d = self.declarer
            if self._stop == _STOP_NEG and self.tricks[d] > self.cdef["tricks"]:
                self._finish()
            elif self._stop == _STOP_VALAT and wp != d:
                self._finish()

    @property
    def last_trick(self):
        """(cards, seats, winner) of the last trick taken (bytes, copies), or
        None before the first."""
        t = self.trick_no
        if t == 0:
            return None
        return (bytes(self._ltrick), bytes(self._lseat), self.trick_win[t - 1])

    def _mondfang(self, wc):
        """The Mond fell in this trick to the card wc: its player pays the
        Mondfang when the Skis (or the emperor's Pagat) took it, in the
        contracts with a talon (Three .. Solo one)."""
        if self.profile["mondfang"] and self.cdef["talon"] and (wc == SKIS or wc == 0):
            self.mond_lost = self.played_by[MOND]

    # ------------------------------------------------------------ the end
    def talon_rest(self):
        """Talon cards nobody took into his hand (nor got in a Klop trick)."""
        cd = self.cdef
        if self.open2:
            return []
        if cd is None:
            return list(self.talon)
        if cd["kind"] == "klop":
            return list(self.talon[self.gifts:])
        k = cd["talon"]
        if k and self.group >= 0:
            return [c for i, c in enumerate(self.talon) if not k * self.group <= i < k * self.group + k]
        return list(self.talon)

    @property
    def won(self):
        """Each seat's pile as suit masks (n * 5 ints, a new list): the
        cards of the tricks it took, the Klop gifts that came with them, and
        the declarer's discards. Made on demand from trick_of and trick_win
        (tests, tools, fingerprint()): the deal keeps no pile card by card,
        and its summary looks up only the cards it needs (_bonuses)."""
        won = [0] * (self.n * 5)
        tw = self.trick_win
        done = self.trick_no
        tof = self.trick_of
        for c in range(54):
            t = tof[c]
            if t < done:   # NO_TRICK (255) and the trick on the table: no pile yet
                won[tw[t] * 5 + SUIT54[c]] |= 1 << RANK54[c]
        for t in range(self.gifts):
            c = self.talon[t]
            won[tw[t] * 5 + SUIT54[c]] |= 1 << RANK54[c]
        d = self.declarer
        if d >= 0:
            for q in range(5):
                won[d * 5 + q] |= self.disc[q]
        return won

    def _party_piles(self):
        """(declarer party masks, opponents masks, the party's tricks), from
        the won property (tests: the summary looks up only its cards):
        tricks, discards, and the talon rest, which goes to the opponents
        unless the declarer's party took every trick."""
        rest = self.talon_rest()
        took = self.king_took_talon()
        dm = [0] * 5
        fm = [0] * 5
        dt = 0
        won = self.won
        d = self.declarer
        pt = self.partner
        for p in range(self.n):
            if p == d or p == pt:
                tgt = dm
                dt += self.tricks[p]
            else:
                tgt = fm
            o = p * 5
            tgt[0] |= won[o]
            tgt[1] |= won[o + 1]
            tgt[2] |= won[o + 2]
            tgt[3] |= won[o + 3]
            tgt[4] |= won[o + 4]
        tgt = dm if dt == self.ntricks or took else fm
        for c in rest:
            tgt[SUIT54[c]] |= 1 << RANK54[c]
        return dm, fm, dt

    def king_took_talon(self):
        """king_talon 'decl': the called king lay in the talon, the declarer
        took it and won its trick, so the talon rest is his."""
        if not self.king_in_talon or self.profile["king_talon"] != "decl":
            return False
        t = self.trick_of[king(self.called)]
        return t < self.trick_no and self.trick_win[t] == self.declarer

    def _finish(self):
        # DealState._finish, with the contract's compiled definition handed
        # to the scorer (no definition dict copied per deal)
        self.phase = PH_DONE
        self.to_move = -1
        self._summary = s = self._make_summary()
        self._result = S.score(self.profile, s, self.cdef)

    def _make_summary(self):
        n = self.n
        s = S.Summary(self.contract, self.declarer, n)
        s.partner = self.partner
        s.tricks = list(self.tricks)
        s.thirds = list(self.thirds)
        s.announced = list(self.ann)
        s.kontra = list(self.dbl)
        kind = self.cdef["kind"]
        if kind == "klop" or kind == "open2":
            return s
        rest = self.talon_rest()
        took = self.king_took_talon()
        # the declarer's party: its piles (thirds kept as the deal went), and
        # the talon rest when it is theirs (_party_piles() in masks, for tests)
        d = self.declarer
        pt = self.partner
        th = self.thirds[d]
        dt = self.tricks[d]
        if pt >= 0:
            th += self.thirds[pt]
            dt += self.tricks[pt]
        whole = dt == self.ntricks or took
        if whole:
            for c in rest:
                th += THIRDS54[c]
        s.decl_thirds = th
        if kind == "pos":
            self._bonuses(s, dt, S.DECL if whole else S.DEF)
            s.mond_lost = self.mond_lost
            if self.profile["mondfang"] and self.cdef["talon"] and not whole:
                for c in rest:
                    if c == MOND:
                        s.mond_lost = self.declarer  # he left it in the talon
        return s

    def _bonuses(self, s, dt, rest_side):
        B = s.bonus
        # Trull (Pagat, Mond, Skis) and the four kings: the party whose piles
        # hold each card at the end of a positive game (every trick played):
        # its trick's winner's, the declarer's for a discard, else rest_side
        # (the talon rest's); bit i of dk / fk: card i of TRULL_KINGS. One
        # loop, not a call a card: PyPy traces it once (issue 22).
        dk = 0
        fk = 0
        tof = self.trick_of
        tw = self.trick_win
        d = self.declarer
        pt = self.partner
        disc = self.disc
        for i in range(7):
            c = TRULL_KINGS[i]
            t = tof[c]
            if t == NO_TRICK:
                side = S.DECL if disc[SUIT54[c]] >> RANK54[c] & 1 else rest_side
            else:
                w = tw[t]
                side = S.DECL if w == d or w == pt else S.DEF
            if side == S.DECL:
                dk |= 1 << i
            else:
                fk |= 1 << i
        if dk & 7 == 7:
            B[PS.TRULL] = S.DECL_MADE
        elif fk & 7 == 7:
            B[PS.TRULL] = S.DEF_MADE
        if dk & 0x78 == 0x78:
            B[PS.KINGS] = S.DECL_MADE
        elif fk & 0x78 == 0x78:
            B[PS.KINGS] = S.DEF_MADE
        if dt == self.ntricks:
            B[PS.VALAT] = S.DECL_MADE
        elif dt == 0:
            B[PS.VALAT] = S.DEF_MADE
        last = self.ntricks - 1
        if self.trick_of[0] == last:
            made = self.trick_wcard[last] == 0
            if self.party(self.played_by[0]) == S.DECL:
                B[PS.PAGAT] = S.DECL_MADE if made else S.DECL_FAILED
            else:
                B[PS.PAGAT] = S.DEF_MADE if made else S.DEF_FAILED
        if self.called and not self.king_in_talon and PS.bonus_on(self.profile, PS.KING_ULTIMO):
            if self.trick_of[king(self.called)] == last:
                B[PS.KING_ULTIMO] = (S.DECL_MADE if self.party(self.trick_win[last]) == S.DECL
                                     else S.DECL_FAILED)

    # ------------------------------------------------------------ views
    def open_hands(self):
        """Offener Bettler: the declarer's hand lies open during play."""
        return self.cdef is not None and self.cdef["ouvert"] and self.phase == PH_PLAY

    def partner_public(self):
        if not self.called:
            return False
        if self.phase == PH_DONE or (self.king_in_talon and self.talon_shown):
            return True
        if self.partner >= 0 and self.revealed & (1 << self.partner):
            return True
        # once its trick is taken (trick_of is set as the card falls)
        return self.trick_of[king(self.called)] < self.trick_no

    def view(self, p):
        """What position p may see, as plain data."""
        v = {
            "pos": p,
            "n": self.n,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "hand": self.hand_of(p),
            "bids": list(self.bids),
            "contract": self.contract,
            "declarer": self.declarer,
            "called": self.called,
            "announces": list(self.announces),
            "trick": [(self.tseat[i], self.trick[i]) for i in range(self.nt)],
            "trick_no": self.trick_no,
            "tricks": list(self.tricks),
            "shown_discards": list(self.shown),
        }
        if self.talon_shown:
            v["talon"] = list(self.talon)
            v["talon_group"] = self.group
        if self.gifts:
            v["talon_given"] = list(self.talon[:self.gifts])
        if self.partner_public():
            v["partner"] = self.partner
        lt = self.last_trick
        if lt is not None:
            cs, seats, wp = lt
            v["last_trick"] = [(seats[i], cs[i]) for i in range(self.n)]
            v["last_winner"] = wp
        if self.open_hands():
            v["open"] = [(self.declarer, self.hand_of(self.declarer))]
        if self.open2:
            tops = []
            for q in range(2):
                row = []
                for i in range(3 * q, 3 * q + 3):
                    d = self.depth[i]
                    # before "Ich spiele" no stack is turned up yet
                    up = self.phase != PH_OPEN and d < 4
                    row.append((self.stacks[4 * i + d] if up else -1, 4 - d - (1 if up else 0)))
                tops.append(row)
            v["stacks"] = tops
            v["lifted"] = list(self.lifted)
        if p == self.to_move:
            v["legal"] = self.legal_actions()
        if self.phase == PH_DONE:
            v["talon"] = list(self.talon)
            v["result"] = list(self._result)
            s = self._summary
            if self.cdef["kind"] in ("pos", "valat", "neg"):
                v["decl_points"] = S.points(s.decl_thirds)
            v["points"] = [S.points(t) for t in s.thirds]
            v["partner"] = self.partner
        return v

    # ------------------------------------------------------------ replay
    def fingerprint(self):
        """Everything that defines the state, as a tuple (tests compare replays)."""
        return (self.n, self.phase, self.to_move, tuple(self.hands), tuple(self.avail),
                tuple(self.won), bytes(self.talon), self.contract, self.declarer,
                self.partner, self.called, self.group, bytes(self.ann), bytes(self.dbl),
                bytes(self.tricks), tuple(self.thirds), self.trick_no, self.nt,
                bytes(self.trick[:self.nt]), bytes(self.depth) if self.depth else b"",
                tuple(self.log), tuple(self._result) if self._result else None,
                self.mond_lost)
