# Bavarian Tarock on the device: the glue between the rules core (tarock.bavarian.rules,
# tarock.bavarian.score, tarock.bavarian.profiles; seeds/000 first part, Wikipedia "Bayerisches
# Tarock", RULES.md §5: docs/SOURCES.md) and the app's generic screens, like
# table/games/koenigrufen.py.
from tarock.bavarian import rules as B
from tarock.bavarian import score as S
from tarock.bavarian.profiles import targets
from tarock.bavarian.tables import SUIT36, RANK36
from table.text import ACORNS, LEAVES, BELLS
from table.games import common as G
from table.lang import t

FAMILY = "bavarian"
TITLE = "Bavarian"
STOCK = "Stock"
NCARDS = 36
# Eichel, Grün, Herz, Schellen: the font's German suit glyphs
SUIT_SYMBOLS = (ACORNS, LEAVES, "\u2665", BELLS)
SUIT_NAMES = ("s_eichel", "s_gruen", "s_herz", "s_schellen")   # (table.lang keys)
RANKS = ("6", "7", "8", "9", "U", "O", "K", "10", "A")
PHASES = ("ph_bidding", "ph_put_back", "ph_trumps", "ph_announce", "ph_trick", "ph_result")
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
    return "%s %d" % (t("hand_game") if hb[0] else t("aufnahme"), hb[1])


def action_label(deal, a, name):
    if a < NCARDS:
        return card_label(a)
    if a == B.A_PASS:
        return t("pass")
    if B.A_TRUMP <= a < B.A_TRUMP + 4:
        return t("trumps_x") % t(SUIT_NAMES[a - B.A_TRUMP])
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


PH_PLAY = B.PH_PLAY   # deal.phase while tricks are played (flows/play.py)


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
    s = "%s %d %s" % (t("hand_game") if deal.hand_game else t("aufnahme"), deal.target,
                      name(deal.declarer))
    if deal.trump >= 0:
        s += " " + SUIT_SYMBOLS[deal.trump]
    if deal.announced:
        s += " " + LEVELS[deal.announced]
    return s


def result_lines(deal, name):
    s = deal.summary()
    if s.redeal:
        return [t("passed_no_game")], []
    won, level = S.outcome(deal.profile, s)
    head = [contract_line(deal, name),
            t("eyes_won" if won else "eyes_lost") % s.decl_eyes
            + (", " + S.LEVEL_NAMES[level] if level > 1 else "")]
    return head, [t("tricks_vs") % (s.decl_tricks, s.def_tricks)]


# ------------------------------------------------------------- score entry
# Fields of bavarian/score.FIELDS; the scorer's check_summary has the last word.

def entry_init(profile):
    return {"redeal": 0, "declarer": 0, "hand": 0, "target": profile["hand_from"],
            "announced": 0, "decl_eyes": 61, "decl_tricks": 6}


TRICKS = ((6, "both_took"), (11, "decl_all"), (0, "decl_none"))   # (table.lang keys)


def entry_steps(profile, e, name):
    """The table says it: declarer (or all passed), Aufnahme or Hand, the
    bid, what was announced, the declarer's eyes (opening on the bid), and
    whether one side took every trick (Schwarz)."""
    opts = [(p, name(p)) for p in range(3)]
    opts.append((-1, t("all_passed")))
    steps = [("pick", "declarer", t("declarer"), opts)]  # type: list[tuple]
    if e["declarer"] < 0:
        return steps
    steps.append(("pick", "hand", t("kind"), [(0, t("aufnahme")), (1, t("hand_game_l"))]))
    lo = profile["hand_from" if e["hand"] else "aufnahme_from"]
    steps.append(("pick", "target", t("bid"), [(n, str(n)) for n in targets(profile) if n >= lo]))
    if profile["announce"]:
        steps.append(("pick", "announced", t("announced_h"),
                      [(0, t("nothing")), (S.SCHNEIDER, "Schneider"), (S.SCHWARZ, "Schwarz")]))
    steps.append(("number", "decl_eyes", -1, t("eyes_of") % name(e["declarer"]), 0, 120, 0,
                  e["target"]))
    steps.append(("pick", "decl_tricks", t("tricks_h"), [(n, t(w)) for n, w in TRICKS]))
    return steps


def entry_line(profile, e, name, step):
    """What is entered so far, shortly."""
    if step == 0:
        return ""
    if e["declarer"] < 0:
        return t("all_passed")
    s = name(e["declarer"])
    if step >= 3:
        s = "%s %d %s" % (t("hand_game") if e["hand"] else t("aufnahme"), e["target"], s)
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
    return t("entered_x") % (entry_line(profile, e, name, 9) or t("all_passed"))


# ------------------------------------------------------------- breakdown
def breakdown(profile, s, name):
    """How the result of summary s came about, lines of <= 25 characters:
    the game and declarer, his eyes and the outcome, the units of
    S.unit_parts (the level reached, an announcement x its factor) and what
    each opponent pays (negative: receives)."""
    if s.redeal:
        return [t("passed_no_game")]
    won, level = S.outcome(profile, s)
    out = ["%s %d %s" % (t("hand_game") if s.hand else t("aufnahme"), s.target, name(s.declarer)[:10]),
           t("eyes_won" if won else "eyes_lost") % s.decl_eyes]
    items = []
    for w, f, v in S.unit_parts(profile, level, s.announced):
        if isinstance(w, tuple):
            x = LEVELS[w[1]] + t("ann") + " x%d" % f
        else:
            x = t(S.LEVEL_NAMES[w])
        items.append((x, v if won else -v))
    return out + G.sum_lines(items, t("each_opp_pays"))
