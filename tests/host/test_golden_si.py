"""The Slovenian golden playthroughs in tests/golden/ match what the core
plays now. A rules change shows up as a diff: regenerate with
host_tools/golden/slovenian.py and review it."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_golden_si_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "golden", "slovenian.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_golden_si_covers_every_four_player_contract():
    files = os.listdir(os.path.join(ROOT, "tests", "golden"))
    four = [f for f in files if f.startswith("slovenian_4_")]
    # Klop, Drei .. Solo ohne Talon, Piccolo, Bettler, Offener Bettler
    assert len(four) == 11, four
    assert any(f.startswith("slovenian_2_open") for f in files)
