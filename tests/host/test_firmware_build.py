"""The pieces of `make firmware` / `make emu` that run without the image:
the pins match ../shared/third_party/SOURCES.md, a missing or altered
tarball is refused with a clear message, littlefs images made and read
back by MicroPython's own VfsLfs2, the key scripts split as the host
emulator's, and the board definition's pin names match board.py."""
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "host_tools", "rp2040"))

import firmware  # noqa: E402
import rp2040emu  # noqa: E402


def test_pins_are_the_sources_md_checksums():
    md = os.path.join(firmware.default_sources(), "SOURCES.md")
    if not os.path.exists(md):
        pytest.skip("no ../shared/third_party here")
    listed = {name: digest for digest, name in
              re.findall(r"^([0-9a-f]{64})  (\S+)$", open(md).read(), re.M)}
    for name, pin in firmware.PINS.items():
        assert listed[name] == pin[0], name
    for extras in firmware.BOARD_PINS.values():     # the Pico W's cyw43-driver, lwIP
        for name, pin in extras.items():
            assert listed[name] == pin[0], name
    assert listed[firmware.BOOTROM[0]] == firmware.BOOTROM[1]


def test_missing_and_altered_sources_are_refused(tmp_path):
    with pytest.raises(SystemExit, match="is missing in"):
        firmware.checked(str(tmp_path), "micropython-1.28.0.tar.xz", "0" * 64)
    (tmp_path / "x.tar.xz").write_bytes(b"not the pinned bytes")
    with pytest.raises(SystemExit, match="refusing to build"):
        firmware.checked(str(tmp_path), "x.tar.xz", "0" * 64)


def test_littlefs_image_round_trip(tmp_path):
    img = rp2040emu.make_fs({"/boot.py": b"print(1)\n", "/data/sheet.tbj": bytes(range(256)) * 9},
                            str(tmp_path / "fs.img"))
    assert os.path.getsize(img) == 1408 * 1024
    assert rp2040emu.read_fs(img) == {"/boot.py": b"print(1)\n",
                                      "/data/sheet.tbj": bytes(range(256)) * 9}


def test_keys_split_like_the_host_emulator():
    assert rp2040emu.split_keys(">+++o<O") == [(">", 3), ("o", 0), ("<", 0), ("O", 0)]


def test_littlefs_image_of_the_pico_w(tmp_path):
    img = rp2040emu.make_fs({"/boot.py": b"print(1)\n"}, str(tmp_path / "fs.img"), "RPI_PICO_W")
    assert os.path.getsize(img) == 848 * 1024
    assert rp2040emu.read_fs(img) == {"/boot.py": b"print(1)\n"}
    # MicroPython's own layouts: the filesystem ends the 2 MB flash, the image before it
    for board, (offset, size) in rp2040emu.LAYOUT.items():
        assert offset + size == 2 * 1024 * 1024 and firmware.IMAGE_ROOM[board] == offset
        h = open(os.path.join(ROOT, "boards", board, "mpconfigboard.h")).read()
        assert "MICROPY_HW_FLASH_STORAGE_BYTES          (%d * 1024)" % (size // 1024) in h


def test_pico_w_definition_leaves_bluetooth_off_and_the_radio_on():
    cmake = open(os.path.join(ROOT, "boards", "RPI_PICO_W", "mpconfigboard.cmake")).read()
    for line in ('set(PICO_BOARD "pico_w")', "set(MICROPY_PY_LWIP ON)",
                 "set(MICROPY_PY_NETWORK_CYW43 ON)", "set(MICROPY_PY_BLUETOOTH OFF)",
                 "set(MICROPY_BLUETOOTH_BTSTACK OFF)", "set(MICROPY_PY_BLUETOOTH_CYW43 OFF)"):
        assert line in cmake
    assert "cyw43_driver.h" in cmake and not os.path.exists(
        os.path.join(ROOT, "boards", "RPI_PICO_W", "pico"))     # copied by the build


@pytest.mark.parametrize("board", ["RPI_PICO", "RPI_PICO_W"])
def test_board_definition_names_the_board_pins(board):
    pins = dict(line.split(",") for line in
                open(os.path.join(ROOT, "boards", board, "pins.csv")).read().split())
    src = open(os.path.join(ROOT, "boards", board, "board.py")).read()
    table = eval(re.search(r"BUTTONS = (\(.*?\n\))", src, re.S).group(1))
    for seat, row in enumerate(table):
        for name, gpio in zip(("LEFT", "RIGHT", "OK"), row):
            assert pins["SEAT%d_%s" % (seat, name)] == "GPIO%d" % gpio
    assert pins["I2C_SDA"] == "GPIO4" and pins["I2C_SCL"] == "GPIO5"
    assert rp2040emu.BUTTONS == [list(r) for r in table]
    # the Pico's LED is GP25; the Pico W's is the radio's (GP23-25, 29 are the radio's)
    assert pins["LED"] == ("GPIO25" if board == "RPI_PICO" else "EXT_GPIO0")


def test_flash_ops_rebuild_the_flash_at_a_cut():
    """powercut.py's flash at a cut: the op log done on the start image, the
    last op to its fraction, with NOR semantics (erase -> 0xFF, program
    clears bits only), offsets as the chip's (the littlefs region at 0xA0000)."""
    base = rp2040emu.FS_OFFSET
    ops = [[0, "E", base + 4096, 4096],
           [1, "P", base + 4096, 4, "0f0f0000"],
           [2, "P", base + 4098, 4, "f0f0f0f0"]]
    start = bytearray(b"\x00" * 8192)
    full = rp2040emu.apply_flash_ops(bytearray(start), ops)
    assert full[:4096] == start[:4096]
    assert full[4096:4102] == bytes([0x0F, 0x0F, 0x00, 0x00, 0xF0, 0xF0])
    assert full[4102:8192] == b"\xff" * 4090
    # cut halfway through the last program: its first 2 bytes only
    half = rp2040emu.apply_flash_ops(bytearray(start), ops, 0.5)
    assert half[4096:4102] == bytes([0x0F, 0x0F, 0x00, 0x00, 0xFF, 0xFF])
    # cut before the erase has begun: nothing changed; half of it: 2048 bytes
    assert rp2040emu.apply_flash_ops(bytearray(start), ops[:1], 0.0) == start
    part = rp2040emu.apply_flash_ops(bytearray(start), ops[:1], 0.5)
    assert part[4096:6144] == b"\xff" * 2048 and part[6144:] == start[6144:]
