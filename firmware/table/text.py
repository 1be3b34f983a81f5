# Bitmap text for the seat screens (128x64 MONO_VLSB canvases).
#
# API (stable):
#   SMALL, LARGE                 the two fonts (Font objects: .w advance, .h height)
#   draw(fb, x, y, s, color=1, font=None) -> x after the text
#                                s: str (UTF-8; äöüÄÖÜß ♥♦♠♣ and the card
#                                glyphs below); color 1 = lit pixels on a
#                                transparent background, 0 = dark pixels (for
#                                inverted rows: fill_rect(..., 1) then draw(..., 0))
#   width(s, font=None)          pixels draw() advances for s
#   line_height(font=None)       font height incl. spacing
#   has_glyph(ch, font=None)     True if the font has that character
#   font=None means SMALL.
#
# Never framebuf.text() for non-ASCII: MicroPython's built-in 8x8 font is ASCII only.
#
# v0: metrics final, glyphs provisional (fb.text for ASCII, a box otherwise).


class Font:
    def __init__(self, w, h):
        self.w = w
        self.h = h


SMALL = Font(5, 8)
LARGE = Font(6, 12)


def line_height(font=None):
    return (font or SMALL).h


def width(s, font=None):
    return len(s) * (font or SMALL).w


def has_glyph(ch, font=None):
    return 32 <= ord(ch) < 127


def draw(fb, x, y, s, color=1, font=None):
    f = font or SMALL
    for ch in s:
        if 32 <= ord(ch) < 127:
            fb.text(ch, x, y, color)
        else:
            fb.rect(x, y, f.w - 1, f.h - 1, color)
        x += f.w
    return x
