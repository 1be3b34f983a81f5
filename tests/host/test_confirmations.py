"""A result's confirmations are journalled as they come (issue 35, item 12):
the first ● writes the deal (or correction) pending with that seat's
confirmation in the same append, each later ● its own small "ok" record, so
a power cut between the first ● and the last leaves the result pending,
never gone: after the restart the idle screens ask the seats that had not
confirmed. A result the table then gives up by vote is that entry undone
with the reason. Driven through the emulator on a storage folder; the
board's restart is a new Emulator on the same folder."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

E.hostenv.setup("HOST")


def _emu(tmp_path, seats=4, players=None, mode=2, seed=3):
    emu = E.Emulator(seats=seats, seed=seed, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=players or seats, mode=mode)
    emu.press(0, "o")                       # Start
    return emu


def _records(tmp_path):
    from table.sheet.journal import FileStore, Journal
    return [rec for off, rec in Journal(FileStore(str(tmp_path)), "sheet.tbj").scan()]


class Count:
    """The store's appends and flushes (each flush a flash sync)."""

    def __init__(self, store):
        self.appends = self.flushes = 0
        append, flush = store.append, store.flush

        def a(*x):
            self.appends += 1
            return append(*x)

        def f(*x):
            self.flushes += 1
            return flush(*x)
        store.append, store.flush = a, f


def _screen(emu, seat):
    return " ".join(emu.text(seat))


def test_a_deal_three_of_four_confirmed_is_pending_after_a_power_cut(tmp_path):
    emu = _emu(tmp_path)
    f = E.to_confirm(emu)
    deltas = list(f.deltas)
    n = Count(emu.app.sheet.journal.store)
    assert f.owner == 0 and f.ok[0]         # the ● that ended the form: seat 0's
    for d in (2, 0, 3):
        emu.press(d, "o")                   # (seat 0's second ● says nothing new)
    # one append and one flush a ●: the deal with the owner's ok as the
    # form ended (before the count), then each ok
    assert (n.appends, n.flushes) == (2, 2)
    recs = _records(tmp_path)
    assert [r["t"] for r in recs[-4:]] == ["deal", "ok", "ok", "ok"]
    assert [r["s"] for r in recs[-3:]] == [0, 2, 3]
    # the power goes: the board restarts from the folder
    emu2 = E.Emulator(seats=4, seed=4, record=False, storage=str(tmp_path))
    app = emu2.app
    pe = app.sheet.pending
    assert pe is not None and pe.missing() == [1] and list(pe.deltas) == deltas
    assert type(app.flow).__name__ == "Idle"
    s = _screen(emu2, 0)
    assert "Deal 1: confirm" in s and "waiting for Bernd" in s and "you confirmed" in s, s
    assert "confirm" in _screen(emu2, 1).split("waiting")[-1]
    emu2.press(1, "o")
    assert app.sheet.pending is None and app.scores.count() == 1
    assert app.scores.totals() == deltas and not app.errors


def test_the_last_confirmation_is_one_append_and_the_deal_counts(tmp_path):
    """At four seats a deal costs three appends and three flushes (was one of
    each at the last ●; the entering seat's ok goes with the first other
    seat's); the sheet says it counts only after the last."""
    emu = _emu(tmp_path)
    f = E.to_confirm(emu)
    n = Count(emu.app.sheet.journal.store)
    for d in range(1, 3):
        emu.press(d, "o")
        assert emu.app.sheet.pending is not None and emu.app.scores.count() == 0
    emu.press(3, "o")
    assert (n.appends, n.flushes) == (3, 3)
    assert emu.app.scores.count() == 1 and emu.app.scores.totals() == list(f.deltas)
    assert type(emu.app.flow).__name__ == "Idle" and not emu.app.errors


def test_a_result_the_table_discards_is_its_entry_undone(tmp_path):
    """Two seats confirmed, then the table discards the result: the entry
    the first ● wrote is undone with the reason (one deal record, not a
    second one written to be undone)."""
    emu = _emu(tmp_path, seed=5)
    f = E.to_confirm(emu)
    emu.press(0, "o")
    emu.press(1, "o")
    E.ask(emu, 2, "Discard result")
    for d in (0, 1, 3):
        emu.press(d, "o")
    assert emu.app.vote is None and f.deltas is None and not any(f.ok)
    h = emu.app.sheet.history()
    assert [(x["status"], x.get("why")) for x in h] == [("undone", "result discarded, asked by Clara")]
    recs = [r for r in _records(tmp_path) if r["t"] in ("deal", "ok", "undo")]
    assert [r["t"] for r in recs] == ["deal", "ok", "ok", "undo"]
    # entered again and confirmed by all: it counts
    E.enter(emu, f, None)
    assert emu.app.scores.count() == 1 and not emu.app.errors


def test_the_dealer_sitting_out_confirms_last_and_a_cut_before_leaves_it_pending(tmp_path):
    """Virtual cards at five: the dealer sits the deal out but confirms the
    result on the screens too; the sheet needs only the four players, and
    its last confirmation waits for the table's last ●: a vote can still
    undo the result until then, and a cut before it leaves it pending."""
    from tarock.rng import Rng
    from table.flows.play import Play
    emu = _emu(tmp_path, seats=5, mode=0, seed=7)
    rng = Rng(7)
    while not (isinstance(emu.app.flow, Play) and emu.app.flow.deltas is not None):
        E.bot_step(emu, rng)
    f = emu.app.flow
    c = emu.app.cfg
    out = c.used[c.dealer]
    for d in c.used:
        if f.held[d]:
            emu.press(d, "<")   # the final trick seen: the result
    for d in c.used:
        if d != out:
            emu.press(d, "o")
    e = emu.app.sheet.pending
    assert e is not None and len(e.missing()) == 1 and emu.app.scores.count() == 0
    emu2 = E.Emulator(seats=5, seed=8, record=False, storage=str(tmp_path))
    pe = emu2.app.sheet.pending
    assert pe is not None and len(pe.missing()) == 1 and list(pe.deltas) == list(f.deltas)
    # on the first board the dealer's ● ends it: it counts
    emu.press(out, "o")
    assert emu.app.sheet.pending is None and emu.app.scores.count() == 1
    assert type(emu.app.flow).__name__ == "Idle" and not emu.app.errors


def test_a_correction_confirmed_by_some_is_pending_after_a_power_cut(tmp_path):
    """The sheet view's correction (the entry, prefilled) is journalled as
    it is confirmed too."""
    from table.flows.entry import Entry
    emu = _emu(tmp_path, seed=9)
    E.play_deal(emu, __import__("tarock.rng", fromlist=["Rng"]).Rng(9))
    app = emu.app
    app.go(Entry(app, fix=0))               # as the sheet view's "Correct deal 1"
    f = E.to_confirm(emu)
    emu.press(3, "o")
    emu.press(1, "o")
    assert [r["t"] for r in _records(tmp_path)[-3:]] == ["fix", "ok", "ok"]
    emu2 = E.Emulator(seats=4, seed=10, record=False, storage=str(tmp_path))
    pe = emu2.app.sheet.pending
    assert pe is not None and pe.kind == "fix" and pe.deal_no == 0
    assert sorted(pe.confirmed) == [1, 3] and list(pe.deltas) == list(f.deltas)


def _fix_slip(emu, f):
    """The entering seat's hold ● on the confirm page: back into the form,
    what was entered kept; it steps back to the contract and takes the next
    one (a slip fixed), then on to the confirm page again."""
    seat = f.owner
    e = repr(f.e)
    real = emu.press

    def first(s, key, repeats=0):   # the hold ● that steps back: checked
        emu.press = real
        real(s, key, repeats)
        assert emu.app.vote is None and emu.app.seats[seat].menu is None
        assert f.step == len(f.steps()) - 1 and repr(f.e) == e and not any(f.ok)
    emu.press = first
    try:
        E.fix_contract(emu, f)
    finally:
        emu.press = real


def test_the_entering_seat_fixes_a_slip_before_any_other_confirmation(tmp_path):
    """The ● that ends the form is the owner's confirmation, journalled as
    it comes (a power cut then leaves the result pending): a slip fixed
    before any other seat confirmed undoes it in the journal (kept in the
    history) and journals the fixed result with the owner's ● again."""
    emu = _emu(tmp_path, seed=11)
    f = E.to_confirm(emu)
    recs = _records(tmp_path)
    assert [r["t"] for r in recs[-2:]] == ["deal", "ok"] and recs[-1]["s"] == f.owner
    n = len(recs)
    old = list(f.deltas)
    _fix_slip(emu, f)
    assert [r["t"] for r in _records(tmp_path)[n:]] == ["undo", "deal", "ok"]
    assert list(f.deltas) != old
    for d in range(4):
        emu.press(d, "o")
    assert emu.app.scores.totals() == list(f.deltas) and not emu.app.errors


def test_a_slip_fixed_after_two_confirmations_replays_to_what_the_table_confirmed(tmp_path):
    """Two seats confirmed, then the entering seat fixes the contract: the
    journalled entry is undone (kept in the history), every seat confirms
    the fixed result anew, and the journal replays to it. Another seat's
    hold ● on the confirm page is its own menu, not the fix."""
    from table.sheet.sheet import Sheet
    from table.sheet.journal import FileStore
    emu = _emu(tmp_path, seed=12)
    f = E.to_confirm(emu)
    owner = f.owner
    others = [d for d in range(4) if d != owner]
    old = list(f.deltas)
    emu.press(others[0], "o")
    emu.press(others[1], "o")
    emu.press(others[2], "O")               # not the owner: its menu
    assert emu.app.seats[others[2]].menu is not None and f.deltas == old
    emu.press(others[2], "O")
    _fix_slip(emu, f)
    new = list(f.deltas)
    assert new != old
    recs = [r["t"] for r in _records(tmp_path) if r["t"] in ("deal", "ok", "undo")]
    # the owner's ● (the form's end) with the deal, two more, the undo, and
    # the fixed result with the owner's ● again
    assert recs == ["deal", "ok", "ok", "ok", "undo", "deal", "ok"]
    h = emu.app.sheet.history()
    assert [(x["status"], x["deltas"]) for x in h] == [("undone", old), ("pending", new)]
    assert h[0]["why"] == "changed by " + emu.app.cfg.names[owner]
    for d in range(4):
        emu.press(d, "o")
    app = emu.app
    assert app.scores.count() == 1 and app.scores.totals() == new and not app.errors
    app.sheet.journal.store.close()
    sh = Sheet.open(FileStore(str(tmp_path)))
    assert sh.totals() == new and sh.pending is None and not sh.problems
    assert [(x["status"], x["deltas"]) for x in sh.history()] == [("undone", old), ("final", new)]


def test_a_slip_fixed_then_cut_short_asks_only_the_new_confirmations(tmp_path):
    """Two seats confirmed the slip, the entering seat fixed it and one seat
    confirmed the fix, then the power went: the fixed result is pending
    with that one confirmation; the two given to the slip are asked again."""
    emu = _emu(tmp_path, seed=13)
    f = E.to_confirm(emu)
    owner = f.owner
    others = [d for d in range(4) if d != owner]
    emu.press(others[0], "o")
    emu.press(others[1], "o")
    _fix_slip(emu, f)
    new = list(f.deltas)
    emu.press(others[2], "o")
    emu.app.sheet.journal.store.close()
    emu2 = E.Emulator(seats=4, seed=14, record=False, storage=str(tmp_path))
    app = emu2.app
    pe = app.sheet.pending
    c = app.cfg
    assert pe is not None and list(pe.deltas) == new
    # the fix: the owner's ● that ended the form, the one seat's after it
    assert sorted(pe.confirmed) == sorted([c.table_seat(owner), c.table_seat(others[2])])
    for d in (owner, others[0], others[1]):
        emu2.press(d, "o")
    assert app.sheet.pending is None and app.scores.totals() == new and not app.errors
