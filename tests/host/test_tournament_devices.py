"""A whole tournament played by bots on emulated devices (issue 39, "Tests
and figures"): 12 players on three tables, then 13 with a five-table, three
rounds of 16 games (20 at the five-table). One device per table (its
storage folder keeps every round's journal, as a board does): for each
round the director's tool draws and prints the table files, each is copied
to its table's device as tourney.json (mpremote's job), the device powers
up on the round's card, a seat presses ●, the bots enter every game's
result through the screens (physical cards: mode "score"; the first round
of table 1 plays virtual cards through the screens instead), every seat
signs. The director's `standings` reads the devices' folders; its CSV is
compared with an independent recomputation from each journal's per-deal
deltas (less their Kontra part) and the table files' seating."""
import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import device_runs as G  # noqa: E402
import tournamentkit as K  # noqa: E402

E.hostenv.setup("HOST")

from tarock.rng import Rng  # noqa: E402
from table.sheet import tround  # noqa: E402


def play_round(folder, tf, virtual, seed):
    """The table's device powers up on the round's card; ● starts it; the
    bots play its games; every seat signs. Every screen checked."""
    n = len(tf["pl"])
    emu = E.Emulator(seats=n, seed=seed, record=False, storage=folder)
    emu.watch = G.Recorder(checks=True)
    app = emu.app
    assert type(app.flow).__name__ == "Tourney" and not app.flow.why, app.flow.why
    app.cfg.mode = 0 if virtual else 2
    emu.press(n - 1, "o")
    pa = app.sheet.party
    assert pa.tn == tround.tn_of(tf)
    rng = Rng(seed)
    for _ in range(tf["g"]):
        assert E.play_deal(emu, rng)
    assert pa.over and pa.why == "deals"
    for seat in range(n):
        emu.press(seat, "o")
    assert pa.rounds and pa.rounds[-1]["sg"] == list(range(n)), app.errors
    assert app.errors == []


@pytest.mark.parametrize("n", [12, 13])
def test_a_tournament_on_one_emulated_device_per_table(tmp_path, n):
    devices = tmp_path / "devices"

    def play(rd, t, tf, path):
        folder = devices / ("table%02d" % t["tb"])
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, folder / "tourney.json")      # (mpremote cp T03.json :tourney.json)
        play_round(str(folder), tf, virtual=(n == 12 and rd == 1 and t["tb"] == 1),
                   seed=100 * rd + t["tb"])
        return str(folder)
    # every device keeps all its rounds: the standings read them all each time
    K.tournament(tmp_path, n, "TTC26-EMU", play, lambda rd: [str(devices)])
