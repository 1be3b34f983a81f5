# Helpers for the score-sheet tests: a reproducible party of manual entries
# with corrections, undone entries and pending confirmations, and a fresh
# recomputation of the totals from the summaries (not from stored deltas).
# Not a test module (no test_ prefix). MicroPython-compatible.
from tarock.koenigrufen import profiles as P, score as S
from tarock import seating
from tarock.rng import Rng
from table.sheet.journal import MemStore
from table.sheet.sheet import Sheet

PK = P.KOENIGRUFEN_PAGAT


def manual(rng):
    """A random but possible manual entry (Rufer, Dreier, Bettel, Piccolo)."""
    kind = rng.below(4)
    d = rng.below(4)
    if kind == 0:
        s = S.Summary(P.RUFER, d)
        s.partner = (d + 1 + rng.below(3)) % 4
        s.decl_thirds = 30 + rng.below(150)
    elif kind == 1:
        s = S.Summary(P.DREIER, d)
        s.decl_thirds = 60 + rng.below(120)
        if rng.below(3) == 0:
            s.announced[P.PAGAT_ULTIMO] = S.DECL
            s.bonus[P.PAGAT_ULTIMO] = S.DECL_MADE if rng.below(2) else S.DECL_FAILED
            s.kontra[1 + P.PAGAT_ULTIMO] = rng.below(2)
        s.kontra[0] = rng.below(3)
    elif kind == 2:
        s = S.Summary(P.BETTEL, d)
        s.tricks = [0, 0, 0, 0]
        s.tricks[(d + rng.below(2)) % 4] = 1
        s.neg_kontra[(d + 1) % 4] = rng.below(2)
    else:
        s = S.Summary(P.PICCOLO, d)
        s.tricks = [0, 0, 0, 0]
        s.tricks[d] = rng.below(3)
    return s


def confirm_all(e):
    for seat in list(e.needed):
        e.confirm(seat)


def build(n_deals, seed=1, n_table=5, store=None, end=None):
    """A sheet with n_deals final deals, every 7th corrected, every 11th
    entry undone once before being entered again, the last entry pending."""
    rng = Rng(seed)
    st = store if store is not None else MemStore()
    sh = Sheet.open(st)
    names = ["Anna", "Bert", "Cilli", "Dora", "Egon"][:n_table]
    sh.new_party(names, dealer=rng.below(n_table), end=end)
    for k in range(n_deals):
        if k % 11 == 5:
            sh.add_deal(manual(rng))
            sh.undo()
        e = sh.add_deal(manual(rng))
        confirm_all(e)
        if k % 7 == 3:
            confirm_all(sh.correct(rng.below(k + 1), manual(rng)))
    e = sh.add_deal(manual(rng))
    e.confirm(e.needed[0])
    return sh, st


def recompute(sh, party=None):
    """Totals from the summaries of the final deals, scored afresh."""
    pa = party or sh.party
    t = [0] * pa.n
    for k in range(pa.n_deals):
        s = sh.summary_of(k, pa)
        d = seating.to_table(S.score(pa.profile, s), pa.seats_of(k), pa.n)
        for i in range(pa.n):
            t[i] += d[i]
    return t


def copy(st):
    return MemStore({k: st.chunks(k) for k in st.files})


def records(st, name="sheet.tbj"):
    """Every record of the journal in st, in order."""
    from table.sheet.journal import Journal
    return [rec for off, rec in Journal(st, name).scan()]


def journal_of(recs, name="sheet.tbj"):
    """A store whose journal holds these records (framed, no preamble: as
    a firmware before 0.4.0 wrote it, or as a test crafts it)."""
    from table.sheet.journal import frame
    return MemStore({name: b"".join([frame(r) for r in recs])})


def party_of_three(names=("Anna", "Bert", "Cilli", "Dora")):
    """(sheet, store): an open party of three confirmed manual entries."""
    st = MemStore()
    sh = Sheet.open(st)
    rng = Rng(3)
    sh.new_party(list(names), when=77)
    for _ in range(3):
        confirm_all(sh.add_deal(manual(rng)))
    return sh, st

