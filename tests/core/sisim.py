# Random Slovenian Tarok bots for the simulation/fuzz tests, the golden
# playthroughs and host_tools/bench/bench.py. MicroPython-compatible.
# Not a test module itself (no test_ prefix).
from tarock.slovenian import rules as SL, profiles as PS
from tarock.rng import Rng
from tarock.trick import code_count, code_nth
from checkact import releasing_with

MAX_ACTIONS = 400  # no deal comes near this; a loop in the state machine would


def release():
    """Drop slovenian's profile cache and this module (see krsim.release)."""
    SL._compiled.clear()
    import sys
    sys.modules.pop("sisim", None)


releasing = releasing_with(release)


def play_card(st, rng):
    """A random legal card for the seat to move (fast path, nothing built)."""
    p = st.to_move
    code = st.legal_code_for_move()
    m = st.move_masks(p)
    o = p * 5
    return code_nth(m, o, code, rng.below(code_count(m, o, code)))


def pick(st, rng):
    """A random legal action (bidding and announcing biased towards passing)."""
    ph = st.phase
    if ph == SL.PH_PLAY:
        return play_card(st, rng)
    if ph == SL.PH_ANNOUNCE or ph == SL.PH_BID:
        want_pass = rng.below(4) < (3 if ph == SL.PH_ANNOUNCE else 2)
        if want_pass:
            return SL.A_PASS
        acts = st.legal_actions()
        if len(acts) > 1:
            return acts[1 + rng.below(len(acts) - 1)]
        return acts[0]
    acts = st.legal_actions()
    return acts[rng.below(len(acts))]


def steer(st, contract, rng):
    """Next action for a deal steered into `contract`: forehand bids it, the
    others pass (Klop: everybody passes); the rest random."""
    if st.phase == SL.PH_BID:
        if contract == PS.KLOP or st.to_move != 0:
            return SL.A_PASS
        return SL.A_BID + contract
    return pick(st, rng)


def play(profile, seed, n, contract=-1, rng=None, check=None):
    """One whole deal, steered into `contract` (-1: random bidding);
    check(st) after every action. Returns the finished Deal."""
    if rng is None:
        rng = Rng(seed ^ 0x5A5A)
    st = SL.Deal(profile, seed=seed, n=n)
    k = 0
    while st.phase != SL.PH_DONE:
        if st.phase == SL.PH_PLAY:
            st.apply(play_card(st, rng))
        elif contract >= 0:
            st.apply(steer(st, contract, rng))
        else:
            st.apply(pick(st, rng))
        if check is not None:
            check(st)
        k += 1
        if k > MAX_ACTIONS:
            raise AssertionError("deal %d (n %d, contract %d) does not end" % (seed, n, contract))
    return st


def contracts_for(profile, n):
    """The contracts a deal of n players can reach under the profile."""
    if n == 2 and profile["open2"]:
        return (PS.OPEN2,)
    out = [PS.KLOP]
    for cid in range(1, PS.N_CONTRACTS):
        d = profile["contracts"][cid]
        if d.get("on", True) and cid != PS.OPEN2 and (n == 4 or not d.get("solo", False)):
            out.append(cid)
    return tuple(out)
