# French Tarot on the device: the glue between the rules core (tarock.french.rules,
# tarock.french.score, tarock.french.profiles; RULES.md §4, seeds/003: the FFT rules,
# docs/SOURCES.md) and the app's generic screens, like table/games/koenigrufen.py. Public on every
# screen: the chien once turned for a prise or garde, each poignée shown (its trumps during the
# first trick: the ones its announcer chose to show; how many he keeps back is on his screen
# alone), the trumps of the écart that were shown, the trick; at two players both players' stacks
# (their face-up tops).
from tarock.french import rules as R
from tarock.french import score as S
from tarock.french.tables import SUIT78, RANK78
from tarock.french import cards as FC
from table.ui import row, HAND, W
from table.games import common as G
from tarock.compat import shorten
from table.lang import t, tn, seq

FAMILY = "french"
TITLE = "French Tarot"
STOCK = "chien"
NCARDS = 78
# trumps, hearts, diamonds, spades, clubs, the Excuse (a suit of its own)
SUIT_SYMBOLS = ("T", "\u2665", "\u2666", "\u2660", "\u2663", "")
_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10")   # then the language's "faces"
# (table.lang keys)
PHASES = ("ph_petit_sec", "ph_bidding", "ph_king", "ph_ecart", "ph_chelem", "ph_trick",
          "ph_result", "ph_poignee")
POIGNEE = ("Poign\u00e9e", "Double poign\u00e9e", "Triple poign\u00e9e")
MISERE = ("Mis\u00e8re d'atout", "Mis\u00e8re de t\u00eate")
SIDE = ("-", "taker", "defence")   # (table.lang keys)


def suit_of(c):
    return SUIT78[c]


def card_label(c, bare=False):
    """'21' '1' for trumps, 'Ex' the Excuse, '♥R' or 'R'."""
    s = SUIT78[c]
    if s == 0:
        return str(RANK78[c] + 1)
    if s == 5:
        return t("excuse")
    r = RANK78[c]
    r = _RANKS[r] if r < 10 else seq("faces")[r - 10]
    return r if bare else SUIT_SYMBOLS[s] + r


def is_card(a):
    return 0 <= a < NCARDS


def players_in_deal(profile, n_table):
    """Five at the table with the dummy variant: the dealer sits out."""
    return 4 if n_table == 5 and profile["dummy5"] else n_table


def new_deal(profile, seed, n_table):
    return R.Deal(profile, seed=seed, n=players_in_deal(profile, n_table))


def contract_name(profile, cid):
    return profile["contracts"][cid]["name"]


def _rank_word(deal):
    r = deal.call_rank()
    return t(("r_king", "r_queen", "r_knight", "r_jack")[13 - r] if 10 <= r <= 13 else "r_card")


def action_label(deal, a, name):
    if a < NCARDS:
        return card_label(a)
    if a == R.A_PASS:
        return t("pass")
    if R.A_BID < a <= R.A_BID + 4:
        return contract_name(deal.profile, a - R.A_BID)
    if R.A_CALL < a <= R.A_CALL + 4:
        return "%s %s" % (_rank_word(deal), SUIT_SYMBOLS[a - R.A_CALL])
    if a == R.A_CHELEM:
        return t("chelem_x")
    if R.A_POIGNEE <= a < R.A_POIGNEE + 3:
        return POIGNEE[a - R.A_POIGNEE]
    if R.A_MISERE <= a < R.A_MISERE + 2:
        return MISERE[a - R.A_MISERE]
    if a == R.A_PETIT_SEC:
        return t("petit_sec_redeal")
    if a == R.A_SHOW:
        return t("show_poignee")
    return str(a)


def said_label(deal, a, name):
    return action_label(deal, a, name)


# the bouts: the cursor never starts on one unless they are all that is legal
HONOURS = (FC.PETIT, FC.MONDE, FC.EXCUSE)


def default_choice(deal, legal):
    if deal.phase == R.PH_SHOW:
        # the poignée laid out once enough are kept back; till then the
        # highest trump not kept back (the big ones are the usual to hide)
        if legal[-1] == R.A_SHOW:
            return R.A_SHOW
        for i in range(len(legal) - 1, -1, -1):
            c = legal[i]
            if not deal.hidden >> c & 1:
                return c
    if is_card(legal[0]):
        return G.default_card(legal, suit_of, HONOURS, 0)
    return G.default_choice(legal, R.A_PASS)


def public_view(deal):
    """What every seat may see (the dealer sitting out at five)."""
    v = deal.view(0 if deal.taker != 0 else 1)
    for k in ("hand", "legal", "ecart"):
        v.pop(k, None)
    v["pos"] = -1
    return v


PH_PLAY = R.PH_PLAY   # deal.phase while tricks are played (flows/play.py)


def phase_title(v):
    return G.phase_title(v, R.PHASE_NAMES, PHASES, R.PH_PLAY)


def open_hands(deal, v):
    return []   # no contract of this family lays a hand open


def to_discard(deal):
    return deal.to_discard


def is_done(deal):
    return deal.phase == R.PH_DONE


def hand_of_view(v):
    """The cards a seat plays from: its hand, at two players in the play
    with its own face-up stack tops (they are never bid on, laid away or
    shown apart: the stack lines show them then)."""
    h = v.get("hand")      # None for a seat sitting out
    tops = v.get("tops")
    if tops is None or v["pos"] < 0 or v["phase"] != "play":
        return h
    out = h + tops[v["pos"]]
    out.sort()
    return out


def _stacks(play, v):
    """Two players: each player's six stacks, a line each: the face-up top
    cards, '-' for an empty stack (the count face down does not fit the
    line: 3 letters of the name and six cards take 25)."""
    rows = []
    for q in range(2):
        items = [play.name(q)[:3]]
        for (top, hidden) in v["stacks"][q]:
            items.append(top if top >= 0 else "-")
        rows.append(row(items))
    return rows


def contract_line(deal, name):
    """'Garde Anna ♥K' once the contract is known, else ''."""
    if not deal.contract:
        return ""
    s = contract_name(deal.profile, deal.contract) + " " + name(deal.taker)
    if deal.called >= 0:
        s += " " + card_label(deal.called)
    return s


def context_rows(play, d, v):
    """The chien while it lies open, the poignée being laid out, the
    poignées during the first trick;
    two players: the stacks while bidding (with the last bid) and playing;
    None: the generic rows."""
    ph = v["phase"]
    name = play.name
    if ph in ("call", "discard", "chelem") and "chien" in v:
        rows = [row(contract_line(d, name)), row([t(STOCK)] + v["chien"])]
        if ph == "discard":
            rows.append(row(t("lays_away") % (name(d.to_move), d.to_discard)))
        return rows
    if ph == "poignee":
        # the announcer picks the trumps he keeps hidden (his hand: the
        # generic hand row, ● on a trump keeps it back or brings it back);
        # the table sees only what he announced
        rows = play._trick(v)
        lv = POIGNEE[d.show_level]
        kept = v.get("kept_back")
        # his own screen: the level beside the trumps kept back, one line
        # where it fits (his name is the header's; a line less keeps the
        # header large: issue 37): 5 px a character, a trump's up to 3
        s = lv + ", " + t("kept_back")
        if kept and (len(s) + 3 * len(kept)) * 5 <= W:
            rows.append(row([s] + kept))
            kept = None
        else:
            rows.append(row("%s: %s" % (shorten(name(d.to_move), 7), lv)))
        if v.get("keep_back"):
            rows.append(row(t("keep_back") % v["keep_back"]))
        if kept:
            rows.append(row([t("kept_back")] + kept))
        return rows
    if ph == "play" and v["trick_no"] == 0 and v["poignees"]:
        rows = play._trick(v)
        q, lv, cs = v["poignees"][-1]
        rows.append(row("%s: %s" % (shorten(name(q), 7), POIGNEE[lv - 1])))
        rows.append((HAND, cs, -1, None))
        return rows
    if "stacks" in v and ph in ("bid", "play"):
        if ph == "play":
            return play._trick(v) + _stacks(play, v)
        b = v["bids"]
        if b:
            top = row("%s: %s" % (name(b[-1][0]), action_label(d, b[-1][1], name)))
        else:
            top = row(t("forehand") % name(0))
        return [top] + _stacks(play, v)
    return None


def info_rows(play, d, v):
    """Page 2 lines beside the generic ones: poignées and misères said."""
    out = []
    for (p, a) in v["announces"]:
        if a != R.A_CHELEM:
            out.append(row("%s: %s" % (shorten(play.name(p), 7), action_label(d, a, play.name))))
    if v["chelem_announced"]:
        out.append(row(t("chelem_ann")))
    if "chien" in v:
        out.append(row([t(STOCK)] + v["chien"]))
    if "stacks" in v and v["phase"] not in ("bid", "play"):
        out += _stacks(play, v)     # else on the first page already
    return out[-3:]


def result_lines(deal, name):
    s = deal.summary()
    if s.redeal:
        if deal.petit_sec >= 0:
            return [t("petit_sec_x") % name(deal.petit_sec)], []
        return [t("all_passed_redeal")], []
    who = name(s.taker)
    if s.partner >= 0 and s.partner != s.taker:
        who += "+" + name(s.partner)
    head = [contract_name(deal.profile, s.contract) + ": " + who]
    pts = "%d%s" % (s.halves // 2, ".5" if s.halves & 1 else "")
    head.append(tn("fr_won" if S.made(deal.profile, s) else "fr_lost", s.bouts) % (pts, s.bouts))
    out = [t("needed") % S.threshold(deal.profile, s.bouts)]
    if s.petit:
        out.append(t("petit_bout_x") % t(SIDE[s.petit]))
    for p in range(s.n):
        if s.poignees[p]:
            out.append(shorten("%s: %s" % (name(p), POIGNEE[s.poignees[p] - 1])))
    if s.chelem or s.chelem_announced:
        out.append("Chelem%s: %s" % (t("ann") if s.chelem_announced else "", t(SIDE[s.chelem])))
    return head, out


# ------------------------------------------------------------- score entry
# Fields of score_fr.Summary; the scorer's check_summary has the last word.
# Card points in half points (45.5 is 91 halves), the value shown as points.
CHELEM = ((0, 0), (S.ATT, 0), (S.ATT, 1), (S.NONE, 1), (S.DEF, 0), (S.DEF, 1))
# (table.lang keys: the entry translates them)
CHELEM_WORDS = ("-", "taker", "taker!", "taker! failed", "defence", "defence!")
PG_WORDS = ("-", "simple", "double", "triple")
MS_WORDS = ("-", "d'atout", "de t\u00eate", "both")


# the commonest bonuses in one pick (issue 37: a garde with petit au bout
# and a poignée was 13 presses): (petit au bout, the taker's side's first
# poignée, the defence's first); -1 ("other bonuses") opens the whole list
QUICK = ((0, 0, 0), (S.ATT, 0, 0), (0, 1, 0), (0, 0, 1), (S.ATT, 1, 0))


def entry_init(profile):
    # pile: whose pile the table counts and its bouts in one pick (issue 37:
    # a step less), 0..3 the taker's side's bouts on its pile (halves), 4..7
    # the defence's (dhalves), 4 + its bouts; poignées by side (seed 003,
    # FFT: the bonus goes to the side that wins the deal), each side's
    # first, second ... shown
    return {"n": 4, "contract": 1, "taker": 0, "partner": -9, "halves": 112,
            "pile": 2, "dhalves": S.HALVES - 112, "petit": 0, "quick": 0,
            "chelem": 0, "pg_att": [0, 0], "pg_def": [0, 0, 0, 0], "miseres": [0] * 5}


def _sides(e):
    """(positions of the taker's side, of the defence) in entry e."""
    n = e["n"]
    att = [e["taker"]]
    if n == 5 and e["partner"] >= 0 and e["partner"] != e["taker"]:
        att.append(e["partner"])
    dfn = []
    for p in range(n):
        if p not in att:
            dfn.append(p)
    return att, dfn


def _pg_items(key, word, k_max, vals):
    """A side's poignée items: the next one offered once the previous is set."""
    items = []
    for k in range(k_max):
        if k and not vals[k - 1]:
            break
        items.append(((t("poign") if k == 0 else t("n_poign") % (k + 1)) + word, key, k,
                      (0, 1, 2, 3), PG_WORDS, None))
    return items


def entry_steps(profile, e, name):
    """The table says it: taker (or all passed), contract, partner, the
    counted pile's bouts, its points (opening on what those bouts need),
    then the bonuses in one pick of the commonest (QUICK), its last choice
    "other bonuses": petit au bout, poignées by side, chelem and misères in
    one list."""
    n = e["n"]
    opts = [(p, name(p)) for p in range(n)]
    opts.append((-1, t("all_passed")))
    steps = [("pick", "taker", t("taker_h"), opts)]  # type: list[tuple]
    if e["taker"] < 0:
        return steps
    opts = []
    for cid in (1, 2, 3, 4):
        if profile["contracts"][cid].get("on", True):
            opts.append((cid, contract_name(profile, cid)))
    steps.append(("pick", "contract", t("contract"), opts))
    if n == 5:
        tk = e["taker"]
        ps = []
        for p in range(1, n):
            ps.append(((tk + p) % n, name((tk + p) % n)))
        ps.append((-1, t("alone")))
        steps.append(("pick", "partner", t("partner_called"), ps))
    # the bouts of the pile counted: the taker's side's, then (▶ past 3,
    # ◀ past 0; marked "def.") the defence's; the title says whose
    pile = e["pile"]
    bs = [(b, tn("n_bouts", b) % b) for b in range(4)]
    bs += [(4 + b, t("dfc") + " " + bs[b][1]) for b in range(4)]
    th = profile["thresholds"]
    if pile >= 4:
        steps.append(("pick", "pile", t("bouts_def"), bs))
        steps.append(("number", "dhalves", -1, t("points_def"), 0, S.HALVES, 2,
                      S.HALVES - 2 * th[7 - pile]))
    else:
        steps.append(("pick", "pile", t("bouts_taker"), bs))
        steps.append(("number", "halves", -1, t("points_taker"), 0, S.HALVES, 2,
                      2 * th[pile]))
    pb, pg = t("petit_bout_l") + " ", t("poign") + t("simple") + " "
    qs = (t("fr_no_bonus"), pb + t("tak"), pg + t("tak"), pg + t("dfc"),
          pb + "+ " + pg + t("tak"))
    opts = [(k, qs[k]) for k in range(len(QUICK))]
    opts.append((-1, t("fr_other_bonuses")))
    steps.append(("pick", "quick", t("bonuses"), opts))
    if e["quick"] >= 0:
        return steps
    att, dfn = _sides(e)
    # the likelier first: petit au bout, the poignées, then chelem
    items = [(t("petit_bout_l"), "petit", -1, (0, 1, 2), SIDE, None)]  # type: list[tuple]
    items += _pg_items("pg_att", t("tak"), len(att), e["pg_att"])
    items += _pg_items("pg_def", t("dfc"), len(dfn), e["pg_def"])
    items.append(("Chelem", "chelem", -1, (0, 1, 2, 3, 4, 5), CHELEM_WORDS, None))
    if profile["miseres"]:
        for p in range(n):
            items.append(("Mis. " + name(p), "miseres", p, (0, 1, 2, 3), MS_WORDS, None))
    steps.append(("list", t("bonuses"), items))
    return steps


def entry_line(profile, e, name, step):
    if step == 0:
        return ""
    if e["taker"] < 0:
        return t("all_passed")
    s = name(e["taker"])
    if step >= 2:
        s += " " + contract_name(profile, e["contract"])
        if e["partner"] >= 0 and step >= 3 and e["partner"] != e["taker"]:
            s += "+" + name(e["partner"])
    return s


def entry_summary(profile, e):
    n = e["n"]
    if not e["contract"] or e["taker"] < 0:
        return S.redeal_summary(n)
    q = e["quick"]
    if q >= 0:   # the one pick's bonuses, nothing of the list
        e = dict(e)
        e["petit"], a, d = QUICK[q]
        e["pg_att"] = [a, 0]
        e["pg_def"] = [d, 0, 0, 0]
        e["chelem"] = 0
        e["miseres"] = [0] * 5
    s = S.Summary(e["contract"], e["taker"], n)
    s.partner = e["partner"] if n == 5 and e["partner"] != e["taker"] and e["partner"] >= 0 else -1
    if e["pile"] >= 4:    # the defence's pile counted: the taker's side has the rest
        s.halves = S.HALVES - e["dhalves"]
        s.bouts = 7 - e["pile"]
    else:
        s.halves = e["halves"]
        s.bouts = e["pile"]
    s.petit = e["petit"]
    s.chelem, ann = CHELEM[e["chelem"]]
    s.chelem_announced = bool(ann)
    s.miseres = list(e["miseres"][:n])
    # each side's poignées on its players, in turn order; a player who
    # announced misère d'atout holds no trump, so shows none (last choice)
    att, dfn = _sides(e)
    for side, key in ((att, "pg_att"), (dfn, "pg_def")):
        order = []
        for p in side:
            if not s.miseres[p] & S.M_TRUMP:
                order.append(p)
        for p in side:
            if s.miseres[p] & S.M_TRUMP:
                order.append(p)
        vals = e[key]
        for k in range(len(order)):
            if k < len(vals) and vals[k]:
                s.poignees[order[k]] = vals[k]
            elif k < len(vals):
                break
    return s


def entry_values(profile, s):
    """The entry dict for Summary s: entry_summary(profile, result) scores
    like s (the taker's side's points view; poignées by side)."""
    if s.redeal:
        e = entry_init(profile)
        e["n"] = s.n
        e["taker"] = -1
        return e
    e = {"n": s.n, "contract": s.contract, "taker": s.taker,
         "partner": s.partner if s.partner >= 0 else -1, "halves": s.halves,
         "pile": s.bouts, "dhalves": S.HALVES - s.halves, "petit": s.petit,
         "chelem": CHELEM.index((s.chelem, 1 if s.chelem_announced else 0)),
         "pg_att": [0, 0], "pg_def": [0, 0, 0, 0], "miseres": list(s.miseres)}
    e.update(poignees_by_side(e, s.poignees))
    # the one pick when it says it all, else "other bonuses" (the list)
    e["quick"] = -1
    if not e["chelem"] and not any(e["miseres"]) and not any(e["pg_att"][1:]) \
            and not any(e["pg_def"][1:]):
        for k in range(len(QUICK)):
            if QUICK[k] == (e["petit"], e["pg_att"][0], e["pg_def"][0]):
                e["quick"] = k
    return e


def poignees_by_side(e, poignees):
    """pg_att / pg_def for per-position poignées, in the order
    entry_summary puts them back (players without misère d'atout first)."""
    att, dfn = _sides(e)
    out = {}
    for side, key, m in ((att, "pg_att", 2), (dfn, "pg_def", 4)):
        order = []
        for p in side:
            if not e["miseres"][p] & S.M_TRUMP:
                order.append(p)
        for p in side:
            if e["miseres"][p] & S.M_TRUMP:
                order.append(p)
        vals = []
        for p in order:
            if poignees[p]:
                vals.append(poignees[p])
        out[key] = vals + [0] * (m - len(vals))
    return out


def check_entry(profile, s):
    S.check_summary(profile, s)


def entry_deltas(profile, s):
    return S.score(profile, s)


def entry_note(profile, e, name):
    return t("entered_x") % entry_line(profile, e, name, 9)


def entry_start(profile, e, n_deal):
    """The entry knows how many play this deal (the dummy variant: 4 of 5)."""
    e["n"] = n_deal


# ------------------------------------------------------------- breakdown
def breakdown(profile, s, name):
    """How the result of summary s came about, lines of <= 25 characters:
    contract and taker(+partner), points against the threshold, every item
    of S.parts (base and points x the contract's multiplier, petit au bout,
    each poignée, chelem) with its value, R (what each defender pays), and
    each misère."""
    if s.redeal:
        return [t("redeal_no_game")]
    who = name(s.taker)
    if s.partner >= 0 and s.partner != s.taker:
        who += "+" + name(s.partner)
    out = [shorten(contract_name(profile, s.contract) + " " + who)]   # a "." where it must be, never cut
    pts = "%d%s" % (s.halves // 2, ".5" if s.halves & 1 else "")
    out.append(tn("fr_of_won" if S.made(profile, s) else "fr_of_lost", s.bouts)
               % (pts, S.threshold(profile, s.bouts), s.bouts))
    items = []
    for w, f, v in S.parts(profile, s):
        if w == "base":
            x = t("base_x") % (profile["base"], f)
        elif w == "points":
            x = t("points_x") % (abs(v) // f if f else 0, f)
        elif w == "petit":
            x = t("petit_bout")
        elif w == "poignee":
            x = POIGNEE[f - 1]
        elif w == "chelem":
            x = "Chelem" + (t("ann") if s.chelem_announced else "")
        else:
            x = t("chelem_def")
        items.append((x, v))
    out += G.sum_lines(items, t("each_def_pays"))
    for p in range(s.n):
        m = S.misere_units(profile, s, p)
        if m:
            out.append(G.item_line("Mis\u00e8re " + name(p)[:8], m))
    return out
