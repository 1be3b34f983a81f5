"""Two-player games on the device: French Tarot's two-player variant (six
stacks of three before each player, the tops face up) played with virtual
cards and entered for physical cards, and the dealing aid's patterns for it
and for the Slovenian open two-player game (profile open2)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import device_runs as G  # noqa: E402
import screencheck  # noqa: E402

E.hostenv.setup("HOST")   # boards/HOST, firmware/, the framebuf stand-in


def _face_down(d):
    """The French deal's cards lying face down in the stacks."""
    out = set()
    for st in range(12):
        if d.depth[st] != 255:
            out.update(d.stacks[st][:d.depth[st]])
    return out


def _bidder(g, cid):
    """Forehand or the dealer bids contract cid when he can, the other
    passes; then E.generic_bot (cards at random among the legal ones,
    poignées now and then)."""
    from tarock.french import rules as R
    other = E.generic_bot(g)

    def decide(deal, rng):
        legal = deal.legal_actions()
        if deal.phase == R.PH_BID:
            return R.A_BID + cid if R.A_BID + cid in legal else R.A_PASS
        return other(deal, rng)
    return decide


def test_french_two_players_virtual_cards_show_stacks_and_hide_the_rest():
    """A French two-player table (2 screens): per contract, bots press the
    buttons through a whole deal. At every event: the recorder's checks
    (glass == framebuffer, device_golden's privacy rule), and here again
    directly: no seat's screen holds a card face down in a stack or one of
    the other player's hand (but a poignée or the chien shown); while
    playing every screen shows both players' face-up tops, the mover's hand
    row holds its own tops and marks exactly the legal cards. A card turned
    up from under a top is shown once turned. The sheet gets the deltas
    (zero-sum, paid once)."""
    from tarock import seating
    from tarock.french import rules as R
    from tarock.rng import Rng
    from table import ui
    from table.flows.play import Play
    for cid in (1, 2, 3, 4):
        seed = 40 + cid
        emu = E.Emulator(seats=2, seed=seed, record=False)
        emu.app.strict = True
        E.setup_table(emu, family="french", players=2)
        assert emu.app.cfg.players == 2
        rec = G.Recorder(checks=True)
        seen = {"events": 0, "play": 0, "mover": 0, "turned": set(), "deal": None}

        def watch(e, seen=seen, rec=rec):
            rec(e)
            f = e.app.flow
            if not isinstance(f, Play) or f.deltas is not None:
                return
            d = f.deal
            assert d.n == 2 and d.stacks is not None
            if seen["deal"] is not d:
                seen["deal"] = d
                seen["down0"] = _face_down(d)
                assert len(seen["down0"]) == 24         # 12 stacks, 2 under each top
            seen["events"] += 1
            down = _face_down(d)
            shown = set()
            for (q, lv, cs) in d.poignee_shown:
                shown.update(cs)
            if d.chien_shown:
                shown.update(d.chien)     # turned for all before the taker took it
            for disp in range(2):
                pos = f.pos_of(disp)
                rows = e.model(disp)
                cards = set(ui.cards_in(rows))
                assert not cards & down, (disp, sorted(cards & down))
                other = set(d.hand_of(1 - pos)) - shown
                assert not cards & other, (disp, sorted(cards & other))
                seen["turned"].update(cards & seen["down0"])
                if d.phase != R.PH_PLAY or f.page[disp]:
                    continue
                if d.trick_no == 0 and d.poignee_shown:
                    continue        # the poignée's trumps take the stack lines
                seen["play"] += 1
                for q in range(2):
                    top = [c for (c, k) in d.view(q)["stacks"][q] if c >= 0]
                    assert set(top) <= cards, (disp, q, top)
                if pos == d.to_move and f.g.is_card(f.sel):
                    hand = [r for r in rows if r[0] & ui.HAND]
                    assert len(hand) == 1
                    mine = set(d.playable_of(pos))        # the hand and its own tops
                    assert set(hand[0][1]) == mine
                    legal = {a for a in d.legal_actions() if a < 78}
                    marked = {a for a in hand[0][3] if a < 78}
                    assert marked == legal and f.sel in legal
                    seen["mover"] += 1
        emu.watch = watch
        E.play_deal(emu, Rng(seed), decide=_bidder(emu.app.deck, cid))
        assert not emu.app.errors
        d = seen["deal"]
        assert d.contract == cid and d.trick_no == 36, (cid, d.contract)
        assert seen["play"] > 100 and seen["mover"] >= 36 and seen["turned"]
        want = seating.to_table(d.result(), seating.positions(2, 0, 2, False), 2)
        assert emu.app.scores.deals[-1][0] == tuple(want) and sum(want) == 0


def test_french_two_players_entered_for_physical_cards():
    """Score only at a French table of two: no partner step, a poignée row
    per side; Garde by forehand with 47.5 points and 2 bouts:
    needed 41, |95 - 82| = 13 halves -> 7; R = (25 + 7) x 2 = 64, paid once:
    forehand +64, the dealer -64."""
    from tarock.rng import Rng
    from table.flows.entry import Entry
    emu = E.Emulator(seats=2, seed=7, record=False)
    emu.app.strict = True
    E.setup_table(emu, family="french", players=2, mode=2)
    target = {"contract": 2, "taker": 0, "partner": -1, "halves": 95, "pile": 2,
              "dhalves": 87, "petit": 0, "chelem": 0,
              "pg_att": [0, 0], "pg_def": [0] * 4, "miseres": [0] * 5, "quick": 0}
    steps = {}

    def entry(e):
        f = e.app.flow
        assert isinstance(f, Entry) and f.e["n"] == 2
        f._set("contract", -1, 2)
        f._set("quick", -1, -1)        # "other bonuses": the list, for its rows
        st = f.steps()
        steps["labels"] = [s[2] for s in st]
        steps["form"] = [r[0] for r in st[-1][2]]
        f._set("quick", -1, 0)
        return target
    E.play_deal(emu, Rng(7), entry=entry)
    assert not emu.app.errors
    assert "Partner (called)" not in steps["labels"]
    assert steps["form"] == ["Petit bout", "Poign. tak.", "Poign. def.", "Chelem"]
    fh = emu.app.cfg.seat_names().index("Bernd")   # forehand: the dealer Anna's right
    want = [0, 0]
    want[fh] = 64
    want[1 - fh] = -64
    assert emu.app.scores.deals[-1][0] == tuple(want)


def _aid_screens(family, preset=None, turn=False):
    """Set up a 'Deal + score' table of two and return the two screens'
    text at the dealing stage (dealer first), checking that they fit; turn:
    then the dealer's after a ▶ too."""
    from table import ui, text
    from table.flows.aid import Aid
    emu = E.Emulator(seats=2, seed=3, record=False)
    emu.app.strict = True
    E.setup_table(emu, family=family, players=2, preset=preset, mode=1)
    emu.press(0, "o")
    f = emu.app.flow
    assert isinstance(f, Aid) and f.stage == 1
    dealer = emu.app.cfg.used[emu.app.cfg.dealer]
    out = []
    for disp in (dealer, 1 - dealer) + ((dealer,) if turn else ()):
        if len(out) == 2:
            emu.press(dealer, ">")
        rows = emu.model(disp)
        assert rows[0][0] & ui.LARGE, (family, disp, rows[0])   # issue 37: read from a chair
        assert not screencheck.clipped(emu.app.deck, rows), screencheck.clipped(emu.app.deck, rows)
        h = 0
        for r in rows:
            h += text.line_height(text.LARGE if r[0] & ui.LARGE else text.SMALL)
        assert h <= ui.H, (family, disp, h)       # nothing drawn over the ● line
        out.append(emu.text(disp))
    return out


def test_dealing_aid_french_two_players():
    """The dealer sees the two-player pattern: six stacks of three each,
    tops up, first, then the hands and the chien; the other seat what it gets.
    Six lines do not fit under the large header: two pages, ◀ ▶ turn them
    (a step never split), ● on either says dealt."""
    dealer, other, dealer2 = _aid_screens("french", turn=True)
    assert dealer[1:] == ["6 stacks x 3 each, top up", "packets of 3, from Bernd",
                          "round after round", "\u25c0\u25b6 1/2  \u25cf dealt"]
    assert dealer2[1:] == ["6 to the chien one by one", "between packets, not",
                           "with the first or last", "\u25c0\u25b6 2/2  \u25cf dealt"]
    assert other[2:] == ["you get 18 cards", "+ 6 stacks of 3", "Anna deals"]


def test_dealing_aid_slovenian_open_game_and_the_ordinary_one():
    """Profile open2 at two: 3 x 5 each from forehand, then three stacks of
    four face down each (seeds/002); the same table without open2 deals
    the talon first and 2 x 12 each."""
    dealer, other = _aid_screens("slovenian", "play-tarock-online-open2")
    assert dealer[1:] == ["5 each, from Bernd"] * 3 + ["3 stacks x 4 each, down", "\u25cf dealt"]
    assert other[2:] == ["you get 15 cards", "+ 3 stacks of 4", "Anna deals"]
    dealer, other = _aid_screens("slovenian", "play-tarock-online")
    assert dealer[1:] == ["6 to the talon", "12 each, from Bernd", "12 each, from Bernd",
                          "\u25cf dealt"]
    assert other[2:] == ["you get 24 cards", "Anna deals"]


def _aid_play_screen(family, preset):
    """The aid's last screen (after "dealt"), as the forehand sees it."""
    emu = E.Emulator(seats=2, seed=3, record=False)
    emu.app.strict = True
    E.setup_table(emu, family=family, players=2, preset=preset, mode=1)
    emu.press(0, "o")
    dealer = emu.app.cfg.used[emu.app.cfg.dealer]
    emu.press(dealer, "o")                       # ● dealt
    return emu.text(1 - dealer)


def test_aid_open_game_says_who_speaks_first():
    # seeds/002: no bidding in the open game; the non-dealer says
    # "Ich spiele" first or leaves it to the dealer
    assert _aid_play_screen("slovenian", "play-tarock-online-open2")[1:3] == [
        "play the deal", "Bernd speaks first:"]
    assert "Ich spiele, or pass" in _aid_play_screen("slovenian", "play-tarock-online-open2")
    ordinary = _aid_play_screen("slovenian", "play-tarock-online")
    assert "Bernd leads the bidding" in ordinary and "Ich spiele, or pass" not in ordinary


def test_dealing_aid_pages_turn_round_and_any_page_says_dealt():
    """The two-player French pattern's two pages: ◀ from the first is the
    last, ● on the second says dealt (the play's page follows)."""
    from table.flows.aid import Aid
    emu = E.Emulator(seats=2, seed=3, record=False)
    emu.app.strict = True
    E.setup_table(emu, family="french", players=2, mode=1)
    emu.press(0, "o")
    dealer = emu.app.cfg.used[emu.app.cfg.dealer]
    emu.press(dealer, "<")
    assert emu.text(dealer)[-1] == "\u25c0\u25b6 2/2  \u25cf dealt"
    emu.press(1 - dealer, ">")                   # not the dealer's: no page turns
    assert emu.text(dealer)[-1] == "\u25c0\u25b6 2/2  \u25cf dealt"
    emu.press(dealer, "o")
    f = emu.app.flow
    assert isinstance(f, Aid) and f.stage == 2
    assert emu.text(dealer)[1] == "play the deal"
