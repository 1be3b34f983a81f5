"""What the score sheet found at boot comes first on every screen (issue 35,
item 9 and "problems found at boot show at boot"): whatever screen the table
starts on (the setup form, the idle screens, a deal cut short), every display
shows the problems with the sheet (Sheet.unacknowledged(), in words:
Sheet.words()), ◀ ▶ through them, until a seat that may answer presses ●
(Sheet.acknowledge()). A sheet opened read-only (a damaged journal on
read-only or full flash, a journal of a newer format) says why, and ● plays
on in the same sheet: its parties and deals stay, what the table records is
held in memory (Sheet.play_on_unsaved) and written once the flash takes it
(never into a newer format's journal). Driven through the emulator; the
board's restart is a new Emulator on the same storage folder."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

E.hostenv.setup("HOST")

NAMES = ["Ana", "Ben", "Cy", "Dora", "Ed"]
from conftest import refuse_writes  # noqa: E402


def _table(tmp_path, deals=2, seed=30):
    """Four players at five screens, score only, `deals` deals on the sheet."""
    from tarock.rng import Rng
    emu = E.Emulator(seats=5, seed=seed, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2, names=NAMES)
    rng = Rng(seed)
    for _ in range(deals):
        E.play_deal(emu, rng)
    emu.app.sheet.journal.store.close()
    return emu


def _path(tmp_path):
    return os.path.join(str(tmp_path), "sheet.tbj")


def _flip(tmp_path, no=1):
    """Flip a byte inside deal `no`'s record, as flash might."""
    from table.sheet.journal import FileStore, Journal
    recs = [(off, rec) for off, rec in Journal(FileStore(str(tmp_path)), "sheet.tbj").scan()]
    off = next(o for o, r in recs if r["t"] == "deal" and r.get("no") == no)
    with open(_path(tmp_path), "r+b") as f:
        f.seek(off + 20)
        b = f.read(1)
        f.seek(off + 20)
        f.write(bytes([b[0] ^ 0x08]))


def _screen(emu, seat):
    return " ".join(emu.text(seat))


@pytest.fixture
def read_only_flash(monkeypatch):
    """The flash refuses every write (EROFS) while flash["on"]."""
    return refuse_writes(monkeypatch, 30)


def test_a_later_framings_journal_is_said_and_the_table_plays_on_in_memory(tmp_path):
    """A journal in a framing this firmware cannot read (a later firmware's):
    kept as it is; every screen says so, ● plays on, the party set up then
    is recorded in memory and the file is never written."""
    from table.sheet.journal import frame
    _table(tmp_path)
    with open(_path(tmp_path), "rb") as f:
        old = f.read()
    data = frame({"t": "tbj", "f": 2}) + old[len(frame({"t": "tbj", "f": 1})):]
    with open(_path(tmp_path), "wb") as f:
        f.write(data)
    emu2 = E.Emulator(seats=5, seed=31, record=False, storage=str(tmp_path))
    app = emu2.app
    book = app.sheet
    assert book.readonly and type(app.flow).__name__ == "Setup"
    for seat in range(5):           # every screen, before the setup form
        s = _screen(emu2, seat)
        assert "newer firmware" in s and "play on, unsaved" in s, (seat, s)
    emu2.press(1, "o")              # ● play on
    assert "Table setup" in _screen(emu2, 1)
    E.setup_table(emu2, players=4, mode=2, names=NAMES)
    emu2.press(0, "o")              # Start: the party, in memory
    from tarock.rng import Rng
    E.play_deal(emu2, Rng(32))
    assert app.sheet is book and app.scores.count() == 1 and not app.errors
    assert book.unsaved() and emu2.text(0)[0].startswith("unsaved")
    with open(_path(tmp_path), "rb") as f:
        assert f.read() == data     # a later framing's journal is never written


def test_a_damaged_journal_on_read_only_flash_plays_on_in_the_same_sheet(tmp_path,
                                                                          read_only_flash):
    """The salvage of a damaged journal cannot write: the sheet opens
    read-only with what it read; every screen says so, ● plays on in that
    sheet (no AttributeError, the result screen does not hang), the deals
    it read still count and new ones are recorded in memory, written once
    the flash takes them (appended: the sheet was read whole); the next
    boot salvages the damage and counts them all."""
    from tarock.rng import Rng
    emu = _table(tmp_path, deals=3)
    deltas = [emu.app.scores.sheet.party.deltas_of(k) for k in range(3)]
    _flip(tmp_path, 1)
    with open(_path(tmp_path), "rb") as f:
        data = f.read()
    read_only_flash["on"] = True
    emu2 = E.Emulator(seats=5, seed=31, record=False, storage=str(tmp_path))
    app = emu2.app
    book = app.sheet
    assert book.readonly            # the salvage could not write
    pages = book.unacknowledged()
    assert len(pages) >= 2
    for seat in range(5):
        s = _screen(emu2, seat)
        assert "Score sheet 1/%d" % len(pages) in s, (seat, s)
        assert ("not playing" if seat == 4 else "play on") in s, (seat, s)
    # ◀ ▶ through them on one screen
    emu2.press(2, ">")
    assert book.words(pages[1])[:10] in _screen(emu2, 2)
    assert book.words(pages[0])[:10] in _screen(emu2, 0)
    emu2.press(0, "o")              # ● play on
    assert not book.unacknowledged()
    want = [deltas[0][i] + deltas[2][i] for i in range(4)]
    assert app.scores.totals() == want   # what was read stays: deal 2 lost, 1 and 3 count
    E.play_deal(emu2, Rng(33))
    assert app.sheet is book and app.scores.count() == 4 and not app.errors
    assert book.unsaved() and emu2.text(0)[0].startswith("unsaved")
    read_only_flash["on"] = False   # the flash comes back: what was held is written
    emu2.press(0, "<")
    assert not book.unsaved()
    with open(_path(tmp_path), "rb") as f:
        now = f.read()
    assert now[:len(data)] == data and len(now) > len(data)   # appended, nothing rewritten
    total = app.scores.totals()
    emu3 = E.Emulator(seats=5, seed=34, record=False, storage=str(tmp_path))
    assert not emu3.app.sheet.readonly                           # salvaged now
    assert emu3.app.scores.count() == 4 and emu3.app.scores.totals() == total


def test_problems_found_at_boot_come_first_on_the_setup_form(tmp_path):
    """A board that boots into the setup (no open party) shows the
    problems there first; a seat acknowledges and the form is there."""
    from table import scores
    import sheetkit as K
    from tarock.rng import Rng
    sh = scores.open_sheet(str(tmp_path))
    scores.new_party(sh, "koenigrufen", "pagat", NAMES[:4], 0)
    rng = Rng(3)
    for _ in range(3):
        K.confirm_all(sh.add_deal(K.manual(rng)))
    sh.finish()
    sh.journal.store.close()
    _flip(tmp_path, 1)
    emu = E.Emulator(seats=4, seed=35, record=False, storage=str(tmp_path))
    app = emu.app
    assert type(app.flow).__name__ == "Setup" and app.sheet.unacknowledged()
    for seat in range(4):
        assert emu.text(seat)[0].startswith("=Score sheet"), emu.text(seat)
        assert "seen" in _screen(emu, seat)
    emu.press(3, "o")
    while app.sheet.unacknowledged():
        emu.press(3, "o")
    assert "Table setup" in _screen(emu, 0), _screen(emu, 0)
    emu2 = E.Emulator(seats=4, seed=36, record=False, storage=str(tmp_path))
    assert not emu2.app.sheet.unacknowledged()
    assert "Table setup" in _screen(emu2, 0)


def test_problems_come_before_a_deal_cut_short(tmp_path):
    """A damaged record and a deal whose confirmations the power cut short:
    the problem pages first, then the seats that had not confirmed."""
    import sheetkit as K
    from tarock.rng import Rng
    emu = _table(tmp_path, deals=2)
    book = emu.app.sheet
    e = book.add_deal(K.manual(Rng(4)))
    e.confirm(e.needed[0])
    book.journal.store.close()
    _flip(tmp_path, 0)
    emu2 = E.Emulator(seats=5, seed=37, record=False, storage=str(tmp_path))
    app = emu2.app
    assert app.sheet.pending is not None and app.sheet.unacknowledged()
    assert emu2.text(0)[0].startswith("=Score sheet")
    while app.sheet.unacknowledged():
        emu2.press(0, "o")
    assert "confirm" in _screen(emu2, 0) and "waiting for" in _screen(emu2, 0)
    assert app.sheet.pending is not None     # the ● acknowledged, it confirmed nothing
