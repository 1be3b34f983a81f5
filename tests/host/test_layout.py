"""Every family's hands fit one screen (table/ui.py layout): the biggest
hands there are (Königrufen/Slovenian 12 and 18 while laying away, French 18
at four and 24 at three, Bavarian 9 and 12 with the Stock) with the header
and an info line, the legal cards marked, nothing clipped, every suit on
one line unless it is longer than a line."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
import hostenv  # noqa: E402

hostenv.setup("HOST")

import screencheck  # noqa: E402
from table import ui, text  # noqa: E402
from table.games import bavarian, french, koenigrufen, slovenian  # noqa: E402
from tarock.rng import shuffled_deck  # noqa: E402

CASES = (
    (koenigrufen, (12, 18)),
    (slovenian, (12, 16, 18)),
    (french, (15, 18, 24)),
    (bavarian, (8, 9, 12)),
)


def _hand(g, n, seed):
    deck = list(shuffled_deck(g.NCARDS, seed))
    return sorted(deck[:n])


def test_the_biggest_hands_fit_one_screen_with_a_header_and_an_info_line():
    for g, sizes in CASES:
        for n in sizes:
            for seed in range(60):
                hand = _hand(g, n, seed)
                legal = tuple(hand[::2])
                rows = [ui.row("Trick 12: Maximilian", ui.INV),
                        ui.row("Rufer Max \u2665K Pagat ultimo"),
                        (ui.HAND, hand, hand[1], legal)]
                assert screencheck.clipped(g, rows) == [], (g.FAMILY, n, seed, ui.to_text(g, rows))


def test_a_play_screen_with_the_trick_keeps_the_hand_whole():
    # header, two lines of the trick, the hand: twelve cards (Königrufen,
    # Slovenian), French 18, Bavarian 9
    for g, n in ((koenigrufen, 12), (slovenian, 12), (french, 18), (bavarian, 9)):
        for seed in range(60):
            hand = _hand(g, n, seed)
            rows = [ui.row("Trick 3: you", ui.INV), ui.row("Anna 7 Bernd 21"),
                    ui.row("Clara 3"), (ui.HAND, hand, hand[0], tuple(hand))]
            assert screencheck.clipped(g, rows) == [], (g.FAMILY, seed, ui.to_text(g, rows))


def test_suits_are_not_split_unless_longer_than_a_line():
    for g, sizes in CASES:
        for n in sizes:
            for seed in range(40):
                hand = _hand(g, n, seed)
                for packed in (99, 3, 1, 0):
                    lines = (ui._suit_lines(g, hand, text.SMALL, packed) if packed
                             else ui._packed_lines(g, hand, text.SMALL))
                    seen = []
                    for line in lines:
                        for _, it, _ in line:
                            if isinstance(it, int):
                                s = g.suit_of(it)
                                if seen and seen[-1][0] == s and seen[-1][1] != id(line):
                                    # a suit going on on the next line: only when
                                    # it could not fit one line by itself
                                    cs = [c for c in hand if g.suit_of(c) == s]
                                    w = sum(text.width(g.card_label(c, True)) + 5 for c in cs)
                                    assert w + 10 > ui.W, (g.FAMILY, n, seed, packed)
                                seen.append((s, id(line)))


def test_a_good_screen_has_nothing_clipped():
    rows = [ui.row("Trick 3: you", ui.INV), ui.row("Rufer Max \u2665K"),
            (ui.HAND, [0, 6, 12, 20, 21, 22, 25, 29], 6, (6, 12, 20)),
            ui.row("\u25cf play", ui.BOTTOM | ui.CENTER)]
    assert screencheck.clipped(koenigrufen, rows) == []


def test_clipped_finds_a_screen_that_clips():
    # deliberately bad models: each must be reported
    long = ui.row("an info line far too long for the 128 pixels")
    assert screencheck.clipped(koenigrufen, [long])
    too_many = [ui.row("line %d" % i) for i in range(9)]
    assert any("no room" in p for p in screencheck.clipped(koenigrufen, too_many))
    big = [ui.row("Your turn, Maximilian", ui.BIG)]
    assert screencheck.clipped(koenigrufen, big)
    # a hand that cannot fit what the other rows leave it
    crowded = [ui.row("h", ui.INV)] + [ui.row("x") for i in range(5)] + [
        (ui.HAND, list(range(30)), -1, None), ui.row("b", ui.BOTTOM)]
    assert any("hand" in p for p in screencheck.clipped(koenigrufen, crowded))


def test_clipped_finds_boxes_off_the_screen_and_overlapping():
    # the painter's ops of a good screen, then the same shifted: each caught
    rows = [ui.row("Trick 3: you", ui.INV), ui.row("Rufer Max \u2665K")]
    ops, _ = ui.layout(koenigrufen, rows)
    real = ui.layout
    try:
        ui.layout = lambda d, r: ([op[:1] + (op[1] + 100,) + op[2:] for op in ops], [])
        assert any("outside" in p for p in screencheck.clipped(koenigrufen, rows))
        ui.layout = lambda d, r: ([op[:2] + (0,) + op[3:] for op in ops], [])
        assert any("overlaps" in p for p in screencheck.clipped(koenigrufen, rows))
    finally:
        ui.layout = real
    assert screencheck.clipped(koenigrufen, rows) == []
