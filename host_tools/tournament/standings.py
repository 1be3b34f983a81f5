"""The standings of an event from its collected rounds, every tie-break shown.

Input: the event (event.py) and collected-round dicts (the interface with
collect.py, fixed in issue 39):
  {"ev", "rd", "tb", "seats": [{"nr", "nm", "pts", "kontra"}], "n", "g",
   "early": bool, "status": "ok"|"early"|"partial"|"altered"|"unsigned",
   "dev", "sq", "dg", "source"}
pts are Schriftpunkte without Kontra. Counted: status ok and early (early
rounds marked "*" everywhere); partial, altered and unsigned are listed with
their status and not counted unless the director accepts that round/table
(marked "!"). A round "held" (two devices claimed its table: the reason) is
listed, not counted, until the director prefers a device (--prefer). A round of another event, of a round the event does not
have, or with a start number the event does not know, is listed, not counted.

What ranks (the format's "rank", event.py cites the sources):
  schrift    the Schriftpunkte summed over the rounds; Kontras are shown in a
             column apart and never ranked (Tarockcup: "Kontras zählen nicht
             für die Turnierwertung")
  placement  points per place at the table (10/8/6/4; a five-table 11/9/7/5/3)
  slovenian  2/1/½ per place at a table of three; the difference next
  french     the sum of the table scores
Places at a table: by Schriftpunkte; equal points share the place (both
second) and the mean of the places' points (sources silent: the usual way).

Tie-breaks in the format's order, the lot always last:
  schrift    the higher Schriftpunkte sum (placement points tied)
  best_round the better best round, then the better second best ... (ABAKUS
             REGELN.js: "die besseren Rundenergebnisse"); a round not played
             counts 0
  placings   the better table places: more first places, then more seconds ...
  diff       the Slovenian difference: the Schriftpunkte summed
  lot        drawn from the event secret (sha256 of secret/lot/nr): the same
             event gives the same lot, and nobody can choose it
Each row shows each tie-break's value and, where the main score was tied with
a neighbour, which criterion decided.

Outputs: a terminal table, CSV (UTF-8 with BOM, as sheet.py), and one HTML
page to project in the hall (large type, reloads itself every 30 s, no
internet, nothing cut: columns wrap, never clip). Every word comes from WORDS.
"""

import csv
import hashlib
import html
import io
import itertools
from fractions import Fraction


COUNTED = ("ok", "early")
KNOWN = ("ok", "early", "partial", "altered", "unsigned")
ABSENT = 99          # the place of a round not played (placings)

WORDS = {
    "de": {
        "standings": "Stand", "after": "nach Runde", "final": "Endstand",
        "rank": "Rang", "nr": "Nr.", "name": "Name", "club": "Verein", "r": "R",
        "schrift": "Schriftpunkte", "placement": "Platzierungspunkte",
        "slovenian": "Tischpunkte", "french": "Summe",
        "tb_schrift": "Schrift", "tb_best_round": "beste Runde", "tb_placings": "Tischplätze",
        "tb_diff": "Differenz", "tb_lot": "Los",
        "kontra": "Kontra (nicht gewertet)", "decided": "entschieden durch",
        "early": "Runde am Tisch vorzeitig beendet",
        "accepted": "vom Turnierleiter trotzdem gezählt",
        "absent": "nicht gespielt", "not_counted": "Nicht gezählt",
        "partial": "unvollständig", "altered": "verändert", "unsigned": "nicht unterschrieben",
        "ok": "vollständig", "foreign": "anderes Turnier", "no_round": "Runde gibt es nicht",
        "no_player": "unbekannte Startnummer", "table": "Tisch", "round": "Runde",
        "refused": "Abgelehnt", "notes": "Hinweise", "accept_hint": "zählen mit --accept",
        "tables": "Tische gezählt", "none": "noch keine Ergebnisse",
        "held": "zurückgehalten", "prefer_hint": "zählen mit --prefer %d/%d=GERÄT",
    },
    "en": {
        "standings": "Standings", "after": "after round", "final": "Final standings",
        "rank": "Rank", "nr": "No.", "name": "Name", "club": "Club", "r": "R",
        "schrift": "Schriftpunkte", "placement": "placement points",
        "slovenian": "table points", "french": "total",
        "tb_schrift": "Schrift", "tb_best_round": "best round", "tb_placings": "table places",
        "tb_diff": "difference", "tb_lot": "lot",
        "kontra": "Kontra (not ranked)", "decided": "decided by",
        "early": "round ended early at the table",
        "accepted": "counted by the director's decision",
        "absent": "not played", "not_counted": "Not counted",
        "partial": "partial", "altered": "altered", "unsigned": "unsigned",
        "ok": "complete", "foreign": "another event", "no_round": "no such round",
        "no_player": "unknown start number", "table": "table", "round": "round",
        "refused": "Refused", "notes": "Notes", "accept_hint": "count with --accept",
        "tables": "tables counted", "none": "no results yet",
        "held": "kept out", "prefer_hint": "count one with --prefer %d/%d=DEVICE",
    },
}


def words(e):
    return WORDS[e.get("lang", "de")]


def lot_key(secret, nr):
    return hashlib.sha256(("%s/lot/%d" % (secret, nr)).encode()).hexdigest()


# ---------------------------------------------------------------- selection
def select(e, results, accept=(), upto=None):
    """Split collected rounds into counted and left.
    Returns (counted [(result, accepted)], left [(result, why)]). A later
    result for the same round and table replaces an earlier one (collect.py
    reports what changed)."""
    accept = {(int(r), int(t)) for r, t in accept}
    known = {p["nr"] for p in e["players"]}
    last = {}
    left = []
    for r in results:
        if r.get("ev") != e["ev"]:
            left.append((r, "foreign"))
            continue
        if not 1 <= r["rd"] <= e["format"]["rounds"]:
            left.append((r, "no_round"))
            continue
        if upto is not None and r["rd"] > upto:
            continue
        if any(s["nr"] not in known for s in r["seats"]):
            left.append((r, "no_player"))
            continue
        last[(r["rd"], r["tb"])] = r
    for key in list(last):
        if last[key].get("held"):     # kept out until the director prefers a device
            left.append((last.pop(key), "held"))
    counted = []
    for key in sorted(last):
        r = last[key]
        if r["status"] in COUNTED:
            counted.append((r, False))
        elif key in accept:
            counted.append((r, True))
        else:
            left.append((r, r["status"] if r["status"] in KNOWN else "partial"))
    return counted, left


# ---------------------------------------------------------------- scoring
def _places(pts):
    """Competition places (1, 2, 2, 4) by points, high first."""
    return [1 + sum(1 for q in pts if q > p) for p in pts]


def _place_scores(pts, table):
    """Each seat's placement points: tied seats share the mean of the
    places they take together."""
    out = []
    srt = sorted(pts, reverse=True)
    for p in pts:
        idx = [i for i, q in enumerate(srt) if q == p]
        out.append(Fraction(sum(Fraction(table[i]).limit_denominator(100) for i in idx),
                            len(idx)))
    return out


def compute(e, results, accept=(), upto=None):
    """The standings: {"rows": [...], "rounds": [rd...], "counted", "left"}."""
    f = e["format"]
    counted, left = select(e, results, accept, upto)
    rounds = sorted({r["rd"] for r, _ in counted})
    rows = {p["nr"]: {"nr": p["nr"], "name": p["name"], "club": p.get("club", ""),
                      "per": {}, "kontra": 0}
            for p in e["players"]}
    for r, acc in counted:
        pts = [s["pts"] for s in r["seats"]]
        places = _places(pts)
        if f["rank"] in ("placement", "slovenian"):
            table = f["place_pts"].get(str(len(pts)))
            scores = _place_scores(pts, table) if table else [Fraction(0)] * len(pts)
        else:
            scores = [Fraction(p) for p in pts]
        for s, pl, sc in zip(r["seats"], places, scores):
            row = rows[s["nr"]]
            row["per"][r["rd"]] = {"pts": s["pts"], "place": pl, "score": sc, "tb": r["tb"],
                                   "early": bool(r.get("early")) or r["status"] == "early",
                                   "accepted": acc, "size": len(pts)}
            row["kontra"] += s.get("kontra") or 0
    for row in rows.values():
        per = row["per"]
        row["main"] = sum((per[rd]["score"] for rd in per), Fraction(0))
        row["schrift"] = sum(per[rd]["pts"] for rd in per)
        row["best"] = tuple(sorted((per[rd]["pts"] if rd in per else 0 for rd in rounds),
                                   reverse=True))
        row["placings"] = tuple(sorted(per[rd]["place"] if rd in per else ABSENT
                                       for rd in rounds))
        row["lot"] = lot_key(e["secret"], row["nr"])
    crit = list(f["tiebreaks"]) + ["lot"]

    def value(row, c):
        """The criterion's value, larger is better."""
        if c in ("schrift", "diff"):
            return row["schrift"]
        if c == "best_round":
            return row["best"]
        if c == "placings":
            return tuple(-p for p in row["placings"])
        return row["lot"]

    def key(row):
        ks = [_Neg(row["main"])] + [_Neg(value(row, c)) for c in crit]
        return ks
    ordered = sorted(rows.values(), key=key)
    for i, row in enumerate(ordered):
        row["rank"] = i + 1
        row["decided"] = []
    for a, b in itertools.pairwise(ordered):
        if a["main"] != b["main"] or not rounds:
            continue
        c = next(c for c in crit if value(a, c) != value(b, c))
        for row in (a, b):
            if c not in row["decided"]:
                row["decided"].append(c)
    return {"rows": ordered, "rounds": rounds, "counted": counted, "left": left,
            "crit": crit, "upto": upto}


class _Neg:
    """Sorts its value descending (works for tuples, Fractions and str)."""
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v > other.v

    def __eq__(self, other):
        return self.v == other.v

    def __hash__(self):
        return hash(self.v)


def order(e, results, upto=None):
    """Start numbers in standings order (the draw by standings)."""
    return [r["nr"] for r in compute(e, results, upto=upto)["rows"]]


# ---------------------------------------------------------------- the table
def num(v, lang="de"):
    """An int as it is; halves as 7.5 (7,5 in German)."""
    v = Fraction(v)
    if v.denominator == 1:
        return str(v.numerator)
    s = "%.2f" % float(v)
    s = s.rstrip("0").rstrip(".")
    return s.replace(".", ",") if lang == "de" else s


def _signed(v):
    return "%+d" % v if v else "0"


def table(st, e, machine=False):
    """(header, rows of cells, legend lines): what every output shows."""
    f = e["format"]
    w = words(e)
    lang = "en" if machine else e.get("lang", "de")
    has_club = any(r["club"] for r in st["rows"])
    head = [w["rank"], w["nr"], w["name"]] + ([w["club"]] if has_club else [])
    head += ["%s%d" % (w["r"], rd) for rd in st["rounds"]]
    head.append(w[f["rank"]])
    tbs = [c for c in st["crit"] if c != "lot"]
    head += [w["tb_" + c] for c in tbs]
    if f["kc"]:
        head.append(w["kontra"])
    head.append(w["decided"])
    body = []
    by_score = f["rank"] in ("placement", "slovenian")
    for r in st["rows"]:
        cells = [str(r["rank"]), str(r["nr"]), r["name"]] + ([r["club"]] if has_club else [])
        for rd in st["rounds"]:
            p = r["per"].get(rd)
            if p is None:
                cells.append("–")
                continue
            c = "%s (%s)" % (num(p["score"], lang), _signed(p["pts"])) if by_score \
                else _signed(p["pts"])
            c += "*" if p["early"] else ""
            c += "!" if p["accepted"] else ""
            cells.append(c)
        cells.append(num(r["main"], lang))
        for c in tbs:
            if c in ("schrift", "diff"):
                cells.append(_signed(r["schrift"]))
            elif c == "best_round":
                cells.append(_signed(r["best"][0]) if r["best"] else "–")
            else:
                cells.append("-".join("–" if p == ABSENT else str(p) for p in r["placings"]))
        if f["kc"]:
            cells.append(_signed(r["kontra"]))
        cells.append(", ".join(w["tb_" + c] for c in r["decided"]))
        body.append(cells)
    return head, body, legend(st, e)


def legend(st, e):
    w = words(e)
    out = []
    drawn = e.get("rounds", {})
    have = {}
    for r, _ in st["counted"]:
        have[r["rd"]] = have.get(r["rd"], 0) + 1
    parts = ["%s%d %d/%d" % (w["r"], rd, have.get(rd, 0), len(drawn[str(rd)]["tables"]))
             for rd in sorted(int(k) for k in drawn)
             if str(rd) in drawn and (rd in have or rd <= max(have or [0]))]
    if parts:
        out.append("%s: %s" % (w["tables"], ", ".join(parts)))
    if any(p["early"] for r in st["rows"] for p in r["per"].values()):
        out.append("* " + w["early"])
    if any(acc for _, acc in st["counted"]):
        out.append("! " + w["accepted"])
    out.append("– " + w["absent"])
    if st["left"]:
        out.append("%s:" % w["not_counted"])
        for r, why in st["left"]:
            hint = " (%s %d/%d)" % (w["accept_hint"], r["rd"], r["tb"]) \
                if why in ("partial", "altered", "unsigned") else ""
            if why == "held":
                hint = " (%s)" % (w["prefer_hint"] % (r["rd"], r["tb"]))
                why = "%s: %s" % (w["held"], r["held"])
            else:
                why = w[why] + (": " + r["why"] if r.get("why") else "")
            out.append("  %s %s, %s %s: %s%s (%s)" % (w["round"], r.get("rd"), w["table"],
                                                      r.get("tb"), why, hint,
                                                      r.get("source", "")))
    return out


def title(st, e):
    w = words(e)
    rd = st["upto"] or (max(st["rounds"]) if st["rounds"] else 0)
    if not st["rounds"]:
        return "%s — %s: %s" % (e["title"], w["standings"], w["none"])
    if rd >= e["format"]["rounds"] and st["upto"] is None:
        return "%s — %s" % (e["title"], w["final"])
    return "%s — %s %s %d" % (e["title"], w["standings"], w["after"], rd)


def text(st, e, extra=()):
    head, body, leg = table(st, e)
    ncol = len(head)
    width = [max(len(x[i]) for x in [head, *body]) for i in range(ncol)]
    left = {2, 3} if len(head) > 3 and head[3] == words(e)["club"] else {2}
    left.add(ncol - 1)

    def line(cells):
        return "  ".join(c.ljust(width[i]) if i in left else c.rjust(width[i])
                         for i, c in enumerate(cells)).rstrip()
    out = [title(st, e), "", line(head)]
    out += [line(c) for c in body]
    out += [""] + leg + list(extra)
    return "\n".join(out) + "\n"


def to_csv(st, e):
    head, body, leg = table(st, e, machine=True)
    buf = io.StringIO()
    wr = csv.writer(buf, lineterminator="\r\n")
    wr.writerow(head)
    wr.writerows(body)
    return "\ufeff" + buf.getvalue()


CSS = """html{font-family:sans-serif;background:#fff;color:#000}
body{margin:1vw}
h1{font-size:clamp(20px,3vw,64px);margin:.2em 0}
table{border-collapse:collapse;width:100%}
th,td{padding:.15em .4em;border-bottom:2px solid #bbb;vertical-align:top;white-space:normal}
th{text-align:left;background:#eee}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr:nth-child(even) td{background:#f6f6f6}
p{font-size:clamp(14px,1.6vw,40px);margin:.2em 0}"""


def fit(head, body):
    """The table's type size: as large as lets every column fit the width
    of the screen (a header wraps at its spaces, a cell does not), 2.4vw at
    most, 12px at least (then the page scrolls: nothing is cut)."""
    chars = 0
    for i, h in enumerate(head):
        chars += max([len(x) for x in h.split()] + [len(r[i]) for r in body]) + 0.8
    vw = min(2.4, 96.0 / (0.62 * chars))
    return "max(12px,%.2fvw)" % vw


def to_html(st, e, extra=()):
    head, body, leg = table(st, e)
    esc = html.escape
    t = title(st, e)
    left = {2, 3} if len(head) > 3 and head[3] == words(e)["club"] else {2}
    left.add(len(head) - 1)
    out = ["<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'>"
           "<meta http-equiv='refresh' content='30'><title>%s</title><style>%s</style>"
           "</head><body><h1>%s</h1><table style='font-size:%s'><tr>"
           % (e.get("lang", "de"), esc(t), CSS, esc(t), fit(head, body))]
    out += ["<th>%s</th>" % esc(h) for h in head]
    out.append("</tr>")
    for cells in body:
        out.append("<tr>" + "".join("<td%s>%s</td>" % ("" if i in left else " class=n", esc(c))
                                    for i, c in enumerate(cells)) + "</tr>")
    out.append("</table>")
    out += ["<p>%s</p>" % esc(x) for x in list(leg) + list(extra)]
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def store(e, results, accept=(), fresh=()):
    """Keep what counts in the event (the draw by standings and the season
    read it): results["rd/tb"] = the collected round, with "accepted" when
    the director counted it. Every round counts here, whatever round the
    standings are printed after (--round limits the print, never what is
    kept). fresh: the collected rounds just read: a kept round read again
    and not counted now (a correction that no longer checks) is no longer
    kept."""
    counted, _ = select(e, results, accept)
    res = e.setdefault("results", {})
    for r in fresh:
        res.pop("%d/%d" % (r["rd"], r["tb"]), None)
    for r, acc in counted:
        d = dict(r)
        if acc:
            d["accepted"] = True
        res["%d/%d" % (r["rd"], r["tb"])] = d


def hold(e, kept_out):
    """The kept copies of rounds collect kept out ({(rd, tb): why}: two
    devices claim the table): marked "held" with the reason, so they count
    no more, in later runs too, until the director prefers a device (the
    round then counted replaces the copy). Lines saying so."""
    res = e.setdefault("results", {})
    out = []
    for (rd, tb), why in sorted(kept_out.items()):
        r = res.get("%d/%d" % (rd, tb))
        if r is not None and r.get("held") != why:
            r["held"] = why
            out.append("round %d table %d: the copy counted before (dev %s) counts no more: %s"
                       % (rd, tb, r.get("dev"), why))
    return out


def stored(e):
    """The results kept in the event, and the accepted (rd, tb) among them."""
    res = list(e.get("results", {}).values())
    acc = [(r["rd"], r["tb"]) for r in res if r.get("accepted")]
    return res, acc


def check_result(r):
    """A collected round's shape, for results read from files: one line or
    None (event.py's check: kept results pass the same)."""
    import event
    return event.check_result(r)
