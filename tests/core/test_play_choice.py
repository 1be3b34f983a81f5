# The card the play's cursor starts on (table.games.common.default_card)
# and the take-back table option of the profiles (tarock.profiles.take_back):
# plain data, so they run under MicroPython too. Through the screens:
# tests/host/test_play_view.py.
from table.games import common as G
from tarock import cards as C
from tarock import profiles as PR
from tarock.tables import SUIT54
from tarock.french import cards as FC
from tarock.french.tables import SUIT78

HON54 = (C.PAGAT, C.MOND, C.SKUS)
HON78 = (FC.PETIT, FC.MONDE, FC.EXCUSE)


def _s54(c):
    return SUIT54[c]


def _s78(c):
    return SUIT78[c]


def test_never_an_honour_unless_all_legal_are():
    assert G.default_card([C.PAGAT, 1, 22], _s54, HON54, C.TRUMPS) == 22     # the ♥4
    assert G.default_card([C.PAGAT, 1], _s54, HON54, C.TRUMPS) == 1          # the II
    assert G.default_card([C.PAGAT], _s54, HON54, C.TRUMPS) == C.PAGAT
    assert G.default_card([C.PAGAT, C.MOND, C.SKUS], _s54, HON54, C.TRUMPS) == C.PAGAT
    assert G.default_card([FC.PETIT, 1, FC.EXCUSE], _s78, HON78, 0) == 1
    assert G.default_card([FC.PETIT, FC.EXCUSE], _s78, HON78, 0) == FC.PETIT


def test_a_plain_card_before_a_trump():
    # leading with trumps and a spade: the lowest spade, not the lowest trump
    spade = 38
    assert SUIT54[spade] == C.SPADES
    assert G.default_card([1, 5, spade, spade + 1], _s54, HON54, C.TRUMPS) == spade
    # no trump suit fixed (Bavarian before trumps are named): the first card
    assert G.default_card([3, 9], _s54, (), -1) == 3


def test_take_back_is_a_checked_table_option():
    for key, title in PR.list_presets():
        p = PR.get(key)
        assert p["take_back"] is PR.take_back(p)
        assert PR.take_back(p) == (not key.startswith("koenigrufen/tarockcup")), key
    for base in ("koenigrufen/pagat", "slovenian/standard", "french/fft", "bavarian/standard"):
        assert not PR.take_back(PR.overlay(PR.get(base), {"take_back": False}))
        try:
            PR.overlay(PR.get(base), {"take_back": 1})
        except PR.ProfileError as e:
            assert "take_back" in str(e)
        else:
            raise AssertionError("a number for take_back was taken")


def test_take_back_set_in_the_tables_presets_file():
    from tarock import userpresets as U
    got = U.parse('[heim]\nbase = "koenigrufen/tarockcup"\ntake_back = true\n')
    name, base, over = got[0][0], got[0][1], got[0][2]
    assert name == "heim" and over == {"take_back": True}
    assert PR.take_back(PR.overlay(PR.get(base), over))
    bad = U.parse('[heim]\nbase = "koenigrufen/pagat"\ntake_back = 2\n')[0]
    try:
        PR.overlay(PR.get(bad[1]), bad[2])      # checked when the preset is built
    except PR.ProfileError as e:
        assert "take_back" in str(e)
    else:
        raise AssertionError("a number for take_back was taken")
