# A `machine` module for running boards/*/board.py under the MicroPython unix
# port (tests/host/test_boards.py): I2C is the emulated bus with a TCA9548A and
# five SSD1306 panels; Pin records its pull setting and reads 1 (pulled up).
import emu_ssd1306 as emu
PANELS = []
class Pin:
    IN = 1
    PULL_UP = 1
    made = []
    def __init__(self, gpio, mode=-1, pull=-1):
        self.gpio = gpio
        self.pull = pull
        self.level = 1
        Pin.made.append(self)
    def value(self):
        return self.level
class I2C:
    def __init__(self, ident, sda=None, scl=None, freq=400000):
        self.bus = emu.I2CBus(freq)
        mux = emu.TCA9548A(self.bus)
        for s in range(5):
            PANELS.append(mux.attach(emu.SSD1306(), s))
    def writeto(self, a, b, stop=True): return self.bus.writeto(a, b)
    def writevto(self, a, v, stop=True): return self.bus.writevto(a, v)
    def readfrom_into(self, a, b, stop=True): return self.bus.readfrom_into(a, b)
