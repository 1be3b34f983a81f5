#!/usr/bin/env python3
"""Generate the seat-screen fonts (and the host framebuf stand-in's 8x8 font).

    python host_tools/build/gen_font.py            write the generated modules
    python host_tools/build/gen_font.py --check    exit 1 if any is out of date
    python host_tools/build/gen_font.py --import   refresh the vendored BDF subsets
                                             from the system's PCFs (apt-get
                                             install xfonts-base xfonts-terminus)
    python host_tools/build/gen_font.py --show small "Sküs ♥K"   ASCII preview

Three sizes, chosen for a 0.96" 128x64 OLED read at arm's length:
  SMALL  5x8   X11 misc-fixed 5x8 (public domain, "Share and enjoy."; Debian
               xfonts-base). Nothing smaller than 8 px keeps 8 lines of 25
               characters: a 12-card hand by suit plus a header and an info
               line. Its 0 is narrow and unslashed and its V is a U: both are
               redrawn here (a slashed zero and a pointed V, Terminus-style).
  LARGE  6x12  Terminus 12 medium (ter-u12n, SIL Open Font License 1.1, (c)
               Dimitar Zhekov; Debian xfonts-terminus): the same cell as the
               misc-fixed 6x12 it replaces, with a slashed zero, a pointed V and
               more open letters. Glyphs Terminus lacks come from misc-fixed
               6x12 (same cell, same baseline).
  BIG    8x16  Terminus 16 bold (ter-u16b, OFL 1.1) for totals and the
               "your turn" header; text only (ASCII, the four languages'
               letters, arrows, French suits): 16 bytes a glyph, so it keeps to
               what it is used for (~2.3 KB).
Terminus rather than misc-fixed for the larger sizes: its zero, V/U, I/l/1
and B/8 are distinct, and its bold 16 is the clearest large face at 8 px
wide (16 characters a line). OFL 1.1 allows subsetting and bundling; the
generated modules are a modified version, so they do not carry the reserved
name "Terminus Font" as their name (host_tools/build/fonts/OFL-Terminus.txt).

The glyphs we use are vendored as BDF subsets in host_tools/build/fonts/ so
that generation needs no system fonts; the card glyphs (private-use area and
the French suits, redrawn so that every suit differs from every other by many
pixels at 1x: tests/host/test_fonts.py) and glyphs missing from a size are
drawn here (OWN_GLYPHS, ASCII art, always winning over the source font).
Card glyphs keep the cell's last row empty: the legal-card underline goes
below it (table/ui.py), never touching a glyph.

Output (firmware/table/fonts/small.py, large.py, big.py), read by table/text.py:
    W, H        advance and height in pixels (monospaced cells)
    ASCII       glyphs 0..ASCII-1 are ' '..'~' (index = code point - 32)
    CODES       bytes: big-endian uint16 code points of glyphs ASCII.. (sorted)
    PAD         bytes: big-endian uint16 code points of the card glyphs that
                light the cell's last column: text.py advances them one pixel
                more, so a suit never touches its rank ("♥K")
    DATA        bytes: every glyph as a MONO_VLSB bitmap of W x H,
                ((H + 7) // 8) * W bytes each, page-major (as framebuf lays it)
The last glyph in CODES is U+FFFD (a box), drawn for characters not in the font.

host_tools/lib/hostlib/font_petme128_8x8.py: MicroPython's built-in 8x8 font for
framebuf.text(), rendered by the real MicroPython unix port (.venv/bin/micropython),
char by char, so the stand-in draws the same bytes.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

import pcf  # noqa: E402

FONT_DIR = os.path.join(HERE, "fonts")
SYSTEM_DIR = "/usr/share/fonts/X11/misc"

# Every character the firmware may draw beyond ASCII. German, French and
# Slovenian letters, thirds, quotes, arrows and the buttons, suits.
LETTERS = ("ÄÖÜäöüß" "éèêëàâçîïôûùœŒÉÈÀÇ" "čšžćđČŠŽĆĐ")
CHARSET = (LETTERS + "°·×±½⅓⅔−–—„“”‘’…€§" "←→↑↓◀▶●○▲▼█▒"
           "♥♦♠♣♡♢♤♧" "✓✗★☆")
# BIG: totals, names and the your-turn header only
BIG_CHARSET = LETTERS + "−–—„“”‘’…←→◀▶●♥♦♠♣"

# Card glyphs in the private-use area (named in firmware/table/text.py).
PUA = {
    0xE000: "Sküs / Excuse (fool)",
    0xE001: "Eichel (acorns)",
    0xE002: "Laub / Gras (leaves)",
    0xE003: "Schellen (bells)",
    0xFFFD: "replacement (unknown character)",
}
CARD_GLYPHS = (0x2665, 0x2666, 0x2660, 0x2663, 0xE000, 0xE001, 0xE002, 0xE003)

PD = ("Public domain font.  Share and enjoy.",)
OFL = ("Copyright (c) 2010-2014 Dimitar Toshkov Zhekov,",
       "with Reserved Font Name \"Terminus Font\".",
       "Licensed under the SIL Open Font License, Version 1.1",
       "(OFL-Terminus.txt beside this file).")
# vendored subset name: (system PCF, origin, licence lines)
SOURCES = {
    "misc-fixed-5x8": ("5x8.pcf.gz", "Debian xfonts-base, X.Org font-misc-misc", PD),
    "misc-fixed-6x12": ("6x12.pcf.gz", "Debian xfonts-base, X.Org font-misc-misc", PD),
    "terminus-12n": ("ter-u12n_unicode.pcf.gz", "Debian xfonts-terminus 4.48", OFL),
    "terminus-16b": ("ter-u16b_unicode.pcf.gz", "Debian xfonts-terminus 4.48", OFL),
}
# (module, sources in order of preference (same cell), charset, card glyphs)
FONTS = (
    ("small", ("misc-fixed-5x8",), CHARSET, True),
    ("large", ("terminus-12n", "misc-fixed-6x12"), CHARSET, True),
    ("big", ("terminus-16b",), BIG_CHARSET, False),
)
LICENCE = {
    "small": "misc-fixed 5x8 (X11 font-misc-misc, public domain)",
    "large": "Terminus 12 medium (SIL OFL 1.1, (c) Dimitar Zhekov; a modified "
             "subset, not \"Terminus Font\")\n# with misc-fixed 6x12 (public domain) where it lacks a glyph",
    "big": "Terminus 16 bold (SIL OFL 1.1, (c) Dimitar Zhekov; a modified "
           "subset, not \"Terminus Font\")",
}

# Hand-drawn glyphs: per font, code point -> rows of the whole W x H cell.
# They win over the source font. Suits: each a distinct silhouette (solid
# heart/diamond/spade, a club of three lobes, a hollow acorn nut under a solid
# cup, an open leaf with its vein and stem, a bell with a band and a slot,
# a star for the fool); the last row stays empty (the legal-card mark).
OWN_GLYPHS = {
    "small": {
        # 0 slashed corner to corner: 4 px from the O (the Bavarian Ober beside
        # a 10), 6 and 9 hooked: 5 px from the 8 (misc-fixed's differ by 2)
        0x0030: [".....", ".###.", "#..#.", "#.##.", "##.#.", "#..#.", "###..", "....."],  # 0 slashed
        0x0036: [".....", "..#..", ".#...", "###..", "#..#.", "#..#.", ".##..", "....."],  # 6 hooked
        0x0039: [".....", ".##..", "#..#.", "#..#.", ".###.", "..#..", ".#...", "....."],  # 9 hooked
        0x0056: [".....", "#...#", "#...#", "#...#", ".#.#.", ".#.#.", "..#..", "....."],  # V pointed
        0x2153: ["#....", "#..#.", "#.#..", "..#..", ".#.##", "#...#", "..##.", "...##"],  # ⅓
        0x2154: ["##...", ".#.#.", "#.#..", "###..", ".#.##", "#...#", "..##.", "...##"],  # ⅔
        0x2713: [".....", "....#", "...#.", "#.#..", ".#...", ".....", ".....", "....."],  # ✓
        0x2717: [".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", ".....", "....."],  # ✗
        0x2605: [".....", "..#..", "..#..", "#####", ".###.", ".#.#.", "#...#", "....."],  # ★
        0x2606: [".....", "..#..", ".#.#.", "#...#", ".#.#.", ".###.", "#...#", "....."],  # ☆
        0x2665: [".....", "##.##", "#####", "#####", ".###.", "..#..", ".....", "....."],  # ♥
        0x2666: [".....", "..#..", ".###.", "#####", ".###.", "..#..", ".....", "....."],  # ♦
        0x2660: ["..#..", ".###.", "#####", "#####", "#####", "..#..", ".###.", "....."],  # ♠
        0x2663: ["..#..", ".###.", "..#..", "##.##", "##.##", "..#..", ".###.", "....."],  # ♣
        0xE000: ["#...#", "#.#.#", ".###.", "#####", ".###.", "#.#.#", "#...#", "....."],  # fool
        0xE001: ["..#..", "#####", "#####", "#...#", "#...#", ".#.#.", "..#..", "....."],  # acorn
        0xE002: ["..#..", ".#.#.", "#.#.#", "#.#.#", ".###.", "..#..", ".#...", "....."],  # leaf
        0xE003: ["..#..", ".###.", "#...#", "#####", "#...#", ".###.", ".....", "....."],  # bell
        0xFFFD: [".....", "####.", "#..#.", "#..#.", "#..#.", "#..#.", "####.", "....."],
        # Ç (not in the 5x8 subset): the C with ç's cedilla under it
        0x00C7: [".##..", "#..#.", "#....", "#....", "#..#.", ".##..", "..#..", ".#..."],
    },
    "large": {
        0xE000: ["......", "......", "..#...", "#.#.#.", ".###..", "##.##.", ".###..",
                 "#.#.#.", "..#...", "......", "......", "......"],  # fool
        0xE001: ["......", "..#...", "..#...", ".###..", "#####.", "#####.", "#...#.",
                 "#...#.", "#...#.", ".#.#..", "..#...", "......"],  # acorn
        0xE002: ["......", "..#...", ".#.#..", "#.#.#.", "#.#.#.", "#.#.#.", ".#.#..",
                 "..#...", "..#...", ".#....", "......", "......"],  # leaf
        0xE003: ["......", "..#...", ".###..", "#...#.", "#...#.", "#####.", "#...#.",
                 "#...#.", ".###..", "......", "......", "......"],  # bell
        0xFFFD: ["......", "#####.", "#...#.", "#...#.", "#...#.", "#...#.",
                 "#...#.", "#...#.", "#####.", "......", "......", "......"],
    },
    "big": {
        0xFFFD: ["........", "........", "........", "######..", "#....#..", "#....#..",
                 "#....#..", "#....#..", "#....#..", "#....#..", "#....#..", "#....#..",
                 "######..", "........", "........", "........"],
    },
}


def _bdf_path(src):
    return os.path.join(FONT_DIR, src + ".bdf")


def _wanted(src):
    cps = set(range(32, 127))
    for _, srcs, charset, _ in FONTS:
        if src in srcs:
            cps |= {ord(c) for c in charset}
    return cps


def import_system_fonts():
    """Vendor the subsets of the system PCFs that the firmware uses."""
    os.makedirs(FONT_DIR, exist_ok=True)
    for src, (pcf_name, origin, licence) in sorted(SOURCES.items()):
        path = os.path.join(SYSTEM_DIR, pcf_name)
        font = pcf.read_pcf(path)
        if not str(font.properties.get("CHARSET_REGISTRY", "")).upper().startswith("ISO10646"):
            sys.exit("%s: not the ISO10646 (Unicode) version" % path)
        name = font.properties.get("FONT", src)
        pcf.write_bdf(font, _bdf_path(src), name, _wanted(src), comments=(
            "Subset of %s (%s)" % (pcf_name, origin),
            "written by host_tools/build/gen_font.py --import",
        ) + licence)
        print("wrote", os.path.relpath(_bdf_path(src), ROOT))


def cell_rows(font, g):
    """Glyph g placed in the font's W x H cell, rows of '#'/'.'."""
    H = font.ascent + font.descent
    W = g.advance
    cell = [["."] * W for _ in range(H)]
    for y, row in enumerate(g.rows):
        yy = font.ascent - g.ascent + y
        for x, ch in enumerate(row):
            xx = g.lsb + x
            if ch == "#":
                if not (0 <= yy < H and 0 <= xx < W):
                    raise ValueError("glyph outside its cell")
                cell[yy][xx] = "#"
    return ["".join(r) for r in cell]


def _font_spec(name):
    for spec in FONTS:
        if spec[0] == name:
            return spec
    raise KeyError(name)


def glyph_table(name):
    """(W, H, {codepoint: cell rows}) for one font: vendored BDFs + own glyphs."""
    _, srcs, charset, cards = _font_spec(name)
    cells = {}
    W = H = ascent = 0
    for src in srcs:
        font = pcf.read_bdf(_bdf_path(src))
        fw = font.glyphs[ord("M")].advance
        if not W:
            W, H, ascent = fw, font.ascent + font.descent, font.ascent
        elif (fw, font.ascent + font.descent, font.ascent) != (W, H, ascent):
            raise ValueError("%s: %s has another cell" % (name, src))
        for cp in list(range(32, 127)) + [ord(c) for c in charset]:
            if cp in font.glyphs and cp not in cells:
                g = font.glyphs[cp]
                if g.advance != W:
                    raise ValueError("%s U+%04X: not monospaced" % (src, cp))
                cells[cp] = cell_rows(font, g)
    for cp, rows in OWN_GLYPHS.get(name, {}).items():
        if len(rows) != H or any(len(r) != W for r in rows):
            raise ValueError("own glyph U+%04X for %s is not %dx%d" % (cp, name, W, H))
        cells[cp] = rows
    missing = [c for c in charset if ord(c) not in cells]
    need = PUA if cards else (0xFFFD,)
    missing += ["U+%04X" % cp for cp in need if cp not in cells]
    if missing:
        raise ValueError("%s lacks %s" % (name, " ".join(missing)))
    return W, H, cells


def vlsb(rows, W, H):
    out = bytearray()
    for page in range((H + 7) // 8):
        for x in range(W):
            b = 0
            for k in range(8):
                y = page * 8 + k
                if y < H and rows[y][x] == "#":
                    b |= 1 << k
            out.append(b)
    return bytes(out)


def _bytes_literal(name, data, width=76):
    # one long bytes literal split over lines; escapes only, so the file is ASCII
    if not data:
        return name + ' = b""'
    s = "".join("\\x%02x" % b for b in data)
    step = (width - 8) // 4 * 4
    lines = [name + " = ("]
    for i in range(0, len(s), step):
        lines.append('    b"%s"' % s[i:i + step])
    lines.append(")")
    return "\n".join(lines)


def font_module(name):
    W, H, cells = glyph_table(name)
    extra = sorted(cp for cp in cells if not 32 <= cp < 127)
    order = list(range(32, 127)) + extra
    data = b"".join(vlsb(cells[cp], W, H) for cp in order)
    codes = b"".join(bytes((cp >> 8, cp & 0xFF)) for cp in extra)
    chars = "".join(chr(cp) for cp in extra if cp < 0xE000)
    pad = [cp for cp in CARD_GLYPHS if cp in cells and any(r[-1] == "#" for r in cells[cp])]
    pua = [cp for cp in sorted(PUA) if cp in cells]
    head = [
        "# generated by host_tools/build/gen_font.py from " + LICENCE[name],
        "# plus our own glyphs (card suits, see gen_font.py); do not edit.",
        "# %d glyphs, %d bytes of bitmaps." % (len(order), len(data)),
        "# Glyphs beyond ASCII: " + chars,
        "# and private-use glyphs: " + ", ".join("U+%04X %s" % (cp, PUA[cp]) for cp in pua),
        "",
        "W = %d" % W,
        "H = %d" % H,
        "ASCII = 95",
        _bytes_literal("CODES", codes),
        _bytes_literal("PAD", b"".join(bytes((cp >> 8, cp & 0xFF)) for cp in pad)),
        _bytes_literal("DATA", data),
        "",
    ]
    return "\n".join(head)


PETME_SCRIPT = r"""
import framebuf
buf = bytearray(8)
fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
out = []
for c in range(32, 128):
    fb.fill(0)
    fb.text(chr(c), 0, 0, 1)
    out.append("".join("%02x" % b for b in buf))
print("".join(out))
"""


def petme_module():
    mp = os.path.join(ROOT, ".venv", "bin", "micropython")
    p = subprocess.run([mp, "-c", PETME_SCRIPT], capture_output=True, text=True, check=True)
    data = bytes.fromhex(p.stdout.strip())
    assert len(data) == 96 * 8
    return "\n".join([
        "# generated by host_tools/build/gen_font.py: MicroPython's built-in framebuf font",
        "# (font_petme128_8x8, MIT licence), chars 32..127, 8 column bytes each (LSB",
        "# at top), read back from the MicroPython unix port's framebuf.text().",
        _bytes_literal("FONT", data),
        "",
    ])


TARGETS = [
    (os.path.join(ROOT, "firmware", "table", "fonts", spec[0] + ".py"),
     (lambda n=spec[0]: font_module(n)))
    for spec in FONTS
] + [(os.path.join(ROOT, "host_tools", "lib", "hostlib", "font_petme128_8x8.py"), petme_module)]


def show(name, text):
    W, H, cells = glyph_table(name)
    rows = [""] * H
    for ch in text:
        c = cells.get(ord(ch), cells[0xFFFD])
        for y in range(H):
            rows[y] += c[y]
    print("\n".join(r.replace(".", " ") for r in rows))


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 if a font is stale")
    ap.add_argument("--import", dest="imp", action="store_true",
                    help="copy the system fonts it is made from first")
    ap.add_argument("--show", nargs=2, metavar=("FONT", "TEXT"), help="print TEXT in FONT")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    fonts = [spec[0] for spec in FONTS]
    if args.show and args.show[0] not in fonts:
        ap.error("--show: unknown font %r (accepted: %s)" % (args.show[0], ", ".join(fonts)))
    if args.imp:
        import_system_fonts()
    if args.show:
        show(*args.show)
        return 0
    g = cli.Generated("host_tools/build/gen_font.py", root=ROOT)
    for path, make in TARGETS:
        g.text(path, make())
    return g.finish(args.check, args.force)


if __name__ == "__main__":
    sys.exit(main())
