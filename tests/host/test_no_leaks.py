"""No hidden-card leaks in what a seat is offered or shown (issue 16).

A property over random deals of every family: at many decision points, for
the seat to move and for every other seat (and a seat sitting out), a twin
of the deal that differs only in cards that seat may not see must offer the
same legal actions (when it is that seat's turn, with the same labels), give
the same Deal.view() and paint the same screens on that seat's display.

The twin: a transposition of two card identities the seat has never seen
(in other hands, a closed talon/chien/Stock, a discard laid away face down),
applied to the deck and to the action log, and the log replayed. Cards the
seat has seen (its own hands, every card any of its views showed: tricks, a
turned talon, trumps laid away face up, poignées, an open hand) stay put. A
twin whose replay is illegal is a world the public history rules out (a seat
showed a void, called the fourth king holding three...) and is skipped.
What a view shows as a card list is the other privacy tests' business
(test_device.py: no hidden card on another seat's screen); this one finds
information that leaks through options, labels and derived values.

Seeded PRNG loops (random.Random), so a failure names its case and repeats.
"""
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402

E.hostenv.setup("HOST")

from table import ui  # noqa: E402
from tarock.errors import IllegalAction  # noqa: E402
from tarock.cards import KINGS54 as _KINGS54  # noqa: E402

# (family, preset, players at the table)
CONFIGS = (
    ("koenigrufen", "pagat", 4),
    ("koenigrufen", "pagat", 5),
    ("koenigrufen", "tarockcup", 4),
    ("slovenian", "play-tarock-online", 4),
    ("slovenian", "play-tarock-online", 3),
    ("slovenian", "standard", 4),
    ("slovenian", "standard", 3),
    ("french", "fft", 3),
    ("french", "fft", 4),
    ("french", "fft", 5),
    ("french", "strohmann", 5),
    ("bavarian", "standard", 3),
    ("bavarian", "announced", 3),
)

# view keys holding cards: flat lists, (seat, card) pairs
_FLAT = ("hand", "talon", "talon_given", "shown_discards", "lifted", "chien", "ecart",
         "petit_sec_hand", "stock", "put_back")
_PAIRS = ("trick", "last_trick")


def view_cards(v, out):
    """Add every card a view shows to the set out."""
    for k in _FLAT:
        if k in v:
            out.update(v[k])
    for k in _PAIRS:
        for (_, c) in v.get(k, ()):
            out.add(c)
    for x in v.get("open", ()):
        out.update(x[1] if isinstance(x, tuple) else x)
    for (_, _, cs) in v.get("poignees", ()):
        out.update(cs)
    for x in v.get("tops", ()):
        out.update(x)
    for r in v.get("stacks", ()):
        for (top, _) in r:
            if top >= 0:
                out.add(top)
    return out


def replay_kw(deal):
    """The table arguments a family's Deal was made with (Deal.replay's kw)."""
    if hasattr(deal, "cutter"):
        return {"cutter": deal.cutter}     # Königrufen: 4 or 5 at the table
    if hasattr(deal, "n"):
        return {"n": deal.n}               # Slovenian, French: players in the deal
    return {}                              # Bavarian: always three


class Case:
    """One table: the app in its Play flow (for the screens) and its glue."""

    def __init__(self, family, preset, players, seed):
        self.family, self.preset, self.players = family, preset, players
        emu = E.Emulator(seats=players, seed=seed, record=False)
        E.setup_table(emu, family=family, players=players, preset=preset, mode=0)
        emu.press(0, "o")
        from table.flows.play import Play
        f = emu.app.flow
        assert isinstance(f, Play), type(f).__name__
        self.emu, self.flow, self.g = emu, f, emu.app.deck
        self.poignee_leak = False   # True: look for it (the poignée's shown trumps)
        self.observers = list(range(len(f.seats)))
        if f.out >= 0:      # a seat sitting out (its table seat)
            self.observers.append(-1)

    def new_deal(self, seed):
        return self.g.new_deal(self.flow.profile, seed, self.flow.n_table)

    # ------------------------------------------------------------ what a seat gets
    def view(self, deal, pos):
        return deal.view(pos) if pos >= 0 else self.g.public_view(deal)

    def screens(self, deal, pos):
        """Every screen of the displays playing pos (or sitting out), both
        pages, and the labels of what the mover is offered."""
        f = self.flow
        f.deal = deal
        f.deltas = None
        f._moved()
        out = []
        for disp in self.emu.app.cfg.used:
            if f.pos_of(disp) != pos:
                continue
            for page in (0, 1):
                f.page[disp] = page
                out.append(ui.to_text(self.g, f.model(disp)))
            f.page[disp] = 0
            legal, sel = f.choices(disp)
            if legal is not None:
                out.append([self.g.action_label(deal, a, f.name) for a in legal])
                out.append(sel)
        return out


def drive(case, deal, rng, force):
    """One action for the mover: random legal; Königrufen declares `force`
    after Mein Spiel (so every contract is played)."""
    legal = deal.legal_actions()
    if case.family == "koenigrufen" and force:
        from tarock.koenigrufen import rules as K
        if deal.phase == K.PH_BID:
            if deal.cdefs[force]["who"] == "fh_open" and K.A_BID + force in legal:
                return K.A_BID + force
            return K.A_MEIN if K.A_MEIN in legal else K.A_PASS
        if deal.phase == K.PH_DECLARE and K.A_BID + force in legal:
            return K.A_BID + force
        if deal.phase == K.PH_CALL and K.A_FOURTH in legal and rng.random() < 0.5:
            return K.A_FOURTH
    if case.family == "french" and case.poignee_leak:
        from tarock.french import rules as R
        for a in legal:
            if R.A_POIGNEE <= a < R.A_MISERE:
                return a
    return legal[rng.randrange(len(legal))]


def history(case, deal):
    """Per decision along deal.log: (log index, in the play?, the cards each
    observer has seen so far, phase); replayed, the original is not touched."""
    cls = type(deal)
    kw = replay_kw(deal)
    st = cls(deal.profile, deck=bytes(deal.deck), **kw)
    seen = {p: set() for p in case.observers}
    out = []
    for i in range(len(deal.log) + 1):
        for p in case.observers:
            view_cards(case.view(st, p), seen[p])
        if i == len(deal.log):
            break
        out.append((i, st.phase == st.PLAY, {p: set(s) for p, s in seen.items()}, st.phase))
        st.apply(deal.log[i])
    return out


def said(case, st):
    """What the table has been shown or told beyond the actions: a twin that
    would have shown something else is a world the public history rules out.
    Trumps laid away face up (a twin's swapped discard may be a trump);
    French: the petit sec holder's forced declaration (his only action), the
    called card (a queen only when the taker holds all four kings), the
    trumps a poignée shows (which ones: see test_french_poignee_shows_...)."""
    out = [list(getattr(st, "shown", ()))]
    if case.family == "french":
        out += [st.petit_sec, st.called]
        if not case.poignee_leak:
            out.append(list(st.poignee_shown))
    return out


def twin(case, deal, upto, a, b, facts):
    """The deal up to log[:upto] with cards a and b swapped everywhere, or
    None if that world contradicts the public history (an illegal action,
    something else said aloud)."""
    swap = {a: b, b: a}
    deck = bytes(swap.get(c, c) for c in deal.deck)
    cls = type(deal)
    card = len(deal.deck)
    try:
        st = cls(deal.profile, deck=deck, **replay_kw(deal))
        for x in deal.log[:upto]:
            st.apply(swap.get(x, x) if 0 <= x < card else x)
    except IllegalAction:
        return None
    if said(case, st) != facts:
        return None
    return st


def prefix(deal, upto):
    st = type(deal)(deal.profile, deck=bytes(deal.deck), **replay_kw(deal))
    for x in deal.log[:upto]:
        st.apply(x)
    return st


# the cards calls and bonuses are about: kings, the trump honours
SPECIAL = {"koenigrufen": (0, 20, 21) + _KINGS54, "slovenian": (0, 20, 21) + _KINGS54,
           "french": (0, 20, 77, 34, 48, 62, 76), "bavarian": (8, 17, 26, 35, 7, 16, 25, 34)}   # Bavarian: the aces and tens


def check_deal(case, deal, rng, points, tries):
    """Compare deal's states with twins; return the leaks found (readable
    tuples)."""
    leaks = []
    n = len(deal.deck)
    hist = history(case, deal)
    plays = [i for i in range(len(hist)) if hist[i][1]]
    # the first decision of every phase, `points` more before the play and
    # `points` in it
    firsts = [i for i in range(len(hist)) if i == 0 or hist[i][3] != hist[i - 1][3]]
    before = [i for i in range(len(hist)) if not hist[i][1] and i not in firsts]
    picks = firsts + rng.sample(before, min(points, len(before)))
    picks += rng.sample(plays, min(points, len(plays)))
    special = SPECIAL[case.family]
    for i in sorted(picks):
        upto, in_play, seen, _ = hist[i]
        st = prefix(deal, upto)
        facts = said(case, st)
        where = {}      # card -> the seat holding it now (else: aside)
        for q in range(len(case.flow.seats)):
            for c in st.hand_of(q):
                where[c] = q
        pairs = {}
        if not in_play:
            # every king and honour to each other place (one card there)
            places = {}
            for c in range(n):
                places.setdefault(where.get(c, -1), []).append(c)
            for a in special:
                for g, cs in places.items():
                    if g != where.get(a, -1):
                        pairs[(a, rng.choice(cs))] = 1
        for p in case.observers:
            hidden = [c for c in range(n) if c not in seen[p]]
            groups = {}
            for c in hidden:
                groups.setdefault(where.get(c, -1), []).append(c)
            if len(groups) < 2:
                continue        # one place only: a swap inside it changes nothing
            # random swaps, each card to another place (a hand, the cards aside)
            for _ in range(tries):
                a = rng.choice(hidden)
                to = [g for g in groups if g != where.get(a, -1)]
                pairs[(a, rng.choice(groups[rng.choice(to)]))] = 1
        base = {}
        for (a, b) in pairs:
            t = None
            for p in case.observers:
                if a in seen[p] or b in seen[p]:
                    continue        # this seat saw one of them: no twin for it
                if t is None:
                    t = twin(case, deal, upto, a, b, facts)
                    if t is None:
                        break       # a world the public history rules out
                if p not in base:
                    base[p] = (st.legal_actions() if st.to_move == p else None,
                               case.view(st, p), case.screens(st, p))
                other = (t.legal_actions() if t.to_move == p else None,
                         case.view(t, p), case.screens(t, p))
                for what, x, y in zip(("legal", "view", "screens"), base[p], other):
                    if x != y:
                        leaks.append((case.family, case.preset, case.players, deal.seed,
                                      upto, p, (a, b), what, _diff(x, y)))
                        break
    return leaks


def _diff(x, y):
    if isinstance(x, dict):
        return {k: (x.get(k), y.get(k)) for k in set(x) | set(y) if x.get(k) != y.get(k)}
    if isinstance(x, list) and len(x) == len(y):
        return [(a, b) for a, b in zip(x, y) if a != b]
    return (x, y)


def run(config, deals, seed=1, points=6, tries=4):
    family, preset, players = config
    case = Case(family, preset, players, seed)
    rng = random.Random("%s/%s/%d/%d" % (family, preset, players, seed))
    cids = []
    if family == "koenigrufen":
        d0 = case.new_deal(0)
        cids = list(d0.cids)
    leaks = []
    for k in range(deals):
        deal = case.new_deal(seed * 1000 + k)
        leaks += play_out(case, deal, rng, cids[k % len(cids)] if cids else 0, points, tries)
    return leaks


def play_out(case, deal, rng, force=0, points=6, tries=4):
    while not case.g.is_done(deal):
        deal.apply(drive(case, deal, rng, force))
    return check_deal(case, deal, rng, points, tries)


def _report(leaks):
    return "\n".join(repr(x) for x in leaks[:8])


# LEAK_SCALE=10 for a deeper run (the defaults keep the file near a minute)
SCALE = int(os.environ.get("LEAK_SCALE", "1"))


def _check(config, deals):
    leaks = run(config, deals * SCALE)
    assert not leaks, "%d leaks, first:\n%s" % (len(leaks), _report(leaks))


def test_koenigrufen_pagat():
    _check(CONFIGS[0], 14)      # every contract once (forced in turn)


def test_koenigrufen_five_at_the_table():
    _check(CONFIGS[1], 8)


def test_koenigrufen_tarockcup():
    _check(CONFIGS[2], 14)


def test_slovenian():
    for c in CONFIGS[3:7]:
        _check(c, 6)


def test_french():
    for c in CONFIGS[7:11]:
        _check(c, 5)


def test_bavarian():
    for c in CONFIGS[11:13]:
        _check(c, 8)


if __name__ == "__main__":
    import time
    which = sys.argv[1:] or [str(i) for i in range(len(CONFIGS))]
    for w in which:
        t = time.time()
        ls = run(CONFIGS[int(w)], int(os.environ.get("DEALS", "10")))
        print(CONFIGS[int(w)], "%d leaks, %.1fs" % (len(ls), time.time() - t))
        seen = set()
        for x in ls:
            key = (x[7], tuple(sorted(x[8])) if isinstance(x[8], dict) else "")
            if key not in seen:
                seen.add(key)
                print("  ", x)


def test_solo_king_ultimo_offered_whatever_the_closed_talon_holds():
    """Solo: the talon stays closed, the called king lies with another seat
    (a twin moves it into the talon)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from krtest import deck, bid
    from tarock.koenigrufen import rules as K, profiles as P
    from tarock.cards import SPADES
    leaks = []
    for preset in ("pagat", "tarockcup"):
        case = Case("koenigrufen", preset, 4, 1)
        for k in range(2):
            st = K.Deal(case.flow.profile, deck=deck("SKUS XXI XX XIX HK DK CK", h2="SK"))
            for a in (K.A_CUT, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.SOLO), K.A_CALL + SPADES):
                st.apply(a)
            leaks += play_out(case, st, random.Random(k))
    assert not leaks, _report(leaks)


def test_fourth_king_unnamed_for_the_seat_sitting_out():
    """Five at the table, the dealer out: forehand holds three kings and
    calls the fourth, held by the next position (whose view the seat out
    was given)."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "core"))
    from krtest import deck, bid
    from tarock.koenigrufen import rules as K, profiles as P
    case = Case("koenigrufen", "pagat", 5, 1)
    assert -1 in case.observers
    leaks = []
    for k in range(2):
        st = K.Deal(case.flow.profile, deck=deck("HK DK CK", "SK"),
                    cutter=case.new_deal(0).cutter)
        for a in (K.A_CUT, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_FOURTH):
            st.apply(a)
        leaks += play_out(case, st, random.Random(k))
    assert not leaks, _report(leaks)


def _french_poignee_deals(case, need_more):
    """Seeds whose deal gives a seat more trumps than a simple poignée shows."""
    need = case.flow.profile["poignee_trumps"][case.new_deal(0).n][0]
    seed = 0
    while True:
        d = case.new_deal(seed)
        for p in range(d.n):
            if sum(1 for c in d.hand_of(p) if c < 21) > need:
                need_more -= 1
                yield d
                break
        if need_more == 0:
            return
        seed += 1


def test_french_poignee_shows_only_what_it_must():
    """The announcer keeps back the trumps he chooses (PH_SHOW), so what is
    shown says nothing of the trumps he holds beyond it."""
    case = Case("french", "fft", 5, 1)
    case.poignee_leak = True
    leaks = []
    chose = 0
    rng = random.Random(5)
    for d in _french_poignee_deals(case, 2):
        leaks += play_out(case, d, rng, points=12, tries=30)
        for (q, lv, cs) in d.poignee_shown:
            dealt = sum(1 for c in range(21) if d.dealt[q * 6] >> c & 1)
            chose += dealt > len(cs)
    assert chose, "no poignée with trumps kept back: the test tried nothing"
    assert not leaks, _report(leaks)
