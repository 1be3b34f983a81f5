"""The language tables (firmware/table/lang/): every key in every language,
the same %-placeholders in each, and only the active table loaded."""
import re
import sys

from table import lang

PLACEHOLDER = re.compile(r"%[-0-9]*[sd%]")


def _table(code):
    mod = __import__("table.lang." + lang.MODULES[code], None, None, ("S",))
    return mod.S


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
            assert sorted(PLACEHOLDER.findall(v)) == sorted(PLACEHOLDER.findall(en[k])), (code, k, v)


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
