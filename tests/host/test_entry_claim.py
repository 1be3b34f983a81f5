"""The partner claims it at his own seat (issue 37, item 3): the declarer
enters contract and result, each other seat in the deal then reads
"● I was the partner" and the partner's ● is his claim and his
confirmation; the opponents confirm once he is known. Other seats' ●
during the form claim nothing; a wrong claim is the owner's slip to fix
(hold ●), and "alone" is picked by the declarer himself. Driven through
the real app in the emulator, checked against the family's scorer."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "host_tools", "bench"))
import emulator as E  # noqa: E402
import presses_entry as PE  # noqa: E402

E.hostenv.setup("HOST")


def _open(emu, pos):
    """Position pos's seat opens the entry (deal 2 of PE.table); the flow and
    the display of each position."""
    from tarock import seating
    c = emu.app.cfg
    seats = seating.positions(c.players, c.dealer, c.active(), c.clockwise())
    disp = [c.used[s] for s in seats]
    emu.press(disp[pos], "o")
    return emu.app.flow, disp


def _want(emu, f, decl, partner, family="koenigrufen"):
    """The table's deltas for a Rufer / Three won by decl with partner."""
    from tarock import families as F, seating
    P, S = F.module(family, "profiles"), F.module(family, "score")
    s = S.Summary(P.RUFER if family == "koenigrufen" else P.DREI, decl, 4)
    s.partner = partner
    s.decl_thirds = 3 * 40
    g = emu.app.deck
    return tuple(seating.to_table(g.entry_deltas(f.profile, s), f.seats, emu.app.cfg.players))


def test_the_partner_claims_at_his_seat_and_that_is_his_confirmation():
    emu = PE.table("koenigrufen")
    f, disp = _open(emu, 1)
    assert f.steps()[f.step][1] == "contract" and f.e["declarer"] == 1
    emu.press(disp[1], "o")                  # Rufer (the last deal's)
    emu.press(disp[1], "o")                  # won, no bonus
    assert f.deltas is None and f.ok[disp[1]] and emu.app.sheet.pending is None
    for p in (0, 2, 3):
        assert "\u25cf I was the partner" in emu.text(disp[p]), emu.text(disp[p])
    assert "waiting for the partner" in " ".join(emu.text(disp[1]))   # large: two lines
    emu.press(disp[3], "o")                  # "I was the partner"
    assert f.e["partner"] == 3 and f.ok[disp[3]] and f.deltas is not None
    pe = emu.app.sheet.pending
    assert pe is not None and sorted(pe.confirmed) == sorted(
        [emu.app.cfg.table_seat(disp[1]), emu.app.cfg.table_seat(disp[3])])
    n = emu.app.scores.count()
    emu.press(disp[0], "o")
    emu.press(disp[2], "o")
    assert emu.app.scores.count() == n + 1
    assert emu.app.scores.deals[-1][0] == _want(emu, f, 1, 3)


def test_other_seats_presses_during_the_form_claim_nothing():
    emu = PE.table("koenigrufen")
    f, disp = _open(emu, 1)
    before = (f.step, repr(f.e))
    for p in (0, 2, 3):
        emu.press(disp[p], "o")              # an opponent's ● before the claim
    assert (f.step, repr(f.e)) == before and not any(f.ok)
    emu.press(disp[1], "o")
    emu.press(disp[1], "o")
    emu.press(disp[1], "o")                  # the declarer's ● claims nothing
    assert f.deltas is None and f._claim() is not None
    emu.press(disp[2], "o")
    assert f.e["partner"] == 2 and emu.app.scores.count() == 1


def test_a_wrong_claim_is_fixed_by_the_owner_and_asked_again():
    emu = PE.table("koenigrufen")
    f, disp = _open(emu, 1)
    emu.keys(disp[1], "oo")
    emu.press(disp[0], "o")                  # Anna claims by mistake
    assert f.e["partner"] == 0 and f.confirming()
    wrong = list(f.deltas)
    # the owner's hold ●: back into the form, the claim's record undone
    emu.press(disp[1], "O")
    assert not f.confirming() and not any(f.ok)
    h = emu.app.sheet.history()
    assert [x["status"] for x in h if x["status"] != "final"] == ["undone"]
    while f.steps()[f.step][1] != "partner":
        emu.press(disp[1], "O")
    from table.flows.entry import CLAIM
    while f.e["partner"] != CLAIM:           # "at his seat" again
        emu.press(disp[1], "<")
    emu.keys(disp[1], "oo")                  # on to the list, won
    emu.press(disp[3], "o")                  # the right partner claims
    for p in (0, 2):
        emu.press(disp[p], "o")
    assert emu.app.scores.count() == 2
    got = emu.app.scores.deals[-1][0]
    assert got == _want(emu, f, 1, 3) and list(got) != wrong


def test_the_declarer_alone_picks_it_himself():
    emu = PE.table("koenigrufen")
    f, disp = _open(emu, 1)
    emu.press(disp[1], "o")
    emu.press(disp[1], "O")                  # back to the partner passed
    assert f.steps()[f.step][1] == "partner" and "at his seat" in emu.text(disp[1])[-1]
    while f.e["partner"] != -1:
        emu.press(disp[1], "<")
    emu.keys(disp[1], "oo")                  # alone; won
    assert f.confirming() and f.e["partner"] == -1
    for p in (0, 2, 3):
        emu.press(disp[p], "o")
    assert emu.app.scores.count() == 2


def test_slovenian_three_claimed_too():
    emu = PE.table("slovenian")
    f, disp = _open(emu, 1)
    emu.keys(disp[1], "o>++++>++o")          # Three (the last deal's); 44 points
    assert f.e["points"] == 44
    emu.press(disp[1], "o")                  # no bonus
    emu.press(disp[3], "o")
    for p in (0, 2):
        emu.press(disp[p], "o")
    from tarock import families as F, seating
    P, S = F.module("slovenian", "profiles"), F.module("slovenian", "score")
    s = S.Summary(P.DREI, 1, 4)
    s.partner = 3
    s.decl_thirds = 3 * 44
    want = tuple(seating.to_table(emu.app.deck.entry_deltas(f.profile, s), f.seats, 4))
    assert emu.app.scores.deals[-1][0] == want
