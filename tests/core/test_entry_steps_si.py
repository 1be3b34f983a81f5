# The shared score-entry engine on a stand-in app (entrykit.App), Slovenian:
# the points open on 36 (the threshold), a held ◀ ▶ repeats and speeds up.
# MicroPython-compatible.
from table.flows import entry as EN
from entrykit import App, keys

# the unix port's 64-bit objects, the entry's code (from .mpy) heap too, and
# since the entry reads the sheet's party module (its SheetError, side()):
# more than 192K there; the WebAssembly run keeps 192K
MP_UNIX_HEAP = "240K"


def test_hold_repeats_and_speeds_up():
    from table.games import slovenian as G
    from tarock.slovenian import profiles as PS
    f = EN.Entry(App(G, PS.PLAY_TAROCK_ONLINE))
    keys(f, "o")                    # (Anna opened it: declarer) Drei, the partner at his seat
    assert f.steps()[f.step][0] == "number" and f.e["points"] == 36   # the anchor
    keys(f, ">++++++")              # 1 + 6 x 1
    assert f.e["points"] == 43
    keys(f, "++")                   # then by 5
    assert f.e["points"] == 53
    keys(f, "++++++++++")           # 5 x 6, then by 10, stopping at 70
    assert f.e["points"] == 70
    keys(f, ">")                    # a press stops there too: 70 and one more is no 0
    assert f.e["points"] == 70      # (a lost game; issue 37)


def test_mondfang_entered_in_the_standard_rules_only():
    # the standard profile's Mondfang (whose Mond was caught pays 21 alone)
    # is a bonus-list item there, and nowhere under the seed's profile
    from table.games import slovenian as G
    from tarock.slovenian import profiles as PS
    from tarock.slovenian import score as S
    from entrykit import fill, deltas

    def name(p):
        return "ABCD"[p]
    vals = {"declarer": 0, "contract": PS.DREI, "partner": 2, "points": 40, "mond": 2}
    e, titles = fill(G, PS.STANDARD, vals, name, 4)
    d, s = deltas(G, PS.STANDARD, e)
    assert s.mond_lost == 1
    plain = S.Summary(PS.DREI, 0, 4)
    plain.partner = 2
    plain.decl_thirds = 120
    want = S.score(PS.STANDARD, plain)
    want[1] -= PS.STANDARD["mondfang"]
    assert list(d) == list(want)
    assert G.entry_values(PS.STANDARD, s)["mond"] == 2          # a correction opens on it
    assert G.breakdown(PS.STANDARD, s, name)[-1].startswith("Mond lost B")
    lists = {}
    for pr in (PS.STANDARD, PS.PLAY_TAROCK_ONLINE):
        e1 = G.entry_init(pr)
        G.entry_start(pr, e1, 4)
        e1["contract"] = PS.DREI
        lists[pr["name"]] = [[it[0] for it in st[2]] for st in G.entry_steps(pr, e1, name)
                             if st[0] == "list"]
    assert "Mond lost" in lists["standard"][0]
    assert "Mond lost" not in lists["play-tarock-online"][0]
    e2, _ = fill(G, PS.PLAY_TAROCK_ONLINE, dict(vals, mond=0), name, 4)
    assert G.entry_summary(PS.PLAY_TAROCK_ONLINE, e2).mond_lost == -1
