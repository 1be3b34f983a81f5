"""Presses of score entry for physical cards (issue 15 item 1), the rows of
bench_presses.py's table: each task from a fresh emulator table in "score
only" mode, counted from the ● that starts the entry on the idle screen,
driven by emulator.enter()'s shortest script (holds where they save
presses), checked against the family scorer: the sheet's recorded deltas
must be the scorer's for the intended Summary."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402
import bench_presses as BP  # noqa: E402


def _mods(family):
    """The family's profiles and score modules, through the registry."""
    from tarock import families as F
    return F.module(family, "profiles"), F.module(family, "score")


def _enter(family, players, summary, preset=None):
    """Enter summary(profile) at a fresh table; the Count of it."""
    from tarock import seating
    from table.flows.entry import Entry
    emu = E.Emulator(seats=players, seed=1, record=False)
    emu.app.strict = True  # pyright: ignore[reportAttributeAccessIssue] (a test switch App reads by getattr)
    E.setup_table(emu, family=family, players=players, preset=preset, mode=2)
    c = emu.app.cfg
    seats = seating.positions(c.players, c.dealer, c.active(), c.clockwise())
    seat = c.used[seats[0]]          # forehand's display enters
    mark = len(emu.presses)
    emu.press(seat, "o")             # the idle screen's ●: the entry opens
    f = emu.app.flow
    if not isinstance(f, Entry):
        return BP.Count(seat, BP.since(emu, mark), False, "no entry after ● on idle")
    g = emu.app.deck
    assert g is not None   # a table is set up
    s = summary(f.profile)
    g.check_entry(f.profile, s)
    want = tuple(seating.to_table(g.entry_deltas(f.profile, s), f.seats, c.players))
    E.enter(emu, f, g.entry_values(f.profile, s))
    sheet = emu.app.scores
    assert sheet is not None
    got = sheet.deals[-1][0] if sheet.count() else None
    ok = got == want
    c = BP.Count(seat, BP.since(emu, mark), ok,
                 "" if ok else "sheet %r, scorer %r" % (got, want))
    c.emu = emu        # for the tests: the script it took, the sheet
    c.want = want
    return c


def _called(family, cid, points, then=None):
    """Forehand declares cid with the next player as partner, his side
    has points; then(P, S, s) adds bonuses."""
    P, S = _mods(family)

    def summary(pf):
        s = S.Summary(getattr(P, cid), 0, 4)
        s.partner = 1
        s.decl_thirds = 3 * points
        if then is not None:
            then(P, S, s)
        return s
    return _enter(family, 4, summary)


def kr_rufer_won():
    return _called("koenigrufen", "RUFER", 40)


def _pagat_kontra(P, S, s):
    s.announced[P.PAGAT_ULTIMO] = S.DECL     # announced, made, and a Kontra on it
    s.bonus[P.PAGAT_ULTIMO] = S.DECL_MADE
    s.kontra[1 + P.PAGAT_ULTIMO] = 1


def kr_pagat_kontra():
    return _called("koenigrufen", "RUFER", 40, _pagat_kontra)


def si_drei_41():
    return _called("slovenian", "DREI", 41)


def fr_garde_41():
    FP, S = _mods("french")

    def summary(pf):
        s = S.Summary(FP.GARDE, 0, 4)
        s.halves = 82
        s.bouts = 2
        s.petit = S.ATT
        return s
    return _enter("french", 4, summary)


def by_aufnahme_76():
    S = _mods("bavarian")[1]

    def summary(pf):
        s = S.Summary(0, False, 76)
        s.decl_eyes = 80
        s.decl_tricks = 6
        s.def_tricks = 5
        return s
    return _enter("bavarian", 3, summary)


TASKS = [
    ("Königrufen Rufer won, no bonuses", "≤ 8 + 1 per other affected seat", kr_rufer_won),
    ("Königrufen Pagat ultimo made and a kontra", "≤ 16 + confirmations", kr_pagat_kontra),
    ("Slovenian Drei, declarer's side 41 points", "≤ 12 + confirmations", si_drei_41),
    ("French garde, attack 41 points, 2 bouts, petit au bout", "≤ 16 + confirmations",
     fr_garde_41),
    ("Bavarian Aufnahme bid 76, declarer 80 eyes", "≤ 12 + confirmations", by_aufnahme_76),
]
