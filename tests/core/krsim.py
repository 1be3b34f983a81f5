# Random Königrufen bots for the simulation/fuzz tests and host_tools/bench/bench.py.
# MicroPython-compatible: runs the same on CPython, the unix port and the
# WebAssembly port, so the benchmark compares one workload across runtimes.
# Not a test module itself (no test_ prefix).
from tarock.koenigrufen import rules as K, profiles as P
from tarock import profiles as PR
from tarock.rng import Rng
from tarock.trick import code_count, code_nth

MAX_ACTIONS = 400  # no deal comes near this; a loop in the state machine would


_profiles = {}


def profile_all(kaiserstich=False):
    """The pagat profile with every contract offered (Zwiccolo is off there).
    Made once per flag: koenigrufen.compiled() caches every profile object it
    sees for good (~8 KB each on the unix port), so fresh copies would pile up."""
    pr = _profiles.get(kaiserstich)
    if pr is None:
        pr = PR.overlay(P.KOENIGRUFEN_PAGAT, {
            "contracts": {P.ZWICCOLO: {"on": True}},
            "kaiserstich": kaiserstich,
        })
        _profiles[kaiserstich] = pr
    return pr


def release():
    """Drop the profiles made here (and koenigrufen's cache entry for them):
    the MicroPython runner keeps modules' leftovers for the rest of the
    suite, and long-lived scraps fragment a 192K heap."""
    _profiles.clear()
    K._compiled.clear()
    # and this module itself (its importers still hold it while they run)
    import sys
    sys.modules.pop("krsim", None)


def releasing(fn):
    """Decorator for test functions: release() afterwards, pass or fail.
    (checkact.releasing_with does the same; krsim is also `make bench`'s
    workload on MicroPython and must not bring the test helpers into the
    heap it measures.)"""
    def run():
        try:
            return fn()
        finally:
            release()
    return run


def pick(st, rng):
    """A random legal action for st.to_move (phase-biased towards passing, so
    bidding and the announcement round look like real ones)."""
    ph = st.phase
    if ph == K.PH_PLAY:
        fast = getattr(st, "legal_code_for_move", None)
        if fast is not None:
            code = fast()
            if code >= 0:
                h = st.hands
                o = st.to_move * 5
                return code_nth(h, o, code, rng.below(code_count(h, o, code)))
    if ph == K.PH_ANNOUNCE or ph == K.PH_BID:
        # announce: pass 3 times in 4; bid: pass every other time. Decide
        # first, so a pass does not cost the whole legal_actions() scan.
        want_pass = rng.below(4) < (3 if ph == K.PH_ANNOUNCE else 2)
        if want_pass and st.why_illegal(K.A_PASS) == 0:
            return K.A_PASS
        acts = st.legal_actions()
        if acts[0] == K.A_PASS and len(acts) > 1:
            return acts[1 + rng.below(len(acts) - 1)]
        return acts[rng.below(len(acts))]
    acts = st.legal_actions()
    return acts[rng.below(len(acts))]


def steer(st, contract, rng):
    """The next action for a deal steered into `contract`: forehand says Mein
    Spiel, the others pass, forehand declares the contract (a contract only
    allowed as forehand's opening bid is bid at once); the rest random."""
    ph = st.phase
    if ph == K.PH_BID:
        d = st.cdefs.get(contract)
        if d is not None and d["who"] == "fh_open" and st.why_illegal(K.A_BID + contract) == 0:
            return K.A_BID + contract  # a forehand opening contract (Sechser-Dreier)
        return K.A_MEIN if st.why_illegal(K.A_MEIN) == 0 else K.A_PASS
    if ph == K.PH_DECLARE:
        return K.A_BID + contract
    return pick(st, rng)


def play_random(profile, seed, rng=None):
    """One whole deal with normal (random) bidding; returns the finished Deal."""
    if rng is None:
        rng = Rng(seed ^ 0x5A5A)
    st = K.Deal(profile, seed=seed)
    fast = getattr(st, "legal_code_for_move", None) is not None
    h = st.hands
    n = 0
    while st.phase != K.PH_DONE:
        if fast and st.phase == K.PH_PLAY:
            code = st.legal_code_for_move()
            if code >= 0:
                o = st.to_move * 5
                st.apply(code_nth(h, o, code, rng.below(code_count(h, o, code))))
                n += 1
                continue
        st.apply(pick(st, rng))
        n += 1
        if n > MAX_ACTIONS:
            raise AssertionError("deal %d does not end" % seed)
    return st


def play_forced(profile, seed, contract, rng=None, check=None):
    """One whole deal steered into `contract`; check(st) after every action."""
    if rng is None:
        rng = Rng(seed ^ 0x5A5A)
    st = K.Deal(profile, seed=seed)
    n = 0
    while st.phase != K.PH_DONE:
        st.apply(steer(st, contract, rng))
        if check is not None:
            check(st)
        n += 1
        if n > MAX_ACTIONS:
            raise AssertionError("deal %d (contract %d) does not end" % (seed, contract))
    return st
