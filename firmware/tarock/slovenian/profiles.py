# Slovenian Tarok profiles as data: contracts, tariff, Klop and the
# two-player open variant.
# Sources: seeds/002_e0a8d29b22d99fad.txt (the rules of "Play Tarock Online",
# the default profile) and RULES.md §3 with its "Readings fixed" for
# Slovenian; the second preset is the standard Slovenian tariff (pagat.com
# Slovenian Tarok, https://www.pagat.com/tarot/sltarok.html / OpenSpiel tarok).
# docs/SOURCES.md maps every seed and RULES.md section to its public source.
# Decisions the texts leave open: docs/DECISIONS.md "Slovenian Tarok".
from tarock.profiles import (ProfileError, _check_type, check_bonus_pairs, check_keys, spec_type,
                             with_defaults)

# Contract ids (the Klop is what all passes lead to; it is never bid).
KLOP = 0
DREI = 1
ZWEI = 2
EINS = 3
SOLO_DREI = 4
SOLO_ZWEI = 5
SOLO_EINS = 6
SOLO_OHNE = 7
PICCOLO = 8
BETTLER = 9
OFFENER_BETTLER = 10
FARBVALAT = 11
VALAT_OHNE = 12
OPEN2 = 13      # the two-player open variant (no bidding: "Ich spiele" or not)
N_CONTRACTS = 14

# Bonus ids: all may be announced (by the declarer, seeds/002: Play Tarock Online).
TRULL = 0
KINGS = 1
PAGAT = 2        # Pagat ultimo
TRULLPAGAT = 3   # Trull and Pagat ultimo together (seeds/002, PTO)
VALAT = 4
KING_ULTIMO = 5  # standard tariff only (the called king wins the last trick)
N_BONUS = 6
BONUS_NAMES = ("Trull", "Könige", "Pagat ultimo", "Trullpagat", "Valat", "König ultimo")

# Contract fields:
#   name, value; kind: 'pos' (decided by card points) | 'neg' (trick target)
#   | 'valat' (every trick) | 'klop' | 'open2'; rank: bidding order (higher
#   beats lower; unique among the contracts on); talon: cards taken (3, 2, 1,
#   0); call: calls a king with four players; solo: offered with four players
#   only; diff: adds |points - 35| to the value; tricks: target of 'neg';
#   overtake: must overtake in play; lead: 'fh' | 'decl' leads trick 1;
#   ouvert: the declarer's hand lies open from the first card; color: taroks
#   win only when led (colour valat); on: offered.
PTO_CONTRACTS = {
    KLOP: {"name": "Klop", "value": 0, "kind": "klop", "rank": 0, "overtake": True},
    DREI: {"name": "Drei", "value": 10, "kind": "pos", "rank": 1, "talon": 3, "call": True},
    ZWEI: {"name": "Zwei", "value": 20, "kind": "pos", "rank": 2, "talon": 2, "call": True},
    EINS: {"name": "Eins", "value": 30, "kind": "pos", "rank": 3, "talon": 1, "call": True},
    SOLO_DREI: {"name": "Solo drei", "value": 20, "kind": "pos", "rank": 4, "talon": 3,
                "solo": True},
    SOLO_ZWEI: {"name": "Solo zwei", "value": 30, "kind": "pos", "rank": 5, "talon": 2,
                "solo": True},
    SOLO_EINS: {"name": "Solo eins", "value": 40, "kind": "pos", "rank": 6, "talon": 1,
                "solo": True},
    SOLO_OHNE: {"name": "Solo ohne Talon", "value": 50, "kind": "pos", "rank": 7,
                "lead": "decl"},
    PICCOLO: {"name": "Piccolo", "value": 60, "kind": "neg", "rank": 8, "tricks": 1,
              "overtake": True, "lead": "decl"},
    BETTLER: {"name": "Bettler", "value": 70, "kind": "neg", "rank": 9, "overtake": True,
              "lead": "decl"},
    OFFENER_BETTLER: {"name": "Offener Bettler", "value": 80, "kind": "neg", "rank": 10,
                      "overtake": True, "lead": "decl", "ouvert": True},
    FARBVALAT: {"name": "Farbvalat", "value": 125, "kind": "valat", "rank": 11,
                "lead": "decl", "color": True, "on": False},
    VALAT_OHNE: {"name": "Valat ohne Talon", "value": 500, "kind": "valat", "rank": 12,
                 "lead": "decl", "on": False},
    OPEN2: {"name": "Offenes Spiel zu zweit", "value": 0, "kind": "open2", "rank": 13,
            "on": False},
}

CONTRACT_DEFAULTS = {"rank": 0, "talon": 0, "call": False, "solo": False, "diff": True,
                     "tricks": 0, "overtake": False, "lead": "fh", "ouvert": False,
                     "color": False, "on": True}

# (silent, announced); (0, 0) = not played under this profile
PTO_BONUS = {TRULL: (10, 20), KINGS: (10, 20), PAGAT: (25, 50), TRULLPAGAT: (50, 70),
             VALAT: (250, 500), KING_ULTIMO: (0, 0)}

PLAY_TAROCK_ONLINE = {
    "family": "slovenian",
    "name": "play-tarock-online",
    "contracts": PTO_CONTRACTS,
    "bonus": PTO_BONUS,
    "max_kontra": 3,          # Kontra x2, Re x4, Sub x8
    "klop": "pto",            # card points negative, +klop_value without a trick
    "klop_value": 10,
    "klop_talon": "closed",   # 'closed' (seeds/002, PTO) | 'gift': one talon card to
                              # each of the first six tricks' winners
    "neg_stop_early": True,   # a negative / valat contract stops once decided
    "open2": False,           # two players: the open variant instead of bidding
    "open2_win": 2,           # announced and won: (points - 35) x 2
    "open2_loss": 3,          # announced and lost: (points - 35) x 3
    "elo_k": 24,              # score sheet (seeds/002, PTO's Elo): 0 = no rating
    "abort_points": 25,       # for the score sheet: allowed abort costs 25
    # The standard rules below (see STANDARD) are not in seeds/002 (PTO): off here.
    "emperor": False,
    "pagat_last": False,
    "mondfang": 0,
    "king_talon": "opp",
    "opp_score": "minus",     # seeds/002's (PTO's) example: the opponents get -S
    "radelci": False,         # seeds/002 (PTO) has none (see STANDARD)
    "take_back": True,        # table option (tarock.profiles.TABLE_KEYS): home play
}

# The standard Slovenian tariff (pagat.com, OpenSpiel tarok): solos above the
# king-calling games, Bettler below Solo ohne, no Piccolo, colour valat and
# valat as contracts, King ultimo instead of Trullpagat, Klop +-70.
STD_CONTRACTS = {
    KLOP: {"name": "Klop", "value": 70, "kind": "klop", "rank": 0, "overtake": True},
    DREI: {"name": "Drei", "value": 10, "kind": "pos", "rank": 1, "talon": 3, "call": True},
    ZWEI: {"name": "Zwei", "value": 20, "kind": "pos", "rank": 2, "talon": 2, "call": True},
    EINS: {"name": "Eins", "value": 30, "kind": "pos", "rank": 3, "talon": 1, "call": True},
    SOLO_DREI: {"name": "Solo drei", "value": 40, "kind": "pos", "rank": 4, "talon": 3,
                "solo": True},
    SOLO_ZWEI: {"name": "Solo zwei", "value": 50, "kind": "pos", "rank": 5, "talon": 2,
                "solo": True},
    SOLO_EINS: {"name": "Solo eins", "value": 60, "kind": "pos", "rank": 6, "talon": 1,
                "solo": True},
    BETTLER: {"name": "Bettler", "value": 70, "kind": "neg", "rank": 7, "overtake": True,
              "lead": "decl"},
    SOLO_OHNE: {"name": "Solo ohne Talon", "value": 80, "kind": "pos", "rank": 8,
                "lead": "decl", "diff": False},
    OFFENER_BETTLER: {"name": "Offener Bettler", "value": 90, "kind": "neg", "rank": 9,
                      "overtake": True, "lead": "decl", "ouvert": True},
    PICCOLO: {"name": "Piccolo", "value": 60, "kind": "neg", "rank": 10, "tricks": 1,
              "overtake": True, "lead": "decl", "on": False},
    FARBVALAT: {"name": "Farbvalat", "value": 125, "kind": "valat", "rank": 11,
                "lead": "decl", "color": True},
    VALAT_OHNE: {"name": "Valat ohne Talon", "value": 500, "kind": "valat", "rank": 12,
                 "lead": "decl"},
    OPEN2: {"name": "Offenes Spiel zu zweit", "value": 0, "kind": "open2", "rank": 13,
            "on": False},
}

STD_BONUS = {TRULL: (10, 20), KINGS: (10, 20), PAGAT: (25, 50), TRULLPAGAT: (0, 0),
             VALAT: (250, 500), KING_ULTIMO: (10, 20)}

STANDARD = {
    "family": "slovenian",
    "name": "standard",
    "contracts": STD_CONTRACTS,
    "bonus": STD_BONUS,
    "max_kontra": 3,
    "klop": "standard",       # > 35 points: -klop_value; no trick: +klop_value
    "klop_value": 70,
    "klop_talon": "gift",
    "neg_stop_early": True,
    "open2": False,
    "open2_win": 2,
    "open2_loss": 3,
    "elo_k": 0,
    "abort_points": 0,
    # Emperor's trick: Skis, Mond and Pagat in one trick, the Pagat wins it
    # (pagat.com "Slovenian Tarok"; OpenSpiel tarok ResolveTrickWinner...: in
    # every contract, in the colour valat only when a tarok is led).
    "emperor": True,
    # Klop and the beggar contracts ('neg'): the Pagat may be played only as
    # the player's last tarok (RULES.md "Readings fixed", pagat.com), so it
    # may be led while suit cards are left. OpenSpiel forbids leading it
    # unless it is the last card; we follow the texts. Exception, as
    # OpenSpiel: with Skis and Mond in the trick and a tarok to play, the
    # Pagat is legal and, being the only card that overtakes, forced.
    "pagat_last": True,
    # Mondfang (pagat.com; OpenSpiel CapturedMondPenalties, there 20): in
    # Three .. Solo one (the contracts with a talon) the player whose Mond
    # falls in a trick won by the Skis (or by the Pagat in the emperor's
    # trick, as OpenSpiel), or the declarer who leaves it in the talon rest,
    # pays this many points himself; no Kontra on it, nobody else gets it.
    # A Mond left in the talon that comes back to the declarer (king_talon,
    # or a Valat's talon rest) costs nothing (OpenSpiel does the same).
    "mondfang": 21,
    # The called king in the talon: the declarer plays alone; when he took
    # it and wins its trick (alone, the king itself must win), the talon
    # rest is his (OpenSpiel ResolveTrick, pagat.com). 'opp': it stays the
    # opponents' (seeds/002, PTO, says nothing; the seed profile keeps that).
    "king_talon": "decl",
    # Only the declarer's side is written, the opponents get 0 (pagat.com,
    # OpenSpiel ScoresInNormalContracts); 'minus': -S each (seeds/002, PTO).
    "opp_score": "zero",
    # Radelci (pagat.com "Slovenian Tarok"; the rules of the Tarok-Score-Board
    # app, github.com/XeroxAndarian/Tarok-Score-Board, "Radlc"): after a Klop,
    # a Bettler, a Solo ohne, an open Bettler, a colour valat or valat
    # contract, or an announced Valat, every player gets a radelc; a player
    # holding one scores his deals double; the declarer holding one who wins
    # his game crosses one out. Scored on the sheet (table.sheet.party);
    # off here as in OpenSpiel tarok, whose tariff this preset follows, so
    # that journals of this preset replay as they were confirmed.
    "radelci": False,
    "take_back": True,
}


def _open2_profile():
    p = dict(PLAY_TAROCK_ONLINE)
    p["name"] = "play-tarock-online-open2"
    p["open2"] = True
    return p


# The seed's two-player open variant, otherwise the default profile.
PLAY_TAROCK_ONLINE_OPEN2 = _open2_profile()

PRESETS = {"play-tarock-online": PLAY_TAROCK_ONLINE, "standard": STANDARD,
           "play-tarock-online-open2": PLAY_TAROCK_ONLINE_OPEN2}

_TOP_KEYS = (" family:s name:s contracts:d bonus:d max_kontra:i klop:s "
             " klop_value:i klop_talon:s neg_stop_early:b open2:b "
             " open2_win:i open2_loss:i elo_k:i abort_points:i emperor:b "
             " pagat_last:b mondfang:i king_talon:s opp_score:s radelci:b "
             " take_back:b ")
_CONTRACT_KEYS = (" name:s value:i kind:s rank:i talon:i call:b solo:b diff:b "
                  " tricks:i overtake:b lead:s ouvert:b color:b on:b ")


def validate_profile(p):
    """Slovenian profile check: raise ProfileError naming the first bad key."""
    check_keys(p, _TOP_KEYS, "")
    if p["max_kontra"] not in (0, 1, 2, 3):
        raise ProfileError("max_kontra: must be 0..3 (none .. Sub), got %r" % (p["max_kontra"],))
    if p["klop"] not in ("pto", "standard"):
        raise ProfileError("klop: must be pto or standard, got %r" % (p["klop"],))
    if p["klop_talon"] not in ("closed", "gift"):
        raise ProfileError("klop_talon: must be closed or gift, got %r" % (p["klop_talon"],))
    if p["king_talon"] not in ("opp", "decl"):
        raise ProfileError("king_talon: must be opp or decl, got %r" % (p["king_talon"],))
    if p["opp_score"] not in ("minus", "zero"):
        raise ProfileError("opp_score: must be minus or zero, got %r" % (p["opp_score"],))
    for k in ("klop_value", "open2_win", "open2_loss", "elo_k", "abort_points", "mondfang"):
        if p[k] < 0:
            raise ProfileError("%s: must be >= 0" % k)
    cs = p["contracts"]
    ranks = {}
    for cid in range(N_CONTRACTS):
        if cid not in cs:
            raise ProfileError("contracts.%d: missing" % cid)
    for cid in cs:
        c = cs[cid]
        w = "contracts.%s" % (cid,)
        if not isinstance(cid, int) or not 0 <= cid < N_CONTRACTS:
            raise ProfileError("%s: no such contract" % w)
        _check_type(w, c, dict)
        for ck in c:
            t = spec_type(_CONTRACT_KEYS, ck)
            if t is None:
                raise ProfileError("%s.%s: unknown key" % (w, ck))
            _check_type(w + "." + ck, c[ck], t)
        for ck in ("name", "value", "kind"):
            if ck not in c:
                raise ProfileError("%s.%s: missing" % (w, ck))
        d = contract(p, cid)
        if d["value"] < 0:
            raise ProfileError("%s.value: must be >= 0" % w)
        want = ("klop" if cid == KLOP else "open2" if cid == OPEN2 else
                "neg" if cid in (PICCOLO, BETTLER, OFFENER_BETTLER) else
                "valat" if cid in (FARBVALAT, VALAT_OHNE) else "pos")
        if d["kind"] != want:
            raise ProfileError("%s.kind: must be %s" % (w, want))
        if d["talon"] not in (0, 1, 2, 3):
            raise ProfileError("%s.talon: must be 0, 1, 2 or 3" % w)
        if d["talon"] and d["kind"] != "pos":
            raise ProfileError("%s.talon: only card-point contracts take the talon" % w)
        if d["call"] and d["solo"]:
            raise ProfileError("%s.call: a Solo form calls no king" % w)
        if d["lead"] not in ("fh", "decl"):
            raise ProfileError("%s.lead: must be fh or decl" % w)
        if not 0 <= d["tricks"] <= 12:
            raise ProfileError("%s.tricks: out of range" % w)
        if d["on"] and cid not in (KLOP, OPEN2):
            if d["rank"] in ranks:
                raise ProfileError("%s.rank: same as contracts.%d" % (w, ranks[d["rank"]]))
            ranks[d["rank"]] = cid
            if d["rank"] <= 0:
                raise ProfileError("%s.rank: must be >= 1" % w)
    check_bonus_pairs(p, N_BONUS)
    if not ranks:
        raise ProfileError("contracts: no contract can be bid")
    return p


def contract(p, cid):
    """Contract definition with defaults filled in (allocates; not hot)."""
    return with_defaults(CONTRACT_DEFAULTS, p["contracts"][cid])


def bonus_on(p, b):
    v = p["bonus"][b]
    return v[0] > 0 or v[1] > 0
