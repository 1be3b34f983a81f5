"""The emulated SSD1306 decodes hand-made byte streams as the datasheet says
(expected RAM positions worked out by hand from the addressing rules)."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emu_ssd1306 as emu  # noqa: E402


def panel():
    bus = emu.I2CBus()
    p = bus.attach(emu.SSD1306(0x3C))
    return bus, p


def cmds(bus, *bs):
    bus.writeto(0x3C, bytes((0x00,) + bs))     # Co=0, D/C#=0: command stream


def data(bus, *bs):
    bus.writeto(0x3C, bytes((0x40,) + bs))     # Co=0, D/C#=1: data stream


def ram(p, col, page):
    return p.ram[page * 128 + col]


def test_horizontal_mode_window_wraps_columns_then_pages():
    bus, p = panel()
    cmds(bus, 0x20, 0x00, 0x21, 10, 12, 0x22, 3, 4)   # cols 10..12, pages 3..4
    data(bus, 1, 2, 3, 4, 5, 6, 7)
    # 1,2,3 -> page 3 cols 10,11,12; 4,5,6 -> page 4 cols 10..12;
    # 7 wraps to page 3 col 10 again
    assert [ram(p, c, 3) for c in (10, 11, 12)] == [7, 2, 3]
    assert [ram(p, c, 4) for c in (10, 11, 12)] == [4, 5, 6]
    assert ram(p, 13, 3) == 0 and ram(p, 9, 3) == 0


def test_vertical_mode_goes_down_pages_first():
    bus, p = panel()
    cmds(bus, 0x20, 0x01, 0x21, 100, 101, 0x22, 6, 7)
    data(bus, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5)
    # (col 100, page 6) (100, 7) (101, 6) (101, 7), then wraps to (100, 6)
    assert ram(p, 100, 6) == 0xA5 and ram(p, 100, 7) == 0xA2
    assert ram(p, 101, 6) == 0xA3 and ram(p, 101, 7) == 0xA4


def test_page_mode_start_column_nibbles_and_page():
    bus, p = panel()
    cmds(bus, 0x20, 0x02, 0xB5, 0x07, 0x13)   # page 5, column 0x37 = 55
    data(bus, 9, 8)
    assert ram(p, 55, 5) == 9 and ram(p, 56, 5) == 8
    # at column 127 the pointer returns to the start column, same page
    cmds(bus, 0xB2, 0x0E, 0x17)               # page 2, column 0x7E = 126
    data(bus, 1, 2, 3)
    # 1 -> column 126, 2 -> 127, then back to the start column: 3 -> 126
    assert ram(p, 126, 2) == 3 and ram(p, 127, 2) == 2
    assert ram(p, 0, 3) == 0 and ram(p, 0, 2) == 0


def test_co_bit_mixes_single_commands_and_data_in_one_transaction():
    bus, p = panel()
    cmds(bus, 0x20, 0x00)
    # [0x80 cmd] [0x80 cmd] ... [0xC0 data] [0x40 data stream...]
    bus.writeto(0x3C, bytes([0x80, 0x21, 0x80, 5, 0x80, 6, 0x80, 0x22, 0x80, 1,
                             0x80, 1, 0xC0, 0x11, 0x40, 0x22, 0x33]))
    # window cols 5..6, page 1: 0x11 -> col 5, 0x22 -> col 6, 0x33 wraps to col 5
    assert ram(p, 5, 1) == 0x33 and ram(p, 6, 1) == 0x22


def test_multibyte_command_split_over_transactions():
    bus, p = panel()
    bus.writeto(0x3C, bytes([0x80, 0x81]))    # contrast ...
    bus.writeto(0x3C, bytes([0x80, 0x42]))    # ... its argument, next write
    assert p.contrast == 0x42
    bus.writeto(0x3C, bytes([0x00, 0x21, 0]))  # column window, one arg short
    bus.writeto(0x3C, bytes([0x00, 9, 0xAF]))  # second arg, then display on
    assert (p.col_start, p.col_end) == (0, 9) and p.display_on
    assert p.errors == []


def test_glass_orientation_remap_scan_start_line_offset():
    bus, p = panel()
    cmds(bus, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7, 0xAF)
    data(bus, *([0] * 1024))
    cmds(bus, 0x21, 3, 3, 0x22, 1, 1)
    data(bus, 0x04)                           # RAM pixel: column 3, row 8 + 2 = 10
    # the driver's orientation (A1, C8) shows RAM (c, r) at glass (c, r)
    cmds(bus, 0xA1, 0xC8)
    assert p.pixel(3, 10) == 1 and sum(map(sum, p.rows())) == 1
    # A0: columns mirrored -> glass x = 127 - 3
    cmds(bus, 0xA0)
    assert p.pixel(124, 10) == 1
    # C0 as well: rows mirrored too -> glass (124, 63 - 10)
    cmds(bus, 0xC0)
    assert p.pixel(124, 53) == 1
    # back to A1/C8; start line 4: glass row y shows RAM row y + 4 -> y = 6
    cmds(bus, 0xA1, 0xC8, 0x44)
    assert p.pixel(3, 6) == 1
    # plus a display offset of 2: y = 10 - 4 - 2 = 4
    cmds(bus, 0xD3, 2)
    assert p.pixel(3, 4) == 1


def test_invert_entire_on_and_display_off():
    bus, p = panel()
    cmds(bus, 0x20, 0x00, 0xA1, 0xC8, 0xAF)
    data(bus, 0x01)                           # (0, 0) lit
    assert p.pixel(0, 0) == 1 and p.pixel(1, 0) == 0
    cmds(bus, 0xA7)
    assert p.pixel(0, 0) == 0 and p.pixel(1, 0) == 1
    cmds(bus, 0xA6, 0xA5)
    assert p.pixel(1, 0) == 1 and p.pixel(50, 50) == 1
    cmds(bus, 0xA4, 0xAE)
    assert p.pixel(0, 0) == 0


def test_unknown_commands_and_bad_control_bytes_are_reported():
    bus, p = panel()
    cmds(bus, 0xF7)
    bus.writeto(0x3C, bytes([0x05, 0xAF]))
    assert len(p.errors) == 2
    assert "0xF7" in p.errors[0]


def test_scroll_commands_consume_their_arguments():
    bus, p = panel()
    # right horizontal scroll: 6 argument bytes, then display on must parse
    cmds(bus, 0x26, 0x00, 0x00, 0x07, 0x07, 0x00, 0xFF, 0x2F, 0x2E, 0xAF)
    assert p.scroll_setup == (0x26, (0, 0, 7, 7, 0, 0xFF))
    assert p.display_on and not p.scrolling and p.errors == []


def test_faults_nack_and_cut():
    bus, p = panel()
    p.unplug()
    with pytest.raises(OSError):
        bus.writeto(0x3C, b"\x00\xaf")
    assert bus.scan() == []
    p.plug()
    assert not p.display_on and bus.scan() == [0x3C]
    p.cut_after = 3
    acks = bus.writeto(0x3C, bytes([0x40, 1, 2, 3, 4, 5]))
    assert acks == 3 and not p.present


def test_mux_routes_to_the_selected_channel_only():
    bus = emu.I2CBus()
    mux = emu.TCA9548A(bus)
    a = mux.attach(emu.SSD1306(), 0)
    b = mux.attach(emu.SSD1306(), 1)
    with pytest.raises(OSError):                # no channel selected yet
        bus.writeto(0x3C, b"\x00\xaf")
    bus.writeto(0x70, b"\x02")
    bus.writeto(0x3C, b"\x00\xaf")
    assert b.display_on and not a.display_on
    assert bus.readfrom(0x70, 1) == b"\x02"
    assert bus.scan() == [0x3C, 0x70]
