"""The host framebuf stand-in draws the same bytes as MicroPython's framebuf.

tests/host/scripts/fb_script.py runs every primitive (fill, pixel get/set,
hline, vline, fill_rect, rect with and without fill, line, scroll, text,
blit with keys, palettes, tuple sources and clipping) on MONO_VLSB, MONO_HLSB,
MONO_HMSB and GS8 buffers, then the firmware's table.text on top; it prints
every buffer. We run it under the real MicroPython unix port (built-in
framebuf) and under CPython with host_tools/lib/hostlib/framebuf.py, and compare.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join("tests", "host", "scripts", "fb_script.py")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def _run(cmd, env=None):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()


def test_standin_matches_micropython_framebuf():
    real = _run([MICROPYTHON, SCRIPT])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "host_tools", "lib", "hostlib")
    ours = _run([sys.executable, SCRIPT], env)
    assert len(real) == len(ours) > 80
    for a, b in zip(real, ours):
        assert a == b, "differs at step %r" % a.split(" ")[0:2]
    # the script really drew something in every step family
    for tag in ("fill_rect", "line", "scroll", "text", "blit", "text module"):
        lines = [ln for ln in real if tag in ln]
        assert lines and any(set(ln.split(" ")[-1]) - {"0"} for ln in lines), tag
