"""web/qr.py under every runtime of the core suite (CPython, the MicroPython
unix and WebAssembly ports): the same matrices as on CPython, whose codes
tests/host/test_qr.py reads with zxing-cpp; the function patterns and the
format information where the standard puts them."""
from web import qr


def _fold(b):
    h = 0
    for c in b:
        h = (h * 31 + c) & 0xFFFFFFFF
    return h


def _dark(n, rows, x, y):
    return (rows[y * ((n + 7) >> 3) + (x >> 3)] >> (7 - (x & 7))) & 1


JOIN = "WIFI:T:WPA;S:tarockbox-1A2B;P:kx7m-9qpt-w3;;"
# version 2-M, 3-L, 8-L (version information); made on CPython, read there
ADDRESS_ROWS = ("feecbf8082e62080bace2e80ba57ae80bab62e80825ea080feaabf80001480009f854b8080d7cf"
                "0073557c80cd1d4f803b4ce0808d271900feddc780b8908a809b42fb0000ff8900fed0ac8082ca"
                "8900bacffc80bac23580ba0a0b8082037b80fea7a480")


def test_the_same_matrices_as_on_cpython():
    n, rows = qr.encode("http://192.168.4.1/")
    assert n == 25
    assert "".join(["%02x" % b for b in rows]) == ADDRESS_ROWS
    assert _fold(rows) == 4093110488
    n, rows = qr.encode(JOIN)
    assert (n, _fold(rows)) == (29, 1004802882)
    n, rows = qr.encode("K\u00f6nigrufen " * 15)
    assert (n, _fold(rows)) == (49, 523711037)


def test_function_patterns_and_format():
    for text in ("a", "http://192.168.4.1/", JOIN, "x" * 150):
        n, rows = qr.encode(text)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):       # the finders
            for dy in range(-3, 4):
                for dx in range(-3, 4):
                    ring = max(abs(dx), abs(dy))    # 0, 1 the core, 2 light, 3 dark
                    assert _dark(n, rows, cx + dx, cy + dy) == (0 if ring == 2 else 1)
        for i in range(8, n - 8):                               # timing
            assert _dark(n, rows, i, 6) == (i + 1) % 2
            assert _dark(n, rows, 6, i) == (i + 1) % 2
        assert _dark(n, rows, 8, n - 8) == 1                    # the dark module
        # the format information, both copies the same BCH code word
        a = 0
        for i in range(6):
            a |= _dark(n, rows, 8, i) << i
        a |= _dark(n, rows, 8, 7) << 6 | _dark(n, rows, 8, 8) << 7 | _dark(n, rows, 7, 8) << 8
        for i in range(9, 15):
            a |= _dark(n, rows, 14 - i, 8) << i
        b = 0
        for i in range(8):
            b |= _dark(n, rows, n - 1 - i, 8) << i
        for i in range(8, 15):
            b |= _dark(n, rows, 8, n - 15 + i) << i
        assert a == b
        f = a ^ 0x5412
        r = f >> 10
        for _ in range(10):
            r = (r << 1) ^ ((r >> 9) * 0x537)
        assert f & 0x3FF == r & 0x3FF
        assert f >> 13 in (0, 1)        # M or L


def test_too_long():
    try:
        qr.encode(b"x" * 231)
    except ValueError:
        return
    assert False, "231 bytes encoded"
