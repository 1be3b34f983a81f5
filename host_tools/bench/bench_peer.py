#!/usr/bin/env python3
"""The rules core against a reference engine, side by side (`make bench-peer`,
issue 22): Slovenian Tarok deals/s of this project's core and of OpenSpiel's
C++ `tarok` (PyPI `open-spiel`, pinned in pyproject.toml's peer group, in its own
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
The last run's table goes into docs/PERFORMANCE.md between the bench-peer markers
(`--no-readme`: not).
Blocks: each engine runs `--seconds` of its process's CPU time
(time.process_time: waiting for a core on the shared machine is not
counted) in a worker process of its own, the engines
in alternating order, `--blocks` times; a block's ratio is project deals/s
over OpenSpiel deals/s of the same block. Printed: each engine's median
deals/s and range, the median ratio and its range. Workers report only
their own timed loop (imports and interpreter start are not timed).
`--project-python` runs the project's worker under another interpreter.
The host's fast path (issue 22 (b)): `--fast-python` (default: .venv-fast,
Debian's pypy3 of `make fast-setup`; "none": left out) runs the same
project worker, the same source files, under that interpreter as a third
engine in the same blocks. A JIT needs seconds to warm up: its worker first
plays `--fast-warmup` seconds untimed (printed as its cold rate: what a
short run gets), then times `--seconds` (its steady rate). Ratios (a):
project on CPython / OpenSpiel; (b): fast path / OpenSpiel, each per block.
Goal (a) is also "2x the deals/s of the core when issue 22 was filed":
`--baseline REV` (default bb941e5, that core; "none": left out) runs the
same project worker and driver on CPython over that commit's firmware/
(git archive into a temporary folder) as a fourth engine of every block,
and prints project / baseline per block as "(a) vs then".
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
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

    def __init__(self, n, firmware=None):
        sys.path.insert(0, os.path.join(ROOT, "firmware"))
        sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
        __import__("hostenv").tools()
        if firmware:   # another tree's firmware/ (--baseline), in front of this one's
            sys.path.insert(0, firmware)
        from tarock import families
        where = os.path.abspath(families.__file__)
        if firmware and not where.startswith(os.path.abspath(firmware) + os.sep):
            raise SystemExit("bench_peer: the core came from %s, not from %s" % (where, firmware))
        SL = families.module("slovenian", "deal")
        PS = families.module("slovenian", "profiles")
        self.SL = SL
        self.profile = PS.STANDARD
        self.n = n
        self.ids = {}
        for cid, d in PS.STANDARD["contracts"].items():
            self.ids[d["name"]] = cid
        # OpenSpiel's name -> the bid action, once (not a dict built per deal)
        self.targets = {}
        for os_name, name in CONTRACTS:
            if name in self.ids:
                self.targets[os_name] = SL.A_BID + self.ids[name]
        self.consts = (SL.PH_DONE, SL.PH_BID, SL.PH_ANNOUNCE, SL.A_PASS)
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
        # the phase read once per decision, the module's constants in locals
        # (as OpenSpiel's driver keeps its BIDDING)
        done, bid, announce, pass_ = self.consts
        self.seed += 1
        target = self.targets[os_name]
        klop = os_name == "Klop"
        st = self.SL.Deal(self.profile, seed=self.seed, n=self.n)
        ph = st.phase
        while ph != done:
            acts = st.legal_actions()
            if ph == bid:
                a = pass_ if klop or target not in acts else target
                if a not in acts:
                    a = acts[rng.randrange(len(acts))]
            elif ph == announce and pass_ in acts:
                a = pass_
            else:
                a = acts[rng.randrange(len(acts))]
            st.apply(a)
            ph = st.phase
        return self.profile["contracts"][st.contract]["name"] if st.contract >= 0 else "?"


# ------------------------------------------------------------- OpenSpiel
class OpenSpiel:
    name = "openspiel"

    def __init__(self, n):
        import pyspiel  # pyright: ignore[reportMissingImports] (in .venv-peer only)
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


# Every worker's clock: the CPU time of its own process, not the wall clock.
# The machine is shared (other jobs, 2 cores): a worker that waits for a core
# is not charged for the wait, so blocks swing less with the load. Each
# engine's worker is one single-threaded process timed the same way.
CLOCK = time.process_time


def _loop(eng, rng, contracts, seconds):
    k = 0
    t0 = CLOCK()
    end = t0 + seconds
    while True:
        for _ in range(20):
            eng.deal(contracts[rng.randrange(len(contracts))], rng)
            k += 1
        t = CLOCK()
        if t >= end:
            return k, t - t0


def worker(engine, n, seconds, contracts, seed, warmup=0.0, firmware=None):
    """Deals in `seconds` (the timed loop only): {deals, seconds}; after
    `warmup` seconds of untimed deals (their count: warm_deals)."""
    eng = Project(n, firmware) if firmware else ENGINES[engine](n)
    rng = random.Random(seed)
    out = {}
    if warmup > 0:
        k, dt = _loop(eng, rng, contracts, warmup)
        out["warm_deals"] = k
        out["warm_seconds"] = dt
    k, dt = _loop(eng, rng, contracts, seconds)
    out["deals"] = k
    out["seconds"] = dt
    return out


def _run_worker(python, engine, n, seconds, contracts, seed, warmup=0.0, firmware=None):
    out = subprocess.run([python, os.path.abspath(__file__), "--worker", engine,
                          "--players", str(n), "--seconds", str(seconds), "--seed", str(seed),
                          "--warmup", str(warmup), "--contracts", json.dumps(contracts)]
                         + (["--firmware", firmware] if firmware else []),
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _median(xs):
    s = sorted(xs)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def compare(n, blocks, seconds, project_python, fast_python=None, fast_warmup=0.0,
            baseline=None):
    # the contracts both engines reach when forced, for this many players
    both = sorted(Project(n).plays() & OpenSpiel(n).plays())
    rows = {"players": n, "contracts": both, "blocks": []}
    engines = (["project", "openspiel"] + (["fast"] if fast_python else [])
               + (["baseline"] if baseline else []))
    for b in range(blocks):
        # every engine takes every place in the order in turn
        k = b % len(engines)
        order = engines[k:] + engines[:k]
        got = {}
        for e in order:
            if e == "fast":
                r = _run_worker(fast_python, "project", n, seconds, both, 1000 + b, fast_warmup)
                if "warm_deals" in r:
                    got["fast_cold"] = r["warm_deals"] / r["warm_seconds"]
            elif e == "baseline":
                r = _run_worker(project_python, "project", n, seconds, both, 1000 + b,
                                firmware=baseline)
            else:
                py = project_python if e == "project" else sys.executable
                r = _run_worker(py, e, n, seconds, both, 1000 + b)
            got[e] = r["deals"] / r["seconds"]
        got["ratio"] = got["project"] / got["openspiel"]
        line = ("  %d players, block %d: project %.0f, OpenSpiel %.0f deals/s, ratio %.2f"
                % (n, b + 1, got["project"], got["openspiel"], got["ratio"]))
        if fast_python:
            got["ratio_fast"] = got["fast"] / got["openspiel"]
            line += "; fast path %.0f, ratio %.2f" % (got["fast"], got["ratio_fast"])
            if "fast_cold" in got:
                line += " (first %gs: %.0f)" % (fast_warmup, got["fast_cold"])
        if baseline:
            got["ratio_then"] = got["project"] / got["baseline"]
            line += "; the core then %.0f, (a) vs then %.2f" % (got["baseline"], got["ratio_then"])
        rows["blocks"].append(got)
        print(line, flush=True)
    for k in ("project", "openspiel", "ratio", "fast", "ratio_fast", "fast_cold", "baseline",
              "ratio_then"):
        xs = [g[k] for g in rows["blocks"] if k in g]
        if xs:
            rows[k] = {"median": _median(xs), "min": min(xs), "max": max(xs)}
    return rows


def default_fast_python():
    """The fast path's venv (`make fast-setup`), else Debian's pypy3 on the
    PATH, else None."""
    v = os.path.join(ROOT, ".venv-fast", "bin", "python")
    return v if os.path.exists(v) else shutil.which("pypy3")


# the core when issue 22 was filed (its bench-peer commit): goal (a) is 2x its deals/s
BASELINE = "bb941e5"


def export_firmware(rev, into):
    """rev's firmware/ into the folder `into` (git archive); an error
    sentence, or None."""
    import io
    import tarfile
    try:
        r = subprocess.run(["git", "archive", "--format=tar", rev, "firmware"], cwd=ROOT,
                           capture_output=True, timeout=60)
    except OSError as e:
        return "no git here (%s)" % e
    if r.returncode:
        return "not in this checkout: %s" % r.stderr.decode(errors="replace").strip()
    with tarfile.open(fileobj=io.BytesIO(r.stdout)) as t:
        t.extractall(into)
    return None


BEGIN = "<!-- bench-peer: written by host_tools/bench/bench_peer.py -->"
END = "<!-- /bench-peer -->"


def _where(python):
    """An interpreter's path relative to the checkout (its venv), else its name."""
    p = os.path.abspath(python)
    if p.startswith(ROOT + os.sep):
        return os.path.relpath(p, ROOT)
    return os.path.basename(python)


def readme_block(out):
    """The account of the run (docs/PERFORMANCE.md): what was measured, the table."""
    lines = [BEGIN, "",
             "Last run: %s, %s, load average %.1f at the start; %d blocks of %g s per engine "
             "and player count; the project's worker on `%s`%s." % (
                 out["when"], out["machine"], out["loadavg_at_start"][0], out["blocks"],
                 out["seconds"], _where(out["project_python"]),
                 "; the fast path on `%s` (%s), timed after %g s of untimed warm-up" % (
                     _where(out["fast_python"]), out.get("fast_version", "?"),
                     out["fast_warmup"]) if out.get("fast_python") else ""),
             ""]
    fast = bool(out.get("fast_python"))
    then = bool(out.get("baseline"))
    head = "| players | (a) project on CPython, deals/s median (range) | OpenSpiel deals/s | ratio (a) / OpenSpiel, median of blocks (range) |"
    if fast:
        head += " fast path deals/s, steady | ratio (b) fast / OpenSpiel | fast path, its first %g s |" % out["fast_warmup"]
    if then:
        head += " the core at %s, deals/s | (a) / the core then |" % out["baseline"]
    lines += [head, "|---|---|---|---|" + ("---|---|---|" if fast else "") + ("---|---|" if then else "")]

    def fmt(r, k, f):
        x = r.get(k)
        return (f + " (" + f + "–" + f + ")") % (x["median"], x["min"], x["max"]) if x else "–"
    for r in out["runs"]:
        row = "| %d | %s | %s | %s |" % (r["players"], fmt(r, "project", "%.0f"),
                                        fmt(r, "openspiel", "%.0f"), fmt(r, "ratio", "%.2f"))
        if fast:
            row += " %s | %s | %s |" % (fmt(r, "fast", "%.0f"), fmt(r, "ratio_fast", "%.2f"),
                                       fmt(r, "fast_cold", "%.0f"))
        if then:
            row += " %s | %s |" % (fmt(r, "baseline", "%.0f"), fmt(r, "ratio_then", "%.2f"))
        lines.append(row)
    lines += ["", "Contracts drawn from (both engines reach them when forced): "
              + "; ".join("%d players: %s" % (r["players"], ", ".join(r["contracts"]))
                          for r in out["runs"]) + ".", "", END]
    return "\n".join(lines)


def write_readme(out, path=os.path.join(ROOT, "docs", "PERFORMANCE.md")):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        raise SystemExit("bench_peer: docs/PERFORMANCE.md has no bench-peer markers; table not written")
    a = text.index(BEGIN)
    b = text.index(END) + len(END)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:a] + readme_block(out) + text[b:])


def main(argv=None):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--players", default="3,4")
    ap.add_argument("--blocks", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--project-python", type=cli.existing_file, default=sys.executable)
    ap.add_argument("--fast-python", default=None,
                    help="the fast path's interpreter (default: .venv-fast, else pypy3 if installed; 'none': off)")
    ap.add_argument("--fast-warmup", type=float, default=8.0,
                    help="untimed seconds before the fast path's timed loop (JIT warm-up)")
    ap.add_argument("--baseline", default=BASELINE,
                    help="a commit whose core runs beside (default %s, the core when issue 22 "
                         "was filed; 'none': off)" % BASELINE)
    ap.add_argument("--warmup", type=float, default=0.0, help=argparse.SUPPRESS)
    ap.add_argument("--firmware", help=argparse.SUPPRESS)
    ap.add_argument("--json", type=cli.new_file, default=os.path.join(ROOT, "build", "bench_peer.json"))
    ap.add_argument("--no-readme", action="store_true", help="do not write the table into docs/PERFORMANCE.md")
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
        print(json.dumps(worker(a.worker, players[0], a.seconds, json.loads(a.contracts), a.seed,
                                a.warmup, a.firmware)))
        return 0
    try:
        import pyspiel  # noqa: F401  # pyright: ignore[reportMissingImports] (in .venv-peer only)
    except ImportError:
        ap.error("no pyspiel here: run it with .venv-peer/bin/python (make bench-peer)")
    cli.outputs(ap, a.force, [a.json])
    base_dir = None
    if a.baseline not in ("none", ""):
        base_dir = tempfile.mkdtemp(prefix="bench-peer-base-")
        err = export_firmware(a.baseline, base_dir)
        if err:
            ap.error("--baseline %s: %s (--baseline none: without it)" % (a.baseline, err))
    import platform
    fast = a.fast_python if a.fast_python is not None else default_fast_python()
    if fast in ("none", ""):
        fast = None
    out = {"when": time.strftime("%Y-%m-%d %H:%M"), "project_python": a.project_python,
           "machine": "%s, %d cores" % (platform.machine(), os.cpu_count() or 0),
           "loadavg_at_start": os.getloadavg(), "blocks": a.blocks, "seconds": a.seconds,
           "fast_python": fast, "fast_warmup": a.fast_warmup, "runs": [],
           "baseline": a.baseline if base_dir else None}
    if fast:
        v = subprocess.run([fast, "-c", ("import sys; print(sys.version.split()[0], "
                                         "sys.implementation.name, *sys.version.split('[')[1:2])")],
                           capture_output=True, text=True)
        out["fast_version"] = " ".join(v.stdout.split()).rstrip("]")
    try:
        for n in players:
            out["runs"].append(compare(n, a.blocks, a.seconds, a.project_python, fast,
                                       a.fast_warmup,
                                       os.path.join(base_dir, "firmware") if base_dir else None))
    finally:
        if base_dir:
            shutil.rmtree(base_dir, ignore_errors=True)
    print()
    print("%-9s %-22s %-22s %-18s %-22s %-14s %-18s %-18s" % (
        "players", "project deals/s", "OpenSpiel deals/s", "ratio (a)", "fast path deals/s",
        "ratio (b)", "fast path, cold", "(a) vs then"))

    def cell(r, k, fmt):
        x = r.get(k)
        return (fmt + " (" + fmt + "-" + fmt + ")") % (x["median"], x["min"], x["max"]) if x else "-"
    for r in out["runs"]:
        print("%-9d %-22s %-22s %-18s %-22s %-14s %-18s %-18s" % (
            r["players"], cell(r, "project", "%.0f"), cell(r, "openspiel", "%.0f"),
            cell(r, "ratio", "%.2f"), cell(r, "fast", "%.0f"), cell(r, "ratio_fast", "%.2f"),
            cell(r, "fast_cold", "%.0f"), cell(r, "ratio_then", "%.2f")))
    os.makedirs(os.path.dirname(a.json), exist_ok=True)
    with open(a.json, "w") as f:
        json.dump(out, f, indent=1)
    if not a.no_readme:
        write_readme(out)
        print("docs/PERFORMANCE.md: bench-peer table written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
