"""What the score sheet's safety says on the screens (issue 21), through the
real app in the emulator on a journal in a directory, the board restarting:
a damaged journal is reported in words on every seat's idle screen until a
seat in play acknowledges; a deal the power cut short between its record and
its confirmations comes back pending and asks only the seats that had not
confirmed."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dora", "Ed"]


def _table(tmp_path, deals=3, seed=30):
    from tarock.rng import Rng
    emu = E.Emulator(seats=5, seed=seed, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, names=NAMES)
    rng = Rng(seed)
    for _ in range(deals):
        E.play_deal(emu, rng)
    return emu


def _screen(emu, seat):
    return " ".join(emu.text(seat))


def test_a_damaged_journal_is_said_on_every_screen_until_acknowledged(tmp_path):
    from table.sheet.journal import FileStore, Journal
    emu = _table(tmp_path)
    totals = emu.app.scores.totals()
    deltas = [emu.app.scores.sheet.party.deltas_of(k) for k in range(3)]
    # flip a byte inside the second deal's record, as flash might
    st = FileStore(str(tmp_path))
    recs = [(off, rec) for off, rec in Journal(st, "sheet.tbj").scan()]
    off = next(o for o, r in recs if r["t"] == "deal" and r.get("no") == 1)
    path = os.path.join(str(tmp_path), "sheet.tbj")
    with open(path, "r+b") as f:
        f.seek(off + 20)
        b = f.read(1)
        f.seek(off + 20)
        f.write(bytes([b[0] ^ 0x08]))
    emu2 = E.Emulator(seats=5, seed=31, record=False, storage=str(tmp_path))
    for seat in range(4):      # the seats in the game (seat 5: "not playing")
        s = _screen(emu2, seat)
        assert "Deal 2 of Ana/Ben/Cy/Dora" in s or "damaged records" in s, (seat, s)
        assert "seen" in s
    # the other deals still count; the lost one counts nothing until re-entered
    pa = emu2.app.sheet.party
    assert 1 in pa.lost
    want = [deltas[0][i] + deltas[2][i] for i in range(4)]
    assert emu2.app.scores.totals() == want != totals
    # a screen not in the game cannot acknowledge; a seat in play can
    emu2.press(4, "o")
    assert emu2.app.sheet.unacknowledged()
    while emu2.app.sheet.unacknowledged():
        emu2.press(0, "o")
    assert "Ana" in _screen(emu2, 0) and "next deal" in _screen(emu2, 0)
    # acknowledged for good: the next start does not ask again
    emu3 = E.Emulator(seats=5, seed=32, record=False, storage=str(tmp_path))
    assert not emu3.app.sheet.unacknowledged()
    assert os.path.getsize(path + ".bad") > 0


def test_a_deal_cut_short_comes_back_pending_on_the_screens(tmp_path):
    from tarock.rng import Rng
    emu = _table(tmp_path, deals=1)
    book = emu.app.sheet
    # the next deal's record and one confirmation reach flash, then the power goes
    import sheetkit as K
    e = book.add_deal(K.manual(Rng(4)))
    first = e.needed[0]
    e.confirm(first)
    emu2 = E.Emulator(seats=5, seed=33, record=False, storage=str(tmp_path))
    pe = emu2.app.sheet.pending
    assert pe is not None and pe.confirmed == [first]
    names = emu2.app.cfg.names
    waiting = [names[s] for s in pe.missing()]
    for seat in range(4):
        s = _screen(emu2, seat)
        assert "Deal 2: confirm" in s and ("waiting for " + ", ".join(waiting)) in s, s
        assert ("confirm" in s.split("waiting")[-1]) if seat in pe.missing() else "you confirmed" in s
    # ● on a seat that confirmed, or one not in the game, changes nothing
    emu2.press(first, "o")
    emu2.press(4, "o")
    assert emu2.app.sheet.pending is not None
    for s in list(pe.missing()):
        emu2.press(s, "o")
    assert emu2.app.sheet.pending is None and emu2.app.scores.count() == 2
    assert "next deal" in _screen(emu2, 0)


class _Full:
    """A store whose appends fail as a full flash does, until `full` is off."""

    def __init__(self, store):
        self.store = store
        self.full = True

    def __getattr__(self, name):
        return getattr(self.store, name)

    def append(self, name, data):
        if self.full:
            raise OSError(28, "No space left on device")
        return self.store.append(name, data)


def _to_result(emu, rng):
    """Bots play the next virtual deal until its result is on the screens."""
    from table.flows.play import Play
    emu.press(emu.app.cfg.used[0], "o")
    while not (isinstance(emu.app.flow, Play) and emu.app.flow.deltas is not None):
        E.bot_step(emu, rng)
    f = emu.app.flow
    for d in emu.app.cfg.used:
        if f.held[d]:
            emu.press(d, "<")  # the final trick seen: the result on the screen
    return f


def test_storage_that_cannot_be_written_asks_the_table(tmp_path):
    from tarock.rng import Rng
    emu = _table(tmp_path, deals=1)
    j = emu.app.sheet.journal
    j.store = full = _Full(j.store)
    before = emu.app.scores.count()
    f = _to_result(emu, Rng(5))
    emu.press(0, "o")          # the first ●: the deal's record is refused
    for seat in range(4):
        s = _screen(emu, seat)
        assert "Score sheet cannot be saved: the flash is full" in s, s
        assert "play on, unsaved" in s and "stop" in s
    assert emu.app.scores.count() == before and not emu.app.errors and not any(f.ok)
    # play on: the press is taken in memory, every screen says unsaved
    emu.press(2, "o")
    assert f.ok[0] and emu.app.sheet.unsaved() and emu.app.sheet.pending is not None
    for d in range(1, 5):
        emu.press(d, "o")      # the others confirm: the deal counts (in memory)
    assert emu.app.scores.count() == before + 1 and emu.app.sheet.unsaved()
    assert all(emu.text(seat)[0].startswith("unsaved") for seat in range(4)), emu.text(0)
    # the flash comes back: the next write saves what was held, in order
    full.full = False
    emu.press(0, "o")          # the next deal starts: a write retries first
    assert not emu.app.sheet.unsaved()
    emu2 = E.Emulator(seats=5, seed=40, record=False, storage=str(tmp_path))
    assert emu2.app.scores.count() == before + 1
    assert emu2.app.scores.totals() == emu.app.scores.totals()


def test_stop_keeps_the_result_on_the_screens(tmp_path):
    from tarock.rng import Rng
    emu = _table(tmp_path, deals=1)
    j = emu.app.sheet.journal
    j.store = full = _Full(j.store)
    before = emu.app.scores.count()
    f = _to_result(emu, Rng(6))
    emu.press(3, "o")
    assert "cannot be saved" in _screen(emu, 0)
    emu.press(1, "<")          # stop
    assert "not saved" in _screen(emu, 1) and emu.app.scores.count() == before
    # the result is still on the screens, nothing taken; with the storage
    # back, ● records it
    assert "Play" == type(emu.app.flow).__name__ and f.deltas is not None and not any(f.ok)
    assert emu.app.sheet.pending is None
    full.full = False
    for d in range(5):
        emu.press(d, "o")
    assert emu.app.scores.count() == before + 1 and not emu.app.sheet.unsaved()
    assert type(emu.app.flow).__name__ == "Idle"


def _past(emu, seat):
    """From the seat's screen: its menu, to "Past parties", open it."""
    emu.press(seat, "O")                    # the seat's own menu
    menu = emu.app.seats[seat].menu
    assert "Past parties" in menu.items, menu.items
    while menu.items[menu.i] != "Past parties":
        emu.press(seat, ">")
    emu.press(seat, "o")


def test_past_parties_open_on_one_seat_deal_by_deal(tmp_path):
    """Every finished party opens on one seat's screen, the latest first:
    the one the journal keeps deal by deal (scores.KEEP_FINISHED), then the
    archived ones; the list by players and totals, a party's deals, a deal's
    breakdown; hold ● steps back; the other seats' screens do not change."""
    import sheetkit as K
    from tarock.rng import Rng
    from table import scores
    sh = scores.open_sheet(str(tmp_path))
    rng = Rng(3)
    want = []
    for p in range(4):
        scores.new_party(sh, "koenigrufen", "pagat", NAMES[:4], p % 4)
        for _ in range(3 + p % 2):
            K.confirm_all(sh.add_deal(K.manual(rng)))
        want.append([sh.party.deltas_of(k) for k in range(sh.party.n_deals)])
    sh.finish()
    sh.journal.store.close()
    emu = E.Emulator(seats=5, seed=50, record=False, storage=str(tmp_path))
    book = emu.app.sheet
    assert len(book.archived) == 3 and book.finished() == 1   # compacted on opening
    other = emu.text(1)
    _past(emu, 0)
    s = _screen(emu, 0)
    assert "Party 4 of 4" in s and "Ana/Ben/Cy/Dora" in s and "4 deals" in s, s
    emu.press(0, "o")                       # the latest party's deals, from the journal
    s = _screen(emu, 0)
    assert "Party 4: 4 deals" in s and " ".join("%+d" % d for d in want[3][0]) in s, s
    emu.press(0, "O")
    emu.press(0, ">")                       # the one before: the newest archived
    s = _screen(emu, 0)
    assert "Party 3 of 4" in s and "3 deals" in s, s
    emu.press(0, "o")
    s = _screen(emu, 0)
    last = want[2]
    assert "Party 3: 3 deals" in s and " ".join("%+d" % d for d in last[0]) in s, s
    emu.press(0, ">")
    emu.press(0, "o")                       # deal 2's breakdown
    s = _screen(emu, 0)
    words = s.split()
    assert "Deal 2 of 3" in s and words[words.index("Ana") + 1] == "%+d" % last[1][0], s
    assert words[words.index("Dora") + 1] == "%+d" % last[1][3], s
    assert emu.text(1) == other             # nobody else's screen moved
    for _ in range(3):
        emu.press(0, "O")                   # hold ●: back, back, out
    assert emu.app.seats[0].menu.page == 0


def test_the_party_just_finished_is_a_past_party(tmp_path):
    """Nothing archived yet: the party the table has just finished (in the
    journal, deal by deal) is in Past parties, not "none on flash yet"; the
    party being played is not."""
    import sheetkit as K
    from tarock.rng import Rng
    from table import scores
    sh = scores.open_sheet(str(tmp_path))
    scores.new_party(sh, "koenigrufen", "pagat", NAMES[:4], 0)
    for _ in range(2):
        K.confirm_all(sh.add_deal(K.manual(Rng(5))))
    pa = sh.party
    scores.new_party(sh, "koenigrufen", "pagat", NAMES[:4], 1)   # the next party, open
    sh.journal.store.close()
    emu = E.Emulator(seats=5, seed=50, record=False, storage=str(tmp_path))
    assert not emu.app.sheet.archived and not emu.app.sheet.party.over
    _past(emu, 2)
    s = _screen(emu, 2)
    assert "Party 1 of 1" in s and "2 deals" in s and "Ana/Ben/Cy/Dora" in s, s
    emu.press(2, "o")
    s = _screen(emu, 2)
    assert "Party 1: 2 deals" in s and " ".join("%+d" % d for d in pa.deltas_of(1)) in s, s
    # the open party ends and the sheet compacts while the seat browses: the
    # list starts again from the sheet as it is now (the first party archived)
    emu.press(2, "O")
    book = emu.app.sheet
    book.finish()
    assert scores.tidy(book) and len(book.archived) == 1
    emu.press(2, ">")
    s = _screen(emu, 2)
    assert "Party 1 of 2" in s and "2 deals" in s, s
    emu.press(2, "o")
    s = _screen(emu, 2)
    assert "Party 1: 2 deals" in s and " ".join("%+d" % d for d in pa.deltas_of(1)) in s, s
