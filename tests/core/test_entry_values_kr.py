# The glue's entry_values (Summary -> entry dict, the values a correction
# opens with) is entry_summary's inverse as far as scoring goes: for many
# random played deals of Königrufen, the entered summary of entry_values(s) passes
# the glue's check and scores exactly like s. MicroPython-compatible (fewer
# deals there; one family per module, for the 192K heap).
from tarock import profiles as PR
from mpcompat import IS_MICROPYTHON
from entrykit import roundtrip

# The Königrufen glue (with issue 18's kept entry steps and the language
# index), its rules and the entry kit fit 192K with a board's 32-bit objects
# (the WebAssembly run keeps 192K for this module), not with the unix port's
# 64-bit ones: there 208K is enough (host_tools/micropython/mp_unix.py)
MP_UNIX_HEAP = "224K"

N = 8 if IS_MICROPYTHON else 120


def test_koenigrufen_played_deals_roundtrip():
    import krsim
    from table.games import koenigrufen as G
    from tarock.koenigrufen import rules as K
    try:
        for name in ("koenigrufen/pagat", "koenigrufen/tarockcup", "koenigrufen/tarockcup_austria"):
            pf = PR.get(name)
            for seed in range(N):
                roundtrip(G, pf, krsim.play_random(pf, 1000 + seed))
            # every contract, forced (Trischaken, negative games, Farbensolo ...)
            cids = K.compiled(pf)[2]
            for k in range(N):
                cid = cids[k % len(cids)]
                roundtrip(G, pf, krsim.play_forced(pf, 2000 + k, cid))
    finally:
        krsim.release()
