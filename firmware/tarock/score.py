# The one scorer of the 54-card Austrian games: a deal summary (from a played
# deal or from a manual entry for physical cards) -> per-seat integer deltas.
# Sources: seeds/000 (Königrufen "Der Punktwert", bonuses, Trischaken),
# RULES.md §1 and "Readings fixed where the texts are silent"; Tarockcup:
# seeds/001 (Valat, 10 Tarock) and RULES.md §2 (tariff, Trischaken settlement).
from tarock.profiles import (N_BONUS, VALAT, TEN_TAROCK, contract)

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
        won = game_won(s, cdef)
        for p in range(s.n):
            if p == s.declarer:
                continue
            u = (cdef["value"] if won else -cdef["loss"]) << s.neg_kontra[p]
            deltas[s.declarer] += u
            deltas[p] -= u
        return deltas
    if s.conceded:
        # Besser contracts: the profile's concession; any other called
        # contract given up with the king in the talon ("schleifen"): lost
        _settle(s, deltas, -(profile["besser_concede"] if cdef["birds"] else cdef["loss"]))
        return deltas
    game = (cdef["value"] if game_won(s, cdef) else -cdef["loss"]) << s.kontra[0]
    if profile["valat"] == "mult" and (s.bonus[VALAT] in (DECL_MADE, DEF_MADE) or s.announced[VALAT]):
        u = _valat_mult(profile, cdef, s, game)
    else:
        u = game
        for b in range(N_BONUS):
            u += bonus_points(profile, cdef, s, b)
    _settle(s, deltas, u + ten_tarock_points(profile, s))
    return deltas


def ten_tarock_points(profile, s):
    """ "10 Tarock": its announced value for each party that announced it;
    never lost, never kontra'd, never multiplied (seeds/001)."""
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
