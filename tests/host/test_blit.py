"""table/blit.py (native glyphs on the canvas's bytes) draws exactly what
text.draw()'s blits draw, and its advance() measures what text.width()
counts: every glyph of the three fonts, both colours, at
positions clipped on every edge and off the page grid, on a background that
must stay as it was. Under MicroPython's unix port from source, where the
@viper code compiles natively (x64); on the RP2040 image it is armv6m code,
and make emu compares the chip's screens with the host's (blits) after every
press."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
SCRIPT = os.path.join("tests", "host", "scripts", "blit_run.py")


def test_native_glyphs_same_pixels_as_blits():
    p = subprocess.run([MICROPYTHON, SCRIPT], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "native True", lines     # the fast path is the one compared
    assert lines[-4] == "checks 7520 differ 0", lines
    assert lines[-3].startswith("widths ") and lines[-3].endswith(" differ 0"), lines
    assert lines[-2] == "allocated 0", lines    # drawing and measuring allocate nothing
    # a canvas with a buffer but not the driver's shape keeps the blits
    assert lines[-1] == "odd canvas True 34", lines


def test_cpython_keeps_the_blits():
    import sys
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from table import text
    from hw import display
    assert text._glyphs is None and text._advance is None and display._dirty is None


def test_native_scan_same_columns_as_python():
    """hw/scan.py's dirty() finds the same first and last changed column of
    every page as SeatDisplay._scan's Python (random frames, edges, clean)."""
    import adafruit_ssd1306
    site = os.path.dirname(adafruit_ssd1306.__file__)
    p = subprocess.run([MICROPYTHON, os.path.join("tests", "host", "scripts", "scan_run.py"), site],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "native True", lines
    assert lines[-1] == "scans 1200 differ 0", lines
