# Runs a board file under MicroPython with tests/host/scripts/fake_machine.py as
# `machine`; argv: site-packages dir (adafruit_ssd1306), repo root, board name.
import sys

site, root, board = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path[:0] = [root + "/tests/host/scripts", root + "/boards/" + board,
                root + "/firmware", root + "/host_tools/emulator", site]
import fake_machine  # noqa: E402

sys.modules["machine"] = fake_machine
import board as B  # noqa: E402

ds = B.make_displays()
ev = []
b = B.make_buttons(lambda *e: ev.append(e))
fake_machine.Pin.made[-2].level = 0          # seat 4, ▶ pressed
for t in range(0, 100, 10):
    b.poll(t)
d = ds[3]
d.canvas.text("hi", 0, 0, 1)
d.show()
p = fake_machine.PANELS[3]
same = True
for y in range(64):
    for x in range(128):
        if p.pixel(x, y) != d.canvas.pixel(x, y):
            same = False
print(B.NAME, [x.online for x in ds], ev, same, [q.pull for q in fake_machine.Pin.made[-15:]],
      0 <= B.hw_seed() < 2 ** 30)
