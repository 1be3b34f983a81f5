"""The backup route keeps everything a board's storage holds (issue 35,
item 14): export --json carries every record of the journal, its archive
and its quarantine (and bytes that read as no record), whatever their type;
import rebuilds the three files byte for byte, refusing only what a journal
cannot hold; check says when an archived party's records are not there.
Export -> import -> export is byte-identical for every journal of the
corpus. CPython/pytest only."""
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import journals as J  # noqa: E402  host_tools/golden/journals.py
import sheet as tool  # noqa: E402  host_tools/sheet/sheet.py
from table.sheet.journal import frame  # noqa: E402

CORPUS = J.corpus()
EXTS = ("", ".arc", ".bad")


def _write(folder, files):
    os.makedirs(str(folder), exist_ok=True)
    for ext, data in files.items():
        (folder / ("sheet.tbj" + ext)).write_bytes(data)
    return str(folder / "sheet.tbj")


def _storage(path):
    return {ext: open(path + ext, "rb").read() for ext in EXTS if os.path.exists(path + ext)}


def _round_trip(tmp_path, path):
    """Export path, import it into a new folder, export that: (the first
    JSON, the second, the rebuilt journal's path)."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert tool.main(["export", path, "--json", str(a), "--no-timestamp"]) == 0
    dst = str(tmp_path / "rebuilt" / "sheet.tbj")
    assert tool.main(["import", str(a), dst]) == 0
    assert tool.main(["export", dst, "--json", str(b), "--no-timestamp"]) == 0
    return a.read_bytes(), b.read_bytes(), dst


@pytest.mark.parametrize("ver,name,folder", CORPUS, ids=["%s/%s" % c[:2] for c in CORPUS])
def test_every_corpus_journal_round_trips_byte_for_byte(tmp_path, ver, name, folder):
    path = os.path.join(folder, "sheet.tbj")
    first, second, dst = _round_trip(tmp_path, path)
    assert first == second
    assert _storage(dst) == _storage(path)
    doc = json.loads(first)
    assert "exported" not in doc and doc["version"] == 2
    assert bool(doc["archive"]) == os.path.exists(path + ".arc")
    assert bool(doc["quarantine"]) == os.path.exists(path + ".bad")


def test_newer_records_and_damage_survive_the_round_trip(tmp_path):
    """A newer firmware's records (the framing record first, a type this one
    does not know in the archive) and damaged bytes in each file come back
    where they were; check reports the damage on the rebuilt files."""
    src = _storage(os.path.join({c[1]: c[2] for c in CORPUS}["koenigrufen_archived"],
                                "sheet.tbj"))
    assert set(src) == {"", ".arc"}
    arc = bytearray(src[".arc"])
    arc[40] ^= 0x55                                     # inside the archived party
    files = {"": frame({"t": "tbj", "f": 1}) + src[""] + b"\x40\x00{\"t\":",   # a torn tail
             ".arc": bytes(arc) + frame({"t": "later", "x": {"y": [1, "ü"]}}),
             ".bad": frame({"t": "bad", "at": 3, "why": "bad CRC", "hex": "00"}) + b"\x07"}
    path = _write(tmp_path / "board", files)
    first, second, dst = _round_trip(tmp_path, path)
    assert first == second and _storage(dst) == files
    doc = json.loads(first)
    assert doc["records"][0] == {"t": "tbj", "f": 1} and doc["archive"][-1]["t"] == "later"
    assert sorted(d["file"] for d in doc["damaged"]) == ["archive", "journal", "quarantine"]
    lines = tool.check(tool.load(dst), dst)
    assert any(ln.startswith("archived party 1:") and "could not be read" in ln for ln in lines)


def test_an_import_without_the_archive_is_not_all_well(tmp_path, capsys):
    """An export that lost its archive (made by the old tool, or edited):
    the import writes the journal, and both it and check say that the
    archived party's records are not there."""
    path = os.path.join({c[1]: c[2] for c in CORPUS}["koenigrufen_archived"], "sheet.tbj")
    out = tmp_path / "a.json"
    assert tool.main(["export", path, "--json", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    del doc["archive"]
    out.write_text(json.dumps(doc), encoding="utf-8")
    dst = str(tmp_path / "j" / "sheet.tbj")
    capsys.readouterr()
    assert tool.main(["import", str(out), dst]) == 0
    assert not os.path.exists(dst + ".arc")
    assert "archived party 1: sheet.tbj.arc lacks" in capsys.readouterr().err
    assert tool.main(["check", dst]) == 1
    said = capsys.readouterr().out
    assert "archived party 1: sheet.tbj.arc lacks" in said and "every record" not in said
    # a shorter archive is said too
    (tmp_path / "j" / "sheet.tbj.arc").write_bytes(open(path + ".arc", "rb").read()[:100])
    lines = tool.check(tool.load(dst), dst)
    assert any("lacks" in ln for ln in lines), lines


def test_import_refuses_each_record_it_cannot_hold_and_writes_nothing(tmp_path, capsys):
    doc = {"format": "tarockbox-sheet", "version": 2,
           "records": [{"t": "hdr", "v": 2}, [1], {"x": 1}, {"t": "deal", "v": 1.5},
                       {"t": "note", "s": "x" * 70000}, {"t": 7}],
           "archive": [{"t": "party"}, "no"], "quarantine": [],
           "damaged": [{"file": "nowhere", "at": 0, "hex": "00"}]}
    src = tmp_path / "in.json"
    src.write_text(json.dumps(doc), encoding="utf-8")
    dst = tmp_path / "out" / "sheet.tbj"
    assert tool.main(["import", str(src), str(dst)]) == 2
    err = capsys.readouterr().err.strip("\n").split("\n")
    assert [ln.split("import refused: ")[1].split(":")[0] for ln in err] == [
        "damaged 1", "record 2", "record 3", "record 4 (deal)", "record 5 (note)", "record 6",
        "archive record 2"], err
    assert "Traceback" not in "".join(err) and not dst.parent.exists()


def test_import_over_existing_files_needs_force_and_drops_a_stale_archive(tmp_path, capsys):
    path = os.path.join({c[1]: c[2] for c in CORPUS}["bavarian_aid"], "sheet.tbj")
    out = tmp_path / "a.json"
    assert tool.main(["export", path, "--json", str(out)]) == 0
    dst = _write(tmp_path / "j", {"": b"old", ".arc": b"old archive"})
    assert tool.main(["import", str(out), dst]) == 2
    assert "--force" in capsys.readouterr().err and open(dst, "rb").read() == b"old"
    assert tool.main(["import", str(out), dst, "--force"]) == 0
    assert _storage(dst) == _storage(path)
