"""Make the firmware importable on CPython exactly as on the device.

    import hostenv
    board = hostenv.setup("HOST")     # or "RPI_PICO" with a fake machine module

Puts on sys.path, first: boards/<BOARD> (so `import board` is ours, not
Adafruit Blinka's board.py from site-packages), firmware/ (tarock, table, hw),
host_tools/hostlib (the `framebuf` stand-in) and host_tools (the emulated
hardware). Returns the imported board module. Calling it again with another
board re-imports `board`.
"""

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def paths(board="HOST"):
    return [os.path.join(ROOT, "boards", board), os.path.join(ROOT, "firmware"),
            os.path.join(HERE, "hostlib"), HERE]


def setup(board="HOST"):
    for p in reversed(paths(board)):
        while p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)
    for other in os.listdir(os.path.join(ROOT, "boards")):
        if other != board:
            p = os.path.join(ROOT, "boards", other)
            while p in sys.path:
                sys.path.remove(p)
    mod = sys.modules.get("board")
    if mod is not None and os.path.dirname(getattr(mod, "__file__", "") or "") != \
            os.path.join(ROOT, "boards", board):
        del sys.modules["board"]
    return importlib.import_module("board")
