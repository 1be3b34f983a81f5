#!/usr/bin/env python3
"""Device figures for `make bench` (called from host_tools/bench/bench.py; also
runs alone: python host_tools/bench/bench_device.py [--json FILE]).

  a) one full frame: SeatDisplay.show(full=True) (window + 1024 bytes in one
     transaction) and the adafruit driver's own show() (6 one-byte command
     transactions + 1024 bytes): I2C bytes, transactions, bus time at 400 kHz
  b) per button press over the scripted deals of tests/golden/device/*.script
     (replayed through the emulator, host_tools/golden/device_runs.replay): bytes
     and bus time of the pressing seat's own screen update (mux select
     included), median and worst; and of all screens' updates after the press
  c) heap of the display layer under the MicroPython unix port, from the
     staged .mpy files of `make deploy` (host_tools/build/deploy.py): imports
     (hw.display, table.text with both fonts, adafruit_ssd1306) and per seat
     (driver object + 1025-byte frame buffer + 1024-byte shadow of the panel);
     the unix port is 64-bit, so objects other than the buffers take about
     twice what they take on the 32-bit RP2040/ESP32

Bus time is wire time from byte counts (hw.display.Stats: 9 clocks per byte
incl. ACK, 2 for START/STOP, address byte included), not CPU time.
Aim (issue 4): <= 30 ms of bus time for the pressing seat's update.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

FREQ = 400000
AIM_OWN_US = 30000
SCRIPTS = os.path.join(ROOT, "tests", "golden", "device")


def _median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) // 2


def full_frame():
    import hostenv

    board = hostenv.setup("HOST")
    board.reset(1)
    d = board.make_displays(1)[0]
    d.canvas.fill(1)
    d.show(full=True)
    ours = {"bytes": d.last.bytes, "transactions": d.last.transactions,
            "bus_us": d.last.bus_us(FREQ)}
    d.stats.reset()
    d.canvas.fill(0)
    d.canvas.show()                      # the driver's own path
    drv = {"bytes": d.stats.bytes, "transactions": d.stats.transactions,
           "bus_us": d.stats.bus_us(FREQ)}
    return {"seat_display": ours, "driver_show": drv}


def presses():
    import device_runs as device_golden

    own_b, own_us, all_b, all_us = [], [], [], []
    per_script = {}
    for name in sorted(os.listdir(SCRIPTS)):
        if not name.endswith(".script"):
            continue
        with open(os.path.join(SCRIPTS, name), encoding="utf-8") as fh:
            lines = fh.read().splitlines()
        _, _, emu = device_golden.replay(name[:-7], lines)
        ps = emu.presses
        per_script[name[:-7]] = {
            "presses": len(ps),
            "own_us_worst": max(p.own_us(FREQ) for p in ps),
            "own_us_median": _median([p.own_us(FREQ) for p in ps]),
        }
        for p in ps:
            own_b.append(p.own_bytes)
            own_us.append(p.own_us(FREQ))
            all_b.append(p.bytes)
            all_us.append(p.all_us(FREQ))
    return {
        "presses": len(own_us),
        "own_bytes_median": _median(own_b), "own_bytes_worst": max(own_b),
        "own_us_median": _median(own_us), "own_us_worst": max(own_us),
        "all_bytes_median": _median(all_b), "all_bytes_worst": max(all_b),
        "all_us_median": _median(all_us), "all_us_worst": max(all_us),
        "scripts": per_script,
    }


HEAP_SCRIPT = r"""
import gc, sys
sys.path[:0] = [STAGE, STAGE + "/lib", TOOLS]
gc.collect(); m0 = gc.mem_alloc()
import adafruit_ssd1306
from hw.display import Mux, SeatDisplay
from table import text
gc.collect(); m1 = gc.mem_alloc()
import emu_ssd1306 as emu
bus = emu.I2CBus()
mux = emu.TCA9548A(bus)
for s in range(5):
    mux.attach(emu.SSD1306(), s)
m = Mux(bus)
gc.collect(); m2 = gc.mem_alloc()
ds = [SeatDisplay(bus, 0x3C, m, s) for s in range(5)]
gc.collect(); m3 = gc.mem_alloc()
for s in range(5):
    text.draw(ds[s].canvas, 0, 0, b"Sk\xc3\xbcs \xe2\x99\xa5K", 1, text.LARGE)
    ds[s].show()
gc.collect(); m4 = gc.mem_alloc()
print("HEAP", m1 - m0, (m3 - m2) // 5, m4 - m3)
"""


def heap():
    import deploy

    with tempfile.TemporaryDirectory() as tmp:
        stage_dir, _ = deploy.stage("RPI_PICO", tmp)
        code = "STAGE = %r\nTOOLS = %r\n" % (stage_dir, os.path.join(ROOT, "host_tools", "emulator")) + HEAP_SCRIPT
        mp = os.path.join(ROOT, ".venv", "bin", "micropython")
        p = subprocess.run([mp, "-X", "heapsize=192K", "-c", code], capture_output=True,
                           text=True, timeout=300)
    for line in p.stdout.splitlines():
        if line.startswith("HEAP"):
            imports, per_seat, after_show = (int(v) for v in line.split()[1:])
            return {"imports": imports, "per_seat": per_seat, "five_seats": 5 * per_seat,
                    "after_show_growth": after_show}
    return {"error": (p.stderr or p.stdout).strip()[-500:]}


def run():
    return {"freq": FREQ, "full_frame": full_frame(), "press": presses(), "heap": heap()}


def rows(r):
    """(measure, value, aim, ok) rows for bench.py's table."""
    out = []
    ff = r["full_frame"]
    for key, label in (("seat_display", "SeatDisplay.show(full)"), ("driver_show", "driver show()")):
        f = ff[key]
        out.append(("I2C full frame, %s" % label, "%d B, %d tx, %.1f ms" % (
            f["bytes"], f["transactions"], f["bus_us"] / 1000.0), "", None))
    p = r["press"]
    out.append(("I2C per press, pressing seat (%d presses)" % p["presses"],
                "median %d B %.1f ms, worst %d B %.1f ms" % (
                    p["own_bytes_median"], p["own_us_median"] / 1000.0,
                    p["own_bytes_worst"], p["own_us_worst"] / 1000.0),
                "<= %d ms" % (AIM_OWN_US // 1000), p["own_us_worst"] <= AIM_OWN_US))
    out.append(("I2C per press, all screens", "median %d B %.1f ms, worst %d B %.1f ms" % (
        p["all_bytes_median"], p["all_us_median"] / 1000.0,
        p["all_bytes_worst"], p["all_us_worst"] / 1000.0), "", None))
    h = r["heap"]
    if "error" in h:
        out.append(("display layer heap (unix x64, .mpy)", "error (see bench.json)", "", None))
    else:
        out.append(("display layer heap (unix x64, .mpy)", "imports %.1f KB + %.1f KB per seat" % (
            h["imports"] / 1024.0, h["per_seat"] / 1024.0), "", None))
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--json", type=cli.new_file, help="write the figures there")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [args.json])
    r = run()
    from benchkit import report
    report(rows(r), r, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
