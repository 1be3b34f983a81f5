# The table code (issue 39 item 3): what a tournament's table file fixes,
# but the players' names and start numbers, as 15 characters a seat types
# on the setup screen when no computer is at hand ("B440-081W-RKKW-X0T").
# Alphabet: Crockford's base32 digits (https://www.crockford.com/base32.html:
# no I L O U; read back, I and L are 1, O is 0, case ignored).
# 14 data characters are 70 bits, the most significant first:
#   1 reserved (0: a code of a later layout is refused, tc_range)
#  16 event tag: crc32(ev) & 0xFFFF (the collector tells a foreign event)
#   4 round - 1   7 table - 1   4 preset (index into PRESETS)
#   6 games - 1   7 minutes / 5   1 kc
#   4 players and first dealer: n*(n-1)/2 - 3 + dl (3: 0..2, 4: 3..6, 5: 7..11)
#  20 the code's own key, 5 hex digits (key_of_code): the director's tool
#     derives it apart from the table file's key (event.code_key), so a
#     table page's printed code tells nothing of the file's 64-bit key
# then a check character c: the 15 digits d as a polynomial over GF(32)
# (x^5 = x^2 + 1) vanish at x, sum d_i x^(14-i) = 0. Any single wrong
# character changes it by e*x^j != 0, a swap of neighbours a, b by
# (a+b)*x^j*(x+1) != 0: both always found (as Damm's check with the
# quasigroup a*b = xa + b: H. M. Damm, Total anti-symmetrische
# Quasigruppen, 2004; https://en.wikipedia.org/wiki/Damm_algorithm).
# On the chip every step stays below 24 bits (small ints); evtag() uses
# a 32-bit crc32 and is the director's tool's (the chip only decodes).

A = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
N = 15          # characters of a code, the check character last
# the built-in presets by number: the order is fixed forever (a new preset
# only goes at the end; at most 16)
PRESETS = ("koenigrufen/tarockcup", "koenigrufen/tarockcup_austria", "koenigrufen/pagat",
           "slovenian/standard", "slovenian/play-tarock-online",
           "slovenian/play-tarock-online-open2", "french/fft", "french/1000",
           "french/maison", "french/strohmann", "bavarian/standard", "bavarian/announced")
_W = (1, 16, 4, 7, 4, 6, 7, 1, 4, 20)   # the fields' bits, as above


def evtag(ev):
    from table.sheet.journal import crc32
    return crc32(ev.encode()) & 0xFFFF


def key_of_code(k):
    """The table key a typed code gives the device, as a table file's 16
    hex digits: the code key's five, then zeros (the director's tool
    verifies a typed table's round with it; a key of that form is its own)."""
    return k[:5].lower() + "00000000000"


def _x(s):
    s <<= 1
    return s ^ 0x25 if s & 32 else s


def _sum(ds):
    s = 0
    for d in ds:
        s = _x(s) ^ d
    return s


def group(s):
    """s in groups of 4 apart by '-'."""
    return "-".join([s[i:i + 4] for i in range(0, len(s), 4)])


def encode(t):
    """The code (grouped) of a table file's dict t ("evtag" or "ev"; "n"
    or "pl"); ValueError("tc_range") for a value the code cannot hold."""
    n = t["n"] if "n" in t else len(t["pl"])
    if t["prof"] not in PRESETS:
        raise ValueError("tc_range")
    vs = (0, t["evtag"] if "evtag" in t else evtag(t["ev"]), t["rd"] - 1, t["tb"] - 1,
          PRESETS.index(t["prof"]), t["g"] - 1, t["min"] // 5, t["kc"],
          n * (n - 1) // 2 - 3 + t["dl"], int(t["k"][:5], 16))
    acc = nb = 0
    ds = []
    for i in range(len(_W)):
        v, w = vs[i], _W[i]
        if not 0 <= v < 1 << w:
            raise ValueError("tc_range")
        acc = acc << w | v
        nb += w
        while nb >= 5:
            nb -= 5
            ds.append(acc >> nb)
            acc &= (1 << nb) - 1
    ds.append(_x(_sum(ds)))
    c = "".join([A[d] for d in ds])
    d = decode(c)
    for k in ("rd", "tb", "g", "min", "kc", "dl"):
        if d[k] != t[k]:
            raise ValueError("tc_range")     # minutes not in 5s, dl not a seat
    return group(c)


def decode(code):
    """The table file's fields a code holds, as a dict (ev, evn, pl absent;
    evtag, n instead); ValueError(lang key): tc_length, tc_check (a wrong
    or unknown character), tc_range (not a table's values)."""
    ds = []
    for ch in code.upper():
        if ch not in "- ":
            ds.append(A.find("0" if ch == "O" else "1" if ch in "IL" else ch))
    if len(ds) != N:
        raise ValueError("tc_length")
    if -1 in ds or _sum(ds):
        raise ValueError("tc_check")
    acc = nb = i = 0
    vs = []
    for w in _W:
        while nb < w:
            acc = acc << 5 | ds[i]
            i += 1
            nb += 5
        nb -= w
        vs.append(acc >> nb)
        acc &= (1 << nb) - 1
    p = vs[8]
    n = 3 if p < 3 else 4 if p < 7 else 5
    if vs[0] or vs[2] > 14 or vs[3] > 98 or vs[4] >= len(PRESETS) or vs[5] > 59 \
            or vs[6] > 120 or p > 11:
        raise ValueError("tc_range")
    return {"evtag": vs[1], "rd": vs[2] + 1, "tb": vs[3] + 1, "prof": PRESETS[vs[4]],
            "g": vs[5] + 1, "min": vs[6] * 5, "kc": vs[7], "n": n,
            "dl": p + 3 - n * (n - 1) // 2, "k": "%05x00000000000" % vs[9]}
