"""The Bavarian golden playthroughs in tests/golden/bavarian_*.txt match what
the core plays now. A rules change shows up here as a diff: regenerate with
host_tools/golden/bavarian.py and review it."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_bavarian_golden_playthroughs_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "golden", "bavarian.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_bavarian_golden_files_present():
    files = [f for f in os.listdir(os.path.join(ROOT, "tests", "golden")) if f.startswith("bavarian_")]
    assert len(files) == 7, files
    for f in files:
        with open(os.path.join(ROOT, "tests", "golden", f), encoding="utf-8") as fh:
            text = fh.read()
        assert "Result:" in text or "Totals:" in text, f
