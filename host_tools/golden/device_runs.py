#!/usr/bin/env python3
"""Golden device runs in tests/golden/device/ (review them as diffs).

    python host_tools/golden/device_runs.py --force   # regenerate: bots play, changed files written
    python host_tools/golden/device_runs.py           # the same, but writes over nothing: names what changed
    python host_tools/golden/device_runs.py --check   # replay every script, exit 1 if a screen differs

Each scenario is a whole deal (Königrufen unless it names its family) driven through the emulator
(host_tools/emulator/emulator.py) by button presses:
  <name>.script   the button presses (the input; `seed`/`seats` header lines)
  <name>.txt      the transcript: after every button event, the text of every
                  screen that changed (from the screen models)
  <name>/NN_*.png all seat screens read back from the emulated controllers,
                  whenever the phase changes (compared pixel by pixel)
Regenerating lets bots decide (play.bot_action, a fixed seed) and records
their presses; --check (tests/host/test_device.py) replays the scripts
without bots and compares the transcript and every image.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()
import emulator as E  # noqa: E402

OUT = os.path.join(HERE, "..", "..", "tests", "golden", "device")


def _knock_first(deal, rng):
    import play
    from tarock.koenigrufen import rules as K
    if deal.phase == K.PH_CUT:
        return K.A_KNOCK
    return play.bot_action(deal, rng)


def _announcer(deal, rng):
    """Bots that also announce and give Kontra now and then (so those
    screens appear): the first legal non-pass choice on every third turn."""
    import play
    from tarock.koenigrufen import rules as K
    if deal.phase == K.PH_ANNOUNCE and rng.below(3) == 0:
        legal = deal.legal_actions()
        other = [a for a in legal if a != K.A_PASS]
        if other:
            return other[rng.below(len(other))]
    return play.bot_action(deal, rng)


def _poignee_taker(deal, rng):
    """French bots: the seat with the most trumps bids a garde, the others
    pass; whoever may announces a poignée, and keeps back the trumps the
    screen offers first (its highest), then shows it; otherwise
    E.generic_bot."""
    from tarock.french import rules as FR
    from table.games import french as fr
    legal = deal.legal_actions()
    if deal.phase == FR.PH_BID:
        t = [sum(1 for c in deal.hand_of(p) if c < 21) for p in range(deal.n)]
        want = FR.A_BID + 2 if deal.to_move == t.index(max(t)) else FR.A_PASS
        return want if want in legal else FR.A_PASS
    if deal.phase == FR.PH_PLAY and FR.A_POIGNEE in legal:
        return FR.A_POIGNEE
    if deal.phase == FR.PH_SHOW:
        return fr.default_choice(deal, legal)
    return E.generic_bot(fr)(deal, rng)


def _low_bidder(deal, rng):
    """Slovenian bots: the first bid is the lowest contract there is, then
    everyone passes (a king call, the talon in its groups, announcements);
    otherwise E.generic_bot."""
    from tarock.slovenian import rules as SL
    from table.games import slovenian as si
    legal = deal.legal_actions()
    if deal.phase == SL.PH_BID:
        bids = [a for a in legal if a != SL.A_PASS]
        if bids and all(a == SL.A_PASS for (p, a) in deal.bids):
            return min(bids)
        return SL.A_PASS
    return E.generic_bot(si)(deal, rng)


# name: (seats, players, mode, names typed (or None), seed, bots, entry[, family[, preset]])
#   bots: decide(deal, rng) for virtual deals; entry: "core" (enter the
#   result of a deal the core plays with the same seating) or a dict
SCENARIOS = {
    "virtual_4": (4, 4, 0, ["Jo", "Ute", "Ida", "Max"], 11, _announcer, None),
    "virtual_5_knock": (5, 5, 0, None, 12, _knock_first, None),
    "physical_4": (4, 4, 1, None, 13, None, "core"),
    "score_5_bettel": (5, 5, 2, None, 14, None, {
        # Bettel by position 1 who took one trick (lost: 3 to each), position
        # 2 gave Kontra (x2 in his own settlement)
        "contract": 7, "declarer": 1, "partner": -1, "points": 0, "tricks": 1,
        "pts": [0, 0, 0, 0], "ptricks": [3, 3, 3, 3], "bonus": [0] * 11,
        "kontra": [0] * 12, "neg_kontra": [0, 0, 1, 0]}),
    "bavarian_4_virtual": (4, 3, 0, None, 15, None, None, "bavarian"),
    # one run a language: the family's own (FAMILY_LANG)
    "koenigrufen_4_de": (4, 4, 0, None, 31, _announcer, None),
    "bavarian_3_de": (3, 3, 0, None, 32, None, None, "bavarian"),
    "slovenian_4_sl": (4, 4, 0, None, 33, _low_bidder, None, "slovenian"),
    "french_4_fr": (4, 4, 0, None, 34, None, None, "french"),
    "french_4_virtual": (4, 4, 0, None, 16, None, None, "french"),
    # seed 103: position 3 holds 11 trumps, takes a garde and shows a simple
    # poignée of 10, keeping one back (issue 16)
    "french_4_poignee": (4, 4, 0, None, 103, _poignee_taker, None, "french"),
    "slovenian_4_virtual": (4, 4, 0, None, 17, _low_bidder, None, "slovenian"),
    "french_4_score": (4, 4, 2, None, 18, None, {
        # Garde by position 1, 47.5 points (95 halves) with 2 bouts: needed
        # 41, |95 - 82| = 13 halves -> 7 points; a simple poignée (20) by
        # the taker's side (position 1) to the winner: R = (25 + 7) x 2 + 20 = 84; taker 3R =
        # +252, each defender -84
        "contract": 2, "taker": 1, "partner": -1, "halves": 95, "pile": 2, "petit": 0,
        "dhalves": 87,
        "chelem": 0, "pg_att": [1, 0], "pg_def": [0] * 4, "miseres": [0] * 5, "quick": 2}, "french"),
    "slovenian_3_score": (3, 3, 2, None, 19, None, {
        # Zwei (20, play-tarock-online) by position 0 with 41 points: 20 +
        # (41 - 35) = 26, Trull made silently +10: 36; three players, no
        # partner: +36 for him, -36 for each of the others (not zero-sum)
        "contract": 2, "declarer": 0, "partner": -1, "points": 41, "tricks": 0,
        "pts": [0, 0, 0], "notrick": [0, 0, 0], "bonus": [1, 0, 0, 0, 0, 0],
        "kontra": [0] * 7}, "slovenian"),
    # two players: the French stacks (six each, tops face up) on the screens
    "french_2_virtual": (2, 2, 0, None, 20, None, None, "french"),
    "french_2_deal": (2, 2, 1, None, 21, None, {
        # the dealing aid's stacks pattern, then: Garde by position 0, 47.5
        # points (95 halves) with 2 bouts: needed 41, |95 - 82| = 13 halves
        # -> 7 points; R = (25 + 7) x 2 = 64, paid once at two: +64, -64
        "contract": 2, "taker": 0, "partner": -1, "halves": 95, "pile": 2, "petit": 0,
        "dhalves": 87,
        "chelem": 0, "pg_att": [0, 0], "pg_def": [0] * 4, "miseres": [0] * 5, "quick": 0}, "french"),
    "slovenian_2_open_deal": (2, 2, 1, None, 22, None, {
        # the open game's dealing aid (3 x 5, stacks), then: "Ich spiele" by
        # position 0 with 41 points: (41 - 35) x 2 = +12, the other -12
        "contract": 13, "declarer": 0, "partner": -1, "points": 36, "tricks": 0,
        "pts": [41, 29], "notrick": [0, 0], "bonus": [0] * 6, "kontra": [0] * 7},
        "slovenian", "play-tarock-online-open2"),
}


# the screens' language a scenario chooses in the setup (the Language row);
# a scenario not named here speaks English, so that the runs read as before
# the languages came; these speak their family's own (table.games.LANG)
FAMILY_LANG = ("koenigrufen_4_de", "bavarian_3_de", "slovenian_4_sl", "french_4_fr")


class _Defaults:
    """The app's own default language while a run is made or replayed (the
    host tests pin English: table.app.LANG)."""

    def __enter__(self):
        import table.app as A
        self.was = A.LANG
        A.LANG = None

    def __exit__(self, *exc):
        import table.app as A
        A.LANG = self.was


def _tag(emu):
    from table.flows.play import Play
    f = emu.app.flow
    if isinstance(f, Play):
        return "result" if f.deltas is not None else f.deal.view(0)["phase"]
    if hasattr(f, "step"):
        return "entry%d" % f.step
    if hasattr(f, "stage"):
        return "aid%d" % f.stage
    return type(f).__name__.lower()


class Recorder:
    """Watches the emulator: images at phase changes, the checks every test
    wants at every event (glass == framebuffer, hidden cards hidden)."""

    def __init__(self, checks=True):
        self.images = []     # (name, PIL image)
        self.last = None
        self.checks = checks
        self.events = 0

    def __call__(self, emu):
        self.events += 1
        tag = _tag(emu)
        if tag != self.last:
            self.last = tag
            self.images.append(("%02d_%s" % (len(self.images) + 1, tag), emu.image(1)))
        if self.checks:
            check_screens(emu)


def check_screens(emu):
    """Every online panel shows the driver's framebuffer; no seat's screen
    model holds a card hidden from it; nothing on a screen is clipped
    (screencheck.clipped)."""
    import screencheck
    from table import ui
    for i in range(emu.n):
        if emu.displays[i].online and emu.hw.panels[i].present:
            assert emu.glass_matches(i), "seat %d: glass differs from the framebuffer" % i
        rows = emu.app.seats[i].rows
        if rows is not None:
            bad = screencheck.clipped(emu.app.deck, rows)   # cut, dropped or overlapping
            assert not bad, "seat %d: clipped: %s in %s" % (i, bad, ui.to_text(emu.app.deck, rows))
    check_privacy(emu)


def check_privacy(emu):
    """No seat's screen model holds a card hidden from that seat (the
    family's rules: _hidden_kr, _hidden_by)."""
    from table.flows.play import Play
    from table import ui
    f = emu.app.flow
    if not isinstance(f, Play) or f.deltas is not None:
        return
    hidden_for = {"bavarian": _hidden_by, "french": _hidden_fr,
                  "slovenian": _hidden_si}.get(emu.app.cfg.family, _hidden_kr)
    for i in range(emu.n):
        rows = emu.app.seats[i].rows
        if rows is None or emu.app.bystander(i):
            continue
        leak = set(ui.cards_in(rows)) & hidden_for(f.deal, f.pos_of(i))
        assert not leak, "seat %d sees hidden cards %s" % (i, sorted(leak))


def _hidden_kr(d, me):
    """Königrufen: another seat's hand, the talon before it is turned
    (Sechserdreier: his alone), the cards laid away (not the trumps laid face
    up), unless on the table now or opened by an ouvert contract."""
    from tarock.cards import hand_cards
    hidden = set()
    for q in range(4):
        if q != me:
            hidden.update(d.hand_of(q))
    six = d.cdef is not None and d.cdef["talon"] == 6
    if not d.talon_shown and not (six and me == d.declarer):
        hidden.update(c for c in d.talon if d.played_by[c] == 255)
    if me != d.declarer and d.declarer >= 0:
        hidden.update(c for c in hand_cards(d.won, d.declarer * 5) if d.played_by[c] == 255)
    hidden -= set(d.shown)
    hidden -= {d.trick[k] for k in range(d.nt)}
    if d.open_hands():   # ouvert: all four hands (seeds/000, pagat.com Königrufen: "alle vier Blätter")
        for q in range(4):
            hidden -= set(d.hand_of(q))
    return hidden


def _hidden_by(d, me):
    """Bavarian: another seat's hand, the Stock (an Aufnahme's: its declarer
    sees it) and the cards put back, until the end."""
    from tarock.bavarian.cards import hand_cards
    hidden = set()
    for q in range(3):
        if q != me:
            hidden.update(d.hand_of(q))
    if not (d.stock_taken and me == d.declarer):
        hidden.update(d.stock)
    if me != d.declarer:
        hidden.update(d.put)
    played = {d.trick[k] for k in range(d.nt)}
    for q in range(3):
        played.update(hand_cards(d.won, q * 4))
    played -= set(d.put)
    return hidden - played - set(d.hand_of(me))


def _hidden_fr(d, me):
    """French Tarot: another seat's hand (less the trumps of a poignée shown),
    the chien unless turned for a prise or garde, the taker's écart (less the
    trumps shown), two players: the cards face down in the stacks; unless on
    the table now."""
    hidden = set()
    for q in range(d.n):
        if q != me:
            hidden.update(d.hand_of(q))
    if not d.chien_shown:
        hidden.update(d.chien)
    if me != d.taker:
        hidden.update(d.ecart)
    for (q, lv, cs) in d.poignee_shown:
        hidden -= set(cs)
    if d.chien_shown:
        hidden -= set(d.chien)     # seen by all before the taker took them
    if d.stacks is not None:
        # two players: the cards face down under each stack's top (hand_of
        # leaves the face-up tops out: they are public)
        for st in range(12):
            if d.depth[st] != 255:
                hidden.update(d.stacks[st][:d.depth[st]])
    hidden -= set(d.shown)
    hidden -= {d.trick[k] for k in range(d.nt)}
    return hidden - set(d.hand_of(me)) if me >= 0 else hidden


def _hidden_si(d, me):
    """Slovenian: another seat's hand, the talon until turned (the Klop's
    cards given away become public), the declarer's discards but taroks
    shown, the face-down cards of the open game's stacks; the Offener
    Bettler's hand is open during play."""
    hidden = set()
    for q in range(d.n):
        if q != me:
            hidden.update(d.hand_of(q))
    if not d.talon_shown and not d.open2:   # the open game has no talon
        hidden.update(d.talon[d.gifts:])
    if me != d.declarer and d.declarer >= 0 and d.cdef is not None and d.cdef["talon"]:
        from tarock.cards import hand_cards
        hidden.update(c for c in hand_cards(d.won, d.declarer * 5) if d.played_by[c] == 255)
    if d.stacks is not None:
        from tarock.slovenian import rules as SL
        for i in range(6):
            k = d.depth[i]
            up = d.phase != SL.PH_OPEN and k < 4   # the top card lies open
            hidden.update(d.stacks[4 * i + k + (1 if up else 0):4 * i + 4])
        hidden -= set(d.lifted)     # taroks and kings lifted into a hand were shown
    if d.talon_shown:
        hidden -= set(d.talon)
    hidden -= set(d.shown)
    hidden -= {d.trick[k] for k in range(d.nt)}
    if d.open_hands():
        hidden -= set(d.hand_of(d.declarer))
    return hidden - set(d.hand_of(me)) if me >= 0 else hidden


def generate(name):
    """Bots play the scenario; returns (script lines, transcript, images)."""
    with _Defaults():
        return _generate(name)


def _generate(name):
    seats, players, mode, names, seed, decide, entry = SCENARIOS[name][:7]
    family = SCENARIOS[name][7] if len(SCENARIOS[name]) > 7 else None
    preset = SCENARIOS[name][8] if len(SCENARIOS[name]) > 8 else None
    emu = E.Emulator(seats=seats, seed=seed)
    rec = Recorder()
    emu.watch = rec
    rec(emu)
    E.setup_table(emu, players=players, mode=mode, names=names, family=family, preset=preset,
                  lang=None if name in FAMILY_LANG else "en")
    from tarock.rng import Rng
    target = None
    if entry == "core":
        target = lambda e: core_entry(e, seed)  # noqa: E731
    elif entry is not None:
        target = lambda e: entry  # noqa: E731
    E.play_deal(emu, Rng(seed), entry=target, decide=decide)
    assert not emu.app.errors, emu.app.errors
    if entry == "core":
        # entered by hand, scored by the one scorer: as the played deal
        sheet = emu.app.scores
        want = emu.expected  # pyright: ignore[reportAttributeAccessIssue] (core_entry() put it there)
        assert sheet is not None
        assert sheet.deals[-1][0] == tuple(want), (sheet.deals[-1], want)
    header = ["# %s: generated by host_tools/golden/device_runs.py" % name,
              "seed %d" % seed, "seats %d" % seats]
    assert emu.transcript is not None   # recording (the default)
    return header + E.script_lines(emu), emu.transcript, rec.images, emu


def core_entry(emu, seed):
    """The result of a deal the core plays with this table's seating (the
    physical cards), as entry values; remembered for the check."""
    f = emu.app.flow
    from tarock import seating
    c = emu.app.cfg
    st = E.core_deal(f.profile, seed, seating.cutter_position(c.players))
    emu.expected = seating.to_table(st.result(), f.seats, c.players)
    emu.core_summary = st.summary()
    return E.entry_values(emu, st.summary())


def replay(name, lines):
    """Replay a script; returns (transcript, images, emu)."""
    with _Defaults():
        return _replay(name, lines)


def script_parts(lines):
    """(seed, seats, the press lines) of a device script's lines."""
    seed = 1
    seats = 4
    body = []
    for line in lines:
        parts = line.split("#", 1)[0].split()
        if parts and parts[0] == "seed":
            seed = int(parts[1])
        elif parts and parts[0] == "seats":
            seats = int(parts[1])
        else:
            body.append(line)
    return seed, seats, body


def _replay(name, lines):
    seed, seats, body = script_parts(lines)
    emu = E.Emulator(seats=seats, seed=seed)
    rec = Recorder()
    emu.watch = rec
    rec(emu)
    E.run_script(emu, body)
    assert emu.transcript is not None   # recording (the default)
    return emu.transcript, rec.images, emu


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("scenario", nargs="*", type=cli.one_of(sorted(SCENARIOS), "scenario"),
                    help="only these scenarios (default: all)")
    ap.add_argument("--check", action="store_true",
                    help="replay the scripts; exit 1 if a transcript or screen differs")
    ap.add_argument("--out", type=cli.new_dir, default=OUT,
                    help="directory of the device runs (default tests/golden/device)")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    g = cli.Generated("host_tools/golden/device_runs.py", root=args.out)
    names = [n for n in SCENARIOS if not args.scenario or n in args.scenario]
    bar = cli.progress(len(names), unit="scenario")   # a terminal only
    for name in names:
        if bar:
            bar.update(1)
        sp = os.path.join(args.out, name + ".script")
        idir = os.path.join(args.out, name)
        if args.check:
            with open(sp, encoding="utf-8") as fh:
                transcript, images, emu = replay(name, fh.read().splitlines())
        else:
            script, transcript, images, emu = generate(name)
            g.text(sp, "\n".join(script) + "\n")
        g.text(os.path.join(args.out, name + ".txt"), "\n".join(transcript) + "\n")
        want = {n + ".png" for n, _ in images}
        have = set(os.listdir(idir)) if os.path.isdir(idir) else set()
        for f in sorted(have - want):
            g.remove(os.path.join(idir, f))
        for n, im in images:
            g.image(os.path.join(idir, n + ".png"), im)
    if bar:
        bar.close()
    return g.finish(args.check, args.force)


if __name__ == "__main__":
    sys.exit(main())
