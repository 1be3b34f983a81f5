# Table setup on the screens: family and profile, players, which seats play,
# names, first dealer, mode. One shared form on every screen; any seat's
# buttons move it (◀ ▶ row, ● change / open / start). Names: every seat in
# play edits its own on its own screen, at the same time.
# Rules: the family's built-in presets, then the table's own from
# presets.txt on the board's storage (tarock.userpresets), read when the
# setup starts (and on ● at the Presets row). A file with an error gives
# no presets of its own; the Presets row is there only then, the cursor
# starts on it, and there the screen shows the error in words.
import sys
from table.ui import row, INV, CENTER, SEL, LARGE, BOTTOM, W
from table.ui import LEFT, RIGHT, OK
from table import games
from table import text
from table import scores
from table.flows.common import MODE_WORDS
from tarock import families as F
from tarock import profiles as P


ROWS = ("Game", "Rules", "Presets", "Players", "Seats", "Dealer", "Mode", "Names", "Start")
# the name editor's choices: OK, delete, space, then the letters
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ\u00c4\u00d6\u00dc"
ED_OK = 0
ED_DEL = 1
ED_SPACE = 2
MAX_NAME = 8


def _popcount(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


class Setup:
    def __init__(self, app):
        self.app = app
        self.cur = len(ROWS) - 1    # on Start: the defaults are one press away
        self.naming = False
        self.ed = [0] * app.n       # name editor choice per display
        self.done = [False] * app.n
        self.user = {}              # the table's own presets: userpresets.read_index()
        self.err = ""               # what is wrong with presets.txt
        self._read()
        if self.err:
            self.cur = ROWS.index("Presets")   # the error shows at once

    def _read(self):
        """The table's own presets from presets.txt in the storage root; an
        error goes to self.err (the built-in presets stay)."""
        app = self.app
        c = app.cfg
        self.user = {}
        self.err = ""
        if app.storage:
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

    def value(self, k):
        app = self.app
        c = app.cfg
        r = ROWS[k]
        if r == "Game":
            return games.title(c.family)
        if r == "Rules":
            return c.preset[:17]   # a line holds 25 characters
        if r == "Presets":
            return "file error"
        if r == "Players":
            return str(c.players)
        if r == "Seats":
            s = ""
            for d in c.used:
                s += str(d + 1)
            return s
        if r == "Dealer":
            return c.names[c.used[c.dealer]]
        if r == "Mode":
            return MODE_WORDS[c.mode]
        if r == "Names":
            return "\u25cf edit"
        return "\u25cf play"

    def _change(self, k, disp=0):
        app = self.app
        c = app.cfg
        r = ROWS[k]
        if r == "Game":
            fams = games.families(c.n_displays)
            i = fams.index(c.family) if c.family in fams else -1
            c.family = fams[(i + 1) % len(fams)]
            c.set_preset(F.family(c.family)["default"].split("/", 1)[1])
            self._fit_players(0)
            app.set_family(c.family)
        elif r == "Rules":
            ps = self._presets()
            i = -1
            for j in range(len(ps)):
                if ps[j][0] == c.preset:
                    i = j
            name, ent = ps[(i + 1) % len(ps)]
            c.set_preset(name, ent)
        elif r == "Presets":
            self._read()       # read again (the file was put right)
            if not self.err:
                self.cur = ROWS.index("Rules")
        elif r == "Players":
            self._fit_players(1)
        elif r == "Seats":
            self._next_seats()
        elif r == "Dealer":
            c.dealer = (c.dealer + 1) % c.players
        elif r == "Mode":
            c.mode = (c.mode + 1) % 3
        elif r == "Names":
            self.naming = True
            for d in range(app.n):
                self.ed[d] = ED_OK
                self.done[d] = c.table_seat(d) < 0
        else:
            self.start(disp)
            return
        app.dirty_all()

    def _fit_players(self, step):
        """Next table size the family supports and the displays allow."""
        c = self.app.cfg
        sizes = []
        for n in F.family(c.family)["players"]:
            if n <= c.n_displays:
                sizes.append(n)
        if not sizes:
            raise ValueError("not enough seats for this game")
        i = sizes.index(c.players) if c.players in sizes else -1
        c.players = sizes[(i + step) % len(sizes)]
        c.used = list(range(c.players))
        c.dealer = 0

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
        c.dealer = 0

    def start(self, disp=0):
        """Display `disp` pressed Start: its seat set the table up, the
        party's creator (seeds/002); a display not in play cannot be one,
        then the first dealer is."""
        app = self.app
        c = app.cfg
        prof = c.profile()  # fails here, on the setup screen, if the preset is unknown
        app.set_family(c.family)
        base, ov = c.party_profile()
        creator = c.table_seat(disp)
        if creator < 0:
            creator = c.dealer
        app.sheet = scores.new_party(app.book, c.family, c.preset, c.seat_names(), c.dealer,
                                     ov, scores.party_end(prof), base, creator)
        app.deals = 0
        app.n_dealt = 0
        app.start_deal()

    # -------------------------------------------------------------- input
    def press(self, seat, button, kind):
        app = self.app
        if self.naming:
            self._edit(seat, button)
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
        if self.naming:
            # this seat keeps its name as it is
            self.done[seat] = True
            self._names_done()
            return True
        return False

    def _rows(self):
        """Row indices shown (Seats only when some display sits idle,
        Presets only when presets.txt has an error)."""
        c = self.app.cfg
        out = []
        for k in range(len(ROWS)):
            if ROWS[k] == "Seats" and c.n_displays <= c.players:
                continue
            if ROWS[k] == "Presets" and not self.err:
                continue
            out.append(k)
        return out

    def _edit(self, seat, button):
        app = self.app
        c = app.cfg
        if c.table_seat(seat) < 0 or self.done[seat]:
            return
        n = 3 + len(LETTERS)
        if button == LEFT:
            self.ed[seat] = (self.ed[seat] - 1) % n
        elif button == RIGHT:
            self.ed[seat] = (self.ed[seat] + 1) % n
        else:
            e = self.ed[seat]
            name = c.names[seat]
            if e == ED_OK:
                if name.strip():
                    c.names[seat] = name.strip()
                    self.done[seat] = True
                    self._names_done()
            elif e == ED_DEL:
                c.names[seat] = name[:-1]
            elif len(name) < MAX_NAME:
                c.names[seat] = name + self._char(name, e)
        app.dirty(seat)

    def _char(self, name, e):
        if e == ED_SPACE:
            return " "
        ch = LETTERS[e - 3]
        # the first letter of a word upper case, the rest lower case
        if name and name[-1] != " ":
            ch = ch.lower()
        return ch

    def _names_done(self):
        for d in self.done:
            if not d:
                return
        self.naming = False
        self.cur = len(ROWS) - 1
        self.app.dirty_all()

    # -------------------------------------------------------------- screens
    def model(self, seat):
        app = self.app
        c = app.cfg
        if self.naming:
            return self._name_model(seat)
        rows = [row("Table setup", INV)]
        if ROWS[self.cur] == "Presets":
            rows.append(row("Presets \u25cf read again", INV))
            for s in text.wrap(self.err, None, W, 6):
                rows.append(row(s))
            return rows
        ks = self._rows()
        i = ks.index(self.cur)
        top = i - 6 if i > 6 else 0
        for k in ks[top:top + 7]:
            s = "%-8s%s" % (ROWS[k], self.value(k))
            rows.append(row(s, INV if k == self.cur else 0))
        return rows

    def _name_model(self, seat):
        c = self.app.cfg
        if c.table_seat(seat) < 0:
            return [row("Names", INV), row("this seat does not play", CENTER)]
        name = c.names[seat]
        if self.done[seat]:
            return [row("Names", INV), row(name, LARGE | CENTER),
                    row("waiting for the others", CENTER)]
        e = self.ed[seat]
        if e == ED_OK:
            ch = "OK"
        elif e == ED_DEL:
            ch = "delete"
        elif e == ED_SPACE:
            ch = "space"
        else:
            ch = self._char(name, e)
        return [row("Your name (seat %d)" % (seat + 1), INV),
                row(name + "_", LARGE | CENTER),
                row(ch, SEL | LARGE),
                row("\u25cf take  hold \u25cf: keep", BOTTOM | CENTER)]
