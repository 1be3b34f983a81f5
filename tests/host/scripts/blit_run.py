# Under MicroPython's unix port (tests/host/test_blit.py): table/blit.py's
# native glyphs against text.draw()'s blits, pixel for pixel, on canvases
# shaped like the adafruit driver's (a control byte, then the frame).
import sys

import framebuf

sys.path.insert(0, "firmware")
from table import text

fast = text._glyphs
adv = text._advance
print("native", fast is not None and adv is not None)


class Canvas(framebuf.FrameBuffer):
    def __init__(self, w=128, h=64):
        self.buffer = bytearray(1 + w * (h // 8))
        self.buffer[0] = 0x40
        super().__init__(memoryview(self.buffer)[1:], w, h, framebuf.MONO_VLSB)
        self.width = w
        self.height = h
        self.pages = h // 8


def noise(buf, seed):
    # untouched pixels must stay as they were: start from a pattern
    v = seed
    for i in range(1, len(buf)):
        v = (v * 1103515245 + 12345) & 0x7FFFFFFF
        buf[i] = (v >> 16) & 0xFF


def strings(f):
    out = ["", "Tisch einrichten", "\u2665K \u2666D \u2660B \u2663R", "abc\x01\x7f",
           "\U0001F600 x", "Pl\u00e4tze  1234 \u00df\u2026", "\ue000 \ue001\ue002\ue003"]
    # every glyph of the font, in chunks
    cps = list(range(32, 127))
    codes = f.codes
    for k in range(0, len(codes), 2):
        cps.append((codes[k] << 8) | codes[k + 1])
    for k in range(0, len(cps), 20):
        out.append("".join([chr(c) for c in cps[k:k + 20]]))
    return out


bad = 0
checks = 0
for name, f in (("small", text.SMALL), ("large", text.LARGE), ("big", text.big())):
    for s in strings(f):
        for x in (-9, -3, 0, 1, 57, 121, 127, 130):
            for y in (0, 3, 7, 8, 13, 50, 56, 60, 63, 64):
                for color in (1, 0):
                    a = Canvas()
                    b = Canvas()
                    noise(a.buffer, x * 131 + y)
                    b.buffer[:] = a.buffer
                    text._glyphs = fast
                    xa = text.draw(a, x, y, s, color, f)
                    xb_bytes = text.draw(a, x, y, s.encode(), color, f)
                    text._glyphs = None
                    xb = text.draw(b, x, y, s, color, f)
                    text.draw(b, x, y, s.encode(), color, f)
                    text._glyphs = fast
                    checks += 1
                    if a.buffer != b.buffer or xa != xb or xb_bytes != xb:
                        bad += 1
                        if bad <= 5:
                            print("differ", name, repr(s), x, y, color, xa, xb)
print("checks", checks, "differ", bad)

# text.width(): the native advance against the Python count
wbad = 0
wchecks = 0
for name, f in (("small", text.SMALL), ("large", text.LARGE), ("big", text.big())):
    for s in strings(f):
        for v in (s, s.encode()):
            text._advance = adv
            a = text.width(v, f)
            text._advance = None
            b = text.width(v, f)
            text._advance = adv
            wchecks += 1
            if a != b:
                wbad += 1
                print("width differs", name, repr(v), a, b)
print("widths", wchecks, "differ", wbad)

# a draw of bytes allocates nothing on the native path either (text.draw's
# promise: a screen's paint never triggers a collection)
import gc  # noqa: E402

c = Canvas()
s = "Stich 2: Clara \u2665K"
b = s.encode()
for n in (1, 50):           # the first round warms up (one-off allocations)
    gc.collect()
    a0 = gc.mem_alloc()
    for _ in range(n):
        text.draw(c, 3, 9, b, 0, text.LARGE)
        text.draw(c, 3, 9, s, 1, text.SMALL)    # a str too: read in place
        text.width(s)
print("allocated", gc.mem_alloc() - a0)

# a canvas with a buffer but not the driver's shape: the blits, no error
class Odd(framebuf.FrameBuffer):
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


o = Odd()
ref = Canvas()
text._glyphs = None
text.draw(ref, 3, 9, "Odd \u2665K")
text._glyphs = fast
xo = text.draw(o, 3, 9, "Odd \u2665K")
print("odd canvas", bytes(o.buffer) == bytes(ref.buffer[1:]), xo)
