# Board ESP32_DEVKITC: Espressif ESP32-DevKitC with an ESP32-WROOM-32 module,
# MicroPython 1.22+.
#
# Wiring table (GPIO numbers as printed on the DevKitC header):
#
#   what                        GPIO     notes
#   I2C0 SDA -> TCA9548A SDA    GPIO21   4.7 kΩ pull-up to 3V3 on the mux module
#   I2C0 SCL -> TCA9548A SCL    GPIO22
#   3V3 -> mux VIN, OLED VCC           one 3V3 rail for all parts
#   GND -> mux GND, OLED GND, all buttons (buttons switch to GND)
#   TCA9548A: A0 A1 A2 to GND -> address 0x70; RESET to 3V3 (10 kΩ)
#   TCA9548A channel s -> seat s's SSD1306 128x64 at 0x3C (s = 0..4)
#
#   buttons (button to GND, pressed reads 0):
#   seat   ◀ (0)     ▶ (1)     ● (2)
#   0      GPIO4     GPIO13    GPIO14
#   1      GPIO16    GPIO17    GPIO18
#   2      GPIO19    GPIO23    GPIO25
#   3      GPIO26    GPIO27    GPIO32
#   4      GPIO33    GPIO34*   GPIO35*
#   * GPIO34-39 are input-only and have NO internal pull-ups: fit 10 kΩ from
#     GPIO34 and GPIO35 to 3V3. All other button pins use the internal pull-up
#     (~45 kΩ); with long cables add 10 kΩ externally as well.
#   Avoided: strapping pins 0, 2, 5, 12, 15 (a button held at reset would change
#   the boot mode or flash voltage), 6-11 (SPI flash), 1/3 (UART0 console).
#   GPIO16/17 are the PSRAM pins on WROVER modules: there use 36 and 39
#   (input-only, external pull-ups) instead.
#
# Builders (same names on every board): make_displays(n), make_buttons(on_event,
# n, **kw), hw_seed(), storage_root(); and make_net(storage_root) (hw/net.py:
# the table's own Wi-Fi or a network it joins, the page's server). Settings:
# CARE (the panels' care, below).

from machine import I2C, Pin

from hw import boardkit

NAME = "ESP32_DEVKITC"
SEATS = 5
I2C_ID = 0
I2C_SDA = 21
I2C_SCL = 22
I2C_FREQ = 400000
MUX_ADDR = 0x70      # TCA9548A, A0-A2 low
OLED_ADDR = 0x3C     # SSD1306 on every mux channel
# The panel: "ssd1306" (0.96" modules, 21.7 x 10.9 mm) or "ssd1309" (2.42"
# modules, 55.0 x 27.5 mm, I2C chosen by their resistors, RES# wired to
# OLED_RESET). The glance text at 60 cm (host_tools/emulator/glance.py,
# docs/PERFORMANCE.md): 0.96": small font 5.8', large 7.8', big 9.7';
# 2.42": 14.8', 19.7', 24.6' (about 16' is read at a glance)
PANEL = "ssd1306"
OLED_RESET = None    # 2.42": GPIO5 on every panel's RES# (a strapping pin, high
#                      at boot by its own pull-up as it must be; low only for the pulse)
BUTTONS = (          # per seat: ◀, ▶, ● (GPIO numbers, see the table above)
    (4, 13, 14),
    (16, 17, 18),
    (19, 23, 25),
    (26, 27, 32),
    (33, 34, 35),
)
INPUT_ONLY = (34, 35, 36, 37, 38, 39)   # no internal pull-up: external 10 kΩ
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
hw_seed = _kit.hw_seed                  # os.urandom (ESP32: hardware RNG)
storage_root = _kit.storage_root        # STORAGE, created if missing


def make_net(root):
    """The radio (hw/net.py), its settings under root; nothing starts yet."""
    from hw.net import Net

    return Net(root)
