"""Slovenian rules that live on the score sheet (seeds/002), on the
screens of the real app in the emulator: every player's Elo and its change
in the last deal on the idle and score-sheet screens, the ratings kept by
player name across tables; the table's creator (the seat that started the
table) and his abort of the party. And French "game to 1000" (seeds/003):
a total of exactly 1000 goes on, 1001 ends the party."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402


def _slovenian(seed=5, storage=None, starter=0, mode=0, preset=None):
    emu = E.Emulator(seats=4, seed=seed, record=False, storage=storage)
    emu.app.strict = True
    E.setup_table(emu, family="slovenian", players=4, mode=mode, preset=preset)
    emu.press(starter, "o")     # this seat starts the table: its creator
    return emu


def test_elo_after_a_deal_on_idle_and_sheet_screens():
    """Seed 5: Anna, Bernd and David +52, Clara -52, everyone at 1500. By
    hand (K = 24, E = 1/2 between equal ratings): a winner scores 1/2
    against each other winner and 1 against Clara, 1/2 over expectation:
    +12; Clara 0 against three, 3/2 under: -36."""
    from tarock.rng import Rng
    emu = _slovenian()
    E.play_deal(emu, Rng(5))
    assert emu.app.scores.totals() == [52, 52, -52, 52]
    # the idle screen: every total and the deal's change, large (issue 37);
    # the Elo one press away, on the whole sheet
    assert emu.text(0)[1:5] == ["=Anna        +52 (+52)=", "Bernd       +52 (+52)",
                                "David       +52 (+52)", "Clara       -52 (-52)"]
    emu.press(1, ">")           # the whole sheet
    assert emu.text(1)[1:] == ["1 deal         Elo",
                               "Anna       +52 1512 +12",
                               "Bernd      +52 1512 +12",
                               "Clara      -52 1464 -36",
                               "David      +52 1512 +12"]


def test_elo_kept_by_name_across_tables(tmp_path):
    """A new table with the same names (the journal on flash, the board
    restarted) starts from the ratings the players have."""
    from tarock.rng import Rng
    emu = _slovenian(storage=str(tmp_path))
    E.play_deal(emu, Rng(5))
    emu.app.sheet.finish()      # the party is open (no end condition)
    emu2 = E.Emulator(seats=4, seed=7, record=False, storage=str(tmp_path))
    assert type(emu2.app.flow).__name__ == "Setup"
    E.setup_table(emu2, family="slovenian", players=4)
    emu2.press(0, "o")
    # before the deal: the ratings as the last table left them, no change yet
    sh = emu2.app.scores
    assert [r for r, ch in sh.elo()] == [1512, 1512, 1464, 1512]
    assert [ch for r, ch in sh.elo()] == [0, 0, 0, 0]


def test_other_families_show_no_elo():
    from tarock.rng import Rng
    emu = E.Emulator(seats=4, seed=5, record=False)
    E.setup_table(emu, family="koenigrufen")
    emu.press(0, "o")
    E.play_deal(emu, Rng(5))
    emu.press(0, ">")           # the whole sheet: no Elo column
    assert "Elo" not in " ".join(emu.text(0))
    emu2 = _slovenian(preset="standard")     # elo_k 0: no rating
    E.play_deal(emu2, Rng(5))
    emu2.press(0, ">")
    assert "Elo" not in " ".join(emu2.text(0))


ITEM = "Abort the party (-25)"


def _lines(emu, disp):
    """The screen's lines after the title, the selection's < > taken off."""
    out = []
    for x in emu.text(disp)[1:]:
        if x.startswith("< ") and x.endswith(" >"):
            x = x[2:-2]
        out.append(x)
    return out


def _menu(emu, disp):
    """Open display disp's menu; its items as the screen shows them."""
    emu.press(disp, "O")
    return _lines(emu, disp)


def _close(emu, disp):
    emu.press(disp, "O")
    assert emu.app.seats[disp].menu is None


def _pick(emu, disp, label):
    items = emu.app.seats[disp].menu.items
    while items[emu.app.seats[disp].menu.i] != label:
        emu.press(disp, ">")
    emu.press(disp, "o")


def test_the_creator_is_the_seat_that_started_the_table():
    emu = _slovenian(starter=2, mode=1)
    assert emu.app.sheet.party.creator == 2
    emu = _slovenian(starter=1, mode=1)
    assert emu.app.sheet.party.creator == 1


def test_creator_aborts_in_the_first_round_before_dealing_after_confirming():
    """Deal + score, the dealing aid of the first deal, the dealer (Anna)
    has not dealt: Clara set the table up; only her menu offers the abort,
    it takes a second screen; ◀ there goes back, ● aborts: -25 for her,
    ratings unchanged, the party over."""
    emu = _slovenian(starter=2, mode=1)
    assert type(emu.app.flow).__name__ == "Aid"
    r0 = dict(emu.app.sheet.ratings())
    for d in (0, 1, 3):
        assert ITEM not in _menu(emu, d)
        _close(emu, d)
    assert ITEM in _menu(emu, 2)
    _pick(emu, 2, ITEM)
    t = emu.text(2)
    assert t[0] == "=Abort the party?=" and t[-1] == "\u25cf abort    \u25c0 back"
    assert "costs you 25 points;" in " ".join(t)
    assert not emu.app.sheet.party.over           # not before he confirms
    emu.press(2, "<")                            # back: nothing happened
    assert ITEM in _lines(emu, 2) and not emu.app.sheet.party.over
    emu.press(2, "o")
    emu.press(2, "o")                            # confirmed
    pa = emu.app.sheet.party
    assert pa.over and pa.why == "abort" and pa.aborted == 2
    assert emu.app.scores.totals() == [0, 0, -25, 0]
    assert emu.app.sheet.ratings() == r0
    assert type(emu.app.flow).__name__ == "Idle"
    assert emu.text(0)[0] == "party aborted by Clara"
    assert emu.text(2)[2] == "David   +0 [Clara  -25]", emu.text(2)


def test_no_abort_once_the_cards_are_dealt():
    """The dealer's ● in the dealing aid: the cards are dealt; the creator
    (here the dealer himself) is not offered the abort any more, and the
    sheet refuses it."""
    from table.sheet.sheet import SheetError
    emu = _slovenian(starter=0, mode=1)
    assert ITEM in _menu(emu, 0)
    _close(emu, 0)
    emu.press(0, "o")                            # Anna deals
    assert emu.app.flow.stage == 2 and emu.app.dealt() == 1
    assert ITEM not in _menu(emu, 0)
    _close(emu, 0)
    try:
        emu.app.sheet.abort(0, dealt=emu.app.dealt())
        raise AssertionError("abort taken after dealing")
    except SheetError as e:
        assert "dealt" in str(e)
    assert not emu.app.sheet.party.over


def test_no_abort_from_the_second_round():
    """After the first deal, neither between deals nor in the second deal's
    aid before its cards are dealt ("Ab der zweiten Runde ist ein Abbruch
    auch vor dem Mischen nicht möglich")."""
    from tarock.rng import Rng
    emu = _slovenian(starter=0, mode=1)
    E.play_deal(emu, Rng(3))
    assert emu.app.scores.count() == 1
    assert ITEM not in _menu(emu, 0)             # the idle screens
    _close(emu, 0)
    emu.press(0, "o")                            # the second deal's dealing aid
    assert type(emu.app.flow).__name__ == "Aid" and emu.app.flow.stage == 1
    for d in range(4):
        assert ITEM not in _menu(emu, d)
        _close(emu, d)
    assert not emu.app.sheet.may_abort(0, emu.app.dealt())


def test_other_seats_never_and_virtual_or_score_only_deals_are_dealt():
    """A seat that did not set the table up is never offered it; with
    virtual cards the device deals as the deal starts, and a score entry is
    for a deal already dealt: no abort there; the standard Slovenian
    profile (no abort_points) and other families never offer it."""
    for mode in (0, 2):
        emu = _slovenian(starter=1, mode=mode)
        assert emu.app.dealt() == 1
        f = emu.app.flow
        while type(f).__name__ == "Entry" and f.step > 0:
            emu.press(f.owner, "O")   # to the first step: past it hold ● is the menu
        for d in range(4):
            assert ITEM not in _menu(emu, d)
            _close(emu, d)
    emu = _slovenian(starter=0, mode=1, preset="standard")
    assert not [x for x in _menu(emu, 0) if x.startswith("Abort the party")]
    emu = E.Emulator(seats=4, seed=5, record=False)
    E.setup_table(emu, family="koenigrufen", mode=1)
    emu.press(0, "o")
    assert not [x for x in _menu(emu, 0) if x.startswith("Abort the party")]


def test_a_new_party_at_the_table_keeps_its_creator():
    emu = _slovenian(starter=3, mode=1)
    _menu(emu, 3)
    _pick(emu, 3, ITEM)
    emu.press(3, "o")
    assert emu.app.sheet.party.over
    first = emu.app.sheet.party
    emu.press(0, "o")                            # ● new party (any seat in play)
    assert emu.app.sheet.party is not first and emu.app.sheet.party.creator == 3
    assert ITEM in _menu(emu, 3)


def _french_1000(first_points):
    """French '1000' at four, score only, entered on the screens: Bernd's
    prise with no bout and first_points (25 + points - 56 from each: Anna
    pays it), then Anna's garde contre with 3 bouts and 68 points:
    6 x (25 + 32) = 342 from each, +1026 for her."""
    from tarock.rng import Rng
    from tarock.french import score as FS, profiles as FP
    emu = E.Emulator(seats=4, seed=1, record=False)
    emu.app.strict = True
    E.setup_table(emu, family="french", preset="1000", players=4, mode=2)
    emu.press(0, "o")

    def deal(seat, contract, points, bouts):
        def target(e):
            s = FS.Summary(contract, e.app.sheet.seats().index(seat), 4)
            s.halves = 2 * points
            s.bouts = bouts
            return E.entry_values(e, s)
        E.play_deal(emu, Rng(0), entry=target)
    deal(1, FP.PRISE, first_points, 0)
    assert not emu.app.sheet.party.over
    deal(0, FP.GARDE_CONTRE, 68, 3)
    return emu


def test_french_party_at_exactly_1000_goes_on():
    emu = _french_1000(57)          # Anna: -26, then +1026
    assert emu.app.sheet.party.end == {"over": 1000}
    assert emu.app.scores.totals()[0] == 1000 and not emu.app.sheet.party.over
    assert emu.text(0)[-1] == "\u25cf next deal"


def test_french_party_at_1001_ends():
    emu = _french_1000(56)          # Anna: -25, then +1026
    assert emu.app.scores.totals()[0] == 1001
    assert emu.app.sheet.party.over and emu.app.sheet.party.why == "target"
    assert emu.text(0)[0] == "party over: 2 deals" and emu.text(0)[-1] == "\u25cf new party"


def test_no_abort_from_the_setup_form():
    """The table asked for a new table before the first deal was dealt: on
    the setup form the old party is not offered for abort (Start finishes
    it)."""
    emu = _slovenian(starter=0, mode=1)
    emu.app.propose(0, "new")
    emu.app.refresh()   # the question on the screens: presses answer it now
    for d in (1, 2, 3):
        emu.press(d, "o")
    assert type(emu.app.flow).__name__ == "Setup"
    assert ITEM not in _menu(emu, 0)
