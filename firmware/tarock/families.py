# The game families the core knows, as data: which module plays a deal, which
# scores a summary, which holds the profiles, which bot fills a seat, how many
# play, which way the turn goes. This is the only place that names a family's
# modules (tarock/<family>/: rules, score, profiles); the score sheet, the
# device app and the host tools look families up here. Each family module is
# imported on first use (a device need not load the families it does not
# play).
#
# A family's modules are its package's rooms (ROOMS): tarock/<family>/rules.py
# (Deal, the state machine), score.py (Summary, score(profile, s),
# summary_to_dict(s), summary_from_dict(d), check_summary(profile, s)) and
# profiles.py (validate_profile(p), PRESETS {name: profile}, optionally
# LAZY_PRESETS {name: module} and LAZY_TITLES); module(name, which) names them.
#
# Entry fields:
#   bot:      the class of the family's rule-based bot, in tarock/bots/<family>.py
#   fast:     (module, count fn, nth fn, masks per seat): the legal-card fast
#             path over a seat's own masks (Deal.legal_code_for_move())
#   players:  table sizes it supports; active: players per deal for each size
#   clockwise: turn order (False: counter-clockwise, forehand at dealer's right)
#   points:   card points in the deck (70, 91, 120); unit: counting unit per point
# Optional fields (families that have them; a UI falls back when absent):
#   deck:     cards in the deck; hand: cards per player; stock: cards aside
#   dealing:  the dealing pattern in order, ((count, "each" | "stock"), ...):
#             "each" = that many to every player in turn order from forehand;
#             or {players in the deal: pattern} (dealing(name, n) picks)
#   dealing_text: the same for a screen; roles: what the seats are called
#   cut:      what the cutter may do instead of cutting ("knock"); knocked:
#             the dealing pattern then, with (count, "choose"): packets of that
#             many that the players choose in turn from forehand
#   stacks in a pattern: ((stacks, cards), "stacks"): that many stacks of
#             that many cards face down before every player; "stacks up": the
#             top card of each face up
#   variant_dealing: {profile key: {players in the deal: pattern}}: the
#             pattern when that profile key is on (dealing(..., profile=p))

FAMILIES = {
    "koenigrufen": {
        "bot": "KoenigrufenBot",
        "fast": ("tarock.trick", "code_count", "code_nth", 5),
        "players": (4, 5),
        "active": {4: 4, 5: 4},
        "clockwise": False,
        "points": 70,
        "unit": 3,
        "default": "koenigrufen/pagat",
        # seeds/000 (pagat.com Königrufen) "Austeilen": 6 each from forehand,
        # 6 to the talon (the stock), 6 each; knocked: the talon first, then
        # four packets of 12 chosen in turn
        "deck": 54,
        "hand": 12,
        "stock": 6,
        "dealing": ((6, "each"), (6, "stock"), (6, "each")),
        "cut": "knock",
        "knocked": ((6, "stock"), (12, "choose")),
    },
    "bavarian": {
        "bot": "BavarianBot",
        "fast": ("tarock.bavarian.trick", "count36", "nth36", 4),
        "players": (3,),
        "active": {3: 3},
        "clockwise": True,
        "points": 120,
        "unit": 1,
        "default": "bavarian/standard",
        "deck": 36,
        "hand": 11,
        "stock": 3,
        "dealing": ((4, "each"), (3, "each"), (3, "stock"), (4, "each")),
        "dealing_text": "4 each, 3 each, 3 to the Stock, 4 each (clockwise from the dealer's left)",
        "roles": ("declarer", "opponent"),
    },
    # not zero-sum: every member of the declarer's party +S, every opponent -S;
    # the profile carries elo_k and abort_points for the score sheet (seeds/002:
    # the rules of Play Tarock Online; docs/SOURCES.md)
    "slovenian": {
        "bot": "SlovenianBot",
        "fast": ("tarock.trick", "code_count", "code_nth", 5),
        "players": (2, 3, 4),
        "active": {2: 2, 3: 3, 4: 4},
        "clockwise": False,
        "points": 70,
        "unit": 3,
        "default": "slovenian/play-tarock-online",
        "zero_sum": False,
        # seeds/002 (Play Tarock Online): the talon (6) first, then two
        # packets to each player (6, 8 or 12 cards: 12, 16 or 24 in hand); a
        # pattern per table size
        "deck": 54,
        "hand": {2: 24, 3: 16, 4: 12},
        "stock": 6,
        "dealing": {2: ((6, "stock"), (12, "each"), (12, "each")),
                    3: ((6, "stock"), (8, "each"), (8, "each")),
                    4: ((6, "stock"), (6, "each"), (6, "each"))},
        # profile "open2", two players: 3 x 5 to each, then three stacks of
        # four face down before each (turned after "Ich spiele")
        "variant_dealing": {"open2": {2: ((5, "each"), (5, "each"), (5, "each"),
                                          ((3, 4), "stacks"))}},
    },
}
# French Tarot (RULES.md §4, the FFT rules; docs/SOURCES.md): positions
# counter-clockwise; 91 points counted in halves; profile "dummy5" plays 4 of
# 5 (dealer sits out), Deal(n=2) the two-player variant
FAMILIES["french"] = {
    "bot": "FrenchBot",
    "fast": ("tarock.french.rules", "code_count78", "code_nth78", 6),
    "players": (2, 3, 4, 5),
    "active": {2: 2, 3: 3, 4: 4, 5: 5},
    "clockwise": False,
    "points": 91,
    "unit": 2,
    "default": "french/fft",
    # RULES.md §4 / seeds/003 (FFT rules): packets of 3 counter-clockwise
    # from forehand; the chien (the stock) one card at a time between
    # packets, never with the first or the last; (k, "packets"): packets of k round after round
    # until the hands are full; (k, "spread"): k to the stock that way
    "deck": 78,
    "hand": {2: 18, 3: 24, 4: 18, 5: 15},
    "stock": 6,
    # two players (seeds/003, the FFT rules' variants: "Tarot zu zweit"):
    # first six stacks of three before each, the top card face up, then the
    # hands and the chien
    "dealing": {2: (((6, 3), "stacks up"), (3, "packets"), (6, "spread")),
                3: ((3, "packets"), (6, "spread")),
                4: ((3, "packets"), (6, "spread")),
                5: ((3, "packets"), (3, "spread"))},
    # profile "dummy5": five at the table, the dealer sits out (4 play)
    "sit_out": "dummy5",
}


def family(name):
    f = FAMILIES.get(name)
    if f is None:
        raise ValueError("unknown family %r" % (name,))
    return f


ROOMS = {"deal": "rules", "score": "score", "profiles": "profiles"}


def module_name(name, which):
    """The dotted name of the family's module for 'deal', 'score' or 'profiles'."""
    family(name)
    return "tarock.%s.%s" % (name, ROOMS[which])


def module(name, which):
    """The family's module for 'deal', 'score' or 'profiles', imported on
    first use."""
    mod = module_name(name, which)
    __import__(mod)
    import sys
    return sys.modules[mod]


def active(name, n, profile=None):
    """Players in each deal at a table of n: the family's "active", or one
    less at five when the profile switches the family's "sit_out" key on."""
    f = family(name)
    a = f["active"][n]
    k = f.get("sit_out")
    if k and profile is not None and profile.get(k) and n == 5:
        return 4
    return a


def dealing(name, n, knocked=False, profile=None):
    """The dealing pattern for n players in the deal (see the entry fields);
    a profile switching a "variant_dealing" key on picks that pattern."""
    f = family(name)
    d = f["knocked"] if knocked else f["dealing"]
    v = f.get("variant_dealing")
    if v and profile is not None and not knocked:
        for k in v:
            if profile.get(k) and n in v[k]:
                return v[k][n]
    if isinstance(d, dict):
        return d[n]
    return d


def hand_size(name, n):
    h = family(name).get("hand", 0)
    return h[n] if isinstance(h, dict) else h
