"""host_tools/sim/simulate.py: same results for any process count and chunk size,
summary numbers against a hand-counted run, replay of every row, --where."""
import csv
import json
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import simulate as S  # noqa: E402


def _run(tmp_path, name, *args):
    out = tmp_path / name
    assert S.main(["--quiet", "--no-plots", "--out", str(out)] + list(args)) == 0
    return out


def _summary(out):
    """summary.json without what depends on the machine (time, executor)."""
    j = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    j.pop("run")
    return j


def test_same_seed_same_results_across_process_counts(tmp_path):
    common = ["--deals", "120", "--seed", "500", "--family", "koenigrufen", "--rotate",
              "--bots", "heuristic,random,random,random"]
    a = _run(tmp_path, "p1", *common, "--procs", "1", "--chunk", "120")
    b = _run(tmp_path, "p2", *common, "--procs", "2", "--chunk", "7")
    assert (a / "deals.csv").read_bytes() == (b / "deals.csv").read_bytes()
    assert _summary(a) == _summary(b)
    rows = list(S.read_rows(str(a / "deals.csv")))
    assert [r["seed"] for r in rows] == list(range(500, 620))


def test_summary_against_hand_counted_run(tmp_path):
    # Six deals, seeds 101..106, four random bots. The rows (contract,
    # declarer, deltas r0..r3, bonuses) were read off the CSV one by one:
    #   101 Bettel Ouvert decl 2:  +12 +12 -36 +12
    #   102 Solo Dreier   decl 0:  -18  +6  +6  +6   Trull:F+
    #   103 Solo Dreier   decl 1:  -22 +66 -22 -22   Trull:F+
    #   104 Bettel Ouvert decl 0:  -18  +6  +6  +6
    #   105 Bettel Ouvert decl 0:  -18  +6  +6  +6
    #   106 Solo Dreier   decl 1:  -18 +54 -18 -18   Trull:F+
    # Counted by hand: 3 Bettel Ouvert, 3 Solo Dreier, none won;
    #   Bettel Ouvert r0 (12-18-18)/3 = -8, r1 (12+6+6)/3 = +8, r2 (-36+6+6)/3 = -8, r3 +8
    #   Solo Dreier   r0 (-18-22-18)/3 = -58/3, r1 (6+66+54)/3 = 42, r2 = r3 (6-22-18)/3 = -34/3
    #   Trull won by the defenders in all three Solo Dreier deals: 3 of 6.
    out = _run(tmp_path, "h", "--deals", "6", "--seed", "101", "--family", "koenigrufen",
               "--bots", "random,random,random,random", "--procs", "1")
    sd = json.loads((out / "summary.json").read_text())
    job = sd["jobs"]["koenigrufen|koenigrufen/pagat"]
    assert job["deals"] == 6
    c = job["contracts"]
    assert sorted(c) == ["Bettel Ouvert", "Solo Dreier"]
    assert c["Bettel Ouvert"]["deals"] == 3 and c["Solo Dreier"]["deals"] == 3
    assert c["Bettel Ouvert"]["won"] == 0 and c["Solo Dreier"]["won"] == 0
    assert c["Bettel Ouvert"]["avg_delta"] == [-8, 8, -8, 8]
    assert c["Solo Dreier"]["avg_delta"] == pytest.approx([-58 / 3, 42, -34 / 3, -34 / 3])
    assert job["bonuses"]["Trull:F+"]["count"] == 3
    assert job["bonuses"]["Trull:F+"]["freq"] == 0.5
    # four random bots: every seat is the "hero" kind, deltas sum to zero
    assert job["hero"]["mean"] == 0
    assert job["per_seat_kind"]["random"]["seat_deals"] == 24


def test_summary_recounted_from_the_rows(tmp_path):
    out = _run(tmp_path, "r", "--deals", "300", "--seed", "7", "--family", "koenigrufen",
               "--rotate", "--procs", "2", "--chunk", "40")
    rows = list(S.read_rows(str(out / "deals.csv")))
    job = json.loads((out / "summary.json").read_text())["jobs"]["koenigrufen|koenigrufen/pagat"]
    n = {}
    won = {}
    for r in rows:
        n[r["contract"]] = n.get(r["contract"], 0) + 1
        won[r["contract"]] = won.get(r["contract"], 0) + (r["won"] == 1)
        assert sum(r["r%d" % p] for p in range(4)) == 0
        # rotation: the heuristic bot sits at position seed % 4
        hp = r["seed"] % 4
        assert r["bots"][hp] == "h" and r["hero"] == r["r%d" % hp]
    assert {k: v["deals"] for k, v in job["contracts"].items()} == n
    assert {k: v["won"] for k, v in job["contracts"].items()} == won
    hs = [r["hero"] for r in rows]
    m = sum(hs) / len(hs)
    assert job["hero"]["mean"] == pytest.approx(m)
    sd = (sum((x - m) ** 2 for x in hs) / (len(hs) - 1)) ** 0.5
    assert job["hero"]["ci95"] == pytest.approx(1.96 * sd / len(hs) ** 0.5)
    # every row replays from its seed and log to the same deltas
    for r in rows[:60]:
        S.replay_row(r, verbose=False)


def test_where_filter_and_replay_cli(tmp_path, capsys):
    out = _run(tmp_path, "q", "--deals", "200", "--seed", "1", "--family", "koenigrufen",
               "--rotate", "--procs", "1")
    path = str(out / "deals.csv")
    where = "contract == 'Dreier' and decl_trumps >= 5"
    res = S.query(path, where)
    rows = list(S.read_rows(path))
    m = [r for r in rows if r["contract"] == "Dreier" and r["decl_trumps"] >= 5]
    assert res["matches"] == len(m) and res["deals"] == 200
    assert res["declarer_won"] == sum(r["won"] for r in m)
    assert m, "the sample should contain Dreier games"
    S.main(["--replay", str(m[0]["seed"]), "--csv", path])
    text = capsys.readouterr().out
    assert "result" in text
    # a tampered row no longer replays to its deltas
    bad = dict(m[0])
    bad["r0"] = bad["r0"] + 1
    with pytest.raises(SystemExit):
        S.replay_row(bad, verbose=False)


def test_plots_written(tmp_path):
    out = _run(tmp_path, "pl", "--deals", "40", "--family", "koenigrufen", "--procs", "1")
    S.plots(json.loads((out / "summary.json").read_text()), str(out))
    for f in S.PLOTS:
        assert (out / f).read_bytes()[:4] == b"\x89PNG"


def test_executor_interface_is_pluggable(tmp_path):
    # any concurrent.futures-style executor (a cluster engine's) can run the chunks
    import concurrent.futures as cf
    with cf.ThreadPoolExecutor(2) as ex:
        aggs = S.simulate([("koenigrufen", "koenigrufen/pagat")], 50, 3,
                          ["heuristic", "random", "random", "random"], True, 2, 9,
                          str(tmp_path / "t.csv"), progress=False, executor=ex)
    a = aggs["koenigrufen|koenigrufen/pagat"]
    inline = S.simulate([("koenigrufen", "koenigrufen/pagat")], 50, 3,
                        ["heuristic", "random", "random", "random"], True, 1, 50,
                        str(tmp_path / "u.csv"), progress=False)
    assert a.to_dict() == inline["koenigrufen|koenigrufen/pagat"].to_dict()
    with open(tmp_path / "t.csv", encoding="utf-8-sig") as f1, \
            open(tmp_path / "u.csv", encoding="utf-8-sig") as f2:
        assert list(csv.reader(f1)) == list(csv.reader(f2))


@pytest.mark.parametrize("family,players,active", [
    ("french", 5, 5), ("french", 3, 3), ("slovenian", 3, 3), ("slovenian", 2, 2),
    ("koenigrufen", 5, 4),  # five at the table: the dealer sits out
])
def test_other_table_sizes_play_and_replay(tmp_path, family, players, active):
    out = _run(tmp_path, "t", "--deals", "40", "--family", family, "--players", str(players),
               "--procs", "1", "--rotate")
    rows = list(S.read_rows(str(out / "deals.csv")))
    assert len(rows) == 40
    for r in rows:
        assert r["players"] == players
        assert len(r["bots"]) == active
        assert r["r%d" % (active - 1)] != "" and (active == 5 or r["r%d" % active] == "")
        st = S.replay_row(r, verbose=False)   # raises if the deltas differ
        assert len(st.result()) == active


def test_three_shards_merged_are_the_whole_run(tmp_path):
    """Seed-pure deals: shards 1..3 of a run (any order, other chunk sizes)
    merge into exactly the one run's files, byte for byte."""
    common = ["--deals", "61", "--seed", "40", "--family", "koenigrufen,french", "--rotate",
              "--bots", "heuristic,random", "--procs", "1"]
    whole = _run(tmp_path, "whole", *common, "--chunk", "25")
    shards = [_run(tmp_path, "s%d" % k, *common, "--shard", "%d/3" % k, "--chunk", str(3 + k))
              for k in (2, 3, 1)]
    rows = [list(S.read_rows(str(d / "deals.csv"))) for d in shards]
    assert [len(r) for r in rows] == [40, 42, 40]   # 20/21/20 deals of 2 jobs
    merged = tmp_path / "merged"
    assert S.main(["merge", "--no-plots", "--out", str(merged)] + [str(d) for d in shards]) == 0
    for f in ("deals.csv", "summary.txt"):
        assert (merged / f).read_bytes() == (whole / f).read_bytes(), f
    assert _summary(merged) == _summary(whole)
    # a shard alone is the same deals as a run of just those seeds
    alone = _run(tmp_path, "alone", "--deals", "20", "--seed", "60", *common[4:])
    assert [r for r in S.read_rows(str(alone / "deals.csv")) if r["family"] == "french"] == \
        [r for r in rows[0] if r["family"] == "french"]


def test_merge_refuses_a_missing_shard(tmp_path, capsys):
    common = ["--deals", "10", "--family", "koenigrufen", "--procs", "1"]
    a = _run(tmp_path, "a", *common, "--shard", "1/3")
    b = _run(tmp_path, "b", *common, "--shard", "3/3")
    with pytest.raises(SystemExit) as e:
        S.main(["merge", "--out", str(tmp_path / "m"), str(a), str(b)])
    assert e.value.code == 2
    assert "need shards 1..3" in capsys.readouterr().err
    assert not (tmp_path / "m" / "deals.csv").exists()


def test_merge_refuses_shards_written_with_other_codes(tmp_path, capsys):
    common = ["--deals", "4", "--family", "bavarian", "--procs", "1"]
    a = _run(tmp_path, "a", *common, "--shard", "1/2")
    b = _run(tmp_path, "b", *common, "--shard", "2/2")
    sd = json.loads((b / "summary.json").read_text(encoding="utf-8"))
    sd["codes"]["bavarian"] = "card:0:36 pass:40:1"     # an older firmware's shard
    (b / "summary.json").write_text(json.dumps(sd), encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        S.main(["merge", "--out", str(tmp_path / "m"), str(a), str(b)])
    assert e.value.code == 2
    assert "is of another run (codes" in capsys.readouterr().err


def test_csv_is_utf8_with_bom_and_a_header(tmp_path):
    out = _run(tmp_path, "bom", "--deals", "30", "--family", "french", "--procs", "1")
    data = (out / "deals.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    header = data[3:].split(b"\r\n")[0].decode("ascii").split(",")
    assert header == S.FIELDS
    assert len(data.split(b"\r\n")) == 1 + 30 + 1   # header, the rows, the final newline


def test_existing_outputs_need_force(tmp_path, capsys):
    out = _run(tmp_path, "f", "--deals", "5", "--family", "koenigrufen", "--procs", "1")
    before = (out / "deals.csv").read_bytes()
    with pytest.raises(SystemExit) as e:
        S.main(["--quiet", "--no-plots", "--out", str(out), "--deals", "6", "--procs", "1",
                "--family", "koenigrufen"])
    assert e.value.code == 2 and "--force" in capsys.readouterr().err
    assert (out / "deals.csv").read_bytes() == before
    _run(tmp_path, "f", "--deals", "6", "--family", "koenigrufen", "--procs", "1", "--force")
    assert len(list(S.read_rows(str(out / "deals.csv")))) == 6


def test_progress_bar_on_a_terminal_only(tmp_path):
    import pty
    import subprocess
    tool = os.path.join(ROOT, "host_tools", "sim", "simulate.py")
    args = [sys.executable, tool, "--deals", "30", "--family", "koenigrufen", "--procs", "1",
            "--no-plots"]
    piped = subprocess.run(args + ["--out", str(tmp_path / "a")], capture_output=True, text=True)
    assert piped.returncode == 0 and piped.stderr == ""
    master, slave = pty.openpty()
    p = subprocess.Popen(args + ["--out", str(tmp_path / "b")], stdout=subprocess.DEVNULL,
                         stderr=slave)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    assert p.wait() == 0
    os.close(master)
    assert b"30/30" in seen and b"deal" in seen


# ---------------------------------------------------------------- action codes
CORPUS = os.path.join(ROOT, "tests", "golden", "sim", "0.3.0", "deals.csv")


def test_each_jobs_first_row_and_the_summary_carry_the_code_table(tmp_path):
    from tarock import codes as C
    from tarock.koenigrufen import rules as K
    out = _run(tmp_path, "c", "--deals", "3", "--family", "koenigrufen,french", "--procs", "1")
    rows = list(S.read_rows(str(out / "deals.csv")))
    assert [r["codes"] != "" for r in rows] == [True, False, False] * 2
    first = {r["family"]: r["codes"] for r in rows if r["codes"]}
    assert C.unpack(first["koenigrufen"]) == K.codes()
    assert _summary(out)["codes"] == first
    bare = _run(tmp_path, "n", "--deals", "3", "--family", "french", "--procs", "1", "--no-log")
    assert [r["codes"] for r in S.read_rows(str(bare / "deals.csv"))] == ["", "", ""]


def test_a_csv_from_before_the_codes_column_replays():
    """tests/golden/sim/<firmware>/deals.csv: rows of simulate.py runs of that
    firmware (0.3.0: hand-packed codes, no codes column; every family, the
    profiles and table sizes, nearly every range), kept as written: each
    replays today through LEGACY_CODES to its deltas. The corpus only grows."""
    from tarock import codes as C
    from tarock import families as F
    rows = list(S.read_rows(CORPUS))
    assert "codes" not in rows[0] and len(rows) == 19
    for r in rows:
        row = S.find_row(CORPUS, r["seed"], r["family"])
        today = F.module(r["family"], "deal").codes()
        log = S.decode_log(r["log"])
        assert C.translate(log, C.unpack(row["codes"]), today) != log   # the codes moved
        S.replay_row(row, verbose=False)


def _edit(path, *pairs):
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert text.count(old) == 1, (path, old)
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def test_logs_replay_across_a_core_with_two_bonuses_more(tmp_path):
    """Not a table but a real core: a copy of firmware/tarock with two
    Königrufen bonuses more (profiles: the count, names, values; rules: its
    mirrored count), so A_DOUBLE moves by two and the Kontras on negative
    games by four. Today's CSV replays on it, and its CSV replays today:
    the same deals (seeds 0..3 hold Kontras, seed 3 on a negative game)."""
    import shutil
    import subprocess
    from tarock.koenigrufen import rules as K
    common = ["--deals", "4", "--seed", "0", "--family", "koenigrufen",
              "--bots", "random,random,random,random", "--procs", "1"]
    now = _run(tmp_path, "now", *common)
    core = tmp_path / "core"
    shutil.copytree(os.path.join(ROOT, "firmware", "tarock"), str(core / "tarock"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    kr = core / "tarock" / "koenigrufen"
    _edit(kr / "profiles.py", ("N_BONUS = 12\n", "N_BONUS = 14\n"),
          ('"10 Tarock")', '"10 Tarock", "New 1", "New 2")'),
          ("TEN_TAROCK: (0, 1),\n", "TEN_TAROCK: (0, 1), 12: (0, 0), 13: (0, 0),\n"))
    _edit(kr / "rules.py", ("_N_BONUS = const(12)", "_N_BONUS = const(14)"))
    script = (
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "__import__('hostenv').tools()\n"
        "sys.path.insert(0, %r)\n"
        "from tarock.koenigrufen import rules as K\n"  # the copy, before simulate fronts firmware/
        "import simulate as S\n"
        "print(K.A_DOUBLE, K.A_DOUBLE_NEG, S.F.module('koenigrufen', 'deal') is K)\n"
        "for s in range(4):\n"
        "    S.replay_row(S.find_row(%r, s), verbose=False)\n"
        "S.main(['--quiet', '--no-plots', '--out', %r] + %r)\n"
    ) % (os.path.join(ROOT, "host_tools", "lib"), str(core), str(now / "deals.csv"),
         str(tmp_path / "more"), common)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[:3] == [str(K.A_DOUBLE + 2), str(K.A_DOUBLE_NEG + 4), "True"]
    more = str(tmp_path / "more" / "deals.csv")
    logs = [S.decode_log(x["log"]) for x in S.read_rows(more)]
    assert [S.decode_log(x["log"]) for x in S.read_rows(str(now / "deals.csv"))] != logs
    assert max(max(x) for x in logs) >= K.A_DOUBLE_NEG + 4       # a moved code in use
    for s in range(4):
        S.replay_row(S.find_row(more, s), verbose=False)


def test_a_code_without_counterpart_is_refused_in_one_line(tmp_path, capsys):
    # a log of a later firmware that announced a bonus today's does not know
    from tarock import codes as C
    from tarock.koenigrufen import rules as K
    from tarock.koenigrufen import profiles as P
    out = _run(tmp_path, "x", "--deals", "1", "--family", "koenigrufen", "--procs", "1")
    path = out / "deals.csv"
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    later = K.codes(P.N_BONUS + 1)
    new_bonus = later[[x[0] for x in later].index("announce")][1] + P.N_BONUS
    row = rows[1]
    log = C.translate(S.decode_log(row[S.FIELDS.index("log")]), K.codes(), later)
    row[S.FIELDS.index("log")] = bytes(log[:-1] + [new_bonus] + log[-1:]).hex()
    row[S.FIELDS.index("codes")] = C.pack(later)
    with open(path, "w", newline="", encoding="utf-8-sig") as f:
        csv.writer(f).writerows(rows)
    with pytest.raises(SystemExit) as e:
        S.main(["--replay", row[0], "--csv", str(path)])
    assert e.value.code == "seed %s: code %d (announce+%d) has no counterpart in these codes" % (
        row[0], new_bonus, P.N_BONUS)


# ---------------------------------------------------------------- --where checked first
SIM = os.path.join(ROOT, "host_tools", "sim", "simulate.py")


def _cli(*args, timeout=120):
    import subprocess
    return subprocess.run([sys.executable, SIM] + list(args), capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


@pytest.mark.parametrize("where, said", [
    ("wonn == 1", "unknown field 'wonn'"),                  # a misspelled field
    ("len(log) > 3", "unknown field 'len'"),                # no functions in the filter
    ("contract > 3", "contract"),                           # text against a number
    ("won.upper() == 'X'", "won"),                          # a number's no text
])
def test_where_is_checked_before_any_deal_is_played(tmp_path, where, said):
    """A --where that cannot run on the deals' rows is one line, status 2,
    before the simulation: no --out, nothing written (it used to run the
    whole simulation, write its outputs, then raise NameError)."""
    out = tmp_path / "out"
    r = _cli("--deals", "5", "--quiet", "--no-plots", "--out", str(out), "--where", where)
    lines = r.stderr.strip("\n").split("\n")
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert "--where" in lines[0] and said in lines[0], lines
    if "unknown field" in said:
        assert "decl_trumps" in lines[0]      # the fields are listed
    assert r.stdout == "" and not out.exists()


def test_where_over_fields_comprehensions_and_query_errors(tmp_path):
    out = _run(tmp_path, "w", "--deals", "30", "--family", "koenigrufen", "--procs", "1")
    path = str(out / "deals.csv")
    # a comprehension's own names are no fields
    ok = _cli("--query", path, "--where",
              "'Trull' in [b.split(':')[0] for b in bonuses.split(';')] or won >= -1")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["matches"] == 30
    # --query checks against the CSV's own columns
    r = _cli("--query", path, "--where", "wonn == 1")
    lines = r.stderr.strip("\n").split("\n")
    assert r.returncode == 2 and len(lines) == 1 and "unknown field 'wonn'" in lines[0], r.stderr
    # an older CSV without a column: that column is unknown there
    rows = list(csv.reader(open(path, encoding="utf-8-sig")))
    k = rows[0].index("codes")
    old = tmp_path / "old.csv"
    with open(old, "w", newline="", encoding="utf-8-sig") as f:
        csv.writer(f).writerows([r[:k] + r[k + 1:] for r in rows])
    r = _cli("--query", str(old), "--where", "codes != ''")
    assert r.returncode == 2 and "unknown field 'codes'" in r.stderr, r.stderr
    # a value that only a row shows (an empty column of a seat not at the
    # table against a number): one line naming the row, no traceback
    r = _cli("--query", path, "--where", "trumps4 > 3")
    lines = r.stderr.strip("\n").split("\n")
    assert r.returncode == 2 and len(lines) == 1 and "seed" in lines[0], r.stderr
    assert "Traceback" not in r.stderr
