"""What the whole-tournament tests share (test_tournament_whole.py on
generated boards, test_tournament_devices.py on emulated devices): the
director's CLI run as a process, three rounds of an event drawn, printed,
played by the caller's play(), collected by `standings` after each round,
and the standings compared with an independent recomputation from each
board's journal: per deal its deltas less their Kontra part (the
Schriftpunkte), by the start numbers the table file seated. Not a test
module (no test_ prefix)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "host_tools", "tournament", "tournament.py")


def tool(*args):
    p = subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def schrift(folder, rd, nr):
    """Round rd's Schriftpunkte by start number from the board's journal,
    and its deals."""
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    sh = Sheet.open(FileStore(folder))
    (pa,) = [p for p in sh.parties if p.tn and p.tn["rd"] == rd]
    out = {}
    for k in range(pa.n_deals):
        kt = pa.kontra_of(k) or [0] * pa.n
        for i in range(pa.n):
            out[nr[i]] = out.get(nr[i], 0) + pa.deltas_of(k)[i] - kt[i]
    sh.journal.store.close()
    return out, pa.n_deals


def tournament(tmp_path, n, ev, play, sources):
    """n players, three rounds of the Tarockcup preset. play(rd, table of
    the draw, its table file) plays that table's round and returns the
    folder of the board's journal; sources(rd) is what `standings` reads
    after round rd. Returns the event file's path."""
    plist = tmp_path / "players.txt"
    plist.write_text("\n".join("Spieler %s" % chr(65 + i) for i in range(n)) + "\n",
                     encoding="utf-8")
    evf = str(tmp_path / "ev.json")
    tool("new", evf, "--preset", "tarockcup", "--players", str(plist), "--id", ev)
    want = {}
    text = ""
    csvf = None
    for rd in (1, 2, 3):
        tool("draw", evf, "--round", str(rd), "--seed", str(rd))
        out = tmp_path / ("print%d" % rd)
        tool("print", evf, "--round", str(rd), "--out", str(out))
        with open(evf, encoding="utf-8") as fh:
            tables = json.load(fh)["rounds"][str(rd)]["tables"]
        for t in tables:
            with open(out / ("T%02d.json" % t["tb"]), encoding="utf-8") as fh:
                tf = json.load(fh)
            folder = play(rd, t, tf, out / ("T%02d.json" % t["tb"]))
            pts, deals = schrift(folder, rd, [p["nr"] for p in tf["pl"]])
            assert deals == tf["g"] == (20 if len(tf["pl"]) == 5 else 16)
            for nr in pts:
                want[nr] = want.get(nr, 0) + pts[nr]
        csvf = tmp_path / ("s%d.csv" % rd)
        text = tool("standings", evf, *sources(rd), "--csv", str(csvf))
        assert "Nicht gezählt" not in text, text
    with open(evf, encoding="utf-8") as fh:
        e = json.load(fh)
    assert len(e["results"]) == 3 * (n // 4) and csvf is not None
    rows = [line.split(",") for line in csvf.read_text(encoding="utf-8-sig").splitlines()[1:]]
    got = {int(r[1]): int(r[6]) for r in rows}
    assert got == want and len(got) == n
    assert [int(r[6]) for r in rows] == sorted(got.values(), reverse=True)
    # every round read again: counted once, the same standings
    again = tool("standings", evf, *sources(3), *sources(2), *sources(1))
    assert again.splitlines()[2:2 + n] == text.splitlines()[2:2 + n]
    return evf
