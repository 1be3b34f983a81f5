# Trick rules for the 54-card games as mask operations (the hot path).
# Sources: seeds/000 (pagat.com Königrufen,
# https://www.pagat.com/tarot/koenigrufen.html: follow suit, else trump;
# negative contracts must overtake; Trischaken Pagat rule; Farbensolo;
# Kaiserstich), RULES.md §1. docs/SOURCES.md maps every seed and RULES.md
# section to its public source.
#
# A hand is 5 small ints per seat in one flat list: hand[o + suit] is the mask
# of ranks held in that suit (o = seat * 5). Nothing here allocates: tests run
# these functions under micropython.heap_lock().
#
# legal_code() encodes the legal set in one small int:
#   (mask << 3) | suit  -- only the cards of `mask` in `suit` (0..4)
#   (tmask << 3) | 7    -- every non-trump card held, plus the trumps in tmask
import sys
from tarock.compat import const
from tarock.tables import SUIT54, RANK54, BASE54, THIRDS54, LOW37
from tarock.cards import KINGS54
from tarock import errors as E

ANY = const(7)
# mode bits
M_NEG = const(1)       # must overtake (negative contracts, Trischaken)
M_TRISCH = const(2)    # Pagat only as the last trump
M_COLOR = const(4)     # Farbensolo: trumps are a plain suit
M_KAISER = const(8)    # Kaiserstich: Sküs + XXI + Pagat in one trick -> Pagat wins
# the Trull's cards (tarock.cards PAGAT, MOND, SKUS) and its ranks' bits in
# the trump mask; a plain suit's cards below the king (ranks 0..6)
_PAGAT = const(0)
_MOND = const(20)
_SKUS = const(21)
_TRULL_BITS = const(0x300001)
_BELOW_KING = const(0x7F)


def legal_code(hand, o, lead, wcard, mode):
    """Legal set for the seat whose hand starts at o.

    lead: led suit, or -1 when this seat leads; wcard: card winning the trick
    so far (ignored when leading)."""
    if lead < 0:
        t = hand[o]
        if mode & M_COLOR and (hand[o + 1] | hand[o + 2] | hand[o + 3] | hand[o + 4]):
            return ANY  # no trump lead while holding anything else
        if mode & M_TRISCH and t & 1 and t != 1:
            t ^= 1
        return (t << 3) | ANY
    m = hand[o + lead]
    s = lead
    if not m:
        m = hand[o]
        if not m:
            return ANY  # void in the led suit and in trumps: anything
        s = 0
    if mode & M_NEG:
        if SUIT54[wcard] == s:
            r = RANK54[wcard] + 1
            hi = (m >> r) << r
            if hi:
                m = hi
        # trumping onto a plain-suit winner always overtakes; following suit
        # under a trump cannot: m stays
    if mode & M_TRISCH and s == 0 and m & 1 and hand[o] != 1:
        m ^= 1
    return (m << 3) | s


def code_has(hand, o, code, c):
    """Is card c in the legal set `code` (and in the hand)?"""
    s = SUIT54[c]
    bit = 1 << RANK54[c]
    if not hand[o + s] & bit:
        return False
    cs = code & 7
    if cs == ANY:
        return s != 0 or bool((code >> 3) & bit)
    return s == cs and bool((code >> 3) & bit)


def code_count(hand, o, code):
    cs = code & 7
    if cs == ANY:
        n = _pop((code >> 3) & hand[o])
        for s in range(1, 5):
            n += _pop(hand[o + s])
        return n
    return _pop(code >> 3)


def code_nth(hand, o, code, k):
    """The k-th legal card (0-based, in card order); for bots and UIs."""
    cs = code & 7
    if cs == ANY:
        for s in range(5):
            m = hand[o + s]
            if s == 0:
                m &= code >> 3
            r = 0
            while m:
                if m & 1:
                    if k == 0:
                        return BASE54[s] + r
                    k -= 1
                m >>= 1
                r += 1
        return -1
    m = code >> 3
    r = 0
    while m:
        if m & 1:
            if k == 0:
                return BASE54[cs] + r
            k -= 1
        m >>= 1
        r += 1
    return -1


def code_cards_walk(hand, o, code):
    """The cards of `code` in card order, as a new list (as code_nth(k) for
    k = 0, 1, ..): for UIs and legal_actions(). One step per card: the
    lowest set bit (m & -m) and its index from tables.LOW37."""
    cards = []
    cs = code & 7
    if cs != ANY:
        m = code >> 3
        c = BASE54[cs]
        while m:
            low = m & -m
            cards.append(c + LOW37[low % 37])
            m ^= low
        return cards
    m = hand[o] & (code >> 3)   # the trumps allowed (suit 0: cards 0..21)
    while m:
        low = m & -m
        cards.append(LOW37[low % 37])
        m ^= low
    for s in range(1, 5):
        m = hand[o + s]
        if m:
            c = BASE54[s]
            while m:
                low = m & -m
                cards.append(c + LOW37[low % 37])
                m ^= low
    return cards


def _card_tuples(base, bits):
    """For each mask of `bits` ranks, its cards base + rank as a tuple."""
    out = []
    for m in range(1 << bits):
        out.append(tuple(base + r for r in range(bits) if m >> r & 1))
    return tuple(out)


def card_tables():
    """The cards of each byte of a suit mask, as tuples: trumps in three
    chunks (ranks 0-7, 8-15, 16-21), then each plain suit. 1,600 tuples,
    about 170 KB and 7 ms to build on CPython: host only (_TABS)."""
    return ((_card_tuples(0, 8), _card_tuples(8, 8), _card_tuples(16, 6)),
            _card_tuples(22, 8), _card_tuples(30, 8), _card_tuples(38, 8),
            _card_tuples(46, 8))


# CPython, whose every bytecode costs, looks the cards up in card_tables()
# (code_cards about twice as fast as the walk: issue 22 (a)); MicroPython
# walks them (no 170 KB of tuples on a device's heap), and so does PyPy, whose
# JIT runs the walk 2-3 times as fast as these lookups (docs/PERFORMANCE.md,
# "Against OpenSpiel").
_TABS = card_tables() if sys.implementation.name == "cpython" else ()  # type: tuple


def code_shared_tables(hand, o, code):
    """code_cards_walk()'s cards as a tuple, by lookups in card_tables()
    (built on CPython only): one suit's code is a table's own tuple, nothing
    allocated; otherwise one concatenation a part."""
    tabs = _TABS
    cs = code & 7
    if cs != ANY and cs:
        return tabs[cs][code >> 3]
    # the trumps: all of code's (suit 0), or those allowed of the hand's (ANY)
    m = code >> 3 if cs == 0 else hand[o] & (code >> 3)
    t0, t1, t2 = tabs[0]
    cards = t0[m & 255]
    if m > 255:
        cards += t1[(m >> 8) & 255] + t2[m >> 16]
    if cs == ANY:
        cards += (tabs[1][hand[o + 1]] + tabs[2][hand[o + 2]]
                  + tabs[3][hand[o + 3]] + tabs[4][hand[o + 4]])
    return cards


def code_cards_tables(hand, o, code):
    """code_cards_walk() by the lookups of code_shared_tables()."""
    return list(code_shared_tables(hand, o, code))


# code_cards(hand, o, code): the cards of `code` in card order, a new list;
# code_shared(hand, o, code): the same cards, to read and never change: a
# table's own tuple on CPython, a new list from the walk elsewhere (PyPy's
# JIT boxes a tuple's ints; a list of them it keeps unboxed). Slovenian
# legal_actions() keeps it for apply()'s check and hands out a list of it.
code_cards = code_cards_tables if _TABS else code_cards_walk
code_shared = code_shared_tables if _TABS else code_cards_walk


def discard_code(hand, o, c):
    """0 if card c may go from the hand at o to the discards, else the error:
    never a king or a Trull card; another trump only when no plain card
    below the king is left (Königrufen and Slovenian talon rules)."""
    if not hand[o + SUIT54[c]] & (1 << RANK54[c]):
        return E.E_NOT_IN_HAND
    if c in KINGS54 or c == _PAGAT or c == _MOND or c == _SKUS:
        return E.E_DISCARD_KING
    if SUIT54[c] == 0:
        for t in range(1, 5):
            if hand[o + t] & _BELOW_KING:
                return E.E_DISCARD_TRUMP
    return 0


def discard_masks(hand, o, out):
    """The cards discard_code() lets go, as 5 suit masks into out[0:5], one
    step a suit (legal lists: no discard_code() a card): the plain cards
    below the king, or the trumps but the Trull once none is left."""
    plain = 0
    for s in range(1, 5):
        m = hand[o + s] & _BELOW_KING
        out[s] = m
        plain |= m
    out[0] = 0 if plain else hand[o] & ~_TRULL_BITS
    return out


def _pop(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def trick_winner(cards, n, keys, lead, mode):
    """Index (0..n-1) of the winning card among cards[0:n]."""
    if mode & M_KAISER and n >= 3:
        p = -1
        seen = 0
        for i in range(n):
            c = cards[i]
            if c == _PAGAT:
                p = i
                seen |= 1
            elif c == _MOND:
                seen |= 2
            elif c == _SKUS:
                seen |= 4
        if seen == 7:
            return p
    return key_winner(cards, n, keys, lead * 54)


def key_winner(cards, n, keys, base):
    """Index of the card with the highest keys[base + card] among cards[0:n]
    (the first one on a tie). Shared by every deck's trick tables."""
    best = 0
    bk = keys[base + cards[0]]
    for i in range(1, n):
        k = keys[base + cards[i]]
        if k > bk:
            bk = k
            best = i
    return best


def pile_thirds(masks, o):
    """Thirds of a pile kept as 5 suit masks at masks[o:o+5]."""
    t = 0
    for s in range(5):
        m = masks[o + s]
        c = BASE54[s]
        while m:
            low = m & -m
            t += THIRDS54[c + LOW37[low % 37]]
            m ^= low
    return t
