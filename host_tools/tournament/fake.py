"""Generated tournament journals: a table's board journal for a round, as
the board writes it, for the collection tests and the director's-minutes
bench (host_tools/bench/bench_tournament.py).

    import fake
    sh = fake.open_board(folder)              # a board's storage (FileStore)
    fake.play_round(sh, {"ev": "TTC26-IMST", "rd": 1, "tb": 3, "g": 16, "min": 120,
                         "nr": [12, 5, 7, 31]}, ["Anna", ...], key, "e6614103", seed=1)
                                              # party, deals, signatures, round record
    fake.event(ev, secret, n_players, tables_per_round, rounds)   # an event dict

The deals are random but valid Königrufen results (Rufer, Dreier, Solorufer,
now and then a Kontra on the game) entered through the firmware's Sheet
(add_deal with every seat's confirmation), so they score, count and journal
exactly as on a board. The party record carries "tn", and after the last
deal every seat signs and the board's round record follows (the formats
fixed between the helpers for issue 39; the lead's Sheet writes them itself
once it knows them: then its API is used).
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
import collect  # noqa: E402  (puts the firmware first on sys.path)
from table.sheet.journal import FileStore, MemStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402
from tarock import families, profiles  # noqa: E402

kscore = families.module("koenigrufen", "score")    # the family's scorer, by the registry

PROFILE = "koenigrufen/tarockcup"
# contract ids of the Tarockcup preset (tarock/koenigrufen/presets.py):
# Rufer and Solorufer with a called partner, Dreier alone
RUFER, SOLORUFER, DREIER = 1, 6, 9
NAMES = ("Anna", "Berta", "Carl", "Dora", "Emil", "Franz", "Gerda", "Hans", "Ida", "Jakob",
         "Karl", "Lena", "Max", "Nora", "Otto", "Paula", "Rosa", "Sepp", "Toni", "Vroni")


def random_summary(rnd, n=4):
    """A valid Königrufen result for n active positions."""
    c = rnd.choice((RUFER, RUFER, RUFER, DREIER, SOLORUFER))
    s = kscore.Summary(c, rnd.randrange(n), n)
    if c != DREIER:
        s.partner = rnd.choice([p for p in range(n) if p != s.declarer])
    s.decl_thirds = rnd.randrange(60, 211)
    if rnd.random() < 0.2:
        s.kontra[0] = 1
    return s


def open_board(folder):
    os.makedirs(folder, exist_ok=True)
    return Sheet.open(FileStore(folder))


def mem_board():
    return Sheet.open(MemStore())


def sign_round(sh, key, dev, seats=None, when=None):
    """Every seat (or `seats`) signs (tround.sign, as the board's round
    card does); the last signature writes the round record, which is
    returned (None before)."""
    from table.sheet import tround
    rec = None
    for s in range(sh.party.n) if seats is None else seats:
        rec = tround.sign(sh, s, key, dev, when)
    return rec


def play_round(sh, tn, names, key, dev, seed=0, kc=True, dealer=0, play=None, early=False,
               sign=True):
    """One table's round on the board sh: the party (tn), `play` deals (g
    unless given) each confirmed by every seat, the end (the games played,
    or finish(): the director's time), the signatures and the round record.
    Returns the party."""
    rnd = random.Random(seed)
    g = tn["g"]
    pa = sh.new_party(list(names), PROFILE, dealer=dealer, end={"deals": g}, kontra_column=kc,
                      tn=tn)
    n_play = g if play is None else play
    for _ in range(n_play):
        sh.add_deal(random_summary(rnd, pa.active), confirmed=True)
    if early and not pa.over:
        sh.finish()
    if sign and pa.over:
        sign_round(sh, key, dev)
    return sh.parties[-1]


def event(ev="TTC26-TEST", secret="s3cret-test", n_players=16, rounds=3, seed=7):
    """An event dict as the director's event file holds it (as far as
    collect reads it): players 1..n, each round's tables drawn at random,
    tables of four (and five where the count leaves one over)."""
    rnd = random.Random(seed)
    players = [{"nr": i + 1, "name": "%s%d" % (NAMES[i % len(NAMES)], i // len(NAMES) + 1)
                if i >= len(NAMES) else NAMES[i]} for i in range(n_players)]
    out = {"id": ev, "secret": secret, "players": players, "rounds": []}
    for r in range(rounds):
        nrs = [p["nr"] for p in players]
        rnd.shuffle(nrs)
        n_tables = n_players // 4
        sizes = [4] * n_tables
        for i in range(n_players - 4 * n_tables):
            sizes[i] += 1
        tables = {}
        at = 0
        for t, size in enumerate(sizes):
            tables[str(t + 1)] = nrs[at:at + size]
            at += size
        out["rounds"].append({"rd": r + 1, "tables": tables})
    return out


def board_names(event_doc, nrs):
    """The names a board shows (at most 8 characters, unique at the table)."""
    nm = collect.names(event_doc)
    out = []
    for x in nrs:
        v = (nm.get(x) or str(x))[:8]
        while v in out:
            v = v[:7] + str(len(out))
        out.append(v)
    return out


def table_round(sh, event_doc, rd, tb, dev, seed=0, **kw):
    """play_round for the event's drawn table (rd, tb): its players, key, games."""
    nr = collect.draw(event_doc)[(rd, tb)]
    games = (event_doc.get("format") or {}).get("games") or {}
    g = games.get(str(len(nr)), 20 if len(nr) == 5 else 16)
    ev = collect.event_id(event_doc)
    key = collect.table_key(event_doc["secret"], ev, rd, tb)
    tn = {"ev": ev, "rd": rd, "tb": tb, "g": g, "min": 120, "nr": list(nr)}
    return play_round(sh, tn, board_names(event_doc, nr), key, dev, seed=seed, **kw)


_check = profiles.get(PROFILE)   # the preset exists (a renamed preset fails here, at import)


def round_json(sh, dev):
    """The body of the board's GET /round.json, by the board's own writer
    (web/export.py round_chunks)."""
    from web import export
    return "".join(export.round_chunks(sh, dev)).encode()
