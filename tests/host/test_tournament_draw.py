"""The director's draw and printouts (issue 39 items 1-2): host_tools/tournament/
event.py, draw.py, hall.py.

Draws reproducible from their seed, every player seated once, five-tables
(and Slovenian tables of four) where the count asks, counts that cannot be
seated refused in one line, no pair meeting twice where the format asks (or
the fewest the pigeonhole allows), one player from each third, the fixed
advancement; the table files as the device reads them (every field in
range, names of the device's wheel, unique at the table, the key as the
shared formula says)."""
import hashlib
import html
import itertools
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "tournament"))

import draw as D  # noqa: E402
import event as E  # noqa: E402
import hall as H  # noqa: E402

NAMES = ["Anna Gruber", "Anna Huber", "Hans-Peter Müller", "Łukasz Żółć", "Ævar Ørsted",
         "Zoë O'Brien", "Jean-François Lefèvre", "Ćiril Šušteršič", "Max Mayr", "Max Mayr",
         "Max Meier", "Dora Lenz", "Emil Berg", "Gabi Koch", "Ida Bauer", "Jan Pichler",
         "Kurt Egger", "Lena Moser", "Olga Ott", "Paul Pröll", "Rita Rainer", "Sepp Stöckl"]


def ev(n, preset="tarockcup", names=None):
    names = names or [NAMES[i] if i < len(NAMES) else "Spieler %s" % chr(65 + i % 26)
                      for i in range(n)]
    return E.new_event(names[:n], preset, title="Tarockcup Imst", date="2026-12-05",
                       secret="5e" * 16)


def play(e, rounds, seed=1):
    for rd in range(1, rounds + 1):
        e["rounds"][str(rd)] = D.draw_round(e, rd, seed=seed + rd)
    return [e["rounds"][str(rd)]["tables"] for rd in range(1, rounds + 1)]


def sizes_of(tables):
    return [len(t["nr"]) for t in tables]


# ---------------------------------------------------------------- the event
def test_table_key_is_the_shared_formula():
    want = hashlib.sha256(b"abc/TTC26-IMST/2/7").hexdigest()[:16]
    assert E.table_key("abc", "TTC26-IMST", 2, 7) == want
    e = ev(12)
    assert len(e["secret"]) == 32 and E.new_secret() != E.new_secret()
    assert E.EV_RE.match(e["ev"])


def test_presets_are_valid_and_cite_nothing_missing():
    for name in E.PRESETS:
        e = ev(12, name)
        f = e["format"]
        assert len(f["draw"]) == f["rounds"]
        for s in f["sizes"]:
            assert 1 <= f["games"][str(s)] <= 60
    assert E.PRESETS["tarockcup"]["games"] == {"4": 16, "5": 20}
    assert E.PRESETS["kaernten"]["games"]["4"] == 20
    assert E.PRESETS["placement"]["place_pts"]["5"] == [p + 1 for p in [10, 8, 6, 4]] + [3]
    assert E.PRESETS["slovenia"]["games"]["3"] == 21 and E.PRESETS["slovenia"]["minutes"] == 90
    assert E.PRESETS["french"]["rounds"] == 5 and E.PRESETS["french"]["games"]["4"] == 4
    with pytest.raises(E.EventError, match="unknown preset"):
        E.preset("nosuch")


def test_event_refuses_twice_the_same_number():
    with pytest.raises(E.EventError, match="twice"):
        E.new_event([{"nr": 3, "name": "A"}, {"nr": 3, "name": "B"}], "tarockcup")


# ---------------------------------------------------------------- sizes
def test_sizes_five_tables_and_refusals():
    assert D.table_sizes(13, [4, 5]) == [4, 4, 5]
    assert D.table_sizes(12, [4, 5]) == [4, 4, 4]
    assert D.table_sizes(15, [4, 5]) == [5, 5, 5]
    assert D.table_sizes(9, [4, 5]) == [4, 5]
    for n in (1, 2, 3, 6, 7, 11):
        with pytest.raises(D.DrawError) as x:
            D.table_sizes(n, [4, 5])
        assert "\n" not in str(x.value) and "12 or more" in str(x.value)
    for n in range(12, 200):
        s = D.table_sizes(n, [4, 5])
        assert sum(s) == n and set(s) <= {4, 5}


def test_slovenian_tables_of_three_with_fours():
    assert D.table_sizes(9, [3, 4]) == [3, 3, 3]
    assert D.table_sizes(10, [3, 4]) == [3, 3, 4]
    assert D.table_sizes(11, [3, 4]) == [3, 4, 4]
    for n in (1, 2, 5):
        with pytest.raises(D.DrawError, match="tables of 3 and 4"):
            D.table_sizes(n, [3, 4])


# ---------------------------------------------------------------- the draws
@pytest.mark.parametrize("n", [4, 5, 8, 9, 10, 12, 13, 14, 19, 40, 41])
def test_every_player_seated_once(n):
    e = ev(n)
    for tables in play(e, 3):
        assert D.check_seating(e, tables) == []
        assert sorted(sizes_of(tables)) == sorted(D.table_sizes(n, [4, 5]))


def test_reproducible_from_the_seed():
    a, b, c = ev(13), ev(13), ev(13)
    assert play(a, 3, seed=5) == play(b, 3, seed=5)
    assert play(a, 3, seed=5) != play(c, 3, seed=6)
    d = D.draw_round(a, 1, seed=None)
    assert isinstance(d["seed"], int)
    assert D.draw_round(a, 1, seed=d["seed"])["tables"] == d["tables"]


def test_twelve_players_three_rounds_fewest_second_meetings():
    """Twelve at three tables of four cannot avoid a second meeting: each
    table of round 2 takes four players from round 1's three tables, so two
    of them come from the same one (pigeonhole): at least one pair a table,
    3 in round 2. In round 3 each table again holds two of a round-1 table
    and two of a round-2 table: at least 2 earlier meetings a table, 6. The
    draw reaches that minimum."""
    e = ev(12)
    r1, r2, r3 = play(e, 3)
    assert D.repeats(r2, D.met_pairs([r1])) == 3
    assert D.repeats(r3, D.met_pairs([r1, r2])) == 6
    # without the flag nothing is avoided: the same seeds meet more often
    f = ev(12)
    f["format"]["meet_once"] = False
    g1, g2, g3 = play(f, 3)
    assert D.repeats(g2, D.met_pairs([g1])) + D.repeats(g3, D.met_pairs([g1, g2])) > 9


def test_twenty_players_never_meet_twice():
    e = ev(20)
    rounds = play(e, 3)
    for k in range(1, 3):
        assert D.repeats(rounds[k], D.met_pairs(rounds[:k])) == 0
    pairs = [p for ts in rounds for t in ts for p in itertools.combinations(sorted(t["nr"]), 2)]
    assert len(pairs) == len(set(pairs)) == 3 * 5 * 6


def test_thirds():
    e = ev(9, "slovenia")
    d = D.draw_round(e, 1, seed=3)
    assert d["method"] == "thirds"
    for t in d["tables"]:
        assert sorted((nr - 1) // 3 for nr in t["nr"]) == [0, 1, 2]
    # ten: bands 1-4, 5-7, 8-10; each table one of each, the four-table the extra
    e = ev(10, "slovenia")
    tables = D.draw_round(e, 1, seed=3)["tables"]
    assert sizes_of(tables) == [3, 3, 4]
    band = {nr: 0 if nr <= 4 else 1 if nr <= 7 else 2 for nr in range(1, 11)}
    for t in tables:
        assert {band[nr] for nr in t["nr"]} == {0, 1, 2}
    assert sorted(band[nr] for nr in tables[2]["nr"]) == [0, 0, 1, 2]


def test_fixed_advancement():
    e = ev(20)
    e["format"]["draw"] = ["random", "fixed", "fixed"]
    r1, r2, r3 = play(e, 3)
    where = {nr: (t["tb"] - 1, s) for t in r1 for s, nr in enumerate(t["nr"])}
    for rd, tables in ((2, r2), (3, r3)):
        for t in tables:
            for s, nr in enumerate(t["nr"]):
                t0, s0 = where[nr]
                assert s == s0 and t["tb"] - 1 == (t0 + s0 * (rd - 1)) % 5
    # five tables: steps 1..3 and 2..6 are never 0 mod 5, so nobody meets twice
    assert D.repeats(r2, D.met_pairs([r1])) == 0 and D.repeats(r3, D.met_pairs([r1, r2])) == 0
    # 13: the five-table keeps its fifth seat; every size stays
    e = ev(13)
    e["format"]["draw"] = ["random", "fixed", "fixed"]
    for tables in play(e, 3):
        assert sizes_of(tables) == [4, 4, 5] and D.check_seating(e, tables) == []
    # round 2 fixed without round 1: refused
    e = ev(12)
    e["format"]["draw"] = ["random", "fixed", "fixed"]
    with pytest.raises(D.DrawError, match="draw round 1 first"):
        D.draw_round(e, 2, seed=1)


def test_by_standings_keeps_the_order_and_avoids_meetings():
    ranked = list(range(1, 21))
    tables = D.draw_standings(ranked, [4, 5], 1)
    assert [sorted(t["nr"]) for t in tables] == [ranked[i:i + 4] for i in range(0, 20, 4)]
    # round 1 seated exactly so: the search must trade order for new tables
    met = D.met_pairs([[{"nr": ranked[i:i + 4]} for i in range(0, 20, 4)]])
    tables = D.draw_standings(ranked, [4, 5], 1, met)
    assert D.repeats(tables, met) == 0
    # and stays as near the order as that allows: each table takes four of
    # round 1's five tables (one player each) and misses one; the distances
    # |table - round-1 table| summed are 40 less the missed ones' distances,
    # at most 4+2+0+2+4: 28 is the least
    off = sum(abs(i - (nr - 1) // 4) for i, t in enumerate(tables) for nr in t["nr"])
    assert off == 28 and 1 in tables[0]["nr"]
    e = ev(12, "placement")
    with pytest.raises(D.DrawError, match="by the standings"):
        D.draw_round(e, 2, seed=1)


# ---------------------------------------------------------------- printouts
def check_wheel(name):
    assert 1 <= len(name) <= H.MAX_NAME, name
    assert all(c in H.LETTERS or c in H.LOWER or c == " " or c.isdigit() for c in name), name
    assert name == " ".join(name.split()), name


def test_device_names():
    got = H.device_names(["Anna Gruber", "Anna Huber", "Hans-Peter Müller", "Łukasz Żółć"])
    assert got == ["Anna G", "Anna H", "Hans", "Lukasz"]
    got = H.device_names(["Max Mayr", "Max Mayr", "Max Meier", "Ævar Ørsted"])
    assert len({g.casefold() for g in got}) == 4 and got[3] == "Aevar"
    got = H.device_names(["Christopher Huber", "Christopher Hubmann", "ßabine", "123"])
    for g in got:
        check_wheel(g)
    assert len({g.casefold() for g in got}) == 4
    assert H.translit("Jean-François") == "Jean François"


def test_device_names_keep_digits_and_mark_namesakes_plainly():
    tx = H._firmware("table.text")
    assert tx is None or all(tx.has_glyph(d, tx.SMALL) and tx.has_glyph(d, tx.LARGE)
                             for d in "0123456789")     # the fonts have the digits
    assert H.device_names(["Player4", "Player2", "Player7", "Player5"]) == \
        ["Player4", "Player2", "Player7", "Player5"]
    assert H.device_names(["Spieler10", "Spieler11", "Spieler1"]) == \
        ["Spiele10", "Spiele11", "Spieler1"]
    assert H.device_names(["Anna", "Anna", "Anna"]) == ["Anna", "Anna 2", "Anna 3"]
    # surnames alike but for an accent tell nobody apart: a plain number
    assert H.device_names(["Anna Ärger", "Anna Arger", "Bert"]) == ["Anna", "Anna 2", "Bert"]
    got = H.device_names(["Max Mayr", "Max Mayr", "Max Meier", "Max Mayr", "Max Mayr"])
    assert got == ["Max Ma", "Max Ma 2", "Max Me", "Max Ma 3", "Max Ma 4"]
    for names in (["Anna", "Anna", "Anna"], ["Player4", "Player4", "Player4"], ["X Ä", "X A"]):
        got = H.device_names(names)
        for g in got:
            check_wheel(g)
        folded = {H._fold(g) for g in got}
        assert len(folded) == len(got), got
        tr = H._firmware("table.sheet.tround")
        if tr is not None and hasattr(tr, "_name_ok"):     # the board takes each
            assert all(tr._name_ok(g) for g in got), got


@pytest.mark.parametrize("n", [12, 13, 22])
def test_table_files_validate(n):
    e = ev(n)
    play(e, 1)
    outs = H.outputs(e, 1)
    tables = e["rounds"]["1"]["tables"]
    assert sorted(k for k in outs if k.endswith(".json")) == \
        ["T%02d.json" % t["tb"] for t in tables]
    for t in tables:
        tf = json.loads(outs["T%02d.json" % t["tb"]])
        assert H.check_table_file(tf) == []
        assert list(tf) == list(H.TABLE_KEYS)
        assert [p["nr"] for p in tf["pl"]] == t["nr"] and tf["dl"] == t["dl"]
        assert tf["g"] == (20 if len(t["nr"]) == 5 else 16)
        assert tf["k"] == hashlib.sha256(("%s/%s/1/%d" % (e["secret"], e["ev"], t["tb"]))
                                         .encode()).hexdigest()[:16]
        for p in tf["pl"]:
            check_wheel(p["nm"])
        assert len({p["nm"].casefold() for p in tf["pl"]}) == len(tf["pl"])


def test_check_table_file_refuses():
    e = ev(12)
    play(e, 1)
    good = H.table_file(e, 1, e["rounds"]["1"]["tables"][0])
    assert H.check_table_file(good) == []
    bad = {"rd": 16, "tb": 0, "g": 61, "min": 601, "kc": 2, "dl": 4, "k": "ABCDEF12",
           "ev": "lower", "evn": "x" * 25}
    for k, v in bad.items():
        d = dict(good, **{k: v})
        assert H.check_table_file(d), k
    d = json.loads(json.dumps(good))
    d["pl"][0]["nm"] = "Ninechars"
    assert H.check_table_file(d)
    d["pl"][0]["nm"] = "Ann@"
    assert H.check_table_file(d)
    d["pl"][0]["nm"] = d["pl"][1]["nm"].upper()
    assert any("twice" in x for x in H.check_table_file(d))
    assert H.check_table_file(dict(good, extra=1))


def test_hall_list_and_pages(monkeypatch):
    e = ev(13)
    play(e, 1)
    rows = H.hall_list(e, 1)
    assert sorted(r[1] for r in rows) == list(range(1, 14))
    keys = [H._sortkey(r[0]) for r in rows]
    assert keys == sorted(keys)
    monkeypatch.setattr(H, "table_code", lambda tf, key: "CODE-%02d" % tf["tb"])
    outs = H.outputs(e, 1)
    assert outs["tables.txt"].count("\f") == 2 and "CODE-03" in outs["tables.txt"]
    page = outs["round1.html"]
    assert page.count("class='page'") == 4 and "CODE-02" in page
    assert "http" not in page.replace("http-equiv", "") and "<script" not in page
    for name, nr, tb, seat in rows:
        assert name in outs["hall.txt"] and html.escape(name) in page


def test_no_code_without_tcode(monkeypatch, tmp_path):
    monkeypatch.setattr(H, "ROOT", str(tmp_path))
    e = ev(12)
    play(e, 1)
    assert H.table_code(H.table_file(e, 1, e["rounds"]["1"]["tables"][0]), "0" * 16) is None
    outs = H.outputs(e, 1)
    assert H.WORDS["de"]["code"] not in outs["tables.txt"]


def test_french_five_parties_each_meets_the_others_once():
    """Donnes libres: 24 players, five parties at six tables of four, no
    pair twice (each meets 15 of the 23 others once)."""
    e = ev(24, "french")
    rounds = play(e, 5)
    pairs = [p for ts in rounds for t in ts for p in itertools.combinations(sorted(t["nr"]), 2)]
    assert len(pairs) == len(set(pairs)) == 5 * 6 * 6


def test_a_player_who_left():
    """14 players, one leaves after round 1: round 2 is drawn for 13
    (4+4+5); a fixed advancement cannot be kept and says so."""
    e = ev(14)
    play(e, 1)
    d = D.draw_round(e, 2, seed=1, absent=[3])
    assert sizes_of(d["tables"]) == [4, 4, 5] and d["absent"] == [3]
    assert D.check_seating(e, d["tables"], absent=[3]) == []
    assert D.check_seating(e, d["tables"])          # 3 is missing
    with pytest.raises(D.DrawError, match="no player 99"):
        D.draw_round(e, 2, seed=1, absent=[99])
    e["format"]["draw"] = ["random", "fixed", "fixed"]
    with pytest.raises(D.DrawError, match="players changed"):
        D.draw_round(e, 2, seed=1, absent=[3])


def test_the_board_takes_the_table_files():
    """The board's own check of a table file (table.sheet.tround.check, the
    setup screen's) passes every file print writes; skipped while this
    checkout's firmware has no such check."""
    tr = H._firmware("table.sheet.tround")
    if tr is None or not hasattr(tr, "check"):
        pytest.skip("firmware/table/sheet/tround.py has no check() here yet")
    for n in (12, 13, 22):
        e = ev(n)
        e["title"] = "Tarockcup Łódź — «Ö» ☃ 2026"
        play(e, 1)
        for t in e["rounds"]["1"]["tables"]:
            tf = H.table_file(e, 1, t)
            assert tr.check(tf) is tf
            assert H.board_check(tf) is None
        bad = dict(tf, prof="koenigrufen/nosuch")
        assert H.board_check(bad)


def test_screen_text():
    assert H.screen_text("Tarockcup Imst", 24) == "Tarockcup Imst"
    t = H.screen_text("Großes  Turnier ☃ in Völkermarkt 2026", 24)
    assert t == "Großes Turnier in Völker"
    assert H.screen_text("Łódź ☃", 24) == "Lódź" or H.screen_text("Łódź ☃", 24) == "Lodz"


def test_a_tables_code_carries_its_own_key_never_the_files():
    """The code printed on a table's page (anyone at the table reads it)
    holds 20 bits of the code's own key (event.code_key), nothing of the
    table file's 64-bit key, which signs the round a file starts."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from table import tcode
    e = ev(12)
    play(e, 1)
    for t in e["rounds"]["1"]["tables"]:
        tf = H.table_file(e, 1, t)
        d = tcode.decode(H.table_code(tf, E.code_key(e["secret"], e["ev"], 1, t["tb"])))
        assert d["k"] == E.code_key(e["secret"], e["ev"], 1, t["tb"]) != tcode.key_of_code(tf["k"])
        assert (d["rd"], d["tb"], d["g"]) == (1, t["tb"], tf["g"])
