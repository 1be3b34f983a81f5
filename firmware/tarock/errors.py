# Error codes of the rules core. why_illegal() returns one of these (0 = legal);
# apply() raises IllegalAction carrying the code and its message.

OK = 0
E_DONE = 1
E_NOT_IN_PHASE = 2
E_NOT_YOUR_TURN = 3
E_UNKNOWN = 4
E_NOT_IN_HAND = 5
E_MUST_FOLLOW = 6
E_MUST_TRUMP = 7
E_MUST_OVERTAKE = 8
E_PAGAT_TRISCHAKEN = 9
E_NO_TRUMP_LEAD = 10
E_HOLD_BIRD = 11
E_PLAY_BIRD = 12
E_BID_TOO_LOW = 13
E_BID_FORBIDDEN = 14
E_CONTRACT_OFF = 15
E_DISCARD_KING = 16
E_DISCARD_TRUMP = 17
E_ANNOUNCE = 18
E_DOUBLE = 19
E_MUST_BIRD = 20
E_PARTY_UNKNOWN = 21
E_CONCEDE = 22
E_TAKEN = 23
# a deal result that cannot have happened (Refused, from a family's
# check_summary): the screens say it as table.lang "e<code>" with its values
E_FIT = 24          # (a, b): a and b entered do not fit together
E_SO = 25           # (a,): a is not possible like that
E_SUM = 26          # (n,): more than n card points in all
E_BIRD = 27         # (): a Besser contract announces a bird

MESSAGES = (
    "legal",
    "the deal is over",
    "that action does not belong to this phase",
    "it is not that seat's turn",
    "unknown action",
    "that card is not in the hand",
    "must follow suit",
    "must play a trump when void in the led suit",
    "must overtake the highest card in the trick",
    "in Trischaken the Pagat may only be played as the last trump",
    "in Farbensolo a trump may only be led when holding nothing else",
    "an announced bird or king must be kept for its trick",
    "the announced card must be played in its trick",
    "bid too low: must bid higher (or equal with priority)",
    "that contract may not be bid now by this seat",
    "that contract is not played under this profile",
    "kings and Trull cards may never be discarded",
    "a trump may only be discarded when nothing else is left",
    "that announcement is not available",
    "that Kontra is not available",
    "a Besser contract must announce a bird first",
    "a defender may announce only once his party is known",
    "conceding is only possible in Besser Rufer with the king in the talon",
    "that has already been chosen",
    "%s and %s do not fit together",
    "%s: not possible like that",
    "more than %d card points in all",
    "a bird must be announced",
)


# Codes beyond the shared ones belong to one module each, in its own range, so
# families never collide: Königrufen/Tarockcup 50-99, French 100-149,
# Slovenian 150-199, Bavarian 200-249, score sheet/entry 250-299, app 300-349.
_EXTRA = {}


def register(code, message):
    """Give a module's own error code its message (codes < 50 are shared)."""
    if code < 50 or (code in _EXTRA and _EXTRA[code] != message):
        raise ValueError("error code %d is taken" % code)
    _EXTRA[code] = message
    return code


class Refused(ValueError):
    """A result check_summary refuses: code (E_FIT ..) and what, its values
    (a table.lang key, a number, or (b,): bonus b); the screens word it
    from their table (table.flows.entry), str() is its English for host
    tools and logs (MESSAGES: the values as they are)."""

    def __init__(self, code, *what):
        super().__init__(explain(code) % tuple([
            "bonus %d" % a[0] if type(a) is tuple else a for a in what]))
        self.code = code
        self.what = what


class IllegalAction(ValueError):
    """Raised by apply(); the state is unchanged."""

    def __init__(self, code, action=-1):
        # super(), not ValueError.__init__(self, ...): MicroPython has no
        # __init__ attribute on built-in exception types
        super().__init__("illegal action %d: %s" % (action, explain(code)))
        self.code = code
        self.action = action


def explain(code):
    if 0 <= code < len(MESSAGES):
        return MESSAGES[code]
    return _EXTRA.get(code, "error %d" % code)
