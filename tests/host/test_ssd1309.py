"""The 2.42" SSD1309 modules (issue 37): a board with PANEL = "ssd1309"
pulses the panels' RES# line and sends the SSD1309's own init (no charge
pump 0x8D, no IREF 0xAD), into emulated SSD1309 controllers that refuse
what a real one would not take (host_tools/emulator/emu_ssd1306.py)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import hostenv  # noqa: E402

board = hostenv.setup("HOST")

import adafruit_ssd1306  # noqa: E402
from hw import boardkit, display  # noqa: E402
from table import text  # noqa: E402


def glass_equals_canvas(panel, canvas):
    return all(panel.pixel(x, y) == canvas.pixel(x, y) for y in range(64) for x in range(128))


def test_an_ssd1309_board_resets_and_initialises_every_panel():
    hw = board.reset(3, "ssd1309")
    try:
        ds = board.make_displays(3)
        assert [d.online for d in ds] == [True] * 3
        for p, d in zip(hw.panels, ds):
            assert p.errors == [] and p.resets == 1
            assert p.display_on and not p.charge_pump and p.contrast == 0xFF
            assert p.mode == 0 and p.seg_remap and p.com_reverse and p.mux == 63
            text.draw(d.canvas, 0, 0, "Trick 3: Anna", 1, text.LARGE)
            assert d.show() > 0
            assert glass_equals_canvas(p, d.canvas)
        assert ds[1].contrast(16) and hw.panels[1].contrast == 16 and hw.panels[1].errors == []
    finally:
        board.reset()


def test_the_emulated_ssd1309_refuses_what_a_real_one_would_not_take():
    # without the RES# pulse: every command refused
    hw = board.reset(1, "ssd1309")
    try:
        boardkit.displays(hw.bus, 1, board.MUX_ADDR, board.OLED_ADDR, panel="ssd1309")
        assert hw.panels[0].errors and "before a RES# pulse" in hw.panels[0].errors[0]
        # the SSD1306 init on an SSD1309 (pulsed): its charge pump and IREF refused
        hw = board.reset(1, "ssd1309")
        hw.reset_pin.value(0)
        hw.reset_pin.value(1)
        boardkit.displays(hw.bus, 1, board.MUX_ADDR, board.OLED_ADDR)
        assert sorted(hw.panels[0].errors) == ["SSD1309 has no command 0x8D",
                                               "SSD1309 has no command 0xAD"]
    finally:
        board.reset()


def test_an_unknown_panel_is_refused_before_anything_is_sent():
    hw = board.reset(1, "ssd1309")
    try:
        with pytest.raises(ValueError, match="PANEL"):
            boardkit.displays(hw.bus, 1, board.MUX_ADDR, board.OLED_ADDR, panel="sh1106",
                              reset=hw.reset_pin)
        assert hw.bus.stats.transactions == 0 and hw.panels[0].resets == 0
    finally:
        board.reset()


def test_the_ssd1306_board_keeps_the_driver_and_its_init():
    hw = board.reset(1)
    ds = board.make_displays(1)
    assert type(ds[0].canvas) is adafruit_ssd1306.SSD1306_I2C
    assert hw.reset_pin is None and hw.panels[0].charge_pump and hw.panels[0].errors == []
    assert issubclass(display.SSD1309, adafruit_ssd1306.SSD1306_I2C)
