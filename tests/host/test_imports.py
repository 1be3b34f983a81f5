"""The house rules of the import graph (DESIGN.md "Layers"), read from the
sources (pure Python, nothing imported):

- no import circles anywhere: firmware, boards, host tools, tests;
- imports point downwards: the rules core (firmware/tarock) imports only
  itself, never the app (table), the hardware glue (hw), a board or a host
  tool; the app never imports hw, a board or a host tool; hw never the app;
  inside the app, each room imports only the rooms below it (ROOMS);
- a family's modules (tarock/<family>/, table/games/<family>.py) are named
  only by the families registries (tarock/families.py, table/games/), the
  family's own package, its bot (tarock/bots/<family>.py) and its glue;
- no firmware or host tool file outside those is named after a family.

Every import statement counts, at module level or inside a function (a lazy
import is still an edge). Imports by string (`__import__(name)` through the
registries) are the registries' business and are not edges.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAMILIES = ("koenigrufen", "slovenian", "french", "bavarian")
# family names in file names, including the short forms used before the move
FAMILY_WORDS = FAMILIES + ("kr", "si", "fr", "by", "sl", "tarockcup", "cards36", "cards78",
                           "tables36", "tables78", "trick36")

# the app's rooms, lowest first; a room imports only itself and rooms below it
ROOMS = [
    ("toolkit", ("table.ui", "table.text", "table.fonts", "table.lang")),
    ("sheet", ("table.sheet",)),
    ("games", ("table.games",)),
    ("scores", ("table.scores",)),
    ("flows", ("table.flows",)),
    ("app", ("table.app",)),
]


def _walk(base):
    for dp, dn, fn in os.walk(os.path.join(ROOT, base)):
        dn[:] = sorted(d for d in dn if d not in ("__pycache__", "node_modules"))
        for f in sorted(fn):
            if f.endswith(".py"):
                yield os.path.join(dp, f)


def modules():
    """{module name: path}. Firmware modules by their dotted name; host tools
    (every group folder is on sys.path) and test helpers by file name;
    boards as board@<BOARD>."""
    mods = {}
    fw = os.path.join(ROOT, "firmware")
    for p in _walk("firmware"):
        rel = os.path.relpath(p, fw)[:-3].replace(os.sep, ".")
        if rel.endswith(".__init__"):
            rel = rel[:-9]
        mods[rel] = p
    for p in _walk("boards"):
        b = os.path.basename(os.path.dirname(p))
        mods["%s@%s" % (os.path.basename(p)[:-3], b)] = p
    for p in _walk("host_tools"):
        if os.sep + "hostlib" + os.sep in p:
            continue  # stand-ins for MicroPython's built-ins (framebuf)
        name = os.path.basename(p)[:-3]
        assert name not in mods, "two host tool modules named %s: %s, %s" % (name, mods[name], p)
        mods[name] = p
    for sub in ("tests/core", "tests/host", "tests/host/scripts"):
        for f in sorted(os.listdir(os.path.join(ROOT, sub))):
            if f.endswith(".py"):
                mods.setdefault(f[:-3], os.path.join(ROOT, sub, f))
    return mods


def _imports(path):
    """[(line, imported dotted name, names of a from-import)]."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((node.lineno, a.name, ()))
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append((node.lineno, node.module, tuple(a.name for a in node.names)))
    return out


def graph():
    """{module: [(line, target module)]} over the project's own modules; a
    from-import of a submodule is an edge to the submodule; `import board`
    is an edge to every board."""
    mods = modules()
    boards = [m for m in mods if m.startswith("board@")]
    g = {}
    for m, path in mods.items():
        edges = []
        for line, name, names in _imports(path):
            targets = []
            if name == "board":
                targets = boards
            elif name in mods:
                targets = [name]
                for n in names:
                    if name + "." + n in mods:
                        targets.append(name + "." + n)
            else:
                # a.b.c where only a.b is ours (an attribute import)
                parts = name.split(".")
                while parts and ".".join(parts) not in mods:
                    parts.pop()
                if parts:
                    targets = [".".join(parts)]
            for t in targets:
                if t != m:
                    edges.append((line, t))
        g[m] = edges
    return g, mods


def cycles(g):
    """Strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for _, w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def _top(m):
    return m.split(".")[0].split("@")[0]


def _room(m):
    for k, (name, prefixes) in enumerate(ROOMS):
        for p in prefixes:
            if m == p or m.startswith(p + "."):
                return k
    return None


def _family_of(m):
    """The family whose own module m is (tarock.<f>.*, table.games.<f>)."""
    for f in FAMILIES:
        if m == "tarock." + f or m.startswith("tarock.%s." % f) or m == "table.games." + f:
            return f
    return None


def _rel(path):
    return os.path.relpath(path, ROOT)


def layer_errors(g, mods):
    errs = []
    firmware = {m for m in mods if mods[m].startswith(os.path.join(ROOT, "firmware") + os.sep)}
    for m in sorted(g):
        if m not in firmware:
            continue
        top = _top(m)
        for line, t in g[m]:
            where = "%s:%d imports %s" % (_rel(mods[m]), line, t)
            if t not in firmware and not t.startswith("board@"):
                errs.append(where + ": firmware must not import a host tool or test")
                continue
            tt = _top(t)
            if top == "tarock" and tt != "tarock":
                errs.append(where + ": the rules core imports only itself")
            if top == "table" and tt in ("hw", "board", "main"):
                errs.append(where + ": the app never imports hw or a board")
            if top == "hw" and tt in ("table", "board", "main"):
                errs.append(where + ": hw never imports the app or a board")
            rm, rt = _room(m), _room(t)
            if rm is not None and rt is not None and rt > rm:
                errs.append(where + ": room %s imports the room %s above it"
                            % (ROOMS[rm][0], ROOMS[rt][0]))
    return errs


def _may_name_family(m, path, fam):
    """Who may import family `fam`'s modules."""
    rel = _rel(path).replace(os.sep, "/")
    if _family_of(m) == fam:
        return True
    if m in ("tarock.families", "table.games"):
        return True
    if rel in ("firmware/tarock/bots/%s.py" % fam, "firmware/table/games/%s.py" % fam,
               "host_tools/golden/%s.py" % fam):
        return True
    # tests and the per-family golden/device runs are per family by design
    if rel.startswith("tests/"):
        return True
    return rel in HOST_FAMILY_TOOLS


# host tools whose job is one family's (or that drive a family's own screens
# for a scripted run): allowed to name that family's modules, with the reason
HOST_FAMILY_TOOLS = {
    "host_tools/sim/play.py",          # prints Königrufen deals of the bare core
    "host_tools/sim/searchbot.py",     # the determinized search bot is Königrufen's
    "host_tools/bench/bench_mp.py",    # the MicroPython workload is Königrufen deals
    "host_tools/golden/device_runs.py",  # scripted bots per family for the golden runs
    "host_tools/sim/simulate.py",      # per-family outcome columns of the CSV
    "host_tools/sim/simwork.py",       # the same columns, on the workers' side
    "host_tools/bench/bench_peer.py",  # the OpenSpiel comparison is Slovenian Tarok's
    "host_tools/emulator/emulator.py",  # the scripted demo deals of `make run`
    "host_tools/bench/bench.py",       # per-family speed rows
}


def family_errors(g, mods):
    errs = []
    for m in sorted(g):
        for line, t in g[m]:
            fam = _family_of(t)
            if fam is not None and not _may_name_family(m, mods[m], fam):
                errs.append("%s:%d imports %s: a family's modules are looked up in the "
                            "registry (tarock.families / table.games)" % (_rel(mods[m]), line, t))
    return errs


def naming_errors(mods):
    errs = []
    for m, path in sorted(mods.items()):
        rel = _rel(path).replace(os.sep, "/")
        if not rel.startswith(("firmware/", "host_tools/")):
            continue
        base = os.path.basename(rel)[:-3]
        words = base.replace("-", "_").split("_")
        if not any(w in FAMILY_WORDS for w in words):
            continue
        fam_pkg = any(rel.startswith("firmware/tarock/%s/" % f) for f in FAMILIES)
        allowed = (fam_pkg or rel.startswith("firmware/tarock/bots/")
                   or rel.startswith("firmware/table/games/")
                   or rel.startswith("host_tools/golden/"))
        if not allowed:
            errs.append("%s is named after a family outside its room" % rel)
    return errs


def test_no_import_circles():
    g, mods = graph()
    found = cycles(g)
    assert found == [], "import circles: %s" % found


def test_imports_point_downwards():
    g, mods = graph()
    errs = layer_errors(g, mods)
    assert errs == [], "\n".join(errs)


def test_family_modules_are_named_only_by_the_registries():
    g, mods = graph()
    errs = family_errors(g, mods)
    assert errs == [], "\n".join(errs)


def test_no_file_is_named_after_a_family_outside_its_room():
    errs = naming_errors(modules())
    assert errs == [], "\n".join(errs)


def test_every_package_imports_on_the_device():
    """A firmware folder with modules is a package (has __init__.py): the
    device's import needs it (MicroPython has no namespace packages)."""
    missing = []
    for dp, dn, fn in os.walk(os.path.join(ROOT, "firmware")):
        dn[:] = [d for d in dn if d != "__pycache__"]
        if dp != os.path.join(ROOT, "firmware") and any(f.endswith(".py") for f in fn) \
                and "__init__.py" not in fn:
            missing.append(_rel(dp))
    assert missing == []


# the checks themselves must be able to fail: small graphs with the faults
def test_the_checks_find_what_they_look_for():
    g = {"a": [(1, "b")], "b": [(2, "c")], "c": [(3, "a")], "d": [(4, "a")]}
    assert cycles(g) == [["a", "b", "c"]]
    fw = os.path.join(ROOT, "firmware")
    mods = {"tarock.rng": os.path.join(fw, "tarock", "rng.py"),
            "table.ui": os.path.join(fw, "table", "ui.py"),
            "table.app": os.path.join(fw, "table", "app.py"),
            "table.sheet.sheet": os.path.join(fw, "table", "sheet", "sheet.py"),
            "hw.display": os.path.join(fw, "hw", "display.py"),
            "tarock.french.rules": os.path.join(fw, "tarock", "french", "rules.py"),
            "emulator": os.path.join(ROOT, "host_tools", "emulator", "emulator.py")}
    bad = {"tarock.rng": [(1, "table.ui")], "table.ui": [(2, "hw.display")],
           "table.sheet.sheet": [(3, "table.app"), (4, "tarock.french.rules")],
           "hw.display": [(5, "table.ui"), (6, "emulator")], "table.app": [], "emulator": [],
           "tarock.french.rules": []}
    errs = layer_errors(bad, mods)
    assert len(errs) == 5, errs
    ferrs = family_errors(bad, mods)
    assert len(ferrs) == 1 and "table/sheet/sheet.py:4" in ferrs[0], ferrs
    named = naming_errors({"x": os.path.join(fw, "table", "kr.py"),
                           "y": os.path.join(fw, "tarock", "score_fr.py"),
                           "z": os.path.join(fw, "tarock", "french", "score.py")})
    assert len(named) == 2, named


def test_the_device_never_imports_a_host_only_module():
    """deploy.HOST_ONLY (the simulator's bots, the action codes' layout) is
    neither deployed nor frozen: no module the device loads imports one,
    but a rules module's codes(), which only host tools and tests call."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    __import__("hostenv").tools()
    import deploy
    fw = os.path.join(ROOT, "firmware")
    bad = []

    def visit(node, rel, fn):
        if isinstance(node, ast.FunctionDef):
            fn = node.name
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [(node.module or "") + "." + a.name for a in node.names]
                 if isinstance(node, ast.ImportFrom) else [])
        for nm in names:
            path = nm.replace(".", "/")
            while path:     # the module itself, or a package it is in
                if deploy.host_only(path + ".py") or deploy.host_only(path + "/"):
                    if fn != "codes":
                        bad.append((rel, nm, fn))
                    break
                path = path.rpartition("/")[0]
        for child in ast.iter_child_nodes(node):
            visit(child, rel, fn)
    for rel in __import__("build").firmware_modules():
        if not deploy.host_only(rel):
            visit(ast.parse(open(os.path.join(fw, rel), encoding="utf-8").read()), rel, None)
    assert bad == []
