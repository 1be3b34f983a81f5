# Dealing aid for physical cards. Every seat sees its role (dealer, forehand,
# cutter, sitting out) and what it gets; the dealer sees the family's dealing
# pattern (tarock.families "dealing", or its "variant_dealing" when the
# profile switches one on), the cutter chooses cut or knock (then the pattern
# of "knocked"): a pattern longer than its screen holds under the large
# header goes over pages (◀ ▶), a step never split. Then the table plays
# with its own cards, and any
# seat's ● opens the score entry (table.flows.entry).
from table.lang import t as T, tn
from table.ui import row, INV, CENTER, SEL, LARGE, BOTTOM
from table.ui import OK, RIGHT
from tarock import families as F
from tarock import seating
from table.flows.common import Flow, larger


CUT = 0
DEAL = 1
PLAY = 2


class Aid(Flow):
    def __init__(self, app):
        c = app.cfg
        self.app = app
        self.fam = F.family(c.family)
        self.active = c.active()
        self.seats = seating.positions(c.players, c.dealer, self.active, c.clockwise())
        self.out = seating.sitting_out(c.players, c.dealer, self.active)
        self.cutter = self.seats[seating.cutter_position(c.players, self.active)]
        self.knock = "cut" in self.fam and self.fam["cut"]
        self.knocked = False
        self.sel = 0                      # the cutter's choice: 0 cut, 1 knock
        self.stage = CUT if self.knock else DEAL
        self.pg = 0                       # the dealer's page of the pattern
        self.npg = 1                      # its pages, as last drawn

    def name_t(self, t):
        c = self.app.cfg
        return c.names[c.used[t]]

    def pattern(self):
        c = self.app.cfg
        return F.dealing(c.family, self.active, self.knocked, c.profile())

    def choices(self, disp):
        """(options, highlighted) for the seat that must choose, else (None, -1)."""
        t = self.app.cfg.table_seat(disp)
        if self.stage == CUT and t == self.cutter:
            return (0, 1), self.sel
        return None, -1

    # -------------------------------------------------------------- input
    def press(self, disp, button, kind):
        app = self.app
        c = app.cfg
        t = c.table_seat(disp)
        if t < 0:
            return
        if self.stage == CUT:
            if t != self.cutter:
                return
            if button == OK:
                self.knocked = self.sel == 1
                self.stage = DEAL
                app.dirty_all()
            else:
                self.sel ^= 1
                app.dirty(disp)
        elif self.stage == DEAL:
            if t == c.dealer and button == OK:
                self.stage = PLAY
                app.n_dealt += 1    # the cards are dealt (seeds/002's (PTO's) abort ends here)
                app.dirty_all()
            elif t == c.dealer and self.npg > 1:     # ◀ ▶: the pattern's pages
                self.pg = (self.pg + (1 if button == RIGHT else -1)) % self.npg
                app.dirty(disp)
        elif button == OK:
            from table.flows.entry import Entry
            e = app.prebuilt("Entry", lambda: Entry(app))
            e.owner = disp      # built ahead: the seat whose ● opened it enters
            app.go(e)

    def next_flow(self):
        """The score entry, once the cards are dealt (App._prefetch)."""
        return "Entry" if self.stage == PLAY else None

    def back(self, disp):
        # only the cutter takes its cut or knock back; any other seat's hold ●
        # is its own menu
        if self.stage == DEAL and self.knock and self.app.cfg.table_seat(disp) == self.cutter:
            self.stage = CUT
            self.app.dirty_all()
            return True
        return False

    # -------------------------------------------------------------- screens
    def role(self, t):
        c = self.app.cfg
        words = []
        if t == c.dealer:
            words.append(T("r_dealer"))
        if t == self.out:
            words.append(T("r_out"))
            return " - ".join(words)
        for p in range(len(self.seats)):
            if self.seats[p] == t:
                if p == 0:
                    words.append(T("r_forehand"))
                elif t == self.cutter:
                    words.append(T("r_cutter"))
                elif t != c.dealer:
                    words.append(T("r_player") % (p + 1))
        return " - ".join(words)

    def steps_text(self):
        """The pattern as short lines for the dealer, a list of them a step."""
        fh = self.name_t(self.seats[0])
        out = []
        stock = T(self.app.deck.STOCK)
        for (n, what) in self.pattern():
            if what == "each":
                out.append([T("each_from") % (n, fh)])
            elif what == "stock":
                out.append([T("to_stock") % (n, stock)])
            elif what == "packets":
                out.append([T("packets_from") % (n, fh), T("round_round")])
            elif what == "spread":
                out.append([T("spread1") % (n, stock), T("spread2"), T("spread3")])
            elif what[:6] == "stacks":
                out.append([self._stacks_text(n, what)])
            else:
                out.append([tn("n_packets", self.active) % (self.active, n),
                            T("choose_turn") % fh])
        return out

    def _stacks_text(self, n, what):
        """((stacks, cards), "stacks" | "stacks up") as one line (25
        characters: 'x' for 'of')."""
        return tn("stacks_each", n[0]) % (n[0], n[1], T("top_up") if what == "stacks up" else T("top_down"))

    def gets(self):
        """Cards in hand: the pattern's "each"/"choose", else the family's
        hand size."""
        n = 0
        for (k, what) in self.pattern():
            if what == "each" or what == "choose":
                n += k
        return n or F.hand_size(self.app.cfg.family, self.active)

    def gets_stacks(self):
        """'+ 6 stacks of 3' when the pattern lays stacks, else ''."""
        for (k, what) in self.pattern():
            if what[:6] == "stacks":
                return tn("plus_stacks", k[0]) % k
        return ""

    def model(self, disp):
        # the header (the deal and this seat's part) large where the room
        # allows (issue 37: read from a chair)
        return larger(self.app.deck, self._rows(disp), 0)

    def _rows(self, disp):
        c = self.app.cfg
        t = c.table_seat(disp)
        if t < 0:
            return [row(T("deal"), INV), row(T("seat_not_playing"), CENTER)]
        rows = [row(T("deal_role") % (self.app.deals + 1, self.role(t)), INV)]
        if self.stage == CUT:
            if t == self.cutter:
                rows.append(row(T("you_cut"), CENTER))
                rows.append(row((T("cut"), T("knock"))[self.sel], SEL | LARGE | BOTTOM))
            else:
                rows.append(row(self.role(t), LARGE | CENTER))
                rows.append(row(T("cuts") % self.name_t(self.cutter), CENTER))
            return rows
        if self.stage == DEAL:
            if self.knocked:
                rows.append(row(T("knocked") % self.name_t(self.cutter), CENTER))
            if t == c.dealer:
                # the lines a page holds under the large header (issue 37:
                # read from a chair) and the bottom row: (64 - 12 - 8) // 8,
                # less the knock's line
                room = 6 - len(rows)
                pages = [[]]
                for step in self.steps_text():
                    if pages[-1] and len(pages[-1]) + len(step) > room:
                        pages.append([])
                    pages[-1] += step
                n = self.npg = len(pages)
                for s in pages[self.pg % n]:
                    rows.append(row(s))
                rows.append(row(T("pages_dealt") % (self.pg % n + 1, n) if n > 1
                                else T("dealt_ok"), BOTTOM | CENTER))
            else:
                rows.append(row(self.role(t), LARGE | CENTER))
                if t != self.out:
                    rows.append(row(T("you_get") % self.gets(), CENTER))
                    st = self.gets_stacks()
                    if st:
                        rows.append(row(st, CENTER))
                rows.append(row(T("deals_x") % self.name_t(c.dealer), CENTER))
            return rows
        rows.append(row(T("play_deal"), CENTER))
        if self.active == 2 and c.profile().get("open2"):
            # seeds/002 (PTO), the open game: no bidding; the non-dealer says
            # "Ich spiele" first or leaves it to the dealer
            rows.append(row(T("speaks_first") % self.name_t(self.seats[0]), CENTER))
            rows.append(row(T("ich_spiele"), CENTER))
        else:
            rows.append(row(T("leads_bidding") % self.name_t(self.seats[0]), CENTER))
        rows.append(row(T("enter_score"), BOTTOM | CENTER))
        return rows
