# Bavarian Tarock on the device: the glue between the rules core
# (tarock.bavarian.rules, tarock.bavarian.score, tarock.bavarian.profiles; seeds/000
# first part, RULES.md §5) and the app's generic screens, like table/games/koenigrufen.py.
from tarock.bavarian import rules as B
from tarock.bavarian import score as S
from tarock.bavarian.profiles import targets
from tarock.bavarian.tables import SUIT36, RANK36
from table.text import ACORNS, LEAVES, BELLS
from table.games import common as G

FAMILY = "bavarian"
TITLE = "Bavarian"
STOCK = "Stock"
NCARDS = 36
# Eichel, Grün, Herz, Schellen: the font's German suit glyphs
SUIT_SYMBOLS = (ACORNS, LEAVES, "\u2665", BELLS)
SUIT_NAMES = ("Eichel", "Gr\u00fcn", "Herz", "Schellen")
RANKS = ("6", "7", "8", "9", "U", "O", "K", "10", "A")
PHASES = ("Bidding", "Put back", "Trumps", "Announce", "Trick", "Result")
LEVELS = ("", "", "Schneider", "Schwarz")


def suit_of(c):
    return SUIT36[c]


def card_label(c, bare=False):
    r = RANKS[RANK36[c]]
    return r if bare else SUIT_SYMBOLS[SUIT36[c]] + r


def is_card(a):
    return 0 <= a < NCARDS


def new_deal(profile, seed, n_table):
    return B.Deal(profile, seed=seed)


def _bid_word(deal, a):
    hb = deal.bid_of(a)
    return "%s %d" % ("Hand" if hb[0] else "Aufnahme", hb[1])


def action_label(deal, a, name):
    if a < NCARDS:
        return card_label(a)
    if a == B.A_PASS:
        return "Pass"
    if B.A_TRUMP <= a < B.A_TRUMP + 4:
        return "Trumps " + SUIT_NAMES[a - B.A_TRUMP]
    if a == B.A_SCHNEIDER:
        return "Schneider"
    if a == B.A_SCHWARZ:
        return "Schwarz"
    if deal.bid_of(a) is not None:
        return _bid_word(deal, a)
    return str(a)


def said_label(deal, a, name):
    return action_label(deal, a, name)


def default_choice(deal, legal):
    if is_card(legal[0]):   # no honours in this deck: the lowest plain card
        return G.default_card(legal, suit_of, (), deal.trump)
    return G.default_choice(legal, B.A_PASS)


def public_view(deal):
    return G.public_view(deal, () if deal.phase == B.PH_DONE else ("stock", "put_back"))


def phase_title(v):
    return G.phase_title(v, B.PHASE_NAMES, PHASES, B.PH_PLAY)


def open_hands(deal, v):
    return []   # no contract of this family lays a hand open


def to_discard(deal):
    return 3 - len(deal.put)


def is_done(deal):
    return deal.phase == B.PH_DONE


def contract_line(deal, name):
    """'Hand 66 Anna ♥' once the game is known, else ''."""
    if deal.declarer < 0:
        return ""
    s = "%s %d %s" % ("Hand" if deal.hand_game else "Aufnahme", deal.target, name(deal.declarer))
    if deal.trump >= 0:
        s += " " + SUIT_SYMBOLS[deal.trump]
    if deal.announced:
        s += " " + LEVELS[deal.announced]
    return s


def result_lines(deal, name):
    s = deal.summary()
    if s.redeal:
        return ["all passed: no game"], []
    won, level = S.outcome(deal.profile, s)
    head = [contract_line(deal, name),
            "%d eyes: %s%s" % (s.decl_eyes, "won" if won else "lost",
                               ", " + S.LEVEL_NAMES[level] if level > 1 else "")]
    return head, ["tricks %d : %d" % (s.decl_tricks, s.def_tricks)]


# ------------------------------------------------------------- score entry
# Fields of bavarian/score.FIELDS; the scorer's check_summary has the last word.

def entry_init(profile):
    return {"redeal": 0, "declarer": 0, "hand": 0, "target": profile["hand_from"],
            "announced": 0, "decl_eyes": 61, "decl_tricks": 6}


TRICKS = ((6, "both took"), (11, "decl took all"), (0, "decl took none"))


def entry_steps(profile, e, name):
    """The table says it: declarer (or all passed), Aufnahme or Hand, the
    bid, what was announced, the declarer's eyes (opening on the bid), and
    whether one side took every trick (Schwarz)."""
    opts = [(p, name(p)) for p in range(3)]
    opts.append((-1, "all passed"))
    steps = [("pick", "declarer", "Declarer", opts)]
    if e["declarer"] < 0:
        return steps
    steps.append(("pick", "hand", "Kind", [(0, "Aufnahme"), (1, "Hand game")]))
    lo = profile["hand_from" if e["hand"] else "aufnahme_from"]
    steps.append(("pick", "target", "Bid", [(t, str(t)) for t in targets(profile) if t >= lo]))
    if profile["announce"]:
        steps.append(("pick", "announced", "Announced",
                      [(0, "nothing"), (S.SCHNEIDER, "Schneider"), (S.SCHWARZ, "Schwarz")]))
    steps.append(("number", "decl_eyes", -1, "Eyes of " + name(e["declarer"]), 0, 120, 0,
                  e["target"]))
    steps.append(("pick", "decl_tricks", "Tricks", TRICKS))
    return steps


def entry_line(profile, e, name, step):
    """What is entered so far, shortly."""
    if step == 0:
        return ""
    if e["declarer"] < 0:
        return "all passed"
    s = name(e["declarer"])
    if step >= 3:
        s = "%s %d %s" % ("Hand" if e["hand"] else "Aufnahme", e["target"], s)
    return s


def entry_summary(profile, e):
    if e["redeal"] or e["declarer"] < 0:
        return S.redeal_summary()
    s = S.Summary(e["declarer"], bool(e["hand"]), e["target"])
    s.announced = e["announced"]
    s.decl_eyes = e["decl_eyes"]
    s.decl_tricks = e["decl_tricks"]
    s.def_tricks = 11 - e["decl_tricks"]
    return s


def entry_values(profile, s):
    """The entry dict for Summary s: entry_summary(profile, result) scores
    like s (the tricks only as far as Schwarz goes)."""
    if s.redeal:
        return dict(entry_init(profile), declarer=-1)
    t = s.decl_tricks
    return {"redeal": 0, "declarer": s.declarer, "hand": 1 if s.hand else 0,
            "target": s.target, "announced": s.announced, "decl_eyes": s.decl_eyes,
            "decl_tricks": t if t == 0 or t == 11 else 6}


def check_entry(profile, s):
    S.check_summary(profile, s)


def entry_deltas(profile, s):
    return S.score(profile, s)


def entry_note(profile, e, name):
    return "entered: " + (entry_line(profile, e, name, 9) or "all passed")


# ------------------------------------------------------------- breakdown
def breakdown(profile, s, name):
    """How the result of summary s came about, lines of <= 25 characters:
    the game and declarer, his eyes and the outcome, the units of
    S.unit_parts (the level reached, an announcement x its factor) and what
    each opponent pays (negative: receives)."""
    if s.redeal:
        return ["all passed: no game"]
    won, level = S.outcome(profile, s)
    out = ["%s %d %s" % ("Hand" if s.hand else "Aufnahme", s.target, name(s.declarer)[:10]),
           "%d eyes: %s" % (s.decl_eyes, "won" if won else "lost")]
    items = []
    for w, f, v in S.unit_parts(profile, level, s.announced):
        if isinstance(w, tuple):
            t = LEVELS[w[1]] + " ann. x%d" % f
        else:
            t = S.LEVEL_NAMES[w]
        items.append((t, v if won else -v))
    return out + G.sum_lines(items, "each opponent pays")
