# Shared builders for boards/*/board.py: a board file holds only its pin table
# and calls these with built machine objects (drivers never see pin numbers).
#
#   displays(i2c, n, mux_addr=0x70, oled_addr=0x3C, freq=400000,
#            panel="ssd1306", reset=None)
#       n SeatDisplays, seat s on mux channel s (mux_addr=None: no mux, one
#       display per bus: pass a list of n I2C objects as i2c instead);
#       panel "ssd1309" for the 2.42" modules; reset: a Pin on every
#       panel's RES#, pulsed low first (ValueError for another panel)
#   button_rows(make_pin, table)  [[make_pin(gpio) for gpio in seat] for seat in table]
#   seed_from_urandom(urandom)    int < 2**30 from 4 random bytes
#   ensure_dir(os_mod, path)      mkdir if missing, return path
#   MachineBoard(g, I2C, Pin)     the four builders of a real board whose
#                                 module globals g hold the pin table:
#                                 SEATS, I2C_ID, I2C_SDA, I2C_SCL, I2C_FREQ,
#                                 MUX_ADDR, OLED_ADDR, BUTTONS, INPUT_ONLY
#                                 (pins without internal pull-up), STORAGE,
#                                 optional PANEL and OLED_RESET (a GPIO);
#                                 read when called, so a board file is its
#                                 table plus four `name = kit.name` lines

import os
import time

from adafruit_ssd1306 import SSD1306_I2C
from hw.display import SSD1309, Mux, SeatDisplay


def displays(i2c, n, mux_addr=0x70, oled_addr=0x3C, freq=400000, panel="ssd1306", reset=None):
    if panel not in ("ssd1306", "ssd1309"):
        raise ValueError("PANEL: ssd1306 or ssd1309, not %r" % panel)
    if reset is not None:
        # RES# low, then high: the controllers wake in a known state (an
        # SSD1309 module takes no command before; the datasheet's 3 us)
        reset.value(0)
        time.sleep(0.001)
        reset.value(1)
        time.sleep(0.001)
    drv = SSD1309 if panel == "ssd1309" else SSD1306_I2C
    if mux_addr is None:
        return [SeatDisplay(i2c[s], oled_addr, None, 0, freq=freq, driver=drv) for s in range(n)]
    mux = Mux(i2c, mux_addr)
    return [SeatDisplay(i2c, oled_addr, mux, s, freq=freq, driver=drv) for s in range(n)]


def button_rows(make_pin, table):
    rows = []
    for seat in table:
        rows.append([make_pin(gpio) for gpio in seat])
    return rows


def seed_from_urandom(urandom):
    b = urandom(4)
    return ((b[0] & 0x3F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]


def ensure_dir(os_mod, path):
    try:
        os_mod.mkdir(path)
    except OSError:  # exists
        pass
    return path


class MachineBoard:
    def __init__(self, g, I2C, Pin):
        self.g = g
        self.I2C = I2C
        self.Pin = Pin
        self.i2c = None

    def make_i2c(self):
        if self.i2c is None:
            g = self.g
            Pin = self.Pin
            self.i2c = self.I2C(g["I2C_ID"], sda=Pin(g["I2C_SDA"]), scl=Pin(g["I2C_SCL"]),
                                freq=g["I2C_FREQ"])
        return self.i2c

    def make_displays(self, n=None):
        g = self.g
        rst = g.get("OLED_RESET")
        return displays(self.make_i2c(), g["SEATS"] if n is None else n, g["MUX_ADDR"],
                        g["OLED_ADDR"], g["I2C_FREQ"], g.get("PANEL", "ssd1306"),
                        None if rst is None else self.Pin(rst, self.Pin.OUT, value=1))

    def button_pin(self, gpio):
        Pin = self.Pin
        if gpio in self.g["INPUT_ONLY"]:
            return Pin(gpio, Pin.IN)            # external pull-up (wiring table)
        return Pin(gpio, Pin.IN, Pin.PULL_UP)

    def make_buttons(self, on_event, n=None, **kw):
        from hw.buttons import Buttons

        g = self.g
        table = g["BUTTONS"][:g["SEATS"] if n is None else n]
        return Buttons(button_rows(self.button_pin, table), on_event, **kw)

    def hw_seed(self):
        return seed_from_urandom(os.urandom)

    def storage_root(self):
        return ensure_dir(os, self.g["STORAGE"])
