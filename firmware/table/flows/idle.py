# Between deals: every seat's idle screen shows its name, its total and rank,
# who deals next; ◀ ▶ turn to the whole score sheet. ● on any seat in play
# starts the next deal.
from table.ui import row, INV, CENTER, LARGE, BOTTOM
from table.ui import OK
from table import scores
from table.flows.common import totals_rows


class Idle:
    def __init__(self, app):
        self.app = app
        self.page = [0] * app.n

    def press(self, seat, button, kind):
        app = self.app
        if button == OK:
            if app.cfg.table_seat(seat) >= 0:
                if scores.over(app.sheet):
                    # the party reached its end: the same table plays a new one
                    c = app.cfg
                    base, ov = c.party_profile()
                    app.sheet = scores.new_party(app.book, c.family, c.preset, c.seat_names(),
                                                 c.dealer, ov, scores.party_end(c.profile()),
                                                 base)
                    app.deals = 0
                app.start_deal()
            return
        self.page[seat] ^= 1
        app.dirty(seat)

    def back(self, seat):
        return False

    def model(self, seat):
        app = self.app
        c = app.cfg
        if self.page[seat]:
            return totals_rows(app, "Score sheet")
        t = c.table_seat(seat)
        dealer = c.names[c.used[c.dealer]]
        if t < 0:
            return [row("Seat %d" % (seat + 1), INV), row("not playing", CENTER),
                    row("dealer: " + dealer, CENTER)]
        tot = app.sheet.totals() if app.sheet else [0] * c.players
        rank = 1
        for x in tot:
            if x > tot[t]:
                rank += 1
        rows = [row(c.names[seat], INV),
                row("%+d" % tot[t], LARGE | CENTER),
                row("rank %d of %d" % (rank, c.players), CENTER),
                row("deal %d, dealer %s" % (app.deals + 1, dealer), CENTER)]
        if t == c.dealer:
            rows.append(row("you deal", CENTER))
        if scores.over(app.sheet):
            rows[3] = row("party over: %d deals" % app.sheet.count(), CENTER)
            rows.append(row("\u25cf new party", BOTTOM | CENTER))
            return rows
        rows.append(row("\u25cf next deal", BOTTOM | CENTER))
        return rows
