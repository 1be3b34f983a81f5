# Score entry of French Tarot (table.games.french): the points counted from
# the defence's pile, poignées by side (seed 003: the bonus goes to the side
# that wins the deal; the "maison" variant: to the announcer's side) --
# filled in as the glue's steps ask, through entry_summary and the scorer,
# against figures worked by hand.
from tarock.french import profiles as P, score as S
import entrykit as K
from table.games import french as G

NAMES = ("Anna", "Bert", "Clara", "Dora", "Emil")


def name(p):
    return NAMES[p]


def fill(profile, values, n=4):
    """values as the bonus list takes them ("other bonuses"), unless they
    say the one pick (quick)."""
    v = {"quick": -1}
    v.update(values)
    return K.fill(G, profile, v, name, n)


def deltas(profile, e):
    return K.deltas(G, profile, e)


def test_defence_counted_and_its_poignee_to_the_winner():
    # Garde by Bert; the defence counts 43.5 (87 halves) with 1 bout: the
    # taker's side has 47.5 with 2, needed 41: |95 - 82| = 13 halves -> 7;
    # R = (25 + 7) x 2 = 64; a simple poignée (20) shown by the defence goes
    # to the side that wins, the taker's: R = 84, taker +252, each -84
    pf = P.FFT
    e, titles = fill(pf, {"contract": 2, "taker": 1, "pile": 5, "dhalves": 87,
                          "pg_def": [1, 0, 0, 0]})
    # (the bonuses' one pick, then its "other bonuses": the list)
    assert titles == ["Taker", "Contract", "Bouts, defence",
                      "Points, defence", "Bonuses", "Bonuses"], titles
    d, s = deltas(pf, e)
    assert s.halves == 95 and s.bouts == 2
    assert s.poignees == [1, 0, 0, 0]   # on the first defender
    assert d == [-84, 252, -84, -84], d


def test_slam_with_the_defences_excuse_entered():
    # seed 003: the attack took every trick, the defence kept its Excuse
    # (played before the last trick): the defence counts 4 points (its Excuse,
    # less the half point it owes) and 1 bout, the taker's side 87 with 2;
    # garde by Anna: 41 needed, +46, (25 + 46) x 2 = 142, silent chelem +200:
    # R = 342. The glue's check (the scorer's check_summary) lets it through.
    pf = P.FFT
    e, titles = fill(pf, {"contract": 2, "taker": 0, "pile": 5, "dhalves": 8,
                          "chelem": 1})
    d, s = deltas(pf, e)
    assert s.halves == 174 and s.bouts == 2 and s.chelem == S.ATT
    assert d == [1026, -342, -342, -342], d
    # entered from the taker's side the same
    e, titles = fill(pf, {"contract": 2, "taker": 0, "halves": 174, "pile": 2, "chelem": 1})
    assert deltas(pf, e)[0] == d


def test_taker_view_unchanged():
    pf = P.FFT
    e, titles = fill(pf, {"contract": 2, "taker": 1, "halves": 95, "pile": 2,
                          "pg_att": [1, 0]})
    assert titles[2] == "Bouts, taker's side" and titles[3] == "Points, taker's side"
    d, s = deltas(pf, e)
    assert s.poignees == [0, 1, 0, 0]
    assert d == [-84, 252, -84, -84], d


def test_announcer_variant_and_a_defender_without_trumps():
    # maison: the poignée to the announcer's side; the defence's double (30)
    # against the taker who wins: R = 64 - 30 = 34 (taker +102, each -34);
    # Anna announced misère d'atout (no trump: no poignée), so the defence's
    # poignée is Clara's; the misère: +10 from each other
    pm = P.PRESETS["maison"]
    e, _ = fill(pm, {"contract": 2, "taker": 1, "pile": 5, "dhalves": 87,
                     "pg_def": [2, 0, 0, 0], "miseres": [1, 0, 0, 0, 0]})
    d, s = deltas(pm, e)
    assert s.poignees == [0, 0, 2, 0], s.poignees
    assert d == [-4, 92, -44, -44], d


def test_second_poignee_row_appears_once_the_first_is_set():
    pf = P.FFT
    e = G.entry_init(pf)
    G.entry_start(pf, e, 4)
    e["contract"] = 1
    e["quick"] = -1          # "other bonuses": the list
    rows = G.entry_steps(pf, e, name)[-1][2]
    # (petit au bout first, then the poignées, then chelem: the likelier first)
    assert [r[0] for r in rows][1:4] == ["Poign. tak.", "Poign. def.", "Chelem"], rows
    e["pg_def"][0] = 1
    rows = G.entry_steps(pf, e, name)[-1][2]
    assert [r[0] for r in rows][1:5] == ["Poign. tak.", "Poign. def.", "2.poign. def.", "Chelem"]
    # two poignées by the defence (simple 20 + double 30), Prise lost by
    # Anna with 40 of 51 (1 bout): |80 - 102| = 22 halves -> 11, R = -(25 + 11)
    # = -36, both poignées to the defence that wins: R = -86
    e, _ = fill(pf, {"contract": 1, "taker": 0, "halves": 80, "pile": 1,
                     "pg_def": [1, 2, 0, 0]})
    d, s = deltas(pf, e)
    assert s.poignees == [0, 1, 2, 0]
    assert d == [-258, 86, 86, 86], d


def test_five_players_the_partners_poignee():
    # five, Garde by Anna calling Clara, 95 halves with 2 bouts: R = 64, the
    # attack's two simple poignées +40: R = 104; 3R = 312 split 2 : 1
    pf = P.FFT
    e, _ = fill(pf, {"contract": 2, "taker": 0, "partner": 2, "halves": 95, "pile": 2,
                     "pg_att": [1, 1]}, n=5)
    d, s = deltas(pf, e)
    assert s.poignees == [1, 0, 1, 0, 0]
    assert d == [208, -104, 104, -104, -104], d


def test_the_one_bonus_pick_scores_as_the_list_does():
    # issue 37: the commonest bonuses in one pick (no bonus, petit au bout
    # by the taker's side, a simple poignée of either side, petit au bout
    # and the taker's side's poignée); each scores as the same values
    # entered on the list, and a result the pick cannot say reopens on the
    # list ("other bonuses") when corrected
    pf = P.FFT
    base = {"contract": 2, "taker": 1, "halves": 95, "pile": 2}
    for k, (petit, att, dfc) in enumerate(G.QUICK):
        e, titles = fill(pf, dict(base, quick=k))
        assert titles[-1] == "Bonuses" and len(titles) == 5, titles   # no list after it
        lst, _ = fill(pf, dict(base, petit=petit, pg_att=[att, 0], pg_def=[dfc, 0, 0, 0]))
        assert deltas(pf, e)[0] == deltas(pf, lst)[0], k
        assert G.entry_values(pf, deltas(pf, e)[1])["quick"] == k
    e, _ = fill(pf, dict(base, halves=182, pile=3, chelem=1))   # every trick: a chelem
    assert G.entry_values(pf, deltas(pf, e)[1])["quick"] == -1
    e, _ = fill(pf, dict(base, pg_att=[2, 0]))       # a double poignée: the list's
    assert G.entry_values(pf, deltas(pf, e)[1])["quick"] == -1
