# Shared checks of the check/act contract every deal state machine keeps
# (tarock.koenigrufen, tarock.bavarian, ...), for the fuzz and rule tests of
# every family. MicroPython-compatible. Not a test module itself.
from tarock import errors as E
from tarock.errors import IllegalAction
from mpcompat import raises


def probe_illegal(st, a):
    """False if a is legal. Else check that apply(a) raises IllegalAction
    carrying why_illegal(a)'s code (a known one) and changes nothing; True."""
    code = st.why_illegal(a)
    if code == 0:
        return False
    assert E.explain(code) != "error %d" % code, (a, code)
    fp = st.fingerprint()
    e = raises(IllegalAction, st.apply, a)
    assert e.code == code, (a, e.code, code, st.log)
    assert st.fingerprint() == fp, (a, st.log)
    return True


def legal_set(st, a_max):
    """legal_actions() is exactly {a in range(a_max) : why_illegal(a) == 0}
    and not empty; returns it."""
    legal = st.legal_actions()
    mine = [a for a in range(a_max) if st.why_illegal(a) == 0]
    assert mine == sorted(legal), (mine, legal, st.phase, st.log)
    assert len(legal) > 0, st.log
    return legal


def releasing_with(release):
    """Decorator for test functions: call release() afterwards, pass or fail."""
    def deco(fn):
        def run():
            try:
                return fn()
            finally:
                release()
        return run
    return deco


def view_cards(v, keys, ncards):
    """(field, card) for every card a view shows: hand, trick, last trick,
    the family's list fields `keys`, and the legal cards (< ncards). The
    families' simulation tests add their own nested fields to this."""
    out = []
    for c in v["hand"]:
        out.append(("hand", c))
    for (_, c) in v["trick"]:
        out.append(("trick", c))
    for k in keys:
        for c in v.get(k, ()):
            out.append((k, c))
    for (_, c) in v.get("last_trick", ()):
        out.append(("last_trick", c))
    for a in v.get("legal", ()):
        if a < ncards:
            out.append(("legal", a))
    return out
