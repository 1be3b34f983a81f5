"""Host (CPython) stand-in for MicroPython's built-in `framebuf` module.

Put host_tools/lib/hostlib on sys.path (host_tools/lib/hostenv.py does) and
`import framebuf` works on CPython as on the device, so adafruit_ssd1306
subclasses this FrameBuffer and the app draws on it unchanged.

Provided: FrameBuffer(buffer, width, height, format, stride=width) with
fill, fill_rect, pixel, hline, vline, rect (incl. fill flag), line, blit
(FrameBuffer or (buffer, w, h, format[, stride]) source, key, palette),
scroll, text (the built-in 8x8 font, ASCII 32..127, other bytes as 127);
formats MONO_VLSB (= MVLSB), MONO_HLSB, MONO_HMSB, GS8.
Not provided: ellipse, poly, RGB565, GS2_HMSB, GS4_HMSB (they raise, so a use
shows up in the emulator instead of drawing something different).

Semantics follow MicroPython's extmod/modframebuf.c (clipping, Bresenham
line, blit key compared after the palette lookup, scroll leaving the uncovered
area as it was). tests/host/test_framebuf_standin.py runs the same drawing
script here and under the real MicroPython unix port and compares the bytes.
"""

from font_petme128_8x8 import FONT as _FONT

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_SUPPORTED = (MONO_VLSB, MONO_HLSB, MONO_HMSB, GS8)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in _SUPPORTED:
            raise ValueError("framebuf stand-in: format %r not supported" % format)
        self._buf = memoryview(buffer).cast("B") if not isinstance(buffer, memoryview) \
            else buffer.cast("B") if buffer.format != "B" else buffer
        self._w = width
        self._h = height
        self._fmt = format
        stride = width if stride is None else stride
        if format in (MONO_HLSB, MONO_HMSB):
            stride = (stride + 7) & ~7
        self._stride = stride
        need = self._size()
        if len(self._buf) < need:
            raise ValueError("buffer too small")

    def _size(self):
        f = self._fmt
        if f == MONO_VLSB:
            return ((self._h + 7) >> 3) * self._stride - (self._stride - self._w)
        if f in (MONO_HLSB, MONO_HMSB):
            return ((self._h - 1) * self._stride + self._w + 7) >> 3
        return (self._h - 1) * self._stride + self._w

    # --- per-format primitives ------------------------------------------
    def _set(self, x, y, c):
        b = self._buf
        f = self._fmt
        if f == MONO_VLSB:
            i = (y >> 3) * self._stride + x
            m = 1 << (y & 7)
        elif f == GS8:
            b[x + y * self._stride] = c & 0xFF
            return
        else:
            i = (x + y * self._stride) >> 3
            m = 1 << ((x & 7) if f == MONO_HMSB else 7 - (x & 7))
        if c:
            b[i] |= m
        else:
            b[i] &= ~m & 0xFF

    def _get(self, x, y):
        b = self._buf
        f = self._fmt
        if f == MONO_VLSB:
            return (b[(y >> 3) * self._stride + x] >> (y & 7)) & 1
        if f == GS8:
            return b[x + y * self._stride]
        off = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
        return (b[(x + y * self._stride) >> 3] >> off) & 1

    def _rect(self, x, y, w, h, c):
        """fill_rect already clipped to the buffer."""
        if self._fmt == MONO_VLSB:
            b = self._buf
            s = self._stride
            for yy in range(y, y + h):
                m = 1 << (yy & 7)
                base = (yy >> 3) * s
                if c:
                    for i in range(base + x, base + x + w):
                        b[i] |= m
                else:
                    nm = ~m & 0xFF
                    for i in range(base + x, base + x + w):
                        b[i] &= nm
            return
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self._set(xx, yy, c)

    def _clip_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._rect(x, y, xend - x, yend - y, c)

    # --- public API -------------------------------------------------------
    def fill(self, c):
        self._rect(0, 0, self._w, self._h, c)

    def fill_rect(self, x, y, w, h, c):
        self._clip_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._w and 0 <= y < self._h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._clip_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._clip_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._clip_rect(x, y, w, h, c)
            return
        self._clip_rect(x, y, w, 1, c)
        self._clip_rect(x, y + h - 1, w, 1, c)
        self._clip_rect(x, y, 1, h, c)
        self._clip_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
        e = 2 * dy - dx
        w, h = self._w, self._h
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < w and 0 <= py < h:
                self._set(px, py, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = fbuf if isinstance(fbuf, FrameBuffer) else FrameBuffer(*fbuf)
        if x >= self._w or y >= self._h or -x >= src._w or -y >= src._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + src._w)
        y0end = min(self._h, y + src._h)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        w, h = self._w, self._h
        if -xstep >= w or xstep >= w or -ystep >= h or ystep >= h:
            return  # nothing of the old picture stays on the buffer
        if xstep < 0:
            sx, xend, dx = 0, w + xstep, 1
        else:
            sx, xend, dx = w - 1, xstep - 1, -1
        if ystep < 0:
            y, yend, dy = 0, h + ystep, 1
        else:
            y, yend, dy = h - 1, ystep - 1, -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x0, y0, c=1):
        w, h = self._w, self._h
        for ch in s.encode("utf-8"):
            if ch < 32 or ch > 127:
                ch = 127
            base = (ch - 32) * 8
            for j in range(8):
                if 0 <= x0 < w:
                    col = _FONT[base + j]
                    y = y0
                    while col:
                        if col & 1 and 0 <= y < h:
                            self._set(x0, y, c)
                        col >>= 1
                        y += 1
                x0 += 1

    def ellipse(self, *args):
        raise NotImplementedError("framebuf stand-in: ellipse")

    def poly(self, *args):
        raise NotImplementedError("framebuf stand-in: poly")


def FrameBuffer1(buffer, width, height, stride=None):
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)
