"""Board files import on the host with a fake `machine` module whose I2C is
the emulated bus, and build working displays and buttons; their pin tables
are consistent and documented."""

import importlib
import os
import re
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import hostenv  # noqa: E402

hostenv.setup("HOST")
import emu_ssd1306 as emu  # noqa: E402

ESP32_INPUT_ONLY = range(34, 40)
ESP32_AVOID = {0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 15}
PICO_GPIOS = set(range(23)) | {26, 27, 28}


def fake_machine(esp32):
    m = types.ModuleType("machine")
    made = {"pins": [], "i2c": []}

    class Pin:
        IN = 1
        OUT = 3
        PULL_UP = 1
        PULL_DOWN = 2

        def __init__(self, gpio, mode=-1, pull=-1):
            if esp32 and gpio in ESP32_INPUT_ONLY and pull not in (-1, None):
                raise ValueError("GPIO%d is input-only: no pull resistors" % gpio)
            self.gpio = gpio
            self.mode = mode
            self.pull = pull
            self.level = 1          # pulled up (internally or externally)
            made["pins"].append(self)

        def value(self, v=None):
            if v is None:
                return self.level
            self.level = v

    class I2C:
        def __init__(self, ident, sda=None, scl=None, freq=400000):
            self.args = (ident, sda.gpio, scl.gpio, freq)
            self.bus = emu.I2CBus(freq)
            self.mux = emu.TCA9548A(self.bus, 0x70)
            self.panels = [self.mux.attach(emu.SSD1306(0x3C), s) for s in range(5)]
            made["i2c"].append(self)

        def writeto(self, addr, buf, stop=True):
            return self.bus.writeto(addr, buf, stop)

        def writevto(self, addr, vector, stop=True):
            return self.bus.writevto(addr, vector, stop)

        def readfrom_into(self, addr, buf, stop=True):
            return self.bus.readfrom_into(addr, buf, stop)

    m.Pin = Pin
    m.I2C = I2C
    return m, made


def load(name, monkeypatch, tmp_path):
    fake, made = fake_machine(name == "ESP32_DEVKITC")
    monkeypatch.setitem(sys.modules, "machine", fake)
    board = hostenv.setup(name)
    board = importlib.reload(board)
    monkeypatch.setattr(board, "STORAGE", str(tmp_path / "data"))
    return board, made


@pytest.mark.parametrize("name", ["RPI_PICO", "RPI_PICO_W", "ESP32_DEVKITC"])
def test_board_builds_displays_and_buttons(name, monkeypatch, tmp_path):
    board, made = load(name, monkeypatch, tmp_path)
    assert board.NAME == name
    ds = board.make_displays()
    assert len(ds) == 5 and all(d.online for d in ds)
    i2c = made["i2c"][0]
    assert len(made["i2c"]) == 1
    assert i2c.args == (board.I2C_ID, board.I2C_SDA, board.I2C_SCL, 400000)
    for s, d in enumerate(ds):
        d.canvas.fill(0)
        d.canvas.text("seat %d" % s, 0, 0, 1)
        d.show()
        p = i2c.panels[s]
        assert all(p.pixel(x, y) == d.canvas.pixel(x, y) for x in range(128) for y in range(8))
    events = []
    b = board.make_buttons(lambda *e: events.append(e))
    pins = made["pins"][-15:]
    assert [p.gpio for p in pins] == [g for seat in board.BUTTONS for g in seat]
    pins[4].level = 0                  # seat 1, ▶
    for t in range(0, 100, 10):
        b.poll(t)
    assert events == [(1, 1, 1)]
    seed = board.hw_seed()
    assert 0 <= seed < 2 ** 30
    root = board.storage_root()
    assert os.path.isdir(root) and board.storage_root() == root


@pytest.mark.parametrize("name", ["RPI_PICO", "RPI_PICO_W", "ESP32_DEVKITC"])
def test_pin_table_is_consistent_and_documented(name, monkeypatch, tmp_path):
    board, made = load(name, monkeypatch, tmp_path)
    gpios = [g for seat in board.BUTTONS for g in seat]
    assert len(board.BUTTONS) == 5 and all(len(s) == 3 for s in board.BUTTONS)
    assert len(set(gpios)) == 15
    assert board.I2C_SDA not in gpios and board.I2C_SCL not in gpios
    assert board.MUX_ADDR == 0x70 and board.OLED_ADDR == 0x3C
    src = open(os.path.join(ROOT, "boards", name, "board.py"), encoding="utf-8").read()
    comments = "\n".join(ln for ln in src.splitlines() if ln.lstrip().startswith("#"))
    prefix = "GP" if name.startswith("RPI_PICO") else "GPIO"
    for g in gpios + [board.I2C_SDA, board.I2C_SCL]:
        assert re.search(r"\b%s%d\b" % (prefix, g), comments), "GPIO %d has no wiring comment" % g
    assert "0x70" in comments and "0x3C" in comments
    if name.startswith("RPI_PICO"):
        # GP25 is the Pico's LED; the Pico W's radio has GP23-25 and GP29
        assert set(gpios) <= PICO_GPIOS and not set(gpios) & {23, 24, 25, 29}
    else:
        assert not set(gpios) & ESP32_AVOID
        assert "input-only" in comments and "NO internal pull-ups" in comments


def test_esp32_input_only_pins_get_no_pull_up(monkeypatch, tmp_path):
    board, made = load("ESP32_DEVKITC", monkeypatch, tmp_path)
    board.make_buttons(lambda *e: None)
    pins = made["pins"][-15:]
    for p in pins:
        if p.gpio in ESP32_INPUT_ONLY:
            assert p.pull in (-1, None)
        else:
            assert p.pull == p.PULL_UP
    assert any(p.gpio in ESP32_INPUT_ONLY for p in pins)


def test_pico_buttons_all_pulled_up(monkeypatch, tmp_path):
    board, made = load("RPI_PICO", monkeypatch, tmp_path)
    board.make_buttons(lambda *e: None)
    assert all(p.pull == p.PULL_UP and p.mode == p.IN for p in made["pins"][-15:])


def test_host_board_has_the_same_builders():
    board = hostenv.setup("HOST")
    for name in ("make_displays", "make_buttons", "hw_seed", "storage_root"):
        assert callable(getattr(board, name))
    hw = board.reset(2)
    ds = board.make_displays(2)
    assert len(ds) == 2 and len(hw.panels) == 2 and all(d.online for d in ds)


@pytest.mark.parametrize("name", ["RPI_PICO", "RPI_PICO_W", "ESP32_DEVKITC"])
def test_board_file_runs_on_micropython(name):
    # the board file, hw.boardkit, hw.display, hw.buttons and the real driver
    # under the unix port, with a fake machine module on the emulated bus
    import subprocess

    import adafruit_ssd1306

    site = os.path.dirname(adafruit_ssd1306.__file__)
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    p = subprocess.run([mp, os.path.join(ROOT, "tests", "host", "scripts", "board_run.py"),
                        site, ROOT, name], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr + p.stdout
    pulls = [1] * 15 if name.startswith("RPI_PICO") else [1] * 13 + [-1, -1]
    assert p.stdout.strip() == "%s [True, True, True, True, True] [(4, 1, 1)] True %s True" % (
        name, pulls)


def test_pico_w_is_wired_as_the_pico(monkeypatch, tmp_path):
    # one wiring for both Picos: a table built for one runs the other's image
    pico, _ = load("RPI_PICO", monkeypatch, tmp_path)
    table = {k: getattr(pico, k) for k in ("SEATS", "I2C_ID", "I2C_SDA", "I2C_SCL", "I2C_FREQ",
                                          "MUX_ADDR", "OLED_ADDR", "PANEL", "BUTTONS", "STORAGE",
                                          "CARE")}
    picow, _ = load("RPI_PICO_W", monkeypatch, tmp_path)
    assert {k: getattr(picow, k) for k in table} == table


@pytest.mark.parametrize("name", ["RPI_PICO", "RPI_PICO_W", "ESP32_DEVKITC", "HOST"])
def test_only_boards_with_wifi_make_a_net(name, monkeypatch, tmp_path):
    board = hostenv.setup("HOST") if name == "HOST" else load(name, monkeypatch, tmp_path)[0]
    assert hasattr(board, "make_net") == (name in ("RPI_PICO_W", "ESP32_DEVKITC"))
    if name != "HOST" and hasattr(board, "make_net"):
        root = board.storage_root()
        net = board.make_net(root)
        assert net.state == "starting" and net.why == "" and net.url == ""
        assert os.path.isfile(os.path.join(root, "wifi.txt"))
