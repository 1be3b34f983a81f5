"""The entry opens on what the table plays (issue 37, item 3): the seat that
opens it declares, the contract is the last deal's, a number stops at its
ends, the bonus list's cursor stays on the bonus just set; the table may
choose that the declarer's side and one opponent confirm (Setup's Confirm
row), kept with the party."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "host_tools", "bench"))
import emulator as E  # noqa: E402
import presses_entry as PE  # noqa: E402


def _open(emu, pos):
    """Position pos's seat opens the entry; the flow."""
    from tarock import seating
    c = emu.app.cfg
    seats = seating.positions(c.players, c.dealer, c.active(), c.clockwise())
    emu.press(c.used[seats[pos]], "o")
    return emu.app.flow


def test_the_opening_seat_declares_and_the_last_contract_comes_first():
    emu = E.Emulator(seats=4, seed=1, record=False)
    E.setup_table(emu, family="koenigrufen", players=4, mode=2)
    f = _open(emu, 2)
    assert f.e["declarer"] == 2 and f.step == 1   # past the declarer's pick
    cids = [o[0] for o in f.steps()[1][3]]
    emu.keys(f.owner, ">>o")               # the third contract (a Dreier)
    E.enter(emu, f, None)
    assert emu.app.scores.count() == 1
    f = _open(emu, 1)
    assert f.e["declarer"] == 1
    assert f.e["contract"] == cids[2]      # the last deal's, not the first


def test_points_stop_at_70_and_at_0():
    emu = PE.table("slovenian")
    f = _open(emu, 1)
    while f.steps()[f.step][0] != "number":
        emu.press(f.owner, "o")
    s = f.steps()[f.step]
    f._set(s[1], s[2], 70)
    emu.press(f.owner, ">")
    assert f._get(s[1], s[2]) == 70        # not 0, a lost game
    f._set(s[1], s[2], 0)
    emu.press(f.owner, "<")
    assert f._get(s[1], s[2]) == 0


def test_the_cursor_stays_on_the_bonus_just_set():
    emu = PE.table("koenigrufen")
    f = _open(emu, 1)
    while f.steps()[f.step][0] != "list":
        emu.press(f.owner, "o")
    emu.keys(f.owner, ">>>>o")           # Kings' row (won, lost, game, Trull, Kings)
    row = f.row
    emu.keys(f.owner, "o")               # taken as it opened
    assert f.item < 0 and f.row == row == 4


def _confirm_side(emu):
    E._setup_row(emu, "Confirm")
    emu.press(0, "o")
    assert emu.app.cfg.confirm == 1


def test_the_declarers_side_and_one_opponent_confirm(tmp_path):
    emu = E.Emulator(seats=4, seed=1, record=False, storage=str(tmp_path))
    E.setup_table(emu, family="koenigrufen", players=4, mode=2)
    _confirm_side(emu)
    E._setup_row(emu, "Start")
    emu.press(0, "o")
    assert emu.app.sheet.party.confirm == 1
    f = _open(emu, 1)
    vals = E.entry_values(emu, PE.first_deal("koenigrufen")(f.profile))
    vals["declarer"], vals["partner"] = 1, 3
    seats = [emu.app.cfg.used[s] for s in f.seats]
    for k in ("declarer", "contract", "partner"):
        f._set(k, -1, vals[k])
    while f.step < len(f.steps()):
        emu.press(f.owner, "o")
    assert f.deltas is not None
    assert f.ok[f.owner]                   # the ● that ended the form: the owner's
    emu.press(seats[1], "o")               # the declarer
    emu.press(seats[3], "o")               # his partner
    assert emu.app.scores.count() == 0     # an opponent still to confirm
    assert "waiting: %s, %s" % (f.name(0), f.name(2)) in " ".join(emu.text(seats[1]))
    emu.press(seats[2], "o")               # one opponent: enough
    assert emu.app.scores.count() == 1
    # kept with the party: a restart goes on as the table chose
    emu2 = E.Emulator(seats=4, seed=1, record=False, storage=str(tmp_path))
    assert emu2.app.cfg.confirm == 1


def test_every_seat_confirms_unless_chosen():
    emu = PE.table("koenigrufen")
    assert emu.app.cfg.confirm == 0 and emu.app.sheet.party.confirm == 0
    f = _open(emu, 1)
    E.to_confirm(emu)
    seats = [emu.app.cfg.used[s] for s in f.seats]
    for d in seats[1:]:
        emu.press(d, "o")
    assert emu.app.scores.count() == 1     # deal 1 only: one seat to go
    emu.press(seats[0], "o")
    assert emu.app.scores.count() == 2
