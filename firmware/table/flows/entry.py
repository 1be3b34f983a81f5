# Score entry for physical cards: one step per decision, in the order the
# table says it ("Anna, Dreier, won"), each titled "k/N Title" and starting on
# its most likely choice, shown; into the family's one scorer (the glue's
# entry_summary -> tarock score). One shared form on every screen, moved by
# the seat that opened it (owner) alone: the others see it live, their
# ◀ ▶ ● leave it be, their hold ● is their own menu. The opener declares:
# the entry opens past that pick (hold ● back to it); a correction opens on
# its first value past the picks. Steps the glue lists
# (entry_steps):
#   ("pick", key, title, [(value, label)])     ◀ ▶ choose, ● take it
#   ("number", key, idx, title, lo, hi[, halves[, anchor]])
#       ◀ ▶ ±1 (held: repeats, then by 5 and 10); halves: kept in halves,
#       shown as points; anchor: the value it opens on (the one that decides
#       the game), unless the table moved it or the entry was prefilled
#   ("list", title, [(label, key, idx, states, words, kontra)][, (key, ((v, word), ...))])
#       bonuses: "done" on top (no bonus is one press), or the game's
#       result (won, lost: ● on one takes it and ends the list, so "won, no
#       bonus" is one press); ◀ ▶ move, ● opens an item: ◀ ▶ its states
#       (side and outcome), ● takes it; an item with kontra = (key, idx,
#       levels, words) then asks its Kontra; key None: an item that is only
#       a Kontra: one ● gives it, a ● on a given one opens it; the game's is
#       the list's last row, and its ● puts the cursor back on the top row
# A pick whose value is CLAIM (the partner "at his seat") is passed going
# forward: the seat claims it on the confirm page ("● = I was the partner"),
# that ● its confirmation too; hold ● back reaches the pick.
# idx -1: e[key] itself, else e[key][idx]. Hold ● = back a step (or out of an
# item), keeping what was entered. Last: the deltas; every seat in the deal
# confirms with ● on its own screen, the owner with the ● that ends the form:
# that ● writes the result to the score sheet, pending, with the owner's
# confirmation (a result awaiting the partner's claim: the claim does), each
# later ● its own; the last makes it count.
# Until then the owner's hold ● steps back into the form to fix a slip, no
# vote: a result already journalled is undone there (the sheet keeps it) and
# every seat confirms anew. Any other seat's hold ● is its own menu (the
# table may discard the result: app.Vote).
from table import lang
from table import text
from table.ui import row, wrap, ljust, shorten, INV, CENTER, SEL, LARGE, BOTTOM, W
from table.ui import LEFT, OK, REPEAT
from tarock import seating
from table.flows.common import Flow
from table.sheet.party import SheetError, side
from tarock.errors import Refused


def stride(rep, halves):
    """How far one event moves a number: a press or the first six repeats of
    a held ◀ ▶ one unit, then 5 points, after 14 repeats 10."""
    if rep <= 6:
        return 1
    return (5 if rep <= 14 else 10) * (2 if halves else 1)


CLAIM = -9   # a pick's value claimed at the seat (the glues' UNSET partner)
WHY = 7   # breakdown rows on a confirm page under its header


def title(s):
    return s[2] if s[0] == "pick" else s[3] if s[0] == "number" else s[1]


class Entry(Flow):
    def __init__(self, app, fix=None, values=None, delete=False):
        c = app.cfg
        self.app = app
        self.g = app.deck
        self.profile = c.profile()
        self.seats = seating.positions(c.players, c.dealer, c.active(), c.clockwise())
        self._steps = None    # (what they were made of, steps()): the last ones
        self.gen = 0          # +1 at every change of e (the steps' key, not repr(e))
        self._ahead = None    # (e's generation, _result()): ahead()'s
        self.e = self.g.entry_init(self.profile)
        start = self.g.entry_start
        if start is not None:   # players in the deal (French dummy: 4 of 5)
            start(self.profile, self.e, len(self.seats))
        self.step = 0
        self.row = 0          # list: the cursor (0: done, k: item k - 1)
        self.item = -1        # list: the item open, -1 none
        self.kpick = False    # the open item asks its Kontra
        self.rep = 0          # REPEAT events since the last press
        self.anchors = {}     # (key, idx) -> the anchor last put there
        self.fixed = False    # prefilled: no anchor moves a value
        self.ok = [False] * app.n
        self.page = [0] * app.n   # confirm screen: the page each seat shows
        self.error = ""
        self._why_n = None     # (its key, the breakdown's rows' count): _pages()
        self.deltas = None    # per table seat, on the confirm step
        self.summary = None
        self.rec = None       # the sheet's entry of the result, written at its first ●
        self.owner = app.pressed   # the display whose buttons move the form
        mine = fix is None and self._habits()
        self._enter()
        self.fix = fix        # correcting deal `fix` (0-based) of the sheet, or None
        self.delete = delete  # ... to delete it: it counts zero (Sheet.correct)
        if fix is not None:
            self._fix_start(fix, values)
        elif mine:
            self._next()      # the opener declares: past that pick

    def _habits(self):
        """Open on what this table plays: the seat that opened the entry
        declares (its first pick), the contract is the last deal's (read
        back from the sheet), where the steps offer them. True: the opener
        is the first pick's choice."""
        want = {}
        p = self._pos(self.owner)
        if p is not None:
            want[self.steps()[0][1]] = p
        sh = self.app.sheet
        if sh is not None and sh.party is not None and sh.party.n_deals:
            try:
                last = sh.summary_of(sh.party.n_deals - 1)
                c = self.g.entry_values(self.profile, last).get("contract")
            except SheetError:   # lost, or deleted: the glue's own default
                c = None
            if c is not None:    # (a family without contracts: Bavarian bids)
                want["contract"] = c
        for s in self.steps():
            if s[0] == "pick" and s[1] in want:
                for o in s[3]:
                    if o[0] == want[s[1]]:
                        self._set(s[1], -1, o[0])
        return p is not None and self.e[self.steps()[0][1]] == p

    def _pos(self, disp):
        """The position of display disp in the deal, or None."""
        t = self.app.cfg.table_seat(disp)
        for p in range(len(self.seats)):
            if self.seats[p] == t:
                return p
        return None

    def prefill(self, e):
        """Open on recorded values (a correction: the glue's entry_values):
        every step shows them, no anchor moves them."""
        self.e = e
        self.gen += 1
        self.fixed = True
        self.step = 0
        self._enter()

    def name(self, pos):
        c = self.app.cfg
        return c.names[c.used[self.seats[pos]]]

    def steps(self):
        """The glue's steps for what is entered, kept while nothing they
        are made of changed (the values, the seats and their names, the
        language): a press and every seat's screen ask for them, and
        building them costs ~5 ms on a 125 MHz RP2040. What was entered
        counts by its generation (e is changed through _set only): a
        repr of it cost ~1 ms a call, four calls a press."""
        c = self.app.cfg
        key = (self.gen, lang.code(), repr(self.seats), repr(c.names), repr(c.used))
        k = self._steps
        if k is None or k[0] != key:
            k = self._steps = (key, self.g.entry_steps(self.profile, self.e, self.name))
        return k[1]

    def _involved(self, disp):
        """Seats that must confirm: the ones that play this deal."""
        return self._pos(disp) is not None

    def _claim(self):
        """The pick (step) still to be claimed at a seat, or None."""
        st = self.steps()
        for k in range(len(st)):
            if st[k][0] == "pick" and self.e[st[k][1]] == CLAIM:
                return st[k]
        return None

    def _get(self, key, idx):
        return self.e[key][idx] if idx >= 0 else self.e[key]

    def _set(self, key, idx, v):
        if self._get(key, idx) == v:
            return
        self.gen += 1
        if idx >= 0:
            self.e[key][idx] = v
        else:
            self.e[key] = v

    # -------------------------------------------------------------- input
    def press(self, disp, button, kind):
        st = self.steps()
        if self.step >= len(st):
            self._confirm_press(disp, button)
            return
        if disp != self.owner:
            return          # the others watch it: the form is the owner's
        self.rep = self.rep + 1 if kind == REPEAT else 0
        s = st[self.step]
        d = -1 if button == LEFT else 1
        if s[0] == "pick":
            opts = s[3]
            i = self._pick_index(s)
            if button == OK:
                self._set(s[1], -1, opts[i][0])
                self._next()
            else:
                self._set(s[1], -1, opts[(i + d) % len(opts)][0])
        elif s[0] == "number":
            if button == OK:
                self._next()
            else:
                lo, hi = s[4], s[5]
                # stops at the ends: 70 and one more is no 0 (a lost game)
                v = self._get(s[1], s[2]) + d * stride(self.rep, len(s) > 6 and s[6])
                self._set(s[1], s[2], lo if v < lo else hi if v > hi else v)
        else:
            self._list_press(s, button, d)
        if button == OK and self.step >= len(self.steps()) and self._involved(self.owner) \
                and self.deltas is not None and not self.ok[self.owner]:
            # the ● that ended the form: its owner's confirmation, here and
            # not inside _next (the sheet's write is deep enough already)
            self._confirm_press(self.owner, OK)
        self.app.dirty_all()

    def _list_press(self, s, button, d):
        items = s[2]
        res = s[3] if len(s) > 3 else None
        top = len(res[1]) if res else 1   # rows above the items: the result's, or "done"
        if self.item < 0:
            if button != OK:
                self.row = (self.row + d) % (len(items) + top)
                if res and self.row < top:   # on a result: that one (scored ahead for its ●)
                    self._set(res[0], -1, res[1][self.row][0])
            elif self.row < top:
                self._next()
            else:
                self.item = self.row - top
                it = items[self.item]
                if it[1] is None:      # only a Kontra: one ● gives it, a given one opens
                    k = it[5]
                    if not self._get(k[0], k[1]):
                        self._set(k[0], k[1], k[2][1])
                        if self.item == len(items) - 1:
                            # the list's last row (the game's Kontra; a
                            # negative game's: the last opponent's), one ◀
                            # from its top: said last, so the cursor goes
                            # back to the top row, the result as it stands
                            self._enter()
                        self.item = -1
                    else:
                        self.kpick = True
                elif self._get(it[1], it[2]) == it[3][0]:
                    self._set(it[1], it[2], it[3][1])   # opened: the likeliest outcome
            return
        it = items[self.item]
        if self.kpick:
            key, idx, states = it[5][0], it[5][1], it[5][2]
        else:
            key, idx, states = it[1], it[2], it[3]
        if button != OK:
            cur = self._get(key, idx)
            k = 0
            for j in range(len(states)):
                if states[j] == cur:
                    k = j
            self._set(key, idx, states[(k + d) % len(states)])
            return
        if not self.kpick:
            it = self.steps()[self.step][2][self.item]
            if it[5] is not None:   # announced: now its Kontra
                self.kpick = True
                return
        self._close_item()

    def _close_item(self):
        """Out of the item; the cursor stays on it (the next bonus is
        often the one below, "done" one ◀ hold away)."""
        self.item = -1
        self.kpick = False

    def _pick_index(self, s):
        v = self.e[s[1]]
        opts = s[3]
        for i in range(len(opts)):
            if opts[i][0] == v:
                return i
        return 0

    def _enter(self):
        """Arriving at a step: a pick holds one of its choices (what the
        screen shows is what counts); a number opens on its anchor."""
        st = self.steps()
        if self.step >= len(st):
            return
        s = st[self.step]
        if s[0] == "pick":
            self._set(s[1], -1, s[3][self._pick_index(s)][0])
        elif s[0] == "number":
            a = s[7] if len(s) > 7 else None
            if a is not None and not self.fixed:
                k = (s[1], s[2])
                old = self.anchors.get(k)
                if old is None or old == self._get(s[1], s[2]):
                    self._set(s[1], s[2], a)
                    self.anchors[k] = a
        else:
            self._close_item()
            self.row = 0
            if len(s) > 3:   # on the result as it stands (won, a fix's lost)
                r = s[3]
                for i in range(len(r[1])):
                    if r[1][i][0] == self._get(r[0], -1):
                        self.row = i

    def _next(self):
        """Forward a step (past a pick claimed at a seat); the form's last
        ● is the owner's confirmation, journalled as it comes (issue 35: a
        power cut after any ● leaves the result pending, never gone); a
        result that waits for the partner's claim cannot be scored yet: its
        owner's confirmation is journalled with the claim."""
        self.step += 1
        self._enter()
        st = self.steps()
        while self.step < len(st) and st[self.step][0] == "pick" and self.e[st[self.step][1]] == CLAIM:
            self.step += 1
            self._enter()
            st = self.steps()
        if self.step >= len(st):
            self._score()
            if self._involved(self.owner) and not self.error and self.deltas is None:
                self.ok[self.owner] = True   # journalled with the claim (else: press)

    def _result(self):
        """(summary, per-position deltas, error) of what is entered; a
        refusal (ValueError) is its error, nothing else."""
        g = self.g
        try:
            s = g.entry_summary(self.profile, self.e)
            g.check_entry(self.profile, s)
            return s, g.entry_deltas(self.profile, s), ""
        except ValueError as ex:
            return None, None, _refusal(ex, g, self.profile)

    def ahead(self):
        """App._prefetch, the screens drawn: on the last step, the result as
        entered so far, scored now (~8 ms on the chip) for the ● that ends
        the form; kept with e's generation (the score is by position: the
        seats come in at _score)."""
        st = self.steps()
        s = st[-1]
        top = len(s[3][1]) if s[0] == "list" and len(s) > 3 else 1
        if self.step == len(st) - 1 and self.item < 0 and self.row < top and self.deltas is None:
            if self._ahead is None or self._ahead[0] != self.gen:
                self._ahead = (self.gen, self._result())

    def _score(self):
        self.error = ""
        self.deltas = None
        for i in range(len(self.ok)):
            self.ok[i] = False
            self.page[i] = 0
        a = self._ahead
        self._ahead = None
        if a is not None and a[0] == self.gen:
            s, d, err = a[1]
        else:
            s, d, err = self._result()
        if err:   # refused: said on the screen, nothing to the sheet
            self.error = err
            return
        if self._claim() is not None:
            return    # the partner claims it at his seat: no result yet
        self.summary = s
        self.deltas = seating.to_table(d, self.seats, self.app.cfg.players)
        if self.delete:
            self.deltas = [0] * len(self.deltas)
        else:   # radelci
            self.deltas = self.app.scores.doubled(self.deltas, self.fix)

    def _confirm_press(self, disp, button):
        app = self.app
        c = self._claim()
        if c is not None and button == OK and self.deltas is None and not self.error:
            # "● = I was the partner": the claim, and that seat's confirmation
            p = self._pos(disp)
            for o in c[3]:
                if o[0] == p and p is not None:
                    own = self.ok[self.owner]
                    self._set(c[1], -1, p)
                    self._score()
                    self.ok[self.owner] = own
            if self.deltas is None:
                app.dirty_all()
                return
        if button != OK:
            n = self._pages()
            if n > 1:
                self.page[disp] = (self.page[disp] + (1 if button else -1)) % n
                app.dirty_all()
            return
        if self.deltas is None or not self._involved(disp) or self.ok[disp]:
            return   # (a seat's second ● says nothing new)
        # journalled as it comes (the first ● writes the result, pending,
        # each later ● its confirmation), before the screens show it
        used = app.cfg.used
        ok = []
        for s in self.seats:
            if self.ok[used[s]] or used[s] == disp:
                ok.append(used[s])
        self.ok[disp] = True
        last = not self._waiting()
        self.ok[disp] = False
        self.rec = app.confirm(self.rec, ok, last, self.deltas, self._sent(), self.fix)
        self.ok[disp] = True
        app.dirty_all()
        if not last:
            return
        if self.fix is None:
            app.deal_done(self.deltas, self.g.entry_note(self.profile, self.e, self.name))
        app.idle()

    def _waiting(self):
        """Names of the seats in the deal whose confirmation is still
        needed: every one; or, where the table chose (Setup's Confirm row),
        the declarer's side and, until one of them has, the opponents."""
        c = self.app.cfg
        s = self.summary
        sd = side(s) if c.confirm else ()
        out = []
        opp = []
        for p in range(len(self.seats)):
            if self.ok[c.used[self.seats[p]]]:
                if sd and p not in sd:
                    opp = None   # an opponent has confirmed
            elif p in sd or not sd:
                out.append(self.name(p))
            elif opp is not None:
                opp.append(self.name(p))
        return out + (opp or [])

    def confirming(self):
        """The result is on the screens, being confirmed."""
        return self.deltas is not None and self.step >= len(self.steps())

    def abandon(self, why):
        """The table gives the deal up: a result being confirmed goes to the
        sheet undone, with why."""
        if self.confirming():
            self.app.abandon(self.rec, self._sent(), why, self.fix)
            self.rec = None

    def _sent(self):
        """The result for the sheet: None deletes the deal (Sheet.correct)."""
        return None if self.delete else self.summary

    def discard(self, why):
        """The table discards the result being confirmed (kept on the sheet,
        undone): back to the last step, the values kept to be corrected.
        A result no longer shown (its owner stepped back meanwhile): the
        form stays where it is."""
        if not self.confirming():
            return
        self.abandon(why)
        self._step_back()

    def back(self, disp):
        if disp != self.owner:
            return False   # the seat's own menu
        if self.confirming():
            if self.rec is not None:   # confirmations given: undone, asked anew
                self.abandon("changed by " + self.app.cfg.names[disp])
            self._step_back()
            return True
        if self.item >= 0 and self.step < len(self.steps()):
            self._close_item()     # out of the item, its value kept
            self.app.dirty_all()
            return True
        if self.fix is not None and self.step == 0:
            self.app.idle()   # a correction not yet made: nothing was recorded
            return True
        if self.step == 0:
            return False   # the seat's menu (the table aborts the entry)
        self._step_back()
        return True

    def _step_back(self):
        if self.delete:
            self.app.idle()     # a deletion has no form to go back to
            return
        self.step -= 1
        self._enter()
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
        head = row(shorten("%d/%d %s" % (self.step + 1, len(st), title(s))), INV)
        ctx = self._summary_line()
        who = self._who(disp)
        if s[0] == "pick":
            return [head, row(ctx, CENTER)] + who + _big(s[3][self._pick_index(s)][1])
        if s[0] == "number":
            v = self._get(s[1], s[2])
            if len(s) > 6 and s[6]:   # kept in halves: shown as points
                txt = "%d%s" % (v // 2, ".5" if v & 1 else "")
            else:
                txt = str(v)
            return [head, row(ctx, CENTER)] + (who or [row(lang.t("faster"), CENTER)]) + _big(txt)
        items = s[2]
        if self.item >= 0:
            return self._item_model(head, items[self.item], who)
        rows = [head]
        res = s[3][1] if len(s) > 3 else None
        top = len(res) if res else 1
        n = len(items) + top
        # the cursor's row large, read from a chair (issue 37): its item and
        # state (a line each where they do not share one), the others small
        # around it, one below it where the list goes on
        big = self._item_line(items[self.row - top], 20) if self.row >= top else ""
        m = 4 if "\n" in big else 5    # the small rows that fit (8 px; large 12)
        first = min(self.row - m + 1, n - m - 1)
        first = first if first > 0 else 0
        for k in range(first, min(n, first + m + 1)):
            if big and k == self.row:
                txt = big
            elif k >= top:
                txt = self._item_line(items[k - top])
            elif res:
                txt = res[k][1] + " \u25cf"   # won ●
            else:
                txt = lang.t("done_ok")
            for x in txt.split("\n"):
                rows.append(row(x, INV | LARGE if k == self.row else 0))
        return rows

    def _item_line(self, it, cols=25):
        """'Pagat      decl! made x2': an item and what is set on it, in
        cols columns (25: the small font's line); in fewer (the large
        font's cursor row) the two on a line each ("\n") where they do
        not share one, the word on the right."""
        label, key, idx, states, words, k = it
        txt = ""
        if key is not None:
            txt = lang.t(words[self._get(key, idx)])   # a glue's word is a table.lang key
        if k is not None and (self._get(k[0], k[1]) or not txt):
            txt += (" " if txt else "") + k[3][self._get(k[0], k[1])]
        if cols < 25:
            if len(label) + len(txt) < cols:
                return ljust(label, cols - len(txt)) + txt
            return label + "\n" + ljust("", cols - len(txt)) + txt
        # the label in 12 columns; a word of 14 (a translation) takes one
        pad = 12 if len(txt) <= 13 else 25 - len(txt)
        return ljust(shorten(label, pad - 1), pad) + txt

    def _who(self, disp):
        """[the row naming who enters] on the other seats' screens, else []."""
        if disp == self.owner:
            return []
        return [row(lang.t("enters") % self.app.cfg.names[self.owner], CENTER)]

    def _item_model(self, head, it, who):
        if self.kpick:
            k = it[5]
            return [head, row(it[0], CENTER), row(lang.t("Kontra"), CENTER)] + \
                _big(k[3][self._get(k[0], k[1])])
        hint = lang.t("take_it_list")
        for w in it[4]:
            if "!" in w:
                hint = lang.t("announced_take")
        return [head, row(it[0], CENTER)] + (who or [row(hint, CENTER)]) + \
            _big(lang.t(it[4][self._get(it[1], it[2])]))

    def _summary_line(self):
        """What is entered so far, shortly (the glue words it)."""
        return shorten(self.g.entry_line(self.profile, self.e, self.name, self.step))

    def _why(self):
        """The breakdown as the rows its pages show: each line wrapped to
        fit, so that the pages are counted as they are drawn. Made when a
        page asks (not kept: the confirm page is the heap's peak)."""
        rows = []
        for ln in self.g.breakdown(self.profile, self.summary, self.name):
            rows += wrap(ln)
        return rows

    def _pages(self):
        """The confirm page, then the breakdown's, WHY rows a page (the
        count kept per result and language)."""
        if not self.summary:
            return 1
        k = (id(self.summary), lang.code())
        w = self._why_n
        if w is None or w[0] != k:
            w = self._why_n = (k, len(self._why()))
        return 1 + (w[1] + WHY - 1) // WHY

    def _confirm_model(self, disp):
        app = self.app
        if self.deltas is None and not self.error:   # to claim at a seat
            c = self._claim()
            p = self._pos(disp)
            mine = c is not None and p is not None and p in [o[0] for o in c[3]]
            ln = self._summary_line()
            r = self.steps()[-1]
            if len(r) > 3 and r[0] == "list":   # and the game's result: won / lost
                for o in r[3][1]:
                    if o[0] == self._get(r[3][0], -1):
                        ln = shorten(ln + " " + o[1])
            # large (issue 37): the seat that must press reads it from its chair
            rows = [row(c[2] if c else "", INV), row(ln, CENTER)] + \
                wrap(lang.t("i_partner" if mine else "wait_partner"), LARGE | CENTER)
            if disp == self.owner:
                rows.append(row(lang.t("hold_back"), BOTTOM | CENTER))
            return rows
        if self.deltas is None:
            rows = [row(lang.t("cannot_score"), INV | LARGE)]
            rows += wrap(self.error)[:5]
            rows.append(row(lang.t("hold_back"), BOTTOM | CENTER))
            return rows
        pg = self.page[disp]
        n = self._pages()
        if pg:
            # the next pages: how the result came about, the glue's
            # breakdown(profile, summary, name) -> [lines] (game value, each
            # bonus, each Kontra factor)
            return [row(lang.t("confirm_why") % (pg + 1, n), INV)] + self._why()[(pg - 1) * WHY:pg * WHY]
        head = lang.t("confirm_1_n") % n if n > 1 else lang.t("confirm_h")
        if self.delete:     # (a deletion always has its deal: fix)
            head = lang.t("delete_deal") % ((self.fix or 0) + 1)
        rows = [row(head, INV), row(self._summary_line(), CENTER)]
        names = app.cfg.seat_names()
        me = app.cfg.table_seat(disp)
        if me >= 0:   # what this seat confirms, read from its chair (issue 37)
            v = self.deltas[me]
            txt = lang.t("for_you") % v
            k = self.fix
            if k is not None:   # a correction: what the deal gave before, old → new
                pa = app.sheet.party
                if k not in pa.lost and pa.offs[k] >= 0:   # (a lost deal's: unknown)
                    o = pa.deltas_of(k)[me]
                    txt = lang.t("fix_for_you") % (o, v)
                    if text.width(txt, text.LARGE) >= W:
                        txt = "%+d \u2192 %+d" % (o, v)   # the numbers alone
            rows.append(row(txt, LARGE | CENTER))
        pair = ""
        for t in range(len(names)):
            if t == me:
                continue    # (large above) the others' small, two a line
            s = "%s %+d" % (shorten(names[t], 7), self.deltas[t])   # 8 letters: "Johanne."
            if pair:
                rows.append(row(ljust(pair, 12) + " " + s))
                pair = ""
            else:
                pair = s
        if pair:
            rows.append(row(pair))
        if self._involved(disp) and not self.ok[disp]:
            rows.append(row(lang.t("confirm_own" if disp == self.owner else "confirm_menu"),
                            BOTTOM | CENTER))
        else:   # who has not confirmed, by name
            rows += wrap(lang.t("waiting") % ", ".join(self._waiting()))[:2]
        return rows

    # -------------------------------------------------------------- correction
    def _fix_start(self, k, values):
        """A correction of deal k (table.flows.sheetview): the seats of that
        deal (from its dealer), the form filled with its recorded result (or
        values, a Summary: the undo of a correction, shown to confirm; a
        deletion is shown to confirm too)."""
        pa = self.app.sheet.party
        self.seats = pa.seats_of(k)
        s = values if values is not None else self.app.sheet.summary_of(k)
        self.prefill(self.g.entry_values(self.profile, s))
        if values is not None or self.delete:
            self.step = len(self.steps())
            self._score()
        else:   # on its first value: who played what is one hold ● back a pick
            st = self.steps()
            while self.step < len(st) - 1 and st[self.step][0] == "pick":
                self.step += 1
            self._enter()


def _refusal(ex, g, profile):
    """Why an entry is refused, in the screens' words: the table's text for
    its code (tarock.errors.Refused), its values a text's key, a number or
    (b,), bonus b by its name at this table (the glue's bonus_name); a
    refusal without a code: its title alone."""
    if not isinstance(ex, Refused) or not ex.code:
        return " "
    return lang.t("e%d" % ex.code) % tuple([
        lang.get(a, a) if type(a) is str else g.bonus_name(profile, a[0]) if type(a) is tuple
        else a for a in ex.what])


def _big(txt):
    """The choice being offered as rows, large (read from a chair: issue
    37): ◀ txt ▶, a longer one on more lines, the arrows on its last."""
    n = 16   # characters a line (6 px each); a longer txt on lines of about one length
    if len(txt) > n:
        n = (len(txt) + 1) // 2
    while True:
        rows = wrap(txt, LARGE | CENTER | BOTTOM, 6 * n)
        if len(rows) < 3 or n > 15:
            break
        n += 1
    rows[-1] = row(rows[-1][1], SEL | LARGE | BOTTOM)
    return rows
