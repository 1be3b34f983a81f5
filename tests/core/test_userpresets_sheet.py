# The score sheet with a table's own preset (issue 21 item 9): the party
# journals its base and overrides, so the journal replays without the file.
# Its own module: beside the preset-file tests it does not fit one 192K
# MicroPython process. MicroPython-compatible.
from mpcompat import raises

from tarock import userpresets as U
from tarock.koenigrufen import profiles as P
from krscore import summ, with_bonus

# the unix port holds the loaded bytecode and 64-bit objects in its heap:
# there the sheet's one handler a record type (table.sheet.sheet APPLY) took
# this module past 192K (196K is enough); the WebAssembly run (32-bit, the
# board's object sizes) keeps 192K (host_tools/micropython/mp_unix.py)
MP_UNIX_HEAP = "208K"

GOOD = ('[stammtisch]\nbase = "koenigrufen/tarockcup"\ntitle = "Stammtisch Linz"\n'
        'contracts.Dreier.value = 5\nbonus.Trull = [1, 3]\n'
        '\n[schnell]\nbase = "french/fft"\nparty_points = 500\n')


def test_sheet_journals_a_user_preset_and_replays_it_without_the_file():
    from table.sheet.journal import MemStore
    from table.sheet.sheet import Sheet, SheetError
    from tarock.koenigrufen import score as S
    idx = U.index(GOOD)
    base, over = idx["koenigrufen/stammtisch"]
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(["A", "B", "C", "D"], profile="koenigrufen/stammtisch", base=base, overrides=over)
    assert sh.party.profile == U.build(idx["koenigrufen/stammtisch"])
    # Dreier (the file's 5) with Trull announced and made (the file's 3)
    e = sh.add_deal(with_bonus(summ(P.DREIER), P.TRULL, S.DECL_MADE, S.DECL))
    for seat in list(e.needed):
        e.confirm(seat)
    t = sh.totals()
    assert sorted(t) == [-8, -8, -8, 24], t            # lone declarer: 3 x (5 + 3)
    # reopened from the journal alone: the same profile (bonus pairs tuples again)
    sh2 = Sheet.open(st)
    pa = sh2.party
    assert pa.profile_name == "koenigrufen/stammtisch" and pa.base_name == base
    assert pa.profile == sh.party.profile and pa.profile["bonus"][P.TRULL] == (1, 3)
    assert sh2.totals() == t
    assert sh2.end_summary()["profile"] == "koenigrufen/stammtisch"
    # a base of another family, or no base for a name that is no preset: refused
    sh3 = Sheet.open(MemStore())
    for kw in ({"profile": "french/stammtisch", "base": base, "overrides": over},
               {"profile": "koenigrufen/stammtisch", "overrides": over}):
        raises(SheetError, sh3.new_party, ["A", "B", "C", "D"], **kw)
    assert sh3.party is None
