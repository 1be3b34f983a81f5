# Score entry for physical cards: contract, declarer, partner, card points,
# bonuses and Kontras in a few presses, into the family's one scorer (the
# glue's entry_summary -> tarock score). One shared form on every screen; any
# seat's buttons move it (◀ ▶ change / move, ● next / cycle, hold ● = back a
# step; a "number" step with a 7th field 2 is kept in halves, shown as
# points). Last step: the deltas; every seat in the deal confirms with ● on its
# own screen, then the deal goes to the score sheet. Once the deltas are there
# one seat's hold ● opens its own menu, never steps the form back: discarding
# the result is the table's (app.Vote), and the sheet keeps it, undone.
from table.ui import row, INV, CENTER, SEL, LARGE, BOTTOM
from table.ui import LEFT, OK
from tarock import seating


class Entry:
    def __init__(self, app, fix=None, values=None):
        c = app.cfg
        self.app = app
        self.g = app.deck
        self.profile = c.profile()
        self.seats = seating.positions(c.players, c.dealer, c.active(), c.clockwise())
        self.e = self.g.entry_init(self.profile)
        start = getattr(self.g, "entry_start", None)
        if start is not None:   # players in the deal (French dummy: 4 of 5)
            start(self.profile, self.e, len(self.seats))
        self.step = 0
        self.row = 0          # form: the row being changed
        self.ok = [False] * app.n
        self.error = ""
        self.deltas = None    # per table seat, on the confirm step
        self.summary = None
        self.fix = fix        # correcting deal `fix` (0-based) of the sheet, or None
        if fix is not None:
            self._fix_start(fix, values)

    def name(self, pos):
        c = self.app.cfg
        return c.names[c.used[self.seats[pos]]]

    def steps(self):
        return self.g.entry_steps(self.profile, self.e, self.name)

    def _involved(self, disp):
        """Seats that must confirm: the ones that play this deal."""
        t = self.app.cfg.table_seat(disp)
        for s in self.seats:
            if s == t:
                return True
        return False

    # -------------------------------------------------------------- input
    def press(self, disp, button, kind):
        app = self.app
        st = self.steps()
        if self.step >= len(st):
            self._confirm_press(disp, button)
            return
        s = st[self.step]
        e = self.e
        d = -1 if button == LEFT else 1
        if s[0] == "pick":
            opts = s[3]
            i = self._pick_index(s)
            if button == OK:
                e[s[1]] = opts[i][0]
                self._next()
            else:
                e[s[1]] = opts[(i + d) % len(opts)][0]
        elif s[0] == "number":
            key, idx, lo, hi = s[1], s[2], s[4], s[5]
            if button == OK:
                self._next()
            else:
                v = (e[key][idx] if idx >= 0 else e[key]) + d
                v = lo if v > hi else hi if v < lo else v
                if idx >= 0:
                    e[key][idx] = v
                else:
                    e[key] = v
        else:
            rows = s[2]
            if button == OK:
                if self.row >= len(rows):
                    self._next()
                else:
                    label, key, idx, states, words = rows[self.row]
                    cur = e[key][idx]
                    k = 0
                    for j in range(len(states)):
                        if states[j] == cur:
                            k = j
                    e[key][idx] = states[(k + 1) % len(states)]
            else:
                self.row = (self.row + d) % (len(rows) + 1)
        app.dirty_all()

    def _pick_index(self, s):
        v = self.e[s[1]]
        opts = s[3]
        for i in range(len(opts)):
            if opts[i][0] == v:
                return i
        return 0

    def _next(self):
        self.step += 1
        st = self.steps()
        if self.step < len(st) and st[self.step][0] == "form":
            self.row = len(st[self.step][2])   # on "done": nothing to mark is one press
        if self.step >= len(st):
            self._score()

    def _score(self):
        g = self.g
        self.error = ""
        self.deltas = None
        for i in range(len(self.ok)):
            self.ok[i] = False
        try:
            s = g.entry_summary(self.profile, self.e)
            g.check_entry(self.profile, s)
            d = g.entry_deltas(self.profile, s)
        except ValueError as ex:
            self.error = str(ex)
            return
        self.summary = s
        self.deltas = seating.to_table(d, self.seats, self.app.cfg.players)

    def _confirm_press(self, disp, button):
        app = self.app
        if button != OK or self.deltas is None or not self._involved(disp):
            return
        self.ok[disp] = True
        app.dirty_all()
        for p in range(len(self.seats)):
            if not self.ok[app.cfg.used[self.seats[p]]]:
                return
        if self.fix is not None:
            app.fix_done(self.fix, self.deltas, self.summary)
        else:
            app.deal_done(self.deltas, self.g.entry_note(self.profile, self.e, self.name),
                          self.summary)
        app.idle()

    def confirming(self):
        """The result is on the screens, being confirmed."""
        return self.deltas is not None and self.step >= len(self.steps())

    def abandon(self, why):
        """The table gives the deal up: a result being confirmed goes to the
        sheet undone, with why."""
        if self.confirming():
            if self.fix is not None:
                self.app.abandon_fix(self.fix, self.summary, why)
            else:
                self.app.abandon(self.summary, why)

    def discard(self, why):
        """The table discards the result being confirmed (kept on the sheet,
        undone): back to the last step, the values kept to be corrected."""
        self.abandon(why)
        self._step_back()

    def back(self, disp):
        if self.fix is not None and self.step == 0:
            self.app.idle()   # a correction not yet made: nothing was recorded
            return True
        if self.step == 0 or self.confirming():
            return False   # the seat's menu (the table aborts the entry or discards the result)
        self._step_back()
        return True

    def _step_back(self):
        self.step -= 1
        st = self.steps()
        if st[self.step][0] == "form":
            self.row = 0
        self.deltas = None
        self.error = ""
        for i in range(len(self.ok)):
            self.ok[i] = False
        self.app.dirty_all()

    # -------------------------------------------------------------- screens
    def model(self, disp):
        st = self.steps()
        if self.step >= len(st):
            return self._confirm_model(disp)
        s = st[self.step]
        e = self.e
        head = row("Score %d/%d" % (self.step + 1, len(st) + 1), INV)
        if s[0] == "pick":
            rows = [head, row(s[2], CENTER)]
            ctx = self._summary_line()
            if ctx:
                rows.append(row(ctx, CENTER))
            rows.append(row(s[3][self._pick_index(s)][1], SEL | LARGE | BOTTOM))
            return rows
        if s[0] == "number":
            v = e[s[1]][s[2]] if s[2] >= 0 else e[s[1]]
            if len(s) > 6:   # kept in halves: shown as points
                txt = "%d%s" % (v // 2, ".5" if v & 1 else "")
            else:
                txt = str(v)
            return [head, row(s[3], CENTER), row(self._summary_line(), CENTER),
                    row(txt, SEL | LARGE | BOTTOM)]
        rows = [head]
        frows = s[2]
        n = len(frows) + 1
        top = self.row - 5 if self.row > 5 else 0
        for k in range(top, min(n, top + 7)):
            if k == len(frows):
                rows.append(row("done \u25cf", INV if self.row == k else 0))
                continue
            label, key, idx, states, words = frows[k]
            rows.append(row("%-14s%s" % (label[:14], words[e[key][idx]]),
                            INV if self.row == k else 0))
        return rows

    def _summary_line(self):
        """What is entered so far, shortly (the glue words it)."""
        return self.g.entry_line(self.profile, self.e, self.name, self.step)

    def _confirm_model(self, disp):
        app = self.app
        rows = [row("Confirm", INV), row(self._summary_line(), CENTER)]
        if self.deltas is None:
            rows.append(row(self.error[:25]))
            if len(self.error) > 25:
                rows.append(row(self.error[25:50]))
            rows.append(row("hold \u25cf: back", BOTTOM | CENTER))
            return rows
        names = app.cfg.seat_names()
        pair = ""
        for t in range(len(names)):
            s = "%s %+d" % (names[t][:7], self.deltas[t])
            if pair:
                rows.append(row("%-12s %s" % (pair, s)))
                pair = ""
            else:
                pair = s
        if pair:
            rows.append(row(pair))
        if not self._involved(disp):
            return rows
        if self.ok[disp]:
            left = 0
            for p in range(len(self.seats)):
                if not self.ok[app.cfg.used[self.seats[p]]]:
                    left += 1
            rows.append(row("waiting for %d" % left, BOTTOM | CENTER))
        else:
            rows.append(row("\u25cf confirm  hold: menu", BOTTOM | CENTER))
        return rows

    # -------------------------------------------------------------- correction
    def _fix_start(self, k, values):
        """A correction of deal k (table.flows.sheetview): the seats of that
        deal (from its dealer), the form filled with its recorded result (or
        values, a Summary: the undo of a correction, shown to confirm)."""
        pa = self.app.book.party
        self.seats = pa.seats_of(k)
        s = values if values is not None else self.app.book.summary_of(k)
        self.e = self.g.entry_values(self.profile, s)
        if values is not None:
            self.step = len(self.steps())
            self._score()
