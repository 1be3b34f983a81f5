# The score sheet's party: seats, players, profile, dealer rotation, end
# conditions, the final deals as small tuples; the entry being confirmed;
# the settlement of who pays whom; the sheet's error codes (250-299).
# Used by table/sheet/sheet.py (which re-exports these names); see its header.
from tarock import errors, families, seating, profiles
from table.sheet import rating


E_NO_PARTY = errors.register(250, "no party is open")
E_PENDING = errors.register(251, "an entry is waiting for confirmation")
E_NO_PENDING = errors.register(252, "no entry is being made")
E_SEAT = errors.register(253, "that seat is not asked to confirm")
E_CONFIRMED = errors.register(254, "that seat has already confirmed")
E_OVER = errors.register(255, "the party is over")
E_ENTRY = errors.register(256, "impossible entry")
E_DEAL_NO = errors.register(257, "no such deal")
E_ABORT = errors.register(258, "the party cannot be aborted")
E_PARTY = errors.register(259, "the party cannot be set up like that")
E_READONLY = errors.register(260, "the journal could not be read: the sheet is read-only")
E_OPEN = errors.register(261, "the current party is not finished")
E_LOST = errors.register(262, "that deal could not be read from the journal")
E_UNSAVED = errors.register(263, "the score sheet cannot be saved")

PENDING = 0
FINAL = 1
UNDONE = 2
STATUS = ("pending", "final", "undone", "lost")
LOST = 3


class SheetError(ValueError):
    """code: tarock.errors' number; detail: words for a person at a host;
    reason: what the screens say of a refused record (table.lang "r_" +
    reason), None for the code's own words."""

    def __init__(self, code, detail="", reason=None):
        msg = errors.explain(code)
        super().__init__(msg + (": " + detail if detail else ""))
        self.code = code
        self.reason = reason


def side(s):
    """The declarer's side of summary s as positions (declarer, partner:
    -1 when he plays alone); () when it has none (Klop, Trischaken). Every
    family's Summary names its declarer so but the French (taker)."""
    d = getattr(s, "declarer", getattr(s, "taker", -1))
    return (d, getattr(s, "partner", -1)) if type(d) is int and d >= 0 else ()


def _is_int(k):
    if k[:1] == "-":
        k = k[1:]
    if not k:
        return False
    for ch in k:
        if ch not in "0123456789":
            return False
    return True


def _from_json(d):
    """Overrides as the journal gives them back, as profiles hold them: JSON
    turned int keys (contract and bonus ids) into strings and tuples (bonus
    values, bonus_names) into lists; undo both (no profile holds a list)."""
    if isinstance(d, list) or isinstance(d, tuple):
        return tuple([_from_json(x) for x in d])
    if not isinstance(d, dict):
        return d
    out = {}
    for k in d:
        v = _from_json(d[k])
        if isinstance(k, str) and _is_int(k):
            k = int(k)
        out[k] = v
    return out


def _ints(v, n, what):
    if not isinstance(v, list) or len(v) != n:
        raise SheetError(E_ENTRY, "%s: expected %d numbers" % (what, n))
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int):
            raise SheetError(E_ENTRY, "%s: expected whole numbers" % what)
    return v


def settlement(totals):
    """Who pays whom: a list of [payer, payee, amount] settling the totals.
    Zero-sum totals are settled as they stand; otherwise every pair settles
    the difference of its totals (seat i nets n*t_i - sum). Fewest transfers
    by matching the largest debt with the largest credit (ties: lower seat)."""
    n = len(totals)
    s = 0
    for t in totals:
        s += t
    net = list(totals) if s == 0 else [n * t - s for t in totals]
    out = []
    while True:
        hi = lo = -1
        for i in range(n):
            if net[i] > 0 and (hi < 0 or net[i] > net[hi]):
                hi = i
            if net[i] < 0 and (lo < 0 or net[i] < net[lo]):
                lo = i
        if hi < 0 or lo < 0:
            return out
        a = net[hi] if net[hi] < -net[lo] else -net[lo]
        out.append([lo, hi, a])
        net[hi] -= a
        net[lo] += a


class Seq:
    """A growable list kept in chunks of 32: a long party never needs one big
    reallocation on a fragmented MicroPython heap."""

    def __init__(self):
        self.ch = []
        self.n = 0

    def append(self, v):
        if self.n & 31 == 0:
            self.ch.append([])
        self.ch[-1].append(v)
        self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.ch[i >> 5][i & 31]

    def __setitem__(self, i, v):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        self.ch[i >> 5][i & 31] = v

    def __iter__(self):
        for c in self.ch:
            for v in c:
                yield v


class Entry:
    """A deal result or correction being confirmed. needed: the seats it
    touches; confirmed: the seats that pressed ●."""

    def __init__(self, sheet, party, kind, deal_no, deltas, kontra, needed, offset):
        self.sheet = sheet
        self.party = party
        self.kind = kind          # "deal" or "fix"
        self.deal_no = deal_no    # 0-based
        self.deltas = deltas      # per seat
        self.kontra = kontra      # kontra part per seat (kontra column) or None
        self.needed = needed
        self.confirmed = []
        self.offset = offset
        self.status = PENDING
        # (table.lang code, values) when this firmware scores the record
        # otherwise or cannot read it: it counts as written, marked disputed
        self.why = None  # type: tuple | None
        self.scored = None  # type: tuple | None  # (deltas, kontra) as this firmware scores it
        self.rescore = False  # never confirmed: shown as scored, journalled so at the first ●
        self.detail = None  # type: str | None  # the scorer's words on it (a host's report)
        self.deleted = False  # a deletion: counts zero (Sheet.correct with no summary)
        self.side = None  # type: list | None  # the declarer's side's seats (a "cf" party's deal)
        self.got = (False, -1)  # radelci: the scorer's radelc() of its result

    def missing(self):
        """The seats still asked; a party whose table chose so (its "cf"):
        the declarer's side (side), and the opponents until one confirmed."""
        out = [s for s in self.needed if s not in self.confirmed]
        sd = self.side
        if sd is None:
            return out
        opp = [s for s in self.needed if s not in sd]
        for s in opp:
            if s in self.confirmed:
                return [s for s in out if s in sd]
        return out

    @property
    def final(self):
        return self.status == FINAL

    def confirm(self, seat):
        return self.sheet.confirm(seat)

    def undo(self, why=None):
        return self.sheet.undo(why)


class Party:
    def __init__(self, rec, players):
        self.off = -1   # where its record is (the sheet reads it back to compact)
        self.profile_name = rec["prof"]
        # a table's own preset (tarock.userpresets) is journalled as the
        # built-in preset it is based on ("base") and its overrides ("ov"),
        # so the journal alone replays it, whatever the presets file says now
        self.base_name = rec.get("base")
        ov = rec.get("ov")
        self.ov = _from_json(ov) if ov else None
        try:
            if not isinstance(self.profile_name, str):
                raise ValueError("prof: expected a preset name")
            bn = self.base_name
            if bn is not None and (not isinstance(bn, str)
                                   or bn.split("/")[0] != self.profile_name.split("/")[0]):
                raise ValueError("base: %r is not a preset of %s's family" % (bn, self.profile_name))
            base = profiles.get(bn or self.profile_name)
            self.profile = profiles.overlay(base, self.ov) if self.ov else base
        except ValueError as e:
            raise SheetError(E_PARTY, str(e))
        self.family = self.profile["family"]
        try:
            fam = families.family(self.family)
            families.module(self.family, "score")   # it exists
        except (ValueError, ImportError) as e:
            raise SheetError(E_PARTY, str(e))
        pl = rec["pl"]
        if not isinstance(pl, list):
            raise SheetError(E_PARTY, "players: expected a list")
        self.n = len(pl)
        if self.n not in fam["players"]:
            raise SheetError(E_PARTY, "%s is played by %s at a table, not %d"
                             % (self.family, "/".join([str(x) for x in fam["players"]]), self.n))
        for p in pl:
            if p not in players:
                raise SheetError(E_PARTY, "unknown player id %r" % (p,))
        for i in range(self.n):
            for j in range(i):
                if pl[i] == pl[j]:
                    raise SheetError(E_PARTY, "player %r sits twice" % (pl[i],))
        self.players = pl
        self.active = families.active(self.family, self.n, self.profile)
        self.clockwise = fam["clockwise"]
        self.dealer0 = rec.get("dl", 0)
        self.creator = rec.get("cr", 0)
        for v, what in ((self.dealer0, "dealer"), (self.creator, "creator")):
            if not isinstance(v, int) or not 0 <= v < self.n:
                raise SheetError(E_PARTY, "%s: no seat %r" % (what, v))
        self.end = rec.get("end") or {}
        self._check_end_spec(self.end)
        self.kc = bool(rec.get("kc")) or bool(self.profile.get("kontra_column"))
        # radelci (Slovenian profile "radelci"): each seat's count now, and
        # per deal the seats that held one (their deltas counted double);
        # from the final deals in journal order, so a replay finds the same
        self.rad = [0] * self.n if self.profile.get("radelci") else None
        self.rmask = Seq()
        # kept small for long parties on a small heap: ints and small tuples
        self.offs = Seq()   # per deal: offset of its final record
        self.dl = Seq()     # per deal: tuple of the deltas per seat
        self.kl = Seq()     # per deal: tuple of the kontra parts, or None
        self.log = Seq()    # per entry (deal or fix record): offset * 4 + status
        self.pending = None
        self.over = False
        self.why = None     # why it ended: "deals", "rounds", "target", "block", "finish", "abort"
        self.aborted = -1   # seat that aborted
        self.lost = []      # deal numbers whose records could not be read
        self.deleted = []   # deal numbers deleted (a final "fix" with "del")
        # deal number -> (why, deltas this firmware scores or None): a
        # confirmed deal this firmware scores otherwise or cannot read; it
        # counts as its seats confirmed it
        self.disputed = {}
        self.why_undone = {}  # offset of an undone entry -> its reason ("abandoned" ...)
        self.when = rec.get("w")
        # a tournament round (table.sheet.tround): its "tn", the seats that
        # signed since its last round record, its round records
        tn = rec.get("tn")
        self.tn = tn if isinstance(tn, dict) and isinstance(tn.get("ev"), str) \
            and isinstance(tn.get("nr"), list) and len(tn["nr"]) == self.n else None
        self.signed = [] if self.tn else None   # (no lists for an ordinary party)
        self.rounds = [] if self.tn else None
        self.round_at = -1      # the journal offset of its last round record
        # how the table was set up (one attribute, read through the
        # properties below: an object's attributes are a dict on
        # MicroPython, and a party is kept per party of the journal)
        fw, lg, md, ds = rec.get("fw"), rec.get("lg"), rec.get("md"), rec.get("ds")
        self.setup = (fw if isinstance(fw, str) else None,
                      lg if isinstance(lg, str) else None,
                      md if isinstance(md, str) else None,
                      ds if isinstance(ds, list) and len(ds) == self.n else None,
                      bool(rec.get("hl")), rec.get("cf") == 1)

    @property
    def headless(self):
        """A party whose record damage took (Sheet._headless): its deals
        count as confirmed, not scored, its seats named by number."""
        return self.setup[4]

    @property
    def confirm(self):
        """1: the declarer's side and one opponent confirm a result; 0 (and
        every party before issue 37): every seat in the deal."""
        return int(self.setup[5])

    @property
    def fw(self):
        """The firmware that wrote it (0.4.0 on), or None."""
        return self.setup[0]

    @property
    def lang(self):
        """The screens' language (a table.lang code), or None."""
        return self.setup[1]

    @property
    def mode(self):
        """virtual / physical / score (table.flows.common.MODES), or None:
        not journalled (before 0.4.0)."""
        return self.setup[2]

    @property
    def displays(self):
        """The display of each table seat, or None: not journalled (seats
        sit at displays 0..n-1)."""
        return self.setup[3]

    @property
    def scorer(self):
        """The family's score module, looked up when needed (a party of
        another family does not keep it loaded)."""
        return families.module(self.family, "score")

    def _check_end_spec(self, e):
        if not isinstance(e, dict):
            raise SheetError(E_PARTY, "end: expected a dict")
        for k in e:
            if k not in ("deals", "rounds", "target", "over", "block", "blocks"):
                raise SheetError(E_PARTY, "end.%s: unknown condition" % k)
            v = e[k]
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise SheetError(E_PARTY, "end.%s: expected a number >= 1" % k)
        if "blocks" in e and "block" not in e:
            raise SheetError(E_PARTY, "end.blocks: needs end.block")

    def dealer_of(self, k):
        # k steps of seating.next_dealer (one seat to the right, or left)
        return (self.dealer0 + (k if self.clockwise else -k)) % self.n

    def seats_of(self, k):
        return seating.positions(self.n, self.dealer_of(k), self.active, self.clockwise)

    @property
    def n_deals(self):
        return len(self.offs)

    def deltas_of(self, k):
        return list(self.dl[k])

    def kontra_of(self, k):
        return list(self.kl[k]) if self.kl[k] else None

    def rad_mask(self, k):
        """The seats whose deltas deal k counts double: those that held a
        radelc when it was played (k == n_deals: the next deal); 0 without
        radelci."""
        if self.rad is None:
            return 0
        if k < len(self.rmask):
            return self.rmask[k]
        m = 0
        for i in range(self.n):
            if self.rad[i]:
                m |= 1 << i
        return m

    def doubled(self, deltas, k):
        """Deal k's deltas per seat with every seat holding a radelc then
        counted double (rad_mask)."""
        m = self.rad_mask(k)
        return [deltas[i] << (m >> i & 1) for i in range(len(deltas))]

    def rad_add(self, k, got):
        """Deal k is final: its mask kept; got = the scorer's radelc()
        (everybody gets one, the position that crossed one out or -1)."""
        self.rmask.append(self.rad_mask(k))
        rad = self.rad or []     # (called with radelci only)
        used = got[1]
        if used >= 0:
            i = self.seats_of(k)[used]
            if rad[i]:
                rad[i] -= 1
        if got[0]:
            for i in range(self.n):
                rad[i] += 1

    def totals(self):
        n = self.n
        t = [0] * n
        for d in self.dl:
            for i in range(n):
                t[i] += d[i]
        if self.aborted >= 0:
            t[self.aborted] -= self.profile.get("abort_points", rating.ABORT_PENALTY)
        return t

    def kontra_totals(self):
        n = self.n
        t = [0] * n
        for d in self.kl:
            if d:
                for i in range(n):
                    t[i] += d[i]
        return t

    def end_reached(self):
        e = self.end
        k = len(self.offs)
        if "deals" in e and k >= e["deals"]:
            return "deals"
        if "rounds" in e and k >= e["rounds"] * self.n:
            return "rounds"
        if "block" in e and k >= e["block"] * e.get("blocks", 1):
            return "block"
        if "target" in e:
            for t in self.totals():
                if t >= e["target"]:
                    return "target"
        if "over" in e:
            # seeds/003 (FFT variants): the first deal in which a total exceeds P (> P)
            for t in self.totals():
                if t > e["over"]:
                    return "target"
        return None
