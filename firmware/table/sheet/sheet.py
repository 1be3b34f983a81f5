# The score sheet ("Schrift"): parties, deals, corrections, confirmations,
# party end and settlement, player ratings; kept in a power-safe journal.
# Sources: the issue "score sheet" (#3), seeds/002 (PTO: Elo, abort rule),
# seeds/001 (Tarockcup: "Alle Kontras zählen auf die Schrift": the kontra column),
# RULES.md (sections: docs/SOURCES.md); readings in docs/DECISIONS.md, "Score sheet".
#
# API (for the device app; all seats are table seats 0..n-1, clockwise):
#   sh = Sheet.open(store[, name])   replay the journal; never raises;
#                                    sh.report lists what was cut or fixed
#   sh.new_party(players, profile="koenigrufen/pagat", dealer=0, creator=0,
#                end=None, overrides=None, kontra_column=False, when=None,
#                base=None, lang=None)
#       players: names or player ids per seat; end: None (open), {"deals": N},
#       {"rounds": R} (everyone dealt R times), {"target": P} (a total >= P),
#       {"over": P} (a total > P), {"block": 16, "blocks": B} (tournament blocks of 16 deals);
#       base: a table's own preset (profile="koenigrufen/stammtisch") is its
#       base preset with the overrides (tarock.userpresets), both journalled;
#       tn: a tournament round's identity (table.sheet.tround: its seats'
#       "sign" records and its "round" record, replayed by that module)
#   sh.dealer(), sh.seats()          dealer and seats of positions 0.. of the
#                                    next deal (5 at a 4-player game: the
#                                    dealer sits out)
#   e = sh.add_deal(summary | finished Deal[, when])  -> Entry (pending)
#   e = sh.correct(deal_no, summary[, when])          -> Entry (pending)
#       summary None: the deal deleted (a "fix" that counts zero, "del": 1;
#       its result kept in the record, the history says it)
#   sh.confirm_all(seats)            confirm() of each, one append and one flush
#   e.needed, e.missing(), e.confirm(seat), e.final;  sh.undo([why]) drops
#                                    the pending entry (the one being made);
#                                    a why (text) is journalled with it and
#                                    shown by history()
#   sh.totals(), sh.kontra_totals(), sh.deals(), sh.summary_of(deal_no),
#   sh.history([deal_no]), sh.end_summary(), sh.abort(seat), sh.finish(),
#   sh.ratings() {player id: rating}, sh.seat_ratings() [(rating, last change)],
#   sh.players {id: name}, sh.compact()
# A deal counts (totals, ratings, party end) only once every seat it
# touches has confirmed. Errors: SheetError (a ValueError) with a code
# 250-299 from tarock.errors and a message saying what is wrong.
from tarock import profiles, seating
from table.sheet import rating
from tarock.record import Newer
from table.sheet.journal import Journal, Archive, FORMAT, FRAMING, dumps, crc32
from table.sheet.party import (  # noqa: F401  (re-exported for the app and tests)
    E_NO_PARTY, E_PENDING, E_NO_PENDING, E_SEAT, E_CONFIRMED, E_OVER, E_ENTRY, E_DEAL_NO,
    E_ABORT, E_PARTY, E_READONLY, E_OPEN, E_LOST, E_UNSAVED, PENDING, FINAL, UNDONE, LOST,
    STATUS, SheetError, Entry, Party, settlement, side, _ints)

VERSION = "0.6.0"   # the firmware that writes the journal (its header, each party)

# a deal number may run ahead of the sheet by this many deals (their records
# lost to damage) and no more: a forged or damaged number costs nothing
MAX_GAP = 1000
# ... and all runs of lost deals of one opening together no more than this:
# records crafted to claim a run each would otherwise fill the heap
MAX_LOST = 250
# problems kept for the screens; the ones after are counted on the last page
MAX_PROBLEMS = 40
# intact records kept but not applied whose places are remembered (compaction
# keeps them); past this the journal is not compacted, so none is dropped
MAX_KEPT = 200


class Sheet:
    def __init__(self, journal):
        self.journal = journal
        self.players = {}     # id -> name
        self.base = {}        # id -> rating before the parties in the journal
        self.parties = []
        self.archived = []    # journal offsets of the archived parties' index records
        self.notes = []       # what opening did beside the problems (English, for a host)
        self.problems = []    # (key, code, args) the screens show until a seat acknowledges: words()
        self.acked = []       # problem keys acknowledged (journal "ack" records)
        self.kept = []        # offsets of intact records kept but not applied
        self.overkept = False   # more than MAX_KEPT of them: never compacted
        self.readonly = False
        self.whole = False    # every record was read (_load)
        self.strict = False   # host import: refuse, rather than dispute, a record the scorer contradicts
        self.format = 1       # the journal's format (header "v"; 1 without a header)
        self.newer = None     # the newer firmware that wrote records here (not compacted then)
        self._orphans = []
        self._ratings = None
        # the table-wide question open when the journal ended ({"what", "by",
        # "arg"}), or None: a restart asks it again (vote_open / vote_close)
        self.vote = None
        self._init_replay()

    def _init_replay(self):
        self._keys = {}       # problem keys seen (no quadratic de-duplication)
        self._details = {}    # problem key -> the scorer's words (report only)
        self._seen = {}       # party records seen (_party_key): a second copy counts once
        self._arcs = {}       # where the archived parties indexed start
        self._hdrs = 0        # headers seen: a second one means a journal written twice
        self._dup = False     # skipping the records of a party seen before
        self._prev = None     # the type of the record applied before (a party's copy follows it)
        self._n_lost = 0      # deals marked lost (MAX_LOST)

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, store, name="sheet.tbj"):
        """Replay the journal; never raises. Damaged bytes cost only
        themselves (the journal resynchronises and salvages, see journal.py);
        a record that does not fit the sheet is kept and skipped; a
        confirmed deal counts with the deltas its seats confirmed, marked
        disputed when this firmware scores it otherwise or cannot read it.
        sh.report lists all of it, sh.problems what the screens say."""
        sh = cls(Journal(store, name))
        sh._load()
        return sh

    def _reset(self):
        self.players = {}
        self.base = {}
        self.parties = []
        self.archived = []
        self.problems = []
        self.acked = []
        self.kept = []
        self.overkept = False
        self.format = 1
        self.newer = None
        self._ratings = None
        self.vote = None
        self._init_replay()

    def _load(self):
        j = self.journal
        j.notes = []
        self.notes = []
        self.readonly = False
        self.whole = False      # every record read (a refused write then loses nothing)
        try:
            j.recover()
            f = j.framing()
            if f > FRAMING:
                # a later framing: not a byte of it is read as damage or
                # written over; the table records in memory (play on)
                self.readonly = True
                self._problem("framing", "p_framing", f)
            else:
                self._replay()
                self.whole = True
            if j.bad:
                self._problem("damage", "p_damage", sum([n for (o, n, w) in j.bad]))
                if not self.readonly:
                    j.salvage_scan()
                    first = self.problems
                    self.whole = False
                    self._reset()
                    self._replay()     # the offsets moved: read it again
                    self.whole = True
                    for p in first:
                        self._problem(p[0], p[1], *p[2])
                    self._recover_archive()
        except Exception as e:  # the store or the heap failed: keep what was read,
            self.readonly = True    # write nothing until the table chooses to play on
            self.notes.append("journal: %r; opened read-only" % (e,))
            # read whole (only its repair could not write): it cannot be
            # saved, not "cannot be read"; said first, on the first page
            if "store" not in self._keys:
                self._keys["store"] = 1
                self.problems.insert(0, ("store", "p_unsaved" if self.whole else "p_store",
                                         (_why(e),)))
        for note in j.notes:
            self.notes.append(note)
        self._check_archive()
        self._check_free()

    def _recover_archive(self):
        """After damage in the journal: a party in the archive whose index
        record the damage took is indexed again (a party archived twice, or
        still in the journal, was only a copy a power cut left: skipped)."""
        arc = Archive(self.journal.store, self.journal.name)
        if arc.size() <= 0:
            return
        known = {}
        for pa in self.parties:
            known[_party_key(self.journal.read_at(pa.off))] = 1
        starts = []
        for off, rec in arc.j.scan():
            if rec["t"] == "party":
                starts.append((off, _party_key(rec)))
        for i in range(len(starts)):
            if starts[i][0] in self._arcs:
                known[starts[i][1]] = 1
        for i in range(len(starts)):
            at, key = starts[i]
            if at in self._arcs or key in known:
                continue
            known[key] = 1
            end = starts[i + 1][0] if i + 1 < len(starts) else arc.size()
            sh = Sheet(arc.j)
            sh.players = self.players
            for off, r in arc.j.scan(at, end):
                try:
                    sh._apply(off, r)
                except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                    pass
            if not sh.parties:
                continue
            pa = sh.parties[0]
            rec = {"t": "arch", "prof": pa.profile_name, "pl": pa.players, "tot": pa.totals(),
                   "n": pa.n_deals, "why": pa.why, "at": at, "len": end - at}
            if pa.when is not None:
                rec["w"] = pa.when
            try:
                off = self._write(rec)
            except SheetError:
                continue
            self._arcs[at] = 1
            self.archived.append(off)
            self._problem("arcfix%d" % at, "p_arc_indexed", self._names(pa))

    def _check_archive(self):
        """Damage in the archive is said at boot too (CRC only, no record
        read); it is kept as it is (only ever appended to), and a past
        party opened from it resynchronises past the damage."""
        if not self.archived:
            return
        try:
            n = Archive(self.journal.store, self.journal.name).j.damaged()
        except OSError:
            n = -1
        if n:
            self._problem("arcdamage", "p_arc_bad")

    # flash left below this: the screens say so (a 20-deal party takes ~5 KB
    # of journal and archive); nothing is ever deleted to make room
    LOW_FLASH = 32768

    def _check_free(self):
        free = getattr(self.journal.store, "free", None)
        n = free() if free is not None else -1
        if 0 <= n < self.LOW_FLASH:
            self._problem("flash", "p_flash", n // 1024)

    def _replay(self):
        j = self.journal
        self._orphans = []
        for off, rec in j.scan():
            try:
                self._apply(off, rec)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
                # an intact record that does not fit: kept in the journal (and
                # by compaction), skipped here (a MemoryError is no such case)
                self._keep(off)
                self._refused(rec, e)
        for p in self._orphans:
            self._problem(p[0], p[1], *p[2])
        self._orphans = []
        pa = self.party
        if pa is not None and pa.pending is not None:
            e = pa.pending
            if e.why is not None and not e.confirmed and e.scored is not None:
                # never confirmed: as this firmware scores it; the first
                # confirmation journals it again so (confirm)
                e.deltas, e.kontra = e.scored
                e.rescore = True
        if pa is not None and not pa.over and pa.pending is None and not self.readonly:
            # power went between a deal's last confirmation and its end record
            try:
                self._check_end(pa)
            except (OSError, SheetError):
                pass

    def _keep(self, off):
        if len(self.kept) < MAX_KEPT:
            self.kept.append(off)
        else:
            self.overkept = True

    def _names(self, pa):
        return "/".join([self.players.get(p, "?") for p in pa.players])

    def _problem(self, key, code, *args):
        """A problem the screens say (code: a table.lang key, args its
        values; an arg that is a tuple is a code and its args in turn)."""
        if key in self._keys:
            return
        n = len(self.problems)
        if n >= MAX_PROBLEMS:   # crafted records: one more each, counted
            m = self.problems[-1]
            more = m[2][0] + 1 if m[0] == "more" else 2
            self.problems[-1] = ("more", "p_more", (more,))
            return
        self._keys[key] = 1
        self.problems.append((key, code, args))

    @property
    def report(self):
        """What opening found and did, in words (the problems in the screens'
        language, a scorer's detail beside a dispute; then the notes): for
        hosts and tests, made when asked (the board shows words())."""
        out = []
        for p in self.problems:
            w = self.words(p)
            d = self._details.get(p[0])
            out.append(w + " (%s)" % d if d else w)
        return out + self.notes

    def unacknowledged(self):
        """The problems no seat has acknowledged yet (pass each to words())."""
        return [p for p in self.problems if p[0] not in self.acked]

    def words(self, p):
        """A problem (an entry of problems / unacknowledged()) as one
        sentence in the screens' language (table.lang; English on a host
        that chose none)."""
        return _say(p[1], p[2])

    def acknowledge(self):
        """A seat has read the problems on its screen: they are not shown
        again (they stay in sh.report and in the journal's check)."""
        keys = [k for k, c, a in self.unacknowledged()]
        if not keys:
            return
        self._write({"t": "ack", "keys": keys})
        self.acked.extend(keys)

    def _refused(self, rec, e):
        if len(self.problems) >= MAX_PROBLEMS:
            # crafted records by the thousand: counted, not worded (a key
            # never stored counts on the last page, see _problem)
            self._problem("", "")
            return
        t = rec.get("t")
        pa = self.party
        who = self._names(pa) if pa is not None else "-"
        k = rec.get("no", rec.get("n"))
        k = k if isinstance(k, int) and not isinstance(k, bool) else None
        why = ("r_" + e.reason,) if isinstance(e, SheetError) and e.reason else ("r_fits",)
        n = len(self.parties)
        if t in ("deal", "fix") and k is not None:
            self._problem("rec%d:%s:%d" % (n, t, k), "p_refused_deal", k + 1, who, why)
        elif t in ("ok", "undo") and k is not None:
            # its deal's record is what was lost: say that, unless a later
            # deal already did (the gap in the deal numbers)
            if len(self._orphans) < MAX_PROBLEMS:
                self._orphans.append(("lost%d:%d" % (n, k), "p_lost", (k + 1, who)))
        else:
            self._problem("rec%d:%s:%s" % (n, t, k), "p_refused", str(t), who, why)

    def _lose_pending(self, pa, why):
        """The pending entry lost its later records (its confirmations, its
        undo) and no seat's confirmation of it was read: the deal is
        refused whole, its number marked lost."""
        e = pa.pending
        pa.pending = None
        pa.log[-1] = e.offset * 4 + UNDONE
        if e.kind == "deal":
            self._mark_lost(pa, e.deal_no)
        self._problem("part%d:%d" % (len(self.parties), e.deal_no), "p_lost_why",
                      e.deal_no + 1, self._names(pa), (why,))

    def _close_pending(self, pa, k=-1):
        """A later record shows the pending entry was settled: entered again
        as deal k (it was undone), confirmed (every seat's confirmation but
        one was read: that one was lost, it counts, marked) or lost (more
        than one missing: its undo is likelier what damage took than all of
        them, and a result the table gave up must not start to count)."""
        e = pa.pending
        if e.kind == "deal" and k == e.deal_no:
            self._undo(pa)      # the same deal entered again: the first was undone (its undo lost)
        elif e.confirmed and len(e.needed) - len(e.confirmed) <= 1:
            e.confirmed = list(e.needed)
            self._problem("okl%d:%d" % (len(self.parties), e.deal_no), "p_ok_lost",
                          e.deal_no + 1, self._names(pa))
            self._finalize(pa, e)
        else:
            self._lose_pending(pa, "r_unconfirmed")

    def _mark_lost(self, pa, k):
        z = tuple([0] * pa.n)   # one tuple for the whole run
        while pa.n_deals <= k:
            kk = pa.n_deals
            pa.offs.append(-1)
            pa.dl.append(z)
            pa.kl.append(None)
            pa.lost.append(kk)
            self._n_lost += 1

    def _apply(self, off, rec):
        """Replay one record: its type's handler (APPLY); a type this
        firmware does not know is kept and skipped (a newer firmware's)."""
        t = rec["t"]
        after_party = self._prev == "party"
        self._prev = t
        self._ratings = None
        if t == "pcopy" and not after_party:
            # a copy stands in for a party record damage took (right after
            # its party record it is only the copy)
            t = "party"
        do = self.APPLY.get(t)
        if do is None:
            if self.strict:   # an import: only what this firmware knows
                raise SheetError(E_ENTRY, "unknown record %r" % (t,))
            self._keep(off)     # a newer firmware's record: kept, skipped
            self._problem("type:" + t, "p_newer_rec")
        elif not self._dup or t in ("hdr", "tbj", "party"):
            do(self, off, rec)
        # else: a party seen before (counted once): its records are skipped

    # ------------------------------------------------------------ records
    # one handler a record type (APPLY, below), each (off, rec)
    def _on_hdr(self, off, rec):
        self._hdrs += 1     # the second: a journal written twice in one
        v = rec.get("v")
        if not _int_ok(v):
            raise SheetError(E_ENTRY, "bad header", "fits")
        if v > self.format:
            self.format = v
        if v > FORMAT:
            # records of a newer format: read what this firmware can, keep
            # the rest; appending loses nothing, compaction could (tidy)
            self.newer = rec.get("fw") if isinstance(rec.get("fw"), str) else "format %d" % v
            self._problem("format", "p_format", self.newer)

    def _on_tbj(self, off, rec):
        self._hdrs += 1     # the framing's own header

    def _on_pcopy(self, off, rec):
        pass                # right after its party record: only the copy

    def _on_player(self, off, rec):
        pid = rec["id"]
        if not _int_ok(pid) or not isinstance(rec.get("name"), str):
            raise SheetError(E_PARTY, "bad player record", "fits")
        self.players[pid] = rec["name"]
        self.base[pid] = rec.get("r", rating.START)

    def _on_ack(self, off, rec):
        for k in rec.get("keys", ()):
            if isinstance(k, str) and k not in self.acked:
                self.acked.append(k)

    def _on_arch(self, off, rec):
        # only where it is: a board keeps years of parties on flash, not
        # in the heap (archived_records() and open_archived() read them)
        at = rec.get("at")
        pl = rec.get("pl")
        # what the screens read of it (Past): its players, totals, deals
        n = len(pl) if isinstance(pl, list) and pl else -1
        _ints(pl, n, "players")
        _ints(rec.get("tot"), n, "totals")
        if not _int_ok(rec.get("n")) or rec["n"] < 0:
            raise SheetError(E_ENTRY, "archived party: its deals", "fits")
        if not _int_ok(at) or at not in self._arcs:
            self._arcs[at] = 1      # the same archived party indexed twice: once
            self.archived.append(off)

    def _on_vote(self, off, rec):
        if "end" in rec:
            v = self.vote
            pa = self.party
            if rec["end"] == "yes" and v is not None and v["what"] in ("discard", "abort", "new") \
                    and pa is not None and pa.pending is not None and off:
                # the table gave the result up; its undo, written just
                # before, was what damage took: undone all the same
                self._undo(pa)
            self.vote = None
            return
        what, by = rec.get("what"), rec.get("by")
        if not isinstance(what, str) or isinstance(by, bool) or not isinstance(by, int):
            raise SheetError(E_ENTRY, "bad vote record")
        self.vote = {"what": what, "by": by, "arg": rec.get("arg")}

    def _party_rec(self, off, rec):
        key = _party_key(rec)
        if key in self._seen and (self._hdrs > 1 or "ps" in rec):
            # the same party again (the journal written twice): counted once
            self._dup = True
            self._problem("dup%d" % len(self.parties), "p_dup",
                          "/".join([str(x) for x in rec.get("nm", rec.get("pl", ()))]))
            return
        self._dup = False
        if self.parties and not self.parties[-1].over:
            last = self.parties[-1]
            if last.pending is not None:
                self._close_pending(last)
            last.over = True
            last.why = "lost"
            self._problem("end%d" % len(self.parties), "p_end_lost", self._names(last))
        nm = rec.get("nm")
        pl = rec.get("pl", ())
        for i in range(len(pl) if isinstance(pl, list) else 0):
            p = pl[i]
            if _int_ok(p) and p not in self.players:
                # its player record was damaged: the party's own list of
                # names has it (an older party's: a name stands in)
                if isinstance(nm, list) and i < len(nm) and isinstance(nm[i], str):
                    self.players[p] = nm[i]
                    self.base[p] = rating.START
                else:
                    self.players[p] = "Player %d" % p
                    self._problem("player%d" % p, "p_player", p)
        pa = Party(rec, self.players)
        pa.off = off
        self.parties.append(pa)
        self._seen[key] = 1
        self.vote = None

    # the open party's records: an entry, a lost deal, a confirmation, an
    # undo, its end, its abort (a deal number "no": format 2, _deal_no)
    def _on_deal(self, off, rec):
        k = _deal_no(rec)
        pa = self.party
        if k == 0 and (pa is None or pa.n_deals or pa.over):
            pa = self._headless(rec)    # a party's first deal: its party record was lost
        elif pa is None:
            raise SheetError(E_NO_PARTY)
        if pa.pending is not None:
            self._close_pending(pa, -1 if k is None else k)
        if k is not None:
            if k < pa.n_deals:
                raise SheetError(E_ENTRY, "deal %d is on the sheet twice" % (k + 1), "twice")
            if k > pa.n_deals:
                self._gap(pa, k)
        e = self._make_entry(pa, "deal", rec, off)
        if rec.get("ok"):
            self._finalize(pa, e)

    def _on_fix(self, off, rec):
        _deal_no(rec)
        pa = self._party()
        if pa.pending is not None:
            self._close_pending(pa)
        e = self._make_entry(pa, "fix", rec, off)
        if rec.get("ok"):
            self._finalize(pa, e)

    def _on_lost(self, off, rec):
        k = _deal_no(rec)
        pa = self._party()
        if k is None:
            raise SheetError(E_DEAL_NO, "no deal number", "number")
        if k >= pa.n_deals:
            self._gap(pa, k + 1)

    def _on_ok(self, off, rec):
        k = _deal_no(rec)
        pa = self._party()
        s = rec.get("s")
        if pa.pending is None or (k is not None and k != pa.pending.deal_no):
            raise SheetError(E_NO_PENDING, "a confirmation without its deal", "orphan")
        if not _int_ok(s) or s not in pa.pending.needed:
            raise SheetError(E_SEAT, "seat %r" % (s,), "fits")
        if s not in pa.pending.confirmed:
            self._confirm(pa, s)

    def _on_undo(self, off, rec):
        k = _deal_no(rec)
        pa = self._party()
        if pa.pending is None or (k is not None and k != pa.pending.deal_no):
            raise SheetError(E_NO_PENDING, "an undo without its deal", "orphan")
        why = rec.get("why")
        self._undo(pa, why if isinstance(why, str) else None)
        if self.vote is not None:   # what the open question asked is done
            self.vote["done"] = 1   # (a cut before its yes: App._reopen)

    def _on_end(self, off, rec):
        _deal_no(rec)
        pa = self._party()
        if pa.pending is not None:
            self._close_pending(pa)
        pa.over = True
        why = rec.get("why", "finish")
        pa.why = why if isinstance(why, str) else "finish"
        if self.vote is not None:
            self.vote["done"] = 1

    def _on_abort(self, off, rec):
        _deal_no(rec)
        pa = self._party()
        s = rec.get("s")
        if not _int_ok(s):
            raise SheetError(E_ABORT, "seat %r" % (s,), "fits")
        self._abort(pa, s)

    def _on_tn(self, off, rec):
        # a tournament round's signature or round record: its module's
        # (an ordinary table never loads it)
        from table.sheet import tround
        tround.apply(self, off, rec)

    # record type -> its handler (_apply): the types this firmware knows
    APPLY = {"hdr": _on_hdr, "tbj": _on_tbj, "player": _on_player, "arch": _on_arch,
             "party": _party_rec, "pcopy": _on_pcopy, "deal": _on_deal, "fix": _on_fix,
             "ok": _on_ok, "undo": _on_undo, "end": _on_end, "abort": _on_abort,
             "lost": _on_lost, "ack": _on_ack, "vote": _on_vote, "sign": _on_tn,
             "round": _on_tn}

    def _headless(self, rec):
        """A party whose record (and its copy) damage took, found by its
        first deal: its deals are kept under a party of their own, counted
        as confirmed (marked). Its rules: those of the party before it when
        that had as many seats, else the family's first preset (told by the
        summary's fields); its seats are named by number."""
        d = rec.get("d")
        n = len(d) if isinstance(d, list) else 0
        prev = self.party
        if prev is not None and prev.n == n:
            prof = prev.profile_name
        else:
            from tarock import families
            fam = _family_of(rec.get("s"))
            prof = families.FAMILIES[fam]["default"]
        ids = []
        names = []
        for i in range(n):
            ids.append(-1 - i)      # not a player of the journal: no record, no rating
            names.append("%d" % (i + 1))
            self.players[-1 - i] = names[-1]
        hl = {"t": "party", "prof": prof, "pl": ids, "nm": names, "hl": 1}
        if self.parties and not self.parties[-1].over:
            self._party_rec(-1, hl)     # the party before it: its end was lost too
        else:
            self._dup = False
            self.parties.append(Party(hl, self.players))
        pa = self.parties[-1]
        pa.off = -1
        self._problem("headless%d" % len(self.parties), "p_headless")
        return pa

    def _gap(self, pa, k):
        """Deals before deal number k were lost (their records damaged):
        marked lost, said once for the whole run of them."""
        first = pa.n_deals
        if k - first > MAX_GAP or self._n_lost + k - first > MAX_LOST:
            raise SheetError(E_DEAL_NO, "deal %d is %d deals ahead" % (k + 1, k - first), "number")
        self._mark_lost(pa, k - 1)
        n = len(self.parties)
        if k - first == 1:
            self._problem("lost%d:%d" % (n, first), "p_lost", first + 1, self._names(pa))
        else:
            self._problem("lost%d:%d" % (n, first), "p_lost_n", first + 1, k, self._names(pa))

    def _will_write(self):
        """A deal's, a correction's or a party's record is about to be made:
        the store's write hook now (the app's "saving" bar), before the
        record is scored again and encoded (~30 ms on the chip), not only
        at its write."""
        hook = getattr(self.journal.store, "on_write", None)
        if hook is not None:
            hook()

    def _write(self, rec):
        return self._write_all([rec])[0]

    def _write_all(self, recs):
        """The records in one append and one flush (the header first on an
        empty journal); their offsets."""
        j = self.journal
        if self.readonly and not j.hold:
            raise SheetError(E_READONLY)
        try:
            if j.end == 0 and recs[0].get("t") != "hdr":
                offs = j.append_all([{"t": "hdr", "v": FORMAT, "fw": VERSION}] + recs)
                self.format = FORMAT
                return offs[1:]
            if len(recs) == 1:
                return [j.append(recs[0])]
            return j.append_all(recs)
        except OSError as e:   # nothing taken: the caller changes nothing
            w = _why(e)
            raise SheetError(E_UNSAVED, _say(w[0], w[1:]))

    # ------------------------------------------------------------ storage
    def play_on_unsaved(self):
        """The table chose to play on although the store refuses writes:
        what it records is held in memory (and retried at every write). A
        sheet opened read-only keeps what it read: when it was read whole
        (the start-up repair could not write: read-only or full flash) its
        records are written once the flash takes them; else (a later
        framing, a journal not read whole) they stay in memory, the file is
        never written. It is never compacted."""
        self.journal.hold = True
        if self.readonly and not self.whole:
            self.journal.frozen = True

    def unsaved(self):
        """How many records wait in memory for the store (0: all saved)."""
        return len(self.journal.held)

    def retry(self):
        """Write what waits in memory; True when everything is saved."""
        return self.journal.retry()

    # ------------------------------------------------------------ votes
    def vote_open(self, what, by, arg=None):
        """A seat asked the table for `what` (a table-wide action, by the
        display `by`; arg: what it is about): journalled, so a restart
        finds it open (self.vote)."""
        rec = {"t": "vote", "what": what, "by": by}
        if arg is not None:
            rec["arg"] = arg
        self._write(rec)
        self._on_vote(0, rec)

    def vote_close(self, how):
        """The open question was answered ("yes": carried out, "no":
        withdrawn) or dropped ("gone")."""
        if self.vote is None:
            return
        rec = {"t": "vote", "end": how}
        self._write(rec)
        self._on_vote(0, rec)

    # ------------------------------------------------------------ players
    def _player_rec(self, name, after):
        pid = after + 1
        for k in self.players:
            if k >= pid:
                pid = k + 1
        return {"t": "player", "id": pid, "name": name}

    def _player_added(self, rec):
        pid = rec["id"]
        self.players[pid] = rec["name"]
        self.base[pid] = rating.START
        self._ratings = None
        return pid

    def player_id(self, name):
        best = -1
        for k in self.players:
            if self.players[k] == name and (best < 0 or k < best):
                best = k
        return best

    # ------------------------------------------------------------ parties
    def _party(self):
        if not self.parties:
            raise SheetError(E_NO_PARTY)
        return self.parties[-1]

    @property
    def party(self):
        return self.parties[-1] if self.parties else None

    def new_party(self, players, profile="koenigrufen/pagat", dealer=0, creator=0,
                  end=None, overrides=None, kontra_column=False, when=None, base=None,
                  lang=None, mode=None, displays=None, confirm=0, tn=None):
        if self.parties and not self.parties[-1].over:
            raise SheetError(E_OPEN)
        self._will_write()
        pids = []
        for p in players:
            if isinstance(p, str):
                pid = self.player_id(p)
                pids.append(pid if pid >= 0 else p)
            else:
                pids.append(p)
        rec = {"t": "party", "prof": profile, "pl": pids, "dl": dealer, "cr": creator}
        if end:
            rec["end"] = end
        if base:
            rec["base"] = base
        if overrides:
            rec["ov"] = overrides
        if kontra_column:
            rec["kc"] = 1
        if when is not None:
            rec["w"] = when
        if lang:
            rec["lg"] = lang    # the screens' language (table.lang code)
        # what a restart needs to go on as the table was: the mode (virtual
        # cards, dealing aid, score only: a table.flows.common.MODES word)
        # and which display each seat sits at
        if mode is not None:
            rec["md"] = mode
        if displays is not None:
            rec["ds"] = list(displays)
        if confirm:
            rec["cf"] = 1   # the declarer's side and one opponent confirm
        if tn is not None:
            rec["tn"] = tn  # a tournament round (table.sheet.tround.tn_of)
        # check the setup before anything is written (names not yet players
        # stand for themselves here)
        known = dict(self.players)
        for p in pids:
            if isinstance(p, str):
                known[p] = p
        pa = Party(rec, known)
        if tn is not None:
            from table.sheet import tround
            if pa.tn is None or not tround.tn_ok(tn):
                raise SheetError(E_PARTY, "tn: a tournament round's ev, rd, tb, g, min, nr by seat")
        # the new players and the party in one write (one flash sync): a cut
        # leaves whole player records at most, a party only with its players
        recs = []
        last = 0
        names = [p if isinstance(p, str) else self.players.get(p, "?") for p in pids]
        for i in range(len(pids)):
            if isinstance(pids[i], str):
                if not pids[i]:
                    raise SheetError(E_PARTY, "a player needs a name")
                p = self._player_rec(pids[i], last)
                last = p["id"]
                pids[i] = last
                recs.append(p)
        # who wrote it, the names by seat (a damaged player record is read
        # from here) and its serial (a party seen twice is one party); then
        # a copy of it, in the same write: damage to one leaves the other
        rec["fw"] = VERSION
        rec["ps"] = len(self.parties) + len(self.archived) + 1
        rec["nm"] = names
        recs.append(rec)
        copy = dict(rec)
        copy["t"] = "pcopy"
        recs.append(copy)
        offs = self._write_all(recs)   # refused: nothing taken
        for p in recs[:-2]:
            self._player_added(p)
        self._apply(offs[-2], rec)
        self._apply(offs[-1], copy)
        return self.parties[-1]

    def dealer(self):
        pa = self._party()
        return pa.dealer_of(pa.n_deals)

    def seats(self):
        """Seats of positions 0 (forehand) .. for the next deal."""
        pa = self._party()
        return pa.seats_of(pa.n_deals)

    def sitting_out(self):
        pa = self._party()
        return seating.sitting_out(pa.n, self.dealer(), pa.active)

    # ------------------------------------------------------------ entries
    def _score(self, pa, s, k):
        """(per-seat deltas, kontra part per seat or None) of summary s as deal k."""
        sc = pa.scorer
        try:
            sc.check_summary(pa.profile, s)
        except ValueError as e:
            raise SheetError(E_ENTRY, str(e))
        if s.n != pa.active:
            raise SheetError(E_ENTRY, "%d players per deal, the entry has %d" % (pa.active, s.n))
        seats = pa.seats_of(k)
        deltas = seating.to_table(sc.score(pa.profile, s), seats, pa.n)
        kontra = None
        if pa.kc:
            d = sc.summary_to_dict(s)
            d.pop("kontra", None)
            d.pop("neg_kontra", None)
            plain = seating.to_table(sc.score(pa.profile, sc.summary_from_dict(d)), seats, pa.n)
            kontra = [deltas[i] - plain[i] for i in range(pa.n)]
        # radelci: what the seats confirm is the doubled result
        return pa.doubled(deltas, k), kontra and pa.doubled(kontra, k)

    def _make_entry(self, pa, kind, rec, off):
        if pa.over and kind == "deal":
            raise SheetError(E_OVER, "", "over")
        if pa.pending is not None:
            raise SheetError(E_PENDING)
        if kind == "deal":
            k = pa.n_deals
        else:
            k = rec.get("n")
            if not _int_ok(k) or not 0 <= k < pa.n_deals:
                raise SheetError(E_DEAL_NO, "%r" % (k,), "number")
        # the scorer's view of the record: what this firmware would count
        why = None
        scored = None
        s = None
        detail = None   # the scorer's words, for a host's report (not the screens)
        try:
            if pa.headless:
                raise ValueError("the party's setup could not be read")
            s = pa.scorer.summary_from_dict(rec["s"])
        except Newer as x:
            why = ("p_newer_deal",)
            detail = str(x)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as x:
            why = ("p_unreadable",)
            detail = "no result" if isinstance(x, KeyError) else str(x)
        if s is not None:
            try:
                scored = self._score(pa, s, k)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as x:
                scored = None   # read, but not a result this firmware can score
                detail = str(x)
        gone = kind == "fix" and bool(rec.get("del"))
        if gone:    # deleted: counts zero whatever its result was
            why, scored = None, ([0] * pa.n, [0] * pa.n if pa.kc else None)
        # the deltas written (and confirmed by the seats): they count
        deltas = rec.get("d")
        kontra = rec.get("k")
        try:
            _ints(deltas, pa.n, "deltas")
            if kontra is not None:
                _ints(kontra, pa.n, "kontra")
        except SheetError:
            if scored is None:
                raise SheetError(E_ENTRY, "neither its deltas nor its result read", "fits")
            deltas, kontra = scored   # the written deltas are unreadable: the scorer's
            why = ("p_written_bad",)
        if why is None and (scored is None or scored[0] != deltas
                            or (pa.kc and scored[1] != kontra)):
            why = ("p_disputed", _signed(deltas))
        if why is not None and self.strict:  # imported records: the scorer must agree with them
            raise SheetError(E_ENTRY, _say(why[0], (k + 1, self._names(pa)) + why[1:]))
        needed = self._needed(pa, kind, k, deltas)
        e = Entry(self, pa, kind, k, list(deltas), kontra, needed, off)
        if pa.confirm and kind == "deal" and s is not None:
            # the declarer's side and one opponent confirm (Setup's Confirm)
            sd = side(s)
            if sd:
                seats = pa.seats_of(k)
                e.side = [seats[p] for p in sd if 0 <= p < len(seats)]
        if pa.rad is not None and kind == "deal" and scored is not None:
            e.got = pa.scorer.radelc(pa.profile, s)   # scored: its parts() work
        e.why = why
        e.deleted = gone
        e.scored = scored
        e.detail = detail
        pa.pending = e
        pa.log.append(off * 4 + PENDING)
        return e

    def _needed(self, pa, kind, k, deltas):
        """The seats that must confirm an entry: a deal's players; a
        correction's whose result it changes (its players if none)."""
        seats = pa.seats_of(k)
        if kind == "deal":
            return sorted(seats)
        old = pa.deltas_of(k)
        needed = [i for i in range(pa.n) if old[i] != deltas[i]]
        return needed if needed else sorted(seats)

    def _new_entry(self, kind, s, k, when, expect=None, confirmed=False):
        pa = self._party()
        if pa.pending is not None:
            raise SheetError(E_PENDING)
        gone = s is None
        if gone:    # a deletion: its result kept in the record, counting zero
            s = self.summary_of(k)
        self._will_write()
        if hasattr(s, "summary") and callable(s.summary):
            played = s.summary()
            if played is None:
                raise SheetError(E_ENTRY, "the deal is not finished")
            s = played
        if gone:
            deltas = [0] * pa.n
            kontra = deltas if pa.kc else None
        else:
            deltas, kontra = self._score(pa, s, k)
        rec = {"t": kind, "s": pa.scorer.summary_to_dict(s), "d": deltas}
        if gone:
            rec["del"] = 1
        if kind == "fix":
            rec["n"] = k
        else:
            rec["no"] = k
        if kontra is not None:
            rec["k"] = kontra
        if when is not None:
            rec["w"] = when
        if expect is not None and list(expect) != deltas:
            # refused before anything is written
            raise ValueError("the sheet scores %r, the table %r" % (deltas, list(expect)))
        needed = self._needed(pa, kind, k, deltas)
        if confirmed is not True:   # a list: the seats that confirmed so far
            needed = [seat for seat in (confirmed or ()) if seat in needed]
        if not needed:
            return self._make_entry(pa, kind, rec, self._write(rec))
        # seats it needs confirmed it already: the entry and their
        # confirmations in one append and one flush (the same records as
        # the entry, then confirm() for each; a cut leaves a prefix of them)
        offs = self._write_all([rec] + [{"t": "ok", "s": seat, "no": k} for seat in needed])
        e = self._make_entry(pa, kind, rec, offs[0])
        self._confirm_seats(pa, needed)
        return e

    def add_deal(self, summary, when=None, expect=None, confirmed=False):
        """Enter a deal result: a Summary (manual entry) or a finished Deal.
        Returns the pending Entry; it counts once every seat confirmed.
        expect: the deltas the table showed (refused, nothing written, when
        the sheet scores otherwise); confirmed: every seat it needs has
        confirmed it (journalled with it, one flash sync), or a list of the
        seats that have (the others confirm() later)."""
        pa = self._party()
        if pa.over:
            raise SheetError(E_OVER)
        return self._new_entry("deal", summary, pa.n_deals, when, expect, confirmed)

    def correct(self, deal_no, summary, when=None, expect=None, confirmed=False):
        """Correct deal deal_no (0-based) with a new summary: a new record;
        the old result stays in the history. summary None: delete the deal
        (it counts zero from then on; undone like any correction). expect,
        confirmed: as add_deal."""
        pa = self._party()
        if not isinstance(deal_no, int) or not 0 <= deal_no < pa.n_deals:
            raise SheetError(E_DEAL_NO, "%r (the sheet has %d deals)" % (deal_no, pa.n_deals))
        return self._new_entry("fix", summary, deal_no, when, expect, confirmed)

    @property
    def pending(self):
        pa = self.party
        return pa.pending if pa else None

    def confirm(self, seat):
        """Seat pressed ● on the pending entry; True once it is final."""
        pa = self._party()
        self._check_confirm(pa, seat)
        self._rescore(pa)
        self._write({"t": "ok", "s": seat, "no": pa.pending.deal_no})
        done = self._confirm(pa, seat)
        if done and not pa.over:
            self._check_end(pa)
        return done

    def confirm_all(self, seats):
        """Seats pressed ● on the pending entry (in this order; the ones
        already confirmed left out), journalled in one append and one flush:
        the same records as confirm() one by one, one flash sync instead of
        one each (a deal entered at five seats: 5 -> 1). A cut leaves a
        prefix of them, as it would between those confirm()s; a refusal
        takes none. True once the entry is final."""
        pa = self._party()
        e = pa.pending
        if e is None:
            raise SheetError(E_NO_PENDING)
        todo = []
        for seat in seats:
            if seat not in e.confirmed and seat not in todo:
                if seat not in e.needed:
                    raise SheetError(E_SEAT, "seat %r" % (seat,))
                todo.append(seat)
        if not todo:
            return e.final
        self._rescore(pa)
        self._write_all([{"t": "ok", "s": seat, "no": e.deal_no} for seat in todo])
        return self._confirm_seats(pa, todo)

    def _rescore(self, pa):
        """A pending entry no seat has confirmed that this firmware scores
        otherwise is shown as this firmware scores it (_replay): before the
        first seat confirms, the journal gets it so (the old record undone,
        the same result with these deltas), so that what the seats confirm
        is what stands."""
        e = pa.pending
        if not e.rescore:
            return
        rec = dict(self.journal.read_at(e.offset))
        rec["d"] = list(e.deltas)
        rec.pop("k", None)
        if e.kontra is not None:
            rec["k"] = list(e.kontra)
        rec.pop("ok", None)
        offs = self._write_all([{"t": "undo", "no": e.deal_no, "why": "rescored"}, rec])
        self._undo(pa, "rescored")
        self._make_entry(pa, rec["t"], rec, offs[1])

    def _confirm_seats(self, pa, seats):
        """The journalled confirmations of seats, in memory; True once final."""
        done = False
        for seat in seats:
            done = self._confirm(pa, seat)
        if done and not pa.over:
            self._check_end(pa)
        return done

    def _check_confirm(self, pa, seat):
        e = pa.pending
        if e is None:
            raise SheetError(E_NO_PENDING)
        if seat not in e.needed:
            raise SheetError(E_SEAT, "seat %r" % (seat,))
        if seat in e.confirmed:
            raise SheetError(E_CONFIRMED, "seat %r" % (seat,))

    def _confirm(self, pa, seat):
        self._check_confirm(pa, seat)
        e = pa.pending
        e.confirmed.append(seat)
        if e.missing():
            return False
        self._finalize(pa, e)
        return True

    def _check_end(self, pa):
        why = pa.end_reached()
        if why is not None:
            self._write({"t": "end", "why": why})
            pa.over = True
            pa.why = why

    def _finalize(self, pa, e):
        e.status = FINAL
        if e.why:
            # it counts as its seats confirmed it; every screen marks it,
            # with what this firmware would count (None: it cannot read it)
            pa.disputed[e.deal_no] = (e.why, e.scored[0] if e.scored else None)
            key = "disputed%d:%d" % (len(self.parties), e.deal_no)
            if not pa.headless:     # (its party's one problem says it for all of them)
                self._problem(key, e.why[0], e.deal_no + 1, self._names(pa), *e.why[1:])
            if e.detail:
                self._details[key] = e.detail
        else:
            pa.disputed.pop(e.deal_no, None)
        pa.pending = None
        pa.log[-1] = e.offset * 4 + FINAL
        d = tuple(e.deltas)
        kt = tuple(e.kontra) if e.kontra is not None else None
        if e.kind == "deal":
            if pa.rad is not None:
                pa.rad_add(e.deal_no, e.got)
            pa.offs.append(e.offset)
            pa.dl.append(d)
            pa.kl.append(kt)
        else:
            pa.offs[e.deal_no] = e.offset
            pa.dl[e.deal_no] = d
            pa.kl[e.deal_no] = kt
            if e.deal_no in pa.lost:
                pa.lost.remove(e.deal_no)   # the table entered the lost deal again
            if e.deal_no in pa.deleted:
                pa.deleted.remove(e.deal_no)
            if e.deleted:
                pa.deleted.append(e.deal_no)
        self._ratings = None

    def undo(self, why=None):
        """Drop the entry being made (before every seat confirmed it); why:
        the words kept with it in the journal ("abandoned" ...)."""
        pa = self._party()
        if pa.pending is None:
            raise SheetError(E_NO_PENDING)
        rec = {"t": "undo", "no": pa.pending.deal_no}
        if why:
            rec["why"] = why
        self._write(rec)
        self._undo(pa, why)

    def _undo(self, pa, why=None):
        if pa.pending is None:
            raise SheetError(E_NO_PENDING)
        pa.pending.status = UNDONE
        if why:
            pa.why_undone[pa.pending.offset] = why
        pa.log[-1] = pa.pending.offset * 4 + UNDONE
        pa.pending = None

    # ------------------------------------------------------------ party end
    def finish(self, when=None):
        """End the party here (an open party, or earlier than planned)."""
        pa = self._party()
        if pa.over:
            raise SheetError(E_OVER)
        if pa.pending is not None:
            raise SheetError(E_PENDING)
        rec = {"t": "end", "why": "finish"}
        if when is not None:
            rec["w"] = when
        self._write(rec)
        pa.over = True
        pa.why = "finish"

    def may_abort(self, seat, dealt=0):
        """May `seat` abort the party now (seeds/002, PTO)? dealt: the deals whose
        cards the table has dealt, as far as the caller knows (the sheet
        itself sees only entries: any entry, an undone one too, means the
        cards were dealt)."""
        pa = self.party
        return (pa is not None and not pa.over
                and rating.may_abort(seat, pa.creator, max(len(pa.log), dealt)))

    def abort(self, seat, when=None, dealt=0):
        """seeds/002 (PTO): only the creator, only in the first round before the
        cards are dealt: -25 for him, ratings unchanged, the party is over.
        dealt: as in may_abort (not journalled: the abort record says that
        it was allowed)."""
        pa = self._party()
        self._check_abort(pa, seat)
        if dealt:
            raise SheetError(E_ABORT, "cards have been dealt")
        rec = {"t": "abort", "s": seat}
        if when is not None:
            rec["w"] = when
        self._write(rec)
        self._abort(pa, seat)

    def _check_abort(self, pa, seat):
        if pa.over:
            raise SheetError(E_OVER)
        if not rating.may_abort(seat, pa.creator, len(pa.log)):
            if seat != pa.creator:
                raise SheetError(E_ABORT, "only the creator (seat %d) may abort" % pa.creator)
            raise SheetError(E_ABORT, "cards have been dealt")

    def _abort(self, pa, seat):
        self._check_abort(pa, seat)
        pa.over = True
        pa.why = "abort"
        pa.aborted = seat

    # ------------------------------------------------------------ reading
    def totals(self):
        return self._party().totals()

    def kontra_totals(self):
        return self._party().kontra_totals()

    def deals(self):
        """[(deal_no, dealer, deltas per seat)] of the final deals."""
        pa = self._party()
        return [(k, pa.dealer_of(k), pa.deltas_of(k)) for k in range(pa.n_deals)]

    def summary_of(self, deal_no, party=None):
        pa = party or self._party()
        if not 0 <= deal_no < pa.n_deals:
            raise SheetError(E_DEAL_NO, "%r" % (deal_no,))
        if pa.offs[deal_no] < 0:
            raise SheetError(E_LOST, "deal %d" % (deal_no + 1,))
        rec = self.journal.read_at(pa.offs[deal_no])
        if not isinstance(rec.get("s"), dict):
            raise SheetError(E_LOST, "deal %d has no result to show" % (deal_no + 1,))
        return pa.scorer.summary_from_dict(rec["s"])

    def _entries(self, pa):
        """(index, offset, deal_no, status, record) of every entry, read back
        from the journal; a deal record's number is its "no" (format 2), or
        counts the final and lost deals before it (an undone or pending one
        would have been the next)."""
        cnt = 0
        for i in range(len(pa.log)):
            v = pa.log[i]
            off = v >> 2
            st = v & 3
            rec = self.journal.read_at(off)
            if rec["t"] == "fix":
                k = rec["n"]
            else:
                while cnt in pa.lost:
                    cnt += 1
                k = rec.get("no", cnt)
                if st == FINAL:
                    cnt = k + 1
            yield i, off, k, st, rec

    def history(self, deal_no=None, party=None):
        """Every entry of the party (or of one deal), oldest first: dicts with
        kind, deal, status, deltas (as written), when, seq (order in the
        party), summary, and where they apply: before (the deltas a final
        correction replaced), why (an undone entry's reason), deleted (a
        correction that deletes the deal), disputed (why a final record
        counts as the scorer says) with counted. A deal that could not be
        read is one entry with status "lost"."""
        return list(self.history_of(deal_no, party))

    def history_of(self, deal_no=None, party=None):
        """history()'s entries one at a time (the phones' page streams
        them: web/export.py)."""
        pa = party or self._party()
        cur = {}
        for i, off, k, st, rec in self._entries(pa):
            if deal_no is not None and k != deal_no:
                continue
            h = {"seq": i, "kind": rec["t"], "deal": k, "status": STATUS[st],
                 "deltas": rec.get("d"), "when": rec.get("w"), "summary": rec.get("s")}
            if st == UNDONE and off in pa.why_undone:
                h["why"] = pa.why_undone[off]
            if rec.get("del"):
                h["deleted"] = True
            if st == FINAL:
                if k in cur:
                    h["before"] = cur[k]
                cur[k] = rec.get("d")
                if pa.offs[k] == off and k in pa.disputed:
                    w = pa.disputed[k][0]
                    h["disputed"] = _say(w[0], (k + 1, self._names(pa)) + tuple(w[1:]))
                    h["scored"] = pa.disputed[k][1]
                    h["counted"] = pa.deltas_of(k)
            yield h
        for k in pa.lost:
            if deal_no is None or k == deal_no:
                yield {"seq": -1, "kind": "deal", "deal": k, "status": "lost",
                       "deltas": None, "when": None, "summary": None}

    def ratings(self):
        """{player id: rating}: the base plus every final deal of the parties
        in the journal, in order (a correction re-rates from the start)."""
        if self._ratings is None:
            self._ratings = self._rate(len(self.parties))
        return self._ratings

    def _rate(self, upto):
        """Ratings after parties[:upto]; sets each party's r_before."""
        r = dict(self.base)
        for pa in self.parties[:upto]:
            pa.r_before = [r.get(p, rating.START) for p in pa.players]
            pa.r_last = [0] * pa.n
            kf = pa.profile.get("elo_k", rating.K)   # 0: the profile rates nobody
            for k in range(pa.n_deals if kf and not pa.headless else 0):
                if k in pa.deleted:
                    continue    # a deal deleted rates nobody
                seats = sorted(pa.seats_of(k))
                ds = pa.deltas_of(k)
                ch = rating.changes([r.get(pa.players[s], rating.START) for s in seats],
                                    [ds[s] for s in seats], kf)
                for i in range(pa.n):
                    pa.r_last[i] = 0
                for i in range(len(seats)):
                    pa.r_last[seats[i]] = ch[i]
                    pid = pa.players[seats[i]]
                    r[pid] = r.get(pid, rating.START) + ch[i]
        return r

    def seat_ratings(self):
        """[(rating, change in the last final deal)] per seat of the current
        party: the players' ratings over the whole journal (by player, so
        across tables); a seat that sat the last deal out changed 0."""
        pa = self._party()
        r = self.ratings()
        last = getattr(pa, "r_last", None) or [0] * pa.n   # set by _rate
        out = []
        for i in range(pa.n):
            out.append((r.get(pa.players[i], rating.START), last[i]))
        return out

    def end_summary(self, party=None):
        """The party's summary: totals (with the kontra column split off when
        the party keeps one), ranking, settlement, blocks, ratings."""
        pa = party or self._party()
        r = self.ratings()
        tot = pa.totals()
        order = list(range(pa.n))
        order.sort(key=lambda i: tot[i] * 8 - i, reverse=True)
        out = {"profile": pa.profile_name, "family": pa.family,
               "players": [self.players.get(p, "?") for p in pa.players],
               "deals": pa.n_deals, "totals": tot, "ranking": order,
               "settlement": settlement(tot), "over": pa.over, "why": pa.why,
               "aborted": pa.aborted,
               "ratings": [[pa.r_before[i], r.get(pa.players[i], rating.START)]
                           for i in range(pa.n)]}
        if pa.rad is not None:
            out["radelci"] = list(pa.rad)
        c, cur = profiles.money(pa.profile)
        if c:   # who pays whom in cents (profile cents_per_point)
            out["money"] = {"cents_per_point": c, "currency": cur,
                            "pays": [[a, b, x * c] for a, b, x in out["settlement"]]}
        if pa.kc:
            kt = pa.kontra_totals()
            out["kontra"] = kt
            out["game"] = [tot[i] - kt[i] for i in range(pa.n)]
        b = pa.end.get("block")
        if b:
            blocks = []
            for k in range(pa.n_deals):
                if k % b == 0:
                    blocks.append([0] * pa.n)
                ds = pa.deltas_of(k)
                for i in range(pa.n):
                    blocks[-1][i] += ds[i]
            out["blocks"] = blocks
        return out

    def archived_records(self):
        """The index records of the archived parties, oldest first ({"t":
        "arch", "prof", "pl", "tot", "n", "why", "w"; "at", "len": where its
        records are in the archive, absent for a party an older firmware
        compacted to its totals}), read from the journal."""
        out = []
        for off in self.archived:
            out.append(self.journal.read_at(off))
        return out

    def open_archived(self, i):
        """The i-th archived party as a read-only sheet of its own (deals,
        history, summary_of, end_summary work on it), or None when only its
        totals were kept (compacted by an older firmware)."""
        rec = self.journal.read_at(self.archived[i])
        if "at" not in rec:
            return None
        arc = Archive(self.journal.store, self.journal.name)
        sh = Sheet(arc.j)
        sh.players = dict(self.players)
        for off, r in arc.j.scan(rec["at"], rec["at"] + rec["len"]):
            try:
                sh._apply(off, r)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
                sh._refused(r, e)
        for off, n, why in arc.j.bad:
            sh._problem("arc%d" % off, "p_arc_damage", n)
        end = rec["at"] + rec["len"]
        if arc.size() < end:
            # an archive lost or cut short (a copy made without it): said,
            # not shown as a party without deals
            sh._problem("arcgone", "p_arc_short", arc.j.name, end - max(arc.size(), rec["at"]),
                        rec["len"])
        sh.readonly = True
        return sh

    def finished(self):
        """How many parties in memory are over."""
        n = 0
        for pa in self.parties:
            if pa.over:
                n += 1
        return n

    # ------------------------------------------------------------ compaction
    def compact(self, keep_finished=1):
        """Rewrite the journal small, deleting no deal: finished parties but
        the last keep_finished move record by record to the archive (only
        ever appended to), the journal keeping an index record for each;
        confirmations and undone entries of the parties that stay are folded
        into their records. Intact records this firmware could not apply are
        copied as they are. Then reopen. Crash-safe: a party archived but
        not yet indexed (power cut before the rename) is archived again."""
        if self.readonly:
            raise SheetError(E_READONLY)
        if self.newer:
            # records of a newer firmware: their order may mean something
            # this firmware does not know, and a rewrite would move them
            raise SheetError(E_READONLY, "written by a newer firmware (%s): not compacted"
                             % self.newer)
        if self.overkept:
            # more records kept than remembered: a rewrite would drop some
            raise SheetError(E_READONLY, "more than %d records kept: not compacted" % MAX_KEPT)
        self.ratings()
        arch_upto = 0
        fin = [i for i in range(len(self.parties)) if self.parties[i].over]
        if len(fin) > keep_finished:
            arch_upto = fin[len(fin) - keep_finished - 1] + 1
        base = self._rate(arch_upto)   # the archived parties' ratings go into the base
        j = self.journal
        arc = Archive(j.store, j.name)
        index = []
        for i in range(arch_upto):
            pa = self.parties[i]
            at, n = arc.add(self._party_records(pa, True))
            es = self.end_summary(pa)
            rec = {"t": "arch", "prof": pa.profile_name, "pl": pa.players, "tot": es["totals"],
                   "n": pa.n_deals, "why": pa.why, "at": at, "len": n}
            if pa.when is not None:
                rec["w"] = pa.when
            if pa.tn is not None:
                rec["tn"] = pa.tn   # (a tournament round: the same one is not played twice)
            index.append(rec)
        parties = self.parties[arch_upto:]
        ids = sorted([p for p in self.players if p >= 0])   # seats by number are no players
        kept = list(self.kept)
        acked = list(self.acked)

        def gen():
            # header, players (their ratings after the archived parties), the parties
            # archived before (index records, read back one at a time), the
            # new index records, the kept records, the open parties
            yield {"t": "hdr", "v": FORMAT, "fw": VERSION}
            for pid in ids:
                yield {"t": "player", "id": pid, "name": self.players[pid],
                       "r": base.get(pid, rating.START)}
            if acked:
                yield {"t": "ack", "keys": acked}
            for off in self.archived:
                yield j.read_at(off)
            for rec in index:
                yield rec
            for off in kept:
                yield j.read_at(off)
            for pa in parties:
                for rec in self._party_records(pa, False):
                    yield rec
        n = j.rewrite(gen())
        self._reset()
        self._load()
        return n

    def _party_records(self, pa, final):
        """A party's records, confirmations folded in (final: a party that is
        over; else the pending entry keeps its confirmations)."""
        if pa.off >= 0:
            rec = dict(self.journal.read_at(pa.off))
        else:   # a party whose record damage took: said so, seats by number
            rec = {"prof": pa.profile_name, "pl": pa.players, "hl": 1,
                   "nm": [self.players.get(p, "?") for p in pa.players]}
        rec["t"] = "party"
        yield rec
        copy = dict(rec)
        copy["t"] = "pcopy"
        yield copy
        if pa.aborted >= 0:
            yield {"t": "abort", "s": pa.aborted}
            return
        for k in pa.lost:
            yield {"t": "lost", "no": k}
        for i, off, k, st, rec in self._entries(pa):
            if st == UNDONE:
                if off in pa.why_undone:   # an abandoned result stays, marked
                    yield rec
                    yield {"t": "undo", "no": k, "why": pa.why_undone[off]}
                continue
            if st == FINAL:
                rec["ok"] = 1
            elif rec["t"] == "deal":
                rec["no"] = k
            yield rec
            if st == PENDING:
                for s in pa.pending.confirmed:
                    yield {"t": "ok", "s": s, "no": k}
        if pa.over:
            yield {"t": "end", "why": pa.why}
        for r in pa.rounds or ():
            yield r
        for s in pa.signed or ():
            yield {"t": "sign", "s": s}


def _deal_no(rec):
    """A record's deal number (format 2; None in format 1), checked."""
    k = rec.get("no")
    if k is not None and (not _int_ok(k) or k < 0):
        raise SheetError(E_DEAL_NO, "%r" % (k,), "number")
    return k


def _signed(ds):
    return " ".join(["%+d" % d for d in ds])


def _int_ok(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _party_key(rec):
    """A party record's checksum, its type aside (a party and its copy
    agree): a small int, where a board keeps one per party in the journal."""
    d = dict(rec)
    d.pop("t", None)
    return crc32(dumps(d).encode()) & 0x3FFFFFFF


def _family_of(s):
    """The family a summary (its dict form) was written by, from the fields
    only it has; Königrufen when none tells."""
    if isinstance(s, dict):
        if "taker" in s:
            return "french"
        if "decl_eyes" in s:
            return "bavarian"
        if "mond_lost" in s or ("thirds" in s and "partner" in s and "kontra" in s):
            return "slovenian"
    return "koenigrufen"


def _say(code, args):
    """A table.lang text with its values; a value that is a tuple is a code
    and its values in turn (a reason inside a sentence)."""
    from table import lang
    if not args:
        return lang.t(code)
    vals = []
    n = None    # the first count: the form of a text with forms ("|", lang.tn)
    for a in args:
        vals.append(_say(a[0], a[1:]) if isinstance(a, tuple) else a)
        if n is None and isinstance(a, int):
            n = a
    return (lang.tn(code, n) if n is not None else lang.t(code)) % tuple(vals)


def _why(e):
    """An OSError as a reason: (table.lang code[, detail])."""
    import errno
    code = e.args[0] if e.args and isinstance(e.args[0], int) else None
    # MicroPython's errno lacks ENOSPC and EROFS; littlefs raises 28 and 30
    words = {getattr(errno, "ENOSPC", 28): "r_full", getattr(errno, "EROFS", 30): "r_readonly",
             errno.EISDIR: "r_isdir", errno.EACCES: "r_access", errno.EIO: "r_io"}
    if code in words:
        return (words[code],)
    return ("r_os", str(e) or "?")
