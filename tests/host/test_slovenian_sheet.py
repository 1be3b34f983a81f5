"""Slovenian rules that live on the score sheet (seeds/002), on the
screens of the real app in the emulator: every player's Elo and its change
in the last deal on the idle and score-sheet screens, the ratings kept by
player name across tables; the table's creator (the seat that started the
table) and his abort of the party."""
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
    assert emu.app.sheet.totals() == [52, 52, -52, 52]
    assert emu.text(0)[2] == "rank 1/4  Elo 1512 (+12)"
    assert emu.text(2)[2] == "rank 4/4  Elo 1464 (-36)"
    emu.press(1, ">")           # the whole sheet
    assert emu.text(1)[1:] == ["1 deals        Elo",
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
    emu.app.book.finish()      # the party is open (no end condition)
    emu2 = E.Emulator(seats=4, seed=7, record=False, storage=str(tmp_path))
    assert type(emu2.app.flow).__name__ == "Setup"
    E.setup_table(emu2, family="slovenian", players=4)
    emu2.press(0, "o")
    # before the deal: the ratings as the last table left them, no change yet
    sh = emu2.app.sheet
    assert [r for r, ch in sh.elo()] == [1512, 1512, 1464, 1512]
    assert [ch for r, ch in sh.elo()] == [0, 0, 0, 0]


def test_other_families_show_no_elo():
    from tarock.rng import Rng
    emu = E.Emulator(seats=4, seed=5, record=False)
    E.setup_table(emu, family="koenigrufen")
    emu.press(0, "o")
    E.play_deal(emu, Rng(5))
    assert emu.text(0)[2] == "rank %d of 4" % int(emu.text(0)[2].split()[1])
    emu2 = _slovenian(preset="standard")     # elo_k 0: no rating
    E.play_deal(emu2, Rng(5))
    assert "Elo" not in emu2.text(0)[2]
