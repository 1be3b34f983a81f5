# Drawing script run twice by tests/host/test_framebuf_standin.py: under
# CPython with host_tools/lib/hostlib/framebuf.py and under the MicroPython unix
# port's built-in framebuf. Prints one line per step: step name and the buffer
# as hex. Runs on both (no f-strings, no CPython-only modules).
import sys
import framebuf

W = 37
H = 21
fmts = (("VLSB", framebuf.MONO_VLSB), ("HLSB", framebuf.MONO_HLSB),
        ("HMSB", framebuf.MONO_HMSB), ("GS8", framebuf.GS8))


def size(fmt, w, h):
    if fmt == framebuf.MONO_VLSB:
        return ((h + 7) // 8) * w
    if fmt == framebuf.GS8:
        return w * h
    return ((w + 7) // 8) * h


def dump(tag, buf):
    print(tag + " " + "".join("%02x" % b for b in buf))


# deterministic pseudo-random numbers, same on both
state = [12345]


def rnd(lo, hi):
    state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return lo + (state[0] >> 8) % (hi - lo + 1)


for name, fmt in fmts:
    buf = bytearray(size(fmt, W, H))
    fb = framebuf.FrameBuffer(buf, W, H, fmt)
    c1 = 0xA5 if fmt == framebuf.GS8 else 1
    fb.fill(0)
    fb.fill(c1)
    dump(name + " fill", buf)
    fb.fill(0)
    for i in range(40):
        fb.pixel(rnd(-3, W + 3), rnd(-3, H + 3), c1 if i % 3 else 0)
    dump(name + " pixel", buf)
    got = [fb.pixel(x, y) for x in (-1, 0, 5, W - 1, W) for y in (-1, 0, 7, H - 1, H)]
    print(name + " getpixel " + " ".join(str(v) for v in got))
    for i in range(25):
        fb.hline(rnd(-10, W + 2), rnd(-2, H + 2), rnd(-3, W + 5), c1)
        fb.vline(rnd(-2, W + 2), rnd(-10, H + 2), rnd(-3, H + 5), 0 if i % 4 == 0 else c1)
    dump(name + " hvline", buf)
    fb.fill(0)
    for i in range(30):
        fb.fill_rect(rnd(-8, W), rnd(-8, H), rnd(-2, 20), rnd(-2, 15), c1 if i % 2 else 0)
    dump(name + " fill_rect", buf)
    fb.fill(0)
    for i in range(30):
        fb.rect(rnd(-8, W), rnd(-8, H), rnd(0, 20), rnd(0, 15), c1, i % 3 == 0)
    dump(name + " rect", buf)
    fb.fill(0)
    for i in range(60):
        fb.line(rnd(-10, W + 10), rnd(-10, H + 10), rnd(-10, W + 10), rnd(-10, H + 10),
                c1 if i % 5 else 0)
    dump(name + " line", buf)
    for xs, ys in ((1, 0), (-2, 0), (0, 3), (0, -1), (3, -2), (-4, 5), (W, 0), (0, -H), (W - 1, 1)):
        fb.scroll(xs, ys)
        dump(name + " scroll %d %d" % (xs, ys), buf)
    fb.fill(0)
    fb.text("Hi! ~{}", rnd(-5, 5), rnd(-3, 3), c1)
    fb.text("x\u00e4\u2665y", 3, 12, c1)
    fb.text("clip", W - 10, H - 5, c1)
    dump(name + " text", buf)

# blit: mono and GS8 sources, keys, palettes, clipping, tuple sources
dst = bytearray(size(framebuf.MONO_VLSB, W, H))
d = framebuf.FrameBuffer(dst, W, H, framebuf.MONO_VLSB)
sbuf = bytearray(size(framebuf.MONO_VLSB, 11, 9))
s = framebuf.FrameBuffer(sbuf, 11, 9, framebuf.MONO_VLSB)
for i in range(40):
    s.pixel(rnd(0, 10), rnd(0, 8), 1)
pbuf = bytearray(1)
pal = framebuf.FrameBuffer(pbuf, 2, 1, framebuf.MONO_HLSB)
pal.pixel(0, 0, 1)
pal.pixel(1, 0, 0)
for i in range(24):
    d.fill_rect(rnd(0, W), rnd(0, H), rnd(0, 10), rnd(0, 10), i % 2)
    key = (-1, 0, 1)[i % 3]
    if i % 4 == 3:
        d.blit(s, rnd(-12, W + 1), rnd(-10, H + 1), key, pal)
    elif i % 4 == 2:
        d.blit((sbuf, 11, 9, framebuf.MONO_VLSB), rnd(-12, W + 1), rnd(-10, H + 1), key)
    else:
        d.blit(s, rnd(-12, W + 1), rnd(-10, H + 1), key)
    dump("blit %d" % i, dst)
hbuf = bytearray(size(framebuf.MONO_HLSB, 13, 5))
h = framebuf.FrameBuffer(hbuf, 13, 5, framebuf.MONO_HLSB)
h.line(0, 0, 12, 4, 1)
h.rect(2, 1, 6, 3, 1)
d.fill(0)
d.blit(h, 3, 4)
d.blit(h, 20, 15, 0)
dump("blit hlsb", dst)

# the firmware's text module on top (both fonts, both colours, clipping)
sys.path.insert(0, "firmware")
from table import text  # noqa: E402
d.fill(0)
x = text.draw(d, -2, 0, "Sk\u00fcs \u2665K \u266610 21 \u00c4\u00d6\u00dc\u00df" + text.FOOL, 1)
d.fill_rect(0, 8, W, 12, 1)
x2 = text.draw(d, 1, 8, "\u2663D\u2660B \u00e4\u00f6\u00fc ?\u4e00", 0, text.LARGE)
print("text x %d %d" % (x, x2))
dump("text module", dst)
