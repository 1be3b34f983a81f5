"""A restart resumes exactly (issue 35, item 10): the party journals the
table's mode and the display each seat sits at, and App._resume brings back
mode, language, seats and dealer, so the next deal goes on as it would
have; a table-wide question open when the power went is asked again on the
screens (everyone answers anew), or, when the flow it was about is gone,
the screens say it was dropped and the journal closes it. Driven through
the emulator on a storage folder; the board's restart is a new Emulator on
the same folder."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

E.hostenv.setup("HOST")


def _restart(emu, tmp_path, seed):
    emu.app.sheet.journal.store.close()
    return E.Emulator(seats=emu.n, seed=seed, record=False, storage=str(tmp_path))


def _ask(emu, seat, label):
    E.ask(emu, seat, label)
    assert emu.app.vote is not None and emu.app.vote.by == seat


def _table(tmp_path, seed, deals=1):
    """Four players, score only, `deals` deals entered."""
    from tarock.rng import Rng
    emu = E.Emulator(seats=4, seed=seed, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2)
    emu.press(0, "o")
    for _ in range(deals):
        E.play_deal(emu, Rng(seed))
    return emu


def _cfg(app):
    c = app.cfg
    return (c.mode, list(c.used), c.language(), c.dealer, c.family, c.preset, list(c.names))


def test_a_restart_resumes_mode_seats_language_and_dealer(tmp_path):
    """Four players at five screens, seats on displays 1, 2, 4, 5 (the Seats
    row), the dealing aid, German: after a deal the board restarts; every
    screen is as it was and the next deal opens in the dealing aid."""
    from tarock.rng import Rng
    from table.flows.setup import Setup, ROWS
    emu = E.Emulator(seats=5, seed=41, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=1, lang="de")
    f = emu.app.flow
    assert isinstance(f, Setup)
    while f.cur != ROWS.index("Seats"):
        emu.press(0, "<")
    while emu.app.cfg.used != [0, 1, 3, 4]:
        emu.press(0, "o")
    while f.cur != ROWS.index("Start"):
        emu.press(0, ">")
    emu.press(0, "o")                       # Start
    E.play_deal(emu, Rng(41))
    before = _cfg(emu.app)
    screens = [emu.text(i) for i in range(5)]
    emu2 = _restart(emu, tmp_path, 42)
    assert _cfg(emu2.app) == before
    assert [emu2.text(i) for i in range(5)] == screens
    emu.press(1, "o")
    emu2.press(1, "o")                      # the next deal, on both boards
    assert type(emu2.app.flow).__name__ == "Aid"
    assert [emu2.text(i) for i in range(5)] == [emu.text(i) for i in range(5)]
    assert not emu2.app.errors


def test_an_open_question_is_asked_again_after_a_restart(tmp_path):
    emu = _table(tmp_path, 43)
    _ask(emu, 2, "End party")
    emu.press(0, "o")                       # Anna said yes before the power went
    assert emu.app.sheet.vote == {"what": "end", "by": 2, "arg": None}
    emu2 = _restart(emu, tmp_path, 44)
    v = emu2.app.vote
    assert v is not None and (v.what, v.by, v.yes) == ("end", 2, [2])   # everyone anew
    assert emu2.text(0)[:2] == ["=Clara asks the table:=", "End the party?"]
    assert emu2.text(0)[-1] == "\u25cf yes     \u25c0 no"
    for d in (0, 1, 3):
        emu2.press(d, "o")
    assert emu2.app.sheet.party.over and emu2.app.vote is None
    assert emu2.app.sheet.vote is None
    emu3 = _restart(emu2, tmp_path, 45)
    assert emu3.app.vote is None and emu3.app.sheet.vote is None


def test_a_withdrawn_question_stays_withdrawn(tmp_path):
    emu = _table(tmp_path, 46)
    _ask(emu, 1, "New table")
    emu.press(3, "<")                       # David says no
    assert emu.app.vote is None and emu.app.sheet.vote is None
    emu2 = _restart(emu, tmp_path, 47)
    assert emu2.app.vote is None and not emu2.app.note


def test_a_question_whose_screen_is_gone_is_said_dropped(tmp_path):
    """"Abort this deal?" asked while a virtual deal is played: after the
    restart the deal is gone (nothing of it was written); the screens say
    the question was dropped, and it is closed."""
    from tarock.rng import Rng
    emu = E.Emulator(seats=4, seed=48, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=0)
    emu.press(0, "o")
    emu.press(0, "o")                       # the deal starts
    rng = Rng(48)
    for _ in range(4):
        E.bot_step(emu, rng)
    _ask(emu, 1, "Abort deal")
    emu2 = _restart(emu, tmp_path, 49)
    app = emu2.app
    assert app.vote is None and type(app.flow).__name__ == "Idle"
    for d in range(4):
        assert emu2.text(d)[-1] == "=Bernd's question dropped=", emu2.text(d)
    emu2.press(2, ">")                      # read: the note goes, the question is closed
    assert not any("dropped" in x for d in range(4) for x in emu2.text(d))
    assert app.sheet.vote is None
    emu3 = _restart(emu2, tmp_path, 50)
    assert emu3.app.vote is None and not emu3.app.note


def test_abort_asked_with_a_result_half_confirmed_is_asked_again_and_undoes_it(tmp_path):
    """Two seats confirmed an entered result, a third asked to abort the
    deal, the power went: the result is pending, the question asked again;
    carried, the pending result is undone with the reason."""
    emu = _table(tmp_path, 51, deals=0)
    E.to_confirm(emu)
    emu.press(0, "o")
    emu.press(1, "o")
    _ask(emu, 2, "Abort deal")
    emu2 = _restart(emu, tmp_path, 52)
    app = emu2.app
    assert app.sheet.pending is not None and app.vote is not None and app.vote.what == "abort"
    for d in (0, 1, 3):
        emu2.press(d, "o")
    assert app.sheet.pending is None and app.vote is None and app.scores.count() == 0
    h = app.sheet.history()
    assert [(x["status"], x.get("why")) for x in h] == [("undone", "deal aborted, asked by Clara")]
    assert not app.errors
