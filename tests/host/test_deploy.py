"""`make deploy` without a board: the staged tree, the mpremote command, the
prune script (run under the MicroPython unix port on a fake device root) and
the staged .mpy files loading and drawing under MicroPython."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import build  # noqa: E402
import deploy  # noqa: E402


def lang_modules():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from table import lang
    return lang.MODULES.values()

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


@pytest.fixture(scope="module")
def staged(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("deploy"))
    return {b: deploy.stage(b, out) for b in ("RPI_PICO", "RPI_PICO_W", "ESP32_DEVKITC")}


def test_file_list(staged):
    for board, (stage_dir, files) in staged.items():
        names = [dev for dev, _ in files]
        assert "main.py" in names and "board.py" in names
        assert "lib/adafruit_ssd1306.mpy" in names
        assert "lib/adafruit_bus_device/i2c_device.mpy" in names
        for pkg in ("tarock", "table", "hw"):
            assert pkg + "/__init__.mpy" in names
        assert "table/text.mpy" in names and "hw/display.mpy" in names
        assert "table/fonts/small.mpy" in names and "hw/buttons.mpy" in names
        # every firmware module except main.py goes as .mpy, none as .py;
        # the host-only ones (the simulator's bots, the codes' layout) not at all
        assert [n for n in names if n.endswith(".py")] == ["board.py", "main.py"]
        assert "tarock/bots/__init__.mpy" not in names and "tarock/codes.mpy" not in names
        rels = [os.path.relpath(os.path.join(dp, f), os.path.join(ROOT, "firmware")).replace(
            os.sep, "/") for dp, dn, fn in os.walk(os.path.join(ROOT, "firmware"))
            if "__pycache__" not in dp for f in fn if f.endswith(".py")]
        # the page's server and the radio only where there is Wi-Fi
        web = board in deploy.WEB_BOARDS
        fw = sum(1 for r in rels if not deploy.host_only(r)
                 and (web or not (r.startswith("web/") or r in deploy.WEB_ONLY)))
        assert ("hw/net.mpy" in names) == web and ("lib/microdot/sse.mpy" in names) == web
        # and each language table also as its .txt (build.lang_text)
        tables = [n for n in names if n.endswith(".txt")]
        assert tables == ["table/lang/%s.txt" % m for m in sorted(lang_modules())]
        for n in tables:
            with open(os.path.join(stage_dir, n), "rb") as fh:
                assert fh.read() == build.lang_text(os.path.join(ROOT, "firmware", n[:-4] + ".py"))
        # the language modules split as the frozen image has them, the keys
        # once (build.lang_split)
        assert "table/lang/keys.mpy" in names
        assert len(names) == fw + 1 + 1 + len(deploy.libs(board)) + len(tables)
        for dev, size in files:
            assert os.path.getsize(os.path.join(stage_dir, dev)) == size > 0
        with open(os.path.join(stage_dir, "board.py"), encoding="utf-8") as fh:
            assert 'NAME = "%s"' % board in fh.read()


def test_mpy_files_are_version_6_bytecode(staged):
    # .mpy header: b"M", version 6 (MicroPython 1.22+), flags; the arch field
    # (byte 2, top 6 bits) is 0: no native code, so the same bytecode runs on
    # both CPUs and the -march passed per board only matters for native code
    texts = []
    for board in ("RPI_PICO", "ESP32_DEVKITC"):
        stage_dir, _ = staged[board]
        with open(os.path.join(stage_dir, "table", "text.mpy"), "rb") as fh:
            data = fh.read()
        assert data[0:2] == b"M\x06" and data[2] >> 2 == 0
        texts.append(data)
    assert texts[0] == texts[1]


def test_command_construction(staged):
    stage_dir, files = staged["RPI_PICO"]
    argv = deploy.command("RPI_PICO", "/dev/ttyACM0", stage_dir, files)
    assert os.path.basename(argv[0]) == "mpremote"
    assert argv[1:3] == ["connect", "/dev/ttyACM0"]
    assert argv[3] == "exec" and "os.remove" in argv[4]
    i = argv.index("cp")
    assert argv[i - 2:i + 2] == ["+", "fs", "cp", "-r"]
    j = argv.index(":")
    tops = sorted(os.path.basename(p) for p in argv[i + 2:j])
    assert tops == ["board.py", "hw", "lib", "main.py", "table", "tarock"]
    assert argv[j + 1:j + 3] == ["+", "exec"] and ".tarockbox-deploy" in argv[j + 3]
    assert argv[j + 4:] == ["+", "reset"]
    assert deploy.command("RPI_PICO", None, stage_dir, files, reset=False)[2] == "auto"


@pytest.fixture
def stage_in_tmp(monkeypatch, tmp_path):
    """deploy.main stages into the test's tmp_path, not build/deploy/ of the
    repository (the tests run side by side, tests/host/conftest.py)."""
    stage = deploy.stage
    monkeypatch.setattr(deploy, "stage", lambda board, out_root=None:
                        stage(board, out_root or str(tmp_path / "deploy")))


def test_dry_run_prints_and_runs_nothing(capsys, monkeypatch, stage_in_tmp):
    called = []
    monkeypatch.setattr(deploy.subprocess, "call", lambda *a, **k: called.append(a))
    assert deploy.main(["--board", "ESP32_DEVKITC", "--port", "COM5", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert called == []
    assert ":lib/adafruit_ssd1306.mpy" in out and "-march=xtensawin" in out
    assert "connect COM5" in out


def _on_micropython(script):
    p = subprocess.run([MICROPYTHON, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_deploy_removes_only_its_own_files(tmp_path, staged):
    _, files = staged["RPI_PICO"]
    root = tmp_path / "dev"
    for dev in ("table/app.py", "table/app.mpy", "table/old.mpy", "lib/adafruit_ssd1306.mpy",
                "lib/other.py", "tarock/cards.mpy", "data/journal.bin", "main.py"):
        p = root / dev
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"x")
    # a previous deploy installed table/old.mpy (gone from this one) and main.py
    (root / ".tarockbox-deploy").write_text("table/old.mpy\nmain.py\n")
    state = deploy.parse_query(_on_micropython(deploy.query_script(str(root))))
    assert state["own"] == ["table/old.mpy", "main.py"] and state["romfs"] == -1
    pl = deploy.plan(files, state)
    assert pl["remove"] == ["table/old.mpy"]
    assert pl["foreign"] == ["lib/other.py", "table/app.py"]
    assert pl["shadowing"] == ["table/app.py"]
    assert "table/app.mpy" in pl["replace"] and "board.py" in pl["add"]
    _on_micropython(deploy.prune_script(pl["remove"], str(root)))
    left = sorted(str(q.relative_to(root)) for q in root.rglob("*") if q.is_file())
    # only the file an earlier deploy had installed went; the rest is not ours
    assert left == [".tarockbox-deploy", "data/journal.bin", "lib/adafruit_ssd1306.mpy",
                    "lib/other.py", "main.py", "table/app.mpy", "table/app.py",
                    "tarock/cards.mpy"]
    _on_micropython(deploy.record_script(files, str(root)))
    rec = (root / ".tarockbox-deploy").read_text().split()
    assert rec == sorted(dev for dev, _ in files)


def test_romfs_refused_without_partition_changes_nothing(monkeypatch, capsys, stage_in_tmp):
    calls = []
    monkeypatch.setattr(deploy, "ask_board", lambda port: {"files": {"main.py": 1}, "own": None,
                                                             "romfs": -1, "frozen": None})
    monkeypatch.setattr(deploy.subprocess, "call", lambda *a, **k: calls.append(a))
    assert deploy.main(["--board", "RPI_PICO", "--romfs"]) == 2
    assert calls == []
    assert "no ROMFS partition" in capsys.readouterr().out


def test_plan_is_printed_before_the_copy(monkeypatch, capsys, stage_in_tmp):
    calls = []
    monkeypatch.setattr(deploy, "ask_board", lambda port: {
        "files": {"table/app.py": 5, "main.py": 3}, "own": ["main.py", "tarock/gone.mpy"],
        "romfs": -1, "frozen": None})
    monkeypatch.setattr(deploy.subprocess, "call", lambda argv: calls.append(argv) or 0)
    assert deploy.main(["--board", "RPI_PICO", "--port", "/dev/ttyACM0"]) == 0
    out = capsys.readouterr().out
    assert "replace  :main.py" in out and "add      :board.py" in out
    assert "WARNING  :table/app.py shadows" in out
    assert out.index("plan for the board") < out.index("$ ")
    assert len(calls) == 1 and "'tarock/gone.mpy'" not in calls[0][4]   # not on the board


SCRIPT = r"""
import sys
sys.path[:0] = [STAGE, STAGE + "/lib", TOOLS]
import emu_ssd1306 as emu
from hw.display import Mux, SeatDisplay
from table import text
import adafruit_ssd1306
from tarock.koenigrufen import rules as koenigrufen
assert text.__file__.endswith(".mpy") and adafruit_ssd1306.__file__.endswith(".mpy")
bus = emu.I2CBus()
mux = emu.TCA9548A(bus)
p = mux.attach(emu.SSD1306(), 0)
d = SeatDisplay(bus, 0x3C, Mux(bus), 0)
text.draw(d.canvas, 0, 0, "Sk\u00fcs \u2665K", 1, text.LARGE)
d.show()
ok = True
for y in range(64):
    for x in range(128):
        if p.pixel(x, y) != d.canvas.pixel(x, y):
            ok = False
from table import lang
lang.use("de")
assert lang._f is not None and lang.t("lang_name") == "Deutsch"   # from deutsch.txt
assert "table.lang.deutsch" not in sys.modules
print("staged ok", ok, d.online, p.errors)
"""


def test_staged_mpy_files_run_on_micropython(staged):
    stage_dir, _ = staged["RPI_PICO"]
    code = "STAGE = %r\nTOOLS = %r\n" % (stage_dir, os.path.join(ROOT, "host_tools", "emulator")) + SCRIPT
    p = subprocess.run([MICROPYTHON, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=str(os.path.dirname(stage_dir)))
    assert p.returncode == 0, p.stderr + p.stdout
    assert "staged ok True True []" in p.stdout


def test_romfs_command(staged):
    stage_dir, files = staged["RPI_PICO"]
    argv = deploy.command("RPI_PICO", "/dev/ttyACM0", stage_dir, files, image="/x/p.romfs")
    assert argv[3] == "exec" and "os.remove" in argv[4]
    # only the source files are recorded as on the filesystem: packages
    # there would shadow the ROM partition
    rec = argv[argv.index(":") + 3]
    assert "main.py" in rec and "table/app.mpy" not in rec
    i = argv.index("romfs")
    assert argv[i - 1:i + 3] == ["+", "romfs", "deploy", "/x/p.romfs"]
    j = argv.index("cp")
    k = argv.index(":")
    assert sorted(os.path.basename(p) for p in argv[j + 1:k]) == ["board.py", "main.py"]
    assert argv[k + 1:k + 3] == ["+", "exec"] and argv[k + 4:] == ["+", "reset"]


ROM_SCRIPT = r"""
import gc, sys, vfs
if IMAGE:
    f = open(IMAGE, "rb")
    img = f.read()
    f.close()
    vfs.mount(vfs.VfsRom(img), "/rom")
    sys.path[:0] = ["/rom", "/rom/lib"]
else:
    sys.path[:0] = [STAGE, STAGE + "/lib"]
gc.collect()
a = gc.mem_alloc()
import table.fonts.large
gc.collect()
b = gc.mem_alloc()
from table import text
import adafruit_ssd1306
from tarock.koenigrufen import rules as koenigrufen
from table import lang
lang.use("fr")
print("files", text.__file__, adafruit_ssd1306.__file__)
print("heap", b - a)
print("lang file", lang._f is not None, lang.t("lang_name"))
"""


def _rom_run(image, stage_dir):
    p = subprocess.run([MICROPYTHON, "-c", "IMAGE = %r\nSTAGE = %r\n" % (image, stage_dir)
                        + ROM_SCRIPT], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr + p.stdout
    return p.stdout


def test_romfs_image_imports_in_place(staged, tmp_path):
    stage_dir, files = staged["RPI_PICO"]
    image = str(tmp_path / "p.romfs")
    n = deploy.romfs_image(stage_dir, image)
    assert n == os.path.getsize(image) > 100000
    with open(image, "rb") as fh:
        assert fh.read(3) == b"\xd2\xcd\x31"        # ROMFS header
    rom = _rom_run(image, stage_dir)
    assert "files /rom/table/text.mpy /rom/lib/adafruit_ssd1306.mpy" in rom
    fs = _rom_run(None, stage_dir)
    assert "files %s/table/text.mpy" % stage_dir in fs
    # the .txt tables stay out of the image: in place, the module's str are
    # in flash already
    assert "lang file False Fran\u00e7ais" in rom and "lang file True Fran\u00e7ais" in fs
    # imported in place: the font's bitmaps (bytes literals) stay in the
    # image; from the filesystem they are copied into the heap
    h_rom = int(rom.split("heap ")[1].split()[0])
    h_fs = int(fs.split("heap ")[1].split()[0])
    assert 2 * h_rom < h_fs, (h_rom, h_fs)


SPLIT_SCRIPT = r"""
import json, sys, vfs
f = open(IMAGE, "rb")
img = f.read()
f.close()
vfs.mount(vfs.VfsRom(img), "/rom")
sys.path[:0] = ["/rom", "/rom/lib"]
from table import lang
f = open(WANT)
want = json.load(f)
f.close()
n = 0
for code in lang.CODES:
    lang.use(code)
    assert lang._f is None and lang._k is not None, code      # the split modules
    for ready in (0, 1):
        if ready:
            lang.prepare()
            lang._cache.clear()
        for k, v in want[code].items():
            assert lang.t(k) == v, (code, k, ready)
            n += 1
        for k in ("no such key", "lang_nam", "ang_name", ""):
            assert lang.t(k) == k and lang.get(k, None) is None, (code, k, ready)
print("split ok", n)
"""


@pytest.mark.parametrize("board", ["RPI_PICO_W", "RPI_PICO"])
def test_split_tables_in_a_romfs_image_give_every_text(staged, tmp_path, board):
    """On MicroPython, the language modules as a ROMFS image (and the frozen
    image) hold them: every key's text in every language is the source
    table's, before and after prepare(); a key the table lacks shows as
    itself. The Pico's leave out the words of the page, the QR screen and
    the radio (deploy.lang_drop), and only those."""
    stage_dir, _ = staged[board]
    image = str(tmp_path / "p.romfs")
    deploy.romfs_image(stage_dir, image)
    from table import lang
    drop = deploy.lang_drop(board)
    assert bool(drop) == (board == "RPI_PICO")
    want = {code: {k: v for k, v in lang.table(code).items() if not k.startswith(drop)}
            for code in lang.CODES}
    if drop:
        keys = set(lang.table("en"))
        assert {k for k in keys if k.startswith(drop)} == keys - set(want["en"]) != set()
        assert "m_phone" in want["en"]      # the seat menu's item stays
    with open(str(tmp_path / "want.json"), "w", encoding="utf-8") as fh:
        json.dump(want, fh)
    p = subprocess.run([MICROPYTHON, "-c", "IMAGE = %r\nWANT = %r\n" % (image, str(tmp_path / "want.json"))
                        + SPLIT_SCRIPT], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr + p.stdout
    assert "split ok %d" % (2 * sum(len(w) for w in want.values())) in p.stdout
