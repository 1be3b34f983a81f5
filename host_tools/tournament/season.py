"""A cup season: several events' standings summed as a cup does.

Each event (its event file, with the results `standings` kept in it) gives
each player a place; the place (or the event's score) gives cup points; a
player's best N results count. An event counts once: the same event id
given twice (the same file, or a copy) is refused.

Who is who across events: start numbers are the event's own (its draw's
order), so they tell nobody apart; a cup knows its players by name and
club (ABAKUS lists them so; two "Hans Huber" of two clubs are two
players). So a player is the same person across events by name AND club
(case and spacing aside), with one allowance: an event that lists no club
for a player joins them to the only player of that name with a club (the
director left the club out that evening), and the output says so. What
the output says too: a name that stands for players of different clubs
(two people, or one who changed club: then give the same club in every
event file). Two players of one event with the same name and club cannot
be told apart in the season: refused, one line (give one a club or
another name).

Cup points (--points), from ABAKUS, the web app of the Austrian cups
(github ahunu/ABAKUS, Statistik/):
  fix    the fixed points table of the Austrian cups: 223, 198, 180 ... for
         places 1..50, nothing below (Statistik.js tFIXPUNKTE, used by
         statFunktionen.js getCupPunkte "Fixpunktesystem")
  tirol  the Tirolcup's own formula until 2019/20: round(200 * ((N - place) /
         (N - 1))^3), N the event's players (getCupPunkte, cup 55; the
         "Punktespiegel" of tarock.tirol)
  heine  from the event's score: up to 100 in full, above 100 every second
         point, at most 200, nothing for a minus (showHeinewertung.js: "Bis
         100 Punkten ... voll angerechnet. Ab 100 Punkten zählt jeder zweite
         Punkt ... maximal 200 ... Minuspunkte werden nicht gewertet"; there
         the best 50 % of the events count: give --best)
  a list "25,20,16,...": points for places 1, 2, 3 ..., nothing below
Ties in the season: the better results compared one by one (best first);
still equal, the players share the rank (a season has no secret to draw a
lot from; the sources are silent).
"""

import csv
import html
import io

import event as E
import standings as S

# ABAKUS Statistik/Statistik.js tFIXPUNKTE, places 1..50
FIX = (223, 198, 180, 168, 156, 147, 138, 131, 124,
       117, 110, 105, 100, 95, 90, 85, 80, 76, 72,
       68, 64, 60, 56, 52, 49, 46, 43, 40, 37,
       34, 31, 28, 26, 24, 22, 20, 18, 16, 14,
       12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
SYSTEMS = ("fix", "tirol", "heine")

WORDS = {
    "de": {"season": "Cupwertung", "best": "beste %d zählen", "rank": "Rang", "name": "Name",
           "club": "Verein", "total": "Cuppunkte", "events": "Turniere",
           "not": "(in Klammern: nicht gezählt)", "absent": "– nicht gespielt",
           "no_club": "%s (Turnier %d, ohne Verein) gezählt als %s (%s)",
           "clubs": "%s: %d Spieler, nach Verein getrennt (%s); ein Vereinswechsel? "
                    "Dann in jeder Turnierdatei denselben Verein angeben"},
    "en": {"season": "Cup season", "best": "best %d count", "rank": "Rank", "name": "Name",
           "club": "Club", "total": "cup points", "events": "events",
           "not": "(in brackets: not counted)", "absent": "– not played",
           "no_club": "%s (event %d, no club) counted as %s (%s)",
           "clubs": "%s: %d players, told apart by club (%s); one who changed club? "
                    "Then give the same club in every event file"},
}


def parse_points(text):
    """'fix', 'tirol', 'heine' or a comma list of whole numbers."""
    if text in SYSTEMS:
        return text
    try:
        pts = [int(x) for x in text.split(",")]
    except ValueError:
        raise ValueError("%r: fix, tirol, heine or points per place like 25,20,16" % text)
    if not pts or any(p < 0 for p in pts):
        raise ValueError("%r: points per place, whole numbers 0 or more" % text)
    return pts


def cup_points(system, place, n, score):
    if system == "fix":
        return FIX[place - 1] if place <= len(FIX) else 0
    if system == "tirol":
        return round(200 * ((n - place) / (n - 1)) ** 3) if n > 1 else 200
    if system == "heine":
        s = int(score)
        if s <= 0:
            return 0
        return min(200, s if s <= 100 else 100 + (s - 100) // 2)
    return system[place - 1] if place <= len(system) else 0


def _who(name):
    return " ".join(name.split()).casefold()


def _label(e):
    return "%s (%s)" % (e["ev"], e["title"])


def compute(events, best, system="fix"):
    """{"events": [titles], "rows": [{"rank", "name", "club", "pts": [per
    event or None], "counted": [bools], "total", "n"}], "notes": [(word,
    args)]}: who is who as the module doc says. Raises EventError for an
    event given twice and for two players of one event alike by name and
    club."""
    seen = {}
    for e in events:
        if e["ev"] in seen:
            raise E.EventError("event %s given twice (%s, %s): each event counts once"
                               % (e["ev"], _label(seen[e["ev"]]), _label(e)))
        seen[e["ev"]] = e
    entries = []        # (event index, name key, club key, standings row, cup points)
    for i, e in enumerate(events):
        res, acc = S.stored(e)
        st = S.compute(e, res, accept=acc)
        played = [r for r in st["rows"] if r["per"]]
        mine = {}
        for r in played:
            k = (_who(r["name"]), _who(r["club"]))
            if k in mine:
                raise E.EventError("%s: two players %s%s (nr %d, %d): the season cannot tell "
                                   "them apart: give one a club or another name" % (
                                       _label(e), r["name"], " (%s)" % r["club"] if r["club"]
                                       else "", mine[k]["nr"], r["nr"]))
            mine[k] = r
            entries.append((i, k[0], k[1], r, cup_points(system, r["rank"], len(played),
                                                         r["main"])))
    clubs = {}          # name key: {club key: the club as written}
    for _, nk, ck, r, _ in entries:
        if ck:
            clubs.setdefault(nk, {}).setdefault(ck, r["club"])
    there = {(i, nk, ck) for i, nk, ck, _, _ in entries}
    people = {}
    notes = []
    for i, nk, ck, r, pts in entries:
        only = list(clubs.get(nk, {}))
        if not ck and len(only) == 1 and (i, nk, only[0]) not in there:
            # no club that evening: the one player of that name with a club
            ck = only[0]
            notes.append(("no_club", (r["name"], i + 1, r["name"], clubs[nk][ck])))
        p = people.setdefault((nk, ck), {"name": r["name"], "club": r["club"],
                                         "pts": [None] * len(events)})
        p["pts"][i] = pts
        p["club"] = p["club"] or r["club"]
    for nk in sorted(clubs):
        cs = clubs[nk]
        if len(cs) > 1:
            name = next(r["name"] for _, k, _, r, _ in entries if k == nk)
            notes.append(("clubs", (name, len(cs), ", ".join(sorted(cs.values())))))
    rows = []
    for p in people.values():
        got = sorted(((v, i) for i, v in enumerate(p["pts"]) if v is not None),
                     key=lambda x: (-x[0], x[1]))
        keep = {i for _, i in got[:best]}
        p["counted"] = [i in keep for i in range(len(events))]
        p["total"] = sum(v for v, i in got[:best])
        p["n"] = len(got)
        p["key"] = (p["total"], tuple(v for v, _ in got))
        rows.append(p)
    rows.sort(key=lambda p: (p["key"][0], p["key"][1]), reverse=True)
    for i, p in enumerate(rows):
        same = i and rows[i - 1]["key"] == p["key"]
        p["rank"] = rows[i - 1]["rank"] if same else i + 1
    return {"events": [e["title"] + " " + e.get("date", "") for e in events],
            "rows": rows, "best": best, "notes": notes}


def table(se, lang="de"):
    w = WORDS[lang]
    has_club = any(r["club"] for r in se["rows"])
    head = [w["rank"], w["name"]] + ([w["club"]] if has_club else [])
    head += ["%d" % (i + 1) for i in range(len(se["events"]))] + [w["total"], w["events"]]
    body = []
    for r in se["rows"]:
        cells = [str(r["rank"]), r["name"]] + ([r["club"]] if has_club else [])
        for v, c in zip(r["pts"], r["counted"]):
            cells.append("–" if v is None else (str(v) if c else "(%d)" % v))
        cells += [str(r["total"]), str(r["n"])]
        body.append(cells)
    leg = ["%d: %s" % (i + 1, t) for i, t in enumerate(se["events"])]
    leg += [w["not"], w["absent"]]
    leg += [w[k] % args for k, args in se.get("notes", ())]
    return head, body, leg


def heading(se, lang):
    w = WORDS[lang]
    return "%s (%s)" % (w["season"], w["best"] % se["best"])


def text(se, lang="de"):
    head, body, leg = table(se, lang)
    width = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    left = {1, 2} if head[2] == WORDS[lang]["club"] else {1}

    def line(cells):
        return "  ".join(c.ljust(width[i]) if i in left else c.rjust(width[i])
                         for i, c in enumerate(cells)).rstrip()
    return "\n".join([heading(se, lang), "", line(head)] + [line(c) for c in body]
                     + [""] + leg) + "\n"


def to_csv(se, lang="de"):
    head, body, _ = table(se, lang)
    buf = io.StringIO()
    wr = csv.writer(buf, lineterminator="\r\n")
    wr.writerow(head)
    wr.writerows(body)
    return "\ufeff" + buf.getvalue()


def to_html(se, lang="de"):
    head, body, leg = table(se, lang)
    esc = html.escape
    t = heading(se, lang)
    out = ["<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'><title>%s</title>"
           "<style>%s</style></head><body><h1>%s</h1><table><tr>"
           % (lang, esc(t), S.CSS, esc(t))]
    out += ["<th>%s</th>" % esc(h) for h in head] + ["</tr>"]
    for cells in body:
        out.append("<tr>" + "".join("<td>%s</td>" % esc(c) for c in cells) + "</tr>")
    out.append("</table>")
    out += ["<p>%s</p>" % esc(x) for x in leg]
    out.append("</body></html>")
    return "\n".join(out) + "\n"
