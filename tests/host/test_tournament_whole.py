"""A whole tournament through the director's commands (issue 39, "Tests and
figures"): 12 players (three tables), then 13 (a five-table), three rounds of
16 games (20 at the five-table) journalled by the firmware's own Sheet on one
board folder per table (collect.py's fake.py: valid Königrufen results, every
deal confirmed, every seat signing the round), the journals collected by
`standings` after each round, and the standings compared with an independent
recomputation from the per-deal deltas (each less its Kontra part: the
Schriftpunkte)."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "host_tools", "tournament")
sys.path.insert(0, HERE)

import fake  # noqa: E402  (puts firmware/ first on sys.path)
import tournamentkit as K  # noqa: E402


@pytest.mark.parametrize("n", [12, 13])
def test_whole_tournament(tmp_path, n):
    def play(rd, t, tf, path):
        folder = str(tmp_path / ("r%d" % rd) / ("T%02d" % t["tb"]))
        sh = fake.open_board(folder)
        tn = {"ev": tf["ev"], "rd": rd, "tb": t["tb"], "g": tf["g"], "min": tf["min"],
              "nr": [p["nr"] for p in tf["pl"]]}
        fake.play_round(sh, tn, [p["nm"] for p in tf["pl"]], tf["k"], "d%02d" % t["tb"],
                        seed=10 * rd + t["tb"], dealer=tf["dl"])
        sh.journal.store.close()
        return folder
    K.tournament(tmp_path, n, "TTC26-TEST", play, lambda rd: [str(tmp_path / ("r%d" % rd))])
