# Bavarian Tarock scoring, one line per case, on bavarian_score.Summary.
# Source: seeds/000 first part ("Die Abrechnung"), RULES.md §5 and its
# "Readings fixed" for Bavarian, docs/DECISIONS.md. Every expected number is
# worked out by hand in the comment (u = units per opponent; the declarer
# gets 2u, each opponent -u; a lost game is -u). Default values: simple 1,
# Schneider 2 (losers <= 30 eyes), Schwarz 3 (losers took no trick).
from tarock import profiles as P
from tarock.errors import E_FIT, E_SO
from tarock.bavarian import score as S
from tarock.bavarian.profiles import targets, validate_profile
from mpcompat import raises

PS = P.get("bavarian/standard")
PA = P.get("bavarian/announced")


def summ(decl, hand, target, eyes, decl_tricks, announced=0):
    s = S.Summary(decl, hand, target)
    s.decl_eyes = eyes
    s.decl_tricks = decl_tricks
    s.def_tricks = 11 - decl_tricks
    s.announced = announced
    s.trump = 2
    return s


def check(s, expected, profile=PS):
    S.check_summary(profile, s)  # every case here is a possible deal
    r = S.score(profile, s)
    assert r == expected, "got %r, expected %r" % (r, expected)
    assert sum(r) == 0
    return r


# ------------------------------------------------------------ plain games

def test_hand_game_won_and_lost():
    check(summ(0, True, 61, 61, 5), [2, -1, -1])     # 61 >= 61, opponents 59 > 30: u = 1
    check(summ(1, True, 61, 60, 5), [1, -2, 1])      # 60 < 61, own 60 > 30: u = -1


def test_aufnahme_won_and_lost():
    check(summ(2, False, 71, 71, 6), [-1, -1, 2])    # 71 >= 71: u = 1
    check(summ(0, False, 71, 70, 6), [-2, 1, 1])     # 70 < 71: lost, u = -1


def test_raised_targets():
    check(summ(0, True, 86, 85, 7), [-2, 1, 1])      # 85 < 86: lost, 85 > 30: 1
    check(summ(0, True, 86, 86, 7), [2, -1, -1])     # made; opponents 34 > 30: 1
    # 116 made: opponents 4 <= 30 -> Schneider 2
    check(summ(1, False, 116, 116, 9), [-2, 4, -2])
    # 120 Aufnahme made, but the opponents took a trick (of 6 7 8/9s): Schneider 2
    check(summ(1, False, 120, 120, 10), [-2, 4, -2])
    # 120 missed with 118: lost; own 118 > 30 and 10 tricks: simple 1
    check(summ(1, False, 120, 118, 10), [1, -2, 1])


def test_schneider_both_ways():
    check(summ(2, True, 61, 90, 8), [-2, -2, 4])     # opponents 30 <= 30: u = 2
    check(summ(2, True, 61, 89, 8), [-1, -1, 2])     # opponents 31 > 30: u = 1
    check(summ(0, True, 61, 30, 3), [-4, 2, 2])      # lost, own 30 <= 30: u = -2
    check(summ(0, True, 61, 31, 3), [-2, 1, 1])      # lost, own 31 > 30: u = -1


def test_schwarz_both_ways():
    check(summ(0, True, 61, 120, 11), [6, -3, -3])   # opponents took no trick: u = 3
    check(summ(0, True, 61, 120, 10), [4, -2, -2])   # one trick of 0 eyes: Schneider 2
    # lost without a trick: Schwarz 3, though the closed Stock gave him 20 eyes
    check(summ(1, True, 61, 20, 0), [3, -6, 3])
    # Aufnahme lost without a trick, put-back cards 0 eyes: Schwarz 3
    check(summ(2, False, 71, 0, 0), [3, 3, -6])


def test_redeal_scores_nothing():
    s = S.redeal_summary()
    S.check_summary(PS, s)
    assert S.score(PS, s) == [0, 0, 0]


# ------------------------------------------------------------ announced (house option)

def test_announced_made():
    # Schneider announced and made: 2 * 2 = 4
    check(summ(0, True, 61, 95, 9, S.SCHNEIDER), [8, -4, -4], PA)
    # Schneider announced, Schwarz made: 2 * 2 + (3 - 2) = 5
    check(summ(0, True, 61, 120, 11, S.SCHNEIDER), [10, -5, -5], PA)
    # Schwarz announced and made: 3 * 2 = 6
    check(summ(1, False, 91, 120, 11, S.SCHWARZ), [-6, 12, -6], PA)


def test_announced_missed_loses_the_game():
    # Schneider announced, target 61 reached with 80 but opponents 40 > 30:
    # lost; own 80 > 30 is simple 1 -> 2 * 2 + 0 = 4 to each opponent
    check(summ(0, True, 61, 80, 8, S.SCHNEIDER), [-8, 4, 4], PA)
    # Schwarz announced, Schneider made (100 eyes, opponents 1 trick): lost, 3 * 2 = 6
    check(summ(0, True, 61, 100, 10, S.SCHWARZ), [-12, 6, 6], PA)
    # Schneider announced, target missed with own 25 (Schneider): 2 * 2 + 0 = 4
    check(summ(2, True, 61, 25, 2, S.SCHNEIDER), [4, 4, -8], PA)
    # Schneider announced, declarer took no trick (Stock 10 eyes): 2 * 2 + (3 - 2) = 5
    check(summ(2, True, 61, 10, 0, S.SCHNEIDER), [5, 5, -10], PA)


def test_announce_factor_and_values_are_profile_data():
    pr = P.overlay(PA, {"values": (2, 4, 6), "announce_factor": 3})
    check(summ(0, True, 61, 70, 6), [4, -2, -2], pr)                  # simple 2
    check(summ(0, True, 61, 95, 9, S.SCHNEIDER), [24, -12, -12], pr)  # 4 * 3 = 12
    check(summ(0, True, 61, 120, 11, S.SCHNEIDER), [28, -14, -14], pr)  # 12 + (6 - 4) = 14


# ------------------------------------------------------------ summaries

def test_summary_dict_round_trip():
    s = summ(1, False, 76, 88, 7, 0)
    d = S.summary_to_dict(s)
    for k in d:
        assert isinstance(d[k], int), k
    t = S.summary_from_dict(d)
    assert S.summary_to_dict(t) == d
    assert S.score(PS, t) == [-1, 2, -1]             # 88 >= 76, opponents 32 > 30: 1
    d2 = dict(d)
    del d2["target"]
    raises(ValueError, S.summary_from_dict, d2)
    d2 = dict(d)
    d2["decl_eyes"] = "88"
    raises(ValueError, S.summary_from_dict, d2)
    assert {f[0] for f in S.FIELDS} == set(d)


def _bad(s, word, profile=PS):
    """word: in its English, or a tuple: a Refused's (code, values...)."""
    e = raises(ValueError, S.check_summary, profile, s)
    if isinstance(word, tuple):
        got = (getattr(e, "code", None),) + tuple(getattr(e, "what", ()))
        assert got == word, (got, word, str(e))
    else:
        assert word in str(e), (word, str(e))


def test_check_summary_refuses_impossible_entries():
    _bad(summ(3, True, 61, 70, 5), "declarer")
    _bad(summ(-1, True, 61, 70, 5), "declarer")
    _bad(summ(0, True, 62, 70, 5), "target")         # not on the ladder
    _bad(summ(0, True, 121, 121, 5), "target")
    _bad(summ(0, False, 66, 70, 5), "Aufnahme")      # Aufnahme from 71
    _bad(summ(0, True, 61, 121, 5), "0..120")
    _bad(summ(0, True, 61, -1, 5), "0..120")
    _bad(summ(0, True, 61, 1, 5), (E_SO, "w_points"))        # no card is worth 1 eye
    _bad(summ(0, True, 61, 119, 5), (E_SO, "w_points"))
    s = summ(0, True, 61, 70, 5)
    s.def_tricks = 5
    _bad(s, "add up to 11")
    s = summ(0, True, 61, 70, 12)
    _bad(s, "0..11")
    _bad(summ(0, True, 61, 118, 11), (E_FIT, "w_points", "tricks"))  # Schwarz needs every eye
    _bad(summ(0, True, 61, 34, 0), (E_FIT, "w_points", "tricks"))    # no trick: Stock only
    s = summ(0, True, 61, 70, 5)
    s.trump = 4
    _bad(s, "trump")
    _bad(summ(0, True, 61, 70, 5, 1), "announced")
    _bad(summ(0, True, 61, 70, 5, S.SCHNEIDER), "does not announce")
    S.check_summary(PA, summ(0, True, 61, 70, 5, S.SCHNEIDER))
    s = S.redeal_summary()
    s.decl_eyes = 3
    _bad(s, "redeal")
    s = summ(0, True, 61, 70, 5)
    s.n = 4
    _bad(s, "3")


def test_possible_eye_totals():
    # subset sums of the deck's eyes (4 each of 11, 10, 4, 3, 2): every
    # total 0..120 but 1 and 119 -- exactly what check_summary allows
    sums = 1  # bit t: total t reachable
    for v in (11, 10, 4, 3, 2):
        for _ in range(4):
            sums |= sums << v
    for t in range(121):
        reachable = bool(sums >> t & 1)
        assert reachable == (t not in (1, 119)), t
        if t >= 2 and t <= 118:
            S.check_summary(PS, summ(0, True, 61, t, 5))


# ------------------------------------------------------------ profiles

def test_ladder():
    assert targets(PS) == (61, 66, 71, 76, 81, 86, 91, 96, 101, 106, 111, 116, 120)
    assert PS["aufnahme_from"] == 71 and PS["hand_rank"] == 10
    assert PA["announce"] is True and PS["announce"] is False


def _bad_profile(over, word):
    e = raises(P.ProfileError, P.overlay, PS, over)
    assert word in str(e), (word, str(e))


def test_profile_validation_names_the_key():
    _bad_profile({"step": 1}, "step")                # 60 targets: too many
    _bad_profile({"step": 0}, "step")
    _bad_profile({"aufnahme_from": 70}, "aufnahme_from")
    _bad_profile({"values": (1, 2)}, "values")
    _bad_profile({"values": (1, 2, -3)}, "values")
    _bad_profile({"values": [1, 2, 3]}, "values")
    _bad_profile({"top": 130}, "top")
    _bad_profile({"announce": 1}, "announce")
    _bad_profile({"announce_factor": 0}, "announce_factor")
    _bad_profile({"schneider_at": 60}, "schneider_at")
    _bad_profile({"hand_rank": "10"}, "hand_rank")
    _bad_profile({"colour": 1}, "colour")
    p = dict(PS)
    del p["top"]
    e = raises(P.ProfileError, validate_profile, p)
    assert "top" in str(e)
    raises(P.ProfileError, P.get, "bavarian/none")
    pr = P.overlay(PS, {"step": 10, "top": 111})
    assert targets(pr) == (61, 71, 81, 91, 101, 111)
