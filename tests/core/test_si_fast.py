# The Slovenian deal's one-legality-computation path (issue 22): apply() of
# an action from the last legal_actions() is a test against the kept list (_known_legal), so
# that test must agree with why_illegal() for every action, must not carry
# over to a later state, and must not allocate; the card loops that replaced
# the bit walks (tables.LOW37) give the same cards as the bit walks.
from tarock.slovenian import rules as SL, profiles as PS
from tarock.tables import LOW37, BASE54, SUIT54, RANK54, THIRDS54
from tarock import trick as TR
from tarock.cards import hand_cards
from tarock.rng import Rng
from tarock.errors import IllegalAction
from mpcompat import raises, no_alloc, IS_MICROPYTHON
import sisim

N_DEALS = 4 if IS_MICROPYTHON else 40
PROFILES = (PS.STANDARD, PS.PLAY_TAROCK_ONLINE, PS.PLAY_TAROCK_ONLINE_OPEN2)


def _walk(masks, o):
    """The old bit-by-bit walk, as the reference."""
    out = []
    for s in range(5):
        m = masks[o + s]
        r = 0
        while m:
            if m & 1:
                out.append(BASE54[s] + r)
            m >>= 1
            r += 1
    return out


def test_low37_indexes_every_bit():
    for r in range(36):
        assert LOW37[(1 << r) % 37] == r


def _random_hands(seed, most):
    """300 random hands of up to `most` - 1 cards, as seat 1's masks."""
    rng = Rng(seed)
    for _ in range(300):
        masks = [0] * 10
        for _ in range(rng.below(most)):
            c = rng.below(54)
            masks[5 + SUIT54[c]] |= 1 << RANK54[c]
        yield rng, masks


def test_card_loops_match_the_bit_walk():
    for rng, masks in _random_hands(7, 20):
        got = hand_cards(masks, 5)
        assert got == _walk(masks, 5)
        th = 0
        for c in got:
            th += THIRDS54[c]
        assert TR.pile_thirds(masks, 5) == th
        # the walk everywhere; the tables where they are built (CPython)
        ways = [TR.code_cards_walk]
        if TR._TABS:
            ways.append(TR.code_cards_tables)   # list(code_shared_tables())
            # one suit's cards: the table's own tuple, nothing allocated
            for s in range(1, 5):
                m = masks[5 + s]
                assert TR.code_shared_tables(masks, 5, (m << 3) | s) is TR._TABS[s][m]
        assert TR.code_cards in ways
        assert TR.code_shared is (TR.code_shared_tables if TR._TABS else TR.code_cards_walk)
        for way in ways:
            code = (masks[5] << 3) | TR.ANY
            assert way(masks, 5, code) == got
            for s in range(5):
                assert way(masks, 5, (masks[5 + s] << 3) | s) == [
                    c for c in got if SUIT54[c] == s]
            # a part of the trumps (must overtake, the Pagat rule)
            part = masks[5] & (rng.below(1 << 16) << 6 | rng.below(64))
            assert way(masks, 5, (part << 3) | TR.ANY) == [
                c for c in got if SUIT54[c] or part >> c & 1]
            assert way(masks, 5, part << 3) == [c for c in got if SUIT54[c] == 0 and part >> c & 1]


def test_discard_masks_are_discard_code_card_by_card():
    for _, masks in _random_hands(11, 16):
        dm = TR.discard_masks(masks, 5, [0] * 5)
        for c in range(54):
            allowed = bool(dm[SUIT54[c]] >> RANK54[c] & 1)
            assert allowed == (TR.discard_code(masks, 5, c) == 0), (masks, c)


def _deal(profile, seed, n, contract, rng):
    st = SL.Deal(profile, seed=seed, n=n)
    k = 0
    while st.phase != SL.PH_DONE:
        legal = st.legal_actions()
        # the fast test agrees with why_illegal() on every action and junk
        for a in list(range(SL.A_MAX)) + [-1, 999, SL.A_MAX]:
            assert st._known_legal(a) == (a in legal), (a, legal, st.log)
            assert (st.why_illegal(a) == 0) == (a in legal), (a, st.log)
        # the caller's list is its own: changing it vouches for nothing
        junk = [b for b in range(SL.A_MAX) if b not in legal][:1]
        mine = st.legal_actions()
        if junk:
            mine[0] = junk[0]
            mine.append(junk[0])
            assert not st._known_legal(junk[0]), (junk, st.log)
        for b in legal:
            assert st._known_legal(b), (b, st.log)
        assert st.legal_actions() == legal   # nothing kept was changed
        if contract >= 0 and st.phase == SL.PH_BID:
            a = sisim.steer(st, contract, rng)
        else:
            a = legal[rng.below(len(legal))]
        st.apply(a)
        # a state later, the old list no longer vouches for anything
        if st.phase != SL.PH_DONE:
            for b in legal:
                if st.why_illegal(b) != 0:
                    e = raises(IllegalAction, st.apply, b)
                    assert e.code == st.why_illegal(b)
                    break
        k += 1
        assert k < sisim.MAX_ACTIONS
    return st


@sisim.releasing
def test_known_legal_agrees_with_why_illegal():
    rng = Rng(2207)
    seed = 0
    for profile in PROFILES:
        ns = (2,) if profile is PS.PLAY_TAROCK_ONLINE_OPEN2 else (3, 4)
        for n in ns:
            for k in range(N_DEALS):
                seed += 1
                cids = sisim.contracts_for(profile, n)
                _deal(profile, seed, n, -1 if n == 2 else cids[k % len(cids)], rng)


@sisim.releasing
def test_known_legal_no_alloc():
    rng = Rng(5)
    st = SL.Deal(PS.STANDARD, seed=11, n=4)
    while st.phase != SL.PH_PLAY:
        legal = st.legal_actions()
        st.apply(legal[rng.below(len(legal))])
    while st.phase == SL.PH_PLAY:
        legal = st.legal_actions()
        for c in range(54):
            assert no_alloc(st._known_legal, c) == (c in legal)
        st.apply(legal[rng.below(len(legal))])
