"""Emulated I2C hardware for the host: a machine.I2C-shaped bus, a TCA9548A
mux and SSD1306 controllers that decode the real driver's byte stream.

    bus = I2CBus(freq=400000)
    mux = TCA9548A(bus, addr=0x70)
    oled = SSD1306()                 # 128x64 panel, GDDRAM 128 x 8 pages
    mux.attach(oled, channel=0)      # or bus.attach(oled, addr) without a mux
    ...hw.display.SeatDisplay(bus, 0x3C, Mux(bus), 0)...
    oled.pixel(x, y)                 what the glass shows (0/1)
    oled.rows()                      list of 64 lists of 0/1
    oled.to_text() / to_image(scale) ASCII art / PIL image of the glass

I2CBus has machine.I2C's methods: writeto(addr, buf, stop=True) -> ACK count,
writevto(addr, vector, stop=True), readfrom_into(addr, buf, stop=True),
readfrom(addr, n), scan(). A device that does not answer makes writeto raise
OSError(ENODEV) like MicroPython; one that stops in the middle of a
transaction returns fewer ACKs than bytes (as machine.SoftI2C does).
bus.stats counts transactions, bytes (address byte included) and bits on the
wire (9 per byte + 2 for START/STOP), for the bench and for checking the
firmware's own accounting.

SSD1306 decoding (Solomon Systech SSD1306 datasheet rev 1.1, sections 8.7,
9 and 10): every write transaction starts with a control byte; Co=1 means
one byte follows and then another control byte, Co=0 means the rest of the
transaction is one stream; D/C#=1 data, 0 commands. Commands are parsed
across transactions (a multi-byte command may arrive as separate [0x80, b]
writes, as adafruit_ssd1306 sends them). Supported: contrast 0x81, entire
display on 0xA4/A5, normal/inverse 0xA6/A7, display off/on 0xAE/AF,
addressing mode 0x20 (horizontal, vertical, page), column and page address
windows 0x21/0x22, page-mode start column 0x00-0x1F and page 0xB0-0xB7,
display start line 0x40-0x7F, segment remap 0xA0/A1, multiplex ratio 0xA8,
COM scan direction 0xC0/C8, display offset 0xD3, COM pins 0xDA, clock
0xD5, pre-charge 0xD9, VCOMH 0xDB, charge pump 0x8D, IREF 0xAD (SSD1306B),
scrolling setup 0x26/27/29/2A/A3 (recorded, not animated), 0x2E/2F, NOP
0xE3. Anything else lands in .errors.

Faults: oled.unplug() -> the address stops answering (OSError); oled.plug()
-> answers again as a freshly powered controller (display off, RAM noise,
reset registers): the firmware must initialise it again. oled.cut_after = n
-> accepts n more bytes and then goes away in the middle of a transaction.
"""

import errno

ENODEV = getattr(errno, "ENODEV", 19)

_ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xDA: 1,
         0xD5: 1, 0xD9: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1, 0xA3: 2,
         0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}


class BusStats:
    # Counted here on the wire side, independently of the firmware's own
    # hw.display.Stats (same model on purpose): tests compare the two.
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


class I2CBus:
    """machine.I2C stand-in: devices at addresses, some behind muxes."""

    def __init__(self, freq=400000):
        self.freq = freq
        self.devices = []          # (addr, device)
        self.muxes = []
        self.stats = BusStats()
        self.log = None            # set to a list to record (addr, bytes)
        self.zero_length_ok = True # False: empty writes raise (some ports)

    def attach(self, device, addr=None):
        self.devices.append((device.addr if addr is None else addr, device))
        return device

    def _targets(self, addr):
        found = [d for a, d in self.devices if a == addr and d.present]
        for m in self.muxes:
            if not m.present:
                continue
            for ch in range(8):
                if m.mask >> ch & 1:
                    found.extend(d for a, d in m.channels[ch] if a == addr and d.present)
        return found

    def writeto(self, addr, buf, stop=True):
        data = bytes(buf)
        if self.log is not None:
            self.log.append((addr, data))
        if not data and not self.zero_length_ok:
            raise OSError(5)
        targets = self._targets(addr)
        if not targets:
            self.stats.add(0)
            raise OSError(ENODEV)
        acks = len(data)
        for d in targets:
            acks = min(acks, d.i2c_write(data))
        self.stats.add(len(data))
        return acks

    def writevto(self, addr, vector, stop=True):
        return self.writeto(addr, b"".join(bytes(v) for v in vector), stop)

    def readfrom_into(self, addr, buf, stop=True):
        targets = self._targets(addr)
        if not targets:
            self.stats.add(0)
            raise OSError(ENODEV)
        data = targets[0].i2c_read(len(buf))
        buf[:] = data
        self.stats.add(len(buf))

    def readfrom(self, addr, n, stop=True):
        b = bytearray(n)
        self.readfrom_into(addr, b)
        return bytes(b)

    def scan(self):
        seen = set()
        for a, d in self.devices:
            if d.present:
                seen.add(a)
        for m in self.muxes:
            if m.present:
                for ch in range(8):
                    if m.mask >> ch & 1:
                        seen.update(a for a, d in m.channels[ch] if d.present)
        return sorted(seen)


class TCA9548A:
    """8-channel I2C mux: writing one byte selects the channels (bit mask)."""

    def __init__(self, bus, addr=0x70):
        self.addr = addr
        self.mask = 0
        self.present = True
        self.channels = [[] for _ in range(8)]
        self.writes = 0
        bus.attach(self)
        bus.muxes.append(self)

    def attach(self, device, channel, addr=None):
        self.channels[channel].append((device.addr if addr is None else addr, device))
        return device

    def i2c_write(self, data):
        if data:
            self.mask = data[-1]
            self.writes += 1
        return len(data)

    def i2c_read(self, n):
        return bytes([self.mask] * n)


class SSD1306:
    COLS = 128
    PAGES = 8

    def __init__(self, addr=0x3C, width=128, height=64):
        self.addr = addr
        self.width = width
        self.height = height
        self.present = True
        self.cut_after = -1
        self.errors = []
        self.power_cycles = 0
        self._power_on_reset(noise=False)

    # --- power / faults ---------------------------------------------------
    def _power_on_reset(self, noise=True):
        # datasheet 8.9 / table 9-1 reset values
        if noise:
            self.ram = bytearray((i * 151 + 89) & 0xFF for i in range(self.COLS * self.PAGES))
        else:
            self.ram = bytearray(self.COLS * self.PAGES)
        self.display_on = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.mode = 2                   # page addressing after reset
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.page_col_start = 0
        self.seg_remap = False
        self.com_reverse = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.com_pins = 0x12
        self.charge_pump = False
        self.scrolling = False
        self.scroll_setup = None
        self._cmd = []                  # command being collected
        self.commands = 0
        self.data_bytes = 0

    def unplug(self):
        self.present = False

    def plug(self):
        self.present = True
        self.cut_after = -1
        self.power_cycles += 1
        self._power_on_reset(noise=True)

    # --- I2C ----------------------------------------------------------------
    def i2c_write(self, data):
        n = len(data)
        if self.cut_after >= 0 and n > self.cut_after:
            n = self.cut_after
            self.present = False
            self.cut_after = -1
        elif self.cut_after >= 0:
            self.cut_after -= n
        self._decode(data[:n])
        return n

    def i2c_read(self, n):
        # status byte: bit 6 = display off
        return bytes([0x40 if not self.display_on else 0x00] * n)

    def _decode(self, data):
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self.errors.append("control byte 0x%02X has low bits set" % ctrl)
            if ctrl & 0x80:             # Co=1: one byte, then a control byte
                if i < n:
                    self._byte(ctrl & 0x40, data[i])
                    i += 1
                continue
            for b in data[i:]:          # Co=0: the rest is one stream
                self._byte(ctrl & 0x40, b)
            return

    def _byte(self, is_data, b):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    # --- GDDRAM writes ----------------------------------------------------------
    def _data(self, b):
        self.data_bytes += 1
        self.ram[self.page * self.COLS + self.col] = b
        if self.mode == 0:              # horizontal
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
        elif self.mode == 1:            # vertical
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
        else:                           # page: the column wraps, page stays
            self.col += 1
            if self.col > 127:
                self.col = self.page_col_start

    # --- commands -----------------------------------------------------------
    def _command_byte(self, b):
        cmd = self._cmd
        cmd.append(b)
        need = _ARGS.get(cmd[0], 0)
        if len(cmd) <= need:
            return
        self._cmd = []
        self.commands += 1
        self._execute(cmd[0], cmd[1:])

    def _execute(self, c, a):
        if c == 0x81:
            self.contrast = a[0]
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c in (0xAE, 0xAF):
            self.display_on = c == 0xAF
        elif c == 0x20:
            if a[0] & 3 == 3:
                self.errors.append("addressing mode 3 is invalid")
            else:
                self.mode = a[0] & 3
        elif c == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
        elif c <= 0x0F:
            self.page_col_start = (self.page_col_start & 0xF0) | c
            self.col = self.page_col_start
        elif c <= 0x1F:
            self.page_col_start = ((c & 0x07) << 4) | (self.page_col_start & 0x0F)
            self.col = self.page_col_start
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c == 0xA8:
            self.mux = a[0] & 0x3F
            if self.mux < 15:
                self.errors.append("multiplex ratio %d is invalid" % (self.mux + 1))
        elif 0xC0 <= c <= 0xCF and c & 0x07 == 0:
            self.com_reverse = bool(c & 0x08)
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c == 0xDA:
            self.com_pins = a[0]
        elif c == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif c in (0xD5, 0xD9, 0xDB, 0xAD, 0xE3):
            pass
        elif c in (0x26, 0x27, 0x29, 0x2A, 0xA3):
            self.scroll_setup = (c, tuple(a))
        elif c in (0x2E, 0x2F):
            self.scrolling = c == 0x2F
        else:
            self.errors.append("unknown command 0x%02X" % c)

    # --- what the glass shows -----------------------------------------------
    def ram_pixel(self, col, row):
        return (self.ram[(row >> 3) * self.COLS + col] >> (row & 7)) & 1

    def pixel(self, x, y):
        """Glass pixel (x, y), x to the right, y down, as a reader sees the
        module (mounted so that the driver's defaults A1/C8 are upright)."""
        if not self.display_on:
            return 0
        if self.entire_on:
            return 1
        col = x if self.seg_remap else 127 - x
        com = 63 - y
        if com > self.mux:
            return 0
        row = ((self.mux - com) if self.com_reverse else com)
        row = (row + self.offset + self.start_line) & 63
        v = self.ram_pixel(col, row)
        return v ^ 1 if self.inverted else v

    def rows(self):
        return [[self.pixel(x, y) for x in range(self.width)] for y in range(self.height)]

    def to_text(self, on="#", off="."):
        return "\n".join("".join(on if v else off for v in r) for r in self.rows())

    def to_image(self, scale=1, on=(120, 200, 255), off=(0, 0, 0)):
        from PIL import Image

        img = Image.new("RGB", (self.width, self.height), off)
        px = img.load()
        assert px is not None
        if self.display_on:
            k = 0.35 + 0.65 * self.contrast / 255.0
            lit = tuple(int(c * k) for c in on)
            for y, r in enumerate(self.rows()):
                for x, v in enumerate(r):
                    if v:
                        px[x, y] = lit
        if scale != 1:
            img = img.resize((self.width * scale, self.height * scale), Image.Resampling.NEAREST)
        return img


class SSD1309(SSD1306):
    """The SSD1309 of the 2.42" 128x64 modules: the SSD1306 command set
    without the charge pump 0x8D and the IREF select 0xAD (VCC comes from
    the module's own boost converter), a RES# line the module needs pulsed
    before it takes a command (its controller is in no known state until
    then). reset_pulse() is RES# going low and high again: the registers
    reset, the RAM kept. Commands it would not take land in .errors."""

    def __init__(self, addr=0x3C, width=128, height=64):
        super().__init__(addr, width, height)
        self.resets = 0

    def reset_pulse(self):
        ram = self.ram
        self._power_on_reset(noise=False)
        self.ram = ram
        self.resets += 1

    def _execute(self, c, a):
        if not self.resets:
            self.errors.append("command 0x%02X before a RES# pulse" % c)
        elif c in (0x8D, 0xAD):
            self.errors.append("SSD1309 has no command 0x%02X" % c)
        else:
            super()._execute(c, a)
