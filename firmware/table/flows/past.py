# Past parties on one seat's screen (its menu, "Past parties"): every party
# the score sheet keeps on flash, newest first, by date and players; ● opens
# one (its deals, read back from the archive), ● on a deal shows its
# breakdown (contract, the result per player; the list and deal pages are
# table.flows.sheetview's); hold ● steps back. Only this
# seat's screen changes; the table goes on. A party an older firmware kept
# only as totals shows its totals.
from table.ui import row, wrap, INV, CENTER, BOTTOM
from table.ui import LEFT, RIGHT, OK, LONG
from table.lang import t


class Past:
    def __init__(self, app):
        self.app = app
        self.index = app.book.archived_records()   # the index records, oldest first
        self.level = 0      # 0 parties, 1 deals of one, 2 one deal
        self.i = 0          # the party shown (0: the newest)
        self.k = 0          # the deal shown
        self.open = None    # the opened party (a read-only sheet), or None

    def _rec(self):
        return self.index[len(self.index) - 1 - self.i]

    def press(self, seat, button, kind):
        """False when the seat stepped out of the browser."""
        if button == OK and kind == LONG:
            if self.level == 0:
                return False
            self.level -= 1
            if self.level == 0:
                self.open = None
            return True
        n = len(self.index)
        step = 1 if button == RIGHT else -1 if button == LEFT else 0
        if self.level == 0:
            if step and n:
                self.i = (self.i + step) % n
            elif button == OK and n:
                self.open = self.app.book.open_archived(n - 1 - self.i)
                if self.open is not None and self.open.party is not None:
                    self.level = 1
                    self.k = 0
        elif self.level == 1:
            pa = self.open.party  # pyright: ignore[reportOptionalMemberAccess] (levels 1, 2: a party is open)
            if step and pa.n_deals:
                self.k = (self.k + step) % pa.n_deals
            elif button == OK and pa.n_deals:
                self.level = 2
        elif step:
            pa = self.open.party  # pyright: ignore[reportOptionalMemberAccess]
            self.k = (self.k + step) % pa.n_deals
        return True

    def _names(self, pl):
        b = self.app.book
        return "/".join([b.players.get(p, "?") for p in pl])

    def model(self, seat):
        if not self.index:
            return [row(t("m_past"), INV), row(t("none_yet"), CENTER),
                    row(t("hold_back"), BOTTOM | CENTER)]
        if self.level == 0:
            r = self._rec()
            head = t("party_of") % (len(self.index) - self.i, len(self.index))
            rows = [row(head, INV)]
            if r.get("w") is not None:
                rows.append(row(_date(r["w"]), CENTER))
            rows.append(row(_rules(r.get("prof")), CENTER))
            rows += wrap(self._names(r["pl"]))[:2]
            rows.append(row(t("deals_scores") % (r.get("n", 0), _scores(r.get("tot", ())))))
            rows.append(row(t("open_deals") if "at" in r else t("totals_only"), CENTER))
            rows.append(row(t("party_back"), BOTTOM | CENTER))
            return rows
        # the deal list and deal page of the open party's sheet (flows.sheetview),
        # every seat's deltas; no glue: another family's screens stay unloaded
        from table.flows import sheetview as V
        sh = self.open
        pa = sh.party  # pyright: ignore[reportOptionalMemberAccess]
        if self.level == 1:
            return V.list_rows(sh, pa, self.k, -1, None, t("party_deals")
                               % (len(self.index) - self.i, pa.n_deals))
        return V.deal_rows(sh, pa, self.k, None, 0, t("deal_back"))


def _rules(prof):
    """The party's rule set in words ("Königrufen — Tarockcup")."""
    from table import games
    if not isinstance(prof, str) or "/" not in prof:
        return "?"
    fam, preset = prof.split("/", 1)
    return games.rules_name(fam, preset, full=True)


def _scores(ds):
    return " ".join(["%+d" % d for d in ds])


def _date(w):
    """A party's 'when' (seconds, the board's own clock) as day.month.year."""
    import time
    try:
        t = time.gmtime(w)
    except (TypeError, ValueError, OverflowError, OSError):
        return ""
    return "%d.%d.%d" % (t[2], t[1], t[0])
