# Random French Tarot bots for the simulation/fuzz tests and host_tools/bench/bench.py,
# and make_deck() for scripted deals. MicroPython-compatible; not a test module.
from tarock.french import rules as F, profiles as PF
from tarock.rng import Rng
from tarock.french.tables import SUIT78, RANK78
from tarock.errors import IllegalAction
from mpcompat import raises
from checkact import releasing_with

MAX_ACTIONS = 200  # two players: 36 tricks of 2 + bidding; a loop would pass it

_profiles = {}


def profile(name="fft", **over):
    """A preset, or a copy with overrides (made once per key, kept here)."""
    key = name + repr(sorted(over.items()))
    pr = _profiles.get(key)
    if pr is None:
        pr = dict(PF.PRESETS[name])
        for k, v in over.items():
            pr[k] = v
        PF.validate_profile(pr)
        _profiles[key] = pr
    return pr


def release():
    """Drop what this module keeps (the MicroPython runner keeps leftovers)."""
    _profiles.clear()
    import sys
    sys.modules.pop("frsim", None)


releasing = releasing_with(release)


def pick_card(st, rng):
    code = st.legal_code_for_move()
    h = st.hands
    o = st.to_move * 6
    return F.code_nth78(h, o, code, rng.below(F.code_count78(h, o, code)))


def pick(st, rng, announce=4):
    """A random legal action for st.to_move; bidding passes every other time,
    a chelem is announced 1 time in 16, announcements tried 1 time in
    `announce` before a seat's first card, a poignée's trump kept back
    brought back about 1 time in 4."""
    ph = st.phase
    if ph == F.PH_PLAY:
        if not st.first_played & (1 << st.to_move) and rng.below(announce) == 0:
            acts = st.legal_actions()
            extra = [a for a in acts if a >= 78]
            if extra:
                return extra[rng.below(len(extra))]
        return pick_card(st, rng)
    if ph == F.PH_BID and rng.below(2) == 0:
        return F.A_PASS
    if ph == F.PH_CHELEM:
        return F.A_CHELEM if rng.below(16) == 0 else F.A_PASS
    if ph == F.PH_SHOW and rng.below(4):
        # mostly straight on: keep one more back, or show; else any legal
        # action, a kept trump brought back among them
        acts = [a for a in st.legal_actions() if a == F.A_SHOW or not st.hidden >> a & 1]
        return acts[rng.below(len(acts))]
    acts = st.legal_actions()
    return acts[rng.below(len(acts))]


def steer(st, contract, taker, rng, announce=4):
    """The next action of a deal steered into `contract` by position `taker`."""
    if st.phase == F.PH_BID:
        return F.A_BID + contract if st.to_move == taker else F.A_PASS
    return pick(st, rng, announce)


def play(profile_, seed, n=4, contract=0, taker=0, rng=None, check=None, deck=None,
         announce=4):
    """One whole deal: random bidding (contract 0) or steered; check(st)
    after every action. Returns the finished Deal."""
    if rng is None:
        rng = Rng(seed ^ 0x5A5A)
    st = F.Deal(profile_, seed=seed, n=n, deck=deck)
    k = 0
    while st.phase != F.PH_DONE:
        if contract:
            st.apply(steer(st, contract, taker, rng, announce))
        elif st.phase == F.PH_PLAY and st.first_played == (1 << n) - 1:
            st.apply(pick_card(st, rng))  # the hot loop: no announcements left
        else:
            st.apply(pick(st, rng, announce))
        if check is not None:
            check(st)
        k += 1
        if k > MAX_ACTIONS:
            raise AssertionError("deal %d does not end" % seed)
    return st


def make_deck(n, hands, chien, stacks=None):
    """The deck order that deals `hands` (lists in the order dealt, packets of
    three from position 0) and `chien`; two players: `stacks` (12 lists of 3,
    bottom first, seat 0's six then seat 1's) come first."""
    out = []
    if n == 2:
        for st in stacks:
            out.extend(st)
    slots = F.chien_slots(n)
    npk = n * F.HAND_SIZE[n] // 3
    used = [0] * n
    j = 0
    for k in range(npk):
        p = k % n
        out.extend(hands[p][used[p]:used[p] + 3])
        used[p] += 3
        if j < len(slots) and k + 1 == slots[j]:
            out.append(chien[j])
            j += 1
    if sorted(out) != list(range(78)):
        raise ValueError("make_deck: not a permutation of the 78 cards")
    return bytes(out)


def deal_rest(n, fixed, chien=None):
    """Hands for a scripted deal: fixed[p] are cards position p must hold; the
    rest of the deck fills the hands (and the chien unless given) in card
    order, plain cards first (then trumps, then the Excuse), so a scripted
    hand gets no trump it was not given. Returns (hands, chien)."""
    taken = set()
    for cs in fixed:
        for c in cs:
            taken.add(c)
    if chien is not None:
        for c in chien:
            taken.add(c)
    order = list(range(21, 77)) + list(range(21)) + [77]
    free = [c for c in order if c not in taken]
    hands = []
    for p in range(n):
        h = list(fixed[p])
        while len(h) < F.HAND_SIZE[n]:
            h.append(free.pop(0))
        hands.append(h)
    if chien is None:
        chien = free[:F.CHIEN_SIZE[n]]
        free = free[F.CHIEN_SIZE[n]:]
    assert not free, free
    return hands, list(chien)


def mask_of(cs):
    h = [0] * 6
    for c in cs:
        h[SUIT78[c]] |= 1 << RANK78[c]
    return h


# ------------------------------------------------------------ scripted deals

def deal(fixed, n=4, chien=None, profile=None):
    """A Deal whose positions hold at least the cards of fixed[p] (see
    deal_rest), with the given chien; fft profile unless given."""
    hands, ch = deal_rest(n, fixed, chien)
    return F.Deal(profile or PF.FFT, deck=make_deck(n, hands, ch), n=n)


def illegal(st, a, code):
    """a is refused with `code` by why_illegal and apply, the state unchanged."""
    fp = st.fingerprint()
    assert st.why_illegal(a) == code, (a, st.why_illegal(a), code)
    e = raises(IllegalAction, st.apply, a)
    assert e.code == code
    assert st.fingerprint() == fp
    assert a not in st.legal_actions()


def play_out(st, policy):
    """Play the cards: 'low' = first legal card in card order, 'high' = the
    last, both keeping the Excuse while anything else is legal; 'excuse' =
    the Excuse at once. policy: position -> word, default 'low'."""
    while st.phase == F.PH_PLAY:
        legal = [a for a in st.legal_actions() if a < 78]
        pol = policy.get(st.to_move, "low")
        if pol == "excuse" and F.EXCUSE in legal:
            st.apply(F.EXCUSE)
            continue
        other = [c for c in legal if c != F.EXCUSE] or legal
        st.apply(other[-1] if pol == "high" else other[0])
    return st
