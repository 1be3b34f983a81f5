#!/usr/bin/env python3
"""The live page's figures (issue 38), on this machine, over loopback:

    python host_tools/bench/bench_web.py [--deals 3] [--json OUT]

a) press -> every screen redrawn at the table on the MicroPython unix port
   (host_tools/micropython/mp_web.py: the board's server beside the table in
   one asyncio loop; from the moment the press was due, so a press that
   waits for a phone's answer counts that wait), a party of --deals deals
   without phones, then the same party (same seed: the same presses) with
   10 event-stream clients that fetch the whole /sheet.json at each event
   while the table plays on: median and worst, and their ratio;
b) the page's first load: bytes of GET / and of the page's view of the
   sheet (/sheet.json?view=1) after the party, and of the corpus's longest
   party; the time to first paint and to the totals shown in headless
   Chromium (Debian's, through selenium) against that unix-port server.

These are the unix port's times on a PC, not the chip's: docs/PERFORMANCE.md
says how the board's are measured (make emu BOARD=RPI_PICO_W, and on a real
Pico W).
"""
import json
import os
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in ("host_tools/lib", "host_tools/micropython", "host_tools/sheet"):
    sys.path.insert(0, os.path.join(ROOT, _p))
__import__("hostenv").tools()

import mp_web  # noqa: E402
import webkit  # noqa: E402

WAIT_S = 120


def _party(stage, deals, clients, tmp):
    """(median us, worst us, presses, events seen per client) of one party:
    the table plays on while the phones fetch the sheet at each event."""
    port = webkit.free_port()
    ctl = os.path.join(tmp, "ctl%d" % clients)
    os.makedirs(ctl)
    p = mp_web.start(stage, port, deals=deals, pace=5, ctl=ctl, linger=WAIT_S,
                     journal=os.path.join(tmp, "j%d" % clients), step=False)
    cs = []
    try:
        webkit.lines(p, "READY")
        cs = [webkit.Events(port) for _ in range(clients)]
        for c in cs:
            c.start()
        webkit.wait_until(lambda: all(c.seen for c in cs), "first events")
        open(os.path.join(ctl, "go0"), "w").close()
        lines = webkit.lines(p, "DONE")
        webkit.wait_until(lambda: all(c.seen and c.seen[-1] == deals for c in cs),
                          "the last deal on every phone")
        press = next(line.split() for line in lines if line.startswith("PRESS"))
        out = (int(press[2]), int(press[3]), int(press[1]), [len(c.seen) for c in cs])
        return out, port, p, ctl
    except BaseException:
        p.kill()
        raise
    finally:
        for c in cs:
            c.stop = True


def _browser(port):
    """(ms to first paint, ms to the totals shown) of the page in headless
    Chromium; None when no browser is there."""
    drv = webkit.browser()
    if drv is None:
        return None
    try:
        t0 = time.monotonic()
        drv.get("http://127.0.0.1:%d/" % port)
        webkit.wait_totals(drv)
        shown = (time.monotonic() - t0) * 1000
        paint = drv.execute_script(
            "var e = performance.getEntriesByName('first-contentful-paint')[0]"
            " || performance.getEntriesByName('first-paint')[0]; return e ? e.startTime : null")
        return paint, shown
    finally:
        drv.quit()


def run(deals=3):
    r = {}
    with tempfile.TemporaryDirectory() as tmp:
        stage = mp_web.stage(tmp)
        (m0, w0, n0, _), port, p, ctl = _party(stage, deals, 0, tmp)
        open(os.path.join(ctl, "stop"), "w").close()
        p.wait(WAIT_S)
        (m1, w1, n1, seen), port, p, ctl = _party(stage, deals, 10, tmp)
        try:
            assert n0 == n1, (n0, n1)      # the same presses
            r.update(presses=n0, median_us=m0, worst_us=w0, median_us_10=m1, worst_us_10=w1,
                     events_per_client=seen)
            r["page_bytes"] = len(webkit.get(port, "/")[2])
            r["sheet_bytes"] = len(webkit.get(port, "/sheet.json?view=1")[2])
            r["export_bytes"] = len(webkit.get(port, "/sheet.json")[2])
            r["deals"] = deals
            r["evening"] = evening()
            got = _browser(port)
            if got is not None:
                r["first_paint_ms"], r["totals_shown_ms"] = got
        finally:
            open(os.path.join(ctl, "stop"), "w").close()
            p.wait(WAIT_S)
    return r


def evening():
    """The page's view and the whole export of the corpus's longest party
    (bytes the server sends: web/export.py, the same code)."""
    import sheet as tool
    from table.sheet.journal import MemStore
    from table.sheet.sheet import Sheet
    from web import export
    best = None
    top = os.path.join(ROOT, "tests", "golden", "journals")
    for v in sorted(os.listdir(top)):
        for name in sorted(os.listdir(os.path.join(top, v))):
            path = os.path.join(top, v, name, "sheet.tbj")
            if not os.path.isfile(path):
                continue
            files = tool.read_journal(path)
            sh = Sheet.open(MemStore(dict(files)))
            n = max([pa.n_deals for pa in sh.parties] or [0])
            if best is None or n > best[0]:
                view = "".join(export.view_chunks(sh)).encode()
                full = "".join(export.json_chunks(sh, MemStore(dict(files)))).encode()
                best = (n, "%s/%s" % (v, name), len(view), len(full))
    return best


def report(r):
    rows = [
        ("presses of the party", "%d (%d deals)" % (r["presses"], r["deals"])),
        ("press -> screens, no phone", "median %d us, worst %d us" % (r["median_us"], r["worst_us"])),
        ("... with 10 event streams", "median %d us, worst %d us (ratio %.2f, %.2f)" % (
            r["median_us_10"], r["worst_us_10"], r["median_us_10"] / max(1, r["median_us"]),
            r["worst_us_10"] / max(1, r["worst_us"]))),
        ("events each client saw", " ".join(str(n) for n in r["events_per_client"])),
        ("first load: GET /", "%d B" % r["page_bytes"]),
        ("first load: sheet.json?view=1", "%d B (%d deals; the whole export %d B)" % (
            r["sheet_bytes"], r["deals"], r["export_bytes"])),
        ("first load in all", "%d B (goal <= 30,720)" % (r["page_bytes"] + r["sheet_bytes"])),
        ("an evening: %d deals (%s)" % tuple(r["evening"][:2]),
         "view %d B, first load %d B; the whole export %d B" % (
             r["evening"][2], r["page_bytes"] + r["evening"][2], r["evening"][3])),
    ]
    if "first_paint_ms" in r:
        rows.append(("headless Chromium", "first paint %s ms, totals shown %.0f ms" % (
            "%.0f" % r["first_paint_ms"] if r["first_paint_ms"] is not None else "?",
            r["totals_shown_ms"])))
    w = max(len(a) for a, _ in rows)
    for a, b in rows:
        print("%-*s  %s" % (w, a, b))


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--deals", type=cli.int_range(1, 20), default=3)
    ap.add_argument("--json", type=cli.new_file)
    cli.add_force(ap)
    a = ap.parse_args(argv)
    cli.outputs(ap, a.force, [a.json])
    r = run(a.deals)
    report(r)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(r, fh, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    threading.stack_size(0)
    sys.exit(main())
