"""The freeze manifests (boards/<BOARD>/manifest.py) list exactly the modules
`make deploy` copies as .mpy (host_tools/build/deploy.py), main.py aside (it stays a
file on the board; frozen into the image as well, with the generated
tarockbox_version.py of `make firmware`). The manifests are read with stand-ins for MicroPython's
manifest functions (include/package/module), paths relative to the file."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import build  # noqa: E402
import deploy  # noqa: E402


def _frozen(board):
    """{module file as the device sees it ('tarock/cards.py', 'board.py',
    'lib/adafruit_ssd1306.py')} and the includes of the board's manifest."""
    here = os.path.join(ROOT, "boards", board)
    lib_dir = os.path.normpath(os.path.join(ROOT, "build", "freeze", "lib"))
    gen_dir = os.path.normpath(os.path.join(ROOT, "build", "freeze", "gen"))
    out = set()
    includes = []

    def where(base_path):
        d = os.path.normpath(os.path.join(here, base_path))
        # the adafruit libraries: read from where freeze_libs() copies them from
        return (deploy._site_packages(), "lib/") if d == lib_dir else (d, "")

    def add(target):
        assert target not in out, "%s frozen twice" % target
        out.add(target)

    def package(name, files=None, base_path=".", opt=None):
        d, pre = where(base_path)
        if d == gen_dir:            # written by host_tools/build/firmware.py
            for f in files:
                add("gen:" + name + "/" + f)
            return
        if files is not None:       # only these, relative to the package
            for f in files:
                assert os.path.exists(os.path.join(d, name, f)), f
                add(pre + name + "/" + f)
            return
        for dirpath, dirs, fs in os.walk(os.path.join(d, name)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            for f in fs:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dirpath, f), d).replace(os.sep, "/")
                    add(pre + rel)

    def module(path, base_path=".", opt=None):
        d, pre = where(base_path)
        if os.path.normpath(os.path.join(here, base_path)) == gen_dir:
            out.add("gen:" + path)       # written by host_tools/build/firmware.py
            return
        assert os.path.exists(os.path.join(d, path)), path
        add(pre + path)

    def include(path):
        includes.append(path)

    def require(name):      # a micropython-lib package
        includes.append("require:" + name)

    def freeze(path):       # a folder of modules as they are
        includes.append("freeze:" + path)
    src = open(os.path.join(here, "manifest.py"), encoding="utf-8").read()
    cwd = os.getcwd()
    os.chdir(here)          # as MicroPython's manifestfile.py runs a manifest
    try:
        exec(src, {"package": package, "module": module, "include": include,
                   "require": require, "freeze": freeze})
    finally:
        os.chdir(cwd)
    return out, includes


def test_manifests_freeze_what_deploy_copies(tmp_path):
    for board in sorted(deploy.ARCH):
        frozen, includes = _frozen(board)
        want = ["$(PORT_DIR)/boards/manifest.py"]
        if board == "RPI_PICO":     # the port's manifest but its sensor and LED drivers
            want = ["freeze:$(PORT_DIR)/modules", "$(MPY_DIR)/extmod/asyncio"]
        if board == "RPI_PICO_W":         # the network's clock (the ESP32 port has it)
            want.append("require:ntptime")
        assert includes == want, board
        copied = set()
        for dev, src, compiled in deploy.manifest(board):
            copied.add(dev[:-4] + ".py" if compiled else dev)
        if board.startswith("RPI_PICO"):  # the built image: main.py and the version too
            copied.add("gen:tarockbox_version.py")
            # and the language tables split (build.lang_split), the keys once
            split = set(build.lang_split(str(tmp_path)))
            assert "table/lang/keys.py" in split and len(split) == 5
            copied = (copied - split) | {"gen:" + rel for rel in split}
        else:                             # a manifest for a user's own ESP-IDF build
            copied -= set(deploy.SOURCE_FILES)
        assert frozen == copied, (board, sorted(frozen ^ copied))
        assert "tarock/french/rules.py" in frozen and "table/games/slovenian.py" in frozen
        web = {"web/__init__.py", "hw/net.py", "lib/microdot/microdot.py", "lib/microdot/sse.py"}
        if board in deploy.WEB_BOARDS:      # the page's server, the radio
            assert web <= frozen, (board, sorted(web - frozen))
        else:                               # the Pico: no radio, no room
            assert not {f for f in frozen if f.startswith(("web/", "lib/microdot"))}
            assert "hw/net.py" not in frozen and "hw/buttons.py" in frozen


def test_web_boards_freeze_all_of_firmware_web():
    web = {"web/" + f for f in os.listdir(os.path.join(ROOT, "firmware", "web"))
           if f.endswith(".py")}
    for board in deploy.WEB_BOARDS:
        assert web <= _frozen(board)[0], board


def test_freeze_libs_copies_the_sources(tmp_path):
    d = deploy.freeze_libs(str(tmp_path))
    for rel in deploy.LIBS:
        assert os.path.isfile(os.path.join(d, rel))
    d = deploy.freeze_libs(str(tmp_path / "p"), board="RPI_PICO")   # the Pico's alone
    assert not os.path.exists(os.path.join(d, "microdot"))
    d = deploy.freeze_libs(str(tmp_path / "w"), board="RPI_PICO_W")
    for rel in deploy.LIBS + deploy.WEB_LIBS:
        assert os.path.isfile(os.path.join(d, rel))


# what boards/RPI_PICO/mpconfigboard.h and manifest.py leave out of the Pico's
# image: nothing it freezes may import them
LEFT_OUT = ("re", "ure", "uctypes", "deflate", "heapq", "onewire", "ds18x20", "dht", "neopixel")


def test_the_pico_image_imports_nothing_it_leaves_out():
    import ast
    frozen, _ = _frozen("RPI_PICO")
    found = []
    n = 0
    for rel in sorted(frozen):
        if rel.startswith("gen:"):
            continue
        path = os.path.join(ROOT, "firmware", rel)
        if not os.path.exists(path):
            path = os.path.join(ROOT, "boards", "RPI_PICO", rel)
        if not os.path.exists(path):    # the adafruit libraries once copied (deploy --freeze-libs)
            path = os.path.join(ROOT, "build", "freeze", rel)
        if not os.path.exists(path):
            continue
        n += 1
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            elif isinstance(node, ast.Attribute) and node.attr == "I2CTarget":
                found.append((rel, "machine.I2CTarget"))
            found += [(rel, n) for n in names if n.split(".")[0] in LEFT_OUT]
    assert found == [] and n > 70, (found, n)
