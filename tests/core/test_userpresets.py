# A table's own presets file (firmware/tarock/userpresets.py) against a
# hostile tester: every error is a ProfileError naming the file and the line
# (bytes that are not UTF-8, a value nested too deep, a built-in preset's
# name), a leading BOM is fine, a missing file is no presets, a directory in
# its place says so; the light index the device keeps builds the same
# profiles; the score sheet journals a user preset as base + overrides and
# replays it without the file. Real files in a fresh directory
# (mpcompat.tmpdir; the WebAssembly port: its in-memory filesystem).
# MicroPython-compatible: plain asserts, no pytest.
import os
from mpcompat import raises, tmpdir
from tarock import profiles as PR
from tarock import userpresets as U
from tarock.koenigrufen import profiles as P
from tarock.rng import Rng

DIR = tmpdir("userpresets-test")
PATH = DIR + "/presets.txt"

GOOD = ('[stammtisch]\nbase = "koenigrufen/tarockcup"\ntitle = "Stammtisch Linz"\n'
        'contracts.Dreier.value = 5\nbonus.Trull = [1, 3]\n'
        '\n[schnell]\nbase = "french/fft"\nparty_points = 500\n')


def _mkdirs():
    try:
        os.mkdir(DIR)
    except OSError:
        pass


def _clear():
    _mkdirs()
    try:
        os.remove(PATH)
    except OSError:
        try:
            os.rmdir(PATH)
        except OSError:
            pass


def _write(data):
    _clear()
    f = open(PATH, "wb")
    f.write(data)
    f.close()


def _err(fn, *args):
    return str(raises(PR.ProfileError, fn, *args))


def _load_err(text):
    return _err(U.load, text)


# ------------------------------------------------------------ the file

def test_missing_file_is_no_user_presets():
    _clear()
    assert U.read(PATH) == {} and U.read_index(PATH) == {}
    assert U.read("no/such/dir/presets.txt") == {}


def test_file_read_and_named_without_its_folder():
    _write(GOOD.encode())
    u = U.read(PATH)
    assert sorted(u) == ["french/schnell", "koenigrufen/stammtisch"]
    assert u["koenigrufen/stammtisch"]["contracts"][P.DREIER]["value"] == 5
    assert u["french/schnell"]["party_points"] == 500
    _write(b'[x]\nbase = "koenigrufen/tarockcup"\nfoo = 1\n')
    assert _err(U.read, PATH).startswith("presets.txt line 3: foo: unknown key")
    assert _err(U.read, PATH, "table.txt").startswith("table.txt line 3: ")


def test_invalid_utf8_names_the_line():
    _write(b'[x]\nbase = "koenigrufen/tarockcup"\n# ok\ntitle = "Stammtisch \xff"\n')
    e = _err(U.read, PATH)
    assert e.startswith("presets.txt line 4: ") and "UTF-8" in e, e
    # a cut multi-byte character, and bad bytes in the first line
    _write(b'[x]\nbase = "koenigrufen/tarockcup"\ntitle = "K\xc3"\n')
    assert _err(U.read, PATH).startswith("presets.txt line 3: ")
    _write(b'\xfe\xff[x]\n')
    assert _err(U.read, PATH).startswith("presets.txt line 1: ")
    _write(b'[x]\nbase = "koenigrufen/tarockcup"\ntitle = "K\xc3\xb6nig"\n')   # valid
    assert U.read(PATH)["koenigrufen/x"]["title"] == "K\u00f6nig"


def test_utf8_bom_accepted():
    _write(b"\xef\xbb\xbf" + GOOD.encode())
    assert sorted(U.read(PATH)) == ["french/schnell", "koenigrufen/stammtisch"]
    assert sorted(U.load("\ufeff" + GOOD)) == ["french/schnell", "koenigrufen/stammtisch"]
    # only at the very start: later it is a stray character on its line
    assert "line 2" in _load_err('[x]\n\ufeffbase = "koenigrufen/pagat"\n')


def test_directory_in_place_of_the_file():
    _clear()
    os.mkdir(PATH)
    assert _err(U.read, PATH) == "presets.txt: is a directory, not a file"
    assert _err(U.read_index, PATH) == "presets.txt: is a directory, not a file"
    _clear()


def test_a_file_too_big_for_the_heap():
    _write(b"# " + b"x" * U.MAX_BYTES + b"\n")
    e = _err(U.read, PATH)
    assert e.startswith("presets.txt: ") and str(U.MAX_BYTES) in e, e
    _clear()


# ------------------------------------------------------------ values

def test_json_nesting_too_deep_names_the_line():
    head = '[x]\nbase = "koenigrufen/tarockcup"\n'
    deep = "[" * 5000 + "]" * 5000
    e = _load_err(head + "title = " + deep + "\n")
    assert e.startswith("presets.txt line 3: title: ") and "deep" in e, e
    e = _load_err(head + "\nbonus.Trull = " + "{\"a\": " * 400 + "1" + "}" * 400 + "\n")
    assert e.startswith("presets.txt line 4: bonus.Trull: ") and "deep" in e, e
    # unclosed brackets count too
    assert "deep" in _load_err(head + "title = [[[[[[[[\n")
    # brackets inside a string do not count
    assert U.load(head + 'title = "[[[[[[[[{{{{"\n')["koenigrufen/x"]["title"] == "[[[[[[[[{{{{"
    # MAX_DEPTH deep is fine for the parser (the profile check has its say)
    ok = "[" * U.MAX_DEPTH + "]" * U.MAX_DEPTH
    assert "deep" not in _load_err(head + "title = " + ok + "\n")
    # and the same from a file
    _write((head + "title = " + "[" * 3000 + "\n").encode())
    assert _err(U.read, PATH).startswith("presets.txt line 3: title: ")
    _clear()


def test_builtin_preset_names_refused():
    e = _load_err('# our table\n[pagat]\nbase = "koenigrufen/tarockcup"\n')
    assert e.startswith("presets.txt line 2: [pagat]: ") and "built-in" in e, e
    # a preset loaded on demand, and another family's
    assert _load_err('[tarockcup]\nbase = "koenigrufen/pagat"\n').startswith("presets.txt line 1: [tarockcup]")
    assert _load_err('[fft]\nbase = "french/fft"\n').startswith("presets.txt line 1: [fft]")
    assert _load_err('\n\n[standard]\nbase = "bavarian/announced"\n').startswith(
        "presets.txt line 3: [standard]")
    # the same name in a family that has no such preset is a new one
    assert sorted(U.load('[fft]\nbase = "koenigrufen/pagat"\n')) == ["koenigrufen/fft"]


def test_preset_names():
    assert "line 1: preset name ''" in _load_err("[ ]\n")
    assert "line 1: preset name" in _load_err("[" + "a" * (U.MAX_NAME + 1) + "]\n")
    assert "A-Z" in _load_err("[k\u00e4se]\n")          # the same on every port
    assert "A-Z" in _load_err("[a b]\n")
    assert sorted(U.load("[" + "a" * U.MAX_NAME + ']\nbase = "koenigrufen/pagat"\n'))
    assert "line 3: [x] has no base" in _load_err('[y]\nbase = "koenigrufen/pagat"\n[x]\n')


def test_a_setting_given_twice():
    head = '[x]\nbase = "koenigrufen/tarockcup"\n'
    assert "line 4: contracts.9.value: given twice" in _load_err(
        head + "contracts.Dreier.value = 5\ncontracts.9.value = 6\n")
    assert "line 4: contracts.9.value: contracts.9 is given as a whole" in _load_err(
        head + "contracts.9 = 5\ncontracts.9.value = 6\n")
    e = _load_err(head + "bonus.Trull = [1, 2]\nbonus.Trull.0 = 1\n")
    assert e.startswith("presets.txt line 4: bonus.0.0: "), e


_KEYS = ("title", "contracts.Dreier.value", "contracts.9", "contracts", "bonus.Trull", "bonus",
         "bonus.0.x", "bonus_names", "kaiserstich", "max_kontra", "thresholds", "poignee_trumps",
         "poignee_trumps.2", "chelem", "values", "contracts.1.mult", "contracts.99.on", "", ".",
         "contracts..x", "a.b.c.d", "valat", "hand_from", "elo_k", "party_deals", "contracts.1",
         "name", "family", "bonus.Trull.0", "base")
_VALUES = ("1", "-1", "1.5", "true", "null", '"x"', "[1,2]", "[1,[2]]", "[[1,2,3]]", '{"a":1}',
           '{"9":{"value":1}}', "[]", "{}", "[1,2,3,4]", '["a"]', "1e400", "NaN",
           "99999999999999999999999", '{"value": 5}', "[true, 1]", "[1, 2.5]", "[-1, 3]",
           "[[1,2],[3,4]]", '"\\ud800"', "[[[[1]]]]", "x", "", '"koenigrufen/pagat"')
_BASES = ("koenigrufen/pagat", "koenigrufen/tarockcup", "french/fft", "bavarian/standard",
          "slovenian/standard")


def test_hostile_lines_raise_only_profile_errors():
    """Random settings of every shape on every family's base: a sound preset
    or a ProfileError naming a line of the file, nothing else."""
    rng = Rng(21)
    for it in range(150):
        t = '[x]\nbase = "%s"\n' % _BASES[rng.below(len(_BASES))]
        n = 1 + rng.below(3)
        for _ in range(n):
            t += "%s = %s\n" % (_KEYS[rng.below(len(_KEYS))], _VALUES[rng.below(len(_VALUES))])
        try:
            U.load(t)
        except PR.ProfileError as e:
            assert str(e).startswith("presets.txt line "), (t, str(e))


# ------------------------------------------------------------ the device's index

def test_index_builds_the_same_profiles():
    full = U.load(GOOD)
    idx = U.index(GOOD)
    assert sorted(idx) == sorted(full)
    for k in idx:
        base, over = idx[k]
        assert isinstance(base, str) and PR.get(base)["family"] == k.split("/")[0]
        assert U.build(idx[k]) == full[k]
    assert idx["koenigrufen/stammtisch"][0] == "koenigrufen/tarockcup"
    assert U.list_all(idx, "koenigrufen") == U.list_all(full, "koenigrufen")
    assert ("koenigrufen/stammtisch", "Stammtisch Linz", "user") in U.list_all(idx, "koenigrufen")
    assert U.pick("koenigrufen/stammtisch", idx) == full["koenigrufen/stammtisch"]
    _write(GOOD.encode())
    assert sorted(U.read_index(PATH)) == sorted(idx)
    _clear()


def test_combine_is_two_overlays():
    base = PR.get("koenigrufen/tarockcup")
    a = {"contracts": {P.DREIER: {"value": 5}}, "bonus": {P.TRULL: (1, 3)}, "title": "a"}
    b = {"contracts": {P.DREIER: {"loss": 7}, P.RUFER: {"value": 2}}, "kaiserstich": True}
    assert PR.overlay(base, PR.combine(a, b)) == PR.overlay(PR.overlay(base, a), b)
    c = PR.combine(a, b)
    assert c["contracts"][P.DREIER] == {"value": 5, "loss": 7}
    assert a["contracts"][P.DREIER] == {"value": 5}           # a and b untouched
    assert PR.combine(None, b) == b and PR.combine(a, None) == a and PR.combine(None, None) == {}
