# MicroPython freeze manifest of the tarockbox image for the Pico W (`make
# firmware BOARD=RPI_PICO_W`, host_tools/build/firmware.py; this folder is the
# MICROPY_BOARD_DIR): what boards/RPI_PICO/manifest.py freezes (see there),
# this folder's board.py, and the web page's server: the package web (every
# module of firmware/web), microdot's modules it imports (from the pinned
# wheel, copied to build/freeze/lib by `python host_tools/build/deploy.py
# --freeze-libs`) and micropython-lib's ntptime (the clock when joined to a
# network). tests/host/test_manifest.py checks this list against `make
# deploy BOARD=RPI_PICO_W`'s.
# pyright: reportUndefinedVariable=false
# (include, package, module, require: MicroPython's manifest functions)
import os

include("$(PORT_DIR)/boards/manifest.py")
require("ntptime")
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
package("hw", base_path="../../firmware")
package("web", base_path="../../firmware")
module("main.py", base_path="../../firmware")
module("board.py")
module("tarockbox_version.py", base_path="../../build/freeze/gen")
module("adafruit_ssd1306.py", base_path="../../build/freeze/lib")
package("adafruit_bus_device", base_path="../../build/freeze/lib")
package("microdot", files=["__init__.py", "microdot.py", "sse.py", "helpers.py"],
        base_path="../../build/freeze/lib")
