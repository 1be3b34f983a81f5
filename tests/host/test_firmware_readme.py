"""firmware/README.md is the map of the firmware: one line a module. Every
.py file under firmware/ has its row (a table row starting with the module's
path in backticks, relative to firmware/), and every row names a module that
exists. Reads files only; nothing imported."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
ROW = re.compile(r"^\| `([^`]+\.py)` \|")


def modules():
    out = set()
    for dp, dn, fn in os.walk(FIRMWARE):
        dn[:] = [d for d in dn if d != "__pycache__"]
        for f in fn:
            if f.endswith(".py"):
                out.add(os.path.relpath(os.path.join(dp, f), FIRMWARE).replace(os.sep, "/"))
    return out


def rows(text):
    return [m.group(1) for m in map(ROW.match, text.splitlines()) if m]


def read_map():
    with open(os.path.join(FIRMWARE, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_every_module_has_its_row():
    missing = sorted(modules() - set(rows(read_map())))
    assert not missing, "firmware/README.md lacks a line for: %s" % ", ".join(missing)


def test_every_row_names_a_module_once():
    listed = rows(read_map())
    gone = sorted(set(listed) - modules())
    assert not gone, "firmware/README.md lists modules that are not there: %s" % ", ".join(gone)
    twice = sorted(m for m in set(listed) if listed.count(m) > 1)
    assert not twice, "firmware/README.md lists these twice: %s" % ", ".join(twice)


def test_the_check_sees_a_missing_row():
    text = read_map()
    assert "| `table/blit.py` |" in text
    shorter = "\n".join(ln for ln in text.splitlines() if not ln.startswith("| `table/blit.py` |"))
    assert "table/blit.py" in modules() - set(rows(shorter))
