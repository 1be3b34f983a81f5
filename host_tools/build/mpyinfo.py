#!/usr/bin/env python3
"""What a .mpy file (MicroPython 1.22+, format version 6, bytecode) holds:
its interned names, constant objects and raw code (one per module body,
function, class body, lambda, comprehension).

    python host_tools/build/mpyinfo.py FILE.mpy ...

Used by bench_app.py to count what a ROMFS import builds in the heap and a
frozen image keeps in flash: a header per raw code and an object per
constant (a str or bytes constant's text stays in the image, its object
does not). Format: MicroPython py/persistentcode.c: "M", version, feature
flags, small-int bits; vuint qstr count and object count; the qstrs
(vuint len << 1, or an index << 1 | 1 for a static one; text and NUL); the
objects (a type byte; tuples hold their items, str/bytes/int/float/complex a
vuint length and text, str and bytes a NUL); then the raw code tree (vuint
len << 3 | has_children << 2 | kind, the bytecode, the children).
"""

import sys

OBJ_TYPES = ("fun_table", "none", "false", "true", "ellipsis", "str", "bytes", "int",
             "float", "complex", "tuple")


def _vuint(b, i):
    v = 0
    while True:
        x = b[i]
        i += 1
        v = (v << 7) | (x & 0x7F)
        if not x & 0x80:
            return v, i


def is_native(data):
    """True for a .mpy with machine code in it (an arch in its header: the
    firmware's @viper modules); parse() reads bytecode ones only."""
    b = bytes(data[:4])
    return len(b) >= 4 and b[0] == ord("M") and b[1] == 6 and b[2] >> 2 != 0


def parse(data):
    """{"qstrs": names stored in the file, "objs": {type: count},
    "raw_codes": count}. Raises ValueError if the file is not a version 6
    bytecode .mpy or does not end where its raw code tree does."""
    b = bytes(data)
    if len(b) < 4 or b[0] != ord("M") or b[1] != 6:
        raise ValueError("not a version 6 .mpy")
    if b[2] >> 2:
        raise ValueError("native code .mpy: not handled")
    i = 4
    n_qstr, i = _vuint(b, i)
    n_obj, i = _vuint(b, i)
    qstrs = 0
    for _ in range(n_qstr):
        v, i = _vuint(b, i)
        if not v & 1:
            i += (v >> 1) + 1
            qstrs += 1
    objs = {}

    def obj(i):
        t = b[i]
        i += 1
        if t >= len(OBJ_TYPES):
            raise ValueError("unknown constant type %d" % t)
        objs[OBJ_TYPES[t]] = objs.get(OBJ_TYPES[t], 0) + 1
        if t == 10:
            n, i = _vuint(b, i)
            for _ in range(n):
                i = obj(i)
        elif t >= 5:
            n, i = _vuint(b, i)
            i += n + (1 if t in (5, 6) else 0)
        return i

    for _ in range(n_obj):
        i = obj(i)
    count = [0]

    def raw(i):
        kl, i = _vuint(b, i)
        i += kl >> 3
        count[0] += 1
        if (kl >> 2) & 1:
            n, i = _vuint(b, i)
            for _ in range(n):
                i = raw(i)
        return i

    i = raw(i)
    if i != len(b):
        raise ValueError("raw code ends at %d of %d bytes" % (i, len(b)))
    return {"qstrs": qstrs, "objs": objs, "raw_codes": count[0]}


def main(argv=None):
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("mpy", nargs="+", type=cli.existing_file, metavar="FILE.mpy")
    args = ap.parse_args(argv)
    for f in args.mpy:
        with open(f, "rb") as fh:
            data = fh.read()
        try:
            info = parse(data)
        except (ValueError, IndexError) as e:
            ap.error("%s: %s (give .mpy files of format version 6)" % (f, e))
        print(f, info)
    return 0


if __name__ == "__main__":
    sys.exit(main())
