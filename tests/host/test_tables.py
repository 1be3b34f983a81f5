"""The committed firmware/tarock/tables.py is exactly what host_tools/build/gen_tables.py
renders (tables are generated, never typed by hand). CPython/pytest only."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _gen():
    path = os.path.join(ROOT, "host_tools", "build", "gen_tables.py")
    spec = importlib.util.spec_from_file_location("gen_tables_under_test", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_tables_current():
    gen = _gen()
    for fname, fn in gen.TARGETS:
        text = gen.render(fn)
        with open(os.path.join(ROOT, "firmware", "tarock", fname), encoding="utf-8") as f:
            committed = f.read()
        assert text == committed, "firmware/tarock/%s is stale: run `make tables`" % fname


def test_rendered_tables_are_bytes_and_consistent():
    ns = {}
    text = _gen().render().replace("from tarock.compat import const", "const = lambda x: x")
    exec(compile(text, "tables.py", "exec"), ns)
    names = [k for k in ns if k.isupper() and not k.startswith("N")]
    assert names, "no tables rendered"
    for k in names:
        if k == "BIT54":   # values up to 1 << 21: a tuple literal (frozen in flash too)
            assert ns[k] == tuple(1 << r for r in ns["RANK54"])
            continue
        assert isinstance(ns[k], bytes), k
    assert sum(ns["THIRDS54"]) == 210
    assert len(ns["KEY54"]) == 5 * ns["N54"]
