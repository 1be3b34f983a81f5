"""Score sheet on a real file (FileStore) and the host export/import:
JSON and CSV export, import round trip, every bad line refused with its
number and reason and nothing written. CPython/pytest only."""
import csv
import io
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))

import sheet as tool  # noqa: E402  host_tools/sheet/sheet.py
import sheetkit as K  # noqa: E402
from table.sheet.journal import FileStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402


def _journal(tmp_path):
    st = FileStore(str(tmp_path))
    sh, _ = K.build(20, seed=3, store=st)
    st.close()
    return sh, os.path.join(str(tmp_path), "sheet.tbj")


def _same(a, b):
    assert a.totals() == b.totals()
    assert a.ratings() == b.ratings()
    assert a.history() == b.history()
    assert (a.pending is None) == (b.pending is None)


def test_file_store_journal_survives_reopen_and_torn_tail(tmp_path):
    sh, path = _journal(tmp_path)
    again = Sheet.open(FileStore(str(tmp_path)))
    assert again.report == []
    _same(sh, again)
    with open(path, "ab") as f:
        f.write(b"\x30\x00{\"t\":")  # a torn record
    third = Sheet.open(FileStore(str(tmp_path)))
    assert any("moved to sheet.tbj.bad" in r for r in third.report), third.report
    _same(sh, third)
    assert os.path.exists(path + ".bad")


def test_export_json_and_import_round_trip(tmp_path):
    sh, path = _journal(tmp_path)
    out = tmp_path / "sheet.json"
    assert tool.main(["export", path, "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "tarockbox-sheet"
    p = doc["parties"][0]
    assert p["players"] == ["Anna", "Bert", "Cilli", "Dora", "Egon"]
    assert p["summary"]["totals"] == sh.totals() == K.recompute(sh)
    assert len(p["deals"]) == 20
    dst = tmp_path / "imported" / "sheet.tbj"
    dst.parent.mkdir()
    assert tool.main(["import", str(out), str(dst)]) == 0
    _same(sh, Sheet.open(FileStore(str(dst.parent))))
    # the same records, byte for byte
    assert dst.read_bytes() == open(path, "rb").read()


def test_export_csv_rows(tmp_path):
    sh, path = _journal(tmp_path)
    rows = list(csv.reader(io.StringIO(tool.export_csv(tool.load(path)))))
    assert rows[0][:4] == ["party", "entry", "kind", "status"]
    assert rows[1][2] == "players" and rows[1][9:14] == ["Anna", "Bert", "Cilli", "Dora", "Egon"]
    final = [r for r in rows[2:] if r[3] == "final"]
    assert [int(x) for x in final[-1][14:19]] == sh.totals()
    assert any(r[2] == "fix" for r in rows) and any(r[3] == "undone" for r in rows)


def _records(tmp_path):
    sh, path = _journal(tmp_path)
    return sh, tool.records(tool.load(path))


def _refused(tmp_path, recs, words):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    dst = tmp_path / "new.tbj"
    e = None
    try:
        tool.do_import(str(src), str(dst))
    except tool.ImportError_ as x:
        e = x
    assert e is not None, "import accepted"
    assert words in str(e), str(e)
    assert not dst.exists()  # nothing written
    return str(e)


def test_import_lines_round_trip(tmp_path):
    sh, recs = _records(tmp_path)
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    dst = tmp_path / "new" / "sheet.tbj"
    dst.parent.mkdir()
    assert tool.do_import(str(src), str(dst)) == len(recs)
    _same(sh, Sheet.open(FileStore(str(dst.parent))))
    e = None
    try:
        tool.do_import(str(src), str(dst))
    except tool.ImportError_ as x:
        e = x
    assert e is not None and "--force" in str(e)


def _imported(tmp_path, recs):
    """Import the records (one a line); what check says of the result."""
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    dst = tmp_path / "new" / "sheet.tbj"
    dst.parent.mkdir()
    assert tool.do_import(str(src), str(dst)) == len(recs)
    return tool.check(tool.load(str(dst)), str(dst))


def test_import_writes_tampered_deltas_and_check_says_so(tmp_path):
    """The import copies what a journal can hold; the sheet, as the board
    would, counts a deal as the rules say and check reports it."""
    sh, recs = _records(tmp_path)
    i = [n for n, r in enumerate(recs) if r["t"] == "deal"][3]
    recs[i]["d"][0] += 1
    j = [n for n, r in enumerate(recs) if r["t"] == "deal"][1]
    recs[j]["s"]["decl_thirds"] = 300
    lines = _imported(tmp_path, recs)
    # a confirmed deal counts as confirmed, disputed (issue 35)
    assert any("Deal %d" % (recs[i]["no"] + 1) in ln and "is disputed" in ln
               for ln in lines), lines
    assert any("Deal %d" % (recs[j]["no"] + 1) in ln and "0..70" in ln for ln in lines), lines


def test_import_writes_out_of_order_and_unknown_records(tmp_path):
    sh, recs = _records(tmp_path)
    i = next(n for n, r in enumerate(recs) if r["t"] == "ok")
    twice = recs[:i] + [recs[i], recs[i]] + recs[i + 1:]   # the same seat confirms twice
    lines = _imported(tmp_path, twice + [{"t": "nonsense", "x": [1]}])
    # a seat's confirmation twice counts once: the deal stands (issue 35)
    assert not [ln for ln in lines if "Deal 1 " in ln], lines
    assert any("newer firmware" in ln for ln in lines), lines


def test_import_refuses_what_a_journal_cannot_hold(tmp_path):
    _refused(tmp_path, [{"x": 1}], "line 1")
    src = tmp_path / "in.jsonl"
    src.write_text('{"t": "player"\n', encoding="utf-8")
    try:
        tool.do_import(str(src), str(tmp_path / "x.tbj"))
        assert False
    except tool.ImportError_ as e:
        assert "line 1: not JSON" in str(e)


def test_a_rename_on_the_host_store_syncs_its_directory(tmp_path, monkeypatch):
    """POSIX makes a rename durable only once the directory is synced: the
    host store fsyncs the directory after every rename (compaction, salvage)."""
    import stat
    synced = []
    real = os.fsync

    def fsync(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        return real(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    st = FileStore(str(tmp_path))
    st.append("a.new", b"x")
    st.flush("a.new")
    synced.clear()
    st.rename("a.new", "a")
    assert synced == [True] and (tmp_path / "a").read_bytes() == b"x"


def test_csv_file_has_bom_header_iso_dates_and_totals(tmp_path):
    """export --csv: UTF-8 with BOM (names with umlauts survive Excel), the
    header, each record's board time as ISO 8601, a total row per party and
    one per player over all parties."""
    sh, recs = _records(tmp_path)
    when = 1764633600 + 3600 * 19 + 61          # 2025-12-02 19:01:01 UTC
    for r in recs:
        if r["t"] == "party":
            r["w"] = when
        if r["t"] == "player" and r.get("name") == "Anna":
            r["name"] = "Jürgen"
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    journal = tmp_path / "j" / "sheet.tbj"
    journal.parent.mkdir()
    assert tool.do_import(str(src), str(journal)) == len(recs)
    out = tmp_path / "sheet.csv"
    assert tool.main(["export", str(journal), "--csv", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfparty,entry,kind,status,")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == tool.CSV_HEAD
    players = next(r for r in rows if r[2] == "players")
    assert "Jürgen" in players and players[-1] == "2025-12-02T19:01:01Z"
    again = Sheet.open(FileStore(str(journal.parent)))
    total = [r for r in rows if r[2] == "total"]
    assert len(total) == len(again.parties) == 1
    assert [int(x) for x in total[0][14:19]] == again.totals()
    per = {r[7]: int(r[14]) for r in rows if r[2] == "player total"}
    assert per == dict(zip(["Jürgen", "Bert", "Cilli", "Dora", "Egon"], again.totals()))
    # writing over the export needs --force
    try:
        tool.main(["export", str(journal), "--csv", str(out)])
        assert False, "wrote over the CSV"
    except SystemExit as e:
        assert e.code == 2
    assert tool.main(["export", str(journal), "--csv", str(out), "--force"]) == 0


def test_iso_dates():
    assert tool.iso(0) == "1970-01-01T00:00:00Z"
    assert tool.iso(None) == "" and tool.iso("x") == "" and tool.iso(True) == ""


def test_export_of_a_family_without_contracts(tmp_path):
    """Bavarian summaries name a declarer and a target, no contract: the
    export has every deal's summary and an empty contract (it stopped on an
    AttributeError)."""
    path = os.path.join(ROOT, "tests", "golden", "journals", "0.3.0", "bavarian_score",
                        "sheet.tbj")
    out = tmp_path / "b.json"
    assert tool.main(["export", path, "--json", str(out), "--csv", str(tmp_path / "b.csv")]) == 0
    deals = json.loads(out.read_text(encoding="utf-8"))["parties"][0]["deals"]
    assert deals and all(d["contract"] == "" and "target" in d["summary"] for d in deals)


# ---------------------------------------------------------------- what it is given
SHEET = os.path.join(ROOT, "host_tools", "sheet", "sheet.py")


def _cli(*args, cwd=None):
    import subprocess
    return subprocess.run([sys.executable, SHEET] + list(args), capture_output=True, text=True,
                          timeout=60, cwd=cwd or ROOT)


def _tree(top):
    return sorted(os.path.relpath(os.path.join(d, f), top)
                  for d, dirs, files in os.walk(top) for f in files + dirs)


def test_export_into_a_folder_not_there_yet(tmp_path):
    """--csv and --json into folders that are not there: made (it was a
    FileNotFoundError traceback)."""
    sh, path = _journal(tmp_path)
    csv_out = tmp_path / "new" / "deeper" / "sheet.csv"
    json_out = tmp_path / "other" / "sheet.json"
    r = _cli("export", path, "--csv", str(csv_out), "--json", str(json_out))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert csv_out.read_bytes()[:3] == b"\xef\xbb\xbf"
    assert json.loads(json_out.read_text(encoding="utf-8"))["format"] == "tarockbox-sheet"


def test_a_storage_folder_stands_for_its_journal(tmp_path, capsys):
    """The emulator's --storage folder (or a copy of the board's files) is
    taken for the sheet.tbj in it, for check, export and import."""
    (tmp_path / "store").mkdir()
    sh, path = _journal(tmp_path / "store")
    folder = str(tmp_path / "store")
    assert tool.main(["check", path]) == 0
    by_file = capsys.readouterr().out.replace(path, "X")
    assert tool.main(["check", folder]) == 0
    assert capsys.readouterr().out.replace(path, "X") == by_file
    assert tool.main(["export", folder, "--json", str(tmp_path / "a.json")]) == 0
    dst = tmp_path / "copy"
    dst.mkdir()
    assert tool.main(["import", str(tmp_path / "a.json"), str(dst)]) == 0
    assert open(str(dst / "sheet.tbj"), "rb").read() == open(path, "rb").read()
    # a folder without a journal: one line
    empty = tmp_path / "empty"
    empty.mkdir()
    r = _cli("check", str(empty))
    lines = r.stderr.strip("\n").split("\n")
    assert r.returncode == 2 and len(lines) == 1 and "no sheet.tbj" in lines[0], r.stderr


def test_a_file_that_is_no_journal_is_refused_in_one_line(tmp_path):
    """README.md given as the journal: one line, status 2, nothing written
    (export said bytes were "moved" to a quarantine it never wrote, and
    exited 0)."""
    before = _tree(str(tmp_path))
    for cmd in (["check", os.path.join(ROOT, "README.md")],
                ["export", os.path.join(ROOT, "README.md"), "--csv", str(tmp_path / "x.csv")]):
        r = _cli(*cmd, cwd=str(tmp_path))
        lines = r.stderr.strip("\n").split("\n")
        assert r.returncode == 2 and len(lines) == 1, r.stderr
        assert "not a tarockbox score-sheet journal" in lines[0] and "README.md" in lines[0]
        assert "moved" not in r.stderr and r.stdout == ""
    assert _tree(str(tmp_path)) == before
    assert not os.path.exists(os.path.join(ROOT, "README.md.bad"))


def test_check_and_export_say_what_the_device_would_do_not_what_they_did(tmp_path, capsys):
    """A damaged journal: check and export read a copy, so they say that
    the device sets the damage aside (in sheet.tbj.bad) when it opens it,
    never that it was moved, and name no quarantine file that is not
    there; the files stay as they are."""
    sh, path = _journal(tmp_path)
    with open(path, "ab") as f:
        f.write(b"\x30\x00{\"t\":")  # a torn record
    before = {n: open(os.path.join(str(tmp_path), n), "rb").read() for n in os.listdir(tmp_path)}
    assert tool.main(["check", path]) == 1
    said = capsys.readouterr().out
    assert "moved" not in said and "quarantine %s.bad" % path not in said, said
    assert "when it opens" in said and "sheet.tbj.bad" in said, said
    assert tool.main(["export", path, "--json", str(tmp_path / "out.json")]) == 0
    err = capsys.readouterr().err
    assert "moved" not in err and "when it opens" in err, err
    after = {n: open(os.path.join(str(tmp_path), n), "rb").read() for n in os.listdir(tmp_path)
             if n != "out.json"}
    assert after == before


def test_export_money_and_radelci_columns(tmp_path):
    """A Slovenian party with radelci and 10 cents a point (issue 37, item
    8): the CSV's "radelci", "pays" and "money" rows, the JSON's end summary."""
    from tarock.slovenian import profiles as PS
    from tarock.slovenian import score as S
    st = FileStore(str(tmp_path))
    sh = Sheet.open(st)
    sh.new_party(["Ana", "Bor", "Cene", "Dan"], profile="slovenian/standard",
                 overrides={"radelci": True, "cents_per_point": 10})
    k = S.Summary(PS.KLOP, -1, 4)
    k.thirds, k.tricks = [60, 50, 50, 50], [3, 3, 3, 3]
    sh.add_deal(k, confirmed=True)
    d = S.Summary(PS.DREI, 0, 4)
    d.partner, d.decl_thirds = 1, 120
    sh.add_deal(d, confirmed=True)
    st.close()
    sh = Sheet.open(FileStore(str(tmp_path)))
    rows = list(csv.reader(io.StringIO(tool.export_csv(sh))))
    tot = sh.totals()
    by = {r[2]: r for r in rows}
    head = tool.CSV_HEAD
    assert by["radelci"][head.index("t0"):head.index("t0") + 4] == [
        str(x) for x in sh.party.rad] and sorted(sh.party.rad) == [0, 1, 1, 1]
    pays = [r for r in rows if r[2] == "pays"]
    bal = [int(x) for x in by["money"][head.index("t0"):head.index("t0") + 4]]
    assert by["money"][head.index("contract")] == "\u20ac"
    assert by["money"][head.index("points")] == "10"
    assert bal == [(4 * t - sum(tot)) * 10 for t in tot], (bal, tot)   # pairwise differences
    names = sh.end_summary()["players"]
    paid = dict.fromkeys(names, 0)
    for r in pays:
        paid[r[head.index("declarer")]] -= int(r[head.index("points")])
        paid[r[head.index("contract")]] += int(r[head.index("points")])
    assert [paid[n] for n in names] == bal
    doc = tool.party_json(sh, sh.party)["summary"]
    assert doc["money"]["pays"] == [[a, b, x * 10] for a, b, x in doc["settlement"]]
    assert doc["radelci"] == sh.party.rad


# ---------------------------------------------------------------- re-saved
# A hostile pass (issue 35, item 14): exports an editor or a tool re-saved,
# or a person edited. Each failed before: a traceback, a refusal of an
# export whose values are all the same, or an edit taken without a word.
CORPUS = os.path.join(ROOT, "tests", "golden", "journals", "0.5.0")


def _export_doc(tmp_path, name):
    p = str(tmp_path / "orig.json")
    assert tool.main(["export", os.path.join(CORPUS, name), "--json", p, "--no-timestamp"]) == 0
    with open(p, encoding="utf-8") as f:
        return json.load(f)


def _import_bytes(tmp_path, data, capsys):
    p = tmp_path / "edited.json"
    p.write_bytes(data)
    out = tmp_path / "imp"
    out.mkdir(exist_ok=True)
    capsys.readouterr()
    rc = tool.main(["import", str(p), str(out / "sheet.tbj")])
    return rc, capsys.readouterr().err.strip().splitlines(), out


def test_an_export_saved_as_latin_1_is_refused_in_one_line(tmp_path, capsys):
    doc = _export_doc(tmp_path, "koenigrufen_score")
    doc["records"][2]["name"] = "J\u00f6rg"
    rc, err, _ = _import_bytes(tmp_path, json.dumps(doc, ensure_ascii=False).encode("latin-1"), capsys)
    assert rc == 2 and len(err) == 1 and "not UTF-8" in err[0], err


def test_json_nested_past_python_is_refused_in_one_line(tmp_path, capsys):
    data = b'{"format": "tarockbox-sheet", "records": [' + b"[" * 100000 + b"]" * 100000 + b"]}"
    rc, err, _ = _import_bytes(tmp_path, data, capsys)
    assert rc == 2 and len(err) == 1 and "not JSON" in err[0], err


def test_an_export_with_sorted_keys_or_a_byte_order_mark_imports_byte_for_byte(tmp_path, capsys):
    doc = _export_doc(tmp_path, "koenigrufen_archived")
    for data in (json.dumps(doc, indent=2, sort_keys=True).encode(),
                 b"\xef\xbb\xbf" + json.dumps(doc, indent=1, ensure_ascii=False).encode()):
        rc, err, out = _import_bytes(tmp_path, data, capsys)
        assert rc == 0, err
        for name in ("sheet.tbj", "sheet.tbj.arc"):
            with open(os.path.join(CORPUS, "koenigrufen_archived", name), "rb") as f:
                assert (out / name).read_bytes() == f.read()
        for name in ("sheet.tbj", "sheet.tbj.arc"):
            (out / name).unlink()


def test_totals_edited_in_an_export_are_said_the_records_count(tmp_path, capsys):
    doc = _export_doc(tmp_path, "koenigrufen_score")
    real = doc["parties"][0]["totals"]
    doc["parties"][0]["totals"] = [1000, 0, 0, 0, -1000]
    rc, err, out = _import_bytes(tmp_path, json.dumps(doc).encode(), capsys)
    assert rc == 0
    assert any(line.startswith("note: parties[0].totals: the export says [1000, 0, 0, 0, -1000], "
                               "its records count %s" % json.dumps(real)) for line in err), err
    assert Sheet.open(FileStore(str(out))).totals() == real
