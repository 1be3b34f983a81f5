# The device application: one screen and three buttons (◀ ▶ ●) per seat.
#
# The app knows FrameBuffer-like canvases (SeatDisplay.canvas/.show()/.online/
# .poll()) and button events on_event(seat, button, kind); never pins.
# It runs unchanged on MicroPython and in the host emulator.
#
# Structure: App holds the table (Config), the score sheet and the current
# flow: Setup (table setup), Idle (totals between deals), Play (virtual cards,
# table.flows.play), Aid (dealing aid for physical cards, table.flows.aid), Entry
# (score entry, table.flows.entry). A flow is a table.flows.common.Flow: it
# answers press(seat, button, kind), back(seat) and model(seat) (the screen as
# rows, table.ui) and the other hooks that class declares with their defaults,
# and marks the seats whose screen changed with app.dirty(seat) /
# app.dirty_all(). refresh()
# redraws only dirty seats, the pressing seat first, and only when the model
# differs from what the screen shows. Long press ● = back, or the seat's menu.
# Table-wide actions (abort the deal, discard a result, a new table, end the
# party) need the table: one seat in play proposes from its menu, every seat
# in play answers on its own screen (Vote); none happens on one seat's word.
# One exception, by its rule: the Slovenian abort of the party (seeds/002, PTO)
# is the creator's own ("Nur der Raumersteller darf ... abbrechen"): only his
# menu offers it, while allowed, and he confirms it on a second screen of
# that menu; the table is not asked (no Vote).
import gc
import sys
from table import ui
from table import games
from table import scores
from table import lang
from table.lang import t, tn
from table.flows.common import totals_rows, larger, MODES, MODE_WORDS, Flow  # noqa: F401
from table.ui import row, wrap, INV, CENTER, SEL, BOTTOM, LARGE
from table.ui import LEFT, RIGHT, OK, PRESS, LONG, REPEAT
from tarock.rng import Rng
from tarock import families as F
from tarock import profiles as P
from table.sheet.party import E_UNSAVED, E_READONLY


NAMES = ("Anna", "Bernd", "Clara", "David", "Eva", "Franz", "Gerti", "Hans")
# the flows' modules, loaded when the flow starts and dropped when another
# one takes over (a board's heap keeps only the screens in use)
# flows App._prefetch may build ahead: their constructors change nothing
# but themselves (a setup draws the first dealer: never built ahead)
PREBUILD = ("Entry",)
FLOWS = {"Setup": "table.flows.setup", "Idle": "table.flows.idle", "Play": "table.flows.play",
         "Aid": "table.flows.aid", "Entry": "table.flows.entry", "Tourney": "table.flows.tourney",
         "SheetView": "table.flows.sheetview"}   # a seat's overlay: goes at every flow change
# on the board only: host code (the emulator, tests) keeps flow classes
# imported once and compares flows with isinstance
UNLOAD_FLOWS = sys.implementation.name == "micropython"
# the language a new table starts in: None, the family's (games.LANG) until
# the setup's Language row chooses one (the host tests pin English)
LANG = None
# the panels' care (App.tick): a board's CARE (boards/*/board.py), else
# this; seconds, 0: never: (without a press every panel dims after DIM_S,
# DIM_PLAY_S while a deal is played on the screens (docs/DECISIONS.md), to
# contrast DIM_LEVEL (lit: 255); a screen unchanged SHIFT_S moves a pixel)
CARE = (300, 900, 16, 120)     # DIM_S, DIM_PLAY_S, DIM_LEVEL, SHIFT_S
# the shift's cycle (ui.room): bit 0 a pixel right, bit 1 a pixel down
SHIFTS = b"\x00\x01\x03\x02"

def unload(mod):
    """Drop a module: from sys.modules and from its package's attributes
    (the package holds every submodule imported from it)."""
    m = sys.modules.pop(mod, None)
    k = mod.rfind(".")
    if m is not None and k > 0:
        pkg = sys.modules.get(mod[:k])
        if pkg is not None and getattr(pkg, mod[k + 1:], None) is m:
            delattr(pkg, mod[k + 1:])


def is_flow(flow, name):
    """flow is a `name` flow (by class name: a flow's module may have been
    dropped and loaded again, so the class objects differ)."""
    return type(flow).__name__ == name


class Config:
    """The table: family, profile, seats in play (display indices in
    clockwise order), names per display, dealer (table seat), mode."""

    def __init__(self, n_displays):
        self.n_displays = n_displays
        fams = games.families(n_displays)
        if not fams:
            raise ValueError("no game for %d screens" % n_displays)
        self.family = fams[0]
        fam = F.family(self.family)
        self.preset = fam["default"].split("/", 1)[1]
        self.players = min(fam["players"][0], n_displays)
        for n in fam["players"]:
            if n <= n_displays:
                self.players = n
                break
        self.used = list(range(self.players))
        self.names = list(NAMES[:n_displays])
        self.dealer = 0
        self.mode = 0
        self.confirm = 0        # who confirms: 0 every seat, 1 the declarer's side + an opponent
        self.overrides = None   # profile overrides (profiles.overlay), journalled
        self._builtin = None    # (key, P.get(key)): the built-in preset in play
        # the table's own preset (presets.txt, tarock.userpresets) when preset
        # names one: (base preset key, its overrides); None: a built-in
        self.user = None
        self._prof = None
        self.lang = LANG    # the language chosen (table.lang code), None: the family's

    def language(self):
        """The code of the language the screens speak."""
        return self.lang or games.language(self.family)

    def remembered(self, names):
        """The seats' first names: the remembered players (recent first,
        table.sheet.roster), then NAMES no one has."""
        out = list(names[:self.n_displays])
        for nm in NAMES:
            if len(out) < self.n_displays and nm not in out:
                out.append(nm)
        self.names = out

    def set_preset(self, name, user=None):
        """Play preset `name`: a built-in one of the family, or the table's
        own with user = (base key, overrides)."""
        self.preset = name
        self.user = user
        self._prof = None

    def party_profile(self):
        """(base key or None, overrides or None) as the party's journal
        record keeps them (table.scores.new_party): the table's own preset is
        its base with its overrides, then the table's."""
        if self.user is None:
            return None, self.overrides
        return self.user[0], P.combine(self.user[1], self.overrides)

    def profile(self):
        key = self.family + "/" + self.preset
        if self.user is None and not self.overrides:
            b = self._builtin   # P.get's lookups cost ~0.3 ms a call on the chip
            if b is None or b[0] != key:
                b = self._builtin = (key, P.get(key))
            return b[1]
        if self._prof is None or self._prof[0] != key:
            base, ov = self.party_profile()
            self._prof = (key, P.overlay(P.get(base or key), ov))
        return self._prof[1]

    def active(self):
        return F.active(self.family, self.players, self.profile())

    def clockwise(self):
        return F.family(self.family)["clockwise"]

    def seat_names(self):
        """Names per table seat."""
        out = []
        for d in self.used:
            out.append(self.names[d])
        return out

    def table_seat(self, disp):
        """Display index -> table seat, -1 if that display is not in play."""
        for ts in range(len(self.used)):
            if self.used[ts] == disp:
                return ts
        return -1


class Seat:
    def __init__(self, disp):
        self.disp = disp
        self.dirty = True
        self.shown = None    # repr() of the model on the screen (None: unknown)
        self.rows = None     # the model on the screen (_saving draws over it)
        self.online = disp.online
        self.menu = None     # the seat's own menu (overlay), or None
        self.err = ""        # a failure this seat's last press caused
        self.off = 0         # where its screen is moved (SHIFTS' bits)


class App:
    strict = False  # tests: a failing press raises (else its seat shows it)

    def __init__(self, displays, seed=1, storage=None, lang_code=None, care=CARE):
        self.displays = displays
        self.care = care    # the board's CARE
        self.quiet = 0      # ms without a press (tick)
        self.step = 0       # where the screens are in SHIFTS
        self.dim = False
        self.woke = -1      # the button whose press woke the panels (seat * 4 + button)
        self.n = len(displays)
        self.seats = []
        for d in displays:
            self.seats.append(Seat(d))
        self.rng = Rng(seed)
        # the first dealers' draws (the setup): a stream of their own, so a
        # seed's deals shuffle as they always did
        self.draws = Rng(seed ^ 0x5EA7)
        self.storage = storage
        # modules loaded before any family: kept; everything a family brings
        # (its glue, rules, scorer, tables, profiles) goes when the table
        # changes family (drop_family)
        self.base = set(sys.modules)
        self.cfg = Config(self.n)
        if lang_code is not None:
            self.cfg.lang = lang_code
        # the score sheet (table.sheet.sheet.Sheet: the journal, every
        # party), and the scores of the party being played (table.scores)
        self.sheet = scores.open_sheet(storage)
        self.scores = None       # type: scores.Scores  # pyright: ignore[reportAttributeAccessIssue] (read only in a party)
        self.unmarked = False   # on_event is running, its seat has no "saving" bar yet
        if storage:
            self.sheet.journal.store.on_write = self._saving
        from table.sheet.roster import Roster
        # the remembered players (recent first), next to the journal
        self.roster = Roster(self.sheet.journal.store, self.sheet)
        self.cfg.remembered(self.roster.names)
        self.deck = games.glue(self.cfg.family)
        self.painter = ui.Painter(self.deck)
        self.pressed = 0
        self.errors = []
        self.unsaved = None     # (words, the press the store refused) while the table decides
        self.played_on = False  # the table chose to play on unsaved (Sheet.play_on_unsaved)
        self.page = [0] * self.n    # the problem page each screen shows (_pages)
        self.deals = 0
        self.n_dealt = 0        # deals of this party whose cards were dealt (dealt())
        self.flow = Flow()  # the flow the table is in (go): none yet
        self.vote = None        # the table-wide action being asked (Vote), or None
        self.asking = False     # the screen being drawn shows the question (_redraw)
        self.wake = None        # run()'s asyncio.Event: a button event wakes the redraw
        self.later = []         # work that waits until every screen is drawn (after_screens)
        self.pre = None         # (name, table key, flow): built ahead by _prefetch
        self.family = self.cfg.family
        self.note = ""          # a line on every screen until the next press (a question dropped)
        self.net = None         # the board's radio (hw/net.py Net; main.py), None: none
        self.tourney = None     # the tournament round's table file (table.flows.tourney; False: none)
        self.round_ms = None    # its time played since it started on this power-up
        resumed = self._resume()
        lang.use(self.cfg.language())
        if not resumed:
            self.go(self.setup_flow())
        self._reopen()

    def _resume(self):
        """An open party in the journal (the power went): the table goes on
        from the idle screens as it was set up (its players at their
        displays, its mode, rules and language)."""
        r = scores.resume(self.sheet)
        if r is None:
            return False
        sc, fam, preset, names, dealer = r
        if fam not in games.GLUE or len(names) > self.n:
            return False
        c = self.cfg
        c.family = fam
        # the profile the journal holds: a table's own preset comes back
        # from its record (base and overrides), not from presets.txt
        pa = self.sheet.party
        if pa is None:
            return False    # (resume() found the open party)
        if pa.base_name:
            c.set_preset(preset, (pa.base_name, pa.ov))
            c.overrides = None
        else:
            c.set_preset(preset)
            c.overrides = pa.ov
        c.players = len(names)
        # the displays the seats sat at (journals before issue 35: the first)
        ds = pa.displays
        c.used = list(range(len(names)))
        if ds is not None and len(set(ds)) == len(ds) and all(
                isinstance(d, int) and 0 <= d < self.n for d in ds):
            c.used = list(ds)
        # the players at their displays; the others keep remembered names
        rest = []
        for nm in c.names + list(NAMES):
            if nm not in names and nm not in rest:
                rest.append(nm)
        for d in range(self.n):
            t = c.table_seat(d)
            c.names[d] = names[t] if t >= 0 else rest.pop(0)
        if pa.mode in MODES:
            c.mode = MODES.index(pa.mode)
        c.confirm = pa.confirm
        c.dealer = dealer
        lg = pa.lang
        if lg in lang.MODULES:
            c.lang = lg    # the language the party was set up in
        self.scores = sc
        self.deals = sc.count()
        self.n_dealt = len(pa.log)
        self.set_family(fam)
        self.idle()
        return True

    # ------------------------------------------------------------ flows
    def go(self, flow):
        # type: (Flow) -> None
        self.flow = flow
        self.vote = None
        self.pre = None
        for s in self.seats:
            s.menu = None
        if UNLOAD_FLOWS:
            keep = FLOWS.get(type(flow).__name__)
            for mod in FLOWS.values():
                if mod != keep:
                    unload(mod)
            self._collect()
        self.dirty_all()

    def _collect(self):
        """Collect the garbage of modules just dropped: now, or when run()
        is on (a press's answer), once the screens are drawn (settled): the
        ~12-14 ms of a collection come after the pressing seat's screen."""
        if self.wake is None:
            gc.collect()

    def dirty(self, i):
        if 0 <= i < self.n:
            self.seats[i].dirty = True

    def dirty_all(self):
        for s in self.seats:
            s.dirty = True

    def set_family(self, family):
        if family != self.family:
            self.drop_family()
            self.family = family
        self.deck = games.glue(family)
        self.painter = ui.Painter(self.deck)

    def drop_new(self, before):
        """Unload the rules-core modules imported since `before` (a set of
        module names): reading the presets file loads the profiles (and
        presets built on demand) of every family its presets build on, and
        the reader; what the table then needs comes back on first use."""
        for mod in list(sys.modules):
            if mod not in before and mod.startswith("tarock."):
                unload(mod)
        self._collect()

    def drop_family(self):
        """Unload every firmware module the previous family brought (its
        glue, rules, scorer, tables, profiles; not the ones loaded before any
        family, not the flows): a board's heap holds one family at a time."""
        self.deck = None
        self.painter = None  # type: ui.Painter  # pyright: ignore[reportAttributeAccessIssue] (set_family paints with a new one)
        self.cfg._prof = None
        self.cfg._builtin = None
        flows = FLOWS.values()
        for mod in list(sys.modules):
            if (mod not in self.base and mod not in flows
                    and (mod.startswith("tarock.") or mod.startswith("table."))):
                unload(mod)
        gc.collect()

    def next_seed(self):
        """A deal's shuffle seed from the hardware-seeded PRNG (< 2**30)."""
        r = self.rng
        return ((r.next16() & 0x3FFF) << 16) | r.next16()

    def setup_flow(self, no_presets=False, plain=False):
        """A new party's first screen: the round a table file fixes
        (table.flows.tourney), else the setup. no_presets: neither file is
        there (setup.warm looked); plain: the setup, a table file there or
        not (its Tournament row then leads back to the round's card)."""
        from table.flows.setup import Setup
        if plain:
            return Setup(self, tfile=True)
        if self.storage and not no_presets:
            from table.flows.setup import _no_file
            if not _no_file(self.storage + "/tourney.json"):
                from table.sheet import tround
                from table.flows.tourney import Tourney
                d, field = tround.read(self.storage)
                if d is not None or field is not None:
                    return Tourney(self, d, field)
        return Setup(self, no_presets=no_presets)

    def idle(self):
        from table.flows.idle import Idle
        self.go(Idle(self))

    def deal_flow(self):
        """The flow a deal starts in, by the table's mode (FLOWS' key)."""
        m = MODES[self.cfg.mode]
        return "Play" if m == "virtual" else "Aid" if m == "physical" else "Entry"

    def start_deal(self):
        """The next deal in the table's mode."""
        m = MODES[self.cfg.mode]
        if m != "physical":
            self.n_dealt += 1   # the dealing aid counts its deal at the dealer's ●
        if m == "virtual":
            from table.flows.play import Play
            self.go(Play(self, self.next_seed()))
        elif m == "physical":
            from table.flows.aid import Aid
            self.go(Aid(self))
        else:
            from table.flows.entry import Entry
            e = self.prebuilt("Entry", lambda: Entry(self))
            e.owner = self.pressed   # built ahead: the seat whose ● opened it
            self.go(e)

    def confirm(self, rec, disps, last, deltas, summary, fix=None):
        """The displays `disps` have confirmed a result on their screens (the
        pressing one among them); last: every one that must has. Journalled
        as they come (table.scores.Scores.ok: a power cut between the first
        ● and the last leaves it pending); returns the sheet's entry (rec:
        the one this result made so far)."""
        seats = []
        for d in disps:
            seats.append(self.cfg.table_seat(d))
        return self.scores.ok(rec, seats, last, deltas, summary, fix)

    def deal_done(self, seat_deltas, note):
        """Every seat confirmed the deal (journalled as they did, confirm()):
        its note for the sheet's lines; the next dealer deals."""
        self.scores.notes.append(note)
        self.deals = self.scores.count()
        self.cfg.dealer = self.scores.dealer()

    def abandon(self, rec, summary, why, fix=None):
        """A result the table gave up: on the sheet, undone with the reason
        (the history keeps it; Scores.abandon). A sheet that cannot take it
        does not stop the table: the failure is in app.errors."""
        try:
            self.scores.abandon(rec, summary, why, fix)
        except (ValueError, OSError) as e:
            if getattr(e, "code", None) in (E_UNSAVED, E_READONLY):
                raise   # the store refused: the table is asked (_storage_failed)
            self.errors.append(repr(e))

    # ------------------------------------------------------------ the creator's abort
    def dealt(self):
        """The deals of this party whose cards were dealt: in virtual play
        the device deals as the deal starts; the dealing aid's deal once the
        dealer confirmed with ●; a score entry is for a deal that was dealt
        (the device does not see the dealing)."""
        return self.n_dealt

    def abort_points(self, disp):
        """What aborting the party costs, if display `disp` may abort it now
        (seeds/002: the creator only, in the first round before the cards
        are dealt; a profile with abort_points, Slovenian
        play-tarock-online), else 0."""
        sc = self.scores
        if sc is None or self.vote is not None or is_flow(self.flow, "Setup"):
            return 0    # in the setup the party is not this table's yet
        pa = sc.sheet.party
        pts = pa.profile.get("abort_points", 0) if pa is not None else 0
        t = self.cfg.table_seat(disp)
        if not pts or t < 0 or not sc.sheet.may_abort(t, self.dealt()):
            return 0
        return pts

    def abort_party(self, disp):
        """The creator confirmed: the party is over, -abort_points for him."""
        self.seats[disp].menu = None
        self.scores.sheet.abort(self.cfg.table_seat(disp), dealt=self.dealt())
        self.idle()

    # ------------------------------------------------------------ table-wide
    def propose(self, seat, what, arg=None):
        """Seat (in play) asks the table for `what` (a key of ASK; arg: the
        name "forget" takes off the remembered players). Journalled first
        (Sheet.vote_open): a restart asks it again."""
        self.sheet.vote_open(what, seat, arg)
        self.seats[seat].menu = None
        self.vote = Vote(self, seat, what, arg)
        self.dirty_all()

    def withdraw(self):
        """The question is withdrawn (a no, or the asker's ◀): closed in
        the journal, every screen back where it was."""
        self.sheet.vote_close("no")
        self.vote = None
        self.dirty_all()

    def carry_out(self, what, by, arg=None):
        """Every seat in play said yes to `what`, asked by display `by`. It
        is done first (a write the store refuses leaves the question open,
        nothing taken), then closed in the journal."""
        v = self.vote
        f = self.flow
        who = self.cfg.names[by]
        if what == "forget":
            # off the list only: the journal keeps the player and his parties
            self.roster.forget(arg)
        elif what == "discard":
            f.discard("result discarded, asked by " + who)
        elif what == "end":
            self.scores.finish()
        else:   # a result already there is kept, undone
            f.abandon(("deal aborted" if what == "abort" else "new table") + ", asked by " + who)
        self.vote = None
        self.dirty_all()
        try:
            self.sheet.vote_close("yes")
        except (ValueError, OSError) as e:
            # done: left open in the journal, a restart drops it (_reopen)
            self.errors.append(repr(e))
        if what == "end" or what == "abort":
            self.idle()
        elif what == "new":
            self.go(self.setup_flow(v is not None and v.no_presets))

    def _reopen(self):
        """The question open when the power went (Sheet.vote): asked again
        (everyone answers anew) when the flow the table starts in has what
        it is about; else the screens say it was dropped and the next press
        closes it ("gone")."""
        v = self.sheet.vote
        if v is None:
            return
        if v.get("done"):
            # carried out, the power went before its yes was written
            try:
                self.sheet.vote_close("yes")
            except (ValueError, OSError):   # read-only: closed in memory
                self.sheet.vote = None
            return
        what, by = v["what"], v["by"]
        f = self.flow
        pending = self.scores is not None and self.scores.pending() is not None
        ok = 0 <= by < self.n and (self.cfg.table_seat(by) >= 0 or is_flow(f, "Setup"))
        if what == "abort" or what == "discard":
            ok = ok and pending     # the result the power cut short (Idle)
        elif what == "end":
            ok = ok and is_flow(f, "Idle") and not pending and not scores.over(self.scores)
        elif what == "new":
            ok = ok and is_flow(f, "Idle")
        elif what == "forget":
            ok = ok and is_flow(f, "Setup") and v["arg"] in self.roster.names
        else:
            ok = False
        if ok:
            self.vote = Vote(self, by, what, v["arg"])
        else:
            self.note = t("vote_gone") % (self.cfg.names[by] if 0 <= by < self.n else "?")

    # ------------------------------------------------------------ input
    def on_event(self, seat, button, kind):
        if not 0 <= seat < self.n:
            return
        self.quiet = self.step = 0
        b = seat * 4 + button
        if self.dim:
            # the press wakes every panel and does nothing else: its seat
            # pressed at a dark screen, not at what the screen offers
            self.dim = False
            self.woke = b
            for d in self.displays:
                d.contrast(255)
            return
        if kind == REPEAT and b == self.woke:
            return      # the waking ◀ ▶ still held
        self.woke = -1
        self.pressed = seat
        self.unmarked = True
        try:
            self._on_event(seat, button, kind)
        finally:
            self.unmarked = False

    def _saving(self):
        """The store is about to write the flash inside a press (or the
        sheet to make a record it will write: Sheet._will_write). A record
        is durable before its answer is shown (the sheet's rule), and the
        write takes tens of milliseconds (a real Pico's sector erase alone
        ~45 ms): so the pressing seat first sees that its press was taken,
        a "saving" bar on the screen it had; the answer follows the write.
        Once a press; never in the write's way (a failure here is only a
        screen not marked)."""
        if not self.unmarked:
            return
        self.unmarked = False
        s = self.seats[self.pressed]
        d = s.disp
        if s.rows is None or not d.online or self.painter is None:
            return
        try:
            d.begin()
            self.painter.paint(d.canvas, list(s.rows) + [row(t("saving"), INV | BOTTOM | CENTER)])
            d.show()
        except Exception as e:  # the write matters, not the mark
            self.errors.append(repr(e))
        s.shown = None      # the glass is not the model: the answer redraws it
        s.dirty = True

    def _on_event(self, seat, button, kind):
        if self.wake is not None:
            self.wake.set()   # the board's loop (run) redraws as soon as this returns
        s = self.seats[seat]
        if s.err:
            s.err = ""
            self.dirty(seat)
        u = self.unsaved
        if u is not None:
            self._storage_choice(u, seat, button, kind)
            return
        if self.sheet.unsaved():
            self.sheet.retry()
        try:
            pages = self._pages()
            if pages:
                self._page_press(seat, button, kind, pages)
                return
            if self.note:   # read: a question the restart dropped is closed
                self.note = ""
                self.dirty_all()
            if self.vote is None and self.sheet.vote is not None:
                self.sheet.vote_close("gone")
            if self.vote is not None and self.cfg.table_seat(seat) >= 0:
                self.vote.press(seat, button, kind)   # a seat in play answers first
            elif s.menu is not None:
                s.menu.press(seat, button, kind)
                self.dirty(seat)
            elif self.bystander(seat):
                if button == OK and kind == LONG:
                    s.menu = SeatMenu(self, seat)
                    self.dirty(seat)
            elif button == OK and kind == LONG:
                if not self.flow.back(seat):
                    s.menu = SeatMenu(self, seat)
                    self.dirty(seat)
            else:
                self.flow.press(seat, button, kind)
        except Exception as e:  # a bug must not freeze the table
            if self._storage_failed(e, seat, button, kind):
                return
            self.errors.append(repr(e))     # the words for the log (sheet.py, tests)
            s.err = t("app_error")          # the table's: noted, the press not taken
            self.dirty(seat)
            if self.strict:
                raise

    # ------------------------------------------------------------ the sheet's problems
    def _pages(self):
        """What the score sheet found when it opened and no seat has read
        yet (Sheet.unacknowledged()): on every screen before anything else,
        whichever flow the table starts in. A sheet opened read-only says
        why until the table chooses to play on."""
        b = self.sheet
        if not b.problems:
            return ()
        ps = b.unacknowledged()
        if not ps and b.readonly and not self.played_on:
            ps = b.problems[:1]     # why it is read-only: said first
        # a page holds five rows of a problem: a longer one takes more
        # pages (nothing is cut: five long names and a reason do not fit)
        out = []
        for p in ps:
            w = wrap(b.words(p))
            for k in range(0, len(w), 5):
                out.append(w[k:k + 5])
        return out

    def _page_press(self, seat, button, kind, pages):
        """◀ ▶ turn this screen's pages; ● of a seat that may answer: read
        (Sheet.acknowledge), and a read-only sheet plays on in memory."""
        if button != OK:
            self.page[seat] = (self.page[seat] + (1 if button == RIGHT else -1)) % len(pages)
            self.dirty(seat)
        elif kind == PRESS and not self.bystander(seat):
            if self.sheet.readonly and not self.played_on:
                self.play_on()
            self.sheet.acknowledge()
            self.page = [0] * self.n
            self.dirty_all()

    def _page_rows(self, i, pages):
        k = self.page[i] % len(pages)
        n = len(pages)
        rows = [row(t("score_sheet") if n == 1 else t("score_sheet_n") % (k + 1, n), INV)]
        rows += pages[k]
        if self.bystander(i):
            end = "not_playing_p"
        elif self.sheet.readonly and not self.played_on:
            end = "play_unsaved" if n == 1 else "more_play_on"
        else:
            end = "seen" if n == 1 else "more_seen"
        rows.append(row(t(end), BOTTOM | CENTER))
        return rows

    def play_on(self):
        """The table plays on although the sheet cannot be saved: in the
        same sheet, what it records held in memory (a sheet that was read
        is never replaced)."""
        self.sheet.play_on_unsaved()
        self.played_on = True

    # ------------------------------------------------------------ storage
    def _storage_failed(self, e, seat, button, kind):
        """The score sheet's store refused a write (nothing was taken): every
        seat is asked whether to play on in memory or stop."""
        code = getattr(e, "code", None)
        if code not in (E_UNSAVED, E_READONLY):
            return False
        why = str(e)
        if code == E_READONLY:   # why the sheet opened read-only
            p = self.sheet.problems
            why = ": " + (self.sheet.words(p[-1]) if p else t("sheet_unreadable"))
        self.unsaved = (why, (seat, button, kind))
        self.dirty_all()
        return True

    def _storage_choice(self, u, seat, button, kind):
        """A press while the table is asked (u: self.unsaved)."""
        if self.cfg.table_seat(seat) < 0 and not is_flow(self.flow, "Setup"):
            return
        if button == OK and kind == PRESS:
            press = u[1]
            self.unsaved = None
            self.play_on()
            self.dirty_all()
            self.on_event(press[0], press[1], press[2])
        elif button == LEFT:
            # stop: nothing more is recorded; the screens stay where they
            # were, the press can be tried again when the storage is back
            self.unsaved = None
            self.seats[seat].err = t("not_saved")
            self.dirty_all()

    def _storage_rows(self, why):
        text = t("cannot_save") + why[why.find(":") + 1:]
        return ([row(t("score_sheet"), INV)] + wrap(text)[:4]
                + [row(t("play_unsaved"), CENTER), row(t("stop"), BOTTOM | CENTER)])

    def bystander(self, i):
        """A display that is not in play (a 4-player game at 5 screens, seat
        left empty in the setup): out of everything but the setup."""
        return self.cfg.table_seat(i) < 0 and not is_flow(self.flow, "Setup")

    # ------------------------------------------------------------ output
    def model(self, i):
        s = self.seats[i]
        u = self.unsaved
        if u is not None and not self.bystander(i):
            return self._storage_rows(u[0])
        pages = self._pages()
        rows = self._page_rows(i, pages) if pages else self._model(i)
        if s.err:
            rows = list(rows) + [row(s.err, INV | BOTTOM)]
        elif self.note and not pages:
            rows = list(rows) + [row(self.note, INV | BOTTOM)]
        if self.sheet.unsaved() and rows and isinstance(rows[0][1], str):
            # every screen says that the sheet is not on flash
            # (a large header that the word makes too wide: small)
            rows = list(rows)
            f, u = rows[0][0], t("unsaved") + rows[0][1]
            if f & LARGE and ui.text.width(u, ui.text.LARGE) >= ui.W:
                f &= ~LARGE
            rows[0] = (f, u, rows[0][2], rows[0][3])
        return rows

    def _model(self, i):
        s = self.seats[i]
        v = self.vote
        if v is not None and (s.menu is None or self.cfg.table_seat(i) >= 0):
            self.asking = True          # (_redraw: this screen shows the question)
            return v.model(i)   # over the seat's menu, which is back after it
        if s.menu is not None:
            return s.menu.model(i)
        if self.bystander(i):
            return [row(t("seat_n") % (i + 1), INV | LARGE), row(t("not_playing"), CENTER),
                    row(t("hold_menu"), BOTTOM | CENTER)]
        return self.flow.model(i)

    def refresh(self):
        """Redraw the dirty seats whose model changed, the pressing seat
        first. Returns the I2C bytes sent."""
        sent = 0
        n = self.n
        lang.use(self.cfg.language())   # a no-op unless the setup changed it
        for k in range(n):
            sent += self._redraw((self.pressed + k) % n)
        self._run_later()
        return sent

    def redraw_one(self):
        """refresh() one seat at a time (the board's loop polls the buttons
        between two screens): the first seat from the pressing one on that
        needs a look; False when every screen is up to date."""
        n = self.n
        seats = self.seats
        for k in range(n):
            i = (self.pressed + k) % n
            s = seats[i]
            on = s.disp.online
            if (s.dirty and on) or on != s.online:
                self._redraw(i)
                return True
        return False

    def _redraw(self, i):
        s = self.seats[i]
        d = s.disp
        if d.online and not s.online:
            s.dirty = True   # back after being pulled: show the screen now
        s.online = d.online
        if not s.dirty or not d.online:
            return 0         # an offline seat stays dirty until it returns
        self.asking = False
        rows = self.model(i)
        shown = repr(rows)
        sent = 0
        if shown != s.shown:
            d.begin()
            fb = d.canvas
            self.painter.paint(fb, rows)
            o = SHIFTS[self.step]
            if o:
                # moved by the table's step as far as its text leaves room
                # (ui.room: no glyph cut); what comes in at the edge is dark;
                # the painter's next paint of it is a whole one
                o &= ui.room(self.deck, rows, fb)
                if o:
                    fb.scroll(o & 1, o >> 1)
                    fb.fill_rect(0, 0, o & 1, ui.H, 0)
                    fb.fill_rect(0, 0, ui.W, o >> 1, 0)
                    self.painter.drawn.pop(id(fb), None)
            s.off = o
            sent = d.show()
            if not d.online:
                s.online = False
                return sent
            # a screen another seat shows too (the shared forms, the entry's
            # pages): its repr and model kept once, not an equal copy per
            # seat (with the painter's memo, ui.Painter, ~3 KB of heap on
            # the entry's bonus page, where make emu's least free heap was)
            for o in self.seats:
                if o.shown == shown:
                    shown, rows = o.shown, o.rows
                    break
            else:
                # a screen of its own (the confirm page's own change): the
                # rows it shares with another seat's kept once, not copied
                rows = list(rows)
                for j in range(len(rows)):
                    for o in self.seats:
                        if o.rows is not None and o is not s and rows[j] in o.rows:
                            rows[j] = o.rows[o.rows.index(rows[j])]
                            break
            s.shown = shown
            s.rows = rows
        s.dirty = False
        v = self.vote
        if self.asking and v is not None and i not in v.seen:
            v.seen.append(i)    # its answers count from now on
        return sent

    def tick(self, ms):
        """ms more without a press (the board's loop, every second): the
        panels dim (CARE), the screens move on in SHIFTS every SHIFT_S.
        True: screens to redraw (moved)."""
        c = self.care
        if self.round_ms is not None:
            self.round_ms += ms     # a tournament round's clock (table.flows.tourney)
        q = self.quiet = self.quiet + ms
        if q >= c[is_flow(self.flow, "Play")] * 1000 > 0 and not self.dim:
            self.dim = True
            for d in self.displays:
                d.contrast(c[2])
        k = q // (c[3] * 1000) & 3 if c[3] else 0
        if k == self.step:
            return False
        self.step = k
        for s in self.seats:
            s.dirty = True
            s.shown = None      # the same screen, painted again and moved
        return True

    def poll_displays(self):
        """Retry the offline displays; True when one came back (its seat
        is to be redrawn)."""
        back = False
        for i in range(self.n):
            d = self.seats[i].disp
            if not d.online and d.poll():
                back = True
        return back

    def after_screens(self, fn):
        """fn() once every screen is drawn (settled, or the end of refresh):
        work no screen waits for, e.g. a file that is not score-sheet data.
        An OSError it raises is noted in errors; the table plays on."""
        self.later.append(fn)

    def _run_later(self):
        while self.later:
            fn = self.later.pop(0)
            try:
                fn()
            except OSError as e:
                self.errors.append(repr(e))

    def settled(self):
        """Every screen is up to date (the board's loop, before it waits for
        the next press): the work that waited for the screens, then collect
        the garbage, so that the next press's answer does not pay for it."""
        self._run_later()
        lang.prepare()      # the language's index, once (after a boot or a change)
        self._prefetch()
        if UNLOAD_FLOWS:
            gc.collect()

    def _prefetch(self):
        """Ready the flow the next press most likely opens (a vote for a new
        table: the setup; else the flow's next_flow()) while the table looks
        at its screens. Its module is imported (on the board: a frozen flow
        module took 3-11 ms of that press's answer on the chip; kept, its
        functions take ~1-2 KB of heap until the next flow change drops what
        is not in use); a score entry is also built (26 ms on the chip: its
        steps' texts and the profile's tables), kept in self.pre for that
        very table (prebuilt()); and the flow's own ahead(), e.g. the score
        of an entry's last step. Nothing here changes what the table sees;
        a failure is noted in errors (the press does the work itself)."""
        v = self.vote
        if v is not None:
            name = "Setup" if v.what == "new" else None
        else:
            f = self.flow
            try:
                f.ahead()       # the flow's own next answer (Entry: its score)
            except Exception as e:  # done again on the press, which says why
                self.errors.append("ahead: " + repr(e))
            name = f.next_flow()
        mod = FLOWS.get(name) if name is not None else None
        if mod is None:
            return
        if mod not in sys.modules:
            __import__(mod)
        if name == "Setup" and v is not None and not v.warmed:
            v.warmed = True
            try:
                sys.modules[mod].warm(self)
            except Exception as e:  # only a cache warmed
                self.errors.append("warm: " + repr(e))
        if name in PREBUILD and v is None:
            key = self._pre_key()
            if self.pre is None or self.pre[1] != key:
                self.pre = None
                try:
                    self.pre = (name, key, getattr(sys.modules[mod], name)(self))
                except Exception as e:  # built again on the press, which says why
                    self.errors.append("prebuild: " + repr(e))

    def _pre_key(self):
        """What a prebuilt flow was made from: the flow it follows, the
        table (game, rules, players, seats, dealer), the deal's number."""
        c = self.cfg
        return (id(self.flow), id(self.deck), c.family, c.preset, id(c.user), repr(c.overrides),
                c.players, c.dealer, repr(c.used), self.deals, self.n_dealt)

    def prebuilt(self, name, make):
        """The flow `name` as _prefetch built it for the table as it is
        now, else make() (and any other prebuilt flow dropped)."""
        p = self.pre
        self.pre = None
        if p is not None and p[0] == name and p[1] == self._pre_key():
            return p[2]
        return make()

    async def _watch(self, period_ms):
        try:
            import asyncio
        except ImportError:  # pragma: no cover
            import uasyncio as asyncio
        while True:
            await asyncio.sleep(period_ms / 1000)
            # only a display back wakes the loop: each wake ends in
            # settled(), whose garbage collection (~13 ms on the chip) a
            # press arriving then would wait for (one press in ~70 did,
            # +12 ms, in make emu)
            if (self.poll_displays() | self.tick(period_ms)) and self.wake is not None:
                self.wake.set()   # a display back (redraw it), or the screens move

    async def run(self, period_ms=20, poll_every=50):
        """The board's loop: screens are redrawn as soon as a button event
        (on_event) wakes it, one seat at a time, the pressing seat first,
        the buttons polled between two seats; offline displays are retried
        every period_ms * poll_every."""
        try:
            import asyncio
        except ImportError:  # pragma: no cover
            import uasyncio as asyncio
        sleep_ms = getattr(asyncio, "sleep_ms", None)
        self.wake = asyncio.Event()
        asyncio.create_task(self._watch(period_ms * poll_every))
        while True:
            if self.redraw_one():
                if sleep_ms:
                    await sleep_ms(0)
                else:
                    await asyncio.sleep(0)
                continue
            self.settled()
            self.wake.clear()
            await self.wake.wait()


# table-wide actions: what the seats are asked (large font, 21 characters),
# whether the flow must offer it (SeatMenu)
# (table.lang keys)
ASK = {"abort": "ask_abort", "discard": "ask_discard",
       "new": "ask_new", "end": "ask_end", "forget": "ask_forget"}
ITEMS = (("m_discard", "discard"), ("m_abort", "abort"), ("m_end", "end"),
         ("m_new", "new"))


class Vote:
    """A table-wide action one seat in play asked for: it happens once every
    seat in play (cfg.used) said yes with ●; a no (◀) of any of them, or the
    asker's ◀ / hold ●, withdraws it and every screen is back where it was.
    While it is open the flow waits (its seats answer here)."""

    def __init__(self, app, seat, what, arg=None):
        self.app = app
        self.by = seat
        self.what = what
        self.arg = arg
        self.yes = [seat]
        # the displays that have shown the question: a press of any other
        # was aimed at the screen it had (a result, its own menu), not here
        self.seen = []
        self.warmed = False     # App._prefetch warmed what it opens
        self.no_presets = False  # ... and found no presets or table file (setup.warm)

    def waiting(self):
        out = []
        for d in self.app.cfg.used:
            if d not in self.yes:
                out.append(d)
        return out

    def press(self, seat, button, kind):
        app = self.app
        if seat not in self.seen:
            app.dirty(seat)     # not an answer: the question comes on its screen
        elif button == LEFT or (seat == self.by and button == OK and kind == LONG):
            app.withdraw()
        elif button == OK and kind == PRESS and seat not in self.yes:
            if self.waiting() == [seat]:
                app.carry_out(self.what, self.by, self.arg)   # the last yes
            else:
                self.yes.append(seat)
                app.dirty_all()

    def model(self, seat):
        app = self.app
        names = app.cfg.names
        mine = seat == self.by
        ask = t(ASK[self.what])
        rows = [row(t("you_ask") if mine else t("asks") % names[self.by], INV),
                row(ask % self.arg if self.arg else ask, LARGE | CENTER)]
        rows.append(row(t("to_answer"), CENTER))
        line = ""
        for d in self.waiting():
            if line and len(line) + 1 + len(names[d]) > 25:
                rows.append(row(line, CENTER))
                line = names[d]
            else:
                line = (line + " " + names[d]) if line else names[d]
        rows.append(row(line, CENTER))
        if mine:
            rows.append(row(t("withdraw"), BOTTOM | CENTER))
        elif app.cfg.table_seat(seat) < 0:
            rows.append(row(t("not_playing_p"), BOTTOM | CENTER))
        elif seat in self.yes:
            rows.append(row(t("said_yes"), BOTTOM | CENTER))
        else:
            rows.append(row(t("yes_no"), BOTTOM | CENTER))
        return rows


ABORT_PARTY = "m_abort_party"   # (table.lang keys: the menu's items)
FORGET = "m_forget"


class SeatMenu:
    """A seat's own menu (long press ●): resume, the score sheet; for a seat
    in play also the table-wide actions the flow allows (the table is asked,
    Vote). Only this seat's screen shows it; a display not in the game has
    only what is its own. The creator's menu also offers the abort of the
    party while seeds/002 (PTO) allows it (app.abort_points): his own action, not
    the table's; it happens once he confirms on the next screen (page 3)."""

    def __init__(self, app, seat):
        self.app = app
        self.i = 0
        self.page = 0   # 0 menu, 1 the sheet (flows.sheetview), 2 past parties, 3 confirm the abort, 4 forget whom, 5 the phones (web.phone)
        self.past = None    # the browser of page 1 or 2, the phones' page 5
        items = ["m_resume", "m_scores"]
        self.acts = [None, None]  # type: list[str | None]
        if app.sheet is not None and (app.sheet.archived or app.sheet.finished()):
            items.append("m_past")   # a party finished: archived, or still in the journal
            self.acts.append(None)
        if getattr(app, "net", None) is not None:   # Wi-Fi: the page's QR codes (web.phone)
            items.append("m_phone")
            self.acts.append(None)
        f = app.flow
        if app.cfg.table_seat(seat) >= 0 and not is_flow(f, "Setup"):
            for label, what in ITEMS:
                if self._offered(what):
                    items.append(label)
                    self.acts.append(what)
        if app.cfg.table_seat(seat) >= 0 and app.roster.names and is_flow(f, "Setup"):
            # forgetting a remembered player: the setup's business (Vote)
            items.append(FORGET)
            self.acts.append("forget")
        if is_flow(f, "Setup"):
            # a tournament's table code, typed on this seat (no computer at
            # hand: table.flows.tourney.from_code), out of the form's way
            items.append("m_code")
            self.acts.append("code")
        self.who = 0    # page 4: the remembered name shown
        self.cost = app.abort_points(seat)
        if self.cost:
            items.append(ABORT_PARTY)
            self.acts.append("party")
        self.keys = items   # the items as table.lang keys; items: in words
        self.items = [t(k) % self.cost if k == ABORT_PARTY else t(k) for k in items]

    def _offered(self, what):
        app = self.app
        f = app.flow
        idle = is_flow(f, "Idle")
        if what == "discard":
            return f.confirming()
        if what == "abort":
            return not idle
        if what == "end":   # not with a result pending (the sheet cannot end the party then)
            return (idle and app.scores is not None and not scores.over(app.scores)
                    and app.scores.pending() is None)
        return True

    def press(self, seat, button, kind):
        app = self.app
        p = self.past
        if p is not None:   # pages 1, 2, 5
            if not p.press(seat, button, kind):
                self.page = 0
                self.past = None
            return
        if self.page == 3:
            if button == OK and kind == PRESS:
                if app.abort_points(seat):
                    app.abort_party(seat)
                else:   # no longer allowed (the cards were dealt meanwhile)
                    app.seats[seat].menu = None
            elif button == LEFT or kind == LONG:
                self.page = 0
            return
        if self.page == 4:
            names = app.roster.names
            if not names or kind == LONG:
                self.page = 0
            elif button == LEFT:
                self.who = (self.who - 1) % len(names)
            elif button == RIGHT:
                self.who = (self.who + 1) % len(names)
            else:   # the whole table is asked (Vote)
                app.propose(seat, "forget", names[self.who % len(names)])
            return
        if button == LEFT:
            self.i = (self.i - 1) % len(self.items)
        elif button == RIGHT:
            self.i = (self.i + 1) % len(self.items)
        elif kind == LONG:
            app.seats[seat].menu = None
        else:
            it = self.keys[self.i]
            if it == "m_resume":
                app.seats[seat].menu = None
            elif it == "m_scores":
                if app.sheet.party is None:
                    self.page = 0
                    return
                from table.flows.sheetview import SheetView
                self.past = SheetView(app, seat, "totals", title=t("scores"))
                self.page = 1
            elif it == "m_past":
                from table.flows.past import Past
                self.past = Past(app)
                self.page = 2
            elif it == "m_phone":
                from web.phone import Phone
                self.past = Phone(app)
                self.page = 5
            elif self.acts[self.i] == "party":
                self.page = 3
            elif self.acts[self.i] == "forget":
                self.page = 4
                self.who = 0
            elif self.acts[self.i] == "code":
                app.seats[seat].menu = None
                setup = app.flow
                from table.flows.codeentry import CodeEntry
                from table.flows import tourney
                app.go(CodeEntry(app, seat, lambda dc: tourney.from_code(app, dc),
                                 lambda: app.go(setup)))
            elif self._offered(self.acts[self.i]):
                app.propose(seat, self.acts[self.i])
            else:   # offered when the menu opened, no longer (the result went)
                app.seats[seat].menu = SeatMenu(app, seat)
                app.seats[seat].err = t("not_now")

    def model(self, seat):
        app = self.app
        p = self.past
        if p is not None:   # pages 1, 2, 5
            return p.model(seat)
        if self.page == 3:
            # seeds/002 (PTO): "Das Spiel hat noch nicht begonnen. Beim Abbruch
            # werden 25 Punkte abgezogen." (ratings stay)
            return ([row(t("abort_party_q"), INV)]
                    + wrap(tn("abort_party_why", self.cost) % self.cost)[:4]
                    + [row(t("abort_back"), BOTTOM | CENTER)])
        if self.page == 4:
            names = app.roster.names
            nm = names[self.who % len(names)] if names else "-"
            return [row(t(FORGET), INV), row("\u25c0 %s \u25b6" % nm, LARGE | CENTER),
                    row(t("keeps_name"), CENTER),
                    row(t("ask_table"), CENTER),
                    row(t("hold_back"), BOTTOM | CENTER)]
        rows = [row(t("menu_of") % app.cfg.names[seat], INV)]
        for k in range(len(self.items)):
            rows.append(row(self.items[k], SEL if k == self.i else 0))
        return larger(app.deck, rows, self.i + 1)   # the item ● takes
