# A journal written by another firmware (issue 35): a newer format is read,
# kept and appended to, never compacted; a later framing is recognised by its
# preamble and left as it is, the table playing on in memory.
from mpcompat import raises
from tarock.rng import Rng
from table.sheet.journal import MemStore, frame, FORMAT
from table.sheet.sheet import Sheet, SheetError, E_READONLY
import sheetkit as K

NAME = "sheet.tbj"
NAMES = ["Anna", "Bert", "Cilli", "Dora"]


_records = K.records
_journal = K.journal_of
_party_of_three = K.party_of_three


def test_a_newer_format_is_read_kept_and_appended_to():
    """Issue 35 (A.8): a journal a newer firmware wrote is read as far as
    this firmware can, its records kept; appending loses nothing, so the
    table goes on recording; compaction, which could, is not done."""
    sh, st = _party_of_three()
    recs = _records(st)
    recs[0] = {"t": "hdr", "v": FORMAT + 1, "fw": "9.0.0"}
    st2 = _journal(recs)
    sh2 = Sheet.open(st2)
    assert not sh2.readonly and sh2.newer == "9.0.0" and sh2.totals() == sh.totals()
    assert any("newer firmware (9.0.0)" in w for w in sh2.report), sh2.problems
    K.confirm_all(sh2.add_deal(K.manual(Rng(1))))
    sh3 = Sheet.open(st2)
    assert sh3.party.n_deals == 4 and sh3.totals() == sh2.totals()
    assert raises(SheetError, sh3.compact).code == E_READONLY
    assert _records(st2)[0] == recs[0]


def test_a_later_framing_is_left_as_it_is_and_the_table_told():
    """Issue 35 (A.6): a journal a later framing wrote is recognised by its
    preamble: not quarantined, not written; the sheet opens read-only and
    says so."""
    data = frame({"t": "tbj", "f": 2}) + b"\x09\x09 something newer \x00\x00" * 20
    st = MemStore({NAME: data})
    sh = Sheet.open(st)
    assert sh.readonly and sh.parties == []
    assert [p[1] for p in sh.problems] == ["p_framing"]
    assert "framing 2" in sh.report[0]
    assert st.data(NAME) == data and st.size(NAME + ".bad") < 0


def test_play_on_a_read_only_sheet_records_in_memory_and_never_writes_the_file():
    """Issue 35 (B.9): the table chose "play on" on a sheet opened read-only:
    the sheet it read stays, new parties and deals are held in memory, the
    file (a later framing here) is never written."""
    data = frame({"t": "tbj", "f": 2}) + b"\x09\x09 something newer \x00\x00" * 20
    st = MemStore({NAME: data})
    sh = Sheet.open(st)
    raises(SheetError, sh.new_party, NAMES)        # asked first: refused, nothing taken
    sh.play_on_unsaved()
    sh.new_party(NAMES)
    K.confirm_all(sh.add_deal(K.manual(Rng(4))))
    assert sh.party.n_deals == 1 and sh.unsaved() > 0 and not sh.retry()
    assert sh.summary_of(0).contract == K.manual(Rng(4)).contract
    assert st.data(NAME) == data and raises(SheetError, sh.compact).code == E_READONLY


class _ReadOnlyFlash(MemStore):
    """A store whose writes fail (littlefs on read-only flash: EROFS) until
    `back` is set."""
    back = False

    def append(self, name, data):
        if not self.back:
            raise OSError(30)
        MemStore.append(self, name, data)

    def flush(self, name):
        if not self.back:
            raise OSError(30)
        MemStore.flush(self, name)


def test_a_repair_that_cannot_write_plays_on_and_writes_once_the_flash_is_back():
    """Issue 35 (B.9): a damaged journal on read-only flash: the start-up
    repair cannot write, the sheet opens read-only and says why; the table
    plays on, its deals are held and written when the flash takes them."""
    sh, st = _party_of_three()
    data = bytearray(st.data(NAME))
    from table.sheet.journal import Journal
    copy = next(o for o, r in Journal(st, NAME).scan() if r["t"] == "pcopy")
    data[copy + 6] ^= 0x08                       # the party's copy damaged
    ro = _ReadOnlyFlash({NAME: bytes(data)})
    sh2 = Sheet.open(ro)
    assert sh2.readonly and sh2.whole and sh2.problems[0][1] == "p_unsaved"
    assert "read-only" in " ".join(sh2.report)
    raises(SheetError, sh2.add_deal, K.manual(Rng(6)))   # asked first: nothing taken
    sh2.play_on_unsaved()
    K.confirm_all(sh2.add_deal(K.manual(Rng(6))))
    assert sh2.unsaved() and not sh2.retry()
    ro.back = True
    assert sh2.retry() and sh2.unsaved() == 0
    sh3 = Sheet.open(MemStore({NAME: ro.data(NAME)}))
    assert sh3.party.n_deals == sh2.party.n_deals and sh3.totals() == sh2.totals()
