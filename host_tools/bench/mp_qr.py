# The phones' QR codes under MicroPython (issue 38): encode time, the
# screen's model time, the heap the screen holds while it is shown.
#
#   micropython -X heapsize=192K host_tools/bench/mp_qr.py [FIRMWARE_DIR] [RUNS]
#   python host_tools/bench/mp_qr.py ...      # the same on CPython
#
# Run from the repository root (FIRMWARE_DIR: default "firmware", or
# build/armv6m for the .mpy files). Per text (the address, a typical join
# string of the access point, the longest join string of a 32-byte name and
# a 63-byte password): its version, level-free size in modules, and the
# median of RUNS (default 9) web.qr.encode() in microseconds; then
# web.phone's page model (the QR and its 64x64 picture) and the heap it holds
# while shown (the pictures of both pages, the model, its repr as App keeps
# it in Seat.shown). One line "QR {json}" at the end.
import sys
import gc

FW = sys.argv[1] if len(sys.argv) > 1 else "firmware"
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 9
for p in (FW, "host_tools/lib/hostlib"):
    if p not in sys.path:
        sys.path.insert(0, p)

import json  # noqa: E402
import time  # noqa: E402

if hasattr(time, "ticks_us"):  # MicroPython
    ticks = getattr(time, "ticks_us")
    diff = getattr(time, "ticks_diff")
else:  # CPython
    def ticks():
        return time.perf_counter_ns() // 1000

    def diff(a, b):
        return a - b

JOIN = "WIFI:T:WPA;S:tarockbox-1A2B;P:kx7m-9qpt-w3;;"
LONGEST = "WIFI:T:WPA;S:" + "\\;" * 32 + ";P:" + "\\\\" * 63 + ";;"
TEXTS = (("address", "http://192.168.4.1/"), ("join", JOIN), ("longest join", LONGEST))


class Net:
    state = "ap"
    why = ""
    ssid = "tarockbox-1A2B"
    password = "kx7m-9qpt-w3"
    url = "http://192.168.4.1/"

    def join_text(self):
        return JOIN


class App:
    net = Net()


def mem_free():
    f = getattr(gc, "mem_free", None)     # MicroPython's; CPython: 0
    return f() if f else 0


def median(f):
    ts = []
    for _ in range(RUNS):
        gc.collect()
        t = ticks()
        f()
        ts.append(diff(ticks(), t))
    ts.sort()
    return ts[len(ts) // 2]


def main():
    from table import lang, ui  # noqa: F401 (loaded on a board before the menu: not the page's heap)
    lang.use("en")
    from web import qr
    out = {"runtime": sys.implementation.name, "encode_us": {}}
    for name, text in TEXTS:
        n = qr.encode(text)[0]
        us = median(lambda: qr.encode(text))
        out["encode_us"][name] = us
        print("%-13s %3d bytes  version %d (%d modules)  encode %6d us" % (name, len(text), (n - 17) // 4, n, us))
    gc.collect()
    free0 = mem_free()
    from web.phone import Phone     # (web.qr already in: its share is not counted)
    gc.collect()
    free1 = mem_free()
    p = Phone(App())
    us = median(lambda: (p.pics.clear(), p.model(0)))
    p.model(0)
    p.k = 1
    keep = p.model(0)
    shown = repr(keep)
    gc.collect()
    free2 = mem_free()
    out["model_us"] = us
    out["phone_import_bytes"] = free0 - free1
    out["shown_bytes"] = free1 - free2
    print("page model (encode + picture) %d us; import web.phone %d B of heap;"
          " shown %d B (repr %d chars)" % (us, free0 - free1, free1 - free2, len(shown)))
    print("QR " + json.dumps(out))


main()
