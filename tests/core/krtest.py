# Helpers for scripted Königrufen deals (explicit decks, action sequences,
# refusal checks), shared by test_kr_rules and the Tarockcup tests. Not a test
# module itself (no test_ prefix). MicroPython-compatible.
from tarock.koenigrufen import rules as K, profiles as P
from tarock.errors import IllegalAction
from tarock.cards import cards
from mpcompat import raises

PK = P.KOENIGRUFEN_PAGAT
SIZES = (12, 12, 12, 12, 6)


# ------------------------------------------------------------ helpers

def deck(h0="", h1="", h2="", h3="", talon=""):
    """54-card order for an A_CUT deal from four hands of 12 and a talon of 6
    given by names. Short hands are filled up with the unused cards in card
    order (hand 0 first, then 1, 2, 3, then the talon)."""
    parts = [cards(h0), cards(h1), cards(h2), cards(h3), cards(talon)]
    used = bytearray(54)
    for part in parts:
        for c in part:
            assert not used[c], "card given twice: %d" % c
            used[c] = 1
    rest = [c for c in range(54) if not used[c]]
    k = 0
    for i in range(5):
        assert len(parts[i]) <= SIZES[i], "too many cards in part %d" % i
        while len(parts[i]) < SIZES[i]:
            parts[i].append(rest[k])
            k += 1
    d = []
    for i in range(4):
        d.extend(parts[i][:6])
    d.extend(parts[4])
    for i in range(4):
        d.extend(parts[i][6:])
    return d


def cut(d, profile=PK):
    st = K.Deal(profile, deck=d)
    st.apply(K.A_CUT)
    return st


def do(st, *acts):
    for a in acts:
        st.apply(a)
    return st


def illegal(st, a, code):
    """a is refused with `code` by why_illegal and by apply (IllegalAction
    carries the same code) and the state is unchanged."""
    fp = st.fingerprint()
    got = st.why_illegal(a)
    assert got == code, "why_illegal(%d) = %d, expected %d" % (a, got, code)
    e = raises(IllegalAction, st.apply, a)
    assert e.code == code, "apply(%d) raised code %d, expected %d" % (a, e.code, code)
    assert st.fingerprint() == fp, "state changed by an illegal action"
    assert a not in st.legal_actions()


def step(st, n=1):
    for _ in range(n):
        st.apply(st.legal_actions()[0])


def finish(st, keep=()):
    """Play on with the first legal action, avoiding the cards in keep while
    anything else is legal."""
    n = 0
    while st.phase != K.PH_DONE:
        legal = st.legal_actions()
        a = legal[0]
        for x in legal:
            if x not in keep:
                a = x
                break
        st.apply(a)
        n += 1
        assert n < 400, "deal does not end"
    return st


def pass_round(st):
    while st.phase == K.PH_ANNOUNCE:
        st.apply(K.A_PASS)


def bid(cid):
    return K.A_BID + cid


def announce(b):
    return K.A_ANNOUNCE + b


def kontra(b=-1):
    """Kontra/Re/Sub on the game (b = -1) or on announced bonus b."""
    return K.A_DOUBLE + 1 + b


def neg_kontra(p):
    return K.A_DOUBLE + K.ITEM_NEG + p


def alone_pattern(r, decl):
    assert sum(r) == 0
    others = [r[p] for p in range(4) if p != decl]
    assert others[0] == others[1] == others[2], r
    assert r[decl] == -3 * others[0], r


def thirds_of(names):
    # 3 * value - 2 per card: Sküs, XXI, I, kings 13; queens 10; cavaliers 7;
    # jacks 4; everything else 1
    t = 0
    for c in cards(names):
        n = c
        if n in (0, 20, 21, 29, 37, 45, 53):
            t += 13
        elif n in (28, 36, 44, 52):
            t += 10
        elif n in (27, 35, 43, 51):
            t += 7
        elif n in (26, 34, 42, 50):
            t += 4
        else:
            t += 1
    return t


def rufer_deal(d, suit):
    st = cut(d)
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_CALL + suit)
    return st
