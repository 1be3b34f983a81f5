"""pytest setup: make the firmware and the core-suite helpers importable.

The same imports work under tests/mp_run.py on MicroPython, which sets up
sys.path the same way: `from tarock import ...` and `from mpcompat import ...`.
"""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_HERE)

# host_tools/lib/hostlib: the `framebuf` stand-in (MicroPython has it built in)
for _p in (os.path.join(_HERE, "core"), os.path.join(_ROOT, "firmware"),
           os.path.join(_ROOT, "host_tools", "lib", "hostlib")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
