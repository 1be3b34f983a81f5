"""Where a press's time goes on the emulated chip: reads the serial.txt of
`session.py --trace` and lists, per press, the event's handling and the
pressing seat's first redraw (model, paint, push), with the language
lookups the cache missed in each, slowest first.

    python host_tools/rp2040/trace_report.py OUT_DIR [--over MS] [--top N]

Times are the chip's ticks_us (emulated), from the event's start to the end
of the first redraw: the wait from the debouncer's moment to the event
(~1-2 ms) is not in the trace, so a figure here is that much under
session.txt's; and each traced span's print goes out on the chip's UART
inside the span around it (a lookup's inside its model, "go" inside its
event), so nested spans read high: compare runs with the same probes, and
take press figures from a run without --trace. A press that writes the
sheet shows its answer's redraw here, not its "saving" bar."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
import cli


def events(lines):
    """Each press: its event, the first redraw after it, that redraw's
    model and paint, the lookups the cache missed from the event's start to
    that redraw's end (a line is printed when its span ends, so a lookup's
    line comes before its event's: matched by time, not by order)."""
    evs, lks, mos, pas, drs = [], [], [], [], []
    for ln in lines:
        p = ln.split()
        if len(p) < 4 or p[0] != "tr":
            continue
        try:
            if p[1] == "ev":
                evs.append((int(p[2]), int(p[3]), int(p[4])))
            elif p[1] == "lk":
                lks.append((int(p[2]), int(p[3]), " ".join(p[4:])))
            elif p[1] == "mo":
                mos.append((int(p[3]), int(p[4])))
            elif p[1] == "pa":
                pas.append((int(p[2]), int(p[3])))
            elif p[1] == "dr":
                drs.append((int(p[3]), int(p[4]), int(p[5]) if len(p) > 5 else 0))
        except (ValueError, IndexError):
            continue    # a line cut by the serial's buffer
    out = []
    for seat, t0, t1 in evs:
        dr = next((d for d in drs if t1 <= d[0] and d[0] - t1 < 1000000), None)
        if dr is None:
            continue
        d0, d1 = dr[0], dr[1]
        inside = lambda x: d0 <= x[0] and x[1] <= d1  # noqa: E731
        out.append({"seat": seat, "t0": t0, "t1": t1, "dr": dr,
                    "mo": next((m for m in mos if inside(m)), None),
                    "pa": next((m for m in pas if inside(m)), None),
                    "lk": [x for x in lks if t0 <= x[0] and x[1] <= d1]})
    return out


def report(e):
    ms = lambda a, b: (b - a) / 1000.0  # noqa: E731
    t0, t1 = e["t0"], e["t1"]
    d0, d1, sent = e["dr"]
    total = ms(t0, d1)
    lk_ev = [x for x in e["lk"] if t0 <= x[0] <= t1]
    mo = e["mo"] or (d0, d0)
    pa = e["pa"] or (d1, d1)
    lk_mo = [x for x in e["lk"] if mo[0] <= x[0] <= mo[1]]
    s = ("%6.1f ms  seat %d  event %5.1f (%d misses %.1f)  model %4.1f (%d misses %.1f)"
         "  paint %4.1f  push %4.1f (%d bytes)  gap %.1f" % (
             total, e["seat"], ms(t0, t1), len(lk_ev), sum(ms(a, b) for a, b, _ in lk_ev),
             ms(*mo), len(lk_mo), sum(ms(a, b) for a, b, _ in lk_mo), ms(*pa),
             ms(d0, d1) - ms(*mo) - ms(*pa), sent, ms(t1, d0)))
    keys = [k for _, _, k in lk_ev + lk_mo]
    if keys:
        s += "\n          missed: " + " ".join(keys)
    return total, s


def main(argv=None):
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("out", type=cli.existing_dir, help="session.py --trace's --out directory")
    ap.add_argument("--over", type=cli.float_range(0.0), default=0.0,
                    help="only presses slower than this (ms)")
    ap.add_argument("--top", type=cli.int_range(1), default=15)
    a = ap.parse_args(argv)
    path = os.path.join(a.out, "serial.txt")
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            evs = events(fh.read().splitlines())
    except OSError as ex:
        sys.exit("trace_report: %s" % ex)
    if not evs:
        sys.exit("trace_report: no trace lines in %s (run session.py --trace)" % path)
    rows = sorted((report(e) for e in evs), key=lambda r: -r[0])
    print("%d presses traced" % len(evs))
    for total, s in rows[:a.top]:
        if total >= a.over:
            print(s)


if __name__ == "__main__":
    main()
