# Slovenian breakdown (glue breakdown from score.parts) adds up to the
# scorer's deltas: seeds/002's worked example (Zwei 39 + announced Trull =
# 44, with Kontra on the game 88), random played deals (breakdownkit).
from table.games.common import item_line as L
from tarock.slovenian import score as SS, profiles as SP
from breakdownkit import check_si, random_deals


def test_seed_worked_example():
    pto = SP.PLAY_TAROCK_ONLINE
    s = SS.Summary(SP.ZWEI, 0, 3)
    s.decl_thirds = 3 * 39
    s.tricks = [8, 8, 0]
    s.bonus[SP.TRULL] = SS.DECL_MADE
    s.announced[SP.TRULL] = SS.DECL
    lines = check_si(pto, s)
    assert L("Game 20", 20) in lines and L("difference to 35", 4) in lines
    assert lines[-1] == L("the declarer", 44)
    s.declarer = 1
    s.kontra[0] = 1
    lines = check_si(pto, s)
    assert lines[-1] == L("the declarer", 88) and L("Kontra x2", 44) in lines


def test_random_played_deals_add_up():
    random_deals("slovenian", (("slovenian/play-tarock-online", 4), ("slovenian/standard", 3)))
