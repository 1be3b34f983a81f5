# Board RPI_PICO_W: Raspberry Pi Pico W (RP2040 + CYW43439 Wi-Fi), MicroPython
# 1.22+ (the image of `make firmware BOARD=RPI_PICO_W`: 1.28.0). The wiring is
# the Pico's (boards/RPI_PICO/board.py): GP23, GP24, GP25 and GP29 belong to
# the radio on the Pico W, and none of them is used here; the LED is the
# radio's WL_GPIO0.
#
# Wiring table (Pico W pin number = physical pin on the board edge):
#
#   what                        GPIO   Pico pin   notes
#   I2C0 SDA -> TCA9548A SDA    GP4    6          4.7 kΩ pull-up to 3V3 on the
#   I2C0 SCL -> TCA9548A SCL    GP5    7          mux module (most have 10 kΩ)
#   3V3(OUT) -> mux VIN, OLED VCC      36         one 3V3 rail for all parts
#   GND      -> mux GND, OLED GND,     38 (any)   buttons switch to GND
#               all buttons
#   TCA9548A: A0 A1 A2 to GND -> address 0x70; RESET to 3V3 (10 kΩ)
#   TCA9548A channel s (SDs/SCs) -> seat s's SSD1306 128x64 at 0x3C (s = 0..4);
#               each channel needs its own pull-ups (OLED modules carry them)
#
#   buttons (internal pull-up, button to GND, pressed reads 0):
#   seat   ◀ (0)          ▶ (1)          ● (2)
#   0      GP6  pin 9     GP7  pin 10    GP8  pin 11
#   1      GP9  pin 12    GP10 pin 14    GP11 pin 15
#   2      GP12 pin 16    GP13 pin 17    GP14 pin 19
#   3      GP15 pin 20    GP16 pin 21    GP17 pin 22
#   4      GP18 pin 24    GP19 pin 25    GP20 pin 26
#   RP2040 pull-ups are ~50-80 kΩ: with cables longer than ~50 cm to a seat add
#   10 kΩ to 3V3 and 100 nF to GND at the Pico end.
#   Free: GP0/GP1 (UART0 for a console), GP2/GP3, GP21 (OLED_RESET of 2.42" panels), GP22, GP26-28.
#
# Builders (same names on every board): make_displays(n), make_buttons(on_event,
# n, **kw), hw_seed(), storage_root(); and make_net(storage_root) (hw/net.py:
# the table's own Wi-Fi or a network it joins, the page's server). Settings:
# CARE (the panels' care, below).

from machine import I2C, Pin

from hw import boardkit

NAME = "RPI_PICO_W"
SEATS = 5
I2C_ID = 0
I2C_SDA = 4          # GP4, pin 6
I2C_SCL = 5          # GP5, pin 7
I2C_FREQ = 400000
MUX_ADDR = 0x70      # TCA9548A, A0-A2 low
OLED_ADDR = 0x3C     # SSD1306 on every mux channel
# The panel: "ssd1306" (0.96" modules, 21.7 x 10.9 mm) or "ssd1309" (2.42"
# modules, 55.0 x 27.5 mm, I2C chosen by their resistors, RES# wired to
# OLED_RESET). The glance text at 60 cm (host_tools/emulator/glance.py,
# docs/PERFORMANCE.md): 0.96": small font 5.8', large 7.8', big 9.7';
# 2.42": 14.8', 19.7', 24.6' (about 16' is read at a glance)
PANEL = "ssd1306"
OLED_RESET = None    # 2.42": GP21, pin 27, on every panel's RES#
BUTTONS = (          # per seat: ◀, ▶, ● (GPIO numbers, see the table above)
    (6, 7, 8),
    (9, 10, 11),
    (12, 13, 14),
    (15, 16, 17),
    (18, 19, 20),
)
INPUT_ONLY = ()      # every button pin has an internal pull-up
STORAGE = "/data"
# the panels' care (firmware/table/app.py, App.tick), seconds, 0: never:
#   DIM_S       no press this long: every panel dims to DIM_LEVEL
#   DIM_PLAY_S  ... this long while a deal is played on the screens
#   DIM_LEVEL   the SSD1306 contrast of a dimmed panel (lit: 255)
#   SHIFT_S     a screen unchanged this long moves by a pixel
CARE = (300, 900, 16, 120)      # DIM_S, DIM_PLAY_S, DIM_LEVEL, SHIFT_S

# The builders (hw/boardkit.py) read the table above when called.
_kit = boardkit.MachineBoard(globals(), I2C, Pin)
make_displays = _kit.make_displays      # (n=SEATS) -> [SeatDisplay]
make_buttons = _kit.make_buttons        # (on_event, n=SEATS, **kw) -> Buttons
hw_seed = _kit.hw_seed                  # os.urandom (RP2040: ring-oscillator bits)
storage_root = _kit.storage_root        # STORAGE, created if missing


def make_net(root):
    """The radio (hw/net.py), its settings under root; nothing starts yet."""
    from hw.net import Net

    return Net(root)
