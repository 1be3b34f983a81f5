# Virtual cards: the device shuffles (hardware-seeded tarock.rng via the
# app), deals, and runs the deal's state machine; every seat sees only
# Deal.view(its position) and is offered exactly Deal.legal_actions() when it
# is to move. Public things (bids, the talon once turned, the trick, the last
# trick, the declarer's open hand in ouvert play, the summary) are on every
# screen. The family's glue module (table.games) supplies words and labels.
#
# Buttons: ◀ ▶ move over the offered choices (cards: over the legal cards of
# the hand), ● takes it. A seat not to move turns pages with ◀ ▶ (the table:
# contract, announcements, tricks; the talon). At the end every seat in play
# confirms the result with ●; then it goes to the score sheet.
from table import lang
from table.ui import row, ljust, INV, CENTER, HAND, SEL, BOTTOM
from table import lang
from table.ui import RIGHT, OK
from tarock import seating


class Play:
    def __init__(self, app, seed):
        c = app.cfg
        self.app = app
        self.g = app.deck
        self.profile = c.profile()
        self.n_table = c.players
        # position (turn order, 0 = forehand) -> table seat
        self.seats = seating.positions(c.players, c.dealer, c.active(), c.clockwise())
        self.out = seating.sitting_out(c.players, c.dealer, c.active())
        self.seed = seed
        self.deal = self.g.new_deal(self.profile, seed, c.players)
        self.sel = -1          # the mover's highlighted choice
        self.legal = None
        self.page = [0] * app.n
        self.ok = [False] * app.n
        self.deltas = None
        self._moved()

    # -------------------------------------------------------------- mapping
    def pos_of(self, disp):
        t = self.app.cfg.table_seat(disp)
        for p in range(len(self.seats)):
            if self.seats[p] == t:
                return p
        return -1

    def disp_of(self, pos):
        return self.app.cfg.used[self.seats[pos]]

    def name(self, pos):
        if pos < 0:
            return "-"
        return self.app.cfg.names[self.disp_of(pos)]

    def choices(self, disp):
        """(legal actions, highlighted action) for this seat, or (None, -1)."""
        if self.legal is None or self.pos_of(disp) != self.deal.to_move:
            return None, -1
        return self.legal, self.sel

    # -------------------------------------------------------------- input
    def _moved(self):
        d = self.deal
        if self.g.is_done(d):
            self.legal = None
            if self.deltas is None:
                self.deltas = seating.to_table(d.result(), self.seats, self.n_table)
            return
        self.legal = d.legal_actions()
        self.sel = self.g.default_choice(d, self.legal)

    def press(self, disp, button, kind):
        app = self.app
        d = self.deal
        if self.deltas is not None:
            self._result_press(disp, button)
            return
        pos = self.pos_of(disp)
        if pos < 0 or pos != d.to_move:
            if button != OK:
                self.page[disp] = (self.page[disp] + (1 if button == RIGHT else -1)) % 2
                app.dirty(disp)
            return
        legal = self.legal
        if button == OK:
            d.apply(self.sel)
            self._moved()
            app.dirty_all()
            return
        i = 0
        for k in range(len(legal)):
            if legal[k] == self.sel:
                i = k
        i = (i + (1 if button == RIGHT else -1)) % len(legal)
        self.sel = legal[i]
        app.dirty(disp)

    def _result_press(self, disp, button):
        app = self.app
        if app.cfg.table_seat(disp) < 0:
            return
        if button == OK:
            self.ok[disp] = True
            for d in app.cfg.used:
                if not self.ok[d]:
                    app.dirty_all()
                    return
            # everyone has seen it: to the sheet, confirmed
            deal = self.deal
            app.deal_done(self.deltas, self.g.contract_line(deal, self.name) or lang.t("no_game"),
                          deal.summary())
            app.idle()
            return
        self.page[disp] = (self.page[disp] + (1 if button == RIGHT else -1)) % self._result_pages()
        app.dirty(disp)

    def back(self, disp):
        return False

    def abandon(self, why):
        """The table gives the deal up: a result already there goes to the
        sheet undone, with why."""
        if self.deltas is not None:
            self.app.abandon(self.deal.summary(), why)

    # -------------------------------------------------------------- screens
    def model(self, disp):
        if self.deltas is not None:
            return self._result_model(disp)
        app = self.app
        g = self.g
        d = self.deal
        pos = self.pos_of(disp)
        v = d.view(pos) if pos >= 0 else g.public_view(d)
        mover = pos >= 0 and pos == d.to_move
        title = g.phase_title(v)
        if pos < 0:
            title += lang.t("out")
        who = lang.t("you") if mover else self.name(d.to_move)
        rows = [row("%s: %s" % (title, who), INV)]
        if self.page[disp] and not mover:
            return rows + self._info(d, v)
        rows += self._context(d, v)
        hv = getattr(g, "hand_of_view", None)   # the cards this seat plays from
        hand = hv(v) if hv is not None else v.get("hand")
        if hand is not None:
            card_choice = mover and g.is_card(self.sel)
            if card_choice:
                rows.append((HAND, hand, self.sel, tuple(self.legal)))
            else:
                rows.append((HAND, hand, -1, None))
        if mover and not g.is_card(self.sel):
            rows.append((SEL | INV | BOTTOM, g.action_label(d, self.sel, self.name), -1, None))
        return rows

    def _context(self, d, v):
        """Up to ~3 lines of what the table sees in this phase."""
        g = self.g
        ph = v["phase"]
        name = self.name
        ctx = getattr(g, "context_rows", None)   # a family's own public rows
        if ctx is not None:
            rows = ctx(self, d, v)
            if rows is not None:
                return rows
        rows = []
        if ph == "cut":
            rows.append(row(lang.t("cutter_dealer") % (name(d.to_move), self._dealer()), CENTER))
        elif ph == "packets":
            rows.append(row(lang.t("choose_packet"), CENTER))
        elif ph in ("bid", "declare"):
            bids = v["bids"]
            for (p, a) in bids[-2:]:
                rows.append(row("%s: %s" % (name(p), g.said_label(d, a, name))))
            if not bids:
                rows.append(row(lang.t("forehand") % name(0)))
        elif ph == "play":
            rows += self._trick(v)
            op = g.open_hand(d, v)
            if op is not None and op[0] != v["pos"]:
                rows.append(row(lang.t("shows") % name(op[0])))
                rows.append((HAND, op[1], -1, None))
            return rows
        else:
            rows.append(row(g.contract_line(d, name)))
            if "talon" in v and ph == "talon":
                t = v["talon"]
                half = len(t) // 2
                rows.append(row([lang.t("talon_l")] + t[:half]))
                rows.append(row([lang.t("talon_r")] + t[half:]))
            elif ph == "discard":
                rows.append(row(lang.t("lays_away") % (name(d.to_move), g.to_discard(d))))
            elif ph == "announce":
                ann = v.get("announces", ())
                for (p, a) in ann[-1:]:
                    rows.append(row("%s: %s" % (name(p), g.said_label(d, a, name))))
        return rows

    def _trick(self, v):
        """The trick on the table (or the last one, its winner highlighted),
        two entries a line."""
        name = self.name
        t = v["trick"]
        win = -1
        if not t and "last_trick" in v:
            t = v["last_trick"]
            win = v["last_winner"]
        rows = []
        items = []
        cur = -1
        for (p, c) in t:
            if p == win:
                cur = len(items) + 1
            items.append(name(p)[:6])
            items.append(c)
            if len(items) == 4:
                rows.append((0, items, cur, None))
                items = []
                cur = -1
        if items:
            rows.append((0, items, cur, None))
        if not rows:
            rows.append(row(self.g.contract_line(self.deal, name)))
        return rows

    def _info(self, d, v):
        """Page 2 for a seat not to move: contract, announcements, tricks."""
        g = self.g
        name = self.name
        rows = [row(g.contract_line(d, name) or lang.t("no_contract"))]
        for (p, a) in v.get("announces", [])[-2:]:
            rows.append(row("%s: %s" % (name(p), g.said_label(d, a, name))))
        tr = v["tricks"]
        s = lang.t("tricks")
        for p in range(len(tr)):
            s += " %s %d" % (name(p)[:3], tr[p])
        rows.append(row(s))
        if "talon" in v:
            rows.append(row([lang.t("talon")] + v["talon"]))
        if "stock" in v:
            rows.append(row([lang.t(g.STOCK)] + v["stock"]))
        sh = v.get("shown_discards")
        if sh:
            rows.append(row([lang.t("laid_away")] + sh))
        more = getattr(g, "info_rows", None)
        if more is not None:
            rows += more(self, d, v)
        return rows

    def _dealer(self):
        c = self.app.cfg
        return c.names[c.used[c.dealer]]

    # -------------------------------------------------------------- result
    def _result_lines(self):
        """The head of the summary, the deltas, then the details."""
        lines, details = self.g.result_lines(self.deal, self.name)
        c = self.app.cfg
        names = c.seat_names()
        pair = ""
        for t in range(self.n_table):
            s = "%s %+d" % (names[t][:7], self.deltas[t])
            if pair:
                lines.append(ljust(pair, 12) + " " + s)
                pair = ""
            else:
                pair = s
        if pair:
            lines.append(pair)
        return lines + details

    def _result_pages(self):
        return (len(self._result_lines()) + 4) // 5

    def _result_model(self, disp):
        lines = self._result_lines()
        pages = (len(lines) + 4) // 5
        pg = self.page[disp] % pages
        rows = [row(lang.t("result_n") % (pg + 1, pages), INV)]
        for s in lines[pg * 5:pg * 5 + 5]:
            rows.append(row(s))
        if self.app.cfg.table_seat(disp) < 0:
            return rows
        if self.ok[disp]:
            left = 0
            for d in self.app.cfg.used:
                if not self.ok[d]:
                    left += 1
            rows.append(row(lang.t("waiting_n") % left, BOTTOM | CENTER))
        else:
            rows.append(row(lang.t("ok"), BOTTOM | CENTER))
        return rows
