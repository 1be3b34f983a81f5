#!/usr/bin/env python3
"""The page's sheet on the emulated Pico W (issue 38): how long the table
may wait for a phone's request, at 125 MHz.

    python host_tools/rp2040/export_chip.py [--journal PATH]

The server streams its answers in pieces (web/export.py) in the table's own
asyncio loop: a press that comes while a piece is made waits for it. This
boots the Pico W image (build/RPI_PICO_W/tarockbox.uf2, `make firmware
BOARD=RPI_PICO_W`) on rp2040js with a journal on its filesystem (default:
the corpus's longest party, 16 deals, tests/golden/journals/0.3.0/
koenigrufen_tournament) and, from a boot.py before the app, opens the sheet
and makes the page's view (`/sheet.json?view=1`), the whole export
(`/sheet.json`), the CSV and the tournament rounds (`/round.json`, issue
39) in the pieces the server sends (web/server.py's
_body), timing each: the longest is the longest a press can wait for a
phone's answer to be made (its sending aside: no radio here); the sum is
one phone's load. Prints the figures; writes
out/rp2040-export/figures.json.
"""

import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import rp2040emu as R  # noqa: E402
import firmware  # noqa: E402

BOOT_PY = """# written by host_tools/rp2040/export_chip.py: the page's answers timed on the chip
import gc
import time
from table.sheet.sheet import Sheet
from table.sheet.journal import FileStore
from web import export, server
class Live:
    lock = None
gc.collect()
t = time.ticks_us()
sh = Sheet.open(FileStore("/data"))
print("xchip open", time.ticks_diff(time.ticks_us(), t), sum(pa.n_deals for pa in sh.parties))
for name in NAMES:
    # the pieces the server sends (server._body: gathered to PIECE bytes or
    # SLICE_MS), each a time the table's loop waits
    if name == "view":
        g = server._body(Live, "", export.view_chunks, sh)
    elif name == "json":
        g = server._body(Live, "", export.json_chunks, sh, sh.journal.store, sh.journal.name)
    elif name == "round":
        g = server._body(Live, "", export.round_chunks, sh, "dev")
    else:
        g = server._body(Live, "", export.csv_chunks, sh)
    gc.collect()
    most = total = n = size = 0
    while True:
        t = time.ticks_us()
        try:
            piece = next(g)
        except StopIteration:
            break
        dt = time.ticks_diff(time.ticks_us(), t)
        total += dt
        most = dt if dt > most else most
        n += 1
        size += len(piece.encode())
    print("xchip", name, n, size, total, most)
print("xchip-done")
import sys
sys.exit()
"""


def chip_figures(journal, uf2, out, node="node", names=("view", "json", "csv", "round")):
    """Boot the Pico W image with `journal` (and its archive and quarantine)
    on its filesystem and time the answers `names`: {"open_ms", "deals",
    name: {"pieces", "bytes", "total_ms", "longest_piece_ms"}}."""
    bootrom = firmware.checked(firmware.default_sources(), *firmware.BOOTROM)
    os.makedirs(out, exist_ok=True)
    files = {"/boot.py": ("NAMES = %r\n" % (tuple(names),) + BOOT_PY).encode()}
    for ext in ("", ".arc", ".bad"):
        if os.path.isfile(journal + ext):
            with open(journal + ext, "rb") as fh:
                files["/data/sheet.tbj" + ext] = fh.read()
    img = R.make_fs(files, os.path.join(out, "flash-start.img"), board="RPI_PICO_W")
    chip = R.Rp2040(uf2, bootrom, img, node=node, board="RPI_PICO_W")
    try:
        R.run_until(chip, "xchip-done", "export_chip")
    finally:
        chip.close()
    fig = {}  # type: dict
    for line in chip.serial.splitlines():
        w = line.split()
        if w[:2] == ["xchip", "open"]:
            fig["open_ms"], fig["deals"] = round(int(w[2]) / 1000, 1), int(w[3])
        elif w[:1] == ["xchip"] and len(w) == 6:
            fig[w[1]] = {"pieces": int(w[2]), "bytes": int(w[3]),
                         "total_ms": round(int(w[4]) / 1000, 1),
                         "longest_piece_ms": round(int(w[5]) / 1000, 1)}
    return fig


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--journal", type=cli.existing_file, default=os.path.join(
        ROOT, "tests", "golden", "journals", "0.3.0", "koenigrufen_tournament", "sheet.tbj"))
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "out", "rp2040-export"))
    ap.add_argument("--uf2", default=os.path.join(ROOT, "build", "RPI_PICO_W", "tarockbox.uf2"))
    ap.add_argument("--node", default=os.environ.get("NODE", "node"))
    args = ap.parse_args(argv)
    if not os.path.exists(args.uf2):
        raise SystemExit("export_chip: %s is missing: run `make firmware BOARD=RPI_PICO_W` first"
                         % args.uf2)
    os.makedirs(args.out, exist_ok=True)
    uf2 = shutil.copy(args.uf2, os.path.join(args.out, "tarockbox.uf2"))
    fig = {"journal": os.path.relpath(args.journal, ROOT)}  # type: dict
    fig.update(chip_figures(args.journal, uf2, args.out, args.node))
    with open(os.path.join(args.out, "figures.json"), "w") as fh:
        json.dump(fig, fh, indent=1, sort_keys=True)
    print(json.dumps(fig, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
