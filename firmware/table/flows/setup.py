# Table setup on the screens: family and profile, players, which seats play,
# names, first dealer, mode. One shared form on every screen; any seat's
# buttons move it (◀ ▶ row, ● change / open / start). Names: every seat in
# play edits its own on its own screen, at the same time.
from table.ui import row, INV, CENTER, SEL, LARGE, BOTTOM
from table.ui import LEFT, RIGHT, OK
from table import games
from table import scores
from table.flows.common import MODE_WORDS
from tarock import families as F
from tarock import profiles as P


ROWS = ("Game", "Rules", "Players", "Seats", "Dealer", "Mode", "Names", "Start")
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

    # -------------------------------------------------------------- values
    def _presets(self):
        """Preset names of the family (profiles.list_presets, sorted)."""
        out = []
        for key, title in P.list_presets(self.app.cfg.family):
            out.append(key.split("/", 1)[1])
        return out

    def value(self, k):
        app = self.app
        c = app.cfg
        r = ROWS[k]
        if r == "Game":
            return games.title(c.family)
        if r == "Rules":
            return c.preset[:17]   # a line holds 25 characters
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
            c.preset = F.family(c.family)["default"].split("/", 1)[1]
            self._fit_players(0)
            app.set_family(c.family)
        elif r == "Rules":
            ps = self._presets()
            i = ps.index(c.preset) if c.preset in ps else -1
            c.preset = ps[(i + 1) % len(ps)]
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
        creator = c.table_seat(disp)
        if creator < 0:
            creator = c.dealer
        app.sheet = scores.new_party(app.book, c.family, c.preset, c.seat_names(), c.dealer,
                                     c.overrides, scores.party_end(prof), creator)
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
        """Row indices shown (Seats only when some display sits idle)."""
        c = self.app.cfg
        out = []
        for k in range(len(ROWS)):
            if ROWS[k] == "Seats" and c.n_displays <= c.players:
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
