# "Den vierten König rufen" (seeds/000, "Rufen eines Königs"): holding three
# kings the declarer calls the fourth without naming its suit; only he and the
# king's holder know it until the king is played.
from tarock.koenigrufen import rules as K, profiles as P
from tarock.cards import card
from krtest import deck, cut, do, illegal, bid, finish


def _three_kings():
    # forehand holds HK DK SK; position 2 holds CK (the fourth)
    return cut(deck("HK DK SK XXI XX XIX", "", "CK", ""))


def test_fourth_king_is_offered_with_three_kings_and_stays_unnamed():
    st = _three_kings()
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER))
    assert K.A_FOURTH in st.legal_actions()
    st.apply(K.A_FOURTH)
    assert st.called == 4 and st.partner == 2  # clubs, held by position 2
    assert st.view(0)["called"] == 4            # the declarer knows
    assert st.view(2)["called"] == 4            # so does the king's holder
    for p in (1, 3):
        v = st.view(p)
        assert v["called"] == 0 and v["called_fourth"], p
    assert st.called_seen_by(-1) == 0           # the public line says "4th K"


def test_fourth_king_named_once_played():
    st = _three_kings()
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER), K.A_FOURTH)
    while st.phase != K.PH_DONE and st.played_by[card("CK")] == K.NO_TRICK:
        st.apply(st.legal_actions()[0])
    assert st.view(1)["called"] == 4 and st.view(3)["called"] == 4
    finish(st)
    assert sum(st.result()) == 0


def test_fourth_king_refused_without_three_kings():
    st = cut(deck("HK DK XXI XX XIX", "SK", "CK", ""))
    do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER))
    illegal(st, K.A_FOURTH, K.E_FOURTH)
    assert K.A_FOURTH not in st.legal_actions()
