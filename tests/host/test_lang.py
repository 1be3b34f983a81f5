"""The language tables (firmware/table/lang/): every key in every language,
the same %-placeholders in each, only the active table loaded, and every
text fits the box the screens draw it in (measured with the screen fonts,
table.text: a too-long translation fails here, not on a seat's screen)."""
import os
import re
import sys

from table import lang
from table import text
from table.ui import W

PLACEHOLDER = re.compile(r"%[-+0-9]*[sd%]")


def _table(code):
    return lang.table(code)


def test_every_key_in_every_language():
    en = _table("en")
    for code in lang.CODES:
        s = _table(code)
        missing = sorted(set(en) - set(s))
        extra = sorted(set(s) - set(en))
        assert not missing, "%s lacks %s" % (code, missing)
        assert not extra, "%s has keys English lacks: %s" % (code, extra)


def test_same_placeholders():
    en = _table("en")
    for code in lang.CODES:
        s = _table(code)
        for k, v in s.items():
            if k == "faces":   # card letters: as many as English has
                assert len(v.split(" ")) == len(en[k].split(" ")), (code, k, v)
                continue
            # a counted text's forms (lang.tn, apart by "|") each have them
            want = sorted(PLACEHOLDER.findall(en[k].split("|")[0]))
            for form in v.split("|"):
                assert sorted(PLACEHOLDER.findall(form)) == want, (code, k, v)


def test_only_the_active_table_is_loaded():
    lang.use("en")
    lang.use("de")
    assert lang.t("lang_name") == "Deutsch"
    assert "table.lang.english" not in sys.modules
    assert "table.lang.deutsch" in sys.modules
    lang.use("en")
    assert "table.lang.deutsch" not in sys.modules
    assert lang.t("no such key") == "no such key"


def test_unknown_language_refused():
    try:
        lang.use("xx")
    except ValueError as e:
        assert "xx" in str(e)
    else:
        raise AssertionError("use('xx') accepted")


def test_texts_are_found_as_the_table_has_them():
    """t() reads a text out of the table's one str as table() does, spaces
    kept at either end, and a key that is the start of another is not
    mistaken for it."""
    for code in lang.CODES:
        lang.use(code)
        whole = _table(code)
        for k in whole:
            assert lang.t(k) == whole[k], (code, k)
    lang.use("en")
    assert lang.t("unsaved") == "unsaved " and lang.t("decl") == "players"
    assert lang.seq("faces") == ("J", "C", "Q", "K", "Sk")


def test_language_names_are_their_own():
    for code in lang.CODES:
        assert _table(code)["lang_name"] == lang.NAMES[code]


# ---------------------------------------------------------------- boxes
# Where each text is drawn, and so how wide it may be. A key not named here
# is one row of the small font across the screen (W pixels) with its
# placeholders filled by SAMPLE; the others:
NAME = "Franz"          # a player's name as the screens show it
SAMPLE = {"%d": "12", "%+d": "+12", "%s": NAME, "%2d": "12", "%+5d": "  +12", "%%": "%"}
# wrapped over as many rows as they need (table.ui.wrap / text.wrap)
WRAPPED = ("abort_party_why", "cannot_save", "sheet_unreadable", "waiting_for", "waiting",
           "too_few_seats", "e24", "e25", "e26", "e27", "presets_bad", "presets_bad_file",
           "tn_seats", "tn_played", "tn_signed", "tn_early", "tn_no_key", "tn_waiting",
           "tn_bad", "tn_unreadable")
# what the score sheet found when it opened (Sheet.words): wrapped too, and
# the reasons inside those sentences (p_*, r_*)
WRAPPED_PREFIXES = ("p_", "r_")
# the large font (the table-wide questions, app.ASK)
LARGE = ("ask_abort", "ask_discard", "ask_new", "ask_end", "ask_forget")
# setup: the row's label in an 8-character column, then its value
LABEL_COLS = 8
SETUP_VALUES = ("open_ended", "first_past", "first_to", "n_rounds", "n_deals",
                "as_rules_say", "file_error", "choose", "play", "mode_virtual",
                "mode_physical", "mode_score")
# at most this many characters (cut to it by the code, or a column)
MAX_CHARS = {"excuse": 2, "talon_l": 2, "talon_r": 2, "unsaved": 9, "drawn": 8,
             "ann": 6, "conc": 7, "fourth_k": 10,
             "talon": 10, "stock": 10, "Stock": 10, "chien": 10, "laid_away": 10,
             "talon_given": 12, "tricks": 8}
# the score entry's step titles after "9/12 " (entry.model cuts the header at 25)
ENTRY_TITLES = ("declarer", "contract", "partner_conc", "partner", "game", "bonuses_kontra",
                "tricks_of", "points_of", "Kontra", "no_trick", "points_decl", "taker_h",
                "partner_called", "bouts_def", "points_def", "bouts_taker",
                "points_taker", "bonuses", "kind", "bid", "announced_h", "eyes_of", "tricks_h",
                "i_play")
ENTRY_STEP = "9/12 "
# the score entry's item words after an 11-character label (entry._item_line)
ENTRY_WORDS = ("decl made", "def made", "decl lost", "def lost", "decl! made", "decl! fail",
               "def! made", "def! fail", "decl", "def", "both", "taker", "defence", "taker!",
               "taker! failed", "defence!", "simple", "double", "triple", "announced",
               "took_one", "no_trick_w")
ENTRY_LABEL = 11   # a word of 14 cuts the label to 10
# a rule set's name in the setup's Rules row (cut at 16 characters)
RULES_CHARS = 16
# the phones' page (web/page.html): a browser's text, on no seat's screen
# (tests/host/test_web_page.py checks the page)
PAGE_PREFIXES = ("web_",)


# the values of keys whose placeholders are not names and counts: card
# points in halves shown as points, bouts (0..3), a deal's cards
SAMPLE_OF = {"fr_won": ("47.5", "3"), "fr_lost": ("47.5", "3"),
             "fr_of_won": ("47.5", "56", "3"), "fr_of_lost": ("47.5", "56", "3"),
             "spread1": ("6", "talon"), "to_stock": ("6", "talon"),
             "stacks_each": ("6", "3", "top up")}


def _fill(s, key=None):
    fills = list(SAMPLE_OF.get(key, ()))
    if fills:
        return PLACEHOLDER.sub(lambda m: fills.pop(0) if m.group(0) != "%%" else "%", s)
    return PLACEHOLDER.sub(lambda m: SAMPLE.get(m.group(0), "12"), s)


def too_long(table):
    """[(key, text, why)] of the texts in `table` (a language's S) that do
    not fit where the screens draw them."""
    small = text.width
    out = []
    label_w = 0
    for k in table:
        if k.startswith("row_"):
            label_w = max(label_w, small(table[k] + " ", text.SMALL))
    forms = []
    for k, v in table.items():    # each form of a counted text (lang.tn) fits
        forms += [(k, f) for f in v.split("|")]
    for k, v in forms:
        if k.startswith(PAGE_PREFIXES):
            continue
        if k == "faces":
            for x in v.split(" "):
                if len(x) > 2:
                    out.append((k, x, "a card letter of more than 2 characters"))
            continue
        if k.startswith("p_"):
            # a problem page: wrapped below its title, five rows at most
            # (flows.idle): four names, then the longest reason of the
            # language (or a deal's deltas) for each further %s
            reason = max([table[r] for r in table if r.startswith("r_")], key=len)
            fills = ["Franz/Franz/Franz/Franz"] + [
                "+120/-40/-40/-40" if k == "p_disputed" else reason] * 3
            if k == "p_refused":
                fills.insert(0, "party")    # the record's type first
            filled = PLACEHOLDER.sub(lambda m: fills.pop(0) if m.group(0) == "%s"
                                     else SAMPLE.get(m.group(0), "12"), v)
            if len(text.wrap(filled, text.SMALL, W)) > 5:
                out.append((k, v, "more than five rows on a problem page"))
        if k.startswith("presets_bad") and len(text.wrap(_fill(v), text.SMALL, W)) > 6:
            out.append((k, v, "more than the Presets screen's six rows"))
        if k in WRAPPED or k.startswith(WRAPPED_PREFIXES):
            words = _fill(v).split()
            for w in words:
                if small(w, text.SMALL) > W:
                    out.append((k, v, "a word wider than the screen"))
            continue
        if k.startswith("row_"):
            if len(v) > LABEL_COLS:
                out.append((k, v, "a setup label of more than %d characters" % LABEL_COLS))
            continue
        s = _fill(v, k)
        if k in MAX_CHARS and len(s) > MAX_CHARS[k]:
            out.append((k, v, "more than %d characters" % MAX_CHARS[k]))
            continue
        if k.startswith("rs_") and len(s) > RULES_CHARS:
            out.append((k, v, "a rule set's name of more than %d characters" % RULES_CHARS))
            continue
        font = text.LARGE if k in LARGE else text.SMALL
        w = small(s, font)
        if k in SETUP_VALUES or k.startswith("game_") or k.startswith("rs_"):
            w += small(" " * (LABEL_COLS + 1), text.SMALL)
        if k in ENTRY_WORDS:
            w += small(" " * ENTRY_LABEL, text.SMALL)
        if k in ENTRY_TITLES:
            w += small(ENTRY_STEP, text.SMALL)
        if w > W:
            out.append((k, v, "%d pixels, the box has %d" % (w, W)))
    return out


def test_every_text_fits_its_box():
    for code in lang.CODES:
        bad = too_long(_table(code))
        assert not bad, "%s: %s" % (code, bad)


def test_a_too_long_translation_is_caught():
    """The box test can fail: a long header, a long setup label, a long card
    letter and a long rule set name are each caught, the table otherwise as
    German has it."""
    de = dict(_table("de"))
    assert not too_long(de)
    de["table_setup"] = "Einrichtung des Spieltisches"              # 28 characters
    de["row_Language"] = "Sprachwahl"                               # a 10-character label
    de["faces"] = "B R D K\u00f6n Sk"
    de["rs_koenigrufen/tarockcup"] = "Raiffeisen Tarockcup"
    bad = sorted({k for (k, v, why) in too_long(de)})
    assert bad == ["faces", "row_Language", "rs_koenigrufen/tarockcup", "table_setup"], bad


def test_defaults_by_family_and_the_choice_kept():
    """A table speaks its family's language until the setup's Language row
    chooses one; then changing the game keeps the choice."""
    from table import games
    import table.app as A
    assert [games.language(f) for f in ("koenigrufen", "bavarian", "slovenian", "french")] \
        == ["de", "de", "sl", "fr"]
    c = A.Config(4)
    was = A.LANG
    try:
        A.LANG = None
        c = A.Config(4)
        assert c.language() == "de"
        c.family = "french"
        assert c.language() == "fr"
        c.lang = "sl"
        c.family = "koenigrufen"
        assert c.language() == "sl"
    finally:
        A.LANG = was


def test_card_letters_follow_the_language():
    """The 54-card and 78-card court cards in each language's letters; the
    core's names (tarock.cards.name, logs and tests) stay as they are."""
    from table.games import koenigrufen as kr
    from table.games import french as fr
    from tarock import cards
    from tarock.tables import SUIT54, RANK54
    from tarock.french.tables import SUIT78, RANK78
    king = next(c for c in range(54) if SUIT54[c] == 1 and RANK54[c] == 7)
    queen = next(c for c in range(54) if SUIT54[c] == 3 and RANK54[c] == 6)
    skus = next(c for c in range(54) if SUIT54[c] == 0 and RANK54[c] == 21)
    roi = next(c for c in range(78) if SUIT78[c] == 1 and RANK78[c] == 13)
    core = cards.name(queen)
    got = {}
    for code in lang.CODES:
        lang.use(code)
        got[code] = (kr.card_label(king, True), kr.card_label(queen, True),
                     kr.card_label(skus, True), fr.card_label(roi, True))
        assert cards.name(queen) == core   # the core's names: no language
    lang.use("en")
    assert got == {"en": ("K", "Q", "Sk", "K"), "de": ("K", "D", "Sk", "K"),
                   "sl": ("K", "D", "\u0160k", "K"), "fr": ("R", "D", "Sk", "R")}, got


def test_rule_sets_by_name():
    from table import games
    lang.use("de")
    assert games.rules_name("koenigrufen", "tarockcup", True) == "K\u00f6nigrufen \u2014 Tarockcup"
    assert games.rules_name("koenigrufen", "stammtisch") == "stammtisch"   # a table's own
    lang.use("sl")
    assert games.rules_name("slovenian", "standard", True) == "Slovenski tarok \u2014 Standardna"
    lang.use("en")


def test_language_row_chosen_kept_and_resumed(tmp_path):
    """On the screens: a Königrufen table opens in German, the Language row
    turns it French (every screen at once), a change of game keeps the
    choice; the party's record keeps it, so after a power cut the table
    speaks French again."""
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "host_tools", "lib"))
    __import__("hostenv").tools()
    import emulator as E
    import table.app as A
    was = A.LANG
    A.LANG = None
    try:
        emu = E.Emulator(seats=4, seed=3, record=False, storage=str(tmp_path))
        assert emu.text(0)[0] == "=Tisch einrichten="
        E.setup_table(emu, lang="fr")
        for i in range(4):
            assert emu.text(i)[0] == "=R\u00e9glage de la table="
        E.setup_table(emu, family="slovenian")
        assert emu.app.cfg.language() == "fr"
        E.setup_table(emu, family="koenigrufen")
        emu.press(0, "o")                     # Start: the party begins
        assert emu.app.sheet.party.lang == "fr"
        emu2 = E.Emulator(seats=4, seed=3, record=False, storage=str(tmp_path))
        assert emu2.app.cfg.language() == "fr" and lang.code() == "fr"
        assert not any("Tisch" in ln or "Table" in ln for ln in emu2.text(0))
    finally:
        A.LANG = was
        lang.use("en")


# --- the .txt tables (host_tools/build/build.py, deploy.py): what table.lang
# reads instead of the module when the module would land on the heap

def _build():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    sys.path.insert(0, os.path.join(root, "host_tools", "build"))
    import build
    return build, os.path.join(root, "firmware")


def _from_files(d, code):
    """Switch to code with the .txt tables of d (DIR), then back to none."""
    lang.use("en")
    lang.use("de" if code != "de" else "fr")     # use(code) below must load
    lang.DIR = d
    try:
        lang.use(code)
        return lang._f is not None
    finally:
        lang.DIR = None


def _reset():
    lang.DIR = None
    sys.modules.pop("table.lang.keys", None)     # a split test's
    lang.use("fr")
    lang.use("en")


def test_txt_tables_hold_every_text_byte_for_byte(tmp_path):
    """Every key of every table: the text read from the .txt is the one the
    module holds (UTF-8 both ways), keys missing from both stay missing, and
    a text is read from the file only (the module not imported)."""
    build, fw = _build()
    tables = build.lang_tables(build.firmware_modules())
    assert sorted(t.split("/")[-1][:-3] for t in tables) == sorted(lang.MODULES.values())
    for rel in tables:
        build.write_lang(rel, str(tmp_path), fw)
    d = str(tmp_path / "table" / "lang")
    try:
        for code in lang.CODES:
            whole = _table(code)
            sys.modules.pop("table.lang." + lang.MODULES[code])     # table() loaded it
            assert _from_files(d, code), code
            assert "table.lang." + lang.MODULES[code] not in sys.modules
            for k in whole:
                assert lang.t(k) == whole[k], (code, k)
                assert lang.t(k).encode("utf-8") == whole[k].encode("utf-8")
            assert lang.get("no such key", None) is None
            assert lang.get("lang_nam", None) is None     # a key's start is no key
            assert lang._f is not None                    # every text from the file
    finally:
        _reset()


def test_bad_or_missing_txt_falls_back_to_the_module(tmp_path):
    build, fw = _build()
    whole = _table("de")
    good = build.lang_text(os.path.join(fw, "table", "lang", "deutsch.py"))
    lines = good.split(b"\n")
    bad = {
        "missing": None,
        "empty": b"",
        "truncated": good[:len(good) // 2],
        "no end": good[:-len(b"#end\n")],
        "count off": good.replace(b"#keys %d" % (len(lines) - 3,), b"#keys 3", 1),
        "out of order": b"\n".join([lines[0]] + lines[1:-2][::-1] + lines[-2:]),
        "a line no key": b"\n".join(lines[:1] + [b"=x"] + lines[2:]),
    }
    try:
        for what, data in bad.items():
            d = tmp_path / what.replace(" ", "_")
            d.mkdir()
            if data is not None:
                (d / "deutsch.txt").write_bytes(data)
            assert not _from_files(str(d), "de"), what
            assert lang.code() == "de" and "table.lang.deutsch" in sys.modules, what
            assert lang.t("lang_name") == "Deutsch" and lang.t("ph_bidding") == whole["ph_bidding"]
        # the file gone bad after use(): the module from then on
        d = tmp_path / "closed"
        d.mkdir()
        (d / "deutsch.txt").write_bytes(good)
        assert _from_files(str(d), "de")
        lang._f.close()
        assert lang.t("ph_bidding") == whole["ph_bidding"] and lang._f is None
    finally:
        _reset()


def test_the_txt_is_used_only_beside_an_mpy():
    """Frozen (a .py name) or from .py sources: the module; the file only
    when the package came from an .mpy file (a ROMFS image has no .txt)."""
    was = lang.__file__
    try:
        assert lang._where() is None
        lang.__file__ = "/rom/table/lang/__init__.mpy"
        assert lang._where() == "/rom/table/lang"
        lang.__file__ = "table/lang/__init__.py"
        assert lang._where() is None
    finally:
        lang.__file__ = was


def test_a_key_the_table_lacks_is_looked_up_once():
    # contracts' own words ("c_Rufer") are asked for on every entry screen;
    # without the mark every ask scanned the whole table (slow on the board)
    lang.use("en")
    lang.use("de")
    assert lang.get("c_no such contract", "Rufer") == "Rufer"
    assert "c_no such contract" in lang._cache
    assert lang.get("c_no such contract", "Solo") == "Solo"   # each caller's own default
    lang.use("en")


# --- the split form (build.lang_split): what the frozen image and a ROMFS
# image hold, the keys once (table/lang/keys.py) and each language's texts

def _split(tmp_path, code):
    """Make code the active language from its split modules (written to
    tmp_path by build.lang_split, loaded as the image's modules are)."""
    import types
    build, fw = _build()
    paths = build.lang_split(str(tmp_path), fw)
    lang.use("en")
    lang.use("de" if code != "de" else "fr")     # use(code) below must load
    for rel in (build.LANG_KEYS, "table/lang/%s.py" % lang.MODULES[code]):
        m = types.ModuleType("table.lang." + rel.split("/")[-1][:-3])
        with open(paths[rel], encoding="utf-8") as fh:
            exec(fh.read(), m.__dict__)
        sys.modules[m.__name__] = m
    lang.use(code)
    assert lang._k is not None and not hasattr(sys.modules[m.__name__], "S")


def test_the_split_tables_give_every_text_as_the_sources(tmp_path):
    """Every key of every language: the split form's text is the source
    table's, found by the key's line before prepare() and through the index
    after it; a key it lacks (or the start or end of one) shows as the key,
    get()'s default for it; table() reads it whole."""
    try:
        for code in lang.CODES:
            whole = _table(code)
            _split(tmp_path, code)
            assert lang._mix is None
            for k, v in whole.items():
                assert lang._find(k) == v, (code, k)
            for ready in (False, True):
                if ready:
                    lang.prepare()
                    assert lang._mix is not None
                    lang._cache.clear()
                for k, v in whole.items():
                    assert lang.t(k) == v, (code, k, ready)
                for k in ("no such key", "lang_nam", "ang_name", "lang_name=", "",
                          "a key longer than any line of the keys is in the table"):
                    assert lang._find(k) is None, (code, k, ready)
                    assert lang.t(k) == k and lang.get(k, None) is None
            assert lang.table(code) == whole
            assert len(lang._mix[1]) == 5 * len(whole)      # 5 bytes a key, as before
        lang.use("en" if code != "en" else "de")
        assert lang._mix is None
    finally:
        _reset()


def test_the_split_keys_are_english_s_once(tmp_path):
    build, fw = _build()
    paths = build.lang_split(str(tmp_path), fw)
    ns = {}
    with open(paths[build.LANG_KEYS], encoding="utf-8") as fh:
        exec(fh.read(), ns)
    keys = [k for s in ns["K"] for k in s.decode().split("\n")[1:-1]]
    assert keys == list(_table("en"))
    assert all(len(s.split(b"\n")) - 2 <= build.SPLIT_LINES for s in ns["K"])


def test_a_table_not_whole_is_refused_by_the_split(tmp_path):
    """A language lacking a key (or with one twice, or a control character
    in a text: the split form's marks) would lose words on the device: the
    build stops, naming it, and writes nothing."""
    build, fw = _build()
    src = tmp_path / "src" / "table" / "lang"
    src.mkdir(parents=True)
    for m in lang.MODULES.values():
        (src / (m + ".py")).write_text(open(os.path.join(fw, "table", "lang", m + ".py"),
                                            encoding="utf-8").read(), encoding="utf-8")
    de = (src / "deutsch.py").read_text(encoding="utf-8")
    for bad, why in ((de.replace("\nlang_name=Deutsch\n", "\n"), "lacks ['lang_name']"),
                     (de.replace("\nlang_name=Deutsch\n", "\nlang_name=Deutsch\nlang_name=D\n"),
                      "a key twice"),
                     (de.replace("\nlang_name=Deutsch\n", "\nlang_name=Deu\ttsch\n"),
                      "a control character in ['lang_name']")):
        (src / "deutsch.py").write_text(bad, encoding="utf-8")
        try:
            build.lang_split(str(tmp_path / "out"), str(tmp_path / "src"))
        except SystemExit as e:
            assert "deutsch.py" in str(e) and why in str(e), e
        else:
            raise AssertionError("a table not whole was split")
        assert not (tmp_path / "out").exists()


def test_the_split_is_written_again_when_older_than_a_source(tmp_path):
    """MicroPython's frozen build keeps a module's .mpy while it is newer
    than its file: a split file older than a source table (the sources
    built in this tree meanwhile) is written again, even unchanged; one
    newer is left alone (the build stays incremental)."""
    build, fw = _build()
    src = tmp_path / "src" / "table" / "lang"
    src.mkdir(parents=True)
    for m in lang.MODULES.values():
        (src / (m + ".py")).write_bytes(open(os.path.join(fw, "table", "lang", m + ".py"), "rb").read())
        os.utime(str(src / (m + ".py")), (2000, 2000))
    out = str(tmp_path / "out")
    paths = build.lang_split(out, str(tmp_path / "src"))
    for p in paths.values():
        os.utime(p, (3000, 3000))
    build.lang_split(out, str(tmp_path / "src"))
    assert {os.path.getmtime(p) for p in paths.values()} == {3000}
    os.utime(str(src / "deutsch.py"), (4000, 4000))
    build.lang_split(out, str(tmp_path / "src"))
    assert all(os.path.getmtime(p) > 4000 for p in paths.values())
