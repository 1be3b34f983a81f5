# A random-legal bot for every family: uniform over the legal cards (through
# the seat's legal-card code when the family has that fast path, nothing
# allocated), and in the other phases a pass with probability 2/3 when passing
# is legal (so bidding and announcement rounds look like real ones), else
# uniform over the legal actions.
from tarock.rng import Rng
from tarock import families


class RandomBot:
    __slots__ = ("rng", "pos", "a_pass")

    def __init__(self):
        self.rng = Rng(1)
        self.pos = -1
        self.a_pass = -1

    def begin(self, pos, profile, seed):
        self.pos = pos
        self.rng = Rng(seed)
        mod = families.module(profile["family"], "deal")
        self.a_pass = getattr(mod, "A_PASS", -1)

    def act(self, seat):
        rng = self.rng
        code = seat.card_code()
        if code >= 0:
            return seat.code_nth(code, rng.below(seat.code_count(code)))
        acts = seat.legal()
        n = len(acts)
        if n == 1:
            return acts[0]
        ap = self.a_pass
        if ap >= 0:
            has = False
            for a in acts:
                if a == ap:
                    has = True
                    break
            if has:
                if rng.below(3) < 2:
                    return ap
                # otherwise something other than passing
                k = rng.below(n - 1)
                for a in acts:
                    if a != ap:
                        if k == 0:
                            return a
                        k -= 1
        return acts[rng.below(n)]
