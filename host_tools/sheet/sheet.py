#!/usr/bin/env python3
"""Score sheet export and import (host side).

    python host_tools/sheet/sheet.py check JOURNAL
    python host_tools/sheet/sheet.py export JOURNAL [--csv OUT.csv] [--json OUT.json] [--no-timestamp]
    python host_tools/sheet/sheet.py import IN.json JOURNAL [--force]

JOURNAL is the device's score-sheet journal (sheet.tbj), pulled from the
device with `mpremote cp :sheet.tbj .` (and its archive sheet.tbj.arc and
quarantine sheet.tbj.bad, when there) or written by the emulator, or the
folder that holds it (the emulator's --storage, a copy of the board's
files). A file that is no journal (not one record in it) is refused in one
line. Check and export read copies; the files are left as they are, so what
they find damaged they report as the device would set it aside (in
sheet.tbj.bad) when it opens the journal. --csv and --json make the folders
they name.

  check:  what the device says when it opens the journal: damaged records
          set aside, deals that could not be read, records kept but not
          counted, results counted as the scorer says, archived parties
          whose records the archive lacks, and what the quarantine holds.
          Exit status 1 when there is anything to report.

  --json: everything the board's storage holds, and the sheet read from it:
          {"format": "tarockbox-sheet", "version": 2, "report": [...],
           "exported": time (left out with --no-timestamp),
           "records": [every journal record, in order],
           "archive": [every record of JOURNAL.arc, in order],
           "quarantine": [every record of JOURNAL.bad, in order],
           "damaged": [bytes of the three files that read as no record:
                       {"file": "journal"|"archive"|"quarantine", "at":
                        offset, "why": reason, "hex": the bytes}],
           "parties": [per party: profile, players, dealer, end, deals with
                       summary and per-seat deltas, history, end summary],
           "archived": [the archived parties, the same], ...}
          Records of every type are copied as they are (a newer firmware's
          too): an import rebuilds the three files byte for byte.
  --csv:  UTF-8 with a BOM (so Excel shows umlauts), a header row, CRLF; per
          party a "players" row (names in d0.., its date), one row per entry
          (deal or correction): party, entry, kind (deal, fix, delete: a
          correction that deleted the deal), status, deal, dealer,
          contract, declarer, points (the declarer's card points or eyes,
          empty when nobody counted them), the deltas d0.. and the running totals
          t0.. per seat, when (ISO 8601 UTC, from the record's board time);
          a "total" row; with radelci (Slovenian) a "radelci" row (each
          seat's radelci in t0..); with money (profile cents_per_point) one
          "pays" row per payment (payer in declarer, payee in contract,
          cents in points) and a "money" row (currency in contract, cents
          a point in points, each seat's balance in cents in t0..); at
          the end one "player total" row per player (name in declarer,
          total in t0) over all parties. The JSON's end summary has the
          same: "radelci", "money" {"cents_per_point", "currency",
          "pays": [[payer, payee, cents]]}.

Import takes a JSON export (the journal, archive and quarantine it carries),
or a file with one journal record per line, and writes JOURNAL, and
JOURNAL.arc and JOURNAL.bad when the export has them, framed as the board
frames them (an existing file only with --force). It refuses only what a
journal cannot hold (not JSON, not an object with a type "t", a value JSON
gives but a journal does not store, a record too long for a frame): one line
per such record ("record 12: ..."), exit status 2, nothing written. What the
sheet makes of the records is not its business: a record the board would set
aside, dispute or keep unread is written as it is, and what check says of the
result is printed as notes.
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from table.sheet.journal import FileStore, Journal, MemStore, MAGIC, frame  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402
from web import export  # noqa: E402

NAME = "sheet.tbj"
# the files of a board's storage the export carries: (its key in the export,
# what the file name adds to the journal's)
FILES = (("journal", ""), ("archive", ".arc"), ("quarantine", ".bad"))
KEYS = {"journal": "records", "archive": "archive", "quarantine": "quarantine"}


class NotAJournal(ValueError):
    """A file that holds no score-sheet journal (one line)."""


def journal_arg(text):
    """JOURNAL on the command line: a journal file, or a folder holding
    sheet.tbj (the emulator's --storage)."""
    import argparse
    if os.path.isdir(text):
        path = os.path.join(text, NAME)
        if not os.path.isfile(path):
            raise argparse.ArgumentTypeError(
                "%s: no %s in it (give the emulator's --storage folder, a copy of the "
                "board's files, or a journal file)" % (text, NAME))
        return path
    if not os.path.isfile(text):
        raise argparse.ArgumentTypeError("%s: no such file or folder" % text)
    return text


def new_journal_arg(text):
    """import's JOURNAL: a file to write, or a folder (sheet.tbj in it)."""
    import argparse
    if os.path.isdir(text):
        return os.path.join(text, NAME)
    if not text or text.endswith(("/", os.sep)):
        raise argparse.ArgumentTypeError("%r is not a file name" % text)
    d = os.path.dirname(os.path.abspath(text))
    while not os.path.lexists(d):
        d = os.path.dirname(d)
    if not os.path.isdir(d):
        raise argparse.ArgumentTypeError("%s is not a directory (give a journal file or a "
                                         "folder)" % d)
    return text


# for tests/host/test_cli_tools.py, as cli's types: values each must refuse,
# one that passes
_MISSING = os.path.join(os.sep, "nonexistent", "tarockbox-missing")
journal_arg.bad = [_MISSING]  # pyright: ignore[reportFunctionMemberAccess]
journal_arg.good = os.path.abspath(__file__)  # pyright: ignore[reportFunctionMemberAccess]
new_journal_arg.bad = [os.path.join(os.path.abspath(__file__), "sub", "sheet.tbj")]  # pyright: ignore[reportFunctionMemberAccess]
new_journal_arg.good = os.path.join(os.path.dirname(_MISSING), "tarockbox-probe.tbj")  # pyright: ignore[reportFunctionMemberAccess]


def is_journal(data):
    """Does data read as a journal: empty (nothing written yet), the
    preamble first, or at least one frame that checks (a journal of
    firmware 0.3.0 and before, or one damaged at its start)?"""
    if not data or data.startswith(MAGIC):
        return True
    j = Journal(MemStore({NAME: data}), NAME)
    for off, rec in j.scan():
        return True
    return False


def read_journal(path):
    """read_storage(path) of a journal; NotAJournal when the file is none."""
    files = read_storage(path)
    data = files[NAME]
    if not is_journal(data):
        raise NotAJournal("%s: not a tarockbox score-sheet journal (not one record in its %d "
                          "bytes; give the device's %s or the emulator's --storage folder)"
                          % (path, len(data), NAME))
    return files


def host_report(sh, files):
    """sh.report as the host tool says it: sh was opened on a copy of the
    files (a MemStore), so its salvage moved nothing on disk; instead of
    "set aside" / "moved to" each damaged region of the journal is said as
    the device will handle it when it opens the journal."""
    salvage = set(sh.journal.notes)
    out = []
    for p in sh.problems:
        if p[0] == "damage":
            continue
        w = sh.words(p)
        d = sh._details.get(p[0])
        out.append(w + " (%s)" % d if d else w)
    j = Journal(MemStore(files), NAME)
    for off, rec in j.scan():
        pass
    for off, n, why in j.bad:
        out.append("journal: %d damaged bytes at offset %d (%s): the device sets them aside in "
                   "%s.bad when it opens the journal (this file is left as it is)"
                   % (n, off, why, NAME))
    return out + [x for x in sh.notes if x not in salvage]


def read_storage(path):
    """{file name under NAME: bytes} of a journal file and the archive and
    quarantine beside it."""
    files = {}
    for key, ext in FILES:
        if ext == "" or os.path.isfile(path + ext):
            with open(path + ext, "rb") as f:
                files[NAME + ext] = f.read()
    return files


def load(path):
    """The sheet of a journal file (with its archive and quarantine beside
    it), opened on an in-memory copy."""
    return Sheet.open(MemStore(read_storage(path)))


def storage(files):
    """What the three files hold, as they are (web.export.storage, read
    whole here): ({"records": [...], "archive": [...], "quarantine": [...],
    "damaged": [...]}, notes)."""
    notes = []
    held = export.storage(MemStore(files), NAME, notes)
    return {k: list(v.fn(*v.args)) for k, v in held.items()}, notes


def who_wrote(sh):
    """One line a party: its players, the rules it was played under (a
    table's own preset with the built-in one it is based on) and the
    firmware that wrote it (parties of firmware 0.4.0 and later say it)."""
    out = []
    parties = [(i + 1, pa) for i, pa in enumerate(sh.parties)]
    for i, pa in parties:
        rules = pa.profile_name + (" (based on %s)" % pa.base_name if pa.base_name else "")
        fw = ("firmware " + pa.fw) if pa.fw else "a firmware before 0.4.0"
        out.append("party %d (%s): %s, written by %s"
                   % (i, "/".join([sh.players.get(p, "?") for p in pa.players]), rules, fw))
    return out


def check(sh, path):
    """The report lines of check (see the module doc): what opening the
    journal at path (sh, opened on a copy) finds, and what the quarantine
    beside it on disk holds."""
    files = read_storage(path)
    out = host_report(sh, files)
    q = files.get(NAME + ".bad", b"")
    if q:
        n = 0
        for off, rec in Journal(MemStore({NAME + ".bad": q}), NAME + ".bad").scan():
            if rec.get("part", 0) == 0:
                n += 1
        out.append("quarantine %s.bad: %d damaged region(s) set aside (%d bytes)"
                   % (path, n, len(q)))
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


def export_json(sh, held, timestamp=True):
    """The JSON export (see the module doc) of the sheet sh opened from the
    storage that holds `held` (storage()) as a dict; timestamp False: no
    "exported" time, so that exports of the same storage are the same bytes."""
    import datetime as dt
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ") if timestamp else None
    return export.doc(sh, held, stamp)


# one writer for the host and the board (web/export.py: keys sorted, indent 1)
dumps_export = export.dumps
iso = export.iso
player_totals = export.player_totals
CSV_HEAD = export.CSV_HEAD


def party_json(sh, pa):
    """A party as the export has it, as plain values (the board's writer
    makes its deals and history as they are written)."""
    return json.loads(export.dumps(export.party_json(sh, pa)))


def export_csv(sh):
    """The CSV text (see the module doc); rows end in CRLF as spreadsheets
    expect, the file is written with a UTF-8 BOM (export --csv)."""
    return "".join(export.csv_chunks(sh))


class ImportError_(ValueError):
    """What an import refuses: one line per record (str(e) joins them)."""


# how an import names an entry of each list of the export
WHERE = {"records": "record %d", "archive": "archive record %d",
         "quarantine": "quarantine record %d", "damaged": "damaged %d"}


def parse_import(text):
    """{"records": [(where, record)], "archive": [...], "quarantine": [...],
    "damaged": [(where, entry)]} from a JSON export, or from a file of one
    journal record per line (where: "record 12", "line 12" in words)."""
    s = text.lstrip("\ufeff").lstrip()     # an editor's byte order mark
    out = {k: [] for k in WHERE}
    doc = None
    if s.startswith("{"):
        # an export is one JSON document, however it is laid out (an
        # editor or jq may sort its keys: "format" need not come first)
        try:
            doc = json.loads(s)
        except (ValueError, RecursionError) as e:
            if '"format"' in s[:200]:
                raise ImportError_("not JSON: %s" % e)
    if isinstance(doc, dict) and "format" in doc:
        if doc.get("format") != "tarockbox-sheet":
            raise ImportError_("line 1: not a tarockbox sheet export")
        for key in out:
            v = doc.get(key, [])
            if not isinstance(v, list):
                raise ImportError_("%s: not a list" % key)
            out[key] = [(WHERE[key] % (i + 1), r) for i, r in enumerate(v)]
        out["totals"] = _totals_said(doc)
        return out
    for i, line in enumerate(s.splitlines()):
        if not line.strip():
            continue
        try:
            out["records"].append(("line %d" % (i + 1), json.loads(line)))
        except (ValueError, RecursionError) as e:
            raise ImportError_("line %d: not JSON: %s" % (i + 1, e))
    return out


def _totals_said(doc):
    """[(where, totals)] the export's own sections say (its parties and
    archived parties): the records are what an import writes, and a total
    edited by hand would otherwise go unsaid."""
    out = []
    for key in ("archived", "parties"):
        v = doc.get(key)
        for i, p in enumerate(v if isinstance(v, list) else []):
            tot = p.get("totals", p.get("tot")) if isinstance(p, dict) else None
            out.append(("%s[%d].totals" % (key, i), tot))
    return out


def edited_totals(said, sh):
    """Lines for the export's totals that its records do not count (the
    records count; the board would show theirs)."""
    got = [("archived[%d].totals" % i, r.get("tot")) for i, r in enumerate(sh.archived_records())]
    got += [("parties[%d].totals" % i, list(pa.totals())) for i, pa in enumerate(sh.parties)]
    have = dict(got)
    out = []
    for where, tot in said:
        if where in have and tot != have[where]:
            out.append("%s: the export says %s, its records count %s: the records count "
                       "(the export was edited?)" % (where, json.dumps(tot), json.dumps(have[where])))
    return out


def _damaged(parts, errors):
    """{file key: [(offset, bytes)]} of the export's damaged regions."""
    out = {}
    for where, d in parts["damaged"]:
        try:
            at = d["at"]
            data = bytes.fromhex(d["hex"])
            if d["file"] not in KEYS or not isinstance(at, int) or at < 0 or not data:
                raise ValueError
        except (KeyError, TypeError, ValueError):
            errors.append("%s: want {\"file\": \"journal\"|\"archive\"|\"quarantine\", "
                          "\"at\": offset, \"hex\": bytes}" % where)
            continue
        out.setdefault(d["file"], []).append((at, data))
    return out


def build(parts):
    """{file name under NAME: bytes} of the files the parsed import makes:
    every record framed as the board frames it (journal.frame), a damaged
    region's bytes back at its offset; or ImportError_ naming every record
    a journal cannot hold."""
    errors = []
    damaged = _damaged(parts, errors)
    files = {}
    for key, ext in FILES:
        gaps = sorted(damaged.get(key, []))
        chunks = []
        pos = 0
        bad = len(errors)
        for where, rec in parts[KEYS[key]] + [(None, None)]:
            while gaps and gaps[0][0] == pos:
                chunks.append(gaps[0][1])
                pos += len(gaps.pop(0)[1])
            if where is None:
                break
            if not isinstance(rec, dict) or not isinstance(rec.get("t"), str):
                errors.append("%s: not a record (a JSON object with a type \"t\")" % where)
                continue
            try:
                data = frame(rec)     # refuses floats and records over 64 KB
            except ValueError as e:
                errors.append("%s (%s): %s" % (where, rec["t"], e))
                continue
            chunks.append(data)
            pos += len(data)
        if gaps and len(errors) == bad:
            errors.append("damaged bytes of the %s at %d do not fit (its records end at %d)"
                          % (key, gaps[0][0], pos))
        if chunks or ext == "":
            files[NAME + ext] = b"".join(chunks)
    if errors:
        raise ImportError_("\n".join(errors))
    return files


def do_import(src, dst, force=False, said=None):
    """Write the journal (and its archive and quarantine) of the export or
    record lines in src to dst; the number of journal records. said: a
    list that gets the totals the export's own sections state."""
    with open(src, "rb") as f:
        raw = f.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ImportError_("%s: not UTF-8 text (byte %d): save it as UTF-8" % (src, e.start))
    parts = parse_import(text)
    files = build(parts)
    names = [dst + ext for key, ext in FILES]
    there = [p for p in names if os.path.exists(p)]
    if there and not force:
        raise ImportError_("%s already there (add --force to write over it)" % ", ".join(there))
    d = os.path.dirname(os.path.abspath(dst))
    os.makedirs(d, exist_ok=True)
    fs = FileStore(d)
    # the archive first: the journal's index records point into it; a file
    # the import does not have goes (a stale archive would pair with the new
    # journal)
    for key, ext in reversed(FILES):
        name = os.path.basename(dst) + ext
        if NAME + ext not in files:
            fs.remove(name)
            continue
        fs.remove(name + ".new")
        fs.append(name + ".new", files[NAME + ext])
        fs.flush(name + ".new")
        fs.rename(name + ".new", name)
    fs.close()
    if said is not None:
        said.extend(parts.get("totals", []))
    return len(parts["records"])


def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="{check,export,import}")
    c = sub.add_parser("check", help="what the device says when it opens the journal")
    c.add_argument("journal", type=journal_arg, help="sheet.tbj, or the folder holding it")
    e = sub.add_parser("export", help="the sheet as CSV (stdout or --csv) and/or JSON")
    e.add_argument("journal", type=journal_arg, help="sheet.tbj, or the folder holding it")
    e.add_argument("--csv", type=cli.new_file)
    e.add_argument("--json", type=cli.new_file)
    e.add_argument("--no-timestamp", action="store_true",
                   help="leave the export time out of the JSON (the same storage, the same bytes)")
    cli.add_force(e)
    i = sub.add_parser("import", help="a JSON export or records into a new journal "
                                      "(and its archive and quarantine)")
    i.add_argument("src", type=cli.existing_file)
    i.add_argument("journal", type=new_journal_arg,
                   help="the journal to write, or a folder (sheet.tbj in it)")
    cli.add_force(i)
    a = ap.parse_args(argv)
    if a.cmd == "export":
        cli.outputs(ap, a.force, [a.json, a.csv])
    files = None
    if a.cmd in ("check", "export"):
        try:
            files = read_journal(a.journal)
        except NotAJournal as err:
            ap.error(str(err))
        except OSError as err:
            ap.error("%s: %s" % (a.journal, err.strerror or err))
    if a.cmd == "check":
        sh = Sheet.open(MemStore(dict(files or {})))
        lines = check(sh, a.journal)
        for line in who_wrote(sh):
            print(line)
        for line in lines:
            print(line)
        if not lines:
            print("%s: every record reads and counts" % a.journal)
        return 1 if lines else 0
    if a.cmd == "export":
        assert files is not None
        sh = Sheet.open(MemStore(dict(files)))
        held, notes = storage(files)
        for line in host_report(sh, files) + notes:
            print("note:", line, file=sys.stderr)
        # made whole before a file is opened: a failure leaves no half export
        text = dumps_export(export_json(sh, held, not a.no_timestamp)) if a.json else ""
        table = export_csv(sh) if a.csv or not a.json else ""
        for out in (a.json, a.csv):
            if out:
                os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        if a.json:
            with open(a.json, "w", encoding="utf-8") as f:
                f.write(text)
        if a.csv:
            with open(a.csv, "w", encoding="utf-8-sig", newline="") as f:   # BOM: Excel reads UTF-8
                f.write(table)
        else:
            sys.stdout.write(table)
        return 0
    try:
        said = []
        n = do_import(a.src, a.journal, a.force, said)
    except ImportError_ as e:
        for line in str(e).split("\n"):
            print("%s: import refused: %s" % (ap.prog, line), file=sys.stderr)
        return 2
    print("imported %d records into %s" % (n, a.journal))
    sh = load(a.journal)
    for line in check(sh, a.journal) + edited_totals(said, sh):
        print("note:", line, file=sys.stderr)   # what the board will say of them
    return 0


if __name__ == "__main__":
    sys.exit(main())
