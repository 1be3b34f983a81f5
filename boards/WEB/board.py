# Board WEB: the device in a browser (issue 40; `make web`, build/web/). The
# hardware is the desktop emulator's (boards/HOST/board.py, bundled as
# host_board.py: emulated I2C bus, mux and SSD1306 controllers decoding the
# real driver's bytes, pins with pull-ups), so the panels show the same
# pixels; the page (boards/WEB/page.mjs) draws each controller's RAM and
# presses the pins. Storage is the WebAssembly port's in-memory filesystem
# at /data, which the page keeps in the browser's localStorage.
# Builders as on every board: make_displays, make_buttons, hw_seed,
# storage_root; CARE.
from host_board import CARE, SEATS, make_displays, make_buttons, reset  # noqa: F401
import host_board

NAME = "WEB"
ROOT = "/data"


def hw():
    """The emulated hardware of the table (reset() makes it anew)."""
    return host_board.HW


def hw_seed():
    import js
    return int(js.Math.random() * (1 << 30))


def storage_root():
    import os
    try:
        os.mkdir(ROOT)
    except OSError:
        pass    # there
    return ROOT
