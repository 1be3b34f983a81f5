"""Score-sheet figures for `make bench` (called from host_tools/bench/bench.py).

    python host_tools/bench/bench_sheet.py [--deals 500]     # CPython + unix port
    micropython host_tools/bench/bench_sheet.py mp PATH N    # (run by the above)

CPython builds a party of N manual entries (tests/core/sheetkit.py: Rufer,
Dreier, Bettel, Piccolo; every 7th deal corrected, every 11th entry undone
once, every seat confirming) into build/bench_sheet/sheet.tbj and reports
the journal bytes per deal (every record: entries, confirmations,
corrections, undo) before and after compact(). Then CPython and the
MicroPython unix port (-X heapsize=320K: a 500-deal party kept whole, with
issue 35's summaries, needs 288K with 64-bit objects; a board
archives parties of 20) each reload the party from that file
through FileStore (Sheet.open: read, CRC, decode, replay; best of 3).

Long use: 30 parties of 20 deals, started the device's way
(table.scores.new_party: older finished parties compacted to their end
summary) and, for comparison, on a bare Sheet that keeps every deal; the heap
of each sheet reopened from its journal under the unix port (.mpy, live
bytes after gc.collect(), 64-bit).
"""
import sys

RELOAD_HEAP = "320K"   # the unix port's heap for the 500-deal reload (above)

IS_MP = sys.implementation.name == "micropython"
NAME = "sheet.tbj"


def _now():
    import time
    if hasattr(time, "ticks_us"):
        return time.ticks_us() / 1e6  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    return time.perf_counter()


def _impl():
    return "%s %s" % (sys.implementation.name,
                      ".".join([str(x) for x in sys.implementation.version[:3]]))


def reload(d, deals):
    """Best-of-3 time to open the journal in directory d; checks the deal count."""
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    best = None
    tot = None
    for _ in range(3):
        t0 = _now()
        sh = Sheet.open(FileStore(d))
        dt = _now() - t0
        assert sh.report == [] and sh.party is not None and sh.party.n_deals == deals, sh.report
        tot = sh.totals()
        sh = None
        best = dt if best is None or dt < best else best
    assert best is not None
    return {"deals": deals, "reload_s": round(best, 4), "totals": tot, "impl": _impl()}


def _paths(root):
    for p in (root + "/firmware", root + "/tests/core"):
        if p not in sys.path:
            sys.path.insert(0, p)


def heap_of(d):
    """Live heap of the sheet reopened from the journal in directory d."""
    import gc
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    Sheet.open(FileStore(d))          # the modules loaded first
    gc.collect()
    a = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    sh = Sheet.open(FileStore(d))
    gc.collect()
    b = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue] (MicroPython's)
    return {"heap": b - a, "parties": len(sh.parties), "archived": len(sh.archived),
            "totals": sh.totals()}


def main_mp(argv):
    _paths(".")
    import json
    if argv[0] == "heap":
        print("BENCH " + json.dumps(heap_of(argv[1])))
        return
    print("BENCH " + json.dumps(reload(argv[0], int(argv[1]))))


def long_use(root, parties=30, deals=20):
    """Journals of `parties` parties, the device's way and kept whole."""
    import os
    import shutil
    import sheetkit as K
    from tarock.rng import Rng
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    from table import scores
    out = {}
    names = ["Anna", "Bert", "Cilli", "Dora", "Egon"]
    for how in ("device", "whole"):
        d = os.path.join(root, "build", "bench_sheet_" + how)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        st = FileStore(d)
        sh = Sheet.open(st)
        rng = Rng(9)
        for k in range(parties):
            if how == "device":
                scores.new_party(sh, "koenigrufen", "pagat", names, k % 5)
            else:
                if sh.party is not None and not sh.party.over:
                    sh.finish()
                sh.new_party(names, profile="koenigrufen/pagat", dealer=k % 5)
            for _ in range(deals):
                K.confirm_all(sh.add_deal(K.manual(rng)))
        st.close()
        out[how] = {"dir": d, "bytes": os.path.getsize(os.path.join(d, NAME))}
    return out


def run(deals=500):
    import json
    import os
    import shutil
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    _paths(root)
    import sheetkit as K
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    d = os.path.join(root, "build", "bench_sheet")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    st = FileStore(d)
    sh, _ = K.build(deals, seed=42, store=st)
    st.close()
    size = os.path.getsize(os.path.join(d, NAME))
    out = {"deals": deals, "bytes": size, "bytes_per_deal": size // deals}  # type: dict
    out["cpython"] = reload(d, deals)
    mp = os.path.join(root, ".venv", "bin", "micropython")
    try:
        p = subprocess.run([mp, "-X", "heapsize=" + RELOAD_HEAP, "host_tools/bench/bench_sheet.py", "mp",
                            os.path.relpath(d, root), str(deals)],
                           cwd=root, capture_output=True, text=True, timeout=600)
        line = [x for x in p.stdout.splitlines() if x.startswith("BENCH ")]
        out["unix"] = json.loads(line[0][6:]) if line else {"error": (p.stdout + p.stderr)[-400:]}
        if line and out["unix"]["totals"] != out["cpython"]["totals"]:
            out["unix"]["error"] = "totals differ from CPython"
    except (OSError, subprocess.TimeoutExpired) as e:
        out["unix"] = {"error": repr(e)}
    lu = out["long"] = long_use(root)
    for how in ("device", "whole"):
        try:
            p = subprocess.run([mp, "-X", "heapsize=4M", "host_tools/bench/bench_sheet.py", "mp", "heap",
                                os.path.relpath(lu[how]["dir"], root)],
                               cwd=root, capture_output=True, text=True, timeout=600)
            line = [x for x in p.stdout.splitlines() if x.startswith("BENCH ")]
            lu[how].update(json.loads(line[0][6:]) if line else
                           {"error": (p.stdout + p.stderr)[-400:]})
        except (OSError, subprocess.TimeoutExpired) as e:
            lu[how]["error"] = repr(e)
    c = Sheet.open(FileStore(d))
    c.compact()
    c.journal.store.close()
    out["compact_bytes"] = os.path.getsize(os.path.join(d, NAME))
    out["compact_bytes_per_deal"] = out["compact_bytes"] // deals
    return out


def rows(r):
    """(measure, value) rows for bench.py's table."""
    out = []
    if "bytes" in r:
        out.append(("sheet: journal bytes per deal (%d deals)" % r["deals"],
                    "%d B (%d B compacted)" % (r["bytes_per_deal"], r["compact_bytes_per_deal"])))
    for k in ("cpython", "unix"):
        u = r.get(k, {})
        if "reload_s" in u:
            heap = ", heap " + RELOAD_HEAP if k == "unix" else ""
            out.append(("sheet: reload %d-deal party, %s%s" % (u["deals"], u["impl"], heap),
                        "%.0f ms" % (u["reload_s"] * 1000)))
        elif u:
            out.append(("sheet: reload, %s" % k, "error (see bench.json)"))
    lu = r.get("long", {})
    dv, wh = lu.get("device", {}), lu.get("whole", {})
    if "heap" in dv and "heap" in wh:
        out.append(("sheet: heap after 30 parties of 20 deals, reopened (unix x64)",
                    "%.1f KB the device's way (%d parties in full, %d archived), %.1f KB kept whole"
                    % (dv["heap"] / 1024.0, dv["parties"], dv["archived"], wh["heap"] / 1024.0)))
    elif lu:
        out.append(("sheet: heap after 30 parties", "error (see bench.json)"))
    return out


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "mp":
        main_mp(sys.argv[2:])
    else:
        import os
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
        import cli
        ap = cli.Parser(description="Score-sheet journal figures of make bench (reload, heap).")
        ap.add_argument("--deals", type=cli.int_range(1), default=500)
        a = ap.parse_args()
        res = run(a.deals)
        for k, v in rows(res):
            print("%-50s %s" % (k, v))
        if "error" in res.get("unix", {}):
            print(res["unix"]["error"])
