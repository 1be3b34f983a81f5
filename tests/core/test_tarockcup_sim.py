# Random simulation and fuzzing of Königrufen deals under the Tarockcup preset
# (tarock.kr_presets; RULES.md §2, seeds/001). Every cup contract is forced in
# turn (forehand: Meine Vorhand, three passes, then the contract; the
# Sechser-Dreier as forehand's opening bid), plus deals with random bidding
# (Fahren, forehand holding, the king in the talon, 10 Tarock, first-chance
# Kontras all happen). Checked as in test_kr_sim: after every action the 54
# cards are conserved and no view shows a hidden card; at the end the result
# is zero-sum, the piles hold 210 thirds, replay from the log is identical.
# Fuzz: why_illegal(a) != 0 -> apply(a) raises IllegalAction with that code
# (a known message) and leaves the state unchanged; the legal set is exactly
# {a : why_illegal(a) == 0}. Scaled down under MicroPython.
from tarock.koenigrufen import rules as K, profiles as P, score as S
from tarock import profiles as PR
from tarock import errors as E
from tarock.rng import Rng
from mpcompat import IS_MICROPYTHON
from checkact import probe_illegal, legal_set
from test_kr_sim import check_cards, check_views, check_end
import krsim

N_FORCED = 26 if IS_MICROPYTHON else 650
N_RANDOM = 10 if IS_MICROPYTHON else 400
N_FUZZ = 6 if IS_MICROPYTHON else 60


def cup():
    return PR.get("koenigrufen/tarockcup")


def cup_cids():
    pr = cup()
    out = []
    for cid in pr["contracts"]:
        if pr["contracts"][cid].get("on", True):
            out.append(cid)
    out.sort()
    return out


@krsim.releasing
def test_cup_every_contract_simulated():
    pr = cup()
    cids = cup_cids()
    assert len(cids) == 13
    seen = {}
    for i in range(N_FORCED):
        cid = cids[i % len(cids)]
        views = i < 26 or i % 5 == 0

        def check(st):
            check_cards(st)
            if views:
                check_views(st)

        st = krsim.play_forced(pr, 20000 + i, cid, Rng(i * 31 + 7), check)
        assert st.contract == cid, (cid, st.contract, st.log)
        check_end(st, pr)
        seen[cid] = seen.get(cid, 0) + 1
    for cid in cids:
        assert seen.get(cid, 0) >= N_FORCED // 13, (cid, seen)


@krsim.releasing
def test_cup_random_bidding_deals():
    pr = cup()
    stats = {}
    for i in range(N_RANDOM):
        st = krsim.play_random(pr, 40000 + i)
        check_cards(st)
        check_end(st, pr)
        s = st.summary()
        stats[st.contract] = stats.get(st.contract, 0) + 1
        if st.conceded:
            stats["conceded"] = stats.get("conceded", 0) + 1
        if s.announced[P.TEN_TAROCK]:
            stats["ten"] = stats.get("ten", 0) + 1
        if st.log[1:5] == [K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS] and st.log[5] == K.A_PASS:
            assert st.contract == P.TRISCHAKEN     # Fahren
            stats["fahren"] = stats.get("fahren", 0) + 1
        # every concession is a called contract with the king in the talon
        if st.conceded:
            assert st.cdef["call"] and st.king_in_talon, st.log
        if s.bonus[P.KINGFANG] and st.king_in_talon:
            assert st.talon_half >= 0
        assert s.bonus[P.MONDFANG] == S.NONE or pr["bonus"][P.MONDFANG] == (0, 0)
    if not IS_MICROPYTHON:
        assert len([k for k in stats if isinstance(k, int)]) >= 10, stats
        assert stats.get("fahren", 0) > 0 and stats.get(P.SECHSERDREIER, 0) > 0, stats


@krsim.releasing
def test_cup_fuzz_check_act():
    pr = cup()
    cids = cup_cids()
    n_ill = 0
    codes = {}
    for i in range(N_FUZZ):
        rng = Rng(0xC0FFEE + i)
        contract = cids[i % len(cids)] if i % 3 else 0      # every third: random bidding
        st = K.Deal(pr, seed=60000 + i)
        k = 0
        while st.phase != K.PH_DONE:
            legal_set(st, K.A_MAX)
            for _ in range(8 if st.phase != K.PH_PLAY else 3):
                a = rng.below(K.A_MAX)
                if probe_illegal(st, a):
                    n_ill += 1
                    c = st.why_illegal(a)
                    codes[c] = codes.get(c, 0) + 1
            if contract and st.phase in (K.PH_BID, K.PH_DECLARE):
                a = krsim.steer(st, contract, rng)
            else:
                a = krsim.pick(st, rng)
            st.apply(a)
            k += 1
            assert k < krsim.MAX_ACTIONS
        assert st.why_illegal(0) == E.E_DONE
    if not IS_MICROPYTHON:
        assert n_ill > 3000, n_ill
        for c in (K.E_FH_OPENS, K.E_FH_OPEN_ONLY, E.E_BID_TOO_LOW, K.E_ANNOUNCE_LATE):
            assert codes.get(c, 0) > 0, (c, codes)
