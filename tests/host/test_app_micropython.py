"""The device app runs under real MicroPython from the staged .mpy tree of
`make deploy`: five seats; Königrufen, French and Slovenian tables one after
the other, each with a virtual-cards deal to the confirmed result and a
score-entry deal (host_tools/bench/bench_app.py's run), on the unix port and on the
32-bit WebAssembly port; a family's modules are unloaded when the table
changes family."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import bench_app  # noqa: E402


def test_app_plays_under_micropython():
    with tempfile.TemporaryDirectory() as tmp:
        stage = bench_app._stage(tmp)
        for r in (bench_app._run(stage, "512K"), bench_app._run_wasm(stage, "512K")):
            assert "error" not in r, r.get("error")
            assert r["actions"] > 3 * 40        # three whole deals of button decisions
            assert 0 < r["imports"] < r["total_peak"] < 512 * 1024
            # at each table's peak one family's rules are loaded, never two:
            # its own, or the previous table's while the new one is set up
            # (the peak may fall on the switch); _UNLOAD below checks that
            # the previous family is gone once the new one plays
            rules = ("tarock.koenigrufen.rules", "tarock.french.rules", "tarock.slovenian.rules")
            for k in range(3):
                loaded = r["modules_at_peak_" + ("koenigrufen", "french", "slovenian")[k]]
                there = [m for m in rules if m in loaded]
                assert there and there[0] in rules[max(0, k - 1):k + 1] and len(there) == 1, there


_UNLOAD = r"""
import sys
sys.path.insert(0, "host_tools/lib")
__import__("hostenv").tools()
import emulator as E
E.hostenv.setup("HOST")
from tarock.rng import Rng
emu = E.Emulator(seats=5, seed=1, record=False)
E.setup_table(emu, family="french", players=5)
E.play_deal(emu, Rng(1))
loaded = set(m for m in sys.modules if m.startswith(("table.", "tarock."))
             and m not in emu.app.base)    # what the tables brought
assert "table.games.french" in loaded and "tarock.french.rules" in loaded, loaded
for m in ("table.games.koenigrufen", "table.games.bavarian", "table.games.slovenian",
          "tarock.slovenian.rules", "tarock.bavarian.rules", "tarock.bavarian",
          "tarock.slovenian"):
    assert m not in loaded, m
    pkg, name = m.rsplit(".", 1)
    assert m in emu.app.base or not hasattr(sys.modules.get(pkg), name), m
print("ok")
"""


def test_changing_family_unloads_the_old_one():
    """CPython, the same App code, in a fresh interpreter: setting up a
    French table (the Game row passes Bavarian on the way) leaves only the
    French modules of all the firmware modules loaded after the app
    started; the others are gone from sys.modules and from their package."""
    import subprocess
    r = subprocess.run([sys.executable, "-c", _UNLOAD], capture_output=True, text=True,
                       cwd=ROOT, timeout=300)
    assert r.returncode == 0 and "ok" in r.stdout, r.stdout + r.stderr
