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
#   tn(key, n)  its text for the count n: "%d Spiel|%d Spiele" by the
#               language's plural rule (PLURAL: Slovenian has four forms)
#   seq(key)    a text of words apart by spaces as a tuple (card letters:
#               indexing a tuple makes no str per card)
#   code()      the active language's code
#   prepare()   index the active table's keys (a miss then costs ~0.25 ms on
#               the chip, not ~1.5): once the screens are drawn
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
_mix = None     # the module table's index (_index), built by prepare()
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


def _view(s):
    """The UTF-8 bytes of str s by byte offsets: on MicroPython a view of s
    itself (no copy: a frozen table stays in flash); CPython: its bytes."""
    try:
        return memoryview(s)  # pyright: ignore[reportArgumentType] (MicroPython's str has the buffer protocol)
    except TypeError:
        return s.encode()


def _index(sections):
    """Where each key of a module table is: (bucket starts, entries, each
    section's bytes), a key's bucket hash of its UTF-8 bytes & 127, an
    entry 5 bytes (its section, the byte offset and length of its line),
    in table order within a bucket. A miss then compares a line or two by
    byte offsets instead of searching every section (~1.5 ms a miss on a
    125 MHz RP2040, an entry screen's first words ~50 ms; a str's char
    offsets would walk it from its start at every use)."""
    n = 0
    for s in sections:
        n += s.count("\n")
    where = bytearray(6 * n)            # bucket, then the entry
    count = bytearray(2 * BUCKETS + 2)  # 16-bit counts, then starts
    n = 0
    for j in range(len(sections)):
        b = sections[j].encode()        # (a copy while this section is read)
        i = b.find(b"\n") + 1
        while i > 0:
            e = b.find(b"\n", i)
            end = e if e >= 0 else len(b) - 1   # (as s[i:s.find("\n", i)] would)
            k = b.find(b"=", i, end)
            if k > i:
                h = hash(b[i:k]) & (BUCKETS - 1)
                w = 6 * n
                where[w] = h
                where[w + 1] = j
                where[w + 2] = i >> 8
                where[w + 3] = i & 0xFF
                where[w + 4] = (end - i) >> 8
                where[w + 5] = (end - i) & 0xFF
                c = (count[2 * h] << 8 | count[2 * h + 1]) + 1
                count[2 * h] = c >> 8
                count[2 * h + 1] = c & 0xFF
                n += 1
            i = e + 1
    # counts -> each bucket's first entry (a counting sort, stable)
    at = 0
    for h in range(BUCKETS + 1):
        c = count[2 * h] << 8 | count[2 * h + 1]
        count[2 * h] = at >> 8
        count[2 * h + 1] = at & 0xFF
        at += c
    ent = bytearray(5 * n)
    fill = bytearray(count)
    for m in range(n):
        h = where[6 * m]
        a = fill[2 * h] << 8 | fill[2 * h + 1]
        fill[2 * h] = (a + 1) >> 8
        fill[2 * h + 1] = (a + 1) & 0xFF
        ent[5 * a:5 * a + 5] = where[6 * m + 1:6 * m + 6]
    return count, ent, tuple([_view(s) for s in sections])


def prepare():
    """Index the active module table (_index) if it has none: ~110 ms on
    the chip, so the app calls this once its screens are drawn (App.settled),
    not in a press's answer; until then a miss searches the sections."""
    global _mix
    if _mix is None and _f is None and _s:
        _mix = _index(_s)


def _find(sections, key):
    """key's text from a module table; None if none."""
    if _mix is None or sections is not _s:
        pat = "\n" + key + "="
        for s in sections:
            i = s.find(pat)
            if i >= 0:
                i += len(pat)
                return s[i:s.find("\n", i)]
        return None
    st, ent, views = _mix
    kb = key.encode()
    n = len(kb)
    b = 2 * (hash(kb) & (BUCKETS - 1))
    for m in range(5 * (st[b] << 8 | st[b + 1]), 5 * (st[b + 2] << 8 | st[b + 3]), 5):
        v = views[ent[m]]
        i = ent[m + 1] << 8 | ent[m + 2]
        ln = ent[m + 3] << 8 | ent[m + 4]
        if ln > n and v[i + n] == 61 and v[i:i + n] == kb:   # 61: "="
            return str(v[i + n + 1:i + ln], "utf-8")
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
# score entry (flows/entry.py); e<code>: a refused result, tarock.errors.Refused (its values: w_* and other words)
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


def room(n):
    """Make room for n texts about to be looked up (a screen warmed
    ahead, table.flows.setup.warm): a full cache starts again now rather
    than in the middle of them, which would drop the first ones."""
    if len(_cache) + n > CACHE:
        _cache.clear()


def t(key):
    return get(key, key)


# the plural rule of each language: which of a text's forms (tn()) a
# count takes
def _one(n):     # English, German: one, and the rest
    return 0 if n == 1 else 1


def _fr(n):      # French: 0 and 1 take the singular
    return 0 if n < 2 else 1


def _sl(n):      # Slovenian, by the last two digits: 1 ednina, 2 dvojina,
    n %= 100     # 3-4 množina, the rest (0, 5+) the genitive plural
    return 0 if n == 1 else 1 if n == 2 else 2 if n in (3, 4) else 3


PLURAL = {"en": _one, "de": _one, "fr": _fr, "sl": _sl}


def tn(key, n):
    """key's text for the count n, to fill with it: the form of the text
    (forms apart by "|": "%d Spiel|%d Spiele") the language's plural rule
    picks, the last one when the text has fewer."""
    f = t(key).split("|")
    return f[min(PLURAL[_code](n), len(f) - 1)]  # pyright: ignore[reportArgumentType] (t() set _code)


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
