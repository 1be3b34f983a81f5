# The columns a frame changed, page by page, as native code (hw/display.py).
#
# SeatDisplay.show() sends only what changed since the panel's last frame:
# per page (8 rows) the first and last column that differ. In Python that is
# a memoryview compare per page and a halving search in the dirty ones,
# ~2-3 ms a frame on an RP2040 at 125 MHz, paid on every press's answer;
# this @viper loop does it in well under 0.5 ms. Only where MicroPython
# compiles native code and the .mpy is the port's own (the board images,
# the unix port from source); elsewhere the module does not import and
# display.py keeps its Python scan (the same result: tests/host/test_blit.py).
#
#   dirty(buf, b0, shown, width, pages, out) -> number of dirty pages
#     buf    the canvas bytes, the frame from index b0 on (the adafruit
#            driver's buffer: b0 = 1, after the I2C data-control byte)
#     shown  the frame the panel shows (width * pages bytes)
#     out    bytearray(2 * pages): per page p, out[2p] = first differing
#            column and out[2p + 1] = last, or out[2p] = 255 when the page
#            is the same
# pyright: reportUndefinedVariable=false, reportInvalidTypeForm=false
# (ptr8/int are viper's own types, known to its compiler only)
import micropython


@micropython.viper
def dirty(buf: ptr8, b0: int, shown: ptr8, width: int, pages: int, out: ptr8) -> int:
    count = 0
    for p in range(pages):
        base = p * width
        a = b0 + base            # the page's first column in buf
        lo = 0
        while lo < width and buf[a + lo] == shown[base + lo]:
            lo += 1
        if lo == width:
            out[2 * p] = 255
            continue
        hi = width - 1
        while buf[a + hi] == shown[base + hi]:
            hi -= 1
        out[2 * p] = lo
        out[2 * p + 1] = hi
        count += 1
    return count
