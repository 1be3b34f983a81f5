# The radio of a board with Wi-Fi (RPI_PICO_W, ESP32_DEVKITC: board.make_net):
# the table's own access point (WPA2) or a network named in the settings
# file, then the page's server (web.server) on it. Never in the way of the
# table: the radio starts once the first screens are drawn and the table
# has been idle a moment (active(True) holds the VM: on the Pico W 350 ms
# when the chip does not answer, measured in make emu; the firmware upload
# to a real chip is of that order too, so a press then would wait),
# every wait is bounded, and any failure ends as state "off" with a lang key
# in `why` (the seat menu's Wi-Fi screen says it), never as an exception
# into the app.
#
# The settings file, STORAGE/wifi.txt (firmware/README.md "Wi-Fi"): key=value
# lines, # comments; ap_ssid and ap_password (the own network; written with a
# fresh random password on the first start), ssid and password (a network
# to join instead; no password: an open one). A file that does not parse
# leaves the radio off (why "net_bad_file") and is not rewritten.
import asyncio
import os

FILE = "wifi.txt"
KEYS = ("ap_ssid", "ap_password", "ssid", "password")
START_S = 1         # after the first screens (the app draws them at once) ...
IDLE_MS = 2000      # ... once no press came this long (App.quiet, counted each second)
WAIT_S = 60         # ... or after this long at the latest
JOIN_S = 15         # a network to join: this long, polled, then our own
# a password's letters: no 0/o, 1/l/i, to be typed from a screen
LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def parse(text):
    """{key: value} of a settings file's text; ValueError saying the line
    that is wrong."""
    got = {}
    for n, line in enumerate(text.split("\n")):
        line = line.rstrip("\r")
        if not line.strip() or line.lstrip()[0] == "#":
            continue
        key, eq, val = line.partition("=")
        key = key.strip()
        if not eq or key not in KEYS or key in got:
            raise ValueError("line %d" % (n + 1))
        got[key] = val
    for k, v in got.items():    # a name 1..32 bytes, a WPA2 passphrase 8..63
        n = len(v.encode())
        lo, hi = (1, 32) if "ssid" in k else (8, 63)
        if not (lo <= n <= hi or (k == "password" and not n)):     # (an open network)
            raise ValueError(k)
    if "password" in got and "ssid" not in got:
        raise ValueError("ssid")
    if "ssid" not in got and not ("ap_ssid" in got and "ap_password" in got):
        raise ValueError("ap_password")
    return got


def made(urandom, n):
    """n letters of LETTERS from the board's random source (unbiased: bytes
    of 248 and more are drawn again)."""
    out = ""
    while len(out) < n:
        for b in urandom(n):
            if b < 248 and len(out) < n:
                out += LETTERS[b % 31]
    return out


def first_text(urandom):
    return ("# tarockbox Wi-Fi (firmware/README.md): the table's own network\n"
            "ap_ssid=tarockbox-%s\nap_password=%s\n"
            "# to join a network instead, uncomment and fill in:\n"
            "# ssid=\n# password=\n" % (made(urandom, 4), made(urandom, 12)))


def escape(s):
    for c in "\\;,:\"":
        s = s.replace(c, "\\" + c)
    return s


class Net:
    def __init__(self, root, urandom=None):
        self.path = root + "/" + FILE
        self.state = "off"
        self.why = ""
        self.ssid = ""
        self.password = ""
        self.url = ""
        self.cfg = {}
        try:
            try:
                with open(self.path) as fh:
                    text = fh.read()
            except OSError:         # the first start: our own network, a new password
                text = first_text(urandom or os.urandom)
                with open(self.path + ".new", "w") as fh:
                    fh.write(text)
                os.rename(self.path + ".new", self.path)
            self.cfg = parse(text)
        except (ValueError, UnicodeError):
            self.why = "net_bad_file"
        except OSError:
            self.why = "net_failed"
        if self.cfg:
            self.state = "starting"
            join = "ssid" in self.cfg
            self.ssid = self.cfg["ssid" if join else "ap_ssid"]
            self.password = self.cfg.get("password" if join else "ap_password", "")

    def join_text(self):
        """The Wi-Fi QR code's payload (the network the phones join)."""
        kind = "WPA" if self.password else "nopass"
        return "WIFI:T:%s;S:%s;P:%s;;" % (kind, escape(self.ssid), escape(self.password))

    def off(self, why):
        self.state = "off"
        self.why = why
        self.url = ""

    async def run(self, app):
        """The radio up within bounded time, then the page's server; returns
        (never raises) when the radio is off."""
        if not self.cfg:
            return
        await asyncio.sleep(START_S)
        for _ in range(WAIT_S * 2):
            if getattr(app, "quiet", IDLE_MS) >= IDLE_MS:
                break
            await asyncio.sleep(0.5)
        self.state = "starting"
        try:
            import network
        except ImportError:
            self.off("net_no_radio")
            return self.said(app)
        try:
            if "ssid" in self.cfg and await self.join(network):
                self.ntp()
            elif not self.ap(network):
                return self.said(app)
            self.said(app)
            import web.server

            await web.server.serve(app, port=80)
        except Exception:           # the server or the radio: the table plays on
            self.off("net_failed")
            self.said(app)

    def said(self, app):
        """Every seat's screen drawn again: a seat that shows the page's
        screen (web/phone.py) sees the radio's new state without a press."""
        app.dirty_all()
        if getattr(app, "wake", None) is not None:
            app.wake.set()

    def ap(self, network):
        c = self.cfg
        if "ap_ssid" not in c:
            self.off("net_no_join")
            return False
        w = network.WLAN(network.AP_IF)
        kw = {"ssid": c["ap_ssid"], "key": c["ap_password"]}
        # WPA2: the ESP32 says so by name; the CYW43's default is WPA2 (AES)
        sec = getattr(network.WLAN, "SEC_WPA2", None)
        if sec is not None:
            kw["security"] = sec
        try:
            # before active(): config() of an active CYW43 restarts it, a
            # second start (make emu, no chip: 350 ms the first, 2.7 s each
            # one after, the VM held)
            w.config(**kw)
            w.active(True)
        except OSError:
            try:            # a port that takes them once started
                w.active(True)
                w.config(**kw)
            except OSError:
                self.off("net_no_radio")
                return False
        ip = w.ifconfig()[0]
        # no chip answered: the CYW43 driver prints "Failed to start CYW43"
        # and raises nothing, active() says True; no address was set up
        if ip == "0.0.0.0":
            self.off("net_no_radio")
            return False
        self.ssid, self.password = c["ap_ssid"], c["ap_password"]
        self.url = "http://%s/" % ip
        self.state = "ap"
        return True

    async def join(self, network):
        w = network.WLAN(network.STA_IF)
        try:
            w.active(True)
            w.connect(self.cfg["ssid"], self.cfg.get("password", ""))
        except OSError:
            self.off("net_no_radio")
            return False
        for _ in range(JOIN_S * 4):
            if w.isconnected():
                self.url = "http://%s/" % w.ifconfig()[0]
                self.state = "sta"
                return True
            await asyncio.sleep(0.25)
        w.active(False)             # not there: the table's own network instead
        return False

    def ntp(self):
        """The clock from the network's time, once (ntptime waits 1 s at most)."""
        try:
            import ntptime
            from web import clock

            clock.set(ntptime.time(), "ntp")
        except Exception:   # no clock module yet, no answer: the page's clock instead
            pass
