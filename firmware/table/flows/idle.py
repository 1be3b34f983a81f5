# Between deals: every seat's idle screen shows every player's total and the
# last deal's change in the large font, best first, the seat's own row lit
# (issue 37: read from a chair), who deals next; ◀ opens the sheet deal by deal, ▶ the totals, on this
# seat's screen only (table.flows.sheetview). ● on any seat in play
# starts the next deal. Before that a deal the power cut short between its
# first ● and its last takes the screens (the seats that had not confirmed
# are asked again); what the score sheet could not read or count when it
# opened comes before any flow's screens (app.App._pages).
from table.ui import row, wrap, ljust, shorten, fits, INV, CENTER, LARGE, BOTTOM
from table.ui import OK, LEFT
from table import scores
from table.flows.common import MODES, Flow, amount
from table.sheet.party import settlement
from tarock import profiles as PR
from table.lang import t, tn


class Idle(Flow):
    def __init__(self, app):
        self.app = app

    def press(self, seat, button, kind):
        app = self.app
        pe = app.scores.pending() if app.scores is not None else None
        if button == OK and pe is not None:
            t = app.cfg.table_seat(seat)
            if t in pe.missing():
                if app.scores.confirm(t):  # pyright: ignore[reportOptionalMemberAccess] (a pending entry: a sheet)
                    app.deals = app.scores.count()  # pyright: ignore[reportOptionalMemberAccess]
                    app.cfg.dealer = app.scores.dealer()  # pyright: ignore[reportOptionalMemberAccess]
                app.dirty_all()
            return
        if button == OK:
            if app.cfg.table_seat(seat) >= 0:
                pa = app.sheet.party
                if scores.over(app.scores) and pa.tn is not None:
                    # a tournament round: every seat signs; then the next
                    # round's table file (or the ordinary setup)
                    from table.flows import tourney
                    from table.sheet import tround
                    if tround.signing(app.sheet):
                        tourney.sign(app, app.cfg.table_seat(seat))
                        app.dirty_all()
                    else:
                        app.tourney = app.round_ms = None
                        app.go(app.setup_flow())
                    return
                if scores.over(app.scores):
                    # the party reached its end: the same table plays a new one
                    c = app.cfg
                    base, ov = c.party_profile()
                    app.scores = scores.new_party(app.sheet, c.family, c.preset, c.seat_names(),
                                                 c.dealer, ov, scores.party_end(c.profile()),
                                                 base, app.sheet.party.creator, c.language(),
                                                 MODES[c.mode], c.used, c.confirm)
                    app.deals = 0
                    app.n_dealt = 0
                app.start_deal()
            return
        if app.sheet is not None and app.sheet.party is not None:
            # the sheet on this seat's screen only: ◀ the deals, ▶ the totals
            from table.flows.sheetview import SheetView
            app.seats[seat].menu = SheetView(app, seat, "list" if button == LEFT else "totals", True)
        app.dirty(seat)

    # a result the power cut short (pending): the table may give it up
    # (its seat menu's "Discard result", or a question asked again after
    # the restart: app.App._reopen)
    def confirming(self):
        sc = self.app.scores
        return sc is not None and sc.pending() is not None

    def abandon(self, why):
        if self.confirming():
            self.app.abandon(self.app.scores.pending(), None, why)
            self.app.dirty_all()

    discard = abandon

    def next_flow(self):
        """The next deal's flow (App._prefetch imports it beforehand)."""
        return self.app.deal_flow()

    def model(self, seat):
        app = self.app
        c = app.cfg
        pe = app.scores.pending() if app.scores is not None else None
        if pe is not None:
            return self._pending_rows(seat, pe)
        me = c.table_seat(seat)
        dealer = c.names[c.used[c.dealer]]
        if me < 0:
            return [row(t("seat_n") % (seat + 1), INV | LARGE), row(t("not_playing"), CENTER),
                    row(t("dealer_is") % dealer, CENTER)]
        # every player's total and the last deal's change, best first, in
        # the large font (issue 37: read from a chair); this seat's row lit.
        # Around it what the room leaves: the deal and its dealer (or "you
        # deal"), the Elo line of a rated table, the next step; the rank,
        # Elo and radelci stay on the totals page (▶)
        over = scores.over(app.scores)
        rows = self._board(me, not over)
        if over:
            pa = app.sheet.party
            if pa.aborted >= 0:   # seeds/002 (PTO): the creator aborted it
                head = t("aborted_by") % c.names[c.used[pa.aborted]]
            else:
                k = app.scores.count()  # pyright: ignore[reportOptionalMemberAccess] (over(): a sheet)
                head = t("party_over") % (tn("n_deals", k) % k)
            # who pays whom: this seat's part, before the totals
            more = self._pays(pa, me)
            foot = t("new_party")
            if pa.tn is not None:   # a tournament round: the seats sign it
                from table.flows import tourney
                more, foot = tourney.sign_rows(app, me)
        else:
            head = t("you_deal") if me == c.dealer else t("deal_dealer") % (app.deals + 1, dealer)
            more = []
            rd = app.sheet.party.tn
            if rd is not None:      # the game of the round, the time left
                from table.flows import tourney
                head = t("tn_you_deal") % (app.deals + 1, rd["g"])
                if me != c.dealer:  # (a long name shortened: the row holds 25)
                    head = t("tn_deal") % (app.deals + 1, rd["g"], dealer)
                    if len(head) > 25:
                        head = t("tn_deal") % (app.deals + 1, rd["g"],
                                               shorten(dealer, len(dealer) + 25 - len(head)))
                more = tourney.round_rows(app)
            elo = app.scores.elo() if app.scores else None
            if elo is not None:
                more = [row(self._rank(me, elo), CENTER)]
            foot = t("next_deal")
        if app.sheet is not None and app.sheet.unsaved() and not fits(app.deck, rows + [rows[0]]):
            # a sheet not on flash: every screen's first row says so (the
            # head; app.App.model), so the totals two a row under it
            rows = self._board(me, False)
        # the head and the next step first, then what else fits
        extra = [row(head, CENTER), row(foot, BOTTOM | CENTER)] + more
        k = self._fit(rows, extra)
        if k < len(extra) and not over and app.sheet.party.tn is not None:  # pyright: ignore[reportOptionalMemberAccess] (a party's idle screens)
            # a tournament round's time left before each deal's change:
            # the totals two a row then
            rows = self._board(me, False)
            k = self._fit(rows, extra)
        return extra[:min(k, 1)] + rows + extra[2:k] + extra[1:min(k, 2)]

    def _fit(self, rows, extra):
        """How many of the extra rows fit beside rows (in their order)."""
        k = 0
        while k < len(extra) and fits(self.app.deck, rows + extra[:k + 1]):
            k += 1
        return k

    def _board(self, me, change):
        """Every player's total in the large font, best first, this seat's
        lit: a row each with the last deal's change in brackets (change),
        else two a row (the party's end: room for who pays whom)."""
        app = self.app
        n = app.cfg.players
        names = app.cfg.seat_names()
        sc = app.scores
        tot = sc.totals() if sc else [0] * n
        order = sorted(range(n), key=lambda i: i - tot[i] * 8)
        out = []
        if not change:
            for k in range(n):
                i = order[k]
                s = ljust(shorten(names[i], 5), 5) + "%+5d" % tot[i]
                if len(s) > 10:     # a large row holds 21 characters
                    out = []
                    break
                if k % 2:
                    out[-1] = (LARGE, [out[-1][1][0], s], 1 if i == me else out[-1][2], None)
                else:
                    out.append((LARGE, [s], 0 if i == me else -1, None))
            if out:
                return out
        last = None
        if change and sc and sc.count():
            last = sc.sheet.party.deltas_of(sc.count() - 1)
        w = 0
        for i in range(n):
            if last is not None and len("(%+d)" % last[i]) > w:
                w = len("(%+d)" % last[i])
        room = 21 - 6 - (w + 1 if w else 0)
        for i in order:
            s = ljust(shorten(names[i], room), room) + "%+6d" % tot[i]
            if last is not None:
                s += " " + ("%" + str(w) + "s") % ("(%+d)" % last[i])
            out.append(row(s, LARGE | (INV if i == me else 0)))
        return out

    def _pays(self, pa, me):
        """This seat's payments of the party's settlement (profile
        cents_per_point), a row each: "to Ana 1,20 €", "from Bob 0,40 €"."""
        c, cur = PR.money(pa.profile)
        out = []
        for a, b, x in settlement(pa.totals()) if c else ():
            if me in (a, b):   # the other one named
                out += wrap(t("money_in" if me == b else "money_out")
                            % (self.app.cfg.seat_names()[a + b - me], amount(x * c, cur)))
        return out

    def _rank(self, me, elo):
        """The rank line of a rated table (Slovenian, seeds/002, PTO): the
        player's place, Elo and its change in the last deal."""
        app = self.app
        tot = app.scores.totals()  # pyright: ignore[reportOptionalMemberAccess] (rated: a sheet)
        rank = 1
        for x in tot:
            if x > tot[me]:
                rank += 1
        return t("rank_elo") % (rank, len(tot), elo[me][0], elo[me][1])

    def _pending_rows(self, seat, pe):
        """The deal the power cut short: its result for this seat and who
        still has to confirm it."""
        app = self.app
        c = app.cfg
        me = c.table_seat(seat)
        rows = [row(t("deal_confirm") % (pe.deal_no + 1), INV)]
        if me >= 0:
            rows.append(row(t("for_you") % pe.deltas[me], LARGE | CENTER))
        waiting = [c.names[c.used[s]] for s in pe.missing()]
        rows += wrap(t("waiting_for") % ", ".join(waiting))[:3]
        if me in pe.missing():
            rows.append(row(t("confirm"), BOTTOM | CENTER))
        elif me >= 0:
            rows.append(row(t("you_confirmed"), BOTTOM | CENTER))
        return rows
