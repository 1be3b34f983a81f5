"""The 36-card German-suited deck of Bavarian Tarock (host only): its card
list and the generator of firmware/tarock/bavarian/tables.py (a gen_tables TARGET).

Source: seeds/000_a672f01ad6fad4a6.txt (first part; German Wikipedia "Bayerisches
Tarock"), RULES.md §5 (docs/SOURCES.md).
Suits 0..3: Eichel, Grün, Herz, Schellen (letters E G H S). Ranks lowest
first, so a card's bit in its suit's hand mask is 1 << rank and a higher bit
is a higher card: 6 7 8 9 U(nter) O(ber) K(önig) 10 A(ss), worth
0 0 0 0 2 3 4 10 11 eyes (120 in the deck). Card number = 9 * suit + rank.
There is no fixed trump suit: the declarer names one per deal, so the trick
keys are tabled per (trump suit, led suit).
"""

SUIT_LETTERS_36 = "EGHS"
SUIT_NAMES_36 = ("Eichel", "Grün", "Herz", "Schellen")
RANKS_36 = ["6", "7", "8", "9", "U", "O", "K", "10", "A"]
EYES_36 = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2}

# Trick keys: a trump scores TRUMP_BASE + rank, a card of the led suit
# 1 + rank, anything else 0; the highest key wins the trick.
TRUMP_BASE = 32


def deck36():
    """[(suit, rank, eyes, name)] in card order."""
    out = []
    for s, letter in enumerate(SUIT_LETTERS_36):
        for r, rk in enumerate(RANKS_36):
            out.append((s, r, EYES_36.get(rk, 0), letter + rk))
    assert len(out) == 36
    assert sum(c[2] for c in out) == 120
    return out


def tables36():
    from decks import table_bytes as b
    cards = deck36()
    parts = ["N36 = const(36)"]
    parts.append(b("SUIT36", (c[0] for c in cards),
                   "suit of each card: 0 Eichel, 1 Grün, 2 Herz, 3 Schellen"))
    parts.append(b("RANK36", (c[1] for c in cards),
                   "rank within its suit = bit index in the suit mask (6 7 8 9 U O K 10 A)"))
    parts.append(b("EYES36", (c[2] for c in cards), "eyes (card points) of each card (deck = 120)"))
    # eyes of a whole suit mask: the four lowest ranks (6 7 8 9) are worth 0,
    # so index by mask >> 4 (32 entries)
    hi = []
    for m in range(32):
        e = 0
        for r in range(5):
            if m & (1 << r):
                e += cards[4 + r][2]
        hi.append(e)
    parts.append(b("EYESHI36", hi, "eyes of a suit mask m, indexed by m >> 4 (6 7 8 9 are worth 0)"))
    key = []
    for trump in range(4):
        for lead in range(4):
            for (s, r, e, nm) in cards:
                if s == trump:
                    key.append(TRUMP_BASE + r)
                elif s == lead:
                    key.append(1 + r)
                else:
                    key.append(0)
    parts.append(b("KEY36", key,
                   "trick key per ((trump * 4 + lead) * 36 + card): highest key wins"))
    return parts


DECKS = {"36": deck36}
