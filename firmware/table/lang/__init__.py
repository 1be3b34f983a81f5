# The screens' words as data, one table a language: english.py, deutsch.py,
# slovenscina.py, francais.py, each a dict S of key -> text (a key is a short
# English id; a text may hold %s/%d, filled by the caller). Only the active
# language is imported: use() drops the one before, so one table is in RAM.
#
#   use(code)   make "en" / "de" / "sl" / "fr" the active language
#   t(key)      its text for key (a key missing from the table shows as the
#               key itself; tests/host/test_lang.py keeps every table whole)
#   get(key, d) its text for key, or d when the table has none (rule set
#               names of a table's own presets)
#   code()      the active language's code
# Before any use() the words are English (glue used on its own: tests, tools).
# A text is a str, or a tuple of str where the screens index it (card
# letters: a tuple's items are made once, indexing a str allocates).
import sys

CODES = ("de", "sl", "fr", "en")
MODULES = {"de": "deutsch", "sl": "slovenscina", "fr": "francais", "en": "english"}
# each language by its own name (the setup's Language row shows every one,
# whichever is active)
NAMES = {"de": "Deutsch", "sl": "Sloven\u0161\u010dina", "fr": "Fran\u00e7ais", "en": "English"}

_code = None
_s = {}


def use(code):
    global _code, _s
    if code == _code:
        return
    if code not in MODULES:
        raise ValueError("no such language: %r (one of %s)" % (code, ", ".join(CODES)))
    name = "table.lang." + MODULES[code]
    mod = __import__(name, None, None, ("S",))
    _s = mod.S
    if _code is not None and _code != code:
        old = "table.lang." + MODULES[_code]
        sys.modules.pop(old, None)
        pkg = sys.modules.get("table.lang")
        if pkg is not None and hasattr(pkg, MODULES[_code]):
            delattr(pkg, MODULES[_code])
    _code = code


def code():
    return _code


def t(key):
    if _code is None:
        use("en")    # nothing chosen yet (the glue on its own: tests, host tools)
    s = _s.get(key)
    return key if s is None else s


def get(key, default):
    if _code is None:
        use("en")
    return _s.get(key, default)
