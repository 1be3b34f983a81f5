# Fuzzing the Slovenian state machine's check/act contract on random
# reachable states (2, 3, 4 players, every contract forced in turn, both
# tariffs, the open two-player game, random bidding too): for actions drawn
# from range(0, SL.A_MAX) plus junk,
#   - why_illegal(a) != 0  ->  apply(a) raises IllegalAction with .code equal
#     to why_illegal(a), and fingerprint() is unchanged;
#   - {a : why_illegal(a) == 0} is exactly legal_actions(), never empty, and
#     each of them is accepted (on replayed copies, every few states).
from tarock.slovenian import rules as SL, profiles as PS
from tarock.rng import Rng
from tarock import errors as E
from tarock.errors import IllegalAction
from mpcompat import raises, IS_MICROPYTHON
from checkact import probe_illegal, legal_set
import sisim

N_DEALS = 9 if IS_MICROPYTHON else 120
PROBES = 6 if IS_MICROPYTHON else 12
COPY_EVERY = 9 if IS_MICROPYTHON else 3
JUNK = (-1, 999, SL.A_MAX, SL.A_MAX + 1, -54, 1 << 20)
PROFILES = (PS.PLAY_TAROCK_ONLINE, PS.STANDARD, PS.PLAY_TAROCK_ONLINE_OPEN2)




def _check_legal_set(st, profile, on_copies):
    legal = legal_set(st, SL.A_MAX)
    if on_copies:
        for a in legal:
            cp = SL.Deal.replay(profile, st.deck, st.log, n=st.n)
            cp.apply(a)
            assert cp.log[-1] == a


def _fuzz_deal(profile, seed, n, contract, rng):
    st = SL.Deal(profile, seed=seed, n=n)
    n_ill = 0
    k = 0
    while st.phase != SL.PH_DONE:
        _check_legal_set(st, profile, k % COPY_EVERY == 0)
        for _ in range(PROBES):
            r = rng.below(8)
            if r == 0:
                a = JUNK[rng.below(len(JUNK))]
            elif r == 1 and st.phase == SL.PH_PLAY:
                a = rng.below(54)
            else:
                a = rng.below(SL.A_MAX)
            if probe_illegal(st, a):
                n_ill += 1
        a = rng.below(SL.A_MAX)
        if contract >= 0 and st.phase == SL.PH_BID:
            a = sisim.steer(st, contract, rng)
        elif st.why_illegal(a) != 0:
            a = sisim.pick(st, rng)
        assert st.why_illegal(a) == 0
        st.apply(a)
        k += 1
        assert k < sisim.MAX_ACTIONS
    for a in (0, SL.A_PASS, -1, 999):
        assert st.why_illegal(a) == E.E_DONE
        probe_illegal(st, a)
    assert len(st.legal_actions()) == 0
    return n_ill, k


@sisim.releasing
def test_fuzz_forced_contracts():
    tot_ill = 0
    tot_leg = 0
    for i in range(N_DEALS):
        n = 2 + i % 3
        pr = PROFILES[(i // 3) % 3]
        cids = sisim.contracts_for(pr, n)
        cid = cids[(i // 9) % len(cids)]
        if cid == PS.OPEN2:
            cid = -1
        n_ill, n_leg = _fuzz_deal(pr, 3000 + i, n, cid, Rng(0xF00D + i))
        tot_ill += n_ill
        tot_leg += n_leg
    if not IS_MICROPYTHON:
        assert tot_ill >= 5000 and tot_leg >= 3000, (tot_ill, tot_leg)


@sisim.releasing
def test_fuzz_random_bidding():
    for i in range(3 if IS_MICROPYTHON else 30):
        _fuzz_deal(PROFILES[i % 2], 7000 + i, 2 + i % 3, -1, Rng(0xBEEF + i))


@sisim.releasing
def test_non_int_actions():
    st = SL.Deal(PS.PLAY_TAROCK_ONLINE, seed=5, n=3)
    for a in (None, "0", 1.5, (1,)):
        assert st.why_illegal(a) == E.E_UNKNOWN
        fp = st.fingerprint()
        e = raises(IllegalAction, st.apply, a)
        assert e.code == E.E_UNKNOWN
        assert st.fingerprint() == fp
    raises(ValueError, SL.Deal, PS.PLAY_TAROCK_ONLINE, 1, None, 5)
    raises(ValueError, SL.Deal, PS.PLAY_TAROCK_ONLINE, 1, [0] * 54, 3)
