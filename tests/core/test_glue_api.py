# The family glue's API (table/games/__init__.py REQUIRED and OPTIONAL):
# every family's glue module provides each required name (functions
# callable), the optional ones are there after games.glue() (the family's
# own, or None), and a glue lacking a required function is found.
# One family at a time, unloaded after (a board holds one).
import sys
from table import games
from mpcompat import unload_since

FAMILIES = ("koenigrufen", "slovenian", "french", "bavarian")


def missing(m):
    """The names of games.REQUIRED that glue module m lacks, and those
    that should be functions and are not."""
    out = []
    for k in games.REQUIRED:
        if not hasattr(m, k) or (k[0].islower() and not callable(getattr(m, k))):
            out.append(k)
    return out



def test_every_family_has_its_glue():
    assert sorted(games.GLUE) == sorted(FAMILIES)


def _check(family):
    g = games.glue(family)
    assert missing(g) == [], (family, missing(g))
    assert g.FAMILY == family
    for k in games.OPTIONAL:
        v = getattr(g, k)   # glue() gives the ones it lacks as None
        assert v is None or callable(v), (family, k)


def test_every_glue_module_is_complete():
    for family in FAMILIES:
        before = set(sys.modules)
        try:
            _check(family)
        finally:
            unload_since(before)


def test_the_optional_ones_a_family_lacks_are_none():
    before = set(sys.modules)
    try:
        g = games.glue("koenigrufen")   # no context_rows, info_rows, ...
        for k in games.OPTIONAL:
            assert getattr(g, k) is None, k
    finally:
        unload_since(before)


class _Glue:
    pass


def test_a_glue_lacking_a_required_function_is_found():
    g = _Glue()
    for k in games.REQUIRED:
        setattr(g, k, len if k[0].islower() else 1)
    assert missing(g) == []
    del g.breakdown
    g.entry_deltas = 0      # not a function
    assert missing(g) == ["entry_deltas", "breakdown"]
