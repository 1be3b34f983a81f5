"""Work done ahead while the table looks at its screens (App._prefetch, run
by the board's loop once every screen is drawn, and by the emulator after
each press): the score entry the dealing aid's ● opens is built beforehand,
for that very table only; what the seats see is the same as without it."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402

E.hostenv.setup("HOST")


def _to_play(seed=17):
    """A 4-seat table with the dealing aid, cut and dealt: the cards are played."""
    from table.flows.aid import Aid, CUT, PLAY
    emu = E.Emulator(seats=4, seed=seed, record=False)
    E.setup_table(emu, players=4, mode=1)
    emu.press(0, "o")                       # Start
    f = emu.app.flow
    for _ in range(4):
        if f.stage == PLAY:
            break
        who = emu.app.cfg.used[f.cutter] if f.stage == CUT else emu.app.cfg.used[emu.app.cfg.dealer]
        emu.press(who, "o")
    assert isinstance(f, Aid) and f.stage == PLAY
    return emu


def _answer_misses(monkeypatch, emu):
    """The keys the language's cache misses in the presses' answers from
    now on (not in settled(), the work done ahead after each press)."""
    from table import lang
    missed = []
    idle = [False]
    real, settled = lang._find, emu.app.settled

    def find(key):
        if not idle[0]:
            missed.append(key)
        return real(key)

    def ahead():
        idle[0] = True
        try:
            settled()
        finally:
            idle[0] = False
    monkeypatch.setattr(lang, "_find", find)
    monkeypatch.setattr(emu.app, "settled", ahead)
    return missed


def test_the_aids_entry_is_built_ahead_and_taken():
    from table.flows.entry import Entry
    emu = _to_play()
    pre = emu.app.pre
    assert pre is not None and pre[0] == "Entry" and isinstance(pre[2], Entry)
    emu.press(0, "o")                       # ● enter the result
    assert emu.app.flow is pre[2] and emu.app.pre is None


def test_a_prebuilt_entry_is_the_fresh_one():
    from table.flows.entry import Entry
    emu = _to_play()
    built = emu.app.pre[2]
    fresh = Entry(emu.app)
    assert built.steps() == fresh.steps() and built.e == fresh.e
    assert built.seats == fresh.seats and built.profile == fresh.profile
    emu.press(0, "o")
    fresh.owner = built.owner               # (the seat whose ● opened it)
    assert emu.app.flow is built and built.model(0) == fresh.model(0)


def test_a_changed_table_gets_a_new_entry():
    # the dealer moved after the entry was built (as a correction could):
    # the press builds a fresh one for the table as it is
    emu = _to_play()
    built = emu.app.pre[2]
    c = emu.app.cfg
    c.dealer = (c.dealer + 1) % c.players
    emu.press(0, "o")
    f = emu.app.flow
    assert f is not built and type(f).__name__ == "Entry"
    assert f.seats != built.seats


def test_a_vote_builds_nothing_ahead_and_a_flow_change_drops_it():
    emu = _to_play()
    assert emu.app.pre is not None
    emu.app.go(emu.app.flow)                # any flow change
    assert emu.app.pre is None
    emu.app.propose(0, "abort")
    emu.app.settled()
    assert emu.app.pre is None              # a vote open: nothing built ahead


def _last_step(emu):
    """The aid's entry with its defaults, up to its last step."""
    emu.press(0, "o")
    f = emu.app.flow
    from table.flows.entry import CLAIM
    while f.step < len(f.steps()) - 1:
        if f.steps()[f.step][0] == "pick" and f.e[f.steps()[f.step][1]] == CLAIM:
            emu.press(f.owner, ">")           # the partner picked by the owner
        emu.press(f.owner, "o")               # the seat that opened it enters
        if f._claim() is not None and f.step < len(f.steps()):
            emu.press(f.owner, "O")           # back to the partner passed
    return f


def test_the_last_steps_score_is_ready_and_used(monkeypatch):
    emu = _to_play()
    f = _last_step(emu)
    assert f._ahead is not None and f._ahead[1][1] is not None   # scored ahead
    calls = []
    g = f.g
    real = g.entry_deltas
    monkeypatch.setattr(g, "entry_deltas", lambda *a: calls.append(1) or real(*a))
    emu.press(f.owner, "o")                                     # ● done
    assert f.deltas is not None and calls == []                  # not scored again
    fresh = f._result()
    from tarock import seating
    assert f.deltas == seating.to_table(fresh[1], f.seats, emu.app.cfg.players)


def test_a_change_after_the_score_ahead_is_scored_again(monkeypatch):
    emu = _to_play()
    f = _last_step(emu)
    gen = f._ahead[0]
    seat = f.owner
    emu.press(seat, "<")                    # on the game's Kontra (the list's last row)
    emu.press(seat, "o")                    # one ●: a Kontra given, the cursor on "won"
    assert f.gen != gen and f.e["kontra"][0] == 1 and f.row == 0
    emu.press(seat, "<")
    emu.press(seat, "o")                    # a given one opens: ◀ back to none
    emu.press(seat, "<")
    emu.press(seat, "o")
    assert f.item < 0 and f.e["kontra"][0] == 0
    while f.row != 0:
        emu.press(seat, ">")
    assert f._ahead is not None and f._ahead[0] == f.gen   # scored again, ahead
    want = f._result()
    # a score made for an older generation is never taken
    f._ahead = (f.gen - 1, (want[0], [999] * len(want[1]), ""))
    emu.press(seat, "o")
    from tarock import seating
    assert f.deltas == seating.to_table(want[1], f.seats, emu.app.cfg.players)
    assert 999 not in f.deltas


def test_a_new_table_vote_warms_the_setups_words(monkeypatch):
    # while the table votes on a new table, the setup's first screen's
    # words are looked up ahead: the last yes finds every one of them cached
    from table import lang
    from table.flows import setup as S
    emu = E.Emulator(seats=4, seed=5, record=False)
    E.setup_table(emu, players=4, mode=0)
    emu.press(0, "o")                       # Start: a virtual deal
    lang._cache.clear()
    emu.app.propose(0, "new")
    emu.app.refresh()   # the question on the screens: presses answer it now
    emu.app.settled()
    assert emu.app.vote.warmed
    emu.press(1, "o")
    emu.press(2, "o")
    missed = _answer_misses(monkeypatch, emu)
    emu.press(3, "o")                       # the last yes
    assert isinstance(emu.app.flow, S.Setup)
    assert missed == [], missed
    # the stand-in's screen is the setup's first one
    assert S.warm(emu.app) == emu.app.flow.model(0)


def test_warm_texts_fits_the_first_screen(monkeypatch):
    from table import lang
    from table.flows import setup as S
    emu = E.Emulator(seats=5, seed=5, record=False)
    seen = set()
    real = lang.get
    monkeypatch.setattr(lang, "get", lambda k, d: seen.add(k) or real(k, d))
    S.warm(emu.app)
    assert 0 < len(seen) <= S.WARM_TEXTS <= lang.CACHE


def test_the_setups_next_screens_are_warmed(monkeypatch):
    # the setup's ◀ and ▶ screens are made ahead (Setup.ahead): from Start,
    # ▶ wraps to the first rows, and then ◀ back, without a language miss;
    # ahead leaves the cursor where it was
    from table import lang
    from table.flows import setup as S
    emu = E.Emulator(seats=5, seed=5, record=False)
    f = emu.app.flow
    assert isinstance(f, S.Setup)
    lang._cache.clear()
    cur = f.cur
    emu.app.settled()
    assert f.cur == cur and emu.app.seats[0].dirty is False
    missed = _answer_misses(monkeypatch, emu)
    emu.press(0, ">")
    assert f.cur != cur and missed == [], missed
    emu.press(0, "<")
    assert f.cur == cur and missed == [], missed


def test_a_new_table_vote_looks_for_the_presets_file_ahead(tmp_path, monkeypatch):
    # setup.warm also lists the storage folder once: the last yes opens the
    # setup without listing it again when there is no presets file; with
    # one, the setup reads it as ever
    from table.flows import setup as S
    for there in (False, True):
        d = tmp_path / str(there)
        d.mkdir()
        emu = E.Emulator(seats=4, seed=5, record=False, storage=str(d))
        E.setup_table(emu, players=4, mode=0)
        emu.press(0, "o")                   # Start: a virtual deal
        if there:
            (d / S.USER_FILE).write_text('[ours]\nbase = "koenigrufen/pagat"\n')
        emu.app.propose(0, "new")
        emu.app.refresh()   # the question on the screens: presses answer it now
        emu.app.settled()
        assert emu.app.vote.no_presets is (not there)
        lists = []
        real = S.os.listdir
        monkeypatch.setattr(S.os, "listdir", lambda p: lists.append(p) or real(p))
        for seat in (1, 2, 3):
            emu.press(seat, "o")
        monkeypatch.undo()
        f = emu.app.flow
        assert isinstance(f, S.Setup)
        if there:
            assert lists and "koenigrufen/ours" in f.user and f.err == "", (f.user, f.err)
        else:
            assert lists == [] and f.user == {} and f.err == ""
