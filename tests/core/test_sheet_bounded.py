# The device's score sheet stays bounded however many parties are played:
# table.scores compacts the journal when a party starts and more than
# KEEP_FINISHED finished parties are in memory (older parties become one end
# summary, kept in the journal only, read back on demand). Nothing is lost:
# ratings, the archived parties' totals and the open party match a sheet
# that kept every deal. MicroPython-compatible.
import gc
from tarock.rng import Rng
from table.sheet.journal import MemStore, FileStore
# imported before the reference sheet fills the heap: compiling a module
# late needs a free block the 192K MicroPython run may no longer have
from mpcompat import tmpdir, rmdir
from table.sheet.sheet import Sheet
from table import scores
import sheetkit as K
# the unix port's 64-bit objects: the journal with each party's copy
# record, its crash copies and two sheets need more than 192K there (the
# 32-bit WebAssembly run, the board's object size, keeps 192K)
MP_UNIX_HEAP = "224K"

NAMES = ["Anna", "Bert", "Cilli", "Dora", "Egon"]


def _play(sh, rng, n_deals):
    for _ in range(n_deals):
        K.confirm_all(sh.add_deal(K.manual(rng)))


def _parties(n_parties, deals, device, st=None):
    """n_parties parties of `deals` deals each (the last one left open),
    started the device's way (scores.new_party) or on a bare Sheet; st: the
    store (a MemStore when None)."""
    rng = Rng(5)
    st = MemStore() if st is None else st
    sh = Sheet.open(st)
    ends = []
    for k in range(n_parties):
        names = NAMES[:4] if k % 2 else NAMES
        if device:
            scores.new_party(sh, "koenigrufen", "pagat", names, k % len(names))
        else:
            if sh.party is not None and not sh.party.over:
                sh.finish()
            sh.new_party(names, profile="koenigrufen/pagat", dealer=k % len(names))
        _play(sh, rng, deals + k % 3)
        ends.append(list(sh.party.totals()))
    return sh, st, ends


def test_parties_in_memory_stay_bounded():
    sh, st, ends = _parties(7, 3, device=True)
    assert sh.finished() <= scores.KEEP_FINISHED
    assert len(sh.parties) == scores.KEEP_FINISHED + 1
    # every older party is an offset into the journal, not a record
    assert len(sh.archived) == 7 - len(sh.parties)
    for off in sh.archived:
        assert isinstance(off, int)


def test_nothing_is_lost():
    # the reference first, kept as plain figures (two sheets at once do not
    # fit the 192K heap of the MicroPython run)
    ref, _, ends_ref = _parties(7, 3, device=False)
    assert len(ref.parties) == 7 and ref.archived == []
    want_ratings = sorted(ref.ratings().items())
    want_n = [pa.n_deals for pa in ref.parties]
    want_last = (ref.parties[-2].totals(), ref.party.totals(), list(ref.deals()))
    ref = None
    gc.collect()
    # on files, as on the board's flash: a MemStore holds the journal and its
    # compacted rewrite in the heap at once, which the 192K run cannot spare
    d = tmpdir("tarockbox_bounded")
    try:
        _device_side(d, FileStore, ends_ref, want_ratings, want_n, want_last)
    finally:
        rmdir(d)


def _device_side(d, FileStore, ends_ref, want_ratings, want_n, want_last):
    dev, st, ends = _parties(7, 3, device=True, st=FileStore(d))
    assert ends == ends_ref
    assert sorted(dev.ratings().items()) == want_ratings
    # the archived parties' totals read back from the journal
    arch = dev.archived_records()
    assert [a["tot"] for a in arch] == ends[:len(arch)]
    assert [a["n"] for a in arch] == want_n[:len(arch)]
    # the last finished party and the open one deal by deal
    assert (dev.parties[-2].totals(), dev.party.totals(), list(dev.deals())) == want_last
    # and all of it again after a power cut (reopen the same journal)
    dev = None
    arch_tot = [a["tot"] for a in arch]
    arch = None
    gc.collect()
    again = Sheet.open(st)
    assert again.report == []
    assert sorted(again.ratings().items()) == want_ratings
    assert [a["tot"] for a in again.archived_records()] == arch_tot
    assert again.party.totals() == want_last[1]


def test_open_sheet_compacts_an_old_journal():
    # a journal written without the device's policy (many finished parties)
    ref, st, ends = _parties(5, 2, device=False)
    want_ratings = sorted(ref.ratings().items())
    ref = None
    gc.collect()
    size = st.size("sheet.tbj")
    sh = Sheet.open(st)
    assert len(sh.parties) == 5
    assert scores.tidy(sh) is True
    assert len(sh.parties) == scores.KEEP_FINISHED + 1 and len(sh.archived) == 3
    assert st.size("sheet.tbj") < size
    assert sorted(sh.ratings().items()) == want_ratings
    assert scores.tidy(sh) is False         # nothing more to fold


def test_a_read_only_sheet_is_left_alone():
    ref, st, ends = _parties(4, 2, device=False)
    del ref
    gc.collect()
    sh = Sheet.open(st)
    sh.readonly = True
    assert scores.tidy(sh) is False
    assert len(sh.parties) == 4
