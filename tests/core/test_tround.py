# A tournament round on the score sheet (issue 39): the party's "tn", the
# seats' signatures, the round record with its digest; what survives a
# reopen and a compaction; a correction after signing asks for signatures
# again; the table file checked field by field. MicroPython-compatible.
from mpcompat import raises, tmpdir, rmdir
from sheetkit import manual, confirm_all
from tarock.rng import Rng
from table.sheet import tround
from table.sheet.journal import MemStore, dumps
from table.sheet.sheet import Sheet, SheetError, E_PARTY
from table.sheet.tround import E_SIGN

TN = {"ev": "TTC26-IMST", "rd": 2, "tb": 7, "g": 3, "min": 120, "nr": [12, 5, 33, 7]}
KEY = "9f3a0c1e5b7d2a46"


def table_file(**kw):
    d = {"t": "tarockbox-table", "v": 1, "ev": "TTC26-IMST", "evn": "Tarockcup Imst",
         "rd": 2, "tb": 7, "prof": "koenigrufen/tarockcup", "g": 16, "min": 120,
         "pl": [{"nr": 12, "nm": "Anna"}, {"nr": 5, "nm": "Bert"}, {"nr": 33, "nm": "Cilli"},
                {"nr": 7, "nm": "Dora"}], "dl": 0, "kc": 1, "k": KEY}
    d.update(kw)
    return d


def played(deals=3, tn=TN, store=None, early=False):
    rng = Rng(5)
    st = store if store is not None else MemStore()
    sh = Sheet.open(st)
    sh.new_party(["Anna", "Bert", "Cilli", "Dora"], "koenigrufen/pagat", end={"deals": tn["g"]},
                 kontra_column=True, tn=tn)
    for k in range(deals):
        confirm_all(sh.add_deal(manual(rng)))
    if early:
        sh.finish()
    return st, sh


def test_a_round_signed_by_every_seat_writes_its_record_once():
    st, sh = played()
    pa = sh.party
    assert pa.over and pa.why == "deals" and tround.signing(sh) == [0, 1, 2, 3]
    for s in (2, 0, 3):
        assert tround.sign(sh, s, KEY, "dev1") is None
    assert tround.signing(sh) == [1]
    r = tround.sign(sh, 1, KEY, "dev1", when=1764892800)
    assert tround.signing(sh) == ()
    assert r["t"] == "round" and r["sg"] == [0, 1, 2, 3] and r["sq"] == 1 and r["dev"] == "dev1"
    assert (r["ev"], r["rd"], r["tb"], r["nr"], r["n"], r["g"], r["early"]) == \
        ("TTC26-IMST", 2, 7, [12, 5, 33, 7], 3, 3, 0)
    assert r["tot"] == pa.totals() and r["kt"] == pa.kontra_totals() and r["w"] == 1764892800
    deals = [[pa.deltas_of(k), pa.kontra_of(k)] for k in range(3)]
    assert r["dg"] == tround.digest(KEY, r, deals)
    assert sum(r["tot"]) == 0
    # a second signature refused, nothing written
    n = st.size("sheet.tbj")
    assert raises(SheetError, tround.sign, sh, 1, KEY, "dev1")
    assert st.size("sheet.tbj") == n
    # the journal read again: the same round, nothing to sign
    sh2 = Sheet.open(st)
    assert len(sh2.party.rounds) == 1 and sh2.party.rounds[0]["dg"] == r["dg"]
    assert tround.signing(sh2) == () and sh2.party.tn == TN


def test_the_digest_changes_with_any_delta_the_key_or_what_the_record_signs():
    d = [[[30, -10, -10, -10], [0, 0, 0, 0]], [[-6, 2, 2, 2], None]]
    rec = {"ev": "E", "rd": 1, "tb": 1, "nr": [1, 2, 3, 4], "n": 2, "g": 16, "early": 0,
           "sg": [0, 1, 2, 3], "dev": "d1", "sq": 1, "tot": [24, -8, -8, -8], "w": 5}
    a = tround.digest(KEY, rec, d)
    assert len(a) == 16 and int(a, 16) >= 0
    d2 = [[[30, -10, -10, -10], [0, 0, 0, 0]], [[-6, 2, 4, 0], None]]
    assert tround.digest(KEY, rec, d2) != a
    assert tround.digest("9f3a0c1e5b7d2a47", rec, d) != a
    for k, v in (("ev", "F"), ("rd", 2), ("tb", 2), ("nr", [1, 2, 4, 3]), ("n", 3), ("g", 12),
                 ("early", 1), ("sg", [0, 1, 2]), ("dev", "d2"), ("sq", 2)):
        r2 = dict(rec)
        r2[k] = v
        assert tround.digest(KEY, r2, d) != a, k
    # what the deals decide (the totals) or nobody signs (the time) is not in it
    r2 = dict(rec)
    r2["tot"] = [0, 0, 0, 0]
    r2["w"] = 6
    assert tround.digest(KEY, r2, d) == a
    # the documented bytes: sha256 of key, newline, the sorted compact JSON
    doc = dumps({"ev": "E", "rd": 1, "tb": 1, "nr": [1, 2, 3, 4], "n": 2, "g": 16, "early": 0,
                 "sg": [0, 1, 2, 3], "dev": "d1", "sq": 1, "deals": d})
    assert doc.startswith('{"deals":[[[30,-10,-10,-10],[0,0,0,0]],[[-6,2,2,2],null]],"dev":"d1",')
    import hashlib
    from binascii import hexlify
    h = hashlib.sha256((KEY + "\n" + doc).encode())
    assert hexlify(h.digest()).decode()[:16] == a


def test_a_round_ended_early_is_marked():
    st, sh = played(deals=2, early=True)
    for s in range(4):
        r = tround.sign(sh, s, KEY, "d")
    assert r["early"] == 1 and r["n"] == 2 and r["g"] == 3


def test_a_correction_after_signing_asks_every_seat_again():
    st, sh = played()
    for s in range(4):
        r1 = tround.sign(sh, s, KEY, "d")
    e = sh.correct(1, manual(Rng(99)))
    confirm_all(e)
    if sh.party.totals() == r1["tot"]:      # (the seed's correction changes the totals)
        raise AssertionError("the correction changed nothing")
    assert tround.signing(sh) == [0, 1, 2, 3]
    for s in range(4):
        r2 = tround.sign(sh, s, KEY, "d")
    assert r2["sq"] == 2 and r2["dg"] != r1["dg"] and r2["tot"] == sh.party.totals()
    # compaction keeps both round records and the signatures' state
    sh.compact()
    sh3 = Sheet.open(st)
    assert [r["sq"] for r in sh3.party.rounds] == [1, 2] and tround.signing(sh3) == ()


def test_signatures_survive_a_restart_and_compaction_midway():
    st, sh = played()
    tround.sign(sh, 0, KEY, "d")
    tround.sign(sh, 3, KEY, "d")
    sh.compact()
    sh2 = Sheet.open(st)
    assert tround.signing(sh2) == [1, 2]


def test_no_signing_an_ordinary_party_or_an_open_round():
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(["Anna", "Bert", "Cilli", "Dora"], end={"deals": 1})
    confirm_all(sh.add_deal(manual(Rng(1))))
    assert tround.signing(sh) == ()
    try:
        tround.sign(sh, 0, KEY, "d")
        raise AssertionError("signed an ordinary party")
    except SheetError as e:
        assert e.code == E_SIGN
    st, sh = played(deals=1)
    assert not sh.party.over and tround.signing(sh) == ()
    assert raises(SheetError, tround.sign, sh, 0, KEY, "d")


def test_a_party_record_with_a_wrong_tn_is_refused():
    st = MemStore()
    sh = Sheet.open(st)
    bad = dict(TN)
    bad["nr"] = [1, 2, 3]       # three start numbers at four seats
    try:
        sh.new_party(["Anna", "Bert", "Cilli", "Dora"], tn=bad)
        raise AssertionError("a wrong tn taken")
    except SheetError as e:
        assert e.code == E_PARTY
    assert sh.party is None


def test_the_table_file_is_checked_field_by_field():
    assert tround.check(table_file())["tb"] == 7
    assert tround.tn_of(table_file()) == {"ev": "TTC26-IMST", "rd": 2, "tb": 7, "g": 16,
                                          "min": 120, "nr": [12, 5, 33, 7]}
    for kw, word in (({"t": "x"}, "table file"), ({"v": 2}, "v:"), ({"ev": "ttc"}, "ev:"),
                     ({"ev": "A" * 13}, "ev:"), ({"evn": ""}, "evn:"), ({"rd": 0}, "rd:"),
                     ({"tb": 100}, "tb:"), ({"g": 0}, "g:"), ({"min": 601}, "min:"),
                     ({"kc": 2}, "kc:"), ({"rd": True}, "rd:"), ({"prof": "x/y"}, "prof:"),
                     ({"pl": []}, "pl:"), ({"dl": 4}, "dl:"), ({"k": KEY.upper()}, "k:"),
                     ({"k": KEY[:15]}, "k:"), ({"k": KEY[:8]}, "k:"), ({"extra": 1}, "extra:")):
        try:
            tround.check(table_file(**kw))
            raise AssertionError("taken: %r" % (kw,))
        except ValueError as e:
            assert word in str(e), (kw, str(e))
    pl = table_file()["pl"]
    for bad in ([pl[0], pl[0], pl[2], pl[3]],
                [{"nr": 12, "nm": "Anna"}, {"nr": 12, "nm": "Bert"}, pl[2], pl[3]],
                [{"nr": 12, "nm": "Annabella1"}] + pl[1:],
                [{"nr": 12, "nm": "A\u4e2d"}] + pl[1:],
                [{"nr": 12, "nm": " Anna"}] + pl[1:],
                [{"nr": 1000, "nm": "Anna"}] + pl[1:],
                [{"nr": 12, "nm": "Anna", "x": 1}] + pl[1:]):
        assert raises(ValueError, tround.check, table_file(pl=bad)), bad


def test_the_table_file_read_from_the_storage():
    d = tmpdir("tround")
    try:
        assert tround.read(d) == (None, None)
        with open(d + "/" + tround.FILE, "w") as fh:
            fh.write(dumps(table_file()))
        t, why = tround.read(d)
        assert why is None and t["ev"] == "TTC26-IMST"
        with open(d + "/" + tround.FILE, "w") as fh:
            fh.write('{"t": "tarockbox-table", ')
        t, why = tround.read(d)
        assert t is None and why == ""
        with open(d + "/" + tround.FILE, "w") as fh:
            fh.write(dumps(table_file(rd=16)))
        assert tround.read(d) == (None, "rd")
        with open(d + "/" + tround.FILE, "w") as fh:
            fh.write(dumps(table_file(pl=[])))
        assert tround.read(d) == (None, "pl")
    finally:
        rmdir(d)
