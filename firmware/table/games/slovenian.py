# Slovenian Tarok on the device: the glue between the rules core (tarock.slovenian.rules,
# tarock.slovenian.score, tarock.slovenian.profiles; seeds/002, PTO, RULES.md §3: docs/SOURCES.md)
# and the app's generic screens, like table/games/koenigrufen.py. Public on every screen: the talon
# in its groups once turned, the declarer's hand in the Offener Bettler, the open stacks of the
# two-player open game, the trick. Not zero-sum: the sheet gets the deltas as they are (and rates
# them).
from tarock.slovenian import rules as R
from tarock.slovenian import score as S
from tarock.slovenian import profiles as PS
from tarock.tables import SUIT54, RANK54
from tarock import cards as C
from table.ui import row
from tarock.compat import ljust, shorten
from table.games import common as G
from table.lang import t, tn, get, seq

FAMILY = "slovenian"
TITLE = "Slovenian"
STOCK = "talon"
NCARDS = 54
SUIT_SYMBOLS = G.SUITS54
KONTRA = ("Kontra", "Re", "Sub")
K_WORDS = ("-", "x2", "x4", "x8", "x16")
# (table.lang keys)
PHASES = ("ph_bidding", "ph_open2", "ph_king", "ph_talon", "ph_discard", "ph_announce",
          "ph_trick", "ph_result")
SHORT = ("sb_trull", "sb_kings", "sb_pagat", "sb_trullpagat", "sb_valat", "sb_king_ult")
LONG = ("sb_trull", "sb_kings_l", "sb_pagat_l", "sb_trullpagat", "sb_valat", "sb_king_ult_l")


def suit_of(c):
    return SUIT54[c]


def card_label(c, bare=False):
    return G.card_label54(c, bare, SUIT54, RANK54)


def is_card(a):
    return 0 <= a < NCARDS


def new_deal(profile, seed, n_table):
    return R.Deal(profile, seed=seed, n=n_table)


def contract_name(profile, cid):
    if cid == PS.OPEN2:
        return t("open_game")   # the profile's name is too long for a line
    n = PS.contract(profile, cid)["name"]
    return get("c_" + n, n)   # the language's word, else the profile's


def _kontra(level):
    return KONTRA[level] if level < len(KONTRA) else "x%d" % (1 << (level + 1))


def _group_size(deal):
    return deal.cdef["talon"] if deal.cdef is not None else 3


def action_label(deal, a, name):
    if a < NCARDS:
        return card_label(a)
    if a == R.A_PASS:
        return t("pass")
    if a == R.A_PLAY:
        return t("i_play")
    if R.A_BID < a < R.A_CALL:
        return contract_name(deal.profile, a - R.A_BID)
    if R.A_CALL < a <= R.A_CALL + 4:
        return t("king_of") % SUIT_SYMBOLS[a - R.A_CALL]
    if R.A_TALON <= a < R.A_ANNOUNCE:
        return t("group") % (a - R.A_TALON + 1)
    if R.A_ANNOUNCE <= a < R.A_DOUBLE:
        return t(LONG[a - R.A_ANNOUNCE])
    if R.A_DOUBLE <= a < R.A_PLAY:
        i = a - R.A_DOUBLE
        return "%s %s" % (_kontra(deal.dbl[i]), t("the_game") if i == 0 else t(SHORT[i - 1]))
    return str(a)


def said_label(deal, a, name):
    if R.A_DOUBLE <= a < R.A_PLAY:
        i = a - R.A_DOUBLE
        return "Kontra " + (t("the_game") if i == 0 else t(SHORT[i - 1]))
    return action_label(deal, a, name)


# the cards the cursor never starts on unless they are all that is legal
HONOURS = (C.PAGAT, C.MOND, C.SKUS)


def default_choice(deal, legal):
    if is_card(legal[0]):
        return G.default_card(legal, suit_of, HONOURS, C.TRUMPS)
    return G.default_choice(legal, R.A_PASS)


def public_view(deal):
    return G.public_view(deal, ())


PH_PLAY = R.PH_PLAY   # deal.phase while tricks are played (flows/play.py)


def phase_title(v):
    return G.phase_title(v, R.PHASE_NAMES, PHASES, R.PH_PLAY)


def open_hands(deal, v):
    """[(declarer, his cards)] in the Offener Bettler (berač odprti) while
    it is played (rules.Deal.open_hands), else []."""
    return list(v.get("open", ()))


def to_discard(deal):
    return deal.to_discard


def is_done(deal):
    return deal.phase == R.PH_DONE


def hand_of_view(v):
    """The cards a seat plays from: its hand, in the open two-player game
    with its own stack tops lying open."""
    h = v["hand"]
    st = v.get("stacks")
    if st is None:
        return h
    out = list(h)
    for (top, hidden) in st[v["pos"]] if v["pos"] >= 0 else ():
        if top >= 0:
            out.append(top)
    out.sort()
    return out


def contract_line(deal, name):
    """'Zwei Anna ♥K' once the contract is known, else ''."""
    if deal.contract < 0:
        return ""
    s = contract_name(deal.profile, deal.contract)
    if deal.declarer >= 0:
        s += " " + name(deal.declarer)
    if deal.called:
        s += " " + SUIT_SYMBOLS[deal.called] + seq("faces")[3]
    return s


def _groups(deal, talon):
    """The talon in its groups, two groups a line (one-card groups: three,
    so that a 16-card hand keeps its lines): [["1", c, c, c], ...]."""
    k = _group_size(deal)
    per = 3 if k == 1 else 2
    lines = []
    items = []
    for g in range(6 // k):
        items.append(str(g + 1))
        items += talon[g * k:g * k + k]
        if g % per == per - 1:
            lines.append(items)
            items = []
    if items:
        lines.append(items)
    return lines


def _stacks(play, v):
    """The open two-player game: each player's three stacks (top card, or
    '#n' cards face down), a line each."""
    rows = []
    for q in range(2):
        items = [play.name(q)[:6]]
        for (top, hidden) in v["stacks"][q]:
            items.append(top if top >= 0 else ("#%d" % hidden if hidden else "-"))
        rows.append(row(items))
    return rows


def context_rows(play, d, v):
    """The talon in its groups while it is chosen from; the open stacks in
    the two-player open game; None: the generic rows."""
    ph = v["phase"]
    if ph == "talon" and "talon" in v:
        rows = [row(contract_line(d, play.name))]
        for it in _groups(d, v["talon"]):
            rows.append(row(it))
        return rows
    if ph == "play" and "stacks" in v:
        return play._trick(v) + _stacks(play, v)
    return None


def info_rows(play, d, v):
    out = []
    if v.get("talon_group", -1) >= 0:
        out.append(row(t("took_group") % (v["talon_group"] + 1)))
    if v.get("talon_given"):
        out.append(row([t("talon_given")] + v["talon_given"]))
    if "stacks" in v and v["phase"] != "play":
        out += _stacks(play, v)
    return out


def result_lines(deal, name):
    s = deal.summary()
    kind = deal.cdef["kind"]
    head = [contract_line(deal, name)]
    out = []
    if s.partner >= 0:
        head[0] += " +" + name(s.partner)
    if kind == "pos":
        head.append(t("pts_won" if s.decl_thirds >= S.WIN_THIRDS else "pts_lost")
                    % S.points(s.decl_thirds))
    elif kind in ("neg", "valat"):
        head.append(tn("n_tricks", s.tricks[s.declarer]) % s.tricks[s.declarer])
    else:
        for p in range(s.n):
            out.append(G.pts_tricks(name(p), S.points(s.thirds[p]), s.tricks[p]))
    for b in range(PS.N_BONUS):
        o = s.bonus[b]
        if o or s.announced[b]:
            if s.announced[b]:
                w = "made" if o == S.DECL_MADE else "lost"
            else:
                w = ("-", "decl made", "def made", "decl lost", "def lost")[o]
            out.append("%s%s: %s" % (t(SHORT[b]), "!" if s.announced[b] else "", t(w)))
    if s.kontra[0]:
        out.append(t("on_game") % _kontra(s.kontra[0] - 1))
    return head, out


# ------------------------------------------------------------- score entry
# Fields of score_si.Summary; score_si.check_summary has the last word.
# Bonus rows cycle through (announced, outcome) states; only the declarer
# announces (seeds/002, PTO); Trullpagat is only announced, its outcome follows
# from Trull and Pagat ultimo.
B_STATES = ((0, S.NONE), (0, S.DECL_MADE), (0, S.DEF_MADE), (0, S.DECL_FAILED),
            (0, S.DEF_FAILED), (S.DECL, S.DECL_MADE), (S.DECL, S.NONE))
# (table.lang keys: the entry translates them)
B_WORDS = ("-", "decl made", "def made", "decl lost", "def lost", "decl! made", "decl! fail")
TP_WORDS = ("-", "", "", "", "", "", "announced")
_CHOICES = {PS.TRULL: (0, 1, 2, 5, 6), PS.KINGS: (0, 1, 2, 5, 6), PS.PAGAT: (0, 1, 2, 5, 6, 3, 4),
            PS.TRULLPAGAT: (0, 6), PS.VALAT: (0, 1, 2, 5, 6), PS.KING_ULTIMO: (0, 1, 3, 5, 6)}


UNSET = -9   # e["partner"] at his seat: he claims it there (table.flows.entry.CLAIM)


def entry_init(profile):
    return {"n": 4, "contract": PS.KLOP, "declarer": 0, "partner": UNSET, "points": 36,
            "tricks": 0, "pts": [0, 0, 0, 0], "notrick": [0, 0, 0, 0],
            "bonus": [0] * PS.N_BONUS, "kontra": [0] * (PS.N_BONUS + 1), "mond": 0}


def entry_start(profile, e, n_deal):
    e["n"] = n_deal
    if n_deal == 2 and profile["open2"]:
        e["contract"] = PS.OPEN2
        e["declarer"] = -1
        e["pts"] = [35, 35]
    else:   # Klop is the declarer step's "nobody"
        e["contract"] = _contracts(profile, n_deal)[1]
        e["pts"] = [70 // n_deal] * n_deal
    e["notrick"] = [0] * n_deal


def _contracts(profile, n):
    """Contract ids a table of n can play, by rank (Klop first)."""
    if n == 2 and profile["open2"]:
        return [PS.OPEN2]
    out = []
    for cid in range(PS.N_CONTRACTS):
        cd = PS.contract(profile, cid)
        if cd["kind"] == "open2" or (cid != PS.KLOP and not cd["on"]) or (cd["solo"] and n != 4):
            continue
        out.append((cd["rank"], cid))
    out.sort()
    return [c for (r, c) in out]


def _ntricks(e):
    return 27 if e["contract"] == PS.OPEN2 else 48 // e["n"]


def _cid(profile, e):
    """e's contract: Klop when nobody declared (the declarer step's last
    choice), else the one chosen (the first above Klop until then)."""
    if e["contract"] == PS.OPEN2:
        return PS.OPEN2
    if e["declarer"] < 0:
        return PS.KLOP
    if e["contract"] == PS.KLOP:
        return _contracts(profile, e["n"])[1]
    return e["contract"]


def entry_steps(profile, e, name):
    """The table says it: declarer (or nobody: Klop), contract, partner,
    points of the declarer's party, bonuses and Kontras."""
    n = e["n"]
    cid = _cid(profile, e)
    kind = PS.contract(profile, cid)["kind"]
    if kind == "open2":
        return [("pick", "declarer", t("i_play"), [(-1, t("nobody")), (0, name(0)), (1, name(1))]),
                ("number", "pts", 0, t("points_of") % name(0), 0, 70)]
    opts = [(p, name(p)) for p in range(n)]
    opts.append((-1, t("nobody_klop")))
    steps = [("pick", "declarer", t("declarer"), opts)]  # type: list[tuple]
    kmax = tuple(range(profile["max_kontra"] + 1))
    game = (t("game"), None, -1, (), (), ("kontra", 0, kmax, K_WORDS))
    if kind == "klop":
        for p in range(n):
            steps.append(("number", "pts", p, t("points_of") % name(p), 0, 70))
        steps.append(("list", t("no_trick"), [(name(p), "notrick", p, (0, 1), ("took_one", "no_trick_w"),
                                               None) for p in range(n)]))
        return steps
    cd = PS.contract(profile, cid)
    steps.append(("pick", "contract", t("contract"),
                  [(c, contract_name(profile, c)) for c in _contracts(profile, n)[1:]]))
    if n == 4 and cd["call"]:
        d = e["declarer"]
        opts = [(UNSET, t("at_seat"))]   # he claims it on his screen
        for p in range(1, n):
            opts.append(((d + p) % n, name((d + p) % n)))
        opts.append((-1, t("alone")))
        steps.append(("pick", "partner", t("partner"), opts))
    if kind == "pos":
        steps.append(("number", "points", -1, t("points_decl"), 0, 70, 0, 36))
        items = []  # type: list[tuple]
        for b in range(PS.N_BONUS):
            if PS.bonus_on(profile, b):
                items.append((t(SHORT[b]), "bonus", b, _CHOICES[b],
                              TP_WORDS if b == PS.TRULLPAGAT else B_WORDS, None))
                if B_STATES[e["bonus"][b]][0]:   # announced: its Kontra the row below
                    items.append(("  " + t("Kontra"), None, -1, (), (), ("kontra", 1 + b, kmax, K_WORDS)))
        if profile.get("mondfang") and cd.get("talon"):
            # the standard rules' Mondfang (Drei .. Solo eins): whose Mond
            # was caught; 0 nobody, 1 + position
            items.append((t("sb_mondfang"), "mond", -1, tuple(range(n + 1)),
                          ["-"] + [t("pays") % shorten(name(p), 7) for p in range(n)], None))
        items.append(game)   # last: one ◀ from "done", said after the bonuses
        steps.append(("list", t("bonuses_kontra"), items))
    else:
        steps.append(("number", "tricks", -1, t("tricks_of") % name(e["declarer"]), 0, _ntricks(e)))
        steps.append(("list", t("Kontra"), [game]))
    return steps


def entry_line(profile, e, name, step):
    if step == 0:
        return ""
    cid = _cid(profile, e)
    if cid == PS.KLOP or e["declarer"] < 0:
        return contract_name(profile, cid)
    s = name(e["declarer"])
    if step >= 2:
        s += " " + contract_name(profile, cid)
        if e["partner"] >= 0 and step >= 3 and e["partner"] != e["declarer"]:
            s += "+" + name(e["partner"])
    return s


def entry_summary(profile, e):
    n = e["n"]
    cid = _cid(profile, e)
    cd = PS.contract(profile, cid)
    kind = cd["kind"]
    if kind == "klop":
        s = S.Summary(cid, -1, n)
        for p in range(n):
            # each counted pile rounded (2/3 up) can add up to 71: a point
            # less a third scores the same and keeps the deck's 210
            s.thirds[p] = 3 * e["pts"][p] - 1 if e["pts"][p] else 0
            s.tricks[p] = 0 if e["notrick"][p] else 1
        return s
    if kind == "open2":
        s = S.Summary(cid, e["declarer"], n)
        s.thirds[0] = 3 * e["pts"][0]
        s.thirds[1] = 210 - s.thirds[0]
        return s
    d = e["declarer"]
    s = S.Summary(cid, d, n)
    if n == 4 and cd["call"] and e["partner"] != d and e["partner"] >= -1:
        s.partner = e["partner"]
    s.kontra[0] = e["kontra"][0]
    if kind != "pos":
        s.tricks[d] = e["tricks"]
        return s
    s.decl_thirds = 3 * e["points"]
    for b in range(PS.N_BONUS):
        a, o = B_STATES[e["bonus"][b]]
        s.announced[b] = a
        s.bonus[b] = o
        s.kontra[1 + b] = e["kontra"][1 + b] if a else 0
    if e.get("mond", 0) and profile.get("mondfang") and cd.get("talon"):
        s.mond_lost = e["mond"] - 1
    v = s.bonus[PS.VALAT]
    if v == S.DECL_MADE:
        s.tricks[d] = _ntricks(e)     # every trick: the declarer's party
    elif v == S.DEF_MADE:
        s.tricks[(d + 1) % n if (d + 1) % n != s.partner else (d + 2) % n] = _ntricks(e)
    return s


def entry_values(profile, s):
    """The entry dict for Summary s, as a person would enter it (points
    rounded, bonus states, Kontras): entry_summary(profile, result) scores like s."""
    pts = [S.points(t) for t in s.thirds]
    e = {"n": s.n, "contract": s.contract, "declarer": s.declarer, "partner": s.partner,
         "points": S.points(s.decl_thirds),
         "tricks": s.tricks[s.declarer] if s.declarer >= 0 else 0,
         "pts": pts, "notrick": [1 if t == 0 else 0 for t in s.tricks],
         "bonus": [], "kontra": list(s.kontra), "mond": s.mond_lost + 1}
    for b in range(PS.N_BONUS):
        a, o = s.announced[b], s.bonus[b]
        if a:
            o = S.DECL_MADE if o == S.DECL_MADE and b != PS.TRULLPAGAT else S.NONE
        e["bonus"].append(B_STATES.index((a, o)))
    return e


def check_entry(profile, s):
    S.check_summary(profile, s)


def entry_deltas(profile, s):
    return S.score(profile, s)


def entry_note(profile, e, name):
    return t("entered_x") % entry_line(profile, e, name, 9)


# ------------------------------------------------------------- breakdown
def breakdown(profile, s, name):
    """How the result of summary s came about, lines of <= 25 characters:
    contract and declarer(+partner), outcome, every item of S.parts with
    its value, and S: what each of the declarer's party gets (each
    opponent -S). Klop and the open game: each player's points and delta."""
    cd = PS.contract(profile, s.contract)
    kind = cd["kind"]
    parts = S.parts(profile, s)
    if parts is None:
        out = [contract_name(profile, s.contract) + (" " + name(s.declarer)[:10]
                                                     if s.declarer >= 0 else "")]
        d = S.score(profile, s)
        for p in range(s.n):
            # a Klop's tricks only when none: all its score asks, and all
            # an entered Klop knows (its 1 stands for "took a trick"); the
            # open game's are not entered
            out.append(ljust(name(p)[:8], 8) + t("pts_kl") % (
                S.points(s.thirds[p]),
                t("tr_none") if kind == "klop" and s.tricks[p] == 0 else "", d[p]))
        return out
    who = name(s.declarer)
    if s.partner >= 0:
        who += "+" + name(s.partner)
    out = [shorten(contract_name(profile, s.contract) + " " + who)]   # a "." where it must be, never cut
    if kind == "pos":
        out.append(t("pts_won" if s.decl_thirds >= S.WIN_THIRDS else "pts_lost")
                   % S.points(s.decl_thirds))
    else:
        out.append(tn("n_tricks", s.tricks[s.declarer]) % s.tricks[s.declarer])
    items = []
    for w, v in parts:
        if w == "game":
            x = t("game_value") % cd["value"]
        elif w == "diff":
            x = t("diff35")
        elif w == "valat":
            x = t("sb_valat") + (t("ann") if s.announced[PS.VALAT] else "")
        elif w == "kontra":
            x = _kontra(s.kontra[0] - 1) + " x%d" % (1 << s.kontra[0])
        else:
            x = t(SHORT[w]) + (t("ann") if s.announced[w] else "")  # pyright: ignore[reportCallIssue, reportArgumentType] (a bonus id: the words are above)
            if s.announced[w] and s.kontra[1 + w]:  # pyright: ignore[reportOperatorIssue]
                x += " x%d" % (1 << s.kontra[1 + w])  # pyright: ignore[reportOperatorIssue]
        items.append((x, v))
    out += G.sum_lines(items, t("each_party") if s.partner >= 0 else t("the_declarer"))
    if profile.get("opp_score") == "zero":
        out.append(t("opp_zero"))
    if s.mond_lost >= 0:   # the standard rules' Mondfang: paid by one player alone
        out.append(G.item_line(t("sb_mondfang") + " " + name(s.mond_lost), -profile["mondfang"]))
    return out
