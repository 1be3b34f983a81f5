# Helpers for the score-entry tests (tests/core/test_entry_*.py): walk a
# family glue's entry steps as the screens do and score the result. Not a
# test module (no test_ prefix). MicroPython-compatible.
from table.ui import LEFT, RIGHT, OK, PRESS, REPEAT


def fill(G, profile, values, name, n=None):
    """Walk G's entry steps like the screens do, setting each step's value
    from values (key -> value, or key -> list per index; form rows in their
    order, as an item may appear once the one before is set; an item's
    Kontra once the item shows it); returns
    (e, titles). n: players in the deal, for a glue with entry_start."""
    e = G.entry_init(profile)
    if n is not None:
        G.entry_start(profile, e, n)
    titles = []
    k = 0
    while True:
        st = G.entry_steps(profile, e, name)
        if k >= len(st):
            break
        s = st[k]
        if s[0] == "pick":
            if s[1] in values:
                assert values[s[1]] in [o[0] for o in s[3]], (s[1], s[3])
                e[s[1]] = values[s[1]]
            elif e[s[1]] not in [o[0] for o in s[3]]:
                e[s[1]] = s[3][0][0]   # the screen opens on its first choice
            # its title as the screen shows it once chosen (French: the
            # bouts' title says whose pile the choice counts)
            titles.append(G.entry_steps(profile, e, name)[k][2])
        elif s[0] == "number":
            titles.append(s[3])
            if s[1] not in values and len(s) > 7 and s[7] is not None:
                values = dict(values)   # opens on its anchor
                if s[2] >= 0:
                    values[s[1]] = list(e[s[1]])
                    values[s[1]][s[2]] = s[7]
                else:
                    values[s[1]] = s[7]
            if s[1] in values:
                v = values[s[1]][s[2]] if s[2] >= 0 else values[s[1]]
                assert s[4] <= v <= s[5], (s[3], v)
                if s[2] >= 0:
                    e[s[1]][s[2]] = v
                else:
                    e[s[1]] = v
        else:
            titles.append(s[1])
            r = 0
            while r < len(s[2]):
                it = s[2][r]
                key, idx = it[1], it[2]
                if key is not None and key in values:
                    v = values[key][idx] if idx >= 0 else values[key]
                    assert v in it[3], (it[0], v)
                    if idx >= 0:
                        e[key][idx] = v
                    else:
                        e[key] = v
                # its Kontra, once the item shows it (announced)
                k5 = G.entry_steps(profile, e, name)[k][2][r][5]
                if k5 is not None and k5[0] in values:
                    assert values[k5[0]][k5[1]] in k5[2]
                    e[k5[0]][k5[1]] = values[k5[0]][k5[1]]
                s = G.entry_steps(profile, e, name)[k]
                r += 1
            if len(s) > 3 and s[3][0] in values:   # the result on top: won / lost
                assert values[s[3][0]] in [o[0] for o in s[3][1]], (s[3], values[s[3][0]])
                e[s[3][0]] = values[s[3][0]]
        k += 1
    return e, titles


def deltas(G, profile, e):
    s = G.entry_summary(profile, e)
    G.check_entry(profile, s)
    return G.entry_deltas(profile, s), s


def roundtrip(G, profile, st):
    """entry_values of a played deal st, entered again, scores like st."""
    s = st.summary()
    want = G.entry_deltas(profile, s)
    assert list(want) == list(st.result())
    e = G.entry_values(profile, s)
    s2 = G.entry_summary(profile, e)
    G.check_entry(profile, s2)
    got = G.entry_deltas(profile, s2)
    assert list(got) == list(want), (profile["name"], e, got, want)


# A stand-in app for table.flows.entry.Entry: seats 0.. are positions 0..
# (forehand first), names Anna, Bert, ...; deal_done records the deltas
# (confirm, which journals each seat's ● on the device, keeps nothing).
NAMES = ["Anna", "Bert", "Clara", "Dora", "Emil"]


class Cfg:
    def __init__(self, glue, profile, players, active):
        self.players = players
        self.dealer = players - 1     # forehand: position 0 at seat 0 (counter-clockwise: seat 3)
        self.names = NAMES[:players]
        self.used = list(range(players))
        self.confirm = 0              # every seat confirms (Setup's Confirm row)
        self._p = profile
        self._a = active

    def profile(self):
        return self._p

    def active(self):
        return self._a

    def clockwise(self):
        return True

    def table_seat(self, disp):
        return disp if disp < self.players else -1

    def seat_names(self):
        return self.names


class App:
    def __init__(self, glue, profile, players=4, active=4):
        # as the app has it: through games.glue(), which gives the optional
        # functions the family lacks as None (a test imports the module)
        from table import games
        glue = games.glue(glue.FAMILY)
        self.cfg = Cfg(glue, profile, players, active)
        self.deck = glue
        self.n = players
        self.done = []
        self.pressed = 0    # the display whose ● opened the entry: keys() presses as it
        self.scores = NoRadelci()   # the sheet's view: a party without radelci
        self.sheet = None   # no score sheet: the entry opens on the glue's defaults

    def dirty_all(self):
        pass

    def confirm(self, rec, disps, last, deltas, summary, fix=None):
        """The app journals each confirmation (table.app.App.confirm)."""
        return rec

    def deal_done(self, deltas, note):
        self.done.append(deltas)

    def idle(self):
        pass


class NoRadelci:
    """table.scores.Scores as the entry asks it: the deltas as the sheet
    counts them (a profile without radelci: as they are)."""

    def doubled(self, deltas, fix=None):
        return deltas


def keys(f, s, disp=0):
    """'<' '>' 'o' press, '+' a repeat of the key before, 'O' hold ●."""
    last = RIGHT
    for k in s:
        if k == "O":
            f.back(disp)
        elif k == "+":
            f.press(disp, last, REPEAT)
        else:
            last = {"<": LEFT, ">": RIGHT, "o": OK}[k]
            f.press(disp, last, PRESS)


def text(f, disp=0):
    return [r[1] for r in f.model(disp)]
