# The setup's names (table.flows.setup) on a stand-in app, so that the
# letter wheel's non-ASCII letters and their lower case (MicroPython's
# str.lower() knows ASCII only), the lists of names and the refusals run
# under MicroPython too. The whole flow through the buttons:
# tests/host/test_setup_fast.py.
from table.flows import setup as S
from table.sheet.journal import MemStore
from table.sheet.roster import Roster
from table.ui import LEFT, RIGHT, OK, PRESS, REPEAT
from tarock.rng import Rng

# the setup flow, the roster and the presets check fit 192K with a board's
# 32-bit objects (the WebAssembly run keeps 192K), not with the unix port's
# 64-bit ones since Setup.FORM (host_tools/micropython/mp_unix.py)
MP_UNIX_HEAP = "224K"


class _Seat:
    err = ""


class _Cfg:
    def __init__(self, names):
        self.names = list(names)
        self.used = list(range(len(names)))
        self.players = len(names)
        self.dealer = 0
        self.user = None

    def table_seat(self, d):
        return d if d < len(self.used) else -1


class _App:
    def __init__(self, names, remembered=()):
        self.n = len(names)
        self.cfg = _Cfg(names)
        self.roster = Roster(MemStore())
        self.roster.names = list(remembered)
        self.seats = [_Seat() for _ in names]
        self.storage = None
        self.vote = None
        self.draws = Rng(3)

    def dirty(self, i):
        pass

    def dirty_all(self):
        pass


def _naming(names, remembered=()):
    app = _App(names, remembered)
    f = S.Setup(app)
    f._change(S.ROWS.index("Names"))
    assert f.naming
    return app, f


def _type(f, seat, name):
    f.press(seat, LEFT, PRESS)          # "new name": one ◀ from the first entry
    f.press(seat, OK, PRESS)
    assert f.typing[seat]
    for ch in name:
        k = S.LETTERS.find(ch)
        if k < 0:
            k = S.LOWER.find(ch)
        while f.ed[seat] != S.ED_FIRST + k:
            f.press(seat, RIGHT, REPEAT)
        f.press(seat, OK, PRESS)
    while f.ed[seat] != S.ED_OK:
        f.press(seat, LEFT, REPEAT)
    f.press(seat, OK, PRESS)


def test_the_wheel_has_the_four_games_letters_in_both_cases():
    assert len(S.LETTERS) == len(S.LOWER) == 26 + 4 + 4 + 3
    for ch in "\u00c4\u00d6\u00dc\u00df\u00c9\u00c8\u00c0\u00c7\u010c\u0160\u017d":
        assert ch in S.LETTERS
    for ch in "\u00e4\u00f6\u00fc\u00e9\u00e8\u00e0\u00e7\u010d\u0161\u017e":
        assert ch in S.LOWER
    # each accent right after its base letter: Ü one step past U
    assert S.LETTERS.find("\u00dc") == S.LETTERS.find("U") + 1


def test_typed_names_with_umlaut_cedilla_and_hachek():
    app, f = _naming(["Anna", "Bernd", "Clara"])
    _type(f, 0, "M\u00fcller")
    _type(f, 1, "\u010cop")
    _type(f, 2, "Fran\u00e7ois")
    assert app.cfg.names == ["M\u00fcller", "\u010cop", "Fran\u00e7ois"] and not f.naming


def test_a_taken_name_is_refused_with_the_reason_and_not_offered():
    app, f = _naming(["Anna", "Bernd"], ["Ute", "Otto", "Ria"])
    assert f.offered(0) == ["Anna", "Ute", "Otto", "Ria", S.NEW_NAME]
    f.press(1, RIGHT, PRESS)
    f.press(1, RIGHT, PRESS)            # Bernd -> Ute -> Otto
    f.press(1, OK, PRESS)
    assert app.cfg.names[1] == "Otto" and f.done[1]
    assert "Otto" not in f.offered(0)
    _type(f, 0, "Otto")
    assert not f.done[0] and app.seats[0].err == "Otto is taken"
    assert app.cfg.names[0] == "Anna"


def test_empty_and_long_names_are_refused():
    app, f = _naming(["Anna", "Bernd"])
    f.press(0, LEFT, PRESS)
    f.press(0, OK, PRESS)
    f.ed[0] = S.ED_OK
    f.press(0, OK, PRESS)
    assert app.seats[0].err == "a name needs a letter" and f.typing[0]
    f.ed[0] = S.ED_SPACE
    f.press(0, OK, PRESS)
    assert app.seats[0].err == "no space here" and f.text[0] == ""
    f.ed[0] = S.ED_FIRST
    for _ in range(S.MAX_NAME + 1):
        f.press(0, OK, PRESS)
    assert f.text[0] == "A" + "a" * (S.MAX_NAME - 1)
    assert app.seats[0].err == "at most %d letters" % S.MAX_NAME
    f.ed[0] = S.ED_DEL
    f.press(0, OK, PRESS)
    assert f.text[0] == "A" + "a" * (S.MAX_NAME - 2)


def test_end_choices_in_words():
    assert S.end_words(None) == "open-ended"
    assert S.end_words({"over": 1000}) == "first past 1000"
    assert S.end_words({"target": 500}) == "first to 500"
    assert S.end_words({"rounds": 1}) == "1 round"
    assert S.end_words({"rounds": 3}) == "3 rounds"
    assert S.end_words({"deals": 12}) == "12 deals"


def test_presets_file_looked_for_without_its_reader():
    # the setup checks for presets.txt itself (not importing the reader
    # when there is none): the same name, and "no file" only when its
    # folder does not list it
    from mpcompat import tmpdir, rmdir
    from tarock import userpresets as U
    assert S.USER_FILE == U.USER_FILE
    d = tmpdir("presets")
    try:
        p = d + "/" + S.USER_FILE
        assert S._no_file(p)
        with open(p, "w") as fh:
            fh.write("")
        assert not S._no_file(p)
        # a folder that cannot be listed: the reader decides
        assert not S._no_file(d + "/missing/" + S.USER_FILE)
    finally:
        rmdir(d)


def test_a_setup_built_ahead_is_one_as_it_opens():
    # (warm's: no file read, no dealer drawn from the table's RNG)
    app = _App(["Anna", "Bert", "Cora", "Dora"])
    before = app.draws.below(1000)
    app.draws = Rng(3)
    f = S.Setup(app, ahead=True)
    assert isinstance(f, S.Setup) and f.app is app and not f.naming
    assert S.ROWS[f.cur] == "Start" and f.err == "" and f.drawn and f.user == {}
    assert app.draws.below(1000) == before      # nothing drawn
