# The screens' words as data, one table a language: english.py, deutsch.py,
# slovenscina.py, francais.py, each a tuple S of str of lines key=text (a key is a
# short English id; a text may hold %s/%d, filled by the caller). Only the
# active language is loaded: use() drops the one before, so one table is in
# RAM, and of it only the texts the screens asked for as objects, kept in a
# small cache (a dict of 420 str would take some 20 KB of a 32-bit board's
# heap; host_tools/bench/bench_app.py). Where a text is found on first use:
# - frozen or in a ROMFS image: in the module's S, whose str are constants
#   in flash there;
# - loaded from .mpy files (make deploy without ROMFS, the core suite under
#   MicroPython): a module's str would be ~10 KB of heap, so host_tools/build
#   (build.py, deploy.py) also writes each table as table/lang/<module>.txt
#   beside the .mpy, and use() reads that instead: one pass builds a 258-byte
#   index (128 buckets of lines by khash), a miss seeks and reads one line.
#   A missing or not whole file (or one that fails later): the module.
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
CACHE = 48      # texts kept as objects (an entry screen needs ~40); beyond, the cache starts again
# where the .txt tables are: None, beside this package when it was loaded
# from an .mpy file (frozen it is a .py name, and a ROMFS image has no .txt)
DIR = None
BUCKETS = 128

_code = None
_s = ()
_f = None       # the open .txt table, or None: the module's S is used
_ix = None      # its index (_open)
_cache = {}
_seqs = {}
_mix = None     # the module table's index (_index), built on its first miss
_ABSENT = object()  # type: str  # pyright: ignore[reportAssignmentType] (a sentinel, never returned: the mark of a key the table lacks)


def _load(code):
    if code not in MODULES:
        raise ValueError("no such language: %r (one of %s)" % (code, ", ".join(CODES)))
    return __import__("table.lang." + MODULES[code], None, None, ("S",)).S


def _where():
    if DIR is not None:
        return DIR
    f = __file__
    if not f.endswith(".mpy"):
        return None
    i = f.rfind("/")
    return f[:i] if i >= 0 else "."


def khash(b):
    """16-bit hash of a key's bytes (UTF-8): a .txt table's lines are in its
    order (host_tools/build/build.py, the same function), one bucket a
    value of its top 7 bits."""
    h = 0
    for c in b:
        h = (h * 31 + c) & 0xFFFF
    return h


def _open(path):
    """(file, index) of a .txt table (host_tools/build/build.py writes it:
    "#keys N", the module's N key=text lines sorted by khash, "#end"); the
    index: each of the 128 buckets' first byte offset, 2 bytes each, and the
    end's (258 bytes: a 192K heap may have no larger block free by then).
    None when the file is missing or not whole."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    ix = None
    try:
        line = f.readline()
        if line[:6] == b"#keys " and line[-1] == 10:
            n = int(line[6:-1].decode())
            ix = bytearray(2 * BUCKETS + 2)
            off = len(line)
            ix[0] = off >> 8
            ix[1] = off & 0xFF
            b = 0                               # buckets up to b have a start
            while True:
                line = f.readline()
                if line == b"#end\n":
                    break
                k = line.find(b"=")
                if k <= 0 or line[-1] != 10 or n == 0:
                    ix = None
                    break
                h = khash(line[:k]) >> 9
                if h < b:                       # not in order
                    ix = None
                    break
                while b < h:
                    b += 1
                    ix[2 * b] = off >> 8
                    ix[2 * b + 1] = off & 0xFF
                n -= 1
                off += len(line)
                if off > 0xFFFF:
                    ix = None
                    break
            if ix is not None and n == 0:
                while b < BUCKETS:
                    b += 1
                    ix[2 * b] = off >> 8
                    ix[2 * b + 1] = off & 0xFF
            else:
                ix = None
    except Exception:
        ix = None
    if ix is None:
        f.close()
        return None
    return f, ix


def _close():
    global _f, _ix
    if _f is not None:
        try:
            _f.close()
        except Exception:
            pass
    _f = None
    _ix = None


def _index(sections):
    """Where each key of a module table is: (bucket starts, entries), a
    key's bucket hash(key) & 127, an entry 3 bytes (its section, the char
    offset of its line in it), in table order within a bucket. A miss then
    compares a few lines instead of searching every section (~1.5 ms a
    miss on a 125 MHz RP2040: an entry screen's first words cost ~50 ms)."""
    n = 0
    for s in sections:
        n += s.count("\n")
    bucket = bytearray(n)
    where = bytearray(3 * n)
    count = bytearray(2 * BUCKETS + 2)  # 16-bit counts, then starts
    n = 0
    for j in range(len(sections)):
        s = sections[j]
        i = s.find("\n") + 1
        while i > 0:
            e = s.find("\n", i)
            k = s.find("=", i, e if e >= 0 else len(s))
            if k > i:
                b = hash(s[i:k]) & (BUCKETS - 1)
                bucket[n] = b
                where[3 * n] = j
                where[3 * n + 1] = i >> 8
                where[3 * n + 2] = i & 0xFF
                c = (count[2 * b] << 8 | count[2 * b + 1]) + 1
                count[2 * b] = c >> 8
                count[2 * b + 1] = c & 0xFF
                n += 1
            i = e + 1
    # counts -> each bucket's first entry (a counting sort, stable)
    at = 0
    for b in range(BUCKETS + 1):
        c = count[2 * b] << 8 | count[2 * b + 1]
        count[2 * b] = at >> 8
        count[2 * b + 1] = at & 0xFF
        at += c
    ent = bytearray(3 * n)
    fill = bytearray(count)
    for m in range(n):
        b = bucket[m]
        a = fill[2 * b] << 8 | fill[2 * b + 1]
        fill[2 * b] = (a + 1) >> 8
        fill[2 * b + 1] = (a + 1) & 0xFF
        ent[3 * a] = where[3 * m]
        ent[3 * a + 1] = where[3 * m + 1]
        ent[3 * a + 2] = where[3 * m + 2]
    return count, ent


def _find(sections, key):
    """key's text from a module table (its index _mix); None if none."""
    global _mix
    if _mix is None:
        _mix = _index(sections)
    st, ent = _mix
    b = 2 * (hash(key) & (BUCKETS - 1))
    pat = key + "="
    for m in range(st[b] << 8 | st[b + 1], st[b + 2] << 8 | st[b + 3]):
        s = sections[ent[3 * m]]
        i = ent[3 * m + 1] << 8 | ent[3 * m + 2]
        if s.startswith(pat, i):
            i += len(pat)
            return s[i:s.find("\n", i)]
    return None


def use(code):
    global _code, _s, _cache, _seqs, _f, _ix, _mix
    if code == _code:
        return
    if code not in MODULES:
        _load(code)                     # its error
    _close()
    d = _where()
    got = _open(d + "/" + MODULES[code] + ".txt") if d is not None else None
    if got is None:
        _s = _load(code)
    else:
        _f, _ix = got
        _s = ()
    _cache = {}
    _seqs = {}
    _mix = None
    if _code is not None and _code != code:
        old = "table.lang." + MODULES[_code]
        sys.modules.pop(old, None)
        pkg = sys.modules.get("table.lang")
        if pkg is not None and hasattr(pkg, MODULES[_code]):
            delattr(pkg, MODULES[_code])
    _code = code


def code():
    return _code


def _read(f, ix, key):
    """key's text from the .txt table f (index ix); None when it has none."""
    pat = key.encode()
    b = 2 * (khash(pat) >> 9)
    pat += b"="
    off = ix[b] << 8 | ix[b + 1]
    end = ix[b + 2] << 8 | ix[b + 3]
    f.seek(off)
    while off < end:
        line = f.readline()
        if line[:len(pat)] == pat:
            return line[len(pat):-1].decode()
        off += len(line)
    return None


def get(key, default):
    global _s, _mix
    if _code is None:
        use("en")
    v = _cache.get(key)
    if v is None:
        f, ix = _f, _ix
        if f is not None and ix is not None:
            try:
                v = _read(f, ix, key)
            except Exception:
                # the file went bad under us: the module from now on
                _close()
                _s = _load(_code)
                _mix = None
        if _f is None:
            v = _find(_s, key)
        if v is None:
            v = _ABSENT   # kept too: a key the table lacks (a contract's own
                          # word) would cost a scan of every section each time
        if len(_cache) >= CACHE:
            _cache.clear()
        _cache[key] = v
    return default if v is _ABSENT else v


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
