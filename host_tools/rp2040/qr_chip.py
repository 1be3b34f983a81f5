#!/usr/bin/env python3
"""The phones' QR codes on the emulated RP2040 (issue 38): encode time and
the page's model time at 125 MHz, and the heap the page takes.

    python host_tools/rp2040/qr_chip.py [--runs 3]

The RPI_PICO image (build/RPI_PICO/tarockbox.uf2, `make firmware`) has no
web package: web/qr.py, qrfast.py and phone.py, compiled by that build's own
mpy-cross (MicroPython 1.28: native code loads only from an .mpy of the
firmware's own version, so not `make build`'s 1.22 ones), go on its
littlefs with a boot.py that times them before the app starts, the table
modules they use being the image's frozen ones. Code loaded from .mpy runs
as fast as frozen code; its heap is more (the bytecode is in RAM: the
figures say both, the imports apart). Prints the figures; writes
out/rp2040-qr/figures.json.
"""

import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import rp2040emu as R  # noqa: E402
import firmware  # noqa: E402

BOOT_PY = """# written by host_tools/rp2040/qr_chip.py: the QR codes timed on the chip
import gc
import time
gc.collect()
f0 = gc.mem_free()
from table import lang, ui
lang.use("en")
gc.collect()
f1 = gc.mem_free()
from web import qr
gc.collect()
f2 = gc.mem_free()
from web.phone import Phone
gc.collect()
f3 = gc.mem_free()
print("qrchip import", f1 - f2, f2 - f3, 1 if qr._fast else 0)
for name, text in %(texts)r:
    best = 0
    for _ in range(%(runs)d):
        gc.collect()
        t = time.ticks_us()
        n = qr.encode(text)[0]
        dt = time.ticks_diff(time.ticks_us(), t)
        best = dt if not best or dt < best else best
    print("qrchip encode", name, len(text), n, best)
class Net:
    state = "ap"
    why = ""
    ssid = "tarockbox-1A2B"
    password = "kx7m-9qpt-w3"
    url = "http://192.168.4.1/"
    def join_text(self):
        return %(join)r
class App:
    net = Net()
p = Phone(App())
gc.collect()
t = time.ticks_us()
rows = p.model(0)
shown = repr(rows)
dt = time.ticks_diff(time.ticks_us(), t)
p.k = 1
t = time.ticks_us()
rows = p.model(0)
shown = repr(rows)
dt2 = time.ticks_diff(time.ticks_us(), t)
gc.collect()
print("qrchip model", dt, dt2, f3 - gc.mem_free())
print("qrchip-done", gc.mem_free())
"""
JOIN = "WIFI:T:WPA;S:tarockbox-1A2B;P:kx7m-9qpt-w3;;"
MODULES = ("qr", "qrfast", "phone")
TEXTS = (("address", "http://192.168.4.1/"), ("join", JOIN),
         ("longest", "WIFI:T:WPA;S:" + "\\;" * 32 + ";P:" + "\\\\" * 63 + ";;"))


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--runs", type=cli.int_range(1, 20), default=3)
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "out", "rp2040-qr"))
    ap.add_argument("--uf2", default=os.path.join(ROOT, "build", "RPI_PICO", "tarockbox.uf2"))
    ap.add_argument("--mpy-cross", default=os.path.join(firmware.SRC, "mpy-cross", "build", "mpy-cross"))
    ap.add_argument("--node", default=os.environ.get("NODE", "node"))
    args = ap.parse_args(argv)
    for f in (args.uf2, args.mpy_cross):
        if not os.path.exists(f):
            raise SystemExit("qr_chip: %s is missing: run `make firmware` first" % f)
    bootrom = firmware.checked(firmware.default_sources(), *firmware.BOOTROM)
    os.makedirs(args.out, exist_ok=True)
    uf2 = shutil.copy(args.uf2, os.path.join(args.out, "tarockbox.uf2"))
    files = {"/boot.py": (BOOT_PY % {"texts": TEXTS, "runs": args.runs, "join": JOIN}).encode(),
             "/web/__init__.py": b""}
    for m in MODULES:
        mpy = os.path.join(args.out, m + ".mpy")
        subprocess.run([args.mpy_cross, "-march=armv6m", "-s", "web/" + m + ".py", "-o", mpy,
                        os.path.join(ROOT, "firmware", "web", m + ".py")], check=True)
        with open(mpy, "rb") as fh:
            files["/web/" + m + ".mpy"] = fh.read()
    img = R.make_fs(files, os.path.join(args.out, "flash-start.img"))
    chip = R.Rp2040(uf2, bootrom, img, node=args.node)
    try:
        R.run_until(chip, "qrchip-done", "qr_chip")
    finally:
        chip.close()
    fig = {"encode_ms": {}}  # type: dict
    for line in chip.serial.splitlines():
        w = line.split()
        if w[:2] == ["qrchip", "import"]:
            fig["import_qr_bytes"], fig["import_phone_bytes"] = int(w[2]), int(w[3])
            fig["native"] = w[4] == "1"
        elif w[:2] == ["qrchip", "encode"]:
            fig["encode_ms"][w[2]] = {"bytes": int(w[3]), "modules": int(w[4]), "ms": round(int(w[5]) / 1000, 1)}
        elif w[:2] == ["qrchip", "model"]:
            fig["model_ms"] = [round(int(w[2]) / 1000, 1), round(int(w[3]) / 1000, 1)]
            fig["shown_bytes"] = int(w[4])
    with open(os.path.join(args.out, "figures.json"), "w") as fh:
        json.dump(fig, fh, indent=1, sort_keys=True)
    print(json.dumps(fig, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
