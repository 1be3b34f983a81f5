# The shared score-entry engine on a stand-in app (entrykit.App), Slovenian:
# the points open on 36 (the threshold), a held ◀ ▶ repeats and speeds up.
# MicroPython-compatible.
from table.flows import entry as EN
from entrykit import App, keys


def test_hold_repeats_and_speeds_up():
    from table.games import slovenian as G
    from tarock.slovenian import profiles as PS
    f = EN.Entry(App(G, PS.PLAY_TAROCK_ONLINE))
    keys(f, "ooo")                  # Anna, Drei, partner Bert
    assert f.steps()[f.step][0] == "number" and f.e["points"] == 36   # the anchor
    keys(f, ">++++++")              # 1 + 6 x 1
    assert f.e["points"] == 43
    keys(f, "++")                   # then by 5
    assert f.e["points"] == 53
    keys(f, "++++++++++")           # 5 x 6, then by 10, stopping at 70
    assert f.e["points"] == 70
    keys(f, ">")                    # a press rounds the end
    assert f.e["points"] == 0
