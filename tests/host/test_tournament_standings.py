"""The standings and the season (issue 39 items 4 and 5): host_tools/tournament/
standings.py, season.py.

Constructed collected rounds (the format fixed between the helpers) exercise
every tie-break (the better best round decides; then the table places; then
the lot, reproducible from the event secret), Kontras kept out of the
ranking, early rounds marked and counted, partial/altered/unsigned listed
and not counted unless accepted, the Slovenian 2/1/½ and difference, the
French sum, placement points with the five-table's +1; an independent
recomputation (per player the sum of the counted rounds' pts) against the
standings; the season's best N."""
import csv
import hashlib
import io
import json
import os
import random
import sys
from fractions import Fraction

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "tournament"))

import draw as D  # noqa: E402
import event as E  # noqa: E402
import season as SE  # noqa: E402
import standings as S  # noqa: E402

SECRET = "c0ffee" * 6


def ev(n, preset="tarockcup", lang="en", names=None):
    names = names or ["P%02d" % (i + 1) for i in range(n)]
    return E.new_event(names, preset, title="Test Cup", date="2026-12-05", secret=SECRET,
                       ev="TC-TEST", lang=lang)


def rnd(rd, tb, seats, status="ok", e="TC-TEST", kontra=None):
    """A collected round: seats [(nr, pts)]."""
    kontra = kontra or [0] * len(seats)
    return {"ev": e, "rd": rd, "tb": tb,
            "seats": [{"nr": nr, "nm": "P%d" % nr, "pts": p, "kontra": k}
                      for (nr, p), k in zip(seats, kontra)],
            "n": 16, "g": 16, "early": status == "early", "status": status,
            "dev": "e6614103", "sq": 1, "dg": "0" * 16, "source": "T%02d.tbj" % tb}


def row(st, nr):
    return next(r for r in st["rows"] if r["nr"] == nr)


def ranks(st):
    return [r["nr"] for r in st["rows"]]


# ---------------------------------------------------------------- Austrian
def test_schrift_summed_kontra_not_ranked():
    e = ev(4)
    res = [rnd(1, 1, [(1, 10), (2, 5), (3, -5), (4, -10)], kontra=[0, 40, 0, -40])]
    st = S.compute(e, res)
    assert ranks(st) == [1, 2, 3, 4]
    assert row(st, 2)["kontra"] == 40 and row(st, 2)["main"] == 5
    head, body, _ = S.table(st, e)
    assert "Kontra (not ranked)" in head and body[1][head.index("Kontra (not ranked)")] == "+40"


def test_best_round_decides():
    """1 and 2 tie on 30; 2's best round (+40) beats 1's (+20): 2 first."""
    e = ev(8)
    res = [rnd(1, 1, [(1, 20), (3, 0), (4, -10), (5, -10)]),
           rnd(1, 2, [(2, 40), (6, 0), (7, -20), (8, -20)]),
           rnd(2, 1, [(1, 10), (6, 0), (7, -5), (8, -5)]),
           rnd(2, 2, [(2, -10), (3, 5), (4, 5), (5, 0)])]
    st = S.compute(e, res)
    assert ranks(st)[:2] == [2, 1]
    assert row(st, 1)["main"] == row(st, 2)["main"] == 30
    assert row(st, 2)["decided"] == ["best_round"] == row(st, 1)["decided"]
    txt = S.text(st, e)
    assert "best round" in txt


def test_second_best_round_next():
    """Equal totals and best rounds: the second best decides (ABAKUS: 'die
    besseren Rundenergebnisse')."""
    e = ev(8)
    res = [rnd(1, 1, [(1, 30), (3, 0), (4, -15), (5, -15)]),
           rnd(1, 2, [(2, 30), (6, 0), (7, -15), (8, -15)]),
           rnd(2, 1, [(1, 10), (6, 0), (7, -5), (8, -5)]),
           rnd(2, 2, [(2, 5), (3, 0), (4, 0), (5, -5)]),
           rnd(3, 1, [(1, -10), (3, 5), (4, 5), (5, 0)]),
           rnd(3, 2, [(2, -5), (6, 5), (7, 0), (8, 0)])]
    st = S.compute(e, res)
    assert row(st, 1)["main"] == row(st, 2)["main"] == 30
    assert ranks(st).index(1) < ranks(st).index(2)
    assert row(st, 1)["decided"] == ["best_round"]


def test_table_places_decide():
    """1 and 2: the same rounds' points (+20, 0, -10), but 1 won two tables
    (1st, 1st, 4th) and 2 none (2nd, 2nd, 3rd): 1 first, by the places."""
    e = ev(8)
    res = [rnd(1, 1, [(1, 20), (3, 10), (4, -15), (5, -15)]),
           rnd(1, 2, [(2, 20), (6, 30), (7, -25), (8, -25)]),
           rnd(2, 1, [(1, 0), (6, -1), (7, -1), (8, -2)]),
           rnd(2, 2, [(2, 0), (3, 9), (4, -5), (5, -4)]),
           rnd(3, 1, [(1, -10), (3, 5), (4, 4), (5, 1)]),
           rnd(3, 2, [(2, -10), (6, 30), (7, -30), (8, 10)])]
    st = S.compute(e, res)
    r1, r2 = row(st, 1), row(st, 2)
    assert r1["main"] == r2["main"] == 10
    assert r1["best"] == r2["best"] == (20, 0, -10)
    assert r1["placings"] == (1, 1, 4) and r2["placings"] == (2, 2, 3)
    assert ranks(st).index(1) < ranks(st).index(2)
    assert r1["decided"] == ["placings"] == r2["decided"]
    head, body, _ = S.table(st, e)
    assert body[ranks(st).index(1)][head.index("table places")] == "1-1-4"


def test_lot_last_reproducible_from_the_secret():
    """1 and 2 alike in everything: the lot, sha256(secret/lot/nr) — the same
    order every time, and the one the formula gives."""
    e = ev(8)
    res = [rnd(1, 1, [(1, 10), (3, 0), (4, -5), (5, -5)]),
           rnd(1, 2, [(2, 10), (6, 0), (7, -5), (8, -5)])]
    st = S.compute(e, res)
    lot = {nr: hashlib.sha256(("%s/lot/%d" % (SECRET, nr)).encode()).hexdigest()
           for nr in (1, 2)}
    want = sorted((1, 2), key=lambda nr: lot[nr], reverse=True)
    assert ranks(st)[:2] == want
    assert row(st, 1)["decided"] == ["lot"]
    assert ranks(S.compute(e, list(reversed(res)))) == ranks(st)
    # another secret, another lot for some: the secret is what draws it
    assert any(ranks(S.compute(dict(e, secret="%02x" % k * 16), res))[:2] != want
               for k in range(16))
    assert "lot" in S.text(st, e)


def test_early_marked_partial_not_counted_unless_accepted():
    e = ev(12)
    res = [rnd(1, 1, [(1, 10), (2, 0), (3, -5), (4, -5)], status="early"),
           rnd(1, 2, [(5, 50), (6, 0), (7, -25), (8, -25)], status="partial"),
           rnd(1, 3, [(9, 8), (10, 0), (11, -4), (12, -4)], status="altered")]
    st = S.compute(e, res)
    assert row(st, 1)["main"] == 10 and row(st, 5)["main"] == 0 and row(st, 9)["main"] == 0
    txt = S.text(st, e)
    assert "+10*" in txt and "round ended early" in txt
    assert "table 2: partial (count with --accept 1/2)" in txt
    assert "table 3: altered (count with --accept 1/3)" in txt
    st = S.compute(e, res, accept=[(1, 2)])
    assert row(st, 5)["main"] == 50 and row(st, 9)["main"] == 0
    txt = S.text(st, e)
    assert "+50!" in txt and "counted by the director" in txt
    head, body, _ = S.table(st, e)
    assert ranks(st)[0] == 5


def test_foreign_and_twice_counted_once():
    e = ev(4)
    a = rnd(1, 1, [(1, 10), (2, 0), (3, -5), (4, -5)])
    b = rnd(1, 1, [(1, 12), (2, -2), (3, -5), (4, -5)])
    c = rnd(1, 1, [(1, 99), (2, 0), (3, 0), (4, -99)], e="OTHER")
    st = S.compute(e, [a, a, b, c])
    assert row(st, 1)["main"] == 12 and len(st["counted"]) == 1
    assert [why for _, why in st["left"]] == ["foreign"]
    d = rnd(1, 1, [(1, 1), (2, 0), (3, 0), (77, -1)])
    assert [why for _, why in S.compute(e, [d])["left"]] == ["no_player"]


def test_standings_after_a_round():
    e = ev(4)
    res = [rnd(1, 1, [(1, 10), (2, 0), (3, -5), (4, -5)]),
           rnd(2, 1, [(1, -20), (2, 20), (3, 0), (4, 0)])]
    assert row(S.compute(e, res, upto=1), 1)["main"] == 10
    assert row(S.compute(e, res), 1)["main"] == -10
    assert "after round 1" in S.text(S.compute(e, res, upto=1), e)


def test_independent_recomputation():
    """A drawn 13-player event, random results: each player's total is the
    sum of the counted rounds' pts, the order is by that total."""
    e = ev(13)
    rng = random.Random(4)
    res = []
    for rd in (1, 2, 3):
        e["rounds"][str(rd)] = D.draw_round(e, rd, seed=rd)
        for t in e["rounds"][str(rd)]["tables"]:
            pts = [rng.randrange(-60, 60) for _ in t["nr"]]
            st = rng.choice(["ok", "ok", "ok", "early", "unsigned"])
            res.append(rnd(rd, t["tb"], list(zip(t["nr"], pts)), status=st,
                           kontra=[rng.randrange(-9, 9) for _ in t["nr"]]))
    want = {p["nr"]: 0 for p in e["players"]}
    for r in res:
        if r["status"] in ("ok", "early"):
            for s in r["seats"]:
                want[s["nr"]] += s["pts"]
    st = S.compute(e, res)
    assert {r["nr"]: r["main"] for r in st["rows"]} == want
    totals = [r["main"] for r in st["rows"]]
    assert totals == sorted(totals, reverse=True)
    assert [r["rank"] for r in st["rows"]] == list(range(1, 14))


# ---------------------------------------------------------------- other formats
def test_placement_points_five_table_plus_one():
    e = ev(9, "placement")
    res = [rnd(1, 1, [(1, 30), (2, 10), (3, -10), (4, -30)]),
           rnd(1, 2, [(5, 40), (6, 20), (7, 0), (8, -20), (9, -40)])]
    st = S.compute(e, res)
    got = {r["nr"]: r["main"] for r in st["rows"]}
    assert got == {1: 10, 2: 8, 3: 6, 4: 4, 5: 11, 6: 9, 7: 7, 8: 5, 9: 3}
    assert ranks(st)[:2] == [5, 1]
    # equal placement points: the Schriftpunkte decide, then the best round
    res.append(rnd(2, 1, [(1, 5), (5, 1), (9, 0), (2, -6)]))
    res.append(rnd(2, 2, [(3, 5), (4, 1), (6, 0), (7, -3), (8, -3)]))
    st = S.compute(e, res)
    # 1: 10+10=20 (+35), 5: 11+8=19; 6: 9+7=16, 3: 6+11=17 ...
    assert row(st, 1)["main"] == 20 and row(st, 5)["main"] == 19
    e2 = ev(8, "placement")
    res = [rnd(1, 1, [(1, 30), (2, 10), (3, -10), (4, -30)]),
           rnd(1, 2, [(5, 20), (6, 10), (7, -10), (8, -20)])]
    st = S.compute(e2, res)
    assert row(st, 1)["main"] == row(st, 5)["main"] == 10
    assert ranks(st)[:2] == [1, 5] and row(st, 1)["decided"] == ["schrift"]
    # tied at a table: the places' points shared
    st = S.compute(e2, [rnd(1, 1, [(1, 10), (2, 10), (3, -10), (4, -10)])])
    assert row(st, 1)["main"] == 9 and row(st, 3)["main"] == 5


def test_slovenian_table_points_and_difference():
    e = ev(6, "slovenia")
    res = [rnd(1, 1, [(1, 120), (2, 40), (3, -60)]),
           rnd(1, 2, [(4, 90), (5, 90), (6, -20)])]
    st = S.compute(e, res)
    got = {r["nr"]: r["main"] for r in st["rows"]}
    assert got == {1: 2, 2: 1, 3: Fraction(1, 2), 4: Fraction(3, 2), 5: Fraction(3, 2),
                   6: Fraction(1, 2)}
    # 3 and 6 both ½: the difference (-20 beats -60)
    assert ranks(st).index(6) < ranks(st).index(3)
    assert row(st, 6)["decided"] == ["diff"]
    head, body, _ = S.table(st, e)
    assert "difference" in head and "table points" in head
    assert body[ranks(st).index(4)][head.index("table points")] == "1.5"
    de = ev(6, "slovenia", lang="de")
    assert "1,5" in S.text(S.compute(de, res), de)
    # a table of four: 2, 1½, 1, ½
    e = ev(7, "slovenia")
    st = S.compute(e, [rnd(1, 1, [(1, 9), (2, 5), (3, 1), (4, -3)])])
    assert [row(st, nr)["main"] for nr in (1, 2, 3, 4)] == [2, Fraction(3, 2), 1, Fraction(1, 2)]


def test_french_sum():
    e = ev(8, "french")
    res = [rnd(1, 1, [(1, 120), (2, -40), (3, -40), (4, -40)]),
           rnd(1, 2, [(5, -60), (6, 20), (7, 20), (8, 20)]),
           rnd(2, 1, [(1, -30), (5, 90), (6, -30), (7, -30)]),
           rnd(2, 2, [(2, 60), (3, -20), (4, -20), (8, -20)])]
    st = S.compute(e, res)
    assert {r["nr"]: r["main"] for r in st["rows"]} == \
        {1: 90, 2: 20, 3: -60, 4: -60, 5: 30, 6: -10, 7: -10, 8: 0}
    assert ranks(st)[:3] == [1, 5, 2]
    head, _, _ = S.table(st, e)
    assert "total" in head and not any(h.startswith("Kontra") for h in head)


# ---------------------------------------------------------------- outputs
def test_csv_and_html():
    e = ev(5, lang="de", names=["Änne Öster", "Bob", "Čeněk", "Dora", "Eva Maria Langname-Doppelt"])
    res = [rnd(1, 1, [(1, 10), (2, 5), (3, -5), (4, -5), (5, -5)], status="early")]
    st = S.compute(e, res)
    text = S.to_csv(st, e)
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:])))
    assert len(rows) == 6 and rows[0][0] == "Rang" and rows[1][2] == "Änne Öster"
    page = S.to_html(st, e)
    for w in ("Rang", "Schriftpunkte", "beste Runde", "Tischplätze", "Kontra (nicht gewertet)",
              "vorzeitig beendet", "Eva Maria Langname-Doppelt"):
        assert w in page
    # nothing cut (a number is never broken, a name wraps at its spaces), nothing fetched
    for bad in ("overflow:hidden", "text-overflow", "anywhere", "src=", "href=", "<script"):
        assert bad not in page
    assert "http" not in page.replace("http-equiv", "")


def test_words_tables_alike():
    assert set(S.WORDS["de"]) == set(S.WORDS["en"])
    assert set(SE.WORDS["de"]) == set(SE.WORDS["en"])


# ---------------------------------------------------------------- season
def finished(names, pts, title):
    """An event of four whose one round gave pts (by player), kept in it."""
    e = E.new_event(names, "tarockcup", title=title, date="2026-12-05", secret=SECRET)
    r = rnd(1, 1, list(zip([1, 2, 3, 4], pts)), e=e["ev"])
    S.store(e, [r])
    return e


def test_season_best_n():
    a = finished(["Anna", "Bert", "Carl", "Dora"], [30, 20, -20, -30], "Cup Eins")
    b = finished(["Bert", "Anna", "Dora", "Emil"], [30, 20, -20, -30], "Cup Zwei")
    c = finished(["Carl", "Dora", "Anna", "Bert"], [30, 20, -20, -30], "Cup Drei")
    se = SE.compute([a, b, c], best=2)
    got = {r["name"]: r for r in se["rows"]}
    fix = SE.FIX
    # Anna 1st, 2nd, 3rd: the best two are places 1 and 2
    assert got["Anna"]["total"] == fix[0] + fix[1]
    assert got["Anna"]["counted"] == [True, True, False]
    assert got["Bert"]["total"] == fix[0] + fix[1]        # 2nd, 1st, 4th
    assert got["Emil"]["total"] == fix[3] and got["Emil"]["pts"] == [None, fix[3], None]
    # Anna and Bert: equal best two, then their third (3rd beats 4th)
    assert [r["name"] for r in se["rows"]][:2] == ["Anna", "Bert"]
    assert got["Anna"]["rank"] == 1 and got["Bert"]["rank"] == 2
    txt = SE.text(se, "en")
    assert "(%d)" % fix[2] in txt and "best 2 count" in txt
    # all three count
    se = SE.compute([a, b, c], best=3)
    assert {r["name"]: r["total"] for r in se["rows"]}["Anna"] == fix[0] + fix[1] + fix[2]


def test_season_points_systems():
    assert SE.cup_points("fix", 1, 40, 0) == 223 and SE.cup_points("fix", 51, 60, 0) == 0
    assert SE.cup_points("tirol", 1, 21, 0) == 200 and SE.cup_points("tirol", 21, 21, 0) == 0
    assert SE.cup_points("tirol", 11, 21, 0) == 25
    assert [SE.cup_points("heine", 1, 9, s) for s in (-5, 80, 100, 150, 300, 500)] == \
        [0, 80, 100, 125, 200, 200]
    assert SE.cup_points([25, 20, 16], 2, 9, 0) == 20 and SE.cup_points([25, 20, 16], 4, 9, 0) == 0
    assert SE.parse_points("25,20") == [25, 20]
    with pytest.raises(ValueError):
        SE.parse_points("x")
    a = finished(["Anna", "Bert", "Carl", "Dora"], [150, 20, -70, -100], "Eins")
    se = SE.compute([a], best=1, system="heine")
    assert [r["total"] for r in se["rows"]] == [125, 20, 0, 0]
    assert [r["rank"] for r in se["rows"]] == [1, 2, 3, 3]


def test_season_counts_an_event_once():
    a = finished(["Anna", "Bert", "Carl", "Dora"], [30, 20, -20, -30], "Cup Eins")
    b = finished(["Bert", "Anna", "Dora", "Emil"], [30, 20, -20, -30], "Cup Zwei")
    for twice in ([a, b, a], [a, b, json.loads(json.dumps(a))]):
        with pytest.raises(E.EventError, match=r"^event C26-EINS given twice \(C26-EINS "
                                               r"\(Cup Eins\), C26-EINS \(Cup Eins\)\)"):
            SE.compute(twice, best=2)
    assert {r["name"]: r["n"] for r in SE.compute([a, b], best=2)["rows"]}["Anna"] == 2


def test_season_tells_namesakes_apart_by_club():
    def club(pairs):
        return [{"name": n, "club": c} for n, c in pairs]
    a = finished(club([("Hans Huber", "Imst"), ("Anna", "Zirl"), ("Carl", ""), ("Dora", "")]),
                 [30, 20, -20, -30], "Cup Eins")
    b = finished(club([("Hans  huber", "Telfs"), ("Anna", ""), ("Carl", ""), ("Dora", "")]),
                 [30, 20, -20, -30], "Cup Zwei")
    c = finished(club([("Hans Huber", ""), ("Anna", "zirl"), ("Carl", ""), ("Dora", "")]),
                 [30, 20, -20, -30], "Cup Drei")
    se = SE.compute([a, b, c], best=3)
    fix = SE.FIX
    got = {(r["name"], r["club"]): r["pts"] for r in se["rows"]}
    # two Hans Hubers of two clubs: two players; the one without a club a third
    assert got[("Hans Huber", "Imst")] == [fix[0], None, None]
    assert got[("Hans  huber", "Telfs")] == [None, fix[0], None]
    assert got[("Hans Huber", "")] == [None, None, fix[0]]
    # Anna of Zirl; the evening without her club joins her (the only Anna with one)
    assert got[("Anna", "Zirl")] == [fix[1], fix[1], fix[1]]
    assert got[("Carl", "")] == [fix[2]] * 3
    txt = SE.text(se, "en")
    assert "Anna (event 2, no club) counted as Anna (Zirl)" in txt
    assert "Hans Huber: 2 players, told apart by club (Imst, Telfs)" in txt
    assert "Anna:" not in txt and "Carl:" not in txt
    # two of one event alike by name and club: the season cannot tell them apart
    d = finished(["Anna", "Bert", "Anna", "Dora"], [30, 20, -20, -30], "Cup Vier")
    with pytest.raises(E.EventError, match=r"C26-VIER \(Cup Vier\): two players Anna \(nr 1, 3\)"):
        SE.compute([a, d], best=2)
