"""The golden playthroughs in tests/golden/ match what the core plays now.
A rules change shows up here as a diff: regenerate with host_tools/golden/koenigrufen.py
and review it."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_golden_playthroughs_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "golden", "koenigrufen.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_golden_covers_every_contract():
    files = os.listdir(os.path.join(ROOT, "tests", "golden"))
    assert sum(f.startswith("koenigrufen_") and f[12:14].isdigit() for f in files) == 14
