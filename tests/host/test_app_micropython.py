"""The device app runs under real MicroPython (unix port) from the staged
.mpy tree of `make deploy`: five seats, setup, a virtual-cards deal to the
confirmed result, a score-entry deal (host_tools/bench_app.py's run)."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools"))

import bench_app  # noqa: E402


def test_app_plays_under_micropython():
    with tempfile.TemporaryDirectory() as tmp:
        r = bench_app._run(bench_app._stage(tmp), "512K")
    assert "error" not in r, r.get("error")
    assert r["actions"] > 40            # a whole deal of button decisions
    assert 0 < r["app_peak"] < 512 * 1024
