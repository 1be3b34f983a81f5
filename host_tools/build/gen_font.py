#!/usr/bin/env python3
"""Generate the seat-screen fonts (and the host framebuf stand-in's 8x8 font).

    python host_tools/build/gen_font.py            write the generated modules
    python host_tools/build/gen_font.py --check    exit 1 if any is out of date
    python host_tools/build/gen_font.py --import   refresh the vendored BDF subsets
                                             from the system's misc-fixed PCFs
                                             (apt-get install xfonts-base)
    python host_tools/build/gen_font.py --show small "Sküs ♥K"   ASCII preview

Sources: the X11 misc-fixed fonts 5x8 (SMALL) and 6x12 (LARGE), ISO10646-1
encoding, "Public domain font. Share and enjoy." (font-misc-misc COPYING, as
shipped in Debian's xfonts-base). The glyphs we use are vendored as BDF
subsets in host_tools/build/fonts/ so that generation needs no system fonts; glyphs
missing from a size and the card glyphs in the private-use area are drawn
here (OWN_GLYPHS), as ASCII art.

Output (firmware/table/fonts/small.py, large.py), read by table/text.py:
    W, H        advance and height in pixels (monospaced cells)
    ASCII       glyphs 0..ASCII-1 are ' '..'~' (index = code point - 32)
    CODES       bytes: big-endian uint16 code points of glyphs ASCII.. (sorted)
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
CHARSET = ("ÄÖÜäöüß" "éèêëàâçîïôûùœŒÉÈÀÇ" "čšžćđČŠŽĆĐ"
           "°·×±½⅓⅔−–—„“”‘’…€§" "←→↑↓◀▶●○▲▼█▒"
           "♥♦♠♣♡♢♤♧" "✓✗★☆")

# Card glyphs in the private-use area (named in firmware/table/text.py).
PUA = {
    0xE000: "Sküs / Excuse (fool)",
    0xE001: "Eichel (acorns)",
    0xE002: "Laub / Gras (leaves)",
    0xE003: "Schellen (bells)",
    0xFFFD: "replacement (unknown character)",
}

# (name, source font, module)
FONTS = (
    ("small", "5x8", "small"),
    ("large", "6x12", "large"),
)

# Hand-drawn glyphs: per font, code point -> rows of the whole W x H cell.
OWN_GLYPHS = {
    "5x8": {
        0x2153: ["#....", "#..#.", "#.#..", "..#..", ".#.##", "#...#", "..##.", "...##"],  # ⅓
        0x2154: ["##...", ".#.#.", "#.#..", "###..", ".#.##", "#...#", "..##.", "...##"],  # ⅔
        0x2713: [".....", "....#", "...#.", "#.#..", ".#...", ".....", ".....", "....."],  # ✓
        0x2717: [".....", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", ".....", "....."],  # ✗
        0x2605: [".....", "..#..", "..#..", "#####", ".###.", ".#.#.", "#...#", "....."],  # ★
        0x2606: [".....", "..#..", ".#.#.", "#...#", ".#.#.", ".###.", "#...#", "....."],  # ☆
        0xE000: ["#...#", ".###.", "#.#.#", "#####", "#...#", ".###.", "..#..", "....."],  # fool
        0xE001: ["..#..", ".###.", "#####", "#.#.#", ".#.#.", ".#.#.", "..#..", "....."],  # acorn
        0xE002: ["..#..", ".#.#.", "#.#.#", "#.#.#", ".###.", "..#..", "..#..", "....."],  # leaf
        0xE003: [".....", ".###.", "#...#", "#####", "#.#.#", ".###.", ".....", "....."],  # bell
        0xFFFD: [".....", "####.", "#..#.", "#..#.", "#..#.", "#..#.", "####.", "....."],
        # Ç (not in the 5x8 subset): the C with ç's cedilla under it
        0x00C7: [".##..", "#..#.", "#....", "#....", "#..#.", ".##..", "..#..", ".#..."],
    },
    "6x12": {
        0xE000: ["......", "#...#.", ".#.#..", "#####.", "#.#.#.", "#####.",
                 "#...#.", "##.##.", ".###..", "..#...", "......", "......"],  # fool
        0xE001: ["......", "..#...", "..#...", ".###..", "#####.", "#.#.#.",
                 "#####.", ".#.#..", ".#.#..", "..#...", "......", "......"],  # acorn
        0xE002: ["......", "..#...", ".#.#..", "#.#.#.", "#.#.#.", "#.#.#.",
                 ".###..", "..#...", "..#...", "..#...", "......", "......"],  # leaf
        0xE003: ["......", "......", ".###..", "#...#.", "#...#.", "#####.",
                 "#.#.#.", "#...#.", ".###..", "......", "......", "......"],  # bell
        0xFFFD: ["......", "#####.", "#...#.", "#...#.", "#...#.", "#...#.",
                 "#...#.", "#...#.", "#####.", "......", "......", "......"],
        # Ç (not in the 6x12 subset): the C with ç's cedilla under it
        0x00C7: ["......", "......", "......", ".###..", "#...#.", "#.....",
                 "#.....", "#.....", "#...#.", ".###..", "...#..", ".##..."],
    },
}


def _bdf_path(src):
    return os.path.join(FONT_DIR, "misc-fixed-%s.bdf" % src)


def import_system_fonts():
    """Vendor the subsets of the system PCFs that the firmware uses."""
    os.makedirs(FONT_DIR, exist_ok=True)
    wanted = set(range(32, 127)) | {ord(c) for c in CHARSET}
    for _, src, _ in FONTS:
        path = os.path.join(SYSTEM_DIR, src + ".pcf.gz")
        font = pcf.read_pcf(path)
        if not str(font.properties.get("CHARSET_REGISTRY", "")).upper().startswith("ISO10646"):
            sys.exit("%s: not the ISO10646 (Unicode) version" % path)
        name = font.properties.get("FONT", "misc-fixed " + src)
        pcf.write_bdf(font, _bdf_path(src), name, wanted, comments=(
            "Subset of %s (Debian xfonts-base, X.Org font-misc-misc)" % os.path.basename(path),
            "written by host_tools/build/gen_font.py --import",
            "Public domain font.  Share and enjoy.",
        ))
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


def glyph_table(src):
    """(W, H, {codepoint: cell rows}) for one font: vendored BDF + own glyphs."""
    font = pcf.read_bdf(_bdf_path(src))
    H = font.ascent + font.descent
    W = font.glyphs[ord("M")].advance
    cells = {}
    for cp in list(range(32, 127)) + [ord(c) for c in CHARSET]:
        if cp in font.glyphs:
            g = font.glyphs[cp]
            if g.advance != W:
                raise ValueError("%s U+%04X: not monospaced" % (src, cp))
            cells[cp] = cell_rows(font, g)
    for cp, rows in OWN_GLYPHS.get(src, {}).items():
        if len(rows) != H or any(len(r) != W for r in rows):
            raise ValueError("own glyph U+%04X for %s is not %dx%d" % (cp, src, W, H))
        cells.setdefault(cp, rows)
    missing = [c for c in CHARSET if ord(c) not in cells]
    missing += ["U+%04X" % cp for cp in PUA if cp not in cells]
    if missing:
        raise ValueError("%s lacks %s" % (src, " ".join(missing)))
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
    s = "".join("\\x%02x" % b for b in data)
    step = (width - 8) // 4 * 4
    lines = [name + " = ("]
    for i in range(0, len(s), step):
        lines.append('    b"%s"' % s[i:i + step])
    lines.append(")")
    return "\n".join(lines)


def font_module(src):
    W, H, cells = glyph_table(src)
    extra = sorted(cp for cp in cells if not 32 <= cp < 127)
    order = list(range(32, 127)) + extra
    data = b"".join(vlsb(cells[cp], W, H) for cp in order)
    codes = b"".join(bytes((cp >> 8, cp & 0xFF)) for cp in extra)
    chars = "".join(chr(cp) for cp in extra if cp < 0xE000)
    head = [
        "# generated by host_tools/build/gen_font.py from misc-fixed %s (X11 font-misc-misc," % src,
        "# public domain) plus our own card glyphs; do not edit.",
        "# Glyphs beyond ASCII: " + chars,
        "# and private-use card glyphs: " + ", ".join(
            "U+%04X %s" % (cp, PUA[cp]) for cp in sorted(PUA)),
        "",
        "W = %d" % W,
        "H = %d" % H,
        "ASCII = 95",
        _bytes_literal("CODES", codes),
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
    (os.path.join(ROOT, "firmware", "table", "fonts", mod + ".py"), (lambda s=src: font_module(s)))
    for _, src, mod in FONTS
] + [(os.path.join(ROOT, "host_tools", "lib", "hostlib", "font_petme128_8x8.py"), petme_module)]


def show(name, text):
    src = dict((n, s) for n, s, _ in FONTS)[name]
    W, H, cells = glyph_table(src)
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
    fonts = [n for n, _, _ in FONTS]
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
