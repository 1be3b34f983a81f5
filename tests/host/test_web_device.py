"""The device in a browser (issue 40): `make web`'s folder served on
127.0.0.1, loaded in Debian's headless Chromium. Its Python is the firmware
tree byte for byte; its first screens and, after a scripted Königrufen deal
entered by clicking the buttons (held as a finger holds them), its five
panels are the desktop emulator's pixels for the same presses, and its
sheet the same CSV; a reload finds the party again."""
import base64
import json
import os
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "build"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "sheet"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import webbuild as W  # noqa: E402  (host_tools/build/webbuild.py)
from webkit import WAIT_S, serve_folder  # noqa: E402

E.hostenv.setup("HOST")

from tarock.rng import Rng  # noqa: E402

SEED = 3
SEATS = 5


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("web")
    W.build(str(out))
    port, stop = serve_folder(str(out))
    try:
        yield out, "http://127.0.0.1:%d/index.html" % port
    finally:
        stop()


def _ready(drv):
    end = time.monotonic() + WAIT_S * 4
    while time.monotonic() < end:
        r = drv.execute_script("const t = window.tarockbox; return t && [t.ready, t.error || null]")
        if r and (r[0] or r[1]):
            assert r[1] is None, r[1]
            return
        time.sleep(0.05)
    raise AssertionError("the page did not start")


def _frames(drv):
    """The five panels as the page drew them last (page-major bytes)."""
    drv.execute_script("for (let s = 0; s < %d; s++) window.tarockbox.shown[s] = null" % SEATS)
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:   # (the next redraw fills them)
        got = drv.execute_script("""const t = window.tarockbox;
            for (let s = 0; s < %d; s++) t.shown[s] = null;
            for (let s = 0; s < %d; s++) {
              const r = t.mp.PyProxy.toJs(t.T.frame(s)); let x = ""; for (const b of r) x += String.fromCharCode(b);
              t.shown[s] = btoa(x); }
            return t.shown""" % (SEATS, SEATS))
        if got and all(got):
            return [base64.b64decode(g) for g in got]
        time.sleep(0.05)
    raise AssertionError("no frames")


def _emu_frames(emu):
    out = []
    for s in range(SEATS):
        p = emu.hw.panels[s]
        b = bytearray(1024)
        for y in range(64):
            for x in range(128):
                if p.pixel(x, y):
                    b[(y >> 3) * 128 + x] |= 1 << (y & 7)
        out.append(bytes(b))
    return out


def _script():
    """A new table (four players, score entry) and one Königrufen deal the
    bots enter, as presses: the desktop emulator's own record, held ◀ ▶
    written out as single presses (a click cannot time a repeat)."""
    emu = E.Emulator(seats=SEATS, seed=SEED, record=False)
    E.setup_table(emu, players=4, mode=2)
    emu.press(0, "o")
    E.play_deal(emu, Rng(9))
    keys = []
    for seat, ks in emu.script:
        i = 0
        while i < len(ks):
            k = ks[i]
            n = 1
            while i + n < len(ks) and ks[i + n] == "+":
                n += 1
            keys += [(seat, k)] * n
            i += n
    return keys


def _click(drv, seat, key):
    from selenium.webdriver.common.action_chains import ActionChains
    b = {"<": 0, ">": 1, "o": 2, "O": 2}[key]
    el = drv.find_element("id", "b%d%d" % (seat, b))
    hold = 1.0 if key == "O" else 0.12
    ActionChains(drv).click_and_hold(el).pause(hold).release().pause(0.12).perform()


def test_the_page_runs_the_firmware_tree_byte_for_byte(site):
    out, _ = site
    with open(os.path.join(out, "firmware.json"), encoding="utf-8") as fh:
        files = json.load(fh)
    fw = [p for p in files if p.split("/")[0] in W.PACKAGES]
    assert len(fw) > 80 and "table/app.py" in fw and "tarock/koenigrufen/rules.py" in fw
    for rel in fw:
        with open(os.path.join(ROOT, "firmware", rel), "rb") as fh:
            assert files[rel].encode("utf-8") == fh.read(), rel
    # and every firmware module a board runs is there (host-only ones aside)
    for d, ds, fs in os.walk(os.path.join(ROOT, "firmware", "table")):
        for f in fs:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, f), os.path.join(ROOT, "firmware"))
                assert rel.replace(os.sep, "/") in files, rel


def test_a_deal_clicked_in_the_page_is_the_desktop_emulators(site, browser):
    out, url = site
    browser.set_window_size(1400, 1000)
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    _ready(browser)
    ref = E.Emulator(seats=SEATS, seed=SEED, record=False)
    assert _frames(browser) == _emu_frames(ref), "the first screens differ"
    keys = _script()
    for seat, k in keys:
        ref.press(seat, k)
        _click(browser, seat, k)
    assert ref.app.sheet.party is not None and ref.app.deals == 1
    time.sleep(0.3)
    assert _frames(browser) == _emu_frames(ref), "the panels differ after %d presses" % len(keys)
    # and the canvases' pixels are the desktop emulator's picture of each glass
    for s in range(SEATS):
        rgba = base64.b64decode(browser.execute_script(
            """const d = document.getElementById("panel" + arguments[0]).getContext("2d")
                 .getImageData(0, 0, 128, 64).data; let x = "";
               for (let i = 0; i < d.length; i++) x += String.fromCharCode(d[i]); return btoa(x)""", s))
        rgb = bytes(b for i, b in enumerate(rgba) if i % 4 != 3)
        assert rgb == ref.hw.panels[s].to_image(1).tobytes(), "seat %d's canvas" % s
    from web import export
    csv = browser.execute_script("return window.tarockbox.csv()")
    # the download starts with a BOM, as `sheet.py export --csv` writes it
    assert browser.execute_script("return window.tarockbox.csv().charCodeAt(0)") == 0xFEFF
    assert csv.lstrip("\ufeff") == "".join(export.csv_chunks(ref.app.sheet))
    # and `sheet.py export --csv` of the journal the page keeps says the same
    import sheet as tool
    data = browser.execute_script("return localStorage.getItem('tarockbox:sheet.tbj')")
    jdir = out.parent / "journal"
    jdir.mkdir(exist_ok=True)
    (jdir / "sheet.tbj").write_bytes(base64.b64decode(data))
    assert tool.main(["export", str(jdir / "sheet.tbj"), "--csv", str(jdir / "s.csv")]) == 0
    assert (jdir / "s.csv").read_bytes() == csv.encode("utf-8")
    first, last = browser.execute_script(
        "return [window.tarockbox.firstScreensMs, window.tarockbox.lastPressMs]")
    assert first > 0 and last is not None      # (the figures: docs/PERFORMANCE.md)
    # a reload: the party found again in the browser's storage
    browser.refresh()
    _ready(browser)
    assert browser.execute_script("return window.tarockbox.csv()") == csv
    ok = browser.execute_script("return window.tarockbox.T.app.deals")
    assert ok == 1


def test_a_journal_copied_off_a_board_is_loaded_into_the_page(site, browser, tmp_path):
    """"Load a board's journal": the file input takes a board's sheet.tbj;
    the page starts again on it (the one it had kept beside it) and its
    sheet is the host tool's reading of that journal."""
    import sheet as tool
    _, url = site
    board = os.path.join(ROOT, "tests", "golden", "journals", "0.6.0", "koenigrufen_score",
                         "sheet.tbj")
    browser.get(url + "?seats=5&lang=en")
    _ready(browser)
    browser.execute_script("window.tarockbox.T.app.deals = -1")  # (a mark the reload clears)
    browser.find_element("id", "import").send_keys(board)
    end = time.monotonic() + WAIT_S * 4
    while time.monotonic() < end:       # the page starts again
        try:
            if browser.execute_script("const t = window.tarockbox; return t && t.ready"
                                      " && t.T.app.deals >= 0"):
                break
        except Exception:   # (mid-reload)
            pass
        time.sleep(0.05)
    got = browser.execute_script("return window.tarockbox.csv()")
    assert tool.main(["export", board, "--csv", str(tmp_path / "b.csv")]) == 0
    assert got.encode("utf-8") == (tmp_path / "b.csv").read_bytes()
    assert "koenigrufen" in got and len(got.splitlines()) > 3


# every family and mode: a deal's script replayed in the page in virtual time
# (T.press: the desktop emulator's press, the page's own clock paused), the
# five panels compared with the desktop emulator's after the setup and at
# the end; the sheet's CSV too
CASES = [("koenigrufen", 5, 0, "pagat"), ("slovenian", 4, 1, None), ("french", 4, 2, None),
         ("bavarian", 3, 0, None), ("koenigrufen", 4, 1, "tarockcup")]


@pytest.mark.parametrize("family,players,mode,preset", CASES)
def test_every_family_and_mode_draws_the_desktop_emulators_pixels(site, browser, family, players,
                                                                  mode, preset):
    _, url = site
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    browser.execute_script("localStorage.clear()")      # (a table of its own)
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    _ready(browser)
    browser.execute_script("window.tarockbox.paused = true")
    ref = E.Emulator(seats=SEATS, seed=SEED, record=False)
    E.setup_table(ref, players=players, mode=mode, family=family, preset=preset)
    setup, ref.script = ref.script, []
    after_setup = _emu_frames(ref)
    ref.press(0, "o")
    E.play_deal(ref, Rng(11))
    assert ref.app.deals == 1
    assert _replay(browser, setup) > 0
    assert _frames(browser) == after_setup, "%s: the setup's panels differ" % family
    n = _replay(browser, ref.script)
    assert _frames(browser) == _emu_frames(ref), "%s: the panels differ after %d presses" % (
        family, n)
    from web import export
    csv = browser.execute_script("return window.tarockbox.csv()")
    assert csv.lstrip("\ufeff") == "".join(export.csv_chunks(ref.app.sheet))


def _replay(drv, script):
    """The desktop emulator's script ([seat, keys]: '<' '>' 'o' 'O', '+' a
    repeat of the held ◀ ▶ before it) pressed in the page; how many presses."""
    n = 0
    for seat, ks in script:
        i = 0
        while i < len(ks):
            r = 0
            while i + 1 + r < len(ks) and ks[i + 1 + r] == "+":
                r += 1
            drv.execute_script("window.tarockbox.T.press(%d, %s, %d)" % (seat, json.dumps(ks[i]), r))
            i += 1 + r
            n += 1
    return n


def test_the_phones_page_opened_from_the_table_shows_what_a_phone_would(site, browser):
    """The Wi-Fi page (firmware/web/page.html, as web/server.py serves it)
    in a frame beside the table: after a deal its totals are the sheet's;
    the next deal reaches it through its event stream."""
    from webkit import texts, until
    _, url = site
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    browser.execute_script("localStorage.clear()")
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    _ready(browser)
    browser.execute_script("window.tarockbox.paused = true")
    ref = E.Emulator(seats=SEATS, seed=SEED, record=False)
    E.setup_table(ref, players=4, mode=2)
    ref.press(0, "o")
    E.play_deal(ref, Rng(5))
    _replay(browser, ref.script)
    browser.find_element("id", "phone-button").click()
    browser.switch_to.frame(browser.find_element("id", "phone-frame"))
    try:
        want = [int(x) for x in ref.app.sheet.party.totals()]
        until(browser, lambda d: [int(x) for x in texts(d, "#tot .c b.t")] == sorted(want, reverse=True)
              or [int(x) for x in texts(d, "#tot .c b.t")] == want, "the totals on the phone")
        got1 = [int(x) for x in texts(browser, "#tot .c b.t")]
        ref.script = []
        E.play_deal(ref, Rng(6))
        browser.switch_to.default_content()
        _replay(browser, ref.script)
        browser.execute_script("window.tarockbox.paused = false")     # (the page's loop tells the phone)
        browser.switch_to.frame(browser.find_element("id", "phone-frame"))
        want2 = [int(x) for x in ref.app.sheet.party.totals()]
        assert want2 != want
        until(browser, lambda d: sorted(int(x) for x in texts(d, "#tot .c b.t")) == sorted(want2),
              "the next deal on the phone")
        assert sorted(got1) == sorted(want)
    finally:
        browser.switch_to.default_content()


def test_the_desktop_emulators_keys_press_the_buttons_and_a_held_key_holds(site, browser):
    """Seat 1's keys are 1 2 3 (◀ ▶ ●), seat 3's a s d, as in `make run`: ▶
    moves the setup's cursor; ● held opens that seat's menu."""
    from selenium.webdriver.common.action_chains import ActionChains
    _, url = site
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    browser.execute_script("localStorage.clear()")
    browser.get(url + "?seed=%d&seats=%d&lang=en" % (SEED, SEATS))
    _ready(browser)
    cur = browser.execute_script("return window.tarockbox.T.app.flow.cur")
    ActionChains(browser).key_down("2").pause(0.12).key_up("2").pause(0.15).perform()
    assert browser.execute_script("return window.tarockbox.T.app.flow.cur") != cur
    menu = ("const m = window.tarockbox.mp; m.runPython('_r = T.app.seats[2].menu is not None');"
            " return m.globals.get('_r')")
    assert browser.execute_script(menu) is False
    ActionChains(browser).key_down("d").pause(1.0).key_up("d").pause(0.15).perform()
    assert browser.execute_script(menu) is True
