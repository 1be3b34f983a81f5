# tarock.compat.ljust (table.ui's too) pads by characters: MicroPython's "%-12s" pads by UTF-8
# bytes, so a name with an umlaut came out a column short on the board (the
# rp2040 session found it). MicroPython-compatible.
from tarock.compat import ljust


def test_pads_by_characters():
    assert ljust("M\u00fcller", 8) == "M\u00fcller  "
    assert len(ljust("\u010cer\u0161ak", 10)) == 10
    assert ljust("Anna", 2) == "Anna"      # longer: as it is


def test_rows_line_up_with_umlauts():
    # the breakdown's item line: 25 characters whatever the word holds
    from table.games import common as G
    assert len(G.item_line("K\u00f6nigfang", -2)) == 25
    assert len(G.item_line("Sk\u00fcsfang", 4)) == len(G.item_line("Trull", 4))
