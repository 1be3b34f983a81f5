# MicroPython freeze manifest: tarockbox frozen into the board image, so the
# bytecode stays in flash and only the app's data takes heap. Build steps:
# README "Frozen firmware". Paths are relative to this file; the two
# adafruit libraries come from build/freeze/lib
# (`python host_tools/build/deploy.py --freeze-libs`). main.py stays a file on the
# board's filesystem (mpremote cp firmware/main.py :main.py); the test
# tests/host/test_manifest.py checks this list against `make deploy`'s.
include("$(PORT_DIR)/boards/manifest.py")
package("tarock", base_path="../../firmware")
package("table", base_path="../../firmware")
package("hw", base_path="../../firmware")
module("board.py")
module("adafruit_ssd1306.py", base_path="../../build/freeze/lib")
package("adafruit_bus_device", base_path="../../build/freeze/lib")
