# Screen pieces that more than one flow shows (and the app's seat menu).
from table.ui import row, ljust, INV, CENTER
from table.lang import t

# how a table plays its deals (Config.mode), in the setup's words
MODES = ("virtual", "physical", "score")
MODE_WORDS = ("mode_virtual", "mode_physical", "mode_score")   # table.lang keys


def totals_rows(app, title):
    """The running totals of every seat in play (the score sheet)."""
    rows = [row(title, INV)]
    sheet = app.sheet
    names = app.cfg.seat_names()
    if sheet is None:
        rows.append(row(t("no_deals_yet"), CENTER))
        return rows
    tot = sheet.totals()
    elo = sheet.elo()
    if elo is None:
        rows.append(row(t("n_deals") % sheet.count(), CENTER))
        for k in range(len(names)):
            rows.append(row(ljust(names[k], 10) + " %+5d" % tot[k]))
        return rows
    # a rated table (Slovenian, seeds/002): each player's Elo and its change
    # in the last deal after the total
    rows.append(row(ljust(t("n_deals") % sheet.count(), 15) + "Elo"))
    for k in range(len(names)):
        rows.append(row(ljust(names[k], 8) + " %+5d %4d %+d" % (tot[k], elo[k][0], elo[k][1])))
    return rows
