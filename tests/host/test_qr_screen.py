"""The QR codes of the phones' page (issue 38 item 4): firmware/web/qr.py's
matrices decode with zxing-cpp (PyPI zxing-cpp, pinned: the web group) to
the exact bytes for every length it holds, UTF-8 text and Wi-Fi join strings
with their escapes; the mask is the one of least penalty; the MicroPython
unix port makes the same matrices, in Python and with web/qrfast.py's
native penalties. The screens (web/phone.py): the QR codes
read from the emulated panels' pixels, as a camera sees them, give the join
string and the address; nothing cut in any language; without a radio the
page says it is off and why."""
import math
import os
import random
import subprocess
import sys

import numpy as np
import pytest
import zxingcpp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402
import screencheck  # noqa: E402
from table import lang, ui  # noqa: E402
from web import qr  # noqa: E402

MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
# the standard's byte-mode capacities (ISO/IEC 18004 table 7), versions 1-9
CAPACITY = {qr.L: (17, 32, 53, 78, 106, 134, 154, 192, 230),
            qr.M: (14, 26, 42, 62, 84, 106, 122, 152, 180)}


def matrix(n, rows):
    """The modules as a list of rows of 0/1 (1 dark)."""
    w = (n + 7) >> 3
    return [[(rows[y * w + (x >> 3)] >> (7 - (x & 7))) & 1 for x in range(n)] for y in range(n)]


def image(mods, scale=3, quiet=4):
    """A printed code: dark modules black on white, a quiet zone."""
    a = (1 - np.array(mods, np.uint8)) * 255
    a = np.pad(a, quiet, constant_values=255)
    return np.kron(a, np.ones((scale, scale), np.uint8))


def decode(img):
    got = zxingcpp.read_barcodes(img, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(got) == 1, "no QR code read"
    return got[0]


def test_capacities_are_the_standards():
    for lv, caps in CAPACITY.items():
        assert [qr.capacity(v, lv) for v in range(1, 10)] == list(caps)


def test_every_length_decodes_to_its_bytes():
    rng = random.Random(38)
    for k in range(1, CAPACITY[qr.L][-1] + 1):
        data = bytes(rng.randrange(256) for _ in range(k))
        n, rows = qr.encode(data)
        ver = (n - 17) // 4
        # the smallest version that holds it at L; M when that one holds it too
        assert ver == next(v for v in range(1, 10) if CAPACITY[qr.L][v - 1] >= k)
        r = decode(image(matrix(n, rows)))
        assert r.bytes == data, k
        assert r.ec_level == ("M" if CAPACITY[qr.M][ver - 1] >= k else "L"), k


def test_too_long_is_refused():
    with pytest.raises(ValueError):
        qr.encode(b"x" * (CAPACITY[qr.L][-1] + 1))


@pytest.mark.parametrize("text", ["a", "Königrufen", "Točke: Ana 35, Bojan −12", "Fran\u00e7ais \u00e9t\u00e9",
                                  "\u2665\u2666\u2660\u2663 \U0001F0A1", "ž" * 60])
def test_utf8_text(text):
    n, rows = qr.encode(text)
    assert decode(image(matrix(n, rows))).bytes == text.encode()


def join_text(ssid, password):
    """net.join_text()'s form (firmware/hw/net.py): \\ ; , : " escaped."""
    def esc(s):
        return "".join("\\" + c if c in '\\;,:"' else c for c in s)
    return "WIFI:T:WPA;S:%s;P:%s;;" % (esc(ssid), esc(password))


@pytest.mark.parametrize("ssid,password", [
    ("tarockbox-1A2B", "kx7m-9qpt-w3"),
    ("Home;Net:5G", 'pa\\ss"word,;:'),
    ("x" * 32, "y" * 63),
    (";" * 32, "\\" * 63),      # every byte escaped: the longest join string
    ("Café Žabnica", "čšž-ÄÖÜ-ß"),
])
def test_wifi_join_strings(ssid, password):
    s = join_text(ssid, password)
    n, rows = qr.encode(s)
    r = decode(image(matrix(n, rows)))
    assert r.bytes == s.encode()
    assert r.content_type == zxingcpp.ContentType.Text


def _penalty(m):
    """The standard's mask penalty (rules 1-4) as Nayuki's generator counts
    it, written out plainly: the reference the encoder's must agree with."""
    n = len(m)
    s = 0
    lines = [list(r) for r in m] + [[m[y][x] for y in range(n)] for x in range(n)]
    for line in lines:
        runs = []       # (colour, length), the border light and n long
        for c in line:
            if runs and runs[-1][0] == c:
                runs[-1][1] += 1
            else:
                runs.append([c, 1])
        for c, k in runs:
            if k >= 5:
                s += 3 + (k - 5)
        runs = [[0, n]] + runs + [[0, n]]
        runs2 = []      # merge the border with a light run next to it
        for c, k in runs:
            if runs2 and runs2[-1][0] == c:
                runs2[-1][1] += k
            else:
                runs2.append([c, k])
        ks = [k for _, k in runs2]
        cs = [c for c, _ in runs2]
        for i in range(1, len(ks) - 5):
            # dark runs i, i+2, i+4 of 1, 3, 1 units; light i+1, i+3 of 1
            u = ks[i]
            if cs[i] == 1 and ks[i + 1] == u and ks[i + 2] == 3 * u and ks[i + 3] == u and ks[i + 4] == u:
                if ks[i - 1] >= 4 * u and ks[i + 5] >= u:
                    s += 40
                if ks[i + 5] >= 4 * u and ks[i - 1] >= u:
                    s += 40
    for y in range(n - 1):
        for x in range(n - 1):
            if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                s += 3
    dark = sum(map(sum, m))
    t = n * n
    return s + ((abs(dark * 20 - t * 10) + t - 1) // t - 1) * 10


@pytest.mark.parametrize("text", ["http://192.168.4.1/", join_text("tarockbox-1A2B", "kx7m-9qpt-w3"),
                                  "a", "x" * 100, join_text("x" * 32, "y" * 63)])
def test_the_mask_of_least_penalty(text):
    scores = []
    for k in range(8):
        n, rows = qr.encode(text, mask=k)
        mods = matrix(n, rows)
        assert decode(image(mods)).bytes == text.encode(), k
        scores.append((_penalty(mods), k))
    best = min(scores)[1]
    assert qr.encode(text) == qr.encode(text, mask=best)


MP_SCRIPT = r"""
import sys
sys.path.insert(0, "firmware")
from web import qr
import binascii
fast = qr._fast
print("native" if fast else "python")
for line in sys.stdin.buffer.read().split(b"\n"):
    if line:
        for f in (fast, None):      # web/qrfast.py's penalties, then qr.py's
            qr._fast = f
            n, rows = qr.encode(binascii.unhexlify(line))
            print(n, binascii.hexlify(rows).decode())
"""


def test_micropython_makes_the_same_matrices():
    if not os.path.exists(MICROPYTHON):
        pytest.skip("no MicroPython unix port in .venv")
    rng = random.Random(5)
    datas = [bytes(rng.randrange(256) for _ in range(k)) for k in (1, 17, 18, 42, 53, 78, 107, 180, 230)]
    datas += [join_text("tarockbox-1A2B", "kx7m-9qpt-w3").encode(), b"http://192.168.4.1/"]
    out = subprocess.run([MICROPYTHON, "-X", "heapsize=192K", "-c", MP_SCRIPT], cwd=ROOT,
                         input=b"\n".join(d.hex().encode() for d in datas), capture_output=True,
                         timeout=120, check=True).stdout.decode().split("\n")
    # the unix port compiles web/qrfast.py's viper code (x64): both ways
    assert out[0] == "native"
    for k, d in enumerate(datas):
        n, rows = qr.encode(d)
        assert out[1 + 2 * k] == out[2 + 2 * k] == "%d %s" % (n, rows.hex())
    assert len([x for x in out if x]) == 1 + 2 * len(datas)


# ---------------------------------------------------------------- the screens
class FakeNet:
    """hw.net.Net's interface (the page's own helper makes the real one)."""

    def __init__(self, state="ap", ssid="tarockbox-1A2B", password="kx7m-9qpt-w3",
                 url="http://192.168.4.1/", why=""):
        self.state = state
        self.ssid = ssid
        self.password = password
        self.url = url if state in ("ap", "sta") else ""
        self.why = why

    def join_text(self):
        return join_text(self.ssid, self.password)


def _emulator(net, seats=4, lang_code=None):
    emu = E.Emulator(seats=seats)
    if lang_code:
        emu.app.cfg.lang = lang_code
        lang.use(lang_code)
    emu.app.net = net
    return emu


def _open(emu, seat=0):
    emu.press(seat, "O")
    menu = emu.app.seats[seat].menu
    for _ in range(menu.keys.index("m_phone")):
        emu.press(seat, ">")
    emu.press(seat, "o")


def camera(panel, scale=5, bezel=24):
    """The glass as a phone's camera sees it: lit pixels light, the panel
    and its bezel dark around them, each pixel a few camera pixels wide
    and blurred a little."""
    a = np.array(panel.rows(), np.float32)
    a = np.kron(a, np.ones((scale, scale), np.float32))
    a = np.pad(a, bezel * scale // 4)
    b = a.copy()    # a 3x3 box blur: no sharp pixel edges
    b[1:-1, 1:-1] = sum(a[1 + dy:a.shape[0] - 1 + dy, 1 + dx:a.shape[1] - 1 + dx]
                        for dy in (-1, 0, 1) for dx in (-1, 0, 1)) / 9
    return (b * 255).astype(np.uint8)


@pytest.mark.parametrize("state,url", [("ap", "http://192.168.4.1/"), ("sta", "http://10.0.17.203/")])
def test_the_panel_shows_the_join_and_the_address(state, url):
    net = FakeNet(state, url=url)
    emu = _emulator(net)
    _open(emu)
    rows = emu.app.model(0)
    assert screencheck.clipped(emu.app.deck, rows) == []
    panel = emu.hw.panels[0]
    assert panel.rows() == fresh(emu.app.deck, rows)
    assert decode(camera(panel)).text == net.join_text()
    text = ui.to_text(emu.app.deck, rows)
    assert "tarockbox-1A" in text and "kx7m-9qpt-w3" in text     # the words beside it
    emu.press(0, ">")
    assert decode(camera(panel)).text == url
    assert url[7:-1] in ui.to_text(emu.app.deck, emu.app.model(0))
    emu.press(0, "<")
    assert decode(camera(panel)).text == net.join_text()
    emu.press(0, "o")       # back to the menu, the item still chosen
    assert emu.app.seats[0].menu.keys[emu.app.seats[0].menu.i] == "m_phone"
    rows = emu.app.model(0)
    assert not [r for r in rows if r[0] & ui.PIC]
    # nothing of the code stays: the glass is a whole paint of the menu
    assert panel.rows() == fresh(emu.app.deck, rows)


def fresh(deck, rows):
    """The pixels of a screen painted on a blank canvas."""
    import framebuf
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    ui.Painter(deck).paint(fb, rows)
    return [[fb.pixel(x, y) for x in range(128)] for y in range(64)]


def test_a_long_join_string_still_reads():
    """The longest network name and password (1-px modules at version 6)."""
    net = FakeNet(ssid="Gasthaus zur alten Linde - Gäste", password="x" * 63)
    emu = _emulator(net)
    _open(emu)
    assert screencheck.clipped(emu.app.deck, emu.app.model(0)) == []
    assert decode(camera(emu.hw.panels[0], scale=8)).text == net.join_text()


@pytest.mark.parametrize("code", lang.CODES)
def test_nothing_cut_in_any_language(code):
    for net in (FakeNet(), FakeNet(ssid="W" * 32, password="M" * 63), FakeNet(ssid="a"),
                FakeNet("off", why="qr_starting"), FakeNet("starting"), FakeNet("off")):
        emu = _emulator(net, lang_code=code)
        _open(emu)
        for _ in range(2):
            rows = emu.app.model(0)
            assert screencheck.clipped(emu.app.deck, rows) == [], (code, ui.to_text(emu.app.deck, rows))
            for r in rows:
                if not r[0] & ui.PIC:
                    assert "qr_" not in r[1] and "hold_back" not in r[1]    # a key without its text
            emu.press(0, ">")


def test_off_says_why_without_a_code():
    net = FakeNet("off", why="qr_starting")
    emu = _emulator(net)
    _open(emu)
    rows = emu.app.model(0)
    assert not [r for r in rows if r[0] & ui.PIC]
    assert ui.to_text(emu.app.deck, rows)[:2] == ["=The page is off=", "The Wi-Fi is starting."]
    emu.press(0, ">")   # nothing to turn
    assert emu.app.seats[0].menu.past is not None
    emu.press(0, "<")   # back to the menu
    assert emu.app.seats[0].menu.past is None
    net.state = "starting"
    net.why = ""
    emu.press(0, "o")
    assert "The Wi-Fi is starting." in ui.to_text(emu.app.deck, emu.app.model(0))
    emu.press(0, "O")   # held ●: back
    assert emu.app.seats[0].menu.past is None


def test_no_item_without_wifi():
    emu = E.Emulator(seats=4)
    assert getattr(emu.app, "net", None) is None
    emu.press(0, "O")
    assert "m_phone" not in emu.app.seats[0].menu.keys


# a phone's camera 30 cm from the panel: a 70° wide view in a 1920-pixel
# frame (what a scanner app analyses) sees 0.22 mm a pixel
MM_PER_CAMERA_PX = 2 * 300 * math.tan(math.radians(35)) / 1920
PITCH_MM = {"0.96": 0.17, "2.42": 0.43}     # the panels' pixel pitch


def at_30cm(panel, pitch, blur):
    """The glass in such a frame: the panel's pixels averaged into the
    camera's (each camera pixel the mean of the glass it covers), then out
    of focus by blur camera pixels."""
    from PIL import Image, ImageFilter
    a = np.pad(np.array(panel.rows(), np.uint8) * 255, 16)
    f = pitch / MM_PER_CAMERA_PX
    im = Image.fromarray(a).resize((round(a.shape[1] * f), round(a.shape[0] * f)), Image.BOX)
    return np.array(im.filter(ImageFilter.GaussianBlur(blur)))


@pytest.mark.parametrize("size,blur", [("0.96", 0.5), ("2.42", 1.0)])
def test_read_at_30_cm(size, blur):
    """Both codes from 30 cm: the 2.42" panel's 0.86-mm modules (~3.9
    camera pixels) even out of focus; the 0.96" panel's 0.34-mm modules
    are ~1.6 camera pixels, read only when sharp (docs/PERFORMANCE.md)."""
    net = FakeNet()
    emu = _emulator(net)
    _open(emu)
    panel = emu.hw.panels[0]
    assert decode(at_30cm(panel, PITCH_MM[size], blur)).text == net.join_text()
    emu.press(0, ">")
    assert decode(at_30cm(panel, PITCH_MM[size], blur)).text == net.url


def test_a_picture_leaves_nothing_behind():
    """A row kept from the screen before (the painter's memo: same words,
    same band) must not keep the picture's pixels beside it."""
    import framebuf
    from table import games
    from web.phone import picture
    deck = games.glue("koenigrufen")
    words = ui.row("Wi-Fi")
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    p = ui.Painter(deck)
    p.paint(fb, [(ui.PIC, "http://192.168.4.1/", -1, picture("http://192.168.4.1/")), words])
    assert fb.pixel(127, 0) == 1        # the lit quiet zone
    p.paint(fb, [words])
    assert [[fb.pixel(x, y) for x in range(128)] for y in range(64)] == fresh(deck, [words])
