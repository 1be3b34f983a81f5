"""Generated font modules are current: host_tools/build/gen_font.py regenerates
firmware/table/fonts/small.py, large.py, big.py and the framebuf stand-in's 8x8
font in memory and they must equal the files (run the generator after
changing CHARSET, OWN_GLYPHS or the vendored BDFs); the card glyphs are
distinct from each other on the real pixel grid."""

import itertools
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import gen_font  # noqa: E402
import pcf  # noqa: E402


def test_generated_font_modules_are_current():
    for path, make in gen_font.TARGETS:
        with open(path, encoding="utf-8") as fh:
            assert fh.read() == make(), "%s is stale: run host_tools/build/gen_font.py" % path


def test_vendored_bdf_matches_the_system_pcf_when_installed():
    for src, (pcf_name, _, _) in gen_font.SOURCES.items():
        system = os.path.join(gen_font.SYSTEM_DIR, pcf_name)
        if not os.path.exists(system):
            continue  # xfonts-base / xfonts-terminus not installed: nothing to compare with
        a = pcf.read_pcf(system)
        b = pcf.read_bdf(gen_font._bdf_path(src))
        assert (a.ascent, a.descent) == (b.ascent, b.descent)
        assert len(b.glyphs) > 140
        for cp, g in b.glyphs.items():
            assert gen_font.cell_rows(a, a.glyphs[cp]) == gen_font.cell_rows(b, g), hex(cp)


def test_font_module_layout():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from table.fonts import big, large as font_large, small as font_small

    for mod in (font_small, font_large, big):
        n = ((mod.H + 7) // 8) * mod.W
        count = mod.ASCII + len(mod.CODES) // 2
        assert len(mod.DATA) == count * n
        codes = [mod.CODES[i] << 8 | mod.CODES[i + 1] for i in range(0, len(mod.CODES), 2)]
        assert codes == sorted(set(codes)) and codes[-1] == 0xFFFD


# Fewer differing pixels than this and two suits blur into one at arm's length
MIN_SUIT_DISTANCE = 6


def _distance(a, b):
    return sum(x != y for ra, rb in zip(a, b) for x, y in zip(ra, rb))


def close_suits(cells, glyphs=gen_font.CARD_GLYPHS, least=MIN_SUIT_DISTANCE):
    """Pairs of card glyphs that differ in fewer than `least` pixels."""
    return [(hex(a), hex(b), _distance(cells[a], cells[b]))
            for a, b in itertools.combinations(glyphs, 2)
            if _distance(cells[a], cells[b]) < least]


def test_every_pair_of_suit_glyphs_differs_by_enough_pixels():
    # French ♥♦♠♣, German Eichel Laub (Herz = ♥) Schellen, the Sküs/Excuse,
    # in every size that draws cards
    sizes = [spec[0] for spec in gen_font.FONTS if spec[3]]
    assert "small" in sizes and "large" in sizes
    for name in sizes:
        _, _, cells = gen_font.glyph_table(name)
        assert not close_suits(cells), (name, close_suits(cells))


def test_the_distance_check_catches_look_alike_suits():
    _, _, cells = gen_font.glyph_table("small")
    fake = dict(cells)
    acorn = [list(r) for r in cells[0xE001]]
    acorn[3][1] = "." if acorn[3][1] == "#" else "#"   # the acorn one pixel off
    fake[0xE002] = ["".join(r) for r in acorn]
    assert close_suits(fake)


def test_card_glyphs_leave_the_last_row_for_the_legal_mark():
    for spec in gen_font.FONTS:
        if spec[3]:
            W, H, cells = gen_font.glyph_table(spec[0])
            for cp in gen_font.CARD_GLYPHS + tuple(range(0x30, 0x3A)):
                assert cells[cp][H - 1] == "." * W, (spec[0], hex(cp))


def _lit(rows):
    return [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "#"]


def _slashed(zero, o):
    """A row where the zero lights more pixels than the O (its slash or
    dot), the two being as wide (a narrow zero is no mark)."""
    def span(rows):
        xs = [p[0] for p in _lit(rows)]
        return max(xs) - min(xs)
    return span(zero) == span(o) and any(
        r0.count("#") > ro.count("#") > 0 for r0, ro in zip(zero, o))


def _bottom_width(rows):
    pts = _lit(rows)
    y = max(p[1] for p in pts)
    return len([p for p in pts if p[1] == y])


def test_zero_is_slashed_and_v_is_pointed():
    # O vs 0: a mark inside the zero; V vs U: V ends in one pixel, U in a bowl
    for spec in gen_font.FONTS:
        _, _, cells = gen_font.glyph_table(spec[0])
        assert _slashed(cells[ord("0")], cells[ord("O")]), spec[0]
        assert _bottom_width(cells[ord("V")]) < _bottom_width(cells[ord("U")]), spec[0]


# Fewer differing pixels than this and two glyphs side by side in a hand
# ("♠ 8 B D") are told apart only leaning in (issue 37)
MIN_HAND_DISTANCE = 3


def hand_glyphs():
    """{(family, language): the characters its hands draw}: the suit
    symbols and every card's bare label, in the language's card letters
    (`faces`)."""
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from table import games, lang

    out = {}
    try:
        for code in lang.CODES:
            lang.use(code)
            for family in games.GLUE:
                g = games.glue(family)
                chars = set("".join(g.SUIT_SYMBOLS))
                for c in range(g.NCARDS):
                    chars |= set(g.card_label(c, True))
                out[(family, code)] = "".join(sorted(chars - {" "}))
    finally:
        lang.use("en")
    return out


def close_in_hands(cells, glyph_sets, least=MIN_HAND_DISTANCE):
    """(family, language, a, b, pixels) of glyphs one hand draws that
    differ in fewer than `least` pixels."""
    return sorted({(f, code, a, b, _distance(cells[ord(a)], cells[ord(b)]))
                   for (f, code), chars in glyph_sets.items()
                   for a, b in itertools.combinations(chars, 2)
                   if _distance(cells[ord(a)], cells[ord(b)]) < least})


def test_glyphs_side_by_side_in_a_hand_differ_by_three_pixels():
    sets = hand_glyphs()
    # the German letters with the digits, the Bavarian U O, the suits
    assert {"8", "B", "D", "K", "R"} <= set(sets[("koenigrufen", "de")])
    assert {"U", "O", "1", "0", "A"} <= set(sets[("bavarian", "en")])
    for name in ("small", "large"):
        _, _, cells = gen_font.glyph_table(name)
        assert not close_in_hands(cells, sets), (name, close_in_hands(cells, sets))


def test_the_hand_check_catches_look_alike_glyphs():
    _, _, cells = gen_font.glyph_table("small")
    fake = dict(cells)
    fake[ord("B")] = cells[ord("8")]
    assert ("koenigrufen", "de", "8", "B", 0) in close_in_hands(fake, hand_glyphs())
