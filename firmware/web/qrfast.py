# web/qr.py's mask choice as native code: a mask applied and its penalty
# scored, eight times a code, was ~90% of an encode: 1.06 s for the join
# string on the emulated RP2040 in Python (host_tools/rp2040/qr_chip.py).
# The same rules as qr.py's _apply, _line and _penalty (tests/host/
# test_qr.py compares the matrices of both on the MicroPython unix port).
#
# Only where MicroPython has a native emitter and the .mpy is the port's
# own (the Pico W and ESP32 images, the unix port from source): elsewhere
# this module does not import and qr.py scores in Python (table/blit.py's
# way).
#
#   penalty(m, n, mask, d) -> the penalty of matrix m (qr.py's: bit 0
#     dark, bit 1 a function pattern's, the format bits of this mask drawn)
#     with mask applied to its data modules; d (n * n bytes) gets the
#     masked modules, 1 dark
# pyright: reportUndefinedVariable=false, reportInvalidTypeForm=false
# (ptr8 and int are viper's own types, known to its compiler only)
import micropython


@micropython.viper
def penalty(m: ptr8, n: int, mask: int, d: ptr8) -> int:
    k = 0
    dark = 0
    for y in range(n):
        for x in range(n):
            v = m[k]
            c = v & 1
            if not (v & 2):
                if mask == 0:
                    f = (x + y) & 1
                elif mask == 1:
                    f = y & 1
                elif mask == 2:
                    f = x % 3
                elif mask == 3:
                    f = (x + y) % 3
                elif mask == 4:
                    f = (x // 3 + (y >> 1)) & 1
                elif mask == 5:
                    f = (x * y) % 2 + (x * y) % 3
                elif mask == 6:
                    f = ((x * y) % 2 + (x * y) % 3) & 1
                else:
                    f = (((x + y) & 1) + (x * y) % 3) & 1
                if f == 0:
                    c ^= 1
            d[k] = c
            dark += c
            k += 1
    s = 0
    for line in range(2 * n):     # the rows, then the columns: rules 1 and 3
        step = 1
        k = line * n
        if line >= n:
            step = n
            k = line - n
        h0 = 0
        h1 = 0
        h2 = 0
        h3 = 0
        h4 = 0
        h5 = 0
        h6 = 0
        color = 0
        run = 0
        c = 0
        for i in range(n + 2):
            if i < n:
                c = d[k]
                k += step
                if c == color:
                    run += 1
                    if run == 5:
                        s += 3
                    elif run > 5:
                        s += 1
                    continue
            elif i == n:
                if color == 0:
                    continue    # a light run ends the line: the border joins it
                c = 0           # a dark one: pushed, the border after it
            else:
                run += n        # the light border after the last run
                color = 0
            if h0 == 0:
                run += n        # the light border before the first run
            h6 = h5
            h5 = h4
            h4 = h3
            h3 = h2
            h2 = h1
            h1 = h0
            h0 = run
            if color == 0:      # a light run ended: a finder-like pattern before it?
                u = h1
                if u != 0 and h2 == u and h4 == u and h5 == u and h3 == 3 * u:
                    if h0 >= 4 * u and h6 >= u:
                        s += 40
                    if h6 >= 4 * u and h0 >= u:
                        s += 40
            color = c
            run = 1 if i < n else 0
    for y in range(n - 1):          # rule 2: 2x2 blocks of a colour
        k = y * n
        for x in range(n - 1):
            c = d[k]
            if c == d[k + 1] and c == d[k + n] and c == d[k + n + 1]:
                s += 3
            k += 1
    t = n * n
    b = dark * 20 - t * 10          # rule 4: the balance of dark and light
    if b < 0:
        b = 0 - b
    return s + ((b + t - 1) // t - 1) * 10
