"""A press that writes the score sheet (table/app.py App._saving): the record
is durable before the answer is shown, and a flash write is slow (a real
Pico's sector erase ~45 ms), so the pressing seat first sees a "saving" bar
over the screen it had, on the glass while the store writes; the answer
comes after the write. Without a store (a sheet in memory) nothing is marked."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
import hostenv  # noqa: E402

hostenv.setup("HOST")
hostenv.tools()

import emulator as E  # noqa: E402
import framebuf  # noqa: E402
from table import ui  # noqa: E402
from table.lang import t  # noqa: E402
from tarock.rng import Rng  # noqa: E402


def _whole_paint(app, rows):
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    ui.Painter(app.deck).paint(fb, rows)
    return [[fb.pixel(x, y) for x in range(128)] for y in range(64)]


class Watch:
    """Every write of the store inside a press: the pressing seat's glass
    then, the glass expected (its screen with the bar), the journal's size."""

    def __init__(self, emu):
        self.writes = []        # (press index, seat, glass, expected glass, journal bytes)
        self.in_press = False
        app = emu.app
        store = app.sheet.journal.store
        mark = store.on_write
        assert mark is not None
        on_event = app.on_event

        def pressed(*a):
            self.in_press = True
            try:
                on_event(*a)
            finally:
                self.in_press = False
        app.on_event = pressed

        def on_write():
            mark()
            if not self.in_press:       # after the screens (the roster's file)
                return
            s = app.pressed
            seat = app.seats[s]
            expected = _whole_paint(app, list(seat.rows)
                                    + [ui.row(t("saving"), ui.INV | ui.BOTTOM | ui.CENTER)])
            self.writes.append((len(emu.presses), s, emu.hw.panels[s].rows(), expected,
                                store.size(app.sheet.journal.name)))
        store.on_write = on_write


def test_the_pressing_seat_sees_saving_while_the_sheet_is_written(tmp_path):
    emu = E.Emulator(seats=5, seed=12, record=False, storage=str(tmp_path))
    w = Watch(emu)

    def watch(e):
        # after each press: the glass is the answer (no bar left), whole
        for s in range(e.n):
            if e.hw.panels[s].display_on:
                assert e.hw.panels[s].rows() == _whole_paint(e.app, e.app.seats[s].rows), s
    emu.watch = watch
    E.setup_table(emu, players=5, names=["Ana", "Ben", "Cy", "Dora", "Ed"])
    assert not w.writes
    emu.press(0, "o")               # Start: the party's record
    assert w.writes, "● Start wrote nothing"
    E.play_deal(emu, Rng(12))
    assert emu.app.scores.count() == 1
    presses = sorted({p for p, _, _, _, _ in w.writes})
    assert len(presses) >= 2        # the party at Start, the deal at its end
    for p, s, glass, expected, _ in w.writes:
        assert glass == expected, (p, s)
    for p, s, glass, _, _ in w.writes:
        bar = glass[56:]                # the bottom line: the bar, inverted
        assert sum(map(sum, bar)) > 128 * 8 // 2, ("no inverted bar at the bottom", p, s)


def test_the_answer_comes_after_the_record_is_written(tmp_path):
    """At the mark the record is not in the journal yet; the answer screen
    (the idle screens with the deal) is drawn only once it is."""
    emu = E.Emulator(seats=5, seed=12, record=False, storage=str(tmp_path))
    w = Watch(emu)
    E.setup_table(emu, players=5, names=["Ana", "Ben", "Cy", "Dora", "Ed"])
    emu.press(0, "o")
    k = len(w.writes)
    size0 = emu.app.sheet.journal.store.size(emu.app.sheet.journal.name)
    E.play_deal(emu, Rng(12))
    last = w.writes[k:]
    assert last and last[0][4] == size0      # marked before the deal's record
    assert emu.app.sheet.journal.store.size(emu.app.sheet.journal.name) > size0
    seat = emu.app.seats[last[0][1]]
    assert not seat.dirty and seat.shown is not None   # the answer drawn after the write


def test_no_mark_without_a_store():
    emu = E.Emulator(seats=5, seed=12, record=False)
    assert getattr(emu.app.sheet.journal.store, "on_write", None) is None
    E.setup_table(emu, players=5, names=["Ana", "Ben", "Cy", "Dora", "Ed"])
    E.play_deal(emu, Rng(12))
    assert emu.app.scores.count() == 1 and not emu.app.errors


def test_the_bar_is_up_before_the_record_is_made(tmp_path):
    """The deal's last ● marks its seat as the sheet starts to make the
    record (Sheet._will_write), not only at the first flash write: when the
    sheet scores the record again (before it encodes and writes it), the
    bar is on the glass."""
    emu = E.Emulator(seats=5, seed=12, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=5, names=["Ana", "Ben", "Cy", "Dora", "Ed"])
    emu.press(0, "o")
    app = emu.app
    seen = []
    sheet = app.scores.sheet
    score = sheet._score

    def scored(*a, **k):
        s = app.pressed
        seen.append(emu.hw.panels[s].rows() == _whole_paint(
            app, list(app.seats[s].rows) + [ui.row(t("saving"), ui.INV | ui.BOTTOM | ui.CENTER)]))
        return score(*a, **k)
    sheet._score = scored
    E.play_deal(emu, Rng(12))
    assert app.scores.count() == 1 and seen[:1] == [True] and all(seen), seen
