"""What the table confirmed stands under every later firmware (issue 35):
every journal of the corpus (tests/golden/journals/<firmware>/<name>/,
written by the real app of that firmware, host_tools/golden/journals.py)
opens on the current firmware to exactly what it opened to on the firmware
that wrote it: every party's deals and counted deltas, history, totals,
Kontra column, end, the archived parties, the ratings. The corpus only grows:
a release adds its own folder and never edits an older one."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "golden"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))

import journals as J  # noqa: E402

__import__("emulator").hostenv.setup("HOST")

CORPUS = J.corpus()


def test_the_corpus_holds_every_family_and_mode():
    names = {name for ver, name, folder in CORPUS}
    for fam in ("koenigrufen", "slovenian", "french", "bavarian"):
        for mode in ("virtual", "aid", "score"):
            assert "%s_%s" % (fam, mode) in names
    for special in ("koenigrufen_archived", "koenigrufen_user_preset", "koenigrufen_tournament",
                    "slovenian_abort", "french_pending", "bavarian_damaged"):
        assert special in names


@pytest.mark.parametrize("ver,name,folder", CORPUS, ids=["%s/%s" % c[:2] for c in CORPUS])
def test_every_journal_replays_as_it_did(ver, name, folder):
    assert J.check(folder) == []


def test_a_changed_total_is_caught(tmp_path):
    """The comparison can fail: a deal's deltas altered in a copy's expected view."""
    import json
    import shutil
    ver, name, folder = next(c for c in CORPUS if c[1] == "koenigrufen_tournament")
    dest = tmp_path / name
    shutil.copytree(folder, dest)
    p = dest / "expected.json"
    v = json.loads(p.read_text(encoding="utf-8"))
    v["parties"][0]["totals"][0] += 1
    p.write_text(J.dumps(v), encoding="utf-8")
    assert J.check(str(dest)) == [".parties[0].totals[0]: expected %d, got %d"
                                  % (v["parties"][0]["totals"][0],
                                     v["parties"][0]["totals"][0] - 1)]


@pytest.mark.parametrize("name", sorted(J.SESSIONS))
def test_the_generator_still_writes_every_journal(tmp_path, name):
    """This firmware's own sessions still run (the next release writes them
    all: a session the app's changes broke would be found only then), and
    each journal replays to what it gave."""
    v = J.generate(name, str(tmp_path / name))
    assert v["parties"] or v["archived"]
    assert J.check(str(tmp_path / name)) == []
    if name == "koenigrufen_tournament":
        assert v["parties"][0]["why"] == "block" and len(v["parties"][0]["deals"]) == 16
