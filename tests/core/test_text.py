# Seat-screen text (firmware/table/text.py): metrics, the required glyphs,
# pixels of a few glyphs against the misc-fixed / Terminus sources (transcribed
# by hand from the BDF bitmaps) and our own (the slashed zero), inverse drawing, unknown characters, no allocation.
# Runs on MicroPython's own framebuf and on the host stand-in.
import framebuf

from mpcompat import no_alloc
from table import text


def canvas():
    buf = bytearray(128 * 8)
    return framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), buf


def rows(fb, x, y, w, h):
    return ["".join("#" if fb.pixel(x + i, y + j) else "." for i in range(w)) for j in range(h)]


def test_metrics_fit_the_screen():
    # SMALL: 128 // 5 = 25 chars, 64 // 8 = 8 lines; LARGE: 21 chars, 5
    # lines; BIG: 16 chars, 4 lines
    assert (text.SMALL.w, text.SMALL.h) == (5, 8)
    assert (text.LARGE.w, text.LARGE.h) == (6, 12)
    assert (text.big().w, text.big().h) == (8, 16)
    assert text.big() is text.big()
    assert 128 // text.SMALL.w >= 21 and 64 // text.line_height() >= 8
    assert text.line_height(text.LARGE) == 12
    assert text.width("Sküs") == 20 and text.width("Sküs", text.LARGE) == 24
    assert text.width("Sküs".encode()) == 20


def test_required_glyphs_in_both_fonts():
    need = "äöüÄÖÜß♥♦♠♣◀▶●⅓⅔" + text.FOOL + text.ACORNS + text.LEAVES + text.BELLS
    for f in (text.SMALL, text.LARGE):
        for ch in need:
            assert text.has_glyph(ch, f), (ch, f.w)
        assert not text.has_glyph("\u4e00", f)


def test_draw_returns_the_advance():
    fb, _ = canvas()
    # a suit that fills its 5-pixel cell is advanced one more: never touching its rank
    assert text.draw(fb, 3, 0, "♥K 21") == 3 + 5 * 5 + 1 == 3 + text.width("♥K 21")
    assert rows(fb, 3 + 5, 0, 1, 8) == ["."] * 8
    assert text.draw(fb, 0, 30, "♥K", 1, text.LARGE) == 12 == text.width("♥K", text.LARGE)
    assert text.draw(fb, 0, 20, "Sküs", 1, text.LARGE) == 24
    assert text.draw(fb, -20, 0, "abcdef") == 10    # clipped on the left


def test_small_u_umlaut_pixels():
    # misc-fixed 5x8 U+00FC (BITMAP rows 00 90 00 90 90 90 70 00)
    fb, _ = canvas()
    text.draw(fb, 10, 20, "ü")
    assert rows(fb, 10, 20, 5, 8) == [
        ".....", "#..#.", ".....", "#..#.", "#..#.", "#..#.", ".###.", "....."]


def test_large_heart_pixels():
    # Terminus 12 (ter-u12n) U+2665, rows 3..9 of the 12-pixel cell
    fb, _ = canvas()
    text.draw(fb, 0, 30, "♥", 1, text.LARGE)
    assert rows(fb, 0, 30, 6, 12) == [
        "......", "......", "......", ".#.#..", "#####.", "#####.",
        "#####.", ".###..", ".###..", "..#...", "......", "......"]


def test_small_zero_is_slashed():
    # our own 5x8 zero (the misc-fixed one is narrow and plain, like an O),
    # slashed corner to corner: 4 px from the O (issue 37)
    fb, _ = canvas()
    text.draw(fb, 0, 0, "0O")
    assert rows(fb, 0, 0, 10, 8) == [
        "..........", ".###..##..", "#..#.#..#.", "#.##.#..#.",
        "##.#.#..#.", "#..#.#..#.", "###...##..", ".........."]


def test_big_font_draws_text():
    fb, _ = canvas()
    assert text.draw(fb, 0, 0, "Jo +12", 1, text.big()) == 48
    assert text.has_glyph("\u00e4", text.big()) and text.has_glyph("\u2665", text.big())


def test_color_zero_draws_dark_on_a_lit_bar():
    fb, _ = canvas()
    fb.fill_rect(0, 0, 40, 8, 1)
    text.draw(fb, 10, 0, "ü", 0)
    assert rows(fb, 10, 0, 5, 8) == [
        "#####", ".##.#", "#####", ".##.#", ".##.#", ".##.#", "#...#", "#####"]
    assert fb.pixel(9, 3) == 1 and fb.pixel(15, 3) == 1   # bar around it kept


def test_transparent_background_keeps_what_was_there():
    fb, _ = canvas()
    fb.fill_rect(0, 0, 5, 8, 1)
    text.draw(fb, 0, 0, "ü", 1)
    assert rows(fb, 0, 0, 5, 8) == ["#####"] * 8


def test_unknown_character_draws_the_replacement_box():
    fb, _ = canvas()
    fb2, _ = canvas()
    text.draw(fb, 0, 0, "\u4e00")
    text.draw(fb2, 0, 0, "\ufffd")
    assert rows(fb, 0, 0, 5, 8) == rows(fb2, 0, 0, 5, 8)
    assert rows(fb, 0, 0, 5, 8)[1] == "####."


def test_str_and_utf8_bytes_draw_the_same():
    fb, b1 = canvas()
    fb2, b2 = canvas()
    s = "Sküs ♥K ⅔ " + text.FOOL
    text.draw(fb, 0, 0, s, 1, text.LARGE)
    text.draw(fb2, 0, 0, s.encode(), 1, text.LARGE)
    assert b1 == b2 and b1 != bytearray(len(b1))


def test_drawing_utf8_bytes_allocates_nothing():
    fb, _ = canvas()
    label = "Sküs ♥K ♦10 21 ÄÖÜß".encode()
    no_alloc(text.draw, fb, 0, 0, label)
    no_alloc(text.draw, fb, 0, 20, label, 0, text.LARGE)


def test_a_twelve_card_hand_fits_in_two_rows_of_six():
    # labels of at most 3 glyphs ("♥10", "21", FOOL): 6 * 18 px + 5 gaps of 3 px
    fb, _ = canvas()
    hand = ["♥10", "♥K", "♦1", "♣D", "♠B", text.FOOL,
            "21", "17", "13", "8", "3", "1"]
    x = 0
    for i, card in enumerate(hand):
        if i == 6:
            x = 0
        assert text.width(card, text.LARGE) <= 18
        text.draw(fb, x, 20 + 12 * (i // 6), card, 1, text.LARGE)
        x += 18 + 3
    assert x - 3 <= 128


def test_wrap_fits_the_width_and_cuts_with_an_ellipsis():
    msg = "presets.txt line 7: contracts.9.value: values must be 0..1000"
    lines = text.wrap(msg)
    assert lines == ["presets.txt line 7:", "contracts.9.value: values", "must be 0..1000"], lines
    for w, font in ((128, None), (100, None), (128, text.LARGE)):
        for ln in text.wrap(msg + " " + "x" * 60 + " K\u00f6nig\u00a0ultimo", font, w):
            assert 0 < text.width(ln, font) <= w, ln
    # a word longer than a line is broken inside; nothing is lost
    long = "a" * 30
    assert "".join(text.wrap("ab " + long)).replace(" ", "") == "ab" + long
    # at most max_lines, the last one ending in an ellipsis
    cut = text.wrap(msg, None, 128, 2)
    assert len(cut) == 2 and cut[-1].endswith("\u2026") and text.width(cut[-1]) <= 128
    assert text.wrap(msg, None, 128, 3) == lines
    assert text.wrap("") == [] and text.wrap("  a \n b ") == ["a b"]


def test_load_gives_each_glyph_its_bytes():
    # load() blits glyph i out of the font's strip (DATA itself as blit's
    # read-only (buffer, w, h, format) source, no RAM copy): the glyph
    # buffer must hold exactly DATA's bytes of glyph i, for every glyph
    assert all(f.strip[0] is f.data for f in (text.SMALL, text.LARGE, text.big()))
    for f in (text.SMALL, text.LARGE, text.big()):
        for i in range(f.count):
            f.load(i)
            assert bytes(f.glyph) == bytes(f.data[i * f.n:(i + 1) * f.n]), (f.w, i)


# ---------------------------------------------------------------- layout
# table.ui lays screen models out (the painter draws what layout() returns,
# with what it could not fit; tests/host/test_layout.py checks the boxes). A toy deck: trumps 0..21, hearts
# 22..29.
class _Deck:
    SUIT_SYMBOLS = ("T", "\u2665")

    @staticmethod
    def suit_of(c):
        return 0 if c < 22 else 1

    @staticmethod
    def card_label(c, bare=False):
        if c < 22:
            return str(c + 1)
        r = "4321JCQK"[c - 22]
        return r if bare else "\u2665" + r


def test_layout_reports_rows_without_room_and_cut_lines():
    from table import ui
    assert ui.layout(_Deck, [ui.row("Trick 3: you", ui.INV), ui.row("Rufer Max \u2665K"),
                             (ui.HAND, [0, 6, 12, 20, 21, 22, 25, 29], 6, (6, 12, 20)),
                             ui.row("\u25cf play", ui.BOTTOM | ui.CENTER)])[1] == []
    assert ui.layout(_Deck, [ui.row("an info line far too long for the 128 pixels")])[1]
    assert ui.layout(_Deck, [ui.row("line %d" % i) for i in range(9)])[1]
    assert ui.layout(_Deck, [ui.row("Your turn, Maximilian", ui.BIG)])[1]


def test_a_cut_info_line_ends_in_an_ellipsis():
    from table import ui
    ops, problems = ui.layout(_Deck, [ui.row("x" * 40)])
    assert problems
    texts = [op[5] for op in ops if op[0] == ui.OP_TEXT]
    assert texts == ["x" * 24 + "\u2026"]


def test_legal_marks_are_a_two_pixel_bar_an_empty_row_below_the_digits():
    # a 1-px line is lost at 1x on a 0.96" panel (issue 37): a 2-px bar
    from table import ui
    fb, _ = canvas()
    rows = [(ui.HAND, [0, 9, 17, 22], -1, (9, 17, 22))]
    ui.Painter(_Deck).paint(fb, rows)
    ops = ui.layout(_Deck, rows)[0]
    marks = [op for op in ops if op[0] == ui.OP_MARK]
    assert len(marks) == 3
    for op in marks:
        x, y, w, h = op[1], op[2], op[3], op[4]
        assert h == 2
        assert rows_lit(fb, x, y, w) == w            # the bar itself
        assert rows_lit(fb, x, y + 1, w) == w
        assert rows_lit(fb, x, y + 2, w) == 0        # nothing under it
        assert rows_lit(fb, x, y - 1, w) == 0        # the gap above it
        assert rows_lit(fb, x, y - 2, w) > 0         # the digits' foot
    for card in (0, 22):                             # unmarked: no bar
        x = next(op[1] for op in ops if op[0] == ui.OP_TEXT and op[5] == _Deck.card_label(card, True))
        assert rows_lit(fb, x, marks[0][2], 3) == 0


def test_crowded_legal_marks_take_the_rows_there_are():
    # lines two rows taller than the font first; with one row more the bar
    # takes the cell's empty last row and that one (still two); with none,
    # the cell's last row
    from table import ui
    hand = [0, 9, 17, 22]
    fh = text.SMALL.h
    assert ui._hand_fit(_Deck, hand, text.SMALL, 64, True)[1] == fh + 2
    assert ui._hand_fit(_Deck, list(range(30)), text.SMALL, 4 * (fh + 1), True)[1] == fh + 1
    lines = ui.hand_lines(_Deck, hand, text.SMALL, 1)
    x = lines[0][1][0]                                # the first card
    for lh, bar in ((fh + 2, (fh, fh + 1)), (fh + 1, (fh - 1, fh)), (fh, (fh - 1,))):
        fb, _ = canvas()
        ui._hand_fb(_Deck, fb, (ui.HAND, hand, -1, (0,)), 0, text.SMALL, lh, lines)
        assert [y for y in range(fh - 1, lh) if fb.pixel(x, y)] == list(bar), lh


def rows_lit(fb, x, y, w):
    return sum(1 for i in range(w) if fb.pixel(x + i, y))


def test_inverted_titles_keep_a_dark_column_left_of_the_first_letter():
    from table import ui
    fb, _ = canvas()
    ui.Painter(_Deck).paint(fb, [ui.row("Bidding: Max", ui.INV)])
    # the bar is lit in column 0 all the way down; the B starts in column 1
    assert all(fb.pixel(0, y) for y in range(8))
    assert rows(fb, 1, 0, 1, 8) != ["#"] * 8


def test_a_suit_is_never_split_when_the_hand_is_packed():
    from table import ui
    hand = [0, 1, 2, 3, 4, 5, 6, 22, 23, 24, 25, 26, 27]
    lines = ui.hand_lines(_Deck, hand, text.SMALL, 1)
    # trumps then hearts: the hearts all on the line their symbol starts
    start = next(k for k in range(len(lines)) if any(it == "\u2665" for _, it, _ in lines[k]))
    assert all(isinstance(it, int) and it < 22 for k in range(start) for _, it, _ in lines[k]
               if not isinstance(it, str))
    assert all(it in ("\u2665",) or it >= 22 for _, it, _ in lines[start])
    assert sum(1 for ln in lines[start:] for _, it, _ in ln if isinstance(it, int)) == 6
