#!/usr/bin/env python3
"""Presses per task at a live table (`make bench`, issue 15; also alone:
python host_tools/bench/bench_presses.py [--json FILE]).

Each task drives the real app in the emulator (host_tools/emulator) by its
shortest button script, from a fresh table, and checks what it made (the
sheet line against the family's scorer, the names on the sheet, ...): a
task whose check fails is reported as failed, never as a figure. Counted:
presses at the seat doing the task, and the confirmations other seats give
(one press each). A held ◀ ▶ is one press however long it repeats.

The tasks live by job in presses_entry.py (score entry), presses_sheet.py
(the sheet: corrections), presses_setup.py (table setup); each module has
TASKS, a list of (name, target, function), function() -> Count.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

MODULES = ("presses_entry", "presses_sheet", "presses_setup")
REPEAT = 3   # hw.buttons.REPEAT: part of the press before it


def held(repeats):
    """What a press held for `repeats` repeats counts (the emulator's rule:
    one per second held, rounded up)."""
    import emulator
    return emulator.held(repeats)


class Count:
    """Presses of one task: at the seat doing it, and the other seats'
    confirmations; ok/why: did the task make what it should."""
    emu: object   # some tasks keep their emulator and target here for the tests
    want: tuple

    def __init__(self, seat, presses, ok, why=""):
        self.seat = seat
        own = other = 0
        runs = []     # [seat, repeats] per press, its repeats counted on it
        for p in presses:
            if p.kind == REPEAT and runs and runs[-1][0] == p.seat:
                runs[-1][1] += 1
            elif p.kind != REPEAT:
                runs.append([p.seat, 0])
        for who, reps in runs:
            if who == seat:
                own += held(reps)
            else:
                other += held(reps)
        self.own = own
        self.confirms = other
        self.ok = ok
        self.why = why

    def total(self):
        return self.own + self.confirms


def since(emu, mark):
    """The presses delivered after emu.presses[:mark]."""
    return emu.presses[mark:]


def met(target, c):
    """Is the count within the target? Each part of it, split at ";":
    "≤ 16 + confirmations" (or "per other"): the seat's own presses;
    "≤ 20" (or "≤ 7 in all"): every press of the task."""
    for part in target.split(";"):
        limit = int(part.split("\u2264", 1)[1].split()[0])
        own = "confirmation" in part or "per other" in part
        if (c.own if own else c.total()) > limit:
            return False
    return True


def tasks():
    out = []
    for name in MODULES:
        try:
            mod = __import__(name)
        except ImportError as e:
            if getattr(e, "name", None) != name:
                raise
            continue
        out += mod.TASKS
    return out


def run():
    rows = []
    for name, target, fn in tasks():
        try:
            c = fn()
        except Exception as e:   # a task that cannot be done is a finding, not a crash
            rows.append({"task": name, "target": target, "ok": False,
                         "why": "%s: %s" % (type(e).__name__, e)})
            continue
        rows.append({"task": name, "target": target, "own": c.own, "confirms": c.confirms,
                     "ok": c.ok, "why": c.why, "met": met(target, c)})
    return rows


def table(rows):
    out = []
    for r in rows:
        if r.get("own") is None or not r["ok"]:
            out.append((r["task"], "FAILED: " + r["why"], r["target"]))
        else:
            out.append((r["task"], "%d + %d confirmations" % (r["own"], r["confirms"]),
                        r["target"]))
    return out


def rows(r):
    """bench.py's rows: (what, value, aim, met) per task; met is judged by
    the task itself (its check and its target), failed tasks say why."""
    out = []
    for x in r:
        met = x["ok"] and x.get("met", False)
        if x.get("own") is None or not x["ok"]:
            out.append(("presses: " + x["task"], "FAILED: " + x["why"][:60], x["target"], False))
        else:
            out.append(("presses: " + x["task"], "%d + %d confirmations" % (x["own"], x["confirms"]),
                        x["target"], met))
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--json", type=cli.new_file, help="write the rows as JSON to this file")
    cli.add_force(ap)
    a = ap.parse_args(argv)
    cli.outputs(ap, a.force, [a.json])
    rows = run()
    w = max([len(t[0]) for t in table(rows)] + [4])
    for t in table(rows):
        print("%-*s  %-28s  target %s" % (w, t[0], t[1], t[2]))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0 if all(r["ok"] and r.get("met") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
