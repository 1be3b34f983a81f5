# The families the device can play: family name (tarock.families) -> the
# module gluing it to the screens. A family plugs in with one line here and
# its glue module; the flows look everything else up in tarock.families.
# A glue module (table/games/koenigrufen.py, table/games/bavarian.py; shared
# helpers in table/games/common.py) provides every name of REQUIRED and may
# provide those of OPTIONAL (glue() sets the ones it lacks to None);
# tests/host/test_glue_api.py checks every family's. name(pos) gives a
# position's player name.
from tarock import families as F

GLUE = {"koenigrufen": "table.games.koenigrufen", "bavarian": "table.games.bavarian", "french": "table.games.french",
        "slovenian": "table.games.slovenian"}

REQUIRED = (
    "FAMILY", "TITLE", "STOCK",     # the family's name, its title, the word for the cards aside
    "NCARDS", "SUIT_SYMBOLS",       # the deck's size, a suit's glyph
    "PH_PLAY",                      # deal.phase while tricks are played
    "suit_of", "card_label", "is_card",     # (c), (c, bare), (a)
    "new_deal",                     # (profile, seed, n_table) -> the family's Deal
    "action_label", "said_label",   # (deal, a, name)
    "default_choice",               # (deal, legal): the choice offered first
    "public_view",                  # (deal): the view of a seat that plays no position
    "phase_title",                  # (view): a screen's header word
    "open_hands",                   # (deal, view) -> [(position, cards)] the rules lay open
    "to_discard",                   # (deal): how many cards are laid away
    "is_done",                      # (deal)
    "contract_line",                # (deal, name)
    "result_lines",                 # (deal, name) -> (head, details)
    # score entry (table.flows.entry): the form, then its summary and deltas
    "entry_init",                   # (profile) -> e
    "entry_steps",                  # (profile, e, name)
    "entry_line",                   # (profile, e, name, step)
    "entry_note",                   # (profile, e, name)
    "entry_summary",                # (profile, e) -> the family's Summary
    "entry_values",                 # (profile, summary) -> e (a correction)
    "check_entry",                  # (profile, summary): raises ValueError
    "entry_deltas",                 # (profile, summary) -> per position
    "breakdown",                    # (profile, summary, name) -> lines: how the result came about
)
OPTIONAL = (
    "context_rows",     # (play, deal, view): a phase's public rows, None: the generic ones
    "info_rows",        # (play, deal, view): more for the table page
    "hand_of_view",     # (view): the cards a seat plays from (else view["hand"])
    "entry_start",      # (profile, e, players in the deal)
)


DEFAULT = "koenigrufen"
# the language a table of the family speaks unless it chose one (table.lang)
LANG = {"koenigrufen": "de", "bavarian": "de", "french": "fr", "slovenian": "sl"}


def families(seats=99):
    """Families with both a rules entry and a glue module that `seats`
    screens can play: the default first, then by name."""
    out = []
    for k in GLUE:
        if k in F.FAMILIES and k != DEFAULT and fits(k, seats):
            out.append(k)
    out.sort()
    if DEFAULT in F.FAMILIES and fits(DEFAULT, seats):
        out.insert(0, DEFAULT)
    return out


def fits(family, seats):
    for n in F.family(family)["players"]:
        if n <= seats:
            return True
    return False


def glue(family):
    mod = GLUE.get(family)
    if mod is None:
        raise ValueError("no device glue for family %r" % (family,))
    __import__(mod)
    import sys
    m = sys.modules[mod]
    for k in OPTIONAL:   # what the family leaves out: None
        if not hasattr(m, k):
            setattr(m, k, None)
    return m


def title(family):
    from table.lang import get
    return get("game_" + family, family)


def language(family):
    return LANG.get(family, "en")


def rules_name(family, preset, full=False):
    """A rule set in words: its own name ("Tarockcup"; the setup's Rules
    row, the game named beside it) or, full, with the game's
    ("K\u00f6nigrufen \u2014 Tarockcup"). A table's own preset (presets.txt)
    is called as the file calls it."""
    from table.lang import get
    s = get("rs_" + family + "/" + preset, preset)
    return title(family) + " \u2014 " + s if full else s
