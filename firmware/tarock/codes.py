# Action codes as named ranges. A family's actions are small ints in ranges
# (the cards, pass, the bids, ..., the announcements, the Kontras), each
# base the end of the range before it, as OpenSpiel's bridge.h writes
# kBiddingActionBase = kNumCards: a range that grows (a bonus added) moves
# the ranges after it instead of running into them.
#
# A rules module keeps its bases as const() names (inlined by MicroPython's
# compiler: the hot paths read no global) and lists the same ranges with
# codes() as a table ((name, base, count), ...) built by layout(); only
# codes() imports this module, so a deal on the device never loads it. The
# tests check that the two agree and that no two ranges share a code.
# A log carries the table it was written with (pack(), a short string), and
# translate() carries its codes to another table by range name and offset,
# so a log stays readable after the bases moved.


def layout(counts):
    """((name, count), ...) -> ((name, base, count), ...): each base the
    end of the range before it, the first at 0."""
    out = []
    base = 0
    for name, count in counts:
        out.append((name, base, count))
        base += count
    return tuple(out)


def end(table):
    """One past the highest code of the table (a module's A_MAX)."""
    top = 0
    for _, base, count in table:
        if base + count > top:
            top = base + count
    return top


def check(table, a_max):
    """Raise ValueError unless the ranges have distinct names, are not
    empty, share no code and lie in 0 .. a_max - 1."""
    names = {}
    spans = []
    for name, base, count in table:
        if name in names:
            raise ValueError("code range %s twice" % name)
        names[name] = 1
        if count < 1 or base < 0:
            raise ValueError("code range %s: base %d, count %d" % (name, base, count))
        spans.append((base, base + count, name))
    spans.sort()  # (base, end, name) has no ties: sort's stability does not matter
    top = 0
    last = None
    for base, stop, name in spans:
        if base < top:
            raise ValueError("code ranges %s and %s overlap at %d" % (last, name, base))
        top = stop
        last = name
    if top > a_max:
        raise ValueError("code range %s ends at %d, past A_MAX %d" % (last, top, a_max))


def pack(table):
    """The table as one short string: "card:0:54 pass:54:1 ..."."""
    return " ".join("%s:%d:%d" % r for r in table)


def unpack(s):
    """pack()'s string back to the table; ValueError if it is not one."""
    out = []
    for part in s.split():
        f = part.split(":")
        if len(f) != 3 or not f[0] or not f[1].isdigit() or not f[2].isdigit():
            raise ValueError("not a code table: %r" % part)
        out.append((f[0], int(f[1]), int(f[2])))
    if not out:
        raise ValueError("empty code table")
    return tuple(out)


def translate(log, old, new):
    """The codes of a log written under table old, as table new writes
    them: the same range name, the same offset. In old, the first range
    holding a code names it. ValueError (one line) for the first code that
    is in no range of old or has no counterpart in new."""
    if old == new:
        return list(log)
    to = {}
    for name, base, count in new:
        to[name] = (base, count)
    out = []
    for a in log:
        name = None
        k = 0
        for n, base, count in old:
            if base <= a < base + count:
                name = n
                k = a - base
                break
        if name is None:
            raise ValueError("code %d is in no range of the log's code table" % a)
        t = to.get(name)
        if t is None or k >= t[1]:
            raise ValueError("code %d (%s+%d) has no counterpart in these codes" % (a, name, k))
        out.append(t[0] + k)
    return out
