"""A tournament round on the device (issue 39), through the emulator's
buttons and screens: the table file's card, the round it fixes played by
bots with the game and the time counted on the idle screens, every seat's
signature, the round record's digest, a restart in the middle of the
signatures, the same round refused a second time, a round the table ended
early, a wrong table file answered with its reason. Every screen at every
event is checked (nothing cut, glass == framebuffer, no hidden card)."""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import device_runs as G  # noqa: E402

E.hostenv.setup("HOST")

from tarock.rng import Rng  # noqa: E402
from table.sheet import tround  # noqa: E402
from table.sheet.journal import FileStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402

KEY = "9f3a0c1e5b7d2a46"


def table_file(folder, **kw):
    d = {"t": "tarockbox-table", "v": 1, "ev": "TTC26-IMST", "evn": "Tarockcup Imst",
         "rd": 1, "tb": 3, "prof": "koenigrufen/tarockcup", "g": 3, "min": 30,
         "pl": [{"nr": 12, "nm": "Anna"}, {"nr": 5, "nm": "Bert"}, {"nr": 33, "nm": "Cilli"},
                {"nr": 7, "nm": "Dora"}], "dl": 1, "kc": 1, "k": KEY}
    d.update(kw)
    with open(os.path.join(folder, "tourney.json"), "w") as fh:
        json.dump(d, fh)
    return d


def emu_at(folder, seats=4, seed=3):
    emu = E.Emulator(seats=seats, seed=seed, record=False, storage=str(folder))
    emu.watch = G.Recorder(checks=True)
    return emu


def texts(emu, seat):
    emu.app.refresh()
    return "\n".join(emu.text(seat))


def play(emu, deals, seed=7):
    rng = Rng(seed)
    for _ in range(deals):
        assert E.play_deal(emu, rng)


def test_the_card_starts_the_round_the_file_fixes_and_every_seat_signs_it(tmp_path):
    d = table_file(tmp_path)
    emu = emu_at(tmp_path)
    s = texts(emu, 2)
    for words in ("Tarockcup Imst", "round 1, table 3", "Anna, Bert, Cilli, Dora",
                  "3 games, 30 min", "start the round"):
        assert words in s, s
    emu.press(2, "o")
    app = emu.app
    pa = app.sheet.party
    assert pa.tn == tround.tn_of(d) and pa.kc and pa.end == {"deals": 3}
    assert app.cfg.seat_names() == ["Anna", "Bert", "Cilli", "Dora"]
    assert pa.profile_name == "koenigrufen/tarockcup" and pa.dealer0 == 1
    play(emu, 1)
    s = texts(emu, 0)
    assert "game 2/3, you deal" in s, s     # (Königrufen deals to the right)
    left = int(s.split(" min left")[0].split("\n")[-1])
    assert 29 <= left <= 30, s
    emu.app.tick(10 * 60 * 1000)
    assert "%d min left" % (left - 10) in texts(emu, 0)
    play(emu, 2)
    assert pa.over and pa.why == "deals"
    s = texts(emu, 3)
    assert "to sign: Anna" in s and "sign the round" in s, s
    for seat in (3, 1, 0):
        emu.press(seat, "o")
    assert tround.signing(app.sheet) == [2]
    assert "you signed" in texts(emu, 3)
    emu.press(2, "o")
    r = pa.rounds[-1]
    deals = [[pa.deltas_of(k), pa.kontra_of(k)] for k in range(3)]
    assert r["dg"] == tround.digest(KEY, r, deals) and r["dev"] == "host" and r["sq"] == 1
    assert (r["n"], r["g"], r["early"], r["sg"], r["tot"]) == (3, 3, 0, [0, 1, 2, 3], pa.totals())
    assert "round 1, table 3 signed" in texts(emu, 0).replace("\n", " ")
    # the journal on the board's storage says the same
    sh = Sheet.open(FileStore(str(tmp_path)))
    assert sh.party.rounds[-1]["dg"] == r["dg"]
    # ● now: the card again, the same round refused with its reason
    emu.press(0, "o")
    s = texts(emu, 0).replace("\n", " ")
    assert "round 1 at table 3 is on the sheet already" in s, s
    n = len(app.sheet.parties)
    emu.press(1, "o")
    assert len(app.sheet.parties) == n
    # the next round's file: its card, ready
    table_file(tmp_path, rd=2)
    emu.press(0, "<")
    assert type(app.flow).__name__ == "Setup"
    E._setup_row(emu, "Tourney")
    emu.press(0, "o")
    assert "round 2, table 3" in texts(emu, 0) and "start the round" in texts(emu, 0)


def test_a_restart_midway_through_the_signatures_asks_the_rest(tmp_path):
    table_file(tmp_path, g=1)
    emu = emu_at(tmp_path)
    emu.press(0, "o")
    play(emu, 1)
    emu.press(0, "o")
    emu.press(2, "o")
    emu2 = emu_at(tmp_path)         # the power went
    assert tround.signing(emu2.app.sheet) == [1, 3]
    s = texts(emu2, 1)
    assert "to sign: Bert, Dora" in s and "sign the round" in s, s
    emu2.press(1, "o")
    emu2.press(3, "o")
    assert emu2.app.sheet.party.rounds[-1]["sg"] == [0, 1, 2, 3]


def test_without_its_table_file_the_round_cannot_be_signed_and_says_why(tmp_path):
    table_file(tmp_path, g=1)
    emu = emu_at(tmp_path)
    emu.press(0, "o")
    play(emu, 1)
    os.remove(os.path.join(tmp_path, "tourney.json"))
    emu2 = emu_at(tmp_path)
    s = texts(emu2, 0).replace("\n", " ")
    assert "table file is gone" in s, s
    emu2.press(0, "o")
    assert tround.signing(emu2.app.sheet) == [0, 1, 2, 3]
    # another round's file is no key to this one
    table_file(tmp_path, g=1, rd=2)
    emu3 = emu_at(tmp_path)
    emu3.press(0, "o")
    assert tround.signing(emu3.app.sheet) == [0, 1, 2, 3]


def test_the_table_ends_a_round_early_when_the_time_is_up(tmp_path):
    table_file(tmp_path, g=16, min=5)
    emu = emu_at(tmp_path)
    emu.press(0, "o")
    play(emu, 1)
    emu.app.tick(6 * 60 * 1000)
    assert "time is up" in texts(emu, 0)
    assert emu.app.dim
    emu.press(0, "o")                   # (wakes the dimmed panels, nothing else)
    assert emu.app.deals == 1 and not emu.app.dim
    E.ask(emu, 0, "m_end")
    for seat in (1, 2, 3):
        emu.press(seat, "o")
    pa = emu.app.sheet.party
    assert pa.over and pa.why == "finish"
    for seat in range(4):
        emu.press(seat, "o")
    r = pa.rounds[-1]
    assert (r["early"], r["n"], r["g"]) == (1, 1, 16)
    assert "ended early" in texts(emu, 0)


def test_a_wrong_table_file_says_what_is_wrong_and_the_ordinary_setup_is_one_press_away(tmp_path):
    table_file(tmp_path, tb=100)
    emu = emu_at(tmp_path)
    s = texts(emu, 0).replace("\n", " ")
    assert "Table file" in s and "the field tb of the table file is wrong" in s, s
    emu.press(0, "o")                   # nothing starts
    assert emu.app.sheet.party is None
    emu.press(0, "<")
    assert type(emu.app.flow).__name__ == "Setup"
    with open(os.path.join(tmp_path, "tourney.json"), "w") as fh:
        fh.write("{not json")
    emu2 = emu_at(tmp_path)
    assert "the table file cannot be read" in texts(emu2, 0).replace("\n", " ")


def test_a_five_player_round_needs_five_seats(tmp_path):
    pl = [{"nr": 1 + i, "nm": n} for i, n in enumerate(["Anna", "Bert", "Cilli", "Dora", "Egon"])]
    table_file(tmp_path, pl=pl, g=20)
    emu = emu_at(tmp_path, seats=4)
    s = texts(emu, 0).replace("\n", " ")
    assert "the round needs 5 seats, this table has 4" in s, s
    emu.press(0, "o")
    assert emu.app.sheet.party is None
    emu5 = emu_at(tmp_path, seats=5)
    emu5.press(4, "o")
    assert emu5.app.sheet.party.n == 5 and emu5.app.sheet.party.tn["g"] == 20


def test_a_new_table_asked_for_opens_the_next_rounds_card(tmp_path):
    """The table votes for a new table after an ordinary party; the table
    file copied meanwhile opens its card (setup.warm looked for it ahead)."""
    emu = emu_at(tmp_path)
    E.setup_table(emu, players=4, mode=2)
    emu.press(0, "o")
    table_file(tmp_path, rd=2)
    emu.app.propose(0, "new")
    emu.app.refresh()
    emu.app.settled()
    assert emu.app.vote.no_presets is False
    for seat in (1, 2, 3):
        emu.press(seat, "o")
    assert type(emu.app.flow).__name__ == "Tourney"
    assert "round 2, table 3" in texts(emu, 1)


def test_a_typed_table_code_starts_its_round_with_the_names_at_the_table(tmp_path):
    """No computer at hand: seat 1's menu, "Table code", the code typed on
    its wheel; the card shows the round with the names the table chose; the
    board keeps the table file it stands for (a restart signs with its
    key); the round record carries the event's tag and no start numbers."""
    from table import tcode
    from table.flows import codeentry as C
    code = tcode.encode({"ev": "TTC26-IMST", "rd": 2, "tb": 17, "prof": "koenigrufen/tarockcup",
                         "g": 1, "min": 0, "kc": 1, "n": 4, "dl": 3, "k": KEY}).replace("-", "")
    emu = emu_at(tmp_path)
    E.setup_table(emu, players=4, mode=2, names=["Ida", "Jan", "Kai", "Lea"], dealer=None)
    app = emu.app
    setup = app.flow
    E.ask(emu, 1, "m_code")             # seat 1's menu: Table code
    ce = app.flow
    assert isinstance(ce, C.CodeEntry) and ce.seat == 1
    for ch in code:
        want = C.ED_FIRST + tcode.A.index(ch)
        ring = C.ED_FIRST + len(tcode.A)
        fwd = (want - ce.ed) % ring
        n = fwd if fwd <= ring - fwd else fwd - ring
        if n:
            emu.press(1, ">" if n > 0 else "<", abs(n) - 1)
        emu.press(1, "o")
    assert type(app.flow).__name__ == "Tourney", app.errors
    s = texts(emu, 0)
    assert "round 2, table 17" in s and "Ida, Jan, Kai, Lea" in s, s
    d = tround.read(str(tmp_path))[0]
    assert d["ev"] == "T-%04X" % tcode.evtag("TTC26-IMST") and d["k"] == tcode.key_of_code(KEY)
    emu.press(0, "o")
    play(emu, 1)
    for seat in range(4):
        emu.press(seat, "o")
    r = app.sheet.party.rounds[-1]
    assert r["nr"] == [0, 0, 0, 0] and r["ev"] == d["ev"] and (r["rd"], r["tb"]) == (2, 17)
    pa = app.sheet.party
    assert r["dg"] == tround.digest(tcode.key_of_code(KEY), r, tround.party_deals(pa))
    assert setup is not app.flow


def test_holding_ok_while_typing_a_code_goes_back_to_the_setup_as_it_was(tmp_path):
    emu = emu_at(tmp_path)
    setup = emu.app.flow
    E.ask(emu, 2, "m_code")
    emu.press(2, ">")
    emu.press(2, "O")                   # hold ●: given up
    assert emu.app.flow is setup and not os.path.exists(os.path.join(tmp_path, "tourney.json"))


def test_the_board_offers_its_rounds_at_round_json(tmp_path):
    """/round.json (the Wi-Fi page's server, loopback): the board's
    tournament rounds with their round records, as the export has them;
    an ordinary party is not in it."""
    from webkit import free_port, get
    table_file(tmp_path, g=1)
    emu = emu_at(tmp_path)
    emu.press(0, "o")
    play(emu, 1)
    for seat in range(4):
        emu.press(seat, "o")
    port = free_port()
    stop = E.serve_web(emu, port=port)
    try:
        st, head, body = get(port, "/round.json")
    finally:
        stop()
    assert st == 200 and head["Content-Type"].startswith("application/json")
    doc = json.loads(body)
    assert doc["t"] == "tarockbox-round" and doc["v"] == 1 and doc["dev"] == "host"
    (p,) = doc["parties"]
    pa = emu.app.sheet.party
    assert p["tournament"]["tn"] == pa.tn and p["totals"] == pa.totals()
    r = p["tournament"]["rounds"][-1]
    assert r == pa.rounds[-1]
    assert [d["deltas"] for d in p["deals"]] == [pa.deltas_of(0)]
