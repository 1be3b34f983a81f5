# A text row's glyphs straight into an SSD1306 canvas, as native code.
#
# text.draw() copies each glyph into a one-glyph FrameBuffer and blits it:
# two C blits that go pixel by pixel through framebuf's format functions,
# ~90 us a glyph on an RP2040 at 125 MHz, 14 ms for a screen of text, the
# largest part of a press's answer. This is the same drawing as @viper code
# on the canvas's bytes (MONO_VLSB: a byte is 8 rows of one column), a few
# us a glyph. The pixels must be exactly the blits' (tests/host/test_blit.py
# compares them under MicroPython; make emu compares the chip's screens with
# the host's, which draws with the blits).
#
# Only where MicroPython has a native emitter and the .mpy is the port's
# own (the RP2040 image, an ESP32's, the unix port from source): elsewhere
# this module does not import (CPython: no micropython module; the
# WebAssembly port, or another arch's .mpy: refused) and text.draw() keeps
# the blits.
#
#   glyphs(buf, b0, cw, cp, x, y, s, n, chars, color, fp, data, codes, pad) -> x
#     buf    the canvas bytes (the adafruit driver's buffer: the frame
#            starts at b0 = 1, after the I2C data-control byte)
#     cw cp  canvas width in pixels, height in pages
#     x y    the text's top left (y >= 0)
#     s n    a str (its UTF-8 bytes are read in place: no .encode()) and
#            chars = 1, n its len(); or bytes, chars = 0, n their number
#     color  1: lit glyph pixels set, 0: cleared; the rest untouched
#     fp     array("i", [W, H, pages a glyph, ASCII glyphs, code count,
#            missing glyph, pad count]); data, codes, pad: the font's bytes
#   Returns x after the text, as text.draw().
#   advance(s, n, chars, w, pad, npad) -> text.width(s): n characters of
#     w pixels, one more for each in pad (the suits that fill their cell)
# pyright: reportUndefinedVariable=false, reportInvalidTypeForm=false
# (ptr8/ptr32/int are viper's own types, known to its compiler only)
import micropython


@micropython.viper
def glyphs(buf: ptr8, b0: int, cw: int, cp: int, x: int, y: int, s: ptr8, n: int,
           chars: int, color: int, fp: ptr32, data: ptr8, codes: ptr8, pad: ptr8) -> int:
    w = fp[0]
    h = fp[1]
    gp = fp[2]
    nascii = fp[3]
    ncodes = fp[4]
    missing = fp[5]
    npad = fp[6]
    i = 0
    m = 0                   # characters drawn
    while (m < n) if chars else (i < n):
        c = s[i]
        if c < 0x80:
            i += 1
        elif c < 0xE0:
            c = ((c & 0x1F) << 6) | (s[i + 1] & 0x3F)
            i += 2
        elif c < 0xF0:
            c = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F)
            i += 3
        else:
            c = 0xFFFD
            i += 4
        m += 1
        if x > 0 - w:
            if c >= 32 and c < 127:
                g = c - 32
            else:
                # the code points after ASCII, sorted, 2 bytes each
                g = missing
                lo = 0
                hi = ncodes
                while lo < hi:
                    mid = (lo + hi) >> 1
                    v = (codes[2 * mid] << 8) | codes[2 * mid + 1]
                    if v < c:
                        lo = mid + 1
                    elif v > c:
                        hi = mid
                    else:
                        g = nascii + mid
                        break
            off = g * gp * w
            for col in range(w):
                cx = x + col
                if cx < 0 or cx >= cw:
                    continue
                for p in range(gp):
                    b = data[off + p * w + col]
                    rows = h - (p << 3)
                    if rows < 8:
                        b &= (1 << rows) - 1
                    if b == 0:
                        continue
                    yy = y + (p << 3)
                    pg = yy >> 3
                    sh = yy & 7
                    if pg < cp:
                        k = b0 + pg * cw + cx
                        v = (b << sh) & 0xFF
                        if color:
                            buf[k] = buf[k] | v
                        else:
                            buf[k] = buf[k] & (0xFF ^ v)
                    if sh and pg + 1 < cp:
                        k = b0 + (pg + 1) * cw + cx
                        v = b >> (8 - sh)
                        if color:
                            buf[k] = buf[k] | v
                        else:
                            buf[k] = buf[k] & (0xFF ^ v)
        x += w
        if c >= 0x2000:
            for k in range(npad):
                if ((pad[2 * k] << 8) | pad[2 * k + 1]) == c:
                    x += 1
                    break
    return x


# The UTF-8 decoding is written out again here (and in text.draw's Python
# twin): a call from viper code to a helper is a full Python call, the very
# cost this module is for.
@micropython.viper
def advance(s: ptr8, n: int, chars: int, w: int, pad: ptr8, npad: int) -> int:
    i = 0
    m = 0
    x = 0
    while (m < n) if chars else (i < n):
        c = s[i]
        if c < 0x80:
            i += 1
        elif c < 0xE0:
            c = ((c & 0x1F) << 6) | (s[i + 1] & 0x3F)
            i += 2
        elif c < 0xF0:
            c = ((c & 0x0F) << 12) | ((s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F)
            i += 3
        else:
            c = 0xFFFD
            i += 4
        m += 1
        x += w
        if c >= 0x2000:
            for k in range(npad):
                if ((pad[2 * k] << 8) | pad[2 * k + 1]) == c:
                    x += 1
                    break
    return x
