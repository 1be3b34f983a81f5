# MicroPython freeze manifest of the tarockbox image (`make firmware`,
# host_tools/build/firmware.py; this folder is the MICROPY_BOARD_DIR): the
# whole firmware/ tree frozen, so the bytecode stays in flash and only the
# app's data takes heap, and the image runs the app with an empty filesystem.
# Paths are relative to this file; the two adafruit libraries come from
# build/freeze/lib (`python host_tools/build/deploy.py --freeze-libs`), the
# version module from build/freeze/gen (written by firmware.py). A frozen
# main.py runs before a main.py on the filesystem (MicroPython's pyexec);
# a boot.py on the filesystem still runs first. tests/host/test_manifest.py
# checks this list against `make deploy`'s.
# pyright: reportUndefinedVariable=false
# (include, package, module: MicroPython's manifest functions)
import os

# the port's manifest but its sensor and LED drivers (onewire, ds18x20,
# dht, neopixel: this table has none): its _boot (the filesystem), rp2,
# asyncio
freeze("$(PORT_DIR)/modules")
include("$(MPY_DIR)/extmod/asyncio")
# the rules core but its host-only modules (the simulator's bots, the
# action codes' layout: the app never imports them; deploy.HOST_ONLY); the
# language tables not as their sources but split as build/freeze/gen has
# them (firmware.py writes them: build.lang_split): the keys once
HOST_ONLY = ("bots/", "codes.py")
_fw = "../../firmware"             # (a manifest runs in its own folder)
_lang = ["lang/" + _f for _f in sorted(os.listdir(_fw + "/table/lang"))
         if _f.endswith(".py") and _f != "__init__.py"]


def _files(pkg, skip):
    out = []
    top = _fw + "/" + pkg
    for d, ds, fs in os.walk(top):
        ds[:] = sorted(x for x in ds if x != "__pycache__")
        for f in sorted(fs):
            rel = os.path.relpath(os.path.join(d, f), top).replace(os.sep, "/")
            if f.endswith(".py") and not [h for h in skip if rel == h or rel.startswith(h)]:
                out.append(rel)
    return out


package("tarock", files=_files("tarock", HOST_ONLY), base_path=_fw)
package("table", files=_files("table", _lang), base_path=_fw)
package("table", files=["lang/keys.py"] + _lang, base_path="../../build/freeze/gen")
# hw but the radio (hw/net.py: the Pico W's; deploy.WEB_ONLY), no room for it here
package("hw", files=_files("hw", ("net.py",)), base_path=_fw)
module("main.py", base_path="../../firmware")
module("board.py")
module("tarockbox_version.py", base_path="../../build/freeze/gen")
module("adafruit_ssd1306.py", base_path="../../build/freeze/lib")
package("adafruit_bus_device", base_path="../../build/freeze/lib")
