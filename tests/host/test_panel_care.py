"""Care for the panels (issue 37, item 9): a table that sits for hours on
the same screens dims every panel after the board's DIM_S without a press
(DIM_PLAY_S while a deal is played on the screens), any press wakes them all
and does nothing else, and a screen unchanged for SHIFT_S moves by a pixel
(right, right and down, down, back) as far as its text leaves room.
Driven through the emulator on its virtual clock (Emulator.idle), the
settings as boards/HOST/board.py gives them."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

board = E.hostenv.setup("HOST")
DIM_S, DIM_PLAY_S, DIM_LEVEL, SHIFT_S = board.CARE

LIT = 0xFF


def _emu(tmp_path, seats=4, mode=0, start=True):
    emu = E.Emulator(seats=seats, seed=5, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=seats, mode=mode)
    if start:
        emu.press(0, "o")                       # Start
    return emu


def _contrasts(emu):
    return [p.contrast for p in emu.hw.panels]


def _journal(tmp_path):
    out = {}
    for name in sorted(os.listdir(tmp_path)):
        with open(os.path.join(tmp_path, name), "rb") as fh:
            out[name] = fh.read()
    return out


def _screens(emu):
    return [emu.text(i) for i in range(emu.n)]


def test_the_board_settings_are_the_apps():
    emu = E.Emulator(seats=2, record=False)
    app = emu.app
    assert app.care == board.CARE
    # a table would not notice: minutes, dimmed but readable
    assert 60 <= SHIFT_S < DIM_S < DIM_PLAY_S
    assert 0 < DIM_LEVEL < LIT


def test_every_panel_dims_after_the_timeout_and_not_before(tmp_path):
    emu = _emu(tmp_path, mode=2)                # score only: the entry's first step
    assert _contrasts(emu) == [LIT] * 4
    emu.idle(DIM_S * 1000 - 2000)
    assert _contrasts(emu) == [LIT] * 4
    emu.idle(2000)
    assert _contrasts(emu) == [DIM_LEVEL] * 4
    # the emulated glass is darker, not off
    img = emu.hw.panels[0].to_image()
    lit = max(img.getpixel((x, y)) for x in range(128) for y in range(64))
    assert 0 < max(lit) < 200, lit


def test_a_press_restarts_the_timeout(tmp_path):
    emu = _emu(tmp_path, mode=2)
    emu.idle(DIM_S * 1000 - 2000)
    emu.press(1, ">")
    emu.idle(DIM_S * 1000 - 2000)
    assert _contrasts(emu) == [LIT] * 4


def test_the_waking_press_is_swallowed_and_the_next_one_acts(tmp_path):
    emu = _emu(tmp_path, mode=2)
    f = emu.app.flow
    emu.idle(DIM_S * 1000)
    before = _screens(emu)
    journal = _journal(tmp_path)
    sent = emu.hw.bus.stats.bytes
    emu.press(2, ">")                           # wakes every panel, nothing else
    assert _contrasts(emu) == [LIT] * 4
    assert _screens(emu) == before
    assert emu.app.flow is f
    assert _journal(tmp_path) == journal
    # waking is a contrast command a panel: (mux select + 3) + (address + 3 bytes)
    assert emu.hw.bus.stats.bytes - sent <= 4 * 8
    emu.press(f.owner, ">")                     # the next press (the entry's seat) acts
    assert _screens(emu) != before


def test_a_held_waking_press_does_nothing_while_held(tmp_path):
    emu = _emu(tmp_path, mode=2)
    emu.idle(DIM_S * 1000)
    before = _screens(emu)
    emu.press(1, ">", repeats=3)                # ▶ held: its repeats are the same press
    assert _contrasts(emu) == [LIT] * 4
    assert _screens(emu) == before
    emu.press(emu.app.flow.owner, ">")          # the entry's seat: its press acts
    assert _screens(emu) != before


def test_a_long_waking_press_opens_no_menu(tmp_path):
    emu = _emu(tmp_path, mode=2)
    emu.idle(DIM_S * 1000)
    before = _screens(emu)
    emu.press(3, "O")
    assert emu.app.seats[3].menu is None
    assert _screens(emu) == before
    emu.press(3, "O")
    assert emu.app.seats[3].menu is not None


def test_dimming_and_waking_write_nothing(tmp_path):
    emu = _emu(tmp_path, mode=0)
    journal = _journal(tmp_path)
    emu.idle(DIM_PLAY_S * 1000)
    assert _contrasts(emu) == [DIM_LEVEL] * 4
    emu.press(0, "o")
    assert _journal(tmp_path) == journal
    assert not emu.app.errors


def test_a_deal_played_on_the_screens_dims_later(tmp_path):
    from table.flows.play import Play
    emu = _emu(tmp_path, mode=0)                # virtual cards: a seat to move
    assert isinstance(emu.app.flow, Play)
    emu.idle(DIM_S * 1000 + 5000)
    assert _contrasts(emu) == [LIT] * 4
    emu.idle((DIM_PLAY_S - DIM_S) * 1000)
    assert _contrasts(emu) == [DIM_LEVEL] * 4


def test_a_panel_plugged_in_while_dimmed_comes_back_dimmed(tmp_path):
    emu = _emu(tmp_path, mode=2)
    emu.pull(1)
    emu.idle(DIM_S * 1000)
    emu.plug(1)
    emu.idle(2000)
    assert emu.displays[1].online
    assert _contrasts(emu) == [DIM_LEVEL] * 4


# ---------------------------------------------------------------- the shift

def _glass(emu, seat):
    return emu.hw.panels[seat].rows()


def _moved(rows, dx, dy):
    """The glass rows moved by (dx, dy), what comes in dark."""
    h, w = len(rows), len(rows[0])
    return [[rows[y - dy][x - dx] if x >= dx and y >= dy else 0 for x in range(w)]
            for y in range(h)]


def _cycle(emu):
    """The screens through one cycle of SHIFTS: per step the seats' offsets
    and the I2C bytes it took; the glass checked against the first at each."""
    n = emu.n
    texts = _screens(emu)
    glass = [_glass(emu, i) for i in range(n)]
    sent = emu.hw.bus.stats.bytes
    emu.idle(SHIFT_S * 1000 - 1000)
    assert emu.hw.bus.stats.bytes == sent       # nothing moves before
    assert [_glass(emu, i) for i in range(n)] == glass
    emu.idle(1000)
    out = []
    for k in (1, 3, 2, 0):
        if k != 1:
            emu.idle(SHIFT_S * 1000)
        offs = [emu.app.seats[i].off for i in range(n)]
        for i in range(n):
            assert offs[i] & ~k == 0, (k, offs)  # within the step's offset
            assert _glass(emu, i) == _moved(glass[i], offs[i] & 1, offs[i] >> 1), (k, i)
            assert emu.glass_matches(i)
        assert _screens(emu) == texts
        out.append((offs, emu.hw.bus.stats.bytes - sent))
        sent = emu.hw.bus.stats.bytes
    assert emu.app.errors == []
    return out


def test_a_choice_screen_moves_down_only_and_nothing_is_sent_while_nothing_moves(tmp_path):
    # the score entry's first step: its choice row's ▶ ends in the last
    # column, so it moves down only (ui.room)
    emu = _emu(tmp_path, mode=2)
    emu.app.care = (0, 0, DIM_LEVEL, SHIFT_S)    # no contrast commands in the bytes counted
    steps = _cycle(emu)
    assert steps[0] == ([0] * 4, 0)             # (1, 0): no room, nothing sent
    offs, sent = steps[1]                       # (1, 1): a pixel down
    assert offs == [2] * 4
    assert 4 * 100 < sent <= 4 * 1100, sent     # about a frame a panel (1,034 bytes)
    assert steps[2] == ([2] * 4, 0)             # (0, 1): where it is already
    offs, sent = steps[3]                       # (0, 0): back, a frame a panel
    assert offs == [0] * 4 and 4 * 100 < sent <= 4 * 1100, sent


def test_a_played_deal_moves_right_and_down(tmp_path):
    emu = _emu(tmp_path, mode=0)
    steps = _cycle(emu)
    assert any(o & 1 for o in steps[0][0]), steps
    assert 3 in steps[1][0], steps
    assert steps[3][0] == [0] * 4


def test_a_press_draws_at_the_origin_again(tmp_path):
    emu = _emu(tmp_path, mode=2)
    emu.idle(SHIFT_S * 1000 * 2)         # (1, 1): the entry's screen a pixel down
    s = emu.app.seats[0]
    assert s.off == 2
    emu.press(0, ">")
    assert s.off == 0
    # the painter draws the next screen whole: no pixel of the moved one stays
    (tmp_path / "ref").mkdir()
    ref = E.Emulator(seats=4, seed=5, record=False, storage=str(tmp_path / "ref"))
    E.setup_table(ref, players=4, mode=2)
    ref.press(0, "o")
    ref.press(0, ">")
    assert emu.text(0) == ref.text(0)
    assert _glass(emu, 0) == _glass(ref, 0)


def test_nothing_moves_where_the_text_leaves_no_room(tmp_path):
    emu = _emu(tmp_path, mode=2)
    app = emu.app
    from table import ui
    room = ui.room
    ui.room = lambda deck, rows, fb: 0
    try:
        app.care = (0, 0, DIM_LEVEL, SHIFT_S)
        sent = emu.hw.bus.stats.bytes
        emu.idle(SHIFT_S * 1000 * 4)
        assert emu.hw.bus.stats.bytes == sent   # no I2C when nothing moves
        assert [s.off for s in app.seats] == [0] * 4
    finally:
        ui.room = room


def test_room_agrees_with_the_layout_checker_at_every_offset(tmp_path):
    """ui.room (the app's: where the painted screen may move) against
    screencheck.shift_cut (the host's: glyph pixels a move cuts), on every
    screen of a played deal: where room allows a move nothing is cut, where
    it refuses one something would be."""
    import screencheck
    from table import ui
    emu = E.Emulator(seats=4, seed=11, record=False, storage=str(tmp_path))
    seen = {}

    def watch(e):
        for i in range(e.n):
            rows = e.app.seats[i].rows
            if rows is not None and repr(rows) not in seen:
                seen[repr(rows)] = (e.app.deck, rows)
    emu.watch = watch
    E.setup_table(emu, players=4, mode=0)
    emu.press(0, "o")
    from tarock.rng import Rng
    E.play_deal(emu, Rng(11))
    import framebuf
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    counts = [0, 0, 0, 0]
    for deck, rows in seen.values():
        fb.fill(0)
        ui.Painter(deck).paint(fb, rows)
        r = ui.room(deck, rows, fb)
        counts[r] += 1
        for o in (1, 2, 3):
            cut = screencheck.shift_cut(deck, rows, o & 1, o >> 1)
            assert (not cut) == (o & r == o), (o, r, cut, ui.to_text(deck, rows))
    assert len(seen) > 100
    assert counts[3] > len(seen) // 2, counts   # most screens move both ways


def test_a_script_waits_and_its_snap_shows_the_panels_dimmed_and_moved(tmp_path):
    from PIL import Image
    emu = E.Emulator(seats=3, seed=2, record=False, storage=str(tmp_path))
    out = tmp_path / "out"
    E.run_script(emu, ["snap lit", "wait %d" % DIM_S, "snap dim"], out_dir=str(out))
    lit = Image.open(out / "lit.png").convert("RGB")
    dim = Image.open(out / "dim.png").convert("RGB")
    assert _contrasts(emu) == [DIM_LEVEL] * 3
    assert max(dim.getpixel((x, y)) for x in range(dim.width) for y in range(dim.height)) < \
        max(lit.getpixel((x, y)) for x in range(lit.width) for y in range(lit.height))
    # (1, 1) after twice SHIFT_S: the setup form moved right and down (its
    # row under the cursor in the large font leaves four rows free below)
    assert [s.off for s in emu.app.seats] == [3] * 3
    assert emu.script == []                     # time passing is no press
