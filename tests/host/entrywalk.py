"""Walk every entry path of every family through the real score-entry flow
(table.flows.entry.Entry on entrykit's stand-in app): the tests of issue 37
items 5 and 6 (test_entered_only.py, test_nothing_cut.py). Not a test
module. Every pick step is branched (a seat step: its first player and
its words, nobody / alone / given up); a number step keeps the value it
opens on; a list is left with "done"."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
sys.path.insert(0, os.path.join(ROOT, "tests", "core"))

import entrykit  # noqa: E402
from table import games, ui  # noqa: E402
from table.flows.entry import Entry  # noqa: E402
from tarock import profiles as P  # noqa: E402

SEAT_KEYS = ("declarer", "taker", "partner")


def players(preset):
    """Players in a deal of the preset (the family's usual table)."""
    fam = preset.split("/")[0]
    if preset.endswith("open2") or preset.endswith("strohmann"):
        return 2
    return 3 if fam == "bavarian" else 4


def presets():
    return [k for k, _ in P.list_presets()]


def start(preset, n=None):
    """(app, Entry) at the first step."""
    g = games.glue(preset.split("/")[0])
    app = entrykit.App(g, P.get(preset), players=n or players(preset), active=n or players(preset))
    return app, Entry(app)


def _choose(f, s, c):
    opts = s[3]
    k = (c - f._pick_index(s)) % len(opts)
    for _ in range(k):
        f.press(0, ui.RIGHT, ui.PRESS)
    f.press(0, ui.OK, ui.PRESS)


def _branches(s):
    if s[1] in SEAT_KEYS:
        return [i for i in range(len(s[3])) if i == 0 or s[3][i][0] < 0]
    return list(range(len(s[3])))


def walk(preset, choices, n=None):
    """Run the entry with choices (an option index per pick step); returns
    ("branch", [indices]) at a pick step choices do not reach, else
    ("done", flow, [the steps taken]). The entry opens past the opener's
    declarer pick and passes a partner to claim: the walk goes back to
    each (hold ●) to branch there too; a partner left to claim is claimed
    by the first player offered, at his seat."""
    app, f = start(preset, n)
    while f.step > 0 and f.back(0):
        pass
    taken = []
    decided = set()
    i = 0
    while not f.confirming() and not f.error:
        st = f.steps()
        if f.step >= len(st):
            c = f._claim()
            f.press(app.cfg.used[f.seats[c[3][1][0]]], ui.OK, ui.PRESS)
            continue
        s = st[f.step]
        taken.append(s)
        if s[0] == "pick":
            if i >= len(choices):
                return "branch", _branches(s)
            old = f.step
            decided.add(old)
            _choose(f, s, choices[i])
            i += 1
            st = f.steps()
            for k in range(old + 1, min(f.step, len(st))):
                if k not in decided and st[k][0] == "pick":
                    while f.step > k:
                        f.back(0)
                    break
        else:
            f.press(0, ui.OK, ui.PRESS)
    return "done", f, taken


def leaves(preset, n=None):
    """Every (flow at its confirm screen or refusal, steps taken) of the preset."""
    stack = [[]]
    while stack:
        seq = stack.pop()
        r = walk(preset, seq, n)
        if r[0] == "branch":
            for c in reversed(r[1]):
                stack.append(seq + [c])
        else:
            yield r[1], r[2]


def pages(f, disp=0):
    """Every confirm page of seat disp as rows, ▶ from the first until it
    comes round again (at most 9)."""
    out = []
    f.page[disp] = 0
    for _ in range(9):
        out.append(f.model(disp))
        f.press(disp, ui.RIGHT, ui.PRESS)
        if f.page[disp] == 0:
            break
    return out


def entered(taken):
    """The (key, index) of the number steps the entry went through: the
    values a person set (a pick stands for a word, won or lost)."""
    return {(s[1], s[2]) for s in taken if s[0] == "number"}
