# Slovenian Tarok scoring: a deal summary (from a played deal or a manual
# entry) -> per-position integer deltas. Not zero-sum: every member of the
# declarer's party gets +S, every opponent -S (seeds/002, Play Tarock
# Online) or 0 (the standard rules: profile "opp_score"); a Mondfang costs
# its player alone.
# Sources: seeds/002_e0a8d29b22d99fad.txt (the rules of Play Tarock Online:
# "Gesamtabrechnung", contract table, Klop, the worked example, the
# two-player open variant) and RULES.md §3 with its "Readings fixed" for
# Slovenian; standard tariff: tarock.slovenian.profiles STANDARD (pagat.com
# Slovenian Tarok, https://www.pagat.com/tarot/sltarok.html).
# docs/SOURCES.md maps every seed and RULES.md section to its public source.
#
# Points: a pile's thirds (3 * value - 2 per card, 210 in the deck) rounded to
# the nearest point (2/3 up, 1/3 down), so the two parties always add up to 70
# and a pile of 3k cards counts exactly as the seed's groups of three. The
# difference to 35 is used as it is, never rounded to fives ("no rounding").
from tarock.slovenian import profiles as PS
from tarock.errors import Refused, E_FIT, E_SO, E_SUM

NONE = 0
DECL_MADE = 1
DEF_MADE = 2
DECL_FAILED = 3   # the declarer's party played the card in its trick and lost it
DEF_FAILED = 4
OUTCOME_NAMES = ("-", "made by the declarer's party", "made by the opponents",
                 "lost by the declarer's party", "lost by the opponents")
DECL = 1
DEF = 2

WIN_THIRDS = 107  # >= 36 points of 70


def points(thirds):
    """Whole card points of a pile's thirds (2/3 up, 1/3 down)."""
    return (thirds + 1) // 3


class Summary:
    """What a deal produced, all integers, positions in turn order (0 = forehand).

    contract: contract id (profiles_si); declarer (-1: Klop, or the open
    two-player game without "Ich spiele"); partner (-1: alone); n players;
    decl_thirds: thirds of the declarer's party incl. its talon share;
    thirds[p], tricks[p] per position; bonus[b]: outcome per bonus id
    (TRULLPAGAT stays NONE: it is derived from Trull and Pagat ultimo);
    announced[b]: 0 or DECL (only the declarer announces); kontra[0]: level
    on the game, kontra[1 + b]: level on announced bonus b; mond_lost: the
    position that pays the Mondfang (profile "mondfang"; -1: nobody, and
    its dict form leaves it out then)."""

    def __init__(self, contract_id, declarer, n=4):
        self.contract = contract_id
        self.declarer = declarer
        self.partner = -1
        self.n = n
        self.decl_thirds = 0
        self.thirds = [0] * n
        self.tricks = [0] * n
        self.bonus = [NONE] * PS.N_BONUS
        self.announced = [0] * PS.N_BONUS
        self.kontra = [0] * (PS.N_BONUS + 1)
        self.mond_lost = -1

    def party_of(self, p):
        return DECL if p == self.declarer or p == self.partner else DEF


def _spread(s, deltas, u, opp):
    """+u to each member of the declarer's party, -u (opp 'minus') or
    nothing (opp 'zero') to each opponent."""
    v = -u if opp == "minus" else 0
    for p in range(s.n):
        deltas[p] += u if s.party_of(p) == DECL else v
    return deltas


def neg_won(s, cdef):
    return s.tricks[s.declarer] == cdef["tricks"]


def valat_won(s):
    return s.tricks[s.declarer] == tricks_per_deal(s)


def tricks_per_deal(s):
    return 27 if s.contract == PS.OPEN2 else 48 // s.n


def _item(profile, s, b, o):
    """One bonus from the declarer party's side: announced (made or failed,
    times its kontra) or silent."""
    silent, announced = profile["bonus"][b]
    if s.announced[b]:
        v = announced << s.kontra[1 + b]
        return v if o == DECL_MADE else -v
    if o == DECL_MADE or o == DEF_FAILED:
        return silent
    if o == DEF_MADE or o == DECL_FAILED:
        return -silent
    return 0


def bonus_items(profile, s):
    """All bonuses but Valat, with Trullpagat in place of Trull + Pagat
    ultimo: [(bonus id, value)] from the declarer party's side."""
    B = s.bonus
    out = []
    tp = PS.bonus_on(profile, PS.TRULLPAGAT)
    if s.announced[PS.TRULLPAGAT]:
        made = B[PS.TRULL] == DECL_MADE and B[PS.PAGAT] == DECL_MADE
        out.append((PS.TRULLPAGAT, _item(profile, s, PS.TRULLPAGAT, DECL_MADE if made else DECL_FAILED)))
        skip = (PS.TRULL, PS.PAGAT)
    elif (tp and not s.announced[PS.TRULL] and not s.announced[PS.PAGAT]
          and B[PS.TRULL] in (DECL_MADE, DEF_MADE) and B[PS.PAGAT] == B[PS.TRULL]):
        out.append((PS.TRULLPAGAT, _item(profile, s, PS.TRULLPAGAT, B[PS.TRULL])))  # silent Trullpagat
        skip = (PS.TRULL, PS.PAGAT)
    else:
        skip = ()
    for b in (PS.TRULL, PS.KINGS, PS.PAGAT, PS.KING_ULTIMO):
        if b not in skip and PS.bonus_on(profile, b):
            v = _item(profile, s, b, B[b])
            if v or s.announced[b]:
                out.append((b, v))
    return out


def parts(profile, s, cdef=None):
    """S, what each member of the declarer's party gets, item by item:
    [(what, value)], what: "game", "diff" (the difference to 35), "valat",
    "kontra" (what the Kontra on the game adds) or a bonus id. decl_result
    is their sum (score() spreads it), so a breakdown cannot differ. None
    for Klop and the open two-player game (each player for himself).
    cdef: the contract's definition with defaults, if the caller has it
    (a played deal does: no dict copied per deal)."""
    if cdef is None:
        cdef = PS.contract(profile, s.contract)
    kind = cdef["kind"]
    if kind in ("klop", "open2"):
        return None
    if kind == "neg":
        v = cdef["value"]
        out = [("game", v if neg_won(s, cdef) else -v)]  # type: list[tuple[str | int, int]]
    elif kind == "valat":
        v = cdef["value"]
        out = [("game", v if valat_won(s) else -v)]
    elif s.bonus[PS.VALAT] in (DECL_MADE, DEF_MADE):
        # a Valat scores its value instead of the game and every other bonus
        silent, announced = profile["bonus"][PS.VALAT]
        v = (announced << s.kontra[1 + PS.VALAT]) if s.announced[PS.VALAT] else silent
        out = [("valat", v if s.bonus[PS.VALAT] == DECL_MADE else -v)]
    else:
        # card-point contracts (Drei .. Solo ohne Talon)
        pts = points(s.decl_thirds)
        won = s.decl_thirds >= WIN_THIRDS
        g = cdef["value"]
        out = [("game", g if won else -g)]
        if cdef["diff"]:
            d = pts - 35 if pts >= 35 else 35 - pts
            out.append(("diff", d if won else -d))
        out += bonus_items(profile, s)
        if s.announced[PS.VALAT]:
            out.append((PS.VALAT, _item(profile, s, PS.VALAT, DECL_FAILED)))
    if s.kontra[0]:
        t = 0
        for w, v in out:
            t += v
        out.append(("kontra", (t << s.kontra[0]) - t))
    return out


def decl_result(profile, s, cdef=None):
    """S: what each member of the declarer's party gets (opponents: -S)."""
    t = 0
    for w, v in parts(profile, s, cdef):  # pyright: ignore[reportOptionalIterable] (score() asks only for the party contracts)
        t += v
    return t


def score(profile, s, cdef=None):
    """Per-position integer deltas (not zero-sum); cdef as in parts()."""
    if cdef is None:
        cdef = PS.contract(profile, s.contract)
    kind = cdef["kind"]
    deltas = [0] * s.n
    if kind == "klop":
        return _klop(profile, s, deltas)
    if kind == "open2":
        return _open2(profile, s, deltas)
    _spread(s, deltas, decl_result(profile, s, cdef), profile["opp_score"])
    if s.mond_lost >= 0:
        deltas[s.mond_lost] -= profile["mondfang"]
    return deltas


def radelc(profile, s):
    """Radelci (profile "radelci", see STANDARD in tarock.slovenian.profiles):
    (every player gets one after deal s: a Klop, Solo ohne, Bettler, open
    Bettler, colour valat, valat contract or an announced Valat; the
    declarer's position when he won his game: he crosses one of his out;
    else -1)."""
    p = parts(profile, s)
    return (s.contract in (0, 7, 9, 10, 11, 12) or s.announced[PS.VALAT] > 0,
            s.declarer if p and p[0][1] > 0 else -1)


def _klop(profile, s, deltas):
    v = profile["klop_value"]
    if profile["klop"] == "pto":
        # each for himself: card points negative, +v without a trick
        for p in range(s.n):
            deltas[p] = -points(s.thirds[p]) + (v if s.tricks[p] == 0 else 0)
        return deltas
    # standard: > 35 points loses v, no trick wins v; only they score then
    decided = False
    for p in range(s.n):
        if s.thirds[p] >= WIN_THIRDS:
            deltas[p] = -v
            decided = True
        elif s.tricks[p] == 0:
            deltas[p] = v
            decided = True
    if not decided:
        for p in range(s.n):
            deltas[p] = -points(s.thirds[p])
    return deltas


def _open2(profile, s, deltas):
    """Open two-player game: only the difference to 35 counts; announced,
    a win counts x open2_win and a loss x open2_loss; the other gets the
    negative. Without an announcement each gets (own points - 35)."""
    p0 = points(s.thirds[0])
    pts = (p0, 70 - p0)
    a = s.declarer
    if a < 0:
        deltas[0] = pts[0] - 35
        deltas[1] = pts[1] - 35
        return deltas
    d = pts[a] - 35
    r = d * (profile["open2_win"] if d > 0 else profile["open2_loss"])
    deltas[a] = r
    deltas[1 - a] = -r
    return deltas


# ------------------------------------------------------------ journal / entry
_FIELDS = ("contract", "declarer", "partner", "n", "decl_thirds")
_LISTS = ("thirds", "tricks", "bonus", "announced", "kontra")
IDENTITY = ("contract", "declarer", "n")
# the dict form's fields (tests/core/test_layouts.py: they only grow)
KEYS = _FIELDS + _LISTS + ("mond_lost",)


def summary_to_dict(s):
    d = {}
    for k in _FIELDS:
        d[k] = getattr(s, k)
    for k in _LISTS:
        d[k] = list(getattr(s, k))
    if s.mond_lost >= 0:
        d["mond_lost"] = s.mond_lost  # only then: older records stay as they were
    return d


def summary_from_dict(d):
    """Any firmware's dict form (tarock.record: the per-bonus lists and
    Kontra slots padded or checked; Newer when a newer firmware wrote
    something this one does not know)."""
    from tarock import record as R   # the score sheet's reader: loaded by it alone
    R.unknown(d, KEYS)
    n = R.num(d, "n")
    if not 2 <= n <= 4:
        raise ValueError("n: %d players per deal is not possible" % n)
    s = Summary(R.num(d, "contract"), R.num(d, "declarer"), n)
    for k in _FIELDS:
        # the game's identity is required; the rest reads as the default
        setattr(s, k, R.num(d, k, R.REQUIRED if k in IDENTITY else getattr(s, k)))
    for k in _LISTS:
        per_bonus = k in ("bonus", "announced", "kontra")
        m = PS.N_BONUS + 1 if k == "kontra" else PS.N_BONUS if per_bonus else n
        v = R.nums(d, k, m, 0, per_bonus)
        if v is None:
            raise ValueError("summary: %s missing" % k)
        setattr(s, k, v)
    s.mond_lost = R.num(d, "mond_lost", -1)
    return s


def check_summary(profile, s):
    """Raise ValueError with a clear message for an impossible entry."""
    n = s.n
    if n not in (2, 3, 4):
        raise ValueError("Slovenian Tarok is played by 2, 3 or 4, not %r" % (n,))
    for k in _LISTS:
        want = PS.N_BONUS + 1 if k == "kontra" else PS.N_BONUS if k in ("bonus", "announced") else n
        if len(getattr(s, k)) != want:
            raise ValueError("%s: expected %d entries" % (k, want))
    if not 0 <= s.contract < PS.N_CONTRACTS:
        raise ValueError("contract: no such contract %r" % (s.contract,))
    cdef = PS.contract(profile, s.contract)
    kind = cdef["kind"]
    if kind == "open2":
        if n != 2:
            raise ValueError("the open game is for two players")
    elif s.contract != PS.KLOP and not cdef["on"]:
        raise ValueError("contract: %s is not played under this profile" % cdef["name"])
    if cdef["solo"] and n != 4:
        raise ValueError("contract: the Solo forms are played by four only")
    total = tricks_per_deal(s)
    ts = 0
    tt = 0
    for p in range(n):
        if not 0 <= s.tricks[p] <= total:
            raise ValueError("tricks: position %d has %r of %d" % (p, s.tricks[p], total))
        if not 0 <= s.thirds[p] <= 210:
            raise ValueError("thirds: position %d out of 0..210" % p)
        ts += s.tricks[p]
        tt += s.thirds[p]
    if ts > total:
        raise ValueError("tricks: %d tricks in a deal of %d" % (ts, total))
    if tt > 210:
        raise Refused(E_SUM, 70)
    if kind == "klop":
        if s.declarer != -1:
            raise ValueError("declarer: Klop has none")
    elif kind == "open2":
        if s.declarer not in (-1, 0, 1):
            raise ValueError("declarer: position 0, 1 or -1 (nobody said 'Ich spiele')")
    elif not 0 <= s.declarer < n:
        raise ValueError("declarer: no position %r" % (s.declarer,))
    if s.partner != -1:
        if not (n == 4 and cdef["call"]):
            raise ValueError("partner: only a king-calling game with four has one")
        if not 0 <= s.partner < n or s.partner == s.declarer:
            raise ValueError("partner: no position %r beside the declarer" % (s.partner,))
    if not 0 <= s.decl_thirds <= 210:
        raise ValueError("decl_thirds: out of 0..210")
    points_game = kind == "pos"
    mx = profile["max_kontra"]
    for b in range(PS.N_BONUS):
        o = s.bonus[b]
        if not 0 <= o <= DEF_FAILED:
            raise ValueError("bonus %s: unknown outcome %r" % (PS.BONUS_NAMES[b], o))
        if (o or s.announced[b]) and not points_game:
            raise ValueError("bonus %s: only in Drei .. Solo ohne Talon" % PS.BONUS_NAMES[b])
        if (o or s.announced[b]) and not PS.bonus_on(profile, b):
            raise ValueError("bonus %s: not played under this profile" % PS.BONUS_NAMES[b])
        if s.announced[b] not in (0, DECL):
            raise ValueError("announced %s: only the declarer announces" % PS.BONUS_NAMES[b])
        if o in (DECL_FAILED, DEF_FAILED) and b not in (PS.PAGAT, PS.KING_ULTIMO):
            raise ValueError("bonus %s: only an ultimo can be lost in play" % PS.BONUS_NAMES[b])
        if not 0 <= s.kontra[1 + b] <= mx or (s.kontra[1 + b] and not s.announced[b]):
            raise ValueError("kontra on %s: only on an announced item, up to %d"
                             % (PS.BONUS_NAMES[b], mx))
    if s.bonus[PS.TRULLPAGAT]:
        raise ValueError("bonus Trullpagat: enter Trull and Pagat ultimo; it is derived")
    if s.announced[PS.TRULLPAGAT] and (s.announced[PS.TRULL] or s.announced[PS.PAGAT]):
        raise Refused(E_SO, "sb_trullpagat")   # announced beside Trull or Pagat ultimo
    if s.bonus[PS.KING_ULTIMO] in (DEF_MADE, DEF_FAILED):
        raise ValueError("bonus König ultimo: belongs to the declarer's party")
    if (s.kontra[0] and kind in ("klop", "open2")) or not 0 <= s.kontra[0] <= mx:
        raise ValueError("kontra on the game: 0..%d, none in Klop or the open game" % mx)
    if points_game:
        v = s.bonus[PS.VALAT]
        dt = s.tricks[s.declarer] + (s.tricks[s.partner] if s.partner >= 0 else 0)
        # only when one party took every trick, and then it is entered
        if ((v == DECL_MADE and dt != total) or (v == DEF_MADE and dt != 0)
                or (dt == total and v != DECL_MADE) or (dt == 0 and ts == total and v != DEF_MADE)):
            raise Refused(E_FIT, "sb_valat", "tricks")
        if (v == DECL_MADE and s.decl_thirds != 210) or (v == DEF_MADE and s.decl_thirds > 30):
            raise Refused(E_FIT, "sb_valat", "w_points")
    if s.mond_lost != -1:
        if not profile["mondfang"]:
            raise ValueError("Mondfang: not played under this profile")
        if not (kind == "pos" and cdef["talon"]):
            raise ValueError("Mondfang: only in Drei .. Solo eins")
        if not 0 <= s.mond_lost < n:
            raise ValueError("Mondfang: no position %r" % (s.mond_lost,))
    if kind == "open2" and s.thirds[0] + s.thirds[1] != 210:
        raise ValueError("thirds: the two piles must hold 210 thirds (70 points)")
    return s
