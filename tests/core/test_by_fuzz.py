# Fuzzing the Bavarian state machine's check/act contract on random reachable
# states (random deals, both profiles): for actions drawn from
# range(0, B.A_MAX) plus junk,
#   - why_illegal(a) != 0  ->  apply(a) raises IllegalAction with .code equal
#     to why_illegal(a), and fingerprint() is unchanged;
#   - {a : why_illegal(a) == 0} is exactly legal_actions(), and each of them
#     is accepted (on a replayed copy, every few states);
#   - the fast path legal_code_for_move() gives the same set in the play phase.
from tarock.bavarian import rules as B
from tarock import errors as E
from tarock.errors import IllegalAction
from tarock.bavarian.trick import count36, nth36
from tarock.rng import Rng
from mpcompat import raises, IS_MICROPYTHON
import bysim
from checkact import probe_illegal, legal_set

N_DEALS = 12 if IS_MICROPYTHON else 200
PROBES = 6 if IS_MICROPYTHON else 12
COPY_EVERY = 9 if IS_MICROPYTHON else 3
JUNK = (-1, 999, B.A_MAX, B.A_MAX + 1, -36, 1 << 20)


def _check_legal_set(st, profile, on_copies):
    legal = legal_set(st, B.A_MAX)
    if st.phase == B.PH_PLAY:
        code = st.legal_code_for_move()
        o = st.to_move * 4
        n = count36(st.hands, o, code)
        assert [nth36(st.hands, o, code, k) for k in range(n)] == legal
    else:
        assert st.legal_code_for_move() == -1
    if on_copies:
        for a in legal:
            cp = B.Deal.replay(profile, st.deck, st.log)
            cp.apply(a)  # must not raise
            assert cp.log[-1] == a


def _fuzz_deal(profile, seed, rng):
    st = B.Deal(profile, seed=seed)
    n_ill = 0
    k = 0
    while st.phase != B.PH_DONE:
        _check_legal_set(st, profile, k % COPY_EVERY == 0)
        for _ in range(PROBES):
            r = rng.below(8)
            if r == 0:
                a = JUNK[rng.below(len(JUNK))]
            elif r < 3:
                a = rng.below(36)  # cards: mostly not in hand or not allowed
            else:
                a = rng.below(B.A_MAX)
            if probe_illegal(st, a):
                n_ill += 1
        a = rng.below(B.A_MAX)
        if st.why_illegal(a) != 0:
            a = bysim.pick(st, rng)
        st.apply(a)
        k += 1
        assert k < bysim.MAX_ACTIONS
    for a in (0, B.A_PASS, -1, 999):
        assert st.why_illegal(a) == E.E_DONE
        probe_illegal(st, a)
    assert st.legal_actions() == []
    return n_ill, k


@bysim.releasing
def test_fuzz_check_act():
    profiles = (bysim.profile(False), bysim.profile(True))
    tot_ill = 0
    tot_leg = 0
    for i in range(N_DEALS):
        n_ill, n_leg = _fuzz_deal(profiles[i & 1], 40000 + i, Rng(0xB0B + i))
        tot_ill += n_ill
        tot_leg += n_leg
    if not IS_MICROPYTHON:
        assert tot_ill >= 10000 and tot_leg >= 3000, (tot_ill, tot_leg)


@bysim.releasing
def test_non_int_actions():
    st = B.Deal(bysim.profile(False), seed=5)
    for a in (None, "0", 1.5, (1,), False):
        assert st.why_illegal(a) == E.E_UNKNOWN, a
        fp = st.fingerprint()
        e = raises(IllegalAction, st.apply, a)
        assert e.code == E.E_UNKNOWN
        assert st.fingerprint() == fp
