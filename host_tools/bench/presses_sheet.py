"""Presses of the sheet's tasks (issues 15 and 37, bench_presses.py):
correcting the points of a past deal. A fresh emulator table (Slovenian,
score only, four players: points are a real entry field there, the
difference to 35 counts), two deals entered (deal 1: Three, the declarer's
side 36 points; deal 2: the same at the next dealer), then deal 1 corrected
to 41 points, from the idle screen by the shortest script: ◀ the deal list
(the latest deal selected), to deal 1, ● the deal, ● its actions, ● Correct;
the entry opens with the recorded values: ● through the steps, the points
36 -> 41, the deal's seats confirm. Checked: the sheet's deal 1 counts the
scorer's deltas for the intended summary, the old result stays in the
journal."""
import emulator as E
from bench_presses import Count, since


def _summary(points):
    from tarock import families as F
    S = F.module("slovenian", "score")
    s = S.Summary(F.module("slovenian", "profiles").DREI, 1, 4)
    s.partner = 3
    s.decl_thirds = 3 * points
    return s


def correct_points():
    from table.flows.entry import Entry
    from tarock import seating
    from tarock import families as F
    S = F.module("slovenian", "score")
    emu = E.Emulator(seats=4, seed=21, record=False)
    E.setup_table(emu, players=4, mode=2, family="slovenian")
    for _ in range(2):
        emu.press(0, "o")
        E.enter(emu, emu.app.flow, E.entry_values(emu, _summary(36)))
    app = emu.app
    pa = app.sheet.party
    assert pa is not None
    old = pa.deltas_of(0)
    # the seat that corrects: deal 1's forehand (the entry's presses are his)
    seat = app.cfg.used[pa.seats_of(0)[0]]
    mark = len(emu.presses)
    emu.keys(seat, "<<ooo")    # the list on deal 2, back to deal 1
    f = app.flow
    if not isinstance(f, Entry) or f.fix != 0:
        return Count(seat, since(emu, mark), False, "the correction did not open")
    want = _summary(41)
    E.enter(emu, f, E.entry_values(emu, want))
    c = Count(seat, since(emu, mark), True)
    got = pa.deltas_of(0)
    exp = seating.to_table(S.score(app.cfg.profile(), want), pa.seats_of(0), pa.n)
    h = [x for x in app.sheet.history(0) if x["status"] == "final"]
    if got != exp:
        c.ok, c.why = False, "the sheet has %r, the scorer gives %r" % (got, exp)
    elif [x["kind"] for x in h] != ["deal", "fix"] or h[1]["before"] != old:
        c.ok, c.why = False, "the journal does not keep both results"
    return c


TASKS = [("correct deal 1 of 2 (36 → 41 points)", "\u2264 8 + confirmations", correct_points)]
