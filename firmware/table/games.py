# The families the device can play: family name (tarock.families) -> the
# module gluing it to the screens (card labels, action words, public view,
# score entry fields; see table/kr.py). A family plugs in with one line here
# and its glue module; the flows look everything else up in tarock.families.
from tarock import families as F

GLUE = {"koenigrufen": "table.kr", "bavarian": "table.by"}


DEFAULT = "koenigrufen"


def families(seats=99):
    """Families with both a rules entry and a glue module that `seats`
    screens can play: the default first, then by name."""
    out = []
    for k in GLUE:
        if k in F.FAMILIES and k != DEFAULT and fits(k, seats):
            out.append(k)
    out.sort()
    if DEFAULT in F.FAMILIES and fits(DEFAULT, seats):
        out.insert(0, DEFAULT)
    return out


def fits(family, seats):
    for n in F.family(family)["players"]:
        if n <= seats:
            return True
    return False


def glue(family):
    mod = GLUE.get(family)
    if mod is None:
        raise ValueError("no device glue for family %r" % (family,))
    __import__(mod)
    import sys
    return sys.modules[mod]


def title(family):
    return glue(family).TITLE
