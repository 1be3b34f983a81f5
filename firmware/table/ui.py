# The seat screens as data, and the painter that draws them (128x64, 1 bit).
#
# A screen is a list of rows; a row is a tuple (flags, items, cur, marks):
#   items  a str, or a list of str and card ints (a card is drawn by its
#          label, so every card on a screen is a card int in its model)
#   cur    index of the highlighted item, -1 for none
#   marks  cards underlined (the legal ones when the seat must choose a
#          card), or None: a 2-px bar one empty row below the glyphs (the
#          fonts keep the cell's last row empty), so it never touches a digit
#          and shows at 1x (a 1-px line did not: issue 37); crowded, the bar
#          takes the rows there are under the glyphs
# A HAND row holds a list of cards; it is drawn suit by suit ("T 1 7 15 Sk",
# "♥ K 3", ...), a suit never split across lines unless longer than a whole
# line (it then goes on, indented, on the next): one suit a line when the
# free lines allow, else suits sharing lines (the narrowest pairs first), else
# in the small font.
# A PIC row is a picture (web/phone.py's QR codes: only the boards with Wi-Fi
# show one): the painter blits it over the other rows and forgets the screen
# (the next paint is a whole one); layout() leaves it out, it takes no line
# (host_tools/lib/screencheck.py's clipped() counts its box).
# layout(deck, rows) turns a model into boxes and problems (what the painter
# draws; host_tools/lib/screencheck.py's clipped() adds boxes off the screen
# or overlapping, checked on every screen of the golden device runs).
# The model is plain data: the app compares it with what the screen shows and
# redraws only when it differs; the emulator and the tests read it as text.
from tarock.compat import const, ljust, shorten  # noqa: F401  (ljust, shorten: for the flows)
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
BIG = const(64)     # the 8x16 font (totals, the your-turn header): 16 chars a line
# a picture (web/phone.py's QR codes): (PIC, its words for the transcripts,
# -1, (x, y, w, h, MONO_HLSB bytes: 1 lit)), drawn over the rows, takes no line
PIC = const(128)

ARROW_L = "\u25c0"
ARROW_R = "\u25b6"


def row(s, flags=0):
    # type: (...) -> tuple
    return (flags, s, -1, None)


def wrap(s, flags=0, width=W):
    """Rows of s broken between words to fit the screen (a word wider than
    a line is broken in it: nothing is ever cut off at the edge); a line
    that fits stays as it is, its columns too."""
    if len(s) * _font(flags).w <= width and "\n" not in s:
        return [row(s, flags)]
    return [row(x, flags) for x in text.wrap(s, _font(flags), width)]


def _font(flags):
    if flags & BIG:
        return text.big()
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


# The widths of the bare card labels, per font, filled as they are asked
# for: a hand's layout asks each card's width three or four times (which
# suits share a line, where each card goes, the painter's boxes), and
# text.width() of a fresh label str was a third of a play screen's paint.
# [deck, language (its court-card letters), [(font, bytearray(128)), ...]];
# 0: not known yet (a label is never 0 px wide).
_CW = [None, None, []]


def _widths(deck, font):
    from table import lang
    code = lang.code()
    cw = _CW
    if cw[0] is not deck or cw[1] != code:
        cw[0] = deck
        cw[1] = code
        cw[2] = []
    for f, tab in cw[2]:
        if f is font:
            return tab
    tab = bytearray(128)   # card ints are < 128 (78 in the French deck)
    cw[2].append((font, tab))
    return tab


def _cwidth(tab, deck, c, font):
    w = tab[c]
    if not w:
        w = tab[c] = text.width(deck.card_label(c, True), font)
    return w


# layout ops: (kind, x, y, w, h, s, color, font, row index)
OP_TEXT = const(0)
OP_FILL = const(1)
OP_MARK = const(2)   # the legal-card bar (h = 2, crowded 1)


def _suit_lines(deck, cards, font, max_lines, width=W):
    """The hand as lines of (x, item, bare): one suit a line, then, while
    there are more than max_lines, the two neighbouring lines that make the
    narrowest line together share one. A suit longer than a line goes on
    at the indent after its symbol (and shares with none)."""
    sp = font.w    # text.width(" ", font)
    gap = sp + 2   # between two suits on a line: a little more than a space
    groups = _groups(deck, cards)
    tab = _widths(deck, font)
    widths = []
    syms = []      # the suit symbols' widths
    for sym, cs in groups:
        w = text.width(sym, font)
        syms.append(w)
        for c in cs:
            w += sp + (tab[c] or _cwidth(tab, deck, c, font))
        widths.append(w)
    # blocks: [first group, last group, width]; merged while too many lines
    blocks = [[k, k, widths[k]] for k in range(len(groups))]
    bw = 0
    while True:
        n = 0
        for b in blocks:
            # a suit longer than a line: its cards wrap at the indent
            n += 1 if b[2] <= width else 1 + b[2] // (width - 3 * sp)
        if n <= max_lines:
            break
        best = -1
        for k in range(len(blocks) - 1):
            w = blocks[k][2] + gap + blocks[k + 1][2]
            if w <= width and (best < 0 or w < bw):
                best = k
                bw = w
        if best < 0:
            break
        blocks[best] = [blocks[best][0], blocks[best + 1][1], bw]
        del blocks[best + 1]
    lines = []
    for b in blocks:
        line = []
        lines.append(line)
        x = 0
        for k in range(b[0], b[1] + 1):
            if k > b[0]:
                x += gap
            sym, cs = groups[k]
            indent = x + syms[k] + sp
            line.append((x, sym, True))
            x = indent
            for c in cs:
                w = tab[c] or _cwidth(tab, deck, c, font)
                if x + w > width and x > indent:
                    line = []
                    lines.append(line)
                    x = indent
                line.append((x, c, True))
                x += w + sp
            x -= sp
    return lines


def _packed_lines(deck, cards, font, width=W):
    """The hand in as few lines as it goes: a suit on the current line
    when all of it fits there (also after a long suit's last line)."""
    sp = font.w    # text.width(" ", font)
    gap = sp + 2
    tab = _widths(deck, font)
    lines = []
    x = 0
    for sym, cs in _groups(deck, cards):
        ws = text.width(sym, font)
        need = ws
        for c in cs:
            need += sp + (tab[c] or _cwidth(tab, deck, c, font))
        if not lines or x + gap + need > width:
            lines.append([])
            x = 0
        elif x:
            x += gap
        line = lines[-1]
        indent = x + ws + sp
        line.append((x, sym, True))
        x = indent
        for c in cs:
            w = tab[c] or _cwidth(tab, deck, c, font)
            if x + w > width and x > indent:
                line = []
                lines.append(line)
                x = indent
            line.append((x, c, True))
            x += w + sp
        x -= sp
    return lines


def hand_lines(deck, cards, font, max_lines, width=W):
    """Lay a hand out: a list of lines, each a list of (x, item, bare).
    One suit a line when they fit in max_lines, else suits sharing lines
    (as few as need to), else packed as tight as it goes."""
    lines = _suit_lines(deck, cards, font, max_lines, width)
    if len(lines) > max_lines:
        packed = _packed_lines(deck, cards, font, width)
        if len(packed) < len(lines):
            return packed
    return lines


def _hand_fit(deck, cards, font, room, marked):
    """(font, line height, lines) for a hand in `room` pixels: the row's
    font, then the small one; a line taller by one when cards are marked
    (the 2-px mark one empty row below the glyphs), then by one, and only
    when nothing fits so, lines of the font's height (the mark on the
    cell's empty last row, under the glyphs' foot). None if nothing fits."""
    fonts = (font,) if font is text.SMALL else (font, text.SMALL)
    for extra in ((2, 1, 0) if marked else (0,)):
        for f in fonts:
            lh = f.h + extra
            n = room // lh
            lines = hand_lines(deck, cards, f, n)
            if len(lines) <= n:
                return f, lh, lines
    return None


def _min_height(deck, r):
    """The least height row r can take (a hand: packed, small font, its
    marks without the gap row)."""
    f = r[0]
    if f & HAND:
        return len(_packed_lines(deck, r[1], text.SMALL)) * text.SMALL.h
    return _font(f).h


def fits(deck, rows):
    """True when every row of a screen model can have its least height
    (a flow drops a large header when it is False)."""
    h = 0
    for r in rows:
        h += _min_height(deck, r)
    return h <= H


def _put(ops, kind, x, y, w, h, s, col, font, ri):
    """One box: kept in the list ops, or drawn right away when ops is the
    canvas (the painter allocates no list of boxes)."""
    if isinstance(ops, list):
        ops.append((kind, x, y, w, h, s, col, font, ri))
    elif kind == OP_TEXT:
        text.draw(ops, x, y, s, col, font)
    elif kind == OP_FILL:
        ops.fill_rect(x if x > 0 else 0, y, w, h, col)
    else:
        ops.fill_rect(x, y, w, h, col)


def layout(deck, rows, fb=None, memo=None):
    """(ops, problems): the boxes a screen model draws as, and what of it
    does not fit (rows dropped for want of room, text cut with …). With a
    canvas fb the boxes are drawn on it instead of listed (ops is fb).
    memo (Painter, with fb): [the row keys drawn last, {} for the keys of
    this one, [] for its bands, False]: a row whose key (band and repr; a
    hand's: where it starts, its room and repr, its height the value) was
    drawn last keeps its pixels and is not laid out again, every other
    row's band is cleared and drawn; the last item becomes True when a hand overflows its room (the
    bands may overlap: the screen needs a whole paint)."""
    ops = [] if fb is None else fb
    problems = []
    if memo is not None:
        return _memo_layout(deck, rows, fb, memo, problems)
    n = len(rows)
    bottom = H
    for i in range(n - 1, -1, -1):
        f = rows[i][0]
        if f & BOTTOM:
            lh = _font(f).h
            if bottom - lh < 0:
                problems.append("row %d: no room" % i)
                continue
            bottom -= lh
            _line(deck, ops, problems, rows[i], i, bottom)
    y = 0
    for i in range(n):
        r = rows[i]
        f = r[0]
        if f & (BOTTOM | PIC):
            continue
        if f & HAND:
            after = 0
            for j in range(i + 1, n):
                if not rows[j][0] & BOTTOM:
                    after += _min_height(deck, rows[j])
            y = _hand(deck, ops, problems, r, i, y, bottom - y - after)
            continue
        lh = _font(f).h
        if y + lh > bottom:
            problems.append("row %d: no room: %s" % (i, _plain(deck, r[1])))
            continue
        _line(deck, ops, problems, r, i, y)
        y += lh
    return ops, problems


def room(deck, rows, fb):
    """Where screen `rows`, just painted on canvas fb, may move by a pixel
    without cutting a glyph (the app's pixel shift): bit 0 right (no pixel
    of its text or marks in the last column), bit 1 down (nor in the last
    row). A text's pixels are those of its colour in its box: the bars and
    highlights around it may go."""
    r = 3
    for k, x, y, w, h, _, c, _, _ in layout(deck, rows)[0]:
        if k != OP_FILL:
            if x + w >= W:
                for v in range(y, y + h):
                    if fb.pixel(W - 1, v) == c:
                        r &= 2
            if y + h >= H:
                for u in range(x, min(x + w, W)):
                    if fb.pixel(u, H - 1) == c:
                        r &= 1
    return r


def _memo_layout(deck, rows, fb, memo, problems):
    """layout() drawing only the rows not drawn the same last time (memo)."""
    old, keys, bands = memo[0], memo[1], memo[2]
    n = len(rows)
    bottom = H
    for i in range(n - 1, -1, -1):
        f = rows[i][0]
        if f & BOTTOM:
            lh = _font(f).h
            if bottom - lh < 0:
                problems.append("row %d: no room" % i)
                continue
            bottom -= lh
            _memo_line(deck, fb, problems, rows[i], i, bottom, lh, memo)
    y = 0
    for i in range(n):
        r = rows[i]
        f = r[0]
        if f & (BOTTOM | PIC):
            continue
        if f & HAND:
            after = 0
            for j in range(i + 1, n):
                if not rows[j][0] & BOTTOM:
                    after += _min_height(deck, rows[j])
            room = bottom - y - after
            # the same hand in the same place and room: the same pixels and
            # height (the key's value), so no layout at all
            k = "%d %d %r" % (y, room, r)
            h = old.get(k)
            if h is None:
                font, lh, lines = _hand_plan(deck, problems, r, i, room)
                # the lines _hand_fb draws: it stops at the screen's foot
                h = min(len(lines), (H - y) // lh if H > y else 0) * lh
                if h > room:
                    memo[3] = True
                fb.fill_rect(0, y, W, h, 0)
                _hand_fb(deck, fb, r, y, font, lh, lines)
            keys[k] = h
            bands.append(y << 8 | h)
            y += h
            continue
        lh = _font(f).h
        if y + lh > bottom:
            problems.append("row %d: no room: %s" % (i, _plain(deck, r[1])))
            continue
        _memo_line(deck, fb, problems, r, i, y, lh, memo)
        y += lh
    # what no row covers is dark
    bands.sort()
    y = 0
    for b in bands:
        y0 = b >> 8
        if y0 > y:
            fb.fill_rect(0, y, W, y0 - y, 0)
        y = y0 + (b & 0xFF)
    if y < H:
        fb.fill_rect(0, y, W, H - y, 0)
    return fb, problems


def _memo_line(deck, fb, problems, r, ri, y, lh, memo):
    k = "%d %d 0 %r" % (y, lh, r)
    memo[1][k] = True
    memo[2].append(y << 8 | lh)
    if k not in memo[0]:
        fb.fill_rect(0, y, W, lh, 0)
        _line(deck, fb, problems, r, ri, y)


def _plain(deck, items):
    if isinstance(items, str):
        return items
    return " ".join([label(deck, it) for it in items])


def _fit(s, font, room):
    """s cut with … to room pixels."""
    n = room // font.w
    while n > 1 and text.width(s[:n - 1], font) + font.w > room:
        n -= 1   # suit glyphs are a pixel wider
    return s[:max(n - 1, 0)] + "\u2026"


def _line(deck, ops, problems, r, ri, y):
    f, items, cur, marks = r
    font = _font(f)
    lh = font.h
    if isinstance(items, str):
        items = (items,)
    inv = f & INV
    fg = 0 if inv else 1
    if inv:
        _put(ops, OP_FILL, 0, y, W, lh, None, 1, None, ri)
    sp = font.w    # text.width(" ", font)
    # a margin on the left of a lit bar or a highlight: a first letter's
    # pixels in column 0 would merge with the screen's edge
    x0 = 1 if inv or cur >= 0 else 0
    x1 = W
    if f & SEL:
        wa = text.width(ARROW_R, font)
        _put(ops, OP_TEXT, x0, y, wa, lh, ARROW_L, fg, font, ri)
        _put(ops, OP_TEXT, W - wa, y, wa, lh, ARROW_R, fg, font, ri)
        x0 += wa + sp
        x1 = W - wa - sp
    labels = []
    widths = []
    total = -sp
    for it in items:
        s = label(deck, it)
        w = text.width(s, font)
        labels.append(s)
        widths.append(w)
        total += w + sp
    x = x0
    if total > x1 - x0:
        if len(labels) == 1:
            labels[0] = _fit(labels[0], font, x1 - x0)
            widths[0] = text.width(labels[0], font)
        problems.append("row %d: cut: %s" % (ri, " ".join(labels)))
    elif f & (CENTER | SEL):
        x = x0 + (x1 - x0 - total) // 2
    for k in range(len(items)):
        it = items[k]
        s = labels[k]
        w = widths[k]
        if x + w > x1:
            break
        col = fg
        if k == cur:
            _put(ops, OP_FILL, x - 1, y, w + 1, lh, None, fg, None, ri)
            col = 1 - fg
        _put(ops, OP_TEXT, x, y, w, lh, s, col, font, ri)
        if marks is not None and isinstance(it, int) and it in marks and k != cur:
            problems.append("row %d: a mark in a text row" % ri)
        x += w + sp


def _hand_plan(deck, problems, r, ri, room):
    """(font, line height, lines) of hand row r in room pixels."""
    f, cards, cur, marks = r
    fit = _hand_fit(deck, cards, _font(f), room, marks is not None)
    if fit is None:
        font = text.SMALL
        lines = _packed_lines(deck, cards, font)
        problems.append("row %d: a hand of %d lines in %d px" % (ri, len(lines), room))
        return font, font.h, lines
    return fit


def _hand(deck, ops, problems, r, ri, y, room):
    font, lh, lines = _hand_plan(deck, problems, r, ri, room)
    if not isinstance(ops, list):
        return _hand_fb(deck, ops, r, y, font, lh, lines)
    f, cards, cur, marks = r
    marked = marks is not None
    tab = _widths(deck, font)
    for line in lines:
        if y + lh > H:
            break
        for (x, it, bare) in line:
            s = label(deck, it, bare)
            w = _cwidth(tab, deck, it, font) if bare and isinstance(it, int) else text.width(s, font)
            col = 1
            if isinstance(it, int) and it == cur:
                _put(ops, OP_FILL, x - 1, y, w + 1, font.h, None, 1, None, ri)
                col = 0
            _put(ops, OP_TEXT, x, y, w, font.h, s, col, font, ri)
            if marked and isinstance(it, int) and it in marks and it != cur:
                # the gap row is the font's empty last row; the bar the two
                # below (crowded: from that last row on)
                ym = y + font.h if lh > font.h + 1 else y + font.h - 1
                _put(ops, OP_MARK, x, ym, w - 1, 2 if lh > font.h else 1, None, 1, None, ri)
        y += lh
    return y


def _hand_fb(deck, fb, r, y, font, lh, lines):
    """_hand's boxes drawn on canvas fb, the same pixels with fewer calls:
    the cards of a line that follow each other one space apart are one
    text.draw() (a text's characters advance as the widths add up; a
    space draws nothing), the highlighted card alone (its bar, then the
    card dark on it, as _hand draws them)."""
    cur = r[2]
    marks = r[3]
    tab = _widths(deck, font)
    sp = font.w                      # text.width(" ", font)
    fh = font.h
    ym = fh if lh > fh + 1 else fh - 1   # the marks' first row under a line
    mh = 2 if lh > fh else 1
    draw = text.draw
    for line in lines:
        if y + lh > H:
            break
        run = None       # the labels drawn together, from run_x on
        run_x = 0
        nx = -1          # where the next card of the run would start
        for (x, it, bare) in line:
            if isinstance(it, int):
                s = deck.card_label(it, True)
                w = tab[it] or _cwidth(tab, deck, it, font)
                if it == cur:
                    if run is not None:
                        draw(fb, run_x, y, " ".join(run), 1, font)
                        run = None
                    fb.fill_rect(x - 1 if x > 1 else 0, y, w + 1, fh, 1)
                    draw(fb, x, y, s, 0, font)
                    continue
                if marks is not None and it in marks:
                    fb.fill_rect(x, y + ym, w - 1, mh, 1)
            else:
                s = it
                w = text.width(s, font)
            if run is not None and x == nx:
                run.append(s)
            else:
                if run is not None:
                    draw(fb, run_x, y, " ".join(run), 1, font)
                run = [s]
                run_x = x
            nx = x + w + sp
        if run is not None:
            draw(fb, run_x, y, " ".join(run), 1, font)
        y += lh
    return y


class Painter:
    """Draws a screen model onto a FrameBuffer-like canvas (fill, fill_rect,
    hline, pixel) with table.text, as layout() lays it out.

    Only what changed is drawn again: per canvas the painter remembers the
    rows it drew last (each row's repr with its band: where it is and, for
    a hand, the room it had) and the language (card letters are its). A row
    drawn the same in the same band keeps its pixels; every other row's band
    is cleared and drawn, and what no band covers cleared. The pixels are a
    whole paint's: a row draws only inside its band and bands do not
    overlap, unless a hand overflows its room (then the whole screen is
    drawn again, and nothing remembered). A cursor move on the setup draws two
    rows instead of eight (the paint was ~25 ms at 125 MHz)."""

    def __init__(self, deck):
        self.deck = deck  # card labels and suits of the family being played
        self.drawn = {}   # id(canvas) -> (language, {row key: True, or a hand's height})

    def paint(self, fb, rows):
        from table import lang
        code = lang.code()
        last = self.drawn.pop(id(fb), None)
        old = last[1] if last is not None and last[0] == code else None
        if old is None:
            fb.fill(0)
            old = {}
        memo = [old, {}, [], False]
        layout(self.deck, rows, fb, memo)
        if memo[3]:
            fb.fill(0)
            layout(self.deck, rows, fb)
        else:
            # the same rows in the same bands as another canvas (equal
            # screens): its keys, read only, not a copy of each
            last = (code, memo[1])
            for v in self.drawn.values():
                if v == last:
                    last = v
                    break
            self.drawn[id(fb)] = last
        for r in rows:
            if r[0] & PIC:      # over the rows; the next paint a whole one
                p = r[3]
                fb.blit((p[4], p[2], p[3], 3), p[0], p[1])   # 3: MONO_HLSB
                self.drawn.pop(id(fb), None)


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
