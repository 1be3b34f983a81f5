# Bavarian Tarock: one deal of the three-player 36-card German-suited game as
# a state machine. Source: seeds/000_a672f01ad6fad4a6.txt (first part,
# "Spielregeln Tarock"; the game publicly:
# https://de.wikipedia.org/wiki/Bayerisches_Tarock)
# and RULES.md §5 with its "Readings fixed" for Bavarian; decisions the texts
# leave open are in docs/DECISIONS.md. docs/SOURCES.md maps every seed
# and RULES.md section to its public source.
#
# Positions are in turn order, which runs clockwise ("linksrum"): 0 = forehand
# (the dealer's left), 1, 2 = the dealer; tarock.seating.positions(3, dealer,
# active=3, clockwise=True) maps them to table seats. Deal: 4 each from
# forehand, 3 each, 3 to the Stock, 4 each (11 cards each).
# Bidding from forehand: hand game (Stock closed, counts for the declarer)
# from 61, Aufnahme (take the Stock, put back 3 that count for him) from 71,
# targets in steps of 5 up to 120; rank = target (+10 for a hand game); at
# equal rank the hand game wins, then the seat nearer the dealer's left (a
# seat of higher priority may hold an equal bid); a pass is final; all pass
# => redeal by the next dealer. The declarer (after his Aufnahme exchange)
# names trumps, may announce Schneider/Schwarz (house option), forehand leads;
# follow suit, else trump, else any.
#
# Actions are small ints: 0..35 cards (play or put back), A_PASS,
# A_HAND + i / A_AUF + i (bid the i-th target of the ladder), A_TRUMP + suit,
# A_SCHNEIDER, A_SCHWARZ, each range after the one before. API as
# tarock.koenigrufen.rules: phase, to_move, legal_actions(), why_illegal(a),
# apply(a) (raises IllegalAction, state unchanged), view(p), result(),
# summary(), log, fingerprint(), Deal.replay(profile, deck, log).
from tarock.compat import const
from tarock.deal import DealState
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.bavarian.tables import SUIT36, RANK36, KEY36, EYES36
from tarock.bavarian.trick import legal36, eyes36
from tarock.bavarian.cards import hand_cards
from tarock.rng import shuffled_deck
from tarock.bavarian.profiles import targets, MAX_TARGETS
from tarock.bavarian import score as S

N = const(3)
NCARDS = const(36)
# Action codes (tarock.codes): each base is the end of the range before it, so
# a range that grows moves the later ones; codes() lists the same ranges for
# the checks and for a log's own table. const() takes only literals and this
# module's consts, hence MAX_TARGETS of profiles.py mirrored (checked below).
_MAX_TARGETS = const(19)     # profiles.MAX_TARGETS
A_PASS = const(NCARDS)       # after the cards
A_HAND = const(A_PASS + 1)   # + target index 0..18
A_AUF = const(A_HAND + _MAX_TARGETS)     # + target index 0..18
A_TRUMP = const(A_AUF + _MAX_TARGETS)    # + suit 0..3
A_SCHNEIDER = const(A_TRUMP + 4)
A_SCHWARZ = const(A_SCHNEIDER + 1)
A_MAX = const(A_SCHWARZ + 1)
if _MAX_TARGETS != MAX_TARGETS:
    raise ImportError("bavarian.rules: MAX_TARGETS is not profiles.py's")


def codes():
    """The action code ranges ((name, base, count), ...), laid out from their
    counts."""
    from tarock.codes import layout  # on first use: a deal never needs it
    return layout((("card", NCARDS), ("pass", 1), ("hand", MAX_TARGETS), ("auf", MAX_TARGETS),
                   ("trump", 4), ("schneider", 1), ("schwarz", 1)))


PH_BID = const(0)
PH_DISCARD = const(1)
PH_TRUMP = const(2)
PH_ANNOUNCE = const(3)
PH_PLAY = const(4)
PH_DONE = const(5)
PHASE_NAMES = ("bid", "discard", "trump", "announce", "play", "done")

# Bavarian error codes (range 200-249)
E_BELOW_MIN = E.register(200, "below the lowest target of that game (hand game 61, Aufnahme 71)")
E_NO_TARGET = E.register(201, "no such target on the bidding ladder")

_ladder = {}


def ladder(profile):
    """The profile's targets, cached for one profile object (like
    koenigrufen.compiled: one entry, so no profile is kept alive for good)."""
    k = id(profile)
    c = _ladder.get(k)
    if c is None or c[0] is not profile:
        c = (profile, targets(profile))
        _ladder.clear()
        _ladder[k] = c
    return c[1]


class Deal(DealState):
    PLAY = PH_PLAY
    DONE = PH_DONE
    SCORING = S

    def __init__(self, profile, seed=0, deck=None):
        """deck: explicit card order (36 ints, dealt 4/3/Stock 3/4 from
        forehand) or None to shuffle with seed."""
        self.profile = profile
        self.targets = ladder(profile)
        if deck is None:
            deck = shuffled_deck(NCARDS, seed)
        else:
            deck = bytearray(deck)
            if len(deck) != NCARDS or sorted(deck) != list(range(NCARDS)):
                raise ValueError("deck must be a permutation of the 36 cards")
        self.deck = deck
        self.seed = seed
        self.log = []
        self.hands = [0] * (N * 4)
        self.won = [0] * (N * 4)      # tricks won; the declarer's put-back cards too
        self.stock = bytearray(deck[21:24])
        self.phase = PH_BID
        self.to_move = 0
        # bidding: best bid as a key (rank * 2 + hand), its holder
        self.best = -1
        self.best_a = -1
        self.holder = -1
        self.passed = 0               # bit p: p has passed
        self.bids = []                # (pos, action) for views
        # the game
        self.declarer = -1
        self.hand_game = False
        self.target = 0
        self.trump = -1
        self.announced = 0
        self.stock_taken = False
        self.put = bytearray()        # cards put back in an Aufnahme
        # play
        self.trick = bytearray(3)
        self.tseat = bytearray(3)
        self.nt = 0
        self.lead = -1
        self.wi = 0
        self.trick_no = 0
        self.tricks = bytearray(N)
        self.eyes = [0] * N           # eyes in tricks per position
        self.last_trick = None
        self._summary = None  # type: S.Summary  # pyright: ignore[reportAttributeAccessIssue] (set by _finish(), read once DONE)
        self._result = None  # type: list[int]  # pyright: ignore[reportAttributeAccessIssue] (set by _finish(), read once DONE)
        for p in range(N):
            self._give(p, 4 * p, 4)
            self._give(p, 12 + 3 * p, 3)
            self._give(p, 24 + 4 * p, 4)

    # ------------------------------------------------------------ helpers
    def _give(self, p, start, n):
        d = self.deck
        h = self.hands
        o = p * 4
        for i in range(start, start + n):
            c = d[i]
            h[o + SUIT36[c]] |= 1 << RANK36[c]

    def hand_of(self, p):
        return hand_cards(self.hands, p * 4)

    def holds_card(self, p, c):
        return bool(self.hands[p * 4 + SUIT36[c]] & (1 << RANK36[c]))

    def bid_of(self, a):
        """(hand game?, target) of a bid action, or None."""
        n = len(self.targets)
        if A_HAND <= a < A_HAND + n:
            return True, self.targets[a - A_HAND]
        if A_AUF <= a < A_AUF + n:
            return False, self.targets[a - A_AUF]
        return None

    def _key(self, hand, target):
        return (target + (self.profile["hand_rank"] if hand else 0)) * 2 + (1 if hand else 0)

    # ------------------------------------------------------------ legality
    def _legal_list(self):
        """Every legal action for to_move, ascending (DealState.legal_actions
        keeps it for apply())."""
        ph = self.phase
        out = []
        if ph == PH_PLAY or ph == PH_DISCARD:
            for c in self.hand_of(self.to_move):
                if self.why_illegal(c) == 0:
                    out.append(c)
            return out
        if ph == PH_BID:
            out.append(A_PASS)
            for base in (A_HAND, A_AUF):
                for i in range(len(self.targets)):
                    if self.why_illegal(base + i) == 0:
                        out.append(base + i)
            return out
        if ph == PH_TRUMP:
            return [A_TRUMP, A_TRUMP + 1, A_TRUMP + 2, A_TRUMP + 3]
        if ph == PH_ANNOUNCE:
            return [A_PASS, A_SCHNEIDER, A_SCHWARZ]
        return out

    def why_illegal(self, a):
        """0 if a is legal for to_move, else an error code (errors.explain)."""
        ph = self.phase
        if ph == PH_PLAY and type(a) is int and 0 <= a < NCARDS:
            return self._why_card(self.to_move, a)  # the hot case first
        if ph == PH_DONE:
            return E.E_DONE
        if type(a) is not int or a < 0 or a >= A_MAX:
            return E.E_UNKNOWN
        p = self.to_move
        if ph == PH_BID:
            return self._why_bid(p, a)
        if ph == PH_DISCARD:
            if a >= NCARDS:
                return E.E_NOT_IN_PHASE
            return 0 if self.holds_card(p, a) else E.E_NOT_IN_HAND
        if ph == PH_TRUMP:
            return 0 if A_TRUMP <= a < A_TRUMP + 4 else E.E_NOT_IN_PHASE
        if ph == PH_ANNOUNCE:
            return 0 if a == A_PASS or a == A_SCHNEIDER or a == A_SCHWARZ else E.E_NOT_IN_PHASE
        return E.E_NOT_IN_PHASE  # a non-card in the play phase

    def _why_bid(self, p, a):
        if a == A_PASS:
            return 0
        if not A_HAND <= a < A_TRUMP:
            return E.E_NOT_IN_PHASE
        b = self.bid_of(a)
        if b is None:
            return E_NO_TARGET
        hand, target = b
        if not hand and target < self.profile["aufnahme_from"]:
            return E_BELOW_MIN
        k = self._key(hand, target)
        if k > self.best or (k == self.best and p < self.holder):
            return 0
        return E.E_BID_TOO_LOW

    def _why_card(self, p, c):
        h = self.hands
        o = p * 4
        s = SUIT36[c]
        if not h[o + s] & (1 << RANK36[c]):
            return E.E_NOT_IN_HAND
        if self.nt == 0:
            return 0
        lead = self.lead
        if s == lead:
            return 0
        if h[o + lead]:
            return E.E_MUST_FOLLOW
        if s != self.trump and h[o + self.trump]:
            return E.E_MUST_TRUMP
        return 0

    def legal_code_for_move(self):
        """Fast path for bots/UIs: bavarian/trick.legal36() of the seat to move (pick
        with bavarian/trick.count36/nth36, nothing allocated), or -1 outside the play
        phase (then use legal_actions())."""
        if self.phase != PH_PLAY:
            return -1
        return legal36(self.hands, self.to_move * 4, self.lead if self.nt else -1, self.trump)

    # ------------------------------------------------------------ applying
    def apply(self, a):
        """Apply a legal action; raise IllegalAction (state unchanged) otherwise."""
        code = 0 if self._known_legal(a) else self.why_illegal(a)
        if code:
            raise IllegalAction(code, a if type(a) is int else -1)
        self.log.append(a)
        ph = self.phase
        p = self.to_move
        if ph == PH_PLAY:
            self._play(p, a)
        elif ph == PH_BID:
            self._bid(p, a)
        elif ph == PH_DISCARD:
            self._put_back(p, a)
        elif ph == PH_TRUMP:
            self.trump = a - A_TRUMP
            if self.profile["announce"]:
                self.phase = PH_ANNOUNCE
            else:
                self._start_play()
        elif ph == PH_ANNOUNCE:
            if a != A_PASS:
                self.announced = S.SCHNEIDER if a == A_SCHNEIDER else S.SCHWARZ
            self._start_play()

    def _bid(self, p, a):
        self.bids.append((p, a))
        if a == A_PASS:
            self.passed |= 1 << p
        else:
            hand, target = self.bid_of(a)  # pyright: ignore[reportGeneralTypeIssues] (a is a bid: not None)
            self.best = self._key(hand, target)
            self.best_a = a
            self.holder = p
        n_passed = (self.passed & 1) + ((self.passed >> 1) & 1) + ((self.passed >> 2) & 1)
        if n_passed == N:
            self._finish()  # all passed: no game, the next dealer deals
            return
        if n_passed == N - 1 and self.holder >= 0:
            self._set_game()
            return
        q = (p + 1) % N
        while self.passed & (1 << q):
            q = (q + 1) % N
        self.to_move = q

    def _set_game(self):
        d = self.holder
        self.declarer = d
        self.hand_game, self.target = self.bid_of(self.best_a)  # pyright: ignore[reportGeneralTypeIssues] (best_a is a bid)
        self.to_move = d
        if self.hand_game:
            self.phase = PH_TRUMP
            return
        # Aufnahme: the Stock goes into his hand, he puts three back
        for c in self.stock:
            self.hands[d * 4 + SUIT36[c]] |= 1 << RANK36[c]
        self.stock_taken = True
        self.phase = PH_DISCARD

    def _put_back(self, p, c):
        bit = 1 << RANK36[c]
        self.hands[p * 4 + SUIT36[c]] &= ~bit
        self.won[p * 4 + SUIT36[c]] |= bit
        self.put.append(c)
        if len(self.put) == 3:
            self.phase = PH_TRUMP

    def _start_play(self):
        self.phase = PH_PLAY
        self.to_move = 0  # forehand leads, whoever declares

    def _play(self, p, c):
        s = SUIT36[c]
        self.hands[p * 4 + s] &= ~(1 << RANK36[c])
        n = self.nt
        trick = self.trick
        trick[n] = c
        self.tseat[n] = p
        if n == 0:
            self.lead = s
            self.wi = 0
        else:
            base = (self.trump * 4 + self.lead) * 36
            if KEY36[base + c] > KEY36[base + trick[self.wi]]:
                self.wi = n
        n += 1
        self.nt = n
        if n < N:
            self.to_move = (p + 1) % N
            return
        wp = self.tseat[self.wi]
        o = wp * 4
        won = self.won
        e = 0
        for i in range(N):
            x = trick[i]
            won[o + SUIT36[x]] |= 1 << RANK36[x]
            e += EYES36[x]
        self.eyes[wp] += e
        self.tricks[wp] += 1
        self.last_trick = (bytes(trick), bytes(self.tseat), wp)
        self.trick_no += 1
        self.nt = 0
        self.lead = -1
        self.wi = 0
        self.to_move = wp
        if self.trick_no == 11:
            self._finish()

    # ------------------------------------------------------------ the end
    def decl_eyes(self):
        """The declarer's eyes: his pile (tricks, put-back cards) plus the
        closed Stock of a hand game."""
        d = self.declarer
        e = eyes36(self.won, d * 4)
        if not self.stock_taken:
            for c in self.stock:
                e += EYES36[c]
        return e

    def _make_summary(self):
        if self.declarer < 0:
            return S.redeal_summary()
        d = self.declarer
        s = S.Summary(d, self.hand_game, self.target)
        s.trump = self.trump
        s.announced = self.announced
        s.decl_eyes = self.decl_eyes()
        s.decl_tricks = self.tricks[d]
        s.def_tricks = self.trick_no - self.tricks[d]
        return s

    def redeal(self):
        """All passed: the deal is void and the next dealer deals."""
        return self.phase == PH_DONE and self.declarer < 0

    # ------------------------------------------------------------ views
    def view(self, p):
        """What position p may see, as plain data."""
        v = {
            "pos": p,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "hand": self.hand_of(p),
            "bids": list(self.bids),
            "declarer": self.declarer,
            "hand_game": self.hand_game,
            "target": self.target,
            "trump": self.trump,
            "announced": self.announced,
            "trick": [(self.tseat[i], self.trick[i]) for i in range(self.nt)],
            "trick_no": self.trick_no,
            "tricks": list(self.tricks),
        }
        if self.last_trick is not None:
            cs, seats, wp = self.last_trick
            v["last_trick"] = [(seats[i], cs[i]) for i in range(N)]
            v["last_winner"] = wp
        if p == self.declarer and self.stock_taken:
            v["stock"] = list(self.stock)  # Aufnahme: seen by him alone
            v["put_back"] = list(self.put)
        if p == self.to_move:
            v["legal"] = self.legal_actions()
        if self.phase == PH_DONE:
            v["stock"] = list(self.stock)  # counted in the open at the end
            v["put_back"] = list(self.put)
            v["result"] = list(self._result)
            v["redeal"] = self.declarer < 0
            if self.declarer >= 0:
                v["decl_eyes"] = self._summary.decl_eyes
        return v

    # ------------------------------------------------------------ replay
    def fingerprint(self):
        """Everything that defines the state, as a tuple (tests compare replays)."""
        return (self.phase, self.to_move, tuple(self.hands), tuple(self.won),
                bytes(self.stock), self.best, self.holder, self.passed, self.declarer,
                self.hand_game, self.target, self.trump, self.announced, bytes(self.put),
                bytes(self.tricks), tuple(self.eyes), self.trick_no, self.nt,
                bytes(self.trick), tuple(self.log),
                tuple(self._result) if self._result else None)
