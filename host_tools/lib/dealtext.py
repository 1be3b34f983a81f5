"""A deal and a score sheet as the host tools print them, in the table's words.

    import dealtext
    lines = dealtext.deal_lines(glue, profile, seed, n_table, actions, name)
    lines = dealtext.sheet_lines(names, rows, totals, total_word)

Every word of a deal's lines is the screens' own: the family glue
(table.games.<family>: said_label, card_label, result_lines, STOCK) and the
active language table (table.lang: "Stich %d", "%s hat ihn", ...), so a log
printed after a German table's deal is German throughout, a French one
French. host_tools/emulator/emulator.py prints the deals its bots play with
it, host_tools/sim/play.py the deals of its bots.

The sheet's columns line up by display width (a name with an umlaut or a
combining accent is as wide as it looks, a wide character counts two), so a
terminal shows the numbers under their names.
"""
import unicodedata

# the view keys of the cards laid aside, per family (Königrufen and
# Slovenian: talon, French: chien, Bavarian: stock)
STOCK_KEYS = ("talon", "chien", "stock")


# the device font's own card glyphs (private-use code points, table.text):
# no terminal has them, so the log writes the suit's initial in the table's
# language instead (Eichel, Grün, Schellen: e g s in German), lower case
# beside the upper-case ranks (eO: Eichel-Ober)
GLYPH_WORDS = (("\ue001", "s_eichel"), ("\ue002", "s_gruen"), ("\ue003", "s_schellen"))
FOOL = "\ue000"


def _glyph_letters():
    from table.lang import t
    words = [t(k).lower() for _, k in GLYPH_WORDS]
    n = 1
    while len({w[:n] for w in words}) < len(words) and n < 4:
        n += 1      # French Glands, Grelots: gl, gr
    out = {g: w[:n] for (g, _), w in zip(GLYPH_WORDS, words)}
    out[FOOL] = "*"
    return out


def printable(s):
    """s with the device font's private-use glyphs as letters a terminal
    shows (GLYPH_WORDS)."""
    if not any("\ue000" <= ch <= "\uf8ff" for ch in s):
        return s
    m = _glyph_letters()
    return "".join(m.get(ch, ch) for ch in s)


def width(s):
    """Columns s takes in a terminal: combining marks none, East Asian wide
    and full-width characters two, others one."""
    n = 0
    for ch in s:
        if unicodedata.combining(ch) or ch in "\u200b\u200d\ufeff":
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def pad(s, n, right=False):
    """s padded with spaces to n columns (display width)."""
    fill = " " * max(0, n - width(s))
    return fill + s if right else s + fill


def columns(rows, right=(), sep="  "):
    """Rows of cells as lines, each column as wide as its widest cell (by
    display width); the columns in `right` right-aligned; the last column
    is not padded (a note runs on)."""
    n = max(len(r) for r in rows) if rows else 0
    ws = [0] * n
    for r in rows:
        for i, c in enumerate(r):
            ws[i] = max(ws[i], width(c))
    out = []
    for r in rows:
        cells = []
        for i, c in enumerate(r):
            last = i == len(r) - 1
            cells.append(c if last and i not in right else pad(c, ws[i], i in right))
        out.append(sep.join(cells).rstrip())
    return out


def sheet_lines(names, rows, totals, total_word):
    """A score sheet: a header of the players' names, one line per deal
    (its number, the deltas under the names, its note), the totals."""
    table = [[""] + list(names) + [""]]
    for k, (deltas, note) in enumerate(rows):
        table.append([str(k + 1)] + ["%+d" % x for x in deltas] + [printable(note or "")])
    table.append([total_word] + ["%+d" % x for x in totals] + [""])
    return columns(table, right=set(range(1, len(names) + 1)))


def cards(g, cs):
    return " ".join(g.card_label(c) for c in cs)


def deal_lines(g, profile, seed, n_table, actions, name, hands=False):
    """What happened in a deal, replayed from its seed and actions on the
    family glue g (table.games.<family>), as the table says it: each bid,
    call and announcement as the screens word it (said_label), cards laid
    away counted, the cards aside when they are shown, every trick (who
    played what, who took it), then the glue's result lines. name(pos):
    the player of a position. hands: each position's hand as dealt first.
    Returns (lines, the deal replayed)."""
    from table.lang import t
    d = g.new_deal(profile, seed, n_table)
    out = []
    dealt = [not hands]

    def show_hands():
        # once every position holds its cards (a cut or packets come first)
        hs = [d.view(p).get("hand") for p in range(len(d.view(0)["tricks"]))]
        if all(hs):
            dealt[0] = True
            for p, h in enumerate(hs):
                out.append("%s: [%s]" % (name(p), cards(g, h)))
    shown = False
    laid = [None, 0]          # (position, cards) laying away
    trick = 0
    tricks = []               # where the trick lines are (their labels lined up)

    def flush():
        if laid[1]:
            out.append(t("lays_away") % (name(laid[0]), laid[1]))
        laid[0], laid[1] = None, 0

    def stock(v):
        for k in STOCK_KEYS:
            if v.get(k):
                return v[k]
        return None
    for a in actions:
        if not dealt[0]:
            show_hands()
        p = d.to_move
        if g.is_card(a) and d.phase != g.PH_PLAY:
            if laid[0] != p:
                flush()
            laid[0] = p
            laid[1] += 1
            d.apply(a)
            continue
        flush()
        label = None if g.is_card(a) else g.said_label(d, a, name)
        d.apply(a)
        v = g.public_view(d)
        if label is not None:
            out.append("%s: %s" % (name(p), label))
        elif not v["trick"] and v.get("last_trick"):
            trick += 1
            tricks.append(len(out))
            out.append((t("trick_n") % trick + ":", "%s \u2014 %s" % (
                ", ".join("%s %s" % (name(q), g.card_label(c)) for q, c in v["last_trick"]),
                t("play_took_it") % name(v["last_winner"]))))
        if not shown and not g.is_done(d):
            s = stock(v)
            if s:
                shown = True
                out.append("%s: %s" % (t(g.STOCK), cards(g, s)))
    flush()
    w = max([width(out[i][0]) for i in tricks] or [0])
    for i in tricks:
        out[i] = pad(out[i][0], w) + " " + out[i][1]
    if not shown:
        s = stock(g.public_view(d))
        if s:
            out.append("%s: %s" % (t(g.STOCK), cards(g, s)))
    head, details = g.result_lines(d, name)
    return [printable(x) for x in out + list(head) + list(details)], d
