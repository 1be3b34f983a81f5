# MicroPython freeze manifest: tarockbox frozen into the board image, so the
# bytecode stays in flash and only the app's data takes heap. Build steps:
# README "Frozen firmware". Paths are relative to this file; the two
# adafruit libraries come from build/freeze/lib
# (`python host_tools/build/deploy.py --freeze-libs`). main.py stays a file on the
# board's filesystem (mpremote cp firmware/main.py :main.py); the test
# tests/host/test_manifest.py checks this list against `make deploy`'s.
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
# the live page for the phones (issue 38): its package and microdot
package("web", base_path="../../firmware")
package("microdot", files=["__init__.py", "microdot.py", "helpers.py", "sse.py"],
        base_path="../../build/freeze/lib")
module("board.py")
module("adafruit_ssd1306.py", base_path="../../build/freeze/lib")
package("adafruit_bus_device", base_path="../../build/freeze/lib")
