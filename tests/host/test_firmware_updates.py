"""What the table confirmed stands under every later firmware (issue 35, A).

- The hostile tester's experiment: every journal of the corpus rewritten as
  a firmware with one bonus fewer (Königrufen, Slovenian: the last entry of
  every per-bonus list and Kontra slot dropped) or one summary field fewer
  (French, Bavarian) would have written it, every frame made again with the
  project's framing: today's firmware opens it to the same totals, nothing
  disputed.
- The next firmware, simulated: a bonus (and its Kontra slot) added to
  Königrufen and Slovenian, a summary field to French and Bavarian, at run
  time; the whole corpus replays unchanged.
- A downgrade: a journal a newer firmware wrote (a newer format, a record
  type, a deal with a bonus this firmware does not know) loses nothing.
"""
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "golden"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))

import journals as J  # noqa: E402

__import__("emulator").hostenv.setup("HOST")

from table.sheet.journal import MemStore, Journal, frame, MAGIC, FORMAT  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402

CORPUS = J.corpus()
PER_BONUS = ("bonus", "announced", "kontra")
# the field a firmware one field older would not have written
FIELD_OF = {"french": "called", "bavarian": "trump"}


def _rewrite(data, change):
    """A file's bytes with every record passed through change(rec) and
    framed again; {old offset: new offset} (the file's end too)."""
    st = MemStore({"f": data})
    j = Journal(st, "f")
    out = [MAGIC] if data[:len(MAGIC)] == MAGIC else []
    pos = len(out[0]) if out else 0
    where = {}
    for off, rec in j.scan():
        where[off] = pos
        b = frame(change(rec))
        out.append(b)
        pos += len(b)
    assert j.bad == []
    where[len(data)] = pos
    return b"".join(out), where


def as_older(files, family):
    """The storage files as a firmware with one bonus (or field) fewer would
    have written them; the number of summaries whose dropped entry held
    something (those deals cannot read the same)."""
    held = [0]

    def summary(s):
        s = dict(s)
        if family in FIELD_OF:
            f = FIELD_OF[family]
            if s.get(f) not in (None, 0, -1):
                held[0] += 1
            s.pop(f, None)
            return s
        if any(s[k][-1] for k in PER_BONUS if k in s):
            held[0] += 1
        for k in PER_BONUS:
            if k in s:
                s[k] = s[k][:-1]
        return s

    def change(rec):
        if rec["t"] in ("deal", "fix") and isinstance(rec.get("s"), dict):
            rec = dict(rec)
            rec["s"] = summary(rec["s"])
        return rec
    out = dict(files)
    where = {}
    if "sheet.tbj.arc" in files:
        out["sheet.tbj.arc"], where = _rewrite(files["sheet.tbj.arc"], change)

    def change_index(rec):
        rec = change(rec)
        if rec["t"] == "arch" and "at" in rec:
            rec = dict(rec)
            end = rec["at"] + rec["len"]
            rec["at"] = where[rec["at"]]
            rec["len"] = where[end] - rec["at"]
        return rec
    out["sheet.tbj"], _ = _rewrite(files["sheet.tbj"], change_index)
    return out, held[0]


def _family(name):
    return name.split("_")[0]


def _expected(folder):
    with open(os.path.join(folder, "expected.json"), encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("ver,name,folder", CORPUS, ids=["%s/%s" % c[:2] for c in CORPUS])
def test_a_journal_of_a_firmware_one_bonus_or_field_older_reads_the_same(ver, name, folder):
    files = J.read_files(folder)
    older, held = as_older(files, _family(name))
    # the same totals, deals, history, ratings; nothing disputed (held: the
    # dropped entry held something in some summaries, e.g. a Bavarian
    # trump suit, that the score does not depend on)
    assert J.view(older) == _expected(folder), held


def test_the_experiment_changes_journals_of_every_family():
    changed = set()
    for ver, name, folder in CORPUS:
        files = J.read_files(folder)
        if as_older(files, _family(name))[0]["sheet.tbj"] != files["sheet.tbj"]:
            changed.add(_family(name))
    assert changed == {"koenigrufen", "slovenian", "french", "bavarian"}


# ---------------------------------------------------------------- the next firmware
@pytest.fixture
def next_firmware(monkeypatch):
    """This firmware with one bonus more in Königrufen and Slovenian (its
    Kontra slot follows), and one summary field more in French and Bavarian,
    as the next release would add them: appended, with a tariff, a default."""
    from tarock import profiles
    from tarock.koenigrufen import profiles as KP, score as KS
    from tarock.slovenian import profiles as SP, score as SS
    from tarock.french import score as FS
    from tarock.bavarian import score as BS
    monkeypatch.setattr(KP, "N_BONUS", KP.N_BONUS + 1)
    monkeypatch.setattr(KS, "N_BONUS", KP.N_BONUS)
    monkeypatch.setattr(KP, "BONUS_NAMES", KP.BONUS_NAMES + ("Neu",))
    monkeypatch.setattr(KS, "BONUS_NAMES", KP.BONUS_NAMES)
    monkeypatch.setattr(SP, "N_BONUS", SP.N_BONUS + 1)
    monkeypatch.setattr(SP, "BONUS_NAMES", SP.BONUS_NAMES + ("Novi",))
    get = profiles.get

    def next_get(name):
        p = dict(get(name))
        fam = p["family"]
        if fam in ("koenigrufen", "slovenian"):
            b = p["bonus"]
            b = dict(b) if isinstance(b, dict) else dict(enumerate(b))
            b[len(b)] = (1, 2)
            p["bonus"] = b
            if "bonus_names" in p:
                p["bonus_names"] = tuple(p["bonus_names"]) + ("Neu",)
        return p
    monkeypatch.setattr(profiles, "get", next_get)
    for mod, field in ((FS, "fee"), (BS, "fee")):
        init = mod.Summary.__init__

        def with_field(self, *a, _init=init, **k):
            _init(self, *a, **k)
            self.fee = 0
        monkeypatch.setattr(mod.Summary, "__init__", with_field)
        monkeypatch.setattr(mod, "KEYS", mod.KEYS + (field,))
    monkeypatch.setattr(FS, "_FIELDS", FS._FIELDS + ("fee",))
    monkeypatch.setattr(BS, "FIELDS", BS.FIELDS + (("fee", 0, 9, "a new fee"),))
    return KS, SS, FS, BS


def test_the_next_firmware_reads_every_summary_it_writes(next_firmware):
    """The simulated next firmware is whole: its summaries carry the new
    bonus, Kontra slot and field, and read back."""
    KS, SS, FS, BS = next_firmware
    s = KS.Summary(1, 0)
    assert len(s.bonus) == 13 and len(s.kontra) == 14
    s.bonus[12] = 1
    assert KS.summary_from_dict(KS.summary_to_dict(s)).bonus[12] == 1
    assert len(SS.Summary(1, 0).kontra) == 8
    assert FS.summary_to_dict(FS.Summary(1, 0))["fee"] == 0
    assert BS.summary_to_dict(BS.Summary(0, False, 61))["fee"] == 0


@pytest.mark.parametrize("ver,name,folder", CORPUS, ids=["%s/%s" % c[:2] for c in CORPUS])
def test_the_next_firmware_replays_the_corpus(next_firmware, ver, name, folder):
    assert J.check(folder) == []


# ---------------------------------------------------------------- a downgrade
def test_a_newer_firmwares_journal_loses_nothing_here():
    """Opened by this (older) firmware: the newer header and record type are
    kept, a deal with a bonus this firmware does not know counts as its
    seats confirmed it, the table is told, new deals are appended, and no
    compaction rewrites what it cannot read."""
    ver, name, folder = next(c for c in CORPUS if c[1] == "koenigrufen_tournament")
    files = J.read_files(folder)
    want = _expected(folder)["parties"][0]

    def newer(rec):
        if rec["t"] == "hdr":
            return {"t": "hdr", "v": FORMAT + 1, "fw": "9.9.0"}
        if rec["t"] == "deal" and rec.get("no") == 3:
            rec = dict(rec)
            s = dict(rec["s"])
            s["bonus"] = s.get("bonus", [0] * 12) + [1]       # the newer firmware's 13th bonus
            s["tip"] = 5                                       # and a field of its own
            rec["s"] = s
            rec["d"] = [d + (3 if i == 0 else -1) for i, d in enumerate(rec["d"])]
            rec["k"] = [0, 0, 0, 0]
        return rec
    data, _ = _rewrite(files["sheet.tbj"], newer)
    data += frame({"t": "photo", "of": "the table"})
    st = MemStore({"sheet.tbj": data})
    sh = Sheet.open(st)
    pa = sh.parties[0]
    assert not sh.readonly and sh.newer == "9.9.0"
    assert pa.deltas_of(3) == [d + (3 if i == 0 else -1) for i, d in enumerate(want["deals"][3])]
    assert pa.disputed[3][0] == ("p_newer_deal",) and pa.disputed[3][1] is None
    assert sum(pa.totals()) == sum(want["totals"])
    assert pa.totals() == [t + (3 if i == 0 else -1) for i, t in enumerate(want["totals"])]
    words = " ".join(sh.report)
    assert "newer firmware (9.9.0)" in words and "Deal 4 of" in words and "photo" not in words
    assert "Records of a newer firmware" in words
    # appending loses nothing; a compaction (which could) is refused
    size = st.size("sheet.tbj")
    pa2 = sh.new_party(["Ana", "Bor", "Cene", "Dana"], "koenigrufen/pagat")
    assert st.data("sheet.tbj")[:size] == data and pa2.fw
    with pytest.raises(ValueError):
        sh.compact()
    again = Sheet.open(MemStore({"sheet.tbj": st.data("sheet.tbj")}))
    assert again.parties[0].totals() == pa.totals() and len(again.parties) == 2


# ---------------------------------------------------------------- who wrote what
def test_check_says_which_firmware_and_rules_each_party_was_played_under(tmp_path, capsys):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "sheet"))
    import sheet as tool
    from table.sheet.journal import FileStore
    from table.sheet.sheet import VERSION
    ver, name, folder = next(c for c in CORPUS if c[1] == "koenigrufen_user_preset")
    sh = Sheet.open(FileStore(str(tmp_path)))
    sh.new_party(["Ana", "Bor", "Cene"], "slovenian/play-tarock-online")
    assert sh.party.fw == VERSION
    assert tool.main(["check", str(tmp_path / "sheet.tbj")]) == 0
    out = capsys.readouterr().out
    assert "party 1 (Ana/Bor/Cene): slovenian/play-tarock-online, written by firmware %s" \
        % VERSION in out
    assert tool.main(["check", os.path.join(folder, "sheet.tbj")]) == 0
    out = capsys.readouterr().out
    assert ("koenigrufen/stammtisch (based on koenigrufen/tarockcup), written by a firmware "
            "before 0.4.0") in out
