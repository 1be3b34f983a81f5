# Königrufen rule profiles as data: contracts, tariffs and house options.
# Source: RULES.md §1 (Königrufen, pagat profile, seeds/000 second part:
# pagat.com Königrufen, https://www.pagat.com/tarot/koenigrufen.html); the
# keys for the Tarockcup profile (RULES.md §2, seeds/001: the Raiffeisen
# Tarockcup rules, http://www.tarockcup.at/service/spielregeln/) are flags
# here, its presets live in tarock.koenigrufen.presets (loaded on demand).
# Values marked † in RULES.md are our defaults; users override any of them.
# docs/SOURCES.md maps every seed and RULES.md section to its public source.
# Kept as plain dicts/tuples so the device can load overrides from a file.
from tarock.profiles import (ProfileError, _check_type, check_keys, spec_type,  # noqa: F401
                             check_bonus_pairs, with_defaults, overlay)

# Contract ids are the Königrufen bidding order of RULES.md §1.
RUFER = 1
TRISCHAKEN = 2
SECHSERDREIER = 3
PICCOLO = 4
ZWICCOLO = 5
SOLO = 6
BETTEL = 7
BESSER_RUFER = 8
DREIER = 9
PICCOLO_OUVERT = 10
BESSER_DREIER = 11
BETTEL_OUVERT = 12
FARBENSOLO = 13
SOLO_DREIER = 14
FARBENDREIER = 15   # Tarockcup: alone, half talon, trumps are a plain suit
MAX_CONTRACT = 19   # contract ids 1..19 (A_BID + id stays below A_CALL)

# Bonus ids. The first eight may be announced; the catches may not.
TRULL = 0
KINGS = 1
PAGAT_ULTIMO = 2
UHU = 3
KAKADU = 4
MARABU = 5
KING_ULTIMO = 6
VALAT = 7
MONDFANG = 8
SKUSFANG = 9
KINGFANG = 10
TEN_TAROCK = 11     # Tarockcup "10 Tarock": a state bonus, announced only
N_BONUS = 12
ANNOUNCEABLE = (TRULL, KINGS, PAGAT_ULTIMO, UHU, KAKADU, MARABU, KING_ULTIMO, VALAT,
                TEN_TAROCK)
BIRDS = (PAGAT_ULTIMO, UHU, KAKADU, MARABU)
BONUS_NAMES = ("Trull", "Vier Könige", "Pagat ultimo", "Uhu", "Kakadu", "Marabu",
               "König ultimo", "Valat", "Mondfang", "Sküsfang", "Königfang", "10 Tarock")
# bird -> (trump card, tricks before the last in which it must win)
BIRD_CARD = {PAGAT_ULTIMO: (0, 0), UHU: (1, 1), KAKADU: (2, 2), MARABU: (3, 3)}

# Contract fields:
#   name, value (won), loss (lost; per opponent), kind: 'pos' | 'neg' | 'trisch'
#   call: calls a king; talon: cards exchanged (0, 3, 6); talon_to: where an
#   unused talon goes ('opp' | 'none'); who: 'any' | 'fh_after' (forehand only,
#   after Mein Spiel and three passes) | 'fh_open' (forehand only, as his
#   opening bid); tricks: target for negative contracts;
#   ouvert: hands open after the first card of trick 2; color: Farbensolo;
#   bonus_mult: bonus multiplier (Solo, Solo Dreier double every bonus);
#   birds: must announce a bird; on: offered by default; rank: bidding order
#   (default: the id; unique among the enabled contracts); ann_first: the
#   declarer's party announces bonuses only in the declarer's first turn
#   (Tarockcup Solo-Dreier: "alle Zusatzprämien sofort mit ansagen").
KR_CONTRACTS = {
    RUFER: {"name": "Rufer", "value": 1, "loss": 1, "kind": "pos", "call": True,
            "talon": 3, "who": "fh_after"},
    TRISCHAKEN: {"name": "Trischaken", "value": 1, "loss": 1, "kind": "trisch",
                 "talon": 0, "talon_to": "none", "who": "fh_after"},
    SECHSERDREIER: {"name": "Sechserdreier", "value": 2, "loss": 4, "kind": "pos",
                    "talon": 6, "who": "fh_after"},
    PICCOLO: {"name": "Piccolo", "value": 2, "loss": 2, "kind": "neg", "tricks": 1},
    ZWICCOLO: {"name": "Zwiccolo", "value": 2, "loss": 2, "kind": "neg", "tricks": 2,
               "on": False},
    SOLO: {"name": "Solo", "value": 2, "loss": 2, "kind": "pos", "call": True,
           "talon": 0, "talon_to": "opp", "bonus_mult": 2},
    BETTEL: {"name": "Bettel", "value": 3, "loss": 3, "kind": "neg", "tricks": 0},
    BESSER_RUFER: {"name": "Besser Rufer", "value": 3, "loss": 3, "kind": "pos",
                   "call": True, "talon": 3, "birds": True},
    DREIER: {"name": "Dreier", "value": 4, "loss": 4, "kind": "pos", "talon": 3},
    PICCOLO_OUVERT: {"name": "Piccolo Ouvert", "value": 5, "loss": 5, "kind": "neg",
                     "tricks": 1, "ouvert": True},
    BESSER_DREIER: {"name": "Besser Dreier", "value": 5, "loss": 5, "kind": "pos",
                    "talon": 3, "birds": True},
    BETTEL_OUVERT: {"name": "Bettel Ouvert", "value": 6, "loss": 6, "kind": "neg",
                    "tricks": 0, "ouvert": True},
    FARBENSOLO: {"name": "Farbensolo", "value": 7, "loss": 7, "kind": "pos",
                 "talon": 0, "talon_to": "opp", "color": True},
    SOLO_DREIER: {"name": "Solo Dreier", "value": 8, "loss": 8, "kind": "pos",
                  "talon": 0, "talon_to": "opp", "bonus_mult": 2},
    FARBENDREIER: {"name": "Farbendreier", "value": 3, "loss": 3, "kind": "pos",
                   "talon": 3, "color": True, "on": False},
}

CONTRACT_DEFAULTS = {"call": False, "talon_to": "opp", "who": "any", "tricks": 0,
                     "ouvert": False, "color": False, "bonus_mult": 1, "birds": False,
                     "on": True, "talon": 0, "ann_first": False}

# (silent, announced) per bonus, per opponent.
KR_BONUS = {
    TRULL: (1, 2), KINGS: (1, 2), PAGAT_ULTIMO: (1, 2), UHU: (2, 4),
    KAKADU: (3, 6), MARABU: (4, 8), KING_ULTIMO: (1, 2), VALAT: (4, 8),
    MONDFANG: (1, 0), SKUSFANG: (2, 0), KINGFANG: (1, 0), TEN_TAROCK: (0, 1),
}

KOENIGRUFEN_PAGAT = {
    "family": "koenigrufen",
    "name": "pagat",
    "contracts": KR_CONTRACTS,
    "bonus": KR_BONUS,
    "kakadu": True,          # house options (seeds/000, pagat: "many players don't allow")
    "marabu": True,
    "kaiserstich": False,    # house option
    "max_kontra": 3,         # Kontra, Re, Sub; 5 adds Hirsch and Mord
    "besser_concede": 4,     # Besser Rufer, king in talon: concede for 4
    "neg_stop_early": True,  # stop a negative contract once it is decided
    "trischaken": "pagat",   # settlement table: 'pagat' | 'tarockcup'
    # Lizitation and announcement flags (the Tarockcup presets set them)
    "bid_equal": "priority",  # who takes a bid by bidding equal: 'priority' | 'forehand'
    "fh_opens": "bid",       # forehand opens: 'bid' (Mein Spiel or any bid) | 'mein'
                             # (Mein Spiel or a who='fh_open' contract only)
    "fahren": False,         # Mein Spiel, three passes, forehand passes too: Trischaken
    "first_chance": False,   # announcements and Kontras only at the first opportunity
    "concede_any": False,    # any called contract with the half talon may be given up
                             # when the king lies in it (cost: its loss; Besser: besser_concede)
    "talon_king_fang": False,  # leaving the half with the called king: silent Königfang
    "ten_tarock": False,     # "10 Tarock" state bonus
    "valat": "add",          # 'add': Valat adds its bonus; 'mult': game and announced
                             # bonuses are multiplied by the Valat's (silent, announced)
    "color_lead": "declarer",  # who leads in colour contracts: 'declarer' | 'forehand'
    "take_back": True,       # table option (tarock.profiles.TABLE_KEYS): home play
    "title": "Königrufen (pagat.com)",
    "bonus_names": BONUS_NAMES,
}

PRESETS = {"pagat": KOENIGRUFEN_PAGAT}
# built on demand from tarock.koenigrufen.presets (each an overlay of the pagat profile,
# validated when that module is imported)
LAZY_PRESETS = {"tarockcup": "tarock.koenigrufen.presets", "tarockcup_austria": "tarock.koenigrufen.presets"}
LAZY_TITLES = {"tarockcup": "Raiffeisen Tarockcup (Oberösterreich)",
               "tarockcup_austria": "Raiffeisen Tarockcup Austria (older tariff)"}

_TOP_KEYS = (" family:s name:s contracts:d bonus:d kakadu:b marabu:b "
             " kaiserstich:b max_kontra:i besser_concede:i "
             " neg_stop_early:b trischaken:s bid_equal:s fh_opens:s "
             " fahren:b first_chance:b concede_any:b talon_king_fang:b "
             " ten_tarock:b valat:s color_lead:s title:s bonus_names:t "
             " take_back:b ")
_CONTRACT_KEYS = (" name:s value:i loss:i kind:s call:b talon:i talon_to:s "
                  " who:s tricks:i ouvert:b color:b bonus_mult:i birds:b on:b "
                  " rank:i ann_first:b ")
# the string-valued options and their allowed values
_CHOICES = {"trischaken": ("pagat", "tarockcup"), "bid_equal": ("priority", "forehand"),
            "fh_opens": ("bid", "mein"), "valat": ("add", "mult"),
            "color_lead": ("declarer", "forehand")}




def validate_profile(p):
    """Königrufen profile check: raise ProfileError naming the first bad key."""
    check_keys(p, _TOP_KEYS, "")
    if p["max_kontra"] not in (3, 5):
        raise ProfileError("max_kontra: must be 3 (Sub) or 5 (Mord), got %r" % (p["max_kontra"],))
    if p["trischaken"] not in _CHOICES["trischaken"]:
        raise ProfileError("trischaken: unknown settlement %r" % (p["trischaken"],))
    for k, ok in _CHOICES.items():
        if p[k] not in ok:
            raise ProfileError("%s: must be one of %s, got %r" % (k, ", ".join(ok), p[k]))
    if p["besser_concede"] < 0:
        raise ProfileError("besser_concede: must be >= 0")
    names = p["bonus_names"]
    if len(names) != N_BONUS:
        raise ProfileError("bonus_names: expected %d names" % N_BONUS)
    for x in names:
        _check_type("bonus_names", x, str)
    ranks = {}
    for cid in p["contracts"]:
        c = p["contracts"][cid]
        w = "contracts.%s" % (cid,)
        if not (isinstance(cid, int) and not isinstance(cid, bool) and 1 <= cid <= MAX_CONTRACT):
            raise ProfileError("%s: contract ids are 1..%d" % (w, MAX_CONTRACT))
        _check_type(w, c, dict)
        for ck in c:
            t = spec_type(_CONTRACT_KEYS, ck)
            if t is None:
                raise ProfileError("%s.%s: unknown key" % (w, ck))
            _check_type(w + "." + ck, c[ck], t)
        for ck in ("name", "value", "loss", "kind"):
            if ck not in c:
                raise ProfileError("%s.%s: missing" % (w, ck))
        if c["kind"] not in ("pos", "neg", "trisch"):
            raise ProfileError("%s.kind: must be pos, neg or trisch" % w)
        if c.get("talon", 0) not in (0, 3, 6):
            raise ProfileError("%s.talon: must be 0, 3 or 6" % w)
        if c.get("who", "any") not in ("any", "fh_after", "fh_open"):
            raise ProfileError("%s.who: must be any, fh_after or fh_open" % w)
        if c.get("talon_to", "opp") not in ("opp", "none"):
            raise ProfileError("%s.talon_to: must be opp or none" % w)
        if c["value"] < 0 or c["loss"] < 0:
            raise ProfileError("%s.value: must be >= 0" % w)
        if c["kind"] != "pos" and (c.get("call") or c.get("talon", 0)):
            raise ProfileError("%s: a negative contract cannot call a king or take the talon" % w)
        if c.get("birds") and c["kind"] != "pos":
            raise ProfileError("%s.birds: only positive contracts announce birds" % w)
        if not 0 <= c.get("tricks", 0) <= 12:
            raise ProfileError("%s.tricks: out of range" % w)
        # contradictory options
        if c.get("color") and (c.get("call") or c.get("birds") or c["kind"] != "pos"):
            raise ProfileError("%s.color: a colour contract is positive, alone and has no birds" % w)
        if c.get("ouvert") and c["kind"] != "neg":
            raise ProfileError("%s.ouvert: only negative contracts are played open" % w)
        if c.get("talon", 0) == 6 and c.get("call"):
            raise ProfileError("%s.call: a contract with the whole talon cannot call a king" % w)
        if not 1 <= c.get("bonus_mult", 1) <= 4:
            raise ProfileError("%s.bonus_mult: must be 1..4" % w)
        if c.get("value", 0) > 1000 or c.get("loss", 0) > 1000:
            raise ProfileError("%s.value: out of range (0..1000)" % w)
        if c.get("on", True):
            r = c.get("rank", cid)
            if not 1 <= r <= 99:
                raise ProfileError("%s.rank: must be 1..99" % w)
            if r in ranks:
                raise ProfileError("%s.rank: same rank as contracts.%s" % (w, ranks[r]))
            ranks[r] = cid
    check_bonus_pairs(p, N_BONUS)
    if not any(p["contracts"][c].get("on", True) for c in p["contracts"]):
        raise ProfileError("contracts: no contract is enabled")
    trisch = 0
    for cid in p["contracts"]:
        c = p["contracts"][cid]
        if c.get("on", True) and c["kind"] == "trisch":
            trisch += 1
    if p["fahren"] and trisch != 1:
        raise ProfileError("fahren: needs exactly one enabled Trischaken contract")
    if p["valat"] == "mult" and p["bonus"][VALAT][0] < 1:
        raise ProfileError("valat: 'mult' needs bonus.%d (silent, announced) multipliers >= 1" % VALAT)
    return p


def contract(p, cid):
    """Contract definition with defaults filled in (allocates; not hot)."""
    c = with_defaults(CONTRACT_DEFAULTS, p["contracts"][cid])
    if "rank" not in p["contracts"][cid]:
        c["rank"] = cid
    return c
