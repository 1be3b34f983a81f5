"""The emulator's command line rejects bad input cleanly (issue 21, item 10).

Every bad option and every malformed --script line: exit status 2, one line
on stderr (naming the script line where there is one, and what is accepted),
no traceback, and nothing written: no --out files, no journal. Valid scripts,
the golden ones included, still run."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMULATOR = os.path.join(ROOT, "host_tools", "emulator", "emulator.py")
GOLDEN = os.path.join(ROOT, "tests", "golden", "device")


def _emulator(*args, timeout=300):
    # SDL dummy: never a window, whatever the machine running the tests has
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, EMULATOR] + list(args), capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=timeout)


def _tree(top):
    return sorted(os.path.relpath(os.path.join(d, f), top)
                  for d, dirs, files in os.walk(top) for f in files + dirs)


# name: (script bytes or None, extra options, script line named or None, accepted)
#   the options name {tmp}; out and storage are {tmp}/out and {tmp}/journal
#   unless the case gives its own
BAD = {
    "missing_script": (None, ["--script", "{tmp}/nosuch.script"], None, "readable script file"),
    "directory_script": (None, ["--script", "{tmp}/adir"], None, "readable script file"),
    "unknown_seat": (b"0 o\n7 o\n", [], 2, "seats are 0-3"),
    "seat_minus_one": (b"0 >\n# the last seat is not -1\n-1 o\n", [], 3, "seats are 0-3"),
    "unknown_key": (b"0 o\n1 >x<\n", [], 2, "keys are < > o O"),
    "unknown_command": (b"0 o\njump 2\n", [], 2, "lines are"),
    "repeat_without_arrow": (b"0 o\n1 o++\n", [], 2, "holds the < or >"),
    "extra_keys": (b"0 o\n1 >> o\n", [], 2, "one word of keys"),
    "invalid_utf8": (b"0 o\n# caf\xc3\xa9\n1 \xff\n", [], 3, "UTF-8"),
    "snap_up_and_out": (b"0 o\nsnap ../escape\n", [], 2, "inside --out"),
    "snap_absolute": (b"0 o\nsnap {tmp}/escape\n", [], 2, "inside --out"),
    "snap_up_through_a_folder": (b"0 o\nsnap shots/../../escape\n", [], 2, "inside --out"),
    # a snap is a file name: no folder, no NUL, no leading dot (`snap ..` made
    # "...png", which PIL could not name a format for)
    "snap_dot_dot": (b"0 o\nsnap ..\n", [], 2, "a file name"),
    "snap_dot": (b"0 o\nsnap .\n", [], 2, "a file name"),
    "snap_hidden": (b"0 o\nsnap .x\n", [], 2, "a file name"),
    "snap_in_a_folder": (b"0 o\nsnap shots/second\n", [], 2, "a file name"),
    "snap_backslash": (b"0 o\nsnap a\\b\n", [], 2, "a file name"),
    "snap_nul": (b"0 o\nsnap a\x00b\n", [], 2, "a file name"),
    "snap_control": (b"0 o\nsnap a\x01b\n", [], 2, "a file name"),
    "snap_too_long": (b"0 o\nsnap " + b"x" * 300 + b"\n", [], 2, "a file name"),
    "wait_without_seconds": (b"0 o\nwait\n", [], 2, "seconds"),
    "wait_negative": (b"0 o\nwait -5\n", [], 2, "seconds"),
    "wait_zero": (b"0 o\nwait 0\n", [], 2, "seconds"),
    "wait_minutes": (b"0 o\nwait 5m\n", [], 2, "seconds"),
    "wait_over_a_day": (b"0 o\nwait 86401\n", [], 2, "seconds"),
    "deals_minus_5": (None, ["--bots", "--deals", "-5"], None, "1 or more"),
    "out_is_a_file": (None, ["--bots", "--out", "{tmp}/afile"], None, "not a directory"),
    "storage_is_a_file": (None, ["--bots", "--storage", "{tmp}/afile"], None, "not a directory"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_line_status_2_nothing_written(case, tmp_path):
    script, extra, line, accepted = BAD[case]
    tmp = str(tmp_path)
    os.mkdir(os.path.join(tmp, "adir"))
    open(os.path.join(tmp, "afile"), "w").close()
    args = [a.format(tmp=tmp) for a in extra]
    if script is not None:
        path = os.path.join(tmp, "bad.script")
        with open(path, "wb") as fh:
            fh.write(script.replace(b"{tmp}", tmp.encode()))
        args += ["--script", path]
    if "--out" not in args:
        args += ["--out", os.path.join(tmp, "out")]
    if "--storage" not in args:
        args += ["--storage", os.path.join(tmp, "journal")]
    before = _tree(tmp)
    r = _emulator(*args)
    assert r.returncode == 2, (r.returncode, r.stderr)
    err = r.stderr.splitlines()
    assert len(err) == 1, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    if line is not None:
        assert "line %d:" % line in err[0], err[0]
    assert accepted in err[0], err[0]
    assert _tree(tmp) == before            # no out/, no journal, no escaped snap
    assert os.path.getsize(os.path.join(tmp, "afile")) == 0


def test_a_golden_script_runs_from_the_command_line(tmp_path):
    """A script device_runs wrote (`seed`/`seats` header lines) replays to the
    golden transcript, with its journal in --storage."""
    out, journal = str(tmp_path / "out"), str(tmp_path / "journal")
    r = _emulator("--script", os.path.join(GOLDEN, "french_2_deal.script"),
                  "--out", out, "--storage", journal)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    with open(os.path.join(GOLDEN, "french_2_deal.txt"), encoding="utf-8") as fh:
        golden = fh.read()
    with open(os.path.join(out, "transcript.txt"), encoding="utf-8") as fh:
        assert fh.read() == golden
    assert os.listdir(journal)


def test_a_hand_written_script_with_every_command(tmp_path):
    """Comments, presses, a long press, pull/plug and snaps (one in a folder
    under --out) all still work."""
    script = tmp_path / "ok.script"
    script.write_text("# a comment line\n"
                      "0 o   # start the game\n"
                      "snap first\n"
                      "pull 1\n"
                      "plug 1\n"
                      "1 <>\n"
                      "2 O\n"
                      "snap second.png\n"
                      "snap dritte_Aufnahme-ü\n", encoding="utf-8")
    out = tmp_path / "out"
    r = _emulator("--script", str(script), "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert sorted(_tree(str(out))) == [".emulator-files", "dritte_Aufnahme-ü.png", "first.png",
                                       "second.png", "transcript.txt"]
    assert "(4 button events)" in r.stdout   # o, <, >, long o


def test_a_held_arrow_is_one_press_that_repeats():
    """`>+++` holds ▶ through three repeats (hw.buttons REPEAT events), and a
    recorded script writes it back the same way."""
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    __import__("hostenv").tools()
    import emulator as E
    emu = E.Emulator(seats=4)
    emu.keys(0, ">+++<")
    assert [(p.seat, p.button, p.kind) for p in emu.presses] == [
        (0, 1, 1), (0, 1, 3), (0, 1, 3), (0, 1, 3), (0, 0, 1)]
    assert E.script_lines(emu) == ["0 >+++<"]


def test_a_script_with_a_byte_order_mark_runs(tmp_path):
    """An editor's UTF-8 BOM (the presets reader takes one) is not part of
    the first line."""
    script = tmp_path / "bom.script"
    script.write_bytes(b"\xef\xbb\xbfseats 4\n0 o\n")
    r = _emulator("--script", str(script), "--out", str(tmp_path / "out"))
    assert r.returncode == 0, r.stderr
    assert "(1 button events)" in r.stdout


# the score entry (mode score: Mode row, ● twice), its steps taken up to the
# bonus list, a bonus item opened and left open
OPEN_ITEM = "0 >>>>>o>>oo>>>\n0 ooooo>o\n"   # (the Confirm row shows in score mode)


def test_bots_after_an_open_score_entry_item_finish_the_deal(tmp_path):
    """The bots answer a score-entry item left open (they take it) and go
    on: the `bots` line used to hang there."""
    script = tmp_path / "item.script"
    script.write_text(OPEN_ITEM + "bots\n", encoding="utf-8")
    r = _emulator("--script", str(script), "--out", str(tmp_path / "out"), timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert "total" in r.stdout.lower() or "summe" in r.stdout.lower(), r.stdout


def test_bots_that_cannot_go_on_end_in_one_line(tmp_path, monkeypatch):
    """A `bots` line whose bots make no progress (here: a bot step that
    presses nothing useful) ends, bounded, in one line naming the script
    line, exit status 1; the transcript so far is written."""
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    __import__("hostenv").tools()
    import emulator as E
    script = tmp_path / "stuck.script"
    script.write_text("0 o\n# the bots' turn\nbots\n", encoding="utf-8")
    monkeypatch.setattr(E, "bot_step", lambda emu, rng, entry=None, decide=None:
                        emu.press(emu.app.cfg.used[0], ">") or True)
    out = tmp_path / "out"
    import io
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    rc = E.main(["--script", str(script), "--out", str(out)])
    lines = err.getvalue().strip("\n").split("\n")
    assert rc == 1 and len(lines) == 1, err.getvalue()
    assert "line 3:" in lines[0] and "bots" in lines[0], lines
    assert (out / "transcript.txt").exists()
