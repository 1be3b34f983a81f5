"""The page in a real browser against the real server (issue 38): headless
Chromium (Debian's, selenium) on the page the emulator's table serves
(CPython) and the one the MicroPython unix port serves while its table plays.
After each deal of a scripted party the page shows the totals the seat
screens show and the export says; a correction shows at once; the plot has a
point per deal and player; the page finds the table again after the server
restarts. Loopback only; every wait bounded (webkit.until)."""
import json
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in ("host_tools/lib", "host_tools/emulator", "host_tools/micropython", "host_tools/bench"):
    sys.path.insert(0, os.path.join(ROOT, _p))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import mp_web  # noqa: E402
import presses_sheet  # noqa: E402
import webkit  # noqa: E402
from table import lang  # noqa: E402


def page_totals(drv):
    return [int(x) for x in webkit.texts(drv, "#tot .c b.t")]


def page_players(drv):
    return webkit.js(drv, "return [...document.querySelectorAll('#sx tbody tr')]"
                      ".map(r=>r.cells[0].textContent)")


def screen_totals(emu):
    """{name: total} as seat 1's idle screen shows them ("Anna  +6 (+3)")."""
    out = {}
    for row in emu.text(emu.app.cfg.used[0]):
        m = re.match(r"^=?(\S+)\s+([+-]\d+) \(", row)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def shown(drv, want, n_deals):
    """The page shows these totals, a row and a plot point per deal."""
    def ok(d):
        try:
            return (page_totals(d) == want and len(webkit.texts(d, "#tb tbody tr")) == n_deals
                    and webkit.js(d, "return document.querySelectorAll('#svg circle.p').length")
                    == n_deals * len(want))
        except Exception:   # (the page between two draws)
            return False
    webkit.until(drv, ok, "the page shows %r after %d deals" % (want, n_deals))


def test_the_emulated_tables_page_follows_the_party(browser, tmp_path):
    """Slovenian, score only, four players: two deals entered on the
    screens, deal 1 corrected (36 -> 41 points), then the server restarts
    while the table enters a third deal: after each, the page shows what the
    seat screens and the export show."""
    emu = E.Emulator(seats=4, seed=21, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2, family="slovenian")
    port = webkit.free_port()
    stop = E.serve_web(emu, port=port)
    url = "http://127.0.0.1:%d/" % port
    t = lang.table(lang.code())
    try:
        browser.get(url)
        webkit.until(browser, lambda d: webkit.drawn(d) >= 1, "the page draws")
        # the first page load gave the board its time of day, said as such
        webkit.until(browser, lambda d: webkit.texts(d, "#tm")[0] == t["web_time_page"],
                     "the times' source said")

        def check(k):
            pa = emu.app.sheet.party
            doc = json.loads(webkit.get(port, "/sheet.json")[2])["parties"][-1]
            assert doc["totals"] == list(pa.totals())
            shown(browser, doc["totals"], k)
            assert dict(zip(page_players(browser), page_totals(browser))) == screen_totals(emu)

        for k in (1, 2):
            emu.press(emu.app.cfg.used[0], "o")
            E.enter(emu, emu.app.flow, E.entry_values(emu, presses_sheet._summary(36)))
            check(k)
        pa = emu.app.sheet.party
        before = list(pa.totals())
        # deal 1 corrected on the screens (the bench's script: ◀ ◀ ● ● ●)
        seat = emu.app.cfg.used[pa.seats_of(0)[0]]
        emu.keys(seat, "<<ooo")
        E.enter(emu, emu.app.flow, E.entry_values(emu, presses_sheet._summary(41)))
        assert list(pa.totals()) != before
        check(2)
        # the device restarts: the page says it looks for it, and finds it
        stop()
        webkit.until(browser, lambda d: webkit.texts(d, "#st")[0] == t["web_reconnecting"],
                 "reconnecting said")
        emu.press(emu.app.cfg.used[0], "o")
        E.enter(emu, emu.app.flow, E.entry_values(emu, presses_sheet._summary(36)))
        stop = E.serve_web(emu, port=port)
        check(3)
        webkit.until(browser, lambda d: webkit.texts(d, "#st")[0] == t["web_live"], "live again")
    finally:
        stop()


def test_the_unix_ports_page_follows_its_table(browser):
    """The board's code on the MicroPython unix port: its table plays three
    Königrufen deals; after each the page shows the totals the table
    printed (its sheet's) and the export holds, with a plot point per deal
    and player."""
    with tempfile.TemporaryDirectory() as tmp:
        stage = mp_web.stage(tmp)
        port = webkit.free_port()
        ctl = os.path.join(tmp, "ctl")
        os.makedirs(ctl)
        p = mp_web.start(stage, port, deals=3, pace=2, ctl=ctl, linger=300,
                         journal=os.path.join(tmp, "j"))
        try:
            webkit.lines(p, "READY")
            browser.get("http://127.0.0.1:%d/" % port)
            webkit.until(browser, lambda d: webkit.drawn(d) >= 1, "the page draws")
            open(os.path.join(ctl, "go0"), "w").close()
            for k in (1, 2, 3):
                line = webkit.lines(p, "DEAL")[-1].split(None, 2)
                assert int(line[1]) == k
                totals = json.loads(line[2])
                shown(browser, totals, k)
                export = json.loads(webkit.get(port, "/sheet.json")[2])
                assert export["parties"][-1]["totals"] == totals
                open(os.path.join(ctl, "go%d" % k), "w").close()
            assert "ERRORS 0" in "".join(webkit.lines(p, "DONE"))
            logs = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]
            assert not logs, logs
        finally:
            open(os.path.join(ctl, "stop"), "w").close()
            try:
                p.wait(60)
            finally:
                if p.poll() is None:
                    p.kill()
