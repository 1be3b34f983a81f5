"""Seat displays end to end on the host: firmware/hw/display.py over the real
adafruit_ssd1306 driver, into the emulated TCA9548A + SSD1306 controllers
(host_tools/emulator/emu_ssd1306.py), which decode the bytes into glass pixels.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import hostenv  # noqa: E402

board = hostenv.setup("HOST")

from hw import display  # noqa: E402
from hw.display import Mux, SeatDisplay  # noqa: E402
from table import text  # noqa: E402
import emu_ssd1306 as emu  # noqa: E402


def glass_equals_canvas(panel, canvas):
    for y in range(64):
        for x in range(128):
            if panel.pixel(x, y) != canvas.pixel(x, y):
                return False
    return True


def scene(c, k):
    """Some drawing that differs with k."""
    c.fill(0)
    text.draw(c, 0, 0, "Seat %d Sküs ♥K ♦10" % k, 1)
    text.draw(c, 2 + k, 20, "XXI ♣D ♠B", 1, text.LARGE)
    c.line(0, 63, 127, 30 + k, 1)
    c.rect(90, 5 + k, 30, 20, 1)
    c.fill_rect(100, 40, 20, 10 + k, 1)


def fresh(seats=5):
    hw = board.reset(seats)
    return hw, board.make_displays(seats)


def test_startup_initialises_every_panel():
    hw, ds = fresh()
    assert [d.online for d in ds] == [True] * 5
    for p in hw.panels:
        assert p.errors == []
        assert p.display_on and p.charge_pump
        assert p.mode == 0 and p.seg_remap and p.com_reverse and p.mux == 63
        assert p.contrast == 0xFF


def test_pixels_read_back_equal_the_framebuffer_after_show():
    hw, ds = fresh()
    for s, d in enumerate(ds):
        scene(d.canvas, s)
        d.show()
    for s, d in enumerate(ds):
        p = hw.panels[s]
        assert glass_equals_canvas(p, d.canvas), s
        assert bytes(p.ram) == bytes(d.canvas.buffer[1:])
        assert p.errors == []


def test_driver_own_show_decodes_too():
    # the driver's show(): 6 single-command writes [0x80, cmd] and one
    # 1025-byte data write
    hw, ds = fresh(1)
    d = ds[0]
    scene(d.canvas, 3)
    d.canvas.show()
    assert glass_equals_canvas(hw.panels[0], d.canvas)


def test_dirty_update_sends_only_the_changed_window():
    hw, ds = fresh(2)
    d = ds[0]
    scene(d.canvas, 1)
    d.show()
    hw.bus.log = []
    # a "7" in an empty part of page 1: its ink is 4 columns (the 5th is the
    # glyph's spacing), x = 40..43
    text.draw(d.canvas, 40, 8, "7", 1)
    n = d.show()
    # one transaction: the window's commands after control bytes 0x80
    # (0x21 40 43, 0x22 1 1), then 0x40 and the 4 bytes; with the address
    # byte: 1 + 12 + 1 + 4 = 18 bytes
    win = bytes([0x80, 0x21, 0x80, 40, 0x80, 43, 0x80, 0x22, 0x80, 1, 0x80, 1, 0x40])
    assert len(hw.bus.log) == 1
    assert hw.bus.log[0][0] == 0x3C and hw.bus.log[0][1][:13] == win
    assert len(hw.bus.log[0][1]) == 17
    assert n == 18 and d.last.transactions == 1
    assert glass_equals_canvas(hw.panels[0], d.canvas)
    assert d.show() == 0              # nothing changed: nothing sent


def test_far_apart_changes_use_one_window_per_page():
    hw, ds = fresh(1)
    d = ds[0]
    d.canvas.pixel(0, 0, 1)       # page 0, column 0
    d.canvas.pixel(127, 63, 1)    # page 7, column 127
    n = d.show()
    # bounding box would be 14 + 8 * 128 bytes; two windows are 2 * (14 + 1)
    assert n == 30
    assert glass_equals_canvas(hw.panels[0], d.canvas)


def test_accounting_matches_the_wire():
    hw, ds = fresh()
    hw.bus.stats.reset()
    for d in ds:
        d.stats.reset()
    for s, d in enumerate(ds):
        scene(d.canvas, s)
        d.show()
        d.canvas.fill_rect(0, 0, 10, 10, 1)
        d.show()
    assert sum(d.stats.bytes for d in ds) == hw.bus.stats.bytes
    assert sum(d.stats.bits for d in ds) == hw.bus.stats.bits
    assert sum(d.stats.transactions for d in ds) == hw.bus.stats.transactions


def test_full_frame_figures():
    hw, ds = fresh(1)
    d = ds[0]
    d.canvas.fill(1)
    n = d.show(full=True)
    # one transaction: 1 + 12 (window) + 1 + 1024 bytes -> 1038 bytes;
    # bits: 9 * 1038 + 2 = 9344 -> 23360 us at 400 kHz
    assert n == 1038
    assert d.last.bits == 9344 and d.last.bus_us(400000) == 23360


def test_display_pulled_mid_deal_goes_offline_and_comes_back_current():
    hw, ds = fresh()
    for s, d in enumerate(ds):
        scene(d.canvas, s)
        d.show()
    hw.panels[2].unplug()
    for s, d in enumerate(ds):        # the game goes on: every seat redraws
        scene(d.canvas, s + 10)
        d.show()
    assert [d.online for d in ds] == [True, True, False, True, True]
    for s in (0, 1, 3, 4):
        assert glass_equals_canvas(hw.panels[s], ds[s].canvas)
    assert ds[2].poll() is False      # still unplugged
    scene(ds[2].canvas, 20)           # the app keeps drawing on the canvas
    assert ds[2].show() == 0
    hw.panels[2].plug()               # comes back powered fresh: off, RAM noise
    assert not hw.panels[2].display_on
    assert ds[2].poll() is True
    p = hw.panels[2]
    assert p.display_on and p.errors == []
    assert glass_equals_canvas(p, ds[2].canvas)
    # and the others were not disturbed by the recovery
    for s in (0, 1, 3, 4):
        assert glass_equals_canvas(hw.panels[s], ds[s].canvas)


def test_display_lost_in_the_middle_of_a_frame():
    hw, ds = fresh(2)
    d = ds[1]
    hw.panels[1].cut_after = 300      # goes away 300 bytes into the next write
    d.canvas.fill(1)
    assert d.show() == 0 and not d.online
    assert ds[0].show() >= 0 and ds[0].online
    hw.panels[1].plug()
    assert d.poll()
    assert glass_equals_canvas(hw.panels[1], d.canvas)


def test_missing_at_startup_then_plugged_in():
    hw = board.reset(3)
    hw.panels[1].unplug()
    ds = board.make_displays(3)
    assert [d.online for d in ds] == [True, False, True]
    scene(ds[1].canvas, 5)            # the canvas works regardless
    assert ds[1].show() == 0
    hw.panels[1].plug()
    assert ds[1].poll()
    assert glass_equals_canvas(hw.panels[1], ds[1].canvas)


def test_mux_failure_takes_all_offline_and_all_recover():
    hw, ds = fresh(3)
    hw.mux.present = False
    for s, d in enumerate(ds):
        scene(d.canvas, s)
        d.show()
    assert [d.online for d in ds] == [False] * 3
    hw.mux.present = True
    assert all(d.poll() for d in ds)
    for s, d in enumerate(ds):
        assert glass_equals_canvas(hw.panels[s], d.canvas)


def test_commands_reach_the_panel_and_faults_do_not_raise():
    hw, ds = fresh(2)
    d = ds[0]
    assert d.contrast(0x20) and hw.panels[0].contrast == 0x20
    assert d.invert(True) and hw.panels[0].inverted
    d.canvas.pixel(3, 3, 1)
    d.show()
    assert hw.panels[0].pixel(3, 3) == 0 and hw.panels[0].pixel(4, 3) == 1
    assert d.invert(False) and not hw.panels[0].inverted
    assert d.power(False) and not hw.panels[0].display_on
    assert d.power(True) and hw.panels[0].display_on
    hw.panels[0].unplug()
    assert d.contrast(0x40) is False and not d.online
    d.invert(True)
    hw.panels[0].plug()
    assert d.poll() and hw.panels[0].display_on
    # the settings chosen while it was away are applied after the re-init
    assert hw.panels[0].contrast == 0x40 and hw.panels[0].inverted
    assert glass_equals_canvas(hw.panels[0], d.canvas) is False  # inverted glass


def test_separate_buses_without_a_mux():
    bus_a = emu.I2CBus()
    bus_b = emu.I2CBus()
    pa = bus_a.attach(emu.SSD1306(0x3C))
    pb = bus_b.attach(emu.SSD1306(0x3D))
    da = SeatDisplay(bus_a, 0x3C)
    db = SeatDisplay(bus_b, 0x3D)
    scene(da.canvas, 1)
    scene(db.canvas, 2)
    da.show()
    db.show()
    assert glass_equals_canvas(pa, da.canvas) and glass_equals_canvas(pb, db.canvas)
    assert bus_a.scan() == [0x3C] and bus_b.scan() == [0x3D]


def test_mux_selects_only_on_channel_change():
    hw, ds = fresh(2)
    mux = hw.mux
    before = mux.writes
    ds[0].canvas.pixel(1, 1, 1)
    ds[0].show()
    ds[0].canvas.pixel(2, 1, 1)
    ds[0].show()
    ds[1].canvas.pixel(1, 1, 1)
    ds[1].show()
    # ds[1] was the last built, so the mux sits on channel 1 after start-up:
    # seat 0 selects once, seat 1 selects once more
    assert mux.writes - before == 2
    assert isinstance(Mux(hw.bus).current, int)


def test_dirty_ranges_are_exact_on_random_edits():
    # the halving search in _scan against a brute-force diff, on random edits
    import random

    rnd = random.Random(4)
    hw, ds = fresh(1)
    d = ds[0]
    for trial in range(300):
        sent = bytes(display._PANEL[0])
        for _ in range(rnd.choice((1, 1, 2, 5, 40))):
            d.canvas.pixel(rnd.randrange(128), rnd.randrange(64), rnd.randrange(2))
        buf = bytes(d.canvas.buffer[1:])
        want = []
        for p in range(8):
            cols = [c for c in range(128) if buf[p * 128 + c] != sent[p * 128 + c]]
            want.append((cols[0], cols[-1]) if cols else None)
        n = d._scan()
        got = [None if d._dirty[2 * p] == 255 else (d._dirty[2 * p], d._dirty[2 * p + 1])
               for p in range(8)]
        assert got == want and n == sum(1 for w in want if w)
        d.show()
        assert bytes(display._PANEL[0]) == buf and display._PANEL[2] is d
        if trial % 50 == 0:
            assert glass_equals_canvas(hw.panels[0], d.canvas)


def test_a_port_refusing_empty_writes_does_not_make_displays_offline():
    # adafruit's I2CDevice probes with writeto(addr, b""); if the port refuses
    # zero-length writes the real init commands still decide
    hw = board.reset(2)
    hw.bus.zero_length_ok = False
    hw.panels[1].unplug()
    ds = board.make_displays(2)
    assert [d.online for d in ds] == [True, False]
    assert hw.panels[0].display_on


def test_shared_panel_copy_across_seats():
    # one copy of "what the panel shows" serves every seat: with begin()
    # before drawing a seat sends only its changes; drawn on without begin()
    # after another seat pushed, it sends a whole frame; every panel shows
    # its canvas after every push, whatever the order
    import random

    rnd = random.Random(11)
    hw, ds = fresh(3)
    for trial in range(200):
        i = rnd.randrange(3)
        d = ds[i]
        use_begin = rnd.random() < 0.7
        if use_begin:
            d.begin()
        owner = display._PANEL[2] is d
        x, y = rnd.randrange(120), rnd.randrange(56)
        d.canvas.fill_rect(x, y, 8, 8, rnd.randrange(2))
        n = d.show()
        if owner:
            assert n < 200            # a window or two, never the frame
        else:
            assert n > 1024           # the whole frame
        for j in range(3):
            assert glass_equals_canvas(hw.panels[j], ds[j].canvas), (trial, j)
