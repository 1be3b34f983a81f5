# The seat screens as data, and the painter that draws them (128x64, 1 bit).
#
# A screen is a list of rows; a row is a tuple (flags, items, cur, marks):
#   items  a str, or a list of str and card ints (a card is drawn by its
#          label, so every card on a screen is a card int in its model)
#   cur    index of the highlighted item, -1 for none
#   marks  cards drawn with a dotted underline (the legal ones when the seat
#          must choose a card), or None
# A HAND row holds a list of cards; it is drawn suit by suit ("T 1 7 15 Sk",
# "♥ K 3", ...), one suit a line when the free lines allow, else flowing.
# The model is plain data: the app compares it with what the screen shows and
# redraws only when it differs; the emulator and the tests read it as text.
from tarock.compat import const, ljust  # noqa: F401  (ljust: for the flows)
from table import text

# button events as hw.buttons delivers them: on_event(seat, button, kind)
LEFT = const(0)     # ◀
RIGHT = const(1)    # ▶
OK = const(2)       # ●
PRESS = const(1)
LONG = const(2)     # held ●: back / the seat's menu
REPEAT = const(3)   # ◀ ▶ held: again every 120 ms (hw.buttons); a press to most screens

W = const(128)
H = const(64)

INV = const(1)      # inverted bar (headers, the choice being offered)
CENTER = const(2)
LARGE = const(4)
HAND = const(8)
SEL = const(16)     # a choice: drawn as ◀ label ▶
BOTTOM = const(32)  # pinned to the last line

ARROW_L = "\u25c0"
ARROW_R = "\u25b6"


def row(s, flags=0):
    return (flags, s, -1, None)


def wrap(s, flags=0, width=W):
    """Rows of s broken between words to fit the screen (a word wider than
    a line is broken in it: nothing is ever cut off at the edge)."""
    return [row(x, flags) for x in text.wrap(s, _font(flags), width)]


def _font(flags):
    return text.LARGE if flags & LARGE else text.SMALL


def label(deck, it, bare=False):
    if isinstance(it, int):
        return deck.card_label(it, bare)
    return it


def _groups(deck, cards):
    """[(symbol, [cards of that suit])] in suit order."""
    out = []
    last = -1
    for c in cards:
        s = deck.suit_of(c)
        if s != last:
            out.append((deck.SUIT_SYMBOLS[s], []))
            last = s
        out[-1][1].append(c)
    return out


def hand_lines(deck, cards, font, max_lines, width=W):
    """Lay a hand out: a list of lines, each a list of (x, item, bare).
    One suit a line when they fit in max_lines, else the suits flow."""
    sp = text.width(" ", font)
    groups = _groups(deck, cards)
    if len(groups) <= max_lines:
        lines = []
        ok = True
        for sym, cs in groups:
            x = 0
            line = [(x, sym, True)]
            x += text.width(sym, font) + sp
            for c in cs:
                w = text.width(deck.card_label(c, True), font)
                if x + w > width:
                    ok = False
                line.append((x, c, True))
                x += w + sp
            lines.append(line)
        if ok:
            return lines
    # flowing: suits follow each other, wrapping between cards
    lines = [[]]
    x = 0
    for sym, cs in groups:
        ws = text.width(sym, font)
        w0 = text.width(deck.card_label(cs[0], True), font)
        if x and x + ws + sp + w0 > width:
            lines.append([])
            x = 0
        lines[-1].append((x, sym, True))
        x += ws + sp
        for c in cs:
            w = text.width(deck.card_label(c, True), font)
            if x + w > width:
                lines.append([])
                x = 0
            lines[-1].append((x, c, True))
            x += w + sp
        x += sp
    return lines


class Painter:
    """Draws a screen model onto a FrameBuffer-like canvas (fill, fill_rect,
    hline, pixel) with table.text."""

    def __init__(self, deck):
        self.deck = deck  # card labels and suits of the family being played

    def paint(self, fb, rows):
        fb.fill(0)
        n = len(rows)
        y = 0
        for i in range(n):
            r = rows[i]
            f = r[0]
            if f & BOTTOM:
                continue
            font = _font(f)
            lh = text.line_height(font)
            if f & HAND:
                # the hand gets the lines the rows after it leave free
                after = 0
                for j in range(n):
                    if j > i or rows[j][0] & BOTTOM:
                        fj = _font(rows[j][0])
                        k = 1
                        if rows[j][0] & HAND:   # a hand below: its lines, flowing
                            k = len(hand_lines(self.deck, rows[j][1], fj, 0))
                        after += text.line_height(fj) * k
                y = self._hand(fb, r, font, lh, y, max((H - y - after) // lh, 1))
                continue
            if y + lh > H:
                break
            self._line(fb, r, font, lh, y)
            y += lh
        yb = H
        for i in range(n - 1, -1, -1):
            r = rows[i]
            if r[0] & BOTTOM:
                font = _font(r[0])
                lh = text.line_height(font)
                yb -= lh
                self._line(fb, r, font, lh, yb)

    def _line(self, fb, r, font, lh, y):
        f, items, cur, marks = r
        deck = self.deck
        if isinstance(items, str):
            items = (items,)
        inv = f & INV
        fg = 0 if inv else 1
        if inv:
            fb.fill_rect(0, y, W, lh, 1)
        sp = text.width(" ", font)
        total = -sp
        for it in items:
            total += text.width(label(deck, it), font) + sp
        x0 = 0
        x1 = W
        if f & SEL:
            text.draw(fb, 0, y, ARROW_L, fg, font)
            wa = text.width(ARROW_R, font)
            text.draw(fb, W - wa, y, ARROW_R, fg, font)
            x0 = text.width(ARROW_L, font) + sp
            x1 = W - wa - sp
        x = x0
        if f & (CENTER | SEL) and total < x1 - x0:
            x = x0 + (x1 - x0 - total) // 2
        for i in range(len(items)):
            it = items[i]
            s = label(deck, it)
            w = text.width(s, font)
            col = fg
            if i == cur:
                fb.fill_rect(x - 1, y, w + 2, lh, fg)
                col = 1 - fg
            text.draw(fb, x, y, s, col, font)
            if marks is not None and isinstance(it, int) and it in marks and i != cur:
                self._dots(fb, x, y + lh - 1, w, fg)
            x += w + sp

    def _hand(self, fb, r, font, lh, y, free):
        f, cards, cur, marks = r
        deck = self.deck
        for line in hand_lines(deck, cards, font, free):
            if y + lh > H:
                break
            for (x, it, bare) in line:
                s = label(deck, it, bare)
                w = text.width(s, font)
                col = 1
                if isinstance(it, int) and it == cur:
                    fb.fill_rect(x - 1, y, w + 2, lh, 1)
                    col = 0
                text.draw(fb, x, y, s, col, font)
                if marks is not None and isinstance(it, int) and it in marks and it != cur:
                    self._dots(fb, x, y + lh - 1, w, 1)
            y += lh
        return y

    def _dots(self, fb, x, y, w, col):
        for i in range(0, w, 2):
            fb.pixel(x + i, y, col)


def to_text(deck, rows):
    """A screen model as text lines (transcripts, tests): the highlighted
    item in [brackets], marked cards with a trailing '*', a hand as one line
    per suit."""
    out = []
    for r in rows:
        f, items, cur, marks = r
        if f & HAND:
            line = []
            for sym, cs in _groups(deck, items):
                line.append(sym)
                for c in cs:
                    line.append(_tok(deck, c, True, c == cur, marks))
                out.append(" ".join(line))
                line = []
            continue
        if isinstance(items, str):
            items = (items,)
        parts = []
        for i in range(len(items)):
            parts.append(_tok(deck, items[i], False, i == cur, marks))
        s = " ".join(parts)
        if f & SEL:
            s = "< " + s + " >"
        if f & INV:
            s = "=" + s + "="
        out.append(s)
    return out


def _tok(deck, it, bare, hi, marks):
    s = label(deck, it, bare)
    if marks is not None and isinstance(it, int) and it in marks:
        s += "*"
    return "[" + s + "]" if hi else s


def too_wide(deck, rows):
    """The text rows of a screen model that do not fit the width (tests)."""
    out = []
    for r in rows:
        f, items, cur, marks = r
        if f & HAND:
            continue
        if isinstance(items, str):
            items = (items,)
        font = _font(f)
        sp = text.width(" ", font)
        w = -sp
        for it in items:
            w += text.width(label(deck, it), font) + sp
        if f & SEL:
            w += text.width(ARROW_L, font) + text.width(ARROW_R, font) + 2 * sp
        if w > W:
            out.append(" ".join([label(deck, it) for it in items]))
    return out


def cards_in(rows):
    """Every card int a screen model shows (the privacy tests use this)."""
    out = []
    for r in rows:
        items = r[1]
        if isinstance(items, str):
            continue
        for it in items:
            if isinstance(it, int):
                out.append(it)
    return out
