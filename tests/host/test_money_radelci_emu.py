"""Money and radelci at the table (issue 37, item 8), through the real app
in the emulator: a Slovenian party on a table's own preset (presets.txt:
the standard rules with radelci and 10 cents a point), scores entered. A
Klop gives every seat a radelc (shown beside the totals); the next
declarer's and his partner's result is doubled on the confirm page the
seats confirm; the winning declarer crosses his out; at the party's end each
seat reads whom it pays or who pays it."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

PRESET = '[radelci]\nbase = "slovenian/standard"\nradelci = true\ncents_per_point = 10\n'


def test_klop_gives_radelci_the_next_declarer_doubles_and_the_end_settles(tmp_path):
    (tmp_path / "presets.txt").write_text(PRESET, encoding="utf-8")
    emu = E.Emulator(seats=4, seed=1, record=False, storage=str(tmp_path))
    emu.app.strict = True
    E.setup_table(emu, family="slovenian", preset="radelci", players=4, mode=2, lang="en")
    # David enters a Klop (declarer: "nobody: Klop", 17 points each, nobody
    # without a trick); the others confirm
    # (the entry opens past David's declarer pick: hold ● back to it; his
    # last ● of the form is his confirmation)
    emu.keys(3, "o" "O" "<" + "o" * 6)
    for s in (2, 1, 0):
        emu.keys(s, "o")
    emu.keys(0, ">")     # the totals: a radelc each, the Klop counted single
    assert emu.text(0)[2:] == ["Anna         -17 \u25cf", "Bernd        -17 \u25cf",
                               "Clara        -17 \u25cf", "David        -17 \u25cf"], emu.text(0)
    emu.keys(0, ">")
    # Clara plays Three with Bernd, 41 points: 10 + 6, doubled by their radelci
    # (the entry opens past its opener, David, as the declarer: hold ● back,
    # ▶▶ to Clara; Bernd claims the partner at his seat, his confirmation)
    emu.keys(3, "o" "O" ">>o" "o" ">++++o" "o")
    emu.keys(1, "o")
    assert emu.text(3)[1:5] == ["Clara Three+Bernd", "+0 for you", "Anna +0      Bernd +32",
                                "Clara +32"], emu.text(3)
    for s in (2, 0):
        emu.keys(s, "o")
    emu.keys(0, ">")     # Clara won: her radelc crossed out
    assert emu.text(0)[1:] == ["2 deals", "Anna         -17 \u25cf", "Bernd        +15 \u25cf",
                               "Clara        +15", "David        -17 \u25cf"], emu.text(0)
    emu.keys(0, ">")
    # the party ends: not zero-sum, so each pair settles its difference
    # (32 points, 3.20 a pair): Anna pays Bernd 6.40, David pays Clara 6.40
    emu.app.scores.finish()
    emu.app.dirty_all()
    emu.idle()
    assert emu.text(0)[-2:] == ["to Bernd \u20ac6.40", "\u25cf new party"], emu.text(0)
    assert emu.text(1)[-2:] == ["from Anna \u20ac6.40", "\u25cf new party"], emu.text(1)
    assert emu.text(2)[-2] == "from David \u20ac6.40" and emu.text(3)[-2] == "to Clara \u20ac6.40"
    # the journal alone replays the same: the doubled deal is not disputed
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    sh = Sheet.open(FileStore(str(tmp_path)))
    assert sh.totals() == [-17, 15, 15, -17] and not sh.party.disputed
    assert sh.end_summary()["money"]["pays"] == [[0, 1, 640], [3, 2, 640]]


def test_amounts_in_each_language():
    from table import lang
    from table.flows.common import amount
    want = {"en": ("\u20ac1.20", "CHF0.05"), "de": ("1,20 \u20ac", "0,05 CHF"),
            "fr": ("1,20 \u20ac", "0,05 CHF"), "sl": ("1,20 \u20ac", "0,05 CHF")}
    try:
        for code, (euro, chf) in want.items():
            lang.use(code)
            assert amount(120, "\u20ac") == euro and amount(5, "CHF") == chf
    finally:
        lang.use("en")
