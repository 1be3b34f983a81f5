"""Deck definitions used by gen_tables.py (host only).

Card numbering, per deck: suit 0 is the trump suit (where the deck has one),
cards of a suit are consecutive, lowest rank first, so a card's bit in its
suit's hand mask is 1 << rank and "higher bit" always means "higher card".
"""

# 54-card Tarock (Königrufen, Tarockcup, Slovenian). RULES.md, "54-card deck" (docs/SOURCES.md).
TRUMP_NAMES_54 = ["I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X",
                  "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX",
                  "XX", "XXI", "Sküs"]
# Suit letters: H ♥, D ♦, S ♠, C ♣. Ranks lowest first.
RED_RANKS = ["4", "3", "2", "1", "J", "C", "Q", "K"]
BLACK_RANKS = ["7", "8", "9", "10", "J", "C", "Q", "K"]
FACE_VALUE = {"K": 5, "Q": 4, "C": 3, "J": 2}


def deck54():
    """[(suit, rank, value, name)] in card order."""
    out = []
    for r, n in enumerate(TRUMP_NAMES_54):
        out.append((0, r, 5 if n in ("I", "XXI", "Sküs") else 1, n))
    for s, (letter, ranks) in enumerate((("H", RED_RANKS), ("D", RED_RANKS),
                                         ("S", BLACK_RANKS), ("C", BLACK_RANKS)), 1):
        for r, rk in enumerate(ranks):
            out.append((s, r, FACE_VALUE.get(rk, 1), letter + rk))
    assert len(out) == 54
    return out


DECKS = {"54": deck54}


# Trick keys: a card of the led suit scores 1 + rank, a trump 32 + rank, any
# other card 0; the highest key wins. TRUMP_BASE leaves room for 22 trumps.
TRUMP_BASE = 32


def table_bytes(name, values, comment):
    vals = list(values)
    assert all(0 <= v < 256 for v in vals), name
    lines = ["# " + comment, name + " = ("]
    for i in range(0, len(vals), 16):
        chunk = bytes(vals[i:i + 16])
        lines.append("    " + repr(chunk))
    lines.append(")")
    return "\n".join(lines)
