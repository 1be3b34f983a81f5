#!/usr/bin/env python3
"""`make emu`: the tarockbox image on an emulated RP2040, in lockstep with the
host emulator, through a scripted session.

    python host_tools/rp2040/session.py [--smoke] [--out out/rp2040]

The session (Königrufen, five players, seed 12):
  boot       a littlefs image with a boot.py that fixes the seed (the host
             emulator's) and notes gc.mem_free() after every button event
  setup      the table setup form, virtual cards
  virtual    one deal the bots (host_tools/emulator) play with the buttons
  physical   "New table" from a seat's menu (every seat votes yes), physical
             cards: the score entry of the deal the core plays, then every
             seat confirms
  reboot     the chip restarts from its flash as it is; the host emulator
             from its storage folder
  sheet      a seat's menu -> Scores
--smoke (CI): boot, setup, the first presses of the virtual deal, reboot.

Every button press goes to both: emulator.Emulator (the app on CPython, its
pins and screens modelled) and the chip (rp2040emu.Rp2040: the frozen app on
MicroPython v1.28.0, the real I2C bytes decoded by the same SSD1306 model).
After every press all five screens must show the same pixels, and after the
reboot the journal on the chip's littlefs must have the same bytes as the
host emulator's. Writes out/rp2040/: session.txt (every press, the screens
as text: the host's words where the glass is the same, the chip's pixels
where not), PNGs at each phase, flash.img, figures.json (boot time, press ->
screen times, heap, flash writes, emulated and wall time). Exits 1 on a
difference.
"""

import json
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import rp2040emu as R  # noqa: E402  (puts the host tools on sys.path)
import emulator as E  # noqa: E402
import device_runs as D  # noqa: E402
import firmware  # noqa: E402

SEED = 12
BOOT_PY = """# written by host_tools/rp2040/session.py: the emulated session's probes
import gc
import board
board.hw_seed = lambda: %d          # the host emulator's seed: the same deals
from table import app as _app
_on_event = _app.App.on_event
_settled = _app.App.settled
_low = [1 << 30, 1 << 30]           # mem_free() before a collect, after one
_seen = [False]
_n = [0]                            # events so far: which press a low came at
_errs = [0]                         # app.errors printed so far


def _event(self, seat, button, kind):
    _on_event(self, seat, button, kind)
    _seen[0] = True
    _n[0] += 1


def _idle(self):
    # every screen drawn (App.run): mem_free() walks the whole heap (~10 ms
    # at 125 MHz), so it is taken here, not in the press's answer
    if _seen[0]:                    # the screens of a press, the garbage still there
        f = gc.mem_free()
        if f < _low[0]:
            _low[0] = f
            print("heap-free", f, _n[0])
    _settled(self)                  # the app collects the garbage
    while len(self.errors) > _errs[0]:   # what the app noted and played on
        print("app-error", self.errors[_errs[0]])
        _errs[0] += 1
    if _seen[0]:                    # after the screens of a press: what is live
        _seen[0] = False
        gc.collect()
        f = gc.mem_free()
        if f < _low[1]:
            _low[1] = f
            print("heap-live-free", f, _n[0])


_app.App.on_event = _event
_app.App.settled = _idle
gc.collect()
print("heap-boot", gc.mem_free())
""" % SEED

# the Pico W (--board RPI_PICO_W): the radio's task (hw/net.py Net.run) ends
# with its state, why and time; then, as on a board whose radio came up,
# the page's server runs (web.server.serve on port 80: lwIP is there, a
# listening socket needs no chip; its watcher looks at the journal every
# 0.5 s), so every heap and press figure after it holds the server, started
# where a board starts it: after the table's start. No phone ever connects.
WEB_PY = """
import asyncio
import time
from hw import net as _net
_nrun = _net.Net.run


async def _net_run(self, app):
    t = time.ticks_ms()
    await _nrun(self, app)
    print("net-end", self.state, self.why or "-", time.ticks_diff(time.ticks_ms(), t))
    gc.collect()
    f = gc.mem_free()
    import web.server
    asyncio.create_task(web.server.serve(app, port=80))
    await asyncio.sleep(1)          # it listens, or says why not (app.web_error)
    gc.collect()
    print("heap-web", f, gc.mem_free(), getattr(app, "web_error", "-"))


_net.Net.run = _net_run
"""

# --trace: where a press's time goes, on the chip's clock (ticks_us): the
# event's handling, each seat's model, paint and push, each language
# lookup the cache missed (lk)
TRACE_PY = """
import time
import table.lang as _lang
_us = time.ticks_us
_ev = _app.App.on_event
_redraw = _app.App._redraw


def _tev(self, seat, button, kind):
    t = _us()
    _ev(self, seat, button, kind)
    print("tr ev", seat, t, _us())


def _tdr(self, i):
    t = _us()
    n = _redraw(self, i)
    print("tr dr", i, t, _us(), n)
    return n


_model = _app.App.model
_paint = _app.ui.Painter.paint


def _tmo(self, i):
    t = _us()
    r = _model(self, i)
    print("tr mo", i, t, _us())
    return r


def _tpa(self, canvas, rows):
    t = _us()
    _paint(self, canvas, rows)
    print("tr pa", t, _us())


def _wrap(obj, name, label):
    f = getattr(obj, name)

    def timed(*a, **k):
        t = _us()
        r = f(*a, **k)
        print("tr", label, t, _us())
        return r
    setattr(obj, name, timed)


class _Gc:
    def __getattr__(self, name):
        return getattr(gc, name)

    def collect(self):
        t = _us()
        gc.collect()
        print("tr gc", t, _us())


_app.gc = _Gc()
_find = _lang._find


def _tlk(key):
    t = _us()
    r = _find(key)
    print("tr lk", t, _us(), key)
    return r


_lang._find = _tlk
_wrap(_app.scores, "new_party", "np")
_wrap(_app.App, "go", "go")
_wrap(_app.App, "set_family", "sf")
_wrap(_app.App, "start_deal", "sd")
_wrap(_app.App, "_saving", "sv")
_app.App.on_event = _tev
_app.App._redraw = _tdr
_app.App.model = _tmo
_app.ui.Painter.paint = _tpa
"""


class AbsentRadio:
    """What the Pico W's hw/net.py is on the emulated chip (no CYW43), for
    the host emulator's app.net: its seat menus offer the page's screen as
    the chip's do (what that screen shows is not compared: the chip's
    network name and password are drawn from its own random source)."""
    state = "off"
    why = "net_no_radio"
    ssid = password = url = ""

    def join_text(self):
        return ""


class Lockstep(E.Emulator):
    """The host emulator; every press also goes to the chip, and then the
    five screens are compared."""

    def __init__(self, chip, log, storage, net=None):
        self.chip = chip
        self.log = log
        self.diffs = []
        super().__init__(seats=R.SEATS, seed=SEED, storage=storage)
        if net is not None:     # the Pico W: a seat's menu offers the page (app.net)
            self.app.net = net

    def press(self, seat, key, repeats=0):
        super().press(seat, key, repeats)
        self.chip.press(seat, key, repeats)
        self.log.step(self, "%d %s" % (seat, key + "+" * repeats))


class Log:
    def __init__(self, path):
        self.fh = open(path, "w", encoding="utf-8")
        self.steps = 0
        self.diffs = []
        self.shown = [None] * R.SEATS   # type: list[str | None]

    def step(self, emu, what):
        self.steps += 1
        t = emu.chip.timings[-1] if emu.chip.timings else None
        ms = (" (screen %.1f ms after the press at %.1f ms)" % (t.latency_ms, t.event_ms)
              if t and t.latency_ms is not None else "")
        self.fh.write("> %s  @%.0f ms%s\n" % (what, emu.chip.now, ms))
        self.compare(emu, what)

    def compare(self, emu, what):
        for s in range(R.SEATS):
            host, chip = emu.hw.panels[s], emu.chip.panels[s]
            if R.same_glass(host, chip):
                text = " | ".join(emu.text(s))
                if text != self.shown[s]:
                    self.shown[s] = text
                    self.fh.write("  %d| %s\n" % (s, text))
            else:
                if not self.diffs:      # the first difference, as pictures
                    d = os.path.dirname(self.fh.name)
                    emu.snap(os.path.join(d, "first-difference-host.png"))
                    emu.chip.snap(os.path.join(d, "first-difference-chip.png"))
                self.diffs.append((self.steps, what, s))
                self.shown[s] = None
                self.fh.write("  %d| DIFFERENT from the host's %r; the chip shows:\n%s\n"
                              % (s, " | ".join(emu.text(s)), chip.to_text()))

    def note(self, text):
        self.fh.write("== %s\n" % text)
        self.fh.flush()
        print("== " + text, flush=True)


def new_table(emu):
    """Seat 0's menu -> New table, every other seat in play says yes."""
    emu.press(0, "O")
    menu = emu.app.seats[0].menu
    k = menu.keys.index("m_new")   # (table.lang key)
    while menu.i != k:
        emu.press(0, ">")
    emu.press(0, "o")
    for d in emu.app.cfg.used:
        if emu.app.vote is not None and d not in emu.app.vote.yes:
            emu.press(d, "o")


def show_scores(emu):
    emu.press(0, "O")
    menu = emu.app.seats[0].menu
    k = menu.keys.index("m_scores")   # (table.lang key)
    while menu.i != k:
        emu.press(0, ">")
    emu.press(0, "o")


def page_off(emu, log):
    """The Pico W without its radio: seat 0's menu -> "The page on phones"
    shows that the page is off and why, the same on the chip as on the
    host (log.compare); ● back to the menu, "resume" back to the table.
    Returns the screen's text."""
    emu.press(0, "O")
    menu = emu.app.seats[0].menu
    k = menu.keys.index("m_phone")   # (table.lang key)
    while menu.i != k:
        emu.press(0, ">")
    emu.press(0, "o")
    text = emu.text(0)
    log.compare(emu, "the page's screen, the radio off")
    emu.press(0, "o")
    while menu.i != 0:                # m_resume
        emu.press(0, "<")
    emu.press(0, "o")
    return text


def radio_turn(chip, log, emu, when):
    """The Pico W: its radio task's turn, once the first screens are drawn
    and the table idle (hw/net.py; active(True) holds the VM a while, a
    press then would wait), before the next press; the emulated chip has
    no radio to answer. The screens unchanged by it."""
    t0 = chip.now
    seen = len(chip.serial)
    # (heap-web: the probe's import of the server after it, WEB_PY, done too)
    while "heap-web" not in chip.serial[seen:] and chip.now - t0 < 10000:
        chip.run(250)
    got = net_end(chip.serial[seen:])
    log.note("radio after the %s: %s (waited %.0f emulated ms)" % (when, got, chip.now - t0))
    log.compare(emu, "radio after the " + when)
    return got


def net_end(serial):
    """{"state", "why", "ms": the radio task's time from its start to its
    end} from the probe's first net-end line (WEB_PY), or None."""
    for line in serial.splitlines():
        if line.startswith("net-end "):
            w = line.split()
            return {"state": w[1], "why": w[2], "ms": int(w[3])}
    return None


def heap(serial):
    """{"boot": free after boot, "free_min": least mem_free() once a
    press's screens are drawn (its garbage included), "live_free_min": least after a collect once
    the press's screens were drawn, "live_free_min_at": the button event
    of the session, counted from 1, after which it was} from the probe's
    lines."""
    out = {}
    for line in serial.splitlines():
        for key, name in (("heap-boot", "boot"), ("heap-web", "web_imported"),
                          ("heap-free", "free_min"),
                          ("heap-live-free", "live_free_min")):
            if line.startswith(key + " "):
                w = line.split()
                if name in ("boot", "web_imported") and name in out:
                    continue            # the first boot's
                out[name] = int(w[2] if name == "web_imported" else w[1])
                if name == "web_imported":      # and what importing it took
                    out["web_import_bytes"] = int(w[1]) - int(w[2])
                if name == "live_free_min" and len(w) > 2:
                    out[name + "_at"] = int(w[2])
    return out


def flash_since(ops, start):
    prog = [o for o in ops[start:] if o[1] == "P"]
    erase = [o for o in ops[start:] if o[1] == "E"]
    return {"programs": len(prog), "bytes_programmed": sum(o[3] for o in prog),
            "erases": len(erase), "bytes_erased": sum(o[3] for o in erase)}


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--smoke", action="store_true", help="the short session (CI)")
    ap.add_argument("--trace", action="store_true",
                    help="the chip prints each event's and each redraw's times (serial.txt)")
    ap.add_argument("--board", default="RPI_PICO", choices=sorted(R.LAYOUT),
                    help="the image's board: its filesystem's place (RPI_PICO_W: no radio)")
    ap.add_argument("--out", type=cli.new_dir)
    ap.add_argument("--uf2")
    ap.add_argument("--node", default=os.environ.get("NODE", "node"))
    args = ap.parse_args(argv)
    if args.out is None:        # the Pico's where it always was
        args.out = os.path.join(ROOT, "out", "rp2040" + ("" if args.board == "RPI_PICO"
                                                         else "-" + args.board))
    args.uf2 = args.uf2 or os.path.join(ROOT, "build", args.board, "tarockbox.uf2")
    if not os.path.exists(args.uf2):
        raise SystemExit("emu: %s is missing: run `make firmware BOARD=%s` first"
                         % (args.uf2, args.board))
    bootrom = firmware.checked(firmware.default_sources(), *firmware.BOOTROM)
    os.makedirs(args.out, exist_ok=True)
    # a copy: what was run stays beside its results, and a build meanwhile
    # cannot swap the image under the reboot
    args.uf2 = shutil.copy(args.uf2, os.path.join(args.out, "tarockbox.uf2"))
    storage = tempfile.mkdtemp(prefix="tarockbox-host-")
    serial_all = ""   # the chip's serial output, both boots (its app-error lines)
    wall0 = time.time()
    log = Log(os.path.join(args.out, "session.txt"))
    fig = {"smoke": args.smoke, "uf2": os.path.relpath(args.uf2, ROOT), "board": args.board}
    boot = BOOT_PY + (TRACE_PY if args.trace else "") + (WEB_PY if args.board == "RPI_PICO_W"
                                                         else "")
    img = R.make_fs({"/boot.py": boot.encode()}, os.path.join(args.out, "flash-start.img"),
                    args.board)
    chip = R.Rp2040(args.uf2, bootrom, img, node=args.node, board=args.board)
    try:
        fig["boot_ms"] = round(chip.boot(), 1)
        net = AbsentRadio() if args.board == "RPI_PICO_W" else None
        emu = Lockstep(chip, log, storage, net)
        log.note("boot: first screens after %.0f ms (emulated)" % fig["boot_ms"])
        log.compare(emu, "boot")
        if args.board == "RPI_PICO_W":
            fig["net"] = radio_turn(chip, log, emu, "boot")
            fig["page_off_screen"] = page_off(emu, log)
            from table import lang      # the reason, in the table's words
            why = lang.t(fig["net"]["why"]) if fig["net"] else "?"
            fig["page_off_said"] = any(why in row for row in fig["page_off_screen"])
        emu.snap(os.path.join(args.out, "host-boot.png"))
        chip.snap(os.path.join(args.out, "chip-boot.png"))
        from tarock.rng import Rng
        E.setup_table(emu, players=5, mode=0)
        log.note("setup done at %.0f ms" % chip.now)
        ops0 = len(chip.flash_ops)
        if args.smoke:
            for _ in range(4):
                E.bot_step(emu, Rng(SEED), decide=D._knock_first)
        else:
            E.play_deal(emu, Rng(SEED), decide=D._knock_first)
            fig["flash_virtual_deal"] = flash_since(chip.flash_ops, ops0)
            log.note("virtual deal done at %.0f ms, %d deal(s) on the sheet"
                     % (chip.now, emu.app.deals))
            chip.snap(os.path.join(args.out, "chip-virtual.png"))
            new_table(emu)
            E.setup_table(emu, players=5, mode=1)
            ops1 = len(chip.flash_ops)
            E.play_deal(emu, Rng(SEED), entry=lambda e: D.core_entry(e, SEED))
            fig["flash_physical_entry"] = flash_since(chip.flash_ops, ops1)
            log.note("physical entry confirmed at %.0f ms" % chip.now)
            chip.snap(os.path.join(args.out, "chip-physical.png"))
        fig["presses"] = len(chip.timings)
        fig["press_emulated_ms"] = round(chip.now, 1)
        fig["heap"] = heap(chip.serial)
        # to the answer; to the first update (for a press that writes the
        # sheet: its "saving" bar)
        for name, attr in (("press_to_screen", "latency_ms"),
                           ("press_to_first_update", "first_latency_ms")):
            lat = [getattr(t, attr) for t in chip.timings if getattr(t, attr) is not None]
            fig[name + "_ms"] = {"median": round(statistics.median(lat), 1),
                                 "worst": round(max(lat), 1), "n": len(lat)}
            worst = max(chip.timings, key=lambda t: getattr(t, attr) or 0)
            fig[name + "_worst_at"] = "%d %s at %.0f ms" % (worst.seat, worst.key,
                                                            worst.event_ms)
        fig["presses_answered_after_a_write"] = [
            "%d %s at %.0f ms: mark %.1f ms, answer %.1f ms" % (
                t.seat, t.key, t.event_ms, t.first_latency_ms, t.latency_ms)
            for t in chip.timings if t.first_latency_ms is not None
            and t.latency_ms is not None and t.latency_ms != t.first_latency_ms]
        # reboot: the chip from its flash as it is, the host from its folder
        flash = chip.save_flash(os.path.join(args.out, "flash.img"))
        serial = chip.serial
        chip.close()
        chip = R.Rp2040(args.uf2, bootrom, flash, node=args.node, board=args.board)
        fig["reboot_ms"] = round(chip.boot(), 1)
        emu.chip = chip
        emu = Lockstep(chip, log, storage, net)
        log.note("reboot: first screens after %.0f ms" % fig["reboot_ms"])
        log.compare(emu, "reboot")
        if args.board == "RPI_PICO_W":
            fig["net_after_reboot"] = radio_turn(chip, log, emu, "reboot")
        if not args.smoke:
            show_scores(emu)
        chip.snap(os.path.join(args.out, "chip-after-reboot.png"))
        emu.snap(os.path.join(args.out, "host-after-reboot.png"))
        files = R.read_fs(chip.save_flash(os.path.join(args.out, "flash.img")))
        host_files = {}
        for name in sorted(os.listdir(storage)):
            with open(os.path.join(storage, name), "rb") as fh:
                host_files["/data/" + name] = fh.read()
        # the radio's settings (hw/net.py, made on the first start) are the
        # Pico W's alone: the journal is the rest
        chip_files = {k: v for k, v in files.items() if k.startswith("/data/")
                      and k != "/data/wifi.txt"}
        if args.board == "RPI_PICO_W":
            fig["wifi_txt_made"] = "/data/wifi.txt" in files
        fig["journal"] = {k: len(v) for k, v in chip_files.items()}
        fig["journal_same_bytes"] = chip_files == host_files
        if not fig["journal_same_bytes"]:
            log.note("journal differs: chip %s, host %s" % (
                {k: len(v) for k, v in chip_files.items()},
                {k: len(v) for k, v in host_files.items()}))
        fig["deals_on_sheet_after_reboot"] = emu.app.deals
        fig["serial_tail"] = (serial + chip.serial)[-400:]
        with open(os.path.join(args.out, "serial.txt"), "w") as fh:
            fh.write(serial + chip.serial)
        serial_all = serial + chip.serial
    finally:
        chip.close()
        shutil.rmtree(storage, ignore_errors=True)
    fig["screen_differences"] = len(log.diffs)
    # the chip's app.errors (a failure it noted and played on, e.g. work
    # done ahead that raised on MicroPython only): none expected
    fig["chip_app_errors"] = [ln[10:].strip() for ln in serial_all.splitlines()
                              if ln.startswith("app-error ")]
    if fig["chip_app_errors"]:
        log.note("the chip's app noted errors: %s" % fig["chip_app_errors"])
    fig["wall_s"] = round(time.time() - wall0, 1)
    with open(os.path.join(args.out, "figures.json"), "w") as fh:
        json.dump(fig, fh, indent=1, sort_keys=True)
    log.note("figures: %s" % json.dumps(fig, sort_keys=True))
    log.fh.close()
    ok = (not log.diffs and fig["journal_same_bytes"] and (args.smoke or fig["journal"])
          and not fig["chip_app_errors"] and fig.get("page_off_said", True))
    print("emu: %s: %d presses, %d screen differences, %d app errors on the chip, journal %s, %s" % (
        "ok" if ok else "FAILED", fig["presses"], len(log.diffs), len(fig["chip_app_errors"]),
        "the same bytes" if fig["journal_same_bytes"] else "DIFFERENT",
        os.path.relpath(log.fh.name, ROOT)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
