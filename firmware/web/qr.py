# QR codes (ISO/IEC 18004) for the seat screens: byte mode, versions 1-9,
# error correction L or M. A port of Project Nayuki's "QR Code generator
# library" (https://www.nayuki.io/page/qr-code-generator-library), cut down
# to what a Wi-Fi join string and the page's address need and reshaped for
# MicroPython (bytearrays and small tables, no big ints, no lambdas).
#
#   Copyright (c) Project Nayuki. (MIT License)
#   Permission is hereby granted, free of charge, to any person obtaining a
#   copy of this software and associated documentation files (the
#   "Software"), to deal in the Software without restriction, including
#   without limitation the rights to use, copy, modify, merge, publish,
#   distribute, sublicense, and/or sell copies of the Software, and to permit
#   persons to whom the Software is furnished to do so, subject to the
#   following conditions: the above copyright notice and this permission
#   notice shall be included in all copies or substantial portions of the
#   Software. The Software is provided "as is", without warranty of any
#   kind, express or implied, including but not limited to the warranties of
#   merchantability, fitness for a particular purpose and noninfringement.
#   In no event shall the authors or copyright holders be liable for any
#   claim, damages or other liability, whether in an action of contract,
#   tort or otherwise, arising from, out of or in connection with the
#   Software or the use or other dealings in the Software.
#
#   encode(data, ecl=-1) -> (n, rows)
#     data  str (its UTF-8 bytes) or bytes, at most CAPACITY[L][MAXVER]
#     ecl   L or M; -1: the smallest version that holds data at L, then M
#           when the same version holds it at M (more correction, same size)
#     mask  0-7; -1: the one of least penalty (the standard's four rules)
#     n     modules a side (17 + 4 * version); rows: n rows of (n + 7) // 8
#           bytes, the first module in the top bit, 1 = dark
#   ValueError when data does not fit version 9.
# The masks' penalties, most of the time, run as native code where the port
# compiles it (web/qrfast.py; the same scores as _line and _penalty here).
# Versions up to 9: the longest Wi-Fi join string (a 32-byte name and a
# 63-byte password, every byte escaped) is 208 bytes; 9-L holds 230.
from tarock.compat import const

try:
    # the masks' penalties as native code (web/qrfast.py): ~90% of the time
    from web.qrfast import penalty as _fast
except Exception:  # CPython, no native emitter, another arch's .mpy
    _fast = None

L = const(0)
M = const(1)
MAXVER = const(9)
# per level, index = version (0 unused): error correction codewords per
# block, and blocks (the standard's table 9)
_ECC = (b"\x00\x07\x0a\x0f\x14\x1a\x12\x14\x18\x1e", b"\x00\x0a\x10\x1a\x12\x18\x10\x12\x16\x16")
_BLOCKS = (b"\x00\x01\x01\x01\x01\x01\x02\x02\x02\x02", b"\x00\x01\x01\x01\x02\x02\x04\x04\x04\x05")
_FORMAT = (1, 0)    # the levels' format bits (L 01, M 00)


def _raw(ver):
    """Codewords a version holds (data and correction)."""
    r = (16 * ver + 128) * ver + 64
    if ver >= 2:
        na = ver // 7 + 2
        r -= (25 * na - 10) * na - 55
        if ver >= 7:
            r -= 36
    return r >> 3


def capacity(ver, ecl):
    """Bytes of data version ver holds at level ecl (byte mode)."""
    return _raw(ver) - _ECC[ecl][ver] * _BLOCKS[ecl][ver] - 2   # mode + count: 12 bits


def _align(ver):
    """The alignment patterns' centres on either axis."""
    if ver == 1:
        return ()
    na = ver // 7 + 2
    step = (ver * 8 + na * 3 + 5) // (na * 4 - 4) * 2
    n = 17 + 4 * ver
    out = [6]
    for i in range(na - 1, 0, -1):
        out.append(n - 7 - (i - 1) * step)
    return out


def _gf():
    """exp and log tables of GF(256) over x^8 + x^4 + x^3 + x^2 + 1."""
    ex = bytearray(256)
    lg = bytearray(256)
    x = 1
    for i in range(255):
        ex[i] = x
        lg[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    return ex, lg


def _ecc(data, k, ex, lg):
    """The k Reed-Solomon correction codewords of data (bytes)."""
    # the generator polynomial (x - 1)(x - a)...(x - a^(k-1)), leading 1 dropped
    g = bytearray(k)
    g[k - 1] = 1
    root = 0    # the log of a^i
    for _ in range(k):
        for j in range(k):
            c = g[j]
            if c:
                c = ex[(lg[c] + root) % 255]
            g[j] = c ^ (g[j + 1] if j + 1 < k else 0)
        root += 1
    r = bytearray(k)
    for b in data:
        f = b ^ r[0]
        for j in range(k - 1):
            r[j] = r[j + 1]
        r[k - 1] = 0
        if f:
            lf = lg[f]
            for j in range(k):
                if g[j]:
                    r[j] ^= ex[(lg[g[j]] + lf) % 255]
    return r


def _codewords(data, ver, ecl):
    """The data and correction codewords, blocks interleaved."""
    cap = _raw(ver) - _ECC[ecl][ver] * _BLOCKS[ecl][ver]
    d = bytearray(cap)
    n = len(data)
    d[0] = 0x40 | n >> 4        # byte mode 0100, the count's 8 bits
    p = 1
    prev = n & 0x0F
    for b in data:
        d[p] = (prev << 4) | (b >> 4)
        prev = b & 0x0F
        p += 1
    d[p] = prev << 4            # the last half and the terminator's 0000
    p += 1
    pad = 0xEC
    while p < cap:
        d[p] = pad
        pad ^= 0xEC ^ 0x11
        p += 1
    nb = _BLOCKS[ecl][ver]
    k = _ECC[ecl][ver]
    raw = _raw(ver)
    short = nb - raw % nb       # blocks one data codeword shorter
    slen = raw // nb - k        # a short block's data codewords
    ex, lg = _gf()
    blocks = []
    i = 0
    for b in range(nb):
        m = slen + (0 if b < short else 1)
        blocks.append((d[i:i + m], _ecc(d[i:i + m], k, ex, lg)))
        i += m
    out = bytearray(raw)
    p = 0
    for j in range(slen + 1):
        for b in range(nb):
            dat = blocks[b][0]
            if j < len(dat):
                out[p] = dat[j]
                p += 1
    for j in range(k):
        for b in range(nb):
            out[p] = blocks[b][1][j]
            p += 1
    return out


# a module of the matrix: bit 0 dark, bit 1 a function pattern's
_DARK = const(1)
_FUNC = const(2)


def _set(m, n, x, y, dark):
    m[y * n + x] = _FUNC | (_DARK if dark else 0)


def _function(m, n, ver):
    for i in range(n):
        _set(m, n, 6, i, i % 2 == 0)
        _set(m, n, i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):   # finders and separators
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x = cx + dx
                y = cy + dy
                if 0 <= x < n and 0 <= y < n:
                    d = max(abs(dx), abs(dy))
                    _set(m, n, x, y, d != 2 and d != 4)
    a = _align(ver)
    na = len(a)
    for i in range(na):
        for j in range(na):
            if (i == 0 and j == 0) or (i == 0 and j == na - 1) or (i == na - 1 and j == 0):
                continue    # a finder's corner
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    _set(m, n, a[i] + dx, a[j] + dy, max(abs(dx), abs(dy)) != 1)
    _format(m, n, 0, 0)     # reserved; the real bits once the mask is chosen
    if ver >= 7:
        r = ver
        for _ in range(12):
            r = (r << 1) ^ ((r >> 11) * 0x1F25)
        bits = ver << 12 | r
        for i in range(18):
            b = (bits >> i) & 1
            u = n - 11 + i % 3
            v = i // 3
            _set(m, n, u, v, b)
            _set(m, n, v, u, b)


def _format(m, n, ecl, mask):
    data = _FORMAT[ecl] << 3 | mask
    r = data
    for _ in range(10):
        r = (r << 1) ^ ((r >> 9) * 0x537)
    bits = (data << 10 | r) ^ 0x5412
    for i in range(6):
        _set(m, n, 8, i, (bits >> i) & 1)
    _set(m, n, 8, 7, (bits >> 6) & 1)
    _set(m, n, 8, 8, (bits >> 7) & 1)
    _set(m, n, 7, 8, (bits >> 8) & 1)
    for i in range(9, 15):
        _set(m, n, 14 - i, 8, (bits >> i) & 1)
    for i in range(8):
        _set(m, n, n - 1 - i, 8, (bits >> i) & 1)
    for i in range(8, 15):
        _set(m, n, 8, n - 15 + i, (bits >> i) & 1)
    _set(m, n, 8, n - 8, 1)  # always dark


def _place(m, n, cw):
    """The codewords in the zigzag, two columns at a time, right to left."""
    i = 0
    total = len(cw) * 8
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5       # the vertical timing pattern
        up = (right + 1) & 2 == 0
        for vert in range(n):
            y = n - 1 - vert if up else vert
            for j in range(2):
                k = y * n + right - j
                if not m[k] & _FUNC:
                    if i < total and (cw[i >> 3] >> (7 - (i & 7))) & 1:
                        m[k] = _DARK
                    i += 1
        right -= 2


def _flip(mask, x, y):
    """True where mask inverts module (x, y)."""
    if mask == 0:
        return (x + y) % 2 == 0
    if mask == 1:
        return y % 2 == 0
    if mask == 2:
        return x % 3 == 0
    if mask == 3:
        return (x + y) % 3 == 0
    if mask == 4:
        return (x // 3 + y // 2) % 2 == 0
    if mask == 5:
        return x * y % 2 + x * y % 3 == 0
    if mask == 6:
        return (x * y % 2 + x * y % 3) % 2 == 0
    return ((x + y) % 2 + x * y % 3) % 2 == 0


def _apply(m, n, mask):
    """Invert the data modules where mask says (twice undoes it)."""
    for y in range(n):
        for x in range(n):
            k = y * n + x
            if not m[k] & _FUNC and _flip(mask, x, y):
                m[k] ^= _DARK


def _finder(h0, h1, h2, h3, h4, h5, h6):
    """40 for each side of the last seven runs (h0 the newest) that is a
    finder-like 1:1:3:1:1 with four light on that side."""
    u = h1
    if u == 0 or h2 != u or h4 != u or h5 != u or h3 != 3 * u:
        return 0
    return (40 if h0 >= 4 * u and h6 >= u else 0) + (40 if h6 >= 4 * u and h0 >= u else 0)


def _line(m, n, k, step):
    """Penalty of one row or column: runs of five or more of a colour
    (rule 1) and finder-like runs (rule 3; the symbol's border counts as
    light). The last seven runs are locals h0 (newest) to h6: a list
    shifted at each run took twice as long, and a tuple
    assignment of seven allocates on MicroPython."""
    s = 0
    h0 = h1 = h2 = h3 = h4 = h5 = h6 = 0
    color = 0
    run = 0
    for _ in range(n):
        c = m[k] & _DARK
        k += step
        if c == color:
            run += 1
            if run == 5:
                s += 3
            elif run > 5:
                s += 1
            continue
        if h0 == 0:
            run += n    # the light border before the first run
        h6 = h5
        h5 = h4
        h4 = h3
        h3 = h2
        h2 = h1
        h1 = h0
        h0 = run
        if not color:
            s += _finder(h0, h1, h2, h3, h4, h5, h6)
        color = c
        run = 1
    if color:       # a dark run ends the line
        if h0 == 0:
            run += n
        h6 = h5
        h5 = h4
        h4 = h3
        h3 = h2
        h2 = h1
        h1 = h0
        h0 = run
        run = 0
    run += n        # the light border after the last run
    if h0 == 0:
        run += n
    h6 = h5
    h5 = h4
    h4 = h3
    h3 = h2
    h2 = h1
    h1 = h0
    h0 = run
    return s + _finder(h0, h1, h2, h3, h4, h5, h6)


def _penalty(m, n):
    s = 0
    for y in range(n):
        s += _line(m, n, y * n, 1)
    for x in range(n):
        s += _line(m, n, x, n)
    for y in range(n - 1):
        k = y * n
        for x in range(n - 1):
            c = m[k] & _DARK
            if c == m[k + 1] & _DARK and c == m[k + n] & _DARK and c == m[k + n + 1] & _DARK:
                s += 3
            k += 1
    dark = 0
    for v in m:
        dark += v & _DARK
    t = n * n
    return s + ((abs(dark * 20 - t * 10) + t - 1) // t - 1) * 10


def encode(data, ecl=-1, mask=-1):
    if isinstance(data, str):
        data = data.encode()
    lv = L if ecl < 0 else ecl
    ver = 1
    while capacity(ver, lv) < len(data):
        ver += 1
        if ver > MAXVER:
            raise ValueError("QR: %d bytes do not fit" % len(data))
    if ecl < 0 and capacity(ver, M) >= len(data):
        lv = M
    n = 17 + 4 * ver
    m = bytearray(n * n)
    _function(m, n, ver)
    _place(m, n, _codewords(data, ver, lv))
    best = mask
    low = 0
    fast = _fast
    d = bytearray(n * n if fast is not None else 0)
    for k in range(8 if mask < 0 else 0):
        _format(m, n, lv, k)
        if fast is not None:
            p = fast(m, n, k, d)
        else:
            _apply(m, n, k)
            p = _penalty(m, n)
            _apply(m, n, k)
        if k == 0 or p < low:
            best = k
            low = p
    _format(m, n, lv, best)
    if fast is not None:
        fast(m, n, best, d)     # the masked modules into d
        m = d
    else:
        _apply(m, n, best)
    w = (n + 7) >> 3
    rows = bytearray(n * w)
    for y in range(n):
        for x in range(n):
            if m[y * n + x] & _DARK:
                rows[y * w + (x >> 3)] |= 0x80 >> (x & 7)
    return n, rows
