"""The device app through the emulator: real driver bytes decoded by the
emulated SSD1306 controllers, buttons through the real debouncer.

Golden runs (tests/golden/device, host_tools/golden/device_runs.py), hidden cards
never on another seat's screen, glass equal to the framebuffer, a display
pulled mid-deal, only changed screens redrawn, manual entry scored like the
played deal, setup choices, the seat menu, main.py on the HOST board."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import device_runs as G  # noqa: E402

E.hostenv.setup("HOST")   # boards/HOST, firmware/, the framebuf stand-in


def _emu(seats=4, players=None, mode=0, seed=3):
    emu = E.Emulator(seats=seats, seed=seed, record=False)
    E.setup_table(emu, players=players or seats, mode=mode)
    return emu


def _watch(emu):
    """Check every screen at every event (G.Recorder); collect the deals played."""
    from table.flows.play import Play
    rec = G.Recorder(checks=True)
    played = []

    def watch(e):
        rec(e)
        if isinstance(e.app.flow, Play) and e.app.flow not in played:
            played.append(e.app.flow)
    emu.watch = watch
    return rec, played


def _forcing(cid):
    import play

    def decide(deal, rng):
        return play.bot_action(deal, rng, force=cid)
    return decide


def test_device_golden_runs_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "golden", "device_runs.py"),
                        "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_contract_through_the_screens_hides_cards():
    """Each contract forced (forehand declares it after Mein Spiel), played
    by button presses; at every event every seat's screen holds no card
    hidden from it and every glass equals its framebuffer; the sheet gets
    the deal's deltas."""
    from tarock.koenigrufen import profiles as P
    from tarock import seating
    from tarock.rng import Rng
    every = {"contracts": {c: {"on": True} for c in P.KR_CONTRACTS}}  # house options too
    for cid in sorted(P.KR_CONTRACTS):
        seats = 5 if cid % 3 == 0 else 4
        emu = _emu(seats=seats, seed=200 + cid)
        emu.app.cfg.overrides = every     # journalled with the party
        rec, played = _watch(emu)
        E.play_deal(emu, Rng(cid), decide=_forcing(cid))
        assert not emu.app.errors
        f = played[0]
        assert f.deal.contract == cid
        want = seating.to_table(f.deal.result(), f.seats, seats)
        assert emu.app.scores.deals[-1][0] == tuple(want)
        assert sum(want) == 0
        assert rec.events > 20


def test_pulled_display_deal_goes_on_and_shows_current_screen_when_back():
    from tarock.rng import Rng
    from table.flows.play import Play
    from table import ui
    from tarock.koenigrufen import rules as K
    emu = _emu(seats=5, seed=21)
    rng = Rng(21)
    while not (isinstance(emu.app.flow, Play) and emu.app.flow.deal.phase == K.PH_PLAY):
        E.bot_step(emu, rng)
    f = emu.app.flow
    victim = f.disp_of(f.deal.to_move)      # the seat to move loses its screen
    emu.pull(victim)
    tricks = f.deal.trick_no
    for _ in range(12):                     # its buttons still play its cards
        E.bot_step(emu, rng)
    assert f.deal.trick_no > tricks
    assert not emu.displays[victim].online
    assert emu.app.seats[victim].dirty      # owed a redraw
    assert not emu.app.errors
    emu.plug(victim)
    emu.idle()
    assert emu.displays[victim].online
    assert emu.glass_matches(victim)
    # the glass shows the current screen: a fresh paint of the current model
    import framebuf
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    ui.Painter(emu.app.deck).paint(fb, emu.app.model(victim))
    assert bytes(emu.hw.panels[victim].ram) == bytes(buf)
    E.play_deal(emu, rng)
    assert emu.app.scores.count() == 1


def test_display_gone_in_the_middle_of_a_transfer():
    """A display that drops out while a frame is on the wire is marked
    offline; the others keep going; back, it shows the current screen."""
    from tarock.rng import Rng
    emu = _emu(seats=4, seed=5)
    rng = Rng(5)
    for _ in range(3):
        E.bot_step(emu, rng)
    emu.hw.panels[2].cut_after = 40
    for _ in range(10):
        E.bot_step(emu, rng)
    assert not emu.displays[2].online
    emu.plug(2)
    emu.idle()
    assert emu.glass_matches(2)
    assert emu.app.seats[2].rows == emu.app.model(2)


def test_cursor_moves_redraw_only_the_pressing_seat():
    from tarock.rng import Rng
    emu = _emu(seats=5, seed=8)
    E.play_deal(emu, Rng(8))
    moves = [p for p in emu.presses if p.button in (0, 1) and p.flow == "Play"]
    assert len(moves) > 20
    for p in moves:
        assert p.bytes == p.own_bytes, "a cursor move on seat %d sent bytes to others" % p.seat
    # a change of one row does not resend the frame (~1 KB)
    small = sorted(p.own_bytes for p in moves)
    assert small[len(small) // 2] < 400


def test_score_entry_gives_the_played_deals_deltas():
    """Physical cards: the core plays a deal (the real cards), a person enters
    its result through the screens; the one scorer gives the same deltas."""
    from tarock.koenigrufen import profiles as P
    from tarock import seating
    from tarock.rng import Rng
    for k, cid in enumerate((P.RUFER, P.SOLO, P.DREIER, P.BESSER_RUFER, P.PICCOLO,
                             P.BETTEL, P.FARBENSOLO, P.SOLO_DREIER)):
        emu = _emu(seats=4 + k % 2, mode=2, seed=40 + k)
        seed = 40 + k
        got = {}

        def target(e, seed=seed, got=got, cid=cid):
            f = e.app.flow
            c = e.app.cfg
            st = E.core_deal(f.profile, seed, seating.cutter_position(c.players), _forcing(cid))
            got["want"] = seating.to_table(st.result(), f.seats, c.players)
            return E.entry_values(e, st.summary())
        E.play_deal(emu, Rng(seed), entry=target)
        assert emu.app.scores.deals[-1][0] == tuple(got["want"]), cid


def test_entry_refuses_an_impossible_result_and_goes_back():
    from tarock.koenigrufen import profiles as P
    emu = _emu(seats=4, mode=2)
    f, ex = E.enter_refused_valat(emu)
    assert "Valat" in str(ex)
    assert "Valat" in " ".join(emu.text(0))
    emu.press(0, "O")                       # hold ●: back to the bonuses
    assert f.step == len(f.steps()) - 1
    assert f.e["bonus"][P.VALAT] == 1 and f.e["points"] == 35   # kept, to be corrected
    assert emu.app.scores.count() == 0


def test_setup_seats_names_and_a_seat_that_does_not_play():
    from tarock.rng import Rng
    from table.flows.setup import Setup, ROWS
    emu = E.Emulator(seats=5, seed=2, record=False)
    f = emu.app.flow
    E.setup_table(emu, players=4, names=["Ali", "Bea", "Cem", "Dan", "Eli"])
    # choose the displays 0 1 3 4 (seat 2 empty)
    while f.cur != ROWS.index("Seats"):
        emu.press(1, "<")
    while emu.app.cfg.used != [0, 1, 3, 4]:
        emu.press(1, "o")
    assert any("Seats    1245" in t for t in emu.text(0))
    while f.cur != ROWS.index("Start"):
        emu.press(1, ">")
    assert emu.app.cfg.names[:2] == ["Ali", "Bea"]
    emu.press(3, "o")
    assert not isinstance(emu.app.flow, Setup)
    assert emu.text(2)[:2] == ["=Seat 3=", "not playing"]
    emu.keys(2, "<>o")                       # its buttons do nothing
    assert emu.text(2)[:2] == ["=Seat 3=", "not playing"]
    E.play_deal(emu, Rng(2))
    assert emu.app.scores.names == ["Ali", "Bea", "Dan", "Eva"]
    assert any(x.startswith("=Ali ") for x in emu.text(0))   # its row lit


def test_seat_menu_is_private_and_abort_scores_nothing():
    from tarock.rng import Rng
    from table.flows.idle import Idle
    emu = _emu(seats=4, seed=6)
    rng = Rng(6)
    for _ in range(4):
        E.bot_step(emu, rng)
    before = [emu.text(i) for i in range(4)]
    emu.press(1, "O")
    assert emu.text(1)[0].startswith("=Menu")
    assert [emu.text(i) for i in (0, 2, 3)] == [before[i] for i in (0, 2, 3)]
    emu.keys(1, ">o")                       # Scores
    assert emu.text(1)[0] == "=Scores="
    emu.keys(1, "O>o")                      # hold ● back, Abort deal: the table is asked
    assert emu.text(1)[1] == "Abort this deal?"
    for i in (0, 2, 3):
        emu.press(i, "o")                   # everyone says yes
    assert isinstance(emu.app.flow, Idle)
    assert emu.app.scores.count() == 0


def test_hands_fit_their_lines():
    """Every hand of 12 (and 15, 18 while discarding) cards lays out in the
    lines the play and discard screens leave it."""
    import hostenv
    hostenv.setup("HOST")
    from table import ui, text
    from table.games import koenigrufen as kr
    from tarock.rng import shuffled_deck
    for seed in range(300):
        deck = list(shuffled_deck(54, seed))
        for n, free in ((12, 5), (15, 5), (18, 5)):
            hand = sorted(deck[:n])
            lines = ui.hand_lines(kr, hand, text.SMALL, free)
            assert len(lines) <= free, (n, seed, len(lines))
            for line in lines:
                for x, it, bare in line:
                    assert x + text.width(ui.label(kr, it, bare)) <= 128


def test_main_runs_on_the_host_board(tmp_path):
    code = ("import sys, asyncio; sys.path.insert(0, %r); import hostenv; "
            "board = hostenv.setup('HOST'); run = asyncio.run\n"
            "def short(c):\n"
            "    try: run(asyncio.wait_for(c, 0.5))\n"
            "    except asyncio.TimeoutError: pass\n"
            "asyncio.run = short\n"
            "import main\n"
            "p = board.HW.panels[0]\n"
            "print(p.display_on, sum(map(sum, p.rows())))\n") % os.path.join(ROOT, "host_tools", "lib")
    # the journal in tmp_path, not out/storage of the repository (boards/HOST)
    env = dict(os.environ, TAROCKBOX_STORAGE=str(tmp_path / "storage"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       env=env)
    assert r.returncode == 0, r.stderr
    on, lit = r.stdout.split()
    assert on == "True" and int(lit) > 200   # the setup form is on the glass


def test_window_keys_reach_the_app():
    """The pygame window (SDL dummy driver): the key for seat 1's ● held and
    let go starts the game from the setup form; the screens are blitted.
    Emulated time runs 17 ms a frame (the window's 60 Hz), not with the wall
    clock, so a loaded machine cannot stretch the 200 ms press into a hold."""
    code = r"""
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
sys.path.insert(0, %r)
__import__("hostenv").tools()
import emulator as E
import pygame
emu = E.Emulator(seats=4, seed=1, record=False)
down = pygame.event.Event(pygame.KEYDOWN, key=ord("3"))
up = pygame.event.Event(pygame.KEYUP, key=ord("3"))
E.window(emu, scale=1, frames=30, feed={2: [down], 14: [up]}, frame_ms=17)
print(type(emu.app.flow).__name__, len(emu.presses))
""" % os.path.join(ROOT, "host_tools", "lib")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[-2:] == ["Play", "1"]


def test_a_seat_not_to_move_turns_to_the_table_page():
    """◀ ▶ on a seat that is not to move turn its pages: ◀ from the play
    page shows the table page (contract, tricks per player; the last of its
    pages) on that screen only; ● there does nothing."""
    from tarock.rng import Rng
    from tarock.koenigrufen import rules as K
    from table.flows.play import Play
    emu = _emu(seats=4, seed=9)
    rng = Rng(9)
    while not (isinstance(emu.app.flow, Play) and emu.app.flow.deal.phase == K.PH_PLAY
               and emu.app.flow.deal.trick_no >= 2):
        E.bot_step(emu, rng)
    f = emu.app.flow
    other = f.disp_of((f.deal.to_move + 1) % 4)
    before = [emu.text(i) for i in range(4)]
    log = list(f.deal.log)
    emu.press(other, "<")
    page = emu.text(other)
    assert page[1] == f.g.contract_line(f.deal, f.name)
    assert any(t.startswith("tricks ") for t in page)
    assert [emu.text(i) for i in range(4) if i != other] == \
        [before[i] for i in range(4) if i != other]
    assert emu.presses[-1].bytes == emu.presses[-1].own_bytes
    emu.press(other, "o")
    assert f.deal.log == log
    emu.press(other, ">")
    assert emu.text(other) == before[other]


def test_bavarian_plugs_in_virtual_and_entered():
    """The second family through the same screens: virtual deals (hidden
    cards hidden, glass == framebuffer, the sheet gets each deal's deltas)
    and entered deals scored like the core's own play of them."""
    from tarock import seating
    from tarock.rng import Rng
    from tarock.bavarian import rules as B
    from table.games import bavarian as by
    for seed in range(4):
        emu = E.Emulator(seats=3 + seed % 3, seed=seed, record=False)
        E.setup_table(emu, family="bavarian")
        assert emu.app.cfg.players == 3
        rec, played = _watch(emu)
        E.play_deal(emu, Rng(seed))
        f = played[0]
        assert f.deal.phase == B.PH_DONE
        want = seating.to_table(f.deal.result(), f.seats, 3)
        assert emu.app.scores.deals[-1][0] == tuple(want)
    for seed in range(6):
        emu = _emu(seats=3, mode=2, seed=seed)
        E.setup_table(emu, family="bavarian", mode=2)
        got = {}

        def target(e, seed=seed, got=got):
            f = e.app.flow
            st = B.Deal(f.profile, seed=seed)
            rng = Rng(seed)
            bot = E.generic_bot(by)
            while st.phase != B.PH_DONE:
                st.apply(bot(st, rng))
            got["want"] = seating.to_table(st.result(), f.seats, 3)
            return E.entry_values(e, st.summary())
        E.play_deal(emu, Rng(seed), entry=target)
        assert emu.app.scores.deals[-1][0] == tuple(got["want"])


def test_tarockcup_preset_played_and_entered():
    """The Tarockcup preset (its Lizitation, tariff, bonus names, 10 Tarock)
    through the same screens: a virtual deal, and entered deals scored like
    the core's play of them."""
    from tarock import seating
    from tarock.rng import Rng
    for seed in range(3):
        emu = E.Emulator(seats=4, seed=60 + seed, record=False)
        E.setup_table(emu, preset="tarockcup")
        rec, played = _watch(emu)
        E.play_deal(emu, Rng(seed), decide=G._announcer)
        f = played[0]
        assert f.profile["name"] == "tarockcup"
        want = seating.to_table(f.deal.result(), f.seats, 4)
        assert emu.app.scores.deals[-1][0] == tuple(want)
    for seed in range(8):
        emu = E.Emulator(seats=4, seed=70 + seed, record=False)
        E.setup_table(emu, preset="tarockcup", mode=2)
        got = {}

        def target(e, seed=seed, got=got):
            f = e.app.flow
            c = e.app.cfg
            st = E.core_deal(f.profile, 70 + seed, seating.cutter_position(c.players),
                             G._announcer)
            got["want"] = seating.to_table(st.result(), f.seats, c.players)
            got["kind"] = st.cdef["kind"]
            return E.entry_values(e, st.summary())
        E.play_deal(emu, Rng(seed), entry=target)
        assert emu.app.scores.deals[-1][0] == tuple(got["want"]), seed


def _enter_counted(emu, values):
    """Start a score-only deal, enter values (key -> value) through the
    screens; returns (the Entry, presses it took, confirmations included)."""
    from table.flows.entry import Entry
    emu.press(emu.app.cfg.used[0], "o")
    f = emu.app.flow
    assert isinstance(f, Entry)
    target = {}
    for k, v in f.e.items():
        target[k] = list(v) if isinstance(v, list) else v
    target.update(values)
    n = [0]
    real = emu.press

    def press(*a):
        n[0] += 1
        real(*a)
    emu.press = press
    try:
        E.enter(emu, f, target)
    finally:
        emu.press = real
    return f, n[0]


def _kr_case(preset, values, want_pos):
    from tarock import seating
    emu = E.Emulator(seats=4, seed=5, record=False)
    E.setup_table(emu, preset=preset, mode=2)
    _watch(emu)    # every screen checked: its lines fit
    f, presses = _enter_counted(emu, values)
    assert emu.app.scores.deals[-1][0] == tuple(seating.to_table(want_pos, f.seats, 4))
    return f, presses


def test_entered_trischaken_conceded_and_schleifen():
    """Issue 15 item 1: Trischaken with tricks and points counted in threes
    (pagat and Tarockcup settlements), a Besser Rufer conceded with the king
    in the talon, Tarockcup's "schleifen" -- entered by presses, on the sheet
    with the deltas worked by hand (tests/core/test_entry_kr.py)."""
    from tarock.koenigrufen import profiles as P
    from table.games import koenigrufen as kr
    f, n = _kr_case(None, {"contract": P.TRISCHAKEN, "ptricks": [4, 3, 5, 0],
                           "pts": [25, 18, 22, 0]}, [-3, -1, -3, 7])
    assert f.summary.thirds == [76, 54, 68, 0]
    f, n = _kr_case("tarockcup", {"contract": P.TRISCHAKEN, "ptricks": [5, 3, 4, 0],
                                  "pts": [35, 18, 10, 0]}, [-12, 0, 0, 12])
    assert f.summary.thirds == [107, 54, 31, 0]
    f, n = _kr_case(None, {"contract": P.BESSER_RUFER, "declarer": 1,
                           "partner": kr.CONCEDED}, [4, -12, 4, 4])
    assert f.summary.conceded
    f, n = _kr_case("tarockcup", {"contract": P.RUFER, "declarer": 0,
                                  "partner": kr.CONCEDED}, [-3, 1, 1, 1])
    assert f.summary.conceded


def test_a_failing_press_shows_on_that_seat_and_the_table_goes_on():
    from tarock.rng import Rng
    emu = _emu(seats=4, seed=12)
    emu.app.strict = False
    rng = Rng(12)
    for _ in range(3):
        E.bot_step(emu, rng)
    f = emu.app.flow
    real = f.press

    def broken(*a):
        raise RuntimeError("boom")
    f.press = broken
    emu.press(2, ">")
    assert emu.text(2)[-1] == "=Program error, noted="
    assert not any("error" in t for i in (0, 1, 3) for t in emu.text(i))
    assert "boom" in emu.app.errors[-1]             # the words for the log
    f.press = real
    emu.press(2, "<")
    assert not any("error" in t for t in emu.text(2))
    E.play_deal(emu, rng)
    assert emu.app.scores.count() == 1 and len(emu.app.errors) == 1


def test_the_party_survives_a_power_cut(tmp_path):
    """The score sheet's journal on storage: a new app on the same storage
    (the board restarted) goes on with the open party from the idle screens."""
    from tarock.rng import Rng
    from table.flows.idle import Idle
    emu = E.Emulator(seats=5, seed=30, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4, names=["Ana", "Ben", "Cy", "Dora", "Ed"])
    E.play_deal(emu, Rng(30))
    before = emu.app.scores.totals()
    dealer = emu.app.cfg.dealer
    emu2 = E.Emulator(seats=5, seed=31, record=False, storage=str(tmp_path))
    assert isinstance(emu2.app.flow, Idle)
    assert emu2.app.scores.totals() == before
    assert emu2.app.cfg.names[:4] == ["Ana", "Ben", "Cy", "Dora"]
    assert emu2.app.cfg.dealer == dealer
    assert any(x.startswith("=Ana ") for x in emu2.text(0))   # its row lit
    E.play_deal(emu2, Rng(31))
    assert emu2.app.scores.count() == 2


def _forcing_bid(g, R, cid):
    """Bots that bid contract cid as soon as it is legal, pass other bids,
    and otherwise play like E.generic_bot."""
    other = E.generic_bot(g)

    def decide(deal, rng):
        legal = deal.legal_actions()
        if R.A_BID + cid in legal and deal.phase == R.PH_BID:
            return R.A_BID + cid
        if deal.phase == R.PH_BID and R.A_PASS in legal:
            return R.A_PASS
        return other(deal, rng)
    return decide


# (family, screens, players, preset, contract ids to force)
_NEW_FAMILIES = (
    ("french", 4, 4, None, (1, 2, 3, 4)),
    ("french", 3, 3, None, (1, 3)),
    ("french", 5, 5, None, (2, 4)),
    ("french", 5, 5, "strohmann", (1, 3)),
    ("french", 4, 4, "maison", (2,)),
    ("french", 2, 2, None, (1, 2, 3, 4)),
    ("slovenian", 4, 4, None, (1, 2, 3, 4, 5, 6, 7, 8, 9)),
    ("slovenian", 3, 3, None, (1, 2, 3, 7, 9)),
    ("slovenian", 2, 2, None, (1, 3)),
    ("slovenian", 2, 2, "play-tarock-online-open2", (13,)),
    ("slovenian", 4, 4, "standard", (10, 11, 12)),
)


def test_french_and_slovenian_every_contract_through_the_screens_hides_cards():
    """Each contract bid first where legal, played by button presses: no seat's
    screen ever holds a card hidden from it (French: other hands, the chien
    of a garde sans/contre, the écart; Slovenian: hands, the talon until
    turned, the discards, the open game's face-down stacks), glass equals
    framebuffer, the sheet gets the deal's deltas (not zero-sum in
    Slovenian)."""
    from tarock import seating
    from tarock.rng import Rng
    from tarock.french import rules as french
    from tarock.slovenian import rules as slovenian
    played_contracts = set()
    for fam, seats, players, preset, cids in _NEW_FAMILIES:
        R = french if fam == "french" else slovenian
        for cid in cids:
            for tries in range(12):
                seed = 300 + 17 * cid + tries
                emu = E.Emulator(seats=seats, seed=seed, record=False)
                emu.app.strict = True
                E.setup_table(emu, family=fam, players=players, preset=preset)
                rec, played = _watch(emu)
                E.play_deal(emu, Rng(seed), decide=_forcing_bid(emu.app.deck, R, cid))
                assert not emu.app.errors
                f = played[0]
                assert f.deal.n == (4 if preset == "strohmann" else players)
                want = seating.to_table(f.deal.result(), f.seats, players)
                assert emu.app.scores.deals[-1][0] == tuple(want)
                if fam == "french":
                    assert sum(want) == 0
                if f.deal.contract == cid:
                    played_contracts.add((fam, preset, players, cid))
                    break
            assert (fam, preset, players, cid) in played_contracts, (fam, preset, players, cid)


def test_french_and_slovenian_entered_like_the_core_plays_them():
    """Score entry for physical cards: the core plays a deal with the
    table's seating; its Summary entered through the screens (points in
    whole or half points as a person counts them) gives the same deltas."""
    from tarock import seating
    from tarock.rng import Rng
    for fam, seats, players, preset in (("french", 4, 4, None), ("french", 5, 5, None),
                                        ("french", 5, 5, "strohmann"), ("french", 3, 3, "maison"),
                                        ("french", 2, 2, None),
                                        ("slovenian", 4, 4, None), ("slovenian", 3, 3, None),
                                        ("slovenian", 2, 2, "play-tarock-online-open2")):
        for seed in range(5):
            emu = E.Emulator(seats=seats, seed=seed, record=False)
            emu.app.strict = True
            E.setup_table(emu, family=fam, players=players, preset=preset, mode=2)
            got = {}

            def target(e, seed=seed, got=got):
                f = e.app.flow
                g = e.app.deck
                st = g.new_deal(f.profile, 900 + seed, players)
                rng = Rng(seed)
                bot = E.generic_bot(g)
                while not g.is_done(st):
                    st.apply(bot(st, rng))
                got["want"] = seating.to_table(st.result(), f.seats, players)
                return E.entry_values(e, st.summary())
            E.play_deal(emu, Rng(seed), entry=target)
            assert emu.app.scores.deals[-1][0] == tuple(got["want"]), (fam, preset, seed)


def test_slovenian_party_rates_players_and_the_creator_may_abort():
    """Slovenian (play-tarock-online) is not zero-sum and feeds the Elo of
    the sheet with the profile's elo_k; the standard profile (elo_k 0) rates
    nobody; an abort before the first deal costs the profile's abort_points."""
    from tarock.rng import Rng
    from table.sheet import rating
    emu = E.Emulator(seats=4, seed=5, record=False)
    E.setup_table(emu, family="slovenian", players=4)
    E.play_deal(emu, Rng(5))
    sh = emu.app.sheet
    r = sh.ratings()
    pa = sh.party
    d = pa.deltas_of(0)
    seats = sorted(pa.seats_of(0))
    want = rating.changes([rating.START] * 4, [d[s] for s in seats], 24)
    assert [r[pa.players[s]] - rating.START for s in seats] == want
    emu2 = E.Emulator(seats=4, seed=6, record=False)
    E.setup_table(emu2, family="slovenian", preset="standard", players=4)
    E.play_deal(emu2, Rng(6))
    sh2 = emu2.app.sheet
    assert all(v == rating.START for v in sh2.ratings().values())
    sh2.finish()
    sh2.new_party(["Anna", "Bernd", "Clara", "David"], profile="slovenian/play-tarock-online")
    sh2.abort(0)
    assert sh2.totals() == [-25, 0, 0, 0]
    sh2.new_party(["Anna", "Bernd", "Clara", "David"], profile="slovenian/standard")
    sh2.abort(0)
    assert sh2.totals() == [0, 0, 0, 0]


def test_french_party_to_1000_points_ends_and_a_new_one_starts():
    """The '1000' preset: the party ends once a total exceeds 1000 (the
    profile's party_points, strict: seeds/003); the idle screens say so and ● starts a new
    party at the same table."""
    from tarock.rng import Rng
    from table import scores
    emu = E.Emulator(seats=4, seed=8, record=False)
    E.setup_table(emu, family="french", preset="1000")
    k = 0
    while not scores.over(emu.app.scores):
        E.play_deal(emu, Rng(k))
        assert emu.app.sheet.party.end == {"over": 1000}
        k += 1
        assert k < 200
    assert max(emu.app.scores.totals()) > 1000
    assert any(s.startswith("party over") for s in emu.text(0))
    first = emu.app.sheet.party
    E.play_deal(emu, Rng(999))
    assert emu.app.sheet.party is not first and first.over and emu.app.scores.count() >= 1


def _fr_case(preset, values, want_pos, seats=4):
    from tarock import seating
    emu = E.Emulator(seats=seats, seed=5, record=False)
    E.setup_table(emu, family="french", preset=preset, players=seats, mode=2)
    _watch(emu)
    f, presses = _enter_counted(emu, values)
    assert emu.app.scores.deals[-1][0] == tuple(seating.to_table(want_pos, f.seats, seats))
    return f, presses


def test_french_entered_from_the_defence_and_poignees_by_side():
    """Issue 15 item 1: the defence's points counted instead of the taker's,
    poignées by side (to the winner; maison: to the announcer's side), entered
    by presses, on the sheet with the deltas worked by hand
    (tests/core/test_entry_fr.py)."""
    f, n = _fr_case(None, {"contract": 2, "taker": 1, "pile": 5, "dhalves": 87,
                           "pg_def": [1, 0, 0, 0], "quick": 3}, [-84, 252, -84, -84])
    assert f.summary.halves == 95 and f.summary.poignees == [1, 0, 0, 0]
    f, n = _fr_case("maison", {"contract": 2, "taker": 1, "pile": 5, "dhalves": 87,
                               "pg_def": [2, 0, 0, 0], "miseres": [1, 0, 0, 0, 0],
                               "quick": -1},
                    [-4, 92, -44, -44])
    assert f.summary.poignees == [0, 0, 2, 0]
    f, n = _fr_case(None, {"contract": 1, "taker": 0, "halves": 80, "pile": 1,
                           "pg_def": [1, 2, 0, 0], "quick": -1}, [-258, 86, 86, 86])


def test_redraw_one_seat_at_a_time_is_refresh():
    """The board's loop (App.run) redraws with redraw_one(), one seat a
    step, the pressing seat first: the same glass as refresh(), and it ends
    with every screen drawn, a pulled display left owed."""
    from tarock.rng import Rng
    one, ref = _emu(seats=5, seed=13), _emu(seats=5, seed=13)
    order = []

    def stepwise():
        app = one.app
        _redraw = app._redraw
        del order[:]
        app._redraw = lambda i: order.append(i) or _redraw(i)
        mine = app.seats[app.pressed].dirty and app.displays[app.pressed].online
        steps = 0
        while app.redraw_one():
            steps += 1
            assert steps <= 2 * app.n
        app._redraw = _redraw
        if mine:
            assert order[0] == app.pressed      # the pressing seat first
        assert len(set(order)) == len(order)    # each seat once
    one.app.refresh = stepwise
    r1, r2 = Rng(13), Rng(13)
    for k in range(40):
        if k == 20:
            one.pull(3)
            ref.pull(3)
        E.bot_step(one, r1)
        E.bot_step(ref, r2)
        for s in range(5):
            assert one.hw.panels[s].rows() == ref.hw.panels[s].rows(), (k, s)
        assert not any(one.app.seats[s].dirty for s in range(5) if s != 3)
    assert one.app.seats[3].dirty and not one.displays[3].online
    one.plug(3)
    ref.plug(3)
    one.idle()
    ref.idle()
    assert one.hw.panels[3].rows() == ref.hw.panels[3].rows()
    assert one.glass_matches(3)


def test_run_redraws_on_the_event_pressing_seat_first():
    """App.run() waits for a button event (no 20 ms tick) and polls the
    buttons between two seats: one loop step after the event only the
    pressing seat's screen is new, the others follow."""
    import asyncio
    emu = E.Emulator(seats=5, seed=4, record=False)
    app = emu.app
    from table.ui import RIGHT, PRESS
    before = [p.rows() for p in emu.hw.panels]

    async def main():
        task = asyncio.ensure_future(app.run())
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert app.wake is not None and not app.redraw_one()   # all drawn, waiting
        app.on_event(2, RIGHT, PRESS)             # the setup's cursor: every screen
        await asyncio.sleep(0)
        first = [p.rows() != b for p, b in zip(emu.hw.panels, before)]
        for _ in range(10):
            await asyncio.sleep(0)
        task.cancel()
        return first, [p.rows() != b for p, b in zip(emu.hw.panels, before)]
    first, last = asyncio.run(main())
    assert first == [False, False, True, False, False]
    assert last == [True] * 5


def test_the_display_watch_wakes_the_loop_only_for_a_display_back():
    """App.run()'s watch of offline displays: with every display online
    its rounds leave the loop asleep (each wake ends in settled(), whose
    garbage collection a press arriving then would wait for); a display
    plugged back in wakes it and is redrawn."""
    import asyncio
    emu = E.Emulator(seats=3, seed=4, record=False)
    app = emu.app
    calls = []
    real = app.settled
    app.settled = lambda: (calls.append(1), real())[1]

    async def main():
        task = asyncio.ensure_future(app.run(period_ms=1, poll_every=2))
        await asyncio.sleep(0.05)               # ~25 rounds of the watch
        asleep = len(calls)
        emu.hw.panels[1].unplug()
        app.seats[1].disp.online = False        # as a failed show() leaves it
        await asyncio.sleep(0.02)
        emu.hw.panels[1].plug()
        for _ in range(100):
            await asyncio.sleep(0.005)
            if app.seats[1].disp.online and len(calls) > asleep:
                break
        task.cancel()
        return asleep, len(calls)
    asleep, woken = asyncio.run(main())
    assert asleep == 1                          # the first screens only
    assert woken > asleep and app.seats[1].disp.online and app.seats[1].online
