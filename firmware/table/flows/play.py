# Virtual cards: the device shuffles (hardware-seeded tarock.rng via the
# app), deals, and runs the deal's state machine; every seat sees only
# Deal.view(its position) and is offered exactly Deal.legal_actions() when it
# is to move. Public things (bids, the talon once turned, the trick, the last
# trick, the hands the rules lay open, the summary) are on every screen. The
# family's glue module (table.games) supplies words and labels.
#
# The seat to move has an inverted header in the large font with its name
# ("Anna: your turn"); the others read who is to move in a plain header.
# In the play the trick in progress is one compact line of who played what
# (a short tag per player: the initial, two letters where initials clash);
# before the lead that line shows the last trick, its taker highlighted.
#
# Buttons: ◀ ▶ move over the offered choices (cards: over the legal cards of
# the hand), ● takes it. The cursor starts on a card nobody plays by a slip
# (games.common.default_card: no Pagat / Petit / Sküs / Excuse unless that is
# all that is legal). A seat not to move turns pages with ◀ ▶: the table
# (trick, hand), in the play the last trick (who played what, who took it),
# each open hand the rules lay open, then contract, announcements and tricks.
# The seat to move reaches the same pages from its cards: ◀ on its first card
# (or ▶ on its last) leaves the cards for them, ◀ ▶ go on round, ● comes back
# to the cards. Every card played turns every seat back to its table page:
# the last trick is there on request until the next card lies.
# Take-back (profile option take_back, tarock.profiles: on in home presets,
# off in tournament ones): the seat that just played a card may take it back
# with ● (its screen says so) until the next seat acts: the next action
# applied (cursor moves of the seat to move are not one). A card that completed a
# trick can be taken back the same way (the next lead is the next act); the
# card that ends the deal cannot (the result is then on every screen). The
# state machines have no undo: the flow keeps the actions applied and
# replays all but the last on a new deal from the same seed.
# After the last card the final trick stays on every screen until that seat
# presses a button; then its result. At the end every seat in play confirms
# the result with ●: the first ● writes it to the score sheet, pending, each
# later ● its confirmation; the last makes it count.
from table.ui import row, wrap, ljust, shorten, INV, CENTER, HAND, SEL, BOTTOM, LARGE, W, H
from table.ui import RIGHT, OK, hand_lines, _min_height
from table import text
from table.lang import t
from tarock import seating
from tarock import profiles as PR
from table.flows.common import Flow

class Play(Flow):
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
        self.actions = []      # every action applied, in order (take-back replays them)
        self.take_back = PR.take_back(self.profile)
        self.backer = -1       # display that may take its card back, -1 none
        self._pending = False  # legal and sel not yet made for the deal as it is (_ready)
        self._sel = -1         # the mover's highlighted choice
        self._legal = None
        self.page = [0] * app.n
        self.ok = [False] * app.n
        self.held = [False] * app.n   # final trick still on this screen
        self.deltas = None  # type: list[int]  # pyright: ignore[reportAttributeAccessIssue] (set when the deal is over, read only after)
        self.rec = None     # the sheet's entry of the result, written at its first ●
        self.tags = self._tags()
        self._moved()

    # -------------------------------------------------------------- mapping
    def pos_of(self, disp):
        ts = self.app.cfg.table_seat(disp)
        for p in range(len(self.seats)):
            if self.seats[p] == ts:
                return p
        return -1

    def disp_of(self, pos):
        return self.app.cfg.used[self.seats[pos]]

    def name(self, pos):
        if pos < 0:
            return "-"
        return self.app.cfg.names[self.disp_of(pos)]

    def _tags(self):
        """A short tag per position for the trick line: the initial, or two
        letters where two players' initials are the same."""
        n = len(self.seats)
        out = []
        for p in range(n):
            nm = self.name(p)
            k = 1
            for q in range(n):
                if q != p and self.name(q)[:1].upper() == nm[:1].upper():
                    k = 2
            out.append(nm[:k])
        return out

    def choices(self, disp):
        """(legal actions, highlighted action) for this seat, or (None, -1);
        the highlighted action is None while the seat to move looks at a
        page away from its cards."""
        if self.pos_of(disp) != self.deal.to_move or self.legal is None:
            return None, -1
        if self.page[disp]:
            return self.legal, None
        return self.legal, self.sel

    # -------------------------------------------------------------- input
    def _moved(self):
        d = self.deal
        for i in range(len(self.page)):
            self.page[i] = 0
        if self.g.is_done(d):
            self._pending = False
            self._legal = None
            if self.deltas is None:
                self.deltas = seating.to_table(d.result(), self.seats, self.n_table)
                self.deltas = self.app.scores.doubled(self.deltas)   # radelci
                shown = "last_trick" in self.g.public_view(d)
                for i in self.app.cfg.used:
                    self.held[i] = shown
            return
        # the mover's legal actions and default choice when first asked for:
        # the pressing seat's screen seldom needs them (5-8 ms on the chip)
        self._legal = None
        self._pending = True

    def _ready(self):
        if self._pending:
            self._pending = False
            d = self.deal
            self._legal = d.legal_again()   # the mover's view() made it already
            self._sel = self.g.default_choice(d, self._legal)

    @property
    def legal(self):
        """The mover's legal actions (None: the deal is over)."""
        self._ready()
        return self._legal

    @property
    def sel(self):
        """The mover's highlighted choice."""
        self._ready()
        return self._sel

    @sel.setter
    def sel(self, v):
        self._ready()
        self._sel = v

    def _apply(self, disp, a):
        d = self.deal
        # (the phase from the deal: a public view is a dict of the table)
        played = self.take_back and self.g.is_card(a) and d.phase == self.g.PH_PLAY
        d.apply(a)
        self.actions.append(a)
        self._moved()
        # a card played (not one laid away) may come back, unless the deal is
        # over or the same seat acts next (its trick: it leads)
        self.backer = -1
        if played and self.deltas is None and self.disp_of(d.to_move) != disp:
            self.backer = disp
        self.app.dirty_all()

    def _take_back(self):
        """The last card goes back to the hand it came from: the deal is
        played again from its seed without it."""
        a = self.actions.pop()
        d = self.g.new_deal(self.profile, self.seed, self.n_table)
        for x in self.actions:
            d.apply(x)
        self.deal = d
        self.backer = -1
        self._moved()
        self.sel = a            # the cursor on the card taken back
        self.app.dirty_all()

    def _pages(self, d, v, pos):
        """The pages beside the table page (0) for this seat: 'last' (the
        last trick), ('open', q) per hand the rules lay open (not the seat's
        own), 'info'."""
        out = [None]  # type: list
        if v["phase"] == "play":
            if "last_trick" in v:
                out.append("last")
            for (q, cs) in self._open(d, v):
                if q != pos:
                    out.append(q)
        out.append("info")
        return out

    def _open(self, d, v):
        return self.g.open_hands(d, v)

    def press(self, disp, button, kind):
        app = self.app
        d = self.deal
        if self.deltas is not None:
            self._result_press(disp, button)
            return
        pos = self.pos_of(disp)
        if pos < 0 or pos != d.to_move:
            if button == OK:
                if disp == self.backer and not self.page[disp]:
                    self._take_back()
                return
            v = d.view(pos) if pos >= 0 else self.g.public_view(d)
            n = len(self._pages(d, v, pos))
            self.page[disp] = (self.page[disp] + (1 if button == RIGHT else -1)) % n
            app.dirty(disp)
            return
        legal = self.legal
        if legal is None:
            return
        if self.page[disp]:
            self._peek(disp, button)
            return
        if button == OK:
            self._apply(disp, self.sel)
            return
        i = 0
        for k in range(len(legal)):
            if legal[k] == self.sel:
                i = k
        step = 1 if button == RIGHT else -1
        if self.g.is_card(self.sel) and (i + step) % len(legal) != i + step:
            # off the end of the cards: to the pages (last trick, open hands, table)
            n = len(self._pages(d, d.view(d.to_move), d.to_move))
            if n > 1:
                self.page[disp] = 1 if step > 0 else n - 1
                app.dirty(disp)
                return
        i = (i + step) % len(legal)
        self.sel = legal[i]
        app.dirty(disp)

    def _peek(self, disp, button):
        """The seat to move on a page away from its cards: ◀ ▶ go round the
        pages and back to the cards at either end, ● back to the cards."""
        d = self.deal
        legal = self.legal
        if button == OK or legal is None:
            self.page[disp] = 0
        else:
            n = len(self._pages(d, d.view(d.to_move), d.to_move))
            k = self.page[disp] + (1 if button == RIGHT else -1)
            if 0 < k < n:
                self.page[disp] = k
            else:
                self.page[disp] = 0
                self.sel = legal[0] if k >= n else legal[-1]
        self.app.dirty(disp)

    def _result_press(self, disp, button):
        app = self.app
        if app.cfg.table_seat(disp) < 0:
            return
        if self.held[disp]:     # the final trick seen: the result now
            self.held[disp] = False
            self.page[disp] = 0
            app.dirty(disp)
            return
        if button == OK:
            # journalled before it is shown (the first ● writes the deal,
            # each later one its confirmation): a power cut loses none
            used = app.cfg.used
            ok = [d for d in used if self.ok[d] or d == disp]
            last = len(ok) == len(used)
            self.rec = app.confirm(self.rec, ok, last, self.deltas, self.deal)
            self.ok[disp] = True
            app.dirty_all()
            if last:    # everyone has seen it: it counts
                app.deal_done(self.deltas, self.g.contract_line(self.deal, self.name)
                              or t("no_game"))
                app.idle()
            return
        self.page[disp] = (self.page[disp] + (1 if button == RIGHT else -1)) % self._result_pages()
        app.dirty(disp)

    def abandon(self, why):
        """The table gives the deal up: a result already there goes to the
        sheet undone, with why."""
        if self.deltas is not None:
            self.app.abandon(self.rec, self.deal, why)

    # -------------------------------------------------------------- screens
    def _header(self, title, mover, d):
        """The first row: the seat to move inverted with its name ("Anna:
        your turn"); the others plain, naming who is to move ("Trick 3: Anna
        to play", "Anna to play" when that is too wide). In the large font
        (issue 37: read from a chair), the name shortened when the line
        needs it (compat.shorten: never a number); else the small one."""
        nm = self.name(d.to_move)
        s = t("play_to_move") % (title, nm)
        if mover:
            s = t("play_your_turn") % nm
        elif text.width(s, text.LARGE) < W:
            return row(s, LARGE)
        k = len(nm)
        while k:
            x = t("play_your_turn" if mover else "play_to_move_n") % shorten(nm, k)
            if text.width(x, text.LARGE) < W:
                return row(x, (INV if mover else 0) | LARGE)
            k = k - 1 if k > 4 else 0
        if mover:
            return row(s, INV)
        if text.width(s) > W:   # a seat sitting out: its phase word goes
            s = t("play_to_move") % (t("play_out").strip(" -"), nm)
        return row(s)

    def model(self, disp):
        if self.deltas is not None:
            if self.held[disp]:
                return self._final_model()
            return self._result_model(disp)
        g = self.g
        d = self.deal
        pos = self.pos_of(disp)
        v = d.view(pos) if pos >= 0 else g.public_view(d)
        mover = pos >= 0 and pos == d.to_move
        title = g.phase_title(v)
        if pos < 0:
            title += t("play_out")
        rows = [self._header(title, mover, d)]
        pg = self.page[disp]
        if pg:
            pages = self._pages(d, v, pos)
            return rows + self._page(d, v, pages[pg % len(pages)], mover)
        ctx = self._context(d, v)
        hv = g.hand_of_view   # the cards this seat plays from
        hand = hv(v) if hv is not None else v.get("hand")
        bottom = []
        if mover and not g.is_card(self.sel):
            bottom.append((SEL | INV | BOTTOM, g.action_label(d, self.sel, self.name), -1, None))
        elif disp == self.backer:
            bottom.append(row(t("play_take_back"), BOTTOM | CENTER))
        rows += ctx
        if hand is not None:
            card_choice = mover and g.is_card(self.sel)
            if card_choice:
                rows.append((HAND, hand, self.sel, tuple(self.legal)))  # pyright: ignore[reportArgumentType] (the mover's: legal is set)
            else:
                rows.append((HAND, hand, -1, None))
        if v["phase"] == "play":
            rows += self._open_rows(d, v, pos, rows, hand, bottom)
        rows += bottom
        # the rows' least height once (the hand's packing is the costly
        # part, ~ms on the chip), a large row made small taking its share
        need = 0
        for r in rows:
            need += _min_height(g, r)
        less = text.LARGE.h - text.SMALL.h
        h = rows[0]
        if h[0] & LARGE and need > H:           # a full screen: the small header
            rows[0] = (h[0] & ~LARGE, h[1], h[2], h[3])
            need -= less
        if disp == self.backer and bottom and bottom[0][0] & SEL == 0 and need > H:
            # still full: the take-back offer goes up into the header's line
            # (large where the room allows), before the trick goes small:
            # the trick is the glance text (issue 37)
            rows.pop()
            need -= text.SMALL.h
            f = INV | CENTER
            if need + less <= H:
                f |= LARGE
                need += less
            rows[0] = row(t("play_take_back"), f)
        for i in range(1, len(rows)):           # still full: the trick small too
            r = rows[i]
            if r[0] == LARGE and need > H:
                rows[i] = (0, r[1], r[2], r[3])
                need -= less
        return rows

    def _lines_left(self, rows):
        """Small-font lines the rows leave free on the screen."""
        y = 0
        for r in rows:
            y += text.line_height(text.LARGE if r[0] & LARGE else text.SMALL)
        return (H - y) // text.line_height(text.SMALL)

    def _open_rows(self, d, v, pos, rows, hand, bottom):
        """Under the seat's own hand the first open hand that is not its
        own, under its owner's name, when both fit (flowing); else a line
        saying it is on its own page (◀ ▶)."""
        for (q, cs) in self._open(d, v):
            if q == pos:
                continue
            font = text.SMALL
            need = 1 + len(hand_lines(self.g, cs, font, 0))
            head = rows
            if hand is not None:
                need += len(hand_lines(self.g, hand, font, 0))
                head = rows[:-1]
            if need <= self._lines_left(head + bottom):
                return [row(t("play_shows") % self.name(q)), (HAND, cs, -1, None)]
            return [row(t("play_open_page") % self.name(q))]
        return []

    def _page(self, d, v, kind, mover):
        """A page beside the table page: the last trick, an open hand, or
        the table's contract, announcements and tricks."""
        if kind == "last":
            rows = [row(t("play_last_trick"), INV)]
            rows += self._trick_rows(v["last_trick"], v["last_winner"], "")
            rows.append(row(t("play_took_it") % self.name(v["last_winner"])))
            rows.append(self._back_hint(mover))
            return rows
        if kind == "info":
            return self._info(d, v) + [self._back_hint(mover)]
        for (q, cs) in self._open(d, v):
            if q == kind:
                return [row(t("play_shows") % self.name(q), INV), (HAND, cs, -1, None),
                        self._back_hint(mover)]
        return [self._back_hint(mover)]

    def _back_hint(self, mover):
        return row(t("play_peek_back") if mover else t("play_pages"), BOTTOM | CENTER)

    def _final_model(self):
        """The final trick, until this seat presses a button."""
        d = self.deal
        v = self.g.public_view(d)
        rows = [row(t("play_final_trick"), INV)]
        rows += self._trick_rows(v["last_trick"], v["last_winner"], "")
        rows.append(row(t("play_took_it") % self.name(v["last_winner"])))
        line = self.g.contract_line(d, self.name)
        if line:
            rows.append(row(line))
        rows.append(row(t("play_to_result"), BOTTOM | CENTER))
        return rows

    def _context(self, d, v):
        """Up to ~3 lines of what the table sees in this phase."""
        g = self.g
        ph = v["phase"]
        name = self.name
        ctx = g.context_rows   # a family's own public rows
        if ctx is not None:
            rows = ctx(self, d, v)
            if rows is not None:
                return rows
        rows = []
        if ph == "cut":
            # (two names of 8: the line wraps)
            rows += wrap(t("cutter_dealer") % (name(d.to_move), self._dealer()), CENTER)
        elif ph == "packets":
            rows.append(row(t("choose_packet"), CENTER))
        elif ph in ("bid", "declare"):
            bids = v["bids"]
            for (p, a) in bids[-2:]:
                rows.append(row("%s: %s" % (name(p), g.said_label(d, a, name))))
            if not bids:
                rows.append(row(t("forehand") % name(0)))
        elif ph == "play":
            return self._trick(v)
        else:
            rows.append(row(g.contract_line(d, name)))
            if "talon" in v and ph == "talon":
                tl = v["talon"]
                half = len(tl) // 2
                rows.append(row([t("talon_l")] + tl[:half]))
                rows.append(row([t("talon_r")] + tl[half:]))
            elif ph == "discard":
                rows.append(row(t("lays_away") % (name(d.to_move), g.to_discard(d))))
            elif ph == "announce":
                ann = v.get("announces", ())
                for (p, a) in ann[-1:]:
                    rows.append(row("%s: %s" % (name(p), g.said_label(d, a, name))))
        return rows

    def _trick(self, v):
        """The trick on the table, or before the lead the last one (its
        taker highlighted); the contract before the first card."""
        tr = v["trick"]
        if tr:
            return self._trick_rows(tr, -1, "")
        if "last_trick" in v:
            return self._trick_rows(v["last_trick"], v["last_winner"], t("play_last"))
        return [row(self.g.contract_line(self.deal, self.name))]

    def _trick_rows(self, tr, win, label):
        """Who played what, one line (two when it does not fit): a tag per
        player then its card; the taker's card highlighted (win >= 0);
        label in front when it fits."""
        items = []
        cur = -1
        for (p, c) in tr:
            items.append(self.tags[p])
            if p == win:
                cur = len(items)
            items.append(c)
        lim = W - 1 if cur >= 0 else W   # a highlight keeps a margin column (ui.layout)
        # the large font when the trick fits one line so (issue 37: read
        # from a chair; model() takes it back when the screen is full), the
        # label kept where the small font keeps it
        for k in (3, 2, 1, 0) if label else (1, 0):
            font = text.LARGE if k & 1 else text.SMALL
            sp = font.w    # text.width(" ", font)
            w = -sp
            for it in items:
                w += text.width(self.g.card_label(it) if isinstance(it, int) else it, font) + sp
            f = LARGE if k & 1 else 0
            if k & 2 and w + text.width(label, font) + sp <= lim:
                return [(f, [label] + items, cur + 1 if cur >= 0 else -1, None)]
            if not k & 2 and w <= lim:
                return [(f, items, cur, None)]
        if len(items) < 4:
            return [(0, items, cur, None)]
        half = (len(items) // 4) * 2
        c2 = cur - half if cur >= half else -1
        return [(0, items[:half], cur if cur < half else -1, None), (0, items[half:], c2, None)]

    def _info(self, d, v):
        """Page 2 for a seat not to move: contract, announcements, tricks."""
        g = self.g
        name = self.name
        rows = [row(g.contract_line(d, name) or t("no_contract"))]
        for (p, a) in v.get("announces", [])[-2:]:
            rows.append(row("%s: %s" % (name(p), g.said_label(d, a, name))))
        tr = v["tricks"]
        s = t("tricks")
        for p in range(len(tr)):
            s += " %s %d" % (self.tags[p], tr[p])
        if text.width(s) > W:     # five players, two-letter tags: closer
            s = t("tricks")
            for p in range(len(tr)):
                s += " %s%d" % (self.tags[p], tr[p])
        rows.append(row(s))
        if "talon" in v:
            rows.append(row([t("talon")] + v["talon"]))
        if "stock" in v:
            rows.append(row([t(g.STOCK)] + v["stock"]))
        sh = v.get("shown_discards")
        if sh:
            rows.append(row([t("laid_away")] + sh))
        more = g.info_rows
        if more is not None:
            rows += more(self, d, v)
        return rows

    def _dealer(self):
        c = self.app.cfg
        return c.names[c.used[c.dealer]]

    # -------------------------------------------------------------- result
    def _result_split(self):
        """The result's pages, each the rows between the header and the
        bottom row: the head of the summary, every player's delta in the
        large font two a row (issue 37: read from a chair; a row each when
        two do not fit), then the details, small."""
        lines, details = self.g.result_lines(self.deal, self.name)
        names = self.app.cfg.seat_names()
        rows = []
        for s in lines:     # (a long name or bonus: the line wraps, never cut)
            rows += wrap(s)
        cells = []
        for ts in range(self.n_table):
            cells.append(ljust(shorten(names[ts], 5), 5) + "%+5d" % self.deltas[ts])
        for k in range(0, len(cells), 2):
            s = " ".join(cells[k:k + 2])
            if text.width(s, text.LARGE) > W:
                rows += [row(x, LARGE) for x in cells[k:k + 2]]
            else:
                rows.append(row(s, LARGE))
        for s in details:
            rows += wrap(s)
        # pages of what goes between a small header and a small bottom row
        room = H - 2 * text.SMALL.h
        pages = [[]]
        y = 0
        for r in rows:
            h = text.LARGE.h if r[0] & LARGE else text.SMALL.h
            if y + h > room and pages[-1]:
                pages.append([])
                y = 0
            pages[-1].append(r)
            y += h
        return pages

    def _result_pages(self):
        return len(self._result_split())

    def _result_model(self, disp):
        split = self._result_split()
        pages = len(split)
        pg = self.page[disp] % pages
        rows = [row(t("result_n") % (pg + 1, pages), INV)] + split[pg]
        if self.app.cfg.table_seat(disp) < 0:
            return rows
        if self.ok[disp]:
            left = 0
            for d in self.app.cfg.used:
                if not self.ok[d]:
                    left += 1
            rows.append(row(t("waiting_n") % left, BOTTOM | CENTER))
        else:
            rows.append(row(t("ok"), BOTTOM | CENTER))
        return rows
