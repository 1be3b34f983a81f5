# The glue's entry_values (Summary -> entry dict, the values a correction
# opens with) is entry_summary's inverse as far as scoring goes: for many
# random played deals of Bavarian Tarock, the entered summary of entry_values(s) passes
# the glue's check and scores exactly like s. MicroPython-compatible (fewer
# deals there; one family per module, for the 192K heap).
from mpcompat import IS_MICROPYTHON
from entrykit import roundtrip

N = 8 if IS_MICROPYTHON else 120


def test_bavarian_played_deals_roundtrip():
    import bysim
    from table.games import bavarian as G
    try:
        for announce in (False, True):
            pf = bysim.profile(announce)
            for seed in range(N):
                roundtrip(G, pf, bysim.play_random(pf, 6000 + seed))
    finally:
        bysim.release()
