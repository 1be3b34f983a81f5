# The score sheet deal by deal on one seat's screen (issue 15, item 3): from
# the idle screen ◀ opens the deal list (▶ the totals, as before), the seat's
# menu "Scores" opens the same browser. Each seat browses on its own screen
# (the seat's overlay, app.Seat.menu): the others' screens do not change.
#   list   one row a deal: number, * when corrected (x deleted), contract and declarer,
#          this seat's delta, its running total; the bottom row: the
#          selected deal's dealer and outcome; ◀ ▶ move, ● opens the deal,
#          the row after the last deal opens the totals
#   deal   the glue's breakdown (how the result came about, from the
#          family's scorer), every seat's delta, the result a correction
#          replaced; ◀ ▶ page, ● its actions
#   acts   Correct (the score entry opens filled with the recorded values,
#          table.flows.entry with fix=deal), Undo correction (the result
#          before the latest correction, confirmed like a new one), Delete
#          (a correction that counts zero: the deal stays, marked x; its
#          seats confirm; the undo brings it back); only between deals (the
#          idle screens), nothing pending, by a seat in play
# hold ● steps back; out of the list, back to where the seat came from.
# flows/past.py shows archived parties with the same list and deal pages.
from table.ui import row, wrap, ljust, shorten, INV, CENTER, BOTTOM
from table.ui import LEFT, RIGHT, OK, LONG
from table import lang, games

PAGE = 6      # lines of a deal page between its header and its bottom row
SHOWN = 6     # deal rows of the list


def _short(s):
    return s[:3]


def deal_record(sh, pa, k):
    """The journal record deal k counts (its deal or latest fix), or None
    (lost, unreadable)."""
    if k in pa.lost or pa.offs[k] < 0:
        return None
    try:
        return sh.journal.read_at(pa.offs[k])
    except (OSError, ValueError, KeyError):
        return None


def _namer(sh, pa, k, short):
    seats = pa.seats_of(k)

    def name(pos):
        n = sh.players.get(pa.players[seats[pos]], "?")
        return _short(n) if short else n
    return name


def breakdown(sh, pa, k, glue, rec, short=False):
    """The glue's breakdown of deal k (positions named by the deal's own
    seating), or the contract's name from the profile (glue None: a past
    party of another family is not loaded for a look back)."""
    if rec is None:
        return [lang.t("unreadable")]
    try:
        s = pa.scorer.summary_from_dict(rec["s"])
        if glue is not None:
            return glue.breakdown(pa.profile, s, _namer(sh, pa, k, short))
        cs = pa.profile.get("contracts")
        c = cs.get(getattr(s, "contract", None)) if isinstance(cs, dict) else None
        if isinstance(c, dict) and c.get("name"):
            return [lang.t(c["name"])]
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        pass
    return [lang.t("no_summary")]


def list_rows(sh, pa, k, t, glue, head):
    """The deal list with deal k selected (k == n_deals: the totals row);
    t: the table seat whose delta and running total the rows show (-1:
    every seat's delta, a past party)."""
    n = pa.n_deals
    rows = [row(head, INV)]
    foot = []
    if k < n:
        # the selected deal's dealer and outcome, wrapped (two lines take
        # a deal row's place): never a digit cut
        rec = deal_record(sh, pa, k)
        out = breakdown(sh, pa, k, glue, rec)
        dealer = sh.players.get(pa.players[pa.dealer_of(k)], "?")
        foot = wrap(lang.t("dealt") % (dealer, out[1] if len(out) > 1 else out[0]), BOTTOM)[:2]
    shown = SHOWN + 1 - len(foot) if foot else SHOWN
    top = k - shown + 1 if k >= shown else 0
    run = 0
    for j in range(top):
        run += pa.deltas_of(j)[t] if t >= 0 else 0
    for j in range(top, min(n + (1 if t >= 0 else 0), top + shown)):
        f = INV if j == k else 0
        if j == n:
            rows.append(row("   " + ljust(lang.t("totals"), 9) + "%13s" % ("%+d" % run), f))
            continue
        ds = pa.deltas_of(j)
        rec = deal_record(sh, pa, j)
        mark = " "
        if rec is not None and rec.get("t") == "fix":
            mark = "x" if rec.get("del") else "*"
        if t < 0:
            rows.append(row("%2d%s%s" % (j + 1, mark, " ".join(["%+d" % d for d in ds])), f))
            continue
        run += ds[t]
        what = breakdown(sh, pa, j, glue, rec, True)[0] if glue is not None or rec is None else ""
        rows.append(row("%2d%s" % (j + 1, mark) + ljust(what[:12], 12) + "%+5d%+5d" % (ds[t], run), f))
    return rows + foot


def deal_lines(sh, pa, k, glue):
    """Every line of deal k's page: the breakdown, every seat's delta, the
    result a correction replaced, a dispute."""
    rec = deal_record(sh, pa, k)
    out = list(breakdown(sh, pa, k, glue, rec))
    _seat_lines(out, sh, pa, pa.deltas_of(k))
    if rec is not None and rec.get("t") == "fix":
        before = None
        for h in sh.history(k, pa):
            if h["status"] == "final" and "before" in h:
                before = h["before"]
        if before:
            out.append(lang.t("it_was"))
            out.append(" ".join(["%+d" % d for d in before]))
    if k in pa.disputed:
        # it counts as confirmed; what this firmware would count, if it can
        scored = pa.disputed[k][1]
        out.append(lang.t("disputed"))
        out.append(lang.t("fw_scores") if scored else lang.t("fw_cannot"))
        if scored:
            _seat_lines(out, sh, pa, scored)
    # who wrote what: the rules and the firmware the party was played under
    out.append(lang.t("rules_are") % games.rules_name(pa.family, pa.profile_name.split("/", 1)[1]))
    out.append(lang.t("written_by") % pa.fw if pa.fw else lang.t("written_before"))
    return out


def _seat_lines(out, sh, pa, ds):
    for i in range(pa.n):
        out.append(ljust(sh.players.get(pa.players[i], "?")[:12], 12) + " %+6d" % ds[i])


def _page_rows(sh, pa, k, glue):
    """deal_lines as the rows the pages show, each line wrapped to fit:
    the pages are counted as they are drawn."""
    rows = []
    for ln in deal_lines(sh, pa, k, glue):
        rows += wrap(ln)
    return rows


def deal_rows(sh, pa, k, glue, pg, bottom):
    lines = _page_rows(sh, pa, k, glue)
    pages = (len(lines) + PAGE - 1) // PAGE
    pg %= pages
    rec = deal_record(sh, pa, k)
    head = lang.t("deal_of") % (k + 1, pa.n_deals)
    if rec is not None and rec.get("t") == "fix":
        head = lang.t("deal_deleted" if rec.get("del") else "deal_corrected") % (k + 1)
    if pages > 1:
        c = "%d/%d" % (pg + 1, pages)
        head = ljust(shorten(head, 20), 21) + c
    rows = [row(head, INV)] + lines[pg * PAGE:(pg + 1) * PAGE]
    rows.append(row(bottom, BOTTOM | CENTER))
    return rows


def n_pages(sh, pa, k, glue):
    return (len(_page_rows(sh, pa, k, glue)) + PAGE - 1) // PAGE


def previous(sh, pa, k):
    """The summary (a dict) deal k counted before its latest correction, or
    None when its result was never corrected."""
    fin = [h for h in sh.history(k, pa) if h["status"] == "final"]
    if len(fin) < 2 or fin[-1]["kind"] != "fix":
        return None
    return fin[-2]["summary"]


class SheetView:
    """One seat's browser of the open party's sheet. press() answers False
    once the seat steps out of it (alone: it is the seat's overlay, opened
    from the idle screen, and closes itself)."""

    def __init__(self, app, seat, level="list", alone=False, title=None):
        self.app = app
        self.title = title or lang.t("score_sheet")
        self.seat = seat
        self.alone = alone
        self.level = level    # "totals", "list", "deal", "acts"
        pa = app.sheet.party
        self.k = pa.n_deals - 1 if pa is not None and pa.n_deals else 0
        self.pg = 0
        self.act = 0
        self.came = level     # where hold ● leaves the browser

    def _glue(self):
        """The family glue for the breakdowns: the table's, when it is the
        party's family (in the setup the table may have chosen another)."""
        g = self.app.deck
        pa = self.app.sheet.party
        if g is None or pa is None or g.FAMILY != pa.family:
            return None
        return g

    def press(self, seat, button, kind):
        stay = self._press(button, kind)
        if not stay and self.alone:
            self.app.seats[seat].menu = None
            self.app.dirty(seat)
        return stay

    def _press(self, button, kind):
        app = self.app
        pa = app.sheet.party
        if pa is None:
            return False
        n = pa.n_deals
        step = 1 if button == RIGHT else -1 if button == LEFT else 0
        if button == OK and kind == LONG:
            if self.level == self.came:
                return False
            self.level = {"acts": "deal", "deal": "list", "list": "totals"}.get(self.level, "list")
            return True
        if self.level == "totals":
            if step and self.came == "totals":
                return False          # ◀ ▶ toggle back to the idle screen, as before
            self.level = "list"
            self.k = n - 1 if n else 0
        elif self.level == "list":
            if step:
                self.k = (self.k + step) % (n + 1)
            elif self.k == n:
                self.level = "totals"
            else:
                self.level = "deal"
                self.pg = 0
        elif self.level == "deal":
            if step:
                self.pg = (self.pg + step) % n_pages(app.sheet, pa, self.k, self._glue())
            elif self._actions():
                self.level = "acts"
                self.act = 0
        else:
            acts = self._actions()
            if not acts:
                self.level = "deal"
            elif step:
                self.act = (self.act + step) % len(acts)
            else:
                self._do(acts[self.act % len(acts)][1])
        return True

    def _actions(self):
        """[(label, what)] this seat may do with the deal shown now."""
        app = self.app
        sheet = app.sheet
        pa = sheet.party
        rec = deal_record(sheet, pa, self.k)
        if (type(app.flow).__name__ != "Idle" or app.vote is not None or sheet.readonly
                or sheet.pending is not None or app.cfg.table_seat(self.seat) < 0
                or rec is None):
            return []
        out = [(lang.t("correct_deal") % (self.k + 1), "fix")]
        if previous(sheet, pa, self.k) is not None:
            out.append((lang.t("undo_fix"), "undo"))
        if not rec.get("del"):
            out.append((lang.t("delete_deal") % (self.k + 1), "del"))
        out.append((lang.t("back"), "back"))
        return out

    def _do(self, what):
        app = self.app
        if what == "back":
            self.level = "deal"
            return
        from table.flows.entry import Entry
        values = None
        if what == "undo":
            pa = app.sheet.party
            values = pa.scorer.summary_from_dict(previous(app.sheet, pa, self.k))
        # every screen: the entry (a deletion: shown to confirm)
        app.go(Entry(app, fix=self.k, values=values, delete=what == "del"))

    def model(self, seat):
        app = self.app
        sheet = app.sheet
        pa = sheet.party
        glue = self._glue()
        if self.level == "totals" or pa is None or (self.level == "list" and not pa.n_deals):
            from table.flows.common import totals_rows
            return totals_rows(app, self.title)
        t = app.cfg.table_seat(seat)
        if self.level == "list":
            tot = pa.totals()[t] if t >= 0 else 0
            head = lang.t("sheet_deals") % (lang.tn("n_deals", pa.n_deals) % pa.n_deals)
            if t >= 0:
                head = ljust(shorten(lang.t("sheet_of") % app.cfg.names[seat], 16), 16) + "%+9d" % tot
            return list_rows(sheet, pa, min(self.k, pa.n_deals), t, glue, head)
        if self.level == "deal":
            bottom = lang.t("page_correct") if self._actions() else lang.t("page_back")
            return deal_rows(sheet, pa, self.k, glue, self.pg, bottom)
        acts = self._actions()
        rows = [row(lang.t("deal_n") % (self.k + 1), INV)]
        for i in range(len(acts)):
            rows.append(row(acts[i][0], INV if i == self.act % len(acts) else 0))
        if not acts:
            rows.append(row(lang.t("not_now"), CENTER))
        rows.append(row(lang.t("choose_back"), BOTTOM | CENTER))
        return rows
