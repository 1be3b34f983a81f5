"""Make the firmware and the host tools importable on CPython, the firmware
exactly as on the device.

    import hostenv
    hostenv.tools()                   # the host tools of every group importable
    board = hostenv.setup("HOST")     # or "RPI_PICO" with a fake machine module

A tool script finds this module with one line first:
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))

tools() puts firmware/ (tarock, table, hw), host_tools/lib/hostlib (the
`framebuf` stand-in), host_tools/lib and each group's folder on sys.path, so a
tool imports another by its module name (`import build`, `import emulator`).
setup() also puts boards/<BOARD> first (so `import board` is ours, not
Adafruit Blinka's board.py from site-packages) and returns the imported board
module. Calling it again with another board re-imports `board`.
"""

import importlib
import os
import sys

LIB = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(LIB)
ROOT = os.path.dirname(TOOLS)
# host_tools/ by job; names are unique across groups
GROUPS = ("emulator", "sim", "bench", "build", "golden", "sheet", "micropython")


def tool_paths():
    return ([os.path.join(ROOT, "firmware"), os.path.join(LIB, "hostlib"), LIB]
            + [os.path.join(TOOLS, g) for g in GROUPS])


def _front(paths):
    for p in reversed(paths):
        while p in sys.path:
            sys.path.remove(p)
        sys.path.insert(0, p)


def tools():
    """Every host tool group (and the firmware) importable by module name."""
    for p in tool_paths():
        if p not in sys.path:
            sys.path.append(p)
    _front([os.path.join(ROOT, "firmware")])


def paths(board="HOST"):
    return [os.path.join(ROOT, "boards", board)] + tool_paths()


def setup(board="HOST"):
    _front(paths(board))
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
