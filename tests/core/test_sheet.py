# Score sheet rules: party setup, dealer rotation (5 at a 4-player game: the
# dealer sits out), entries through the family's scorer, confirmations per
# seat, undo, corrections with history, party end conditions, abort rule,
# settlement, kontra column, ratings. Expected numbers worked by hand.
from mpcompat import raises
from tarock.koenigrufen import profiles as P, score as S
from table.sheet.journal import MemStore
from table.sheet.sheet import Sheet, SheetError, settlement
from table.sheet import sheet as SH

NAMES4 = ["Anna", "Bert", "Cilli", "Dora"]
NAMES5 = NAMES4 + ["Egon"]


def rufer(decl, partner, thirds):
    s = S.Summary(P.RUFER, decl)
    s.partner = partner
    s.decl_thirds = thirds
    return s


def dreier(decl, thirds, kontra=0):
    s = S.Summary(P.DREIER, decl)
    s.decl_thirds = thirds
    s.kontra[0] = kontra
    return s


def ok_all(e):
    for seat in list(e.needed):
        e.confirm(seat)


def code(fn, *args):
    return raises(SheetError, fn, *args).code


def test_dealer_rotation_five_at_four():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES5, dealer=0)
    # counter-clockwise: forehand at the dealer's right (seat - 1); the dealer sits out
    assert sh.dealer() == 0 and sh.sitting_out() == 0
    assert sh.seats() == [4, 3, 2, 1]
    ok_all(sh.add_deal(dreier(0, 120)))          # forehand = seat 4 wins a Dreier
    assert sh.totals() == [0, -4, -4, -4, 12]    # seat 0 sat out: 0
    assert sh.dealer() == 4 and sh.seats() == [3, 2, 1, 0]
    for _ in range(4):
        ok_all(sh.add_deal(dreier(0, 0)))
    assert sh.dealer() == 0                      # a full round: everyone dealt once


def test_four_at_the_table_everyone_plays():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, dealer=1)
    assert sh.sitting_out() == -1 and sh.seats() == [0, 3, 2, 1]
    e = sh.add_deal(rufer(0, 2, 107))            # seats 0 and 2 win 1 each
    assert e.needed == [0, 1, 2, 3]
    ok_all(e)
    assert sh.totals() == [1, -1, 1, -1]


def test_confirmation_needed_from_every_seat():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES5)
    e = sh.add_deal(dreier(1, 150))
    assert e.needed == [1, 2, 3, 4]              # seat 0 deals and sits out
    assert not e.confirm(4) and not e.final
    assert sh.totals() == [0, 0, 0, 0, 0]        # not final: does not count
    assert code(e.confirm, 4) == SH.E_CONFIRMED
    assert code(e.confirm, 0) == SH.E_SEAT
    assert code(sh.add_deal, dreier(0, 0)) == SH.E_PENDING
    e.confirm(1)
    e.confirm(2)
    assert e.confirm(3) and e.final
    # positions 0..3 = seats 4 3 2 1; declarer position 1 = seat 3 wins 4 * 3
    assert sh.totals() == [0, -4, -4, 12, -4]


def test_undo_the_entry_being_made():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4)
    e = sh.add_deal(dreier(0, 150))
    e.confirm(0)
    sh.undo()
    assert sh.pending is None and sh.totals() == [0, 0, 0, 0]
    assert code(sh.undo) == SH.E_NO_PENDING
    ok_all(sh.add_deal(dreier(0, 10)))           # the dealer did not move on
    assert sh.dealer() == 3 and len(sh.deals()) == 1
    assert [h["status"] for h in sh.history()] == ["undone", "final"]


def test_undo_with_a_reason_is_in_the_history():
    """undo(why) journals the reason; history() shows the entry undone with
    it, after a replay and after a compaction too (an undo without a reason
    is folded away there, as before)."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES4)
    sh.add_deal(dreier(0, 150))
    sh.undo()                                    # no reason: no why
    e = sh.add_deal(dreier(0, 100))
    e.confirm(0)
    e.undo("deal aborted, asked by Bert")
    ok_all(sh.add_deal(dreier(0, 10)))
    want = [("undone", None), ("undone", "deal aborted, asked by Bert"), ("final", None)]
    got = [(h["status"], h.get("why")) for h in sh.history()]
    assert got == want, got
    assert sh.totals() == Sheet.open(st).totals()
    assert [(h["status"], h.get("why")) for h in Sheet.open(st).history()] == want
    tot = sh.totals()
    sh.compact()
    sh = Sheet.open(st)
    got = [(h["status"], h.get("why"), h["deal"]) for h in sh.history()]
    assert got == [("undone", "deal aborted, asked by Bert", 0), ("final", None, 0)], got
    assert sh.totals() == tot and len(sh.deals()) == 1


def test_entry_refused_with_reason_changes_nothing():
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES4)
    size = st.size("sheet.tbj")
    e = raises(SheetError, sh.add_deal, dreier(0, 300))
    assert e.code == SH.E_ENTRY and "0..70" in str(e)
    assert st.size("sheet.tbj") == size and sh.pending is None


def test_confirmed_entry_one_append_same_records():
    """add_deal/correct(confirmed=True): the entry and every needed seat's
    confirmation in one append (one flash sync), the same bytes as the entry
    and its confirm()s one by one; expect refuses before writing."""
    one, each = MemStore(), MemStore()
    a, b = Sheet.open(one), Sheet.open(each)
    a.new_party(NAMES4, dealer=1)
    b.new_party(NAMES4, dealer=1)
    size = one.size("sheet.tbj")
    bad = raises(ValueError, a.add_deal, rufer(0, 2, 107), None, [0, 0, 0, 0], True)
    assert "the sheet scores" in str(bad)
    assert one.size("sheet.tbj") == size and a.pending is None
    appends = []
    real = one.append
    one.append = lambda name, data: (appends.append(len(data)), real(name, data))
    e = a.add_deal(rufer(0, 2, 107), expect=[1, -1, 1, -1], confirmed=True)
    assert e.final and a.pending is None and len(appends) == 1
    ok_all(b.add_deal(rufer(0, 2, 107)))
    appends.clear()
    e = a.correct(0, rufer(0, 1, 107), expect=[1, -1, -1, 1], confirmed=True)
    assert e.final and len(appends) == 1
    ok_all(b.correct(0, rufer(0, 1, 107)))
    assert one.data("sheet.tbj") == each.data("sheet.tbj")
    assert a.totals() == b.totals() == [1, -1, -1, 1]
    assert Sheet.open(one).totals() == a.totals()


def test_correction_is_a_new_record_with_history():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, dealer=1)
    # deal 0: dealer 1, positions 0..3 = seats 0 3 2 1: seats 0 and 2 win
    ok_all(sh.add_deal(rufer(0, 2, 107), when=100))   # [1, -1, 1, -1]
    # deal 1: dealer 0, positions = seats 3 2 1 0: position 1 = seat 2
    ok_all(sh.add_deal(dreier(1, 150), when=200))     # [-4, -4, 12, -4]
    assert sh.totals() == [-3, -5, 13, -5]
    # deal 0 was really won by 0 and 1: positions 0, 1 = seats 0, 3
    e = sh.correct(0, rufer(0, 1, 107), when=300)
    assert e.needed == [2, 3]                         # seats whose result changes
    assert sh.totals() == [-3, -5, 13, -5]            # not yet confirmed
    ok_all(e)
    # deal 0 now [1, -1, -1, 1]; totals [1-4, -1-4, -1+12, 1-4]
    assert sh.totals() == [-3, -5, 11, -3]
    h = sh.history(0)
    assert [x["kind"] for x in h] == ["deal", "fix"]
    assert h[1]["before"] == [1, -1, 1, -1] and h[1]["deltas"] == [1, -1, -1, 1]
    assert h[0]["when"] == 100 and h[1]["when"] == 300
    assert sh.summary_of(0).partner == 1
    assert code(sh.correct, 5, dreier(0, 0)) == SH.E_DEAL_NO


def test_replay_gives_the_same_sheet():
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES5, dealer=3, end={"deals": 3})
    ok_all(sh.add_deal(dreier(2, 140)))
    ok_all(sh.correct(0, dreier(2, 20)))
    e = sh.add_deal(rufer(1, 3, 90))
    e.confirm(e.needed[0])
    again = Sheet.open(st)
    assert again.report == []
    assert again.totals() == sh.totals() and again.ratings() == sh.ratings()
    assert again.pending.confirmed == [e.needed[0]] and again.dealer() == sh.dealer()
    for seat in again.pending.missing():
        again.confirm(seat)
    assert again.totals() != sh.totals()


def test_end_after_n_deals():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, end={"deals": 2})
    ok_all(sh.add_deal(dreier(0, 150)))
    assert not sh.party.over
    ok_all(sh.add_deal(dreier(0, 150)))
    assert sh.party.over and sh.party.why == "deals"
    assert code(sh.add_deal, dreier(0, 150)) == SH.E_OVER
    ok_all(sh.correct(1, dreier(0, 10)))          # corrections stay possible


def test_end_after_full_rounds():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES5, end={"rounds": 1})
    for k in range(5):
        assert not sh.party.over
        ok_all(sh.add_deal(dreier(0, 150)))
    assert sh.party.over and sh.party.why == "rounds"


def test_end_at_points_target():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, end={"target": 20})
    # dealer 0: forehand = seat 3 (the dealer's right) wins a Dreier: +12
    ok_all(sh.add_deal(dreier(0, 150)))
    assert sh.totals() == [-4, -4, -4, 12] and not sh.party.over
    # dealer 3: positions = seats 2 1 0 3; position 3 = seat 3 again: 24 >= 20
    ok_all(sh.add_deal(dreier(3, 150)))
    assert sh.totals() == [-8, -8, -8, 24] and sh.party.over and sh.party.why == "target"


def test_tournament_block_subtotals():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, end={"block": 2, "blocks": 2})
    for k in range(4):
        ok_all(sh.add_deal(dreier(0, 150 if k < 2 else 10)))
    es = sh.end_summary()
    assert es["why"] == "block" and len(es["blocks"]) == 2
    # deal k: dealer (0 - k) % 4, forehand its right neighbour: seats 3, 2, 1, 0
    # block 1: seat 3 +12, seat 2 +12, others -4 each time
    assert es["blocks"][0] == [-8, -8, 8, 8]
    # block 2: forehand seat 1 and seat 0 lose 12, others +4
    assert es["blocks"][1] == [-8, -8, 8, 8]
    assert es["totals"] == [-16, -16, 16, 16]


def test_finish_an_open_party_and_new_party():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4)
    assert code(sh.new_party, NAMES4) == SH.E_OPEN
    ok_all(sh.add_deal(dreier(0, 150)))
    sh.finish()
    assert sh.party.why == "finish"
    sh.new_party(["Anna", "Bert", "Cilli", "Franz"])  # known names keep their ids
    assert sh.party.players[:3] == sh.parties[0].players[:3]
    assert len(sh.players) == 5


def test_abort_rule():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, creator=2)
    e = raises(SheetError, sh.abort, 1)
    assert e.code == SH.E_ABORT and "creator" in str(e)
    before = dict(sh.ratings())
    sh.abort(2)
    assert sh.totals() == [0, 0, -25, 0] and sh.party.over
    assert sh.ratings() == before                 # ratings unchanged
    sh.new_party(NAMES4, creator=0)
    sh.add_deal(dreier(0, 150))
    sh.undo()
    e = raises(SheetError, sh.abort, 0)           # cards were dealt
    assert "dealt" in str(e)


def test_abort_when_the_table_says_the_cards_are_dealt():
    """seeds/002 "vor dem Austeilen": the sheet sees entries only; the table
    tells it how many deals were dealt (the dealing aid's ●, a first deal
    given up before its result): then it is refused, and the abort is
    journalled as it was allowed (a replay does not ask again)."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES4, creator=1)
    assert sh.may_abort(1) and not sh.may_abort(0) and not sh.may_abort(1, dealt=1)
    e = raises(SheetError, sh.abort, 1, None, 1)
    assert e.code == SH.E_ABORT and "dealt" in str(e) and not sh.party.over
    sh.abort(1, dealt=0)
    assert not sh.may_abort(1)                    # over
    sh2 = Sheet.open(st)
    assert sh2.party.over and sh2.party.why == "abort" and sh2.totals() == [0, -25, 0, 0]


def test_settlement_who_pays_whom():
    # zero-sum totals are settled as they stand; largest debt to largest credit
    assert settlement([12, -4, -4, -4]) == [[1, 0, 4], [2, 0, 4], [3, 0, 4]]
    # [7, 3, -6, -4]: 2 pays 0 6 -> credits [1, 3]; 3 pays 1 3, then 0 1
    assert settlement([7, 3, -6, -4]) == [[2, 0, 6], [3, 1, 3], [3, 0, 1]]
    assert settlement([0, 0, 0, 0]) == []
    # not zero-sum (abort penalty, Slovenian): every pair settles its difference:
    # [0, 0, -25, 0]: seat 2 pays each other 25
    assert settlement([0, 0, -25, 0]) == [[2, 0, 25], [2, 1, 25], [2, 3, 25]]


def test_kontra_column():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, kontra_column=True)
    # Dreier won, Kontra on the game: u = 4 << 1 = 8 -> [24, -8, -8, -8];
    # without the Kontra [12, -4, -4, -4]; kontra money [12, -4, -4, -4]
    # (dealer 0: position 0 = seat 3)
    ok_all(sh.add_deal(dreier(0, 150, kontra=1)))
    assert sh.totals() == [-8, -8, -8, 24]
    assert sh.kontra_totals() == [-4, -4, -4, 12]
    es = sh.end_summary()
    assert es["game"] == [-4, -4, -4, 12] and es["kontra"] == [-4, -4, -4, 12]


def test_ratings_move_after_each_final_deal():
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES5)
    r0 = sh.ratings()
    assert sorted(r0.values()) == [1500] * 5
    ok_all(sh.add_deal(rufer(0, 2, 150)))
    # positions 0..3 = seats 4 3 2 1; winners seats 4 and 2: +24 each (see
    # test_rating: 2 v 2 at equal ratings), losers 3 and 1: -24; the dealer 0
    # sat out: unchanged
    pl = sh.party.players
    r = sh.ratings()
    assert [r[pl[s]] for s in range(5)] == [1500, 1476, 1524, 1476, 1524]
    # a correction re-rates from the start: now seat 4 and 3 won
    ok_all(sh.correct(0, rufer(0, 1, 150)))
    r = sh.ratings()
    assert [r[pl[s]] for s in range(5)] == [1500, 1476, 1476, 1524, 1524]


def test_party_setup_refused():
    sh = Sheet.open(MemStore())
    assert code(sh.new_party, NAMES4[:3]) == SH.E_PARTY      # 3 at a Königrufen table
    assert code(sh.new_party, ["A", "B", "A", "C"]) == SH.E_PARTY
    assert code(sh.new_party, NAMES4, "koenigrufen/nope") == SH.E_PARTY
    e = raises(SheetError, sh.new_party, NAMES4, "koenigrufen/pagat", 0, 0, {"dealz": 3})
    assert "dealz" in str(e)
    assert sh.players == {} and sh.party is None             # nothing written
    assert code(sh.add_deal, dreier(0, 1)) == SH.E_NO_PARTY


def test_profile_overrides_survive_replay():
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES4, overrides={"contracts": {P.DREIER: {"value": 5, "loss": 5}}})
    ok_all(sh.add_deal(dreier(0, 150)))           # position 0 = seat 3: 5 * 3
    assert sh.totals() == [-5, -5, -5, 15]
    assert Sheet.open(st).totals() == [-5, -5, -5, 15]



def test_end_over_points_is_strict():
    """{"over": P}: the party ends in the first deal in which a total
    exceeds P (seeds/003), not when it equals P."""
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, end={"over": 12})
    ok_all(sh.add_deal(dreier(0, 150)))
    assert sh.totals() == [-4, -4, -4, 12] and not sh.party.over
    sh.finish()
    sh.new_party(NAMES4, end={"over": 11})
    ok_all(sh.add_deal(dreier(0, 150)))
    assert sh.party.over and sh.party.why == "target"


def _fr(sh, seat, contract, points, bouts):
    # a French deal at four taken by table seat `seat`, won
    from tarock.french import score as FS
    s = FS.Summary(contract, sh.seats().index(seat), 4)
    s.halves = 2 * points
    s.bouts = bouts
    return s


def _fr_party(first_points):
    """Anna ends at 1000 or 1001: first Bernd's prise with no bout and
    `first_points` (56 + d: 25 + d from each defender, Anna pays 25 + d),
    then Anna's garde contre with 3 bouts and 68 points: 6 x (25 + 32) =
    342 from each, 1026 for her."""
    from table import scores
    from tarock import profiles as PR
    from tarock.french import profiles as FP
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, profile="french/1000", end=scores.party_end(PR.get("french/1000")))
    ok_all(sh.add_deal(_fr(sh, 1, FP.PRISE, first_points, 0)))
    assert not sh.party.over
    ok_all(sh.add_deal(_fr(sh, 0, FP.GARDE_CONTRE, 68, 3)))
    return sh


def test_french_1000_exactly_goes_on():
    """The French '1000' preset (party_points 1000, party_points_strict):
    a total of exactly 1000 goes on (seeds/003: "beim ersten Spiel ..., in
    dem jemand 1.000 überschreitet")."""
    from table import scores
    from tarock import profiles as PR
    assert scores.party_end(PR.get("french/1000")) == {"over": 1000}
    assert scores.party_end(PR.get("french/fft")) == {"rounds": 1}
    sh = _fr_party(57)      # Bernd: 25 + 1 from each
    assert sh.totals()[0] == 1000 and not sh.party.over


def test_french_1001_ends():
    sh = _fr_party(56)      # Bernd: 25 from each
    assert sh.totals()[0] == 1001 and sh.party.over and sh.party.why == "target"


def test_points_target_without_strict_keeps_reaching():
    """Profiles without party_points_strict keep {"target": P} (>= P)."""
    from table import scores
    assert scores.party_end({"party_points": 1000}) == {"target": 1000}
    sh = Sheet.open(MemStore())
    sh.new_party(NAMES4, end={"target": 12})
    ok_all(sh.add_deal(dreier(0, 150)))
    assert sh.totals()[3] == 12 and sh.party.over


def test_a_restart_finds_the_tables_mode_displays_and_open_vote():
    """Issue 35 (B.10, B.13): the party journals the table's mode and which
    display each seat sits at; a table-wide question stays open across a
    restart until it is answered, and a new party closes it."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES4, mode="physical", displays=[0, 2, 3, 4])
    sh.vote_open("end", 2)
    sh2 = Sheet.open(MemStore({"sheet.tbj": st.data("sheet.tbj")}))
    pa = sh2.party
    assert pa.mode == "physical" and pa.displays == [0, 2, 3, 4]
    assert sh2.vote == {"what": "end", "by": 2, "arg": None}
    sh2.vote_close("no")
    sh3 = Sheet.open(MemStore({"sheet.tbj": sh2.journal.store.data("sheet.tbj")}))
    assert sh3.vote is None and sh3.report == []
    sh3.vote_open("forget", 1, "Anna")
    assert sh3.vote == {"what": "forget", "by": 1, "arg": "Anna"}
    sh3.finish()
    sh3.new_party(NAMES4)
    sh4 = Sheet.open(MemStore({"sheet.tbj": sh3.journal.store.data("sheet.tbj")}))
    assert sh4.vote is None and sh4.party.mode is None and sh4.party.displays is None


def test_a_deal_deleted_counts_zero_rates_nobody_and_replays():
    """Issue 37, item 4: a deal entered by mistake is deleted by a
    correction with no summary: a "fix" record with zero deltas, the deal's
    result kept in it and "del"; the deal keeps its number, the history
    says it; it rates nobody; the journal replays to it; the undo of a
    correction (the earlier result entered again) brings it back."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES5, kontra_column=True)
    ok_all(sh.add_deal(rufer(0, 2, 150)))
    r1 = sh.ratings()
    k1 = sh.kontra_totals()
    t0 = sh.totals()
    ok_all(sh.add_deal(dreier(1, 150, kontra=1)))      # entered by mistake
    d1 = sh.party.deltas_of(1)
    e = sh.correct(1, None)
    # its seats confirm: those whose result it changes (the dealer sat out)
    assert e.deltas == [0] * 5 and e.needed == [i for i in range(5) if d1[i]]
    assert sh.totals() != t0
    ok_all(e)
    pa = sh.party
    assert pa.n_deals == 2 and pa.deltas_of(1) == [0] * 5 and pa.deleted == [1]
    assert sh.totals() == t0
    assert sh.kontra_totals() == k1 and sh.ratings() == r1
    h = [x for x in sh.history(1) if x["status"] == "final"]
    assert [(x["kind"], x.get("deleted")) for x in h] == [("deal", None), ("fix", True)]
    assert sh.summary_of(1).contract == P.DREIER    # its result is kept
    rec = sh.journal.read_at(pa.offs[1])
    assert rec["t"] == "fix" and rec["del"] == 1 and rec["d"] == [0] * 5
    again = Sheet.open(MemStore({"sheet.tbj": st.data("sheet.tbj")}))
    assert again.report == [] and again.totals() == sh.totals()
    assert again.ratings() == r1 and again.party.deleted == [1] and not again.party.disputed
    assert code(sh.correct, 7, None) == SH.E_DEAL_NO
    # back: the deal's result entered again as a correction
    ok_all(sh.correct(1, sh.summary_of(1)))
    assert sh.party.deleted == [] and sh.party.deltas_of(1) == d1 and sh.ratings() != r1


def test_an_older_firmware_reads_a_deletion_as_a_confirmed_correction():
    """Without "del" (what a firmware before it reads) the record is a
    correction its seats confirmed: the same zero deltas count, marked
    disputed (the scorer gives the kept result otherwise)."""
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES4)
    ok_all(sh.add_deal(dreier(1, 150)))
    ok_all(sh.correct(0, None))
    real = SH.Sheet._make_entry

    def older(self, pa, kind, rec, off):
        rec = dict(rec)
        rec.pop("del", None)
        return real(self, pa, kind, rec, off)
    SH.Sheet._make_entry = older
    try:
        old = Sheet.open(MemStore({"sheet.tbj": st.data("sheet.tbj")}))
    finally:
        SH.Sheet._make_entry = real
    assert old.totals() == [0, 0, 0, 0] and 0 in old.party.disputed
