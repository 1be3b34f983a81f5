# Board HOST: the desktop emulator's hardware, built from host_tools/emu_ssd1306.
# Same wiring as the real boards (see boards/RPI_PICO/board.py):
#
#   emulated I2C bus, 400 kHz
#     TCA9548A mux       0x70
#       channel s (s = 0..4): SSD1306 128x64 at 0x3C = seat s's screen
#   buttons: HW.pins[seat][b], b = 0 ◀, 1 ▶, 2 ●; HostPin reads 1 when up
#            (pull-up) and 0 while pressed, like the real wiring
#
# Builders (same names on every board):
#   make_displays(n=SEATS)    -> [hw.display.SeatDisplay] for seats 0..n-1
#   make_buttons(on_event, n=SEATS, **kw) -> hw.buttons.Buttons
#   hw_seed()                 -> int < 2**30 from os.urandom
#   storage_root()            -> directory for the journal (created)
# Settings: CARE (the panels' care, below).
# Host extras for the emulator and tests:
#   HW.bus, HW.mux, HW.panels[seat] (emu_ssd1306.SSD1306: .pixel(x, y),
#   .to_image(), .unplug()/.plug()), HW.pins[seat][b] (.press()/.release()),
#   reset(seats=SEATS) -> fresh hardware (tests)
# Import through host_tools/lib/hostenv.py (it sets sys.path for framebuf etc.).

import os

import emu_ssd1306 as emu
from hw import boardkit

NAME = "HOST"
SEATS = 5
I2C_FREQ = 400000
MUX_ADDR = 0x70
OLED_ADDR = 0x3C
PANEL = "ssd1306"    # reset(panel="ssd1309"): the 2.42" modules, RES# pulsed
STORAGE_ENV = "TAROCKBOX_STORAGE"
# the panels' care (firmware/table/app.py, App.tick), seconds, 0: never:
#   DIM_S       no press this long: every panel dims to DIM_LEVEL
#   DIM_PLAY_S  ... this long while a deal is played on the screens
#   DIM_LEVEL   the SSD1306 contrast of a dimmed panel (lit: 255)
#   SHIFT_S     a screen unchanged this long moves by a pixel
CARE = (300, 900, 16, 120)      # DIM_S, DIM_PLAY_S, DIM_LEVEL, SHIFT_S


class HostPin:
    """A button input with a pull-up: value() is 1 when up, 0 when pressed."""

    def __init__(self):
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0

    def press(self):
        self.level = 0

    def release(self):
        self.level = 1


class HostReset:
    """A GPIO on every panel's RES#: low, then high, is a reset pulse."""

    def __init__(self, panels):
        self.panels = panels
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        if v and not self.level:
            for p in self.panels:
                p.reset_pulse()
        self.level = 1 if v else 0


class HostHardware:
    def __init__(self, seats=SEATS, panel=PANEL):
        self.seats = seats
        self.panel = panel
        self.bus = emu.I2CBus(freq=I2C_FREQ)
        self.mux = emu.TCA9548A(self.bus, MUX_ADDR)
        self.panels = []
        chip = emu.SSD1309 if panel == "ssd1309" else emu.SSD1306
        for s in range(seats):
            self.panels.append(self.mux.attach(chip(OLED_ADDR), s))
        # the 2.42" modules' RES# line (the 0.96" ones have none)
        self.reset_pin = HostReset(self.panels) if panel == "ssd1309" else None
        self.pins = [[HostPin() for _ in range(3)] for _ in range(seats)]


HW = HostHardware()


def reset(seats=SEATS, panel=PANEL):
    global HW
    HW = HostHardware(seats, panel)
    return HW


def make_displays(n=SEATS):
    return boardkit.displays(HW.bus, n, MUX_ADDR, OLED_ADDR, I2C_FREQ, HW.panel, HW.reset_pin)


def make_buttons(on_event, n=SEATS, **kw):
    from hw.buttons import Buttons

    return Buttons(HW.pins[:n], on_event, **kw)


def hw_seed():
    return boardkit.seed_from_urandom(os.urandom)


def storage_root():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.environ.get(STORAGE_ENV) or os.path.join(here, "..", "..", "out", "storage")
    root = os.path.normpath(root)
    os.makedirs(root, exist_ok=True)
    return root
