#!/usr/bin/env python3
"""Heap of the device app under MicroPython (`make bench`, or alone:
python host_tools/bench/bench_app.py [--json FILE]).

One table of five displays (SeatDisplay on a fake machine.I2C that accepts
every byte; no emulated panel in the heap), the score sheet's journal in files
as on the board. Button events go to App.on_event the way hw.buttons delivers
them; the choices are random legal ones, reached with ◀ ▶ like a person
would. Three tables one after the other (FAMILIES), each set up on the
screens: a virtual-cards deal (bidding, talon, announcements, every trick,
the result confirmed by every seat), then a score-entry deal.

Four runs, each measuring gc.mem_alloc() after gc.collect() (live data)
after every button event:
  unix  64-bit unix port, the .mpy files of `make deploy` on the filesystem:
        loaded code is heap; also the smallest -X heapsize for the run
        (bisection, 2 KB steps, garbage collection included)
  rom   64-bit, the same files as the ROMFS image of `make deploy ROMFS=1`,
        mounted at /rom and imported in place (bytecode, str and bytes
        constants stay in the image, i.e. flash); the interned names (qstr
        pool) still take heap there, and are in flash when frozen
  wasm  32-bit WebAssembly port, .mpy files on its filesystem
  wasm_rom  32-bit, the ROMFS image handed to the port as its ROM partition
        (outside the GC heap, as flash on a board), imported in place
  data  32-bit, every module the run uses imported beforehand and kept: the
        app's own live data (displays' buffers, table, deal, screens, sheet)
The 64-bit port's objects take about twice a 32-bit board's, so its figures
are upper bounds. Aim (issue 4): <= 64 KB.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

AIM = 64 * 1024
SEATS = 5
SEED = 7      # the shuffles and the random choices of the run
ROM_SEEDS = (1, 2, 3, 4, 5)
ROM_PAD = 112   # bytes: the address shift between those runs

from benchkit import FAKE_I2C  # noqa: E402

MP_SCRIPT = r"""
import gc, sys, os, micropython
if ROM:
    # the staged tree as a ROMFS image, mounted at STAGE: .mpy imported in
    # place (bytecode, str and bytes constants stay in the image, as in flash)
    import vfs
    _f = open(ROM, "rb")
    _IMG = _f.read()
    _f.close()
    vfs.mount(vfs.VfsRom(_IMG), STAGE)
sys.path[:0] = [STAGE, STAGE + "/lib"]
# shifts every later address: where a conservative GC finds false pointers
# depends on the layout, so runs with other shifts sample that variation
_PAD = bytearray(PAD) if PAD else None
_PRE = []
for _m in PRELOAD:
    # every module of the run imported beforehand and kept (the flows too):
    # what remains is the app's own data
    _PRE.append(__import__(_m))
if PRELOAD:
    import table.app
    table.app.UNLOAD_FLOWS = False
gc.collect()
R = {"m0": gc.mem_alloc(), "m1": 0, "peak": 0, "n": 0,
     "phase": "start", "peaks": {}, "first": 1, "mods": {}}

""" + FAKE_I2C + r"""


def _sample():
    gc.collect()
    if MODS:
        for k in sys.modules:
            R["mods"][k] = 1
    if R["first"]:
        R["first"] = 0
        if PRELOAD:
            # baseline after the imports, in a call of its own on wasm (its
            # GC frees only what the C stack of the caller no longer holds)
            R["m0"] = gc.mem_alloc()
    m = gc.mem_alloc() - R["m0"]
    if not R["m1"]:
        R["m1"] = m
    ph = R["phase"]
    if m > R["peaks"].get(ph, 0):
        R["peaks"][ph] = m
        # the interned names at this peak (qstr_info prints, allocating nothing)
        print("QPEAK", ph)
        micropython.qstr_info()
        # and the modules loaded then (one name a line: nothing kept)
        for k in sys.modules:
            print("QMOD", k)
    if m > R["peak"]:
        R["peak"] = m


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
    # the score sheet's journal in files, as on the board (littlefs there);
    # an in-memory journal would grow in the heap with every deal
    try:
        os.mkdir(JOURNAL)
    except OSError:
        pass
    app = App([SeatDisplay(i2c, 0x3C, mux, s) for s in range(SEATS)], seed=SEED,
              storage=JOURNAL)
    app.strict = True
    rng = Rng(SEED)
    app.refresh()
    yield 1

    def flow_is(name):
        return type(app.flow).__name__ == name

    def ev(seat, b, kind=PRESS):
        app.on_event(seat, b, kind)
        app.refresh()

    def setup(family, players):
        f = app.flow
        rows = sys.modules["table.flows.setup"].ROWS   # the form's rows, by name
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
        if f.naming:      # Start asks who sits where (more remembered than seated)
            for d in app.cfg.used:
                ev(d, OK)   # each keeps its name; the last starts the party

    def virtual_deal():
        while flow_is("Play"):
            p = app.flow
            if p.deltas is not None:
                for d in app.cfg.used:
                    while not p.ok[d] and flow_is("Play"):   # the final trick, then the result
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
            ev(0, OK, LONG)                  # the seat's menu: New table, asks the table
            while app.seats[0].menu.keys[app.seats[0].menu.i] != "m_new":   # (table.lang key)
                ev(0, RIGHT)
            ev(0, OK)
            for d in app.cfg.used:           # every other seat in play says yes
                if d != 0:
                    ev(d, OK)
            yield 1
        setup(fam, players)
        yield 1
        for _ in virtual_deal():
            yield 1
        for _ in entered_deal():
            yield 1
        assert app.scores.count() == 2 and not app.errors, app.errors


def _report():
    pk = R["peaks"]
    print("APPHEAP", R["m1"], R["peak"], R["n"],
          " ".join(["%s=%d" % (k, pk[k]) for k in sorted(pk)]))
    print("APPMODS", " ".join(sorted(R["mods"])))
    # the interned names (module, function, attribute names, short strings):
    # heap for .mpy files and ROMFS, flash when frozen into the image
    print("QEND")
    micropython.qstr_info()


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


def _romfs(stage_dir, path):
    """The staged packages as the ROMFS image `make deploy ROMFS=1` puts in
    the board's ROM partition; returns its size."""
    import deploy
    return deploy.romfs_image(stage_dir, path)


def _script(stage_dir, wasm, rom=None, preload=(), journal="/journal", seed=SEED, mods=False,
            pad=0):
    """The MicroPython program of a run. mods: also list the modules it
    loads (a dict in the heap: only for the run that finds the list)."""
    return ("STAGE = %r\nSEATS = %d\nWASM = %r\nFAMILIES = %r\nROM = %r\nPRELOAD = %r\n"
            "JOURNAL = %r\nSEED = %d\nMODS = %r\nPAD = %d\n"
            % (stage_dir, SEATS, wasm, FAMILIES, rom, tuple(preload), journal, seed, mods,
               pad)) + MP_SCRIPT


def _qstr(line):
    """{total_bytes, str_data_bytes, qstr} of a qstr_info() line."""
    d = {}
    for kv in line.split(":", 1)[1].replace(",", " ").split():
        k, v = kv.split("=")
        d[k[2:]] = int(v)
    return d


def _parse(out, err):
    r: dict | None = None
    qpeak = {}
    qmods = {}
    tag = None
    for line in out.splitlines():
        if line.startswith("QPEAK"):
            tag = line.split()[1]
            qmods[tag] = []
            continue
        if line.startswith("QMOD "):
            if tag is not None:
                qmods[tag].append(line.split()[1])
            continue
        if line.startswith("QEND"):
            tag = None
            continue
        if line.startswith("qstr pool:") and tag is not None:
            qpeak[tag] = _qstr(line)     # the last one: the phase's peak
            continue
        if line.startswith("APPHEAP"):
            f = line.split()
            r = {"imports": int(f[1]), "total_peak": int(f[2]), "actions": int(f[3])}
            for kv in f[4:]:
                k, v = kv.split("=")
                r["peak_" + k] = int(v)
        elif line.startswith("APPMODS") and r is not None:
            r["modules"] = line.split()[1:]
        elif line.startswith("qstr pool:") and r is not None:
            for k, v in _qstr(line).items():
                r["qstr_" + k] = v
    if r is not None:
        for ph, q in qpeak.items():
            r["qstr_at_peak_" + ph] = q
            r["modules_at_peak_" + ph] = sorted(qmods.get(ph, ()))
    return r if r is not None else {"error": (err or out).strip()[-500:]}


def _run(stage_dir, heap, rom=None, preload=(), mods=False):
    """One run on the unix port (64-bit); rom: a ROMFS image of the stage,
    mounted in place of it."""
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    where = "/rom" if rom else stage_dir
    with tempfile.TemporaryDirectory() as jdir:
        p = subprocess.run([mp, "-X", "heapsize=" + heap, "-c",
                            _script(where, False, rom, preload, jdir + "/j", mods=mods)],
                           capture_output=True, text=True, timeout=600)
    return _parse(p.stdout, p.stderr)


def _run_wasm(stage_dir, heap, preload=(), romfs=None, seed=SEED, pad=0):
    """The same run on the 32-bit WebAssembly port (node); romfs: the ROMFS
    image of the stage as the port's ROM partition (outside the heap, as
    flash on a board), imported in place from /rom."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        # STAGE is set by the runner
        fh.write(_script("/stage", True, None, preload, seed=seed, pad=pad).split("\n", 1)[1])
        path = fh.name
    where = ["--romfs", romfs] if romfs else ["--stage", stage_dir]
    try:
        p = subprocess.run(["node", os.path.join(ROOT, "host_tools", "micropython", "mp_wasm_app.mjs"), "-X",
                            "heapsize=" + heap] + where + [path],
                           capture_output=True, text=True, timeout=600, cwd=ROOT)
    finally:
        os.remove(path)
    return _parse(p.stdout, p.stderr)


def _smallest(run, lo=16, hi=512):
    """Smallest heap (KB, 2 KB steps) at which run("<n>K") completes."""
    while hi - lo > 2:
        mid = (lo + hi) // 2
        if "error" in run("%dK" % mid):
            lo = mid
        else:
            hi = mid
    return hi


def _stage_file(stage_dir, mod):
    """The staged .mpy a module is imported from (firmware or lib/), or None."""
    base = mod.replace(".", "/")
    for rel in (base + ".mpy", base + "/__init__.mpy", "lib/" + base + ".mpy",
                "lib/" + base + "/__init__.mpy"):
        f = os.path.join(stage_dir, rel)
        if os.path.exists(f):
            return f
    return None


def _preload_list(stage_dir, mods):
    """The run's modules that come from the stage (firmware and lib/)."""
    return sorted([m for m in mods if _stage_file(stage_dir, m)])


CAL_N = 200     # raw codes / str constants in the calibration modules

CAL_SCRIPT = r"""
import gc, sys, micropython
sys.path[:0] = [STAGE]
_K = []
_NAMES = ("cal.c0", "cal.craw", "cal.cstr")
_I = [0]


def _steps():
    import cal
    _K.append(cal)
    yield 1
    for m in _NAMES:
        _K.append(__import__(m))
        yield 1


def _sample():
    gc.collect()
    print("CAL", _I[0], gc.mem_alloc())
    micropython.qstr_info()
    _I[0] += 1


def _report():
    pass
"""


def _calibrate(tmp):
    """Heap per raw code and per str constant of an import in place (ROMFS)
    on the 32-bit port, interned names aside: CAL_N nested functions never
    called, CAL_N strings of more than 10 characters (shorter ones are
    interned names), each against a module with one function. Returns
    {"raw_code": bytes, "str": bytes} or {"error": ...}."""
    import build
    import deploy
    src = os.path.join(tmp, "calsrc")
    pkg = os.path.join(tmp, "calrom", "cal")
    os.makedirs(src)
    os.makedirs(pkg)
    mods = {
        "__init__": "",
        "c0": "def outer():\n    return 0\n",
        "craw": "def outer():\n" + "".join("    def f%d(a):\n        return a + %d\n" % (k, k)
                                           for k in range(CAL_N)) + "    return 0\n",
        "cstr": "def outer(a):\n" + "".join("    if a == %d:\n        return 'calibration text %d'\n"
                                            % (k, k) for k in range(CAL_N)) + "    return ''\n",
    }
    mpy_cross = build.find_mpy_cross()
    for name, text in mods.items():
        with open(os.path.join(src, name + ".py"), "w") as fh:
            fh.write(text)
        subprocess.run([mpy_cross, "-o", os.path.join(pkg, name + ".mpy"),
                        os.path.join(src, name + ".py")], check=True, capture_output=True)
    rom = os.path.join(tmp, "cal.romfs")
    deploy.romfs_image(os.path.join(tmp, "calrom"), rom)
    path = os.path.join(tmp, "cal.py")
    with open(path, "w") as fh:
        fh.write(CAL_SCRIPT)
    p = subprocess.run(["node", os.path.join(ROOT, "host_tools", "micropython", "mp_wasm_app.mjs"), "-X", "heapsize=512K",
                        "--romfs", rom, path], capture_output=True, text=True, timeout=600, cwd=ROOT)
    pts = []
    mem = None
    for line in p.stdout.splitlines():
        if line.startswith("CAL "):
            mem = int(line.split()[2])
        elif line.startswith("qstr pool:") and mem is not None:
            q = _qstr(line)
            pts.append(mem - (q["total_bytes"] - q["str_data_bytes"]))
            mem = None
    if len(pts) != 4:
        return {"error": (p.stdout + p.stderr)[-400:]}
    base = pts[1] - pts[0]
    return {"raw_code": (pts[2] - pts[1] - base) / float(CAL_N),
            "str": (pts[3] - pts[2] - base) / float(CAL_N)}


def _in_flash_when_frozen(stage_dir, modules, cal):
    """Bytes of heap an in-place import of these modules builds that a
    frozen image keeps in flash besides the names: a header per raw code
    and an object per str or bytes constant (counted in the .mpy files,
    priced by _calibrate). Other constants (tuples, ints) are not counted."""
    import mpyinfo
    rc = 0
    sc = 0
    for m in modules:
        f = _stage_file(stage_dir, m)
        if f:
            with open(f, "rb") as fh:
                data = fh.read()
            if mpyinfo.is_native(data):
                continue    # machine code (the @viper modules): no bytecode to count
            info = mpyinfo.parse(data)
            rc += info["raw_codes"]
            sc += info["objs"].get("str", 0) + info["objs"].get("bytes", 0)
    return {"raw_codes": rc, "str_objs": sc,
            "bytes": int(rc * cal["raw_code"] + sc * cal["str"])}


def _inplace(x):
    """Figures of a run imported in place (ROMFS): the interned names' heap
    (the pool's own entries: the names' text stays in the image) and, per
    table, the bound for a frozen image: its peak less the names then
    interned (frozen, names, code and constants are in flash; everything
    else is as under ROMFS)."""
    if "qstr_total_bytes" in x:
        x["qstr_heap"] = x["qstr_total_bytes"] - x["qstr_str_data_bytes"]
    for f, n in FAMILIES:
        q = x.get("qstr_at_peak_" + f)
        if q and "peak_" + f in x:
            x["frozen_bound_" + f] = x["peak_" + f] - (q["total_bytes"] - q["str_data_bytes"])
    return x


def run(bisect=True):
    """Figures per run:
      unix   64-bit, .mpy files on the filesystem (as `make deploy` copies)
      rom    64-bit, the same .mpy in a ROMFS image, imported in place
             (code in flash: `make deploy ROMFS=1`, or frozen)
      wasm   32-bit, .mpy files on the filesystem
      data   32-bit, every module of the run imported beforehand: the app's
             own live data (screens, table, deal, score sheet)"""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        stage_dir = _stage(tmp)
        rom = os.path.join(tmp, "app.romfs")
        img = _romfs(stage_dir, rom)
        r = out["unix"] = _run(stage_dir, "512K", mods=True)
        if "error" not in r:
            # the figures without the module list's own heap
            r.update({k: v for k, v in _run(stage_dir, "512K").items() if k != "modules"})
        if "error" not in r and bisect:
            r["smallest_heap_kb"] = _smallest(lambda h: _run(stage_dir, h))
        # the image is a bytes object in this port's heap: 640K leaves the
        # app its room beside it (512K did not since issue 35)
        r = out["rom"] = _run(stage_dir, "640K", rom)
        r["image_bytes"] = img
        if "error" not in r and bisect:
            # the image itself is a bytes object in this port's heap (on a
            # board it is flash): bisect the heap beside it
            k = (img + 1023) // 1024 + 2
            r["smallest_heap_kb"] = _smallest(
                lambda h: _run(stage_dir, "%dK" % (int(h[:-1]) + k), rom))
        # the WebAssembly port grows its heap when it runs out (a split
        # heap): no smallest heap to find there, only the live figures
        out["wasm"] = _run_wasm(stage_dir, "512K")
        # MicroPython's GC is conservative: a stale word in a live block (a
        # frame buffer's pixels, bytecode, a freed frame) can keep a dead
        # object alive, so a peak depends on where things happen to lie (a
        # comment more in a module moves it by KBs). Five runs with other
        # shuffles and every address shifted: the median run, and the max.
        runs = [_inplace(_run_wasm(stage_dir, "512K", romfs=rom, seed=sd, pad=ROM_PAD * k))
                for k, sd in enumerate(ROM_SEEDS)]
        good = sorted([x for x in runs if "error" not in x], key=lambda x: x["total_peak"])
        if len(good) == len(runs):
            med: dict = dict(good[len(good) // 2])
            med["runs"] = [x["total_peak"] for x in runs]
            for f, n in FAMILIES:
                for key in ("peak_", "frozen_bound_"):
                    med["max_" + key + f] = max([x.get(key + f, 0) for x in runs])
            out["wasm_rom"] = med
        else:
            out["wasm_rom"] = next(x for x in runs if "error" in x)
        _inplace(out["rom"])
        # an estimate for a frozen image: the bound less what the count of
        # raw codes and str constants in the loaded modules prices at
        cal = out["calibration"] = _calibrate(tmp)
        x: dict = out["wasm_rom"]
        f0 = FAMILIES[0][0]
        if "error" not in cal and "frozen_bound_" + f0 in x:
            e = _in_flash_when_frozen(stage_dir, x.get("modules_at_peak_" + f0, ()), cal)
            e["estimate"] = x["frozen_bound_" + f0] - e["bytes"]
            x["frozen_estimate_" + f0] = e
        mods = _preload_list(stage_dir, out["unix"].get("modules", ()))
        out["data"] = _run_wasm(stage_dir, "512K", mods) if mods else {"error": "no module list"}
    return out


def _kb(n):
    return "%.1f KB" % (n / 1024.0)


def rows(r):
    """(measure, value, aim, ok) rows for bench.py's table."""
    fams = "/".join([f for f, n in FAMILIES])
    out = []

    def ok(k):
        x = r.get(k, {})
        if "error" in x or not x:
            out.append(("app heap (%s)" % k, "error (see bench.json)", "", None))
            return None
        return x

    u, w = ok("unix"), ok("wasm")
    if u and w:
        out.append(("app, .mpy files (make deploy), %s: live peak, code + data" % fams,
                    "wasm 32-bit %s; unix x64 %s" % (_kb(w["total_peak"]), _kb(u["total_peak"])),
                    "", None))
        out.append(("... imports at start; smallest -X heapsize (unix x64)",
                    "%s (wasm); %sK" % (_kb(w["imports"]), u.get("smallest_heap_kb", "?")),
                    "", None))
    x, u = ok("wasm_rom"), ok("rom")
    if x and u:
        out.append(("app, ROMFS image in place (make deploy ROMFS=1): live peak",
                    "wasm 32-bit %s (median of %d runs), max %s; unix x64 %s"
                    % (_kb(x["total_peak"]), len(x.get("runs", ())), _kb(max(x.get("runs", [0]))),
                       _kb(u["total_peak"])), "", None))
        out.append(("... per table, median run / max: " + ", ".join(f for f, n in FAMILIES)
                    + " (wasm 32-bit)",
                    "; ".join(["%s / %s" % (_kb(x.get("peak_" + f, 0)), _kb(x.get("max_peak_" + f, 0)))
                               for f, n in FAMILIES]), "", None))
        out.append(("... of it interned names (qstr pool heap; frozen: in flash)",
                    "wasm %s; unix %s" % (_kb(x.get("qstr_heap", 0)), _kb(u.get("qstr_heap", 0))),
                    "", None))
        f0 = FAMILIES[0][0]
        if "frozen_bound_" + f0 in x:
            out.append(("frozen image, bound: the %s table's ROMFS peak less its interned "
                        "names (wasm 32-bit, median / max)" % f0,
                        "%s / %s" % (_kb(x["frozen_bound_" + f0]), _kb(x["max_frozen_bound_" + f0])),
                        "", None))
        e = x.get("frozen_estimate_" + f0)
        cal = r.get("calibration", {})
        if e and "raw_code" in cal:
            out.append(("frozen image, estimate: that bound less %d raw-code headers and %d "
                        "str/bytes objects (%.0f B, %.0f B each, measured)"
                        % (e["raw_codes"], e["str_objs"], cal["raw_code"], cal["str"]),
                        _kb(e["estimate"]), "", None))
        if "smallest_heap_kb" in u:
            out.append(("... smallest -X heapsize beside the image (unix x64)",
                        "%dK" % u["smallest_heap_kb"], "", None))
    x = ok("data")
    if x:
        out.append(("app's own data, 32-bit (every module imported first): live peak",
                    _kb(x["total_peak"]), "<= %s" % _kb(AIM), x["total_peak"] <= AIM))
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--json", type=cli.new_file, help="write the figures there")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [args.json])
    r = run()
    # the rows as `make bench` prints them (bench.py's table imports this
    # module, so the rows are formatted here rather than importing it back)
    for what, value, aim, ok in rows(r):
        flag = "" if ok is None else ("ok" if ok else "MISSED")
        print("%-100s %-24s %-12s %s" % (what, value, aim, flag))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(r, fh, indent=1, sort_keys=True)
    return 1 if any("error" in x for x in r.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
