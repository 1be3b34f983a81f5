"""The 78-card French Tarot deck and its generated tables (host only).
RULES.md §4, seeds/003_441f51eeb81efd04.txt (the FFT rules; docs/SOURCES.md).

Card numbering (same shape as the 54-card deck: suit 0 = trumps, a suit's
cards consecutive, lowest rank first, bit = 1 << rank in the suit's mask):
  0..20   trumps 1 (the Petit) .. 21                       suit 0, rank 0..20
  21..34  hearts   1..10 V C D R                           suit 1, rank 0..13
  35..48  diamonds                                         suit 2
  49..62  spades                                           suit 3
  63..76  clubs                                            suit 4
  77      the Excuse                                        suit 5, rank 0
The Excuse has a suit of its own (index 5; a hand is 6 masks per seat): it is
neither a trump nor a plain card for following, trumping and overtrumping,
so the trick masks never need to strip it; "Excuse held" is hand[o + 5] != 0.
Values are counted in half points (deck = 182 halves = 91 points): bouts and
kings 9, queens 7, cavaliers 5, valets 3, every other card 1.
"""

SUITS78 = "HDSC"   # coeur, carreau, pique, trefle
RANKS78 = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R"]
FACE_HALVES = {"R": 9, "D": 7, "C": 5, "V": 3}
EXCUSE = 77


def deck78():
    """[(suit, rank, halves, name)] in card order."""
    out = []
    for r in range(21):
        out.append((0, r, 9 if r in (0, 20) else 1, str(r + 1)))
    for s, letter in enumerate(SUITS78, 1):
        for r, rk in enumerate(RANKS78):
            out.append((s, r, FACE_HALVES.get(rk, 1), letter + rk))
    out.append((5, 0, 9, "Excuse"))
    assert len(out) == 78 and out[EXCUSE][3] == "Excuse"
    return out


def tables78():
    from decks import TRUMP_BASE, table_bytes as _bytes
    cards = deck78()
    n = len(cards)
    parts = ["N78 = const(%d)" % n]
    parts.append(_bytes("SUIT78", (c[0] for c in cards),
                        "suit of each card: 0 trumps, 1..4 H D S C, 5 the Excuse"))
    parts.append(_bytes("RANK78", (c[1] for c in cards),
                        "rank within its suit = bit index in the suit mask"))
    parts.append(_bytes("HALVES78", (c[2] for c in cards),
                        "card value in half points (deck = 182)"))
    base = []
    size = []
    for s in range(6):
        idx = [i for i, c in enumerate(cards) if c[0] == s]
        assert idx == list(range(idx[0], idx[0] + len(idx)))
        base.append(idx[0])
        size.append(len(idx))
    parts.append(_bytes("BASE78", base, "first card of each suit (5: the Excuse)"))
    parts.append(_bytes("SIZE78", size, "cards per suit"))
    key = []
    for lead in range(5):
        for (s, r, v, nm) in cards:
            if s == 0:
                key.append(TRUMP_BASE + r)
            elif s == lead and s != 5:
                key.append(1 + r)
            else:
                key.append(0)  # off-suit cards and the Excuse never win
    parts.append(_bytes("KEY78", key,
                        "trick key per (lead suit * 78 + card): trumps win, the Excuse is 0"))
    assert sum(c[2] for c in cards) == 182
    return parts
