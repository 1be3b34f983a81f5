# Bitmap text for the seat screens (128x64 MONO_VLSB canvases).
#
# API (stable):
#   SMALL, LARGE                 the fonts always loaded (Font: .w advance, .h height)
#                                SMALL: misc-fixed 5x8 -> 25 chars x 8 lines
#                                LARGE: Terminus 12 (6x12) -> 21 chars x 5 lines
#   big()                        BIG: Terminus 16 bold (8x16) -> 16 chars x 4
#                                lines; text only (no card glyphs but ♥♦♠♣),
#                                loaded on first use (~2.5 KB)
#   draw(fb, x, y, s, color=1, font=None) -> x after the text
#                                s: str, or UTF-8 bytes (no allocation at all:
#                                a str costs one .encode() per call); ASCII, äöüÄÖÜß, French and Slovenian
#                                letters, ⅓ ⅔ ½ ° · × ± − – … „“ € ← → ◀ ▶ ●
#                                ○ ▲ ▼ █ ♥♦♠♣ ♡♢♤♧ ✓ ✗ ★ ☆ and the card glyphs
#                                below; anything else draws as a box.
#                                color 1: lit pixels, background untouched;
#                                color 0: dark pixels (inverted rows:
#                                fb.fill_rect(..., 1) then draw(..., 0))
#   width(s, font=None)          pixels draw() advances for s: len(s) * font.w,
#                                plus one for each suit glyph that fills its
#                                cell (SMALL: a pixel between suit and rank)
#   line_height(font=None)       font.h (glyphs include their spacing)
#   has_glyph(ch, font=None)     True if the font has that character
#   wrap(s, font=None, width=128, max_lines=0) -> [str]: s in lines of at
#                                most width pixels, broken at spaces (a longer
#                                word inside); max_lines: the last one cut
#                                with … when there is more
#   FOOL, ACORNS, LEAVES, BELLS  card glyphs (private-use code points): Sküs /
#                                Excuse, and the German suits Eichel, Laub, Schellen
#                                (Herz is ♥)
#   font=None means SMALL.
#
# Glyphs come from firmware/table/fonts/small.py, large.py, big.py (generated
# by host_tools/build/gen_font.py from misc-fixed, public domain, and Terminus,
# SIL OFL 1.1; the card suits drawn there). On an SSD1306 canvas where
# MicroPython compiles native code (the board images) table/blit.py draws the
# glyphs straight into the canvas's bytes; elsewhere each glyph is
# copied into a one-glyph FrameBuffer and blitted (a palette inverts it for
# color 0). The same pixels either way. Drawing allocates nothing per glyph (UTF-8 decoded by hand:
# iterating a str would allocate a 1-char str per character on MicroPython). Never framebuf.text() for
# non-ASCII: MicroPython's built-in 8x8 font has ASCII only.

from array import array

import framebuf

from table.fonts import large as font_large, small as font_small

try:
    # the same glyphs as native code on the canvas's bytes (table/blit.py)
    from table.blit import glyphs as _glyphs, advance as _advance
except Exception:  # CPython, no native emitter, another arch's .mpy
    _glyphs = None
    _advance = None
# the canvas draw() drew on last: [canvas, its bytes or None, width, pages]
_CANVAS = [None, None, 0, 0]

FOOL = "\ue000"
ACORNS = "\ue001"
LEAVES = "\ue002"
BELLS = "\ue003"
_REPLACEMENT = 0xFFFD

# palette for color 0: source 0 -> 1 (the key: transparent), source 1 -> 0
_INVERT = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
_INVERT.pixel(0, 0, 1)
_INVERT.pixel(1, 0, 0)


class Font:
    def __init__(self, mod):
        self.w = mod.W
        self.h = mod.H
        self.n = ((mod.H + 7) >> 3) * mod.W  # bytes per glyph
        self.data = mod.DATA
        self.codes = mod.CODES
        self.ascii = mod.ASCII
        self.count = mod.ASCII + len(mod.CODES) // 2
        pad = getattr(mod, "PAD", b"")
        # the glyphs advanced one pixel more (as ints for draw, as str for width)
        self.pad = tuple([(pad[k] << 8) | pad[k + 1] for k in range(0, len(pad), 2)])
        self.pad_s = tuple([chr(c) for c in self.pad])
        self.glyph = bytearray(self.n)
        self.fb = framebuf.FrameBuffer(self.glyph, mod.W, mod.H, framebuf.MONO_VLSB)
        # every glyph one under the other: DATA, glyph after glyph of
        # (H + 7) // 8 pages of W bytes, is a MONO_VLSB strip W wide; load()
        # blits glyph i from it into self.fb (a copy in C, no allocation).
        # The strip is a (buffer, w, h, format) tuple, blit's read-only
        # source (MicroPython 1.20+): DATA stays where it is (in flash when
        # frozen or in a ROMFS image), no RAM copy
        self.pitch = ((mod.H + 7) >> 3) * 8
        self.strip = (mod.DATA, mod.W, self.count * self.pitch, framebuf.MONO_VLSB)
        self.missing = self._find(_REPLACEMENT)
        self.padb = pad
        self.npad = len(pad) // 2
        if _glyphs is not None:
            self.fp = array("i", [mod.W, mod.H, (mod.H + 7) >> 3, mod.ASCII,
                                  len(mod.CODES) // 2, self.missing, len(pad) // 2])

    def _find(self, cp):
        """Glyph index of code point cp, or -1."""
        if 32 <= cp < 127:
            return cp - 32
        codes = self.codes
        lo = 0
        hi = len(codes) >> 1
        while lo < hi:
            mid = (lo + hi) >> 1
            v = (codes[2 * mid] << 8) | codes[2 * mid + 1]
            if v < cp:
                lo = mid + 1
            elif v > cp:
                hi = mid
            else:
                return self.ascii + mid
        return -1

    def index(self, cp):
        i = self._find(cp)
        return self.missing if i < 0 else i

    def load(self, i):
        """Copy glyph i into self.glyph (self.fb shows it)."""
        self.fb.blit(self.strip, 0, -i * self.pitch)  # pyright: ignore[reportArgumentType] (the stubs know only a FrameBuffer source; MicroPython also takes the tuple)


SMALL = Font(font_small)
LARGE = Font(font_large)
_big = []


def big():
    """The 8x16 font, imported on first use (only screens that show it pay)."""
    if not _big:
        from table.fonts import big as font_big
        _big.append(Font(font_big))
    return _big[0]


def line_height(font=None):
    return (font or SMALL).h


def width(s, font=None):
    f = font or SMALL
    if _advance is not None:
        return _advance(s, len(s), isinstance(s, str), f.w, f.padb, f.npad)
    if not isinstance(s, str):
        s = s.decode()
    n = len(s) * f.w
    for p in f.pad_s:
        n += s.count(p)
    return n


def has_glyph(ch, font=None):
    return (font or SMALL)._find(ord(ch)) >= 0


def wrap(s, font=None, width=128, max_lines=0):
    n = width // (font or SMALL).w
    out = []
    line = ""
    for word in s.replace("\n", " ").split(" "):
        if not word:
            continue
        while len(word) > n:
            if line and len(line) + 2 <= n:
                # the long word starts on this line
                k = n - len(line) - 1
                out.append(line + " " + word[:k])
                word = word[k:]
            else:
                if line:
                    out.append(line)
                out.append(word[:n])
                word = word[n:]
            line = ""
        if not word:
            continue
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= n:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if max_lines and len(out) > max_lines:
        out = out[:max_lines]
        last = out[-1]
        out[-1] = (last if len(last) < n else last[:n - 1]) + "\u2026"
    return out


def _canvas(fb):
    """Remember fb for draw(): its bytes when it is an SSD1306 canvas of the
    adafruit driver (the frame after one control byte), else None (the
    blits)."""
    cv = _CANVAS
    cv[0] = fb
    cv[1] = None
    buf = getattr(fb, "buffer", None)
    if buf is not None:
        w = getattr(fb, "width", 0)
        p = getattr(fb, "pages", 0)
        if w and len(buf) == w * p + 1:
            cv[1] = buf
            cv[2] = w
            cv[3] = p


def draw(fb, x, y, s, color=1, font=None):
    f = font or SMALL
    if _glyphs is not None and y >= 0:
        cv = _CANVAS
        if cv[0] is not fb:
            _canvas(fb)
        if cv[1] is not None:
            return _glyphs(cv[1], 1, cv[2], cv[3], x, y, s, len(s), isinstance(s, str),
                           color, f.fp, f.data, f.codes, f.padb)
    w = f.w
    gfb = f.fb
    # Font.load and Font.index inlined, the font's fields in locals: a glyph
    # is cheaper. The blits stay method calls: a bound method kept in a
    # local is an object on the heap, and drawing allocates nothing
    # (test_text), so a draw never triggers a collection
    strip = f.strip
    pitch = f.pitch
    pad = f.pad
    b = s.encode() if isinstance(s, str) else s
    i = 0
    n = len(b)
    while i < n:
        c = b[i]
        if c < 0x80:
            i += 1
        elif c < 0xE0:
            c = ((c & 0x1F) << 6) | (b[i + 1] & 0x3F)
            i += 2
        elif c < 0xF0:
            c = ((c & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F)
            i += 3
        else:
            c = _REPLACEMENT
            i += 4
        if x > -w:
            gfb.blit(strip, 0, ((32 - c) if 32 <= c < 127 else -f.index(c)) * pitch)  # pyright: ignore[reportArgumentType] (the strip: see Font)
            if color:
                fb.blit(gfb, x, y, 0)
            else:
                fb.blit(gfb, x, y, 1, _INVERT)
        x += w
        if c >= 0x2000 and c in pad:
            x += 1
    return x
