"""Presses of the table setup (issue 15 item 5, "Setup in seconds"), read by
bench_presses.py: each task on a fresh emulator, its shortest button
script through the real app, the resulting table checked.

- a new table of 4 players from the remembered list: storage in a temporary
  directory whose journal and players.txt already hold 6 players of two
  earlier tables; the four who sit down now are not the list's first four
  (the seats' defaults), so each seat picks from its list when Start asks
  (issue 37: more players remembered than seated). Counted: every seat's
  presses from the setup form to the first deal started.
- a new 6-letter name with one umlaut ("Müller"), typed at seat 1: its
  presses from the setup form until the name is taken (the other seats
  keep theirs; not counted).
"""
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
from bench_presses import Count, since  # noqa: E402

EARLIER = (["Hans", "Gerti", "Otto", "Paul"], ["Ulla", "Vera", "Hans", "Otto"])
TABLE = ["Gerti", "Paul", "Vera", "Ulla"]   # seats 1-4 now


def _remembering(path):
    """Two earlier tables in the journal and the remembered list under path,
    as the setup's Start leaves them (scores.new_party, roster.use)."""
    from table import scores
    from table.sheet.roster import Roster
    sh = scores.open_sheet(path)
    ro = Roster(sh.journal.store, sh)
    for names in EARLIER:
        scores.new_party(sh, "koenigrufen", "pagat", names, 0)
        ro.use(names)
    sh.finish()
    sh.journal.store.close()
    return ro.names


def new_table_from_list():
    E.hostenv.setup("HOST")
    path = tempfile.mkdtemp(prefix="presses_setup")
    try:
        remembered = _remembering(path)
        emu = E.Emulator(seats=4, seed=7, record=False, storage=path)
        app = emu.app
        if app.roster.names != remembered or len(remembered) < 6:
            return Count(0, [], False, "the list was not remembered: %r" % (app.roster.names,))
        mark = len(emu.presses)
        # on Start (where the form opens): it asks every seat its name, the
        # others being remembered too; the party starts with the last name
        f = app.flow
        E.setup_table(emu, dealer=None)
        emu.press(0, "o")   # Start
        if not getattr(f, "naming", False):
            return Count(0, since(emu, mark), False, "Start did not ask the names")
        for d in range(4):
            E.pick_name(emu, d, TABLE[d])
        from table.flows.play import Play
        ok = isinstance(app.flow, Play) and app.scores is not None and app.scores.names == TABLE
        pa = app.sheet.party
        assert pa is not None
        on_sheet = [app.sheet.players[p] for p in pa.players]
        ok = ok and on_sheet == TABLE and app.roster.names[:4] == TABLE
        presses = since(emu, mark)
        # every seat's presses count: seat 1's (the form and its name), the
        # others' (their names) shown as its "confirmations"
        return Count(0, presses, ok, "sheet %r, flow %s" % (on_sheet, type(app.flow).__name__))
    finally:
        shutil.rmtree(path, ignore_errors=True)


def new_name_with_umlaut():
    E.hostenv.setup("HOST")
    emu = E.Emulator(seats=4, seed=7, record=False)
    from table.flows.setup import Setup
    mark = len(emu.presses)
    f = emu.app.flow
    E.setup_table(emu, names=["Müller"] + emu.app.cfg.names[1:4], dealer=None)
    mine = [p for p in since(emu, mark) if p.seat == 0]
    ok = emu.app.cfg.names[0] == "Müller" and isinstance(f, Setup) and not f.naming
    emu.press(0, "o")   # Start: the name goes on the sheet
    ok = ok and emu.app.scores is not None and emu.app.scores.names[0] == "Müller"
    return Count(0, mine, ok, "name %r" % (emu.app.cfg.names[0],))


TASKS = [
    ("new table, 4 players from the remembered list", "\u2264 3 + confirmations", new_table_from_list),
    ("a new 6-letter name with one umlaut", "\u2264 30", new_name_with_umlaut),
]
