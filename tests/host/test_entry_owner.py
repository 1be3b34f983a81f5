"""The score entry belongs to the seat that opened it (issue 37, item 4):
the other seats see it live, but their ◀ ▶ ● do not change it (their hold ●
still opens their own menu). Before, any seat's buttons drove the shared
form: seat 0's ▶ turned the contract while seat 2 was entering, seat 3's ●
took the step. Driven through the emulator."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

E.hostenv.setup("HOST")


def _entry(opener, seats=4, mode=2, seed=3, storage=None):
    """A table of `seats` in score-only mode; display `opener` opens the entry."""
    emu = E.Emulator(seats=seats, seed=seed, record=False, storage=storage)
    E.setup_table(emu, players=seats, mode=mode)
    emu.press(opener, "o")
    return emu


def _state(f):
    return (f.step, repr(f.e), f.item, f.row)


def test_other_seats_presses_do_not_move_the_entry():
    emu = _entry(2)
    f = emu.app.flow
    assert type(f).__name__ == "Entry"
    # the opener declares: the entry opens on the contract
    assert f.steps()[f.step][1] == "contract" and f.e["declarer"] == f._pos(2)
    before = _state(f)
    emu.press(0, ">")                   # seat 0's ▶: not its entry
    assert _state(f) == before
    emu.press(3, "o")                   # seat 3's ●: does not take the step
    emu.press(1, "<")
    assert _state(f) == before
    # every screen shows the entry as it stands
    assert emu.text(0)[0] == emu.text(2)[0] and emu.text(0)[-1] == emu.text(2)[-1]
    emu.press(0, "O")                   # seat 0's hold ●: its own menu
    assert emu.app.seats[0].menu is not None and _state(f) == before
    emu.press(0, "O")
    emu.press(2, ">")                   # the entering seat moves it
    assert f.e["contract"] != eval(before[1])["contract"]
    emu.press(2, "o")
    assert f.step > before[0] and not emu.app.errors


def test_the_other_seats_see_who_enters():
    emu = _entry(2)
    assert "Clara enters" in " ".join(emu.text(0))
    assert "Clara enters" not in " ".join(emu.text(2))


def test_the_dealing_aid_entry_is_the_seat_that_opened_it():
    from tarock.rng import Rng
    emu = _entry(0, mode=1, seed=5)
    rng = Rng(5)
    while type(emu.app.flow).__name__ == "Aid" and emu.app.flow.stage < 2:
        E.bot_step(emu, rng)
    emu.press(3, "o")                   # seat 3 opens the score entry
    f = emu.app.flow
    assert type(f).__name__ == "Entry" and f.owner == 3
    before = _state(f)
    emu.press(1, "o")
    emu.press(0, ">")
    assert _state(f) == before
    emu.press(3, "o")
    assert f.step > before[0]


def test_a_corrections_confirm_page_says_each_seats_change_old_and_new():
    """Issue 37: a correction's confirm page showed only the new deltas;
    each seat in the deal now reads what the deal gave it before and now,
    large (old → new), every seat on its own screen."""
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "bench"))
    import presses_sheet as PS
    from table import lang
    from table.flows.entry import Entry
    emu = E.Emulator(seats=4, seed=21, record=False)
    E.setup_table(emu, players=4, mode=2, family="slovenian")
    for _ in range(2):
        emu.press(0, "o")
        E.enter(emu, emu.app.flow, E.entry_values(emu, PS._summary(36)))
    pa = emu.app.sheet.party
    old = pa.deltas_of(0)
    seat = emu.app.cfg.used[pa.seats_of(0)[0]]
    emu.keys(seat, "<<ooo")
    f = emu.app.flow
    assert isinstance(f, Entry) and f.fix == 0
    emu.keys(seat, ">+++o")          # 36 -> 41 points (held ▶), then the list
    while not f.confirming():
        emu.press(seat, "o")
    new = f.deltas
    assert new != old
    for d in range(4):
        t = emu.text(d)
        assert t[2] in (lang.t("fix_for_you") % (old[d], new[d]),
                        "%+d \u2192 %+d" % (old[d], new[d])), t


def test_a_corrections_confirm_page_fits_five_seats_waiting():
    """Its old → new on the own line, not a row more: five seats, a name
    list of who is still to confirm on two rows, nothing falls off (a row
    of "before" had pushed the waiting names off the glass)."""
    import screencheck
    from table.flows.entry import Entry
    for fam, players in (("koenigrufen", 5), ("french", 5), ("slovenian", 4)):
        emu = E.Emulator(seats=5, seed=21, record=False)
        E.setup_table(emu, players=players, mode=2, family=fam)
        for _ in range(2):
            emu.press(emu.app.cfg.used[0], "o")
            E.enter(emu, emu.app.flow, None)
        pa = emu.app.sheet.party
        seat = emu.app.cfg.used[pa.seats_of(0)[0]]
        emu.keys(seat, "<<ooo")
        f = emu.app.flow
        assert isinstance(f, Entry) and f.fix == 0
        while not f.confirming():
            emu.press(seat, "o")
        for d in range(5):
            assert not screencheck.clipped(emu.app.deck, emu.app.model(d)), (fam, d, emu.text(d))


def test_an_eight_letter_name_on_the_confirm_page_is_marked_not_cut():
    """Nothing cut (issue 37): the others' changes name a player in seven
    columns; an eight-letter name is shortened with its "." (compat.shorten),
    never its last letter dropped unmarked."""
    names = ["Johannes", "Bernhard", "Clara", "David"]
    emu = E.Emulator(seats=4, seed=21, record=False)
    E.setup_table(emu, players=4, mode=2, names=names)
    emu.press(0, "o")
    E.to_confirm(emu)
    for d in (2, 3):
        t = " ".join(emu.text(d))
        for nm in names[:2]:
            assert (nm + " ") in t or (nm[:6] + ". ") in t, (nm, t)
