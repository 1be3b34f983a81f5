"""What the director prints for a round, and the table files for the boards.

- the hall list: every player alphabetically, with table and seat;
- a page per table (text, and one self-contained HTML file with a page break
  after each table: printed from any browser, no internet);
- one table file per table (T01.json ...), the format fixed in issue 39
  (copied to a board with `mpremote cp T03.json :tourney.json`): keys t, v,
  ev, evn, rd, tb, prof, g, min, pl, dl, kc, k. Its names are the device's:
  1-8 characters of the name editor's wheel (firmware/table/flows/setup.py
  LETTERS/LOWER and the space) and the digits (the board takes any
  character both screen fonts have: table/sheet/tround.py _name_ok), no two
  alike at the table (case and accents aside); what the wheel lacks is
  transliterated (ł -> l, ø -> o, ć -> c ...).
- the table code, when firmware/table/tcode.py is there (its encode(table
  file dict)); without it no code is printed.

Seats are printed 1-based (Platz 1 is the device's seat 0, clockwise).
"""

import ast
import functools
import html
import json
import os
import re
import sys
import unicodedata

import event as E

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETUP = os.path.join(ROOT, "firmware", "table", "flows", "setup.py")


def _wheel():
    """LETTERS, LOWER and MAX_NAME read from the device's setup flow (parsed,
    not imported: the tool stays out of the firmware's imports)."""
    with open(SETUP, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), SETUP)
    got = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and \
                node.targets[0].id in ("LETTERS", "LOWER", "MAX_NAME"):
            got[node.targets[0].id] = ast.literal_eval(node.value)
    return got["LETTERS"], got["LOWER"], got["MAX_NAME"]


LETTERS, LOWER, MAX_NAME = _wheel()
WHEEL = set(LETTERS) | set(LOWER) | {" "}
# letters NFKD does not take apart
SPECIAL = {"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d",
           "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "þ": "th", "\u0131": "i", "ẞ": "ß"}
TABLE_KEYS = ("t", "v", "ev", "evn", "rd", "tb", "prof", "g", "min", "pl", "dl", "kc", "k")

WORDS = {
    "de": {"hall": "Sitzplan", "round": "Runde", "table": "Tisch", "seat": "Platz",
           "player": "Spieler", "nr": "Nr.", "device": "am Gerät", "dealer": "erster Geber",
           "games": "Spiele", "minutes": "Minuten", "code": "Tischcode", "seed": "Startwert der Auslosung",
           "file": "Datei", "copy": "aufs Gerät",
           "again": "Paare, die sich wieder treffen", "absent": "nicht dabei"},
    "en": {"hall": "Seating", "round": "Round", "table": "Table", "seat": "Seat",
           "player": "Player", "nr": "No.", "device": "on the device", "dealer": "first dealer",
           "games": "games", "minutes": "minutes", "code": "table code", "seed": "draw seed",
           "file": "file", "copy": "to the board",
           "again": "pairs meeting again", "absent": "not playing"},
}


# ---------------------------------------------------------------- names
@functools.cache
def name_chars():
    """What a device name may hold: the wheel's letters and the space, and
    the digits both screen fonts have (table.text; all ten without the
    firmware's fonts at hand)."""
    tx = _firmware("table.text")
    digits = set("0123456789") if tx is None else {
        d for d in "0123456789" if tx.has_glyph(d, tx.SMALL) and tx.has_glyph(d, tx.LARGE)}
    return frozenset(WHEEL | digits)


def translit(text):
    """Only a device name's characters (name_chars): accents the wheel lacks
    taken off, other separators made spaces, the rest left out; spaces
    single."""
    ok = name_chars()
    out = []
    for ch in text:
        if ch in ok:
            out.append(ch)
        elif ch in SPECIAL:
            out.append(SPECIAL[ch])
        elif ch in "-_./'’`,;:" or ch.isspace():
            out.append(" " if ch in "-_./,;:" or ch.isspace() else "")
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                           if not unicodedata.combining(c))
            out.append("".join(c for c in base if c in ok))
    return " ".join("".join(out).split())


def _cap(word):
    """The device's casing: the first letter upper case, the rest lower case
    (by the wheel's own pairs: ß stays ß)."""
    def up(c):
        return LETTERS[LOWER.index(c)] if c in LOWER else c

    def low(c):
        return LOWER[LETTERS.index(c)] if c in LETTERS else c
    return up(word[:1]) + "".join(low(c) for c in word[1:])


def _words(name):
    return [_cap(w) for w in translit(name).split()] or ["X"]


def _fold(name):
    """What makes two device names alike to a reader: case and accents aside
    ("Anna A", "Anna Ä" and "anna a" are one)."""
    return "".join(c for c in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(c)).casefold()


def _first(word):
    """A first word within MAX_NAME: cut at the end, but a number it ends
    with kept ("Spieler12" -> "Spiele12": the number tells players apart)."""
    if len(word) <= MAX_NAME:
        return word
    m = re.match(r"^(\D+)(\d{1,%d})$" % (MAX_NAME - 2), word)
    if m:
        return m.group(1)[:MAX_NAME - len(m.group(2))] + m.group(2)
    return word[:MAX_NAME]


def device_names(names):
    """The device names of the players at one table: each 1-8 characters of
    name_chars(), no two alike (case and accents aside): the first name;
    where two share it, the first name and as many of the surname's letters
    as tell them apart ("Anna G", "Anna H"); what is still alike (the same
    name twice) gets a plain number from 2 on ("Anna", "Anna 2", "Anna 3"),
    or a letter from B on where the name ends in a digit."""
    ws = [_words(n) for n in names]
    first = [_first(w[0]) for w in ws]
    last = [w[-1] if len(w) > 1 else "" for w in ws]
    out = list(first)
    for f in {_fold(x) for x in first}:
        grp = [i for i in range(len(names)) if _fold(first[i]) == f]
        if len(grp) < 2:
            continue
        best = None
        longest = max(len(last[i]) for i in grp)
        for j in range(1, min(longest, MAX_NAME - 2) + 1):
            forms = {}
            for i in grp:
                k = min(len(first[i]), MAX_NAME - 1 - j)
                forms[i] = (first[i][:k] + " " + last[i][:j]).strip()
            n = len({_fold(v) for v in forms.values()})
            if best is None or n > best[0]:
                best = (n, forms)
            if n == len(grp):
                break
        if best and best[0] > 1:    # surname letters that tell nobody apart: left off
            for i in grp:
                out[i] = best[1][i]
    # what is still alike (the same name twice): a plain mark each
    for i in range(len(out)):
        if not any(_fold(out[j]) == _fold(out[i]) for j in range(i)):
            continue
        taken = {_fold(o) for o in out}
        digits = "2" in name_chars() and not out[i][-1:].isdigit()
        marks = [str(k) for k in range(2, 10)] if digits else list("BCDEFGHIJ")
        for m in marks:
            cand = out[i][:MAX_NAME - 1 - len(m)].rstrip() + " " + m
            if _fold(cand) not in taken:
                out[i] = cand
                break
    return out


# ---------------------------------------------------------------- table files
def table_file(e, rd, t):
    """The table file of table t (a seating entry) in round rd."""
    f = e["format"]
    pb = E.players_by_nr(e)
    nms = device_names([pb[nr]["name"] for nr in t["nr"]])
    return {"t": "tarockbox-table", "v": 1, "ev": e["ev"],
            "evn": screen_text(e["title"], E.TITLE_MAX) or e["ev"],
            "rd": rd, "tb": t["tb"], "prof": f["prof"],
            "g": E.games_at(e, len(t["nr"])), "min": f["minutes"],
            "pl": [{"nr": nr, "nm": nm} for nr, nm in zip(t["nr"], nms)],
            "dl": t["dl"], "kc": f["kc"],
            "k": E.table_key(e["secret"], e["ev"], rd, t["tb"])}


def check_table_file(d):
    """The problems of a table file (what the device would refuse), as lines."""
    bad = []
    if not isinstance(d, dict) or sorted(d) != sorted(TABLE_KEYS):
        return ["keys %s, want %s" % (sorted(d) if isinstance(d, dict) else d, list(TABLE_KEYS))]

    def whole(k, lo, hi):
        v = d[k]
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            bad.append("%s %r: %d..%d" % (k, v, lo, hi))
    if d["t"] != "tarockbox-table" or d["v"] != 1:
        bad.append("t/v %r/%r" % (d["t"], d["v"]))
    if not isinstance(d["ev"], str) or not E.EV_RE.match(d["ev"]):
        bad.append("ev %r" % d["ev"])
    if not isinstance(d["evn"], str) or not 0 < len(d["evn"]) <= E.TITLE_MAX:
        bad.append("evn %r" % d["evn"])
    whole("rd", 1, E.ROUNDS_MAX)
    whole("tb", 1, E.TABLES_MAX)
    whole("g", 1, 60)
    whole("min", 0, 600)
    whole("kc", 0, 1)
    if not isinstance(d["prof"], str) or "/" not in d["prof"]:
        bad.append("prof %r" % d["prof"])
    pl = d["pl"]
    if not isinstance(pl, list) or not 3 <= len(pl) <= 5:
        bad.append("pl: 3, 4 or 5 players")
        return bad
    whole("dl", 0, len(pl) - 1)
    nrs, nms = [], []
    for p in pl:
        if not isinstance(p, dict) or sorted(p) != ["nm", "nr"]:
            bad.append("pl entry %r" % (p,))
            continue
        if not isinstance(p["nr"], int) or not 1 <= p["nr"] <= E.NR_MAX:
            bad.append("nr %r" % p["nr"])
        nm = p["nm"]
        if not isinstance(nm, str) or not 1 <= len(nm) <= MAX_NAME or \
                any(c not in name_chars() for c in nm) or nm != " ".join(nm.split()):
            bad.append("nm %r: 1-%d characters of the wheel or digits" % (nm, MAX_NAME))
        nrs.append(p["nr"])
        nms.append(_fold(str(nm)))
    if len(set(nrs)) != len(nrs):
        bad.append("a start number twice at the table")
    if len(set(nms)) != len(nms):
        bad.append("a name twice at the table (case and accents aside)")
    if not isinstance(d["k"], str) or len(d["k"]) != 16 or \
            any(c not in "0123456789abcdef" for c in d["k"]):
        bad.append("k %r: 16 lowercase hex digits" % d["k"])
    return bad


def _firmware(name):
    """A firmware module (table.sheet.tround, table.text) imported on the
    host as the sheet tool does (firmware/ and the framebuf stand-in on the
    path), or None when this checkout does not have it."""
    import importlib
    fw = os.path.join(ROOT, "firmware")
    if not os.path.exists(os.path.join(fw, *name.split(".")) + ".py"):
        return None
    for p in (os.path.join(ROOT, "host_tools", "lib", "hostlib"), fw):
        if p not in sys.path:
            sys.path.insert(0, p)
    return importlib.import_module(name)


def board_check(tf):
    """What the board says of the table file (table.sheet.tround.check, the
    check the setup screen makes): None when it takes it (or this checkout's
    firmware has no such check yet), else its one line."""
    tr = _firmware("table.sheet.tround")
    if tr is None or not hasattr(tr, "check"):
        return None
    try:
        tr.check(json.loads(json.dumps(tf)))
    except ValueError as x:
        return str(x)
    return None


def screen_text(text, most):
    """The event title as the board can show it: only characters both of
    its screen fonts have (table.text), at most `most`, no spaces at the
    ends; without the firmware's fonts, the wheel's letters, digits and
    common signs."""
    tx = _firmware("table.text")

    def ok(c):
        if tx is not None:
            return tx.has_glyph(c, tx.SMALL) and tx.has_glyph(c, tx.LARGE)
        return c in WHEEL or c.isdigit() or c in "-.,:;!?()/&+'"
    out = "".join(c if ok(c) else (translit(c) or " ") for c in text)
    return " ".join(out.split())[:most].strip()


def table_code(tf, key):
    """The short code typed on a seat's menu (table/tcode.py) for table
    file tf, carrying the code's own key (event.code_key), never the
    file's; None for a table the code cannot hold."""
    fw = os.path.join(ROOT, "firmware")
    if not os.path.exists(os.path.join(fw, "table", "tcode.py")):
        return None
    if fw not in sys.path:
        sys.path.insert(0, fw)
    from table import tcode  # pyright: ignore[reportAttributeAccessIssue]
    try:
        return tcode.encode(dict(tf, k=key))
    except ValueError:       # a value the code cannot hold (tcode says which): no code
        return None


# ---------------------------------------------------------------- pages
def _sortkey(name):
    return ("".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c)).casefold(), name)


def _round(e, rd):
    r = e["rounds"].get(str(rd))
    if not r:
        raise E.EventError("round %d is not drawn yet (tournament.py draw ... --round %d)"
                           % (rd, rd))
    return r


def hall_list(e, rd):
    """[(name, nr, table, seat 1-based)] alphabetically."""
    pb = E.players_by_nr(e)
    rows = [(pb[nr]["name"], nr, t["tb"], s + 1)
            for t in _round(e, rd)["tables"] for s, nr in enumerate(t["nr"])]
    return sorted(rows, key=lambda r: _sortkey(r[0]))


def hall_text(e, rd):
    w = WORDS[e.get("lang", "de")]
    rows = hall_list(e, rd)
    wn = max(len(w["player"]), *(len(r[0]) for r in rows))
    out = ["%s — %s %d — %s" % (e["title"], w["round"], rd, w["hall"]), ""]
    out.append("%-*s  %5s  %6s  %5s" % (wn, w["player"], w["nr"], w["table"], w["seat"]))
    for name, nr, tb, seat in rows:
        out.append("%-*s  %5d  %6d  %5d" % (wn, name, nr, tb, seat))
    return "\n".join(out) + "\n"


def table_text(e, rd, t, tf, code=None):
    w = WORDS[e.get("lang", "de")]
    pb = E.players_by_nr(e)
    out = ["%s — %s %d — %s %d" % (e["title"], w["round"], rd, w["table"], t["tb"]), ""]
    wn = max(len(pb[nr]["name"]) for nr in t["nr"])
    for s, (nr, p) in enumerate(zip(t["nr"], tf["pl"])):
        mark = "  <- %s" % w["dealer"] if s == t["dl"] else ""
        out.append("%s %d: %-*s  (%s %d, %s: %s)%s" % (w["seat"], s + 1, wn, pb[nr]["name"],
                                                      w["nr"], nr, w["device"], p["nm"], mark))
    out.append("")
    out.append("%d %s, %d %s" % (tf["g"], w["games"], tf["min"], w["minutes"]))
    if code:
        out.append("%s: %s" % (w["code"], code))
    out.append("%s: T%02d.json (%s: mpremote cp T%02d.json :tourney.json)"
               % (w["file"], t["tb"], w["copy"], t["tb"]))
    return "\n".join(out) + "\n"


CSS = """body{font-family:sans-serif;font-size:14pt;margin:1.5em}
h1{font-size:20pt}h2{font-size:28pt;margin:0 0 .4em}
table{border-collapse:collapse}td,th{padding:.25em .8em;border-bottom:1px solid #999;text-align:left}
td.n{text-align:right}.page{break-after:page;page-break-after:always}
.big{font-size:22pt}.big td{white-space:nowrap}.code{font-family:monospace;font-size:26pt}"""


def pages_html(e, rd, files, codes):
    """One HTML file: the hall list, then a page per table."""
    w = WORDS[e.get("lang", "de")]
    esc = html.escape
    pb = E.players_by_nr(e)
    r = _round(e, rd)
    head = "%s — %s %d" % (e["title"], w["round"], rd)
    out = ["<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'><title>%s</title>"
           "<style>%s</style></head><body>" % (e.get("lang", "de"), esc(head), CSS)]
    out.append("<div class='page'><h1>%s — %s</h1><table><tr><th>%s</th><th>%s</th>"
               "<th>%s</th><th>%s</th></tr>" % (esc(head), esc(w["hall"]), esc(w["player"]),
                                                esc(w["nr"]), esc(w["table"]), esc(w["seat"])))
    for name, nr, tb, seat in hall_list(e, rd):
        out.append("<tr><td>%s</td><td class=n>%d</td><td class=n>%d</td><td class=n>%d</td></tr>"
                   % (esc(name), nr, tb, seat))
    out.append("</table><p>%s: %d (%s)</p></div>" % (esc(w["seed"]), r["seed"], esc(r["method"])))
    for t in r["tables"]:
        tf = files[t["tb"]]
        out.append("<div class='page'><h1>%s</h1><h2>%s %d</h2><table class='big'>"
                   % (esc(head), esc(w["table"]), t["tb"]))
        for s, (nr, p) in enumerate(zip(t["nr"], tf["pl"])):
            mark = " — %s" % w["dealer"] if s == t["dl"] else ""
            out.append("<tr><td>%s %d</td><td>%s</td><td class=n>%d</td><td>%s: %s%s</td></tr>"
                       % (esc(w["seat"]), s + 1, esc(pb[nr]["name"]), nr, esc(w["device"]),
                          esc(p["nm"]), esc(mark)))
        out.append("</table><p class='big'>%d %s, %d %s</p>"
                   % (tf["g"], esc(w["games"]), tf["min"], esc(w["minutes"])))
        if codes.get(t["tb"]):
            out.append("<p>%s: <span class='code'>%s</span></p>"
                       % (esc(w["code"]), esc(str(codes[t["tb"]]))))
        out.append("<p>%s: T%02d.json</p></div>" % (esc(w["file"]), t["tb"]))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def outputs(e, rd):
    """{file name: text} of everything `print` writes for round rd."""
    r = _round(e, rd)
    files, codes, out = {}, {}, {}
    for t in r["tables"]:
        tf = table_file(e, rd, t)
        bad = check_table_file(tf)
        why = board_check(tf)
        if why:
            bad.append("the board would refuse it: %s" % why)
        if bad:
            raise E.EventError("table %d: %s" % (t["tb"], "; ".join(bad)))
        files[t["tb"]] = tf
        codes[t["tb"]] = table_code(tf, E.code_key(e["secret"], e["ev"], rd, t["tb"]))
        out["T%02d.json" % t["tb"]] = json.dumps(tf, ensure_ascii=False, separators=(",", ":")) + "\n"
    out["hall.txt"] = hall_text(e, rd)
    out["tables.txt"] = "\f\n".join(table_text(e, rd, t, files[t["tb"]], codes[t["tb"]])
                                    for t in r["tables"])
    out["round%d.html" % rd] = pages_html(e, rd, files, codes)
    return out
