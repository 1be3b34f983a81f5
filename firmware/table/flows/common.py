# What every flow answers (Flow), and the screen pieces that more than one
# flow shows (and the app's seat menu).
from table.ui import row, ljust, fits, INV, CENTER, LARGE, W, HAND, SEL, ARROW_R
from table import text
from table.lang import t, tn

# how a table plays its deals (Config.mode), in the setup's words
MODES = ("virtual", "physical", "score")
MODE_WORDS = ("mode_virtual", "mode_physical", "mode_score")   # table.lang keys


class Flow:
    """What the app (table.app.App) asks the flow the table is in, each
    with its default: a flow writes only the hooks it answers (micro-gui's
    Screen, "methods optionally implemented in subclass"). No state here:
    a flow's instance holds only its own. The app passes every argument by
    position (a flow names them as it likes: seat, disp)."""

    def press(self, __disp, __button, __kind):
        # type: (int, int, int) -> None
        """A button event of a display (ui.LEFT/RIGHT/OK; PRESS, LONG,
        REPEAT); the flow marks the screens it changed (app.dirty)."""

    def model(self, __disp):
        # type: (int) -> list
        """The display's screen as rows (table.ui)."""
        return []

    def back(self, __disp):
        # type: (int) -> bool
        """Hold ● of a display: True when the flow took it (a step back);
        False opens the seat's menu."""
        return False

    def ahead(self):
        # type: () -> None
        """App._prefetch, the screens drawn: the flow's own next answer
        made beforehand (nothing the table sees changes)."""

    def next_flow(self):
        # type: () -> str | None
        """The FLOWS name of the flow the next press most likely opens
        (App._prefetch imports it beforehand), or None."""
        return None

    def confirming(self):
        # type: () -> bool
        """A result is on the screens being confirmed: the seats' menus
        offer to discard it (the table is asked, app.Vote)."""
        return False

    def abandon(self, __why):
        # type: (str) -> None
        """The table gave the deal up (aborted, or a new table): a result
        already there goes to the sheet undone, with the reason."""

    def discard(self, __why):
        # type: (str) -> None
        """The table discards the result being confirmed (asked only while
        confirming()), with the reason."""


def larger(deck, rows, i):
    """rows with row i (a str row) in the large font when it fits its line
    and the screen keeps room for every row (fits): a screen's glance text
    (issue 37: read from a chair), small only where the room says so.
    (Here, not in table.ui: the score entry's modules, tight on the heap,
    do not load it.)"""
    f, s = rows[i][0], rows[i][1]
    if f & (LARGE | HAND) or not isinstance(s, str):
        return rows
    w = text.width(s, text.LARGE) + (1 if f & INV else 0)
    if f & SEL:
        w += 2 * (text.width(ARROW_R, text.LARGE) + text.LARGE.w) + 1
    new = rows[:i] + [(f | LARGE,) + rows[i][1:]] + rows[i + 1:]
    return new if w <= W and fits(deck, new) else rows


def totals_rows(app, title):
    """The running totals of every seat in play (the score sheet)."""
    rows = [row(title, INV)]
    sc = app.scores
    names = app.cfg.seat_names()
    if sc is None:
        rows.append(row(t("no_deals_yet"), CENTER))
        return rows
    tot = sc.totals()
    elo = sc.elo()
    rad = sc.sheet.party.rad or [0] * len(names)   # radelci (Slovenian) or none
    if elo is None:
        rows.append(row(tn("n_deals", sc.count()) % sc.count(), CENTER))
        for k in range(len(names)):
            rows.append(row(ljust(names[k], 10) + " %+5d" % tot[k] + dots(rad[k])))
        # the totals in the large font where every one fits (issue 37)
        big = rows[:2]
        for r in rows[2:]:
            if text.width(r[1], text.LARGE) > W:
                return rows
            big.append(row(r[1], LARGE))
        return big if fits(app.deck, big) else rows
    # a rated table (Slovenian, seeds/002, PTO): each player's Elo and its change
    # in the last deal after the total
    rows.append(row(ljust(tn("n_deals", sc.count()) % sc.count(), 15) + "Elo"))
    for k in range(len(names)):
        rows.append(row(ljust(names[k], 8) + " %+5d %4d %+d" % (tot[k], elo[k][0], elo[k][1])
                        + dots(rad[k])))
    return rows


def dots(n):
    """A seat's radelci beside its total: " ●●", " ●4" from four on."""
    return " \u25cf%d" % n if n > 3 else " " * (n > 0) + "\u25cf" * n


def amount(cents, cur):
    """An amount of money (cents >= 0) in the table's language: t("money")
    is its pattern ("%d,%02d C": 1,20 €; "C%d.%02d": €1.20)."""
    return (t("money") % (cents // 100, cents % 100)).replace("C", cur)
