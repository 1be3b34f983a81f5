"""The glance measure (host_tools/emulator/glance.py, printed by `make
screens`): its arithmetic on a known case worked out by hand, the fonts'
cap heights read from their bitmaps, and which row of a screen model is
its glance text."""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import glance  # noqa: E402
from table import ui  # noqa: E402
from table.fonts import big, large, small  # noqa: E402


def test_six_pixels_on_the_small_panel_by_hand():
    # 10.864 mm / 64 rows = 0.16975 mm a row; 6 rows = 1.0185 mm;
    # 2 * atan(0.50925 / 600) = 0.0016975 rad = 5.836 arcminutes
    assert glance.mm(6, "ssd1306") == pytest.approx(1.0185, abs=1e-4)
    assert glance.arcmin(1.0185) == pytest.approx(5.836, abs=1e-3)
    # 27.49 mm / 64 = 0.42953 mm a row; 8 rows = 3.4363 mm = 19.69'
    assert glance.mm(8, "ssd1309") == pytest.approx(3.4363, abs=1e-4)
    assert glance.arcmin(glance.mm(8, "ssd1309")) == pytest.approx(19.69, abs=0.01)
    # 16' at 60 cm is 2.79 mm: 2 * 600 * tan(8')
    assert glance.arcmin(2.7925) == pytest.approx(16.0, abs=0.01)


def test_cap_heights_come_from_the_bitmaps():
    # misc-fixed 5x8 digits rows 1..6, Terminus 12 and 16 bold
    assert [glance.cap_height(m) for m in (small, large, big)] == [6, 8, 10]

    class One:     # a 3x8 font whose only lit pixels are rows 2..4 of "0"
        W, H = 3, 8
        DATA = bytearray(3 * 95)
    One.DATA[(ord("0") - 32) * 3] = 0b11100
    assert glance.cap_height(One) == 3


def test_the_glance_row_per_kind():
    rows = [ui.row("Bidding: Eva to play", ui.INV), ui.row("Eva", ui.LARGE),
            (0, ["E", 3, "B", 17], -1, None), (ui.HAND, [1, 2], -1, None)]
    assert glance.glance_row("bid", rows) == (1, "large")
    assert glance.glance_row("play", rows) == (2, "trick")
    # who played what, not the two-player stacks, the chien, cards kept back
    stacks = [ui.row("Prise Anna"), ui.row(["Ber", 3, "-", 17, 4, "-", 5]),
              ui.row(["Jo", "-", 3, "-", 17, "-", 5]), ui.row(["chien", 3, 17]),
              ui.row(["hidden", 20]), ui.row(["Eva: your turn"], ui.INV | ui.LARGE)]
    assert glance.glance_row("play", stacks) == (5, "large")
    assert glance.glance_row("play", stacks + [ui.row(["last", "E", 3, "Bo", 17])]) == (6, "trick")
    assert glance.glance_row("idle", [ui.row("x"), ui.row("Eva 12", ui.BIG)]) == (1, "big")
    assert glance.glance_row("entry3", [ui.row("4/5", ui.INV), ui.row("v", ui.SEL)]) == (1, "sel")
    assert glance.rule("talon") == glance.TURN   # every other phase: the turn
    assert glance.glance_row("question", []) == (-1, None)


def test_french_full_hands_show_their_glance_text_large():
    """Issue 37, item 1: the screens a French hand of 18 (or 24 with the
    two-player stacks) fills show their glance text at 16' or more on the
    2.42" panel in every language: the dealing aid's dealer page and the
    poignée (whose turn, what is asked), the play (the trick). The score
    entry's screens are left to their own change."""
    import screens
    from table import lang
    runs = ["french_2_deal", "french_2_virtual", "french_4_poignee"]
    small = []
    for code in lang.CODES:
        for label, _, tag, rows in screens.collect(code, runs):
            if tag.startswith("entry"):
                continue
            i, _ = glance.glance_row(tag, rows)
            if i < 0 or glance.measure(rows[i][0])["ssd1309"][2] < glance.MIN_ARCMIN:
                small.append("%s %s: row %d" % (code, label, i))
    assert not small, "\n".join(small)


def test_the_summary_counts_fonts_and_reach_per_glance_text():
    small = [ui.row("Trick 1: Eva to play")]
    large = [ui.row("Eva: your turn", ui.INV | ui.LARGE)]
    found = [("en", "a", "bid", small), ("en", "b", "bid", large),
             ("en", "c", "idle", [ui.row("Eva +12", ui.BIG)])]
    out = glance.summary_lines(found)
    assert out[0][-1] == "reach 16' on 2.42\" SSD1309"
    assert ["whose turn, what is asked", "2", "1", "1", "0", "1"] in out
    assert ["every player's total and change", "1", "0", "0", "1", "1"] in out
    assert len(out) == 3    # glance texts without a kind are left out


def _entry_screens(f, seen, what):
    """Every seat's screen of flow f now, into seen (rows' text -> what)."""
    for d in range(f.app.n):
        if f.page[d] == 0 or f.step < len(f.steps()):
            rows = f.model(d)
            seen.setdefault(tuple(ui.to_text(f.g, rows)), (what, rows))


def _sweep_list(f, seen, what):
    """The list step f is on: the cursor over every row, every item opened
    and its states (and Kontra) stepped through, every screen on the way."""
    from table.flows.entry import Entry
    s = f.steps()[f.step]
    n = len(s[2]) + (len(s[3][1]) if len(s) > 3 else 1)
    for _ in range(n):
        Entry.press(f, f.owner, ui.RIGHT, ui.PRESS)
        _entry_screens(f, seen, what + " list")
        if f.row >= n - len(s[2]):    # an item: open it, its states, take it
            Entry.press(f, f.owner, ui.OK, ui.PRESS)
            for _ in range(6):
                if f.item < 0 or f.step >= len(f.steps()):
                    break
                _entry_screens(f, seen, what + " item")
                Entry.press(f, f.owner, ui.RIGHT, ui.PRESS)
            f.back(f.owner)
            _entry_screens(f, seen, what + " list")


def test_every_score_entry_screen_reads_from_a_chair(monkeypatch):
    # issue 37, Done when: every glance text >= 16' on the recommended
    # panel; the entry's is the value being entered or confirmed (the
    # list's cursor item and its state, the claim, the seat's own change),
    # on every seat, every step, every preset and language, nothing cut
    import entrywalk as W
    import screencheck
    from table import lang
    from table.flows.entry import Entry
    seen = {}
    press = Entry.press

    def watched(f, disp, button, kind):
        press(f, disp, button, kind)
        _entry_screens(f, seen, f.g.FAMILY)

    monkeypatch.setattr(Entry, "press", watched)
    try:
        for preset in W.presets():
            for code in lang.CODES:
                lang.use(code)
                lists = set()
                for f, _ in W.leaves(preset):
                    _entry_screens(f, seen, preset)
                    if f.error:
                        continue
                    st = f.steps()
                    last = st[-1]
                    key = (last[1], len(last[2])) if last[0] == "list" else None
                    if key is None or key in lists:
                        continue
                    lists.add(key)
                    while not (f.step == len(st) - 1 and f.item < 0):
                        f.back(f.owner)
                    _sweep_list(f, seen, preset)
    finally:
        lang.use("en")
    small = []
    for text, (what, rows) in seen.items():
        i, _ = glance.glance_row("entry", rows)
        g = rows[i][0] if i >= 0 else 0
        if glance.measure(g)["ssd1309"][2] < glance.MIN_ARCMIN:
            small.append((what, text))
        deck = __import__("table.games", None, None, ["x"]).glue(what.split("/")[0].split(" ")[0])
        assert screencheck.clipped(deck, rows) == [], (what, text)
    assert len(seen) > 500
    assert small == [], "%d of %d screens small, e.g. %r" % (len(small), len(seen), small[:6])
