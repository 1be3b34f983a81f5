# Under MicroPython's unix port (tests/host/test_blit.py): hw/scan.py's
# native dirty() against SeatDisplay._scan's Python, on random frame pairs
# (argv[1]: the directory holding adafruit_ssd1306.py).
import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, "firmware")
from hw import display

fast = display._dirty
print("native", fast is not None)


class Frame:
    """What SeatDisplay._scan reads of a display."""

    def __init__(self, width, pages):
        self.width = width
        self.pages = pages
        self._buf = bytearray(1 + width * pages)
        self._buf[0] = 0x40
        self._mv = memoryview(self._buf)
        self._dirty = bytearray(2 * pages)


v = [12345]


def rnd(n):
    v[0] = (v[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (v[0] >> 8) % n


bad = 0
cases = 0
for width, pages in ((128, 8), (128, 4), (64, 6)):
    f = Frame(width, pages)
    display._panel(width * pages)
    shown = display._PANEL[0]
    for case in range(400):
        for i in range(width * pages):
            shown[i] = rnd(256)
        f._buf[1:] = shown
        # a few changed spans, single bytes, the edges, or nothing
        for _ in range(rnd(5)):
            p = rnd(pages)
            a = rnd(width)
            b = a + rnd(width - a)
            if case % 7 == 0:
                a, b = 0, width - 1
            for c in range(a, b + 1):
                if rnd(3):
                    f._buf[1 + p * width + c] ^= 1 + rnd(255)
        display._dirty = fast
        n1 = display.SeatDisplay._scan(f)
        d1 = bytes(f._dirty)
        display._dirty = None
        n2 = display.SeatDisplay._scan(f)
        d2 = bytes(f._dirty)
        display._dirty = fast
        cases += 1
        # the clean pages' second byte is not read: compare what is
        same = n1 == n2
        for p in range(pages):
            if d1[2 * p] != d2[2 * p] or (d1[2 * p] != 255 and d1[2 * p + 1] != d2[2 * p + 1]):
                same = False
        if not same:
            bad += 1
            if bad < 4:
                print("differ", width, pages, case, n1, n2, d1, d2)
print("scans", cases, "differ", bad)
