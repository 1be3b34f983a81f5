# The glue's entry_values (Summary -> entry dict, the values a correction
# opens with) is entry_summary's inverse as far as scoring goes: for many
# random played deals of French Tarot, the entered summary of entry_values(s) passes
# the glue's check and scores exactly like s. MicroPython-compatible (fewer
# deals there; one family per module, for the 192K heap).
from tarock import profiles as PR
from mpcompat import IS_MICROPYTHON
from entrykit import roundtrip

N = 8 if IS_MICROPYTHON else 120


def test_french_played_deals_roundtrip():
    import frsim
    from table.games import french as G
    try:
        for name, n in (("french/fft", 3), ("french/fft", 4), ("french/fft", 5),
                        ("french/maison", 4)):
            pf = PR.get(name)
            for seed in range(N):
                roundtrip(G, pf, frsim.play(pf, 5000 + seed, n))
    finally:
        frsim.release()
