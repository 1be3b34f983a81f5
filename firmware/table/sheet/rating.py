# Player ratings (Elo) for the score sheet, integer only.
# Source: seeds/002_e0a8d29b22d99fad.txt ("Play Tarock Online"): "Die Wertung
# ändert sich nach jeder beendeten Runde ... Elo-Berechnung mit K = 24 und
# vergleicht das Rundenergebnis mit jedem anderen Spieler"; the abort rule:
# only the creator, only in the first round and before dealing, -25 game
# points, ratings unchanged. A "Runde" there is one deal (its abort rule:
# "first round, before dealing"), so ratings move after every final deal.
#
# Each pair (i, j) of players who played the deal is one Elo game with
# K = 24: S = 1 if i's result beat j's, 1/2 if equal, 0 if lower;
# E = 1 / (1 + 10 ** ((Rj - Ri) / 400)) from a generated per-mille table
# (firmware/table/sheet/elo_table.py; |Ri - Rj| clamped at 800). Ratings are ints;
# change_i = round(K * sum_j (1000 S_ij - E_ij) / 1000), halves away from 0.
# MicroPython floats are single precision on the RP2040: no float here.
from table.sheet.elo_table import ELO_PM, ELO_MAX_DIFF

K = 24
START = 1500
ABORT_PENALTY = 25


def expected_pm(diff):
    """Expected score in per mille of a player rated `diff` above his opponent."""
    neg = diff < 0
    if neg:
        diff = -diff
    if diff > ELO_MAX_DIFF:
        diff = ELO_MAX_DIFF
    e = ELO_PM[2 * diff] + 256 * ELO_PM[2 * diff + 1]
    return 1000 - e if neg else e


def div_round(x, d):
    """x / d rounded to the nearest int, halves away from zero (d > 0)."""
    if x >= 0:
        return (x + d // 2) // d
    return -((-x + d // 2) // d)


def changes(ratings, results, k=K):
    """Rating changes for the players of one deal: ratings[i] and results[i]
    (their score-sheet deltas) of the same player i; k: the Elo factor (the
    profile's elo_k where it has one)."""
    n = len(ratings)
    out = [0] * n
    for i in range(n):
        raw = 0
        for j in range(n):
            if j == i:
                continue
            if results[i] > results[j]:
                s = 1000
            elif results[i] == results[j]:
                s = 500
            else:
                s = 0
            raw += s - expected_pm(ratings[i] - ratings[j])
        out[i] = div_round(k * raw, 1000)
    return out


def may_abort(seat, creator, deals_started):
    """The seed's abort rule ("Nur der Raumersteller darf ein gestartetes
    Spiel abbrechen, nur in der ersten Runde und vor dem Austeilen"): the
    creator only, while no deal of the party has been dealt (deals_started:
    the deals whose cards were dealt; a first deal given up by the table
    still was the first round, so it counts)."""
    return seat == creator and deals_started == 0
