"""The director's command line (issue 39): host_tools/tournament/tournament.py.

A whole event through the commands (new, draw, print, standings with a
stand-in for collect.py's interface, season), and bad input answered with
one line on stderr and exit status 2, nothing written."""
import json
import os
import subprocess
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "host_tools", "tournament", "tournament.py")
sys.path.insert(0, os.path.join(ROOT, "host_tools", "tournament"))

import tournament as T  # noqa: E402

NAMES = ["Anna Gruber", "Bert Huber", "Carl Ott", "Dora Lenz", "Emil Berg", "Fritz Mayr",
         "Gabi Koch", "Hans Wolf", "Ida Bauer", "Jan Pichler", "Kurt Egger", "Lena Moser",
         "Max Mayr"]


def players(tmp_path, n=13, csv=True):
    p = tmp_path / ("players.csv" if csv else "players.txt")
    if csv:
        p.write_text("nr,name,club\n" + "".join("%d,%s,%s\n" % (i + 1, nm, "Imst" if i % 2 else "")
                                               for i, nm in enumerate(NAMES[:n])),
                     encoding="utf-8")
    else:
        p.write_text("# the field\n" + "\n".join(NAMES[:n]) + "\n", encoding="utf-8")
    return str(p)


def run(argv, capsys):
    """main() in-process: (exit status, stdout, stderr)."""
    try:
        rc = T.main(argv)
    except SystemExit as x:
        rc = x.code
    out, err = capsys.readouterr()
    return rc, out, err


def results_of(e, rd, status=None, pts=None):
    """Collected rounds for every table of round rd as drawn in the event."""
    out = []
    for t in e["rounds"][str(rd)]["tables"]:
        n = len(t["nr"])
        ps = pts or [30, 10, -15, -25, 0][:n]
        st = (status or {}).get(t["tb"], "ok")
        out.append({"ev": e["ev"], "rd": rd, "tb": t["tb"],
                    "seats": [{"nr": nr, "nm": "x", "pts": p, "kontra": 1}
                              for nr, p in zip(t["nr"], ps)],
                    "n": 16, "g": 16, "early": st == "early", "status": st, "dev": "ab",
                    "sq": 1, "dg": "0" * 16, "source": "T%02d/sheet.tbj" % t["tb"]})
    return out


def stub_collect(monkeypatch, results, refused=(), notes=()):
    seen = []

    def collect(event, sources, prefer=None):
        seen.append((event["ev"], list(sources)))
        return types.SimpleNamespace(results=list(results), refused=list(refused),
                                     notes=list(notes), kept_out={})
    monkeypatch.setitem(sys.modules, "collect", types.SimpleNamespace(collect=collect))
    return seen


def load(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def test_a_whole_event(tmp_path, capsys, monkeypatch):
    evf = str(tmp_path / "ev.json")
    rc, out, err = run(["new", evf, "--preset", "tarockcup", "--players", players(tmp_path),
                        "--title", "Tarockcup Imst", "--date", "2026-12-05", "--id", "TTC26-IMST"],
                       capsys)
    assert rc in (0, None) and "13 players" in out and err == ""
    e = load(evf)
    assert e["ev"] == "TTC26-IMST" and len(e["secret"]) == 32 and e["players"][1]["club"] == "Imst"
    rc, out, err = run(["draw", evf, "--round", "1", "--seed", "42"], capsys)
    assert rc in (0, None) and "42" in out and err == ""
    first = load(evf)["rounds"]["1"]
    assert first["seed"] == 42 and [len(t["nr"]) for t in first["tables"]] == [4, 4, 5]
    # the same seed again (forced): the same seating
    rc, out2, _ = run(["draw", evf, "--round", "1", "--seed", "42", "--force"], capsys)
    assert out2 == out and load(evf)["rounds"]["1"] == first
    outd = tmp_path / "out"
    rc, out, err = run(["print", evf, "--round", "1", "--out", str(outd)], capsys)
    assert rc in (0, None), err
    assert sorted(os.listdir(outd)) == ["T01.json", "T02.json", "T03.json", "hall.txt",
                                        "round1.html", "tables.txt"]
    t3 = load(outd / "T03.json")
    assert len(t3["pl"]) == 5 and t3["g"] == 20 and t3["evn"] == "Tarockcup Imst"
    # standings: round 1 collected, table 2 partial
    e = load(evf)
    seen = stub_collect(monkeypatch, results_of(e, 1, {2: "partial", 3: "early"}),
                        refused=[("x/T09.tbj", "from event OTHER, not TTC26-IMST")],
                        notes=["round 1 table 1 read twice: counted once"])
    rc, out, err = run(["standings", evf, "boards/", "--csv", str(tmp_path / "s.csv"),
                        "--html", str(tmp_path / "s.html")], capsys)
    assert rc in (0, None), err
    assert seen == [("TTC26-IMST", ["boards/"])]
    assert "zählen mit --accept 1/2" in out and "from event OTHER" in out and "read twice" in out
    assert "+30*" in out and "Tische gezählt: R1 2/3" in out
    kept = load(evf)["results"]
    assert sorted(kept) == ["1/1", "1/3"]
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "from event OTHER" in html and "Stand nach Runde 1" in html
    # accepted: counted and kept with its mark
    rc, out, err = run(["standings", evf, "boards/", "--accept", "1/2", "--csv",
                        str(tmp_path / "s.csv"), "--force"], capsys)
    assert rc in (0, None) and "+30!" in out
    assert load(evf)["results"]["1/2"]["accepted"] is True
    # no sources: the kept rounds (the accepted one still counted)
    stub_collect(monkeypatch, [])
    rc, out2, err = run(["standings", evf], capsys)
    assert "+30!" in out2
    # table 1 read again, now altered: no longer counted, no longer kept
    again = results_of(load(evf), 1, {1: "altered"})[:1]
    stub_collect(monkeypatch, again)
    rc, out, err = run(["standings", evf, "boards/"], capsys)
    assert "table 1: altered" in out.replace("Tisch 1: verändert", "table 1: altered")
    assert sorted(load(evf)["results"]) == ["1/2", "1/3"]
    stub_collect(monkeypatch, results_of(load(evf), 1)[:1])
    run(["standings", evf, "boards/"], capsys)
    assert sorted(load(evf)["results"]) == ["1/1", "1/2", "1/3"]
    # a round with results keeps its seating
    rc, out, err = run(["draw", evf, "--round", "1", "--force"], capsys)
    assert rc == 2 and "has results already" in err
    rc, out, err = run(["draw", evf, "--round", "2", "--seed", "7"], capsys)
    assert rc in (0, None) and "Paare, die sich wieder treffen: " in out
    rc, out, err = run(["draw", evf, "--round", "2", "--seed", "7", "--force", "--absent", "4"],
                       capsys)
    assert rc in (0, None) and "nicht dabei: Dora Lenz (4)" in out
    assert 4 not in [nr for t in load(evf)["rounds"]["2"]["tables"] for nr in t["nr"]]
    # the season over this event and a second one
    ev2 = str(tmp_path / "ev2.json")
    run(["new", ev2, "--preset", "tarockcup", "--players", players(tmp_path, 12, csv=False),
         "--id", "TTC26-ZIRL"], capsys)
    run(["draw", ev2, "--round", "1", "--seed", "1"], capsys)
    stub_collect(monkeypatch, results_of(load(ev2), 1))
    run(["standings", ev2, "x"], capsys)
    rc, out, err = run(["season", evf, ev2, "--best", "1", "--lang", "en",
                        "--html", str(tmp_path / "season.html")], capsys)
    assert rc in (0, None), err
    assert "best 1 count" in out and "Anna Gruber" in out
    assert (tmp_path / "season.html").exists()


def test_draw_by_standings_needs_them(tmp_path, capsys, monkeypatch):
    evf = str(tmp_path / "ev.json")
    run(["new", evf, "--preset", "placement", "--players", players(tmp_path, 12)], capsys)
    run(["draw", evf, "--round", "1", "--seed", "3"], capsys)
    rc, out, err = run(["draw", evf, "--round", "2"], capsys)
    assert rc == 2 and "no results of round 1" in err and out == ""
    stub_collect(monkeypatch, results_of(load(evf), 1))
    run(["standings", evf, "x"], capsys)
    rc, out, err = run(["draw", evf, "--round", "2", "--seed", "3"], capsys)
    assert rc in (0, None), err
    e = load(evf)
    assert e["rounds"]["2"]["method"] == "standings"
    # the table winners of round 1 (30 points each: 10 placement points) at table 1
    winners = {t["nr"][0] for t in e["rounds"]["1"]["tables"]}
    assert set(e["rounds"]["2"]["tables"][0]["nr"]) & winners


def bad(args, cwd):
    p = subprocess.run([sys.executable, TOOL, *args], cwd=cwd, capture_output=True, text=True,
                       timeout=60)
    lines = p.stderr.strip("\n").split("\n")
    assert p.returncode == 2, (args, p.stderr)
    assert len(lines) == 1 and "Traceback" not in p.stderr, (args, p.stderr)
    assert p.stdout == "", (args, p.stdout)
    return p.stderr


def test_bad_input_one_line(tmp_path):
    cwd = str(tmp_path)
    pl = players(tmp_path)
    six = tmp_path / "six.txt"
    six.write_text("\n".join(NAMES[:6]) + "\n", encoding="utf-8")
    assert "no such file" in bad(["new", "e.json", "--preset", "tarockcup", "--players",
                                  "nope.csv"], cwd)
    assert "unknown preset" in bad(["new", "e.json", "--preset", "nosuch", "--players", pl], cwd)
    subprocess.run([sys.executable, TOOL, "new", "e6.json", "--preset", "tarockcup",
                    "--players", str(six)], cwd=cwd, check=True, capture_output=True)
    assert "6 players cannot sit at tables of 4 and 5" in bad(["draw", "e6.json", "--round", "1"],
                                                              cwd)
    assert "already there" in bad(["new", "e6.json", "--preset", "tarockcup", "--players", pl],
                                  cwd)
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    assert "not JSON" in bad(["draw", "junk.json", "--round", "1"], cwd)
    (tmp_path / "other.json").write_text('{"t": "tarockbox-sheet"}', encoding="utf-8")
    assert "not a tarockbox event" in bad(["standings", "other.json"], cwd)
    assert "not drawn yet" in bad(["print", "e6.json", "--round", "1", "--out", "o"], cwd)
    assert "rounds 1..3" in bad(["draw", "e6.json", "--round", "5"], cwd)
    assert "R/T" in bad(["standings", "e6.json", "--accept", "0/1"], cwd)
    for v in ("1/2", "1/2=", "1/2=a b"):
        assert "R/T=DEV" in bad(["standings", "e6.json", "--prefer", v], cwd)
    assert "out of range" in bad(["standings", "e6.json", "--prefer", "0/1=ab"], cwd)
    assert "fix, tirol, heine" in bad(["season", "e6.json", "--best", "2", "--points", "x"], cwd)
    assert "--best" in bad(["season", "e6.json", "--best", "0"], cwd)
    assert "given twice" in bad(["season", "e6.json", "e6.json", "--best", "1"], cwd)
    e6 = json.loads((tmp_path / "e6.json").read_text(encoding="utf-8"))
    e6["rounds"] = {"1": {"method": "random", "seed": 1, "tables": [{"tb": 1, "nr": [1, 2],
                                                                      "dl": 0}]}}
    (tmp_path / "edited.json").write_text(json.dumps(e6), encoding="utf-8")
    assert "round 1: table 1 is not" in bad(["print", "edited.json", "--round", "1", "--out", "o"],
                                            cwd)
    dup = tmp_path / "dup.csv"
    dup.write_text("nr,name\n1,Anna\n1,Bert\n", encoding="utf-8")
    assert "start number 1 given twice" in bad(["new", "d.json", "--preset", "tarockcup",
                                                "--players", str(dup)], cwd)
    assert not os.path.exists(tmp_path / "d.json") and not os.path.exists(tmp_path / "o")
    with pytest.raises(SystemExit):
        T.parser().parse_args(["--help"])


def test_a_bad_event_file_is_one_line(tmp_path):
    """Each field of a hand-edited event file of the wrong type: one line on
    stderr and exit status 2 (no traceback), a kept result as a fresh one."""
    import event as E
    base = E.new_event(NAMES[:12], "tarockcup", title="Cup", ev="TC26-BAD", lang="en")
    seat = {"nr": 1, "nm": "Anna", "pts": 5, "kontra": 0}
    kept = {"ev": "TC26-BAD", "rd": 1, "tb": 1, "status": "ok", "n": 16, "g": 16,
            "seats": [dict(seat, nr=i + 1) for i in range(4)]}

    def edit(fn):
        e = json.loads(json.dumps(base))
        fn(e)
        return e
    cases = {
        "games": edit(lambda e: e["format"].update(games=5)),
        "sizes": edit(lambda e: e["format"].update(sizes=4)),
        "draw": edit(lambda e: e["format"].update(draw=3)),
        "tiebreaks None": edit(lambda e: e["format"].update(tiebreaks=None)),
        "place_pts []": edit(lambda e: e["format"].update(rank="placement", place_pts=[])),
        "player 1": edit(lambda e: e["players"].__setitem__(0, "Anna")),
        "nr and pts": edit(lambda e: e["results"].update(
            {"1/1": dict(kept, seats=[dict(seat, pts="5")] + kept["seats"][1:])})),
        "meet_once": edit(lambda e: e["format"].update(meet_once="yes")),
        "kc": edit(lambda e: e["format"].update(kc=True)),
        "title": edit(lambda e: e.update(title=5)),
        "club": edit(lambda e: e["players"][0].update(club=3)),
        "kept as": edit(lambda e: e["results"].update({"1/2": kept})),
        "kontra": edit(lambda e: e["results"].update(
            {"1/1": dict(kept, seats=[dict(seat, kontra=[1])] + kept["seats"][1:])})),
        "round 1: table": edit(lambda e: e["rounds"].update(
            {"1": {"seed": 1, "tables": [{"tb": 1, "nr": [[1], 2, 3], "dl": 0}]}})),
    }
    assert E.validate(base) is None
    for word, e in cases.items():
        (tmp_path / "e.json").write_text(json.dumps(e), encoding="utf-8")
        err = bad(["standings", "e.json"], str(tmp_path))
        assert word in err and err.startswith("tournament.py: error: e.json: "), (word, err)


def test_standings_after_a_round_keep_the_later_rounds(tmp_path, capsys, monkeypatch):
    evf = str(tmp_path / "ev.json")
    run(["new", evf, "--preset", "tarockcup", "--players", players(tmp_path, 12),
         "--lang", "en"], capsys)
    run(["draw", evf, "--round", "1", "--seed", "1"], capsys)
    run(["draw", evf, "--round", "2", "--seed", "2"], capsys)
    e = load(evf)
    both = results_of(e, 1) + results_of(e, 2)
    stub_collect(monkeypatch, both)
    run(["standings", evf, "boards/"], capsys)
    every = ["1/1", "1/2", "1/3", "2/1", "2/2", "2/3"]
    assert sorted(load(evf)["results"]) == every
    # the standings after round 1, the boards read again: round 2 stays kept
    rc, out, err = run(["standings", evf, "boards/", "--round", "1"], capsys)
    assert rc in (0, None), err
    assert "Standings after round 1" in out and " R2 " not in out
    assert sorted(load(evf)["results"]) == every
    # ... and a round 2 not read now stays kept too
    stub_collect(monkeypatch, results_of(e, 1))
    run(["standings", evf, "boards/", "--round", "1"], capsys)
    assert sorted(load(evf)["results"]) == every
    rc, out, err = run(["standings", evf], capsys)
    assert "Final standings" not in out and "tables counted: R1 3/3, R2 3/3" in out


# ---------------------------------------------------------------- real boards
def boards_event(tmp_path, capsys, rounds=1):
    """An event of 12 players drawn for `rounds` rounds (English outputs)."""
    evf = str(tmp_path / "ev.json")
    run(["new", evf, "--preset", "tarockcup", "--players", players(tmp_path, 12),
         "--id", "TC26-BRD", "--lang", "en"], capsys)
    for rd in range(1, rounds + 1):
        run(["draw", evf, "--round", str(rd), "--seed", str(rd)], capsys)
    return evf


def played(tmp_path, evf, rd, tb, dev, seed=1):
    """A board's journal with round rd, table tb played and signed (fake.py)."""
    import fake
    folder = str(tmp_path / ("%s-%d-%d" % (dev, rd, tb)))
    sh = fake.open_board(folder)
    fake.table_round(sh, load(evf), rd, tb, dev, seed=seed)
    sh.journal.store.close()
    return os.path.join(folder, "sheet.tbj")


def test_two_devices_claiming_a_table_keep_a_kept_copy_out_until_preferred(tmp_path, capsys):
    evf = boards_event(tmp_path, capsys)
    a = played(tmp_path, evf, 1, 1, "aa11", seed=1)
    c = played(tmp_path, evf, 1, 2, "cc33", seed=3)
    rc, out, err = run(["standings", evf, a, c], capsys)
    assert rc in (0, None), err
    assert "tables counted: R1 2/3" in out and load(evf)["results"]["1/1"]["dev"] == "aa11"
    # another device claims table 1: the copy kept from the first run counts no more
    b = played(tmp_path, evf, 1, 1, "bb22", seed=2)
    rc, out, err = run(["standings", evf, a, b, c], capsys)
    assert rc in (0, None), err
    assert "tables counted: R1 1/3" in out, out
    assert "round 1 table 1 claimed by two devices" in out
    assert "round 1 table 1: the copy counted before (dev aa11) counts no more" in out
    assert "count one with --prefer 1/1=DEVICE" in out
    assert "claimed by two devices" in load(evf)["results"]["1/1"]["held"]
    # ... in later runs too, with or without the boards
    for srcs in ([], [a], [c]):
        rc, out, err = run(["standings", evf, *srcs], capsys)
        assert "tables counted: R1 1/3" in out and "kept out" in out, (srcs, out)
    # the director decides
    rc, out, err = run(["standings", evf, a, b, c, "--prefer", "1/1=bb22"], capsys)
    assert rc in (0, None), err
    assert "tables counted: R1 2/3" in out, out
    r = load(evf)["results"]["1/1"]
    assert r["dev"] == "bb22" and "held" not in r
    rc, out, err = run(["standings", evf], capsys)
    assert "tables counted: R1 2/3" in out
    # a held copy alone (no board given): another device preferred keeps it
    # out, its own device counts it
    evf2 = str(tmp_path / "ev2.json")
    e = load(evf)
    e["results"]["1/1"] = dict(json.loads(json.dumps(e["results"]["1/1"])), held="claimed")
    with open(evf2, "w", encoding="utf-8") as fh:
        json.dump(e, fh)
    assert "R1 1/3" in run(["standings", evf2, "--prefer", "1/1=aa11"], capsys)[1]
    rc, out, err = run(["standings", evf2, "--prefer", "1/1=bb22"], capsys)
    assert "R1 2/3" in out and "dev bb22's round counts: the director chose it" in out
