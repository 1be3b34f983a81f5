"""Collecting the tables' rounds (issue 39, item 4; host_tools/tournament/
collect.py) against hostile input: a journal from another event, a round
read twice, a deal altered with its CRC recomputed, a round cut short, an
early round, an unsigned one, two devices claiming a table, a correction
signed again, wrong players, a damaged journal; each refused or marked
with its reason, and nothing counted twice (the sum over the results is
the sum over the boards' deals). Fetching /round.json on loopback only,
every wait bounded. The journals are written by the firmware's own Sheet
(host_tools/tournament/fake.py)."""
import json
import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "tournament"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))

import collect  # noqa: E402
import webkit  # noqa: E402
import fake  # noqa: E402
from table.sheet.journal import MAGIC, FileStore, Journal, MemStore, frame  # noqa: E402

kscore = fake.kscore

EV = fake.event("TTC26-TEST", "s3cret-test", n_players=16, rounds=2, seed=7)
DRAW = collect.draw(EV)


def board(folder, rd, tb, dev, seed=None, event=None, **kw):
    """A board's storage in folder with the round (rd, tb) played on it
    (again: rounds after the ones there); its sheet.tbj path and the party."""
    sh = fake.open_board(str(folder))
    pa = fake.table_round(sh, event or EV, rd, tb, dev, seed=rd * 100 + tb if seed is None
                          else seed, **kw)
    sh.journal.store.close()
    return os.path.join(str(folder), "sheet.tbj"), pa


def pts_of(pa):
    """Each seat's Schriftpunkte without Kontra over the party's deals: the
    independent sum the results must add up to."""
    out = [0] * pa.n
    for k in range(pa.n_deals):
        d, kt = pa.deltas_of(k), pa.kontra_of(k) or [0] * pa.n
        for i in range(pa.n):
            out[i] += d[i] - kt[i]
    return out


def records(path):
    j = Journal(FileStore(os.path.dirname(path)), os.path.basename(path))
    out = list(j.scan())
    assert not j.bad
    return out


def rewrite(path, recs):
    """The journal written anew from records, each framed with its CRC
    computed again (so the file reads clean)."""
    with open(path, "wb") as f:
        f.write(MAGIC + b"".join([frame(r) for r in recs]))


def one(got, rd, tb):
    rs = [r for r in got.results if (r["rd"], r["tb"]) == (rd, tb)]
    assert len(rs) == 1, got.results
    return rs[0]


def refused(got, text):
    hits = [(s, w) for s, w in got.refused if text in w]
    assert hits, got.refused
    return hits


# ------------------------------------------------------------ clean rounds
def test_a_clean_round_counts_with_the_boards_totals(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    got = collect.collect(EV, [path])
    r = one(got, 1, 1)
    assert (r["status"], r["why"], r["n"], r["g"], r["early"], r["sq"], r["dev"]) == \
        ("ok", "", 16, 16, False, 1, "d1")
    assert [s["nr"] for s in r["seats"]] == DRAW[(1, 1)]
    assert [s["pts"] for s in r["seats"]] == pts_of(pa)
    assert [s["kontra"] for s in r["seats"]] == pa.kontra_totals()
    assert any(s["kontra"] for s in r["seats"])     # the Kontra column is exercised
    assert r["source"] == path and not got.refused
    assert set(r) >= {"ev", "rd", "tb", "seats", "n", "g", "early", "status", "dev", "sq",
                      "dg", "source"}


def test_a_foreign_event_is_refused(tmp_path):
    other = dict(EV, id="KTC26-VILL", secret="theirs")
    path, _ = board(tmp_path / "T1", 1, 1, "d1", event=other)
    got = collect.collect(EV, [path])
    assert not got.results
    assert refused(got, "round 1 table 1: from event KTC26-VILL, not TTC26-TEST")[0][0] == path


def test_a_table_not_drawn_and_wrong_players_are_refused(tmp_path):
    ev = json.loads(json.dumps(EV))
    path, _ = board(tmp_path / "T1", 1, 1, "d1")
    seats = ev["rounds"][0]["tables"]["1"]
    drawn = list(seats)
    other = next(x for x in range(1, 17) if x not in seats)
    seats[-1] = other        # the director's draw seats another player there
    got = collect.collect(ev, [path])
    assert not got.results
    refused(got, "round 1 table 1: its players are %s, the draw seats %s" % (
        ", ".join(map(str, drawn)), ", ".join(map(str, seats))))
    del ev["rounds"][0]["tables"]["1"]
    got = collect.collect(ev, [path])
    refused(got, "round 1 table 1 is not in event TTC26-TEST's draw")


def test_a_table_seated_in_another_order_counts_and_is_noted(tmp_path):
    ev = json.loads(json.dumps(EV))
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    ev["rounds"][0]["tables"]["1"].reverse()
    got = collect.collect(ev, [path])
    r = one(got, 1, 1)
    assert r["status"] == "ok" and [s["pts"] for s in r["seats"]] == pts_of(pa)
    assert any("round 1 table 1: seated" in n and "(the same players)" in n for n in got.notes)


# ------------------------------------------------------------ read twice
def test_a_round_read_twice_counts_once(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    shutil.copytree(tmp_path / "T1", tmp_path / "copy" / "T1")
    got = collect.collect(EV, [str(tmp_path / "T1"), str(tmp_path / "copy"), path])
    one(got, 1, 1)
    assert len(got.results) == 1 and not got.refused
    assert any("round 1 table 1: read twice, counted once" in n for n in got.notes), got.notes
    assert any("given twice" in n and "read once" in n for n in got.notes), got.notes


def test_a_store_makes_a_rerun_incremental(tmp_path):
    p1, _ = board(tmp_path / "T1", 1, 1, "d1")
    store = str(tmp_path / "store")
    got = collect.collect(EV, [p1], store_dir=store)
    assert len(got.results) == 1
    assert os.listdir(store) == ["r01-t01.json"]
    p2, _ = board(tmp_path / "T2", 1, 2, "d2")
    got = collect.collect(EV, [p1, p2], store_dir=store)
    assert sorted((r["rd"], r["tb"]) for r in got.results) == [(1, 1), (1, 2)]
    assert "1 round(s) read again as counted before: each counted once" in got.notes
    # the stored round alone (its board not given again) still counts, once
    got = collect.collect(EV, [p2], store_dir=store)
    assert sorted((r["rd"], r["tb"]) for r in got.results) == [(1, 1), (1, 2)]


# ------------------------------------------------------------ altered
def _alter_deal(path, no, fn):
    recs = [r for o, r in records(path)]
    hit = [r for r in recs if r["t"] == "deal" and r.get("no") == no]
    assert len(hit) == 1
    fn(hit[0])
    rewrite(path, recs)


def test_a_deal_changed_after_signing_is_altered_and_named(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    before = pa.deltas_of(4)

    def swap(rec):      # two seats' results exchanged, the CRC made right
        d = rec["d"]
        i = next(i for i in range(1, 4) if d[i] != d[0])
        d[0], d[i] = d[i], d[0]
    _alter_deal(path, 4, swap)
    got = collect.collect(EV, [path])
    assert not any("damaged" in n for n in got.notes)     # the journal reads clean
    r = one(got, 1, 1)
    assert r["status"] == "altered"
    assert "altered after signing: deal 5 reads" in r["why"]
    assert "signed as %s" % collect._signed(before) in r["why"]


def test_a_deal_and_its_result_changed_together_is_altered(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    prof = pa.profile

    def forge(rec):     # a result that scores as written: no dispute to find
        s = kscore.summary_from_dict(rec["s"])
        s.decl_thirds = 210 if s.decl_thirds < 105 else 0
        rec["s"] = kscore.summary_to_dict(s)
        from tarock import seating
        d = seating.to_table(kscore.score(prof, s), pa.seats_of(rec["no"]), pa.n)
        k = rec.get("k")
        if k:   # its Kontra part as the board splits it
            s.kontra[0] = 0
            plain = seating.to_table(kscore.score(prof, s), pa.seats_of(rec["no"]), pa.n)
            rec["k"] = [d[i] - plain[i] for i in range(pa.n)]
        rec["d"] = d
    _alter_deal(path, 2, forge)
    got = collect.collect(EV, [path])
    r = one(got, 1, 1)
    assert r["status"] == "altered"
    assert "the deals' digest differs from the signed one, the totals by" in r["why"]
    assert "the round record's totals" in r["why"]


def test_a_round_record_with_other_totals_is_altered(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    recs = [r for o, r in records(path)]
    rr = next(r for r in recs if r["t"] == "round")
    rr["tot"][0] += 10
    rr["tot"][1] -= 10
    rewrite(path, recs)
    r = one(collect.collect(EV, [path]), 1, 1)
    assert r["status"] == "altered"
    assert r["why"] == "the round record's totals %s are not its deals' %s" % (
        json.dumps(rr["tot"]), json.dumps(pa.totals()))


def test_a_round_signed_with_another_key_is_altered(tmp_path):
    ev = dict(EV, secret="the-real-secret")
    path, _ = board(tmp_path / "T1", 1, 1, "d1")    # signed with EV's key
    r = one(collect.collect(ev, [path]), 1, 1)
    assert r["status"] == "altered"
    assert r["why"] == "altered after signing: the deals' digest differs from the signed one"


# ------------------------------------------------------------ incomplete
def test_a_round_cut_short_is_partial(tmp_path):
    path, _ = board(tmp_path / "T1", 1, 1, "d1", play=12, early=True)
    recs = [r for o, r in records(path)]
    rr = next(r for r in recs if r["t"] == "round")
    # the board's round record, but not marked early (its digest made right)
    sh = fake.Sheet.open(FileStore(str(tmp_path / "T1")))
    p = sh.parties[-1]
    deals = [[p.deltas_of(k), p.kontra_of(k)] for k in range(p.n_deals)]
    rr["early"] = 0
    rr["dg"] = collect.digest(collect.table_key(EV["secret"], EV["id"], 1, 1), rr, deals)
    sh.journal.store.close()
    rewrite(path, recs)
    r = one(collect.collect(EV, [path]), 1, 1)
    assert (r["status"], r["n"], r["g"]) == ("partial", 12, 16)
    assert r["why"] == "12 of 16 games played, not ended early"


def test_an_early_round_counts_marked(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1", play=11, early=True)
    r = one(collect.collect(EV, [path]), 1, 1)
    assert (r["status"], r["early"], r["n"]) == ("early", True, 11)
    # the board knows the table ended it, not whether it was the director's time
    assert r["why"] == "ended early by the table after 11 of 16 games"
    assert [s["pts"] for s in r["seats"]] == pts_of(pa)


def test_unsigned_rounds_are_marked(tmp_path):
    p1, _ = board(tmp_path / "T1", 1, 1, "d1", sign=False)
    p2, _ = board(tmp_path / "T2", 1, 2, "d2", play=9)       # copied mid-round
    sh = fake.open_board(str(tmp_path / "T3"))
    fake.table_round(sh, EV, 1, 3, "d3", sign=False)
    fake.sign_round(sh, "k", "d3", seats=[0, 2])
    sh.journal.store.close()
    got = collect.collect(EV, [p1, p2, str(tmp_path / "T3")])
    assert one(got, 1, 1)["why"] == "no round record: 16 of 16 games, 0 of 4 seats signed"
    assert one(got, 1, 2)["why"] == ("no round record: 9 of 16 games, the round still open, "
                                     "0 of 4 seats signed")
    assert one(got, 1, 3)["why"] == "no round record: 16 of 16 games, 2 of 4 seats signed"
    assert {r["status"] for r in got.results} == {"unsigned"}


def test_a_signed_copy_beats_an_unsigned_one(tmp_path):
    p1, _ = board(tmp_path / "early" / "T1", 1, 1, "d1", play=9, seed=5)
    path, pa = board(tmp_path / "T1", 1, 1, "d1", seed=5)
    got = collect.collect(EV, [p1, path])
    r = one(got, 1, 1)
    assert r["status"] == "ok" and r["source"] == path
    assert any("an unsigned copy from %s set aside" % p1 in n for n in got.notes)


# ------------------------------------------------------------ claims
def test_two_devices_claiming_a_table_keep_both_out(tmp_path):
    p1, _ = board(tmp_path / "A", 1, 2, "aa11", seed=1)
    p2, _ = board(tmp_path / "B", 1, 2, "bb22", seed=2)
    p3, _ = board(tmp_path / "C", 1, 3, "cc33")
    got = collect.collect(EV, [p1, p2, p3])
    assert [(r["rd"], r["tb"]) for r in got.results] == [(1, 3)]
    src, why = refused(got, "round 1 table 2 claimed by two devices")[0]
    assert why == ("round 1 table 2 claimed by two devices: dev aa11 (%s); dev bb22 (%s): "
                   "both kept out until the director decides" % (p1, p2))
    assert p1 in src and p2 in src
    assert got.kept_out == {(1, 2): why}
    got = collect.collect(EV, [p1, p2], prefer={(1, 2): "cc33"})
    assert "(the director's choice, dev cc33, is not among them)" in got.kept_out[(1, 2)]
    got = collect.collect(EV, [p1, p2], prefer={(1, 2): "bb22"})
    assert one(got, 1, 2)["dev"] == "bb22"
    assert any("dev aa11's round (%s) set aside: the director chose dev bb22" % p1 in n
               for n in got.notes)


def test_one_board_signing_two_tables_of_a_round_is_noted(tmp_path):
    p1, _ = board(tmp_path / "A", 1, 1, "aa11")
    p2, _ = board(tmp_path / "B", 1, 2, "aa11")
    got = collect.collect(EV, [p1, p2])
    assert [r["status"] for r in got.results] == ["ok", "ok"]
    assert got.notes == ["round 1: dev aa11 signed tables 1, 2"]


def test_a_correction_signed_again_replaces_and_says_what_changed(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    shutil.copytree(tmp_path / "T1", tmp_path / "before")
    store = str(tmp_path / "store")
    first = one(collect.collect(EV, [str(tmp_path / "before")], store_dir=store), 1, 1)
    sh = fake.open_board(str(tmp_path / "T1"))
    s = sh.summary_of(3)
    s.decl_thirds = 210 if s.decl_thirds < 105 else 30     # the table corrects deal 4
    sh.correct(3, s, confirmed=True)
    key = collect.table_key(EV["secret"], EV["id"], 1, 1)
    assert fake.sign_round(sh, key, "d1")["sq"] == 2
    after = pts_of(sh.parties[-1])
    sh.journal.store.close()
    for got in (collect.collect(EV, [str(tmp_path / "before"), path]),
                collect.collect(EV, [path], store_dir=store)):
        r = one(got, 1, 1)
        assert (r["status"], r["sq"]) == ("ok", 2)
        assert [s["pts"] for s in r["seats"]] == after
        was = [s["pts"] for s in first["seats"]]
        kwas = [s["kontra"] for s in first["seats"]]
        changed = []
        for i, s in enumerate(r["seats"]):
            k = " (Kontra %d -> %d)" % (kwas[i], s["kontra"]) if kwas[i] != s["kontra"] else ""
            if was[i] != s["pts"]:
                changed.append("%s %d -> %d%s" % (s["nm"], was[i], s["pts"], k))
            elif k:
                changed.append("%s Kontra %d -> %d" % (s["nm"], kwas[i], s["kontra"]))
        assert changed
        assert "round 1 table 1 replaced (sq 2): " + ", ".join(changed) in got.notes, got.notes
    # the store now holds sq 2: the old copy read again changes nothing
    got = collect.collect(EV, [str(tmp_path / "before")], store_dir=store)
    assert one(got, 1, 1)["sq"] == 2
    # nor where the director's tool keeps what it counted: the event's results
    ev = dict(EV, results={"1/1": r})
    got = collect.collect(ev, [str(tmp_path / "before")])
    assert (one(got, 1, 1)["sq"], one(got, 1, 1)["source"]) == (2, path)
    before = os.path.join(str(tmp_path / "before"), "sheet.tbj")
    assert got.notes == ["round 1 table 1: %s holds an older signature (sq 1) than the round "
                         "counted (sq 2): set aside" % before]


def test_a_correction_not_signed_again_is_unsigned(tmp_path):
    path, pa = board(tmp_path / "T1", 1, 1, "d1")
    shutil.copytree(tmp_path / "T1", tmp_path / "before")
    sh = fake.open_board(str(tmp_path / "T1"))
    s = sh.summary_of(5)
    s.decl_thirds = 210 if s.decl_thirds < 105 else 30
    sh.correct(5, s, confirmed=True)
    fake.sign_round(sh, "unused", "d1", seats=[1])
    sh.journal.store.close()
    why = ("deal 6 corrected after the round was signed (sq 1), not signed again: "
           "1 of 4 seats signed")
    r = one(collect.collect(EV, [path]), 1, 1)
    assert (r["status"], r["why"], r["sq"]) == ("unsigned", why, 0)
    # the copy taken before the correction is the signed round: it stands
    before = os.path.join(str(tmp_path / "before"), "sheet.tbj")
    got = collect.collect(EV, [before, path])
    r = one(got, 1, 1)
    assert (r["status"], r["sq"], r["source"]) == ("ok", 1, before)
    assert ("round 1 table 1: an unsigned copy from %s set aside (%s): the signed round "
            "stands" % (path, why)) in got.notes


# ------------------------------------------------------------ damage
def test_a_damaged_journal_keeps_its_intact_round(tmp_path):
    folder = tmp_path / "T1"
    path, pa1 = board(folder, 1, 1, "d1")
    path, pa2 = board(folder, 2, 1, "d1")
    offs = [o for o, r in records(path) if r["t"] == "deal" and r.get("no") == 6]
    first = offs[0]     # round 1's deal 7
    with open(path, "r+b") as f:
        f.seek(first + 9)
        b = f.read(4)
        f.seek(first + 9)
        f.write(bytes([x ^ 0x5A for x in b]))
    with open(path, "rb") as f:
        damaged = f.read()
    got = collect.collect(EV, [path])
    assert one(got, 1, 1)["status"] == "partial"
    assert one(got, 1, 1)["why"] == "deal 7 lost to damage (the digest cannot be checked)"
    r2 = one(got, 2, 1)
    assert r2["status"] == "ok" and [s["pts"] for s in r2["seats"]] == pts_of(pa2)
    assert any("damaged bytes at offset %d" % first in n for n in got.notes), got.notes
    with open(path, "rb") as f:     # read on a copy: the board's file left as it is
        assert f.read() == damaged
    assert not os.path.exists(path + ".bad")


def test_files_that_are_no_round(tmp_path):
    (tmp_path / "junk.tbj").write_bytes(b"\x00" * 100)
    (tmp_path / "table.json").write_text(json.dumps({"t": "tarockbox-table"}))
    got = collect.collect(EV, [str(tmp_path / "junk.tbj"), str(tmp_path / "missing.tbj"),
                               str(tmp_path)])
    refused(got, "not a tarockbox journal, export or round file")
    assert (str(tmp_path / "missing.tbj"), "no such file or folder") in got.refused
    assert not got.results


# ------------------------------------------------------------ the whole hall
def test_nothing_is_counted_twice(tmp_path):
    """Every table's board through two rounds, plus copies, the same file
    twice, a store, a foreign board: the results sum to the boards' deals."""
    expect = {}
    paths = []
    for tb in range(1, 5):
        for rd in (1, 2):
            p, pa = board(tmp_path / "hall" / ("T%d" % tb), rd, tb, "dev%d" % tb)
            for i, nr in enumerate(DRAW[(rd, tb)]):
                expect[nr] = expect.get(nr, 0) + pts_of(pa)[i]
        paths.append(p)
    shutil.copytree(tmp_path / "hall" / "T2", tmp_path / "usb" / "T2")
    other = dict(EV, id="OTHER")
    board(tmp_path / "usb" / "X", 1, 1, "x", event=other)
    store = str(tmp_path / "store")
    for _ in range(2):
        got = collect.collect(EV, [str(tmp_path / "hall"), str(tmp_path / "usb"), paths[0]],
                              store_dir=store)
        assert len(got.results) == 8
        assert {r["status"] for r in got.results} == {"ok"}
        tot = {}
        for r in got.results:
            for s in r["seats"]:
                tot[s["nr"]] = tot.get(s["nr"], 0) + s["pts"]
        assert tot == expect
        refused(got, "from event OTHER, not TTC26-TEST")


# ------------------------------------------------------------ fetching
STUB = {}      # what the loopback stub answers (a test fills it)


@pytest.fixture
def stub():
    STUB.clear()
    port, stop = webkit.serve_bodies(STUB)
    yield port
    stop()


def test_fetch_every_table_from_its_address(tmp_path, stub):
    bodies = {}
    want = {}
    for tb in (1, 2):
        sh = fake.open_board(str(tmp_path / ("T%d" % tb)))
        pa = fake.table_round(sh, EV, 1, tb, "dev%d" % tb)
        want[tb] = pts_of(pa)
        bodies["/t%d/round.json" % tb] = fake.round_json(sh, "dev%d" % tb)
        sh.journal.store.close()
    bodies["/junk/round.json"] = b'{"t": "tarockbox-table"}'
    STUB.update(bodies)
    base = "http://127.0.0.1:%d" % stub
    urls = [base + "/t1/round.json", base + "/t2/round.json", base + "/gone/round.json",
            base + "/junk/round.json"]
    st = collect.fetch(urls, str(tmp_path / "got"), timeout=10, tries=2, pause=0)
    assert [s.split(" ")[0] for u, s, p in st] == ["ok", "ok", "HTTP", "not"]
    assert st[2][1] == "HTTP 404 Not Found" and st[2][2] is None
    assert st[3][1] == "not a tarockbox round (t: 'tarockbox-table')"
    got = collect.collect(EV, urls[:3] + [urls[0]], store_dir=str(tmp_path / "store"))
    assert got.notes == ["%s given twice: fetched once" % urls[0]]
    for tb in (1, 2):
        r = one(got, 1, tb)
        assert r["status"] == "ok" and [s["pts"] for s in r["seats"]] == want[tb]
        assert r["dev"] == "dev%d" % tb and r["source"] == urls[tb - 1]
    assert (urls[2], "HTTP 404 Not Found") in got.refused


def test_fetch_gives_up_on_a_silent_address(tmp_path):
    import socket
    with socket.socket() as s:      # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    st = collect.fetch(["http://127.0.0.1:%d/round.json" % port], str(tmp_path), timeout=2,
                       tries=2, pause=0)
    assert st[0][2] is None and st[0][1].startswith("no answer") and \
        st[0][1].endswith("after 2 tries")


def test_an_altered_round_json_is_altered(tmp_path):
    sh = fake.open_board(str(tmp_path / "T1"))
    fake.table_round(sh, EV, 1, 1, "dev1")
    doc = json.loads(fake.round_json(sh, "dev1"))
    sh.journal.store.close()
    doc["parties"][0]["deals"][3]["deltas"][0] += 4
    doc["parties"][0]["deals"][3]["deltas"][1] -= 4
    p = tmp_path / "t1.round.json"
    p.write_text(json.dumps(doc))
    r = one(collect.collect(EV, [str(p)]), 1, 1)
    assert r["status"] == "altered"
    assert "the deals' digest differs from the signed one, the totals by [+4 -4 +0 +0]" in r["why"]


def test_a_round_the_board_archived_counts_with_its_archive(tmp_path):
    folder = tmp_path / "T1"
    board(folder, 1, 1, "d1")
    path, pa2 = board(folder, 2, 1, "d1")
    sh = fake.open_board(str(folder))
    sh.compact(keep_finished=1)     # round 1 moves to sheet.tbj.arc, as the board does
    assert len(sh.archived) == 1
    sh.journal.store.close()
    got = collect.collect(EV, [path])
    assert [(r["rd"], r["status"]) for r in got.results] == [(1, "ok"), (2, "ok")]
    # copied off without its archive: round 1 is missing, and said so
    os.remove(path + ".arc")
    got = collect.collect(EV, [path])
    assert [r["rd"] for r in got.results] == [2]
    assert ("%s: archived party 1 is not in sheet.tbj.arc beside it: copy the board's "
            "sheet.tbj.arc too (a round may be in it)" % path) in got.notes, got.notes


def test_a_correction_not_signed_again_in_a_round_json_is_hinted(tmp_path):
    sh = fake.open_board(str(tmp_path / "T1"))
    fake.table_round(sh, EV, 1, 1, "dev1")
    s = sh.summary_of(2)
    s.decl_thirds = 210 if s.decl_thirds < 105 else 30
    sh.correct(2, s, confirmed=True)
    p = tmp_path / "t1.round.json"
    p.write_bytes(fake.round_json(sh, "dev1"))
    sh.journal.store.close()
    r = one(collect.collect(EV, [str(p)]), 1, 1)
    assert r["status"] == "altered"
    assert ("(deal 3 corrected: a correction after the signature that the "
            "table has not signed again reads so too)") in r["why"]


def test_a_five_table_round(tmp_path):
    ev = fake.event("TTC26-FIVE", "five", n_players=13, rounds=1, seed=3)
    five = [tb for (rd, tb), nr in collect.draw(ev).items() if len(nr) == 5]
    assert five
    path, pa = board(tmp_path / "T", 1, five[0], "d5", event=ev)
    r = one(collect.collect(ev, [path]), 1, five[0])
    assert (r["status"], r["n"], r["g"], len(r["seats"])) == ("ok", 20, 20, 5)
    assert [s["pts"] for s in r["seats"]] == pts_of(pa)


def test_a_round_told_fewer_games_is_partial_by_the_events_format(tmp_path):
    ev = dict(EV, format={"games": {"4": 16, "5": 20}})
    tn12 = dict(EV, format={"games": {"4": 12, "5": 15}})    # the board was told 12
    path, _ = board(tmp_path / "T1", 1, 1, "d1", event=tn12)
    assert one(collect.collect(tn12, [path]), 1, 1)["status"] == "ok"
    r = one(collect.collect(ev, [path]), 1, 1)
    assert (r["status"], r["g"], r["n"]) == ("partial", 16, 12)
    assert r["why"] == "12 of 16 games played, not ended early (the board was told 12)"


def test_a_round_with_more_games_than_the_format_is_not_counted(tmp_path):
    ev = dict(EV, format={"games": {"4": 12, "5": 15}})
    path, _ = board(tmp_path / "T1", 1, 1, "d1")      # the board was told 16
    r = one(collect.collect(ev, [path]), 1, 1)
    assert (r["status"], r["g"], r["n"]) == ("partial", 12, 16)
    assert r["why"] == "16 games, the round has 12 (the board was told 16)"
    ev = dict(EV, format={"games": {"4": 16, "5": 20}})
    path, _ = board(tmp_path / "T2", 1, 2, "d2", event=dict(EV, format={"games": {"4": 17}}))
    r = one(collect.collect(ev, [path]), 1, 2)
    assert r["status"] == "partial"
    assert r["why"] == "17 games, the round has 16 (the board was told 17)"


def test_a_round_without_the_kontra_column_is_not_counted_where_kontra_is_kept_out(tmp_path):
    apart = dict(EV, format={"games": {"4": 16, "5": 20}, "kc": 1})
    p1, pa = board(tmp_path / "T1", 1, 1, "d1", kc=False, seed=3)
    assert pa.kontra_of(0) is None
    p2, _ = board(tmp_path / "T2", 1, 2, "d2", kc=False, play=9, early=True)
    p3, _ = board(tmp_path / "T3", 1, 3, "d3")       # with the column: counts
    got = collect.collect(apart, [p1, p2, p3])
    r = one(got, 1, 1)
    assert (r["status"], r["why"]) == (
        "partial", "played without the Kontra column: its Kontras cannot be kept out")
    assert [s["pts"] for s in r["seats"]] == pts_of(pa)   # Kontra inside: accept counts them so
    r = one(got, 1, 2)
    assert (r["status"], r["early"]) == ("partial", True)
    assert r["why"] == ("played without the Kontra column: its Kontras cannot be kept out; "
                        "ended early by the table after 9 of 16 games")
    assert one(got, 1, 3)["status"] == "ok"
    # an event that ranks with Kontra (kc 0) counts the same round
    assert one(collect.collect(dict(apart, format={"kc": 0}), [p1]), 1, 1)["status"] == "ok"


def test_a_hand_made_round_json_is_refused_not_a_crash(tmp_path):
    sh = fake.open_board(str(tmp_path / "T1"))
    fake.table_round(sh, EV, 1, 1, "dev1")
    doc = json.loads(fake.round_json(sh, "dev1"))
    sh.journal.store.close()
    doc["parties"][0]["tournament"]["rounds"][0]["nr"] = ["x", None, 3, 4]
    doc["parties"][0]["deals"][0]["deltas"] = None
    p = tmp_path / "bad.round.json"
    p.write_text(json.dumps(doc))
    got = collect.collect(EV, [str(p)])
    assert not got.results
    src, why = got.refused[0]
    assert src == str(p) and why.startswith("round 1 table 1: its players are")
    del doc["parties"][0]["tournament"]["rounds"][0]["nr"]
    doc["parties"][0]["tournament"]["tn"]["nr"] = list(DRAW[(1, 1)])
    p.write_text(json.dumps(doc))
    r = one(collect.collect(EV, [str(p)]), 1, 1)
    assert (r["status"], r["why"]) == ("altered", "its deals do not read as 4 numbers a seat")


def test_fetch_from_the_boards_own_page_server(tmp_path):
    """The board's page server (firmware/web/server.py, microdot, as the
    emulator runs it) serves /round.json; fetch and collect read it."""
    with open(os.path.join(ROOT, "firmware", "web", "server.py"), encoding="utf-8") as f:
        if "/round.json" not in f.read():
            pytest.skip("firmware/web/server.py serves no /round.json yet")
    import types
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "emulator"))
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import emulator as E
    from webkit import free_port
    sh = fake.open_board(str(tmp_path / "T2"))
    pa = fake.table_round(sh, EV, 1, 2, "dev2")
    emu = types.SimpleNamespace(app=types.SimpleNamespace(sheet=sh, web_error=None))
    port = free_port()
    stop = E.serve_web(emu, port=port)
    try:
        url = "http://127.0.0.1:%d/round.json" % port
        st = collect.fetch([url], str(tmp_path / "got"), timeout=30, tries=2, pause=0)
        assert st[0][1].startswith("ok") and st[0][2], st
        got = collect.collect(EV, [url], store_dir=str(tmp_path / "store"))
    finally:
        stop()
    sh.journal.store.close()
    r = one(got, 1, 2)
    assert r["status"] == "ok" and [s["pts"] for s in r["seats"]] == pts_of(pa)
    assert r["dev"] == one(collect.collect(EV, [str(tmp_path / "T2")]), 1, 2)["dev"]


def test_a_round_from_a_typed_table_code_is_seated_by_the_draw(tmp_path):
    from table import tcode
    nr = DRAW[(1, 3)]
    key = collect.code_key(EV["secret"], EV["id"], 1, 3)
    # the code's key is its own: the printed code tells nothing of the file's
    assert key == tcode.key_of_code(key) and \
        key[:5] != collect.table_key(EV["secret"], EV["id"], 1, 3)[:5]
    tag = "T-%04X" % tcode.evtag(EV["id"])
    tn = {"ev": tag, "rd": 1, "tb": 3, "g": 16, "min": 0, "nr": [0, 0, 0, 0]}
    sh = fake.open_board(str(tmp_path / "T3"))
    pa = fake.play_round(sh, tn, ["Ida", "Jan", "Kai", "Lea"], key, "c0de", seed=9)
    sh.journal.store.close()
    got = collect.collect(EV, [str(tmp_path / "T3")])
    r = one(got, 1, 3)
    assert r["status"] == "ok" and [s["nr"] for s in r["seats"]] == nr
    assert [s["pts"] for s in r["seats"]] == pts_of(pa)
    names = collect.names(EV)
    assert r["why"] == ("a typed table code: seated as drawn (%s), the names at the table "
                        "Ida, Jan, Kai, Lea" % ", ".join(["%d %s" % (x, names[x]) for x in nr]))
    assert "round 1 table 3: " + r["why"] in got.notes
    # another event's code: its tag is not this event's
    other = dict(EV, id="KTC26-VILL")
    otag = "T-%04X" % tcode.evtag("KTC26-VILL")
    got = collect.collect(other, [str(tmp_path / "T3")])
    assert got.refused == [(str(tmp_path / "T3" / "sheet.tbj"), "round 1 table 3: from event "
                            "%s, not KTC26-VILL (%s by a typed table code)" % (tag, otag))]
    # the code's key comes from the event's secret: a round signed with another is altered
    got = collect.collect(dict(EV, secret="another"), [str(tmp_path / "T3")])
    assert one(got, 1, 3)["status"] == "altered"


def test_the_corpus_round_a_board_played_signed_and_corrected(monkeypatch):
    """The corpus's tournament round (tests/golden/journals/0.6.0/
    koenigrufen_tournament_round: written by the app from its table file,
    signed, a deal corrected, signed again) counts with its sq 2."""
    folder = os.path.join(ROOT, "tests", "golden", "journals", "0.6.0",
                          "koenigrufen_tournament_round")
    ev = {"ev": "TTC26-CORPUS", "secret": "corpus",
          "players": [{"nr": 12, "name": "Anna"}, {"nr": 5, "name": "Bernd"},
                      {"nr": 33, "name": "Clara"}, {"nr": 7, "name": "David"}],
          "rounds": {"2": {"tables": [{"tb": 7, "nr": [12, 5, 33, 7]}]}},
          "format": {"games": {"4": 4}}}
    # the corpus's table file has the key 9f3a0c1e5b7d2a46: no secret derives it
    monkeypatch.setattr(collect, "table_key", lambda *a: "9f3a0c1e5b7d2a46")
    with open(os.path.join(folder, "sheet.tbj"), "rb") as f:
        pa = fake.Sheet.open(MemStore({"sheet.tbj": f.read()})).parties[-1]
    got = collect.collect(ev, [folder])
    r = one(got, 2, 7)
    assert (r["status"], r["sq"], r["n"], r["g"]) == ("ok", 2, 4, 4), r
    assert [s["pts"] for s in r["seats"]] == pts_of(pa)
    assert [s["kontra"] for s in r["seats"]] == pa.kontra_totals()
    monkeypatch.setattr(collect, "table_key", lambda *a: "0000000000000000")
    assert one(collect.collect(ev, [folder]), 2, 7)["status"] == "altered"
