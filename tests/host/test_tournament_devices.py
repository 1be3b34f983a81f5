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
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "host_tools", "tournament", "tournament.py")
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import device_runs as G  # noqa: E402

E.hostenv.setup("HOST")

from tarock.rng import Rng  # noqa: E402
from table.sheet import tround  # noqa: E402
from table.sheet.journal import FileStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402


def tool(*args):
    p = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


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


def schrift(folder, rd, nr):
    """Round rd's Schriftpunkte by start number from the device's journal:
    per deal its deltas less their Kontra part, seats as the table file
    sat them."""
    sh = Sheet.open(FileStore(folder))
    (pa,) = [p for p in sh.parties if p.tn and p.tn["rd"] == rd]
    out = {}
    for k in range(pa.n_deals):
        kt = pa.kontra_of(k) or [0] * pa.n
        for i in range(pa.n):
            out[nr[i]] = out.get(nr[i], 0) + pa.deltas_of(k)[i] - kt[i]
    return out, pa.n_deals


@pytest.mark.parametrize("n", [12, 13])
def test_a_tournament_on_one_emulated_device_per_table(tmp_path, n):
    plist = tmp_path / "players.txt"
    plist.write_text("\n".join("Spieler %s" % chr(65 + i) for i in range(n)) + "\n",
                     encoding="utf-8")
    evf = str(tmp_path / "ev.json")
    tool("new", evf, "--preset", "tarockcup", "--players", str(plist), "--id", "TTC26-EMU")
    devices = tmp_path / "devices"
    want = {}
    for rd in (1, 2, 3):
        tool("draw", evf, "--round", str(rd), "--seed", str(rd))
        out = tmp_path / ("print%d" % rd)
        tool("print", evf, "--round", str(rd), "--out", str(out))
        with open(evf, encoding="utf-8") as fh:
            tables = json.load(fh)["rounds"][str(rd)]["tables"]
        for t in tables:
            src = out / ("T%02d.json" % t["tb"])
            with open(src, encoding="utf-8") as fh:
                tf = json.load(fh)
            folder = devices / ("table%02d" % t["tb"])
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, folder / "tourney.json")      # (mpremote cp T03.json :tourney.json)
            play_round(str(folder), tf, virtual=(n == 12 and rd == 1 and t["tb"] == 1),
                       seed=100 * rd + t["tb"])
            pts, deals = schrift(str(folder), rd, [p["nr"] for p in tf["pl"]])
            assert deals == tf["g"] == (20 if len(tf["pl"]) == 5 else 16)
            for nr in pts:
                want[nr] = want.get(nr, 0) + pts[nr]
        csvf = tmp_path / ("s%d.csv" % rd)
        text = tool("standings", evf, str(devices), "--csv", str(csvf))
        assert "Nicht gezählt" not in text, text
    with open(evf, encoding="utf-8") as fh:
        e = json.load(fh)
    assert len(e["results"]) == 3 * (n // 4)
    rows = [line.split(",") for line in csvf.read_text(encoding="utf-8-sig").splitlines()[1:]]
    got = {int(r[1]): int(r[6]) for r in rows}
    assert got == want and len(got) == n
    assert [int(r[6]) for r in rows] == sorted(got.values(), reverse=True)
    # every device read again (three rounds each): counted once, the same standings
    again = tool("standings", evf, str(devices))
    assert again.splitlines()[2:2 + n] == text.splitlines()[2:2 + n]
