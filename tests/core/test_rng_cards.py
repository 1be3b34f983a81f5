# Our PRNG is bit-identical on CPython and MicroPython (the point of keeping
# xorshift32 in 16-bit halves): golden values computed once on CPython from a
# plain 32-bit reference xorshift32 (shifts 13/17/5) and hard-coded here, as
# (high 16, low 16) pairs so no 32-bit port needs a big int to compare them.
# Plus: shuffle/below, card names, thirds.
from tarock.rng import Rng, shuffled_deck
from tarock import cards as C
from tarock.tables import THIRDS54, VALUE54
from handkit import hand_from_cards
from mpcompat import raises, IS_MICROPYTHON

GOLDEN = {
    1: ((0x0004, 0x2021), (0x0408, 0x0601), (0x9DCC, 0xA8C5), (0x1255, 0x994F),
        (0x8EF9, 0x17D1), (0x2C6F, 0x5BD0), (0x25B2, 0x331A), (0x19F9, 0x1CB2)),
    12345: ((0xC6E5, 0x747A), (0x652A, 0x09AF), (0xA7E0, 0x8FA0), (0x748E, 0x41EA),
            (0x2AD8, 0xA9D3), (0xC3B8, 0x1262), (0xFF72, 0x6198), (0xDB66, 0x3F38)),
}
# below(54) x10 from seed 12345, and the deck of seed 1 (deal reproducibility)
GOLDEN_BELOW54 = (49, 32, 46, 30, 6, 46, 0, 6, 43, 17)
GOLDEN_DECK1 = (38, 49, 52, 48, 19, 30, 37, 3, 8, 11, 34, 45, 32, 26, 31, 23, 39, 10,
                6, 53, 29, 5, 0, 13, 51, 18, 15, 28, 27, 40, 33, 43, 12, 24, 41, 47,
                17, 35, 16, 14, 21, 42, 46, 20, 36, 9, 22, 2, 7, 50, 1, 44, 25, 4)


def ref_xorshift32(seed, n):
    """Straightforward 32-bit reference (CPython: ints are unbounded)."""
    mask = 0xFFFFFFFF
    x = seed & mask
    out = []
    for _ in range(n):
        x ^= (x << 13) & mask
        x ^= x >> 17
        x ^= (x << 5) & mask
        out.append(x)
    return out


def test_golden_values():
    for seed, values in GOLDEN.items():
        r = Rng(seed)
        for (hi, lo) in values:
            assert r.next16() == hi, (seed, hi)
            assert r.h == hi and r.l == lo, (seed, r.h, r.l, hi, lo)


def test_golden_matches_reference():
    if IS_MICROPYTHON:
        return  # the reference needs 45-bit intermediates: CPython only
    for seed in (1, 12345, 0xDEADBEEF, 0x80000000, 7):
        want = ref_xorshift32(seed, 1000)
        r = Rng(seed)
        for x in want:
            assert r.next16() == x >> 16
            assert (r.h << 16) | r.l == x
        if seed in GOLDEN:
            assert tuple((x >> 16, x & 0xFFFF) for x in want[:8]) == GOLDEN[seed]


def test_zero_seed_not_stuck():
    r = Rng(0)
    assert r.h | r.l
    seen = 0
    for _ in range(20):
        seen |= r.next16()
    assert seen != 0
    assert Rng(1 << 32).h | Rng(1 << 32).l  # masked to 0, then fixed up


def test_below_range_and_golden():
    r = Rng(12345)
    assert tuple(r.below(54) for _ in range(10)) == GOLDEN_BELOW54
    r = Rng(99)
    for n in (1, 2, 3, 7, 54, 1000, 65535, 65536):
        lo = n
        hi = -1
        for _ in range(300):
            x = r.below(n)
            assert 0 <= x < n, (n, x)
            lo = min(lo, x)
            hi = max(hi, x)
        if n <= 7:
            assert lo == 0 and hi == n - 1, (n, lo, hi)
    # rough uniformity over 4 buckets
    counts = [0] * 4
    for _ in range(4000):
        counts[r.below(4)] += 1
    for c in counts:
        assert 850 < c < 1150, counts


def test_shuffle_is_permutation():
    assert tuple(shuffled_deck(54, 1)) == GOLDEN_DECK1
    for seed in range(1, 60):
        d = shuffled_deck(54, seed)
        assert isinstance(d, bytearray) and len(d) == 54
        assert sorted(d) == list(range(54)), seed
    a = list(range(10))
    assert Rng(5).shuffle(a) is a
    assert sorted(a) == list(range(10))
    assert shuffled_deck(54, 2) != shuffled_deck(54, 3)
    assert shuffled_deck(54, 2) == shuffled_deck(54, 2)
    # one-element and empty lists are left alone
    assert Rng(1).shuffle([7]) == [7]
    assert Rng(1).shuffle([]) == []


def test_shuffle_both_widths_agree():
    # the host's 32-bit shuffle and the device's 16-bit one: the same draws
    # (lengths past the limit table included), the same state after
    assert Rng.shuffle is (Rng._shuffle16 if IS_MICROPYTHON else Rng._shuffle32)
    for seed in (0, 1, 2, 7, 12345, 0xFFFF, 0x10000, 0x7FFFFFFF):
        for n in (0, 1, 2, 10, 36, 54, 78, 127, 128, 200):
            a = list(range(n))
            b = list(range(n))
            r = Rng(seed)
            q = Rng(seed)
            r._shuffle16(a)
            q._shuffle32(b)
            assert a == b, (seed, n)
            assert (r.h, r.l) == (q.h, q.l), (seed, n)
            assert r.next16() == q.next16()
    d = bytearray(range(54))
    assert Rng(1)._shuffle32(d) is d and tuple(d) == GOLDEN_DECK1


def test_card_names_round_trip():
    names = set()
    for c in range(54):
        n = C.name(c)
        assert C.card(n) == c, (c, n)
        assert C.card(n.lower()) == c
        assert C.card(" " + n + " ") == c
        names.add(n)
    assert len(names) == 54
    assert C.name(0) == "I" and C.name(20) == "XXI" and C.name(21) == "Sküs"
    assert C.name(C.king(C.HEARTS)) == "HK" and C.name(46) == "C7"
    assert C.card("Skus") == 21 and C.card("SKÜS") == 21
    assert C.card("Pagat") == 0 and C.card("Mond") == 20 and C.card("IV") == 3
    assert C.cards("XXI HK S10") == [20, 29, 41]
    assert C.names([0, 21, 53]) == "I Sküs CK"
    for bad in ("", "XXII", "H5", "Z1"):
        raises(ValueError, C.card, bad)
    for bad in (-1, 54):
        raises(ValueError, C.name, bad)
    assert C.KINGS54 == tuple(C.king(s) for s in (1, 2, 3, 4))


def test_hand_masks():
    cs = C.cards("I XV Sküs HK D4 S7 CQ")
    h = hand_from_cards(cs)
    assert C.hand_cards(h) == sorted(cs)
    assert C.hand_cards([0] * 5 + h, 5) == sorted(cs)


def test_thirds():
    t = 0
    v = 0
    for c in range(54):
        assert THIRDS54[c] == 3 * VALUE54[c] - 2
        t += THIRDS54[c]
        v += VALUE54[c]
    assert t == 210
    assert v == 106  # 70 points counted in threes: 70 + 2 * 54 / 3
