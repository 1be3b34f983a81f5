# Königrufen's breakdown (glue breakdown from score.parts / neg_unit / the
# Trischaken deltas) adds up to the scorer's deltas: a worked example and
# random played deals (breakdownkit); the manual entries of the sheet tests: test_breakdown_kr_entries.py.
from mpcompat import IS_MICROPYTHON
from table.games.common import item_line as L
from tarock.koenigrufen import score as KS, profiles as KP
from breakdownkit import check_kr, N

PK = KP.KOENIGRUFEN_PAGAT


def test_dreier_with_kontrad_pagat():
    k = KS.Summary(KP.DREIER, 1)
    k.decl_thirds = 130
    k.thirds = [50, 80, 40, 40]   # played: the cards counted (an entry has none)
    k.announced[KP.PAGAT_ULTIMO] = KS.DECL
    k.bonus[KP.PAGAT_ULTIMO] = KS.DECL_MADE
    k.kontra[1 + KP.PAGAT_ULTIMO] = 1
    k.kontra[0] = 1
    # game 1 x2 (Kontra) = 2 ... the Pagat profile: Dreier 2, Pagat ann. 2 x2
    lines = check_kr(PK, k)
    assert lines[:2] == ["Dreier Bernd", "won with 43 of 70 points"], lines
    assert lines[2].startswith("Game Kontra x2") and lines[3].startswith("Pagat ann. x2")
    assert lines[-1] == L("per opponent", KS.score(PK, k)[1] // 3)
    # entered as won ("Nur Punkte"): the entry's stand-in points unsaid
    k.thirds = [0, 0, 0, 0]
    assert check_kr(PK, k)[1] == "won"


def test_random_played_deals_add_up():
    # CPython only: the glue, its screens' modules and the rules and krsim
    # do not fit a 192K heap together (the manual entries run there)
    if IS_MICROPYTHON:
        return
    import krsim
    from tarock import profiles as PR
    for key in ("koenigrufen/pagat", "koenigrufen/tarockcup"):
        pr = PR.get(key)
        for seed in range(1, N + 1):
            check_kr(pr, krsim.play_random(pr, seed).summary())


def test_eight_letter_names_are_never_cut_silently():
    """The header line named declarer and partner by their first 7
    letters ("Christi+Dominik"): a name is whole, or shortened with a "."
    when the line must fit its 25 characters."""
    from table import games
    from tarock.koenigrufen import score as KS, profiles as KP
    long8 = ("Christin", "Dominika", "Benedikt", "Annelies")
    g = games.glue("koenigrufen")
    s = KS.Summary(KP.RUFER, 0, 4)
    s.partner = 2
    s.decl_thirds = 3 * 40
    head = g.breakdown(KP.KOENIGRUFEN_PAGAT, s, lambda p: long8[p])[0]
    assert head == "Rufer Christin+Benedikt"
    s.contract = KP.BESSER_RUFER
    head = g.breakdown(KP.KOENIGRUFEN_PAGAT, s, lambda p: long8[p])[0]
    assert len(head) <= 25 and head.startswith("Besser Rufer Christin+") and head.endswith("."), head
