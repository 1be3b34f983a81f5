# Fuzzing the French Tarot state machine's check/act contract on random
# reachable states (2..5 players, every contract steered in turn, random
# bidding, the maison profile with misères): for actions drawn from
# range(0, F.A_MAX) plus junk,
#   - why_illegal(a) != 0  ->  apply(a) raises IllegalAction with the same
#     code, a registered message, and fingerprint() is unchanged;
#   - {a : why_illegal(a) == 0} is exactly legal_actions(), and each of them
#     is accepted (on replayed copies, every few states);
#   - the fast path (legal_code_for_move + code_nth78) offers exactly the
#     legal cards.
from tarock.french import rules as F
from tarock.rng import Rng
from tarock import errors as E
from tarock.errors import IllegalAction
from mpcompat import raises, IS_MICROPYTHON
from checkact import probe_illegal, legal_set
import frsim

N_DEALS = 8 if IS_MICROPYTHON else 120
PROBES = 5 if IS_MICROPYTHON else 10
COPY_EVERY = 11 if IS_MICROPYTHON else 4
JUNK = (-1, 999, F.A_MAX, F.A_MAX + 1, -78, 1 << 20, F.A_CALL)  # A_CALL+0: no suit




def _check_legal_set(st, profile, on_copies):
    legal = legal_set(st, F.A_MAX)
    if st.phase == F.PH_PLAY:
        code = st.legal_code_for_move()
        h = st.hands
        o = st.to_move * 6
        k = F.code_count78(h, o, code)
        fast = [F.code_nth78(h, o, code, i) for i in range(k)]
        assert fast == [a for a in legal if a < 78], (fast, legal, st.log)
        assert F.code_nth78(h, o, code, k) == -1
    else:
        assert st.legal_code_for_move() == -1
    if on_copies:
        for a in legal:
            cp = F.Deal.replay(profile, st.deck, st.log, n=st.n)
            cp.apply(a)
            assert cp.log[-1] == a


def _fuzz_deal(profile, seed, n, contract, rng):
    st = F.Deal(profile, seed=seed, n=n)
    n_ill = 0
    k = 0
    while st.phase != F.PH_DONE:
        _check_legal_set(st, profile, k % COPY_EVERY == 0)
        for _ in range(PROBES):
            r = rng.below(8)
            if r == 0:
                a = JUNK[rng.below(len(JUNK))]
            elif r < 3 and st.phase == F.PH_PLAY:
                a = rng.below(78)
            else:
                a = rng.below(F.A_MAX)
            if probe_illegal(st, a):
                n_ill += 1
        a = rng.below(F.A_MAX)
        if contract and st.phase == F.PH_BID:
            a = frsim.steer(st, contract, seed % n, rng)
        elif st.why_illegal(a) != 0:
            a = frsim.pick(st, rng)
        st.apply(a)
        k += 1
        assert k < frsim.MAX_ACTIONS
    for a in (0, F.A_PASS, -1, 999, None):
        assert st.why_illegal(a) == E.E_DONE
        probe_illegal(st, a)
    assert st.legal_actions() == []
    return n_ill, k


@frsim.releasing
def test_fuzz_every_player_count():
    tot_ill = 0
    tot_leg = 0
    for i in range(N_DEALS):
        pr = frsim.profile("maison" if i & 1 else "fft")
        n = 2 + i % 4
        n_ill, n_leg = _fuzz_deal(pr, 5000 + i, n, (i // 4) % 5, Rng(0xF00D + i))
        tot_ill += n_ill
        tot_leg += n_leg
    if not IS_MICROPYTHON:
        assert tot_ill >= 30000 and tot_leg >= 5000, (tot_ill, tot_leg)


@frsim.releasing
def test_non_int_actions():
    st = F.Deal(frsim.profile("fft"), seed=5)
    for a in (None, "0", 1.5, (1,), True):
        code = st.why_illegal(a)
        assert code == E.E_UNKNOWN, (a, code)
        fp = st.fingerprint()
        e = raises(IllegalAction, st.apply, a)
        assert e.code == code
        assert st.fingerprint() == fp


@frsim.releasing
def test_bad_setup_refused():
    raises(ValueError, F.Deal, frsim.profile("fft"), 0, None, 6)
    raises(ValueError, F.Deal, frsim.profile("fft"), 0, bytes(78), 4)
