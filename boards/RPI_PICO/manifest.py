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

include("$(PORT_DIR)/boards/manifest.py")
# the rules core but its host-only modules (the simulator's bots, the
# action codes' layout: the app never imports them; deploy.HOST_ONLY)
HOST_ONLY = ("bots/", "codes.py")
_core = []
_top = "../../firmware/tarock"     # (a manifest runs in its own folder)
for _d, _ds, _fs in os.walk(_top):
    _ds[:] = sorted(x for x in _ds if x != "__pycache__")
    for _f in sorted(_fs):
        _rel = os.path.relpath(os.path.join(_d, _f), _top).replace(os.sep, "/")
        if _f.endswith(".py") and not [h for h in HOST_ONLY if _rel == h or _rel.startswith(h)]:
            _core.append(_rel)
package("tarock", files=_core, base_path="../../firmware")
package("table", base_path="../../firmware")
package("hw", base_path="../../firmware")
module("main.py", base_path="../../firmware")
module("board.py")
module("tarockbox_version.py", base_path="../../build/freeze/gen")
module("adafruit_ssd1306.py", base_path="../../build/freeze/lib")
package("adafruit_bus_device", base_path="../../build/freeze/lib")
