"""What a hostile tester still found after issue 35's first build (its
part B, tried again on firmware 0.5.0); each failed before its fix:

- a damaged journal on a full flash, German screens: the first page said
  "Die Schrift kann nicht gelesen werden" though the sheet was read (it
  cannot be saved), and the ● of a multi-page report did not say that play
  goes on unsaved;
- the undo of a result the table gave up (Abort deal, Discard result), hit
  by damage: the result started to count ("the table had gone on");
- CRC-valid records crafted to claim runs of lost deals, 999 ahead each: 1
  MB of them held 31 million lost deals in memory (44 s to open on CPython;
  a MemoryError on the unix port, the sheet read-only for good);
- a lost deal whose correction was then undone was no longer lost.
"""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in ("host_tools/lib", "tests/core"):
    sys.path.insert(0, os.path.join(ROOT, p))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

E.hostenv.setup("HOST")

from tarock.rng import Rng  # noqa: E402
from table.sheet.journal import FileStore, Journal, MemStore, frame  # noqa: E402
from table.sheet import sheet as S  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402
import sheetkit as K  # noqa: E402
from conftest import refuse_writes  # noqa: E402

NAME = "sheet.tbj"
NAMES = ["Anna", "Bert", "Cilli", "Dora"]


# ---------------------------------------------------------------- full flash
@pytest.fixture
def full_flash(monkeypatch):
    return refuse_writes(monkeypatch, 28, ("append", "rename", "remove", "flush"))


def _flip(tmp_path, t, pick=lambda recs: recs[-1], at=6, bit=0x04):
    recs = [o for o, r in Journal(FileStore(str(tmp_path)), NAME).scan() if r["t"] == t]
    off = pick(recs)
    with open(os.path.join(str(tmp_path), NAME), "r+b") as f:
        f.seek(off + at)
        b = f.read(1)
        f.seek(off + at)
        f.write(bytes([b[0] ^ bit]))


def test_a_damaged_journal_on_a_full_flash_says_first_that_it_cannot_be_saved(tmp_path, full_flash):
    """German table, a deal pending with two of four confirmations when the
    power went, deal 1's record damaged, the flash full: every page in
    German, the first says the sheet was read but cannot be saved and why,
    the ● says play goes on unsaved; the pending deal is finished and one
    more played in memory, both written once the flash takes them."""
    emu = E.Emulator(seats=5, seed=71, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2, names=["Ana", "Ben", "Cy", "Dora", "Ed"], lang="de")
    emu.press(0, "o")
    for _ in range(3):
        E.play_deal(emu, Rng(71))
    emu.press(0, "o")
    E.to_confirm(emu)
    emu.press(0, "o")
    emu.press(1, "o")
    emu.app.sheet.journal.store.close()
    _flip(tmp_path, "deal", pick=lambda recs: recs[0], at=20, bit=0x08)
    full_flash["on"] = True
    emu2 = E.Emulator(seats=5, seed=72, record=False, storage=str(tmp_path))
    app = emu2.app
    assert app.sheet.readonly and app.sheet.whole
    n = len(app._pages())
    assert n >= 3
    for seat in range(5):
        first = " ".join(emu2.text(seat))
        assert "gelesen, aber nicht gespeichert: der Flash ist voll" in first, (seat, first)
        seen = []
        for _ in range(n):
            seen.append(" ".join(emu2.text(seat)))
            emu2.press(seat, ">")
        s = " | ".join(seen)
        assert "kann nicht gelesen werden" not in s
        if seat < 4:
            assert s.count("ungespeichert") == n, (seat, s)
        for w in ("could not", "cannot", "flash is full", "Deal "):
            assert w not in s, (seat, w, s)
    while app.sheet.unacknowledged() or (app.sheet.readonly and not app.played_on):
        emu2.press(0, "o")
    assert app.sheet.pending is not None
    for d in range(5):
        if app.sheet.pending is not None:
            emu2.press(d, "o")
    assert app.sheet.pending is None and not app.errors, app.errors
    assert app.scores.count() == 4
    E.play_deal(emu2, Rng(73))
    assert app.scores.count() == 5 and not app.errors, app.errors
    total = app.scores.totals()
    full_flash["on"] = False
    emu2.press(0, "<")
    assert not app.sheet.unsaved()
    app.sheet.journal.store.close()
    emu3 = E.Emulator(seats=5, seed=74, record=False, storage=str(tmp_path))
    assert emu3.app.scores.count() == 5 and emu3.app.scores.totals() == total


def test_a_problem_longer_than_a_page_goes_on_the_next_page_not_cut():
    """Five long names and a reason: more than the page's five rows."""
    from table.app import App
    from table import lang
    from table.ui import wrap
    lang.use("de")
    try:
        text = lang.t("p_ok_lost") % (12, "Annabell/Bernhard/Christine/Dominik/Eleonore")
        assert len(wrap(text)) > 5
    finally:
        lang.use("en")
    sh = Sheet.open(MemStore())
    sh.problems = [("k", "p_ok_lost", (12, "Annabell/Bernhard/Christine/Dominik/Eleonore"))]

    class Stub:
        sheet = sh
        played_on = False
    lang.use("de")
    try:
        pages = App._pages(Stub())
        rows = [r for p in pages for r in p]
        assert len(pages) == 2 and all(len(p) <= 5 for p in pages)
        assert " ".join(r[1] for r in rows).endswith("weitergespielt")
    finally:
        lang.use("en")


# ------------------------------------------------ a given-up result's undo
def _session(deals=3, seed=7):
    """A party of four with `deals` deals every seat confirmed."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES, dealer=0, when=1)
    rng = Rng(seed)
    for _ in range(deals):
        K.confirm_all(sh.add_deal(K.manual(rng)))
    return sh, st


def _undo_flip(st):
    for off, rec in Journal(st, NAME).scan():
        if rec["t"] == "undo":
            d = bytearray(st.data(NAME))
            d[off + 6] ^= 0x04
            return MemStore({NAME: bytes(d)})
    raise AssertionError("no undo")


def test_a_discarded_correction_does_not_count_when_its_undo_is_damaged():
    sh, st = _session(3, 5)
    rng = Rng(55)
    e = sh.correct(1, K.manual(Rng(99)))
    e.confirm(e.needed[0])           # one seat confirmed, then the table discarded it
    sh.undo("result discarded")
    K.confirm_all(sh.add_deal(K.manual(rng)))
    want = [sh.party.deltas_of(k) for k in range(sh.party.n_deals)]
    sh2 = Sheet.open(_undo_flip(st))
    assert [sh2.party.deltas_of(k) for k in range(sh2.party.n_deals)] == want
    assert sh2.problems                   # the damage is said


def test_an_aborted_deal_does_not_count_when_its_undo_is_damaged_and_the_party_ends():
    """Three confirmations missing is not one damaged confirmation: the
    deal could not be read (it counts zero, said), it does not count."""
    sh, st = _session(2, 6)
    e = sh.add_deal(K.manual(Rng(66)))
    e.confirm(e.needed[0])
    sh.undo("deal aborted, asked by Bert")
    sh.finish()
    want = sh.totals()
    sh2 = Sheet.open(_undo_flip(st))
    assert sh2.totals() == want and sh2.party.over
    assert 2 in sh2.party.lost and "p_lost_why" in [p[1] for p in sh2.problems]


def _abort_at_result(tmp_path, seed, then_end=False):
    emu = E.Emulator(seats=4, seed=seed, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2, lang="en")
    emu.press(0, "o")
    E.play_deal(emu, Rng(seed))
    emu.press(0, "o")
    f = E.to_confirm(emu)
    emu.press(f.owner, "o")                   # the entering seat confirms
    E.ask(emu, (f.owner + 2) % 4, "Abort deal")
    for d in range(4):
        if emu.app.vote is not None and d not in emu.app.vote.yes:
            emu.press(d, "o")
    assert emu.app.sheet.pending is None
    if then_end:
        E.ask(emu, 1, "End party")
        for d in (0, 2, 3):
            emu.press(d, "o")
        assert emu.app.sheet.party.over
    else:
        E.play_deal(emu, Rng(seed + 1))
    return emu


@pytest.mark.parametrize("then_end", [False, True])
def test_an_aborted_result_stays_aborted_when_its_undo_is_damaged(tmp_path, then_end):
    """Through the app: the question's records (vote, then yes) say what the
    table decided around the damaged undo."""
    emu = _abort_at_result(tmp_path, 61 if not then_end else 64, then_end)
    pa = emu.app.sheet.party
    want = (pa.n_deals, pa.totals())
    emu.app.sheet.journal.store.close()
    _flip(tmp_path, "undo")
    emu2 = E.Emulator(seats=4, seed=63, record=False, storage=str(tmp_path))
    pa2 = emu2.app.sheet.parties[-1]
    assert (pa2.n_deals, pa2.totals()) == want
    assert emu2.app.sheet.problems and not emu2.app.errors


def test_a_discarded_correction_through_the_app_when_its_undo_is_damaged(tmp_path):
    from table.flows.entry import Entry
    emu = E.Emulator(seats=4, seed=66, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2, lang="en")
    emu.press(0, "o")
    E.play_deal(emu, Rng(66))
    app = emu.app
    app.go(Entry(app, fix=0))
    f = E.to_confirm(emu)
    emu.press(f.owner, "o")
    E.ask(emu, (f.owner + 1) % 4, "Discard result")
    for d in range(4):
        if app.vote is not None and d not in app.vote.yes:
            emu.press(d, "o")
    assert app.sheet.pending is None
    E.play_deal(emu, Rng(67))
    pa = app.sheet.party
    want = [pa.deltas_of(k) for k in range(pa.n_deals)]
    app.sheet.journal.store.close()
    _flip(tmp_path, "undo")
    emu2 = E.Emulator(seats=4, seed=68, record=False, storage=str(tmp_path))
    pa2 = emu2.app.sheet.party
    assert [pa2.deltas_of(k) for k in range(pa2.n_deals)] == want


# ------------------------------------------------------- crafted records
def test_crafted_runs_of_lost_deals_claim_no_more_than_the_bound():
    """A megabyte of CRC-valid 'lost' records, each 999 deals ahead: the
    runs together claim at most MAX_LOST deals, the problems at most
    MAX_PROBLEMS pages (the rest counted on the last), the deal before
    them counts (the time it takes: bench_boot.py, crafted records)."""
    sh, st = _session(1)
    d0 = sh.party.deltas_of(0)
    parts = [st.data(NAME)]
    size, no = len(parts[0]), 1
    while size < 1000000:
        no += 999
        b = frame({"t": "lost", "no": no})
        parts.append(b)
        size += len(b)
    sh2 = Sheet.open(MemStore({NAME: b"".join(parts)}))
    assert sh2.party.n_deals <= 1 + S.MAX_LOST and sh2.party.deltas_of(0) == d0
    assert len(sh2.problems) == S.MAX_PROBLEMS
    key, code, args = sh2.problems[-1]
    assert code == "p_more" and args[0] > 30000
    assert len(sh2.kept) == S.MAX_KEPT and sh2.overkept


def test_a_sheet_keeping_more_records_than_it_remembers_is_never_compacted():
    sh, st = _session(2)
    sh.finish()
    for _ in range(3):      # finished parties enough for a compaction
        sh.new_party(NAMES, dealer=0, when=1)
        K.confirm_all(sh.add_deal(K.manual(Rng(3))))
        sh.finish()
    data = st.data(NAME) + b"".join(frame({"t": "zz%d" % i}) for i in range(S.MAX_KEPT + 5))
    st2 = MemStore({NAME: data})
    sh2 = Sheet.open(st2)
    assert sh2.overkept
    from table import scores
    assert not scores.tidy(sh2) and st2.data(NAME) == data     # nothing dropped


def test_a_lost_deal_whose_correction_is_undone_stays_lost():
    sh, st = _session(3)
    data = bytearray(st.data(NAME))
    off = next(o for o, r in Journal(st, NAME).scan() if r["t"] == "deal" and r["no"] == 1)
    data[off + 10] ^= 0x10
    st2 = MemStore({NAME: bytes(data)})
    sh2 = Sheet.open(st2)
    assert 1 in sh2.party.lost
    sh2.correct(1, K.manual(Rng(4)))
    assert 1 in sh2.party.lost            # pending: still lost until it counts
    sh2.undo("discarded")
    assert 1 in sh2.party.lost
    assert 1 in Sheet.open(st2).party.lost
    K.confirm_all(sh2.correct(1, K.manual(Rng(4))))
    assert 1 not in sh2.party.lost and 1 not in Sheet.open(st2).party.lost


# ------------------------------------------------------ table-wide questions
def _menu_to(emu, seat, key):
    """Seat opens its menu (hold ●) and moves to the item of lang key `key`."""
    emu.press(seat, "O")
    m = emu.app.seats[seat].menu
    assert m is not None
    for _ in range(len(m.keys)):
        if m.keys[m.i] == key:
            return m
        emu.press(seat, ">")
    raise AssertionError("%s not offered: %r" % (key, m.keys))


def test_a_menu_item_gone_stale_is_not_asked_and_a_discard_never_moves_the_entry():
    """A seat's menu offered "Discard result" while the result was up for
    confirmation; the entering seat then stepped back. The stale item is
    refused ("not now"); a discard carried after the result went leaves the
    form where it is (it stepped the entry back once more)."""
    emu = E.Emulator(seats=4, seed=61, record=False)
    E.setup_table(emu, players=4, mode=2)
    emu.press(0, "o")
    app = emu.app
    f = E.to_confirm(emu)
    owner = f.owner
    other = (owner + 2) % 4
    _menu_to(emu, other, "m_discard")
    emu.press(owner, "O")                  # the owner steps back: no result shown
    assert not f.confirming()
    step = f.step
    emu.press(other, "o")                  # the stale "Discard result"
    assert app.vote is None and app.seats[other].err == "not now"
    assert "m_discard" not in app.seats[other].menu.keys
    f.discard("a question carried late")   # as a vote carried now would
    assert app.flow is f and f.step == step and not app.errors


def test_a_question_carried_out_before_a_power_cut_is_not_said_dropped(tmp_path, monkeypatch):
    """End party carried, the power gone before its yes was written: after
    the restart the party is over and no screen says the question was
    dropped (it said "X's question dropped")."""
    emu = E.Emulator(seats=4, seed=81, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2, lang="en")
    emu.press(0, "o")
    E.play_deal(emu, Rng(81))
    real = Sheet.vote_close

    def cut(self, how):
        if how != "yes":
            return real(self, how)
    monkeypatch.setattr(Sheet, "vote_close", cut)
    E.ask(emu, 1, "End party")
    for d in (0, 2, 3):
        emu.press(d, "o")
    assert emu.app.sheet.party.over and emu.app.sheet.vote is not None
    emu.app.sheet.journal.store.close()
    monkeypatch.setattr(Sheet, "vote_close", real)
    emu2 = E.Emulator(seats=4, seed=82, record=False, storage=str(tmp_path))
    app = emu2.app
    assert app.sheet.vote is None and app.vote is None and not app.note
    assert not any("dropped" in " ".join(emu2.text(d)) for d in range(4))
    emu2.app.sheet.journal.store.close()
    assert Sheet.open(FileStore(str(tmp_path))).vote is None     # closed in the journal


def test_a_crafted_archive_index_record_is_refused_not_shown():
    """An index record of an archived party without its players, with
    totals or deals of the wrong kind: Past parties read r["pl"] directly
    (a KeyError on the screen); now it is set aside and said."""
    d = os.path.join(ROOT, "tests", "golden", "journals", "0.5.0", "koenigrufen_archived")
    files = {}
    for f in ("sheet.tbj", "sheet.tbj.arc"):
        with open(os.path.join(d, f), "rb") as fh:
            files[f] = fh.read()
    good = Sheet.open(MemStore(dict(files))).archived_records()[0]
    for bad in ({"pl": None}, {"pl": [1, "x"]}, {"tot": "x"}, {"n": "x"}, {"n": -1}, {"tot": [1, 2]}):
        rec = dict(good, at=999999)
        rec.update(bad)
        sh = Sheet.open(MemStore({NAME: files[NAME] + frame(rec), NAME + ".arc": files[NAME + ".arc"]}))
        assert len(sh.archived) == 1 and [p[1] for p in sh.problems] == ["p_refused"], bad
