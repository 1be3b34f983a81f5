"""make typecheck's rule (issue 19 item 5): zero pyright errors everywhere,
no file excused (the baseline is empty and BASELINED names no folder; the
ratchet that carried firmware/table/ to zero is checked with a folder
patched in). pyright itself runs in `make typecheck`; here its report is
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
        name = next(c[0] for c in typecheck.CONFIGS if c[1] == config)
        counts = found.get(name, {})
        return dict(counts), ["%s:1: an error" % f for f in counts]

    monkeypatch.setattr(typecheck, "errors", errors)
    rc = typecheck.main(list(argv))
    return rc, json.loads(path.read_text())


def test_no_errors_passes(monkeypatch, tmp_path):
    rc, _ = _run(monkeypatch, tmp_path, {}, {})
    assert rc == 0


def test_any_error_anywhere_fails(monkeypatch, tmp_path, capsys):
    for name, f in (("host_tools", "host_tools/sim/play.py"),
                    ("firmware", "firmware/tarock/deal.py"),
                    ("firmware", "firmware/table/app.py")):
        rc, _ = _run(monkeypatch, tmp_path, {}, {name: {f: 1}})
        assert rc == 1, f
        assert f in capsys.readouterr().out


def test_no_baseline_count_excuses_anything(monkeypatch, tmp_path):
    base = {"firmware": {"firmware/tarock/deal.py": 5, "firmware/table/app.py": 5},
            "host_tools": {"host_tools/sim/play.py": 5}}
    for name, f in (("firmware", "firmware/tarock/deal.py"),
                    ("firmware", "firmware/table/app.py"),
                    ("host_tools", "host_tools/sim/play.py")):
        rc, _ = _run(monkeypatch, tmp_path, base, {name: {f: 1}})
        assert rc == 1, f


def test_the_repository_excuses_nothing():
    assert typecheck.BASELINED == ()
    with open(typecheck.BASELINE, encoding="utf-8") as fh:
        assert json.load(fh) == {}


def test_update_drops_every_count(monkeypatch, tmp_path):
    base = {"firmware": {"firmware/table/app.py": 3, "firmware/tarock/deal.py": 4},
            "host_tools": {"host_tools/sim/play.py": 2}}
    rc, after = _run(monkeypatch, tmp_path, base, {}, argv=["--update", "--force"])
    assert rc == 0
    assert after == {}


# the ratchet itself, for a folder named in BASELINED
def test_the_ratchet(monkeypatch, tmp_path):
    monkeypatch.setattr(typecheck, "BASELINED", ("firmware/table/",))
    base = {"firmware": {"firmware/table/app.py": 3}}
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 3}})
    assert rc == 0
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 4}})
    assert rc == 1
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/ui.py": 1}})
    assert rc == 1, "a file without a count is held at zero"
    rc, _ = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/tarock/deal.py": 1}})
    assert rc == 1, "a file outside BASELINED is held at zero"


def test_update_lowers_and_never_raises(monkeypatch, tmp_path):
    monkeypatch.setattr(typecheck, "BASELINED", ("firmware/table/",))
    base = {"firmware": {"firmware/table/app.py": 3, "firmware/tarock/deal.py": 4}}
    rc, after = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 1}},
                     argv=["--update", "--force"])
    assert rc == 0
    assert after == {"firmware": {"firmware/table/app.py": 1}}
    base = {"firmware": {"firmware/table/app.py": 1}}
    rc, after = _run(monkeypatch, tmp_path, base, {"firmware": {"firmware/table/app.py": 2}},
                     argv=["--update", "--force"])
    assert rc == 1
    assert after == base
