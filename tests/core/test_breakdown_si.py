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


def test_an_entered_klop_shows_only_the_tricks_it_was_told():
    """The entry asks each player only "no trick?" (its 1 stands for "took
    a trick"): the breakdown says 0 tricks where told, no count elsewhere
    (it said "1 tr" for every other player)."""
    from table import games
    g = games.glue("slovenian")
    pto = SP.PLAY_TAROCK_ONLINE
    e = g.entry_init(pto)
    e["declarer"] = -1                  # nobody declared: Klop
    e["pts"] = [30, 0, 25, 15]
    e["notrick"] = [0, 1, 0, 0]
    s = g.entry_summary(pto, e)
    lines = check_si(pto, s)
    assert [("0 tr" in x, " 1 tr" in x) for x in lines[1:]] == [
        (False, False), (True, False), (False, False), (False, False)], lines
