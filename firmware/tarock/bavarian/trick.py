# Trick rules of Bavarian Tarock as mask operations (the hot path).
# Source: seeds/000_a672f01ad6fad4a6.txt (first part: "Farbe muss immer
# bedient werden. Ist dies nicht möglich muss man trumpfen. Erst wenn man
# auch alle seine Trumpfkarten verspielt hat, darf man eine beliebige Karte
# abwerfen."; Bavarian Tarock, publicly https://de.wikipedia.org/wiki/Bayerisches_Tarock),
# RULES.md §5 (docs/SOURCES.md maps every seed and RULES.md section to its public source). The
# trump suit is named per deal, so these take
# it as an argument; nothing here allocates (tests run them under
# micropython.heap_lock()).
#
# A hand is 4 suit masks per seat in one flat list: hand[o + suit], o = 4 * seat.
# legal36() encodes the legal set in one small int:
#   (mask << 3) | suit  -- only the cards of `mask` in `suit` (0..3)
#   ANY                 -- every card held
from tarock.compat import const
from tarock.bavarian.tables import EYESHI36
from tarock.trick import _pop

ANY = const(7)


def legal36(hand, o, lead, trump):
    """Legal set of the seat whose hand starts at o. lead: led suit, or -1
    when this seat leads (anything may be led)."""
    if lead < 0:
        return ANY
    m = hand[o + lead]
    if m:
        return (m << 3) | lead
    m = hand[o + trump]
    if m:
        return (m << 3) | trump
    return ANY


def count36(hand, o, code):
    if code & 7 == ANY:
        return _pop(hand[o]) + _pop(hand[o + 1]) + _pop(hand[o + 2]) + _pop(hand[o + 3])
    return _pop(code >> 3)


def nth36(hand, o, code, k):
    """The k-th legal card (0-based, in card order), -1 past the end."""
    cs = code & 7
    if cs == ANY:
        s0 = 0
        s1 = 4
    else:
        s0 = cs
        s1 = cs + 1
    for s in range(s0, s1):
        m = hand[o + s] if cs == ANY else code >> 3
        r = 0
        while m:
            if m & 1:
                if k == 0:
                    return 9 * s + r
                k -= 1
            m >>= 1
            r += 1
    return -1


def eyes36(masks, o):
    """Eyes of a pile kept as 4 suit masks at masks[o:o+4]."""
    return (EYESHI36[masks[o] >> 4] + EYESHI36[masks[o + 1] >> 4]
            + EYESHI36[masks[o + 2] >> 4] + EYESHI36[masks[o + 3] >> 4])
