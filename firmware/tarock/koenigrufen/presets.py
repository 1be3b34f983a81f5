# Königrufen presets beyond the pagat profile, as data: each is a set of
# overrides on tarock.profiles.KOENIGRUFEN_PAGAT, built and validated when this
# module is imported (profiles.get('koenigrufen/<name>') imports it on demand).
# Sources:
#   tarockcup: seeds/001_2e1b90146ab3ffa1.txt (the Raiffeisen Tarockcup rules:
#     Lizitation, announcements,
#     Kontra, 10 Tarock, Königfang, Valat) and RULES.md §2 (the Raiffeisen
#     Tarockcup tariff, Upper Austria; it matches the tariff table published at
#     http://www.tarockcup.at/service/spielregeln/ ). The bidding order is the
#     order of that table.
#   tarockcup_austria: the older published tariff of the "Raiffeisen
#     Tarockcup Austria" rules sheet (transcribed at
#     https://fr.doczz.net/doc/1603478/ , "Die aktuellen Spielregeln des
#     Raiffeisen Tarockcup Austria"): Trischaken 1, Rufer 1, Piccolo 2,
#     Bettel 2, Solo-Rufer 2, A-Rufer 1, Dreier 4, Sechser-Dreier 4,
#     Farbensolo 5, Piccolo-Ouvert 6, Bettel-Ouvert 7, Solo-Dreier 8; announced
#     König Ultimo 2, Trull 2, Alle Könige 2, Pagat 2, Uhu 4, Kakadu 6; Valat
#     8-fach; no Farbendreier, no Quapil. That sheet's table gives announced
#     values only: the silent values (half, "still einfach, angesagt doppelt"
#     as in seeds/001, the Tarockcup rules), the silent Valat x4, the lost
#     Sechser-Dreier x2, the Lizitation and the Trischaken settlement are
#     carried over from the
#     current cup preset (ASSUMED, not in that table); Königfang and 10 Tarock
#     are not in its table and are off.
from tarock.koenigrufen import profiles as P
from tarock import profiles as PR

_CUP_NAMES = ("Trull", "Alle Könige", "Pagat", "Uhu", "Kakadu", "Quapil",
              "König Ultimo", "Valat", "Mondfang", "Sküsfang", "Königfang", "10 Tarock")

# Lizitation and announcement rules of seeds/001 (the Tarockcup rules; both cup
# presets; docs/SOURCES.md maps every seed and RULES.md section to its public source)
_CUP_FLAGS = {
    "bid_equal": "forehand",   # "Die Vorhand hat das Privileg, jedes lizitierte Spiel halten zu können"
    "fh_opens": "mein",        # "Meine Vorhand" or the Sechser-Dreier
    "fahren": True,            # "Kommt es zu keiner einzigen Ansage, so wird gefahren"
    "first_chance": True,      # "bei der ersten Gelegenheit ... (kein Nachschießen)"
    "concede_any": True,       # "schleifen" when the called king lies in the talon
    "talon_king_fang": True,   # "... liegen lassen; das zählt dann als stiller Königfang"
    "valat": "mult",           # "außer beim Valat, wo alles gemeinsam vervielfacht wird"
    "color_lead": "forehand",  # "Die Vorhand spielt aus – außer bei Negativspielen"
    "trischaken": "tarockcup",
    "kaiserstich": False,
    "max_kontra": 3,           # Kontra, Re, Sub
    "kakadu": True,
    "bonus_names": _CUP_NAMES,
    "take_back": False,        # tournament rules: a card laid is played
}

TAROCKCUP_OVER = {
    "name": "tarockcup",
    "title": "Raiffeisen Tarockcup (Oberösterreich)",
    "contracts": {
        P.TRISCHAKEN: {"value": 1, "loss": 1, "rank": 1},
        P.RUFER: {"value": 1, "loss": 1, "rank": 2},
        P.PICCOLO: {"value": 2, "loss": 2, "rank": 3},
        P.BETTEL: {"value": 2, "loss": 2, "rank": 4},
        P.SOLO: {"name": "Solorufer", "value": 2, "loss": 2, "rank": 5},
        P.BESSER_RUFER: {"name": "Besserrufer", "value": 1, "loss": 1, "rank": 6},
        P.FARBENDREIER: {"value": 3, "loss": 3, "rank": 7, "on": True},
        P.SECHSERDREIER: {"name": "Sechser-Dreier", "value": 4, "loss": 8, "rank": 8,
                          "who": "fh_open"},
        P.DREIER: {"value": 4, "loss": 4, "rank": 9},
        P.FARBENSOLO: {"value": 6, "loss": 6, "rank": 10},
        P.PICCOLO_OUVERT: {"name": "Piccolo ouvert", "value": 6, "loss": 6, "rank": 11},
        P.BETTEL_OUVERT: {"name": "Bettel ouvert", "value": 7, "loss": 7, "rank": 12},
        P.SOLO_DREIER: {"name": "Solo-Dreier", "value": 8, "loss": 8, "rank": 13,
                        "ann_first": True},
        P.ZWICCOLO: {"on": False},
        P.BESSER_DREIER: {"on": False},
    },
    # (silent, announced); Valat: the multipliers (x4 silent, x8 announced)
    "bonus": {
        P.TRULL: (1, 2), P.KINGS: (1, 2), P.KING_ULTIMO: (1, 2), P.PAGAT_ULTIMO: (1, 2),
        P.UHU: (2, 4), P.KAKADU: (3, 6), P.MARABU: (4, 8), P.VALAT: (4, 8),
        P.MONDFANG: (0, 0), P.SKUSFANG: (0, 0), P.KINGFANG: (1, 0), P.TEN_TAROCK: (0, 1),
    },
    "marabu": True,            # Quapil (IIII)
    "ten_tarock": True,
    "besser_concede": 1,       # giving up a Besserrufer costs its game, like any "schleifen"
}

TAROCKCUP_AUSTRIA_OVER = {
    "name": "tarockcup_austria",
    "title": "Raiffeisen Tarockcup Austria (older tariff)",
    "contracts": {
        P.TRISCHAKEN: {"value": 1, "loss": 1, "rank": 1},
        P.RUFER: {"value": 1, "loss": 1, "rank": 2},
        P.PICCOLO: {"value": 2, "loss": 2, "rank": 3},
        P.BETTEL: {"value": 2, "loss": 2, "rank": 4},
        P.SOLO: {"name": "Solo-Rufer", "value": 2, "loss": 2, "rank": 5},
        P.BESSER_RUFER: {"name": "A-Rufer", "value": 1, "loss": 1, "rank": 6},
        P.DREIER: {"value": 4, "loss": 4, "rank": 7},
        P.SECHSERDREIER: {"name": "Sechser-Dreier", "value": 4, "loss": 8, "rank": 8,
                          "who": "fh_open"},
        P.FARBENSOLO: {"value": 5, "loss": 5, "rank": 9},
        P.PICCOLO_OUVERT: {"name": "Piccolo-Ouvert", "value": 6, "loss": 6, "rank": 10},
        P.BETTEL_OUVERT: {"name": "Bettel-Ouvert", "value": 7, "loss": 7, "rank": 11},
        P.SOLO_DREIER: {"name": "Solo-Dreier", "value": 8, "loss": 8, "rank": 12,
                        "ann_first": True},
        P.ZWICCOLO: {"on": False},
        P.BESSER_DREIER: {"on": False},
        P.FARBENDREIER: {"on": False},
    },
    "bonus": {
        P.TRULL: (1, 2), P.KINGS: (1, 2), P.KING_ULTIMO: (1, 2), P.PAGAT_ULTIMO: (1, 2),
        P.UHU: (2, 4), P.KAKADU: (3, 6), P.MARABU: (0, 0), P.VALAT: (4, 8),
        P.MONDFANG: (0, 0), P.SKUSFANG: (0, 0), P.KINGFANG: (0, 0), P.TEN_TAROCK: (0, 0),
    },
    "marabu": False,
    "ten_tarock": False,
    "besser_concede": 1,
}


def build(over, base=None):
    """A preset from the cup flags and its own overrides on `base` (default:
    the pagat profile); validated, ProfileError naming the key otherwise."""
    o = dict(_CUP_FLAGS)
    o.update(over)
    return PR.overlay(P.KOENIGRUFEN_PAGAT if base is None else base, o)


PRESETS = {
    "tarockcup": build(TAROCKCUP_OVER),
    "tarockcup_austria": build(TAROCKCUP_AUSTRIA_OVER),
}
