# The phones' way in (issue 38): a seat's menu item (table.app.SeatMenu,
# "m_phone", offered when the board has Wi-Fi: app.net) opens this screen.
# With the radio up (net.state "ap" or "sta") two pages, ◀ ▶ between them:
# the QR code of net.join_text() (join the Wi-Fi) with the network's name
# and password in words, then the QR code of net.url (the page) with the
# address in words. With it off or starting: one screen that says so and
# why (net.why, a language key), ◀ back. ● (pressed or held) back to the menu.
#
# A QR code is a ui.PIC row: a 64x64 picture on the right half of the
# panel, its light modules and a quiet zone lit, the dark ones unlit, the
# modules as large as 64 px allow in whole pixels (2 px up to version 3,
# 1 px beyond); the words in the left half. Imported only when the item is
# chosen (the web package is not in the RPI_PICO image).
from table.lang import t
from table.ui import row, wrap, INV, LARGE, BOTTOM, PIC, CENTER, LEFT, OK, W
from web import qr

SIDE = 64       # the picture: the panel's height, square
TEXT_W = W - SIDE - 2   # the words' column, two dark pixels short of the picture
LINES = 5       # its small lines between the large title and the keys


def picture(text):
    """(x, y, w, h, bytes) of text's QR code for a ui.PIC row: MONO_HLSB,
    1 lit (light modules and the quiet zone), the code centred in SIDE x SIDE
    at the right edge of the panel."""
    n, rows = qr.encode(text)
    s = SIDE // (n + 2)     # a module a side at least for the quiet zone
    if s < 1:
        s = 1
    o = (SIDE - n * s) // 2
    bpr = SIDE >> 3
    buf = bytearray(b"\xff" * (bpr * SIDE))
    w = (n + 7) >> 3
    for y in range(n):
        k = (o + y * s) * bpr      # the module row's first line of pixels
        for x in range(n):
            if rows[y * w + (x >> 3)] & (0x80 >> (x & 7)):
                for u in range(o + x * s, o + x * s + s):
                    buf[k + (u >> 3)] &= ~(0x80 >> (u & 7))
        for v in range(1, s):       # its other lines the same
            buf[k + v * bpr:k + (v + 1) * bpr] = buf[k:k + bpr]
    return (W - SIDE, 0, SIDE, SIDE, buf)


class Phone:
    def __init__(self, app):
        self.app = app
        self.k = 0          # 0 the Wi-Fi, 1 the page's address
        self.pics = {}      # text -> its picture (both pages': ◀ ▶ draws at once)

    def press(self, seat, button, kind):
        """False when the seat goes back to the menu."""
        if button == OK:
            return False
        if self._up():
            self.k ^= 1     # two pages: ◀ and ▶ both turn
            return True
        return button != LEFT   # off: ◀ back too, ▶ nothing

    def _up(self):
        return self.app.net.state in ("ap", "sta")

    def _pic(self, text):
        p = self.pics.get(text)
        if p is None:
            if len(self.pics) > 1:
                self.pics = {}      # the network changed: the old ones go
            p = self.pics[text] = picture(text)
        return p

    def model(self, seat):
        net = self.app.net
        if not self._up():
            why = net.why or ("qr_starting" if net.state == "starting" else "")
            return ([row(t("qr_off"), INV)] + (wrap(t(why))[:5] if why else [])
                    + [row(t("hold_back"), BOTTOM | CENTER)])
        if self.k == 0:
            text = net.join_text()
            rows = [row(t("qr_wifi"), LARGE)]
            words = wrap(net.ssid, 0, TEXT_W)
            pw = wrap(net.password, 0, TEXT_W) if net.password else []
            if len(words) + 1 + len(pw) <= LINES:
                words += [row(t("qr_pass"))] + pw
        else:
            text = net.url
            rows = [row(t("qr_page"), LARGE)]
            a = text
            if a.startswith("http://"):
                a = a[7:]
            if a.endswith("/"):
                a = a[:-1]
            words = wrap(a, 0, TEXT_W)
        return ([(PIC, text, -1, self._pic(text))] + rows + words[:LINES]
                + [row(t("qr_keys"), BOTTOM)])
