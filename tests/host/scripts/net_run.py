# hw/net.py under the MicroPython unix port with a fake `network` module (no
# chip: active(True) raises nothing, no address, as on the emulated Pico W);
# argv: repo root, a scratch folder. Prints what test_net.py checks.
import asyncio
import sys

root, tmp = sys.argv[1], sys.argv[2]
sys.path[:0] = [root + "/firmware"]


class WLAN:
    AP_IF, STA_IF = 1, 0

    def __init__(self, itf):
        self.up = False

    def config(self, **kw):
        pass

    def active(self, v=None):
        if v is None:
            return self.up
        self.up = v

    def ifconfig(self):
        return ("0.0.0.0",) * 4


class network:
    AP_IF, STA_IF = 1, 0
    WLAN = WLAN


sys.modules["network"] = network
from hw import net  # noqa: E402

net.START_S = 0
n = net.Net(tmp)
first = (n.state, len(n.password), n.ssid[:10])
again = net.Net(tmp)


class App:
    quiet = 5000
    wake = None

    def dirty_all(self):
        pass


asyncio.run(again.run(App()))
print(first, again.password == n.password, again.state, again.why,
      net.Net(tmp).join_text() == "WIFI:T:WPA;S:%s;P:%s;;" % (n.ssid, n.password))
