# The screens' words as data, one table a language: english.py, deutsch.py,
# slovenscina.py, francais.py, each a tuple S of str of lines key=text (a key is a
# short English id; a text may hold %s/%d, filled by the caller). Only the
# active language is imported: use() drops the one before, so one table is
# in RAM, and of it only the texts the screens asked for as objects: S's str
# are constants (in flash when the package is frozen or in a ROMFS image; on
# the heap from an .mpy file), a text is found in them on first
# use and kept in a small cache (a dict of 420 str would take some 20 KB of
# a 32-bit board's heap; host_tools/bench/bench_app.py).
#
#   use(code)   make "en" / "de" / "sl" / "fr" the active language
#   t(key)      its text for key (a key missing from the table shows as the
#               key itself; tests/host/test_lang.py keeps every table whole)
#   get(key, d) its text for key, or d when the table has none (rule set
#               names of a table's own presets)
#   seq(key)    a text of words apart by spaces as a tuple (card letters:
#               indexing a tuple makes no str per card)
#   code()      the active language's code
#   table(code) a language's whole table as a dict (tests, host tools)
# Before any use() the words are English (glue used on its own: tests, tools).
import sys

CODES = ("de", "sl", "fr", "en")
MODULES = {"de": "deutsch", "sl": "slovenscina", "fr": "francais", "en": "english"}
# each language by its own name (the setup's Language row shows every one,
# whichever is active)
NAMES = {"de": "Deutsch", "sl": "Sloven\u0161\u010dina", "fr": "Fran\u00e7ais", "en": "English"}
CACHE = 96      # texts kept as objects; beyond, the cache starts again

_code = None
_s = ()
_cache = {}
_seqs = {}


def _load(code):
    if code not in MODULES:
        raise ValueError("no such language: %r (one of %s)" % (code, ", ".join(CODES)))
    return __import__("table.lang." + MODULES[code], None, None, ("S",)).S


def use(code):
    global _code, _s, _cache, _seqs
    if code == _code:
        return
    s = _load(code)
    _s = s
    _cache = {}
    _seqs = {}
    if _code is not None and _code != code:
        old = "table.lang." + MODULES[_code]
        sys.modules.pop(old, None)
        pkg = sys.modules.get("table.lang")
        if pkg is not None and hasattr(pkg, MODULES[_code]):
            delattr(pkg, MODULES[_code])
    _code = code


def code():
    return _code


def get(key, default):
    if _code is None:
        use("en")
    v = _cache.get(key)
    if v is None:
        pat = "\n" + key + "="
        for s in _s:
            i = s.find(pat)
            if i >= 0:
                i += len(pat)
                v = s[i:s.find("\n", i)]
                break
        else:
            return default
        if len(_cache) >= CACHE:
            _cache.clear()
        _cache[key] = v
    return v


def t(key):
    return get(key, key)


def seq(key):
    v = _seqs.get(key)
    if v is None:
        v = tuple(get(key, key).split(" "))
        _seqs[key] = v
    return v


def table(code):
    """{key: text} of a language (its module loaded for this; host side)."""
    out = {}
    for s in _load(code):
        for line in s.split("\n"):
            k = line.find("=")
            if line and line[0] != "#" and k > 0:
                out[line[:k]] = line[k + 1:]
    return out
