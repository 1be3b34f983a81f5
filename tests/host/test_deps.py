"""pyproject.toml's dependency groups (issue 36 item 2): the one list of the
host's Python dependencies. Every entry is an exact pin, a package pinned in
two groups has one version, the Makefile's stamps know which groups a group
includes, and what this venv runs is what the groups pin."""
import os
import re
import tomllib
from importlib import metadata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][A-Za-z0-9.+!-]*)(\s*;.+)?$")
# the groups installed elsewhere: .typings/rp2, .venv-peer, .venv-fast
NOT_IN_VENV = ("stubs", "peer", "fast")


def _groups():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as fh:
        return tomllib.load(fh)["dependency-groups"]


def _norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(groups, name, seen=()):
    """{normalized name: version} of a group and the groups it includes."""
    out = {}
    for entry in groups[name]:
        if isinstance(entry, dict):
            assert entry["include-group"] not in seen, "include-group cycle at " + name
            out.update(_pins(groups, entry["include-group"], seen + (name,)))
        else:
            m = PIN.match(entry)
            assert m, "%s: %r is not an exact pin (name==version)" % (name, entry)
            out[_norm(m.group(1))] = m.group(2)
    return out


def test_every_entry_is_an_exact_pin_with_one_version():
    groups = _groups()
    version = {}
    for name in groups:
        for pkg, v in _pins(groups, name).items():
            assert version.setdefault(pkg, v) == v, "%s pinned at %s and %s" % (pkg, version[pkg], v)


def test_the_makefile_stamps_know_the_included_groups():
    groups = _groups()
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as fh:
        make = fh.read()
    for name, entries in groups.items():
        includes = set()
        todo = [e["include-group"] for e in entries if isinstance(e, dict)]
        while todo:
            g = todo.pop()
            includes.add(g)
            todo += [e["include-group"] for e in groups[g] if isinstance(e, dict)]
        m = re.search(r"^INCLUDES_%s := (.*)$" % name, make, re.M)
        assert set(m.group(1).split() if m else ()) == includes, name


def test_this_venv_runs_the_pinned_versions():
    """Each pinned package installed here is at its pin (a venv from before a
    pin changed would not be). That nothing comes in unpinned is checked
    where a group is installed: --no-deps, then `pip check` (Makefile)."""
    groups = _groups()
    pins = {}
    for name in groups:
        if name not in NOT_IN_VENV:
            pins.update(_pins(groups, name))
    installed = {_norm(d.metadata["Name"]): d.version for d in metadata.distributions()}
    wrong = {p: (installed[p], v) for p, v in pins.items() if p in installed and installed[p] != v}
    assert not wrong, "installed != pinned: %r (make setup)" % wrong
