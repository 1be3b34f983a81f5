"""Collecting the tables' rounds for the director (issue 39, item 4).

    import collect
    got = collect.collect(event, sources, store_dir=None)
    got.results   # collected rounds (the format fixed in the issue's notes)
    got.refused   # [(source, one line)]: foreign, not drawn, wrong players, claimed twice
    got.notes     # lines: read twice, replaced (what changed), damage found, ...
    got.kept_out  # {(rd, tb): one line}: rounds no copy of which may count now
    collect.fetch(urls, dest_dir)   # each table's /round.json saved; [(url, status, path)]

A source is a board's journal (copied off with `mpremote cp :sheet.tbj
:sheet.tbj.arc T03/`: the board archives a finished round once it has two,
so its .arc holds the earlier rounds), a folder of
them (searched recursively: one folder per table), a JSON export (sheet.py
export --json, the page's /sheet.json), a saved /round.json, or an
http://host:port/round.json address (fetched first). A journal is read with
the firmware's own Sheet on a copy, as host_tools/sheet/sheet.py reads it:
damage costs only its own bytes, the intact rounds still count, and what the
board would say of the damage is a note.

Every round is checked against the event (the director's event file): its
event id, that its round and table are in the draw and seat the drawn start
numbers; then complete (all games played, or ended early by the table: marked;
more deals than the round's games is partial), signed (a round record),
untouched (the digest recomputed with the table key from the event's secret
over the deals; the record's totals equal the deals'), and when the event
ranks without Kontra ("format" {"kc": 1}) kept its Kontras in a column apart.
What fails identity is refused; what fails the rest is a result with status
"partial", "altered" or "unsigned" and its reason ("why", a key beside the
collected round's: also set for a counted round worth a word, e.g. one from a
typed table code), which the standings list but do not count. The same round
read from two copies counts once; a later signature of the same device (a
higher "sq": a deal corrected after signing) replaces the earlier one and says
what changed; two devices claiming one table keep both out until the director
decides (prefer={(rd, tb): dev}), whatever copy was counted before: such a
round is in kept_out, and the director's tool marks its kept copy "held" (the
reason) so that it stays out, in later runs too, until prefer names a device.
The rounds counted before (the event's "results", or store_dir) take part as
if read again: an older copy read later never replaces a later signature.

What it reads of the event (the director's event file, host_tools/
tournament/event.py): "ev" (or "id"), "secret", "players" [{"nr", "name"}],
"rounds" {"1": {"tables": [{"tb", "nr": [start numbers by seat]}]}} (a list
of rounds, or tables as {tb: [nr, ...]}, read too), "format" {"games":
{"4": 16, "5": 20}, "kc": 1} (the games a round, without it the board's
word; kc 1: ranked without Kontra), and
"results" {"R/T": collected round} (what was counted before).

Sources: the issue (item 4, "Collecting and standings"); the formats fixed
between the helpers (the table file, the round record, the collected round);
the ABAKUS failure the issue cites (a round saved only online) is why
every path here works from files copied off the boards.
"""
import hashlib
import json
import os
import sys
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for _p in (os.path.join(ROOT, "host_tools", "sheet"), HERE):
    if _p not in sys.path:
        sys.path.append(_p)
# the firmware first: `table`, `tarock` and `web` are the board's own modules
_fw = os.path.join(ROOT, "firmware")
while _fw in sys.path:
    sys.path.remove(_fw)
sys.path.insert(0, _fw)

import sheet as sheet_tool  # noqa: E402  (host_tools/sheet/sheet.py: the journal as the host reads it)
from table import tcode  # noqa: E402  (a typed table code's event tag and key)
from table.sheet import tround  # noqa: E402  (the board's own digest)
from table.sheet.journal import MemStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402

ROUND_T = "tarockbox-round"
SHEET_FORMAT = "tarockbox-sheet"
COUNTED = ("ok", "early")
FETCH_TIMEOUT = 5.0
FETCH_TRIES = 3
MAX_BODY = 8 << 20      # a board's /round.json is tens of KB: more is no board's


# ------------------------------------------------------------ the event
def table_key(secret, ev, rd, tb):
    """The table key the director's tool writes into each table file (the
    format fixed between the helpers): tdir's event.table_key when it is
    there, the same formula otherwise."""
    try:
        from event import table_key as tk  # pyright: ignore[reportMissingImports]
        return tk(secret, ev, rd, tb)
    except ImportError:
        return hashlib.sha256(("%s/%s/%s/%s" % (secret, ev, rd, tb)).encode()).hexdigest()[:16]


digest = tround.digest     # the round's digest as the board writes it


def code_key(secret, ev, rd, tb):
    """The key a table's typed code carries (event.code_key)."""
    from event import code_key as ck  # pyright: ignore[reportMissingImports]
    return ck(secret, ev, rd, tb)


def _int(v):
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def event_id(event):
    return str(event.get("id", event.get("ev", "")))


def draw(event):
    """{(rd, tb): [start numbers by seat]} from the event's rounds. Read
    loosely: "rounds" a list (round i+1, or its "rd"/"round") or a dict by
    round number; each round's "tables" a dict {tb: [nr, ...]} or a list of
    {"tb"/"table", "nr"/"seats"/"players"} (a seat given as {"nr": ...} too)."""
    out = {}
    rounds = event.get("rounds")
    if isinstance(rounds, dict):
        items = [(_int(k), v) for k, v in rounds.items()]
    elif isinstance(rounds, list):
        items = []
        for i, r in enumerate(rounds):
            rd = _int(r.get("rd", r.get("round", i + 1))) if isinstance(r, dict) else i + 1
            items.append((rd, r))
    else:
        items = []
    for rd, r in items:
        tables = r.get("tables", r.get("seating")) if isinstance(r, dict) else r
        if isinstance(tables, dict):
            tl = [(_int(k), v) for k, v in tables.items()]
        elif isinstance(tables, list):
            tl = []
            for i, t in enumerate(tables):
                if isinstance(t, dict):
                    tb = _int(t.get("tb", t.get("table", i + 1)))
                    tl.append((tb, t.get("nr", t.get("seats", t.get("players")))))
                else:
                    tl.append((i + 1, t))
        else:
            continue
        for tb, seats in tl:
            if rd is None or tb is None or not isinstance(seats, list):
                continue
            out[(rd, tb)] = [_int(s.get("nr")) if isinstance(s, dict) else _int(s) for s in seats]
    return out


def names(event):
    """{start number: name} of the event's players ("name" or "nm")."""
    out = {}
    for p in event.get("players") or ():
        if isinstance(p, dict) and _int(p.get("nr")) is not None:
            out[_int(p["nr"])] = str(p.get("name", p.get("nm", "")))
    return out


# ------------------------------------------------------------ reading sources
class Collected:
    def __init__(self):
        self.results = []
        self.refused = []
        self.notes = []
        self.kept_out = {}

    def __repr__(self):
        return "Collected(%d results, %d refused, %d notes)" % (
            len(self.results), len(self.refused), len(self.notes))


def _where(rd, tb):
    return "round %s table %s" % (rd, tb)


def _claim_of_party(sh, pa, source):
    if pa.tn is None:
        return None     # no tournament party (an evening's game on the same board)
    return {"source": source, "tn": pa.tn, "rounds": [dict(r) for r in pa.rounds],
            "signs": list(pa.signed), "names": [sh.players.get(p, "?") for p in pa.players],
            "deals": tround.party_deals(pa), "lost": list(pa.lost),
            "disputed": {k: (pa.disputed[k][1]) for k in pa.disputed},
            "fixed": tround.corrected(pa), "over": pa.over, "why": pa.why}


def _read_journal(path, out):
    """The tournament parties of a journal file (and its archive): claims."""
    try:
        files = sheet_tool.read_journal(path)
    except sheet_tool.NotAJournal:
        raise ValueError("not a tarockbox journal, export or round file")
    sh = Sheet.open(MemStore(dict(files)))
    for line in sheet_tool.host_report(sh, files):
        out.notes.append("%s: %s" % (path, line))
    claims = []
    for i in range(len(sh.archived)):      # the rounds compaction archived, then the rest
        a = sh.open_archived(i)
        if a is None:
            continue    # only its totals kept (an older firmware): no round in it
        for line in a.report:
            out.notes.append("%s: archived party %d: %s" % (path, i + 1, line))
        if a.party is None:
            out.notes.append("%s: archived party %d is not in %s.arc beside it: copy the "
                             "board's sheet.tbj.arc too (a round may be in it)"
                             % (path, i + 1, os.path.basename(path)))
        else:
            claims.append(_claim_of_party(a, a.party, path))
    for pa in sh.parties:
        claims.append(_claim_of_party(sh, pa, path))
    return [c for c in claims if c]


def _claim_of_json(p, source):
    t = p.get("tournament") if isinstance(p, dict) else None
    if not isinstance(t, dict):
        return None
    deals, lost, disputed = [], [], {}
    for k, d in enumerate(p.get("deals") or ()):
        if not isinstance(d, dict):
            raise ValueError("deal %d is not an object" % (k + 1))
        k = (_int(d.get("deal")) or k + 1) - 1
        deals.append([d.get("deltas"), d.get("kontra")])
        if d.get("lost"):
            lost.append(k)
        if d.get("disputed"):
            dp = d["disputed"]
            disputed[k] = dp[1] if isinstance(dp, list) and len(dp) > 1 else None
    summ = p.get("summary")
    if not isinstance(summ, dict):
        summ = {}
    # deals with a correction in their history: said beside a digest that
    # differs (the export does not say whether it came after the signature)
    fixes = sorted({h.get("deal", 0) - 1 for h in p.get("history") or ()
                    if isinstance(h, dict) and h.get("kind") == "fix" and h.get("status") == "final"})
    return {"source": source, "tn": t.get("tn") if isinstance(t.get("tn"), dict) else {},
            "rounds": [r for r in t.get("rounds") or () if isinstance(r, dict)],
            "signs": list(t.get("signed") or ()), "names": list(p.get("players") or ()),
            "deals": deals, "lost": lost, "disputed": disputed, "fixed": [], "fixes": fixes,
            "over": bool(summ.get("over", True)), "why": t.get("why", summ.get("why"))}


def _read_json(path, doc):
    """The tournament parties of a JSON export or a /round.json: claims."""
    parties = list(doc.get("parties") or ())
    for a in doc.get("archived") or ():
        if isinstance(a, dict) and isinstance(a.get("party"), dict):
            parties.append(a["party"])
    claims = []
    for p in parties:
        c = _claim_of_json(p, path)
        if c:
            if doc.get("t") == ROUND_T and doc.get("dev") is not None:
                c["dev"] = doc.get("dev")
            claims.append(c)
    return claims


def _json_doc(path):
    """The parsed JSON of a tarockbox export or round file, or None."""
    try:
        with open(path, "rb") as f:
            head = f.read(1)
            if head not in (b"{", b"\xef"):
                return None
            text = (head + f.read()).decode("utf-8-sig")
        doc = json.loads(text)
    except (ValueError, OSError):
        return None
    if isinstance(doc, dict) and (doc.get("t") == ROUND_T or doc.get("format") == SHEET_FORMAT):
        return doc
    return None


def _files(sources, out, skip):
    """[(path, parsed JSON or None for a journal)] of the sources: folders
    searched recursively; a URL fetched into `fetched` first."""
    seen = {}
    todo = []
    for src in sources:
        if src.startswith(("http://", "https://")):
            todo.append(src)
            continue
        if os.path.isdir(src):
            for d, dirs, files in os.walk(src):
                dirs[:] = sorted([x for x in dirs if os.path.realpath(os.path.join(d, x)) not in skip])
                for f in sorted(files):
                    p = os.path.join(d, f)
                    if f.endswith(".tbj"):
                        todo.append((p, None))
                    elif f.endswith(".json"):
                        doc = _json_doc(p)
                        if doc is not None:     # a table file, the event: not a round's
                            todo.append((p, doc))
            continue
        if not os.path.isfile(src):
            out.refused.append((src, "no such file or folder"))
            continue
        doc = _json_doc(src) if not src.endswith(".tbj") else None
        todo.append((src, doc))
    got = []
    for item in todo:
        if isinstance(item, str):
            got.append(item)
            continue
        rp = os.path.realpath(item[0])
        if rp in seen:
            out.notes.append("%s given twice (as %s): read once" % (item[0], seen[rp]))
            continue
        seen[rp] = item[0]
        got.append(item)
    return got


# ------------------------------------------------------------ judging a round
def _sums(deals, n):
    """(Schriftpunkte without Kontra, Kontra, both) per seat over the deals."""
    pts, kon, full = [0] * n, [0] * n, [0] * n
    for d, k in deals:
        for i in range(n):
            full[i] += d[i]
            kk = k[i] if k else 0
            kon[i] += kk
            pts[i] += d[i] - kk
    return pts, kon, full


def _valid_deals(deals, n):
    """Each deal [deltas, Kontra parts or None], n whole numbers each."""
    def ok(v):
        return isinstance(v, list) and len(v) == n and \
            all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    for dk in deals:
        if not isinstance(dk, list) or len(dk) != 2 or not ok(dk[0]) or \
                not (dk[1] is None or ok(dk[1])):
            return False
    return True


def games(event, n):
    """The games of a round at a table of n by the event's format ("format":
    {"games": {"4": 16, "5": 20}}), or None when the event does not say."""
    g = (event.get("format") or {}).get("games") if isinstance(event.get("format"), dict) else None
    g = g if isinstance(g, dict) else event.get("games")
    return _int(g.get(str(n))) if isinstance(g, dict) else None


def kontra_apart(event):
    """True when the event's format ranks without Kontra ("format": {"kc": 1}):
    then every round must have kept its Kontras in a column apart."""
    f = event.get("format")
    return isinstance(f, dict) and f.get("kc") == 1


class Refuse(Exception):
    pass


def _judge(c, event, seat_map, nm_of, keys):
    """A claim as a collected round (with its "why"),
    or Refuse(one line)."""
    ev = event_id(event)
    rec = c["rounds"][-1] if c["rounds"] else None
    tn = c["tn"]
    # the round's identity: its round record's, else its party's "tn"
    idn = dict(tn)
    idn.update(rec or {})
    cev, rd, tb = idn.get("ev"), _int(idn.get("rd")), _int(idn.get("tb"))
    raw_nr = idn.get("nr") or []
    nr = [_int(x) for x in raw_nr]
    where = _where(rd, tb)
    # a round started from a typed table code (table/tcode.py) carries the
    # event's tag for its id, no start numbers and a key of the code's
    tag = "T-%04X" % tcode.evtag(ev)
    coded = cev == tag and cev != ev
    if cev != ev and not coded:
        raise Refuse("%s: from event %s, not %s%s" % (
            where, cev, ev, " (%s by a typed table code)" % tag
            if isinstance(cev, str) and cev.startswith("T-") else ""))
    drawn = seat_map.get((rd, tb))
    if drawn is None:
        raise Refuse("%s is not in event %s's draw" % (where, ev))
    by_draw = coded and len(nr) == len(drawn) and not any(nr)
    if by_draw:
        nr = list(drawn)    # the draw seats them: seat by seat as it says
    if None in nr or None in drawn or \
            sorted([x or 0 for x in nr]) != sorted([x or 0 for x in drawn]):
        raise Refuse("%s: its players are %s, the draw seats %s" % (
            where, ", ".join(map(str, idn.get("nr") or ())), ", ".join(map(str, drawn))))
    n = len(nr)
    deals = c["deals"]
    seats_nm = c["names"] if len(c["names"]) == n else ["?"] * n
    g = _int(tn.get("g", rec.get("g") if rec else None))
    if rec is not None and _int(rec.get("g")) is not None:
        g = _int(rec.get("g"))
    # the games are the event's, not the board's word (the digest does not
    # cover them: a round record saying 12 of 12 would pass a partial round)
    want = games(event, n)
    said = g
    if want is not None:
        g = want
    res = {"ev": ev, "rd": rd, "tb": tb, "n": len(deals), "g": g, "early": False,
           "dev": rec.get("dev", c.get("dev")) if rec else c.get("dev"),
           "sq": _int(rec.get("sq", 1)) if rec else 0, "dg": rec.get("dg") if rec else None,
           "source": c["source"], "status": "ok", "why": ""}
    if not _valid_deals(deals, n):
        res["seats"] = [{"nr": nr[i], "nm": nm_of.get(nr[i]) or seats_nm[i], "pts": 0,
                         "kontra": 0} for i in range(n)]
        res.update(status="altered", why="its deals do not read as %d numbers a seat" % n)
        return res
    pts, kon, full = _sums(deals, n)
    res["seats"] = [{"nr": nr[i], "nm": nm_of.get(nr[i]) or seats_nm[i], "pts": pts[i],
                     "kontra": kon[i]} for i in range(n)]
    if nr != drawn:
        res["why"] = "seated %s, drawn %s (the same players)" % (
            ", ".join(map(str, nr)), ", ".join(map(str, drawn)))
    if by_draw:
        res["why"] = ("a typed table code: seated as drawn (%s), the names at the table %s"
                      % (", ".join(["%d %s" % (x, nm_of.get(x, "?")) for x in nr]),
                         ", ".join(seats_nm)))
    played = "%d of %s games" % (len(deals), g if g is not None else "?")
    sg = sorted(set(c["signs"]))
    if rec is None:
        res["status"] = "unsigned"
        res["why"] = "no round record: %s%s, %d of %d seats signed" % (
            played, "" if c["over"] else ", the round still open", len(sg), n)
        return res
    if c["fixed"]:
        # the table corrected a signed round: until every seat signs again
        # it is the board's word against its signature (a copy taken before
        # the correction still counts as signed)
        res.update(status="unsigned", sq=0, dg=None, why=(
            "deal %s corrected after the round was signed (sq %s), not signed again: "
            "%d of %d seats signed" % (", ".join([str(k + 1) for k in c["fixed"]]),
                                      rec.get("sq", 1), len(sg), n)))
        return res
    bad = []
    if tn:
        for k in ("ev", "rd", "tb", "nr", "g"):
            if k in tn and k in rec and tn[k] != rec[k]:
                bad.append("the round record's %s %s differs from the party's %s"
                           % (k, json.dumps(rec.get(k)), json.dumps(tn[k])))
    early = _int(rec.get("early")) or 0
    res["early"] = bool(early)
    if c["lost"]:
        ks = ", ".join([str(k + 1) for k in c["lost"]])
        res.update(status="partial", why="deal%s %s lost to damage (the digest cannot be "
                   "checked)" % ("s" if len(c["lost"]) > 1 else "", ks))
        return res
    # a typed code's round: the code's own key (event.code_key), never the
    # table file's
    key = keys(rd, tb, coded)
    # the digest over what the board signed: the round record's identity,
    # counts and signature (tround.SIGNED) and the deals
    dg = digest(key, rec, deals)
    if rec.get("dg") != dg:
        bad.append(_which_deal(c, rec, key, deals, full, n))
    rn = _int(rec.get("n"))
    if rn is not None and rn != len(deals):
        bad.append("the round record counts %d deals, the journal holds %d" % (rn, len(deals)))
    # the record's "tot" is the party's totals() (Kontra included, as the
    # sheet counts them: tround.record), its "kt" the Kontra column's
    tot, kt = rec.get("tot"), rec.get("kt")
    if tot != full:
        bad.append("the round record's totals %s are not its deals' %s" % (
            json.dumps(tot), json.dumps(full)))
    elif kt is not None and kt != kon:
        bad.append("the round record's Kontra %s is not its deals' %s" % (
            json.dumps(kt), json.dumps(kon)))
    if bad:
        res.update(status="altered", why="; ".join(bad))
        return res
    told = "" if said == g else " (the board was told %s)" % said
    if g is not None and len(deals) > g:
        # more deals than the round has: which of them count is the director's word
        res.update(status="partial", why="%d games, the round has %d%s" % (len(deals), g, told))
        return res
    if g is not None and len(deals) < g and not early:
        res.update(status="partial", why="%s played, not ended early%s" % (played, told))
        return res
    if early:
        # the board knows the table ended it, not why (the director's time,
        # a player who left): say only that
        res.update(status="early", why="ended early by the table after %s%s" % (
            played, "" if c["why"] in (None, "finish") else " (the party ended: %s)" % c["why"]))
    if deals and kontra_apart(event) and all(k is None for _, k in deals):
        # the event ranks without Kontra but the table kept none apart (a
        # table file with kc 0, a table set up by hand): its points hold
        # the Kontras, which the standings cannot take out
        res.update(status="partial", why="; ".join([x for x in (
            "played without the Kontra column: its Kontras cannot be kept out",
            res["why"]) if x]))
    if c["disputed"]:
        ks = ", ".join([str(k + 1) for k in sorted(c["disputed"])])
        more = ("deal %s counts as the seats confirmed and signed it (this firmware scores "
                "it otherwise)" % ks)
        res["why"] = "; ".join([x for x in (res["why"], more) if x])
    return res


def _which_deal(c, rec, key, deals, full, n):
    """Why the digest differs, as precisely as the journal lets us tell: a
    deal the scorer scores otherwise which, put back as scored, gives the
    signed digest (or the signed totals) is the deal changed."""
    tot = rec.get("tot")
    for k in sorted(c["disputed"]):
        scored = c["disputed"][k]
        if not scored or len(scored) != n:
            continue
        trial = [list(x) for x in deals]
        trial[k] = [list(scored), trial[k][1]]
        if digest(key, rec, trial) == rec.get("dg") or (
                isinstance(tot, list) and _sums(trial, n)[2] == tot):
            return ("altered after signing: deal %d reads %s, signed as %s"
                    % (k + 1, _signed(deals[k][0]), _signed(scored)))
    hint = ""
    if c.get("fixes"):
        hint = (" (deal %s corrected: a correction after the signature that the table has "
                "not signed again reads so too)" % ", ".join([str(k + 1) for k in c["fixes"]]))
    if isinstance(tot, list) and len(tot) == n and tot != full:
        diff = [full[i] - tot[i] for i in range(n)]
        return ("altered after signing: the deals' digest differs from the signed one, "
                "the totals by %s%s" % (_signed(diff), hint))
    return "altered after signing: the deals' digest differs from the signed one" + hint


def _signed(v):
    return "[" + " ".join(["%+d" % x for x in v]) + "]"


# ------------------------------------------------------------ merging
def _changes(old, new):
    """'Anna 34 -> 40, Berta -6 -> -12' of two collected rounds' seats."""
    was = {s["nr"]: s for s in old["seats"]}
    out = []
    for s in new["seats"]:
        o = was.get(s["nr"])
        if o is None:
            continue
        ko, kn = o.get("kontra", 0), s.get("kontra", 0)
        kon = " Kontra %d -> %d" % (ko, kn) if ko != kn else ""
        if o["pts"] != s["pts"]:
            out.append("%s %d -> %d%s" % (s["nm"] or s["nr"], o["pts"], s["pts"],
                                          " (%s)" % kon.strip() if kon else ""))
        elif kon:
            out.append("%s%s" % (s["nm"] or s["nr"], kon))
    return ", ".join(out) or "no total changed"


_RANK = {"ok": 0, "early": 0, "partial": 1, "altered": 2, "unsigned": 3}


def _merge(key, got, out, prefer):
    """The one round that stands for (rd, tb) among what was read of it, or
    None (both kept out)."""
    where = _where(*key)
    signed = [r for r in got if r["sq"]]
    unsigned = [r for r in got if not r["sq"]]
    if not signed:
        best = max(unsigned, key=lambda r: r["n"])
        for r in unsigned:
            if r is not best:
                out.notes.append("%s: an unsigned copy from %s (%d deals) set aside: %s has %d"
                                 % (where, r["source"], r["n"], best["source"], best["n"]))
        return best
    for r in unsigned:
        out.notes.append("%s: an unsigned copy from %s set aside (%s): the signed round stands"
                         % (where, r["source"], r["why"]))
    devs = {}
    for r in signed:
        devs.setdefault(r["dev"], []).append(r)
    if len(devs) > 1:
        want = prefer.get(key)
        if want in devs:
            for d, rs in devs.items():
                if d != want:
                    out.notes.append("%s: dev %s's round (%s) set aside: the director chose dev %s"
                                     % (where, d, ", ".join([r["source"] for r in rs]), want))
            signed = devs[want]
        else:
            srcs = ", ".join(sorted({r["source"] for r in signed}))
            why = "%s claimed by two devices: %s: both kept out until the director decides" % (
                where, "; ".join(["dev %s (%s)" % (d, ", ".join([r["source"] for r in devs[d]]))
                                  for d in sorted(devs, key=str)]))
            if want is not None:
                why += " (the director's choice, dev %s, is not among them)" % want
            out.refused.append((srcs, why))
            out.kept_out[key] = why
            return None
    top = max([r["sq"] for r in signed])
    last = [r for r in signed if r["sq"] == top]
    dgs = {r["dg"] for r in last}
    if len(dgs) > 1:
        why = ("%s: two different rounds signed as sq %d by dev %s: both kept out until the "
               "director decides" % (where, top, last[0]["dev"]))
        out.refused.append((", ".join(sorted({r["source"] for r in last})), why))
        out.kept_out[key] = why
        return None
    last.sort(key=lambda r: _RANK.get(r["status"], 9))
    best = last[0]
    for r in last[1:]:
        if r.get("_stored") and r["status"] == best["status"]:
            continue
        if r["status"] == best["status"]:
            out.notes.append("%s: read twice, counted once (%s, %s)" % (
                where, best["source"], r["source"]))
        else:
            out.notes.append("%s: the copy from %s reads %s (%s); the one from %s stands"
                             % (where, r["source"], r["status"], r["why"], best["source"]))
    older = [r for r in signed if r["sq"] < top]
    if older and best.get("_stored"):
        for r in older:     # a stale copy read after the correction was counted
            out.notes.append("%s: %s holds an older signature (sq %d) than the round counted "
                             "(sq %d): set aside" % (where, r["source"], r["sq"], top))
    elif older:
        prev = max(older, key=lambda r: r["sq"])
        out.notes.append("%s replaced (sq %d): %s" % (where, top, _changes(prev, best)))
    return best


# ------------------------------------------------------------ the store
def _store_name(rd, tb):
    return "r%02d-t%02d.json" % (rd, tb)


def _load_store(store_dir, ev):
    out = []
    if not store_dir or not os.path.isdir(store_dir):
        return out
    for f in sorted(os.listdir(store_dir)):
        if not (f.startswith("r") and f.endswith(".json")):
            continue
        try:
            with open(os.path.join(store_dir, f), encoding="utf-8") as fh:
                r = json.load(fh)
        except (ValueError, OSError):
            continue
        if isinstance(r, dict) and r.get("ev") == ev and "seats" in r:
            r["_stored"] = True
            out.append(r)
    return out


def _save(store_dir, r):
    os.makedirs(store_dir, exist_ok=True)
    keep = {k: v for k, v in r.items() if not k.startswith("_")}
    p = os.path.join(store_dir, _store_name(r["rd"], r["tb"]))
    tmp = p + ".new"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(keep, f, sort_keys=True, indent=1)
    os.replace(tmp, p)


# ------------------------------------------------------------ collect
def _read_source(item, src, out, got, judge):
    """One file's rounds judged into got {(rd, tb): [collected rounds]};
    src: what the director calls it (its path, or the address fetched)."""
    path, doc = item
    try:
        claims = _read_json(src, doc) if doc is not None else _read_journal(path, out)
    except (ValueError, OSError, TypeError, KeyError) as e:
        out.refused.append((src, str(e) if isinstance(e, ValueError) else
                            "could not be read: %s" % e))
        return
    if not claims:
        out.notes.append("%s: no tournament round in it" % src)
    for c in claims:
        try:
            r = judge(c)
        except Refuse as e:
            out.refused.append((src, str(e)))
            continue
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
            # a hand-made or damaged export: its round cannot be judged
            out.refused.append((src, "a tournament round that does not read (%s)" % e))
            continue
        got.setdefault((r["rd"], r["tb"]), []).append(r)


def collect(event, sources, store_dir=None, prefer=None, kept=None):
    """Read every source, judge each round (see the module doc). The rounds
    counted before (kept: collected rounds; None: the event's "results",
    where the director's tool keeps them; and those in store_dir, one JSON
    a round and table) take part as if read again, so a re-run is
    incremental, a round read again counts once and an older copy never
    replaces a later signature. prefer: {(rd, tb): dev} the director's
    choice where two devices claim a table."""
    out = Collected()
    ev = event_id(event)
    seat_map = draw(event)
    nm_of = names(event)
    secret = str(event.get("secret", ""))
    cache = {}

    def keys(rd, tb, coded=False):
        if (rd, tb, coded) not in cache:
            cache[(rd, tb, coded)] = (code_key if coded else table_key)(secret, ev, rd, tb)
        return cache[(rd, tb, coded)]

    skip = {os.path.realpath(store_dir)} if store_dir else set()
    items = _files(list(sources), out, skip)
    urls = []
    for x in items:
        if isinstance(x, str):
            if x in urls:
                out.notes.append("%s given twice: fetched once" % x)
            else:
                urls.append(x)
    label = {}      # a fetched file: the address it came from (the director's name for it)
    tmp = None
    if urls:
        dest = os.path.join(store_dir, "fetched") if store_dir else None
        if dest is None:
            import tempfile
            dest = tmp = tempfile.mkdtemp(prefix="tarockbox-fetch-")
        for url, status, path in fetch(urls, dest):
            if path is None:
                out.refused.append((url, status))
            else:
                items.append((path, _json_doc(path)))
                label[path] = url
    got = {}
    try:
        for item in items:
            if not isinstance(item, str):
                _read_source(item, label.get(item[0], item[0]), out, got,
                             lambda c: _judge(c, event, seat_map, nm_of, keys))
    finally:
        if tmp:
            import shutil
            shutil.rmtree(tmp, ignore_errors=True)
    if kept is None:
        res = event.get("results")
        kept = list(res.values()) if isinstance(res, dict) else []
    stored = _load_store(store_dir, ev)
    for r in kept:
        if isinstance(r, dict) and r.get("ev") == ev and isinstance(r.get("seats"), list) \
                and (r.get("rd"), r.get("tb")) not in [(x["rd"], x["tb"]) for x in stored]:
            r = dict(r)
            r["_stored"] = True
            r.setdefault("sq", 0)
            r.setdefault("dg", None)
            stored.append(r)
    # a round kept out before (its kept copy "held", by the director's tool):
    # out until the director prefers a device, whatever copies are read now
    held = {(r["rd"], r["tb"]): r["held"] for r in stored if isinstance(r.get("held"), str)}
    same = 0
    for r in stored:
        new = got.get((r["rd"], r["tb"]))
        if new and any(x["dg"] == r["dg"] and x["sq"] == r["sq"] and x.get("dev") == r.get("dev")
                       and x["status"] == r["status"] for x in new):
            same += 1
            continue    # read again as it was stored: counted once, said once below
        got.setdefault((r["rd"], r["tb"]), []).append(r)
    if same:
        out.notes.append("%d round(s) read again as counted before: each counted once" % same)
    for key in sorted(got, key=lambda k: (k[0] or 0, k[1] or 0)):
        r = _merge(key, got[key], out, prefer or {})
        if r is None:
            continue
        if key in held:
            if (prefer or {}).get(key) != r.get("dev"):
                out.refused.append((r["source"], "%s: kept out since an earlier run (%s)" % (
                    _where(*key), held[key])))
                out.kept_out[key] = held[key]
                continue
            out.notes.append("%s: dev %s's round counts: the director chose it" % (
                _where(*key), r.get("dev")))
            r = {k: v for k, v in r.items() if k != "held"}
        if r.get("why") and r["status"] in COUNTED and "seated" in r["why"]:
            out.notes.append("%s: %s" % (_where(*key), r["why"]))
        if store_dir and not r.get("_stored"):
            _save(store_dir, r)
        out.results.append({k: v for k, v in r.items() if not k.startswith("_")})
    # one board signing two tables of a round: a board carried from one
    # table to another (its rounds count; the director should know)
    by = {}
    for r in out.results:
        if r.get("dev") and r["sq"]:
            by.setdefault((r["dev"], r["rd"]), []).append(r["tb"])
    for (dev, rd), tbs in sorted(by.items(), key=lambda x: (x[0][1], str(x[0][0]))):
        if len(tbs) > 1:
            out.notes.append("round %d: dev %s signed tables %s" % (
                rd, dev, ", ".join(map(str, sorted(tbs)))))
    return out


# ------------------------------------------------------------ fetching
def _url_file(url):
    import urllib.parse
    u = urllib.parse.urlsplit(url)
    # one file an address: host, port and path (tables behind one host differ by path)
    name = "%s_%d%s" % (u.hostname or "host", u.port or 80, u.path.rsplit("/", 1)[0])
    return "".join([c if c.isalnum() or c in "-." else "_" for c in name]) + ".round.json"


def _get(url, dest_dir, timeout, tries, pause):
    """(status line, saved path or None) of one address."""
    last = ""
    for i in range(tries):
        if i:
            time.sleep(pause)
        try:
            with urllib.request.urlopen(url, timeout=timeout) as r:
                body = r.read(MAX_BODY + 1)
        except urllib.error.HTTPError as e:
            last = "HTTP %d %s" % (e.code, e.reason)
            if 400 <= e.code < 500:
                return last, None   # the board answered: asking again changes nothing
            continue
        except (urllib.error.URLError, OSError, ValueError) as e:
            last = "no answer (%s)" % getattr(e, "reason", e)
            continue
        if len(body) > MAX_BODY:
            return "more than %d bytes: no board's round" % MAX_BODY, None
        try:
            doc = json.loads(body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return "not JSON (%d bytes)" % len(body), None
        if not isinstance(doc, dict) or doc.get("t") != ROUND_T:
            return "not a tarockbox round (t: %r)" % (
                doc.get("t") if isinstance(doc, dict) else None,), None
        path = os.path.join(dest_dir, _url_file(url))
        with open(path + ".new", "wb") as f:
            f.write(body)
        os.replace(path + ".new", path)
        return "ok (%d bytes, %d parties)" % (len(body), len(doc.get("parties") or ())), path
    return "%s after %d tries" % (last, tries), None


def fetch(urls, dest_dir, timeout=FETCH_TIMEOUT, tries=FETCH_TRIES, pause=0.5, workers=8):
    """GET each table's /round.json (bounded: `tries` attempts of `timeout`
    seconds each, `pause` between; `workers` boards at once: each is its
    own device) and save it in dest_dir; [(url, status line, saved path or
    None)] in the order given (an address given twice is fetched once)."""
    from concurrent.futures import ThreadPoolExecutor
    os.makedirs(dest_dir, exist_ok=True)
    uniq = list(dict.fromkeys(urls))
    with ThreadPoolExecutor(max_workers=max(1, min(workers, len(uniq) or 1))) as ex:
        got = dict(zip(uniq, ex.map(lambda u: _get(u, dest_dir, timeout, tries, pause), uniq)))
    return [(u,) + got[u] for u in urls]


