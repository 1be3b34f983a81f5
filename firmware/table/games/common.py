# What the family glue modules (table/games/koenigrufen.py, table/games/bavarian.py, ...) share: the
# 54-card labels, the public view for a seat that sits out, the phase word of
# a screen's header, the choice offered first.
from tarock.compat import ljust, shorten
from table.lang import t, tn, seq

# the 54-card deck's labels (Königrufen, Slovenian): trumps 1..21 and Sk
SUITS54 = ("T", "\u2665", "\u2666", "\u2660", "\u2663")
_RED = ("4", "3", "2", "1")
_BLACK = ("7", "8", "9", "10")


def card_label54(c, bare, suit, rank):
    """'18' 'Sk' for trumps (arabic: short on a 128 px line), '♥K' or 'K';
    suit, rank: the deck's SUIT54, RANK54. The court cards' letters and the
    Sküs's are the active language's ("faces": Jack, Cavalier, Queen, King,
    Sküs; a tuple, so no str is made per card)."""
    s = suit[c]
    r = rank[c]
    if s == 0:
        return seq("faces")[4] if r == 21 else str(r + 1)
    rk = (_RED if s < 3 else _BLACK)[r] if r < 4 else seq("faces")[r - 4]
    return rk if bare else SUITS54[s] + rk


def public_view(deal, hide):
    """A view without any hand, legal list or the keys in `hide` (private
    piles: a talon not yet turned, a Stock, cards put back), for a seat that
    plays no position. Taken from a position that is not the declarer's."""
    v = deal.view(0 if deal.declarer != 0 else 1)
    v.pop("hand", None)
    v.pop("legal", None)
    for k in hide:
        v.pop(k, None)
    v["pos"] = -1
    return v


def phase_title(v, phase_names, titles, play):
    """The header word of phase v["phase"]; the play phase counts tricks."""
    ph = v["phase"]
    for i in range(len(phase_names)):
        if phase_names[i] == ph:
            if i == play:
                return t("trick_n") % (v["trick_no"] + 1)
            return t(titles[i])
    return ph


def default_choice(legal, a_pass):
    """The choice offered first: Pass where it is legal (the usual answer
    in bidding and announcing), else the first legal action."""
    for a in legal:
        if a == a_pass:
            return a
    return legal[0]


def default_card(legal, suit_of, honours, trump):
    """The card the cursor starts on: never an honour (the Pagat, the Petit,
    the Sküs / Excuse, the Mond / 21: the cards nobody wants to play by a
    slip of the thumb) unless nothing else is legal; of the others the
    lowest plain card (of the led suit when following: then the legal cards
    are that suit), else the lowest trump. legal is in card order (lowest
    first in each suit); trump: the trump suit, -1 for none fixed."""
    low_trump = -1
    for c in legal:
        if c in honours:
            continue
        if suit_of(c) != trump:
            return c
        if low_trump < 0:
            low_trump = c
    return low_trump if low_trump >= 0 else legal[0]


def item_line(word, value):
    """A breakdown line (25 characters): what, then its signed value at the
    right edge; a word too long for the line is shortened, the value kept."""
    v = "%+d" % value
    return ljust(shorten(word, 24 - len(v)), 25 - len(v)) + v


def factor_word(f):
    """' x4' for a multiplier above 1, else ''."""
    return " x%d" % f if f > 1 else ""


def sum_lines(items, total_word):
    """Item lines for [(word, value)] and the line of their sum (the unit
    the scorer settles): the breakdown's numbers are the scorer's own."""
    out = []
    t = 0
    for w, v in items:
        out.append(item_line(w, v))
        t += v
    out.append(item_line(total_word, t))
    return out


def tricks(n):
    """n tricks in the table's words ("1 Stich", "2 vzetka")."""
    return tn("n_tricks", n) % n


def pts_tricks(name, pts, n):
    """A player's card points and tricks on one line (a result's detail)."""
    return "%s %s, %s" % (shorten(name, 7), tn("n_pts", pts) % pts, tricks(n))
