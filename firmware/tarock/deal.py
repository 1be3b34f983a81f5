# What every family's deal state machine shares (the API of koenigrufen.Deal):
# the end of a deal through the family's one scorer, result()/summary(),
# replay from (profile, deck, log), and legal_actions() by filtering a
# phase's candidates through why_illegal() (play phases list cards directly).
# A family's Deal sets PLAY / DONE (its phase numbers) and SCORING (its score
# module) and provides _make_summary(), _candidates(), _legal_cards(pos), or
# its own _legal_list(). API names what every family's Deal offers (the
# bots, the glue, the sheet and the host tools ask nothing else of all four
# alike); tests/core/test_deal_api.py checks the four.
#
# One legality computation per decision (issue 22): legal_actions() keeps
# its list with the log length it was made at, and a family's apply() asks
# _known_legal(a) first: an action from that list, in that same state, needs
# no second why_illegal(). Every state change goes through apply(), which
# appends to the log, so a list never vouches for a later state.

API = (
    "phase", "to_move", "log", "profile",   # state: phase number, seat to move (-1: none)
    "legal_actions", "legal_again",         # () -> [actions], ascending
    "why_illegal", "apply",                 # (a) -> 0 or an error code; (a): raises IllegalAction
    "view",                                 # (position) -> what that seat may see
    "result", "summary",                    # per-position deltas, the scorer's Summary (None until done)
    "replay",                               # classmethod (profile, deck, log, **table)
    "hand_of", "holds_card",                # (p) -> cards; (p, c)
    "legal_code_for_move",                  # the legal-card fast path (tarock.families "fast")
    "fingerprint",                          # the whole state in one value (replays compare it)
)


class DealState:
    PLAY = -1
    DONE = -1
    SCORING = None
    log = ()       # every family's __init__ sets its list
    _lmark = -1    # len(log) when legal_actions() made _lset
    _lset = ()

    def legal_actions(self):
        """Every legal action for to_move, ascending (allocates: UI/bots)."""
        out = self._legal_list()
        self._lset = out[:]  # a private copy: the caller may change its list
        self._lmark = len(self.log)
        return out

    def legal_again(self):
        """legal_actions(), a copy of the last one while the state is the
        same (no action since): a screen's view() made it already (the
        mover's view holds it), and a discard's list takes a why_illegal()
        a card (~4 ms on the chip)."""
        if self._lmark == len(self.log):
            return list(self._lset)   # a list even where a tuple is kept
        return self.legal_actions()

    def _legal_list(self):
        if self.phase == self.PLAY:
            return self._legal_cards(self.to_move)  # pyright: ignore[reportAttributeAccessIssue] (the family's)
        out = []
        for a in self._candidates():  # pyright: ignore[reportAttributeAccessIssue] (the family's)
            if self.why_illegal(a) == 0:  # pyright: ignore[reportAttributeAccessIssue] (the family's)
                out.append(a)
        return out

    def _known_legal(self, a):
        """a is in the list the last legal_actions() gave for this state."""
        return self._lmark == len(self.log) and type(a) is int and a in self._lset

    def _finish(self):
        self.phase = self.DONE
        self.to_move = -1
        self._summary = self._make_summary()  # pyright: ignore[reportAttributeAccessIssue] (the family's)
        self._result = self.SCORING.score(self.profile, self._summary)  # pyright: ignore[reportAttributeAccessIssue] (the family's)

    def result(self):
        # type: () -> list[int] | None
        """Per-position deltas once the deal is over, else None."""
        return self._result

    def summary(self):
        return self._summary if self.phase == self.DONE else None

    @classmethod
    def replay(cls, profile, deck, log, **kw):
        """Rebuild a deal from its profile, deck order and action log (kw: the
        family's table arguments, e.g. n= or cutter=)."""
        st = cls(profile, deck=deck, **kw)  # pyright: ignore[reportCallIssue] (the family's __init__)
        for a in log:
            st.apply(a)  # pyright: ignore[reportAttributeAccessIssue] (the family's)
        return st
