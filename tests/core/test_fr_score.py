# French Tarot scoring, one line per case, on score_fr.Summary directly.
# Source: RULES.md §4 and seeds/003 ("Ein Spiel abrechnen"). Every expected
# number is worked out by hand in the comment next to it; R is what each
# defender pays the taker. 4 players: taker 3R; 3 players: 2R; 5 players:
# taker 2R, partner R, alone 4R; 2 players: R once. Halves: 2 x points.
from tarock.french import score as S, profiles as PF
from tarock import profiles as P
from tarock import seating
from mpcompat import raises

FFT = PF.FFT
PRISE, GARDE, SANS, CONTRE = PF.PRISE, PF.GARDE, PF.GARDE_SANS, PF.GARDE_CONTRE


def summ(contract, taker=0, halves=82, bouts=2, n=4, partner=-1, petit=S.NONE):
    s = S.Summary(contract, taker, n)
    s.halves = halves
    s.bouts = bouts
    s.partner = partner
    s.petit = petit
    return s


def check(s, expected, profile=FFT):
    S.check_summary(profile, s)
    r = S.score(profile, s)
    assert r == expected, "got %r, expected %r" % (r, expected)
    assert sum(r) == 0
    # the journal round trip scores the same
    assert S.score(profile, S.summary_from_dict(S.summary_to_dict(s))) == expected
    return r


# ------------------------------------------------------------ the seed's round

def test_seed_round_emma_570():
    # seats clockwise Emma 0, Nico 1, Pat 2, Léa 3; the deal moves to the
    # right (counter-clockwise); Emma deals first. Takers (bold in the seed,
    # read back from the totals): Nico, Pat, Emma, Léa.
    names = ("Emma", "Nico", "Pat", "Léa")
    deals = []
    # 1: Nico garde, 2 bouts, 47 points: 41 -> +6; (25+6) x 2 = 62, petit au
    #    bout +20 -> R = 82: Nico +246, the others -82
    deals.append((1, GARDE, 94, 2, S.ATT, None, [-82, 246, -82, -82]))
    # 2: Pat prise, 1 bout, 48: 51 -> -3; (25+3) x 1 = 28 lost: Pat -84, others +28
    deals.append((2, PRISE, 96, 1, S.NONE, None, [28, 28, -84, 28]))
    # 3: Emma garde sans, 3 bouts, 52: 36 -> +16; 41 x 4 = 164, + 20 for the
    #    poignée Nico announced, which goes to Emma, who wins: R = 184
    deals.append((0, SANS, 104, 3, S.NONE, 1, [552, -184, -184, -184]))
    # 4: Léa garde, 2 bouts, 40.5: lost by 1 (the half point to the defence),
    #    26 x 2 = 52, + 20 petit au bout of the defence: R = -72: Léa -216
    deals.append((3, GARDE, 81, 2, S.DEF, None, [72, 72, 72, -216]))
    totals = [0, 0, 0, 0]
    dealer = 0
    for (taker_seat, c, halves, bouts, petit, poignee_seat, want) in deals:
        seats = seating.positions(4, dealer)  # seat of each position
        s = summ(c, seats.index(taker_seat), halves, bouts, petit=petit)
        if poignee_seat is not None:
            s.poignees[seats.index(poignee_seat)] = 1
        line = seating.to_table(check(s, S.score(FFT, s)), seats, 4)
        assert line == want, (names[taker_seat], line, want)
        assert sum(line) == 0
        totals = [totals[i] + line[i] for i in range(4)]
        dealer = seating.next_dealer(4, dealer)
    # Emma +570 (-82 + 28 + 552 + 72); Nico 246 + 28 - 184 + 72 = 162;
    # Pat -82 - 84 - 184 + 72 = -278; Léa -82 + 28 - 184 - 216 = -454
    assert totals == [570, 162, -278, -454], totals


def test_seed_nico_lost_variant():
    # the seed: Nico garde with 2 bouts on 38 (diff -3): 28 x 2 = 56 lost, the
    # petit au bout stays his (+20): R = -36, Nico -108, each defender +36
    check(summ(GARDE, 1, 76, 2, petit=S.ATT), [36, -108, 36, 36])


# ------------------------------------------------------------ contracts, bouts

def test_each_contract_won_and_lost():
    # 1 bout (51): 55 points = +4 -> 29 x mult; 47 points = -4 -> -29 x mult
    for c, mult in ((PRISE, 1), (GARDE, 2), (SANS, 4), (CONTRE, 6)):
        check(summ(c, 0, 110, 1), [87 * mult, -29 * mult, -29 * mult, -29 * mult])
        check(summ(c, 0, 94, 1), [-87 * mult, 29 * mult, 29 * mult, 29 * mult])


def test_thresholds_by_bouts():
    check(summ(PRISE, 2, 112, 0), [-25, -25, 75, -25])   # 56 with 0 bouts: won by 0
    check(summ(PRISE, 2, 111, 0), [26, 26, -78, 26])     # 55.5: lost by 1 (half to defence)
    check(summ(PRISE, 2, 102, 1), [-25, -25, 75, -25])   # 51 with 1 bout
    check(summ(PRISE, 2, 82, 2), [-25, -25, 75, -25])    # 41 with 2
    check(summ(PRISE, 2, 72, 3), [-25, -25, 75, -25])    # 36 with 3
    check(summ(PRISE, 2, 70, 3), [26, 26, -78, 26])      # 35 with 3: lost by 1


def test_half_point_goes_to_the_winner():
    check(summ(GARDE, 0, 83, 2), [156, -52, -52, -52])   # 41.5: won by 1, 26 x 2
    check(summ(GARDE, 0, 81, 2), [-156, 52, 52, 52])     # 40.5: lost by 1
    check(summ(GARDE, 0, 85, 2), [162, -54, -54, -54])   # 42.5: won by 2 (1.5 -> 2), 27 x 2


# ------------------------------------------------------------ petit au bout

def test_petit_au_bout():
    # prise won by 0 (51 with 1 bout): 25; attack +10 -> 35, defence -10 -> 15
    check(summ(PRISE, 0, 102, 1, petit=S.ATT), [105, -35, -35, -35])
    check(summ(PRISE, 0, 102, 1, petit=S.DEF), [45, -15, -15, -15])
    # garde contre won by 0: 25 x 6 = 150, petit 10 x 6 = 60 -> 210
    check(summ(CONTRE, 0, 102, 1, petit=S.ATT), [630, -210, -210, -210])
    # fixed variant: 150 + 10 = 160
    fixed = P.overlay(FFT, {"petit_fixed": True})
    check(summ(CONTRE, 0, 102, 1, petit=S.ATT), [480, -160, -160, -160], fixed)


# ------------------------------------------------------------ poignées

def test_poignees_to_the_winning_side():
    # prise won by 0 (25); simple 20, double 30, triple 40, never multiplied
    for lv, v in ((1, 20), (2, 30), (3, 40)):
        s = summ(PRISE, 0, 102, 1)
        s.poignees[0] = lv                 # the taker's own
        check(s, [3 * (25 + v), -(25 + v), -(25 + v), -(25 + v)])
        s = summ(GARDE, 0, 102, 1)
        s.poignees[3] = lv                 # a defender's, won garde: to the taker
        check(s, [3 * (50 + v), -(50 + v), -(50 + v), -(50 + v)])
    # lost prise (50 of 51: -26): both poignées (20 + 30) go to the defence: R = -76
    s = summ(PRISE, 0, 100, 1)
    s.poignees[0] = 1
    s.poignees[1] = 2
    check(s, [-228, 76, 76, 76])


def test_poignee_to_the_announcer_variant():
    ann = P.overlay(FFT, {"poignee_to": "announcer"})
    # lost prise (50 of 51: -26) but the taker's simple poignée stays his: R = -6
    s = summ(PRISE, 0, 100, 1)
    s.poignees[0] = 1
    check(s, [-18, 6, 6, 6], ann)
    # won prise (+25), a defender's double goes to the defence: R = -5
    s = summ(PRISE, 0, 102, 1)
    s.poignees[2] = 2
    check(s, [-15, 5, 5, 5], ann)


# ------------------------------------------------------------ chelem

def test_chelem_cases():
    # garde, 3 bouts, all 91 points: 36 -> +55, (25+55) x 2 = 160
    s = summ(GARDE, 0, 182, 3)
    s.chelem = S.ATT
    check(s, [3 * 360, -360, -360, -360])            # unannounced: +200 -> 360
    s.chelem_announced = True
    check(s, [3 * 560, -560, -560, -560])            # announced and made: +400 -> 560
    # announced and failed, contract made with 3 bouts and 60: +24, 49 x 2 = 98 - 200 = -102
    s = summ(GARDE, 0, 120, 3)
    s.chelem_announced = True
    check(s, [-306, 102, 102, 102])
    # the defence takes every trick: prise, 0 points, 0 bouts: 56 -> -56,
    # 81 x 1 = -81, and 200 to each defender: R = -281
    s = summ(PRISE, 0, 0, 0)
    s.chelem = S.DEF
    check(s, [-843, 281, 281, 281])
    # announced, and the defence takes every trick: -81 - 200 - 200 = -481
    s.chelem_announced = True
    check(s, [-1443, 481, 481, 481])


def test_slam_with_the_defences_excuse_kept():
    # seed 003: the defence played its Excuse before the last trick and keeps
    # it: the attack has 91 - 4 1/2 + 1/2 (the card owed for it) = 87 points
    # (174 halves) and 2 bouts; 41 needed: +46; garde (25 + 46) x 2 = 142,
    # unannounced chelem +200: R = 342; announced and made +400: R = 542
    s = summ(GARDE, 0, 174, 2)
    s.chelem = S.ATT
    check(s, [3 * 342, -342, -342, -342])
    s.chelem_announced = True
    check(s, [3 * 542, -542, -542, -542])
    # 87 points in a slam need exactly the two bouts outside the Excuse
    s = summ(GARDE, 0, 174, 3)
    s.chelem = S.ATT
    assert "chelem" in str(raises(ValueError, S.check_summary, FFT, s))
    s.bouts = 1                                     # 8 halves cannot hold 2 bouts
    assert "bouts" in str(raises(ValueError, S.check_summary, FFT, s))
    s = summ(GARDE, 0, 173, 2)                      # nor is any other count a slam
    s.chelem = S.ATT
    assert "chelem" in str(raises(ValueError, S.check_summary, FFT, s))


def test_slam_at_five_with_the_attacks_excuse_gone_over():
    # seed 003: the partner's Excuse played (not led) in the last trick goes
    # to the defence although the taker takes that trick: 91 - 4 1/2 = 86 1/2
    # points (173 halves), 2 bouts; 41 needed: +45 1/2 -> 46; garde
    # (25 + 46) x 2 = 142, unannounced chelem +200: R = 342; taker 2R,
    # partner R, each defender -R
    s = summ(GARDE, 0, 173, 2, n=5, partner=3)
    s.chelem = S.ATT
    check(s, [684, -342, -342, 342, -342])
    # only at five (with fewer the attack is one player, who leads the last
    # trick after taking every other: his Excuse wins it), only with 2 bouts,
    # and not where the profile gives it to the last trick's winner
    s = summ(GARDE, 0, 173, 2, n=4)
    s.chelem = S.ATT
    assert "chelem" in str(raises(ValueError, S.check_summary, FFT, s))
    s = summ(GARDE, 0, 173, 3, n=5, partner=3)
    s.chelem = S.ATT
    assert "chelem" in str(raises(ValueError, S.check_summary, FFT, s))
    s.bouts = 2
    winner = P.overlay(FFT, {"excuse_last": "winner"})
    assert "chelem" in str(raises(ValueError, S.check_summary, winner, s))


# ------------------------------------------------------------ player counts

def test_three_players():
    # garde, 2 bouts, 47 points: 31 x 2 = 62; taker 2R
    check(summ(GARDE, 1, 94, 2, n=3), [-62, 124, -62])
    check(summ(GARDE, 1, 76, 2, n=3), [56, -112, 56])  # 38: -3 -> 28 x 2 lost


def test_five_players_partner_and_alone():
    # garde won by 6 with 2 bouts: R = 62; taker 2R = 124, partner R = 62,
    # three defenders -62 each
    check(summ(GARDE, 0, 94, 2, n=5, partner=3), [124, -62, -62, 62, -62])
    # lost by 3: R = -56: taker -112, partner -56, defenders +56
    check(summ(GARDE, 4, 76, 2, n=5, partner=1), [56, -56, 56, 56, -112])
    # self-call or king in the chien: alone, 4R = 248
    check(summ(GARDE, 2, 94, 2, n=5), [-62, -62, 248, -62, -62])


def test_two_players_paid_once():
    check(summ(GARDE, 0, 94, 2, n=2), [62, -62])


def test_misere_from_each_other_player():
    mis = P.overlay(FFT, {"miseres": True})
    # prise won by 0 (R 25); defender 1: misère d'atout +10 from each of 3
    s = summ(PRISE, 0, 102, 1)
    s.miseres[1] = S.M_TRUMP
    check(s, [75 - 10, -25 + 30, -25 - 10, -25 - 10], mis)
    # both misères: 20 from each
    s.miseres[1] = S.M_TRUMP | S.M_HEAD
    check(s, [75 - 20, -25 + 60, -25 - 20, -25 - 20], mis)


def test_redeal_scores_nothing():
    s = S.redeal_summary(4)
    assert S.score(FFT, s) == [0, 0, 0, 0]
    d = S.summary_to_dict(s)
    assert d["redeal"] == 1 and S.summary_from_dict(d).redeal
    S.check_summary(FFT, s)


# ------------------------------------------------------------ entry checks

def test_check_summary_refuses_impossible_entries():
    for field, value, word in (("halves", 183, "halves"), ("bouts", 4, "bouts"),
                               ("contract", 5, "contract"), ("taker", 4, "taker"),
                               ("petit", 3, "petit"), ("chelem", 7, "chelem")):
        s = summ(GARDE)
        setattr(s, field, value)
        e = raises(ValueError, S.check_summary, FFT, s)
        assert word in str(e), str(e)
    s = summ(GARDE, halves=10, bouts=2)      # two bouts are 9 halves each
    assert "bouts" in str(raises(ValueError, S.check_summary, FFT, s))
    s = summ(GARDE, halves=120, bouts=0, petit=S.ATT)
    assert "petit" in str(raises(ValueError, S.check_summary, FFT, s))
    s = summ(GARDE, partner=2)               # four players call nobody
    assert "partner" in str(raises(ValueError, S.check_summary, FFT, s))
    s = summ(GARDE)
    s.miseres[0] = S.M_TRUMP                 # misères off under fft
    assert "miseres" in str(raises(ValueError, S.check_summary, FFT, s))
    s = summ(GARDE, halves=170, bouts=3)
    s.chelem = S.ATT                         # every trick but not every point
    assert "chelem" in str(raises(ValueError, S.check_summary, FFT, s))


def test_profiles_validate_and_presets():
    for name in PF.PRESETS:
        assert P.get("french/" + name)["family"] == "french"
        P.validate(PF.PRESETS[name])
    assert P.get("french/strohmann")["dummy5"] is True
    assert FFT["excuse_last"] == "opponents"     # seed 003: "an die Gegenseite"
    for over, key in (({"poignee_to": "nobody"}, "poignee_to"),
                      ({"excuse_last": "taker"}, "excuse_last"),
                      ({"thresholds": (56, 51, 41)}, "thresholds"),
                      ({"contracts": {PRISE: {"mult": 0}}}, "contracts.1.mult"),
                      ({"poignee_trumps": {5: (8, 10, 16)}}, "poignee_trumps.5"),
                      ({"base": -1}, "base"), ({"color": 1}, "color")):
        e = raises(P.ProfileError, P.overlay, FFT, over)
        assert key in str(e), (key, str(e))


def test_dummy_variant_dealer_sits_out():
    # five at the table, Jules (seat 4) deals and sits out: a four-player deal
    # among seats 3, 2, 1, 0 (counter-clockwise from the dealer's right)
    seats = seating.positions(5, 4, active=4)
    assert seats == [3, 2, 1, 0]
    # position 1 (seat 2) takes a garde, 47 with 2 bouts: R = 62, taker 3R
    line = seating.to_table(check(summ(GARDE, 1, 94, 2), [-62, 186, -62, -62]), seats, 5)
    assert line == [-62, -62, 186, -62, 0]
