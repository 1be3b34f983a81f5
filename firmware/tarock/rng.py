# Our own PRNG: xorshift32 (Marsaglia 2003, shifts 13/17/5) kept as two 16-bit
# halves so that no step ever needs an int above 2**29. That keeps it a small
# int on every MicroPython port (2**30 is already a big int on 32-bit ports) and
# makes the sequence bit-identical on CPython and MicroPython. Hosts shuffle
# with the state as one int (_shuffle32: fewer steps), the same draws.
import sys


class Rng:
    __slots__ = ("h", "l")

    def __init__(self, seed):
        seed &= 0xFFFFFFFF
        self.h = (seed >> 16) & 0xFFFF
        self.l = seed & 0xFFFF
        if not (self.h | self.l):
            self.l = 0x2545  # xorshift's only fixed point is 0

    def next16(self):
        h = self.h
        l = self.l
        # x ^= x << 13
        h ^= ((h << 13) | (l >> 3)) & 0xFFFF
        l ^= (l << 13) & 0xFFFF
        # x ^= x >> 17
        l ^= h >> 1
        # x ^= x << 5
        h ^= ((h << 5) | (l >> 11)) & 0xFFFF
        l ^= (l << 5) & 0xFFFF
        self.h = h
        self.l = l
        return h

    def below(self, n):
        """Uniform integer in [0, n) for 1 <= n <= 65536, by rejection."""
        limit = 65536 - 65536 % n
        while True:
            x = self.next16()
            if x < limit:
                return x % n

    def _shuffle16(self, a):
        """Fisher-Yates in place over a list or bytearray (once per deal).
        The same draws as below(i + 1) for i = len-1 .. 1, with next16()
        inlined: the shuffle was a tenth of a host deal's time."""
        h = self.h
        l = self.l
        for i in range(len(a) - 1, 0, -1):
            n = i + 1
            limit = 65536 - 65536 % n
            while True:
                h ^= ((h << 13) | (l >> 3)) & 0xFFFF
                l ^= (l << 13) & 0xFFFF
                l ^= h >> 1
                h ^= ((h << 5) | (l >> 11)) & 0xFFFF
                l ^= (l << 5) & 0xFFFF
                if h < limit:
                    break
            j = h % n
            a[i], a[j] = a[j], a[i]
        self.h = h
        self.l = l
        return a

    def _shuffle32(self, a):
        """_shuffle16() with the state as one 32-bit int and the rejection
        limits from a table: the same xorshift32, the same draws, fewer
        steps. Hosts only: 2**30 is a big int on 32-bit MicroPython ports."""
        x = (self.h << 16) | self.l
        lim = _LIMITS
        nlim = len(lim)
        for i in range(len(a) - 1, 0, -1):
            n = i + 1
            m = lim[n] if n < nlim else 65536 - 65536 % n
            while True:
                x ^= (x << 13) & 0xFFFFFFFF
                x ^= x >> 17
                x ^= (x << 5) & 0xFFFFFFFF
                h = x >> 16
                if h < m:
                    break
            j = h % n
            a[i], a[j] = a[j], a[i]
        self.h = x >> 16
        self.l = x & 0xFFFF
        return a

    # shuffle(a): in place, returns a; the same permutation either way
    # (tests/core/test_rng_cards.py)
    shuffle = _shuffle16 if sys.implementation.name == "micropython" else _shuffle32


# below()'s rejection limit for n < 128: 65536 - 65536 % n (hosts only:
# not on a device's heap, where _shuffle32 runs in tests alone)
_LIMITS = () if sys.implementation.name == "micropython" else tuple(
    65536 - 65536 % n if n else 0 for n in range(128))


def shuffled_deck(n, seed):
    return Rng(seed).shuffle(bytearray(range(n)))
