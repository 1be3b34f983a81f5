"""Nothing cut (issue 37 item 6): the score entry's confirm pages and the
score sheet's list and deal pages of every family, preset and language,
for every entry path (entrywalk), show every line the glue's breakdown
gives them whole: no number, name or line cut or off a page, and a page
counter claims only the pages ◀ ▶ show.

Why screencheck.clipped missed it: the flows cut their texts themselves
before the layout saw them (a line [:25], a breakdown item's word [:19],
the breakdown's lines [:6], the list's bottom line [:25]) and counted the
pages in lines before a line was wrapped. So these tests compare what a
screen was given (the breakdown's lines) with what its rows show, and run
the layout's check on every page."""
import re

import entrykit
import entrywalk as W
import screencheck
from table import games, lang, ui
from table.flows import sheetview as V
from table.sheet.journal import MemStore
from table.sheet.sheet import Sheet

COUNTER = re.compile(r"(\d+)/(\d+)")


def _text(rows):
    return [r[1] if isinstance(r[1], str) else " ".join(str(x) for x in r[1]) for r in rows]


def _words(lines):
    return " ".join(lines).split()


def _check_pages(deck, pages, want, what):
    """pages: every page's rows in ◀ ▶ order; want: the lines they must
    show whole between them."""
    n = len(pages)
    shown = []
    for k in range(n):
        rows = pages[k]
        assert screencheck.clipped(deck, rows) == [], (what, k, ui.to_text(deck, rows))
        head = rows[0][1]
        m = COUNTER.search(head)
        if n > 1:
            assert m and (int(m.group(1)), int(m.group(2))) == (k + 1, n), (what, head, n)
        else:
            assert m is None or m.group(2) == "1", (what, head)
        shown += _text(rows[1:])
    # every word of every line, in order (a wrapped line is the same words)
    got = _words(shown)
    i = 0
    for w in _words(want):
        while i < len(got) and got[i] != w:
            i += 1
        assert i < len(got), (what, "missing or cut:", w, want, shown)
        i += 1


def _confirm(f):
    pages = W.pages(f)
    why = f.g.breakdown(f.profile, f.summary, f.name)
    _check_pages(f.g, pages, why, ("confirm", f.g.FAMILY))


def _sheet(preset, f):
    """The entry's result on a score sheet: its list (this seat's rows and
    the bottom lines) and every deal page."""
    g = f.g
    sh = Sheet.open(MemStore())
    names = entrykit.NAMES[:len(f.seats)]
    sh.new_party(names, profile=preset, dealer=len(names) - 1)
    e = sh.add_deal(f.summary)
    for seat in list(e.needed):
        e.confirm(seat)
    pa = sh.party
    why = V.breakdown(sh, pa, 0, g, V.deal_record(sh, pa, 0))
    rows = V.list_rows(sh, pa, 0, 0, g, "Sheet of Anna")
    assert screencheck.clipped(g, rows) == [], ui.to_text(g, rows)
    foot = [r for r in rows if r[0] & ui.BOTTOM]
    out = why[1] if len(why) > 1 else why[0]
    assert _words(_text(foot))[-len(out.split()):] == out.split(), (_text(foot), out)
    n = V.n_pages(sh, pa, 0, g)
    pages = [V.deal_rows(sh, pa, 0, g, pg, "back")[:-1] for pg in range(n)]
    _check_pages(g, pages, V.deal_lines(sh, pa, 0, g), ("sheet", preset))


def test_a_french_confirm_with_petit_au_bout_and_a_poignee_shows_what_each_defender_pays():
    lang.use("fr")
    try:
        app, f = W.start("french/fft")
        g = f.g
        e, _ = entrykit.fill(g, f.profile, {"contract": 1, "petit": 1, "pg_att": [1, 0], "quick": -1},
                             f.name, n=4)
        f.e = e
        f.gen += 1
        f.step = len(f.steps())
        f._score()
        assert f.deltas is not None, f.error
        pages = W.pages(f)
        text = " | ".join(" | ".join(_text(p)) for p in pages)
        assert "chaque d\u00e9fenseur paie" in text, text
        _confirm(f)
    finally:
        lang.use("en")


def test_the_sheet_list_keeps_the_digits_of_its_bottom_line():
    # "dobljeno z 4" for 44, "gewonnen mit 3" for 36: the line was cut at 25
    from tarock.slovenian import score as SS, profiles as SP
    g = games.glue("slovenian")
    for code in lang.CODES:
        lang.use(code)
        try:
            sh = Sheet.open(MemStore())
            sh.new_party(["Anna", "Bert", "Cilli", "Dora"], profile="slovenian/standard")
            s = SS.Summary(SP.DREI, 0, 4)
            s.decl_thirds = 3 * 44
            e = sh.add_deal(s)
            for seat in list(e.needed):
                e.confirm(seat)
            pa = sh.party
            rows = V.list_rows(sh, pa, 0, 0, g, "head")
            foot = " ".join(_text([r for r in rows if r[0] & ui.BOTTOM]))
            assert "44" in foot and "70" in foot, (code, foot)
            assert screencheck.clipped(g, rows) == [], (code, ui.to_text(g, rows))
        finally:
            lang.use("en")


def test_every_entry_path_in_every_language_is_shown_whole():
    try:
        for preset in W.presets():
            for code in lang.CODES:
                lang.use(code)
                n = 0
                for f, _ in W.leaves(preset):
                    if f.error:
                        continue
                    n += 1
                    _confirm(f)
                    _sheet(preset, f)
                assert n, preset
    finally:
        lang.use("en")

