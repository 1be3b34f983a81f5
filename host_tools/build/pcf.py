"""Minimal readers for X11 bitmap fonts: PCF (.pcf / .pcf.gz) and BDF.

Used by host_tools/build/gen_font.py. Both return a BitmapFont:
    .ascent, .descent           font-wide metrics (pixels above/below baseline)
    .glyphs[codepoint] = Glyph(rows, lsb, width, ascent, descent, advance)
        rows: list of strings of '#' and '.', one per pixel row of the glyph's
        bounding box (top row first, `width` characters each)
    .properties                 font properties (str -> str or int)

PCF layout after the X.Org docs ("The X Font Service Protocol", pcf format
as written by bdftopcf): a table of contents, then per table a format word
whose bits give byte order (4), bit order (8), glyph row padding (0..3) and
compressed metrics (0x100).
"""

import gzip
import struct

PCF_PROPERTIES = 1
PCF_ACCELERATORS = 2
PCF_METRICS = 4
PCF_BITMAPS = 8
PCF_BDF_ENCODINGS = 32
PCF_BDF_ACCELERATORS = 256


class Glyph:
    __slots__ = ("rows", "lsb", "width", "ascent", "descent", "advance")

    def __init__(self, rows, lsb, width, ascent, descent, advance):
        self.rows = rows
        self.lsb = lsb
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.advance = advance


class BitmapFont:
    def __init__(self):
        self.ascent = 0
        self.descent = 0
        self.glyphs = {}
        self.properties = {}


class _Reader:
    def __init__(self, data, offset, fmt):
        self.d = data
        self.o = offset
        self.e = ">" if fmt & 4 else "<"

    def i32(self):
        v = struct.unpack_from(self.e + "i", self.d, self.o)[0]
        self.o += 4
        return v

    def i16(self):
        v = struct.unpack_from(self.e + "h", self.d, self.o)[0]
        self.o += 2
        return v

    def u16(self):
        v = struct.unpack_from(self.e + "H", self.d, self.o)[0]
        self.o += 2
        return v

    def u8(self):
        v = self.d[self.o]
        self.o += 1
        return v


def _table(data, toc, kind):
    for t, fmt, size, offset in toc:
        if t == kind:
            f = struct.unpack_from("<i", data, offset)[0]  # format is always LSB
            return _Reader(data, offset + 4, f), f
    return None, 0


def _need(data, toc, kind):
    """_table() of a table every PCF font has."""
    r, f = _table(data, toc, kind)
    if r is None:
        raise ValueError("not a complete PCF font: no table 0x%x" % kind)
    return r, f


def read_pcf(path):
    with open(path, "rb") as fh:
        data = fh.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    if data[:4] != b"\x01fcp":
        raise ValueError("%s: not a PCF font" % path)
    n = struct.unpack_from("<i", data, 4)[0]
    toc = [struct.unpack_from("<iiii", data, 8 + 16 * i) for i in range(n)]
    font = BitmapFont()

    r, f = _table(data, toc, PCF_PROPERTIES)
    if r:
        nprops = r.i32()
        props = []
        for _ in range(nprops):
            name = r.i32()
            is_str = r.u8()
            value = r.i32()
            props.append((name, is_str, value))
        pad = (4 - (nprops & 3)) if nprops & 3 else 0
        r.o += pad
        r.i32()  # string size
        strings = r.o

        def s_at(o):
            end = data.index(b"\0", strings + o)
            return data[strings + o:end].decode("latin-1")

        for name, is_str, value in props:
            font.properties[s_at(name)] = s_at(value) if is_str else value

    r, f = _table(data, toc, PCF_BDF_ACCELERATORS)
    if not r:
        r, f = _need(data, toc, PCF_ACCELERATORS)
    r.o += 8  # 7 flag bytes + padding
    font.ascent = r.i32()
    font.descent = r.i32()

    r, f = _need(data, toc, PCF_METRICS)
    metrics = []
    if f & 0x100:
        count = r.i16()
        for _ in range(count):
            lsb, rsb, cw, asc, desc = (r.u8() - 0x80 for _ in range(5))
            metrics.append((lsb, rsb, cw, asc, desc))
    else:
        count = r.i32()
        for _ in range(count):
            lsb, rsb, cw, asc, desc = (r.i16() for _ in range(5))
            r.u16()  # attributes
            metrics.append((lsb, rsb, cw, asc, desc))

    r, f = _need(data, toc, PCF_BITMAPS)
    count = r.i32()
    offsets = [r.i32() for _ in range(count)]
    sizes = [r.i32() for _ in range(4)]
    base = r.o
    pad = 1 << (f & 3)
    msb_bit = bool(f & 8)
    msb_byte = bool(f & 4)
    unit = 1 << ((f >> 4) & 3)
    del sizes

    def rows_of(i):
        lsb, rsb, cw, asc, desc = metrics[i]
        w = rsb - lsb
        h = asc + desc
        stride = ((w + 7) // 8 + pad - 1) // pad * pad
        rows = []
        o = base + offsets[i]
        for y in range(h):
            raw = bytearray(data[o + y * stride:o + (y + 1) * stride])
            if msb_bit != msb_byte and unit > 1:
                for k in range(0, len(raw), unit):
                    raw[k:k + unit] = raw[k:k + unit][::-1]
            row = []
            for x in range(w):
                byte = raw[x >> 3]
                bit = (byte >> (7 - (x & 7))) & 1 if msb_bit else (byte >> (x & 7)) & 1
                row.append("#" if bit else ".")
            rows.append("".join(row))
        return rows

    r, f = _need(data, toc, PCF_BDF_ENCODINGS)
    min2, max2, min1, max1 = r.i16(), r.i16(), r.i16(), r.i16()
    r.i16()  # default char
    for b1 in range(min1, max1 + 1):
        for b2 in range(min2, max2 + 1):
            idx = r.u16()
            if idx == 0xFFFF:
                continue
            lsb, rsb, cw, asc, desc = metrics[idx]
            font.glyphs[(b1 << 8) | b2] = Glyph(rows_of(idx), lsb, rsb - lsb, asc, desc, cw)
    return font


def read_bdf(path):
    font = BitmapFont()
    with open(path, encoding="latin-1") as fh:
        lines = fh.read().splitlines()
    i = 0
    enc = adv = bbx = None
    while i < len(lines):
        parts = lines[i].split()
        i += 1
        if not parts:
            continue
        key = parts[0]
        if key == "FONT_ASCENT":
            font.ascent = int(parts[1])
        elif key == "FONT_DESCENT":
            font.descent = int(parts[1])
        elif key == "ENCODING":
            enc = int(parts[1])
        elif key == "DWIDTH":
            adv = int(parts[1])
        elif key == "BBX":
            bbx = [int(p) for p in parts[1:5]]
        elif key == "BITMAP":
            if adv is None or bbx is None:
                raise ValueError("%s: BITMAP before DWIDTH and BBX" % path)
            w, h, xoff, yoff = bbx
            rows = []
            for _ in range(h):
                v = int(lines[i], 16)
                nbits = len(lines[i].strip()) * 4
                i += 1
                rows.append("".join("#" if (v >> (nbits - 1 - x)) & 1 else "."
                                    for x in range(w)))
            font.glyphs[enc] = Glyph(rows, xoff, w, h + yoff, -yoff, adv)
    return font


def write_bdf(font, path, name, codepoints, comments=()):
    """A BDF holding the given code points of font (vendored subsets)."""
    cps = sorted(c for c in codepoints if c in font.glyphs)
    out = ["STARTFONT 2.1"]
    for c in comments:
        out.append("COMMENT " + c)
    out.append("FONT " + name)
    out.append("SIZE %d 75 75" % (font.ascent + font.descent))
    mw = max(g.advance for g in font.glyphs.values())
    out.append("FONTBOUNDINGBOX %d %d 0 %d" % (mw, font.ascent + font.descent, -font.descent))
    out.append("STARTPROPERTIES 2")
    out.append("FONT_ASCENT %d" % font.ascent)
    out.append("FONT_DESCENT %d" % font.descent)
    out.append("ENDPROPERTIES")
    out.append("CHARS %d" % len(cps))
    for c in cps:
        g = font.glyphs[c]
        out.append("STARTCHAR U+%04X" % c)
        out.append("ENCODING %d" % c)
        out.append("SWIDTH %d 0" % (g.advance * 1000 // max(1, font.ascent + font.descent)))
        out.append("DWIDTH %d 0" % g.advance)
        out.append("BBX %d %d %d %d" % (g.width, len(g.rows), g.lsb, -g.descent))
        out.append("BITMAP")
        nbytes = (g.width + 7) // 8
        for row in g.rows:
            v = 0
            for x, ch in enumerate(row):
                if ch == "#":
                    v |= 1 << (nbytes * 8 - 1 - x)
            out.append("%0*X" % (nbytes * 2, v))
        out.append("ENDCHAR")
    out.append("ENDFONT")
    with open(path, "w", encoding="latin-1", newline="\n") as fh:
        fh.write("\n".join(out) + "\n")
