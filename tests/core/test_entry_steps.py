# The shared score-entry engine (table.flows.entry.Entry) on a stand-in app
# (entrykit.App), Königrufen's steps: titles "k/N", what each step opens on,
# long ● back keeping what was entered, the bonus list and its Kontras, a
# refused result that never reaches the sheet, the confirm screen naming who
# has not confirmed. MicroPython-compatible.
from table.flows import entry as EN
from entrykit import App, keys, text

# As test_entry_kr: fits 192K with a board's 32-bit objects (the WebAssembly
# run keeps 192K), not with the unix port's 64-bit ones, where the code
# loaded from .mpy is heap too: since session 8's painter (table/ui.py's
# width tables and hand runs, text.py's native path) it needs 200K there
MP_UNIX_HEAP = "256K"   # 224K until the entry imported table.sheet.party


def kr():
    from table.games import koenigrufen as G
    from tarock.koenigrufen import profiles as P
    return EN.Entry(App(G, P.KOENIGRUFEN_PAGAT)), P


def test_stride():
    assert [EN.stride(r, False) for r in (0, 1, 6, 7, 14, 15)] == [1, 1, 1, 5, 5, 10]
    assert [EN.stride(r, True) for r in (0, 6, 7, 15)] == [1, 1, 10, 20]


def test_titles_and_the_order_the_table_speaks():
    f, P = kr()
    assert text(f)[0] == "1/5 Declarer" and text(f)[-1] == "Anna"
    keys(f, "o")
    assert text(f)[0] == "2/5 Contract" and text(f)[1] == "Anna"
    keys(f, "o")
    assert text(f)[0] == "3/5 Partner" and text(f)[1] == "Anna Rufer"
    keys(f, "o")
    assert text(f)[0] == "4/5 Game" and text(f)[-1] == "won"
    keys(f, "o")
    assert text(f)[0] == "5/5 Bonuses, Kontra" and text(f)[1] == "done \u25cf"


def test_partner_opens_on_a_player_shown_never_on_alone():
    f, P = kr()
    keys(f, "oo")
    assert f.e["partner"] == 1 and text(f)[-1] == "Bert"
    keys(f, "<")
    assert f.e["partner"] == -1 and text(f)[-1] == "alone"   # chosen on the screen


def test_rufer_won_without_bonuses_is_five_presses():
    f, P = kr()
    keys(f, "ooooo")
    assert f.confirming() and f.deltas == [1, 1, -1, -1], f.deltas


def test_long_ok_steps_back_keeping_what_was_entered():
    f, P = kr()
    keys(f, ">>o>+++++++o")      # Clara; Dreier (eighth on the list)
    cid = f.e["contract"]
    assert f.step == 2 and cid != P.RUFER
    keys(f, "O")
    assert f.step == 1 and f.e["contract"] == cid and f.e["declarer"] == 2
    keys(f, "O")
    assert f.step == 0 and text(f)[-1] == "Clara"
    assert not f.back(0)          # the first step: the seat's menu, not the form


def test_bonus_item_in_three_presses_and_its_kontra():
    f, P = kr()
    keys(f, "oooo")
    # Pagat is the fourth item after "done" and Game: held ▶ is one press
    keys(f, ">+++o")
    assert f.item == 3 and f.e["bonus"][P.PAGAT_ULTIMO] == 1   # opens on "decl made"
    keys(f, "o")
    assert f.item < 0 and f.row == 4          # the cursor stays on Pagat (issue 37)
    keys(f, "o>+o")                                           # decl! made
    assert f.kpick and text(f)[-1] == "-"                      # announced: its Kontra
    keys(f, ">o")
    assert f.e["kontra"][1 + P.PAGAT_ULTIMO] == 1 and f.item < 0
    assert text(f)[5].endswith("players! made x2"), text(f)   # decl! made
    keys(f, "<+++o")                                          # back to "done"
    s = f.summary
    assert s.announced[P.PAGAT_ULTIMO] and s.kontra[1 + P.PAGAT_ULTIMO] == 1


def test_game_kontra_on_the_game_item():
    f, P = kr()
    keys(f, "oooo>o")
    assert f.kpick and f.e["kontra"][0] == 1 and text(f)[-1] == "x2"   # opened to give one
    keys(f, "oO")
    assert f.step == 3 and f.e["kontra"][0] == 1   # back to "won", the Kontra kept


def test_refused_result_says_why_and_reaches_nothing():
    f, P = kr()
    keys(f, "ooo>o")                 # lost
    keys(f, "<+++o")                 # the bonus list from the bottom: Valat
    keys(f, "o")
    while f.item >= 0:
        keys(f, "o")
    assert f.e["bonus"][P.VALAT] == 1
    while f.row:                     # from Valat (the cursor stays there) round to "done"
        keys(f, ">")
    keys(f, "o")
    t = " ".join(text(f))
    assert f.deltas is None and "Valat" in t and text(f)[0] == "Cannot score this", t
    keys(f, "o", 1)
    keys(f, "o", 2)
    assert f.app.done == []
    keys(f, "O")
    assert f.e["bonus"][P.VALAT] == 1 and f.step == 4


def test_confirm_names_who_has_not_confirmed():
    f, P = kr()
    keys(f, "ooooo")
    assert text(f, 0)[-1].startswith("\u25cf confirm")
    keys(f, "o", 0)
    keys(f, "o", 2)
    assert text(f, 0)[-1] == "waiting: Bert, Dora", text(f, 0)
    assert text(f, 1)[-1].startswith("\u25cf confirm")
    assert text(f, 2)[-1] == "waiting: Bert, Dora"
    keys(f, "o", 1)
    keys(f, "o", 3)
    assert f.app.done == [[1, 1, -1, -1]]
