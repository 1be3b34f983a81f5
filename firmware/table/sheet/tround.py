# A tournament round at one table (issue 39 "Tournaments"): the table file
# the director's tool writes for it, the digest of its deals, and the round
# record the board writes once every seat has signed. The director's tool
# (host_tools/tournament/collect.py) recomputes the digest with the table
# key it derived from the event's secret, so it tells a complete, untouched
# round from a partial or altered one. Formats: docs/TOURNAMENTS.md.
# Loaded only for a tournament round: an ordinary table never imports it.
import hashlib
import json
from binascii import hexlify
from table.sheet.journal import dumps
from tarock import errors
from table.sheet.party import SheetError

E_SIGN = errors.register(264, "the round cannot be signed")

FILE = "tourney.json"   # the table file in the board's storage root
FIELDS = ("t", "v", "ev", "evn", "rd", "tb", "prof", "g", "min", "pl", "dl", "kc", "k")
EV_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"
HEX = "0123456789abcdef"


def party_deals(pa):
    """What the digest covers of each of the party's deals, in order: its
    deltas and Kontra parts (None without a Kontra column)."""
    return [[pa.deltas_of(k), pa.kontra_of(k)] for k in range(pa.n_deals)]


# what of a round record its digest covers, beside the deals: who, where,
# how many, which signature of the round (sq) by which board and seats
SIGNED = ("ev", "rd", "tb", "nr", "n", "g", "early", "sg", "dev", "sq")


def digest(key, rec, deals):
    """16 hex digits: sha256 of the table key, then the round record's
    SIGNED fields and the deals (journal.dumps: the same bytes on CPython
    and MicroPython)."""
    d = {"deals": deals}
    for k in SIGNED:
        d[k] = rec.get(k)
    doc = dumps(d)
    h = hashlib.sha256(key.encode())
    h.update(b"\n")
    h.update(doc.encode())
    return hexlify(h.digest()).decode()[:16]


def record(pa, key, signed, dev, sq, when=None):
    """The round record of party pa (a tournament party that is over)."""
    tn = pa.tn
    early = 0 if pa.why == "deals" else 1
    rec = {"t": "round", "ev": tn["ev"], "rd": tn["rd"], "tb": tn["tb"], "nr": tn["nr"],
           "n": pa.n_deals, "g": tn["g"], "early": early, "tot": pa.totals(),
           "sg": sorted(signed), "dev": dev, "sq": sq}
    rec["dg"] = digest(key, rec, party_deals(pa))
    if pa.kc:
        rec["kt"] = pa.kontra_totals()
    if when is not None:
        rec["w"] = when
    return rec


def signing(sh):
    """The seats yet to sign the round the sheet's party played (a
    tournament party that is over): all of them at its end, and again
    after a correction to a signed round; () when there is nothing to sign."""
    pa = sh.party
    if pa is None or pa.tn is None or not pa.over or pa.pending is not None or pa.aborted >= 0:
        return ()
    if pa.rounds and not pa.signed:
        r = pa.rounds[-1]
        if not corrected(pa) and r.get("n") == pa.n_deals and r.get("tot") == pa.totals() \
                and r.get("kt", pa.kontra_totals()) == pa.kontra_totals():
            return ()
    return [s for s in range(pa.n) if s not in pa.signed]


def corrected(pa):
    """The deals corrected after the party's last round record (a signed
    round the table changed): their numbers."""
    at = pa.round_at
    return [k for k in range(pa.n_deals) if at >= 0 and pa.offs[k] > at]


def sign(sh, seat, key, dev, when=None):
    """Table seat `seat` signs the round (key: the table file's); the last
    signature writes the round record with it, in one write. Returns the
    round record then, else None. SheetError: not a seat to sign."""
    pa = sh.party
    if seat not in signing(sh):
        raise SheetError(E_SIGN, "seat %r" % (seat,))
    recs = [{"t": "sign", "s": seat}]
    if len(pa.signed) + 1 == pa.n:
        recs.append(record(pa, key, pa.signed + [seat], dev, len(pa.rounds) + 1, when))
    offs = sh._write_all(recs)
    for i in range(len(recs)):
        sh._apply(offs[i], recs[i])
    return recs[1] if len(recs) > 1 else None


def apply(sh, off, rec):
    """Replay a "sign" or "round" record (Sheet.APPLY)."""
    pa = sh.party
    if pa is None or pa.tn is None:
        raise SheetError(E_SIGN, "a round's record without its round", "fits")
    if rec["t"] == "sign":
        s = rec.get("s")
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < pa.n:
            raise SheetError(E_SIGN, "seat %r" % (s,), "fits")
        if s not in pa.signed:
            pa.signed.append(s)
        return
    if not isinstance(rec.get("dg"), str):
        raise SheetError(E_SIGN, "a round record without its digest", "fits")
    pa.rounds.append(rec)
    pa.round_at = off
    pa.signed = []


def device_id():
    """The board's own id (the RP2040's flash id), "host" off a board."""
    try:
        import machine
        return hexlify(machine.unique_id()).decode()
    except (ImportError, AttributeError):
        return "host"


class TableError(ValueError):
    """A table file's field at fault (field: its key, "t" for a file of
    another kind): the card names it in the table's words; the message
    says more, in English, for the director's tool."""

    def __init__(self, field, msg):
        super().__init__(field + ": " + msg)
        self.field = field


def _int(d, k, lo, hi):
    v = d.get(k)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise TableError(k, "expected a number %d..%d" % (lo, hi))
    return v


def _name_ok(s, more=False):
    """Characters both screen fonts have, no space at the ends: a name of
    1-8 (the setup's MAX_NAME), an event title (more) up to 24."""
    from table import text
    if not isinstance(s, str) or not s or len(s) > (24 if more else 8) or s.strip() != s:
        return False
    for ch in s:
        if not (text.has_glyph(ch, text.SMALL) and text.has_glyph(ch, text.LARGE)):
            return False
    return True


def check(d):
    """A table file's contents (a dict), checked field by field: returns it,
    or raises ValueError saying the first thing wrong (the setup screen
    shows it; the director's tool checks what it writes with the same)."""
    from tarock import profiles
    if not isinstance(d, dict) or d.get("t") != "tarockbox-table":
        raise TableError("t", "not a tarockbox table file")
    for k in d:
        if k not in FIELDS:
            raise TableError(str(k), "unknown field")
    _int(d, "v", 1, 1)
    ev = d.get("ev")
    if not isinstance(ev, str) or not 1 <= len(ev) <= 12 or [c for c in ev if c not in EV_CHARS]:
        raise TableError("ev", "1-12 of A-Z 0-9 -")
    evn = d.get("evn")
    if not _name_ok(evn, True):
        raise TableError("evn", "1-24 characters the screens' fonts have")
    _int(d, "rd", 1, 15)
    _int(d, "tb", 1, 99)
    _int(d, "g", 1, 60)
    _int(d, "min", 0, 600)
    _int(d, "kc", 0, 1)
    prof = d.get("prof")
    try:    # (its family's presets only: the others stay unloaded)
        profiles.get(prof)
    except (ValueError, KeyError, TypeError, AttributeError, ImportError):
        raise TableError("prof", "not a built-in preset")
    pl = d.get("pl")
    if not isinstance(pl, list) or not 3 <= len(pl) <= 5:
        raise TableError("pl", "3 to 5 players")
    names = []
    nrs = []
    for p in pl:
        if not isinstance(p, dict) or len(p) != 2:
            raise TableError("pl", "{nr, nm} each")
        nrs.append(_int(p, "nr", 0, 999))  # (0: unknown, a typed table code's)
        if not _name_ok(p.get("nm")) or p["nm"].lower() in names:
            raise TableError("pl", "%r: 1-8 characters the screens' fonts have, once at the table"
                             % (p.get("nm"),))
        names.append(p["nm"].lower())
    nz = [x for x in nrs if x]
    if len(set(nz)) != len(nz):
        raise TableError("pl", "a start number twice")
    _int(d, "dl", 0, len(pl) - 1)
    k = d.get("k")
    if not isinstance(k, str) or len(k) != 16 or [c for c in k if c not in HEX]:
        raise TableError("k", "16 hex digits")
    return d


def read(root):
    """The table file in the board's storage root: (contents, None), (None,
    field) for a file that is there but wrong (the TableError's field; ""
    when it does not read as JSON or is longer than 1 KB), (None, None)
    without one."""
    try:
        f = open(root + "/" + FILE, "rb")
    except OSError:
        return None, None
    try:
        data = f.read(1025)
    finally:
        f.close()
    try:
        if len(data) > 1024:
            return None, ""
        return check(json.loads(data)), None
    except TableError as e:
        return None, e.field
    except ValueError:      # not JSON (MicroPython's json raises ValueError)
        return None, ""


def tn_ok(tn):
    """A party record's "tn" as tn_of writes it (its numbers numbers)."""
    for k in ("rd", "tb", "g", "min"):
        v = tn.get(k)
        if isinstance(v, bool) or not isinstance(v, int):
            return False
    return True


def tn_of(d):
    """The party record's "tn" of a checked table file (its key stays out
    of the journal)."""
    return {"ev": d["ev"], "rd": d["rd"], "tb": d["tb"], "g": d["g"], "min": d["min"],
            "nr": [p["nr"] for p in d["pl"]]}
