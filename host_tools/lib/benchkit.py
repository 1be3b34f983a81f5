"""What the benchmark parts share (host_tools/bench/bench_*.py).

FAKE_I2C: MicroPython source of a machine.I2C that acknowledges everything,
pasted into the scripts the benchmarks run under the ports (the app's
displays then talk to nobody at full speed).
report(rows, r, json_path): print a part's (measure, value, aim, ok) rows
the way `make bench` does and write its figures.
"""
import json

FAKE_I2C = r'''
class FakeI2C:
    # machine.I2C that acknowledges everything
    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        n = 0
        for b in bufs:
            n += len(b)
        return n

    def readfrom_into(self, addr, buf, stop=True):
        for i in range(len(buf)):
            buf[i] = 0
'''


def report(rows, r, json_path=None):
    w = max([len(x[0]) for x in rows] + [10])
    for what, value, aim, ok in rows:
        mark = "" if ok is None else ("ok" if ok else "MISSED")
        print("%-*s  %-28s %-10s %s" % (w, what, value, aim, mark))
    if json_path:
        with open(json_path, "w") as fh:
            json.dump(r, fh, indent=1, sort_keys=True)
