# Königrufen's breakdown on the manual entries of the sheet tests
# (sheetkit): the item lines add up to the scorer's deltas. A module of its
# own so that the 192K MicroPython run holds the glue and the sheet's modules
# in a fresh heap (beside test_breakdown_kr's they no longer fit).
from tarock.rng import Rng
from tarock.koenigrufen import score as KS, profiles as KP
from breakdownkit import check_kr, N
import sheetkit as K

# The glue, its rules and the sheet's modules together fit 192K with a
# board's 32-bit objects (the WebAssembly run keeps 192K for this module),
# not with the unix port's 64-bit ones (host_tools/micropython/mp_unix.py)
MP_UNIX_HEAP = "288K"


def test_manual_entries_add_up():
    rng = Rng(11)
    seen = set()
    for _ in range(N * 3):
        s = K.manual(rng)
        seen.add(KP.contract(K.PK, s.contract)["kind"])
        check_kr(K.PK, s)
    assert "neg" in seen and "pos" in seen
    # Trischaken: each player's line carries his delta
    s = KS.Summary(KP.TRISCHAKEN, 0)
    s.thirds = [90, 60, 45, 15]
    s.tricks = [5, 4, 3, 0]
    assert len(check_kr(K.PK, s)) == 6
