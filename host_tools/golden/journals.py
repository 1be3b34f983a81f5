#!/usr/bin/env python3
"""The corpus of journals (tests/golden/journals/<firmware>/): what the table
confirmed stands under every later firmware.

    python host_tools/golden/journals.py            # add this firmware's journals (never overwrites)
    python host_tools/golden/journals.py --check    # replay every journal of every firmware, compare

Each journal is a folder <firmware version>/<name>/ holding the files a
board's storage held after a session of the real app (the emulator drives
firmware/table through its buttons, with bots at the seats; corrections,
tournament blocks and damage through the sheet's own API, as the app's
flows call it): sheet.tbj, and where there were, its archive sheet.tbj.arc,
its quarantine sheet.tbj.bad, the table's presets.txt; and expected.json,
what opening it gave on the firmware that wrote it (view(): per party its
players, every deal's counted deltas, the history of entries, totals, Kontra
column, end; the archived parties; the players' ratings).

A release adds its own folder (the firmware version in table/sheet/sheet.py,
VERSION) and never edits an older one: `--check` (tests/core and tests/host
run it) opens every journal of every version with the current firmware and
compares with its expected.json. A change that alters one fails.
"""
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

OUT = os.path.join(ROOT, "tests", "golden", "journals")
FILES = ("sheet.tbj", "sheet.tbj.arc", "sheet.tbj.bad", "presets.txt")
NAME = "sheet.tbj"


# ---------------------------------------------------------------- the view
def read_files(folder):
    """{file name: bytes} of a corpus journal's storage files."""
    out = {}
    for f in FILES:
        p = os.path.join(folder, f)
        if os.path.isfile(p):
            with open(p, "rb") as fh:
                out[f] = fh.read()
    return out


def _party_view(sh, pa):
    names = [sh.players.get(p, "?") for p in pa.players]
    out = {"profile": pa.profile_name, "players": names,
           "deals": [list(pa.deltas_of(k)) for k in range(pa.n_deals)],
           "totals": pa.totals(), "over": pa.over, "why": pa.why,
           "lost": sorted(pa.lost), "disputed": sorted(pa.disputed)}
    if pa.kc:
        out["kontra"] = pa.kontra_totals()
    if pa.aborted >= 0:
        out["aborted"] = pa.aborted
    # firmware 0.5.0's options, said only where a party has them (older
    # journals' views stay as they were)
    if pa.rad is not None:
        out["radelci"] = list(pa.rad)
    if getattr(pa, "tn", None) is not None:     # 0.6.0: a tournament round, its signatures
        out["tournament"] = {"tn": pa.tn, "signed": sorted(pa.signed),
                             "rounds": pa.rounds}
    from tarock import profiles
    if profiles.money(pa.profile)[0]:
        out["money"] = sh.end_summary(pa)["money"]
    out["history"] = [[h["kind"], h["deal"], h["status"], h["deltas"]]
                      for h in sh.history(party=pa)]
    pe = pa.pending
    out["pending"] = None if pe is None else {
        "kind": pe.kind, "deal": pe.deal_no, "deltas": list(pe.deltas),
        "confirmed": sorted(pe.confirmed)}
    return out


def view(files):
    """What the current firmware makes of a board's storage files: the
    corpus compares this with expected.json."""
    from table.sheet.journal import MemStore
    from table.sheet.sheet import Sheet
    sh = Sheet.open(MemStore({NAME + f[len(NAME):]: files[f]
                              for f in files if f.startswith(NAME)}))
    out = {"parties": [_party_view(sh, pa) for pa in sh.parties], "archived": []}
    recs = sh.archived_records()
    for i in range(len(recs)):
        rec = recs[i]
        a = {"profile": rec["prof"], "players": [sh.players.get(p, "?") for p in rec["pl"]],
             "totals": rec["tot"], "deals": rec["n"], "why": rec["why"]}
        ash = sh.open_archived(i)
        if ash is not None and ash.parties:
            a["party"] = _party_view(ash, ash.parties[0])
        out["archived"].append(a)
    r = sh.ratings()
    out["ratings"] = [[sh.players[p], r.get(p)] for p in sorted(sh.players)]
    out["problems"] = bool(sh.problems)
    return out


def dumps(v):
    return json.dumps(v, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


# ---------------------------------------------------------------- sessions
def _emu(storage, seats, seed):
    import emulator as E
    return E.Emulator(seats=seats, seed=seed, record=False, storage=storage)


def _setup(emu, family, players, mode, preset=None, end=None):
    import emulator as E
    E.setup_table(emu, players=players, mode=mode, family=family, preset=preset, end=end)
    emu.press(0, "o")                       # Start


def _core_entry(emu, seed, decide=None):
    """Entry values for the result of a deal the rules core plays with bots
    at this table's seating (the physical cards)."""
    import emulator as E
    app = emu.app
    f = app.flow
    g = app.deck
    st = g.new_deal(f.profile, seed, app.cfg.players)
    from tarock.rng import Rng
    rng = Rng(seed)
    bot = decide or E.generic_bot(g)
    while st.summary() is None:
        st.apply(bot(st, rng))
    return E.entry_values(emu, st.summary())


def _announcer(g):
    """Bots that also announce and give Kontra now and then."""
    import emulator as E
    plain = E.generic_bot(g)

    def decide(deal, rng):
        legal = deal.legal_actions()
        if not g.is_card(legal[0]) and len(legal) > 1 and rng.below(3) == 0:
            return legal[1 + rng.below(len(legal) - 1)]
        return plain(deal, rng)
    return decide


def _deals(emu, k, seed, entry=True, decide=None):
    """k deals through the app's flows (virtual: bots play; else the score
    entry takes a core deal's result)."""
    import emulator as E
    from tarock.rng import Rng
    for i in range(k):
        s = seed + 7 * i
        target = (lambda e, s=s: _core_entry(e, s, decide)) if entry else None
        E.play_deal(emu, Rng(s), entry=target, decide=decide)
    assert not emu.app.errors, emu.app.errors


def _ask(emu, seat, key):
    """Seat opens its menu, chooses a table-wide action (its table.lang
    key: m_discard, m_abort, m_end, m_new); every seat in play says yes."""
    import emulator as E
    E.ask(emu, seat, key)
    for d in emu.app.cfg.used:
        if d != seat and emu.app.vote is not None:
            emu.press(d, "o")


def _to_result(emu, seed):
    """A virtual deal played by bots until its result is on the screens."""
    import emulator as E
    from tarock.rng import Rng
    from table.flows.play import Play
    from table.flows.idle import Idle
    if isinstance(emu.app.flow, Idle):
        emu.press(emu.app.cfg.used[0], "o")
    rng = Rng(seed)
    while not (isinstance(emu.app.flow, Play) and emu.app.flow.deltas is not None):
        E.bot_step(emu, rng)


def _to_confirm(emu, seed):
    """The score entry filled with a core deal's result, up to its confirm
    step (confirmed only by the entering seat's last ● of the form and a
    partner's claim at his seat)."""
    from table.flows.entry import Entry
    from table.flows.idle import Idle
    from tarock.rng import Rng
    import emulator as E
    if isinstance(emu.app.flow, Idle):
        emu.press(emu.app.cfg.used[0], "o")
    rng = Rng(seed)
    while not isinstance(emu.app.flow, Entry):
        E.bot_step(emu, rng)            # the dealing aid's steps
    f = emu.app.flow
    _enter_only(emu, f, _core_entry(emu, seed))
    assert f.deltas is not None, f.error
    return f


def _enter_only(emu, f, target):
    """E.enter without its confirmations: the seats press ● themselves."""
    import emulator as E
    real = emu.press

    def press(seat, key, repeats=0):
        if f.deltas is not None and key == "o":
            return              # a confirmation: left to the caller
        real(seat, key, repeats)
    emu.press = press
    try:
        E.enter(emu, f, target)
    finally:
        emu.press = real


def _correct(emu, k, seed):
    """A correction of deal k the table confirmed (as the sheet view's
    correction does: the deal's new summary, scored, every seat it touches
    confirming): another bot-played result with the same seating."""
    app = emu.app
    book = app.sheet
    pa = book.party
    g = app.deck
    from tarock.rng import Rng
    import emulator as E
    st = g.new_deal(pa.profile, seed, pa.n)
    rng = Rng(seed)
    bot = E.generic_bot(g)
    while st.summary() is None:
        st.apply(bot(st, rng))
    book.correct(k, st.summary(), confirmed=True)


def s_virtual(storage, family, seats, players, seed, preset=None):
    """Virtual cards: deals played by bots, a deal aborted by a vote at its
    result (kept, undone), another aborted while it is played, a
    correction, the party ended by a vote."""
    emu = _emu(storage, seats, seed)
    _setup(emu, family, players, 0, preset)
    g = emu.app.deck
    _deals(emu, 2, seed, entry=False, decide=_announcer(g))
    _to_result(emu, seed + 50)
    _ask(emu, 1, "m_abort")                 # at the result: kept, undone
    _deals(emu, 1, seed + 60, entry=False, decide=_announcer(g))
    from tarock.rng import Rng
    import emulator as E
    emu.press(emu.app.cfg.used[0], "o")     # the next deal starts
    rng = Rng(seed + 70)
    for _ in range(6):
        E.bot_step(emu, rng)
    _ask(emu, 2, "m_abort")
    _correct(emu, 0, seed + 80)
    _ask(emu, 0, "m_end")
    assert not emu.app.errors, emu.app.errors


def s_entry(storage, family, seats, players, mode, seed, preset=None, end=None, deals=3):
    """Dealing aid + entry (mode 1) or score only (mode 2): results of
    core deals entered through the screens; one entry discarded by a vote."""
    emu = _emu(storage, seats, seed)
    _setup(emu, family, players, mode, preset, end)
    _deals(emu, deals, seed)
    f = _to_confirm(emu, seed + 90)
    emu.press(emu.app.cfg.used[f.seats[0]], "o")    # one seat confirms ...
    # ... then the table discards it, asked by a seat other than the one
    # entering (whose hold ● on the confirm page fixes a slip, firmware 0.5.0)
    _ask(emu, next(d for d in emu.app.cfg.used if d != f.owner), "m_discard")
    _deals(emu, 1, seed + 100)
    assert not emu.app.errors, emu.app.errors


def s_archived(storage, family, seats, players, seed):
    """Score only, parties to their end one after the other; the board
    restarts and compacts: finished parties move to the archive."""
    emu = _emu(storage, seats, seed)
    _setup(emu, family, players, 2, end=1)          # the End row's "1 round"
    _deals(emu, players, seed)                      # to the party's end
    pa = emu.app.sheet.party
    assert pa is not None and pa.over, pa and pa.end
    _deals(emu, 2, seed + 10)                       # the next party (open-ended) ...
    _ask(emu, 1, "m_end")                           # ... ended by a vote
    _deals(emu, 1, seed + 20)
    emu.app.sheet.journal.store.close()
    emu = _emu(storage, seats, seed + 1)            # restart: tidy() archives
    assert emu.app.sheet.archived, "nothing was archived"
    _deals(emu, 1, seed + 40)
    assert not emu.app.errors, emu.app.errors


def s_user_preset(storage, seed):
    """A table's own preset from presets.txt; a restart in the party."""
    with open(os.path.join(storage, "presets.txt"), "w", encoding="utf-8") as fh:
        fh.write(USER_PRESETS)
    emu = _emu(storage, 4, seed)
    _setup(emu, "koenigrufen", 4, 2, preset="stammtisch")
    _deals(emu, 2, seed)
    emu.app.sheet.journal.store.close()
    emu = _emu(storage, 4, seed + 1)                # the journal brings it back
    assert emu.app.cfg.preset == "stammtisch", emu.app.cfg.preset
    _deals(emu, 2, seed + 20)
    assert not emu.app.errors, emu.app.errors


USER_PRESETS = """# our table
[stammtisch]
base = "koenigrufen/tarockcup"
title = "Stammtisch Linz"
contracts.Dreier.value = 5
bonus.Trull = [1, 3]
"""


def _played(family, profile, n, seed, g):
    import emulator as E
    from tarock.rng import Rng
    st = g.new_deal(profile, seed, n)
    rng = Rng(seed)
    bot = _announcer(g) if seed % 2 else E.generic_bot(g)
    while st.summary() is None:
        st.apply(bot(st, rng))
    return st


def s_tournament(storage, seed):
    """A tournament block of 16 deals (Tarockcup, Kontra column), entered
    and confirmed at the table (the sheet's API, as the flows call it)."""
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    from table import games
    sh = Sheet.open(FileStore(storage))
    pa = sh.new_party(["Anna", "Bernd", "Clara", "David"], "koenigrufen/tarockcup",
                      dealer=1, end={"block": 16, "blocks": 1}, kontra_column=True, lang="de")
    g = games.glue("koenigrufen")
    k = 0
    while not pa.over:
        st = _played("koenigrufen", pa.profile, pa.n, seed + k, g)
        sh.add_deal(st, confirmed=True)
        k += 1
    assert pa.why == "block", pa.why
    sh.journal.store.close()


def s_tournament_round(storage, seed):
    """A tournament round from its table file (issue 39): the card, four
    games entered at the table, every seat signs; then a correction the
    table confirms and every seat signs again (the round record's sq 2)."""
    import json
    from table.sheet import tround
    tf = {"t": "tarockbox-table", "v": 1, "ev": "TTC26-CORPUS", "evn": "Tarockcup Corpus",
          "rd": 2, "tb": 7, "prof": "koenigrufen/tarockcup", "g": 4, "min": 0,
          "pl": [{"nr": 12, "nm": "Anna"}, {"nr": 5, "nm": "Bernd"}, {"nr": 33, "nm": "Clara"},
                 {"nr": 7, "nm": "David"}], "dl": 1, "kc": 1, "k": "9f3a0c1e5b7d2a46"}
    with open(os.path.join(storage, tround.FILE), "w", encoding="utf-8") as fh:
        json.dump(tf, fh)
    emu = _emu(storage, 4, seed)
    app = emu.app
    app.cfg.mode = 2
    emu.press(0, "o")                       # the round's card: start
    _deals(emu, 4, seed)
    for seat in range(4):
        emu.press(seat, "o")                # every seat signs
    sh = app.sheet
    pa = sh.party
    assert pa is not None
    from table import games
    st = _played("koenigrufen", pa.profile, 4, seed + 99, games.glue("koenigrufen"))
    sh.correct(1, st, confirmed=True)
    assert tround.signing(sh) == [0, 1, 2, 3]
    for seat in range(4):
        emu.press(seat, "o")
    assert [r["sq"] for r in pa.rounds] == [1, 2], pa.rounds
    assert not app.errors, app.errors


def s_abort(storage, seed):
    """Slovenian (seeds/002, the rules of Play Tarock Online): the creator aborts the party before the first
    deal (-25), then the table plays a new one."""
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    from table import games
    sh = Sheet.open(FileStore(storage))
    sh.new_party(["Ana", "Bor", "Cene"], "slovenian/play-tarock-online", creator=1)
    sh.abort(1)
    pa = sh.new_party(["Ana", "Bor", "Cene"], "slovenian/play-tarock-online", dealer=2)
    g = games.glue("slovenian")
    for k in range(4):
        sh.add_deal(_played("slovenian", pa.profile, pa.n, seed + k, g), confirmed=True)
    sh.journal.store.close()


def s_pending(storage, seed):
    """The power went between a deal's first and last confirmation: the
    deal is pending (two of four seats confirmed)."""
    from table.sheet.journal import FileStore
    from table.sheet.sheet import Sheet
    from table import games
    sh = Sheet.open(FileStore(storage))
    pa = sh.new_party(["Ana", "Bor", "Cene", "Dana"], "french/fft")
    g = games.glue("french")
    for k in range(3):
        sh.add_deal(_played("french", pa.profile, pa.n, seed + k, g), confirmed=True)
    sh.add_deal(_played("french", pa.profile, pa.n, seed + 9, g))
    sh.confirm(0)
    sh.confirm(2)
    sh.journal.store.close()


def s_damaged(storage, seed):
    """Damage set aside: a party of Bavarian deals, then a bit flipped in an
    undone entry's record and the last record torn (a power cut inside its
    write); the firmware opened it: the damaged bytes are in the quarantine
    (sheet.tbj.bad), the journal rewritten without them."""
    from table.sheet.journal import FileStore, Journal
    from table.sheet.sheet import Sheet
    from table import games
    sh = Sheet.open(FileStore(storage))
    pa = sh.new_party(["Anna", "Bernd", "Clara"], "bavarian/standard")
    g = games.glue("bavarian")
    for k in range(3):
        sh.add_deal(_played("bavarian", pa.profile, pa.n, seed + k, g), confirmed=True)
    e = sh.add_deal(_played("bavarian", pa.profile, pa.n, seed + 5, g))
    victim = e.offset
    sh.undo("result discarded, asked by Bernd")
    for k in range(2):
        sh.add_deal(_played("bavarian", pa.profile, pa.n, seed + 10 + k, g), confirmed=True)
    sh.add_deal(_played("bavarian", pa.profile, pa.n, seed + 20, g))
    sh.journal.store.close()
    p = os.path.join(storage, NAME)
    with open(p, "rb") as fh:
        data = bytearray(fh.read())
    data[victim + 9] ^= 0x10                 # inside the undone entry's payload
    last = [off for off, rec in Journal(FileStore(storage)).scan()][-1]
    del data[last + (len(data) - last) // 2:]   # the last record torn
    with open(p, "wb") as fh:
        fh.write(bytes(data))
    sh = Sheet.open(FileStore(storage))     # salvages: quarantine, rewrite
    assert sh.journal.store.size(NAME + ".bad") > 0
    sh.acknowledge()
    sh.journal.store.close()


def s_cut(storage, seed):
    """The power goes twice: once with a table-wide question open (End
    party, one yes), once with a played deal confirmed by two of its four
    seats (each ● journalled as it comes); the board starts again each time."""
    emu = _emu(storage, 4, seed)
    _setup(emu, "slovenian", 4, 0)
    _deals(emu, 1, seed, entry=False)
    import emulator as E
    E.ask(emu, 1, "m_end")
    emu.press(0, "o")
    emu.app.sheet.journal.store.close()
    emu = _emu(storage, 4, seed + 1)        # the question is asked again
    assert emu.app.sheet.vote is not None and emu.app.sheet.vote["what"] == "end"
    emu.press(1, "<")                       # the asker withdraws it
    _to_result(emu, seed + 5)
    from table.flows.play import Play
    f = emu.app.flow
    assert isinstance(f, Play)
    for d in (0, 2):
        for _ in range(3):      # (a press may first turn from the last trick to the result)
            if not f.ok[d]:
                emu.press(d, "o")
    emu.app.sheet.journal.store.close()
    emu = _emu(storage, 4, seed + 2)        # the deal waits for two seats
    pe = emu.app.sheet.pending
    assert pe is not None and len(pe.confirmed) == 2, pe
    assert not emu.app.errors, emu.app.errors


def s_fixed_deleted(storage, seed):
    """Firmware 0.5.0's records (issue 37): score only, the table's Confirm
    row on "the declarer's side and one opponent" ("cf"); a slip the
    entering seat fixed after two confirmations (the first entry undone, the
    fix confirmed anew); a deal entered by mistake deleted from the sheet (a
    "fix" with "del", counting zero) and confirmed by its seats; a deal
    after it."""
    import emulator as E
    emu = _emu(storage, 4, seed)
    E.setup_table(emu, players=4, mode=2, family="koenigrufen", lang="en")
    E._setup_row(emu, "Confirm")
    emu.press(0, "o")
    assert emu.app.cfg.confirm == 1
    emu.press(0, "o")                       # Start
    _deals(emu, 2, seed)
    f = _to_confirm(emu, seed + 30)
    seat = f.owner
    others = [d for d in emu.app.cfg.used if d != seat]
    for d in others:
        if f.deltas is not None and not f.ok[d] and sum(1 for x in f.ok if x) < 2:
            emu.press(d, "o")
    E.fix_contract(emu, f)                  # the entering seat's fix
    for _ in range(8):
        if emu.app.flow is not f:
            break
        for d in emu.app.cfg.used:
            if emu.app.flow is f and not f.ok[d]:
                emu.press(d, "o")
    assert emu.app.flow is not f and emu.app.sheet.pending is None
    from table import lang
    from table.flows.entry import Entry
    pa = emu.app.sheet.party
    assert pa is not None
    label = lang.t("delete_deal") % pa.n_deals
    emu.keys(2, "<oo")                      # the sheet on the last deal, its actions
    items = [x.strip("=") for x in emu.text(2)[1:-1]]
    assert label in items, items
    emu.keys(2, ">" * items.index(label) + "o")
    f = emu.app.flow
    assert isinstance(f, Entry) and f.fix is not None
    for d in emu.app.cfg.used:
        if emu.app.flow is f:
            emu.press(d, "o")
    assert emu.app.sheet.pending is None
    _deals(emu, 1, seed + 40)
    assert not emu.app.errors, emu.app.errors


MONEY = '[radelci]\nbase = "slovenian/standard"\nradelci = true\ncents_per_point = 10\n'


def s_radelci_money(storage, seed):
    """Firmware 0.5.0's profile options (issue 37): a table's own preset
    with radelci and 10 cents a point; a Klop (a radelc each), deals played
    with the radelci doubling them, the party ended (who pays whom)."""
    import emulator as E
    with open(os.path.join(storage, "presets.txt"), "w", encoding="utf-8") as fh:
        fh.write(MONEY)
    emu = _emu(storage, 4, seed)
    E.setup_table(emu, family="slovenian", preset="radelci", players=4, mode=2, lang="en")
    # David enters a Klop: back to the declarer pick the entry opened past,
    # "nobody", the points and "done" (his last ● his confirmation)
    emu.keys(3, "o" "O" "<" + "o" * 6)
    for d in (2, 1, 0):
        emu.keys(d, "o")
    pa = emu.app.sheet.party
    assert pa is not None and pa.n_deals == 1
    _deals(emu, 3, seed)
    _ask(emu, 0, "m_end")
    assert pa.over
    assert not emu.app.errors, emu.app.errors


SESSIONS = {
    "koenigrufen_virtual": lambda d: s_virtual(d, "koenigrufen", 4, 4, 11),
    "koenigrufen_virtual_5": lambda d: s_virtual(d, "koenigrufen", 5, 5, 12),
    "koenigrufen_aid": lambda d: s_entry(d, "koenigrufen", 4, 4, 1, 13, "tarockcup"),
    "koenigrufen_score": lambda d: s_entry(d, "koenigrufen", 5, 5, 2, 14),
    "koenigrufen_archived": lambda d: s_archived(d, "koenigrufen", 4, 4, 15),
    "koenigrufen_user_preset": lambda d: s_user_preset(d, 16),
    "koenigrufen_tournament": lambda d: s_tournament(d, 17),
    "slovenian_virtual": lambda d: s_virtual(d, "slovenian", 4, 4, 21),
    "slovenian_aid": lambda d: s_entry(d, "slovenian", 4, 3, 1, 22),
    "slovenian_score": lambda d: s_entry(d, "slovenian", 4, 4, 2, 23),
    "slovenian_abort": lambda d: s_abort(d, 24),
    "french_virtual": lambda d: s_virtual(d, "french", 4, 4, 31),
    "french_aid": lambda d: s_entry(d, "french", 5, 5, 1, 32),
    "french_score": lambda d: s_entry(d, "french", 4, 3, 2, 33),
    "french_pending": lambda d: s_pending(d, 34),
    "bavarian_virtual": lambda d: s_virtual(d, "bavarian", 3, 3, 41),
    "bavarian_aid": lambda d: s_entry(d, "bavarian", 3, 3, 1, 42),
    "bavarian_score": lambda d: s_entry(d, "bavarian", 4, 3, 2, 43, "announced"),
    "bavarian_damaged": lambda d: s_damaged(d, 44),
    "slovenian_cut": lambda d: s_cut(d, 25),
    # firmware 0.5.0 on
    "koenigrufen_fixed_deleted": lambda d: s_fixed_deleted(d, 18),
    "slovenian_radelci_money": lambda d: s_radelci_money(d, 26),
    # firmware 0.6.0 on
    "koenigrufen_tournament_round": lambda d: s_tournament_round(d, 19),
}


def generate(name, dest):
    """Run one session on a fresh storage folder; copy its files and the
    view to dest (a new folder)."""
    import emulator as E
    E.hostenv.setup("HOST")
    tmp = tempfile.mkdtemp(prefix="tbj-")
    try:
        SESSIONS[name](tmp)
        os.makedirs(dest)
        for f in FILES:
            p = os.path.join(tmp, f)
            if os.path.isfile(p):
                shutil.copyfile(p, os.path.join(dest, f))
        v = view(read_files(dest))
        with open(os.path.join(dest, "expected.json"), "w", encoding="utf-8") as fh:
            fh.write(dumps(v))
        return v
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def corpus(root=OUT):
    """[(version, name, folder)] of every journal in the corpus."""
    out = []
    if not os.path.isdir(root):
        return out
    for ver in sorted(os.listdir(root)):
        vd = os.path.join(root, ver)
        if not os.path.isdir(vd):
            continue
        for name in sorted(os.listdir(vd)):
            if os.path.isfile(os.path.join(vd, name, "expected.json")):
                out.append((ver, name, os.path.join(vd, name)))
    return out


def check(folder):
    """The differences between a journal's expected.json and what the
    current firmware makes of it: [] when it replays the same."""
    with open(os.path.join(folder, "expected.json"), encoding="utf-8") as fh:
        want = json.load(fh)
    got = json.loads(dumps(view(read_files(folder))))
    return _diff(want, got, "")


def _diff(a, b, where):
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in b:
                out.append("%s.%s: missing" % (where, k))
            elif k not in a:
                out.append("%s.%s: not expected (%r)" % (where, k, b[k]))
            else:
                out += _diff(a[k], b[k], "%s.%s" % (where, k))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i in range(len(a)):
            out += _diff(a[i], b[i], "%s[%d]" % (where, i))
        return out
    return [] if a == b else ["%s: expected %r, got %r" % (where, a, b)]


def main(argv=None):
    import cli
    import emulator as E
    E.hostenv.setup("HOST")
    from table.sheet.sheet import VERSION
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("session", nargs="*", type=cli.one_of(sorted(SESSIONS), "session"),
                    help="only these sessions (default: all)")
    ap.add_argument("--check", action="store_true",
                    help="replay every journal of the corpus; exit 1 if one differs")
    ap.add_argument("--out", type=cli.new_dir, default=OUT,
                    help="the corpus folder (default tests/golden/journals)")
    args = ap.parse_args(argv)
    if args.check:
        bad = 0
        for ver, name, folder in corpus(args.out):
            d = check(folder)
            if d:
                bad += 1
                print("%s/%s: %s" % (ver, name, "; ".join(d[:5])))
        print("%d journals, %d differ" % (len(corpus(args.out)), bad))
        return 1 if bad else 0
    vd = os.path.join(args.out, VERSION)
    names = [n for n in SESSIONS if not args.session or n in args.session]
    made = 0
    for name in names:
        dest = os.path.join(vd, name)
        if os.path.exists(dest):
            continue            # the corpus only grows: never written over
        generate(name, dest)
        made += 1
        print("wrote %s" % os.path.relpath(dest, ROOT))
    print("%d new journals for firmware %s" % (made, VERSION))
    return 0


if __name__ == "__main__":
    sys.exit(main())
