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
import gc, sys, os
sys.path[:0] = [STAGE, STAGE + "/lib"]
gc.collect()
R = {"m0": gc.mem_alloc(), "m1": 0, "peak": 0, "peak_code": 0, "peak_mods": 0, "n": 0,
     "phase": "start", "peaks": {}}


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


def _code_bytes():
    # .mpy bytes of every loaded module of the stage: the code a frozen
    # image keeps in flash
    t = 0
    k = 0
    for name in sys.modules:
        base = name.replace(".", "/")
        for p in (STAGE + "/" + base + ".mpy", STAGE + "/" + base + "/__init__.mpy",
                  STAGE + "/lib/" + base + ".mpy", STAGE + "/lib/" + base + "/__init__.mpy"):
            try:
                t += os.stat(p)[6]
                k += 1
                break
            except OSError:
                pass
    return t, k


def _sample():
    gc.collect()
    m = gc.mem_alloc() - R["m0"]
    if not R["m1"]:
        R["m1"] = m
    ph = R["phase"]
    if m > R["peaks"].get(ph, 0):
        R["peaks"][ph] = m
    if m > R["peak"]:
        R["peak"] = m
        R["peak_code"], R["peak_mods"] = _code_bytes()


def _next(g):
    try:
        next(g)
        return True
    except StopIteration:
        return False


def _steps():
    from hw.display import Mux, SeatDisplay
    from table.app import App
    from table.ui import LEFT, RIGHT, OK, PRESS, LONG
    from tarock.rng import Rng
    yield 1                      # the first sample: the imports
    i2c = FakeI2C()
    mux = Mux(i2c)
    app = App([SeatDisplay(i2c, 0x3C, mux, s) for s in range(SEATS)], seed=7)
    app.strict = True
    rng = Rng(7)
    app.refresh()
    yield 1

    def flow_is(name):
        return type(app.flow).__name__ == name

    def ev(seat, b, kind=PRESS):
        app.on_event(seat, b, kind)
        app.refresh()

    def setup(family, players):
        f = app.flow
        rows = ["Game", "Rules", "Players", "Seats", "Dealer", "Mode", "Names", "Start"]
        while rows[f.cur] != "Game":
            ev(0, LEFT)
        while app.cfg.family != family:
            ev(0, OK)
        while rows[f.cur] != "Players":
            ev(0, RIGHT)
        while app.cfg.players != players:
            ev(0, OK)
        while rows[f.cur] != "Start":
            ev(0, RIGHT)
        ev(0, OK)

    def virtual_deal():
        while flow_is("Play"):
            p = app.flow
            if p.deltas is not None:
                for d in app.cfg.used:
                    if not p.ok[d]:
                        ev(d, OK)
                        yield 1
                break
            disp = p.disp_of(p.deal.to_move)
            legal, sel = p.choices(disp)
            want = legal[rng.below(len(legal))]
            while sel != want:
                ev(disp, RIGHT)
                yield 1
                legal, sel = p.choices(disp)
            ev(disp, OK)
            R["n"] += 1
            yield 1
        assert flow_is("Idle"), app.flow

    def entered_deal():
        app.cfg.mode = 2
        ev(0, OK)
        e = app.flow
        while e.step < len(e.steps()):
            ev(0, OK)
            yield 1
        for d in app.cfg.used:
            if flow_is("Entry") and e._involved(d):
                ev(d, OK)
                yield 1
        app.cfg.mode = 0
        assert flow_is("Idle"), app.flow

    for fam, players in FAMILIES:
        R["phase"] = fam
        if not flow_is("Setup"):
            ev(0, OK, LONG)                  # the seat's menu: New table, confirmed
            while app.seats[0].menu.items[app.seats[0].menu.i] != "New table":
                ev(0, RIGHT)
            ev(0, OK)
            ev(0, OK)
            yield 1
        setup(fam, players)
        yield 1
        for _ in virtual_deal():
            yield 1
        for _ in entered_deal():
            yield 1
        assert app.sheet.count() == 2 and not app.errors, app.errors


def _report():
    pk = R["peaks"]
    print("APPHEAP", R["m1"], R["peak"], R["n"], R["peak_code"], R["peak_mods"],
          " ".join(["%s=%d" % (k, pk[k]) for k in sorted(pk)]))


if not WASM:
    _g = _steps()
    while _next(_g):
        _sample()
    _report()
"""

# the run: (family, players) tables one after the other, each set up anew
# on the screens (a virtual deal and an entered deal each)
FAMILIES = (("koenigrufen", 5), ("french", 5), ("slovenian", 4))


def _stage(tmp):
    import deploy
    stage_dir, _ = deploy.stage("RPI_PICO", tmp)
    return stage_dir


def _script(stage_dir, wasm):
    return ("STAGE = %r\nSEATS = %d\nWASM = %r\nFAMILIES = %r\n"
            % (stage_dir, SEATS, wasm, FAMILIES)) + MP_SCRIPT


def _parse(out, err):
    for line in out.splitlines():
        if line.startswith("APPHEAP"):
            f = line.split()
            r = {"imports": int(f[1]), "total_peak": int(f[2]), "actions": int(f[3]),
                 "peak_code": int(f[4]), "peak_modules": int(f[5])}
            for kv in f[6:]:
                k, v = kv.split("=")
                r["peak_" + k] = int(v)
            r["data_peak"] = r["total_peak"] - r["peak_code"]
            return r
    return {"error": (err or out).strip()[-500:]}


def _run(stage_dir, heap):
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    p = subprocess.run([mp, "-X", "heapsize=" + heap, "-c", _script(stage_dir, False)],
                       capture_output=True, text=True, timeout=600)
    return _parse(p.stdout, p.stderr)


def _run_wasm(stage_dir, heap):
    """The same run on the 32-bit WebAssembly port (node)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(_script("/stage", True).split("\n", 1)[1])   # STAGE set by the runner
        path = fh.name
    try:
        p = subprocess.run(["node", os.path.join(HERE, "mp_wasm_app.mjs"), "-X",
                            "heapsize=" + heap, "--stage", stage_dir, path],
                           capture_output=True, text=True, timeout=600, cwd=ROOT)
    finally:
        os.remove(path)
    return _parse(p.stdout, p.stderr)


def _smallest(run, stage_dir):
    lo, hi = 16, 512      # KB: lo fails (assumed), hi passed
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if "error" in run(stage_dir, "%dK" % mid):
            lo = mid
        else:
            hi = mid
    return hi


def run(bisect=True):
    """{"unix": figures (64-bit), "wasm": figures (32-bit)}."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        stage_dir = _stage(tmp)
        for port, fn in (("unix", _run), ("wasm", _run_wasm)):
            r = fn(stage_dir, "512K")
            # the WebAssembly port grows its heap when it runs out (a split
            # heap): no smallest heap to find there, only the live figures
            if "error" not in r and bisect and port == "unix":
                r["smallest_heap_kb"] = _smallest(fn, stage_dir)
            out[port] = r
    return out


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def rows(r):
    """(measure, value, aim, ok) rows for bench.py's table."""
    out = []
    for port, what in (("unix", "unix x64"), ("wasm", "wasm 32-bit")):
        x = r.get(port, {})
        if "error" in x or not x:
            out.append(("app heap (%s, .mpy)" % what, "error (see bench.json)", "", None))
            continue
        out += [
            ("app (%s, .mpy): imports at start" % what, _kb(x["imports"]), "(code + data)", None),
            ("app (%s): live peak, code + data, %s" % (what, "/".join([f for f, n in FAMILIES])),
             _kb(x["total_peak"]), "", None),
            ("app (%s): of it .mpy code of %d modules loaded" % (what, x["peak_modules"]),
             _kb(x["peak_code"]), "", None),
            ("app (%s): data at the peak (frozen: in RAM)" % what, _kb(x["data_peak"]),
             "<= %s" % _kb(AIM), x["data_peak"] <= AIM),
        ]
        if "smallest_heap_kb" in x:
            out.append(("app (%s): smallest -X heapsize for the run" % what,
                        "%dK" % x["smallest_heap_kb"], "", None))
    return out


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
