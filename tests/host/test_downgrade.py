"""Downgrades with the real older firmware (issue 35, item 8): each release
from 0.4.0 on, taken from git as it was, opens every journal a later
release wrote to the same totals (host_tools/golden/downgrade.py)."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "golden"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))

import downgrade as D  # noqa: E402


def test_every_release_since_0_4_0_reads_every_later_journal_to_the_same_totals(capsys):
    assert D.main([]) == 0
    out = capsys.readouterr().out.splitlines()
    rel = [v for v, c in D.releases()]
    assert rel[:3] == ["0.3.0", "0.4.0", "0.5.0"]
    # 0.4.0 (and every later release but the newest) opened something
    opened = [line for line in out if line.startswith("firmware ")]
    assert opened and all("same totals" in line for line in opened)
    assert any(line.startswith("firmware 0.4.0 opens 0.5.0/koenigrufen_fixed_deleted") for line in opened)
    assert out[-1].endswith(", 0 count otherwise")


def test_the_check_sees_a_release_that_counts_otherwise():
    """0.3.0 re-scored every deal on load (before issue 35): a deal 0.5.0
    deleted counts again there. The check must say so."""
    seen = D.check("0.3.0", dict(D.releases())["0.3.0"], ["0.5.0"])
    bad = [os.path.basename(d) for d, (same, g) in seen.items() if not same]
    assert "koenigrufen_fixed_deleted" in bad


def test_an_unknown_release_is_one_line(capsys):
    with pytest.raises(SystemExit) as ex:
        D.main(["--since", "9.9"])
    assert ex.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no such release" in err[0]
