"""Typing a table code (table.flows.codeentry, issue 39 item 3): one seat
types the code on the wheel (◀ ▶, held repeating; ●), the others see who
types; the 15th character checks the code: a right one reaches on_done
with tcode.decode's dict, a wrong one says why and stays for mending;
done on a short code says how long a code is; hold ● gives up. Driven on
a stand-in app, and once through the real App on the emulator (the
presses a code takes, counted as the project counts them: a held ◀ ▶ one
tap a second, emulator.held). Every screen of it fits the 128x64 panel in
all four languages."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import screencheck  # noqa: E402
from table import games, lang, tcode, ui  # noqa: E402
from table.flows import codeentry as C  # noqa: E402
from table.ui import LEFT, RIGHT, OK, PRESS, REPEAT  # noqa: E402

TABLE = {"ev": "TTC26-IMST", "rd": 2, "tb": 17, "prof": "koenigrufen/tarockcup", "g": 16,
         "min": 120, "kc": 1, "n": 4, "dl": 3, "k": "9f3a0c1e"}
CODE = tcode.encode(TABLE).replace("-", "")
RING = C.ED_FIRST + len(tcode.A)


class _App:
    def __init__(self):
        self.marked = set()

    def dirty(self, i):
        self.marked.add(i)


def _entry(seat=1):
    got = []
    gone = []
    app = _App()
    ce = C.CodeEntry(app, seat, got.append, lambda: gone.append(True))
    return app, ce, got, gone


def _way(ce, want):
    """The shorter signed way round the wheel from where it is to want."""
    fwd = (want - ce.ed) % RING
    return fwd if fwd <= RING - fwd else fwd - RING


def _go(ce, seat, want):
    """Move the wheel to want the shorter way; the presses it took."""
    n = _way(ce, want)
    for _ in range(abs(n)):
        ce.press(seat, RIGHT if n > 0 else LEFT, REPEAT)
    return abs(n)


def _type(ce, seat, s):
    n = 0
    for ch in s:
        n += _go(ce, seat, C.ED_FIRST + tcode.A.index(ch))
        ce.press(seat, OK, PRESS)
        n += 1
    return n


def _text(rows):
    return [r[1] for r in rows]


def test_a_right_code_reaches_on_done_with_the_decoded_table():
    app, ce, got, gone = _entry()
    _type(ce, 1, CODE[:-1])
    assert got == [] and ce.code == CODE[:-1]
    assert ce.ed == C.ED_FIRST + tcode.A.index(CODE[-2])    # on the character last taken
    _type(ce, 1, CODE[-1])       # the 15th checks at once, no "done" needed
    assert got == [tcode.decode(CODE)] and gone == []
    d = got[0]
    assert (d["rd"], d["tb"], d["n"], d["dl"], d["k"]) == (2, 17, 4, 3, "9f3a000000000000")
    assert d["evtag"] == tcode.evtag("TTC26-IMST")
    assert app.marked == {1}     # only the typing seat's screen changed


def test_a_wrong_character_is_said_and_kept_for_mending():
    app, ce, got, gone = _entry(seat=0)
    wrong = CODE[:6] + ("Z" if CODE[6] != "Z" else "Y") + CODE[7:]
    _type(ce, 0, wrong)
    assert got == [] and ce.code == wrong and ce.err == "tc_check"
    rows = ce.model(0)
    assert rows[-1] == ui.row(lang.t("tc_check"), ui.INV | ui.BOTTOM | ui.CENTER), rows
    assert rows[1][1] == tcode.group(wrong)
    # a 16th character is refused: the code is whole
    ce.press(0, OK, PRESS)
    assert ce.code == wrong and ce.err == "tc_length"
    assert ce.model(0)[-1][1] == "A code has 15 characters"
    # mended: delete back to the wrong one (the next press clears the word)
    _go(ce, 0, C.ED_DEL)
    assert ce.err == ""
    for _ in range(15 - 6):
        ce.press(0, OK, PRESS)
    assert ce.code == CODE[:6]
    _type(ce, 0, CODE[6:])
    assert got == [tcode.decode(CODE)]


def test_done_on_a_short_code_says_how_long_a_code_is():
    app, ce, got, gone = _entry()
    _type(ce, 1, CODE[:9])
    _go(ce, 1, C.ED_OK)
    ce.press(1, OK, PRESS)
    assert got == [] and ce.err == "tc_length" and ce.code == CODE[:9]
    rows = ce.model(1)
    assert rows[1][1] == tcode.group(CODE[:9]) + "\u00b7\u00b7\u00b7" + "-" + "\u00b7" * 3
    assert rows[-1][0] & ui.INV and rows[-1][1] == "A code has 15 characters"


def test_a_code_of_no_table_says_so():
    # the check holds, the table number is 100
    bits = "".join([format(v, "0%db" % w) for v, w in
                    zip((0, 0, 0, 99, 0, 15, 24, 0, 3, 0), tcode._W)])
    ds = [int(bits[i:i + 5], 2) for i in range(0, 70, 5)]
    ds.append(tcode._x(tcode._sum(ds)))
    app, ce, got, gone = _entry()
    _type(ce, 1, "".join([tcode.A[d] for d in ds]))
    assert got == [] and ce.err == "tc_range"
    assert ce.model(1)[-1][1] == "Not a table code"


def test_the_wheel_wraps_and_offers_delete_and_done():
    app, ce, got, gone = _entry()
    assert ce.ed == C.ED_FIRST and "[0]" in ce.model(1)[2][1]
    ce.press(1, LEFT, PRESS)
    assert ce.model(1)[2][1] == "delete"
    ce.press(1, LEFT, PRESS)
    assert ce.model(1)[2][1] == "done"
    ce.press(1, LEFT, REPEAT)
    assert ce.model(1)[2][1] == "X Y [Z] 0 1"
    ce.press(1, RIGHT, PRESS)
    ce.press(1, RIGHT, PRESS)
    assert ce.ed == C.ED_DEL
    ce.press(1, OK, PRESS)       # delete on nothing typed: nothing
    assert ce.code == "" and got == [] and ce.err == ""
    # the 32 characters, each once, none of I L O U
    seen = []
    for _ in range(RING):
        ce.press(1, RIGHT, REPEAT)
        w = ce.model(1)[2][1]
        if "[" in w:
            seen.append(w[w.index("[") + 1])
    assert "".join(seen) == tcode.A and not set("ILOU") & set(seen)


def test_other_seats_see_who_types_and_have_no_say():
    app, ce, got, gone = _entry(seat=2)
    for b in (LEFT, RIGHT, OK):
        ce.press(0, b, PRESS)
    assert ce.ed == C.ED_FIRST and ce.code == "" and app.marked == set()
    assert _text(ce.model(0)) == ["Table code", "Seat 3 types the code"]
    assert ce.back(0) is False and gone == []
    assert ce.back(2) is True and gone == [True]


def _screens(ce, seat):
    """The typing seat's screens worth checking: empty, half, whole (and
    each word said), the wheel on done, on delete, on a character."""
    out = [ce.model(seat), ce.model(seat + 1)]
    for code in ("", CODE[:7], "WWWW" * 3 + "WWW"):
        ce.code = code
        for ed in (C.ED_OK, C.ED_DEL, C.ED_FIRST + 29):
            ce.ed = ed
            for err in ("", "tc_check", "tc_length", "tc_range"):
                ce.err = err
                out.append(ce.model(seat))
    return out


def test_every_screen_fits_in_every_language():
    deck = games.glue("koenigrufen")
    try:
        for code in lang.CODES:
            lang.use(code)
            app, ce, got, gone = _entry(seat=3)
            for rows in _screens(ce, 3):
                assert screencheck.clipped(deck, rows) == [], (code, ui.to_text(deck, rows))
                for r in rows:
                    assert lang.t(r[1]) == r[1] or r[1] == "", (code, r)   # no key shown
            # the code in the large font, readable from a chair
            ce.code = CODE
            assert ce.model(3)[1] == ui.row(tcode.group(CODE), ui.LARGE | ui.CENTER)
    finally:
        lang.use("en")


def test_through_the_app_a_code_takes_some_forty_taps():
    emu = E.Emulator(seats=4, seed=1, record=False)
    got = []
    ce = C.CodeEntry(emu.app, 0, got.append, lambda: None)
    emu.app.flow = ce             # a Flow: the app's while a code is typed
    emu.app.dirty_all()
    emu.app.refresh()
    taps = steps = 0
    for ch in CODE:
        n = _way(ce, C.ED_FIRST + tcode.A.index(ch))
        if n:
            emu.press(0, ">" if n > 0 else "<", abs(n) - 1)
            taps += E.held(abs(n) - 1)
            steps += abs(n)
        emu.press(0, "o")
        taps += 1
    assert got == [tcode.decode(CODE)], emu.app.errors
    assert emu.text(1) == ["=Table code=", "Seat 1 types the code"], emu.text(1)
    # this code's figure (tcode's layout and the wheel fix it): 15 ● and the
    # wheel 89 steps, 35 taps; a random code's mean is ~127 steps, ~39 taps
    assert (steps, taps) == (89, 35), (steps, taps)
