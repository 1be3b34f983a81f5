"""Only what was entered (issue 37 item 5): every entry path of every family
and preset through the real score-entry flow (entrywalk) to its confirm
pages; the pages every seat checks, the breakdown (the sheet's deal page
and list) and the CSV export state a count (card points, eyes, tricks) only
when the entry went through the step that sets it, or when the outcome
fixes it. A Königrufen deal entered as won / lost is "won", never
"won with 36 of 70"."""
import csv
import io
import re

import entrywalk as W
import sheet as tool  # host_tools/sheet/sheet.py (hostenv.tools puts it on the path)
from table import lang
from table.sheet.journal import MemStore
from table.sheet.sheet import Sheet

# a count phrase of the screens -> the number steps (key) that enter it
COUNTS = {"pts_won": ("points", "pts"), "pts_lost": ("points", "pts"),
          "tricks_lost": ("tricks",), "n_tricks": ("tricks",),
          "eyes_won": ("decl_eyes",), "eyes_lost": ("decl_eyes",)}
# the CSV's points column: the number steps that enter the declarer's points
POINTS = ("points", "decl_eyes", "halves", "dhalves")


def _phrase(key):
    """A regex of the active language's text of key, any number in it."""
    return re.compile(re.escape(lang.t(key)).replace("%d", r"-?\d+").replace("%s", ".*"))


def _texts(f):
    out = []
    for rows in W.pages(f):
        out += [r[1] if isinstance(r[1], str) else str(r[1]) for r in rows]
    # the breakdown whole (the sheet's deal page, the list's bottom line)
    out += f.g.breakdown(f.profile, f.summary, f.name)
    return out


def _csv_points(preset, n, summary, deltas):
    sh = Sheet.open(MemStore())
    sh.new_party(["Anna", "Bert", "Cilli", "Dora"][:n], profile=preset)
    e = sh.add_deal(summary, expect=deltas)
    for seat in list(e.needed):
        e.confirm(seat)
    rows = list(csv.reader(io.StringIO(tool.export_csv(sh))))
    head = rows[0]
    deal = [r for r in rows[1:] if r[2] == "deal"]
    assert len(deal) == 1, rows
    return deal[0][head.index("points")]


def _check(preset, code):
    lang.use(code)
    phrases = {k: _phrase(k) for k in COUNTS}
    seen = 0
    for f, taken in W.leaves(preset):
        if f.error:
            continue   # refused: nothing shown as a result
        seen += 1
        keys = {k for k, _ in W.entered(taken)}
        for line in _texts(f):
            for k, rx in phrases.items():
                if rx.fullmatch(line.strip()):
                    assert keys & set(COUNTS[k]), (preset, code, line, "not entered", taken)
        if code == "en":
            pts = _csv_points(preset, len(f.seats), f.summary, None)
            if not keys & set(POINTS):
                assert pts == "", (preset, "export: points nobody entered", pts, taken)
    assert seen


def test_a_won_or_lost_entry_shows_no_card_points():
    # the case: Königrufen, "Nur Punkte", a Dreier entered as won
    lang.use("de")
    try:
        for f, taken in W.leaves("koenigrufen/pagat"):
            if f.error or "Dreier" not in f.g.contract_name(f.profile, f.summary.contract):
                continue
            text = " | ".join(_texts(f))
            assert "von 70" not in text, text
            assert "gewonnen" in text or "verloren" in text, text
            assert _csv_points("koenigrufen/pagat", 4, f.summary, None) == ""
    finally:
        lang.use("en")


def test_every_entry_path_shows_only_what_was_entered():
    try:
        for preset in W.presets():
            for code in ("en", "de"):
                _check(preset, code)
    finally:
        lang.use("en")
