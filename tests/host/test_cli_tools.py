"""Every host tool behaves like a Unix tool (issue 19 item 4).

The tools are found, not listed: every host_tools/<group>/<name>.py with a
`__main__` block. Each one must
- print its help on --help, exit 0, write nothing;
- refuse an unknown option and every bad value its own options declare (a
  number out of range, an unknown name, a missing path: the values come from
  the tool's parser, TAROCKBOX_ARGSPEC=1, see host_tools/lib/cli.py) with ONE
  line on stderr naming the option or value (and the accepted values where
  there is a list), exit 2, no traceback, nothing written.
A new tool is covered by being there.
"""

import concurrent.futures as cf
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP_DIRS = {".git", ".venv", ".venv-peer", "node_modules", "__pycache__", ".pytest_cache",
             ".hypothesis"}


def tools():
    out = []
    for p in sorted(glob.glob(os.path.join(ROOT, "host_tools", "*", "*.py"))):
        with open(p, encoding="utf-8") as fh:
            if '__name__ == "__main__"' in fh.read():
                out.append(p)
    return out


def tree():
    """Every file under the repository with its size and mtime."""
    seen = {}
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
        for f in files:
            p = os.path.join(d, f)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            seen[p] = (st.st_size, st.st_mtime_ns)
    return seen


def run(tool, args, cwd, env=None):
    e = dict(os.environ)
    e.pop("DISPLAY", None)
    e.update(env or {})
    p = subprocess.run([sys.executable, tool] + args, cwd=cwd, env=e, capture_output=True,
                       text=True, timeout=60, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def check_tool(tool, cwd):
    """Problems found with one tool, as strings (empty: it behaves)."""
    name = os.path.relpath(tool, ROOT)
    bad = []
    rc, out, err = run(tool, ["--help"], cwd)
    if rc != 0 or "usage" not in out.lower() or "Traceback" in err:
        bad.append("%s --help: exit %d, stdout %r, stderr %r" % (name, rc, out[:80], err[-300:]))
    cases = []
    with open(tool, encoding="utf-8") as fh:
        text = fh.read()
    if "# cli: no argparse (MicroPython)" in text:
        pass       # a script for the ports too: --help and unknown options only
    elif "cli.Parser(" not in text and "# cli: parsed by" not in text:   # run without arguments it would do its work
        bad.append("%s: parse the command line with cli.Parser (host_tools/lib/cli.py)" % name)
    else:
        rc, out, err = run(tool, [], cwd, {"TAROCKBOX_ARGSPEC": "1"})
        try:
            cases = json.loads(out)
        except ValueError:
            bad.append("%s: no argument spec: exit %d %r" % (name, rc, err[-300:]))
    if not cases:   # no spec: the unknown option alone
        cases.append({"argv": ["--no-such-option"], "option": "--no-such-option", "bad": "",
                      "accepted": []})
    for c in cases:
        rc, out, err = run(tool, c["argv"], cwd)
        lines = err.strip("\n").split("\n")
        what = "%s %s" % (name, " ".join(c["argv"]))
        if rc != 2:
            bad.append("%s: exit %d, want 2 (stderr %r)" % (what, rc, err[-300:]))
        elif "Traceback" in err or len(lines) != 1:
            bad.append("%s: want one line on stderr, got %r" % (what, err[-400:]))
        elif c["option"] not in err and (not c["bad"] or c["bad"] not in err):
            bad.append("%s: the line names neither %s nor %r: %r" % (what, c["option"], c["bad"], err))
        elif c["accepted"] and not any(a in err for a in c["accepted"]):
            bad.append("%s: the line lists no accepted value: %r" % (what, err))
        if out:
            bad.append("%s: printed to stdout on a bad argument: %r" % (what, out[:200]))
    return bad


def test_tools_are_found():
    names = [os.path.relpath(t, ROOT) for t in tools()]
    assert "host_tools/sim/simulate.py" in names and "host_tools/golden/playthroughs.py" in names
    assert len(names) >= 20


def test_every_tool_help_and_bad_arguments(tmp_path):
    before = tree()
    with cf.ThreadPoolExecutor(4) as ex:
        problems = [p for ps in ex.map(lambda t: check_tool(t, str(tmp_path)), tools()) for p in ps]
    after = tree()
    changed = sorted(os.path.relpath(p, ROOT) for p in set(before) | set(after)
                     if before.get(p) != after.get(p))
    assert not problems, "\n".join(problems)
    assert not changed, "written by --help or a bad argument: %s" % changed
    assert os.listdir(str(tmp_path)) == []
