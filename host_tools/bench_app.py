#!/usr/bin/env python3
"""Heap of the device app under MicroPython (`make bench`, or alone:
python host_tools/bench_app.py [--json FILE]).

Runs the staged device tree of `make deploy` (host_tools/deploy.py: every
firmware module as .mpy, adafruit_ssd1306 in lib/) under the unix port
(`.venv/bin/micropython`, -X heapsize=512K, then bisected) with five SeatDisplays on a fake
machine.I2C that accepts every byte (no emulated panel in the heap). Button
events go to App.on_event the way hw.buttons delivers them; the choices are
random legal ones, reached with ◀ ▶ like a person would. One table of five:
setup, a virtual-cards deal (bidding, talon, announcements, 12 tricks,
result confirmed by every seat), then a score-entry deal.

Figures (gc.mem_alloc() after gc.collect(), i.e. live data):
  imports    every module the app loads (code and constants; a board with the
             modules frozen into flash keeps most of this out of the heap)
  app peak   the app's own live data at its highest over the deal, after
             every button event: five displays (driver objects, frame buffers,
             panel shadows), the table, the deal, the screen models
  total peak imports + app peak
  smallest heap  the smallest -X heapsize at which the whole run completes
             (bisection, 2 KB steps): everything incl. garbage collection
The unix port is 64-bit: objects (not buffers) take about twice their size
on the 32-bit RP2040/ESP32, so these figures are upper bounds.
Aim (issue 4): <= 64 KB.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

AIM = 64 * 1024
SEATS = 5

MP_SCRIPT = r"""
import gc, sys
sys.path[:0] = [STAGE, STAGE + "/lib"]
gc.collect(); m0 = gc.mem_alloc()


class FakeI2C:
    # machine.I2C that acknowledges everything
    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        n = 0
        for b in bufs:
            n += len(b)
        return n

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0


from hw.display import Mux, SeatDisplay
from table.app import App
from table import tablesetup, virtual, entry, idle, aid, kr
from tarock.rng import Rng
gc.collect(); m1 = gc.mem_alloc()
peak = [0]


def sample():
    gc.collect()
    m = gc.mem_alloc() - m1
    if m > peak[0]:
        peak[0] = m


i2c = FakeI2C()
mux = Mux(i2c)
app = App([SeatDisplay(i2c, 0x3C, mux, s) for s in range(SEATS)], seed=7)
app.strict = True
rng = Rng(7)


def ev(seat, b):
    app.on_event(seat, b, 1)
    app.refresh()
    sample()


app.refresh()
sample()
f = app.flow
# five players: from Start, back to the Players row, one press
k = tablesetup.ROWS.index("Players")
while f.cur != k:
    ev(0, 0)
while app.cfg.players != SEATS:
    ev(0, 2)
k = tablesetup.ROWS.index("Start")
while f.cur != k:
    ev(0, 1)
ev(0, 2)
n = 0
while isinstance(app.flow, virtual.Play):
    p = app.flow
    if p.deltas is not None:
        for d in app.cfg.used:
            if not p.ok[d]:
                ev(d, 2)
        break
    disp = p.disp_of(p.deal.to_move)
    legal, sel = p.choices(disp)
    want = legal[rng.below(len(legal))]
    while sel != want:
        ev(disp, 1)
        legal, sel = p.choices(disp)
    ev(disp, 2)
    n += 1
assert isinstance(app.flow, idle.Idle), app.flow
# the next deal as score entry: defaults, then every seat confirms
app.cfg.mode = 2
ev(0, 2)
e = app.flow
while e.step < len(e.steps()):
    ev(0, 2)
for d in app.cfg.used:
    if isinstance(app.flow, entry.Entry) and e._involved(d):
        ev(d, 2)
assert isinstance(app.flow, idle.Idle), app.flow
assert app.sheet.count() == 2 and not app.errors, app.errors
print("APPHEAP", m1 - m0, peak[0], n)
"""


def _stage(tmp):
    import deploy
    stage_dir, _ = deploy.stage("RPI_PICO", tmp)
    return stage_dir


def _run(stage_dir, heap):
    code = "STAGE = %r\nSEATS = %d\n" % (stage_dir, SEATS) + MP_SCRIPT
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    p = subprocess.run([mp, "-X", "heapsize=" + heap, "-c", code], capture_output=True,
                       text=True, timeout=600)
    for line in p.stdout.splitlines():
        if line.startswith("APPHEAP"):
            imports, peak, actions = (int(v) for v in line.split()[1:])
            return {"imports": imports, "app_peak": peak, "actions": actions}
    return {"error": (p.stderr or p.stdout).strip()[-500:]}


def run(bisect=True):
    with tempfile.TemporaryDirectory() as tmp:
        stage_dir = _stage(tmp)
        r = _run(stage_dir, "512K")
        if "error" in r or not bisect:
            return r
        r["total_peak"] = r["imports"] + r["app_peak"]
        lo, hi = 16, 512      # KB: lo fails (assumed), hi passed
        while hi - lo > 2:
            mid = (lo + hi) // 2
            if "error" in _run(stage_dir, "%dK" % mid):
                lo = mid
            else:
                hi = mid
        r["smallest_heap_kb"] = hi
        return r


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def rows(r):
    """(measure, value, aim, ok) rows for bench.py's table."""
    if "error" in r:
        return [("app heap, 5 seats (unix, .mpy)", "error (see bench.json)", "", None)]
    return [
        ("app: imports, 5 seats (unix x64, .mpy)", _kb(r["imports"]), "(code)", None),
        ("app: live peak over a 5-seat deal", _kb(r["app_peak"]), "<= %s" % _kb(AIM),
         r["app_peak"] <= AIM),
        ("app: imports + live peak", _kb(r["total_peak"]), "", None),
        ("app: smallest -X heapsize for the run", "%dK" % r["smallest_heap_kb"], "", None),
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="write the figures there")
    args = ap.parse_args(argv)
    import bench   # its table shows these rows like the others
    r = run()
    print(bench.table({"app": r}))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(r, fh, indent=1, sort_keys=True)
    return 0 if "error" not in r else 1


if __name__ == "__main__":
    sys.exit(main())
