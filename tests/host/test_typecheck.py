"""make typecheck's rule (issue 19 item 5): zero pyright errors everywhere,
except that firmware/table/ may hold a per-file baseline while its screens
are rewritten. pyright itself runs in `make typecheck`; here its report is
stubbed, so the rule is checked in milliseconds."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "build"))
import typecheck  # noqa: E402


def _run(monkeypatch, tmp_path, base, found, argv=()):
    """typecheck.main with the baseline `base` and pyright reporting `found`
    ({config: {file: count}}); returns (status, baseline file after)."""
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(base))
    monkeypatch.setattr(typecheck, "BASELINE", str(path))
    monkeypatch.setattr(typecheck, "PYRIGHT", sys.executable)   # "installed"

    def errors(config, python=None):
        name = [c[0] for c in typecheck.CONFIGS if c[1] == config][0]
        counts = found.get(name, {})
        return dict(counts), ["%s:1: an error" % f for f in counts]

    monkeypatch.setattr(typecheck, "errors", errors)
    rc = typecheck.main(list(argv))
    return rc, json.loads(path.read_text())


def test_no_errors_passes(monkeypatch, tmp_path):
    rc, _ = _run(monkeypatch, tmp_path, {}, {})
    assert rc == 0


def test_any_error_outside_the_table_fails(monkeypatch, tmp_path, capsys):
    rc, _ = _run(monkeypatch, tmp_path, {}, {"host_tools": {"host_tools/sim/play.py": 1}})
    assert rc == 1
    assert "host_tools/sim/play.py" in capsys.readouterr().out
    rc, _ = _run(monkeypatch, tmp_path, {}, {"firmware": {"firmware/tarock/deal.py": 1}})
    assert rc == 1


def test_a_baseline_outside_the_table_excuses_nothing(monkeypatch, tmp_path):
    base = {"firmware": {"firmware/tarock/deal.py": 5}, "host_tools": {"host_tools/sim/play.py": 5}}
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/tarock/deal.py": 1}})
    assert rc == 1
    rc, _ = _run(monkeypatch, tmp_path, base, {"host_tools": {"host_tools/sim/play.py": 1}})
    assert rc == 1


def test_the_table_ratchet(monkeypatch, tmp_path):
    base = {"firmware": {"firmware/table/app.py": 3}}
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 3}})
    assert rc == 0
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 4}})
    assert rc == 1
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/ui.py": 1}})
    assert rc == 1, "a table file without a count is held at zero"


def test_update_lowers_and_drops_what_is_not_the_table(monkeypatch, tmp_path):
    base = {"firmware": {"firmware/table/app.py": 3, "firmware/table/ui.py": 2,
                         "firmware/tarock/deal.py": 4},
            "host_tools": {"host_tools/sim/play.py": 2}}
    rc, after = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 1}},
                     argv=["--update", "--force"])
    assert rc == 0
    assert after == {"firmware": {"firmware/table/app.py": 1}}


def test_update_never_raises_a_count(monkeypatch, tmp_path):
    base = {"firmware": {"firmware/table/app.py": 1}}
    rc, after = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 2}},
                     argv=["--update", "--force"])
    assert rc == 1
    assert after == base
