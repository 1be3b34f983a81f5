# Cards of the 78-card French Tarot deck as small ints, names only at the edges.
# RULES.md §4, seeds/003 (the FFT rules,
# https://www.fftarot.fr/assets/documents/R-RO201206.pdf; docs/SOURCES.md
# maps every seed and RULES.md section to its public source).
# Numbering (host_tools/build/decks78.py): 0..20 trumps 1..21
# (0 = the Petit, 20 = the 21), 21..76 hearts, diamonds, spades, clubs (1..10,
# V, C, D, R, lowest first), 77 the Excuse in a suit of its own (index 5).
# Hands are 6 masks per seat: hand[o + suit], o = seat * 6.
from tarock.compat import const
from tarock.french.tables import SUIT78, RANK78, BASE78
from tarock.cards import lookup

NS = const(6)          # masks per seat
PETIT = const(0)
MONDE = const(20)      # the 21
EXCUSE = const(77)
BOUTS = (0, 20, 77)
KINGS78 = (34, 48, 62, 76)
SUIT_LETTERS78 = "THDSC"
_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R")


def name78(c):
    """'21', '1', 'Excuse', 'HR', 'S10' ..."""
    if not 0 <= c < 78:
        raise ValueError("no such card: %r" % (c,))
    s = SUIT78[c]
    if s == 0:
        return str(RANK78[c] + 1)
    if s == 5:
        return "Excuse"
    return SUIT_LETTERS78[s] + _RANKS[RANK78[c]]


def _by_name():
    """Name -> card, built on first use (names are parsed only at the edges)."""
    d = {}
    for c in range(78):
        d[name78(c).upper()] = c
    d["PETIT"] = PETIT
    d["EXC"] = EXCUSE
    return d


_BY_NAME = []


def card78(text):
    """Card from its name: card78('21'), card78('Excuse'), card78('HR')."""
    return lookup(_BY_NAME, _by_name, text)


def cards78(text):
    return [card78(t) for t in text.split()]


def names78(cs):
    return " ".join(name78(c) for c in cs)


def hand78(cs):
    """6 masks from a list of cards."""
    h = [0] * NS
    for c in cs:
        h[SUIT78[c]] |= 1 << RANK78[c]
    return h


def hand_cards78(hand, o=0):
    """Cards in a 6-mask hand at hand[o:o+6], in card order (allocates)."""
    out = []
    for s in range(NS):
        m = hand[o + s]
        c = BASE78[s]
        while m:
            if m & 1:
                out.append(c)
            m >>= 1
            c += 1
    return out
