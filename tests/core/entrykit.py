# Helpers for the score-entry tests (tests/core/test_entry_*.py): walk a
# family glue's entry steps as the screens do and score the result. Not a
# test module (no test_ prefix). MicroPython-compatible.


def fill(G, profile, values, name, n=None):
    """Walk G's entry steps like the screens do, setting each step's value
    from values (key -> value, or key -> list per index; form rows in their
    order, as a row may appear once the one before is set); returns
    (e, titles). n: players in the deal, for a glue with entry_start."""
    e = G.entry_init(profile)
    if n is not None:
        G.entry_start(profile, e, n)
    titles = []
    k = 0
    while True:
        st = G.entry_steps(profile, e, name)
        if k >= len(st):
            break
        s = st[k]
        if s[0] == "pick":
            titles.append(s[2])
            if s[1] in values:
                assert values[s[1]] in [o[0] for o in s[3]], (s[1], s[3])
                e[s[1]] = values[s[1]]
        elif s[0] == "number":
            titles.append(s[3])
            if s[1] in values:
                v = values[s[1]][s[2]] if s[2] >= 0 else values[s[1]]
                assert s[4] <= v <= s[5], (s[3], v)
                if s[2] >= 0:
                    e[s[1]][s[2]] = v
                else:
                    e[s[1]] = v
        else:
            titles.append(s[1])
            r = 0
            while r < len(s[2]):
                label, key, idx, states, words = s[2][r]
                if key in values:
                    assert values[key][idx] in states
                    e[key][idx] = values[key][idx]
                s = G.entry_steps(profile, e, name)[k]
                r += 1
        k += 1
    return e, titles


def deltas(G, profile, e):
    s = G.entry_summary(profile, e)
    G.check_entry(profile, s)
    return G.entry_deltas(profile, s), s


def roundtrip(G, profile, st):
    """entry_values of a played deal st, entered again, scores like st."""
    s = st.summary()
    want = G.entry_deltas(profile, s)
    assert list(want) == list(st.result())
    e = G.entry_values(profile, s)
    s2 = G.entry_summary(profile, e)
    G.check_entry(profile, s2)
    got = G.entry_deltas(profile, s2)
    assert list(got) == list(want), (profile["name"], e, got, want)
