#!/usr/bin/env python3
"""The device's live page (firmware/web/server.py) served by the MicroPython
unix port over loopback, while the same process plays a party at its table.

    python host_tools/micropython/mp_web.py [--port 8080] [--deals 3] [--pace 20]

The table: five seats (displays on an I2C bus that acknowledges everything),
a Königrufen party of four, virtual cards, every move a random legal one
pressed on the screens (tarock.rng), `--pace` ms between presses, the journal
in files. The server: the board's own code (staged as `make deploy` stages the
ESP32 tree, the one board image with the web package that MicroPython's unix
port can load), microdot from the pinned wheel, 127.0.0.1 only.

It prints one line a state: `READY <port>`, then after each deal `DEAL <k>
<totals as JSON>` (the table's totals, as the seat screens show them), and
at the end `PRESS <n> <median us> <worst us>` (from the moment a press
was due, the loop perhaps busy with a phone, to every screen redrawn, on
this machine's unix port) and `DONE`; then it serves on until
--ctl's folder holds a file `stop` (or --linger seconds pass). With --ctl
(tests, the bench), it waits for a file `go0` there before the party and,
in lockstep, for `go<k>` after deal k.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

from benchkit import FAKE_I2C  # noqa: E402

MP_SCRIPT = FAKE_I2C + r"""
import asyncio, gc, json, os, sys, time
sys.path[:0] = [STAGE, STAGE + "/lib"]
from hw.display import Mux, SeatDisplay
from table.app import App
from table.ui import LEFT, RIGHT, OK, PRESS
from tarock.rng import Rng
from web import server

i2c = FakeI2C()
mux = Mux(i2c)
try:
    os.mkdir(JOURNAL)
except OSError:
    pass
app = App([SeatDisplay(i2c, 0x3C, mux, s) for s in range(5)], seed=SEED, storage=JOURNAL)
app.strict = True
app.refresh()
rng = Rng(SEED)
T = []
DUE = [0]       # when the next press comes (the table's "finger"), ticks_us


def _there(name):
    try:
        os.stat(CTL + "/" + name)
        return True
    except OSError:
        return False


async def ev(seat, b, kind=PRESS):
    # from the moment the press was due (the loop may be busy with a phone)
    # to every screen redrawn
    t0 = DUE[0] or time.ticks_us()
    app.on_event(seat, b, kind)
    app.refresh()
    T.append(time.ticks_diff(time.ticks_us(), t0))
    DUE[0] = time.ticks_add(time.ticks_us(), PACE * 1000)
    await asyncio.sleep_ms(PACE)


def flow_is(name):
    return type(app.flow).__name__ == name


async def setup():
    f = app.flow
    rows = sys.modules["table.flows.setup"].ROWS
    while rows[f.cur] != "Players":
        await ev(0, RIGHT)
    while app.cfg.players != 4:
        await ev(0, OK)
    while rows[f.cur] != "Start":
        await ev(0, RIGHT)
    await ev(0, OK)
    if f.naming:
        for d in app.cfg.used:
            await ev(d, OK)


async def deal():
    await ev(app.cfg.used[0], OK)      # idle: deal
    while flow_is("Play"):
        p = app.flow
        if p.deltas is not None:
            for d in app.cfg.used:
                while not p.ok[d] and flow_is("Play"):
                    await ev(d, OK)
            break
        disp = p.disp_of(p.deal.to_move)
        legal, sel = p.choices(disp)
        want = legal[rng.below(len(legal))]
        while sel != want:
            await ev(disp, RIGHT)
            legal, sel = p.choices(disp)
        await ev(disp, OK)


async def table():
    while CTL and not _there("go0"):      # the phones are there first
        await asyncio.sleep_ms(20)
    await setup()
    for k in range(1, DEALS + 1):
        await deal()
        print("DEAL", k, json.dumps(list(app.sheet.party.totals())))
        if CTL and STEP:
            while not _there("go%d" % k):
                await asyncio.sleep_ms(20)
            DUE[0] = 0
    s = sorted(T)
    print("PRESS", len(s), s[len(s) // 2], s[-1])
    print("ERRORS", len(app.errors))
    print("DONE")
    n = 0
    while not (CTL and _there("stop")) and n < LINGER * 10:
        await asyncio.sleep_ms(100)
        n += 1
    sys.exit(0)


def up(srv):
    print("READY", PORT)


async def main():
    asyncio.create_task(server.serve(app, "127.0.0.1", PORT, ready=up))
    await asyncio.sleep_ms(200)
    await table()

asyncio.run(main())
"""


def stage(tmp):
    """The ESP32 tree as make deploy stages it (firmware/web and microdot in
    lib/); bytecode only, so the unix port loads it."""
    import deploy
    return deploy.stage("ESP32_DEVKITC", tmp)[0]


def start(stage_dir, port, deals=3, pace=20, ctl="", linger=0, seed=7, journal=None,
          heap="2M", step=True):
    """The unix-port process (subprocess.Popen, text lines on stdout); ctl:
    a folder where it waits for go0 before the party (and, with step, for
    go<k> after deal k) and ends at stop."""
    journal = journal or tempfile.mkdtemp(prefix="mpweb-")
    prog = ("STAGE = %r\nPORT = %d\nDEALS = %d\nPACE = %d\nCTL = %r\nLINGER = %d\nSEED = %d\n"
            "JOURNAL = %r\nSTEP = %r\n" % (stage_dir, port, deals, pace, ctl, linger, seed,
                                            journal, step)) + MP_SCRIPT
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    return subprocess.Popen([mp, "-X", "heapsize=" + heap, "-c", prog], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--port", type=cli.int_range(1, 65535), default=8080)
    ap.add_argument("--deals", type=cli.int_range(1, 100), default=3)
    ap.add_argument("--pace", type=cli.int_range(0, 10000), default=20,
                    help="ms between presses (default 20)")
    ap.add_argument("--linger", type=cli.int_range(0, 86400), default=600,
                    help="seconds it serves on after the party (default 600)")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        p = start(stage(tmp), a.port, a.deals, a.pace, linger=a.linger)
        assert p.stdout is not None
        try:
            for line in p.stdout:
                sys.stdout.write(line)
                if line.startswith("READY"):
                    print("the page: http://127.0.0.1:%d/" % a.port)
        except KeyboardInterrupt:
            p.terminate()
        return p.wait()


if __name__ == "__main__":
    sys.exit(main())
