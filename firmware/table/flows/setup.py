# Table setup on the screens: family and profile, players, which seats play,
# first dealer (drawn by the hardware-seeded RNG, or chosen), how the party
# ends, mode, names. One shared form on every screen; any seat's buttons
# move it (◀ ▶ row, ● change / open / start); the defaults are one ● away.
# Names: every seat in play picks its own on its own screen, at the same
# time, from the remembered players (table.sheet.roster, recent first; a
# name another seat took is not offered), or types a new one on the letter
# wheel (held ◀ ▶ repeat).
# Rules: the family's built-in presets, then the table's own from
# presets.txt on the board's storage (tarock.userpresets), read when the
# setup starts (and on ● at the Presets row). A file with an error gives
# no presets of its own; the Presets row is there only then, the cursor
# starts on it, and there the screen shows the error in words.
import os
import sys
from table.ui import row, ljust, INV, CENTER, SEL, LARGE, BOTTOM, W
from table.ui import LEFT, RIGHT
from table import games
from table import text
from table import scores
from table import lang
from table.lang import t, tn
from table.flows.common import MODE_WORDS, MODES, Flow
from tarock import families as F
from tarock import profiles as P


# the name editor's wheel: done, delete, space, then the letters the four
# games' names need, each accent right after its base letter (Ü is one ▶
# past U); on screen upper case, in the name the first letter of a word
# upper case, the rest lower case (LOWER: MicroPython's str.lower() knows
# ASCII only)
LETTERS = ("A\u00c4\u00c0BC\u00c7\u010cDE\u00c9\u00c8FGHIJKLMNO\u00d6"
           "PQRS\u0160\u00dfTU\u00dcVWXYZ\u017d")
LOWER = ("a\u00e4\u00e0bc\u00e7\u010dde\u00e9\u00e8fghijklmno\u00f6"
         "pqrs\u0161\u00dftu\u00fcvwxyz\u017e")
ED_OK = 0
ED_DEL = 1
ED_SPACE = 2
ED_FIRST = 3         # the wheel's first letter: where a new name starts
MAX_NAME = 8
NEW_NAME = None      # the name list's last entry: type a new one
# how a party may end (Setup's End row), after the profile's own:
# open-ended, rounds (everyone dealt R times), a number of deals
END_CHOICES = (None, {"rounds": 1}, {"rounds": 2}, {"rounds": 3}, {"rounds": 4},
               {"deals": 8}, {"deals": 12}, {"deals": 16}, {"deals": 24})


def end_words(e):
    """A party end (Sheet.new_party's end) in the setup's words (17 chars)."""
    if not e:
        return t("open_ended")
    if "over" in e:
        return t("first_past") % e["over"]
    if "target" in e:
        return t("first_to") % e["target"]
    if "rounds" in e:
        r = e["rounds"]
        return tn("n_rounds", r) % r
    if "deals" in e:
        return tn("n_deals", e["deals"]) % e["deals"]
    return t("as_rules_say")


USER_FILE = "presets.txt"   # tarock.userpresets.USER_FILE (tests/core/test_setup_names.py)


def _no_files(root, names):
    """None of the files is in the folder root (listed once; a folder that
    cannot be listed: they may be there)."""
    try:
        there = os.listdir(root)
    except OSError:
        return False
    for n in names:
        if n in there:
            return False
    return True


def _no_file(path):
    """There is no presets file (the common case), so its reader and json
    need not be loaded into the new table's first answer (~8 ms on the
    chip): its folder does not list it (the reader would then find none
    either; a folder that cannot be listed is left to the reader)."""
    k = path.rfind("/")
    try:
        return path[k + 1:] not in os.listdir(path[:k] if k > 0 else "/")
    except OSError:
        return False


def _popcount(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


WARM_TEXTS = 16     # the texts of the first screen (14 in German, a test counts)


def warm(app):
    """The words of a new table's first setup screen into the language's
    cache (App._prefetch, while a vote for a new table is open): after a
    deal they are all misses, ~0.35 ms each on the chip, 14 of them in
    that press's answer. The screen of a setup as it opens (on Start, the
    dealer as it is now), made by one built ahead: no dealer drawn."""
    lang.room(WARM_TEXTS)
    rows = Setup(app, ahead=True).model(0)
    v = app.vote
    if v is not None and app.storage:
        # and whether there is a presets file or a tournament's table file
        # (a folder listed: ~1.5 ms of that press on the chip); only this
        # vote's setup takes it: the files change only when the board is
        # stopped (mpremote)
        v.no_presets = _no_files(app.storage, (USER_FILE, "tourney.json"))
    return rows


class Setup(Flow):
    def __init__(self, app, ahead=False, no_presets=False, tfile=False):
        """ahead: only its screen as it opens (warm): no file read, no
        dealer drawn from the table's RNG. no_presets: it is known that
        there is no presets file (warm looked). tfile: a tournament's table
        file is on the board (its card: the Tournament row)."""
        self.app = app
        self.tfile = tfile
        self.cur = ROWS.index("Start")  # the defaults are one press away
        self.naming = False
        # Start pressed while the remembered players hold a name no seat
        # has: every seat says who sits there first (issue 37, a new table
        # in fewer presses), then the display that pressed Start starts
        self.go = None
        self.named = False          # the names were taken in this setup
        n = app.n
        # the names, per display: taken (done), the name under the cursor
        # of the list (cand, NEW_NAME: "new name"), typing a new one (text,
        # ed: the wheel's position)
        self.done = [False] * n
        self.cand = [None] * n
        self.typing = [False] * n
        self.text = [""] * n
        self.ed = [ED_FIRST] * n
        self.end = 0                # END row: index into self._ends()
        self._endk = None           # (profile, _ends()) last made
        self.drawn = True           # the first dealer was drawn, not chosen
        self.user = {}              # the table's own presets: userpresets.read_index()
        self.err = ""               # what is wrong with presets.txt
        if ahead:
            return
        self._read(no_presets)
        self._draw()
        if self.err:
            self.cur = ROWS.index("Presets")   # the error shows at once

    def _read(self, no_presets=False):
        """The table's own presets from presets.txt in the storage root; an
        error goes to self.err (the built-in presets stay)."""
        app = self.app
        c = app.cfg
        self.user = {}
        self.err = ""
        if app.storage and not no_presets and not _no_file(app.storage + "/" + USER_FILE):
            before = set(sys.modules)
            from tarock import userpresets as U
            try:
                self.user = U.read_index(app.storage + "/" + U.USER_FILE)
            except P.ProfileError as e:
                self.err = str(e)
            app.drop_new(before)
        if c.user is not None:
            # the table's own preset of the last party: as the file has it now
            ent = self.user.get(c.family + "/" + c.preset)
            if ent is None:
                c.set_preset(F.family(c.family)["default"].split("/", 1)[1])
            else:
                c.set_preset(c.preset, ent)

    def _draw(self):
        """The first dealer, drawn by the hardware-seeded RNG (app.draws)."""
        c = self.app.cfg
        c.dealer = self.app.draws.below(c.players)
        self.drawn = True

    # -------------------------------------------------------------- values
    def _presets(self):
        """[(name, user entry or None)] of the family: the built-in presets
        (profiles.list_presets, sorted), then the table's own (sorted)."""
        fam = self.app.cfg.family
        out = []
        for key, title in P.list_presets(fam):
            out.append((key.split("/", 1)[1], None))
        for key in sorted(self.user):
            k = key.find("/")
            if key[:k] == fam:
                out.append((key[k + 1:], self.user[key]))
        return out

    def _ends(self):
        """How the party may end: the profile's own first, then END_CHOICES
        (kept for the profile: every screen's End row asks)."""
        prof = self.app.cfg.profile()
        k = self._endk
        if k is not None and k[0] is prof:
            return k[1]
        own = scores.party_end(prof)
        out = [own]
        for e in END_CHOICES:
            if e != own:
                out.append(e)
        self._endk = (prof, out)
        return out

    def end_choice(self):
        ends = self._ends()
        return ends[self.end % len(ends)]

    def value(self, k):
        """Row k's value as the form shows it."""
        return self.FORM[k][1](self, self.app.cfg, None)

    def _change(self, k, disp=0):
        """● on row k, by display disp."""
        self.FORM[k][1](self, self.app.cfg, disp)
        self.app.dirty_all()

    # -------------------------------------------------------------- the rows
    # One method a row of the form (FORM): with disp None the row's value
    # (shown after its label, table.lang "row_" + its name), else what ● on
    # it does (disp: the display that pressed).
    def _language(self, c, disp):
        if disp is None:
            return lang.NAMES[c.language()]
        # chosen: the table keeps it when the game changes
        cs = lang.CODES
        c.lang = cs[(cs.index(c.language()) + 1) % len(cs)]

    def _game(self, c, disp):
        if disp is None:
            return games.title(c.family)
        fams = games.families(c.n_displays)
        i = fams.index(c.family) if c.family in fams else -1
        c.family = fams[(i + 1) % len(fams)]
        c.set_preset(F.family(c.family)["default"].split("/", 1)[1])
        self._fit_players(0)
        self.app.set_family(c.family)
        self.end = 0

    def _rules(self, c, disp):
        if disp is None:
            return games.rules_name(c.family, c.preset)[:16]   # a line holds 25 characters
        ps = self._presets()
        i = -1
        for j in range(len(ps)):
            if ps[j][0] == c.preset:
                i = j
        name, ent = ps[(i + 1) % len(ps)]
        c.set_preset(name, ent)
        self.end = 0

    def _presets_file(self, c, disp):
        if disp is None:
            return t("file_error")
        self._read()       # read again (the file was put right)
        if not self.err:
            self.cur = ROWS.index("Rules")

    def _players(self, c, disp):
        if disp is None:
            return str(c.players)
        self._fit_players(1)

    def _seats(self, c, disp):
        if disp is None:
            s = ""
            for d in c.used:
                s += str(d + 1)
            return s
        self._next_seats()

    def _dealer(self, c, disp):
        if disp is None:
            return c.names[c.used[c.dealer]] + (t("drawn") if self.drawn else "")
        c.dealer = (c.dealer + 1) % c.players
        self.drawn = False

    def _end(self, c, disp):
        if disp is None:
            return end_words(self.end_choice())
        self.end = (self.end + 1) % len(self._ends())

    def _mode(self, c, disp):
        if disp is None:
            return t(MODE_WORDS[c.mode])
        c.mode = (c.mode + 1) % 3

    def _confirm(self, c, disp):
        # who confirms a result: every seat in the deal, or the declarer's
        # side and one opponent (as Bridgemate asks one opponent)
        if disp is None:
            return t(("cf_all", "cf_side")[c.confirm])
        c.confirm ^= 1

    def _names(self, c, disp):
        if disp is None:
            return t("choose")
        self.naming = True
        for d in range(self.app.n):
            self.done[d] = c.table_seat(d) < 0
            self.cand[d] = c.names[d]
            self.typing[d] = False

    def _tourney(self, c, disp):
        if disp is None:
            return t("tn_back")
        self.app.go(self.app.setup_flow())

    def _start(self, c, disp):
        if disp is None:
            return t("play")
        if not self.named:
            names = c.seat_names()
            for nm in self.app.roster.names:
                if nm not in names:      # someone else may sit down
                    self._names(c, disp)
                    self.go = disp
                    self.app.dirty_all()
                    return
        self.start(disp)

    # The form's rows, top to bottom: (name, its method, when it is on the
    # form: None always). Language first: the form opens on Start with the
    # rows above it in view, the language is one ◀ past the game. Presets
    # only when presets.txt has an error, Seats when a display sits idle.
    FORM = (("Language", _language, None), ("Game", _game, None), ("Rules", _rules, None),
            ("Presets", _presets_file, lambda s, c: s.err != ""), ("Players", _players, None),
            ("Seats", _seats, lambda s, c: c.n_displays > c.players), ("Dealer", _dealer, None),
            ("End", _end, None), ("Mode", _mode, None),
            ("Confirm", _confirm, lambda s, c: c.mode > 0), ("Names", _names, None),
            ("Tourney", _tourney, lambda s, c: s.tfile),
            ("Start", _start, None))

    def _fit_players(self, step):
        """Next table size the family supports and the displays allow."""
        c = self.app.cfg
        sizes = []
        for n in F.family(c.family)["players"]:
            if n <= c.n_displays:
                sizes.append(n)
        if not sizes:
            raise ValueError(t("too_few_seats"))
        i = sizes.index(c.players) if c.players in sizes else -1
        c.players = sizes[(i + step) % len(sizes)]
        c.used = list(range(c.players))
        self._draw()

    def _next_seats(self):
        """Next choice of displays in play (combinations of `players`)."""
        c = self.app.cfg
        m = 0
        for d in c.used:
            m |= 1 << d
        n = c.n_displays
        while True:
            m = (m + 1) % (1 << n)
            if _popcount(m) == c.players:
                break
        c.used = []
        for d in range(n):
            if m & (1 << d):
                c.used.append(d)
        self._draw()

    def start(self, disp=0):
        """Display `disp` pressed Start: its seat set the table up, the
        party's creator (seeds/002, PTO); a display not in play cannot be one,
        then the first dealer is."""
        app = self.app
        c = app.cfg
        c.profile()  # fails here, on the setup screen, if the preset is unknown
        names = c.seat_names()
        for ts in range(len(names)):
            if names[ts] in names[:ts]:   # cannot happen through the Names row
                raise ValueError("two seats are called " + names[ts])
        app.set_family(c.family)
        base, ov = c.party_profile()
        creator = c.table_seat(disp)
        if creator < 0:
            creator = c.dealer
        app.scores = scores.new_party(app.sheet, c.family, c.preset, names, c.dealer,
                                     ov, self.end_choice(), base, creator, c.language(),
                                     MODES[c.mode], c.used, c.confirm)
        # these players come first next time; players.txt is no score-sheet
        # data: written once the screens are out (its crash-safe rewrite
        # costs ~17 ms on the chip); a store that refuses: the table plays on
        app.roster.use(names, save=False)
        app.after_screens(app.roster.save)
        app.deals = 0
        app.n_dealt = 0
        app.start_deal()

    # -------------------------------------------------------------- input
    def press(self, seat, button, kind):
        app = self.app
        if app.vote is not None:
            return      # the table is asked (a display not in play has no say)
        if self.naming:
            if self.app.cfg.table_seat(seat) >= 0 and not self.done[seat]:
                if self.typing[seat]:
                    self._edit(seat, button)
                else:
                    self._pick(seat, button)
                app.dirty(seat)
            return
        rows = self._rows()
        if button == LEFT:
            self.cur = rows[(rows.index(self.cur) - 1) % len(rows)]
        elif button == RIGHT:
            self.cur = rows[(rows.index(self.cur) + 1) % len(rows)]
        else:
            self._change(self.cur, seat)
            return
        app.dirty_all()

    def back(self, seat):
        if not self.naming:
            return False
        if self.app.cfg.table_seat(seat) < 0 or self.done[seat]:
            return True
        if self.typing[seat]:
            self.typing[seat] = False      # back to the list, nothing typed kept
        else:
            self._take(seat, self.app.cfg.names[seat])   # keeps its name
        self.app.dirty(seat)
        return True

    def ahead(self):
        """App._prefetch, the screens drawn: the screens of the cursor's
        next ◀ and ▶ made now, so that their words are in the language's
        cache (▶ on Start wraps to the first rows, which the first screen
        does not show: 5 misses, ~2 ms of that press on the chip). Only
        self.cur moves, and back: nothing the table sees changes."""
        if self.naming:
            return
        rows = self._rows()
        cur = self.cur
        i = rows.index(cur)
        lang.room(WARM_TEXTS)
        try:
            for j in (i + 1, i - 1):
                self.cur = rows[j % len(rows)]
                self.model(0)
        finally:
            self.cur = cur

    def _rows(self):
        """Row indices shown (FORM: a row's own condition)."""
        c = self.app.cfg
        out = []
        k = 0
        for r in self.FORM:
            if r[2] is None or r[2](self, c):
                out.append(k)
            k += 1
        return out

    # -------------------------------------------------------------- names
    def _taken(self, seat):
        """Names other seats in play have taken (done) in this round."""
        c = self.app.cfg
        out = []
        for d in c.used:
            if d != seat and self.done[d]:
                out.append(c.names[d])
        return out

    def offered(self, seat):
        """The names display `seat` may pick: the remembered ones (recent
        first; the same order on every screen) that no other seat took, its
        own first when it is none of them, then NEW_NAME."""
        own = self.app.cfg.names[seat]
        taken = self._taken(seat)
        names = self.app.roster.names
        out = [] if own in names or own in taken else [own]
        for nm in names:
            if nm not in taken:
                out.append(nm)
        out.append(NEW_NAME)
        return out

    def _pick(self, seat, button):
        ls = self.offered(seat)
        i = ls.index(self.cand[seat]) if self.cand[seat] in ls else 0
        if button == LEFT:
            self.cand[seat] = ls[(i - 1) % len(ls)]
        elif button == RIGHT:
            self.cand[seat] = ls[(i + 1) % len(ls)]
        elif ls[i] is NEW_NAME:
            self.typing[seat] = True
            self.text[seat] = ""
            self.ed[seat] = ED_FIRST
        else:
            self._take(seat, ls[i])

    def _refuse(self, seat, why):
        self.app.seats[seat].err = why[:25]

    def _take(self, seat, name):
        """Display `seat` is `name` (checked: not empty, no other seat in
        play took it; the wheel types at most MAX_NAME letters, a remembered
        name is taken as the journal has it); a seat still choosing whose
        list showed it moves on."""
        app = self.app
        if not name:
            self._refuse(seat, t("name_letter"))
            return
        if name in self._taken(seat):
            self._refuse(seat, t("name_taken") % name)
            return
        app.cfg.names[seat] = name
        self.done[seat] = True
        self.typing[seat] = False
        for d in app.cfg.used:
            if not self.done[d] and self.cand[d] == name:
                ls = self.offered(d)
                self.cand[d] = ls[0]
                app.dirty(d)
        self._names_done()

    def _edit(self, seat, button):
        n = ED_FIRST + len(LETTERS)
        if button == LEFT:
            self.ed[seat] = (self.ed[seat] - 1) % n
            return
        if button == RIGHT:
            self.ed[seat] = (self.ed[seat] + 1) % n
            return
        e = self.ed[seat]
        name = self.text[seat]
        if e == ED_OK:
            self._take(seat, name.strip())
        elif e == ED_DEL:
            self.text[seat] = name[:-1]
        elif len(name) >= MAX_NAME:
            self._refuse(seat, t("name_max") % MAX_NAME)
        elif e == ED_SPACE and (not name or name[-1] == " "):
            self._refuse(seat, t("no_space"))
        else:
            self.text[seat] = name + self._char(name, e)

    def _char(self, name, e):
        if e == ED_SPACE:
            return " "
        k = e - ED_FIRST
        # the first letter of a word upper case, the rest lower case
        if name and name[-1] != " ":
            return LOWER[k]
        return LETTERS[k]

    def _names_done(self):
        for d in self.done:
            if not d:
                return
        self.naming = False
        self.named = True
        self.cur = ROWS.index("Start")
        self.app.dirty_all()
        if self.go is not None:
            self.start(self.go)

    # -------------------------------------------------------------- screens
    def model(self, seat):
        if self.naming:
            return self._name_model(seat)
        rows = [row(t("table_setup"), INV)]
        if ROWS[self.cur] == "Presets":
            rows.append(row(t("presets_again"), INV))
            err = self.err
            if lang.code() != "en":
                # the reader's words are English (for whoever edits the
                # file): another table reads where, in its own words
                k = err.find(" line ") + 6
                j = err.find(":", k)
                n = err[k:j] if k > 5 and j > k else ""
                err = t("presets_bad") % int(n) if n.isdigit() else t("presets_bad_file")
            for s in text.wrap(err, None, W, 6):
                rows.append(row(s))
            return rows
        ks = self._rows()
        i = ks.index(self.cur)
        # the row the cursor is on in the large font where it fits the line
        # (issue 37: read from a chair; its label closer up if that helps),
        # then six rows show, else seven
        lab = t("row_" + ROWS[self.cur])
        v = self.value(self.cur) or ""
        cur = row(ljust(lab, 8) + " " + v, INV)
        for s in (cur[1], lab + " " + v):
            if text.width(s, text.LARGE) < W:
                cur = row(s, INV | LARGE)
                break
        n = 6 if cur[0] & LARGE else 7
        top = i - n + 1 if i > n - 1 else 0
        for k in ks[top:top + n]:
            if k == self.cur:
                rows.append(cur)
            else:
                rows.append(row(ljust(t("row_" + ROWS[k]), 8) + " " + self.value(k)))
        return rows

    def _name_model(self, seat):
        c = self.app.cfg
        if c.table_seat(seat) < 0:
            return [row(t("names"), INV), row(t("seat_not_playing"), CENTER)]
        if self.done[seat]:
            return [row(t("names"), INV), row(c.names[seat], LARGE | CENTER),
                    row(t("waiting_others"), CENTER)]
        if not self.typing[seat]:
            ls = self.offered(seat)
            cand = self.cand[seat] if self.cand[seat] in ls else ls[0]
            i = ls.index(cand)
            return [row(t("who_sits") % (seat + 1), INV),
                    row("\u25c0 %s \u25b6" % (t("new_name") if cand is NEW_NAME else cand),
                        LARGE | CENTER),
                    row(t("n_of_m") % (i + 1, len(ls)), CENTER),
                    row(t("take_keep"), BOTTOM | CENTER)]
        name = self.text[seat]
        e = self.ed[seat]
        if e == ED_OK:
            ch = t("ed_done")
        elif e == ED_DEL:
            ch = t("ed_delete")
        elif e == ED_SPACE:
            ch = t("ed_space")
        else:
            # the wheel around the cursor: two letters either side
            n = len(LETTERS)
            k = e - ED_FIRST
            ch = "%s %s [%s] %s %s" % (LETTERS[(k - 2) % n], LETTERS[(k - 1) % n], LETTERS[k],
                                       LETTERS[(k + 1) % n], LETTERS[(k + 2) % n])
        return [row(t("new_name_seat") % (seat + 1), INV),
                row(name + "_", LARGE | CENTER),
                row(ch, SEL | LARGE | CENTER),
                row(t("take_list"), BOTTOM | CENTER)]


# the form's rows by name (FORM's order): Setup.cur is an index into it
ROWS = tuple([r[0] for r in Setup.FORM])
