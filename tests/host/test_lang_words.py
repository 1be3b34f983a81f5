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


def foreign(emu, code, seats=None, allow=()):
    """[(seat, word, screen)] of English-only words on the screens (the
    players' names allowed, and the texts in allow: a file's name)."""
    if code not in _ONLY:
        _ONLY[code] = english_only(code)
    # the players' names, and their first letters while typed
    bad = _ONLY[code] - {n.lower()[:k] for n in NAMES for k in range(1, len(n) + 1)}
    out = []
    for s in range(emu.n) if seats is None else seats:
        scr = " ".join(emu.text(s))
        for a in allow:
            scr = scr.replace(a, " ")
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
    emu = _emu(mode=2)
    E.enter_refused_valat(emu)
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


# ---------------------------------------------------------------- every flow
FAMILY = {"de": "koenigrufen", "fr": "french", "sl": "slovenian"}


class Watch:
    """Every screen after every event: the English-only words seen."""

    def __init__(self, emu, code):
        self.code = code
        self.bad = []
        self.events = 0
        emu.watch = self

    def __call__(self, emu):
        self.events += 1
        for b in foreign(emu, self.code):
            if b[:2] not in [x[:2] for x in self.bad]:
                self.bad.append(b)


def _entry(emu, rng, refused=True):
    """Values for the open score entry that its family's scorer refuses
    (or takes): drawn through the form's own choices until one is."""
    f = emu.app.flow
    g, prof = f.g, f.profile
    for _ in range(3000):
        e = {k: (list(v) if isinstance(v, list) else v) for k, v in f.e.items()}
        step = 0
        while True:
            st = g.entry_steps(prof, e, f.name)
            if step >= len(st):
                break
            s = st[step]
            if s[0] == "pick":
                e[s[1]] = rng.choice(s[3])[0]
            elif s[0] == "number":
                v = rng.choice([s[4], s[5], rng.randint(s[4], s[5])])
                if s[2] >= 0:
                    e[s[1]][s[2]] = v
                else:
                    e[s[1]] = v
            else:
                for it in s[2]:
                    if it[1] is not None and rng.random() < 0.4:
                        v = rng.choice(list(it[3]))
                        if it[2] >= 0:
                            e[it[1]][it[2]] = v
                        else:
                            e[it[1]] = v
            step += 1
        try:
            g.check_entry(prof, g.entry_summary(prof, e))
        except ValueError:
            if refused:
                return e
            continue
        if not refused:
            return e
    raise AssertionError("no such entry found")


def _walk(tmp_path, code):
    import random
    import table.app
    from tarock.rng import Rng
    from table.flows.entry import Entry
    table.app.LANG = code      # (conftest: English) the setup too in the table's language
    emu = E.Emulator(seats=5, seed=7, record=False, storage=str(tmp_path))
    w = Watch(emu, code)
    E.setup_table(emu, players=4, family=FAMILY[code], lang=code, names=NAMES)   # setup
    emu.press(0, "o")
    rng = Rng(7)
    E.play_deal(emu, rng)                                  # virtual cards
    for seat in (0, 4):                                    # idle; the sheet, seat 4 looking on
        emu.press(seat, ">")
        emu.press(seat, "<")
    emu.press(0, "<")                                      # the sheet: list, a deal, its pages
    emu.press(0, "o")
    emu.press(0, ">")
    emu.press(0, "o")                                      # the deal's actions
    emu.press(0, ">")
    emu.press(0, "O")
    emu.press(0, "O")
    emu.press(0, "O")
    emu.press(0, "O")                                      # the seat menu
    for _ in range(3):
        emu.press(0, ">")
    emu.press(0, "O")
    # deal + score: the dealing aid, then the entry with a refused result
    emu.app.cfg.mode = 1
    emu.press(0, "o")
    for _ in range(40):
        if isinstance(emu.app.flow, Entry):
            break
        E.bot_step(emu, rng)
    f = emu.app.flow
    assert isinstance(f, Entry), type(f)
    try:
        E.enter(emu, f, _entry(emu, random.Random(3)))
        raise AssertionError("accepted")
    except RuntimeError:
        pass
    assert f.error
    for _ in range(12):                                    # back to the first step
        if f.step == 0:
            break
        emu.press(emu.app.cfg.used[f.seats[0]], "O")
    assert f.step == 0 and isinstance(emu.app.flow, Entry)
    E.enter(emu, f, _entry(emu, random.Random(4), False))  # a result it takes
    # a correction of the first deal, confirmed
    emu.press(0, "<")
    emu.press(0, "<")
    emu.press(0, "o")
    emu.press(0, "o")
    emu.press(0, "o")
    if isinstance(emu.app.flow, Entry):
        E.enter(emu, emu.app.flow, None)
    E.ask(emu, 0, "m_end")                                 # the party ends: every seat says yes
    for s in (1, 2, 3):
        emu.press(s, "o")
    assert emu.app.sheet.finished()
    E.ask(emu, 0, "m_past")                                # past parties
    assert emu.app.seats[0].menu.page == 2
    for k in "o>oO":
        emu.press(0, k)
    emu.press(0, "O")
    emu.press(0, "O")
    # a damaged journal said at boot (the problem pages)
    path = os.path.join(str(tmp_path), "sheet.tbj")
    with open(path, "r+b") as fh:
        fh.seek(60)
        b = fh.read(1)
        fh.seek(60)
        fh.write(bytes([b[0] ^ 0x08]))
    emu2 = E.Emulator(seats=5, seed=8, record=False, storage=str(tmp_path))
    assert emu2.app.sheet.unacknowledged()                 # said on the screens
    w2 = Watch(emu2, code)
    w2(emu2)
    emu2.press(0, ">")
    emu2.press(0, "o")
    return w.bad + w2.bad, w.events + w2.events


def _check_walk(tmp_path, code):
    import table.app
    try:
        bad, n = _walk(tmp_path, code)
    finally:
        table.app.LANG = "en"
    assert n > 100
    assert not bad, "\n".join(["seat %d: %r in %s" % b for b in bad])


def test_every_flow_in_german(tmp_path):
    _check_walk(tmp_path, "de")


def test_every_flow_in_french(tmp_path):
    _check_walk(tmp_path, "fr")


def test_every_flow_in_slovenian(tmp_path):
    _check_walk(tmp_path, "sl")


# ---------------------------------------------------------------- no words in code
LOOKUPS = ("t", "T", "tn", "get", "seq")   # table.lang's look-ups: their argument is a key
NAMES_IN_CODE = ("Elo",)    # a name, the same in every language
def literal_words(path):
    """[(line, text)]: str literals with a letter inside what a screen row
    is made of (the first argument of row(), any part of its expression):
    on-screen words must come from the language tables."""
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        fn = node.func
        name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
        if name != "row":
            continue
        keys = set()    # a table's key: the argument of t(), tn(), get() ...
        for sub in ast.walk(node.args[0]):
            if isinstance(sub, ast.Call):
                f = sub.func
                n = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if n in LOOKUPS and sub.args:
                    keys |= {id(x) for x in ast.walk(sub.args[0])}
            elif isinstance(sub, ast.Subscript):       # a view's field: v["talon"]
                keys.add(id(sub.slice))
            elif isinstance(sub, ast.Compare) and isinstance(sub.ops[0], (ast.In, ast.NotIn)):
                keys.add(id(sub.left))                 # "at" in r
        for sub in ast.walk(node.args[0]):
            if (isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in keys
                    and sub.value not in NAMES_IN_CODE and WORD.search(PLACEHOLDER.sub("", sub.value))):
                out.append((sub.lineno, sub.value))
    return out


def test_no_screen_row_holds_words_from_the_code():
    base = os.path.join(ROOT, "firmware", "table")
    paths = [os.path.join(base, "app.py"), os.path.join(base, "ui.py")]
    for sub in ("flows", "games"):
        d = os.path.join(base, sub)
        paths += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".py")]
    bad = []
    for p in paths:
        bad += ["%s:%d %r" % (os.path.relpath(p, ROOT), ln, s) for ln, s in literal_words(p)]
    assert not bad, "\n".join(bad)


def test_the_rule_finds_words_and_spares_keys(tmp_path):
    p = tmp_path / "m.py"
    p.write_text('rows = [row("Score: %d" % n), row(t("seen")), row("%+5d" % n),\n'
                 '        row(t("x") + " points"), row([t("talon")] + v["talon"])]\n')
    assert literal_words(str(p)) == [(1, "Score: %d"), (2, " points")]


def test_counts_in_the_sheets_problems_and_the_abort_page_take_their_plural():
    """'1 bytes', '1 Punkte': the damage report and the party's abort cost
    take the count's form in every language (Slovenian's four)."""
    from table import lang
    from table.sheet.sheet import _say
    want = {"en": ("1 byte ", "2 bytes"), "de": ("1 Byte ", "2 Bytes"),
            "fr": ("1 octet ", "2 octets"), "sl": ("1 bajt ", "2 bajta")}
    try:
        for code, (one, two) in want.items():
            lang.use(code)
            assert one in _say("p_damage", (1,)) and two in _say("p_damage", (2,))
            assert "|" not in _say("p_damage", (5,)) and "|" not in lang.tn("abort_party_why", 25)
        lang.use("de")
        assert "1 Punkt;" in lang.tn("abort_party_why", 1) % 1
        lang.use("sl")
        assert "3 točke;" in lang.tn("abort_party_why", 3) % 3
    finally:
        lang.use("en")


BAD_PRESETS = (
    # a value out of range: the reader names line 4
    (("[stammtisch]\nbase = \"koenigrufen/tarockcup\"\ntitle = \"Linz\"\n"
      "contracts.Dreier.value = -5\n"), 4),
    # more than the reader takes (8 KB): no line to name
    ("# " + "x" * 9000 + "\n", None),
)


def test_a_broken_presets_file_is_said_in_the_tables_language(tmp_path):
    """The Presets row's screen on a German, French or Slovenian table: where
    the error is (its line) in the table's words, the reader's English
    detail only on an English table (every word in the table's language)."""
    import table.app
    for code in ("de", "fr", "sl", "en"):
        for data, line in BAD_PRESETS:
            (tmp_path / "presets.txt").write_text(data)
            table.app.LANG = code
            try:
                emu = E.Emulator(seats=4, seed=3, record=False, storage=str(tmp_path))
            finally:
                table.app.LANG = "en"
            scr = " ".join(emu.text(0))
            assert emu.text(0)[1] == "=" + lang.table(code)["presets_again"] + "=", scr
            if code == "en":
                assert "presets.txt" in scr and ("line %d" % line if line else "8192") in scr, scr
                continue
            assert foreign(emu, code, [0], ("presets.txt",)) == [], (code, scr)
            if line:
                assert " %d" % line in scr, (code, scr)
