# Random simulation of Bavarian Tarock deals (random bidding, Aufnahme and
# hand games, random trumps, announcements under the house option, random
# legal play). Invariants:
#   - after every action: the 36 cards are conserved (hands, piles won incl.
#     put-back cards, the trick on the table, the Stock not taken), no
#     duplicates; hand sizes; no view(p) shows a card p may not see (others'
#     hands, the Stock but to an Aufnahme declarer, his put-back cards)
#   - at the end: 3 zero-sum deltas; piles + closed Stock hold 120 eyes; the
#     declarer's eyes agree with the summary; tricks add up to 11; the summary
#     passes check_summary and survives the dict round trip; replay from the
#     log gives an identical fingerprint; redeals score 0
#   - hand games, Aufnahmen, redeals, wins and losses all occur
# CPython: >= 2,000 deals; MicroPython: a few dozen.
from tarock.bavarian import rules as B
from tarock.bavarian import score as S
from tarock.bavarian.tables import SUIT36, RANK36, EYES36
from tarock.bavarian.trick import eyes36
from tarock.rng import Rng
from mpcompat import IS_MICROPYTHON
import bysim

N_DEALS = 40 if IS_MICROPYTHON else 2100
VIEW_ALL = 20 if IS_MICROPYTHON else 300  # views at every action, then every 7th deal


def check_cards(st):
    seen = [0, 0, 0, 0]
    dup = []

    def put(c):
        s = SUIT36[c]
        b = 1 << RANK36[c]
        if seen[s] & b:
            dup.append(c)
        seen[s] |= b

    for p in range(3):
        for s in range(4):
            for m in (st.hands[p * 4 + s], st.won[p * 4 + s]):
                r = 0
                while m:
                    if m & 1:
                        put(9 * s + r)
                    m >>= 1
                    r += 1
    for i in range(st.nt):
        put(st.trick[i])
    if not st.stock_taken:
        for c in st.stock:
            put(c)
    assert not dup, "duplicate cards %r (log %r)" % (dup, st.log)
    assert seen == [0x1FF] * 4, "cards lost (log %r)" % (st.log,)
    if st.phase == B.PH_PLAY:
        for p in range(3):
            played = 0
            for i in range(st.nt):
                if st.tseat[i] == p:
                    played = 1
            assert len(st.hand_of(p)) == 11 - st.trick_no - played, st.log
    elif st.phase == B.PH_DISCARD:
        assert len(st.hand_of(st.declarer)) == 14 - len(st.put)


def secret_from(st, p):
    if st.phase == B.PH_DONE:
        return set()  # counted in the open
    sec = set()
    for q in range(3):
        if q != p:
            for c in st.hand_of(q):
                sec.add(c)
    if not st.stock_taken:
        for c in st.stock:
            sec.add(c)  # closed Stock (taken: in his hand or put back, see above/below)
    if p != st.declarer:
        for c in st.put:
            sec.add(c)
    return sec


def check_views(st):
    for p in range(3):
        v = st.view(p)
        assert v["hand"] == st.hand_of(p)
        sec = secret_from(st, p)
        shown = list(v["hand"])
        for (_, c) in v["trick"]:
            shown.append(c)
        for (_, c) in v.get("last_trick", ()):
            shown.append(c)
        for k in ("stock", "put_back"):
            shown.extend(v.get(k, ()))
        if p == st.to_move and st.phase in (B.PH_PLAY, B.PH_DISCARD):
            shown.extend(v["legal"])
        for c in shown:
            assert c not in sec, "view(%d) shows hidden card %d (log %r)" % (p, c, st.log)


def check_end(st, profile):
    assert st.phase == B.PH_DONE and st.to_move == -1
    res = st.result()
    assert len(res) == 3 and sum(res) == 0, (res, st.log)
    s = st.summary()
    S.check_summary(profile, s)
    t = S.summary_from_dict(S.summary_to_dict(s))
    assert S.score(profile, t) == res
    if st.redeal():
        assert res == [0, 0, 0] and s.redeal
        assert st.trick_no == 0 and st.declarer == -1
    else:
        assert st.trick_no == 11 and sum(st.tricks) == 11
        piles = 0
        for p in range(3):
            piles += eyes36(st.won, p * 4)
        closed = 0
        if not st.stock_taken:
            for c in st.stock:
                closed += EYES36[c]
        assert piles + closed == 120, (piles, closed, st.log)
        d = st.declarer
        assert s.decl_eyes == eyes36(st.won, d * 4) + closed
        put = 0
        for c in st.put:
            put += EYES36[c]
        assert s.decl_eyes == st.eyes[d] + put + closed
        assert s.decl_tricks == st.tricks[d] and s.def_tricks == 11 - st.tricks[d]
        assert len(st.put) == (0 if st.hand_game else 3)
        assert s.target >= (61 if st.hand_game else 71)
        won = res[d] > 0
        assert won == (s.decl_eyes >= s.target and S.outcome(profile, s)[0])
    r = B.Deal.replay(profile, st.deck, st.log)
    assert r.fingerprint() == st.fingerprint(), st.log


@bysim.releasing
def test_random_deals():
    profiles = (bysim.profile(False), bysim.profile(True))
    seen = {}
    for i in range(N_DEALS):
        pr = profiles[i & 1]
        views = i < VIEW_ALL or i % 7 == 0

        def check(st):
            check_cards(st)
            if views:
                check_views(st)

        st = bysim.play_random(pr, 20000 + i, Rng(i * 7919 + 3), check)
        check_end(st, pr)
        if st.redeal():
            k = "redeal"
        else:
            won, level = S.outcome(pr, st.summary())
            k = ("hand" if st.hand_game else "aufnahme", won)
            seen[("level", won, level)] = 1
            if st.announced:
                seen[("announced", won)] = 1
        seen[k] = seen.get(k, 0) + 1
    for k in ("redeal", ("hand", True), ("hand", False), ("aufnahme", True),
              ("aufnahme", False)):
        assert k in seen, (k, seen)
    if not IS_MICROPYTHON:
        for k in (("level", True, 1), ("level", True, 2), ("level", False, 1),
                  ("level", False, 2), ("announced", True), ("announced", False)):
            assert k in seen, (k, seen)
