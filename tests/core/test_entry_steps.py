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
    # the seat that opened it declares: the entry opens past that pick
    assert text(f)[0] == "2/4 Contract" and text(f)[1] == "Anna"
    keys(f, "o")
    # the partner claims it at his seat: the form goes on to won / lost
    assert text(f)[0] == "4/4 Bonuses, Kontra" and text(f)[1] == "won \u25cf"
    assert text(f)[2] == "lost \u25cf"
    keys(f, "O")
    assert text(f)[0] == "3/4 Partner" and text(f)[-1] == "at his seat"
    keys(f, "OO")
    assert text(f)[0] == "1/4 Declarer" and text(f)[-1] == "Anna"


def test_partner_opens_at_his_seat_never_on_alone():
    f, P = kr()
    keys(f, "oO")
    assert f.e["partner"] == EN.CLAIM and text(f)[-1] == "at his seat"
    keys(f, ">")
    assert f.e["partner"] == 1 and text(f)[-1] == "Bert"
    keys(f, "<<")
    assert f.e["partner"] == -1 and text(f)[-1] == "alone"   # chosen on the screen


def test_rufer_won_without_bonuses_is_two_presses_and_the_partners_claim():
    f, P = kr()
    keys(f, "oo")
    # the owner's last ● is his confirmation; the partner claims at his seat
    assert f.deltas is None and not f.error and f.ok[0] and f._claim() is not None
    assert text(f, 1)[2] == "\u25cf I was the partner"    # large: the waiting on two lines
    assert " ".join(text(f, 0)[2:4]) == "waiting for the partner"
    assert text(f, 0)[1] == "Anna Rufer won"
    keys(f, "o", 0)                      # the declarer's ● claims nothing
    assert f.deltas is None
    keys(f, "o", 1)
    assert f.confirming() and f.deltas == [1, 1, -1, -1], f.deltas
    assert f.ok[0] and f.ok[1] and not f.ok[2]


def test_long_ok_steps_back_keeping_what_was_entered():
    f, P = kr()
    keys(f, "O>>o>+++++++o")      # back to the declarer: Clara; Dreier (eighth on the list)
    cid = f.e["contract"]
    assert f.step == 2 and cid != P.RUFER
    keys(f, "O")
    assert f.step == 1 and f.e["contract"] == cid and f.e["declarer"] == 2
    keys(f, "O")
    assert f.step == 0 and text(f)[-1] == "Clara"
    assert not f.back(0)          # the first step: the seat's menu, not the form


def _row_of(f, label):
    items = f.steps()[f.step][2]
    top = len(f.steps()[f.step][3][1])
    for k in range(len(items)):
        if items[k][0] == label:
            return top + k
    raise AssertionError(label)


def test_bonus_item_in_three_presses_and_its_kontra_the_row_below():
    f, P = kr()
    keys(f, "o")
    # Pagat is the third item after won and lost: held ▶ is one press
    p = _row_of(f, "Pagat")
    assert p == 4
    keys(f, ">" + "+" * (p - 1) + "o")
    assert f.item == p - 2 and f.e["bonus"][P.PAGAT_ULTIMO] == 1   # opens on "decl made"
    keys(f, "o")
    assert f.item < 0 and f.row == p          # the cursor stays on Pagat (issue 37)
    keys(f, "o>+o")                                           # decl! made
    assert f.item < 0 and not f.kpick
    t = text(f)
    i = [x[:5] for x in t].index("Pagat")
    assert t[i + 1].strip().startswith("Kontra"), t          # announced: its Kontra below
    keys(f, ">o")                                             # one ●: x2
    assert f.e["kontra"][1 + P.PAGAT_ULTIMO] == 1 and f.item < 0
    assert f.row == p + 1                     # (a bonus's Kontra: the cursor stays)
    t = text(f)
    i = [x[:5] for x in t].index("Pagat")
    assert t[i].endswith("players! made") and t[i + 1].endswith("x2"), t
    keys(f, "<" + "+" * p + "o")                              # back to "won"
    keys(f, "o", 2)                                           # Clara was the partner
    s = f.summary
    assert s.announced[P.PAGAT_ULTIMO] and s.kontra[1 + P.PAGAT_ULTIMO] == 1


def test_game_kontra_in_one_press():
    f, P = kr()
    keys(f, "o")
    g = _row_of(f, "Game")
    assert g == len(f.steps()[f.step][2]) + 1   # the list's last row: one ◀ from "won"
    keys(f, "<o")
    # given, and the cursor back on the result it had ("won"): ● ends the list
    assert f.item < 0 and f.e["kontra"][0] == 1 and f.row == 0
    keys(f, "<o")
    assert f.kpick and text(f)[-1] == "x2"    # a given one opens: ◀ ▶ its level
    keys(f, ">o")
    assert f.item < 0 and f.e["kontra"][0] == 2 and f.row == g   # raised: the cursor stays
    keys(f, "O")
    assert f.step == 2 and f.e["kontra"][0] == 2   # back to the partner, the Kontra kept


def test_game_kontra_goes_back_to_lost_when_lost_is_the_result():
    f, P = kr()
    keys(f, "o>")                    # on "lost": the result as it stands
    keys(f, ">" * (_row_of(f, "Game") - 1) + "o")
    assert f.e["kontra"][0] == 1 and f.row == 1


def test_refused_result_says_why_and_reaches_nothing():
    f, P = kr()
    keys(f, "o")
    while f.row != _row_of(f, "Valat"):
        keys(f, "<")
    keys(f, "oo")                    # Valat made by the declarer's side
    assert f.e["bonus"][P.VALAT] == 1
    while f.row != 1:                # from Valat (the cursor stays there) round to "lost"
        keys(f, ">")
    keys(f, "o")
    t = " ".join(text(f))
    assert f.deltas is None and "Valat" in t and text(f)[0] == "Cannot score this", t
    keys(f, "o", 1)
    keys(f, "o", 2)
    assert f.app.done == [] and f.e["partner"] == EN.CLAIM   # nothing claimed on a refusal
    keys(f, "O")
    assert f.e["bonus"][P.VALAT] == 1 and f.step == 3


def test_confirm_names_who_has_not_confirmed():
    f, P = kr()
    keys(f, "oo")
    assert text(f, 0)[-1] == "hold \u25cf: back"
    keys(f, "o", 2)                  # Clara claims: her confirmation too
    assert text(f, 0)[-1] == "waiting: Bert, Dora", text(f, 0)
    assert text(f, 1)[-1].startswith("\u25cf confirm")
    assert text(f, 2)[-1] == "waiting: Bert, Dora"
    keys(f, "o", 1)
    keys(f, "o", 3)
    assert f.app.done == [[1, -1, 1, -1]]
