"""The play view of virtual cards (table.flows.play) through the emulator:
the your-turn header, the trick line on every seat, the last trick on
request, the final trick held before the result, the cursor's first card,
the take-back of a card just played (profile option take_back) and the
hands the rules lay open, on every seat that may see them."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402

E.hostenv.setup("HOST")

from table import ui, text  # noqa: E402


def _emu(seats=4, players=None, seed=3, family=None, preset=None):
    emu = E.Emulator(seats=seats, seed=seed, record=False)
    E.setup_table(emu, players=players or seats, family=family, preset=preset)
    return emu


def _forcing(cid):
    import play

    def decide(deal, rng):
        return play.bot_action(deal, rng, force=cid)
    return decide


def _until(emu, rng, cond, decide=None, limit=3000):
    for _ in range(limit):
        if cond(emu.app.flow):
            return emu.app.flow
        E.bot_step(emu, rng, decide=decide)
    raise AssertionError("never reached")


def _in_play(f):
    return type(f).__name__ == "Play" and f.deltas is None and f.legal is not None \
        and f.g.is_card(f.legal[0])


def _lines_fit(deck, rows):
    """Every row and every line of each hand lies inside the 64 pixels
    (the painter's own layout: a hand gets the lines the rows after it
    leave, hands below it counted with their flowing lines)."""
    y = 0
    n = len(rows)
    bottom = 0
    for r in rows:
        if r[0] & ui.BOTTOM:
            bottom += text.line_height(ui._font(r[0]))
    for i in range(n):
        f = rows[i][0]
        if f & ui.BOTTOM:
            continue
        font = ui._font(f)
        lh = text.line_height(font)
        if f & ui.HAND:
            after = bottom
            for j in range(i + 1, n):
                if rows[j][0] & ui.BOTTOM:
                    continue
                fj = ui._font(rows[j][0])
                k = len(ui.hand_lines(deck, rows[j][1], fj, 0)) if rows[j][0] & ui.HAND else 1
                after += text.line_height(fj) * k
            free = max((ui.H - y - after) // lh, 1)
            y += lh * len(ui.hand_lines(deck, rows[i][1], font, free))
        else:
            y += lh
    return y + bottom <= ui.H


def test_header_trick_line_and_hand_fit_on_every_seat():
    """At every card of whole deals (Königrufen 4 and 5 screens, French
    3 and 4 players, Slovenian): the seat to move has an inverted large
    header with its name, the others a plain one naming it; every seat in
    the deal shows the trick so far (tag and card of each player, in
    order); every hand fits on its screen."""
    from tarock.rng import Rng
    checked = [0]

    def watch(e):
        f = e.app.flow
        if not _in_play(f):
            return
        d = f.deal
        v = f.g.public_view(d)
        items = []
        for (p, c) in v["trick"]:
            items += [f.tags[p], c]
        for disp in e.app.cfg.used:
            rows = e.app.model(disp)
            if f.page[disp]:
                continue
            head = rows[0]
            if f.pos_of(disp) == d.to_move:
                assert head[0] & ui.INV and f.name(d.to_move) in head[1]
                assert head[0] & ui.LARGE or text.width(head[1], text.LARGE) > ui.W
            else:
                assert not head[0] & ui.INV and f.name(d.to_move) in head[1], head
            if items:
                got = []
                for r in rows:
                    if not isinstance(r[1], str) and not r[0] & ui.HAND:
                        got += list(r[1])
                assert got[:len(items)] == items, (got, items)
            assert _lines_fit(e.app.deck, rows), e.text(disp)
            checked[0] += 1
    for (fam, seats, players, seed) in (("koenigrufen", 4, 4, 1), ("koenigrufen", 5, 4, 2),
                                        ("french", 4, 4, 3), ("french", 3, 3, 4),
                                        ("slovenian", 4, 4, 5)):
        emu = _emu(seats=seats, players=players, seed=seed, family=fam)
        emu.watch = watch
        E.play_deal(emu, Rng(seed))
        assert not emu.app.errors
    assert checked[0] > 300


def test_cursor_starts_off_the_honours():
    """Whenever a card is to be chosen the cursor starts on a card that is
    no Pagat / Mond / Sküs (Petit / 21 / Excuse) unless nothing else is
    legal; of the others on a plain card where there is one."""
    from tarock.rng import Rng
    seen = {"honour_only": 0, "choices": 0, "trump_start": 0}

    def watch(e):
        f = e.app.flow
        if not _in_play(f) or f.page[f.disp_of(f.deal.to_move)]:
            return
        legal = f.legal
        hon = f.g.HONOURS if hasattr(f.g, "HONOURS") else ()
        if f.actions and f.actions[-1] == f.sel:
            return   # the cursor moved by the bot already
        plain = [c for c in legal if c not in hon]
        if not plain:
            seen["honour_only"] += 1
            assert f.sel == legal[0]
            return
        assert f.sel == f.g.default_choice(f.deal, legal)
        assert f.sel not in hon
        trump = 0 if f.g.FAMILY != "bavarian" else f.deal.trump
        if any(f.g.suit_of(c) != trump for c in plain):
            assert f.g.suit_of(f.sel) != trump
        else:
            seen["trump_start"] += 1
        seen["choices"] += 1
    for (fam, seed) in (("koenigrufen", 11), ("koenigrufen", 12), ("french", 13),
                        ("slovenian", 14), ("bavarian", 15)):
        emu = _emu(seats=4 if fam != "bavarian" else 3, seed=seed, family=fam)
        # the check runs before the bot's presses: at the first event of
        # each new choice (the cursor just placed by the flow)
        last = [None]

        def w(e, last=last):
            f = e.app.flow
            key = (id(f), len(getattr(f, "actions", ())))
            if key != last[0]:
                last[0] = key
                watch(e)
        emu.watch = w
        E.play_deal(emu, Rng(seed))
    assert seen["choices"] > 40


def test_default_card_rule():
    from table.games import common as G
    from table.games import koenigrufen as kr
    from table.games import french as fr
    # Pagat, II, ♥4: the heart; Pagat and II: the II; the Pagat alone: it
    assert G.default_card([0, 1, 22], kr.suit_of, kr.HONOURS, 0) == 22
    assert G.default_card([0, 1], kr.suit_of, kr.HONOURS, 0) == 1
    assert G.default_card([0], kr.suit_of, kr.HONOURS, 0) == 0
    assert G.default_card([0, 20, 21], kr.suit_of, kr.HONOURS, 0) == 0
    # French: Petit and the Excuse and a 2 of trumps: the 2
    assert G.default_card([0, 1, 77], fr.suit_of, fr.HONOURS, 0) == 1
    assert G.default_card([0, 77], fr.suit_of, fr.HONOURS, 0) == 0


def test_last_trick_on_request_until_the_next_card():
    """A seat not to move: ▶ shows the last trick (who played what, who
    took it) on its screen only; the next card played turns it back. The
    seat to move: ◀ on its first card shows it too (no card is chosen
    there), ● goes back to the cards, nothing is played."""
    from tarock.rng import Rng
    emu = _emu(seats=4, seed=9)
    rng = Rng(9)
    f = _until(emu, rng, lambda f: _in_play(f) and f.deal.trick_no >= 2 and f.deal.nt == 1)
    d = f.deal
    v = f.g.public_view(d)
    other = f.disp_of((d.to_move + 1) % 4)
    emu.press(other, ">")
    page = emu.text(other)
    assert page[1] == "=" + "Last trick" + "="
    want = []
    for (p, c) in v["last_trick"]:
        want += [f.tags[p], f.g.card_label(c)]
    assert page[2].replace("[", "").replace("]", "").split() == want
    assert f.name(v["last_winner"]) in page[3]
    # the seat to move: from its first card to the pages and back
    mover = f.disp_of(d.to_move)
    cards = emu.text(mover)
    legal = f.legal
    while f.sel != legal[0]:
        emu.press(mover, "<")
    emu.press(mover, "<")
    assert f.choices(mover)[1] is None
    assert "Last trick" not in cards[1]
    n_log = len(f.actions)
    shown = emu.text(mover)
    assert any("Last trick" in s for s in shown) or any("tricks" in s for s in shown)
    emu.press(mover, "o")
    assert len(f.actions) == n_log and f.choices(mover)[1] == legal[0]
    # the next card: every seat on its table page again
    E.bot_step(emu, rng)
    assert len(f.actions) == n_log + 1
    assert f.page[other] == 0 and "Last trick" not in " ".join(emu.text(other))


def test_final_trick_stays_until_a_press():
    """After the last card every seat shows the final trick (its cards and
    who took it) until it presses; then its result; the deal goes to the
    sheet once every seat confirmed."""
    from tarock.rng import Rng
    emu = _emu(seats=4, seed=4)
    rng = Rng(4)
    f = _until(emu, rng, lambda f: type(f).__name__ == "Play" and f.deltas is not None)
    v = f.g.public_view(f.deal)
    for disp in emu.app.cfg.used:
        s = emu.text(disp)
        assert "final trick" in s[0], s
        for (p, c) in v["last_trick"]:
            assert f.g.card_label(c) in s[1] + " " + s[2]
        assert f.name(v["last_winner"]) in " ".join(s)
    emu.press(0, "o")
    assert emu.text(0)[0].startswith("=Result")
    assert "final trick" in emu.text(1)[0]
    assert not f.ok[0]          # that press only showed the result
    deals = emu.app.deals
    E.play_deal(emu, rng)
    assert emu.app.deals == deals + 1


def _play_one_card(emu, rng):
    f = emu.app.flow
    disp = f.disp_of(f.deal.to_move)
    E.bot_step(emu, rng)
    return disp


def test_take_back_until_the_next_seat_acts():
    """pagat profile (take_back on): the seat that just played reads
    '● take back'; its ● puts the card back in its hand, the deal as before
    it (every view equal), the cursor on that card, that seat to move
    again. Once the next seat played, ● does nothing."""
    from tarock.rng import Rng
    from table.flows.play import Play
    emu = _emu(seats=4, seed=6)
    rng = Rng(6)
    f = _until(emu, rng, lambda f: _in_play(f) and f.deal.trick_no == 1 and f.deal.nt == 1)
    assert f.take_back
    views = [f.deal.view(p) for p in range(4)]
    n = len(f.actions)
    who = _play_one_card(emu, rng)
    card = f.actions[-1]
    assert card not in f.deal.view(f.pos_of(who))["hand"]
    assert "take back" in emu.text(who)[-1]
    emu.press(who, "o")
    assert len(f.actions) == n
    assert [f.deal.view(p) for p in range(4)] == views
    assert f.disp_of(f.deal.to_move) == who and f.sel == card
    assert not any("take back" in s for i in range(4) for s in emu.text(i))
    # played again, then the next seat plays: no more taking back
    _play_one_card(emu, rng)
    prev = f.backer
    assert prev >= 0
    _play_one_card(emu, rng)
    n = len(f.actions)
    emu.press(prev, "o")
    assert len(f.actions) == n
    assert isinstance(emu.app.flow, Play)


def test_take_back_off_in_tournament_presets():
    """Tarockcup (tournament rules): no take-back offered, ● of the seat
    that just played does nothing; the profile check refuses a non-bool."""
    from tarock.rng import Rng
    from tarock import profiles as PR
    assert not PR.take_back(PR.get("koenigrufen/tarockcup"))
    assert not PR.take_back(PR.get("koenigrufen/tarockcup_austria"))
    for key, title in PR.list_presets():
        if not key.startswith("koenigrufen/tarockcup"):
            assert PR.take_back(PR.get(key)), key
    try:
        PR.overlay(PR.get("french/fft"), {"take_back": "yes"})
        raise AssertionError("refused")
    except PR.ProfileError as e:
        assert "take_back" in str(e)
    emu = _emu(seats=4, seed=6, preset="tarockcup")
    rng = Rng(6)
    f = _until(emu, rng, lambda f: _in_play(f) and f.deal.nt == 1)
    assert not f.take_back
    who = _play_one_card(emu, rng)
    n = len(f.actions)
    assert not any("take back" in s for s in emu.text(who))
    emu.press(who, "o")
    assert len(f.actions) == n


def test_ouvert_hands_on_every_other_seat():
    """Piccolo ouvert and Bettel ouvert (Königrufen: all four hands open
    once the first card of trick 2 lies) and the Slovenian Offener Bettler
    (the declarer's hand open in the play): before that no other hand is on
    any screen; from then every seat sees the declarer's cards (on its play
    page, else on a page of its own one ▶ away), the declarer another hand."""
    from tarock.rng import Rng
    import test_device as TD
    from tarock.slovenian import rules as SR
    from tarock.koenigrufen import profiles as P
    cases = (("koenigrufen", 10, None), ("koenigrufen", 12, None), ("slovenian", 10, None))
    for fam, cid, preset in cases:
        for seed in range(40):
            emu = _emu(seats=4, seed=700 + seed, family=fam, preset=preset)
            if fam == "koenigrufen":
                emu.app.cfg.overrides = {"contracts": {c: {"on": True} for c in P.KR_CONTRACTS}}
                decide = _forcing(cid)
            else:
                decide = TD._forcing_bid(emu.app.deck, SR, cid)
            rng = Rng(seed)
            f = _until(emu, rng, lambda f: type(f).__name__ == "Play"
                       and (f.deltas is not None or (f.legal is not None and f.g.is_card(f.legal[0])
                            and f.g.public_view(f.deal)["phase"] == "play")), decide=decide)
            if f.deltas is None and f.deal.contract == cid:
                break
        else:
            raise AssertionError("contract %d never played" % cid)
        d = f.deal
        seen = 0
        while f.deltas is None:
            v = f.g.public_view(d)
            opened = f.g.open_hands(d, v)
            if fam == "koenigrufen":
                assert bool(opened) == (d.trick_no > 1 or (d.trick_no == 1 and d.nt > 0))
            for disp in emu.app.cfg.used:
                pos = f.pos_of(disp)
                mine = set(d.view(pos)["hand"])
                shown = set(ui.cards_in(emu.app.model(disp))) - mine
                others = set()
                for (q, cs) in opened:
                    if q != pos:
                        others |= set(cs)
                assert shown <= others | {c for (p, c) in v["trick"]} | {
                    c for (p, c) in v.get("last_trick", ())}, (disp, emu.text(disp))
                if opened and pos != d.declarer:
                    decl = set(d.view(d.declarer)["hand"])
                    if not decl <= shown:   # not on the play page: on one ▶ away
                        assert any("hand" in s or "Blatt" in s for s in emu.text(disp))
                        k = 0
                        while not decl <= set(ui.cards_in(emu.app.model(disp))) and k < 6:
                            if f.pos_of(disp) == d.to_move:
                                break
                            emu.press(disp, ">")
                            k += 1
                        if f.pos_of(disp) != d.to_move:
                            assert decl <= set(ui.cards_in(emu.app.model(disp)))
                            while f.page[disp]:
                                emu.press(disp, ">")
                    seen += 1
            E.bot_step(emu, rng, decide=decide)
        assert seen > 10, (fam, cid)


def test_poignee_trumps_kept_back_by_the_announcer():
    """French, 4 seats, the taker holding 12 trumps shows a simple poignée
    (10): his screen asks for the two he keeps hidden, the cursor on his
    highest trump not kept back; ● keeps one back, ● on it again brings it
    back; then ● shows the rest. The other screens stay as they were the
    whole time (no count, no choice on them), and then show those ten."""
    from tarock.rng import Rng
    from tarock.french import rules as R
    import table.games.french as FG
    real = FG.new_deal
    # seed 937: position 2 holds 2 3 5 6 7 8 9 10 11 12 15 21
    FG.new_deal = lambda profile, seed, n_table: R.Deal(
        profile, seed=937, n=FG.players_in_deal(profile, n_table))
    try:
        emu = E.Emulator(seats=4, seed=5, record=False)
        E.setup_table(emu, players=4, family="french", lang="en")
        bot = E.generic_bot(FG)

        def decide(deal, rng):
            if deal.phase == R.PH_BID:
                return R.A_BID + 2 if deal.to_move == 2 else R.A_PASS
            if deal.phase == R.PH_PLAY and R.A_POIGNEE in deal.legal_actions():
                return R.A_POIGNEE
            return bot(deal, rng)
        f = _until(emu, Rng(5), lambda f: type(f).__name__ == "Play" and f.g is FG
                   and f.deal.phase == R.PH_SHOW, decide=decide)
    finally:
        FG.new_deal = real
    d = f.deal
    assert d.to_move == 2
    me = f.disp_of(2)
    others = [x for x in emu.app.cfg.used if x != me]
    before = {x: emu.text(x) for x in others}
    for x in others:
        assert any("Poign" in s for s in before[x]) and not any("hidden" in s for s in before[x])
    assert any("keep hidden: 2" in s for s in emu.text(me))
    assert f.sel == 20                          # the 21
    emu.press(me, "o")
    assert d.hidden == 1 << 20 and f.sel == 14  # kept back; the cursor on the 15
    assert any("hidden 21" in s for s in emu.text(me)), emu.text(me)
    emu.press(me, ">")
    assert f.sel == 20
    emu.press(me, "o")                          # a mistake: the 21 comes back
    assert d.hidden == 0 and any("keep hidden: 2" in s for s in emu.text(me))
    emu.press(me, "o")
    emu.press(me, "o")
    assert d.hidden == (1 << 20) | (1 << 14) and f.sel == R.A_SHOW
    assert any("Show poign" in s for s in emu.text(me))
    assert {x: emu.text(x) for x in others} == before
    emu.press(me, "o")
    assert d.phase == R.PH_PLAY and d.poignee_shown == [(2, 1, [1, 2, 4, 5, 6, 7, 8, 9, 10, 11])]
    for x in others:
        seen = set(ui.cards_in(emu.app.model(x)))
        assert {1, 2, 4, 5, 6, 7, 8, 9, 10, 11} <= seen and not {14, 20} & seen


def test_the_movers_choices_are_made_when_first_asked_for():
    # a press's event leaves the next mover's legal actions and default
    # choice to the first screen (or press) that asks: the pressing seat's
    # screen is drawn before them; what they are does not change
    from tarock.rng import Rng
    from table.ui import OK, PRESS
    emu = _emu()
    emu.press(0, "o")                       # Start
    f = emu.app.flow
    rng = Rng(7)
    for _ in range(6):
        d = f.deal
        seat = emu.app.cfg.used[f.seats[d.to_move]]
        f.press(seat, OK, PRESS)            # the mover's ● on its default choice
        if f.deltas is not None:
            break
        assert f._pending and f._legal is None          # nothing made yet
        want = f.deal.legal_actions()
        assert f.legal == want and not f._pending
        assert f.sel == f.g.default_choice(f.deal, want)
        emu.app.refresh()
        E.bot_step(emu, rng)
