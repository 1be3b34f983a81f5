# The app's view of the score sheet (table.sheet: the journal, parties,
# confirmations, corrections, ratings). One party per table setup. Each deal's
# Summary goes to the sheet, which scores it again with the family's one
# scorer and journals it at the first seat's ●; each later ● journals that
# seat's confirmation, and the last makes it final. The flows see
# ok/abandon/totals/count/lines only.
from table.sheet.sheet import Sheet
from table.sheet.journal import FileStore, MemStore


# finished parties the sheet keeps in full (deal by deal); older ones are
# compacted to their end summary, which stays in the journal only
KEEP_FINISHED = 1
# the time of day once the board knows it (web/clock.py sets it); None: the
# records carry none
now = None


def open_sheet(storage=None):
    """The sheet in the journal under `storage` (a directory: littlefs on the
    board, a host directory in the emulator), or in memory."""
    sh = Sheet.open(FileStore(storage) if storage else MemStore())
    tidy(sh)
    return sh


def tidy(sheet):
    """Keep the heap bounded however long the device is used: every deal of
    every party would stay in memory (about 55 bytes a deal on a 32-bit
    board), so when more than KEEP_FINISHED finished parties are there the
    journal is compacted (a crash-safe rewrite; ratings and totals kept, see
    Sheet.compact). A sheet that cannot be written, or a store that fails,
    is left as it is: the table plays on; so is one holding records in
    memory (a rewrite would lose their place). Returns True when it compacted."""
    if sheet.readonly or sheet.unsaved() or sheet.finished() <= KEEP_FINISHED:
        return False
    try:
        sheet.compact(keep_finished=KEEP_FINISHED)
        return True
    except (OSError, ValueError) as e:
        sheet.notes.append("compaction skipped: %r" % (e,))
        return False


class Scores:
    def __init__(self, sheet, names):
        self.sheet = sheet
        self.names = list(names)
        self.notes = []

    def ok(self, rec, seats, last, deltas, summary, fix=None):
        """The table seats `seats` have confirmed a result on their screens
        (the pressing seat among them): journalled as they come, so that a
        power cut between the first ● and the last leaves the result
        pending, never gone. rec: the entry this result made (None before
        its first ●); last: every screen that must confirm has. The first ●
        writes the record, pending, with its confirmation (one append);
        each later ● its own "ok". The sheet's last confirmation waits for
        the screens' last ● (the dealer sitting out confirms on the screens,
        the sheet does not need him), so the entry counts only once the
        table is done and a vote can undo it until then. deltas (per table
        seat) must be what the sheet scores; summary: the family's Summary
        or the finished deal; fix: correcting that deal. Returns the entry."""
        sh = self.sheet
        if rec is None or sh.pending is not rec:
            need = self._needs(fix, deltas)
            todo = [s for s in seats if s in need]
            if not last and len(todo) >= len(need):
                todo.pop()
            w = now() if now else None
            if fix is None:
                return sh.add_deal(summary, w, deltas, todo)
            return sh.correct(fix, summary, w, deltas, todo)
        todo = [s for s in seats if s in rec.needed and s not in rec.confirmed]
        if not last and len(todo) >= len(rec.missing()):
            todo.pop()
        if todo:
            sh.confirm_all(todo)
        return rec

    def _needs(self, fix, deltas):
        """The seats the sheet will ask to confirm (Sheet.add_deal/correct):
        a deal's players; a correction's whose result it changes (if none
        changes, the deal's players)."""
        pa = self.sheet.party
        seats = sorted(pa.seats_of(pa.n_deals if fix is None else fix))
        if fix is None:
            return seats
        old = pa.deltas_of(fix)
        return [i for i in range(pa.n) if old[i] != deltas[i]] or seats

    def doubled(self, deltas, fix=None):
        """The deltas per table seat of the next deal (or of deal `fix`)
        as the sheet counts them: a seat holding a radelc counts double
        (Slovenian "radelci"), so the seats confirm what stands."""
        pa = self.sheet.party
        return pa.doubled(deltas, pa.n_deals if fix is None else fix)

    def confirm(self, seat):
        """A seat confirms the deal the power cut short; True once final."""
        done = self.sheet.confirm(seat)
        if done:
            self.notes.append("")
        return done

    def pending(self):
        """The entry waiting for confirmations after a restart, or None."""
        return self.sheet.pending

    def abandon(self, rec, summary, why, fix=None):
        """A result the table gave up (the deal aborted, the entry discarded,
        a correction dropped): its entry (rec, written at its first ●) undone
        with the reason; a result no seat had confirmed yet is journalled
        and undone, so the history shows it. It counts nothing."""
        sh = self.sheet
        if rec is None or sh.pending is not rec:
            if fix is None:
                sh.add_deal(summary)
            else:
                sh.correct(fix, summary)
        sh.undo(why)

    def finish(self):
        """The table ends the party here (earlier than planned, or an open one)."""
        self.sheet.finish()

    def totals(self):
        return self.sheet.totals()

    def elo(self):
        """[(rating, change in the last deal)] per table seat when the
        party's profile rates its players (a nonzero elo_k: Slovenian
        play-tarock-online, seeds/002), else None."""
        pa = self.sheet.party
        if pa is None or not pa.profile.get("elo_k"):
            return None
        return self.sheet.seat_ratings()

    def count(self):
        return self.sheet.party.n_deals

    def dealer(self):
        """The table seat that deals next (the sheet keeps the rotation)."""
        return self.sheet.dealer()

    @property
    def deals(self):
        """[(deltas per seat, note)] of the party's deals."""
        out = []
        for (k, dealer, d) in self.sheet.deals():
            out.append((tuple(d), self.notes[k] if k < len(self.notes) else ""))
        return out

    def lines(self):
        """The sheet as text: one line per deal, then the totals."""
        out = ["  ".join(self.names)]
        k = 0
        for d, note in self.deals:
            k += 1
            out.append("%2d %s  %s" % (k, " ".join(["%+d" % x for x in d]), note))
        out.append("total " + " ".join(["%+d" % x for x in self.totals()]))
        return out


def party_end(profile):
    """The sheet's end condition from the profile: party_points (a total
    reaching it; with party_points_strict, French seeds/003 (FFT), a total
    exceeding it), else party_deals deals, else one round when the
    profile has party_deals = 0; None (open) for profiles without them."""
    if profile.get("party_points"):
        if profile.get("party_points_strict"):
            return {"over": profile["party_points"]}
        return {"target": profile["party_points"]}
    if profile.get("party_deals"):
        return {"deals": profile["party_deals"]}
    if "party_deals" in profile:
        return {"rounds": 1}
    return None


def over(scores):
    """Why the party of these Scores ended ("target", "rounds" ...), or None."""
    if scores is None:
        return None
    pa = scores.sheet.party
    return pa.why if pa is not None and pa.over else None


def new_party(sheet, family, preset, names, dealer, overrides=None, end=None, base=None,
              creator=0, lang=None, mode=None, displays=None, confirm=0, tour=None):
    """Start a party for this table (an open one is finished first). A
    table's own preset (tarock.userpresets) gives its base preset's key as
    base and its overrides: the journal keeps both, so the sheet replays the
    party without the presets file. creator: the table seat that set the
    table up (seeds/002's (PTO's) abort); lang: the screens' language, mode (a
    table.flows.common.MODES word), displays (the display of each table
    seat) and confirm (1: the declarer's side and one opponent confirm), so that a restart goes on as the table was;
    tour: a tournament round's (tn, kc): its record (table.sheet.tround.tn_of)
    and its Kontra column."""
    pa = sheet.party
    if pa is not None and not pa.over:
        if sheet.pending is not None:
            sheet.undo()
        sheet.finish()
    tidy(sheet)
    sheet.new_party(names, profile=family + "/" + preset, dealer=dealer, creator=creator,
                    when=now() if now else None,
                    overrides=overrides, end=end, base=base, lang=lang, mode=mode,
                    displays=displays, confirm=confirm,
                    tn=tour[0] if tour else None, kontra_column=bool(tour and tour[1]))
    return Scores(sheet, names)


def _to_sign(sheet):
    """A tournament round over and not yet signed (its idle screens)."""
    if sheet.party.tn is None:
        return False
    from table.sheet import tround
    return bool(tround.signing(sheet))


def resume(sheet):
    """(Scores, family, preset, names, dealer) of the open party in the
    journal (after a power cut), or None; its base preset and overrides are
    sheet.party.base_name and .ov."""
    pa = sheet.party
    if pa is None or (pa.over and not _to_sign(sheet)):
        return None
    # a deal whose confirmations the power cut short stays pending: the
    # idle screens ask the seats that had not confirmed (Scores.confirm)
    names = []
    for pid in pa.players:
        names.append(sheet.players.get(pid, str(pid)))
    fam, preset = pa.profile_name.split("/", 1)
    sc = Scores(sheet, names)
    sc.notes = [""] * pa.n_deals     # the notes are the screens' words, not journalled
    return sc, fam, preset, names, sheet.dealer()
