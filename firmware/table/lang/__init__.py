# The screens' words as data, one table a language: english.py, deutsch.py,
# slovenscina.py, francais.py, each a tuple S of str of lines key=text (a key is a
# short English id; a text may hold %s/%d, filled by the caller). Only the
# active language is loaded: use() drops the one before, so one table is in
# RAM, and of it only the texts the screens asked for as objects, kept in a
# small cache (a dict of 420 str would take some 20 KB of a 32-bit board's
# heap; host_tools/bench/bench_app.py). Where a text is found on first use:
# - frozen or in a ROMFS image: in the split form host_tools/build/build.py
#   (lang_split) makes of the sources for it, whose bytes are constants in
#   flash there: table/lang/keys.py's K, the keys once, one a line, and each
#   language module's T, its texts in the same order, text m of a section
#   after the byte m (the keys in every table took ~14 KB of the image): a
#   key's line in K is its text's in T (K searched for "\nkey\n" until
#   prepare() indexes the keys);
# - from the sources (CPython, host tools, the tests): the module's S;
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
#               language's plural rule (plural(): Slovenian has four forms)
#   seq(key)    a text of words apart by spaces as a tuple (card letters:
#               indexing a tuple makes no str per card)
#   code()      the active language's code
#   prepare()   index the active split table's keys (a miss then compares a
#               key or two, not ~1.5 ms of search): once the screens are drawn
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
_MARK = bytes(range(32))   # a split section's text m follows the byte m

_code = None
_s = ()
_k = None       # the split form's keys (keys.K), or None: _s is key=text
_f = None       # the open .txt table, or None: the module's S is used
_ix = None      # its index (_open)
_cache = {}
_seqs = {}
_mix = None     # the split table's index (_index), built by prepare()
_ABSENT = object()  # type: str  # pyright: ignore[reportAssignmentType] (a sentinel, never returned: the mark of a key the table lacks)


def _load(code):
    """(sections, keys) of a language's module: its S and None (the
    sources), or its T and keys.K (the split form)."""
    if code not in MODULES:
        raise ValueError("no such language: %r (one of %s)" % (code, ", ".join(CODES)))
    m = __import__("table.lang." + MODULES[code], None, None, ("S",))
    t = getattr(m, "T", None)
    if t is None:
        return m.S, None
    return t, __import__("table.lang.keys", None, None, ("K",)).K


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


def _index(keys, texts):
    """Where each key of a split table is: (bucket starts, entries), a
    key's bucket hash of its UTF-8 bytes & 127, an entry 5 bytes (its
    section, the byte offsets of its line in K's section and of its text
    in T's), in table order within a bucket. A miss then compares a key or
    two instead of searching every section (~50 ms an entry screen's first
    words on a 125 MHz RP2040 before)."""
    n = 0
    for s in keys:
        n += s.count(b"\n") - 1
    where = bytearray(6 * n)            # bucket, then the entry
    count = bytearray(2 * BUCKETS + 2)  # 16-bit counts, then starts
    n = 0
    for j in range(len(keys)):
        s = keys[j]
        t = texts[j]
        i = 1
        a = 1
        m = 0
        while i < len(s):
            e = s.find(b"\n", i)
            h = hash(s[i:e]) & (BUCKETS - 1)
            w = 6 * n
            where[w] = h
            where[w + 1] = j
            where[w + 2] = i >> 8
            where[w + 3] = i & 0xFF
            where[w + 4] = a >> 8
            where[w + 5] = a & 0xFF
            c = (count[2 * h] << 8 | count[2 * h + 1]) + 1
            count[2 * h] = c >> 8
            count[2 * h + 1] = c & 0xFF
            n += 1
            i = e + 1
            m += 1
            a = t.find(_MARK[m:m + 1], a) + 1
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
    return count, ent, keys, texts


def prepare():
    """Index the active split table (_index) if it has none: ~100 ms on
    the chip, so the app calls this once its screens are drawn (App.settled),
    not in a press's answer; until then a miss searches the keys."""
    global _mix
    if _mix is None and _k is not None:
        _mix = _index(_k, _s)


def _find(key):
    """key's text from the active module table; None if none."""
    if _k is None:                      # key=text lines (the sources)
        pat = "\n" + key + "="
        for s in _s:
            i = s.find(pat)
            if i >= 0:
                i += len(pat)
                return s[i:s.find("\n", i)]
        return None
    kb = key.encode()
    if _mix is None:                    # the key's line m: text m
        pat = b"\n" + kb + b"\n"
        j = 0
        for s in _k:
            i = s.find(pat)
            if i >= 0:
                t = _s[j]
                m = s.count(b"\n", 0, i)
                a = t.find(_MARK[m:m + 1]) + 1
                return str(t[a:t.find(_MARK[m + 1:m + 2], a)], "utf-8")
            j += 1
        return None
    st, ent, ks, ts = _mix
    b = 2 * (hash(kb) & (BUCKETS - 1))
    kb += b"\n"
    for m in range(5 * (st[b] << 8 | st[b + 1]), 5 * (st[b + 2] << 8 | st[b + 3]), 5):
        if ks[ent[m]].startswith(kb, ent[m + 1] << 8 | ent[m + 2]):
            t = ts[ent[m]]
            a = ent[m + 3] << 8 | ent[m + 4]
            m = t[a - 1] + 1
            return str(t[a:t.find(_MARK[m:m + 1], a)], "utf-8")
    return None


def use(code):
    global _code, _s, _k, _cache, _seqs, _f, _ix, _mix
    if code == _code:
        return
    if code not in MODULES:
        _load(code)                     # its error
    _close()
    d = _where()
    got = _open(d + "/" + MODULES[code] + ".txt") if d is not None else None
    if got is None:
        _s, _k = _load(code)
    else:
        _f, _ix = got
        _s, _k = (), None
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
    global _s, _k, _mix
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
                _s, _k = _load(_code)
                _mix = None
        if _f is None:
            v = _find(key)
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


def plural(n):
    """Which of a text's forms (tn()) the count n takes in the active
    language: English, German one and the rest; French 0 and 1 the
    singular; Slovenian by the last two digits, 1 ednina, 2 dvojina, 3-4
    množina, the rest (0, 5+) the genitive plural. (One function, not one
    a language in a dict: the board's heap holds neither.)"""
    c = _code
    if c == "sl":
        n %= 100
        return 0 if n == 1 else 1 if n == 2 else 2 if n in (3, 4) else 3
    return 0 if (n < 2 if c == "fr" else n == 1) else 1


def tn(key, n):
    """key's text for the count n, to fill with it: the form of the text
    (forms apart by "|": "%d Spiel|%d Spiele") the language's plural rule
    picks, the last one when the text has fewer."""
    f = t(key).split("|")
    return f[min(plural(n), len(f) - 1)]  # pyright: ignore[reportArgumentType] (t() set _code)


def seq(key):
    v = _seqs.get(key)
    if v is None:
        v = tuple(get(key, key).split(" "))
        _seqs[key] = v
    return v


def table(code):
    """{key: text} of a language (its module loaded for this; host side)."""
    out = {}
    s, k = _load(code)
    if k is not None:
        for j in range(len(k)):
            m = 0
            for key in k[j].split(b"\n")[1:-1]:
                a = s[j].find(_MARK[m:m + 1]) + 1
                m += 1
                out[str(key, "utf-8")] = str(s[j][a:s[j].find(_MARK[m:m + 1], a)], "utf-8")
        return out
    for s in s:
        for line in s.split("\n"):
            k = line.find("=")
            if line and line[0] != "#" and k > 0:
                out[line[:k]] = line[k + 1:]
    return out
