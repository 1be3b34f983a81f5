# Past parties on one seat's screen (its menu, "Past parties"): every
# finished party, newest first, by date and players: the last finished ones,
# still in the journal deal by deal (table.scores.KEEP_FINISHED), then the
# archived ones; ● opens one (its deals; an archived party's read back from
# the archive), ● on a deal shows its breakdown (contract, the result per
# player; the list and deal pages are table.flows.sheetview's); hold ● steps
# back. Only this seat's screen changes; the table goes on. A party an older
# firmware kept only as totals shows its totals.
from table.ui import row, wrap, INV, CENTER, BOTTOM
from table.ui import LEFT, RIGHT, OK, LONG
from table.lang import t, tn


class Past:
    def __init__(self, app):
        self.app = app
        self._list()

    def _list(self):
        """The finished parties, oldest first: the archived ones' index
        records, then the journal's finished parties (the open one is not
        past); from the top (a compaction moved them: see _fresh)."""
        b = self.app.sheet
        self.index = b.archived_records() + [pa for pa in b.parties if pa.over]
        self.n_arch = len(b.archived)
        self.src = b.parties
        self.level = 0      # 0 parties, 1 deals of one, 2 one deal
        self.i = 0          # the party shown (0: the newest)
        self.k = 0          # the deal shown
        self.open = None    # the opened party's sheet (read-only for an archived one)
        self.pa = None      # and the party

    def _fresh(self):
        # a compaction reloads the sheet (new party objects, new offsets):
        # start again from the new list
        if self.app.sheet.parties is not self.src:
            self._list()

    def _rec(self):
        """The shown party's index record (one made up for a party in the
        journal)."""
        r = self.index[len(self.index) - 1 - self.i]
        if isinstance(r, dict):
            return r
        return {"w": r.when, "prof": r.profile_name, "pl": r.players, "n": r.n_deals,
                "tot": r.totals(), "at": 0}

    def _open(self):
        j = len(self.index) - 1 - self.i
        if j >= self.n_arch:       # still in the journal
            self.open = self.app.sheet
            self.pa = self.index[j]
        else:
            self.open = self.app.sheet.open_archived(j)
            self.pa = self.open.party if self.open is not None else None

    def press(self, seat, button, kind):
        """False when the seat stepped out of the browser."""
        self._fresh()
        if button == OK and kind == LONG:
            if self.level == 0:
                return False
            self.level -= 1
            if self.level == 0:
                self.open = self.pa = None
            return True
        n = len(self.index)
        step = 1 if button == RIGHT else -1 if button == LEFT else 0
        if self.level == 0:
            if step and n:
                self.i = (self.i + step) % n
            elif button == OK and n:
                self._open()
                if self.pa is not None:
                    self.level = 1
                    self.k = 0
        elif self.pa is not None and self.pa.n_deals:   # levels 1, 2: a party is open
            if step:
                self.k = (self.k + step) % self.pa.n_deals
            elif button == OK and self.level == 1:
                self.level = 2
        return True

    def _names(self, pl):
        b = self.app.sheet
        return "/".join([b.players.get(p, "?") for p in pl])

    def model(self, seat):
        self._fresh()
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
            k = r.get("n", 0)
            rows.append(row(t("deals_scores") % (tn("n_deals", k) % k, _scores(r.get("tot", ())))))
            rows.append(row(t("open_deals") if "at" in r else t("totals_only"), CENTER))
            rows.append(row(t("party_back"), BOTTOM | CENTER))
            return rows
        # the deal list and deal page of the open party's sheet (flows.sheetview),
        # every seat's deltas; no glue: another family's screens stay unloaded
        from table.flows import sheetview as V
        sh = self.open
        pa = self.pa
        if self.level == 1:
            return V.list_rows(sh, pa, self.k, -1, None, t("party_deals")
                               % (len(self.index) - self.i, tn("n_deals", pa.n_deals) % pa.n_deals))  # pyright: ignore[reportOptionalMemberAccess]
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
