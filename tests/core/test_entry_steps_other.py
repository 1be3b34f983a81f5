# The shared score-entry engine (table.flows.entry.Entry) on a stand-in app
# (entrykit.App): an anchor following the bouts until moved and a prefilled
# entry keeping its values (French), the breakdown page (Bavarian).
# MicroPython-compatible (Slovenian apart, test_entry_steps_si: a 192K heap
# holds two families' glue at a time).
from table.flows import entry as EN
from entrykit import App, keys, text

# Two families' glue and the entry engine fit 192K with a board's 32-bit
# objects (the WebAssembly run keeps 192K), with the unix port's 64-bit ones
# only just (issue 37's words for refusals and counts tipped it over)
MP_UNIX_HEAP = "272K"   # 224K until the entry imported table.sheet.party; 256K until a
                        # party read a tournament round's "tn" (issue 39: 264K needed)


def test_anchor_follows_the_bouts_until_moved_and_prefill_keeps_values():
    from table.games import french as G
    from tarock.french import profiles as FP, score as S
    f = EN.Entry(App(G, FP.FFT))
    keys(f, ">o")                   # (Anna opened it: the taker) Garde
    assert f.e["pile"] == 2         # 2 bouts on the taker's pile
    keys(f, "o")
    assert f.e["halves"] == 82 and text(f)[-1] == "41"
    keys(f, "O>o")                  # 3 bouts: the points follow
    assert f.e["halves"] == 72
    keys(f, ">>")                   # moved: a bout changed later keeps it
    keys(f, "O<o")
    assert f.e["halves"] == 74 and text(f)[-1] == "37"
    s = S.Summary(FP.GARDE, 1, 4)
    s.halves = 95
    s.bouts = 1
    g = EN.Entry(App(G, FP.FFT))
    g.prefill(G.entry_values(FP.FFT, s))
    keys(g, "ooo")
    assert g.e["halves"] == 95 and text(g)[-1] == "47.5"


def test_breakdown_page_when_the_glue_has_one():
    from table.games import bavarian as G
    from tarock.bavarian import profiles as BP
    f = EN.Entry(App(G, BP.STANDARD, 3, 3))
    had = getattr(G, "breakdown", None)
    G.breakdown = lambda profile, s, name: ["Aufnahme 71: won", "x1"]
    try:
        keys(f, "ooooo")
        assert f.confirming() and text(f)[0].startswith("Confirm 1/2")
        keys(f, ">", 1)
        assert text(f, 1) == ["Confirm 2/2: why", "Aufnahme 71: won", "x1"]
        assert text(f, 0)[0].startswith("Confirm 1/2")
    finally:
        if had is None:
            del G.breakdown
        else:
            G.breakdown = had
