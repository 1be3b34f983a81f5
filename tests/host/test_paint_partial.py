"""The painter draws again only the rows that changed (table/ui.py Painter):
after every press of whole sessions, each seat's canvas must hold exactly the
pixels a whole paint of its screen gives (a fresh painter on a cleared
canvas), and what layout()'s list of boxes draws. Sessions: the emu's Königrufen (setup, a virtual deal of bots, a new
table, a physical deal entered), French and Slovenian virtual deals (hands of
their own layouts), and a deal after a language change on the setup."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
import hostenv  # noqa: E402

hostenv.setup("HOST")
hostenv.tools()

import emulator as E  # noqa: E402
import framebuf  # noqa: E402
from table import ui  # noqa: E402
from tarock.rng import Rng  # noqa: E402


class Checker:
    def __init__(self):
        self.checked = 0
        self.kept = 0
        self.bad = []

    def __call__(self, emu):
        app = emu.app
        for s in range(emu.n):
            seat = app.seats[s]
            if seat.rows is None or seat.dirty or not seat.disp.online:
                continue
            buf = bytearray(128 * 64 // 8)
            fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
            ui.Painter(app.deck).paint(fb, seat.rows)
            self.checked += 1
            if bytes(emu.displays[s].canvas.buffer[1:]) != bytes(buf):
                self.bad.append((len(emu.presses), s, emu.text(s)))
            # the boxes layout() lists (screencheck's) draw the same pixels
            # as the painter, which draws a hand's cards in runs
            boxes = bytearray(128 * 64 // 8)
            fb2 = framebuf.FrameBuffer(boxes, 128, 64, framebuf.MONO_VLSB)
            for op in ui.layout(app.deck, seat.rows)[0]:
                ui._put(fb2, *op)
            if boxes != buf:
                self.bad.append(("boxes", len(emu.presses), s, emu.text(s)))


def _run(setup, play):
    emu = E.Emulator(seats=5, seed=12, storage=tempfile.mkdtemp(prefix="tarockbox-paint-"))
    chk = Checker()
    emu.watch = chk
    setup(emu)
    play(emu)
    assert chk.checked > 100
    assert not chk.bad, chk.bad[:3]
    return emu


def test_partial_paints_are_whole_paints_in_the_emu_session():
    import device_runs as D
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "rp2040"))
    import session as S     # the emu session's own "New table" presses

    def play(emu):
        E.play_deal(emu, Rng(12), decide=D._knock_first)
        S.new_table(emu)
        E.setup_table(emu, players=5, mode=1)
        E.play_deal(emu, Rng(12), entry=lambda e: D.core_entry(e, 12))

    _run(lambda emu: E.setup_table(emu, players=5, mode=0), play)


def test_partial_paints_are_whole_paints_french_and_slovenian_deals():
    for fam in ("french", "slovenian"):
        _run(lambda emu: E.setup_table(emu, family=fam, mode=0),
             lambda emu: E.play_deal(emu, Rng(5)))


def test_partial_paints_are_whole_paints_after_a_language_change():
    def setup(emu):
        E.setup_table(emu, players=5, mode=0, lang="en")

    def play(emu):
        for _ in range(12):
            E.bot_step(emu, Rng(3))
        # the menu over the hand, and back
        emu.press(1, "O")
        emu.press(1, "o")

    _run(setup, play)


def test_equal_screens_keep_one_copy():
    """Seats showing the same screen (the setup's shared form) keep one repr,
    one model and one painter's memo between them, not one equal copy each
    (make emu's least free heap came on the entry's bonus page, five equal
    screens: ~3 KB of copies)."""
    emu = E.Emulator(seats=5, seed=12, storage=tempfile.mkdtemp(prefix="tarockbox-paint-"))
    emu.press(0, ">")
    app = emu.app
    first = app.seats[0]
    memo = app.painter.drawn[id(first.disp.canvas)]
    for seat in app.seats:
        assert seat.shown is first.shown and seat.rows is first.rows
        assert app.painter.drawn[id(seat.disp.canvas)] is memo
