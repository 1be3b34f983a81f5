# Random Bavarian Tarock bots for the simulation/fuzz tests and
# host_tools/bench/bench.py. MicroPython-compatible. Not a test module itself.
from tarock.bavarian import rules as B
from tarock import profiles as P
from tarock.rng import Rng
from tarock.bavarian.trick import count36, nth36
from checkact import releasing_with

MAX_ACTIONS = 100  # a deal has at most ~20 bids + 3 + 1 + 1 + 33 cards


def profile(announce=False):
    return P.get("bavarian/announced" if announce else "bavarian/standard")


def release():
    """Drop bavarian's ladder cache and this module (the MicroPython runner
    keeps leftovers for the rest of the suite)."""
    B._ladder.clear()
    import sys
    sys.modules.pop("bysim", None)


# decorator for test functions: release() afterwards, pass or fail
releasing = releasing_with(release)


def pick(st, rng):
    """A random legal action for st.to_move. Bidding: pass every other time,
    else one of the three lowest bids allowed (raises stay modest, so games
    are won and lost); announcements: pass 3 times in 4."""
    ph = st.phase
    if ph == B.PH_PLAY:
        code = st.legal_code_for_move()
        h = st.hands
        o = st.to_move * 4
        return nth36(h, o, code, rng.below(count36(h, o, code)))
    if ph == B.PH_BID:
        if rng.below(2) == 0:
            return B.A_PASS
        acts = st.legal_actions()
        if len(acts) == 1:
            return B.A_PASS
        # ascending by rank: hand and Aufnahme bids interleave
        bids = acts[1:]
        bids.sort(key=lambda a: st._key(*st.bid_of(a)))
        return bids[rng.below(min(3, len(bids)))]
    if ph == B.PH_ANNOUNCE:
        if rng.below(4) < 3:
            return B.A_PASS
        return B.A_SCHNEIDER + rng.below(2)
    acts = st.legal_actions()
    return acts[rng.below(len(acts))]


def play_random(profile, seed, rng=None, check=None):
    """One whole deal with random legal actions; check(st) after every action."""
    if rng is None:
        rng = Rng(seed ^ 0x5A5A)
    st = B.Deal(profile, seed=seed)
    n = 0
    while st.phase != B.PH_DONE:
        st.apply(pick(st, rng))
        if check is not None:
            check(st)
        n += 1
        if n > MAX_ACTIONS:
            raise AssertionError("deal %d does not end" % seed)
    return st
