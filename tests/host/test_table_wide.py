"""Table-wide actions need the table (issue 21, item 8): aborting a deal,
discarding a result, setting up a new table, ending the party happen only
once every seat in play (cfg.used) has said yes on its own screen; a no
withdraws the proposal; a screen not in the game is offered none of them; a
long ● at one seat opens only its own menu, never steps back an entry others
are confirming; a result the table gave up stays on the score sheet, undone
with its reason. Driven through the emulator with button presses."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import screencheck  # noqa: E402

E.hostenv.setup("HOST")

TABLE_WIDE = ("Discard result", "Abort deal", "End party", "New table")


def _emu(seats=4, players=None, mode=0, seed=3):
    emu = E.Emulator(seats=seats, seed=seed, record=False)
    E.setup_table(emu, players=players or seats, mode=mode)
    emu.press(0, "o")                       # Start
    return emu


def _items(emu, seat):
    """The seat's menu items (opened with a long ●, closed again)."""
    emu.press(seat, "O")
    m = emu.app.seats[seat].menu
    assert m is not None and emu.text(seat)[0].startswith("=Menu")
    items = list(m.items)
    emu.press(seat, "O")                    # hold ● in the menu: closed
    assert emu.app.seats[seat].menu is None
    return items


def _ask(emu, seat, label):
    """Seat opens its menu and chooses label (a table-wide action)."""
    E.ask(emu, seat, label)
    assert emu.app.vote is not None and emu.app.vote.by == seat


def _screens(emu):
    return [emu.text(i) for i in range(emu.n)]


def _to_result(emu, rng):
    """Bots play the virtual deal until its result is on the screens."""
    from table.flows.play import Play
    while not (isinstance(emu.app.flow, Play) and emu.app.flow.deltas is not None):
        E.bot_step(emu, rng)
    return emu.app.flow


def _to_confirm(emu):
    """The score entry with its defaults, up to the confirm step."""
    from table.flows.entry import Entry
    assert isinstance(emu.app.flow, Entry)
    return E.to_confirm(emu)


def test_abort_deal_waits_for_every_seat_in_play():
    from tarock.rng import Rng
    from table.flows.play import Play
    from table.flows.idle import Idle
    emu = _emu(seats=4, seed=5)
    rng = Rng(5)
    for _ in range(6):
        E.bot_step(emu, rng)
    f = emu.app.flow
    log = list(f.deal.log)
    _ask(emu, 1, "Abort deal")
    assert emu.text(1) == ["=You ask the table:=", "Abort this deal?", "still to answer:",
                           "Anna Clara David", "\u25c0 withdraw"]
    assert emu.text(0) == ["=Bernd asks the table:=", "Abort this deal?", "still to answer:",
                           "Anna Clara David", "\u25cf yes     \u25c0 no"]
    emu.press(0, "o")
    assert emu.text(0)[-1] == "you said yes  \u25c0 no"
    emu.press(0, "o")                       # a second yes counts once
    emu.press(2, "o")
    for i in range(4):
        assert emu.text(i)[2:4] == ["still to answer:", "David"]
    assert emu.app.flow is f and f.deal.log == log    # refused: David has not answered
    emu.press(3, "o")
    assert isinstance(emu.app.flow, Idle) and emu.app.vote is None
    assert emu.app.scores.count() == 0
    assert emu.app.scores.sheet.history() == []        # no result yet: nothing to keep
    assert not emu.app.errors
    assert not isinstance(emu.app.flow, Play)


def test_a_no_withdraws_and_every_screen_is_back():
    from tarock.rng import Rng
    emu = _emu(seats=4, seed=7)
    rng = Rng(7)
    for _ in range(5):
        E.bot_step(emu, rng)
    f = emu.app.flow
    before = _screens(emu)
    # a no after a yes
    _ask(emu, 2, "Abort deal")
    emu.press(0, "o")
    emu.press(3, "<")
    assert emu.app.vote is None and emu.app.flow is f
    assert _screens(emu) == before
    # the asker's ◀, and the asker's hold ●
    for key in "<O":
        _ask(emu, 2, "New table")
        emu.press(1, "o")
        emu.press(2, key)
        assert emu.app.vote is None and emu.app.flow is f
        assert _screens(emu) == before
    # a seat that had its own menu open gets it back after the vote
    emu.press(1, "O")
    emu.press(1, ">")
    menu1 = emu.text(1)
    _ask(emu, 0, "Abort deal")
    assert emu.text(1)[1] == "Abort this deal?"   # the question over its menu
    emu.press(1, "<")
    assert emu.text(1) == menu1
    emu.press(1, "O")                       # its menu closed
    assert _screens(emu) == before
    assert emu.app.flow is f and not emu.app.errors
    # the deal goes on as if nothing happened
    E.play_deal(emu, rng)
    assert emu.app.scores.count() == 1


def test_a_screen_not_in_the_game_is_offered_nothing_table_wide():
    """4 players at 5 screens: seat 5's menu has Resume and Scores only, in
    every flow; its buttons do not answer a proposal, which the four decide."""
    from tarock.rng import Rng
    from table.flows.setup import Setup
    from table.flows.idle import Idle
    emu = _emu(seats=5, players=4, seed=8)
    assert emu.app.cfg.used == [0, 1, 2, 3]
    rng = Rng(8)
    for _ in range(3):
        E.bot_step(emu, rng)
    assert _items(emu, 4) == ["Resume", "Scores"]
    assert "Abort deal" in _items(emu, 0) and "New table" in _items(emu, 0)
    E.play_deal(emu, rng)
    assert isinstance(emu.app.flow, Idle)
    assert _items(emu, 4) == ["Resume", "Scores"]
    assert _items(emu, 3) == ["Resume", "Scores", "End party", "New table"]
    # a playing seat asks for a new table: seat 5 sees it, cannot answer
    _ask(emu, 3, "New table")
    assert emu.text(4)[:4] == ["=David asks the table:=", "Set up a new table?",
                               "still to answer:", "Anna Bernd Clara"]
    assert emu.text(4)[-1] == "(not playing)"
    emu.keys(4, "o<o")
    assert emu.app.vote is not None
    emu.press(4, "O")                       # its own menu, only its own
    assert emu.text(4)[0].startswith("=Menu") and emu.app.seats[4].menu.items == ["Resume",
                                                                                  "Scores"]
    emu.press(4, "O")
    emu.press(0, "o")
    emu.press(1, "o")
    assert isinstance(emu.app.flow, Idle)  # Clara has not answered
    emu.press(2, "o")
    assert isinstance(emu.app.flow, Setup)
    # the party was not ended by one seat: it ends when the new one starts
    assert not emu.app.scores.sheet.party.over


def test_new_table_from_a_deal_needs_every_seat_and_keeps_the_result():
    from tarock.rng import Rng
    from table.flows.setup import Setup
    emu = _emu(seats=4, seed=11)
    f = _to_result(emu, Rng(11))
    emu.press(0, "o")                       # Anna confirms the result
    _ask(emu, 2, "New table")
    for i in (0, 1):
        emu.press(i, "o")
        assert emu.app.flow is f and emu.app.scores.count() == 0
    emu.press(3, "o")
    assert isinstance(emu.app.flow, Setup)
    h = emu.app.scores.sheet.history()
    assert [(x["status"], x.get("why")) for x in h] == [("undone", "new table, asked by Clara")]
    assert h[0]["deltas"] == list(f.deltas)
    assert emu.app.scores.count() == 0


def test_abort_after_the_result_keeps_it_undone():
    """A played deal aborted on its result screen, and an entered one on its
    confirm step: the sheet has the entry, undone with the reason."""
    from tarock.rng import Rng
    from table.flows.idle import Idle
    emu = _emu(seats=4, seed=12)
    f = _to_result(emu, Rng(12))
    _ask(emu, 0, "Abort deal")
    for i in (1, 2, 3):
        emu.press(i, "o")
    assert isinstance(emu.app.flow, Idle)
    h = emu.app.scores.sheet.history()
    assert [(x["status"], x.get("why")) for x in h] == [("undone", "deal aborted, asked by Anna")]
    assert h[0]["deltas"] == list(f.deltas)
    assert emu.app.scores.count() == 0 and emu.app.scores.totals() == [0, 0, 0, 0]

    emu = _emu(seats=4, mode=2, seed=13)
    f = _to_confirm(emu)
    _ask(emu, 3, "Abort deal")
    for i in (0, 1, 2):
        emu.press(i, "o")
    assert isinstance(emu.app.flow, Idle)
    h = emu.app.scores.sheet.history()
    assert [(x["status"], x.get("why")) for x in h] == [("undone", "deal aborted, asked by David")]
    assert h[0]["deltas"] == list(f.deltas)
    assert not emu.app.errors


def test_long_press_during_the_confirmation_is_one_seats_own():
    """On the confirm step a seat's hold ● opens its own menu: the form does
    not step back, the result and the confirmations stay, no other screen
    changes. Discarding the result is the table's: then the entry is on the
    sheet, undone, and the form is back at its last step to be corrected."""
    from table.flows.idle import Idle
    for players in (4, 5):
        emu = _emu(seats=players, mode=2, seed=14)
        f = _to_confirm(emu)
        c = emu.app.cfg
        # two seats of the deal (at five the dealer sits out and confirms nothing)
        a, b = c.used[f.seats[0]], c.used[f.seats[1]]
        deltas = list(f.deltas)
        step = f.step
        emu.press(a, "o")                   # a confirms
        assert f.ok[a]
        assert emu.text(b)[-1] == "\u25cf confirm  hold: menu"
        before = _screens(emu)
        emu.press(b, "O")
        assert emu.text(b)[0] == "=Menu - %s=" % c.names[b]
        assert emu.app.seats[b].menu.items == ["Resume", "Scores", "Discard result",
                                               "Abort deal", "New table"]
        assert [emu.text(i) for i in range(players) if i != b] == \
            [before[i] for i in range(players) if i != b]
        assert f.step == step and f.deltas == deltas and f.ok[a]
        emu.press(b, "o")                   # Resume
        assert _screens(emu) == before
        # b asks to discard it: refused until every seat in play said yes
        # (at five the dealer too: the table decides, not only the deal)
        _ask(emu, b, "Discard result")
        assert emu.text(a)[:2] == ["=%s asks the table:=" % c.names[b], "Discard the result?"]
        for i in c.used:
            if i == b:
                continue
            # a's ● wrote the result, pending (issue 35: journalled as it comes)
            assert f.deltas == deltas
            assert [x["status"] for x in emu.app.scores.sheet.history()] == ["pending"]
            emu.press(i, "o")
        assert emu.app.vote is None
        assert f.step == step - 1 and f.deltas is None and not any(f.ok)
        h = emu.app.scores.sheet.history()
        assert [(x["status"], x.get("why")) for x in h] == \
            [("undone", "result discarded, asked by " + c.names[b])]
        assert h[0]["deltas"] == deltas
        # corrected (here: the same again) and confirmed by everyone
        E.enter(emu, f, None)
        assert isinstance(emu.app.flow, Idle)
        h = emu.app.scores.sheet.history()
        assert [x["status"] for x in h] == ["undone", "final"]
        assert emu.app.scores.count() == 1 and not emu.app.errors


def test_the_form_still_steps_back_before_the_confirmation():
    """Before the result is there, the entering seat's hold ● steps the
    form back (an edit like ◀ ▶); at the first step it is its menu. Another
    seat's hold ● is its own menu, the form stays (issue 37: the entry is
    the seat's that opened it)."""
    emu = _emu(seats=4, mode=2, seed=15)
    f = emu.app.flow
    owner = f.owner
    other = (owner + 2) % 4
    emu.press(owner, "O")                  # (it opened past the opener's declarer pick)
    assert f.step == 0
    emu.press(owner, "o")
    assert f.step == 1
    emu.press(other, "O")
    assert f.step == 1 and emu.app.seats[other].menu is not None
    emu.press(owner, "O")
    assert f.step == 0 and emu.app.seats[owner].menu is None
    emu.press(owner, "O")
    assert emu.app.seats[owner].menu is not None


def test_end_party_needs_every_seat():
    from tarock.rng import Rng
    from table.flows.idle import Idle
    emu = _emu(seats=4, seed=16)
    rng = Rng(16)
    E.play_deal(emu, rng)
    assert isinstance(emu.app.flow, Idle)
    _ask(emu, 0, "End party")
    assert emu.text(1)[1] == "End the party?"
    emu.press(1, "o")
    emu.press(2, "o")
    assert not emu.app.scores.sheet.party.over
    emu.press(3, "<")                       # David says no
    assert emu.app.vote is None and not emu.app.scores.sheet.party.over
    _ask(emu, 3, "End party")
    for i in (0, 1, 2):
        emu.press(i, "o")
    pa = emu.app.scores.sheet.party
    assert pa.over and pa.why == "finish" and pa.n_deals == 1
    assert isinstance(emu.app.flow, Idle)
    assert "party over: 1 deal" in emu.text(0)
    assert "End party" not in _items(emu, 0)
    emu.press(0, "o")                       # ● new party: the same table plays on
    assert not emu.app.scores.sheet.party.over


def test_cut_taken_back_only_by_the_cutter():
    """Dealing aid: after the cut, another seat's hold ● is its own menu;
    the cutter's takes the cut back."""
    from table.flows.aid import Aid, CUT, DEAL
    emu = _emu(seats=4, mode=1, seed=17)
    f = emu.app.flow
    assert isinstance(f, Aid) and f.stage == CUT
    cutter = emu.app.cfg.used[f.cutter]
    emu.press(cutter, "o")
    assert f.stage == DEAL
    other = (cutter + 1) % 4
    emu.press(other, "O")
    assert f.stage == DEAL and emu.app.seats[other].menu is not None
    emu.press(cutter, "O")
    assert f.stage == CUT


def test_vote_screens_fit_with_long_names():
    """Every vote screen (asker, each voter before and after yes, a screen
    not in the game) fits 128 pixels with 8-letter names at five seats."""
    from table import ui
    from table.app import ASK
    emu = E.Emulator(seats=5, seed=18, record=False)
    E.setup_table(emu, players=4, names=["Bernhard", "Clarissa", "Dietrich", "Emmerich",
                                         "Fridolin"])
    emu.press(0, "o")
    app = emu.app
    for what in ASK:
        app.propose(1, what)
        for step in range(3):
            for i in range(5):
                rows = app.model(i)
                assert not screencheck.clipped(app.deck, rows), (what, i, ui.to_text(app.deck, rows))
                assert len(rows) <= 6
            app.vote.yes.append(app.vote.waiting()[0])
        app.vote = None


# ---------------------------------------------------------------- issue 35, item 13
# A vote is its own screen with its own answer: a seat's press counts only
# once that seat's display has shown the question (App keeps what each
# screen shows: Vote.seen). On the board the screens are drawn one at a
# time between polls of the buttons, so a press can come in before its
# seat's screen is redrawn; the emulator redraws after every press, so the
# tests deliver such presses with app.on_event before app.refresh().

def _on(emu, seat, key):
    """A press that reaches the app before any screen is redrawn."""
    b, k = E.KEYS[key]
    emu.app.on_event(seat, b, k)


def _ask_unseen(emu, seat, label):
    """The seat chooses a table-wide action from its menu; the other
    screens are not redrawn yet."""
    emu.press(seat, "O")
    m = emu.app.seats[seat].menu
    while m.items[m.i] != label:
        emu.press(seat, ">")
    _on(emu, seat, "o")
    assert emu.app.vote is not None and emu.app.vote.by == seat


def test_a_confirmation_of_the_result_never_answers_a_vote_it_did_not_see():
    """Three seats confirm the result while the fourth's "Abort deal" is
    still being drawn on their screens: their ● are not a yes (the deal is
    not aborted); once the question is on their screens, one ● each is."""
    from table.flows.idle import Idle
    emu = _emu(seats=4, mode=2, seed=19)
    f = _to_confirm(emu)
    _ask_unseen(emu, 3, "Abort deal")
    for d in (0, 1, 2):
        _on(emu, d, "o")                   # meant for the result screen
    v = emu.app.vote
    assert v is not None and v.yes == [3] and emu.app.flow is f and f.deltas is not None
    # only the owner's ● that ended the form: the result pending with it
    h = emu.app.scores.sheet.history()
    assert [x["status"] for x in h] == ["pending"] and [d for d in range(4) if f.ok[d]] == [f.owner]
    emu.app.refresh()                       # the question on every screen
    assert emu.text(0)[1] == "Abort this deal?"
    for d in (0, 1, 2):
        emu.press(d, "o")                   # one ● each: yes
    assert isinstance(emu.app.flow, Idle) and emu.app.vote is None
    assert not emu.app.errors


def test_a_choice_in_a_seats_own_menu_is_not_a_yes_to_another_seats_vote():
    """Clara's menu is open on "New table"; Anna asks to end the party; Clara's
    ● aimed at her menu neither says yes nor asks for a new table."""
    from tarock.rng import Rng
    emu = _emu(seats=4, mode=2, seed=20)
    E.play_deal(emu, Rng(20))
    emu.press(2, "O")
    m = emu.app.seats[2].menu
    while m.items[m.i] != "New table":
        emu.press(2, ">")
    _ask_unseen(emu, 0, "End party")
    _on(emu, 2, "o")
    v = emu.app.vote
    assert v is not None and (v.what, v.by, v.yes) == ("end", 0, [0])
    assert not emu.app.scores.sheet.party.over
    emu.app.refresh()
    assert emu.text(2)[1] == "End the party?"
    emu.press(2, "<")                       # now a no: withdrawn
    assert emu.app.vote is None and emu.text(2)[0].startswith("=Menu")


def test_end_party_is_not_offered_while_a_result_is_pending(tmp_path):
    """A result the power cut short is pending on the idle screens: the menu
    offers "Discard result", not "End party" (the sheet cannot end a party
    with an entry pending); discarded by the table, "End party" is back."""
    emu = E.Emulator(seats=4, seed=21, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2)
    emu.press(0, "o")
    f = _to_confirm(emu)
    emu.press(0, "o")
    emu.press(1, "o")
    emu.app.sheet.journal.store.close()
    emu = E.Emulator(seats=4, seed=22, record=False, storage=str(tmp_path))
    assert emu.app.sheet.pending is not None
    items = _items(emu, 2)
    assert "End party" not in items and "Discard result" in items
    _ask(emu, 2, "Discard result")
    for d in (0, 1, 3):
        emu.press(d, "o")
    assert emu.app.sheet.pending is None and not emu.app.errors
    h = emu.app.sheet.history()
    assert [(x["status"], x.get("why")) for x in h] == [("undone", "result discarded, asked by Clara")]
    assert h[0]["deltas"] == list(f.deltas)
    assert "End party" in _items(emu, 2)


def test_a_question_is_journalled_while_it_is_open():
    emu = _emu(seats=4, mode=2, seed=23)
    book = emu.app.sheet
    _to_confirm(emu)
    _ask(emu, 1, "Abort deal")
    assert book.vote == {"what": "abort", "by": 1, "arg": None}
    emu.press(1, "<")                       # withdrawn
    assert book.vote is None
    _ask(emu, 1, "Abort deal")
    for d in (0, 2, 3):
        emu.press(d, "o")                   # one ● each
    assert book.vote is None and emu.app.vote is None
