# The score sheet ("Schrift"): parties, deals, corrections, confirmations,
# party end and settlement, player ratings; kept in a power-safe journal.
# Sources: the issue "score sheet" (#3), seeds/002 (Elo, abort rule),
# seeds/001 ("Alle Kontras zählen auf die Schrift": the kontra column),
# RULES.md; readings in docs/DECISIONS.md, "Score sheet".
#
# API (for the device app; all seats are table seats 0..n-1, clockwise):
#   sh = Sheet.open(store[, name])   replay the journal; never raises;
#                                    sh.report lists what was cut or fixed
#   sh.new_party(players, profile="koenigrufen/pagat", dealer=0, creator=0,
#                end=None, overrides=None, kontra_column=False, when=None,
#                base=None)
#       players: names or player ids per seat; end: None (open), {"deals": N},
#       {"rounds": R} (everyone dealt R times), {"target": P} (a total >= P),
#       {"block": 16, "blocks": B} (tournament blocks of 16 deals);
#       base: a table's own preset (profile="koenigrufen/stammtisch") is its
#       base preset with the overrides (tarock.userpresets), both journalled
#   sh.dealer(), sh.seats()          dealer and seats of positions 0.. of the
#                                    next deal (5 at a 4-player game: the
#                                    dealer sits out)
#   e = sh.add_deal(summary | finished Deal[, when])  -> Entry (pending)
#   e = sh.correct(deal_no, summary[, when])          -> Entry (pending)
#   e.needed, e.missing(), e.confirm(seat), e.final;  sh.undo() drops the
#                                    pending entry (the one being made)
#   sh.totals(), sh.kontra_totals(), sh.deals(), sh.summary_of(deal_no),
#   sh.history([deal_no]), sh.end_summary(), sh.abort(seat), sh.finish(),
#   sh.ratings() {player id: rating}, sh.players {id: name}, sh.compact()
# A deal counts (totals, ratings, party end) only once every seat it
# touches has confirmed. Errors: SheetError (a ValueError) with a code
# 250-299 from tarock.errors and a message saying what is wrong.
from tarock import seating
from table.sheet import rating
from table.sheet.journal import Journal
from table.sheet.party import (  # noqa: F401  (re-exported for the app and tests)
    E_NO_PARTY, E_PENDING, E_NO_PENDING, E_SEAT, E_CONFIRMED, E_OVER, E_ENTRY, E_DEAL_NO,
    E_ABORT, E_PARTY, E_READONLY, E_OPEN, PENDING, FINAL, UNDONE, STATUS,
    SheetError, Entry, Party, settlement, _ints)


class Sheet:
    def __init__(self, journal):
        self.journal = journal
        self.players = {}     # id -> name
        self.base = {}        # id -> rating before the parties in the journal
        self.parties = []
        self.archived = []    # journal offsets of compacted parties' summaries
        self.report = []
        self.readonly = False
        self.strict = False   # re-score every entry on replay (host import)
        self._ratings = None

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, store, name="sheet.tbj"):
        """Replay the journal. A torn or corrupt tail, or a record that does
        not fit the sheet, is cut off and reported; nothing before it is lost."""
        sh = cls(Journal(store, name))
        sh._load()
        return sh

    def _reset(self):
        self.players = {}
        self.base = {}
        self.parties = []
        self.archived = []
        self.report = []
        self.readonly = False
        self._ratings = None

    def _load(self):
        j = self.journal
        j.notes = []
        try:
            j.recover()
            for off, rec in j.scan():
                try:
                    self._apply(off, rec)
                except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
                    # a record that does not fit the sheet: damage here. (A
                    # MemoryError is no damage: it goes on to read-only below.)
                    j.mark_bad(off, "record %s does not fit: %s" % (rec.get("t"), e))
                    break
            if j.damage is not None:
                j.cut()
            pa = self.party
            if pa is not None and not pa.over and pa.pending is None:
                # power went between a deal's last confirmation and its end record
                self._check_end(pa)
        except Exception as e:  # the store or the heap failed: keep what was read,
            self.readonly = True    # write (and cut) nothing
            self.report.append("journal: %r; opened read-only" % (e,))
        for note in j.notes:
            self.report.append(note)

    def _apply(self, off, rec):
        t = rec["t"]
        if t == "player":
            pid = rec["id"]
            if not isinstance(pid, int) or not isinstance(rec.get("name"), str):
                raise SheetError(E_PARTY, "bad player record")
            self.players[pid] = rec["name"]
            self.base[pid] = rec.get("r", rating.START)
        elif t == "arch":
            # only where it is: a board keeps years of parties in the journal,
            # not in the heap (archived_records() reads them back)
            self.archived.append(off)
        elif t == "party":
            if self.parties and not self.parties[-1].over:
                raise SheetError(E_OPEN)
            self.parties.append(Party(rec, self.players))
        else:
            pa = self._party()
            if t == "deal" or t == "fix":
                e = self._make_entry(pa, t, rec, off)
                if rec.get("ok"):
                    self._finalize(pa, e)
            elif t == "ok":
                self._confirm(pa, rec["s"])
            elif t == "undo":
                self._undo(pa)
            elif t == "end":
                if pa.pending is not None:
                    raise SheetError(E_PENDING)
                pa.over = True
                pa.why = rec.get("why", "finish")
            elif t == "abort":
                self._abort(pa, rec["s"])
            else:
                raise SheetError(E_ENTRY, "unknown record %r" % t)
        self._ratings = None

    def _write(self, rec):
        if self.readonly:
            raise SheetError(E_READONLY)
        return self.journal.append(rec)

    # ------------------------------------------------------------ players
    def add_player(self, name, when=None):
        if not isinstance(name, str) or not name:
            raise SheetError(E_PARTY, "a player needs a name")
        pid = 1
        for k in self.players:
            if k >= pid:
                pid = k + 1
        rec = {"t": "player", "id": pid, "name": name}
        self._write(rec)
        self.players[pid] = name
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
                  end=None, overrides=None, kontra_column=False, when=None, base=None):
        if self.parties and not self.parties[-1].over:
            raise SheetError(E_OPEN)
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
        # check the setup before anything is written (names not yet players
        # stand for themselves here)
        known = dict(self.players)
        for p in pids:
            if isinstance(p, str):
                known[p] = p
        Party(rec, known)
        for i in range(len(pids)):
            if isinstance(pids[i], str):
                pids[i] = self.add_player(pids[i])
        off = self._write(rec)
        self._apply(off, rec)
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
        return deltas, kontra

    def _make_entry(self, pa, kind, rec, off):
        if pa.over and kind == "deal":
            raise SheetError(E_OVER)
        if pa.pending is not None:
            raise SheetError(E_PENDING)
        if kind == "deal":
            k = pa.n_deals
        else:
            k = rec["n"]
            if not isinstance(k, int) or not 0 <= k < pa.n_deals:
                raise SheetError(E_DEAL_NO, "%r" % (k,))
        deltas = _ints(rec["d"], pa.n, "deltas")
        kontra = rec.get("k")
        if kontra is not None:
            _ints(kontra, pa.n, "kontra")
        if self.strict:  # imported records: the scorer must agree with them
            try:
                s = pa.scorer.summary_from_dict(rec["s"])
            except ValueError as e:
                raise SheetError(E_ENTRY, str(e))
            d2, k2 = self._score(pa, s, k)
            if d2 != deltas or k2 != kontra:
                raise SheetError(E_ENTRY, "deltas %r, the scorer gives %r" % (deltas, d2))
        seats = pa.seats_of(k)
        if kind == "deal":
            needed = sorted(seats)
        else:
            old = pa.deltas_of(k)
            needed = [i for i in range(pa.n) if old[i] != deltas[i]]
            if not needed:
                needed = sorted(seats)
        e = Entry(self, pa, kind, k, deltas, kontra, needed, off)
        pa.pending = e
        pa.log.append(off * 4 + PENDING)
        return e

    def _new_entry(self, kind, s, k, when):
        pa = self._party()
        if pa.pending is not None:
            raise SheetError(E_PENDING)
        if hasattr(s, "summary") and callable(s.summary):
            played = s.summary()
            if played is None:
                raise SheetError(E_ENTRY, "the deal is not finished")
            s = played
        deltas, kontra = self._score(pa, s, k)
        rec = {"t": kind, "s": pa.scorer.summary_to_dict(s), "d": deltas}
        if kind == "fix":
            rec["n"] = k
        if kontra is not None:
            rec["k"] = kontra
        if when is not None:
            rec["w"] = when
        off = self._write(rec)
        return self._make_entry(pa, kind, rec, off)

    def add_deal(self, summary, when=None):
        """Enter a deal result: a Summary (manual entry) or a finished Deal.
        Returns the pending Entry; it counts once every seat confirmed."""
        pa = self._party()
        if pa.over:
            raise SheetError(E_OVER)
        return self._new_entry("deal", summary, pa.n_deals, when)

    def correct(self, deal_no, summary, when=None):
        """Correct deal deal_no (0-based) with a new summary: a new record;
        the old result stays in the history."""
        pa = self._party()
        if not isinstance(deal_no, int) or not 0 <= deal_no < pa.n_deals:
            raise SheetError(E_DEAL_NO, "%r (the sheet has %d deals)" % (deal_no, pa.n_deals))
        return self._new_entry("fix", summary, deal_no, when)

    @property
    def pending(self):
        pa = self.party
        return pa.pending if pa else None

    def confirm(self, seat):
        """Seat pressed ● on the pending entry; True once it is final."""
        pa = self._party()
        self._check_confirm(pa, seat)
        self._write({"t": "ok", "s": seat})
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
        pa.pending = None
        pa.log[-1] = e.offset * 4 + FINAL
        d = tuple(e.deltas)
        kt = tuple(e.kontra) if e.kontra is not None else None
        if e.kind == "deal":
            pa.offs.append(e.offset)
            pa.dl.append(d)
            pa.kl.append(kt)
        else:
            pa.offs[e.deal_no] = e.offset
            pa.dl[e.deal_no] = d
            pa.kl[e.deal_no] = kt
        self._ratings = None

    def undo(self):
        """Drop the entry being made (before every seat confirmed it)."""
        pa = self._party()
        if pa.pending is None:
            raise SheetError(E_NO_PENDING)
        self._write({"t": "undo"})
        self._undo(pa)

    def _undo(self, pa):
        if pa.pending is None:
            raise SheetError(E_NO_PENDING)
        pa.pending.status = UNDONE
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

    def abort(self, seat, when=None):
        """seeds/002: only the creator, only before the first deal: -25 for
        him, ratings unchanged, the party is over."""
        pa = self._party()
        self._check_abort(pa, seat)
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
        rec = self.journal.read_at(pa.offs[deal_no])
        return pa.scorer.summary_from_dict(rec["s"])

    def _entries(self, pa):
        """(index, offset, deal_no, status, record) of every entry, read back
        from the journal; a deal record's number counts the final deals
        before it (an undone or pending one would have been the next)."""
        cnt = 0
        for i in range(len(pa.log)):
            v = pa.log[i]
            off = v >> 2
            st = v & 3
            rec = self.journal.read_at(off)
            if rec["t"] == "fix":
                k = rec["n"]
            else:
                k = cnt
                if st == FINAL:
                    cnt += 1
            yield i, off, k, st, rec

    def history(self, deal_no=None, party=None):
        """Every entry of the party (or of one deal), oldest first: dicts with
        kind, deal, status, deltas, before (the deltas it replaced, for a
        final correction), when, seq (order in the party), summary."""
        pa = party or self._party()
        out = []
        cur = {}
        for i, off, k, st, rec in self._entries(pa):
            if deal_no is not None and k != deal_no:
                continue
            h = {"seq": i, "kind": rec["t"], "deal": k, "status": STATUS[st],
                 "deltas": rec["d"], "when": rec.get("w"), "summary": rec["s"]}
            if st == FINAL:
                if k in cur:
                    h["before"] = cur[k]
                cur[k] = rec["d"]
            out.append(h)
        return out

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
            kf = pa.profile.get("elo_k", rating.K)   # 0: the profile rates nobody
            for k in range(pa.n_deals if kf else 0):
                seats = sorted(pa.seats_of(k))
                ds = pa.deltas_of(k)
                ch = rating.changes([r.get(pa.players[s], rating.START) for s in seats],
                                    [ds[s] for s in seats], kf)
                for i in range(len(seats)):
                    pid = pa.players[seats[i]]
                    r[pid] = r.get(pid, rating.START) + ch[i]
        return r

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
        """The end summaries of the compacted parties ({"t": "arch", "prof",
        "pl", "tot", "n", "why"}), read from the journal."""
        out = []
        for off in self.archived:
            out.append(self.journal.read_at(off))
        return out

    def finished(self):
        """How many parties in memory are over."""
        n = 0
        for pa in self.parties:
            if pa.over:
                n += 1
        return n

    # ------------------------------------------------------------ compaction
    def compact(self, keep_finished=1):
        """Rewrite the journal small: confirmations and undone entries folded
        away, finished parties but the last keep_finished reduced to their
        end summary (their ratings go into the players' base). Then reopen."""
        self.ratings()
        arch_upto = 0
        fin = [i for i in range(len(self.parties)) if self.parties[i].over]
        if len(fin) > keep_finished:
            arch_upto = fin[len(fin) - keep_finished - 1] + 1
        base = self._rate(arch_upto)
        recs = []
        ids = sorted(self.players)
        for pid in ids:
            recs.append({"t": "player", "id": pid, "name": self.players[pid],
                         "r": base.get(pid, rating.START)})
        for i in range(arch_upto):
            pa = self.parties[i]
            es = self.end_summary(pa)
            recs.append({"t": "arch", "prof": pa.profile_name, "pl": pa.players,
                         "tot": es["totals"], "n": pa.n_deals, "why": pa.why})
        parties = self.parties[arch_upto:]
        j = self.journal

        def gen():
            # the players, then the parties archived before (read back one at
            # a time from the journal being replaced), then the new archives
            k = len(ids)
            for rec in recs[:k]:
                yield rec
            for off in self.archived:
                yield j.read_at(off)
            for rec in recs[k:]:
                yield rec
            for pa in parties:
                yield pa.rec
                if pa.aborted >= 0:
                    yield {"t": "abort", "s": pa.aborted}
                    continue
                for i, off, k, st, rec in self._entries(pa):
                    if st == UNDONE:
                        continue
                    if st == FINAL:
                        rec["ok"] = 1
                    yield rec
                    if st == PENDING:
                        for s in pa.pending.confirmed:
                            yield {"t": "ok", "s": s}
                if pa.over:
                    yield {"t": "end", "why": pa.why}
        if self.readonly:
            raise SheetError(E_READONLY)
        n = j.rewrite(gen())
        self._reset()
        self._load()
        return n
