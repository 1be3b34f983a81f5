# Königrufen on the device: the glue between the rules core (tarock.koenigrufen.rules,
# tarock.koenigrufen.score, profile data of tarock.koenigrufen.profiles; seeds/000 second part,
# pagat.com Königrufen, RULES.md §1: docs/SOURCES.md) and the generic screens of the app. A family
# plugs in with a module like this one (listed in table.games): card labels, the words for its
# actions, its public view, and the fields of manual score entry.
from tarock.koenigrufen import rules as K
from tarock.koenigrufen import profiles as P
from tarock.koenigrufen import score as S
from tarock import seating
from tarock import cards as C
from tarock.tables import SUIT54, RANK54
from table.games import common as G
from tarock.compat import ljust, shorten
from table.lang import t, tn, get, seq

FAMILY = "koenigrufen"
TITLE = "K\u00f6nigrufen"
STOCK = "talon"   # the cards aside (families' "stock")
NCARDS = 54
SUIT_SYMBOLS = G.SUITS54
KONTRA = ("Kontra", "Re", "Sub", "Hirsch", "Mord")
# the phases' header words (table.lang keys)
PHASES = ("ph_cut", "ph_packets", "ph_bidding", "ph_contract", "ph_king", "ph_talon",
          "ph_discard", "ph_announce", "ph_trick", "ph_result")


def suit_of(c):
    return SUIT54[c]


def card_label(c, bare=False):
    return G.card_label54(c, bare, SUIT54, RANK54)


def new_deal(profile, seed, n_table):
    return K.Deal(profile, seed=seed, cutter=seating.cutter_position(n_table))


def contract_name(profile, cid):
    n = profile["contracts"][cid]["name"]
    return get("c_" + n, n)   # the language's word, else the profile's


def is_card(a):
    return 0 <= a < NCARDS


def kontra_word(level):
    return KONTRA[level] if level < len(KONTRA) else "x%d" % (1 << (level + 1))


def action_label(deal, a, name):
    """Short words for action a of the seat to move; name(pos) -> str."""
    if a < NCARDS:
        return card_label(a)
    if a == K.A_PASS:
        return t("pass")
    if a == K.A_MEIN:
        return t("mein_spiel")
    if a == K.A_CUT:
        return t("cut")
    if a == K.A_KNOCK:
        return t("knock")
    if K.A_PACKET <= a < K.A_PACKET + 4:
        return t("packet") % (a - K.A_PACKET + 1)
    if K.A_BID < a <= K.A_BID + P.MAX_CONTRACT:
        return contract_name(deal.profile, a - K.A_BID)
    if K.A_CALL < a <= K.A_CALL + 4:
        return t("king_of") % SUIT_SYMBOLS[a - K.A_CALL]
    if a == K.A_FOURTH:
        return t("fourth_king")
    if a == K.A_TALON or a == K.A_TALON + 1:
        return t(("talon_left", "talon_right")[a - K.A_TALON])
    if a == K.A_CONCEDE:
        return t("concede")
    if K.A_ANNOUNCE <= a < K.A_ANNOUNCE + P.N_BONUS:
        return bonus_name(deal.profile, a - K.A_ANNOUNCE, False)
    if K.A_DOUBLE <= a < K.A_MAX:
        i = a - K.A_DOUBLE
        if i >= K.ITEM_NEG:
            return "%s %s" % (kontra_word(deal.neg_dbl[i - K.ITEM_NEG]), name(i - K.ITEM_NEG))
        what = t("the_game") if i == 0 else bonus_name(deal.profile, i - 1)
        return "%s %s" % (kontra_word(deal.dbl[i]), what)
    return str(a)


def said_label(deal, a, name):
    """An action already taken, for the history lines (bids, announcements)."""
    if K.A_DOUBLE <= a < K.A_MAX:
        i = a - K.A_DOUBLE
        return "Kontra " + (t("the_game") if i == 0 else name(i - K.ITEM_NEG) if i >= K.ITEM_NEG
                            else bonus_name(deal.profile, i - 1))
    return action_label(deal, a, name)


def public_view(deal):
    """What every seat may see (the seat sitting out)."""
    hide = () if deal.talon_shown or deal.phase == K.PH_DONE else ("talon",)
    v = G.public_view(deal, hide)
    # the view is a position's: "the fourth king" unnamed as a seat that
    # holds no card sees it (that position may hold the king)
    v["called"] = deal.called_seen_by(-1)
    return v


PH_PLAY = K.PH_PLAY   # deal.phase while tricks are played (flows/play.py)


def phase_title(v):
    return G.phase_title(v, K.PHASE_NAMES, PHASES, K.PH_PLAY)


# the cards the cursor never starts on unless they are all that is legal
HONOURS = (C.PAGAT, C.MOND, C.SKUS)


def default_choice(deal, legal):
    if is_card(legal[0]):
        return G.default_card(legal, suit_of, HONOURS, C.TRUMPS)
    return G.default_choice(legal, K.A_PASS)


def open_hands(deal, v):
    """[(position, its cards)] of the hands that lie open, the declarer's
    first: in Piccolo / Bettel ouvert all four hands once the
    first card of trick 2 lies (seeds/000, pagat.com: "alle vier Blätter offen
    gespielt"; rules.Deal.open_hands); else []."""
    op = v.get("open")
    if op is None:
        return []
    n = len(op)
    d = deal.declarer
    return [((d + k) % n, op[(d + k) % n]) for k in range(n)]


def to_discard(deal):
    return deal.to_discard


def is_done(deal):
    return deal.phase == K.PH_DONE


def contract_line(deal, name):
    """'Rufer Anna+Clara' once the contract is known, else ''."""
    if not deal.contract:
        return ""
    s = contract_name(deal.profile, deal.contract) + " " + name(deal.declarer)
    c = deal.called_seen_by(-1)  # the public line: "the fourth king" stays unnamed
    if c:
        s += " " + SUIT_SYMBOLS[c] + seq("faces")[3]
    elif deal.fourth:
        s += t("fourth_k")
    return s


# bonus names short enough for a 25-character line with their outcome
# (table.lang keys)
SHORT = ("b_trull", "b_kings", "b_pagat", "b_uhu", "b_kakadu", "b_marabu", "b_king_ult",
         "b_valat", "b_mondfang", "b_skusfang", "b_konigfang", "b_ten_tarock")


def bonus_name(profile, b, short=True):
    """The profile's name for bonus b (Tarockcup: Quapil ...); short: the
    default names shortened to fit a line with their outcome."""
    names = profile.get("bonus_names", P.BONUS_NAMES)
    if names[b] != P.BONUS_NAMES[b] or not short or b >= len(SHORT):
        return names[b][:12] if short else names[b]
    return t(SHORT[b])


def result_lines(deal, name):
    """The counted summary of a finished deal: (head lines, detail lines)."""
    s = deal.summary()
    cd = deal.cdef
    who = name(s.declarer)
    if s.partner >= 0:
        who += "+" + name(s.partner)
    head = [contract_name(deal.profile, s.contract) + ": " + who]
    out = []
    if s.conceded:
        head.append(t("conceded"))
    elif cd["kind"] == "pos":
        pts = (s.decl_thirds + 1) // 3
        head.append(t("pts_won" if S.game_won(s, cd) else "pts_lost") % pts)
    elif cd["kind"] == "neg":
        head.append(t("tricks_won" if S.game_won(s, cd) else "tricks_lost") % G.tricks(s.tricks[s.declarer]))
    else:
        for p in range(4):
            out.append(G.pts_tricks(name(p), (s.thirds[p] + 1) // 3, s.tricks[p]))
    for b in range(P.N_BONUS):
        o = s.bonus[b]
        a = s.announced[b]
        if o or a:
            made = (o == S.DECL_MADE and (a != S.DEF)) or (o == S.DEF_MADE and a != S.DECL)
            party = ("", "decl", "def")[a] if a else ("", "decl", "def", "decl", "def")[o]
            if b == P.TEN_TAROCK:
                out.append("%s: %s" % (bonus_name(deal.profile, b),
                                       t(("", "decl", "def", "both")[a & 3] or "-")))
                continue
            # "!": announced (as the entry marks it; a 25-character line)
            out.append("%s%s: %s" % (bonus_name(deal.profile, b), "!" if a else "",
                                     t(party + (" made" if made else " lost"))))
    if s.kontra[0]:
        out.append(t("on_game") % kontra_word(s.kontra[0] - 1))
    for b in range(P.N_BONUS):
        if s.kontra[1 + b]:
            out.append(t("on_x") % (kontra_word(s.kontra[1 + b] - 1), bonus_name(deal.profile, b)))
    for p in range(4):
        if s.neg_kontra[p]:
            out.append("%s %s" % (kontra_word(s.neg_kontra[p] - 1), name(p)))
    return head, out


# ------------------------------------------------------------- score entry
# Manual entry for physical cards builds the same Summary a played deal
# produces (card points as 3 * points, RULES.md). table.flows.entry walks the steps
# entry_steps() lists; every value is a small int in the dict e.
# A bonus item's states: (announcing party, outcome); "!" = announced.
B_STATES = ((0, S.NONE), (0, S.DECL_MADE), (0, S.DEF_MADE), (0, S.DECL_FAILED),
            (0, S.DEF_FAILED), (S.DECL, S.DECL_MADE), (S.DECL, S.NONE),
            (S.DEF, S.DEF_MADE), (S.DEF, S.NONE))
B_WORDS = ("-", "decl made", "def made", "decl lost", "def lost", "decl! made", "decl! fail",
           "def! made", "def! fail")   # (table.lang keys: the entry translates them)
# which states each kind of bonus offers, the likeliest first (an item opens
# on the one after "-"): a bird or the called king can be lost by the side
# that played it; Trull, kings, Valat only made; the catches are never
# announced; König ultimo belongs to the declarer's party
_ST_BIRD = (0, 1, 2, 5, 6, 7, 8, 3, 4)
_ST_KING = (0, 1, 5, 6, 3)
_ST_MADE = (0, 1, 2, 5, 6, 7, 8)
_ST_CATCH = (0, 1, 2)
K_WORDS = ("-", "x2", "x4", "x8", "x16", "x32")


TEN_WORDS = ("-", "decl", "def", "both")   # (table.lang keys)


def bonus_choices(b):
    if b == P.TEN_TAROCK:
        return (0, 1, 2, 3)   # which parties announced their "10 Tarock"
    if b in P.BIRDS:
        return _ST_BIRD
    if b == P.KING_ULTIMO:
        return _ST_KING
    if b >= P.MONDFANG:
        return _ST_CATCH
    return _ST_MADE


def _scored(profile, b):
    """Does the profile score bonus b at all (a value, its house option on)?"""
    if profile["bonus"][b] == (0, 0):
        return False
    if b == P.TEN_TAROCK:
        return profile.get("ten_tarock", False)
    if b == P.KAKADU:
        return profile["kakadu"]
    if b == P.MARABU:
        return profile["marabu"]
    return True


UNSET = -9   # e["partner"] at his seat: he claims it there (table.flows.entry.CLAIM)


def entry_init(profile):
    return {"contract": K.compiled(profile)[2][0], "declarer": 0, "partner": UNSET,
            "points": 36, "tricks": 0, "pts": [18, 18, 17, 17], "ptricks": [3, 3, 3, 3],
            "bonus": [0] * P.N_BONUS, "kontra": [0] * (P.N_BONUS + 1),
            "neg_kontra": [0, 0, 0, 0]}


def _cdef(profile, cid):
    return K.compiled(profile)[1][cid]


CONCEDED = -2   # e["partner"]: the king lay in the talon, the declarer gave up


def can_concede(profile, cd):
    """A called contract with the half talon may be given up when the king
    lies in it: Besser Rufer always, any other with `concede_any`
    ("schleifen"); Solorufer (no talon exchange) never."""
    return cd["call"] and cd["talon"] == 3 and (cd["birds"] or profile["concede_any"])


def _trisch_tricks(e):
    """Trischaken tricks per position: the last takes what the others left."""
    t = e["ptricks"]
    return [t[0], t[1], t[2], 12 - t[0] - t[1] - t[2]]


def _kontra(profile, key, idx):
    return (key, idx, tuple(range(profile["max_kontra"] + 1)), K_WORDS)


def entry_steps(profile, e, name):
    """The entry screens for e's contract, in the order the table says it:
    declarer, contract, partner, won or lost, bonuses and Kontras. Steps as
    table.flows.entry reads them."""
    cids = K.compiled(profile)[2]
    d = e["declarer"]
    steps = [("pick", "declarer", t("declarer"), [(p, name(p)) for p in range(4)]),
             ("pick", "contract", t("contract"),
              [(c, contract_name(profile, c)) for c in cids])]
    cd = _cdef(profile, e["contract"])
    if cd["call"]:
        # "at his seat" first (the partner claims it on his screen), then
        # the players: "alone" (the king called was his own) is chosen on
        # the screen, never by default
        opts = [(UNSET, t("at_seat"))]
        for p in range(1, 4):
            opts.append(((d + p) % 4, name((d + p) % 4)))
        opts.append((-1, t("alone")))
        if can_concede(profile, cd):
            opts.append((CONCEDED, t("conceded")))
            steps.append(("pick", "partner", t("partner_conc"), opts))
            if e["partner"] == CONCEDED:
                return steps   # given up: nothing more counts
        else:
            steps.append(("pick", "partner", t("partner"), opts))
    kind = cd["kind"]
    if kind == "pos":
        # only >= 36 decides (score.game_won): won or lost, not points,
        # on top of the bonuses (won without a bonus: one ●)
        items = []  # type: list[tuple]
        for b in range(P.N_BONUS):
            if cd["color"] and b != P.VALAT:
                continue  # Farbensolo: only Valat counts
            if not _scored(profile, b):
                continue
            ann = b != P.TEN_TAROCK and B_STATES[e["bonus"][b]][0]
            items.append((bonus_name(profile, b), "bonus", b, bonus_choices(b),
                          TEN_WORDS if b == P.TEN_TAROCK else B_WORDS, None))
            if ann:   # announced: its Kontra the row below (one ● gives it)
                items.append(("  " + t("Kontra"), None, -1, (), (), _kontra(profile, "kontra", 1 + b)))
        # the game's Kontra last: one ◀ from "won", said after the bonuses
        items.append((t("game"), None, -1, (), (), _kontra(profile, "kontra", 0)))
        steps.append(("list", t("bonuses_kontra"), items,
                      ("points", ((36, t("won")), (35, t("lost"))))))
    elif kind == "neg":
        n = cd["tricks"]
        items = []
        for p in range(4):
            if p != d:
                items.append((name(p), None, -1, (), (), _kontra(profile, "neg_kontra", p)))
        steps.append(("list", t("Kontra"), items, ("tricks", ((n, t("won")), (n + 1, t("lost"))))))
    else:
        # Trischaken: tricks (the fourth player's are the rest), then points
        # counted in threes, left-over cards apart: with 4 cards a trick
        # those are tricks mod 3, so thirds = 3 * points + tricks % 3
        left = 12
        for p in range(3):
            steps.append(("number", "ptricks", p, t("tricks_of") % name(p), 0, left))
            left -= e["ptricks"][p]
        tr = _trisch_tricks(e)
        for p in range(4):
            if tr[p]:    # without a trick no cards: 0 points, nothing to count
                steps.append(("number", "pts", p, t("points_of") % name(p), 0, 70))
    return steps


def entry_line(profile, e, name, step):
    """What is entered so far, shortly: 'Anna Rufer+Clara'; Trischaken's
    tricks and points steps: the fourth's tricks, the cards left over."""
    if step == 0:
        return ""
    cd = _cdef(profile, e["contract"])
    if cd["kind"] == "trisch" and step >= 4:
        tr = _trisch_tricks(e)
        if step == 4:
            return t("takes_rest") % (shorten(name(3), 7), tr[3])
        st = entry_steps(profile, e, name)
        if step >= len(st):
            return contract_name(profile, e["contract"])
        p = st[step][2]
        r = tr[p] % 3
        return "%s: %d%s" % (G.tricks(tr[p]), e["pts"][p], tn("plus_card", r) % r if r else "")
    s = name(e["declarer"])
    if step >= 2:
        s += " " + contract_name(profile, e["contract"])
        if e["partner"] >= 0 and step >= 3 and e["partner"] != e["declarer"]:
            s += "+" + name(e["partner"])
        elif e["partner"] == CONCEDED and step >= 3 and can_concede(profile, cd):
            s += " " + t("conceded")   # the entry shortens the line to fit
    return s


def entry_note(profile, e, name):
    """The sheet's note for an entered deal."""
    return t("entered") % (contract_name(profile, e["contract"]), name(e["declarer"]))


def entry_summary(profile, e):
    """The Summary of entry e (positions 0..3 in turn order)."""
    cid = e["contract"]
    cd = _cdef(profile, cid)
    s = S.Summary(cid, e["declarer"], 4)
    if cd["call"] and e["partner"] == CONCEDED and can_concede(profile, cd):
        s.conceded = True
        return s
    if cd["call"] and e["partner"] != e["declarer"] and e["partner"] >= 0:
        s.partner = e["partner"]
    kind = cd["kind"]
    if kind == "pos":
        s.decl_thirds = 3 * e["points"]
        bs = e["bonus"]
        for b in range(P.N_BONUS):
            if b == P.TEN_TAROCK:
                s.announced[b] = bs[b]   # a party mask
                continue
            a, o = B_STATES[bs[b]]
            s.announced[b] = a
            s.bonus[b] = o
        kk = e["kontra"]
        for i in range(P.N_BONUS + 1):
            s.kontra[i] = kk[i] if i == 0 or (s.announced[i - 1] and i - 1 != P.TEN_TAROCK) else 0
    elif kind == "neg":
        s.tricks[s.declarer] = e["tricks"]
        for p in range(4):
            s.neg_kontra[p] = e["neg_kontra"][p] if p != s.declarer else 0
    else:
        t = _trisch_tricks(e)
        for p in range(4):
            s.thirds[p] = 3 * e["pts"][p] + t[p] % 3 if t[p] else 0
            s.tricks[p] = t[p]
    return s


def entry_values(profile, s):
    """The entry dict for Summary s, as a person would enter it (a played
    deal's, or a recorded one to correct): entry_summary(profile, result)
    scores like s. A positive game's points only say won or lost (36 / 35:
    only game_won reads them); Trischaken's points counted in threes (the
    cards left over, tricks % 3, are the glue's)."""
    cd = _cdef(profile, s.contract)
    pts = (s.decl_thirds + 1) // 3
    tricks = s.tricks[s.declarer]
    if cd["kind"] == "pos" and not s.conceded:
        pts = 36 if S.game_won(s, cd) else 35
    elif cd["kind"] == "neg":   # only made or not counts: the entry's won / lost
        tricks = cd["tricks"] + (0 if S.game_won(s, cd) else 1)
    e = {"contract": s.contract, "declarer": s.declarer,
         "partner": CONCEDED if s.conceded else s.partner,
         "points": pts, "tricks": tricks,
         "pts": [t // 3 for t in s.thirds], "ptricks": list(s.tricks),
         "bonus": [], "kontra": list(s.kontra), "neg_kontra": list(s.neg_kontra)}
    for b in range(len(s.bonus)):
        a, o = s.announced[b], s.bonus[b]
        if b == P.TEN_TAROCK:
            e["bonus"].append(a)     # the parties that announced it
            continue
        if a:
            made = (a == S.DECL and o == S.DECL_MADE) or (a == S.DEF and o == S.DEF_MADE)
            o = o if made else S.NONE
        e["bonus"].append(B_STATES.index((a, o)))
    return e


def check_entry(profile, s):
    """Raise ValueError for an entry that cannot have happened."""
    S.check_summary(profile, s)


def entry_deltas(profile, s):
    """Per-position deltas of an entered summary (the one scorer)."""
    return S.score(profile, s)


# ------------------------------------------------------------- breakdown
def breakdown(profile, s, name):
    """How the result of summary s came about, lines of <= 25 characters:
    contract and declarer(+partner), outcome, then every item with its
    value from the scorer (S.parts / S.neg_unit / the Trischaken deltas)
    and what each opponent pays ("per opponent": the unit S.score settles)."""
    cd = _cdef(profile, s.contract)
    who = name(s.declarer)
    if s.partner >= 0:
        who += "+" + name(s.partner)
    kind = cd["kind"]
    # shortened with a "." where it must be, never cut
    out = [shorten(contract_name(profile, s.contract) + " " + (who if kind != "trisch" else ""))]
    parts = S.parts(profile, s)
    if kind == "trisch":
        out[0] = contract_name(profile, s.contract)
        out.append(t("forehand") % name(0)[:10])
        d = S.score(profile, s)
        for p in range(s.n):
            out.append(ljust(name(p)[:8], 8) + t("pts_tr") % ((s.thirds[p] + 1) // 3,
                                                              s.tricks[p], d[p]))
        return out
    # entered as won / lost ("Nur Punkte"): no card counted, the entry's
    # stand-in points and tricks (36 / 35, one trick too many) unsaid
    counted = any(s.thirds)
    won = S.game_won(s, cd)
    if kind == "neg":
        if won or counted:   # won: exactly the contract's tricks
            out.append(t("tricks_won" if won else "tricks_lost") % G.tricks(s.tricks[s.declarer]))
        else:
            out.append(t("lost"))
        for p in range(s.n):
            if p != s.declarer:
                k = s.neg_kontra[p]
                out.append(G.item_line(name(p)[:10] + (" " + kontra_word(k - 1) if k else ""),
                                       S.neg_unit(cd, s, p)))
        return out
    if s.conceded:
        out.append(t("conceded"))
    elif counted:
        out.append(t("pts_won" if won else "pts_lost") % ((s.decl_thirds + 1) // 3))
    else:
        out.append(t("won" if won else "lost"))
    items = []
    for w, f, v in parts:  # pyright: ignore[reportOptionalIterable] (None only for trisch, neg: returned above)
        if w == "game":
            x = t("game") + (" " + kontra_word(s.kontra[0] - 1) if s.kontra[0] else "") + G.factor_word(f)
        elif w == "conceded":
            x = t("conceded")
        elif w == "valat":
            x = "Valat" + G.factor_word(f)
        elif w == "ten":
            x = bonus_name(profile, P.TEN_TAROCK)
        else:
            a = s.announced[w]
            x = bonus_name(profile, w) + (t("ann") if a else "") + G.factor_word(f)
        items.append((x, v))
    return out + G.sum_lines(items, t("per_opponent"))
