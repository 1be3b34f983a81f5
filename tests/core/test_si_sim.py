# Random simulation of Slovenian Tarok deals for 2, 3 and 4 players, every
# contract forced in turn (forehand bids it, the others pass; Klop: all pass)
# under both tariffs, plus the open two-player game; after that random legal
# play (tests/core/sisim.py). Invariants:
#   - after every action: the 54 cards are conserved (hands, open and
#     face-down stacks, piles won incl. discards and Klop gifts, the trick,
#     the talon not taken), hand sizes in play; no view(p) shows a card p may
#     not see (other hands but an open beggar's and cards lifted from the
#     stacks, face-down stack cards, an unshown talon, discards but taroks)
#   - at the end: played-out deals hold 210 thirds (70 points) in the piles
#     plus the untaken talon; card-point contracts: both parties' piles hold
#     210 and decl_thirds matches; +S for each of the declarer's party, -S for
#     each opponent (standard profile: 0; open game: zero-sum), besides the
#     Mondfang of the one who pays it; the summary passes check_summary,
#     survives the journal round trip and scores to result(); replay from the
#     log gives an identical fingerprint
#   - standard rules (profile flags): the emperor's trick goes to the Pagat;
#     in Klop and the beggar games the Pagat is legal only as the last tarok
#     or as the emperor's forced card; the Mondfang falls on the Mond's
#     player (Skis or emperor) or on the declarer who left it in the talon;
#     under the seed's profile none of this happens
#   - every contract occurred, and (CPython) positive ones are won and lost;
#     (CPython, four players) each standard rule occurred.
# CPython: >= 2,000 deals per player count; MicroPython: a few dozen.
from tarock.slovenian import rules as SL, profiles as PS, score as S
from tarock.tables import SUIT54, RANK54, THIRDS54
from tarock.trick import pile_thirds, M_TRISCH
from tarock.cards import king
from tarock.cards import KINGS54
from tarock.rng import Rng
from mpcompat import IS_MICROPYTHON
import checkact
import sisim

N_DEALS = 72 if IS_MICROPYTHON else 2040   # per player count
VIEW_ALL = 12 if IS_MICROPYTHON else 150   # deals with views checked at every action
VIEW_EVERY = 7                              # then every 7th deal
FULL = (0x3FFFFF, 0xFF, 0xFF, 0xFF, 0xFF)


def _put(seen, dup, c):
    s = SUIT54[c]
    b = 1 << RANK54[c]
    if seen[s] & b:
        dup.append(c)
    seen[s] |= b


def _count(masks, o):
    k = 0
    for s in range(5):
        m = masks[o + s]
        while m:
            m &= m - 1
            k += 1
    return k


def check_cards(st):
    seen = [0] * 5
    dup = []
    n = st.n
    for p in range(n):
        for s in range(5):
            for m in (st.hands[p * 5 + s], st.won[p * 5 + s]):
                if seen[s] & m:
                    dup.append((s, seen[s] & m))
                seen[s] |= m
    for i in range(st.nt):
        _put(seen, dup, st.trick[i])
    for c in st.talon_rest():
        _put(seen, dup, c)
    if st.open2:
        for i in range(6):
            for j in range(st.depth[i], 4):
                _put(seen, dup, st.stacks[4 * i + j])
    assert not dup, "duplicate cards %r (log %r)" % (dup, st.log)
    for s in range(5):
        assert seen[s] == FULL[s], "cards lost in suit %d (log %r)" % (s, st.log)
    if st.phase == SL.PH_PLAY:
        for p in range(n):
            k = _count(st.hands, p * 5)
            if st.open2:
                for i in range(3 * p, 3 * p + 3):
                    k += 4 - st.depth[i]
            played = 0
            for i in range(st.nt):
                if st.tseat[i] == p:
                    played = 1
            assert k == st.ntricks - st.trick_no - played, (p, k, st.log)


def secret_from(st, p):
    """Cards position p must not see."""
    sec = set()
    ouvert = st.open_hands()
    for q in range(st.n):
        if q != p and not (ouvert and q == st.declarer):
            for c in st.hand_of(q):
                sec.add(c)
    if st.open2:
        for c in st.lifted:
            sec.discard(c)  # turned up in the open before going to the hand
        for i in range(6):
            top = 1 if st.phase != SL.PH_OPEN else 0
            for j in range(st.depth[i] + top, 4):
                sec.add(st.stacks[4 * i + j])
        return sec
    if st.phase == SL.PH_DONE:
        return sec  # the piles are counted in the open
    if st.talon_shown:
        for c in st.talon:
            sec.discard(c)
    else:
        for c in st.talon_rest():
            sec.add(c)
    d = st.declarer
    if d >= 0 and p != d:
        for s in range(1, 5):
            m = st.won[d * 5 + s]
            r = 0
            while m:
                if m & 1:
                    c = (22, 30, 38, 46)[s - 1] + r
                    if st.trick_of[c] == SL.NO_TRICK and not (st.talon_shown and c in list(st.talon)):
                        sec.add(c)  # a discard
                m >>= 1
                r += 1
    return sec


def _view_cards(v):
    out = checkact.view_cards(v, ("shown_discards", "talon", "talon_given", "lifted"), 54)
    for (_, h) in v.get("open", ()):
        for c in h:
            out.append(("open", c))
    for row in v.get("stacks", ()):
        for (c, _) in row:
            if c >= 0:
                out.append(("stacks", c))
    return out


def check_views(st):
    for p in range(st.n):
        v = st.view(p)
        assert v["hand"] == st.hand_of(p)
        sec = secret_from(st, p)
        for (field, c) in _view_cards(v):
            assert c not in sec, "view(%d)[%r] shows hidden card %d (log %r)" % (p, field, c, st.log)
        if (st.called and "partner" in v and st.phase != SL.PH_DONE
                and st.played_by[KINGS54[st.called - 1]] == SL.NO_TRICK
                and not st.king_in_talon and not st.revealed & (1 << max(st.partner, 0))):
            raise AssertionError("view(%d) names the partner early (log %r)" % (p, st.log))


STD_SEEN = {}   # which standard rules occurred (CPython coverage)


def check_pagat(st):
    """Before a card: the Pagat rule of Klop and the beggar games."""
    if st.phase != SL.PH_PLAY:
        return
    la = st.legal_actions()
    if not (st.profile["pagat_last"] and st.cdef["kind"] in ("klop", "neg")):
        assert not st.mode & M_TRISCH
        return
    assert st.mode & M_TRISCH
    if 0 not in la:
        return
    taroks = st.hands[st.to_move * 5]
    emperor = st.nt >= 2 and 20 in list(st.trick[:st.nt]) and 21 in list(st.trick[:st.nt])
    if emperor:
        assert la == [0], (la, st.log)
        STD_SEEN["forced"] = 1
    else:
        assert taroks == 1, (taroks, st.log)   # his last tarok
        STD_SEEN["last"] = 1


def expected_mond_lost(st, profile):
    """Who pays the Mondfang, worked from the tricks and the talon."""
    if not profile["mondfang"] or st.cdef["kind"] != "pos" or not st.cdef["talon"]:
        return -1
    t = st.trick_of[20]
    if t != SL.NO_TRICK:
        return st.played_by[20] if st.trick_wcard[t] in (0, 21) else -1
    if 20 in st.talon_rest() and sum(st.tricks) != st.tricks[st.declarer] + (
            st.tricks[st.partner] if st.partner >= 0 else 0):
        k = king(st.called) if st.called else -1
        if st.king_in_talon and profile["king_talon"] == "decl" and st.trick_of[k] != SL.NO_TRICK:
            if st.trick_win[st.trick_of[k]] == st.declarer:
                return -1
        return st.declarer
    return -1


def check_end(st, profile):
    assert st.phase == SL.PH_DONE
    n = st.n
    res = st.result()
    assert len(res) == n
    s = st.summary()
    kind = st.cdef["kind"]
    for p in range(n):  # the counts kept as the deal went are the piles'
        assert s.thirds[p] == pile_thirds(st.won, p * 5), (p, st.log)
    if st.trick_no == st.ntricks:
        tot = 0
        for p in range(n):
            tot += pile_thirds(st.won, p * 5)
        for c in st.talon_rest():
            tot += THIRDS54[c]
        assert tot == 210, (tot, st.log)
        assert sum(st.tricks) == st.ntricks
    if kind == "pos":
        dm, fm, dt = st._party_piles()
        a = pile_thirds(dm, 0)
        assert a + pile_thirds(fm, 0) == 210, st.log
        assert s.decl_thirds == a
        # Trull and the kings as the piles' masks hold them (the summary
        # asks each card's party instead)
        tm = 0x300001
        want = S.DECL_MADE if dm[0] & tm == tm else S.DEF_MADE if fm[0] & tm == tm else S.NONE
        assert s.bonus[PS.TRULL] == want, st.log
        want = (S.DECL_MADE if dm[1] & dm[2] & dm[3] & dm[4] & 0x80 else
                S.DEF_MADE if fm[1] & fm[2] & fm[3] & fm[4] & 0x80 else S.NONE)
        assert s.bonus[PS.KINGS] == want, st.log
    if kind == "open2":
        assert res[0] == -res[1], res
    elif kind != "klop":
        plain = list(res)
        assert s.mond_lost == expected_mond_lost(st, profile), (s.mond_lost, st.log)
        if s.mond_lost >= 0:
            plain[s.mond_lost] += profile["mondfang"]
            STD_SEEN["mondfang"] = 1
        u = plain[st.declarer]
        v = -u if profile["opp_score"] == "minus" else 0
        for p in range(n):
            assert plain[p] == (u if s.party_of(p) == S.DECL else v), (res, st.log)
    t = st.trick_of[0]
    if t != SL.NO_TRICK and st.trick_of[20] == t and st.trick_of[21] == t and not st.cdef["color"]:
        # the emperor's trick
        w = st.played_by[0] if profile["emperor"] else st.played_by[21]
        assert st.trick_win[t] == w, st.log
        if profile["emperor"]:
            STD_SEEN["emperor"] = 1
    if st.king_in_talon and profile["king_talon"] == "decl" and st.king_took_talon():
        STD_SEEN["king_talon"] = 1
    S.check_summary(profile, s)
    s2 = S.summary_from_dict(S.summary_to_dict(s))
    assert S.score(profile, s2) == res
    r = SL.Deal.replay(profile, st.deck, st.log, n=n)
    assert r.fingerprint() == st.fingerprint(), st.log


PROFILES = (PS.PLAY_TAROCK_ONLINE, PS.STANDARD)


def _run(n, n_deals, first_seed):
    seen = {}
    outcomes = {}
    lists = [sisim.contracts_for(pr, n) for pr in PROFILES]
    if n == 2:
        lists.append(sisim.contracts_for(PS.PLAY_TAROCK_ONLINE_OPEN2, 2))
    profiles = PROFILES + ((PS.PLAY_TAROCK_ONLINE_OPEN2,) if n == 2 else ())
    for i in range(n_deals):
        k = i % len(profiles)
        pr = profiles[k]
        cids = lists[k]
        cid = cids[(i // len(profiles)) % len(cids)]
        seed = first_seed + i
        views = i < VIEW_ALL or i % VIEW_EVERY == 0

        def check(st):
            check_cards(st)
            check_pagat(st)
            if views:
                check_views(st)

        st = sisim.play(pr, seed, n, cid, Rng(seed * 7919 + n), check)
        assert st.contract == cid, (cid, st.contract, st.log)
        check_end(st, pr)
        seen[cid] = seen.get(cid, 0) + 1
        if st.declarer >= 0:
            won = st.result()[st.declarer] > 0
            outcomes[(cid, won)] = 1
    return seen, outcomes


def _check_coverage(n, seen, outcomes):
    want = set()
    for pr in PROFILES:
        for c in sisim.contracts_for(pr, n):
            want.add(c)
    if n == 2:
        want.add(PS.OPEN2)
    for c in want:
        assert seen.get(c, 0) > 0, (n, c, seen)
    if not IS_MICROPYTHON:
        for c in (PS.DREI, PS.ZWEI, PS.EINS, PS.SOLO_OHNE):
            assert (c, True) in outcomes and (c, False) in outcomes, (n, c, outcomes)


@sisim.releasing
def test_simulate_four_players():
    STD_SEEN.clear()
    seen, outcomes = _run(4, N_DEALS, 1000)
    _check_coverage(4, seen, outcomes)
    assert seen.get(PS.SOLO_DREI, 0) > 0
    if not IS_MICROPYTHON:
        for k in ("emperor", "forced", "last", "mondfang", "king_talon"):
            assert k in STD_SEEN, (k, STD_SEEN)


@sisim.releasing
def test_simulate_three_players():
    seen, outcomes = _run(3, N_DEALS, 20000)
    _check_coverage(3, seen, outcomes)
    assert PS.SOLO_DREI not in seen


@sisim.releasing
def test_simulate_two_players_talon_and_open():
    seen, outcomes = _run(2, N_DEALS, 40000)
    _check_coverage(2, seen, outcomes)


@sisim.releasing
def test_random_bidding_deals():
    n_deals = 6 if IS_MICROPYTHON else 300
    for n in (2, 3, 4):
        got = {}
        for i in range(n_deals):
            pr = PROFILES[i & 1]
            st = sisim.play(pr, 60000 + 1000 * n + i, n)
            check_cards(st)
            check_end(st, pr)
            got[st.contract] = 1
        if not IS_MICROPYTHON:
            assert len(got) >= 6, (n, got)
