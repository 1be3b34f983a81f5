"""The score sheet deal by deal on the seats' screens (issue 15, item 3),
through the real app in the emulator (score-only tables): the deal list and
a deal's breakdown on one seat while the others' screens stay as they were;
a correction of a deal of each family (the entry opens with the recorded
values, the deal's seats confirm, a fix record next to the old one, the
deal shown corrected, totals recomputed); the undo of a correction; a
correction discarded; a correction the scorer refuses never reaches the
journal; a deal entered by mistake deleted (issue 37) and brought back."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402
from tarock.rng import Rng  # noqa: E402
from tarock import seating  # noqa: E402

PLAYERS = {"koenigrufen": 4, "slovenian": 4, "french": 4, "bavarian": 3}


def _played(emu, seed):
    """The summary of a deal played in the rules core (bots drawing legal
    actions) at emu's table: a result a table might enter."""
    app = emu.app
    g = app.deck
    rng = Rng(seed)
    d = g.new_deal(app.cfg.profile(), seed, app.cfg.players)
    while not g.is_done(d):
        legal = d.legal_actions()
        d.apply(legal[rng.below(len(legal))])
    return d.summary()


def _table(family, seed=3, deals=1):
    emu = E.Emulator(seats=5, seed=seed, record=False)
    E.setup_table(emu, players=PLAYERS[family], mode=2, family=family)
    emu.press(0, "o")
    sums = []
    for k in range(deals):
        if k:
            emu.press(0, "o")    # the next deal from the idle screen
        s = _played(emu, seed * 10 + k)
        E.enter(emu, emu.app.flow, E.entry_values(emu, s))
        sums.append(s)
    assert type(emu.app.flow).__name__ == "Idle"
    return emu, sums


def _deltas(emu, k, s):
    """What the scorer gives summary s as deal k, per table seat."""
    app = emu.app
    pa = app.sheet.party
    return seating.to_table(app.deck.entry_deltas(app.cfg.profile(), s), pa.seats_of(k), pa.n)


def _open_correct(emu, seat, k):
    """From the idle screen: ◀ the deal list, to deal k, ● open it, ● its
    actions, ● Correct."""
    emu.press(seat, "<")
    n = emu.app.sheet.party.n_deals
    for _ in range(n - 1 - k):
        emu.press(seat, "<")
    emu.keys(seat, "ooo")
    f = emu.app.flow
    assert type(f).__name__ == "Entry" and f.fix == k
    return f


def _correct(emu, seat, k, s):
    f = _open_correct(emu, seat, k)
    E.enter(emu, f, E.entry_values(emu, s))
    assert type(emu.app.flow).__name__ == "Idle"


def _records(emu):
    return [r for o, r in emu.app.sheet.journal.scan()]


def test_browsing_on_one_seat_leaves_the_others_alone():
    emu, sums = _table("koenigrufen", deals=3)
    before = [emu.text(i) for i in range(5)]
    emu.press(2, "<")
    t = emu.text(2)
    pa = emu.app.sheet.party
    tot = pa.totals()[2]
    assert t[0].startswith("=Sheet Clara") and t[0].rstrip("=").endswith("%+d" % tot)
    # the latest deal is selected; each row: number, what, this seat's delta, running total
    run = 0
    for k in range(3):
        d = pa.deltas_of(k)[2]
        run += d
        assert t[1 + k].strip("=").startswith("%2d " % (k + 1))
        assert t[1 + k].strip("=").endswith("%+5d%+5d" % (d, run)), t
    assert t[3].startswith("=") and t[-1].startswith("dealt ")
    emu.keys(2, "<o")         # deal 2: its breakdown
    t = emu.text(2)
    assert t[0].startswith("=Deal 2 of 3")
    lines = emu.app.deck.breakdown(pa.profile, emu.app.sheet.summary_of(1),
                                   lambda p: emu.app.sheet.players[pa.players[pa.seats_of(1)[p]]])
    assert t[1:1 + min(len(lines), 6)] == lines[:6]
    assert [emu.text(i) for i in (0, 1, 3, 4)] == [before[i] for i in (0, 1, 3, 4)]
    emu.keys(2, "OO")         # back to the list, out of it
    assert emu.text(2) == before[2]
    emu.press(2, ">")         # ▶: the totals, as before
    assert emu.text(2)[0] == "=Score sheet="
    emu.press(2, ">")
    assert emu.text(2) == before[2]
    # the seat's menu: Scores opens the same browser
    emu.keys(2, "O>o")
    assert emu.text(2)[0] == "=Scores="
    emu.press(2, "o")
    assert emu.text(2)[0].startswith("=Sheet Clara")
    assert [emu.text(i) for i in (0, 1, 3, 4)] == [before[i] for i in (0, 1, 3, 4)]


def _check_corrected(emu, k, old, s2):
    book = emu.app.sheet
    pa = book.party
    want = _deltas(emu, k, s2)
    assert pa.deltas_of(k) == want
    h = [x for x in book.history(k) if x["status"] == "final"]
    assert [x["kind"] for x in h] == ["deal", "fix"] and h[1]["before"] == old
    tot = [0] * pa.n
    for j in range(pa.n_deals):
        for i in range(pa.n):
            tot[i] += pa.deltas_of(j)[i]
    assert emu.app.scores.totals() == tot
    emu.press(1, "<")
    for _ in range(pa.n_deals - 1 - k):
        emu.press(1, "<")
    assert emu.text(1)[1 + k].strip("=")[2] == "*"      # marked corrected in the list
    emu.press(1, "o")
    t = emu.text(1)
    assert "corrected" in t[0]
    seen = list(t)
    for _ in range(4):
        emu.press(1, ">")
        seen += emu.text(1)
    # the earlier result is on the deal's pages
    i = seen.index("corrected; it was:")
    assert seen[i + 1] == " ".join(["%+d" % d for d in old])[:25]
    emu.keys(1, "OO")


def _correction_of(family, seed):
    emu, sums = _table(family, seed=seed, deals=2)
    book = emu.app.sheet
    old = book.party.deltas_of(0)
    emu.ratings_before = dict(book.ratings())
    n_rec = len(_records(emu))
    s2 = None
    for k in range(1, 40):
        s2 = _played(emu, seed * 100 + k)
        if _deltas(emu, 0, s2) != old:
            break
    # the entry opens with the recorded values
    f = _open_correct(emu, 0, 0)
    assert f.e == E.entry_values(emu, book.summary_of(0))
    g = emu.app.deck
    assert _deltas(emu, 0, g.entry_summary(emu.app.cfg.profile(), f.e)) == old
    assert sorted(f.seats) == sorted(book.party.seats_of(0))
    E.enter(emu, f, E.entry_values(emu, s2))
    assert len(_records(emu)) > n_rec
    _check_corrected(emu, 0, old, s2)
    return emu, sums, s2, old


def test_correct_a_koenigrufen_deal():
    _correction_of("koenigrufen", 4)


def test_correct_a_slovenian_deal():
    emu, sums, s2, old = _correction_of("slovenian", 5)
    # the ratings recompute from the corrected deal (seeds/002: after every
    # deal, so from deal 1 on): as a sheet read afresh from the journal has them
    from table.sheet.sheet import Sheet
    book = emu.app.sheet
    fresh = Sheet.open(book.journal.store)
    assert fresh.ratings() == book.ratings() != emu.ratings_before
    assert [r for r, ch in emu.app.scores.elo()] == [fresh.ratings()[p] for p in book.party.players]
    assert fresh.party.deltas_of(0) == _deltas(emu, 0, s2)


def test_correct_a_french_deal():
    _correction_of("french", 6)


def test_correct_a_bavarian_deal():
    _correction_of("bavarian", 7)


def test_undo_of_a_correction():
    emu, sums, s2, old = _correction_of("slovenian", 8)
    book = emu.app.sheet
    pa = book.party
    emu.press(3, "<")
    emu.keys(3, "<oo")           # deal 1, its actions
    t = emu.text(3)
    assert t[1:5] == ["=Correct deal 1=", "Undo correction", "Delete deal 1", "Back"]
    emu.keys(3, ">o")            # Undo correction: the previous result to confirm
    f = emu.app.flow
    assert type(f).__name__ == "Entry" and f.fix == 0 and f.confirming()
    assert f.deltas == old
    for p in range(len(f.seats)):
        emu.press(emu.app.cfg.used[f.seats[p]], "o")
    assert type(emu.app.flow).__name__ == "Idle"
    assert pa.deltas_of(0) == old
    h = [x for x in book.history(0) if x["status"] == "final"]
    assert [x["kind"] for x in h] == ["deal", "fix", "fix"] and h[2]["deltas"] == h[0]["deltas"]


def test_a_correction_discarded_keeps_the_old_result():
    emu, sums = _table("koenigrufen", seed=9, deals=1)
    book = emu.app.sheet
    old = book.party.deltas_of(0)
    tot = emu.app.scores.totals()
    f = _open_correct(emu, 0, 0)
    # hold ● back to its first step and once more: the idle screens, nothing
    # recorded (a correction opens on its first value, past the picks)
    n = len(_records(emu))
    while type(emu.app.flow).__name__ == "Entry":
        emu.press(0, "O")
    assert type(emu.app.flow).__name__ == "Idle" and len(_records(emu)) == n
    # walk it to the confirmation, one seat confirms, the table discards it
    f = _open_correct(emu, 0, 0)
    s2 = None
    for k in range(1, 40):
        s2 = _played(emu, 900 + k)
        if _deltas(emu, 0, s2) != old:
            break
    e2 = E.entry_values(emu, s2)
    f.e.update(e2)
    f.step = len(f.steps())
    f._score()
    emu.app.dirty_all()
    assert f.confirming()
    seats = [emu.app.cfg.used[s] for s in f.seats]
    emu.press(seats[0], "o")
    emu.press(seats[1], "O")            # the seat's menu: Discard result
    items = emu.app.seats[seats[1]].menu.items
    emu.keys(seats[1], ">" * items.index("Discard result") + "o")
    for d in emu.app.cfg.used:
        if d != seats[1]:
            emu.press(d, "o")
    assert emu.app.vote is None
    assert book.party.deltas_of(0) == old and emu.app.scores.totals() == tot
    h = book.history(0)
    assert [x["status"] for x in h] == ["final", "undone"] and h[1]["kind"] == "fix"
    assert "discarded" in h[1]["why"]


def test_a_refused_correction_never_reaches_the_journal():
    from tarock.koenigrufen import profiles as P
    emu, sums = _table("koenigrufen", seed=10, deals=1)
    book = emu.app.sheet
    old = book.party.deltas_of(0)
    f = _open_correct(emu, 0, 0)
    n = len(_records(emu))
    e = dict(f.e)
    e["bonus"] = list(e["bonus"])
    e["bonus"][P.VALAT] = 1    # a Valat by the declarer's party ...
    e["points"] = 35           # ... that lost its game: the scorer refuses it
    try:
        E.enter(emu, f, e)
        refused = False
    except RuntimeError as ex:
        refused = "entry refused" in str(ex)
    assert refused and f.deltas is None and f.error
    assert " ".join(emu.text(0)).find(f.error[:20]) >= 0     # the reason on the screen
    assert len(_records(emu)) == n and book.pending is None
    assert book.party.deltas_of(0) == old


def _act(emu, seat, label):
    """On the deal's actions page of seat: move to `label` and take it."""
    items = [x.strip("=") for x in emu.text(seat)[1:-1]]
    assert label in items, items
    emu.keys(seat, ">" * items.index(label) + "o")


def test_a_deal_entered_by_mistake_is_deleted_and_kept(tmp_path):
    """Deal 2 was entered by mistake: from the sheet its seats confirm its
    deletion. It stays on the sheet, marked deleted, counting zero; the
    journal keeps it as a correction ("fix" with "del") that replays to the
    same totals; the undo of the correction brings it back."""
    from table.sheet.sheet import Sheet
    from table.sheet.journal import FileStore
    emu = E.Emulator(seats=4, seed=3, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, mode=2)
    for k in range(2):
        emu.press(0, "o")
        E.enter(emu, emu.app.flow, E.entry_values(emu, _played(emu, 40 + k)))
    app = emu.app
    pa = app.sheet.party
    d1, d2 = pa.deltas_of(0), pa.deltas_of(1)
    assert any(d2)
    emu.keys(2, "<oo")                  # the list on deal 2, its page, its actions
    _act(emu, 2, "Delete deal 2")
    n = len(_records(emu))
    emu.press(2, "O")                   # the asking seat thinks better of it
    assert type(app.flow).__name__ == "Idle" and len(_records(emu)) == n
    emu.keys(2, "<oo")
    _act(emu, 2, "Delete deal 2")
    f = app.flow
    assert type(f).__name__ == "Entry" and f.fix == 1 and f.confirming()
    assert f.deltas == [0, 0, 0, 0] and f.owner == 2
    assert emu.text(0)[0] == "=Delete deal 2=" and "Confirm" not in emu.text(0)[0]
    for d in range(4):
        emu.press(d, "o")
    assert type(app.flow).__name__ == "Idle" and not app.errors
    assert pa.n_deals == 2 and pa.deltas_of(1) == [0, 0, 0, 0] and app.scores.totals() == d1
    h = [x for x in app.sheet.history(1) if x["status"] == "final"]
    assert [(x["kind"], x.get("deleted")) for x in h] == [("deal", None), ("fix", True)]
    assert h[1]["before"] == d2
    fix = [r for r in _records(emu) if r["t"] == "fix"]
    assert len(fix) == 1 and fix[0]["del"] == 1 and fix[0]["d"] == [0, 0, 0, 0]
    # on the sheet: marked x in the list, "deleted" on its page; no delete again
    emu.press(1, "<")
    assert emu.text(1)[2].strip("=").startswith(" 2x"), emu.text(1)
    emu.keys(1, "o")
    assert emu.text(1)[0].startswith("=Deal 2 deleted")
    emu.keys(1, "o")
    items = [x.strip("=") for x in emu.text(1)[1:-1]]
    assert "Delete deal 2" not in items and "Undo correction" in items
    # the journal replays to it (a second reader of the same folder)
    sh = Sheet.open(FileStore(str(tmp_path)))
    assert sh.totals() == d1 and not sh.problems and sh.party.deleted == [1]
    # the export says it (host_tools/sheet/sheet.py: the CSV's kind)
    import sheet as tool
    assert ",delete,final,2," in tool.export_csv(sh)
    # the undo of the correction brings the deal back, confirmed by its seats
    _act(emu, 1, "Undo correction")
    f = app.flow
    assert f.deltas == d2 and not f.delete
    for d in range(4):
        emu.press(d, "o")
    assert pa.deltas_of(1) == d2 and pa.deleted == [] and not app.errors
    assert app.scores.totals() == [a + b for a, b in zip(d1, d2)]
