# Card-play habits shared by the rule-based bots of the trick-taking families
# (no rules of their own: they choose among the legal cards the Deal offers).
# A Memory keeps what the seat has seen in its views: cards played (per-suit
# masks), voids shown by play, and answers the questions the habits need
# (who wins the trick so far, is a card the highest one still out).
#
# Deck description `deck`: (SUIT, RANK, VALUE, BASE, SIZE, KEY, NCARDS, TRUMP,
# UNIT, EXCUSE) from the family's generated tables; KEY[lead * NCARDS + card]
# is the trick key (highest wins, 0 = cannot win); TRUMP the trump suit (0 in
# the Tarock decks, named per deal in Bavarian); UNIT scales the point
# thresholds (1 for card values 1..5, 2 for half points, 3 for eyes 0..11);
# EXCUSE the French Excuse (never wins, never sets the suit), -1 elsewhere.

NSUITS = 6  # five suits, and the French Excuse's own


class Memory:
    __slots__ = ("deck", "played", "void", "seen_tricks", "pos", "mine", "n")

    def __init__(self, deck, pos, nseats=4):
        self.deck = deck  # type: tuple
        self.pos = pos
        self.n = nseats
        self.played = [0] * NSUITS
        self.mine = [0] * NSUITS
        self.void = bytearray(8)  # bit s: seat shown void in suit s
        self.seen_tricks = 0

    def _note_trick(self, trick, n):
        """Record the first n (seat, card) pairs of a trick: played cards, voids."""
        SUIT = self.deck[0]
        RANK = self.deck[1]
        if n == 0:
            return
        T = self.deck[7]
        X = self.deck[9]
        lead = lead_of(self.deck, trick)
        for i in range(n):
            seat, c = trick[i]
            s = SUIT[c]
            self.played[s] |= 1 << RANK[c]
            if s != lead and c != X and lead >= 0:
                self.void[seat] |= 1 << lead
                if s != T:
                    self.void[seat] |= 1 << T  # neither followed nor trumped

    def update(self, v):
        """Take in a play-phase view: the completed trick since the last call
        (every seat plays in every trick, so none is missed) and the hand."""
        tn = v["trick_no"]
        if tn > self.seen_tricks:
            lt = v.get("last_trick")
            if lt is not None:
                self._note_trick(lt, len(lt))
            self.seen_tricks = tn
        SUIT = self.deck[0]
        RANK = self.deck[1]
        m = self.mine
        for s in range(NSUITS):
            m[s] = 0
        for c in v["hand"]:
            m[SUIT[c]] |= 1 << RANK[c]

    def out(self, s, trick):
        """Mask of suit-s ranks not yet seen (not played, not mine, not in
        the current trick)."""
        SUIT = self.deck[0]
        RANK = self.deck[1]
        full = (1 << self.deck[4][s]) - 1
        m = full & ~(self.played[s] | self.mine[s])
        for (seat, c) in trick:
            if SUIT[c] == s:
                m &= ~(1 << RANK[c])
        return m

    def is_boss(self, c, trick):
        """No unseen card of c's suit ranks above c."""
        s = self.deck[0][c]
        r = self.deck[1][c]
        return (self.out(s, trick) >> (r + 1)) == 0

    def trick_voids(self, trick):
        """Voids shown in the current trick (not yet recorded)."""
        n = len(trick)
        if n > 1:
            self._note_trick(trick, n)
            # cards stay counted as played only once the trick is recorded;
            # undo the played bits (voids are permanent facts)
            SUIT = self.deck[0]
            RANK = self.deck[1]
            for (seat, c) in trick:
                self.played[SUIT[c]] &= ~(1 << RANK[c])


def key_of(deck, lead, c):
    return deck[5][lead * deck[6] + c]


def lead_of(deck, trick):
    """The suit to follow: the first card's, passing over the Excuse (-1:
    none yet)."""
    X = deck[9]
    for (seat, c) in trick:
        if c != X:
            return deck[0][c]
    return -1


def winner(deck, trick):
    """(index, card) of the card winning the trick so far."""
    lead = lead_of(deck, trick)
    if lead < 0:
        return 0, trick[0][1]
    base = lead * deck[6]
    keys = deck[5]
    bi = 0
    bc = trick[0][1]
    bk = keys[base + bc]
    for i in range(1, len(trick)):
        c = trick[i][1]
        k = keys[base + c]
        if k > bk:
            bk = k
            bi = i
            bc = c
    return bi, bc


def trick_value(deck, trick):
    t = 0
    for (seat, c) in trick:
        t += deck[2][c]
    return t


def _by_key(deck, cards, lead, avoid, sign):
    """The card of least (sign 1) or greatest (sign -1) trick key, then value;
    `avoid` only if nothing else."""
    best = -1
    bk = 0
    for c in cards:
        if c == avoid and len(cards) > 1:
            continue
        k = sign * (key_of(deck, lead, c) * 8 + deck[2][c])
        if best < 0 or k < bk:
            best = c
            bk = k
    return best


def lowest(deck, cards, lead, avoid=-1):
    return _by_key(deck, cards, lead, avoid, 1)


def highest(deck, cards, lead, avoid=-1):
    return _by_key(deck, cards, lead, avoid, -1)


def cheapest(deck, cards, avoid=-1):
    """Least valuable card to give away: low value, plain before trump, low rank."""
    SUIT = deck[0]
    T = deck[7]
    best = -1
    bk = 0
    for c in cards:
        if c == avoid and len(cards) > 1:
            continue
        k = deck[2][c] * 1024 + (512 if SUIT[c] == T else 0) + deck[1][c] * 16 + SUIT[c]
        if best < 0 or k < bk:
            best = c
            bk = k
    return best


def richest(deck, cards, avoid=-1):
    """Most valuable card to give a friend's trick: high value, plain first."""
    SUIT = deck[0]
    T = deck[7]
    best = -1
    bk = 0
    for c in cards:
        if c == avoid and len(cards) > 1:
            continue
        k = deck[2][c] * 1024 + (0 if SUIT[c] == T else 512) - deck[1][c] * 16 - SUIT[c]
        if best < 0 or k > bk:
            best = c
            bk = k
    return best


def suit_count(deck, hand, s):
    SUIT = deck[0]
    n = 0
    for c in hand:
        if SUIT[c] == s:
            n += 1
    return n


def play_positive(deck, mem, v, legal, friends, declarer_side, keep=-1, last=11):
    """A card for a positive contract. friends: bitmask of seats on my side
    (me included); declarer_side: am I on the declarer's side; keep: a card to
    keep for the last trick (the Pagat); last: the last trick's number."""
    SUIT = deck[0]
    trick = v["trick"]
    if len(legal) == 1:
        return legal[0]
    if v["trick_no"] == last:
        return legal[0]
    n_in = len(trick)
    nseats = mem.n
    if n_in == 0:
        return _lead_positive(deck, mem, v, legal, friends, declarer_side, keep)
    mem.trick_voids(trick)
    lead = lead_of(deck, trick)
    if lead < 0:
        return _lead_positive(deck, mem, v, legal, friends, declarer_side, keep)
    wi, wc = winner(deck, trick)
    wseat = trick[wi][0]
    after = 0  # enemies still to play after me
    me = mem.pos
    for i in range(1, nseats - n_in):
        q = (me + i) % nseats
        if not friends & (1 << q):
            after += 1
    pts = trick_value(deck, trick)
    U = deck[8]
    wk = key_of(deck, lead, wc)
    if friends & (1 << wseat):
        if after == 0 or mem.is_boss(wc, trick):
            # the trick is ours: give it points
            c = richest(deck, legal, keep)
            if c != keep:
                return c
        return cheapest(deck, legal, keep)
    # an opponent (or an unknown seat) is winning
    winners = []
    for c in legal:
        if key_of(deck, lead, c) > wk:
            winners.append(c)
    if winners:
        lo = lowest(deck, winners, lead, keep)
        if lo == keep:
            lo = -1
        if after == 0:
            if lo >= 0:
                return lo
        else:
            hi = highest(deck, winners, lead, keep)
            if hi != keep and mem.is_boss(hi, trick):
                # a sure winner: worth it when the trick carries points, or
                # to pull trumps as the declarer's side
                if pts >= 3 * U or declarer_side or deck[2][hi] >= 4 * U:
                    # prefer the cheapest sure winner
                    for c in winners:
                        if c != keep and mem.is_boss(c, trick) and key_of(deck, lead, c) < key_of(deck, lead, hi):
                            hi = c
                    return hi
            elif lo >= 0 and pts >= 4 * U and SUIT[lo] == deck[7] and after == 1:
                return lo
    return cheapest(deck, legal, keep)


def _lead_positive(deck, mem, v, legal, friends, declarer_side, keep):
    SUIT = deck[0]
    T = deck[7]
    trick = v["trick"]
    hand = v["hand"]
    trumps = 0
    for c in legal:
        if SUIT[c] == T and c != keep:
            trumps += 1
    enemies_trump = False
    for q in range(mem.n):
        if not friends & (1 << q) and not mem.void[q] & (1 << T):
            enemies_trump = True
    if declarer_side and trumps and enemies_trump:
        # draw trumps: cash the top one if nobody can beat it, else a low one
        hi = -1
        lo = -1
        for c in legal:
            if SUIT[c] == T and c != keep:
                if hi < 0 or c > hi:
                    hi = c
                if lo < 0 or c < lo:
                    lo = c
        if mem.is_boss(hi, trick):
            return hi
        if trumps >= 3:
            return lo
    # plain suits: cash a sure winner where no enemy has shown a void
    best = -1
    for c in legal:
        s = SUIT[c]
        if s == T:
            continue
        if mem.is_boss(c, trick):
            ok = True
            for q in range(mem.n):
                if not friends & (1 << q) and mem.void[q] & (1 << s):
                    ok = False
            if ok and (best < 0 or deck[2][c] > deck[2][best]):
                best = c
    if best >= 0:
        return best
    # else the lowest card of the shortest plain suit (to make a void)
    bk = 0
    for c in legal:
        s = SUIT[c]
        if s == T:
            continue
        k = suit_count(deck, hand, s) * 64 + deck[2][c] * 8 + deck[1][c]
        if best < 0 or k < bk:
            best = c
            bk = k
    if best >= 0:
        return best
    return lowest(deck, legal, 0, keep)


def play_duck(deck, mem, v, legal, avoid=-1):
    """Take as few tricks as possible (negative declarer, Trischaken): under
    the winner with the highest card that stays under; forced to win, with
    the lowest winner while others follow (they may have to overtake), with
    the highest card when last. Lead the lowest card."""
    trick = v["trick"]
    if len(legal) == 1:
        return legal[0]
    lead = lead_of(deck, trick)
    if lead < 0:
        return _lowest_lead(deck, mem, v, legal, avoid, -1)
    wi, wc = winner(deck, trick)
    wk = key_of(deck, lead, wc)
    under = []
    for c in legal:
        if key_of(deck, lead, c) <= wk:
            under.append(c)
    if under:
        return highest(deck, under, lead, avoid)
    if len(trick) == mem.n - 1:
        return highest(deck, legal, lead, avoid)
    return lowest(deck, legal, lead, avoid)


def play_push(deck, mem, v, legal, declarer):
    """Defend a negative contract: make the declarer take tricks. Under his
    winning card with the highest card that stays under it; low while he is
    still to play; rid of high cards when he cannot win this trick. Lead low in
    suits he has not shown void."""
    trick = v["trick"]
    if len(legal) == 1:
        return legal[0]
    lead = lead_of(deck, trick)
    if lead < 0:
        return _lowest_lead(deck, mem, v, legal, -1, declarer)
    wi, wc = winner(deck, trick)
    wk = key_of(deck, lead, wc)
    played = False
    for (seat, c) in trick:
        if seat == declarer:
            played = True
    if played:
        if trick[wi][0] == declarer:
            under = []
            for c in legal:
                if key_of(deck, lead, c) <= wk:
                    under.append(c)
            if under:
                return highest(deck, under, lead)
        return highest(deck, legal, lead)
    return lowest(deck, legal, lead)


def _lowest_lead(deck, mem, v, legal, avoid, declarer):
    SUIT = deck[0]
    RANK = deck[1]
    best = -1
    bk = 0
    for c in legal:
        if c == avoid:
            continue
        s = SUIT[c]
        # low rank first; plain before trumps; avoid suits the declarer is void in
        k = RANK[c] * 4 + (2 if s == deck[7] else 0)
        if declarer >= 0 and mem.void[declarer] & (1 << s):
            k += 256
        if best < 0 or k < bk:
            best = c
            bk = k
    return best if best >= 0 else legal[0]


def is_boss_safe(deck, mem, c, trick, me):
    """Leading c surely wins: the highest card still out in its suit, and for
    a plain card no other seat has shown a void in that suit."""
    if not mem.is_boss(c, trick):
        return False
    s = deck[0][c]
    if s == deck[7]:
        return True
    for q in range(mem.n):
        if q != me and mem.void[q] & (1 << s):
            return False
    return True


def side_mask(me, d, n, partner):
    """Bitmask of the seats on my side with n seats and declarer d. partner:
    the declarer's partner, -1 when he plays alone, -2 when I do not know it
    (then I count only myself as a friend)."""
    if me == d:
        return (1 << d) | ((1 << partner) if partner >= 0 else 0)
    if partner == me:
        return (1 << me) | (1 << d)
    if partner == -2:
        return 1 << me
    f = ((1 << n) - 1) & ~(1 << d)
    if partner >= 0 and partner != d:
        f &= ~(1 << partner)
    return f


class PhaseBot:
    """Dispatch on the view's phase: PHASES maps a phase name to the name of
    a method (v, legal) -> action; "play" always goes to _play, a single
    legal action elsewhere is taken as it is, an unknown phase gets the
    first legal action."""
    PHASES = {}

    def act(self, seat):
        v = seat.view()
        legal = v["legal"]
        ph = v["phase"]
        if ph == "play":
            return self._play(v, legal)  # pyright: ignore[reportAttributeAccessIssue] (every family's bot has one)
        if len(legal) == 1:
            return legal[0]
        m = self.PHASES.get(ph)
        if m is None:
            return legal[0]
        return getattr(self, m)(v, legal)
