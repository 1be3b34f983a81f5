# The score sheet's export, one code for the host tool and the device: the
# JSON (host_tools/sheet/sheet.py's module doc says what it holds) and the CSV,
# written in pieces so that the board's web server (web/server.py) streams
# them without holding the whole text: a journal of an evening is tens of KB,
# the board's heap about 160 KB.
#
# Byte for byte what CPython writes with json.dumps(doc, ensure_ascii=False,
# indent=1, sort_keys=True) and csv.writer(lineterminator="\r\n"): MicroPython
# has neither indent nor csv, and its dicts keep no order, so keys are sorted
# (tests/host/test_web_export.py compares the two, and the device's export
# with the host tool's on the unix port).
#
#   json_chunks(sheet, store, name="sheet.tbj", exported=None)  -> str pieces
#   view_chunks(sheet)         -> the page's view: no records, histories brief, compact
#   csv_chunks(sheet)                                           -> str pieces, one a row
#   party_json(sheet, party), player_totals(sheet), iso(w), storage(store, name)
import time
from binascii import hexlify

from table.sheet.journal import FRAMING, MAGIC, Journal, frame

NAME = "sheet.tbj"
# the files of a board's storage the export carries: (its key in the export,
# what the file name adds to the journal's)
FILES = (("journal", ""), ("archive", ".arc"), ("quarantine", ".bad"))
KEYS = {"journal": "records", "archive": "archive", "quarantine": "quarantine"}
_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
        "\b": "\\b", "\f": "\\f"}


def _str(s):
    if '"' not in s and "\\" not in s and (not s or min(s) >= " "):
        return '"' + s + '"'     # (most: min() runs in C, a loop here would not)
    out = ['"']
    for c in s:
        e = _ESC.get(c)
        if e is None and c < " ":
            e = "\\u%04x" % ord(c)
        out.append(e or c)
    out.append('"')
    return "".join(out)


class Lazy:
    """A JSON array whose items a function yields when it is written (the
    journal's records: one at a time off the flash)."""

    def __init__(self, fn, *args):
        self.fn = fn
        self.args = args


class Later(Lazy):
    """A value a function gives when it is written."""


# an item a Lazy array's function yields to give the writer's caller a turn
# (a long scan between two items), not written
SKIP = object()


def chunks(v, ind=0):
    """v as JSON text (indent 1, keys sorted), in pieces; ind -1: compact
    (no white space: json.dumps' separators=(",", ":"))."""
    if isinstance(v, Later):
        v = v.fn(*v.args)
    compact = ind < 0
    pad = "" if compact else "\n" + " " * (ind + 1)
    end = "" if compact else "\n" + " " * ind
    deeper = -1 if compact else ind + 1
    if isinstance(v, dict):
        if not v:
            yield "{}"
            return
        sep = "{"
        for k in sorted(v):
            yield sep + pad + _str(k) + (":" if compact else ": ")
            yield from chunks(v[k], deeper)
            sep = ","
        yield end + "}"
    elif isinstance(v, (list, tuple, Lazy)):
        sep = "["
        for x in (v.fn(*v.args) if isinstance(v, Lazy) else v):
            if x is SKIP:
                yield ""
                continue
            yield sep + pad
            yield from chunks(x, deeper)
            sep = ","
        yield "[]" if sep == "[" else end + "]"
    else:
        yield _scalar(v)


def _scalar(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, str):
        return _str(v)
    return repr(v) if isinstance(v, float) else str(v)   # (a journal holds no NaN)


def dumps(v):
    return "".join(chunks(v))


def iso(w):
    """A record's "w" (seconds on the board's clock, epoch 1970, UTC) as ISO
    8601 date and time; "" when the record has none or it is not a time."""
    if not isinstance(w, (int, float)) or isinstance(w, bool):
        return ""
    try:
        t = time.gmtime(int(w))
    except (ValueError, OverflowError, OSError, TypeError):
        return ""
    if not 1 <= t[0] <= 9999:
        return ""
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % t[:6]


def _contract_name(pa, s):
    """The contract's name from a summary dict; "" for a family whose
    summaries name none (Bavarian: a declarer and a target)."""
    if "contract" not in s:
        return ""
    c = pa.profile.get("contracts", {}).get(s["contract"])
    return c["name"] if c else str(s["contract"])


def party_json(sh, pa, brief=False):
    """A party as the export has it, its deals and history made one at a
    time as they are written (a press waits for one deal, not a party);
    brief: the history without each entry's summary (the deals hold the
    standing ones: the page's view)."""
    d = {"profile": pa.profile_name, "family": pa.family,
         "players": [sh.players.get(p, "?") for p in pa.players],
         "date": iso(pa.when), "totals": list(pa.totals()),
         "dealer": pa.dealer0, "creator": pa.creator, "end": pa.end,
         "deals": Lazy(_deals, sh, pa), "history": Lazy(_history, sh, pa, brief),
         "summary": Later(sh.end_summary, pa)}
    if pa.tn is not None:   # a tournament round: its identity, its round records
        d["tournament"] = {"tn": pa.tn, "rounds": pa.rounds,
                           "signed": sorted(pa.signed), "why": pa.why}
    return d



def _deals(sh, pa):
    for k in range(pa.n_deals):
        d = {"deal": k + 1, "dealer": pa.dealer_of(k), "seats": pa.seats_of(k),
             "deltas": pa.deltas_of(k)}
        if k in pa.lost:
            d["lost"] = True
            yield d
            continue
        d["kontra"] = pa.kontra_of(k)
        try:
            d["summary"] = pa.scorer.summary_to_dict(sh.summary_of(k, pa))
            d["contract"] = _contract_name(pa, d["summary"])
        except (ValueError, KeyError, TypeError) as e:
            d["summary"] = None
            d["error"] = str(e)
        if k in pa.disputed:
            d["disputed"] = pa.disputed[k]
        yield d


def _history(sh, pa, brief):
    for h in sh.history_of(party=pa):
        h["deal"] += 1
        h["date"] = iso(h.get("when"))
        if brief:
            h.pop("summary", None)
        yield h


def player_totals(sh):
    """{player name: summed total over the journal's parties}."""
    out = {}
    for pa in sh.parties:
        tot = pa.totals()
        for i, p in enumerate(pa.players):
            name = sh.players.get(p, "?")
            out[name] = out.get(name, 0) + tot[i]
    return out


def _file(store, name, ext):
    """(Journal of one of the storage's files, whether it is there)."""
    j = Journal(store, name + ext)
    return j, store.size(j.name) > 0 and j.read_bytes(0, len(MAGIC)) == MAGIC


def _records(store, name, ext, notes):
    """What one file holds as records, its preamble first (scan skips it)."""
    j, magic = _file(store, name, ext)
    if magic:
        yield {"t": "tbj", "f": FRAMING}
    for off, rec in j.scan():
        if notes is not None:
            data = frame(rec)
            if j.read_bytes(off, len(data)) != data:
                notes.append("%s: the record at %d is not framed as this firmware frames it: "
                             "an import writes it anew" % (j.name, off))
        yield rec


def _damaged(store, name):
    for key, ext in FILES:
        j = _file(store, name, ext)[0]
        for _ in j.scan():
            yield SKIP      # (the whole journal read before its first item)
        for off, n, why in j.bad:
            yield {"file": key, "at": off, "why": why,
                   "hex": hexlify(j.read_bytes(off, n)).decode()}


def storage(store, name=NAME, notes=None):
    """What the three files hold, as they are (not as the sheet, which
    salvages damage, leaves them): {"records", "archive", "quarantine",
    "damaged"}, each read off the store when the export is written. A
    damaged region is kept as its bytes at its offset, so that the
    archive's index offsets still point right after an import. notes (a
    list): records this firmware would frame otherwise (an import writes
    them anew, so what follows them moves)."""
    out = {"damaged": Lazy(_damaged, store, name)}
    for key, ext in FILES:
        out[KEYS[key]] = Lazy(_records, store, name, ext, notes)
    return out


def _archived(sh, brief):
    """The archived parties: each index record, and the whole party when
    the archive beside the journal holds it (one party in memory at a time)."""
    arc = sh.journal.store.size(sh.journal.name + ".arc") > 0
    for i, rec in enumerate(sh.archived_records()):
        out = dict(rec)
        a = sh.open_archived(i) if arc else None
        if a is not None and a.party is not None:
            out["party"] = party_json(a, a.party, brief)
        yield out


def _parties(sh, brief):
    for pa in sh.parties:
        yield party_json(sh, pa, brief)


def doc(sh, held, exported=None, brief=False):
    """The export as one dict (its big lists read when written); brief: the
    parties' histories without summaries (party_json)."""
    out = {"format": "tarockbox-sheet", "version": 2, "report": sh.report,
           "player_totals": player_totals(sh),
           "players": {str(k): sh.players[k] for k in sh.players},
           "ratings": {str(k): v for k, v in sh.ratings().items()},
           "archived": Lazy(_archived, sh, brief), "parties": Lazy(_parties, sh, brief)}
    if exported:
        out["exported"] = exported
    out.update(held)
    return out


def json_chunks(sh, store, name=NAME, exported=None, notes=None):
    """The JSON export of the sheet sh opened from `store`, in pieces;
    exported: the time of the export as ISO text, or None (the same storage,
    the same bytes)."""
    yield from chunks(doc(sh, storage(store, name, notes), exported))


def view_chunks(sh, clock=""):
    """What the phones' page draws: the export without the storage's
    records (the backup the download gives), the histories without the
    summaries the deals hold, and no white space: a quarter of its bytes;
    "clock": where the records' times of day come from (web/clock.py's
    source: "ntp", "page" or "")."""
    d = doc(sh, {}, None, True)
    d["clock"] = clock
    yield from chunks(d, -1)


def _rounds(sh):
    """The tournament parties, archived ones first (one in memory at a time)."""
    arc = sh.journal.store.size(sh.journal.name + ".arc") > 0
    for i, rec in enumerate(sh.archived_records()):
        if "tn" in rec and arc:
            a = sh.open_archived(i)
            if a is not None and a.party is not None:
                yield party_json(a, a.party)
    for pa in sh.parties:
        if pa.tn is not None:
            yield party_json(sh, pa)


def round_chunks(sh, dev):
    """/round.json: this board's tournament rounds for the director's tool
    (host_tools/tournament/collect.py fetches it), in pieces."""
    yield from chunks({"t": "tarockbox-round", "v": 1, "dev": dev, "parties": Lazy(_rounds, sh)},
                      -1)   # (no white space: half the bytes over the radio)


CSV_HEAD = (["party", "entry", "kind", "status", "deal", "dealer", "contract", "declarer",
             "points"] + ["d%d" % i for i in range(5)] + ["t%d" % i for i in range(5)]
            + ["when"])


def decl_points(pa, s):
    """The CSV's points: the declarer's card points (a French taker's, a
    Bavarian declarer's eyes) as played or entered, "" when nobody counted
    them: a Königrufen game entered as won / lost keeps a stand-in 36 / 35
    in decl_thirds (the journal's meaning unchanged: no card counted, no
    thirds per player), a negative game or Klop entered has none."""
    if s.get("redeal"):
        return ""
    if pa.family == "french":
        h = s.get("halves", 0)
        return "%d%s" % (h // 2, ".5" if h & 1 else "")
    if pa.family == "bavarian":
        return s.get("decl_eyes", 0)
    if "contract" not in s:
        return ""
    from tarock import families
    kind = families.module(pa.family, "profiles").contract(pa.profile, s["contract"])["kind"]
    # Slovenian entries take the points; Königrufen's ask won or lost
    entered = pa.family == "slovenian" and kind == "pos"
    if kind in ("trisch", "klop", "open2"):
        return ""   # no declarer: each player's points are the deal's own
    return (s.get("decl_thirds", 0) + 1) // 3 if entered or any(s.get("thirds") or []) else ""


def _cell(v):
    """One CSV field as csv.writer's QUOTE_MINIMAL writes it."""
    s = "" if v is None else str(v)
    for c in s:
        if c in ',"\r\n':
            return '"' + s.replace('"', '""') + '"'
    return s


def _row(cells):
    return ",".join([_cell(c) for c in cells]) + "\r\n"


def csv_chunks(sh):
    """The CSV text (host_tools/sheet/sheet.py's module doc says what it
    holds), a row at a time; rows end in CRLF as spreadsheets expect (a
    file of it starts with a UTF-8 BOM, which is not among the rows)."""
    yield _row(CSV_HEAD)
    for pi, pa in enumerate(sh.parties):
        name = sh.players.get
        gap = [""] * (5 - pa.n)
        yield _row([pi + 1, "", "players", "", "", "", pa.profile_name, "", ""]
                   + [name(p, "?") for p in pa.players] + gap + [""] * 5 + [iso(pa.when)])
        cur = {}
        for h in sh.history_of(party=pa):
            s = h["summary"] or {}
            k = h["deal"]
            if h["status"] == "final":
                cur[k] = h["deltas"]
            tot = [0] * pa.n
            for d in cur.values():
                for i in range(pa.n):
                    tot[i] += d[i]
            seats = pa.seats_of(k)
            decl = s.get("declarer", -1)
            kind = "delete" if h.get("deleted") else h["kind"]   # a correction deleting it
            yield _row([pi + 1, h["seq"] + 1, kind, h["status"], k + 1, pa.dealer_of(k),
                        _contract_name(pa, s),
                        name(pa.players[seats[decl]], "?") if 0 <= decl < len(seats) else "",
                        decl_points(pa, s)]
                       + (h["deltas"] or [""] * pa.n) + gap + tot + gap + [iso(h.get("when"))])
        yield _row([pi + 1, "", "total", "", "", "", "", "", ""] + [""] * 5
                   + list(pa.totals()) + gap + [""])
        end = sh.end_summary(pa)
        if "radelci" in end:   # Slovenian radelci held at the end, per seat
            yield _row([pi + 1, "", "radelci", "", "", "", "", "", ""] + [""] * 5
                       + end["radelci"] + gap + [""])
        m = end.get("money")
        if m:   # who pays whom: payer in "declarer", payee in "contract", cents in "points"
            bal = [0] * pa.n
            for a, b, x in m["pays"]:
                bal[a] -= x
                bal[b] += x
                yield _row([pi + 1, "", "pays", "", "", "", name(pa.players[b], "?"),
                            name(pa.players[a], "?"), x] + [""] * 11)
            yield _row([pi + 1, "", "money", "", "", "", m["currency"], "",
                        m["cents_per_point"]] + [""] * 5 + bal + gap + [""])
    tot = player_totals(sh)
    for n in sorted(tot, key=lambda n: (-tot[n], n)):
        yield _row(["all", "", "player total", "", "", "", "", n, ""] + [""] * 5
                   + [tot[n]] + [""] * 5)
