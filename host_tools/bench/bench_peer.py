#!/usr/bin/env python3
"""The rules core against a reference engine, side by side (`make bench-peer`,
issue 22): Slovenian Tarok deals/s of this project's core and of OpenSpiel's
C++ `tarok` (PyPI `open-spiel`, pinned in requirements-peer.txt, in its own
venv .venv-peer: not a dependency of the product or of `make test`).

    .venv-peer/bin/python host_tools/bench/bench_peer.py [--players 3,4]
        [--blocks 8] [--seconds 2] [--project-python PATH] [--json FILE]

One driver for both engines, each through its public API: a contract drawn
uniformly from those both engines play (by name, below), the bidding forced
to it (whoever may bid it does, everyone else passes; Klop: all pass), then a
uniform random choice over the legal actions at every other decision
(Python's random.Random, the same for both). What one deal includes:
- the project: slovenian.Deal(STANDARD, seed, n) (shuffle, deal), bidding,
  king call, talon, discards, announcements (the driver passes them), every
  card, the score (Deal finishes with the summary and deltas);
- OpenSpiel: new_initial_state(), the dealing chance node, bidding, king call,
  talon, discards, every card, and returns() (its scoring).
The last run's table goes into README.md between the bench-peer markers
(`--no-readme`: not).
Blocks: each engine runs `--seconds` in a worker process of its own, the two
in alternating order, `--blocks` times; a block's ratio is project deals/s
over OpenSpiel deals/s of the same block. Printed: each engine's median
deals/s and range, the median ratio and its range. Workers report only
their own timed loop (imports and interpreter start are not timed).
`--project-python` runs the project's worker under another interpreter (the
host's fast path: PyPy, a compiled core) in the same blocks.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# contract names: OpenSpiel's action_to_string -> the project's STANDARD name
CONTRACTS = (("Klop", "Klop"), ("Three", "Drei"), ("Two", "Zwei"), ("One", "Eins"),
             ("Solo three", "Solo drei"), ("Solo two", "Solo zwei"), ("Solo one", "Solo eins"),
             ("Beggar", "Bettler"), ("Solo without", "Solo ohne Talon"),
             ("Open beggar", "Offener Bettler"), ("Colour valat without", "Farbvalat"),
             ("Valat without", "Valat ohne Talon"))


# ------------------------------------------------------------- the project
class Project:
    name = "project"

    def __init__(self, n):
        sys.path.insert(0, os.path.join(ROOT, "firmware"))
        sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
        __import__("hostenv").tools()
        from tarock import families
        SL = families.module("slovenian", "deal")
        PS = families.module("slovenian", "profiles")
        self.SL = SL
        self.profile = PS.STANDARD
        self.n = n
        self.ids = {}
        for cid, d in PS.STANDARD["contracts"].items():
            self.ids[d["name"]] = cid
        self.seed = 0

    def plays(self):
        """The contract names a forced deal of n players reaches."""
        out = set()
        for os_name, name in CONTRACTS:
            if name in self.ids and all(self.deal(os_name, random.Random(k)) == name
                                        for k in range(12)):
                out.add(os_name)
        return out

    def deal(self, os_name, rng):
        """One deal forced into the contract; returns its contract's name."""
        SL = self.SL
        self.seed += 1
        target = SL.A_BID + self.ids[dict(CONTRACTS)[os_name]]
        klop = os_name == "Klop"
        st = SL.Deal(self.profile, seed=self.seed, n=self.n)
        while st.phase != SL.PH_DONE:
            acts = st.legal_actions()
            if st.phase == SL.PH_BID:
                a = SL.A_PASS if klop or target not in acts else target
                if a not in acts:
                    a = acts[rng.randrange(len(acts))]
            elif st.phase == SL.PH_ANNOUNCE and SL.A_PASS in acts:
                a = SL.A_PASS
            else:
                a = acts[rng.randrange(len(acts))]
            st.apply(a)
        return self.profile["contracts"][st.contract]["name"] if st.contract >= 0 else "?"


# ------------------------------------------------------------- OpenSpiel
class OpenSpiel:
    name = "openspiel"

    def __init__(self, n):
        import pyspiel
        self.BIDDING = pyspiel.TarokGamePhase.BIDDING
        self.game = pyspiel.load_game("tarok", {"players": n, "rng_seed": 1})
        s = self.game.new_initial_state()
        s.apply_action(s.chance_outcomes()[0][0])
        self.ids = {}
        for a in range(13):   # the bidding actions: Pass, Klop, Three ... Valat without
            try:
                word = s.action_to_string(a)
            except IndexError:    # 3 players: fewer contracts
                continue
            if word in dict(CONTRACTS):
                self.ids[word] = a
        self.n = n

    def plays(self):
        out = set()
        for os_name, name in CONTRACTS:
            if os_name in self.ids and all(self.deal(os_name, random.Random(k)) == os_name
                                           for k in range(12)):
                out.add(os_name)
        return out

    def deal(self, os_name, rng):
        s = self.game.new_initial_state()
        target = self.ids[os_name]   # Klop too: forehand's word once all passed
        bidding = self.BIDDING
        while not s.is_terminal():
            if s.is_chance_node():
                o = s.chance_outcomes()
                s.apply_action(o[rng.randrange(len(o))][0] if len(o) > 1 else o[0][0])
                continue
            acts = s.legal_actions()
            if s.current_game_phase() == bidding:
                a = target if target in acts else 0
                if a not in acts:
                    a = acts[rng.randrange(len(acts))]
            else:
                a = acts[rng.randrange(len(acts))]
            s.apply_action(a)
        s.returns()
        # TarokContract.SOLO_THREE -> "Solo three"
        return s.selected_contract().name.replace("_", " ").capitalize()


ENGINES = {"project": Project, "openspiel": OpenSpiel}


def worker(engine, n, seconds, contracts, seed):
    """Deals in `seconds` (the timed loop only): {deals, seconds}."""
    eng = ENGINES[engine](n)
    rng = random.Random(seed)
    k = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        for _ in range(20):
            eng.deal(contracts[rng.randrange(len(contracts))], rng)
            k += 1
        t = time.perf_counter()
        if t >= end:
            return {"deals": k, "seconds": t - t0}


def _run_worker(python, engine, n, seconds, contracts, seed):
    out = subprocess.run([python, os.path.abspath(__file__), "--worker", engine,
                          "--players", str(n), "--seconds", str(seconds), "--seed", str(seed),
                          "--contracts", json.dumps(contracts)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _median(xs):
    s = sorted(xs)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def compare(n, blocks, seconds, project_python):
    # the contracts both engines reach when forced, for this many players
    both = sorted(Project(n).plays() & OpenSpiel(n).plays())
    rows = {"players": n, "contracts": both, "blocks": []}
    for b in range(blocks):
        order = ("project", "openspiel") if b % 2 == 0 else ("openspiel", "project")
        got = {}
        for e in order:
            py = project_python if e == "project" else sys.executable
            r = _run_worker(py, e, n, seconds, both, 1000 + b)
            got[e] = r["deals"] / r["seconds"]
        got["ratio"] = got["project"] / got["openspiel"]
        rows["blocks"].append(got)
        print("  %d players, block %d: project %.0f, OpenSpiel %.0f deals/s, ratio %.2f"
              % (n, b + 1, got["project"], got["openspiel"], got["ratio"]), flush=True)
    for k in ("project", "openspiel", "ratio"):
        xs = [g[k] for g in rows["blocks"]]
        rows[k] = {"median": _median(xs), "min": min(xs), "max": max(xs)}
    return rows


BEGIN = "<!-- bench-peer: written by host_tools/bench/bench_peer.py -->"
END = "<!-- /bench-peer -->"


def readme_block(out):
    """The README's account of the run: what was measured, the table."""
    lines = [BEGIN, "",
             "Last run: %s, %s, load average %.1f at the start; %d blocks of %g s per engine "
             "and player count; the project's worker on `%s`." % (
                 out["when"], out["machine"], out["loadavg_at_start"][0], out["blocks"],
                 out["seconds"], os.path.basename(out["project_python"])),
             "",
             "| players | project deals/s, median (range) | OpenSpiel deals/s | ratio project / OpenSpiel, median of blocks (range) |",
             "|---|---|---|---|"]
    for r in out["runs"]:
        lines.append("| %d | %.0f (%.0f–%.0f) | %.0f (%.0f–%.0f) | %.2f (%.2f–%.2f) |" % (
            (r["players"],) + tuple(r["project"][k] for k in ("median", "min", "max"))
            + tuple(r["openspiel"][k] for k in ("median", "min", "max"))
            + tuple(r["ratio"][k] for k in ("median", "min", "max"))))
    lines += ["", "Contracts drawn from (both engines reach them when forced): "
              + "; ".join("%d players: %s" % (r["players"], ", ".join(r["contracts"]))
                          for r in out["runs"]) + ".", "", END]
    return "\n".join(lines)


def write_readme(out, path=os.path.join(ROOT, "README.md")):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        raise SystemExit("bench_peer: README.md has no bench-peer markers; table not written")
    a = text.index(BEGIN)
    b = text.index(END) + len(END)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:a] + readme_block(out) + text[b:])


def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--blocks", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--project-python", type=cli.existing_file, default=sys.executable)
    ap.add_argument("--json", type=cli.new_file, default=os.path.join(ROOT, "build", "bench_peer.json"))
    ap.add_argument("--no-readme", action="store_true", help="do not write the table into README.md")
    cli.add_force(ap)
    ap.add_argument("--worker", choices=sorted(ENGINES), help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--contracts", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    try:
        players = [int(x) for x in a.players.split(",")]
    except ValueError:
        ap.error("--players: a comma list of 3 and 4, got %r" % a.players)
    if any(p not in (3, 4) for p in players):
        ap.error("--players: 3 and/or 4 (the player counts both engines play)")
    if a.blocks < 1 or a.seconds <= 0:
        ap.error("--blocks 1 or more, --seconds above 0")
    if a.worker:
        print(json.dumps(worker(a.worker, players[0], a.seconds, json.loads(a.contracts), a.seed)))
        return 0
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        ap.error("no pyspiel here: run it with .venv-peer/bin/python (make bench-peer)")
    cli.outputs(ap, a.force, [a.json])
    import platform
    out = {"when": time.strftime("%Y-%m-%d %H:%M"), "project_python": a.project_python,
           "machine": "%s, %d cores" % (platform.machine(), os.cpu_count() or 0),
           "loadavg_at_start": os.getloadavg(), "blocks": a.blocks, "seconds": a.seconds,
           "runs": []}
    for n in players:
        out["runs"].append(compare(n, a.blocks, a.seconds, a.project_python))
    print()
    print("%-9s %-22s %-22s %-18s" % ("players", "project deals/s", "OpenSpiel deals/s",
                                     "ratio (median)"))
    for r in out["runs"]:
        print("%-9d %-22s %-22s %-18s" % (
            r["players"], "%.0f (%.0f-%.0f)" % tuple(r["project"][k] for k in ("median", "min", "max")),
            "%.0f (%.0f-%.0f)" % tuple(r["openspiel"][k] for k in ("median", "min", "max")),
            "%.2f (%.2f-%.2f)" % tuple(r["ratio"][k] for k in ("median", "min", "max"))))
    os.makedirs(os.path.dirname(a.json), exist_ok=True)
    with open(a.json, "w") as f:
        json.dump(out, f, indent=1)
    if not a.no_readme:
        write_readme(out)
        print("README.md: bench-peer table written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
