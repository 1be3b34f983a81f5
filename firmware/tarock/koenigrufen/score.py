# The one scorer of the 54-card Austrian games: a deal summary (from a played
# deal or from a manual entry for physical cards) -> per-seat integer deltas.
# Sources: seeds/000 (pagat.com Königrufen,
# https://www.pagat.com/tarot/koenigrufen.html: "Der Punktwert", bonuses,
# Trischaken), RULES.md §1 and "Readings fixed where the texts are silent";
# Tarockcup: seeds/001 (the Raiffeisen Tarockcup rules,
# http://www.tarockcup.at/service/spielregeln/: Valat, 10 Tarock) and
# RULES.md §2 (tariff, Trischaken settlement).
# docs/SOURCES.md maps every seed and RULES.md section to its public source.
from tarock.errors import Refused, E_FIT, E_SO, E_SUM, E_BIRD
from tarock.koenigrufen.profiles import N_BONUS, VALAT, TEN_TAROCK, contract, BONUS_NAMES, BIRDS, TRULL, KINGS, KAKADU, MARABU, KING_ULTIMO, MONDFANG, SKUSFANG, KINGFANG

# bonus outcomes
NONE = 0
DECL_MADE = 1   # the declarer's party achieved it
DEF_MADE = 2    # the defenders achieved it
DECL_FAILED = 3  # the declarer's party tried (played the card in its trick) and lost
DEF_FAILED = 4
# parties
DECL = 1
DEF = 2

WIN_THIRDS = 107  # >= 36 points of 70


class Summary:
    """What a deal produced, all integers, positions in turn order (0 = forehand).

    contract: contract id of the profile; declarer, partner (-1: alone);
    decl_thirds: card thirds of the declarer's party incl. its talon share
    (manual entry: 3 * points); thirds[p], tricks[p]: per position;
    bonus[b]: outcome per bonus id; announced[b]: 0 or the announcing party;
    kontra[0]: level on the game, kontra[1 + b]: level on announced bonus b;
    announced[TEN_TAROCK] is a party mask (DECL | DEF: each party may
    announce its own "10 Tarock");
    neg_kontra[p]: level of defender p's own kontra in a negative contract;
    conceded: Besser Rufer given up with the king in the talon."""

    def __init__(self, contract_id, declarer, n=4):
        self.contract = contract_id
        self.declarer = declarer
        self.partner = -1
        self.n = n
        self.decl_thirds = 0
        self.thirds = [0] * n
        self.tricks = [0] * n
        self.bonus = [NONE] * N_BONUS
        self.announced = [0] * N_BONUS
        self.kontra = [0] * (N_BONUS + 1)
        self.neg_kontra = [0] * n
        self.conceded = False

    def party_of(self, p):
        return DECL if p == self.declarer or p == self.partner else DEF


def _settle(s, deltas, u):
    """The declarer's party wins u per opponent (u < 0: loses). A lone
    declarer settles with each of the others; 2 v 2 each loser pays one winner."""
    n = s.n
    if s.partner < 0 or s.partner == s.declarer:
        for p in range(n):
            if p == s.declarer:
                deltas[p] += (n - 1) * u
            else:
                deltas[p] -= u
    else:
        for p in range(n):
            deltas[p] += u if s.party_of(p) == DECL else -u


def game_won(s, cdef):
    if cdef["kind"] == "neg":
        return s.tricks[s.declarer] == cdef["tricks"]
    return s.decl_thirds >= WIN_THIRDS


def bonus_points(profile, cdef, s, b):
    """Points for bonus b from the declarer party's side (per opponent)."""
    if (cdef["color"] and b != VALAT) or b == TEN_TAROCK:
        return 0
    silent, announced = profile["bonus"][b]
    o = s.bonus[b]
    a = s.announced[b]
    if a:
        v = announced << s.kontra[1 + b]
        made = (a == DECL and o == DECL_MADE) or (a == DEF and o == DEF_MADE)
        pts = v if made else -v
        side = a
    else:
        if o == NONE:
            return 0
        pts = silent if o in (DECL_MADE, DEF_MADE) else -silent
        side = DECL if o in (DECL_MADE, DECL_FAILED) else DEF
    pts *= cdef["bonus_mult"]
    return pts if side == DECL else -pts


def score(profile, s):
    """Per-position integer deltas; they always sum to zero."""
    cdef = contract(profile, s.contract)
    deltas = [0] * s.n
    kind = cdef["kind"]
    if kind == "trisch":
        return _trischaken(profile, cdef, s, deltas)
    if kind == "neg":
        for p in range(s.n):
            if p != s.declarer:
                u = neg_unit(cdef, s, p)
                deltas[s.declarer] += u
                deltas[p] -= u
        return deltas
    u = 0
    for w, f, v in parts(profile, s):  # pyright: ignore[reportOptionalIterable] (not trisch/neg: returned above)
        u += v
    _settle(s, deltas, u)
    return deltas


def neg_unit(cdef, s, p):
    """A negative contract: what the declarer wins from defender p (each
    defender kontras for himself)."""
    won = game_won(s, cdef)
    return (cdef["value"] if won else -cdef["loss"]) << s.neg_kontra[p]


def parts(profile, s):
    """What the declarer's party wins per opponent (negative: loses), item by
    item: [(what, factor, value)], what: "game", "conceded", "valat" (the
    Tarockcup multiplier), "ten" (10 Tarock) or a bonus id; factor: its
    Kontra (or Valat) multiplier. score() settles the sum of the values, so
    a breakdown shown from these cannot differ from the score. None for
    Trischaken and the negative contracts (settled player by player)."""
    cdef = contract(profile, s.contract)
    if cdef["kind"] in ("trisch", "neg"):
        return None
    if s.conceded:
        # Besser contracts: the profile's concession; any other called
        # contract given up with the king in the talon ("schleifen"): lost
        return [("conceded", 1, -(profile["besser_concede"] if cdef["birds"] else cdef["loss"]))]
    f = 1 << s.kontra[0]
    game = (cdef["value"] if game_won(s, cdef) else -cdef["loss"]) * f
    out = [("game", f, game)]  # type: list[tuple[str | int, int, int]]
    mult = profile["valat"] == "mult" and (s.bonus[VALAT] in (DECL_MADE, DEF_MADE) or s.announced[VALAT])
    for b in range(N_BONUS):
        if mult and (b == VALAT or not s.announced[b]):
            continue   # Tarockcup Valat: only the announced bonuses, multiplied
        v = bonus_points(profile, cdef, s, b)
        if v or (s.announced[b] and b != TEN_TAROCK):
            out.append((b, (1 << s.kontra[1 + b]) if s.announced[b] else 1, v))
    if mult:
        u = _valat_mult(profile, cdef, s, game)
        a = s.announced[VALAT]
        m = (profile["bonus"][VALAT][1] << s.kontra[1 + VALAT]) if a else profile["bonus"][VALAT][0]
        if a and not ((a == DECL and s.bonus[VALAT] == DECL_MADE) or
                      (a == DEF and s.bonus[VALAT] == DEF_MADE)):
            out = [("game", f, 0)]   # a failed announced Valat: nothing else counts
        t = 0
        for x in out:
            t += x[2]
        out.append(("valat", m, u - t))
    v = ten_tarock_points(profile, s)
    if v:
        out.append(("ten", 1, v))
    return out


def ten_tarock_points(profile, s):
    """ "10 Tarock": its announced value for each party that announced it;
    never lost, never kontra'd, never multiplied (seeds/001, Tarockcup)."""
    v = profile["bonus"][TEN_TAROCK][1]
    m = s.announced[TEN_TAROCK]
    return (v if m & DECL else 0) - (v if m & DEF else 0)


def _valat_mult(profile, cdef, s, game):
    """Tarockcup Valat (valat 'mult'): game and the announced bonuses are
    multiplied together, x silent or x announced (bonus[VALAT]); silent
    bonuses do not count. An announced Valat that fails costs its party the
    game value x announced (nothing else counts)."""
    silent, announced = profile["bonus"][VALAT]
    o = s.bonus[VALAT]
    a = s.announced[VALAT]
    if a and not ((a == DECL and o == DECL_MADE) or (a == DEF and o == DEF_MADE)):
        m = announced << s.kontra[1 + VALAT]
        return -cdef["loss"] * m if a == DECL else cdef["value"] * m
    m = (announced << s.kontra[1 + VALAT]) if a else silent
    u = game
    for b in range(N_BONUS):
        if b != VALAT and s.announced[b]:
            u += bonus_points(profile, cdef, s, b)
    return u * m


def _trischaken(profile, cdef, s, deltas):
    if profile["trischaken"] == "tarockcup":
        return _trischaken_cup(cdef, s, deltas)
    return _trischaken_pagat(cdef, s, deltas)


def _trischaken_cup(cdef, s, deltas):
    """Tarockcup (RULES.md §2): whoever has the most card points (exact
    thirds) loses and pays each other player the unit; a loser with >= 35
    points and 2 cards (Bürgermeister, 107 thirds) pays double, forehand as
    loser pays double (both: 4x). Tied for most, each of them pays each of
    the others (two: 2 each, three: 1 each). A player without a trick
    (Jungfrau) collects the whole of each loser's payment instead of the
    others; several Jungfrauen each collect it."""
    n = s.n
    top = max(s.thirds)
    n_lose = 0
    virgins = 0
    for p in range(n):
        if s.thirds[p] == top:
            n_lose += 1
        elif s.tricks[p] == 0:
            virgins += 1
    for p in range(n):
        if s.thirds[p] != top:
            continue
        k = cdef["value"]
        if s.thirds[p] >= WIN_THIRDS:
            k *= 2
        if p == 0:
            k *= 2
        whole = k * (n - n_lose)
        for q in range(n):
            if s.thirds[q] == top:
                continue
            if virgins:
                get = whole if s.tricks[q] == 0 else 0
            else:
                get = k
            deltas[q] += get
            deltas[p] -= get
    return deltas


def _trischaken_pagat(cdef, s, deltas):
    """Pagat profile: the two with most card points pay 1 each, the two with
    least get 1 each; no trick: +2 from each other; >= 36: 2 to each other.
    Ties rank against forehand, then earlier in turn order counts as more."""
    n = s.n
    unit = cdef["value"]
    order = list(range(n))
    # rank key: thirds, then earlier position counts as more (n - p)
    order.sort(key=lambda p: s.thirds[p] * 8 + (n - p), reverse=True)
    half = n // 2
    for i in range(n):
        deltas[order[i]] += -unit if i < half else unit
    for p in range(n):
        if s.tricks[p] == 0:
            for q in range(n):
                if q != p:
                    deltas[q] -= 2 * unit
                    deltas[p] += 2 * unit
        if s.thirds[p] >= WIN_THIRDS:
            for q in range(n):
                if q != p:
                    deltas[q] += 2 * unit
                    deltas[p] -= 2 * unit
    return deltas


# ------------------------------------------------------------ journal form and manual entry
# summary_to_dict / summary_from_dict: the Summary as plain ints and lists for
# the score sheet's journal and the host export. Lists that are all zero and
# fields at their default are left out (a journal record stays small);
# summary_from_dict fills them back in and refuses wrong types or lengths
# with a ValueError naming the key.
_LISTS = (("thirds", 0), ("tricks", 0), ("bonus", 1), ("announced", 1),
          ("kontra", 2), ("neg_kontra", 0))  # length: 0 = n, 1 = N_BONUS, 2 = N_BONUS + 1


def _list_len(kind, n):
    return n if kind == 0 else (N_BONUS if kind == 1 else N_BONUS + 1)


def summary_to_dict(s):
    d = {"contract": s.contract, "declarer": s.declarer, "n": s.n}
    if s.partner != -1:
        d["partner"] = s.partner
    if s.decl_thirds:
        d["decl_thirds"] = s.decl_thirds
    for key, kind in _LISTS:
        v = getattr(s, key)
        for x in v:
            if x:
                d[key] = [int(y) for y in v]
                break
    if s.conceded:
        d["conceded"] = 1
    return d


# the dict form's fields (tests/core/test_layouts.py: they only grow)
KEYS = ("contract", "declarer", "n", "partner", "decl_thirds", "conceded",
         "thirds", "tricks", "bonus", "announced", "kontra", "neg_kontra")


def summary_from_dict(d):
    """Any firmware's dict form (tarock.record: absent fields default, the
    per-bonus lists and Kontra slots padded or checked; Newer when a newer
    firmware wrote something this one does not know)."""
    from tarock import record as R   # the score sheet's reader: loaded by it alone
    R.unknown(d, KEYS)
    n = R.num(d, "n", 4)
    if not 2 <= n <= 5:
        raise ValueError("n: %d players per deal is not possible" % n)
    s = Summary(R.num(d, "contract"), R.num(d, "declarer"), n)
    s.partner = R.num(d, "partner", -1)
    s.decl_thirds = R.num(d, "decl_thirds", 0)
    s.conceded = bool(R.num(d, "conceded", 0))
    for key, kind in _LISTS:
        v = R.nums(d, key, _list_len(kind, n), 0, kind != 0)
        if v is not None:
            setattr(s, key, v)
    return s


def _bad(msg):
    raise ValueError(msg)


def _pname(p):
    return "position %d" % p


def check_summary(profile, s):
    """Refuse an impossible deal result (manual entry for physical cards, or
    an imported sheet line) with a ValueError saying what is wrong. Every
    summary a played deal produces passes. Returns s."""
    cs = profile["contracts"]
    if s.contract not in cs:
        _bad("contract %r is not in this profile" % (s.contract,))
    cd = contract(profile, s.contract)
    if not cd["on"]:
        _bad("%s is not played under this profile" % cd["name"])
    n = s.n
    if n != 4:
        _bad("Königrufen is played by 4, not %d" % n)
    for key, kind in _LISTS:
        v = getattr(s, key)
        if len(v) != _list_len(kind, n):
            _bad("%s: wrong length %d" % (key, len(v)))
    if not 0 <= s.declarer < n:
        _bad("declarer: %r is not a position 0..%d" % (s.declarer, n - 1))
    kind = cd["kind"]
    if s.partner != -1:
        if not 0 <= s.partner < n:
            _bad("partner: %r is not a position 0..%d" % (s.partner, n - 1))
        if s.partner == s.declarer:
            _bad("partner: the declarer cannot be his own partner (alone: no partner)")
        if not cd["call"]:
            _bad("%s is played alone: no partner" % cd["name"])
    if s.conceded:
        if not (cd["call"] and (cd["birds"] or profile["concede_any"])):
            _bad("only a Besser Rufer can be conceded" if not profile["concede_any"]
                 else "only a game with a called king can be conceded")
        if s.partner != -1:
            _bad("a conceded game has no partner (the king lay in the talon)")
    if not 0 <= s.decl_thirds <= 210:
        _bad("declarer's card points must be 0..70 (decl_thirds 0..210), got %d thirds"
             % s.decl_thirds)
    tt = 0
    th = 0
    for p in range(n):
        th += s.thirds[p]
    per_seat = th > 0  # card points per position entered (Trischaken, played deals)
    th = 0
    for p in range(n):
        t = s.tricks[p]
        if not 0 <= t <= 12:
            _bad("tricks of %s must be 0..12, got %d" % (_pname(p), t))
        if not 0 <= s.thirds[p] <= 210:
            raise Refused(E_SUM, 70)
        if per_seat and s.thirds[p] < 4 * t:
            raise Refused(E_FIT, "w_points", "tricks")   # fewer card points than cards
        tt += t
        th += s.thirds[p]
    if tt > 12:
        _bad("there are 12 tricks, the entry has %d" % tt)
    if th > 210:
        raise Refused(E_SUM, 70)
    mk = profile["max_kontra"]
    for p in range(n):
        k = s.neg_kontra[p]
        if not 0 <= k <= mk:
            _bad("kontra level of %s must be 0..%d" % (_pname(p), mk))
        if k and (kind != "neg" or p == s.declarer):
            _bad("a Kontra per defender exists only in negative contracts, by a defender")
    for i in range(N_BONUS + 1):
        if not 0 <= s.kontra[i] <= mk:
            _bad("kontra level must be 0..%d, got %d" % (mk, s.kontra[i]))
    if kind == "trisch":
        if tt != 12:
            _bad("Trischaken: all 12 tricks must be entered, got %d" % tt)
        _no_bonus(s, "Trischaken")
        if s.kontra[0]:
            _bad("Trischaken cannot be kontra'd")
        return s
    if kind == "neg":
        if tt and profile["neg_stop_early"] and s.tricks[s.declarer] > cd["tricks"] + 1:
            _bad("%s stops once the declarer has taken %d tricks"
                 % (cd["name"], cd["tricks"] + 1))
        _no_bonus(s, cd["name"])
        if s.kontra[0]:
            _bad("in a negative contract each defender kontras for himself")
        return s
    if s.conceded:
        _no_bonus(s, "a conceded game")
        if s.kontra[0] or tt:
            _bad("a conceded game has no tricks and no Kontra")
        return s
    _check_bonuses(profile, cd, s, tt)
    return s


def _no_bonus(s, what):
    for b in range(N_BONUS):
        if s.bonus[b] or s.announced[b] or s.kontra[1 + b]:
            _bad("%s has no bonuses (%s)" % (what, BONUS_NAMES[b]))


def _check_bonuses(profile, cd, s, tt):
    # tricks of the declarer's party, when entered
    dt = 0
    for p in range(s.n):
        if s.party_of(p) == DECL:
            dt += s.tricks[p]
    if tt:
        if tt != 12:
            _bad("%s is played to the end: 12 tricks, the entry has %d" % (cd["name"], tt))
        if s.decl_thirds < 4 * dt or 210 - s.decl_thirds < 4 * (12 - dt):
            raise Refused(E_FIT, "w_points", "tricks")
    B = s.bonus
    valat = B[VALAT]
    for b in range(N_BONUS):
        o = B[b]
        a = s.announced[b]
        name = BONUS_NAMES[b]
        if not 0 <= o <= DEF_FAILED:
            _bad("%s: unknown outcome %d" % (name, o))
        if a not in (0, DECL, DEF):
            _bad("%s: announced by party %d?" % (name, a))
        if s.kontra[1 + b] and not a:
            _bad("%s: only an announced bonus can be kontra'd" % name)
        if cd["color"] and b != VALAT and a:
            _bad("Farbensolo has no bonus but Valat (%s)" % name)
        if ((b == KAKADU and not profile["kakadu"]) or (b == MARABU and not profile["marabu"])) \
                and (o or a):
            _bad("%s is not played under this profile" % name)
        if b >= MONDFANG and a:
            raise Refused(E_SO, (b,))   # cannot be announced
        if b in (TRULL, KINGS, VALAT, MONDFANG, SKUSFANG) and o in (DECL_FAILED, DEF_FAILED):
            _bad("%s is made by one party or not at all" % name)
        if b in (KING_ULTIMO, KINGFANG) and not cd["call"] and (o or a):
            raise Refused(E_SO, (b,))   # needs a called king
        if b == KING_ULTIMO and (o in (DEF_MADE, DEF_FAILED) or a == DEF):
            _bad("König ultimo belongs to the declarer's party")
        if b == KINGFANG and o not in (NONE, DEF_MADE):
            raise Refused(E_SO, (b,))   # only the defenders capture the called king
        # a FAILED bird did not take its trick (another card of either party did)
        # a Valat: the other party won no trick for its bonus
        if (valat == DECL_MADE and o == DEF_MADE) or (valat == DEF_MADE and o == DECL_MADE):
            raise Refused(E_FIT, (VALAT,), (b,))
    # a Valat: its party won the game and took every trick; every trick
    # taken by one party is a Valat
    if (valat == DECL_MADE and s.decl_thirds < WIN_THIRDS) or (valat == DEF_MADE and s.decl_thirds >= WIN_THIRDS):
        raise Refused(E_FIT, (VALAT,), "w_points")
    if tt and ((valat == DECL_MADE) != (dt == 12) or (valat == DEF_MADE) != (dt == 0)):
        raise Refused(E_FIT, (VALAT,), "tricks")
    if cd["birds"]:
        for b in BIRDS:
            if s.announced[b] == DECL:
                return
        raise Refused(E_BIRD)
