"""The tarockbox image (build/RPI_PICO/tarockbox.uf2) on an emulated RP2040.

    chip = Rp2040(uf2, flash=None)     # rp2040_node.mjs under Node (rp2040js)
    Rp2040(..., board="RPI_PICO_W")    the Pico W image: its filesystem where
                                       that layout has it (LAYOUT); no radio
    chip.boot()                        # runs until the bus is quiet: first screens
    chip.press(seat, "o") / chip.keys(seat, ">>o")   the host emulator's keys
    chip.panels[seat]                  emu_ssd1306.SSD1306: what the glass shows
    chip.snap(path)                    the five screens as one PNG
    chip.flash_image()                 the littlefs region as bytes (reboot, checks)
    chip.close()

The I2C transactions the chip makes go, as they come from Node, through the
host emulator's own TCA9548A and SSD1306 models (host_tools/emulator/
emu_ssd1306.py): the same decoder for both emulators. Times are emulated
(125 MHz core, 400 kHz bus). Filesystem images are made and read by
MicroPython's own littlefs (VfsLfs2 of the unix port in .venv), with the
rp2 port's parameters (4096-byte blocks, progsize 256).
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

import emu_ssd1306  # noqa: E402  (the host emulator's I2C models)
import emulator  # noqa: E402  (keys, hold times)

NODE_SCRIPT = os.path.join(HERE, "rp2040_node.mjs")
FS_BLOCK = 4096
FS_BLOCKS = 1408 * 1024 // FS_BLOCK     # RPI_PICO (LAYOUT below)
# the littlefs region (flash offset, bytes) of each image, MicroPython's own
# layouts (boards/<BOARD>/mpconfigboard.h): the Pico's would overwrite the
# larger Pico W image's tail (the chip then crashes in its first RAM function)
LAYOUT = {"RPI_PICO": (0xA0000, 1408 * 1024), "RPI_PICO_W": (0x12C000, 848 * 1024)}
SEATS = 5
BUTTONS = [[6 + 3 * s + k for k in range(3)] for s in range(SEATS)]   # boards/RPI_PICO
MUX, OLED = 0x70, 0x3C
QUIET_MS = 40         # the app's answer to a press is over when the bus is idle this long
# A short press is held 100 ms here: with the host emulator's 60 ms (HOLD_MS)
# presses were lost on the chip at times (its poll loop sleeps 10 ms after a
# poll that takes time of its own, so 60 ms of "down" can end before the
# debouncer has seen 50 ms of it).
HOLD_MS = 100


def micropython():
    for p in (os.path.join(ROOT, ".venv", "bin", "micropython"), "micropython"):
        if os.path.exists(p) or not os.path.dirname(p):
            return p
    raise SystemExit("rp2040emu: no MicroPython unix port (.venv/bin/micropython)")


_FS = """
import vfs, sys
class Dev:
    def __init__(s, data): s.d = data
    def readblocks(s, n, buf, off=0):
        a = n * %(bs)d + off
        buf[:] = s.d[a:a + len(buf)]
    def writeblocks(s, n, buf, off=0):
        a = n * %(bs)d + off
        s.d[a:a + len(buf)] = buf
    def ioctl(s, op, arg):
        if op == 4: return %(n)d
        if op == 5: return %(bs)d
        if op == 6:
            s.d[arg * %(bs)d:(arg + 1) * %(bs)d] = b'\\xff' * %(bs)d
        return 0
"""


def run_until(chip, mark, who, limit_s=600):
    """Run the chip until its serial output holds mark (a boot.py probe's
    last line); a traceback on it or limit_s of emulated time: SystemExit
    naming who. Returns the emulated ms it took."""
    while mark not in chip.serial:
        chip.run(1000)
        if "Traceback" in chip.serial:
            raise SystemExit("%s: the chip failed:\n%s" % (who, chip.serial[-1500:]))
        if chip.now > limit_s * 1000:
            raise SystemExit("%s: no end after %d emulated seconds" % (who, limit_s))
    return chip.now


def make_fs(files, path, board="RPI_PICO"):
    """A littlefs image at path holding files {'/boot.py': bytes}, the size
    of the board's filesystem."""
    blocks = LAYOUT[board][1] // FS_BLOCK
    src = _FS % {"bs": FS_BLOCK, "n": blocks} + """
d = Dev(bytearray(b'\\xff' * %(size)d))
vfs.VfsLfs2.mkfs(d, progsize=256)
fs = vfs.VfsLfs2(d, progsize=256)
for name, data in %(files)r:
    parts = name.strip('/').split('/')
    for k in range(1, len(parts)):
        try:
            fs.mkdir('/' + '/'.join(parts[:k]))
        except OSError:
            pass
    with fs.open(name, 'wb') as f:
        f.write(data)
with open(%(path)r, 'wb') as f:
    f.write(d.d)
""" % {"size": FS_BLOCK * blocks, "files": sorted(files.items()), "path": path}
    subprocess.run([micropython(), "-X", "heapsize=8M", "-c", src], check=True)
    return path


def read_fs(path):
    """{'/data/sheet.tbj': bytes, ...} of a littlefs image (files only; its
    size says the board's layout)."""
    src = _FS % {"bs": FS_BLOCK, "n": os.path.getsize(path) // FS_BLOCK} + """
with open(%(path)r, 'rb') as f:
    d = Dev(bytearray(f.read()))
fs = vfs.VfsLfs2(d, progsize=256)
def walk(p):
    for e in fs.ilistdir(p):
        q = (p.rstrip('/') + '/' + e[0])
        if e[1] & 0x4000:
            walk(q)
        else:
            with fs.open(q, 'rb') as f:
                print(q, f.read().hex())
walk('/')
""" % {"path": path}
    out = subprocess.run([micropython(), "-X", "heapsize=8M", "-c", src], check=True,
                         capture_output=True, text=True).stdout
    files = {}
    for line in out.splitlines():
        name, _, hexdata = line.partition(" ")
        files[name] = bytes.fromhex(hexdata)
    return files


class PressTiming:
    """One press on the chip: event_ms, when the debouncer can first deliver
    it (its 10 ms polling aside), and when the pressing seat's screen got its
    last byte of the answer (None: the screen did not change); latency_ms
    between the two: the app (CPU) and I2C together."""

    def __init__(self, seat, key, event_ms, seat_done_ms, bus_done_ms, first_ms=None):
        self.seat = seat
        self.key = key
        self.event_ms = event_ms
        self.seat_done_ms = seat_done_ms
        self.bus_done_ms = bus_done_ms
        self.first_ms = first_ms   # the end of the seat's first update (the "saving" bar)

    @property
    def latency_ms(self):
        if self.seat_done_ms is None:
            return None
        return self.seat_done_ms - self.event_ms

    @property
    def first_latency_ms(self):
        """To the end of the seat's first update: the answer, or for a press
        that writes the sheet its "saving" mark (the answer follows the
        flash write)."""
        if self.first_ms is None:
            return None
        return self.first_ms - self.event_ms


class Rp2040:
    def __init__(self, uf2, bootrom, flash=None, node="node", board="RPI_PICO"):
        self.bus = emu_ssd1306.I2CBus(400000)
        self.mux = emu_ssd1306.TCA9548A(self.bus, MUX)
        self.panels = [self.mux.attach(emu_ssd1306.SSD1306(OLED), s) for s in range(SEATS)]
        self.now = 0.0              # emulated ms
        self.serial = ""
        self.flash_ops = []         # [t_us, 'E', offset, bytes] | [t_us, 'P', offset, bytes, hex]
        self.writes = 0
        self.cut = False
        self.seat_writes = [[] for _ in range(SEATS)]   # end times (us) of writes to a seat
        self.timings = []
        self.script = []
        fs = "%d,%d" % LAYOUT[board]
        self.proc = subprocess.Popen(
            [node, NODE_SCRIPT, uf2, bootrom, flash or "-"], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env=dict(os.environ, TAROCKBOX_FS=fs))

    # ---------------------------------------------------------- protocol
    def _cmd(self, **kw):
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(kw) + "\n")
        stdin.flush()
        while True:
            line = stdout.readline()
            if not line:
                raise RuntimeError("rp2040 emulator (node) ended: %s" % self.proc.wait())
            if line.startswith("@@"):
                break
        r = json.loads(line[2:])
        self.now = r["t"]
        self.serial += r["serial"]
        self.flash_ops += r["flash"]
        self.writes = r["writes"]
        self.cut = r["cut"]
        for t, addr, hexdata, read, ack in r["i2c"]:
            if read or not ack:
                continue
            data = bytes.fromhex(hexdata)
            try:
                self.bus.writeto(addr, data)
            except OSError:
                continue
            if addr == OLED:
                for s in range(SEATS):
                    if self.mux.mask >> s & 1:
                        self.seat_writes[s].append(t)
        return r

    def run(self, ms):
        return self._cmd(op="run", ms=ms)

    def quiet(self, ms=QUIET_MS, limit=20000):
        """Run until the bus has been idle ms; returns the reply."""
        return self._cmd(op="quiet", ms=ms, max=limit)

    def pin(self, gpio, value):
        self._cmd(op="pin", gpio=gpio, value=int(value))

    def boot(self, limit=20000):
        """Run until the first screens are drawn and the bus is quiet; the
        emulated ms of the last byte of them."""
        start = self.now
        while not all(self.seat_writes) and self.now - start < limit:
            self.run(50)
        r = self.quiet(QUIET_MS * 5, limit)
        if not r.get("quiet") or not all(self.seat_writes):
            raise RuntimeError("no quiet bus %d ms after reset: %s" % (limit, self.serial[-2000:]))
        return max(max(w) for w in self.seat_writes if w) / 1000.0

    # ---------------------------------------------------------- buttons
    def press(self, seat, key, repeats=0):
        """As emulator.Emulator.press: key '<' '>' 'o' 'O', through the pin
        (pressed = low); then runs until the answer is on the screens."""
        from hw import buttons as B
        button, kind = emulator.KEYS[key]
        gpio = BUTTONS[seat][button]
        n0 = len(self.seat_writes[seat])
        f0 = len(self.flash_ops)
        self.pin(gpio, 0)
        down = self.now
        if repeats:
            self.run(B.SETTLE_MS + B.REPEAT_AFTER_MS + (repeats - 1) * B.REPEAT_MS
                     + B.REPEAT_MS // 2)
        else:
            self.run(emulator.LONG_MS if kind == 2 else HOLD_MS)
        if self.cut:                    # power_cut(): the chip stopped in a flash write
            return
        self.pin(gpio, 1)
        released = self.now
        # when the debouncer (hw/buttons.py) can first deliver the event:
        # ◀ ▶ settled down (or their last repeat), ● settled up, long ● held
        if kind == 2:
            event = down + B.LONG_MS
        elif button == B.OK:
            event = released + B.SETTLE_MS
        elif repeats:
            event = down + B.REPEAT_AFTER_MS + (repeats - 1) * B.REPEAT_MS
        else:
            event = down + B.SETTLE_MS
        # as the host emulator: the debouncer takes the release after
        # SETTLE_MS (a PRESS is sent on release), then the app answers
        self.run(HOLD_MS)
        r = self.quiet()
        if self.cut:
            return
        if not r.get("quiet"):
            raise RuntimeError("the bus never went quiet after %d %s" % (seat, key))
        # the app polls the buttons only between two seats' screens (one
        # seat's redraw takes up to ~50 ms): the release must be seen settled
        # after the answer, or the next press of the same button merges
        # into this one
        self.run(B.SETTLE_MS + 3 * B.POLL_MS)
        mine = self.seat_writes[seat][n0:]
        done = max(mine) / 1000.0 if mine else None
        # a press that writes the flash: what its seat got before the flash
        # was first busy (the "saving" mark); else the answer itself
        first = done
        ops = self.flash_ops[f0:]
        if mine and ops:
            before = [w for w in mine if w < ops[0][0]]
            first = max(before) / 1000.0 if before else done
        bus_done = r["t"] - QUIET_MS
        self.timings.append(PressTiming(seat, key + "+" * repeats, event, done, bus_done,
                                        first))
        if self.script and self.script[-1][0] == seat:
            self.script[-1][1] += key + "+" * repeats
        else:
            self.script.append([seat, key + "+" * repeats])

    def keys(self, seat, keys):
        for k, n in split_keys(keys):
            self.press(seat, k, n)

    # ---------------------------------------------------------- output
    def image(self, scale=2, gap=6):
        from types import SimpleNamespace
        # the host emulator's picture of its panels, given these panels
        panels = SimpleNamespace(hw=SimpleNamespace(panels=self.panels))
        return emulator.Emulator.image(panels, scale, gap)  # pyright: ignore[reportArgumentType] (the panels stand in for an Emulator)

    def snap(self, path, scale=2):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        self.image(scale).save(path)
        return path

    def save_flash(self, path):
        self._cmd(op="save", path=os.path.abspath(path))
        return path

    def power_cut(self, after, fraction):
        self._cmd(op="cut", after=after, fraction=fraction)

    def close(self):
        if self.proc.poll() is None:
            try:
                self._cmd(op="quit")
            except (RuntimeError, BrokenPipeError):
                pass
            self.proc.wait(10)


FS_OFFSET = 0xA0000    # the littlefs region in flash (rp2040_node.mjs)


def apply_flash_ops(image, ops, fraction=1.0):
    """The littlefs region `image` (bytearray, changed in place) after the
    chip's flash ops (Rp2040.flash_ops), the last of them done only to
    `fraction`, as rp2040_node.mjs does them and a power cut leaves them
    (NOR: an erase sets bytes to 0xFF, a program clears bits): the flash at
    any cut, without replaying the presses that led there."""
    for k, op in enumerate(ops):
        f = fraction if k == len(ops) - 1 else 1.0
        a = op[2] - FS_OFFSET
        if op[1] == "E":
            if f > 0:
                image[a:a + int(op[3] * f)] = b"\xff" * int(op[3] * f)
        else:
            data = bytes.fromhex(op[4])
            n = int(op[3] * f)
            for i in range(n):
                image[a + i] &= data[i]
    return image


def split_keys(keys):
    """'>+++o' -> [('>', 3), ('o', 0)] (the host emulator's script keys)."""
    out = []
    i = 0
    while i < len(keys):
        n = 0
        while i + 1 + n < len(keys) and keys[i + 1 + n] == emulator.REPEAT_KEY:
            n += 1
        out.append((keys[i], n))
        i += 1 + n
    return out


def same_glass(a, b):
    """Do two SSD1306 models show the same pixels?"""
    return a.display_on == b.display_on and a.rows() == b.rows()
