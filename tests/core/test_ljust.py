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


def test_shorten_shortens_words_never_digits():
    # issue 37: a line too long lost its end ("gewonnen mit 3" for 36)
    from tarock.compat import shorten
    out = shorten("gab Maximilian: gewonnen mit 36 von 70")
    assert len(out) <= 25 and out.endswith("mit 36 von 70"), out
    assert shorten("chaque d\u00e9fenseur paie", 19) == "chaque d\u00e9fens. paie"
    assert shorten("Anna") == "Anna"
    # nothing left to shorten but numbers: as it was (the layout says it is cut)
    assert shorten("12345 67890 12345 67890 12345") == "12345 67890 12345 67890 12345"
    # an item line: a word too long is shortened, its value whole at the edge
    from table.games import common as G
    line = G.item_line("chaque d\u00e9fenseur paie encore", -1250)
    assert len(line) == 25 and line.endswith(" -1250"), line
