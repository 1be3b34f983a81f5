# Bavarian breakdown (glue breakdown from score.unit_parts) adds up to the
# scorer's deltas: an announced Schneider, random played deals (breakdownkit).
from table.games.common import item_line as L
from tarock.bavarian import score as BS, profiles as BP
from breakdownkit import check_by, random_deals


def test_announced_schneider_made_schwarz():
    s = BS.Summary(0, False, 61)
    s.announced = BS.SCHNEIDER
    s.decl_eyes = 120
    s.decl_tricks = 11
    lines = check_by(BP.ANNOUNCED, s)
    # Schneider announced 2 x2 = 4, Schwarz reached adds 3 - 2 = 1: 5 per opponent
    assert lines[2:] == [L("Schneider ann. x2", 4), L("Schwarz", 1), L("each opponent pays", 5)]


def test_random_played_deals_add_up():
    random_deals("bavarian", (("bavarian/standard", 3), ("bavarian/announced", 3)))
