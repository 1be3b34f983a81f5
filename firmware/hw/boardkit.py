# Shared builders for boards/*/board.py: a board file holds only its pin table
# and calls these with built machine objects (drivers never see pin numbers).
#
#   displays(i2c, n, mux_addr=0x70, oled_addr=0x3C, freq=400000)
#       n SeatDisplays, seat s on mux channel s (mux_addr=None: no mux, one
#       display per bus: pass a list of n I2C objects as i2c instead)
#   button_rows(make_pin, table)  [[make_pin(gpio) for gpio in seat] for seat in table]
#   seed_from_urandom(urandom)    int < 2**30 from 4 random bytes
#   ensure_dir(os_mod, path)      mkdir if missing, return path

from hw.display import Mux, SeatDisplay


def displays(i2c, n, mux_addr=0x70, oled_addr=0x3C, freq=400000):
    if mux_addr is None:
        return [SeatDisplay(i2c[s], oled_addr, None, 0, freq=freq) for s in range(n)]
    mux = Mux(i2c, mux_addr)
    return [SeatDisplay(i2c, oled_addr, mux, s, freq=freq) for s in range(n)]


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
