"""Every word in the table's language (issue 37): a German, French or
Slovenian table never shows a word of the English table that its own table
lacks (a refused score entry, the sheet's reports, counts with their noun:
"1 Spiel", "2 igri"); the check is built from the language tables
themselves. The app is driven in the emulator, screens read as text."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402
from table import lang  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dora", "Ed"]
WORD = re.compile(r"[^\W\d_]+")
PLACEHOLDER = re.compile(r"%[-+0-9]*[sd%]")


def _words(text):
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


def english_only(code):
    """The words of the English table that `code`'s table has nowhere (its
    words by letters, any case; one letter aside: card letters, L/R)."""
    en = set()
    for v in lang.table("en").values():
        en |= _words(v)
    own = set()
    for v in lang.table(code).values():
        own |= _words(v)
    return {w for w in en - own if len(w) > 1}


_ONLY = {}


def foreign(emu, code, seats=None):
    """[(seat, word, screen)] of English-only words on the screens (the
    players' names allowed)."""
    if code not in _ONLY:
        _ONLY[code] = english_only(code)
    # the players' names, and their first letters while typed
    bad = _ONLY[code] - {n.lower()[:k] for n in NAMES for k in range(1, len(n) + 1)}
    out = []
    for s in range(emu.n) if seats is None else seats:
        scr = " ".join(emu.text(s))
        for w in _words(scr) & bad:
            out.append((s, w, scr))
    return out


def _emu(tmp_path=None, code="de", seats=4, family=None, mode=0, seed=3):
    emu = E.Emulator(seats=seats, seed=seed, record=False,
                     storage=str(tmp_path) if tmp_path is not None else None)
    E.setup_table(emu, players=seats, mode=mode, family=family, lang=code,
                  names=NAMES[:seats] if tmp_path is not None else None)
    return emu


def test_the_check_knows_english_words_and_spares_shared_ones():
    de = english_only("de")
    assert "the" in de and "deals" in de and "party" in de
    assert "valat" not in de and "kontra" not in de    # the same in both tables


def test_a_refused_valat_is_said_in_german():
    """The refusal of an impossible entry (Valat by a party that lost the
    game) in the table's language, its reason worded from the table."""
    from table.flows.entry import Entry
    from tarock.koenigrufen import profiles as P
    emu = _emu(mode=2)
    emu.press(0, "o")                       # start: score only
    f = emu.app.flow
    assert isinstance(f, Entry)
    e = dict(f.e)
    e["partner"] = 2
    e["points"] = 35                        # lost
    e["bonus"] = list(f.e["bonus"])
    e["bonus"][P.VALAT] = 1                 # yet Valat made by the declarer
    try:
        E.enter(emu, f, e)
        raise AssertionError("the entry was accepted")
    except RuntimeError:
        pass
    scr = " ".join(emu.text(0))
    assert "Nicht wertbar" in scr and "Valat" in scr, scr
    assert not foreign(emu, "de"), foreign(emu, "de")


def test_one_deal_is_one_spiel():
    from tarock.rng import Rng
    emu = _emu()
    E.play_deal(emu, Rng(3))
    emu.press(0, ">")                       # the totals
    scr = " ".join(emu.text(0))
    assert "1 Spiel " in scr + " " and "1 Spiele" not in scr, scr

