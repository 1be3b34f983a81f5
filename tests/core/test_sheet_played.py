# A played Königrufen deal entered on the sheet goes through the family's one
# scorer: the sheet's per-seat deltas are the deal's result() mapped to seats.
# CPython only: the deal state machine and the sheet compiled from source do
# not fit a 192K MicroPython heap together (on a device both are frozen .mpy).
from tarock.koenigrufen import profiles as P
from table.sheet.journal import MemStore
from table.sheet.sheet import Sheet

MP_SKIP = True
NAMES5 = ["Anna", "Bert", "Cilli", "Dora", "Egon"]


def ok_all(e):
    for seat in list(e.needed):
        e.confirm(seat)


def test_played_deal_goes_through_the_scorer():
    import krsim
    try:
        sh = Sheet.open(MemStore())
        sh.new_party(NAMES5, dealer=2)
        d = krsim.play_random(P.KOENIGRUFEN_PAGAT, 11)
        ok_all(sh.add_deal(d))
        seats = sh.parties[0].seats_of(0)
        want = [0] * 5
        for p in range(4):
            want[seats[p]] = d.result()[p]
        assert sh.totals() == want
    finally:
        krsim.release()
