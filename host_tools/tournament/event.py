"""A tournament as data: the event file (event.json) and the format presets.

An event is one JSON object the director keeps (never on a board):
  {"t": "tarockbox-event", "v": 1,
   "ev": "TTC26-IMST",            # 1-12 chars of A-Z 0-9 - (the table file's "ev")
   "title": "Tarockcup Imst",     # the device shows its first 24 chars
   "date": "2026-12-05",
   "lang": "de",                  # the words of the printouts and standings (de, en)
   "secret": "<32 hex>",          # os.urandom: the table keys derive from it
   "players": [{"nr": 1, "name": "Anna Gruber", "club": "Imst"}, ...],
   "format": {... a preset's fields, below ...},
   "rounds": {"1": {"method", "seed", "tables": [{"tb", "nr": [by seat], "dl"}]}},
   "results": {"1/3": collected round dict, ...}}   # what standings counted

The format's fields:
  preset      the name it was made from (PRESETS)
  title       what the preset is, for the printouts
  family, prof  the device's family and built-in preset (tarock.profiles)
  rounds      how many rounds
  games       {"4": 16, "5": 20}: games of a round by table size
  minutes     the round's clock (0 = none)
  sizes       the table sizes the draw makes, preferred first: [4, 5] or [3, 4]
  draw        the draw method of each round: random, fixed, standings, thirds
  meet_once   True: the draw avoids pairs that met before (as far as possible)
  rank        what ranks: schrift (Schriftpunkte without Kontra), placement
              (points per table place), slovenian (2/1/½ per table), french
              (the sum of the table scores)
  place_pts   {"4": [10, 8, 6, 4], "5": [...]}: points per table place (placement
              and slovenian; tied places share the mean of their points)
  tiebreaks   in order: schrift (the summed Schriftpunkte), best_round (the
              better best round, then the better second best ...), placings (the
              better table places: more first places, then more seconds ...),
              then lot, always last (drawn from the event secret: reproducible)
  kc          1: Kontras in a column apart (the Tarockcup: ranked without them)

Sources of the presets (each preset's comment says which part is from where,
and where the sources are silent what we chose):
  - tarock.tirol "Tarock-Cups" http://www.tarock.tirol/tarock-cups.html
    (Tiroler Tarockcup: 3 rounds of 16 games, 20 at five-player tables, time
    limit, tables at random, Schriftpunkte of all rounds, Kontras not counted)
  - ABAKUS Statistik/REGELN.js (github ahunu/ABAKUS, the Tirolcup's "8) Modus":
    three rounds of 16, the director may end a table early, seats by drawing
    cards, "Kontras zählen nicht für die Turnierwertung", ties: "die besseren
    Rundenergebnisse und dann das Los")
  - tarockcup.at "Spielregeln" http://www.tarockcup.at/service/spielregeln/
    ("Ein Kontra wirkt sich nur auf das Geld, aber nicht auf die Punktewertung aus")
  - the Tirolcup's reports (tirol-tarock.blogspot.com 2015/03 "Grande Finale":
    ties decided by "die besseren Tischränge bzw. das bessere Rundenmaximum";
    2011/01: "mit der besseren Besten Runde"); the Kärntner Tarockcup's
    (kärntner-tarockcup.at 2025/03/09: "Punktegleich, aber mit der schlechteren
    besten Runde"; 2022/04/24, 2023/05/01: "drei Runden à 20 Spiele")
  - placement points 10/8/6/4: tirol-tarock.blogspot.com 2013/01 (the
    international Piatnik tournament, Vienna: "Wertung nach Siegpunkten
    (10/8/6/4), Auslosung nach Zwischenstand"); +1 at a five-table: issue 39
  - Slovenia: Gorenjski glas 2007-07-01 "Mond na vrhu Šmarjetne"
    (http://arhiv.gorenjskiglas.si/article/20070701/C/307019982/): tables of
    three, 21 games in an hour and a half against a public clock, the first
    round one player from each third of the ranking, table winner 2 points,
    second 1, last ½, the difference next, later rounds by standing;
    tarokzveza.si "Pravilnik o organizaciji in izvedbi tekmovanj"
  - France: "Le tournoi en donnes libres" http://beuselinck.fr/article182.html
    ("cinq parties de quatre donnes ... ne rencontrent qu'une seule fois les
    autres joueurs ... l'addition des scores obtenus à chaque table"); the FFT's
    "Fascicule 2: donnes libres" (fftarot.fr)
"""

import copy
import datetime as dt
import hashlib
import json
import os
import re

EV_RE = re.compile(r"^[A-Z0-9-]{1,12}$")
TITLE_MAX = 24          # the table file's "evn"
NR_MAX = 999
ROUNDS_MAX = 15         # the table file's "rd"
TABLES_MAX = 99         # the table file's "tb"
METHODS = ("random", "fixed", "standings", "thirds")
RANKS = ("schrift", "placement", "slovenian", "french")
TIEBREAKS = ("schrift", "best_round", "placings", "diff")
LANGS = ("de", "en")

# Austrian cup: 16 games at a four-table, 20 at a five-table (each deals four
# times); Kontras apart; ties: the better best round, the better table places,
# the lot. Tirolcup, Raiffeisen Tarockcup (tarock.tirol, ABAKUS REGELN.js,
# tarockcup.at, see the header).
_AUSTRIA = {
    "title": "Tarockcup (Königrufen)",
    "family": "koenigrufen", "prof": "koenigrufen/tarockcup",
    "rounds": 3, "games": {"4": 16, "5": 20},
    # the sources say "mit Zeitlimit" without the minutes: two hours is what a
    # director gives 16 games (about 7 minutes a game)
    "minutes": 120,
    "sizes": [4, 5],
    # "Die Tischzuteilung erfolgt zufällig" (tarock.tirol) in every round
    "draw": ["random", "random", "random"],
    # silent: a random draw that avoids a second meeting is what players expect
    "meet_once": True,
    "rank": "schrift",
    "place_pts": {},
    "tiebreaks": ["best_round", "placings"],
    "kc": 1,
}

PRESETS = {
    "tarockcup": _AUSTRIA,
    # Kärntner Tarockcup: "drei Runden à 20 Spiele" (kärntner-tarockcup.at);
    # otherwise the Austrian cup rules. Silent on five-tables (25 games, each
    # deals five times as at a four-table) and the clock (150 minutes: 20
    # games at the Tarockcup's pace)
    "kaernten": dict(_AUSTRIA, title="Kärntner Tarockcup (Königrufen)",
                     games={"4": 20, "5": 25}, minutes=150),
    # placement points per table (10/8/6/4, the Piatnik tournament; +1 at a
    # five-table: issue 39); the Schriftpunkte decide a tie, then the best
    # round (the Tirolcup report 2011/01: equal "Siegpunkte" and equal
    # Schrift, "mit der besseren Besten Runde"), then the lot. The fifth place
    # of a five-table: silent, we give 3 (the pattern 11/9/7/5 goes on).
    # Later rounds by the standings ("Auslosung nach Zwischenstand")
    "placement": dict(_AUSTRIA, title="Platzierungspunkte (Königrufen)",
                      rank="placement",
                      place_pts={"4": [10, 8, 6, 4], "5": [11, 9, 7, 5, 3]},
                      draw=["random", "standings", "standings"],
                      tiebreaks=["schrift", "best_round", "placings"]),
    # Slovenian federation: tables of three, 21 games in 90 minutes, 2/1/½,
    # the difference next; round 1 one from each third, later rounds by
    # standing (Gorenjski glas 2007, tarokzveza.si). Silent on the number of
    # rounds (the report: "v tretjem ter četrtem krogu": four), on tables of
    # four (when the count is no multiple of three: we seat four, 20 games,
    # five deals each, and give 2/1½/1/½) and on meeting again (allowed: the
    # rounds group by standing)
    "slovenia": {
        "title": "Tarok zveza Slovenije (posamezno)",
        "family": "slovenian", "prof": "slovenian/standard",
        "rounds": 4, "games": {"3": 21, "4": 20}, "minutes": 90,
        "sizes": [3, 4],
        "draw": ["thirds", "standings", "standings", "standings"],
        "meet_once": False,
        "rank": "slovenian",
        "place_pts": {"3": [2, 1, 0.5], "4": [2, 1.5, 1, 0.5]},
        "tiebreaks": ["diff"],
        "kc": 0,
    },
    # French "donnes libres": five parties of four deals, each meets the
    # others once, the sum of the table scores (beuselinck.fr, FFT fascicule
    # 2). The sources give no rotation table: each party is drawn at random
    # with the search for no second meeting (none from 24 players on, a few
    # for 16-21; a fixed advancement does worse unless the tables are a
    # prime count of 5 or more: then set "fixed" in the event file). Silent on five-tables (five deals, each deals
    # once), the clock (30 minutes for four deals) and ties (the better best
    # party, then the lot)
    "french": {
        "title": "Tarot, donnes libres",
        "family": "french", "prof": "french/fft",
        "rounds": 5, "games": {"4": 4, "5": 5}, "minutes": 30,
        "sizes": [4, 5],
        "draw": ["random", "random", "random", "random", "random"],
        "meet_once": True,
        "rank": "french",
        "place_pts": {},
        "tiebreaks": ["best_round"],
        "kc": 0,
    },
}


class EventError(ValueError):
    """A bad event file or value: the message is the one line the tool prints."""


# ---------------------------------------------------------------- keys
def table_key(ev_secret, ev, rd, tb):
    """The table key, as fixed between this tool and the boards (issue 39):
    sha256("secret/ev/rd/tb"), its first 16 lowercase hex digits (64 bits:
    no signed digest gives it back by trying keys). The board signs a
    round's digest with it; the secret never leaves the director's event
    file."""
    text = "%s/%s/%s/%s" % (ev_secret, ev, rd, tb)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def code_key(ev_secret, ev, rd, tb):
    """The key a table's typed code carries (20 bits, table.tcode): derived
    apart from the table file's, so the code printed on a table's page
    tells nothing of the file's key; as a board's 16 hex digits
    (tcode.key_of_code)."""
    text = "%s/%s/%s/%s/code" % (ev_secret, ev, rd, tb)
    return hashlib.sha256(text.encode()).hexdigest()[:5] + "0" * 11


def new_secret():
    return os.urandom(16).hex()


# ---------------------------------------------------------------- building
def preset(name):
    if name not in PRESETS:
        raise EventError("unknown preset %r (accepted: %s)" % (name, ", ".join(PRESETS)))
    f = copy.deepcopy(PRESETS[name])
    f["preset"] = name
    return f


def make_id(title, date):
    """An event id from the title's initials and the date: 'TC26-IMST' style,
    A-Z 0-9 - only, 12 chars at most."""
    words = re.findall(r"[A-Za-z0-9]+", _ascii(title).upper())
    head = "".join(w[0] for w in words[:-1])[:4] or "EV"
    tail = (words[-1] if words else "X")[:4]
    yy = (date or "")[2:4] if re.match(r"^\d{4}", date or "") else ""
    return ("%s%s-%s" % (head, yy, tail))[:12].strip("-") or "EV"


def _ascii(text):
    import unicodedata
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def new_event(players, preset_name, title="", date=None, ev=None, lang="de", secret=None):
    """A fresh event: players [{"nr", "name", "club"?}] or names."""
    date = date or dt.date.today().isoformat()   # noqa: DTZ011 (the hall's local day)
    fmt = preset(preset_name)
    title = title or fmt["title"]
    ps = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            p = {"name": p}
        q = {"nr": int(p.get("nr") or i + 1), "name": str(p["name"]).strip()}
        if p.get("club"):
            q["club"] = str(p["club"]).strip()
        ps.append(q)
    e = {"t": "tarockbox-event", "v": 1, "ev": ev or make_id(title, date),
         "title": title, "date": date, "lang": lang,
         "secret": secret or new_secret(), "players": ps, "format": fmt,
         "rounds": {}, "results": {}}
    validate(e)
    return e


def read_players(path):
    """Players from a file: CSV with a header (nr, name, club; name alone is
    enough) or one name a line. Blank lines and lines starting with # are
    skipped."""
    import csv
    with open(path, encoding="utf-8-sig") as fh:
        lines = [x for x in fh.read().splitlines() if x.strip() and not x.lstrip().startswith("#")]
    if not lines:
        raise EventError("%s: no players" % path)
    head = [h.strip().lower() for h in next(csv.reader([lines[0]]))]
    if "name" in head:
        out = []
        for i, row in enumerate(csv.DictReader(lines, fieldnames=head)):
            if i == 0:
                continue
            nm = (row.get("name") or "").strip()
            if not nm:
                raise EventError("%s: line %d: no name" % (path, i + 1))
            p = {"name": nm}
            nr = (row.get("nr") or "").strip()
            if nr:
                if not nr.isdigit():
                    raise EventError("%s: line %d: start number %r is not a number"
                                     % (path, i + 1, nr))
                p["nr"] = int(nr)
            if (row.get("club") or "").strip():
                p["club"] = row["club"].strip()
            out.append(p)
        return out
    return [{"name": x.strip()} for x in lines]


# ---------------------------------------------------------------- checking
# Every field is type-checked: the file is the director's, a hand may have
# edited it, and a wrong type must be one line, never a traceback later on.
def _whole(v, lo=None, hi=None):
    """A whole number (not a bool, not a float) in lo..hi."""
    return isinstance(v, int) and not isinstance(v, bool) and \
        (lo is None or v >= lo) and (hi is None or v <= hi)


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def validate(e):
    """Raise EventError (one line) when the event is not one this tool made."""
    if not isinstance(e, dict) or e.get("t") != "tarockbox-event":
        raise EventError("not a tarockbox event file")
    if not _whole(e.get("v")) or e.get("v") != 1:
        raise EventError("event file version %r, this tool reads 1" % (e.get("v"),))
    if not isinstance(e.get("ev"), str) or not EV_RE.match(e["ev"]):
        raise EventError("event id %r: 1-12 chars of A-Z 0-9 -" % (e.get("ev"),))
    if not isinstance(e.get("secret"), str) or not re.match(r"^[0-9a-f]{16,}$", e["secret"]):
        raise EventError("event secret missing or not hex")
    if not isinstance(e.get("lang", "de"), str) or e.get("lang", "de") not in LANGS:
        raise EventError("language %r (accepted: %s)" % (e.get("lang"), ", ".join(LANGS)))
    if not isinstance(e.get("title"), str):
        raise EventError("title %r: text" % (e.get("title"),))
    if not isinstance(e.get("date", ""), str):
        raise EventError("date %r: text (YYYY-MM-DD)" % (e.get("date"),))
    ps = e.get("players")
    if not isinstance(ps, list) or not ps:
        raise EventError("the event has no players")
    seen = set()
    for i, p in enumerate(ps):
        if not isinstance(p, dict):
            raise EventError("player %d: %r is not {nr, name, club}" % (i + 1, p))
        nr = p.get("nr")
        if not _whole(nr, 1, NR_MAX):
            raise EventError("start number %r: 1..%d" % (nr, NR_MAX))
        if nr in seen:
            raise EventError("start number %d given twice" % nr)
        seen.add(nr)
        if not isinstance(p.get("name"), str) or not p["name"].strip():
            raise EventError("player %d has no name" % nr)
        if not isinstance(p.get("club", ""), str):
            raise EventError("player %d: club %r is not text" % (nr, p.get("club")))
    _check_format(e.get("format"))
    _check_rounds(e, seen)


def _check_rounds(e, known):
    """The seatings and kept results a hand may have edited: their shape."""
    rounds = e.get("rounds", {})
    if not isinstance(rounds, dict):
        raise EventError("rounds: not an object by round number")
    for k, r in rounds.items():
        if not k.isdigit() or not 1 <= int(k) <= ROUNDS_MAX or not isinstance(r, dict) or \
                not isinstance(r.get("tables"), list):
            raise EventError("round %r: no tables" % k)
        if not _whole(r.get("seed")):
            raise EventError("round %s: no seed" % k)
        if not isinstance(r.get("method", ""), str):
            raise EventError("round %s: method %r is not text" % (k, r.get("method")))
        if not _whole(r.get("repeats", 0), 0):
            raise EventError("round %s: repeats %r" % (k, r.get("repeats")))
        ab = r.get("absent", [])
        if not isinstance(ab, list) or not all(x in known for x in ab if _whole(x)) or \
                not all(_whole(x) for x in ab):
            raise EventError("round %s: absent %r: start numbers of the event" % (k, ab))
        tbs = set()
        for t in r["tables"]:
            ok = isinstance(t, dict) and _whole(t.get("tb"), 1, TABLES_MAX) and \
                t["tb"] not in tbs and isinstance(t.get("nr"), list) and \
                3 <= len(t["nr"]) <= 5 and all(_whole(nr) and nr in known for nr in t["nr"]) and \
                len(set(t["nr"])) == len(t["nr"]) and _whole(t.get("dl"), 0, len(t["nr"]) - 1)
            if not ok:
                raise EventError("round %s: table %r is not tb, nr (3-5 start numbers of the "
                                 "event) and dl" % (k, t.get("tb") if isinstance(t, dict) else t))
            tbs.add(t["tb"])
    res = e.get("results", {})
    if not isinstance(res, dict):
        raise EventError("results: not the collected rounds this tool keeps")
    for k, r in res.items():
        bad = check_result(r)
        if bad is None and k != "%d/%d" % (r["rd"], r["tb"]):
            bad = "kept as %r" % k
        if bad:
            raise EventError("results %s: %s" % (k, bad))


def check_result(r):
    """A collected round's shape (collect.py's interface, issue 39): one line
    or None. The rounds just read and those kept in the event file both pass
    here before anything counts them."""
    need = ("ev", "rd", "tb", "seats", "status")
    if not isinstance(r, dict) or any(k not in r for k in need):
        return "not a collected round (wants %s)" % ", ".join(need)
    if not isinstance(r["ev"], str) or not isinstance(r["status"], str):
        return "ev and status: text"
    if not _whole(r["rd"], 1, ROUNDS_MAX) or not _whole(r["tb"], 1, TABLES_MAX):
        return "rd %r, tb %r: round 1..%d, table 1..%d" % (r["rd"], r["tb"], ROUNDS_MAX,
                                                           TABLES_MAX)
    if not isinstance(r["seats"], list) or not 1 <= len(r["seats"]) <= 5:
        return "no seats"
    for s in r["seats"]:
        if not isinstance(s, dict) or not _whole(s.get("nr")) or not _whole(s.get("pts")):
            return "a seat without nr and pts (whole numbers)"
        if not (s.get("kontra") is None or _whole(s["kontra"])):
            return "seat %d: kontra %r is not a whole number" % (s["nr"], s["kontra"])
        if not (s.get("nm") is None or isinstance(s["nm"], str)):
            return "seat %d: nm %r is not text" % (s["nr"], s["nm"])
    if len({s["nr"] for s in r["seats"]}) != len(r["seats"]):
        return "a start number twice at the table"
    for k in ("n", "g", "sq"):
        if not (r.get(k) is None or _whole(r[k], 0)):
            return "%s %r is not a whole number" % (k, r[k])
    for k in ("early", "accepted"):
        if not (r.get(k) is None or isinstance(r[k], bool) or _whole(r[k], 0, 1)):
            return "%s %r: true or false" % (k, r[k])
    for k in ("why", "source", "held", "dev", "dg"):
        if not (r.get(k) is None or isinstance(r[k], str)):
            return "%s %r is not text" % (k, r[k])
    return None


def _check_format(f):
    if not isinstance(f, dict):
        raise EventError("the event has no format")
    need = ("family", "prof", "rounds", "games", "minutes", "sizes", "draw", "meet_once",
            "rank", "place_pts", "tiebreaks", "kc")
    for k in need:
        if k not in f:
            raise EventError("the format lacks %r" % k)
    for k in ("family", "prof", "title", "preset"):
        if not isinstance(f.get(k, ""), str):
            raise EventError("format %s %r: text" % (k, f[k]))
    if not _whole(f["rounds"], 1, ROUNDS_MAX):
        raise EventError("rounds %r: 1..%d" % (f["rounds"], ROUNDS_MAX))
    if not isinstance(f["sizes"], list) or not f["sizes"] or \
            any(not _whole(s, 3, 5) for s in f["sizes"]):
        raise EventError("table sizes %r: a list of 3, 4 or 5" % (f["sizes"],))
    if not isinstance(f["games"], dict):
        raise EventError("games %r: games by table size, e.g. {\"4\": 16, \"5\": 20}"
                         % (f["games"],))
    for s in f["sizes"]:
        g = f["games"].get(str(s))
        if not _whole(g, 1, 60):
            raise EventError("games at a table of %d: %r, 1..60" % (s, g))
    if not _whole(f["minutes"], 0, 600):
        raise EventError("minutes %r: 0..600" % (f["minutes"],))
    if not isinstance(f["draw"], list) or len(f["draw"]) != f["rounds"] or \
            any(not isinstance(m, str) or m not in METHODS for m in f["draw"]):
        raise EventError("draw %r: one of %s for each round" % (f["draw"], ", ".join(METHODS)))
    if not isinstance(f["meet_once"], bool):
        raise EventError("meet_once %r: true or false" % (f["meet_once"],))
    if not isinstance(f["rank"], str) or f["rank"] not in RANKS:
        raise EventError("rank %r (accepted: %s)" % (f["rank"], ", ".join(RANKS)))
    if not isinstance(f["place_pts"], dict):
        raise EventError("place_pts %r: points per place by table size, e.g. {\"4\": [10, 8, "
                         "6, 4]}" % (f["place_pts"],))
    if f["rank"] in ("placement", "slovenian"):
        for s in f["sizes"]:
            pts = f["place_pts"].get(str(s))
            if not isinstance(pts, list) or len(pts) != s or not all(_number(x) for x in pts):
                raise EventError("place points for a table of %d: %r" % (s, pts))
    if not isinstance(f["tiebreaks"], list):
        raise EventError("tiebreaks %r: a list of %s" % (f["tiebreaks"], ", ".join(TIEBREAKS)))
    for t in f["tiebreaks"]:
        if not isinstance(t, str) or t not in TIEBREAKS:
            raise EventError("tie-break %r (accepted: %s, then the lot)"
                             % (t, ", ".join(TIEBREAKS)))
    if not _whole(f["kc"], 0, 1):
        raise EventError("kc %r: 0 or 1" % (f["kc"],))


# ---------------------------------------------------------------- files
def load(path):
    try:
        with open(path, encoding="utf-8") as fh:
            e = json.load(fh)
    except OSError as x:
        raise EventError("%s: %s" % (path, x.strerror or x))
    except ValueError as x:
        raise EventError("%s: not JSON (%s)" % (path, x))
    try:
        validate(e)
    except EventError as x:
        raise EventError("%s: %s" % (path, x))
    e.setdefault("rounds", {})
    e.setdefault("results", {})
    e.setdefault("lang", "de")
    return e


def save(e, path):
    """Written whole to a new file, then renamed: a crash leaves the old one."""
    validate(e)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        json.dump(e, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    os.replace(tmp, path)


def players_by_nr(e):
    return {p["nr"]: p for p in e["players"]}


def games_at(e, size):
    return e["format"]["games"][str(size)]
