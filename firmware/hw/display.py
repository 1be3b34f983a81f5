# Seat displays: SSD1306 OLEDs (128x64, I2C) driven by adafruit_ssd1306, each
# behind a TCA9548A mux channel or on its own bus / address (the board decides).
#
# API (firmware/table and boards/*/board.py use only this):
#   BusioI2C(i2c, mux=None, channel=0, stats=None)
#       the adapter that gives machine.I2C the busio shape adafruit's driver
#       wants (try_lock/unlock/writeto(addr, buf, start=0, end=None)/
#       readfrom_into), selecting the mux channel before each transaction
#   Mux(i2c, addr=0x70)   a TCA9548A; remembers the selected channel
#   SeatDisplay(i2c, addr=0x3C, mux=None, channel=0, width=128, height=64,
#               freq=400000, driver=SSD1306_I2C)   driver: the controller's
#               class (SSD1309 below for the 2.42" modules)
#     .canvas     FrameBuffer-like (the adafruit driver object, a
#                 framebuf.FrameBuffer subclass, MONO_VLSB): draw on it
#     .begin()    call before drawing a new frame: remembers what the panel
#                 shows, so show() can send only what the drawing changed
#     .show(full=False) push what changed since the last push (dirty columns
#                 per page); OSError -> .online = False, no raise. Returns the
#                 number of I2C bytes sent (0 when nothing changed or offline)
#     .online     False after an OSError (also when missing at start-up)
#     .poll()     if offline: re-initialise the controller and push the whole
#                 current canvas; returns .online. Cheap when online.
#     .contrast(v), .invert(on), .power(on)   commands, OSError -> offline;
#                 remembered and applied again when poll() brings it back
#     .stats      Stats: transactions, bytes (incl. address bytes), bits on the
#                 wire; .bus_us(freq) = wire time; .reset(). Accumulates over
#                 every transaction for this seat (mux selects included).
#     .last       Stats of the last show() alone
#   watch(displays, period_ms=1000)   asyncio task: poll() offline displays
#
# Wire-time model (per transaction): START, address byte, payload bytes, each
# byte 9 clocks (8 + ACK), STOP ~ 2 clocks: bits = 9 * (1 + n) + 2.
#
# What the panel shows: one 1 KB copy shared by all seats (the app redraws one
# seat at a time) instead of a shadow per seat. Between pushes a panel shows
# its canvas; begin() copies the canvas into the shared copy before drawing,
# show() compares against it. A seat whose canvas was drawn on without begin()
# while another seat used the copy gets a full frame (correct, ~24 ms).
#
# Transfers: the driver's own show() sends the whole frame (6 single-command
# transactions + 1 + 1024 bytes); SeatDisplay.show() instead sends one
# transaction per window: its column/page commands, each after a control byte
# 0x80 (Co=1), then 0x40 and the window's bytes (SSD1306 datasheet 8.1.5.2),
# choosing one window per dirty page or one bounding box, whichever is fewer
# bytes. (The window's command transaction of its own took ~0.45 ms a window
# on the emulated RP2040 in session 8's trace, its timer included; here it
# is 4 bytes more, ~0.1 ms at 400 kHz.)

try:
    from micropython import const  # pyright: ignore[reportAssignmentType] (the host's const is untyped)
except ImportError:  # CPython
    def const(x):
        return x

import adafruit_ssd1306

try:
    from hw.scan import dirty as _dirty   # native (hw/scan.py)
except Exception:  # CPython, no native emitter, another arch's .mpy
    _dirty = None

MUX_ADDR = const(0x70)
OLED_ADDR = const(0x3C)
_WINDOW_OVERHEAD = const(14)  # address byte + 6 x (0x80, window byte) + 0x40


class Stats:
    __slots__ = ("transactions", "bytes", "bits")

    def __init__(self):
        self.reset()

    def reset(self):
        self.transactions = 0
        self.bytes = 0
        self.bits = 0

    def add(self, payload):
        self.transactions += 1
        self.bytes += 1 + payload
        self.bits += 9 * (1 + payload) + 2

    def bus_us(self, freq=400000):
        return self.bits * 1000000 // freq

    def copy_from(self, other):
        self.transactions = other.transactions
        self.bytes = other.bytes
        self.bits = other.bits


class Mux:
    """TCA9548A: one byte written to addr selects the channels (bit mask)."""

    def __init__(self, i2c, addr=MUX_ADDR):
        self.i2c = i2c
        self.addr = addr
        self.current = -1  # unknown
        self._sel = [bytes((1 << c,)) for c in range(8)]

    def select(self, channel, stats=None):
        if self.current == channel:
            return
        self.current = -1
        self.i2c.writeto(self.addr, self._sel[channel])
        if stats:
            stats.add(1)
        self.current = channel


class BusioI2C:
    """machine.I2C in the busio shape (adafruit_bus_device.I2CDevice uses it)."""

    def __init__(self, i2c, mux=None, channel=0, stats=None):
        self.i2c = i2c
        self.mux = mux
        self.channel = channel
        self.stats = stats
        self.locked = False
        self.quiet = False    # swallow OSError (driver construction), see failed
        self.failed = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def _select(self):
        if self.mux:
            self.mux.select(self.channel, self.stats)

    def _error(self, e):
        if self.mux:
            self.mux.current = -1
        if self.quiet:
            self.failed = True
            return
        raise e

    def writeto(self, addr, buf, *, start=0, end=None):
        if end is None:
            end = len(buf)
        try:
            self._select()
            n = self.i2c.writeto(addr, memoryview(buf)[start:end])
            if n is not None and n < end - start:
                raise OSError(5)  # EIO: a data byte was not acknowledged
        except OSError as e:
            if start == end and self.quiet:
                # the driver's probe (an empty write): some ports refuse
                # zero-length writes; the init commands that follow decide
                return
            self._error(e)
            return
        if self.stats:
            self.stats.add(end - start)

    def writevto(self, addr, bufs):
        """Several buffers in one transaction (machine.I2C.writevto)."""
        n = 0
        for b in bufs:
            n += len(b)
        try:
            self._select()
            acks = self.i2c.writevto(addr, bufs)
            if acks is not None and acks < n:
                raise OSError(5)
        except OSError as e:
            self._error(e)
            return
        if self.stats:
            self.stats.add(n)

    def readfrom_into(self, addr, buf, *, start=0, end=None):
        if end is None:
            end = len(buf)
        try:
            self._select()
            self.i2c.readfrom_into(addr, memoryview(buf)[start:end])
        except OSError as e:
            self._error(e)
            return
        if self.stats:
            self.stats.add(end - start)


# [bytes of the frame the owner's panel shows, its memoryview, owner]
_PANEL = [None, None, None]  # type: list


def _panel(n):
    """Make the shared copy of what one panel shows (n bytes) on first use."""
    if _PANEL[0] is None or len(_PANEL[0]) != n:
        _PANEL[0] = bytearray(n)
        _PANEL[1] = memoryview(_PANEL[0])
        _PANEL[2] = None


class SSD1309(adafruit_ssd1306.SSD1306_I2C):
    """The 2.42" modules' SSD1309: the SSD1306 commands but no charge pump
    (0x8D) and no IREF select (0xAD): VCC comes from the module's boost
    converter; pre-charge 0xF1 and VCOMH 0x34 (~0.78 VCC) are its own."""

    def init_display(self):
        for c in b"\xae\x20\x00\x40\xa1\xa8\x3f\xc8\xd3\x00\xda\x12\xd5\x80\xd9\xf1\xdb\x34\x81\xff\xa4\xa6\xaf":
            self.write_cmd(c)
        self.fill(0)
        self.show()


class SeatDisplay:
    def __init__(self, i2c, addr=OLED_ADDR, mux=None, channel=0, width=128,
                 height=64, freq=400000, driver=adafruit_ssd1306.SSD1306_I2C):
        self.addr = addr
        self.width = width
        self.height = height
        self.pages = height // 8
        self.freq = freq
        self.stats = Stats()
        self.last = Stats()
        self.bus = BusioI2C(i2c, mux, channel, self.stats)
        # The driver probes, initialises and clears the panel in its
        # constructor; a missing display must not stop the table, so errors
        # are swallowed there and the display starts offline.
        self.bus.quiet = True
        self.canvas = driver(width, height, self.bus, addr=addr)
        self.bus.quiet = False
        self.online = not self.bus.failed
        self.bus.failed = False
        self._buf = self.canvas.buffer          # 0x40 + width*pages bytes
        self._mv = memoryview(self._buf)
        _panel(width * self.pages)
        # the window's commands, each after a control byte 0x80 (Co=1: one
        # command byte, then another control byte), then 0x40 (Co=0: the
        # rest is data), so that the window and its data go in one transaction
        self._win = bytearray(b"\x80\x21\x80\x00\x80\x00\x80\x22\x80\x00\x80\x00\x40")
        self._cmd = bytearray(3)
        self._contrast = 0xFF    # as the driver's init sets them
        self._inverted = False
        self._on = True
        self._rows = [None] * (self.pages + 1)  # type: list
        self._dirty = bytearray(2 * self.pages)
        if self.online:
            self._shown()                      # the driver pushed a clear frame

    def _shown(self):
        """The panel shows the canvas now: it becomes the shared copy."""
        pn = _PANEL
        pn[0][:] = self._mv[1:]
        pn[2] = self

    def begin(self):
        """Before drawing a frame: the panel shows the canvas (every push
        sends what changed), so the canvas is the copy to compare with."""
        if self.online and _PANEL[2] is not self:
            self._shown()

    # --- commands -------------------------------------------------------
    def _command(self, c, arg=-1):
        cmd = self._cmd
        cmd[0] = 0x00
        cmd[1] = c
        n = 2
        if arg >= 0:
            cmd[2] = arg
            n = 3
        self.bus.writeto(self.addr, cmd, end=n)

    def _guard(self, c, arg=-1):
        if not self.online:
            return False
        try:
            self._command(c, arg)
            return True
        except OSError:
            self.online = False
            return False

    def contrast(self, value):
        self._contrast = value & 0xFF
        return self._guard(0x81, self._contrast)

    def invert(self, on):
        self._inverted = bool(on)
        return self._guard(0xA7 if on else 0xA6)

    def power(self, on):
        self._on = bool(on)
        return self._guard(0xAF if on else 0xAE)

    def _restore(self):
        """After a re-initialisation: the settings the app chose."""
        if self._contrast != 0xFF:
            self._command(0x81, self._contrast)
        if self._inverted:
            self._command(0xA7)
        if not self._on:
            self._command(0xAE)

    # --- frame transfer -----------------------------------------------------
    def _send(self, c0, c1, p0, p1):
        """Window [c0..c1] x [p0..p1] and its bytes in one transaction."""
        w = self._win
        w[3] = c0
        w[5] = c1
        w[9] = p0
        w[11] = p1
        width = self.width
        mv = self._mv
        if p0 == p1 or (c0 == 0 and c1 == width - 1):
            # one span of the buffer (after its 0x40 byte): a page's
            # columns, or whole rows
            self.bus.writevto(self.addr, (w, mv[1 + p0 * width + c0:2 + p1 * width + c1]))
            return
        rows = self._rows
        rows[0] = w
        n = 1
        for p in range(p0, p1 + 1):
            a = 1 + p * width + c0
            rows[n] = mv[a:a + c1 - c0 + 1]
            n += 1
        self.bus.writevto(self.addr, rows[:n])
        for i in range(n):
            rows[i] = None

    def _scan(self):
        """Dirty column range per page into self._dirty; returns dirty pages.

        Clean pages cost one memoryview comparison (done in C); in a dirty
        page the first and last differing columns are found by halving
        (comparing slices) and a short loop, never a 128-step Python loop."""
        if _dirty is not None:
            return _dirty(self._buf, 1, _PANEL[0], self.width, self.pages, self._dirty)
        mv = self._mv
        smv = _PANEL[1]
        width = self.width
        dirty = self._dirty
        count = 0
        for p in range(self.pages):
            base = p * width
            if mv[base + 1:base + 1 + width] == smv[base:base + width]:
                dirty[2 * p] = 255
                continue
            # first differing column: the prefix [0, lo) is equal, a
            # difference lies in [lo, hi)
            lo = 0
            hi = width
            while hi - lo > 8:
                mid = (lo + hi) >> 1
                if mv[base + 1 + lo:base + 1 + mid] == smv[base + lo:base + mid]:
                    lo = mid
                else:
                    hi = mid
            buf = self._buf
            sent = _PANEL[0]
            while buf[base + 1 + lo] == sent[base + lo]:
                lo += 1
            # last differing column: the suffix [hi, width) is equal
            a = lo
            hi = width
            while hi - a > 8:
                mid = (a + hi) >> 1
                if mv[base + 1 + mid:base + 1 + hi] == smv[base + mid:base + hi]:
                    hi = mid
                else:
                    a = mid
            c1 = hi - 1
            while buf[base + 1 + c1] == sent[base + c1]:
                c1 -= 1
            dirty[2 * p] = lo
            dirty[2 * p + 1] = c1
            count += 1
        return count

    def show(self, full=False):
        """Push the canvas. Returns I2C bytes sent for it (0: nothing/offline)."""
        if not self.online:
            return 0
        st = self.stats
        t0 = st.transactions
        b0 = st.bytes
        w0 = st.bits
        try:
            if full or _PANEL[2] is not self:
                # drawn on without begin() after another seat used the copy
                self._send(0, self.width - 1, 0, self.pages - 1)
                self._shown()
            elif self._scan():
                self._push_dirty()
                self._shown()
        except OSError:
            self.online = False
            if _PANEL[2] is self:
                _PANEL[2] = None
        last = self.last
        last.transactions = st.transactions - t0
        last.bytes = st.bytes - b0
        last.bits = st.bits - w0
        return last.bytes if self.online else 0

    def _push_dirty(self):
        dirty = self._dirty
        per_page = 0
        lo = 255
        hi = -1
        p0 = -1
        p1 = -1
        for p in range(self.pages):
            c0 = dirty[2 * p]
            if c0 == 255:
                continue
            c1 = dirty[2 * p + 1]
            per_page += _WINDOW_OVERHEAD + c1 - c0 + 1
            if c0 < lo:
                lo = c0
            if c1 > hi:
                hi = c1
            if p0 < 0:
                p0 = p
            p1 = p
        box = _WINDOW_OVERHEAD + (p1 - p0 + 1) * (hi - lo + 1)
        if box <= per_page:
            self._send(lo, hi, p0, p1)
            return
        for p in range(self.pages):
            c0 = dirty[2 * p]
            if c0 != 255:
                self._send(c0, dirty[2 * p + 1], p, p)

    def poll(self):
        """Retry an offline display: re-initialise it and push the canvas."""
        if self.online:
            return True
        keep = _PANEL[0]              # the driver's init clears the canvas:
        keep[:] = self._mv[1:]        # keep it in the shared copy meanwhile
        _PANEL[2] = None
        try:
            self.canvas.init_display()  # raises OSError if still missing
            self._restore()
            ok = True
        except OSError:
            ok = False
        self._mv[1:] = keep
        if not ok:
            return False
        self.online = True
        self.show(full=True)
        return self.online


async def watch(displays, period_ms=1000):
    """asyncio task: every period_ms, poll() the displays that are offline."""
    try:
        import asyncio
    except ImportError:
        import uasyncio as asyncio
    while True:
        for d in displays:
            if not d.online:
                d.poll()
        await asyncio.sleep(period_ms / 1000)
