"""The display stack under real MicroPython: hw.display + adafruit_ssd1306 +
adafruit_bus_device (from the venv) + native framebuf, into the emulated
controllers, on the unix port. The same script under CPython (framebuf
stand-in) must print the same transcript: bytes per update, transactions,
glass checksums, offline/recovery.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join("tests", "host", "scripts", "display_run.py")
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")


def _site():
    import adafruit_ssd1306

    return os.path.dirname(adafruit_ssd1306.__file__)


def test_display_stack_on_micropython_matches_cpython():
    site = _site()
    mp = subprocess.run([MICROPYTHON, SCRIPT, site], cwd=ROOT, capture_output=True,
                        text=True, timeout=300)
    assert mp.returncode == 0, mp.stderr
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "host_tools", "lib", "hostlib")
    cp = subprocess.run([sys.executable, SCRIPT, site], cwd=ROOT, capture_output=True,
                        text=True, env=env, timeout=300)
    assert cp.returncode == 0, cp.stderr
    lines = mp.stdout.splitlines()
    assert lines == cp.stdout.splitlines()
    assert lines[0].startswith("online [True, True, True]")
    steps = [ln for ln in lines if ln.startswith("step")]
    assert len(steps) == 12 and all("same True" in ln for ln in steps)
    assert "pulled 0 False" in mp.stdout and "poll True True []" in mp.stdout


