# Helpers for the one-line Königrufen scoring tests (pagat and Tarockcup):
# build a score.Summary, set a bonus outcome, compare deltas. Not a test
# module itself (no test_ prefix). MicroPython-compatible.
from tarock.koenigrufen import score as S


def summ(cid, decl=0, partner=-1, thirds=107, tricks=None):
    s = S.Summary(cid, decl)
    s.partner = partner
    s.decl_thirds = thirds
    if tricks is not None:
        s.tricks = list(tricks)
    return s


def check_score(s, expected, profile):
    r = S.score(profile, s)
    assert r == expected, "got %r, expected %r" % (r, expected)
    assert sum(r) == 0, "not zero-sum: %r" % (r,)
    return r


def with_bonus(s, b, outcome, announced=0, kontra=0):
    s.bonus[b] = outcome
    s.announced[b] = announced
    s.kontra[1 + b] = kontra
    return s
