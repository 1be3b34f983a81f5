"""hw/net.py on CPython with a fake `network` module (never a real network):
the settings file's parsing, the password made once and kept, a bad file
changing nothing, the Wi-Fi QR payload's escaping, and the radio's task
ending "off" with a reason every language says, never raising."""
import asyncio
import os
import re
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").setup("HOST")

from hw import net  # noqa: E402

GOOD = "ap_ssid=tarockbox-ab12\nap_password=abcdefgh2345\n"


def test_parse_the_own_network_and_one_to_join():
    assert net.parse(GOOD) == {"ap_ssid": "tarockbox-ab12", "ap_password": "abcdefgh2345"}
    got = net.parse("# c\r\n\r\nssid=Home; net\r\npassword= with spaces \r\n")
    assert got == {"ssid": "Home; net", "password": " with spaces "}
    assert net.parse("ssid=Cafe\npassword=\n") == {"ssid": "Cafe", "password": ""}  # open
    assert net.parse("ssid=Cafe\n") == {"ssid": "Cafe"}
    assert net.parse(GOOD + "ssid=x\npassword=12345678\n")["ssid"] == "x"


@pytest.mark.parametrize("text", [
    "",                                         # nothing to start
    "# only a comment\n",
    GOOD + "colour=blue\n",                     # unknown key
    GOOD + "no equals sign\n",
    GOOD + "ap_ssid=again\n",                   # twice
    "ap_ssid=tarockbox\nap_password=short\n",   # WPA2: 8..63
    "ap_ssid=tarockbox\nap_password=%s\n" % ("x" * 64),
    "ap_ssid=%s\nap_password=abcdefgh\n" % ("n" * 33),   # a name: 1..32 bytes
    "ap_ssid=\nap_password=abcdefgh\n",
    "ap_ssid=tarockbox\n",                      # no password for our own
    "password=abcdefgh\n",                      # a password, no network
    "ssid=Home\npassword=1234567\n",
])
def test_parse_refuses(text):
    with pytest.raises(ValueError):
        net.parse(text)


def counter_urandom():
    state = [0]

    def urandom(n):
        out = bytes((state[0] + i) * 37 % 256 for i in range(n))
        state[0] += n
        return out
    return urandom


def test_first_start_makes_a_password_and_keeps_it(tmp_path):
    n = net.Net(str(tmp_path), urandom=counter_urandom())
    path = tmp_path / "wifi.txt"
    text = path.read_text()
    assert n.state == "starting" and n.why == "" and n.url == ""
    assert re.fullmatch(r"tarockbox-[a-z2-9]{4}", n.ssid)
    assert re.fullmatch("[%s]{12}" % net.LETTERS, n.password)
    assert "ap_password=%s\n" % n.password in text
    assert not (tmp_path / "wifi.txt.new").exists()
    # the next start: the same network, the file as it was
    again = net.Net(str(tmp_path), urandom=lambda k: b"\x00" * k)
    assert (again.ssid, again.password) == (n.ssid, n.password)
    assert path.read_text() == text
    # another board's first start: another password
    other = tmp_path / "other"
    other.mkdir()
    assert net.Net(str(other)).password != n.password


def test_made_is_unbiased_and_skips_high_bytes():
    draws = iter([bytes([255, 248, 0, 30]), bytes([31, 62, 247, 1])])
    got = net.made(lambda k: next(draws), 4)
    assert got == net.LETTERS[0] + net.LETTERS[30] + net.LETTERS[0] + net.LETTERS[0]


def test_a_bad_file_says_why_and_changes_nothing(tmp_path):
    path = tmp_path / "wifi.txt"
    path.write_bytes(b"ssid=Home\npassword=short\n")
    n = net.Net(str(tmp_path))
    assert (n.state, n.why, n.ssid, n.password, n.url) == ("off", "net_bad_file", "", "", "")
    assert path.read_bytes() == b"ssid=Home\npassword=short\n"
    assert asyncio.run(n.run(None)) is None and n.state == "off"
    assert os.listdir(tmp_path) == ["wifi.txt"]


def test_join_text_escapes_the_special_characters(tmp_path):
    (tmp_path / "wifi.txt").write_text('ssid=a;b,c:d"e\\f\npassword=p;w,d:x"y\\z\n')
    n = net.Net(str(tmp_path))
    assert n.join_text() == 'WIFI:T:WPA;S:a\\;b\\,c\\:d\\"e\\\\f;P:p\\;w\\,d\\:x\\"y\\\\z;;'
    (tmp_path / "wifi.txt").write_text("ssid=Open Cafe\npassword=\n")
    assert net.Net(str(tmp_path)).join_text() == "WIFI:T:nopass;S:Open Cafe;P:;;"
    (tmp_path / "wifi.txt").write_text(GOOD)
    assert net.Net(str(tmp_path)).join_text() == "WIFI:T:WPA;S:tarockbox-ab12;P:abcdefgh2345;;"


# ---------------------------------------------------------------- the radio
class FakeWLAN:
    """network.WLAN as the CYW43 and the ESP32 ports have it, enough for
    net.py; `radio` False: the Pico W without its chip (active(True) raises
    nothing, no address is set up: what make emu showed)."""
    AP_IF, STA_IF = 1, 0
    made = []

    def __init__(self, itf, radio=True, joins=True, sec=None):
        self.itf = itf
        self.radio = radio
        self.joins = joins
        self.up = False
        self.cfg = {}
        self.joined = None
        FakeWLAN.made.append(self)

    def active(self, v=None):
        if v is None:
            return self.up
        self.up = bool(v)

    def config(self, **kw):
        self.cfg.update(kw)

    def ifconfig(self):
        if not (self.radio and self.up):
            return ("0.0.0.0",) * 4
        ip = "192.168.4.1" if self.itf == self.AP_IF else "10.0.0.7"
        if self.itf == self.STA_IF and not self.joined:
            ip = "0.0.0.0"
        return (ip, "255.255.255.0", ip, ip)

    def connect(self, ssid, key):
        if not self.up:
            raise OSError(1)
        self.joined = (ssid, key) if self.joins and self.radio else None

    def isconnected(self):
        return bool(self.joined)


def fake_network(monkeypatch, sec=None, **kw):
    m = types.ModuleType("network")
    m.AP_IF, m.STA_IF = FakeWLAN.AP_IF, FakeWLAN.STA_IF

    class WLAN(FakeWLAN):
        def __init__(self, itf):
            FakeWLAN.__init__(self, itf, **kw)
    if sec is not None:
        WLAN.SEC_WPA2 = sec
    m.WLAN = WLAN
    monkeypatch.setitem(sys.modules, "network", m)
    FakeWLAN.made = []
    return m


@pytest.fixture
def served(monkeypatch):
    """web.server's serve() replaced: what it was asked; the waits short."""
    calls = []

    async def serve(app, host="0.0.0.0", port=80):
        calls.append((app, port))
    server = types.ModuleType("web.server")
    server.serve = serve
    monkeypatch.setitem(sys.modules, "web.server", server)
    import web
    monkeypatch.setattr(web, "server", server, raising=False)
    monkeypatch.setattr(net, "START_S", 0)
    monkeypatch.setattr(net, "JOIN_S", 1)

    async def no_sleep(s):
        return None
    monkeypatch.setattr(net.asyncio, "sleep", no_sleep)
    return calls


class App:
    quiet = 5000        # the table idle
    wake = None
    drawn = 0           # times every seat's screen was to be drawn again

    def dirty_all(self):
        self.drawn += 1


def test_own_network_up_then_the_server(tmp_path, monkeypatch, served):
    (tmp_path / "wifi.txt").write_text(GOOD)
    fake_network(monkeypatch)
    n = net.Net(str(tmp_path))
    app = App()
    asyncio.run(n.run(app))
    assert (n.state, n.why, n.url) == ("ap", "", "http://192.168.4.1/")
    assert served == [(app, 80)]
    assert app.drawn == 1       # a seat showing the page's screen sees it up
    w = FakeWLAN.made[-1]
    assert w.itf == FakeWLAN.AP_IF and w.up
    assert w.cfg == {"ssid": "tarockbox-ab12", "key": "abcdefgh2345"}   # CYW43: WPA2 by default
    fake_network(monkeypatch, sec=3)        # the ESP32 names it
    asyncio.run(net.Net(str(tmp_path)).run(app))
    assert FakeWLAN.made[-1].cfg["security"] == 3


def test_no_chip_no_network_module_or_a_failing_server_end_off(tmp_path, monkeypatch, served):
    (tmp_path / "wifi.txt").write_text(GOOD)
    fake_network(monkeypatch, radio=False)
    n = net.Net(str(tmp_path))
    app = App()
    asyncio.run(n.run(app))
    assert (n.state, n.why, n.url) == ("off", "net_no_radio", "") and served == []
    assert app.drawn == 1       # ... and why it is off, without a press
    monkeypatch.setitem(sys.modules, "network", None)       # a port without it
    n = net.Net(str(tmp_path))
    asyncio.run(n.run(App()))
    assert (n.state, n.why) == ("off", "net_no_radio")
    fake_network(monkeypatch)

    async def broken(app, host="0.0.0.0", port=80):
        raise RuntimeError("the server fell over")
    monkeypatch.setattr(sys.modules["web.server"], "serve", broken)
    n = net.Net(str(tmp_path))
    asyncio.run(n.run(App()))           # returns: nothing reaches the app
    assert (n.state, n.why, n.url) == ("off", "net_failed", "")


def test_join_a_network_and_take_its_time(tmp_path, monkeypatch, served):
    (tmp_path / "wifi.txt").write_text(GOOD + "ssid=Home\npassword=secret12\n")
    fake_network(monkeypatch)
    ntp = types.ModuleType("ntptime")
    ntp.time = lambda: 1765000000
    monkeypatch.setitem(sys.modules, "ntptime", ntp)
    clock = types.ModuleType("web.clock")
    got = []
    clock.set = lambda t, source: got.append((t, source))
    monkeypatch.setitem(sys.modules, "web.clock", clock)
    import web
    monkeypatch.setattr(web, "clock", clock, raising=False)
    n = net.Net(str(tmp_path))
    assert (n.ssid, n.password) == ("Home", "secret12")
    asyncio.run(n.run(App()))
    assert (n.state, n.url) == ("sta", "http://10.0.0.7/")
    assert FakeWLAN.made[-1].joined == ("Home", "secret12")
    assert got == [(1765000000, "ntp")] and len(served) == 1


def test_a_network_not_found_falls_back_to_our_own(tmp_path, monkeypatch, served):
    (tmp_path / "wifi.txt").write_text(GOOD + "ssid=Home\npassword=secret12\n")
    fake_network(monkeypatch, joins=False)
    n = net.Net(str(tmp_path))
    asyncio.run(n.run(App()))
    assert (n.state, n.ssid, n.url) == ("ap", "tarockbox-ab12", "http://192.168.4.1/")
    assert n.join_text() == "WIFI:T:WPA;S:tarockbox-ab12;P:abcdefgh2345;;"
    (tmp_path / "wifi.txt").write_text("ssid=Home\npassword=secret12\n")   # none of our own
    n = net.Net(str(tmp_path))
    asyncio.run(n.run(App()))
    assert (n.state, n.why) == ("off", "net_no_join") and len(served) == 1


def test_no_clock_module_yet_is_no_failure(tmp_path, monkeypatch, served):
    (tmp_path / "wifi.txt").write_text("ssid=Home\n")
    fake_network(monkeypatch)
    monkeypatch.setitem(sys.modules, "ntptime", None)
    n = net.Net(str(tmp_path))
    asyncio.run(n.run(App()))
    assert n.state == "sta"


def test_every_reason_is_in_every_language():
    src = open(os.path.join(ROOT, "firmware", "hw", "net.py"), encoding="utf-8").read()
    whys = set(re.findall(r'"(net_[a-z_]+)"', src))
    assert whys == {"net_no_radio", "net_bad_file", "net_no_join", "net_failed"}
    from table import lang
    for code in lang.CODES:
        lang.use(code)
        for k in whys:
            text = lang.t(k)
            assert text and text != k and len(text) <= 21, (code, k, text)


def test_net_runs_on_micropython(tmp_path):
    # the unix port: the password made and kept, the absent chip said as such
    import subprocess

    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    p = subprocess.run([mp, os.path.join(ROOT, "tests", "host", "scripts", "net_run.py"), ROOT,
                        str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr + p.stdout
    assert p.stdout.strip() == "('starting', 12, 'tarockbox-') True off net_no_radio True"
    assert "ap_password=" in (tmp_path / "wifi.txt").read_text()
