# Slovenian Tarok scoring, one line per rule: every contract, bonus, Kontra
# level, Klop (both settlements), the open two-player game; the seed's worked
# examples. Expected values are worked by hand from seeds/002 and RULES.md §3
# (arithmetic in the comments), never computed with the code under test.
# Points from thirds: 3 * points thirds is exactly that many points.
from tarock import profiles as P, families
from tarock.slovenian import profiles as PS, score as S
from tarock.profiles import ProfileError
from tarock.errors import E_SO
from mpcompat import raises

PTO = PS.PLAY_TAROCK_ONLINE
STD = PS.STANDARD
OPEN = PS.PLAY_TAROCK_ONLINE_OPEN2
M, F, LM, LF = S.DECL_MADE, S.DEF_MADE, S.DECL_FAILED, S.DEF_FAILED


def mk(cid, n=3, decl=0, pts=36, partner=-1, bonus=None, ann=(), kontra=0, kitems=None,
       tricks=None, thirds=None):
    s = S.Summary(cid, decl, n)
    s.partner = partner
    s.decl_thirds = 3 * pts
    if tricks is None:
        tricks = [0] * n
        if decl >= 0:
            tricks[decl] = 5
        tricks[(decl + 1) % n] = 5
    s.tricks = list(tricks)
    if thirds is not None:
        s.thirds = list(thirds)
    if bonus:
        for b in bonus:
            s.bonus[b] = bonus[b]
    for b in ann:
        s.announced[b] = S.DECL
    s.kontra[0] = kontra
    if kitems:
        for b in kitems:
            s.kontra[1 + b] = kitems[b]
    return s


def sc(s, profile=PTO):
    S.check_summary(profile, s)
    return S.score(profile, s)


# ---------------------------------------------------------------- the seed's example
def test_seed_example_zwei_39_announced_trull():
    # 3 players, Zwei, 39 points, announced Trull made: 20 + (39 - 35) + 20 = 44
    s = mk(PS.ZWEI, 3, 0, 39, bonus={PS.TRULL: M}, ann=(PS.TRULL,))
    assert sc(s) == [44, -44, -44]


def test_seed_example_with_kontra_on_the_game():
    # the same with Kontra on the game: 44 x 2 = 88
    s = mk(PS.ZWEI, 3, 1, 39, bonus={PS.TRULL: M}, ann=(PS.TRULL,), kontra=1)
    assert sc(s) == [-88, 88, -88]


# ---------------------------------------------------------------- card-point contracts
def test_drei_won_with_partner_four_players():
    # 10 + (36 - 35) = 11 to declarer and partner, -11 to each opponent
    assert sc(mk(PS.DREI, 4, 0, 36, partner=2)) == [11, -11, 11, -11]


def test_drei_exactly_35_is_lost():
    # 35 < 36: lost, -(10 + 0)
    assert sc(mk(PS.DREI, 3, 2, 35)) == [10, 10, -10]


def test_one_third_short_of_36_is_lost():
    # 106 thirds = 35 1/3 points -> 35, lost: -(10 + 0); 107 thirds -> 36: +11
    s = mk(PS.DREI, 3, 0, 0)
    s.decl_thirds = 106
    assert sc(s) == [-10, 10, 10]
    s.decl_thirds = 107
    assert sc(s) == [11, -11, -11]


def test_zwei_eins_lost_by_the_difference():
    # Zwei, 30 points: -(20 + 5) = -25; Eins, 20 points: -(30 + 15) = -45
    assert sc(mk(PS.ZWEI, 2, 0, 30)) == [-25, 25]
    assert sc(mk(PS.EINS, 3, 1, 20)) == [45, -45, 45]


def test_eins_won_big():
    # Eins, 50 points: 30 + 15 = 45
    assert sc(mk(PS.EINS, 4, 3, 50, partner=0)) == [45, -45, -45, 45]


def test_solo_forms_four_players():
    # Solo drei 20 + 5 (40 points); Solo zwei 30 + 1; Solo eins -(40 + 3) at 32
    assert sc(mk(PS.SOLO_DREI, 4, 0, 40)) == [25, -25, -25, -25]
    assert sc(mk(PS.SOLO_ZWEI, 4, 1, 36)) == [-31, 31, -31, -31]
    assert sc(mk(PS.SOLO_EINS, 4, 2, 32)) == [43, 43, -43, 43]


def test_solo_ohne_talon():
    # 50 + (45 - 35) = 60
    assert sc(mk(PS.SOLO_OHNE, 3, 0, 45)) == [60, -60, -60]


def test_solo_forms_refused_below_four():
    e = raises(ValueError, S.check_summary, PTO, mk(PS.SOLO_DREI, 3, 0, 40))
    assert "four" in str(e)


# ---------------------------------------------------------------- negative contracts
def test_piccolo():
    # exactly one trick: +60; two: -60; Kontra: x2
    assert sc(mk(PS.PICCOLO, 3, 0, 0, tricks=[1, 6, 9])) == [60, -60, -60]
    assert sc(mk(PS.PICCOLO, 3, 0, 0, tricks=[2, 6, 8])) == [-60, 60, 60]
    assert sc(mk(PS.PICCOLO, 4, 1, 0, tricks=[4, 1, 4, 3], kontra=1)) == [-120, 120, -120, -120]


def test_bettler_and_offener_bettler():
    # no trick: +70 / +80; one trick: -70 / -80; Re: x4
    assert sc(mk(PS.BETTLER, 4, 0, 0, tricks=[0, 4, 4, 4])) == [70, -70, -70, -70]
    assert sc(mk(PS.BETTLER, 3, 0, 0, tricks=[1, 0, 0])) == [-70, 70, 70]
    assert sc(mk(PS.OFFENER_BETTLER, 2, 1, 0, tricks=[24, 0])) == [-80, 80]
    assert sc(mk(PS.OFFENER_BETTLER, 3, 2, 0, tricks=[1, 1, 1], kontra=2)) == [320, 320, -320]


# ---------------------------------------------------------------- bonuses
def test_silent_trull_and_kings():
    # Drei 36 (+11); silent Trull +10, Könige by the opponents -10
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M, PS.KINGS: F})
    assert sc(s) == [11, -11, -11]
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M})
    assert sc(s) == [21, -21, -21]
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.KINGS: M, PS.TRULL: F, PS.PAGAT: LF})
    # 11 + 10 - 10 + 25 (opponents' Pagat lost in the last trick) = 36
    assert sc(s) == [36, -36, -36]


def test_announced_kings_made_and_failed():
    # 11 + 20; 11 - 20
    assert sc(mk(PS.DREI, 3, 0, 36, bonus={PS.KINGS: M}, ann=(PS.KINGS,))) == [31, -31, -31]
    assert sc(mk(PS.DREI, 3, 0, 36, ann=(PS.KINGS,))) == [-9, 9, 9]
    # the opponents take all four kings against the announcement: only the failed -20
    assert sc(mk(PS.DREI, 3, 0, 36, bonus={PS.KINGS: F}, ann=(PS.KINGS,))) == [-9, 9, 9]


def test_pagat_ultimo():
    # silent made +25; played in the last trick and lost: -25 (its silent value);
    # announced made +50; announced, never won: -50
    assert sc(mk(PS.ZWEI, 3, 0, 40, bonus={PS.PAGAT: M})) == [50, -50, -50]   # 25 + 25
    assert sc(mk(PS.ZWEI, 3, 0, 40, bonus={PS.PAGAT: LM})) == [0, 0, 0]       # 25 - 25
    assert sc(mk(PS.ZWEI, 3, 0, 40, bonus={PS.PAGAT: M}, ann=(PS.PAGAT,))) == [75, -75, -75]
    assert sc(mk(PS.ZWEI, 3, 0, 40, ann=(PS.PAGAT,))) == [-25, 25, 25]       # 25 - 50
    assert sc(mk(PS.ZWEI, 3, 0, 40, bonus={PS.PAGAT: F})) == [0, 0, 0]        # 25 - 25


def test_trullpagat_silent_replaces_trull_and_pagat():
    # both made, neither announced: 50 instead of 10 + 25; game 10 + 1
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M, PS.PAGAT: M})
    assert sc(s) == [61, -61, -61]
    # made by the opponents: 11 - 50
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: F, PS.PAGAT: F})
    assert sc(s) == [-39, 39, 39]
    # Trull announced, Pagat silent: 11 + 20 + 25 (no Trullpagat)
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M, PS.PAGAT: M}, ann=(PS.TRULL,))
    assert sc(s) == [56, -56, -56]


def test_trullpagat_announced():
    # made: 11 + 70; failed (Pagat lost): 11 - 70, Trull's silent value not added
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M, PS.PAGAT: M}, ann=(PS.TRULLPAGAT,))
    assert sc(s) == [81, -81, -81]
    s = mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M, PS.PAGAT: LM}, ann=(PS.TRULLPAGAT,))
    assert sc(s) == [-59, 59, 59]
    e = raises(ValueError, S.check_summary, PTO,
               mk(PS.DREI, 3, 0, 36, ann=(PS.TRULLPAGAT, PS.TRULL)))
    assert (getattr(e, "code", 0), getattr(e, "what", 0)) == (E_SO, ("sb_trullpagat",)), str(e)


def test_valat():
    t3 = [16, 0, 0]
    # silent Valat: 250 instead of the game (10 + 35) and Trull (+10)
    s = mk(PS.DREI, 3, 0, 70, bonus={PS.VALAT: M, PS.TRULL: M}, tricks=t3)
    assert sc(s) == [250, -250, -250]
    # announced and made: 500; Kontra on it: 1000
    s = mk(PS.DREI, 3, 0, 70, bonus={PS.VALAT: M}, ann=(PS.VALAT,), tricks=t3)
    assert sc(s) == [500, -500, -500]
    s = mk(PS.DREI, 3, 0, 70, bonus={PS.VALAT: M}, ann=(PS.VALAT,), tricks=t3,
           kitems={PS.VALAT: 1})
    assert sc(s) == [1000, -1000, -1000]
    # announced, failed: game + bonuses - 500: 10 + 15 + 10 - 500 = -465
    s = mk(PS.DREI, 3, 0, 50, bonus={PS.TRULL: M}, ann=(PS.VALAT,), tricks=[15, 1, 0])
    assert sc(s) == [-465, 465, 465]
    # the opponents take every trick: -250
    s = mk(PS.ZWEI, 4, 0, 1, partner=1, bonus={PS.VALAT: F}, tricks=[0, 0, 6, 6])
    assert sc(s) == [-250, -250, 250, 250]


def test_kontra_on_an_item_and_on_the_game():
    base = {"bonus": {PS.TRULL: M}, "ann": (PS.TRULL,)}
    # Trull Kontra: 11 + 40; Re: 11 + 80; Sub: 11 + 160
    assert sc(mk(PS.DREI, 3, 0, 36, kitems={PS.TRULL: 1}, **base)) == [51, -51, -51]
    assert sc(mk(PS.DREI, 3, 0, 36, kitems={PS.TRULL: 2}, **base)) == [91, -91, -91]
    assert sc(mk(PS.DREI, 3, 0, 36, kitems={PS.TRULL: 3}, **base)) == [171, -171, -171]
    # both: (11 + 40) x 2 = 102; game Sub alone: (11 + 20) x 8 = 248
    assert sc(mk(PS.DREI, 3, 0, 36, kontra=1, kitems={PS.TRULL: 1}, **base)) == [102, -102, -102]
    assert sc(mk(PS.DREI, 3, 0, 36, kontra=3, **base)) == [248, -248, -248]


def test_kontra_only_on_announced_items():
    e = raises(ValueError, S.check_summary, PTO, mk(PS.DREI, 3, 0, 36, kitems={PS.KINGS: 1}))
    assert "announced" in str(e)
    e = raises(ValueError, S.check_summary, PTO, mk(PS.DREI, 3, 0, 36, kontra=4))
    assert "0..3" in str(e)


# ---------------------------------------------------------------- Klop
def test_klop_play_tarock_online():
    # each for himself: points negative; no trick +10. thirds 60 -> 20,
    # 91 -> 30 (30 1/3), 0 tricks -> +10, 53 -> 18 (17 2/3)
    s = mk(PS.KLOP, 4, -1, 0, tricks=[3, 5, 0, 4], thirds=[60, 91, 0, 53])
    assert sc(s) == [-20, -30, 10, -18]


def test_klop_standard_70():
    # someone above 35 (108 thirds = 36): -70, the trickless +70, the rest 0
    s = mk(PS.KLOP, 3, -1, 0, tricks=[10, 6, 0], thirds=[108, 96, 0])
    assert sc(s, STD) == [-70, 0, 70]
    # nobody decided: each pays his points: 69 -> 23, 60 -> 20, 75 -> 25
    s = mk(PS.KLOP, 3, -1, 0, tricks=[5, 5, 6], thirds=[69, 60, 75])
    assert sc(s, STD) == [-23, -20, -25]


# ---------------------------------------------------------------- open two-player game
def _open(announcer, pts0):
    s = mk(PS.OPEN2, 2, announcer, 0, tricks=[14, 13], thirds=[3 * pts0, 210 - 3 * pts0])
    return sc(s, OPEN)


def test_open_two_player_worked_figures():
    # (36 - 35) x 2 = +2; (40 - 35) x 2 = +10; (34 - 35) x 3 = -3; (30 - 35) x 3 = -15
    assert _open(0, 36) == [2, -2]
    assert _open(0, 40) == [10, -10]
    assert _open(0, 34) == [-3, 3]
    assert _open(0, 30) == [-15, 15]
    # the dealer announces and takes 40 (forehand 30): +10
    assert _open(1, 30) == [-10, 10]
    # exactly 35: nothing
    assert _open(1, 35) == [0, 0]


def test_open_two_player_unannounced():
    # 36 : 34 -> +1 / -1; 40 : 30 -> +5 / -5
    assert _open(-1, 36) == [1, -1]
    assert _open(-1, 30) == [-5, 5]


# ---------------------------------------------------------------- standard tariff
def test_standard_tariff():
    # Solo drei 40 + 5; Solo ohne 80 flat (no difference); Drei 36 with silent
    # Trull and Pagat: 11 + 10 + 25 (no Trullpagat in the standard tariff).
    # Only the declarer's side is written: the opponents get 0.
    assert sc(mk(PS.SOLO_DREI, 4, 0, 40), STD) == [45, 0, 0, 0]
    assert sc(mk(PS.SOLO_OHNE, 3, 0, 50), STD) == [80, 0, 0]
    assert sc(mk(PS.SOLO_OHNE, 3, 0, 20), STD) == [-80, 0, 0]
    assert sc(mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: M, PS.PAGAT: M}), STD) == [46, 0, 0]


def test_standard_valat_contracts_and_king_ultimo():
    # Valat ohne Talon: all 16 tricks +500, else -500; Farbvalat 125
    assert sc(mk(PS.VALAT_OHNE, 3, 1, 0, tricks=[0, 16, 0]), STD) == [0, 500, 0]
    assert sc(mk(PS.FARBVALAT, 3, 1, 0, tricks=[1, 3, 0]), STD) == [0, -125, 0]
    # King ultimo silent +10, lost -10, announced +20; the partner is written too
    s = mk(PS.DREI, 4, 0, 36, partner=1, bonus={PS.KING_ULTIMO: M})
    assert sc(s, STD) == [21, 21, 0, 0]
    s = mk(PS.DREI, 4, 0, 36, partner=1, bonus={PS.KING_ULTIMO: LM})
    assert sc(s, STD) == [1, 1, 0, 0]
    s = mk(PS.DREI, 4, 0, 36, partner=1, bonus={PS.KING_ULTIMO: M}, ann=(PS.KING_ULTIMO,))
    assert sc(s, STD) == [31, 31, 0, 0]
    # not in the seed's tariff
    e = raises(ValueError, S.check_summary, PTO, s)
    assert "not played" in str(e)


def test_opponents_score_per_profile():
    # the same Zwei, 39 points, with a partner: seed -S for each opponent, standard 0
    s = mk(PS.ZWEI, 4, 0, 39, partner=2)
    assert sc(s, PTO) == [24, -24, 24, -24]     # 20 + 4
    assert sc(s, STD) == [24, 0, 24, 0]
    # a negative contract too (Bettler 70, made: no trick)
    s = mk(PS.BETTLER, 3, 1, 0, tricks=[8, 0, 8])
    assert sc(s, PTO) == [-70, 70, -70]
    assert sc(s, STD) == [0, 70, 0]


def test_mondfang_costs_its_player_alone():
    # standard: Drei won 36 (10 + 1 = 11 for the pair 0+2); position 3 lost
    # his Mond to the Skis: -21 for him only, nothing to anybody else
    s = mk(PS.DREI, 4, 0, 36, partner=2)
    s.mond_lost = 3
    assert sc(s, STD) == [11, 0, 11, -21]
    s.mond_lost = 2                              # the partner's own Mond
    assert sc(s, STD) == [11, 0, -10, 0]
    s.kontra[0] = 1                              # Kontra doubles the game only
    assert sc(s, STD) == [22, 0, 1, 0]
    # the Mondfang is not in the seed's rules, and only in Drei .. Solo eins
    s = mk(PS.DREI, 3, 0, 36)
    s.mond_lost = 1
    assert "not played" in str(raises(ValueError, S.check_summary, PTO, s))
    s = mk(PS.SOLO_OHNE, 3, 0, 40)
    s.mond_lost = 1
    assert "Drei .. Solo eins" in str(raises(ValueError, S.check_summary, STD, s))
    s = mk(PS.SOLO_EINS, 4, 0, 40)               # Solo eins 60 + 5
    s.mond_lost = 0
    assert sc(s, STD) == [44, 0, 0, 0]
    s.mond_lost = 4
    assert "position" in str(raises(ValueError, S.check_summary, STD, s))


def test_mondfang_in_the_dict_form_only_when_set():
    s = mk(PS.ZWEI, 4, 2, 39, partner=0)
    d = S.summary_to_dict(s)
    assert "mond_lost" not in d                  # records without it read as before
    assert S.summary_from_dict(d).mond_lost == -1
    s.mond_lost = 1
    d = S.summary_to_dict(s)
    assert d["mond_lost"] == 1
    s2 = S.summary_from_dict(d)
    assert s2.mond_lost == 1 and S.score(STD, s2) == S.score(STD, s)


# ---------------------------------------------------------------- entries, journal, profiles
def test_check_summary_refuses_impossible_entries():
    bad = (
        (mk(PS.DREI, 5, 0, 36), "2, 3 or 4"),
        (mk(PS.DREI, 3, 0, 80), "decl_thirds"),
        (mk(PS.DREI, 3, 3, 36, tricks=[5, 5, 5]), "declarer"),
        (mk(PS.DREI, 3, 0, 36, partner=1), "partner"),
        (mk(PS.SOLO_DREI, 4, 0, 36, partner=1), "partner"),
        (mk(PS.DREI, 3, 0, 36, tricks=[10, 10, 0]), "tricks"),
        (mk(PS.DREI, 3, 0, 36, bonus={PS.VALAT: M}), "valat"),
        (mk(PS.DREI, 3, 0, 70, tricks=[16, 0, 0]), "valat"),
        (mk(PS.DREI, 3, 0, 36, bonus={PS.TRULL: LM}), "ultimo"),
        (mk(PS.DREI, 3, 0, 36, bonus={PS.TRULLPAGAT: M}), "derived"),
        (mk(PS.BETTLER, 3, 0, 0, bonus={PS.TRULL: M}), "only in"),
        (mk(PS.KLOP, 3, 0, 0), "none"),
        (mk(PS.KLOP, 3, -1, 0, kontra=1), "Klop"),
        (mk(PS.OPEN2, 3, 0, 0), "two"),
        (mk(PS.FARBVALAT, 3, 0, 0), "not played"),
        (mk(PS.DREI, 3, 0, 36, thirds=[100, 100, 20]), "more than 70"),
    )
    for s, word in bad:
        e = raises(ValueError, S.check_summary, PTO, s)
        assert word in str(e), (word, str(e))
    s = mk(PS.OPEN2, 2, 0, 0, thirds=[100, 100], tricks=[13, 14])
    assert "210" in str(raises(ValueError, S.check_summary, OPEN, s))


def test_summary_dict_round_trip():
    s = mk(PS.ZWEI, 4, 2, 39, partner=0, bonus={PS.TRULL: M, PS.PAGAT: LM},
           ann=(PS.TRULL,), kontra=1, kitems={PS.TRULL: 2}, thirds=[30, 40, 50, 20])
    d = S.summary_to_dict(s)
    s2 = S.summary_from_dict(d)
    assert S.summary_to_dict(s2) == d
    assert S.score(PTO, s2) == S.score(PTO, s)
    del d["kontra"]
    assert "kontra" in str(raises(ValueError, S.summary_from_dict, d))


def test_profiles_and_family():
    assert P.get("slovenian/play-tarock-online") is PTO
    assert P.get("slovenian/standard") is STD
    for name in PS.PRESETS:
        P.validate(PS.PRESETS[name])
    f = families.family("slovenian")
    assert f["players"] == (2, 3, 4) and f["clockwise"] is False
    assert f["points"] == 70 and f["unit"] == 3 and f["zero_sum"] is False
    assert families.module("slovenian", "score") is S
    # the score sheet's Elo and abort values come from the profile (seeds/002)
    assert PTO["elo_k"] == 24 and PTO["abort_points"] == 25
    # the standard rules are the standard profile's; the seed's has none of them
    assert (PTO["emperor"], PTO["pagat_last"], PTO["mondfang"], PTO["king_talon"],
            PTO["opp_score"]) == (False, False, 0, "opp", "minus")
    assert (STD["emperor"], STD["pagat_last"], STD["mondfang"], STD["king_talon"],
            STD["opp_score"]) == (True, True, 21, "decl", "zero")


def test_profile_validation_names_the_key():
    cases = (
        ({"klop": "x"}, "klop"),
        ({"max_kontra": 4}, "max_kontra"),
        ({"contracts": {PS.DREI: {"rank": 2}}}, "rank"),
        ({"contracts": {PS.DREI: {"talon": 4}}}, "talon"),
        ({"contracts": {PS.BETTLER: {"talon": 3}}}, "talon"),
        ({"contracts": {PS.SOLO_DREI: {"call": True}}}, "call"),
        ({"contracts": {PS.DREI: {"lead": "x"}}}, "lead"),
        ({"bonus": {PS.TRULL: (10,)}}, "bonus"),
        ({"open2_win": -1}, "open2_win"),
        ({"elo_k": True}, "elo_k"),
        ({"emperor": 1}, "emperor"),
        ({"pagat_last": "yes"}, "pagat_last"),
        ({"mondfang": -21}, "mondfang"),
        ({"king_talon": "partner"}, "king_talon"),
        ({"opp_score": "half"}, "opp_score"),
    )
    for over, word in cases:
        e = raises(ProfileError, P.overlay, PTO, over)
        assert word in str(e), (over, str(e))
    p = P.overlay(PTO, {"contracts": {PS.PICCOLO: {"on": False}}, "klop_value": 20})
    assert p["klop_value"] == 20 and PTO["klop_value"] == 10
