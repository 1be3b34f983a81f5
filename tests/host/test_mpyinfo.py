"""host_tools/build/mpyinfo.py reads the .mpy files mpy-cross makes: every staged
firmware module parses to its last byte, and the counts of a module written
for the test are the ones it was written with."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import build  # noqa: E402
import deploy  # noqa: E402
import mpyinfo  # noqa: E402


def _compile(tmp_path, name, text):
    src = tmp_path / (name + ".py")
    src.write_text(text)
    out = tmp_path / (name + ".mpy")
    subprocess.run([build.find_mpy_cross(), "-o", str(out), str(src)], check=True,
                   capture_output=True)
    return out.read_bytes()


def test_counts_of_a_known_module(tmp_path):
    text = ("T = (1, 2, 3)\n"
            "B = b'some bytes here'\n"
            "def f(a):\n"
            "    def g():\n"
            "        return [x for x in a]\n"
            "    return 'a string longer than ten', 'short', g\n"
            "class C:\n"
            "    def m(self):\n"
            "        return lambda: 2.5\n")
    info = mpyinfo.parse(_compile(tmp_path, "known", text))
    # module, f, g, the comprehension, class body C, m, the lambda
    assert info["raw_codes"] == 7
    objs = info["objs"]
    assert objs.get("str") == 1            # 'short' is an interned name
    assert objs.get("bytes") == 1
    assert objs.get("float") == 1
    assert objs.get("tuple") == 1


def test_every_staged_module_parses_to_its_end(tmp_path):
    stage_dir, files = deploy.stage("RPI_PICO", str(tmp_path))
    n = 0
    native = []
    for dev, _ in files:
        if dev.endswith(".mpy"):
            with open(os.path.join(stage_dir, dev), "rb") as fh:
                data = fh.read()
            if mpyinfo.is_native(data):
                native.append(dev)     # machine code: not parsed
                continue
            info = mpyinfo.parse(data)
            assert info["raw_codes"] >= 1
            n += 1
    assert n > 60
    # only the modules with @micropython.viper code carry machine code
    # (armv6m for this board)
    viper = []
    fw = os.path.join(ROOT, "firmware")
    for dirpath, _, names in os.walk(fw):
        for f in names:
            if f.endswith(".py"):
                with open(os.path.join(dirpath, f), encoding="utf-8") as fh:
                    if "@micropython.viper" in fh.read():
                        viper.append(os.path.relpath(os.path.join(dirpath, f), fw)[:-3] + ".mpy")
    # the Pico's: table/blit.py, hw/scan.py (web/qrfast.py goes only to Wi-Fi boards)
    staged = {dev for dev, _ in files}
    viper = [v for v in viper if v in staged]
    assert len(viper) == 2, viper
    assert sorted(d.split("/lib/tarockbox/")[-1].lstrip("/") for d in native) == sorted(viper), native


def test_refuses_what_it_cannot_read(tmp_path):
    data = _compile(tmp_path, "small", "X = 1\n")
    with pytest.raises(ValueError):
        mpyinfo.parse(b"C\x06\x00\x1f")
    with pytest.raises(ValueError):
        mpyinfo.parse(data + b"\x00")          # trailing byte
    with pytest.raises(ValueError):
        mpyinfo.parse(bytes([data[0], 5]) + data[2:])   # another version
