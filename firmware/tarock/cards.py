# Cards as small ints, names only at the edges.
# 54-card Tarock deck (RULES.md "54-card Tarock deck", after pagat.com
# Königrufen, https://www.pagat.com/tarot/koenigrufen.html; docs/SOURCES.md
# maps every seed and RULES.md section to its public source): cards 0..21
# are the trumps I (Pagat) .. XXI (Mond), Sküs; then ♥ ♦ ♠ ♣, eight each,
# lowest first (red 4 3 2 1 J C Q K, black 7 8 9 10 J C Q K). Suit 0 is always trumps, so
# the 78-card French and 36-card German decks slot into the same shape.
from tarock.compat import const
from tarock.tables import SUIT54, RANK54, BASE54, SIZE54, LOW37

TRUMPS = const(0)
HEARTS = const(1)
DIAMONDS = const(2)
SPADES = const(3)
CLUBS = const(4)

PAGAT = const(0)
UHU = const(1)
KAKADU = const(2)
MARABU = const(3)
MOND = const(20)
SKUS = const(21)
# kings: the top card of each plain suit
KINGS54 = (29, 37, 45, 53)

SUIT_LETTERS = "THDSC"
SUIT_SYMBOLS = ("T", "\u2665", "\u2666", "\u2660", "\u2663")
_TRUMP_NAMES = ("I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X",
                "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX",
                "XX", "XXI", "Sküs")
_RED = ("4", "3", "2", "1", "J", "C", "Q", "K")
_BLACK = ("7", "8", "9", "10", "J", "C", "Q", "K")


def king(suit):
    return BASE54[suit] + SIZE54[suit] - 1


def name(c):
    """'XXI', 'Sküs', 'HK', 'S10' ..."""
    if not 0 <= c < 54:
        raise ValueError("no such card: %r" % (c,))
    s = SUIT54[c]
    r = RANK54[c]
    if s == 0:
        return _TRUMP_NAMES[r]
    return SUIT_LETTERS[s] + (_RED if s < 3 else _BLACK)[r]


def _by_name():
    """Name -> card, built on first use: names are parsed only at the edges
    (tests, host tools), so the device never holds this table."""
    d = {}
    for c in range(54):
        d[name(c).upper()] = c
    d["SKUS"] = SKUS
    d["SKÜS"] = SKUS
    d["PAGAT"] = PAGAT
    d["MOND"] = MOND
    d["IV"] = 3
    return d


_BY_NAME = []


def lookup(cache, build, text):
    """Card from its name in the table build() makes, kept in the list cache
    from the first call on (every deck's card() parses this way)."""
    if not cache:
        cache.append(build())
    c = cache[0].get(text.strip().upper())
    if c is None:
        raise ValueError("unknown card name %r" % (text,))
    return c


def card(text):
    """Card from its name: card('XXI'), card('HK'), card('Sküs')."""
    return lookup(_BY_NAME, _by_name, text)


def cards(text):
    """Several cards from a space separated list of names."""
    return [card(t) for t in text.split()]


def names(cs):
    return " ".join(name(c) for c in cs)


def hand_cards(hand, o=0, nsuits=5):
    """Cards in a per-suit mask hand, in card order (allocates: edges only)."""
    out = []
    for s in range(nsuits):
        m = hand[o + s]
        b = BASE54[s]
        while m:
            low = m & -m
            out.append(b + LOW37[low % 37])
            m ^= low
    return out
