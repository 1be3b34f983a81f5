#!/usr/bin/env python3
"""Score sheet export and import (host side).

    python host_tools/sheet/sheet.py check JOURNAL
    python host_tools/sheet/sheet.py export JOURNAL [--csv OUT.csv] [--json OUT.json]
    python host_tools/sheet/sheet.py import IN.json JOURNAL [--force]

JOURNAL is the device's score-sheet journal (sheet.tbj), pulled from the
device with `mpremote cp :sheet.tbj .` (and its archive sheet.tbj.arc and
quarantine sheet.tbj.bad, when there) or written by the emulator. Check and
export read copies; the files are left as they are.

  check:  what the device says when it opens the journal: damaged records
          set aside, deals that could not be read, records kept but not
          counted, results counted as the scorer says, and what the
          quarantine holds. Exit status 1 when there is anything to report.

  --json: {"format": "tarockbox-sheet", "version": 1, "report": [...],
           "records": [every journal record, in order],
           "parties": [per party: profile, players, dealer, end, deals with
                       summary and per-seat deltas, history, end summary]}
  --csv:  UTF-8 with a BOM (so Excel shows umlauts), a header row, CRLF; per
          party a "players" row (names in d0.., its date), one row per entry
          (deal or correction): party, entry, kind, status, deal, dealer,
          contract, declarer, points, the deltas d0.. and the running totals
          t0.. per seat, when (ISO 8601 UTC, from the record's board time);
          a "total" row; at the end one "player total" row per player
          (name in declarer, total in t0) over all parties.

Import takes a JSON export (its "records"), or a file with one record per
line, and checks every record by replaying it into a fresh sheet that scores
each deal again (the deltas must be the scorer's). The first bad record is
refused with its line (record) number and the reason, and nothing is
written; otherwise the journal is written (an existing file only with --force).
"""
import csv
import io
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from table.sheet.journal import FileStore, Journal, MemStore  # noqa: E402
from table.sheet.sheet import Sheet, STATUS  # noqa: E402
from tarock import profiles  # noqa: E402

NAME = "sheet.tbj"


def load(path):
    """The sheet of a journal file (with its archive and quarantine beside
    it), opened on an in-memory copy."""
    files = {}
    for ext in ("", ".arc", ".bad"):
        if ext == "" or os.path.isfile(path + ext):
            with open(path + ext, "rb") as f:
                files[NAME + ext] = f.read()
    return Sheet.open(MemStore(files))


def check(sh, path):
    """The report lines of check (see the module doc)."""
    out = []
    for line in sh.report:
        out.append(line)
    q = sh.journal.store.size(NAME + ".bad")
    if q > 0:
        n = 0
        for off, rec in Journal(sh.journal.store, NAME + ".bad").scan():
            if rec.get("part", 0) == 0:
                n += 1
        out.append("quarantine %s.bad: %d damaged region(s) set aside (%d bytes)" % (path, n, q))
    for i in range(len(sh.archived)):
        a = sh.open_archived(i)
        if a is None:
            continue
        for line in a.report:
            out.append("archived party %d: %s" % (i + 1, line))
    return out


def records(sh):
    j = Journal(MemStore({NAME: sh.journal.store.data(NAME)}), NAME)
    return [rec for off, rec in j.scan()]


def _contract_name(pa, s):
    """The contract's name from a summary dict; "" for a family whose
    summaries name none (Bavarian: a declarer and a target)."""
    if "contract" not in s:
        return ""
    c = pa.profile.get("contracts", {}).get(s["contract"])
    return c["name"] if c else str(s["contract"])


def party_json(sh, pa):
    deals = []
    for k in range(pa.n_deals):
        seats = pa.seats_of(k)
        if k in pa.lost:
            deals.append({"deal": k + 1, "dealer": pa.dealer_of(k), "seats": seats,
                          "lost": True, "deltas": pa.deltas_of(k)})
            continue
        d = {"deal": k + 1, "dealer": pa.dealer_of(k), "seats": seats,
             "deltas": pa.deltas_of(k), "kontra": pa.kontra_of(k)}
        try:
            d["summary"] = pa.scorer.summary_to_dict(sh.summary_of(k, pa))
            d["contract"] = _contract_name(pa, d["summary"])
        except (ValueError, KeyError, TypeError) as e:
            d["summary"] = None
            d["error"] = str(e)
        if k in pa.disputed:
            d["disputed"] = pa.disputed[k]
        deals.append(d)
    hist = sh.history(party=pa)
    for h in hist:
        h["deal"] += 1
        h["date"] = iso(h.get("when"))
    return {"profile": pa.profile_name, "family": pa.family,
            "players": [sh.players.get(p, "?") for p in pa.players],
            "date": iso(pa.when), "totals": list(pa.totals()),
            "dealer": pa.dealer0, "creator": pa.creator, "end": pa.end,
            "deals": deals, "history": hist, "summary": sh.end_summary(pa)}


def export_json(sh):
    import datetime
    return {"format": "tarockbox-sheet", "version": 1, "report": sh.report,
            "exported": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "player_totals": player_totals(sh),
            "records": records(sh),
            "players": {str(k): sh.players[k] for k in sorted(sh.players)},
            "ratings": {str(k): v for k, v in sorted(sh.ratings().items())},
            "archived": [_archived_json(sh, i, a) for i, a in enumerate(sh.archived_records())],
            "parties": [party_json(sh, pa) for pa in sh.parties]}


def _archived_json(sh, i, rec):
    """An archived party: its index record, and the whole party when the
    archive beside the journal holds it."""
    out = dict(rec)
    a = sh.open_archived(i) if sh.journal.store.size(NAME + ".arc") > 0 else None
    if a is not None and a.party is not None:
        out["party"] = party_json(a, a.party)
    return out


def iso(w):
    """A record's "w" (seconds on the board's clock, epoch 1970, UTC) as ISO
    8601 date and time; "" when the record has none or it is not a time."""
    import datetime
    if not isinstance(w, (int, float)) or isinstance(w, bool):
        return ""
    try:
        t = datetime.datetime.fromtimestamp(w, datetime.timezone.utc)
    except (ValueError, OverflowError, OSError):
        return ""
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def player_totals(sh):
    """{player name: summed total over the journal's parties}."""
    out = {}
    for pa in sh.parties:
        tot = pa.totals()
        for i, p in enumerate(pa.players):
            name = sh.players.get(p, "?")
            out[name] = out.get(name, 0) + tot[i]
    return out


CSV_HEAD = (["party", "entry", "kind", "status", "deal", "dealer", "contract", "declarer",
             "points"] + ["d%d" % i for i in range(5)] + ["t%d" % i for i in range(5)]
            + ["when"])


def export_csv(sh):
    """The CSV text (see the module doc); rows end in CRLF as spreadsheets
    expect, the file is written with a UTF-8 BOM (export --csv)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_HEAD)
    for pi, pa in enumerate(sh.parties):
        w.writerow([pi + 1, "", "players", "", "", "", pa.profile_name, "", ""]
                   + [sh.players.get(p, "?") for p in pa.players] + [""] * (5 - pa.n) + [""] * 5
                   + [iso(pa.when)])
        cur = {}
        for h in sh.history(party=pa):
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
            w.writerow([pi + 1, h["seq"] + 1, h["kind"], h["status"], k + 1, pa.dealer_of(k),
                        _contract_name(pa, s),
                        sh.players.get(pa.players[seats[decl]], "?") if 0 <= decl < len(seats) else "",
                        (s.get("decl_thirds", 0) + 1) // 3]
                       + (h["deltas"] or [""] * pa.n) + [""] * (5 - pa.n) + tot + [""] * (5 - pa.n)
                       + [iso(h.get("when"))])
        w.writerow([pi + 1, "", "total", "", "", "", "", "", ""] + [""] * 5
                   + list(pa.totals()) + [""] * (5 - pa.n) + [""])
    tot = player_totals(sh)
    for name in sorted(tot, key=lambda n: (-tot[n], n)):
        w.writerow(["all", "", "player total", "", "", "", "", name, ""] + [""] * 5
                   + [tot[name]] + [""] * 4 + [""])
    return out.getvalue()


class ImportError_(ValueError):
    pass


def parse_import(text):
    """[(line number, record)] from a JSON export or one record per line."""
    s = text.lstrip()
    if s.startswith("{") and '"format"' in s[:200]:
        try:
            doc = json.loads(text)
        except ValueError as e:
            raise ImportError_("line 1: not JSON: %s" % e)
        if doc.get("format") != "tarockbox-sheet":
            raise ImportError_("line 1: not a tarockbox sheet export")
        return [(i + 1, r) for i, r in enumerate(doc.get("records", []))]
    out = []
    for i, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            out.append((i + 1, json.loads(line)))
        except ValueError as e:
            raise ImportError_("line %d: not JSON: %s" % (i + 1, e))
    return out


def validate(recs):
    """Replay every record into a fresh strict sheet; return the journal bytes."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.strict = True
    for n, rec in recs:
        if not isinstance(rec, dict) or not isinstance(rec.get("t"), str):
            raise ImportError_("line %d: a record is an object with a type \"t\"" % n)
        try:
            off = sh.journal.append(rec)
            sh._apply(off, rec)
        except (ValueError, KeyError, TypeError, IndexError, profiles.ProfileError) as e:
            raise ImportError_("line %d (%s): %s" % (n, rec.get("t"), e))
    return st.data(NAME) if st.size(NAME) > 0 else b""


def do_import(src, dst, force=False):
    with open(src, encoding="utf-8") as f:
        recs = parse_import(f.read())
    data = validate(recs)
    if os.path.exists(dst) and not force:
        raise ImportError_("%s exists (use --force to replace it)" % dst)
    d = os.path.dirname(os.path.abspath(dst))
    tmp = os.path.basename(dst) + ".new"
    fs = FileStore(d)
    fs.remove(tmp)
    fs.append(tmp, data)
    fs.flush(tmp)
    fs.rename(tmp, os.path.basename(dst))
    return len(recs)


def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{check,export,import}")
    c = sub.add_parser("check", help="what the device says when it opens the journal")
    c.add_argument("journal", type=cli.existing_file)
    e = sub.add_parser("export", help="the sheet as CSV (stdout or --csv) and/or JSON")
    e.add_argument("journal", type=cli.existing_file)
    e.add_argument("--csv", type=cli.new_file)
    e.add_argument("--json", type=cli.new_file)
    cli.add_force(e)
    i = sub.add_parser("import", help="a JSON export or records into a new journal")
    i.add_argument("src", type=cli.existing_file)
    i.add_argument("journal", type=cli.new_file)
    cli.add_force(i)
    a = ap.parse_args(argv)
    if a.cmd == "export":
        cli.outputs(ap, a.force, [a.json, a.csv])
    if a.cmd == "check":
        lines = check(load(a.journal), a.journal)
        for line in lines:
            print(line)
        if not lines:
            print("%s: every record reads and counts" % a.journal)
        return 1 if lines else 0
    if a.cmd == "export":
        sh = load(a.journal)
        for line in sh.report:
            print("note:", line, file=sys.stderr)
        if a.json:
            with open(a.json, "w", encoding="utf-8") as f:
                json.dump(export_json(sh), f, ensure_ascii=False, indent=1)
        if a.csv:
            with open(a.csv, "w", encoding="utf-8-sig", newline="") as f:   # BOM: Excel reads UTF-8
                f.write(export_csv(sh))
        if not a.json and not a.csv:
            sys.stdout.write(export_csv(sh))
        return 0
    try:
        n = do_import(a.src, a.journal, a.force)
    except ImportError_ as e:
        print("import refused: %s" % e, file=sys.stderr)
        return 1
    print("imported %d records into %s" % (n, a.journal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
