"""make bench-peer's driver (host_tools/bench/bench_peer.py, issue 22): the
project's side forces every contract it claims to, the tool refuses bad
arguments in one line, and without OpenSpiel it says where to run it. The
OpenSpiel side needs .venv-peer (not a test dependency)."""
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "host_tools", "bench", "bench_peer.py")
sys.path.insert(0, os.path.dirname(TOOL))
import bench_peer as B  # noqa: E402


def _run(*args):
    return subprocess.run([sys.executable, TOOL] + list(args), capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_the_project_reaches_every_forced_contract():
    for n, want in ((3, {"Klop", "Three", "Two", "One", "Beggar", "Solo without", "Open beggar",
                         "Colour valat without", "Valat without"}),
                    (4, {"Klop", "Three", "Two", "One", "Solo three", "Solo two", "Solo one",
                         "Beggar", "Solo without", "Open beggar", "Colour valat without",
                         "Valat without"})):
        p = B.Project(n)
        assert p.plays() == want
        # a forced deal ends scored (the core's Deal scores as it finishes)
        assert p.deal("Two", random.Random(5)) == "Zwei"


def test_the_worker_counts_deals():
    r = B.worker("project", 4, 0.2, ["Two", "Klop"], 1)
    assert r["deals"] >= 20 and r["seconds"] >= 0.2


def test_bad_arguments_one_line_exit_2():
    for args, words in ((["--players", "5"], "3 and/or 4"), (["--players", "x"], "comma list"),
                        (["--blocks", "0"], "--blocks 1 or more")):
        r = _run(*args)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr, args
    r = _run("--help")
    assert r.returncode == 0 and "OpenSpiel" in r.stdout


def test_without_openspiel_it_names_the_venv():
    r = _run("--blocks", "1")
    try:
        import pyspiel  # noqa: F401
        return   # this venv has it: nothing to refuse
    except ImportError:
        pass
    assert r.returncode == 2 and ".venv-peer" in r.stderr


def test_the_worker_warms_up_untimed():
    r = B.worker("project", 3, 0.2, ["Klop"], 1, warmup=0.2)
    assert r["warm_deals"] >= 20 and r["warm_seconds"] >= 0.2
    assert r["deals"] >= 20 and r["seconds"] >= 0.2


def _fake_run(fast):
    blocks = [{"project": 100.0, "openspiel": 200.0, "ratio": 0.5}]
    if fast:
        blocks[0].update({"fast": 600.0, "ratio_fast": 3.0, "fast_cold": 50.0})
    r = {"players": 4, "contracts": ["Two"], "blocks": blocks}
    for k in blocks[0]:
        r[k] = {"median": blocks[0][k], "min": blocks[0][k], "max": blocks[0][k]}
    return {"when": "2026-12-02 00:00", "machine": "x86_64, 2 cores", "project_python": "python",
            "loadavg_at_start": (1.0, 1.0, 1.0), "blocks": 1, "seconds": 2.0,
            "fast_python": "/x/.venv-fast/bin/python" if fast else None, "fast_warmup": 8.0,
            "fast_version": "3.9.16 pypy PyPy 7.3.11", "runs": [r]}


def test_readme_block_shows_both_ratios():
    text = B.readme_block(_fake_run(True))
    assert text.startswith(B.BEGIN) and text.endswith(B.END)
    row = next(ln for ln in text.splitlines() if ln.startswith("| 4 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells == ["4", "100 (100–100)", "200 (200–200)", "0.50 (0.50–0.50)",
                     "600 (600–600)", "3.00 (3.00–3.00)", "50 (50–50)"], cells
    assert "untimed warm-up" in text and "PyPy 7.3.11" in text
    # without a fast path: the three columns of (a) only
    row = next(ln for ln in B.readme_block(_fake_run(False)).splitlines() if ln.startswith("| 4 |"))
    assert row.count("|") == 5


def test_the_baseline_is_another_commits_firmware(tmp_path):
    # --baseline: a commit's firmware/ exported beside, its worker on it
    assert B.export_firmware("HEAD", str(tmp_path)) is None
    fw = tmp_path / "firmware"
    assert (fw / "tarock" / "slovenian" / "rules.py").exists()
    r = subprocess.run([sys.executable, TOOL, "--worker", "project", "--players", "4",
                        "--seconds", "0.2", "--contracts", '["Two"]', "--firmware", str(fw)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0 and '"deals"' in r.stdout, r.stderr
    # a folder without the core: refused, not run on this checkout's core
    r = subprocess.run([sys.executable, TOOL, "--worker", "project", "--players", "4",
                        "--seconds", "0.2", "--contracts", '["Two"]', "--firmware", str(tmp_path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode != 0 and "not from" in r.stderr and '"deals"' not in r.stdout
    err = B.export_firmware("no-such-commit", str(tmp_path / "x"))
    assert err and "not in this checkout" in err
