"""Generator of firmware/table/sheet/elo_table.py (listed in gen_tables.TARGETS).

Elo expected score in per mille by rating difference d = own - other,
E(d) = round(1000 / (1 + 10 ** (-d / 400))), for d = 0 .. ELO_MAX_DIFF; the
device looks up E(-d) as 1000 - E(d) and clamps |d| at ELO_MAX_DIFF. Two
bytes per entry, little-endian (values reach 990): integer-only Elo on a
MicroPython whose floats are single precision.
"""

ELO_MAX_DIFF = 800


def expected_pm(d):
    return int(1000.0 / (1.0 + 10.0 ** (-d / 400.0)) + 0.5)


def elo_table():
    vals = [expected_pm(d) for d in range(ELO_MAX_DIFF + 1)]
    assert vals[0] == 500 and vals == sorted(vals)
    raw = []
    for v in vals:
        raw.append(v & 255)
        raw.append(v >> 8)
    lines = ["# Elo expected score in per mille for rating difference d = 0..%d:" % ELO_MAX_DIFF,
             "# E(d) = ELO_PM[2d] + 256 * ELO_PM[2d+1]; E(-d) = 1000 - E(d)",
             "ELO_PM = ("]
    for i in range(0, len(raw), 16):
        lines.append("    " + repr(bytes(raw[i:i + 16])))
    lines.append(")")
    return ["ELO_MAX_DIFF = const(%d)" % ELO_MAX_DIFF, "\n".join(lines)]
