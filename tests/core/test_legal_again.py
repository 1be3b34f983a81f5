# DealState.legal_again (tarock/deal.py): the mover's legal actions, the
# last legal_actions() list while no action has been applied since (the
# play screen asks for them after the mover's view() made them), made anew
# after every action, and a fresh copy each time. Königrufen (the base
# class's legal_actions) and Slovenian (its own, table-driven) through
# whole random deals: at every decision legal_again() before and after a
# legal_actions() of the same state gives that list.
from tarock import profiles as PR
from mpcompat import IS_MICROPYTHON

N = 2 if IS_MICROPYTHON else 12


def _checker(done):
    """check(st) for a sim's play loop, and its count of decisions seen."""
    seen = [0]

    def check(st):
        if st.phase == done:
            return
        got = st.legal_again()          # an action was just applied: made anew
        want = st.legal_actions()
        assert got == want, (got, want)
        got.append(999)                 # the caller's list to change
        again = st.legal_again()
        assert again == want and again is not want, again
        seen[0] += 1
    return check, seen


def test_koenigrufen_legal_again_is_the_states_list():
    import krsim
    try:
        pf = PR.get("koenigrufen/pagat")
        check, seen = _checker(krsim.K.PH_DONE)
        cids = krsim.K.compiled(pf)[2]
        for k in range(N):
            krsim.play_forced(pf, 3100 + k, cids[k % len(cids)], check=check)
        assert seen[0] > 10 * N
    finally:
        krsim.release()


def test_slovenian_legal_again_is_the_states_list():
    import sisim
    try:
        pf = PR.get("slovenian/standard")
        check, seen = _checker(sisim.SL.PH_DONE)
        for k in range(N):
            sisim.play(pf, 3200 + k, 4, check=check)
        assert seen[0] > 10 * N
    finally:
        sisim.release()
