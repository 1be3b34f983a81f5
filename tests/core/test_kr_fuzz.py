# Fuzzing the Königrufen state machine's check/act contract on random
# reachable states (random deals, every contract forced in turn, random
# bidding too): for actions drawn from range(0, K.A_MAX) plus junk,
#   - why_illegal(a) != 0  ->  apply(a) raises IllegalAction with .code equal
#     to why_illegal(a), and fingerprint() is unchanged;
#   - why_illegal(a) == 0  ->  apply(a) is accepted (on a replayed copy, or
#     on the state itself when it is the step taken);
#   - {a : why_illegal(a) == 0} is exactly legal_actions().
from tarock.koenigrufen import rules as K
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.rng import Rng
from mpcompat import raises, IS_MICROPYTHON
import krsim
from checkact import probe_illegal as _probe_illegal, legal_set

N_DEALS = 14 if IS_MICROPYTHON else 140
PROBES = 6 if IS_MICROPYTHON else 12    # random actions tried per state
COPY_EVERY = 9 if IS_MICROPYTHON else 3  # states whose legal set is applied on copies
JUNK = (-1, 999, K.A_MAX, K.A_MAX + 1, -54, 1 << 20)


def _check_legal_set(st, profile, on_copies):
    legal = legal_set(st, K.A_MAX)
    if on_copies:
        for a in legal:
            cp = K.Deal.replay(profile, st.deck, st.log)
            cp.apply(a)  # must not raise
            assert cp.log[-1] == a
    return legal


def _fuzz_deal(profile, seed, contract, rng):
    st = K.Deal(profile, seed=seed)
    n_ill = 0
    n_leg = 0
    k = 0
    while st.phase != K.PH_DONE:
        _check_legal_set(st, profile, k % COPY_EVERY == 0)
        for _ in range(PROBES):
            r = rng.below(8)
            if r == 0:
                a = JUNK[rng.below(len(JUNK))]
            elif r == 1 and st.phase == K.PH_PLAY:
                a = rng.below(54)  # cards: mostly not in hand or not allowed
            else:
                a = rng.below(K.A_MAX)
            if _probe_illegal(st, a):
                n_ill += 1
        # the step: sometimes a random probe that turns out legal, else steered
        a = rng.below(K.A_MAX)
        if contract and st.phase in (K.PH_BID, K.PH_DECLARE):
            a = krsim.steer(st, contract, rng)
        elif st.why_illegal(a) != 0:
            a = krsim.pick(st, rng)
        assert st.why_illegal(a) == 0
        st.apply(a)
        n_leg += 1
        k += 1
        assert k < krsim.MAX_ACTIONS
    # a finished deal refuses everything with E_DONE
    for a in (0, K.A_PASS, -1, 999):
        assert st.why_illegal(a) == E.E_DONE
        _probe_illegal(st, a)
    assert st.legal_actions() == [] or st.legal_actions() == ()
    return n_ill, n_leg


@krsim.releasing
def test_fuzz_forced_contracts():
    pr = krsim.profile_all(False)
    tot_ill = 0
    tot_leg = 0
    for i in range(N_DEALS):
        rng = Rng(0xF00D + i)
        n_ill, n_leg = _fuzz_deal(pr, 3000 + i, 1 + i % 14, rng)
        tot_ill += n_ill
        tot_leg += n_leg
    if not IS_MICROPYTHON:
        assert tot_ill >= 5000 and tot_leg >= 5000, (tot_ill, tot_leg)


@krsim.releasing
def test_fuzz_random_bidding():
    pr = krsim.profile_all(True)
    n = 3 if IS_MICROPYTHON else 40
    for i in range(n):
        _fuzz_deal(pr, 7000 + i, 0, Rng(0xBEEF + i))


@krsim.releasing
def test_non_int_actions():
    st = K.Deal(krsim.profile_all(False), seed=5)
    for a in (None, "0", 1.5, (1,)):
        code = st.why_illegal(a)
        assert code == E.E_UNKNOWN, (a, code)
        fp = st.fingerprint()
        e = raises(IllegalAction, st.apply, a)
        assert e.code == code
        assert st.fingerprint() == fp
