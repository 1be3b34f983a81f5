# Calling a king (seeds/000, "Rufen eines Königs"): holding three kings the
# declarer calls "the fourth" without naming its suit; only he and the king's
# holder know it until the king is played. Holding all four, he can call only
# himself.
from tarock.koenigrufen import rules as K, profiles as P
from tarock import errors as E
from tarock.cards import card
from krtest import deck, cut, do, illegal, bid, finish, step, announce, alone_pattern


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


def test_all_four_kings_he_can_call_only_himself_and_plays_alone():
    # seeds/000: "Wenn Sie als spielende Person alle vier Könige haben und
    # einen Kontrakt spielen, bei dem Sie einen König rufen dürfen, können
    # Sie sich nur selbst rufen. Natürlich dürfen Sie in diesem Fall keine
    # Verwirrung stiften, indem Sie 'den vierten König' rufen." Every suit
    # he may name is his own king; "the fourth king" is refused.
    for suit in range(1, 5):
        st = cut(deck("HK DK SK CK XXI XX XIX"))
        do(st, K.A_MEIN, K.A_PASS, K.A_PASS, K.A_PASS, bid(P.RUFER))
        assert st.phase == K.PH_CALL and st.to_move == 0
        assert st.legal_actions() == [K.A_CALL + s for s in range(1, 5)]
        illegal(st, K.A_FOURTH, K.E_FOURTH)
        do(st, K.A_CALL + suit)
        assert st.called == suit and st.partner == -1 and not st.king_in_talon
        # alone against three, who do not know it yet (seeds/000: "ohne
        # dass diese es zunächst wissen"): no partner shown, and a defender
        # may not announce before his party is public
        for p in range(4):
            assert "partner" not in st.view(p), p
        do(st, K.A_TALON)
        step(st, 3)                              # discards (never a king)
        assert st.phase == K.PH_ANNOUNCE and st.to_move == 0
        do(st, K.A_PASS)
        illegal(st, announce(P.TRULL), E.E_PARTY_UNKNOWN)
        finish(st)
        assert st.summary().partner == -1 and st.view(1)["partner"] == -1
        alone_pattern(st.result(), 0)            # settles with each of the three
