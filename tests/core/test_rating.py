# Elo of the score sheet (seeds/002: K = 24, every player against every other
# after each deal; abort rule). Expected values worked by hand:
#   E(d) = 1 / (1 + 10^(-d/400)):  E(0) = .500, E(100) = 1/(1+0.5623) = .640,
#   E(200) = 1/(1+0.3162) = .760, E(400) = 1/(1+0.1) = .909,
#   E(800) = 1/(1+0.01) = .990 (the table's end; larger gaps clamp to it).
from table.sheet import rating as R


def test_expected_table_points():
    assert R.expected_pm(0) == 500
    assert R.expected_pm(100) == 640 and R.expected_pm(-100) == 360
    assert R.expected_pm(200) == 760 and R.expected_pm(-200) == 240
    assert R.expected_pm(400) == 909 and R.expected_pm(-400) == 91
    assert R.expected_pm(800) == 990 and R.expected_pm(5000) == 990
    assert R.expected_pm(-5000) == 10


def test_two_equal_players():
    # 24 * (1 - .5) = 12
    assert R.changes([1500, 1500], [5, -5]) == [12, -12]
    # a tie: 24 * (.5 - .5) = 0
    assert R.changes([1500, 1500], [0, 0]) == [0, 0]


def test_favourite_wins_and_loses():
    # 1600 beats 1500: 24 * (1 - .640) = 8.64 -> 9; the other -9
    assert R.changes([1600, 1500], [1, -1]) == [9, -9]
    # 1700 loses to 1500: 24 * (0 - .760) = -18.24 -> -18; 24 * (1 - .240) = +18
    assert R.changes([1700, 1500], [-3, 3]) == [-18, 18]


def test_rufer_two_against_two():
    # winners 0 and 2 (+1), losers 1 and 3 (-1), all 1500:
    # seat 0: vs 1 win (+.5), vs 2 tie (0), vs 3 win (+.5) = 1.0 -> 24
    assert R.changes([1500] * 4, [1, -1, 1, -1]) == [24, -24, 24, -24]


def test_dreier_with_mixed_ratings():
    # results [12, -4, -4, -4], ratings [1500, 1600, 1500, 1400]
    # p0: vs1 1-.360, vs2 1-.500, vs3 1-.640 = .640+.500+.360 = 1.500 -> 36
    # p1: vs0 0-.640, vs2 .5-.640, vs3 .5-.760 = -1.040 -> -24.96 -> -25
    # p2: vs0 0-.500, vs1 .5-.360, vs3 .5-.640 = -.500 -> -12
    # p3: vs0 0-.360, vs1 .5-.240, vs2 .5-.360 = +.040 -> 0.96 -> 1
    assert R.changes([1500, 1600, 1500, 1400], [12, -4, -4, -4]) == [36, -25, -12, 1]


def test_clamped_gap():
    # 2300 beats 1500 (gap 800): 24 * (1 - .990) = 0.24 -> 0; gap 1200 the same
    assert R.changes([2300, 1500], [1, -1]) == [0, 0]
    assert R.changes([2700, 1500], [1, -1]) == [0, 0]
    # the underdog wins across a gap of 1200: 24 * (1 - .010) = 23.76 -> 24
    assert R.changes([2700, 1500], [-1, 1]) == [-24, 24]


def test_rounding_halves_away_from_zero():
    assert R.div_round(500, 1000) == 1 and R.div_round(-500, 1000) == -1
    assert R.div_round(499, 1000) == 0 and R.div_round(-1500, 1000) == -2


def test_abort_rule():
    assert R.ABORT_PENALTY == 25 and R.K == 24
    assert R.may_abort(2, 2, 0)
    assert not R.may_abort(1, 2, 0)      # not the creator
    assert not R.may_abort(2, 2, 1)      # a deal has been dealt
