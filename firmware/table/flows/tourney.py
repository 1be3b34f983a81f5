# A tournament round at this table (issue 39): the table file the director's
# tool wrote (tourney.json in the storage root, copied with mpremote; its
# format in table.sheet.tround and docs/TOURNAMENTS.md) fixes the players by
# seat, the rules, the games of the round and its clock. The card shows what
# it fixes; ● on any seat in play starts the round, ◀ opens the ordinary
# setup (its "Tournament" row comes back here). A round the sheet has
# played already (the same event, round and table) is refused with the
# reason. The idle screens count the games and the time (round_rows); at
# the round's end every seat signs (Idle, sign()).
from table.ui import row, wrap, INV, CENTER, BOTTOM, OK, LEFT
from table import scores
from table.flows.common import MODES, Flow
from table.lang import t


def played(sheet, d):
    """The sheet holds a party of this event, round and table (archived
    parties too: their index records keep "tn")."""
    key = (d["ev"], d["rd"], d["tb"])
    for pa in sheet.parties:
        tn = pa.tn
        if tn is not None and (tn["ev"], tn["rd"], tn["tb"]) == key:
            return True
    for r in sheet.archived_records():
        tn = r.get("tn")
        if isinstance(tn, dict) and (tn.get("ev"), tn.get("rd"), tn.get("tb")) == key:
            return True
    return False


class Tourney(Flow):
    def __init__(self, app, d, field, words=None):
        """d: the checked table file, or None with the field at fault
        (tround.read: "" for a file that does not read), or the words of
        what else went wrong."""
        self.app = app
        self.d = d
        self.why = None
        if d is None:
            self.why = words or (t("tn_bad") % field if field else t("tn_unreadable"))
        if d is not None:
            n = len(d["pl"])
            if n > app.n:
                self.why = t("tn_seats") % (n, app.n)
            elif played(app.sheet, d):
                self.why = t("tn_played") % (d["rd"], d["tb"])
            else:
                # its players at their displays now: every one of them sees
                # the card and may start the round
                c = app.cfg
                c.players = n
                c.used = list(range(n))
                for i in range(n):
                    c.names[i] = d["pl"][i]["nm"]

    def press(self, seat, button, kind):
        app = self.app
        if button == LEFT:
            app.go(app.setup_flow(plain=True))
            return
        if button == OK and not self.why and app.cfg.table_seat(seat) >= 0:
            self.start()

    def start(self):
        app = self.app
        d = self.d
        c = app.cfg
        fam, preset = d["prof"].split("/", 1)
        c.family = fam
        c.set_preset(preset)
        c.dealer = d["dl"]
        app.set_family(fam)
        from table.sheet import tround
        app.scores = scores.new_party(app.sheet, fam, preset, c.seat_names(), c.dealer, None,
                                     {"deals": d["g"]}, None, c.dealer, c.language(),
                                     MODES[c.mode], c.used, c.confirm,
                                     (tround.tn_of(d), d["kc"]))
        app.tourney = d
        app.round_ms = 0
        app.deals = 0
        app.n_dealt = 0
        app.start_deal()

    def model(self, seat):
        d = self.d
        if d is None:
            return [row(t("tn_file"), INV | CENTER)] + wrap(self.why) + \
                [row(t("tn_ordinary"), BOTTOM | CENTER)]
        rows = [row(d["evn"], INV | CENTER), row(t("tn_round_table") % (d["rd"], d["tb"]), CENTER)]
        names = [p["nm"] for p in d["pl"]]
        rows += wrap(", ".join(names))
        if self.why:
            return rows + wrap(self.why) + [row(t("tn_ordinary"), BOTTOM | CENTER)]
        rows.append(row(t("tn_games") % d["g"] if not d["min"] else
                        t("tn_games_min") % (d["g"], d["min"]), CENTER))
        if self.app.cfg.table_seat(seat) >= 0:
            rows.append(row(t("tn_start"), BOTTOM | CENTER))
        return rows


def from_code(app, dc):
    """A typed table code (table.tcode.decode): the table file it stands
    for, written to the storage (a restart signs with its key), with the
    names at the table's first displays and no start numbers (0: the
    director's draw seats them); then its card."""
    from table.sheet import tround
    from table.sheet.journal import dumps
    ev = "T-%04X" % dc["evtag"]
    d = {"t": "tarockbox-table", "v": 1, "ev": ev, "evn": ev, "rd": dc["rd"], "tb": dc["tb"],
         "prof": dc["prof"], "g": dc["g"], "min": dc["min"], "kc": dc["kc"], "dl": dc["dl"],
         "k": dc["k"], "pl": [{"nr": 0, "nm": nm} for nm in app.cfg.names[:dc["n"]]]}
    try:
        tround.check(d)
        if app.storage:
            with open(app.storage + "/" + tround.FILE, "w") as f:
                f.write(dumps(d))
    except tround.TableError as e:   # (a name at the table the file cannot hold)
        app.go(Tourney(app, None, e.field))
        return
    except OSError:
        app.go(Tourney(app, None, None, t("cannot_save")))
        return
    app.go(Tourney(app, d, None))


def round_rows(app):
    """Below the idle screens' head of a tournament round ("game 7 of 16,
    dealer Anna"): the time left (known since the round started on this
    power-up, or from the board's clock), else nothing."""
    left = time_left(app, app.sheet.party)
    if left is None:
        return []
    return [row(t("tn_left") % left if left > 0 else t("tn_time_up"), CENTER)]


def time_left(app, pa):
    """Minutes left of the round's clock, None without one or unknown."""
    m = pa.tn["min"]
    if not m or pa.over:
        return None
    if app.round_ms is not None:    # (started on this power-up)
        return m - app.round_ms // 60000
    now = scores.now() if scores.now else None
    if now is not None and pa.when is not None:
        return m - (now - pa.when) // 60
    return None


def key(app, pa):
    """The table key of the party's round: the table file's (read again
    after a restart: it must still be the same round's), or None."""
    d = app.tourney
    if d is None and app.storage:
        # read once a power-up (False: looked, none; a file is copied
        # only with the board stopped)
        from table.sheet import tround
        d = app.tourney = tround.read(app.storage)[0] or False
    tn = pa.tn
    if not d or (d["ev"], d["rd"], d["tb"]) != (tn["ev"], tn["rd"], tn["tb"]):
        return None
    return d["k"]


def sign_rows(app, me):
    """The round's end on a seat's idle screen: sign, or who has yet to."""
    from table.sheet import tround
    sh = app.sheet
    todo = tround.signing(sh)
    pa = sh.party
    c = app.cfg
    if not todo:
        r = pa.rounds[-1] if pa.rounds else None
        out = wrap(t("tn_signed") % (pa.tn["rd"], pa.tn["tb"]), CENTER)
        if r is not None and r.get("early"):
            out += wrap(t("tn_early"), CENTER)
        return out, t("tn_next")
    if key(app, pa) is None:
        return wrap(t("tn_no_key")), ""
    waiting = ", ".join([c.names[c.used[s]] for s in todo])
    out = wrap(t("tn_waiting") % waiting)
    return out, t("tn_sign") if me in todo else t("tn_you_signed")


def sign(app, me):
    """● on a seat's idle screen at the round's end: its signature."""
    from table.sheet import tround
    sh = app.sheet
    if me not in tround.signing(sh):
        return False
    k = key(app, sh.party)
    if k is None:
        return False
    tround.sign(sh, me, k, tround.device_id(), scores.now() if scores.now else None)
    return True
