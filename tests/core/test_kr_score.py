# Königrufen scoring, one line per case, on score.Summary directly.
# Source: RULES.md §1 (pagat profile) and "Readings fixed where the texts are
# silent". Every expected number is worked out by hand in the comment next to
# it (u = what the declarer's party wins per opponent); never taken from the
# scorer. Settlement: lone declarer +3u, each opponent -u; 2 v 2 each +-u.
# MicroPython-compatible: plain asserts, no pytest.
from tarock.koenigrufen import rules as K, profiles as P, score as S  # noqa: F401
from tarock import profiles as PR
from mpcompat import raises
from krscore import summ, check_score, with_bonus

PK = P.KOENIGRUFEN_PAGAT
PZ = PR.overlay(PK, {"contracts": {P.ZWICCOLO: {"on": True}}})

DM = S.DECL_MADE
FM = S.DEF_MADE
DF = S.DECL_FAILED
FF = S.DEF_FAILED


def check(s, expected, profile=PK):
    return check_score(s, expected, profile)


def rufer(won=True):
    # Rufer 2 v 2: declarer 0, partner 2 (u = +-1 before bonuses)
    return summ(P.RUFER, 0, 2, 107 if won else 106)


def dreier(won=True):
    # Dreier, declarer 0 alone (u = +-4 before bonuses)
    return summ(P.DREIER, 0, -1, 107 if won else 106)


# ------------------------------------------------------------ the 14 contracts

def test_rufer_2v2_won_and_lost():
    check(rufer(True), [1, -1, 1, -1])      # 107 thirds = 36 points: won, u = 1
    check(rufer(False), [-1, 1, -1, 1])     # 106 thirds = 35 points: lost, u = -1


def test_rufer_alone_won_and_lost():
    # own king called / king in talon: declarer 1 alone, 3 * 1
    check(summ(P.RUFER, 1, -1, 150), [-1, 3, -1, -1])
    check(summ(P.RUFER, 1, -1, 20), [1, -3, 1, 1])
    # partner == declarer is also "alone"
    check(summ(P.RUFER, 1, 1, 150), [-1, 3, -1, -1])


def test_rufer_2v2_other_seats():
    # declarer 3, partner 1: 1 each to 1 and 3
    check(summ(P.RUFER, 3, 1, 200), [-1, 1, -1, 1])


def test_sechserdreier_won_and_lost():
    check(summ(P.SECHSERDREIER, 0, -1, 107), [6, -2, -2, -2])      # +2 * 3
    check(summ(P.SECHSERDREIER, 0, -1, 106), [-12, 4, 4, 4])       # -4 * 3


def test_piccolo_exactly_one_trick():
    # declarer 3; value 2 per opponent
    check(summ(P.PICCOLO, 3, tricks=[5, 4, 2, 1]), [-2, -2, -2, 6])   # one trick: won
    check(summ(P.PICCOLO, 3, tricks=[5, 5, 2, 0]), [2, 2, 2, -6])     # none: lost
    check(summ(P.PICCOLO, 3, tricks=[4, 4, 2, 2]), [2, 2, 2, -6])     # two: lost


def test_zwiccolo_exactly_two_tricks():
    assert not P.contract(PK, P.ZWICCOLO)["on"]  # house option, off by default
    assert P.contract(PZ, P.ZWICCOLO)["on"]
    check(summ(P.ZWICCOLO, 1, tricks=[4, 2, 3, 3]), [-2, 6, -2, -2], PZ)   # two: +2 * 3
    check(summ(P.ZWICCOLO, 1, tricks=[4, 1, 4, 3]), [2, -6, 2, 2], PZ)     # one: lost
    check(summ(P.ZWICCOLO, 1, tricks=[3, 3, 3, 3]), [2, -6, 2, 2], PZ)     # three: lost


def test_solo_2v2_and_alone():
    check(summ(P.SOLO, 0, 2, 107), [2, -2, 2, -2])      # value 2, 2 v 2
    check(summ(P.SOLO, 0, 2, 90), [-2, 2, -2, 2])
    check(summ(P.SOLO, 2, -1, 120), [-2, -2, 6, -2])    # king in talon: alone, 2 * 3
    check(summ(P.SOLO, 2, -1, 100), [2, 2, -6, 2])


def test_bettel_no_trick():
    check(summ(P.BETTEL, 0, tricks=[0, 4, 4, 4]), [9, -3, -3, -3])   # 3 * 3
    check(summ(P.BETTEL, 0, tricks=[1, 0, 0, 0]), [-9, 3, 3, 3])     # stopped after one trick


def test_besser_rufer_2v2_and_alone():
    check(summ(P.BESSER_RUFER, 1, 3, 107), [-3, 3, -3, 3])    # value 3
    check(summ(P.BESSER_RUFER, 1, 3, 100), [3, -3, 3, -3])
    check(summ(P.BESSER_RUFER, 1, -1, 107), [-3, 9, -3, -3])  # alone: 3 * 3
    check(summ(P.BESSER_RUFER, 1, -1, 100), [3, -9, 3, 3])


def test_dreier():
    check(dreier(True), [12, -4, -4, -4])     # 4 * 3
    check(dreier(False), [-12, 4, 4, 4])


def test_piccolo_ouvert():
    check(summ(P.PICCOLO_OUVERT, 2, tricks=[5, 6, 1, 0]), [-5, -5, 15, -5])  # 5 * 3
    check(summ(P.PICCOLO_OUVERT, 2, tricks=[0, 2, 2, 0]), [5, 5, -15, 5])


def test_besser_dreier():
    check(summ(P.BESSER_DREIER, 0, -1, 107), [15, -5, -5, -5])   # 5 * 3
    check(summ(P.BESSER_DREIER, 0, -1, 80), [-15, 5, 5, 5])


def test_bettel_ouvert():
    check(summ(P.BETTEL_OUVERT, 1, tricks=[4, 0, 4, 4]), [-6, 18, -6, -6])  # 6 * 3
    check(summ(P.BETTEL_OUVERT, 1, tricks=[0, 1, 0, 0]), [6, -18, 6, 6])


def test_farbensolo():
    check(summ(P.FARBENSOLO, 3, -1, 107), [-7, -7, -7, 21])   # 7 * 3
    check(summ(P.FARBENSOLO, 3, -1, 0), [7, 7, 7, -21])


def test_solo_dreier():
    check(summ(P.SOLO_DREIER, 0, -1, 107), [24, -8, -8, -8])  # 8 * 3
    check(summ(P.SOLO_DREIER, 0, -1, 106), [-24, 8, 8, 8])


def test_trischaken_plain_ranking():
    # thirds 60 50 40 30, everyone took tricks: top two (0, 1) pay 1, bottom two get 1
    s = summ(P.TRISCHAKEN, 0, thirds=0, tricks=[3, 3, 3, 3])
    s.thirds = [60, 50, 40, 30]
    check(s, [-1, -1, 1, 1])
    s.thirds = [30, 40, 60, 50]           # order 2, 3, 1, 0
    check(s, [1, 1, -1, -1])


def test_trischaken_no_trick_and_36():
    # thirds 120 60 30 0, tricks 6 4 2 0
    # ranking -1 -1 +1 +1; pos 3 no trick: +2 from each -> -3 -3 -1 +7;
    # pos 0 has 120 >= 107: pays 2 to each -> -9 -1 +1 +9
    s = summ(P.TRISCHAKEN, 0, thirds=0, tricks=[6, 4, 2, 0])
    s.thirds = [120, 60, 30, 0]
    check(s, [-9, -1, 1, 9])


def test_trischaken_36_boundary():
    # 107 thirds (35 2/3 -> 36 points) pays: -1 -1 +1 +1, then pos 0 pays 2 each
    # -> -7 +1 +3 +3
    s = summ(P.TRISCHAKEN, 0, thirds=0, tricks=[4, 3, 3, 2])
    s.thirds = [107, 50, 30, 10]
    check(s, [-7, 1, 3, 3])
    s.thirds = [106, 50, 30, 10]          # 35 1/3 -> 35 points: ranking only
    check(s, [-1, -1, 1, 1])


def test_trischaken_two_without_tricks():
    # thirds 110 70 0 0, tricks 7 5 0 0. Ranking: 0, 1, then 2 (earlier) before 3
    # -> -1 -1 +1 +1; pos 2 no trick: -3 -3 +7 -1; pos 3 no trick: -5 -5 +5 +5;
    # pos 0 >= 107: -11 -3 +7 +7
    s = summ(P.TRISCHAKEN, 0, thirds=0, tricks=[7, 5, 0, 0])
    s.thirds = [110, 70, 0, 0]
    check(s, [-11, -3, 7, 7])


def test_trischaken_ties():
    s = summ(P.TRISCHAKEN, 0, thirds=0, tricks=[3, 3, 3, 3])
    # all tied: forehand counts as more, then earlier position: 0 1 pay, 2 3 get
    s.thirds = [40, 40, 40, 40]
    check(s, [-1, -1, 1, 1])
    # 1 and 2 tied for second: the earlier (1) counts as more -> 3 and 1 pay
    s.thirds = [10, 50, 50, 70]
    check(s, [1, -1, 1, -1])
    # forehand tied with 3 for second: forehand counts as more -> 1 and 0 pay
    s.thirds = [50, 70, 30, 50]
    check(s, [-1, -1, 1, 1])
    # 2 and 3 tied for second: 2 counts as more -> 0 and 2 pay
    s.thirds = [70, 20, 40, 40]
    check(s, [-1, 1, -1, 1])


# ------------------------------------------------------------ bonuses

def test_trull_and_kings():
    check(with_bonus(rufer(), P.TRULL, DM), [2, -2, 2, -2])            # 1 + 1
    check(with_bonus(rufer(), P.TRULL, FM), [0, 0, 0, 0])              # 1 - 1
    check(with_bonus(rufer(), P.TRULL, DM, S.DECL), [3, -3, 3, -3])    # 1 + 2
    check(with_bonus(rufer(), P.TRULL, S.NONE, S.DECL), [-1, 1, -1, 1])  # 1 - 2
    # the defence made the Trull the declarer announced: only the failed
    # announcement counts: 1 - 2
    check(with_bonus(rufer(), P.TRULL, FM, S.DECL), [-1, 1, -1, 1])
    check(with_bonus(rufer(), P.TRULL, FM, S.DEF), [-1, 1, -1, 1])      # 1 - 2
    check(with_bonus(rufer(), P.TRULL, S.NONE, S.DEF), [3, -3, 3, -3])  # 1 + 2
    check(with_bonus(dreier(False), P.KINGS, DM), [-9, 3, 3, 3])       # -4 + 1 = -3
    check(with_bonus(dreier(False), P.KINGS, FM), [-15, 5, 5, 5])      # -4 - 1 = -5
    check(with_bonus(dreier(True), P.KINGS, DM, S.DECL), [18, -6, -6, -6])  # 4 + 2
    check(with_bonus(dreier(True), P.KINGS, FM, S.DEF), [6, -2, -2, -2])    # 4 - 2


def test_pagat_ultimo():
    check(with_bonus(rufer(), P.PAGAT_ULTIMO, DM), [2, -2, 2, -2])      # 1 + 1
    # unannounced, played in the last trick and lost: -silent: 4 - 1
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, DF), [9, -3, -3, -3])
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, FF), [15, -5, -5, -5])   # 4 + 1
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, FM), [9, -3, -3, -3])    # 4 - 1
    # announced and never played in the last trick: failed, 4 - 2
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, S.NONE, S.DECL), [6, -2, -2, -2])
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, DF, S.DECL), [6, -2, -2, -2])   # 4 - 2
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, DM, S.DECL), [18, -6, -6, -6])  # 4 + 2
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, FM, S.DEF), [6, -2, -2, -2])    # 4 - 2
    check(with_bonus(dreier(), P.PAGAT_ULTIMO, S.NONE, S.DEF), [18, -6, -6, -6])  # 4 + 2


def test_uhu():
    check(with_bonus(dreier(), P.UHU, DM), [18, -6, -6, -6])          # 4 + 2
    check(with_bonus(dreier(), P.UHU, DF), [6, -2, -2, -2])           # 4 - 2
    check(with_bonus(dreier(), P.UHU, DM, S.DECL), [24, -8, -8, -8])  # 4 + 4
    check(with_bonus(rufer(), P.UHU, S.NONE, S.DECL), [-3, 3, -3, 3])  # 1 - 4
    check(with_bonus(rufer(), P.UHU, FM), [-1, 1, -1, 1])             # 1 - 2
    check(with_bonus(rufer(), P.UHU, FF), [3, -3, 3, -3])             # 1 + 2


def test_kakadu():
    check(with_bonus(dreier(), P.KAKADU, DM), [21, -7, -7, -7])          # 4 + 3
    check(with_bonus(dreier(), P.KAKADU, DF), [3, -1, -1, -1])           # 4 - 3
    check(with_bonus(dreier(), P.KAKADU, DM, S.DECL), [30, -10, -10, -10])  # 4 + 6
    check(with_bonus(dreier(), P.KAKADU, S.NONE, S.DECL), [-6, 2, 2, 2])    # 4 - 6


def test_marabu():
    check(with_bonus(dreier(), P.MARABU, DM), [24, -8, -8, -8])          # 4 + 4
    check(with_bonus(rufer(), P.MARABU, DF), [-3, 3, -3, 3])             # 1 - 4
    check(with_bonus(dreier(), P.MARABU, DM, S.DECL), [36, -12, -12, -12])  # 4 + 8
    check(with_bonus(dreier(), P.MARABU, DF, S.DECL), [-12, 4, 4, 4])       # 4 - 8


def test_king_ultimo():
    check(with_bonus(rufer(), P.KING_ULTIMO, DM), [2, -2, 2, -2])           # 1 + 1
    check(with_bonus(rufer(False), P.KING_ULTIMO, DF), [-2, 2, -2, 2])      # -1 - 1
    check(with_bonus(rufer(), P.KING_ULTIMO, DM, S.DECL), [3, -3, 3, -3])   # 1 + 2
    check(with_bonus(rufer(), P.KING_ULTIMO, S.NONE, S.DECL), [-1, 1, -1, 1])  # 1 - 2
    check(with_bonus(rufer(), P.KING_ULTIMO, DF, S.DECL), [-1, 1, -1, 1])   # 1 - 2


def test_valat():
    check(with_bonus(dreier(), P.VALAT, DM), [24, -8, -8, -8])            # 4 + 4
    check(with_bonus(dreier(), P.VALAT, DM, S.DECL), [36, -12, -12, -12])  # 4 + 8
    check(with_bonus(dreier(), P.VALAT, S.NONE, S.DECL), [-12, 4, 4, 4])   # 4 - 8
    check(with_bonus(dreier(False), P.VALAT, FM), [-24, 8, 8, 8])          # -4 - 4
    check(with_bonus(rufer(), P.VALAT, DM), [5, -5, 5, -5])                # 1 + 4


def test_catches():
    check(with_bonus(rufer(), P.MONDFANG, DM), [2, -2, 2, -2])      # 1 + 1
    check(with_bonus(dreier(), P.MONDFANG, FM), [9, -3, -3, -3])    # 4 - 1
    check(with_bonus(dreier(), P.SKUSFANG, DM), [18, -6, -6, -6])   # 4 + 2
    check(with_bonus(rufer(), P.SKUSFANG, FM), [-1, 1, -1, 1])      # 1 - 2
    check(with_bonus(rufer(), P.KINGFANG, FM), [0, 0, 0, 0])        # 1 - 1
    check(with_bonus(rufer(False), P.KINGFANG, FM), [-2, 2, -2, 2])  # -1 - 1


def test_several_bonuses_add_up():
    # Dreier won 4, Trull silent +1, Pagat announced made +2, Uhu silent failed -2,
    # defence's four kings silent -1: 4 + 1 + 2 - 2 - 1 = 4
    s = dreier()
    with_bonus(s, P.TRULL, DM)
    with_bonus(s, P.PAGAT_ULTIMO, DM, S.DECL)
    with_bonus(s, P.UHU, DF)
    with_bonus(s, P.KINGS, FM)
    check(s, [12, -4, -4, -4])


def test_solo_doubles_bonuses_defence_too():
    check(with_bonus(summ(P.SOLO, 0, 2, 107), P.TRULL, DM), [4, -4, 4, -4])   # 2 + 1*2
    # defence announced and made Pagat: 2 - 2*2
    check(with_bonus(summ(P.SOLO, 0, 2, 107), P.PAGAT_ULTIMO, FM, S.DEF), [-2, 2, -2, 2])
    # lost, defence's silent kings: -2 - 1*2
    check(with_bonus(summ(P.SOLO, 0, 2, 50), P.KINGS, FM), [-4, 4, -4, 4])
    # Solo Dreier won 8, Uhu announced with Kontra, made: 8 + (4*2)*2 = 24
    check(with_bonus(summ(P.SOLO_DREIER, 0, -1, 107), P.UHU, DM, S.DECL, 1),
          [72, -24, -24, -24])
    # Solo Dreier won 8, defence's silent Trull: 8 - 1*2 = 6
    check(with_bonus(summ(P.SOLO_DREIER, 0, -1, 107), P.TRULL, FM), [18, -6, -6, -6])
    # the same in a Dreier is not doubled: 4 - 1 = 3
    check(with_bonus(dreier(), P.TRULL, FM), [9, -3, -3, -3])


def test_farbensolo_only_valat():
    # Trull, kings, Pagat, Mondfang made: none count -> 7 * 3
    s = summ(P.FARBENSOLO, 0, -1, 150)
    with_bonus(s, P.TRULL, DM)
    with_bonus(s, P.KINGS, DM)
    with_bonus(s, P.PAGAT_ULTIMO, DM)
    with_bonus(s, P.MONDFANG, DM)
    check(s, [21, -7, -7, -7])
    with_bonus(s, P.VALAT, DM)                 # 7 + 4 = 11
    check(s, [33, -11, -11, -11])
    with_bonus(s, P.VALAT, DM, S.DECL)         # 7 + 8 = 15
    check(s, [45, -15, -15, -15])
    with_bonus(s, P.VALAT, DM, S.DECL, 1)      # 7 + 8*2 = 23
    check(s, [69, -23, -23, -23])


def test_kontra_levels_on_game():
    for lvl, u in ((1, 2), (2, 4), (3, 8)):    # 1 * 2, 1 * 4, 1 * 8
        s = rufer()
        s.kontra[0] = lvl
        check(s, [u, -u, u, -u])
        s = rufer(False)
        s.kontra[0] = lvl
        check(s, [-u, u, -u, u])
    s = dreier(False)
    s.kontra[0] = 2                              # -4 * 4 = -16
    check(s, [-48, 16, 16, 16])


def test_hirsch_and_mord_kontra():
    p5 = PR.overlay(PK, {"max_kontra": 5})
    for lvl, u in ((4, 16), (5, 32)):            # 1 * 16, 1 * 32
        s = rufer()
        s.kontra[0] = lvl
        check(s, [u, -u, u, -u], p5)


def test_kontra_on_bonuses_apart():
    # Pagat announced, Kontra + Re (x4): 1 + 2*4 = 9 / 1 - 8 = -7
    check(with_bonus(rufer(), P.PAGAT_ULTIMO, DM, S.DECL, 2), [9, -9, 9, -9])
    check(with_bonus(rufer(), P.PAGAT_ULTIMO, DF, S.DECL, 2), [-7, 7, -7, 7])
    # Sub on the defence's Trull announcement, made by them: 1 - 2*8 = -15
    check(with_bonus(rufer(), P.TRULL, FM, S.DEF, 3), [-15, 15, -15, 15])
    # game Kontra and Pagat Kontra: 1*2 + 2*2 = 6
    s = with_bonus(rufer(), P.PAGAT_ULTIMO, DM, S.DECL, 1)
    s.kontra[0] = 1
    check(s, [6, -6, 6, -6])
    # game Sub does not touch a silent bonus: 1*8 + 1 = 9
    s = with_bonus(rufer(), P.TRULL, DM)
    s.kontra[0] = 3
    check(s, [9, -9, 9, -9])


def test_valat_adds_to_game_and_bonuses():
    # Dreier won 4 + Valat 4 + Trull 1 + kings 1 + Pagat 1 = 11
    s = dreier()
    for b in (P.VALAT, P.TRULL, P.KINGS, P.PAGAT_ULTIMO):
        with_bonus(s, b, DM)
    check(s, [33, -11, -11, -11])
    # announced Valat and Trull, made: 4 + 8 + 2 = 14
    s = dreier()
    with_bonus(s, P.VALAT, DM, S.DECL)
    with_bonus(s, P.TRULL, DM, S.DECL)
    check(s, [42, -14, -14, -14])


def test_negative_contracts_kontra_per_defender():
    # Bettel won by 0; 1 gave Kontra (x2), 2 Kontra + Re (x4), 3 none:
    # 3*2 + 3*4 + 3 = 21
    s = summ(P.BETTEL, 0, tricks=[0, 4, 4, 4])
    s.neg_kontra = [0, 1, 2, 0]
    check(s, [21, -6, -12, -3])
    # Piccolo lost by 2 (no trick); 0 Kontra (x2), 3 Sub (x8):
    # 0 gets 2*2 = 4, 1 gets 2, 3 gets 2*8 = 16; declarer -22
    s = summ(P.PICCOLO, 2, tricks=[4, 4, 0, 4])
    s.neg_kontra = [1, 0, 0, 3]
    check(s, [4, 2, -22, 16])
    # bonuses never count in a negative contract
    s = summ(P.BETTEL, 1, tricks=[4, 0, 4, 4])
    with_bonus(s, P.TRULL, FM)
    check(s, [-3, 9, -3, -3])


def test_besser_rufer_concession():
    # king in talon, declarer 1 gives up: 4 per opponent -> -12, +4 each
    s = summ(P.BESSER_RUFER, 1, -1, 0)
    s.conceded = True
    check(s, [4, -12, 4, 4])
    # nothing else counts once conceded
    with_bonus(s, P.TRULL, FM)
    s.kontra[0] = 2
    check(s, [4, -12, 4, 4])
    # the concession value is a profile setting: 3 -> -9
    check(s, [3, -9, 3, 3], PR.overlay(PK, {"besser_concede": 3}))


# ------------------------------------------------------------ profiles

def _err(over):
    e = raises(PR.ProfileError, PR.overlay, PK, over)
    return str(e)


def test_profile_validation_names_the_key():
    assert "kaiserstich" in _err({"kaiserstich": "yes"})
    assert "max_kontra" in _err({"max_kontra": 4})
    assert "max_kontra" in _err({"max_kontra": True})   # a bool is not a number
    assert "no_such_option" in _err({"no_such_option": 1})
    assert "trischaken" in _err({"trischaken": "cup"})
    assert "besser_concede" in _err({"besser_concede": -1})
    assert "contracts.99" in _err({"contracts": {99: {"value": 1}}})
    assert "contracts.6.value" in _err({"contracts": {P.SOLO: {"value": -1}}})
    assert "contracts.6.talon" in _err({"contracts": {P.SOLO: {"talon": 4}}})
    assert "contracts.6.colour" in _err({"contracts": {P.SOLO: {"colour": True}}})
    assert "contracts.4" in _err({"contracts": {P.PICCOLO: {"call": True}}})
    assert "contracts.7.kind" in _err({"contracts": {P.BETTEL: {"kind": "minus"}}})
    assert "bonus.0" in _err({"bonus": {P.TRULL: (1,)}})
    assert "bonus.3" in _err({"bonus": {P.UHU: (2, -4)}})
    assert "bonus.42" in _err({"bonus": {42: (1, 2)}})
    off = {}
    for cid in PK["contracts"]:
        off[cid] = {"on": False}
    assert "contracts" in _err({"contracts": off})


def test_profile_validate_direct():
    assert PR.validate(PK) is PK
    bad = {}
    for k in PK:
        if k != "max_kontra":
            bad[k] = PK[k]
    e = raises(PR.ProfileError, PR.validate, bad)
    assert "max_kontra" in str(e)
    bad["max_kontra"] = 3
    bad["family"] = "skat"
    e = raises(PR.ProfileError, PR.validate, bad)
    assert "family" in str(e)


def test_overlay_leaves_base_alone():
    p = PR.overlay(PK, {"contracts": {P.SOLO: {"value": 3}}, "bonus": {P.TRULL: (2, 4)}})
    assert p["contracts"][P.SOLO]["value"] == 3
    assert PK["contracts"][P.SOLO]["value"] == 2
    assert PK["bonus"][P.TRULL] == (1, 2)
    assert not PK["contracts"][P.ZWICCOLO].get("on", True)
    # the overridden tariff is what the scorer uses: Solo 2 v 2 won, 3 + Trull 2*2
    check(with_bonus(summ(P.SOLO, 0, 2, 107), P.TRULL, DM), [7, -7, 7, -7], p)


def test_profile_presets_by_name_and_unknown_family():
    assert PR.get("koenigrufen/pagat") is P.KOENIGRUFEN_PAGAT
    e = raises(PR.ProfileError, PR.get, "koenigrufen/nosuch")
    assert "nosuch" in str(e)
    e = raises(PR.ProfileError, PR.validate, {"family": "skat"})
    assert "family" in str(e)
    e = raises(PR.ProfileError, PR.overlay, P.KOENIGRUFEN_PAGAT, {"bonus": {99: (1, 2)}})
    assert "bonus.99" in str(e)
