#!/usr/bin/env python3
"""`make web`: the device in a browser (issue 40) as a static folder.

    python host_tools/build/webbuild.py [--out build/web]

Writes OUT/index.html and OUT/page.mjs (boards/WEB), the MicroPython
WebAssembly runtime from the pinned npm package
(@micropython/micropython-webassembly-pyscript: micropython.mjs,
micropython.wasm) and OUT/firmware.json: {path: source text} of every file
the page's Python imports, the firmware/ tree byte for byte as it is (its
host-only modules aside), the board (boards/WEB/board.py, webtable.py; the
desktop emulator's hardware: boards/HOST/board.py as host_board.py,
host_tools/emulator/emu_ssd1306.py) and the display driver's libraries
(deploy.LIBS, as a board gets them). Any static file server serves the
folder; nothing is fetched from elsewhere, so it works offline."""
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
sys.path.insert(0, HERE)

import cli  # noqa: E402
import deploy  # noqa: E402

NPM = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
RUNTIME = ("micropython.mjs", "micropython.wasm")
PAGE = ("index.html", "page.mjs")
# the firmware's packages the page imports (firmware/web too: the exports)
PACKAGES = ("tarock", "table", "hw", "web")


def firmware_files():
    """[(path in the page's filesystem, source file)]: the firmware tree (its
    host-only modules and the board-only hw/net.py aside), the board, the
    emulated hardware, the driver's libraries."""
    out = []
    fw = os.path.join(ROOT, "firmware")
    for pkg in PACKAGES:
        for d, ds, fs in os.walk(os.path.join(fw, pkg)):
            ds[:] = sorted(x for x in ds if x != "__pycache__")
            for f in sorted(fs):
                if not f.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(d, f), fw).replace(os.sep, "/")
                if deploy.host_only(rel) or rel in deploy.WEB_ONLY:
                    continue
                out.append((rel, os.path.join(d, f)))
    out += [("board.py", os.path.join(ROOT, "boards", "WEB", "board.py")),
            ("webtable.py", os.path.join(ROOT, "boards", "WEB", "webtable.py")),
            ("host_board.py", os.path.join(ROOT, "boards", "HOST", "board.py")),
            ("lib/emu_ssd1306.py", os.path.join(ROOT, "host_tools", "emulator", "emu_ssd1306.py"))]
    libs = deploy.freeze_libs(os.path.join(ROOT, "build", "web-libs"))
    for rel in deploy.LIBS + deploy.WEB_LIBS:   # (microdot: the phones' page's words, web/server.py)
        out.append(("lib/" + rel, os.path.join(libs, rel)))
    return out


def build(out):
    os.makedirs(out, exist_ok=True)
    for f in RUNTIME:
        src = os.path.join(NPM, f)
        if not os.path.isfile(src):
            raise SystemExit("web: %s missing: run `npm ci` (make setup)" % os.path.relpath(src, ROOT))
        shutil.copyfile(src, os.path.join(out, f))
    for f in PAGE:
        shutil.copyfile(os.path.join(ROOT, "boards", "WEB", f), os.path.join(out, f))
    files = {}
    for rel, src in firmware_files():
        with open(src, encoding="utf-8") as fh:
            files[rel] = fh.read()
    with open(os.path.join(out, "firmware.json"), "w", encoding="utf-8") as fh:
        json.dump(files, fh, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    sizes = {f: os.path.getsize(os.path.join(out, f)) for f in sorted(os.listdir(out))}
    return sizes


def main(argv=None):
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "web"),
                    help="the folder to write (default build/web)")
    args = ap.parse_args(argv)
    sizes = build(args.out)
    print("web: %s: %s; %d bytes in all" % (os.path.relpath(args.out, ROOT), ", ".join(
        "%s %d" % (f, n) for f, n in sizes.items()), sum(sizes.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
