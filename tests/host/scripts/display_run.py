# The display stack end to end, run by tests/host/test_display_micropython.py
# under the MicroPython unix port (real framebuf, real adafruit_ssd1306 +
# adafruit_bus_device from the venv) and under CPython (framebuf stand-in).
# argv[1]: the directory holding adafruit_ssd1306.py. Prints a transcript:
# per step the bytes sent and a checksum of every panel's glass.
import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(0, "host_tools/emulator")
sys.path.insert(0, "firmware")

import emu_ssd1306 as emu
from hw.display import Mux, SeatDisplay
from table import text


def glass_sum(p):
    s = 0
    for y in range(64):
        for x in range(128):
            if p.pixel(x, y):
                s = (s * 31 + x * 64 + y + 1) % 1000003
    return s


def same(p, c):
    for y in range(64):
        for x in range(128):
            if p.pixel(x, y) != c.pixel(x, y):
                return False
    return True


bus = emu.I2CBus()
mux = emu.TCA9548A(bus)
panels = [mux.attach(emu.SSD1306(), s) for s in range(3)]
m = Mux(bus)
ds = [SeatDisplay(bus, 0x3C, m, s) for s in range(3)]
print("online", [d.online for d in ds], "bytes", bus.stats.bytes)
for k in range(4):
    for s in range(3):
        c = ds[s].canvas
        if k == 0:
            c.fill(0)
        text.draw(c, 0, 8 * k, "Sk\u00fcs \u2665K %d" % (k + s), 1)
        if k == 2:
            c.fill_rect(0, 40, 128, 12, 1)
            text.draw(c, 2, 40, "\u2660B \u00e4 XXI", 0, text.LARGE)
        n = ds[s].show()
        print("step", k, s, "sent", n, "tx", ds[s].last.transactions,
              "same", same(panels[s], c), "glass", glass_sum(panels[s]))
panels[1].unplug()
ds[1].canvas.fill(1)
print("pulled", ds[1].show(), ds[1].online, ds[0].show(), ds[2].online)
panels[1].plug()
print("poll", ds[1].poll(), same(panels[1], ds[1].canvas), panels[1].errors)
print("total", bus.stats.bytes, bus.stats.transactions, bus.stats.bits)
