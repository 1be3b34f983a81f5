#!/usr/bin/env python3
"""The tournament director's tool (issue 39): event, draw, printouts, standings, season.

    tournament.py new EVENT.json --preset tarockcup --players players.csv [--title T] [--date D] [--id EV] [--lang de|en]
    tournament.py draw EVENT.json --round 1 [--seed S] [--force]
    tournament.py print EVENT.json --round 1 --out DIR [--force]
    tournament.py standings EVENT.json [SOURCES ...] [--round R] [--csv F] [--html F] [--accept R/T ...] [--prefer R/T=DEV ...]
    tournament.py season EVENT.json ... --best N [--points fix|tirol|heine|25,20,...] [--csv F] [--html F]

new:       an event file from a preset (event.py: the presets and their
           sources) and the players (CSV with a header nr,name,club, or one
           name a line); a random event secret (the table keys derive from it).
draw:      draws the round as the format says (draw.py), stores the seating
           in the event file and prints it with its seed (the same seed
           draws the same seating). A round already drawn is redrawn only
           with --force, never once it has results.
print:     DIR gets hall.txt (players alphabetically, table and seat),
           tables.txt (a page per table), roundR.html (both, one file, a page
           per table) and T01.json ... (the table files for the boards:
           `mpremote cp T03.json :tourney.json`).
standings: reads the tables' rounds from SOURCES (journals sheet.tbj, folders
           of them, JSON exports, addresses of boards: collect.py), counts
           the complete ones (early ones marked), lists the rest with their
           reason (--accept R/T counts one anyway, marked; a table two
           devices claim counts no copy, a kept one neither, until
           --prefer R/T=DEV names the device), keeps what it
           counted in the event file (the next draw by standings and the
           season read it) and prints the standings; --csv and --html write
           them too (the HTML page to project in the hall).
season:    the events' standings summed as a cup does (season.py).

A bad argument or input: one line on stderr, exit status 2. Output files
already there are written over only with --force (the event file itself is
updated in place by draw and standings).
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import cli  # noqa: E402
import event as E  # noqa: E402

PRESETS = tuple(E.PRESETS)


def _accept(text):
    try:
        r, t = (int(x, 10) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not R/T (round/table, e.g. 2/7)" % text)
    if not (1 <= r <= E.ROUNDS_MAX and 1 <= t <= E.TABLES_MAX):
        raise argparse.ArgumentTypeError("%s is out of range: R/T with R 1..%d, T 1..%d"
                                         % (text, E.ROUNDS_MAX, E.TABLES_MAX))
    return r, t


cli._typed(_accept, "accept", ["x", "0/1", "2/100"], "1/1")


def _prefer(text):
    rt, eq, dev = text.partition("=")
    dev = dev.strip()
    if not eq or not dev or any(c.isspace() for c in dev):
        raise argparse.ArgumentTypeError("%r is not R/T=DEV (round/table=device id, e.g. "
                                         "2/7=e6614103)" % text)
    return _accept(rt), dev


cli._typed(_prefer, "prefer", ["1/2", "1/2=", "0/1=ab"], "1/1=ab")


def _points(text):
    import season
    try:
        return season.parse_points(text)
    except ValueError as x:
        raise argparse.ArgumentTypeError(str(x))


cli._typed(_points, "points", ["nosuch"], "fix")


def _event_id(text):
    if not E.EV_RE.match(text):
        raise argparse.ArgumentTypeError("%r is not an event id (1-12 chars of A-Z 0-9 -)" % text)
    return text


cli._typed(_event_id, "event_id", ["bad id"], "EV-1")


def _numbers(text):
    try:
        nrs = [int(x, 10) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not start numbers (e.g. 5,12)" % text)
    if any(not 1 <= n <= E.NR_MAX for n in nrs):
        raise argparse.ArgumentTypeError("%r is out of range: start numbers 1..%d"
                                         % (text, E.NR_MAX))
    return nrs


cli._typed(_numbers, "numbers", ["x", "0"], "1")


def _date(text):
    import datetime as dt
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a date (YYYY-MM-DD)" % text)


cli._typed(_date, "date", ["5.12.2026"], "2026-12-05")


def parser():
    ap = cli.Parser(prog="tournament.py", description=(__doc__ or "").split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND",
                            parser_class=cli.Parser)
    p = sub.add_parser("new", help="a new event file from a preset and the players")
    p.add_argument("event", metavar="EVENT.json", type=cli.new_file)
    p.add_argument("--preset", required=True, type=cli.one_of(PRESETS, "preset"))
    p.add_argument("--players", required=True, type=cli.existing_file,
                   help="CSV with a header (nr,name,club) or one name a line")
    p.add_argument("--title", default="")
    p.add_argument("--date", type=_date, default=None, help="YYYY-MM-DD (today)")
    p.add_argument("--id", dest="ev", type=_event_id, default=None,
                   help="the event id (made from the title and date)")
    p.add_argument("--lang", type=cli.one_of(E.LANGS, "language"), default="de")
    cli.add_force(p)

    p = sub.add_parser("draw", help="draw a round, store it in the event and print it")
    p.add_argument("event", metavar="EVENT.json", type=cli.existing_file)
    p.add_argument("--round", required=True, type=cli.int_range(1, E.ROUNDS_MAX))
    p.add_argument("--seed", type=cli.int_range(0, 2 ** 32 - 1), default=None,
                   help="the draw's seed (random when not given; always printed)")
    p.add_argument("--absent", type=_numbers, default=[],
                   help="start numbers left out of this round (5,12): a player who left")
    p.add_argument("--force", action="store_true", help="draw again a round already drawn")

    p = sub.add_parser("print", help="hall list, table pages and table files of a round")
    p.add_argument("event", metavar="EVENT.json", type=cli.existing_file)
    p.add_argument("--round", required=True, type=cli.int_range(1, E.ROUNDS_MAX))
    p.add_argument("--out", required=True, type=cli.new_dir)
    cli.add_force(p)

    p = sub.add_parser("standings", help="collect the tables' rounds and print the standings")
    p.add_argument("event", metavar="EVENT.json", type=cli.existing_file)
    p.add_argument("sources", metavar="SOURCES", nargs="*",
                   help="journals, folders, JSON exports, http://addresses")
    p.add_argument("--round", type=cli.int_range(1, E.ROUNDS_MAX), default=None,
                   help="the standings after this round")
    p.add_argument("--csv", type=cli.new_file)
    p.add_argument("--html", type=cli.new_file)
    p.add_argument("--accept", type=_accept, action="append", default=[],
                   help="count round R's table T although incomplete (R/T; again for more)")
    p.add_argument("--prefer", type=_prefer, action="append", default=[],
                   help="two devices claim round R's table T: count DEV's round (R/T=DEV)")
    cli.add_force(p)

    p = sub.add_parser("season", help="several events summed as a cup")
    p.add_argument("events", metavar="EVENT.json", nargs="+", type=cli.existing_file)
    p.add_argument("--best", required=True, type=cli.int_range(1),
                   help="how many results of each player count")
    p.add_argument("--points", type=_points, default="fix",
                   help="fix (ABAKUS), tirol, heine, or points per place 25,20,16,...")
    p.add_argument("--csv", type=cli.new_file)
    p.add_argument("--html", type=cli.new_file)
    p.add_argument("--lang", type=cli.one_of(E.LANGS, "language"), default=None)
    cli.add_force(p)
    return ap


def _write(path, text):
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)


# ---------------------------------------------------------------- commands
def cmd_new(ap, a):
    cli.outputs(ap, a.force, [a.event])
    players = E.read_players(a.players)
    e = E.new_event(players, a.preset, title=a.title, date=a.date, ev=a.ev, lang=a.lang)
    E.save(e, a.event)
    f = e["format"]
    print("%s: %s (%s), %d players, %d rounds, event id %s"
          % (a.event, e["title"], f["preset"], len(e["players"]), f["rounds"], e["ev"]))


def seating_text(e, rnd, d):
    import hall
    pb = E.players_by_nr(e)
    w = hall.WORDS[e.get("lang", "de")]
    out = ["%s %d: %s, %s %d" % (w["round"], rnd, d["method"], w["seed"], d["seed"])]
    if d.get("absent"):
        out.append("%s: %s" % (w["absent"], ", ".join("%s (%d)" % (pb[nr]["name"], nr)
                                                    for nr in d["absent"])))
    if e["format"]["meet_once"] and rnd > 1:
        out.append("%s: %d" % (w["again"], d["repeats"]))
    for t in d["tables"]:
        names = ["%s%s (%d)" % ("*" if s == t["dl"] else "", pb[nr]["name"], nr)
                 for s, nr in enumerate(t["nr"])]
        out.append("%s %2d: %s" % (w["table"], t["tb"], ", ".join(names)))
    out.append("* %s" % w["dealer"])
    return "\n".join(out) + "\n"


def cmd_draw(ap, a):
    import draw
    import standings as S
    e = E.load(a.event)
    rnd = a.round
    if any(r["rd"] == rnd for r in e["results"].values()):
        ap.error("round %d has results already: its seating stays" % rnd)
    if str(rnd) in e["rounds"] and not a.force:
        ap.error("round %d is drawn already (seed %d); --force draws it again"
                 % (rnd, e["rounds"][str(rnd)]["seed"]))
    ranked = None
    if rnd <= e["format"]["rounds"] and e["format"]["draw"][rnd - 1] == "standings":
        res, acc = S.stored(e)
        if not any(r["rd"] == rnd - 1 for r in res):
            ap.error("round %d is drawn by the standings: no results of round %d yet "
                     "(run standings first)" % (rnd, rnd - 1))
        ranked = [r["nr"] for r in S.compute(e, res, accept=acc, upto=rnd - 1)["rows"]]
    d = draw.draw_round(e, rnd, seed=a.seed, ranked=ranked, absent=a.absent)
    e["rounds"][str(rnd)] = d
    E.save(e, a.event)
    sys.stdout.write(seating_text(e, rnd, d))


def cmd_print(ap, a):
    import hall
    e = E.load(a.event)
    outs = hall.outputs(e, a.round)
    paths = [os.path.join(a.out, n) for n in outs]
    cli.outputs(ap, a.force, paths)
    os.makedirs(a.out, exist_ok=True)
    for n, text in outs.items():
        _write(os.path.join(a.out, n), text)
    tf = sorted(n for n in outs if n.endswith(".json"))
    rest = sorted(n for n in outs if not n.endswith(".json"))
    print("%s: %d tables: %s, %s" % (a.out, len(tf), tf[0] if len(tf) == 1 else
                                     "%s .. %s" % (tf[0], tf[-1]), ", ".join(rest)))


def cmd_standings(ap, a):
    import standings as S
    cli.outputs(ap, a.force, [a.csv, a.html])
    e = E.load(a.event)
    extra = []
    results = []
    if a.sources or a.prefer:
        import collect  # pyright: ignore[reportMissingImports]  (collect.py: the collecting helper's)
        got = collect.collect(e, a.sources, prefer=dict(a.prefer))
        results = list(got.results)
        # a round kept out (two devices claim its table) counts no more,
        # whatever copy was kept from an earlier run
        notes = list(got.notes) + S.hold(e, got.kept_out)
        w = S.words(e)
        if got.refused:
            extra.append("%s:" % w["refused"])
            extra += ["  %s: %s" % (src, why) for src, why in got.refused]
        if notes:
            extra.append("%s:" % w["notes"])
            extra += ["  " + n for n in notes]
    old, acc = S.stored(e)
    for r in results:
        bad = S.check_result(r)
        if bad:
            ap.error("%s: %s" % (r.get("source", "?") if isinstance(r, dict) else "?", bad))
    # the event's kept rounds first: a round read again replaces its kept copy
    accept = sorted(set(acc) | set(a.accept))
    st = S.compute(e, old + results, accept=accept, upto=a.round)
    S.store(e, old + results, accept, [r for r in results if r.get("ev") == e["ev"]])
    E.save(e, a.event)
    sys.stdout.write(S.text(st, e, extra))
    if a.csv:
        _write(a.csv, S.to_csv(st, e))
    if a.html:
        _write(a.html, S.to_html(st, e, extra))


def cmd_season(ap, a):
    import season
    cli.outputs(ap, a.force, [a.csv, a.html])
    events = [E.load(p) for p in a.events]
    lang = a.lang or events[0].get("lang", "de")
    se = season.compute(events, a.best, a.points)
    sys.stdout.write(season.text(se, lang))
    if a.csv:
        _write(a.csv, season.to_csv(se, lang))
    if a.html:
        _write(a.html, season.to_html(se, lang))


def main(argv=None):
    ap = parser()
    a = ap.parse_args(argv)
    import draw
    try:
        {"new": cmd_new, "draw": cmd_draw, "print": cmd_print, "standings": cmd_standings,
         "season": cmd_season}[a.cmd](ap, a)
    except (E.EventError, draw.DrawError) as x:
        ap.error(str(x))
    except OSError as x:
        ap.error("%s: %s" % (getattr(x, "filename", "") or "", x.strerror or x))
    except json.JSONDecodeError as x:
        ap.error("not JSON: %s" % x)
    return 0


if __name__ == "__main__":
    sys.exit(main())
