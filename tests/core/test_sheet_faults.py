# The journal fault test of the score-sheet issue: a journal of 50 deals with
# corrections (and undone and pending entries), truncated at every byte
# offset: every deal committed before the cut comes back, the torn tail is
# set aside, the totals equal a fresh recomputation from the summaries,
# nothing raises (damage inside the journal: test_sheet_salvage.py). Compaction interrupted at every operation
# leaves one valid journal with the same sheet. MicroPython runs every 97th
# offset of a 10-deal journal (plus every 9th record boundary and its
# neighbours) and fewer flips.
import gc
from mpcompat import IS_MICROPYTHON
from tarock.rng import Rng
from table.sheet.journal import MemStore, Journal, PowerCut, MAGIC
from table.sheet.sheet import Sheet
import sheetkit as K
# the unix port's 64-bit objects: the journal with each party's copy
# record, its crash copies and two sheets need more than 192K there (the
# 32-bit WebAssembly run, the board's object size, keeps 192K)
MP_UNIX_HEAP = "224K"

NAME = "sheet.tbj"
_cache = []


class _States:
    """Sheet state after the first c whole records of the journal, by
    opening that clean prefix (cached on CPython; MicroPython keeps no
    table: a 192K heap does not hold one per record)."""

    def __init__(self, st, bounds):
        self.st = st
        self.bounds = bounds
        self.cache = {}

    def __getitem__(self, c):
        v = self.cache.get(c)
        if v is None:
            s2 = Sheet.open(MemStore({NAME: self.st.chunks(NAME, self.bounds[c])}))
            assert s2.report == [], s2.report  # a boundary is a clean journal
            v = _state(s2)
            if not IS_MICROPYTHON:
                self.cache[c] = v
        return v


def _base():
    if not _cache:
        sh, st = K.build(10 if IS_MICROPYTHON else 50)
        j = Journal(K.copy(st), NAME)
        bounds = [len(MAGIC)]   # the preamble alone: an empty journal
        for off, rec in j.scan():
            head = j.store.read(NAME, off, 2)
            bounds.append(off + 2 + (head[0] | (head[1] << 8)) + 4)
        _cache.append((sh, st, bounds, _States(st, bounds)))
    return _cache[0]


def _state(sh, ratings=True):
    pa = sh.party
    if pa is None:
        return (0, None, None, None)
    r = sh.ratings() if ratings else None
    return (pa.n_deals, tuple(sh.totals()), pa.pending is not None and pa.pending.deal_no,
            tuple([r[k] for k in sorted(r)]) if ratings else None)


def _whole_records(bounds, length):
    c = 0
    while c + 1 < len(bounds) and bounds[c + 1] <= length:
        c += 1
    return c


def _check_opened(chunks, cut_len, bounds, states, expect_c, again=True):
    st = MemStore({NAME: chunks})
    size = st.size(NAME)
    sh = Sheet.open(st)  # must not raise
    want = states[expect_c]
    got = _state(sh, again)
    assert got[:3] == want[:3] and (not again or got == want), (cut_len, got, want)
    clean = size == bounds[expect_c] or size == 0
    assert (sh.report == []) == clean, (cut_len, sh.report)
    # the torn tail is set aside (an empty file stays empty)
    assert st.size(NAME) == (bounds[expect_c] if size else 0)
    if not again:
        return
    if sh.party is not None:
        assert sh.totals() == K.recompute(sh)
    # a second open is clean and equal
    sh2 = Sheet.open(st)
    assert sh2.report == [] and _state(sh2) == states[expect_c]


def test_base_journal_is_consistent():
    sh, st0, bounds, states = _base()
    size = st0.size(NAME)
    assert bounds[-1] == size
    last = states[len(bounds) - 1]
    assert last[0] == sh.party.n_deals and list(last[1]) == sh.totals()
    assert sh.totals() == K.recompute(sh)
    # corrections happened: some deal has more than one final version
    fixes = [h for h in sh.history() if h["kind"] == "fix"]
    assert len(fixes) >= sh.party.n_deals // 10


def test_truncate_at_every_offset():
    sh, st0, bounds, states = _base()
    size = st0.size(NAME)
    step = 97 if IS_MICROPYTHON else 1
    offs = list(range(0, size + 1, step))
    if IS_MICROPYTHON:
        for b in bounds[::9]:
            offs.extend((b - 1, b, b + 1))
    for L in offs:
        if 0 <= L <= size:
            _check_opened(st0.chunks(NAME, L), L, bounds, states, _whole_records(bounds, L),
                          IS_MICROPYTHON or L % 16 == 0)


def test_garbage_appended():
    sh, st0, bounds, states = _base()
    size = st0.size(NAME)
    _check_opened(st0.chunks(NAME) + [b"\x07\x00abc"], size, bounds, states, len(bounds) - 1)


def _two_parties():
    st = MemStore()
    sh = Sheet.open(st)
    rng = Rng(9)
    sh.new_party(["A", "B", "C", "D"], end={"deals": 4})
    for _ in range(4):
        K.confirm_all(sh.add_deal(K.manual(rng)))
    assert sh.party.over
    sh.new_party(["A", "B", "C", "D", "E"], dealer=2)
    for k in range(5):
        K.confirm_all(sh.add_deal(K.manual(rng)))
    K.confirm_all(sh.correct(1, K.manual(rng)))
    sh.add_deal(K.manual(rng))
    sh.undo()
    e = sh.add_deal(K.manual(rng))
    e.confirm(e.needed[1])
    return sh, st


def _all_state(sh):
    return ([_state_of(sh, pa) for pa in sh.parties], sorted(sh.ratings().items()),
            len(sh.archived))


def _state_of(sh, pa):
    return (pa.n_deals, pa.totals(), pa.over, pa.pending is not None and
            (pa.pending.deal_no, sorted(pa.pending.confirmed)))


def test_compaction_crash_at_every_point():
    sh, st = _two_parties()
    before = sorted(sh.ratings().items())
    last = (_state_of(sh, sh.party), sh.end_summary()["totals"])
    size0 = st.size(NAME)
    # count the operations of a full compaction
    probe = K.copy(st)
    Sheet.open(probe).compact(keep_finished=0)
    ops = probe.ops
    assert ops > 3
    probe = None
    for budget in range(ops + 1):
        for keep in (0, 5, -1):
            # the last round's copies go before the next ones are made (a
            # 192K MicroPython heap holds one set of them, not two)
            s2 = sh2 = after = sh3 = None
            gc.collect()
            s2 = K.copy(st)
            s2.budget = budget
            sh2 = Sheet.open(s2)
            try:
                sh2.compact(keep_finished=0)
                done = True
            except PowerCut:
                done = False
            after = s2.after_crash(keep)
            sh3 = Sheet.open(after)
            assert sorted(sh3.ratings().items()) == before, (budget, keep)
            assert (_state_of(sh3, sh3.party), sh3.end_summary()["totals"]) == last
            # one journal: no leftover after the next open
            assert NAME + ".new" not in after.files
            if done:
                assert after.size(NAME) < size0
                assert len(sh3.archived) == 1 and len(sh3.parties) == 1
            # a 192K MicroPython heap: let each round's sheets go first (a
            # MemoryError while opening would open a sheet read-only, in part)
            assert not sh3.readonly, sh3.report
            s2 = sh2 = after = sh3 = None
            gc.collect()


def test_compaction_keeps_history_and_pending_confirmations():
    sh, st = _two_parties()
    h0 = [(h["kind"], h["deal"], h["status"], h["deltas"], h.get("before"))
          for h in sh.history() if h["status"] != "undone"]
    sh.compact()  # keep the last finished party
    assert len(sh.parties) == 2 and sh.archived == []
    h1 = [(h["kind"], h["deal"], h["status"], h["deltas"], h.get("before"))
          for h in sh.history()]
    assert h1 == h0
    e = sh.pending
    assert e is not None and len(e.confirmed) == 1
    for seat in e.missing():
        e.confirm(seat)
    assert sh.pending is None and sh.totals() == K.recompute(sh)


def test_cut_interrupted_at_every_point():
    sh, st0, bounds, states = _base()
    L = bounds[len(bounds) // 2] + 5  # torn inside a record
    probe = MemStore({NAME: st0.chunks(NAME, L)})
    Sheet.open(probe)
    for budget in range(probe.ops + 1):
        st = MemStore({NAME: st0.chunks(NAME, L)}, budget=budget)
        try:
            Sheet.open(st)
        except PowerCut:
            pass
        _check_opened_after(st.after_crash(0), bounds, states, _whole_records(bounds, L))


def _check_opened_after(st, bounds, states, c):
    sh = Sheet.open(st)
    assert _state(sh) == states[c]
    assert st.size(NAME) == bounds[c] and NAME + ".new" not in st.files


def _setup_journal():
    """A journal with a finished party of Anna..Dora: the next party brings
    two new players (one write: players and party together)."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(["Anna", "Bert", "Cilli", "Dora"])
    sh.finish()
    return st


def test_new_party_cut_anywhere():
    """A power cut anywhere in a party's setup (its new players and the
    party record) leaves no new party or the whole party with every name."""
    names = ["Bert", "Egon", "Anna", "Fritz"]
    base = _setup_journal()
    n0 = len(Sheet.open(K.copy(base)).parties)
    probe = K.copy(base)
    ops0 = probe.ops
    Sheet.open(probe).new_party(names)
    seen = set()
    for budget in range(probe.ops - ops0 + 1):
        for keep in (0, 1, 9, 30, 60, -1):
            st = K.copy(base)
            st.budget = st.ops + budget
            try:
                Sheet.open(st).new_party(names)
            except PowerCut:
                pass
            sh = Sheet.open(st.after_crash(keep))
            got = len(sh.parties)
            assert got in (n0, n0 + 1), (budget, keep, got)
            if got == n0 + 1:
                pa = sh.parties[-1]
                assert [sh.players[p] for p in pa.players] == names, (budget, keep)
            # a cut leaves each name at most once (no half-written duplicates)
            vals = list(sh.players.values())
            assert len(vals) == len(set(vals)), (budget, keep, vals)
            seen.add(got)
    assert seen == {n0, n0 + 1}    # both outcomes happen: the cut points matter
