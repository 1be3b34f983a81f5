# The glue's entry_values (Summary -> entry dict, the values a correction
# opens with) is entry_summary's inverse as far as scoring goes: for many
# random played deals of Slovenian Tarok, the entered summary of entry_values(s) passes
# the glue's check and scores exactly like s. MicroPython-compatible (fewer
# deals there; one family per module, for the 192K heap).
from tarock import profiles as PR
from mpcompat import IS_MICROPYTHON
from entrykit import roundtrip

# As test_entry_values_kr: the glue, its rules and the entry kit fit 192K
# with a board's 32-bit objects (the WebAssembly run keeps 192K), not with
# the unix port's 64-bit ones since issue 37's partner claim and result rows
# (the kit reads a list's result; the glue's "at his seat")
MP_UNIX_HEAP = "224K"

N = 8 if IS_MICROPYTHON else 120


def test_slovenian_played_deals_roundtrip():
    import sisim
    from table.games import slovenian as G
    try:
        for name, n in (("slovenian/play-tarock-online", 4), ("slovenian/play-tarock-online", 3),
                        ("slovenian/standard", 4), ("slovenian/play-tarock-online-open2", 2)):
            pf = PR.get(name)
            for seed in range(N):
                roundtrip(G, pf, sisim.play(pf, 3000 + seed, n))
            if n > 2:
                cs = sisim.contracts_for(pf, n)
                for k in range(N):
                    roundtrip(G, pf, sisim.play(pf, 4000 + k, n, cs[k % len(cs)]))
    finally:
        sisim.release()
