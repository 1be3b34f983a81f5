"""The French Tarot golden playthroughs in tests/golden/french_*.txt match what
the core plays now (regenerate with host_tools/golden/french.py, review the diff)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_french_golden_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "golden", "french.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_french_golden_covers_contracts_and_counts():
    files = set(os.listdir(os.path.join(ROOT, "tests", "golden")))
    for f in ("french_1_prise.txt", "french_2_garde.txt", "french_3_garde_sans.txt",
              "french_4_garde_contre.txt", "french_three.txt", "french_five.txt",
              "french_two.txt", "french_party_5_seats.txt"):
        assert f in files, f
    text = open(os.path.join(ROOT, "tests", "golden", "french_five.txt"), encoding="utf-8").read()
    assert "calls a card" in text
