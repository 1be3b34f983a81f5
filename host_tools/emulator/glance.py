"""How large each screen's glance text looks from a chair (issue 37).

The glance text of a screen is what a player reads without leaning in:
whose turn and what is asked, the seat's total and place, every player's
total and the last deal's change, the trick on the table, the entry's
current value. GLANCE says, per
screen kind (the phase tag of host_tools/emulator/screens.py), which row
that is: the first row a selector of its list finds. The row's font gives
its cap and digit height in pixels (the lit rows of the digits and the
capitals without a descender, read from the font's bitmaps); the panel's
active area gives the pixel pitch, so millimetres on the glass; the angle
that height subtends at DISTANCE_MM is its size to the eye.

Display ergonomics asks for about 16 arcminutes for text read at a glance
(ISO 9241-3 and ANSI/HFES 100: 16' least, 20'-22' preferred; MIN_ARCMIN).

Panels (active area, width x height, from the module datasheets):
  0.96" SSD1306 128x64   21.744 x 10.864 mm  (DisplayModule DM-OLED096-624
                                             datasheet, "Active Area")
  2.42" SSD1309 128x64   55.01 x 27.49 mm    (Waveshare "2.42inch OLED
                                             Module" wiki, "Display size";
                                             pixel 0.4 x 0.4 mm)
"""
import math

DISTANCE_MM = 600   # a chair at the table: the panel at arm's length
MIN_ARCMIN = 16

# name -> (label, active area width mm, height mm, pixels wide, high)
PANELS = {
    "ssd1306": ('0.96" SSD1306', 21.744, 10.864, 128, 64),
    "ssd1309": ('2.42" SSD1309', 55.01, 27.49, 128, 64),
}

# Selectors, tried in order; the first that finds a row names the glance row:
#   "big" / "large"  the first row drawn in that font
#   "sel"            the first ◀ choice ▶ row (a value being entered)
#   "cur"            the first row with a highlighted item
#   "trick"          the first row of who played what (the table): a tag
#                    (a player's initial or two letters, flows/play.py
#                    _tags) before each card, a label before them at most;
#                    not the two-player stacks, the chien or an info page's
#                    rows (cards after a name or label, or "-" for a stack)
#   "hand"           the hand
#   "inv"            the first inverted bar (the header: whose turn, what)
#   "row0"           the first row
TURN = ("whose turn, what is asked", ("big", "large", "inv", "row0"))
GLANCE = (
    # (phase tag prefix, what the glance text is, selectors)
    ("setup", "what is asked", ("large", "sel", "cur", "inv", "row0")),
    ("play", "the trick on the table", ("trick", "big", "large", "inv", "row0")),
    ("result", "every player's result", ("big", "large", "row0")),
    ("entry", "the entry's current value", ("sel", "cur", "large", "inv", "row0")),
    ("idle", "every player's total and change", ("big", "large", "row0")),
    ("menu", "the page's value", ("big", "large", "sel", "cur", "inv", "row0")),
    ("question", "what is asked", ("large", "inv", "row0")),
    ("", TURN[0], TURN[1]),   # bidding, calls, talon, aid, ...: the turn
)


def rule(tag):
    """(what, selectors) of a screen kind's phase tag."""
    for prefix, what, sel in GLANCE:
        if tag.startswith(prefix):
            return what, sel
    raise ValueError("no glance rule for %r" % tag)


def glance_row(tag, rows):
    """(index of the glance row in the screen model rows, selector), or
    (-1, None) when none of the kind's selectors finds one."""
    from table import ui
    _, sels = rule(tag)
    for s in sels:
        for i, r in enumerate(rows):
            f, items = r[0], r[1]
            hit = {"big": f & ui.BIG, "large": f & ui.LARGE and not f & ui.BIG,
                   "sel": f & ui.SEL, "cur": r[2] >= 0,
                   "trick": not f & ui.HAND and is_trick(items), "hand": f & ui.HAND,
                   "inv": f & ui.INV, "row0": i == 0}[s]
            if hit:
                return i, s
    return -1, None


def is_trick(items):
    """True for a row's items that say who played what: tag, card pairs
    (a tag: one or two letters, never a stack's "-"), a label before them
    at most ("last")."""
    if isinstance(items, str):
        return False
    k = len(items)
    while (k >= 2 and isinstance(items[k - 1], int) and isinstance(items[k - 2], str)
           and 0 < len(items[k - 2]) <= 2 and items[k - 2] != "-"):
        k -= 2
    return k < len(items) and (k == 0 or (k == 1 and isinstance(items[0], str)))


def cap_height(mod):
    """Pixels from the top of the tallest digit or capital (without a
    descender) to its foot, read from a font module's bitmaps (W, H, DATA:
    MONO_VLSB glyphs of (H + 7) // 8 pages, ASCII from the space on)."""
    pages = (mod.H + 7) // 8
    n = pages * mod.W
    top, foot = mod.H, -1
    for ch in "0123456789ABCDEFHIKLMNOPRSTUVWXYZ":
        g = mod.DATA[(ord(ch) - 32) * n:(ord(ch) - 31) * n]
        for y in range(mod.H):
            if any(g[(y >> 3) * mod.W + x] >> (y & 7) & 1 for x in range(mod.W)):
                top = min(top, y)
                foot = max(foot, y)
    return foot - top + 1


def mm(px, panel):
    """Height on the glass of px pixel rows of a panel (PANELS key)."""
    _, _, h_mm, _, h_px = PANELS[panel]
    return px * h_mm / h_px


def arcmin(height_mm, distance_mm=DISTANCE_MM):
    """The angle a height subtends at distance_mm, in arcminutes."""
    return math.degrees(2 * math.atan(height_mm / 2 / distance_mm)) * 60


def font_of(flags):
    """(name, font module) of a row's flags, as table/ui.py picks it."""
    from table import ui
    from table.fonts import big, large, small
    if flags & ui.BIG:
        return "BIG", big
    if flags & ui.LARGE:
        return "LARGE", large
    return "SMALL", small


def measure(flags):
    """{panel: (px, mm, arcmin)} of a row drawn with flags."""
    _, mod = font_of(flags)
    px = cap_height(mod)
    return {p: (px, mm(px, p), arcmin(mm(px, p))) for p in PANELS}


def table_lines(found):
    """The printed table: found is [(language, kind label, tag, rows)]."""
    heads = ["lang", "screen kind", "glance text", "row", "font", "px"]
    for p in PANELS:
        heads += ["%s mm" % p, "%s '" % p]
    out = [heads]
    for code, label, tag, rows in found:
        i, sel = glance_row(tag, rows)
        what, _ = rule(tag)
        if i < 0:
            out.append([code, label, what, "-", "-", "-"] + ["-"] * 2 * len(PANELS))
            continue
        name, _ = font_of(rows[i][0])
        line = [code, label, what, sel, name]
        m = measure(rows[i][0])
        line.append(str(m["ssd1306"][0]))
        for p in PANELS:
            _, h, a = m[p]
            line += ["%.2f" % h, "%.1f%s" % (a, "" if a >= MIN_ARCMIN else " <16")]
        out.append(line)
    return out


def summary_lines(found, panel="ssd1309"):
    """The short table (README, docs/PERFORMANCE.md): per glance text the
    screen kinds, how many have it in each font, how many reach MIN_ARCMIN
    on panel; found as for table_lines."""
    what = []
    for _, w, _ in GLANCE:
        if w not in what:
            what.append(w)
    count = {w: [0, 0, 0, 0, 0] for w in what}   # kinds, SMALL, LARGE, BIG, reach
    for _, _, tag, rows in found:
        w, _ = rule(tag)
        c = count[w]
        c[0] += 1
        i, _ = glance_row(tag, rows)
        if i < 0:
            continue
        name, _ = font_of(rows[i][0])
        c[1 + ("SMALL", "LARGE", "BIG").index(name)] += 1
        c[4] += measure(rows[i][0])[panel][2] >= MIN_ARCMIN
    out = [["glance text", "kinds", "SMALL", "LARGE", "BIG",
            "reach %d' on %s" % (MIN_ARCMIN, PANELS[panel][0])]]
    for w in what:
        if count[w][0]:
            out.append([w] + [str(x) for x in count[w]])
    return out


def fonts_summary():
    """[(font, px, {panel: (mm, arcmin)})] of the three fonts."""
    from table.fonts import big, large, small
    out = []
    for name, mod in (("SMALL", small), ("LARGE", large), ("BIG", big)):
        px = cap_height(mod)
        out.append((name, px, {p: (mm(px, p), arcmin(mm(px, p))) for p in PANELS}))
    return out
