# French breakdown (glue breakdown from score.parts, misere_units) adds up to
# the scorer's deltas: seeds/003's garde of Nico (R = -36), random played
# deals at 3, 4 and 5 players (breakdownkit).
from table.games.common import item_line as L
from tarock.french import score as FS, profiles as FP
from breakdownkit import check_fr, random_deals


def test_seed_nico_garde():
    f = FS.Summary(FP.GARDE, 1, 4)
    f.halves = 76
    f.bouts = 2
    f.petit = FS.ATT
    lines = check_fr(FP.FFT, f)
    assert lines[1] == "38 of 41, 2 bouts: lost"
    assert L("base 25 x2", -50) in lines and L("points 3 x2", -6) in lines
    assert L("Petit au bout", 20) in lines and lines[-1] == L("each defender pays", -36)


def test_random_played_deals_add_up():
    random_deals("french", (("french/fft", 4), ("french/fft", 5), ("french/fft", 3)))
