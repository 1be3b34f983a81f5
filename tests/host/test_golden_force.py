"""The golden generators write over nothing without --force and name the
files that changed (issue 19 item 4); into a scratch --out, so the committed
transcripts are never touched."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "host_tools", "golden")


def _run(tool, *args):
    r = subprocess.run([sys.executable, os.path.join(GOLDEN, tool)] + list(args),
                       capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout, r.stderr


def _cycle(tool, out, args, victim):
    rc, text, err = _run(tool, "--out", str(out), *args)
    assert rc == 0, err
    files = sorted(os.listdir(str(out)))
    assert victim in files
    rc, text, err = _run(tool, "--out", str(out), *args)
    assert rc == 0 and "none changed" in text, text + err
    path = out / victim
    good = path.read_bytes()
    path.write_bytes(good + b"tampered\n")
    rc, text, err = _run(tool, "--out", str(out), *args)
    assert rc == 1 and victim in err and "--force" in err, (rc, text, err)
    assert path.read_bytes() == good + b"tampered\n"        # written over: nothing
    rc, text, err = _run(tool, "--out", str(out), "--check", *args)
    assert rc == 1 and victim in text
    rc, text, err = _run(tool, "--out", str(out), "--force", *args)
    assert rc == 0 and "1 of" in text and victim in text, text + err
    assert path.read_bytes() == good
    assert sorted(os.listdir(str(out))) == files


def test_playthroughs_force_and_changed_files(tmp_path):
    _cycle("playthroughs.py", tmp_path, ["--family", "koenigrufen"], "koenigrufen_01_rufer.txt")


def test_device_runs_force_and_changed_files(tmp_path):
    _cycle("device_runs.py", tmp_path, ["virtual_4"], "virtual_4.txt")
