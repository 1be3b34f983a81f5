# The remembered players (table.sheet.roster): recent first, bounded, kept
# across a reopen of the store, forgetting touches only the list, a crash
# in the middle of a save keeps the old list or the new one, and a store
# from before the list gets it from the journal. MicroPython-compatible.
from table.sheet.journal import MemStore, PowerCut
from table.sheet.sheet import Sheet
from table.sheet import roster as R
from table.sheet.roster import Roster


def test_a_table_puts_its_players_first_and_a_reopen_keeps_them():
    st = MemStore()
    ro = Roster(st)
    assert ro.names == []
    ro.use(["Anna", "Bernd", "Clara", "David"])
    ro.use(["Eva", "Clara", "Franz"])
    assert ro.names == ["Eva", "Clara", "Franz", "Anna", "Bernd", "David"]
    again = Roster(st.after_crash(0))    # the board rebooted: only what was flushed
    assert again.names == ro.names
    assert st.data(R.FILE).decode() == "Eva\nClara\nFranz\nAnna\nBernd\nDavid\n"


def test_the_list_is_bounded_the_oldest_drop_off():
    ro = Roster(MemStore())
    for k in range(R.MAX + 5):
        ro.use(["P%d" % k])
    assert len(ro.names) == R.MAX
    assert ro.names[0] == "P%d" % (R.MAX + 4) and ro.names[-1] == "P5"


def test_umlauts_and_hacheks_survive_the_file():
    st = MemStore()
    Roster(st).use(["M\u00fcller", "\u010cop", "Fran\u00e7ois", "Stra\u00df"])
    assert Roster(st).names == ["M\u00fcller", "\u010cop", "Fran\u00e7ois", "Stra\u00df"]


def test_forget_takes_a_name_off_the_list_only():
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(["Anna", "Bernd", "Clara", "David"])
    ro = Roster(st, sh)
    ro.use(["Anna", "Bernd", "Clara", "David"])
    sh.finish()
    ro.forget("Bernd")
    ro.forget("nobody")      # not there: nothing happens
    assert ro.names == ["Anna", "Clara", "David"]
    assert Roster(st).names == ["Anna", "Clara", "David"]
    again = Sheet.open(st)   # the journal still has him and his party
    assert "Bernd" in again.players.values()
    pa = again.parties[-1]
    assert [again.players[p] for p in pa.players] == ["Anna", "Bernd", "Clara", "David"]


def test_no_list_yet_comes_from_the_journal_latest_party_first():
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(["Anna", "Bernd", "Clara", "David"])
    sh.finish()
    sh.new_party(["Eva", "David", "Franz", "Gerti"])
    ro = Roster(st, Sheet.open(st))
    # each party in its seat order
    assert ro.names == ["Eva", "David", "Franz", "Gerti", "Anna", "Bernd", "Clara"]


def test_a_power_cut_in_a_save_keeps_the_old_or_the_new_list():
    old = ["Anna", "Bernd"]
    new = ["Clara", "Anna", "Bernd"]
    seen = []
    for budget in range(6):
        st = MemStore()
        Roster(st).use(old)
        st.budget = st.ops + budget
        try:
            Roster(st).use(["Clara"])
        except PowerCut:
            pass
        for keep in (0, -1):
            got = Roster(st.after_crash(keep)).names
            assert got in (old, new), (budget, keep, got)
            seen.append(got == new)
    assert True in seen and False in seen


def test_an_unreadable_file_gives_an_empty_list():
    st = MemStore({R.FILE: b"\xff\xfe\xfa\n"})
    assert Roster(st).names == []
