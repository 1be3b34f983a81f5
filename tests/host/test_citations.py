"""Every rule citation in the code names a source anyone can open (issue 36).

The seed texts and RULES.md live outside the repository (docs/SOURCES.md), so
a clone cannot open `seeds/…`. For every .py file under firmware/ and
host_tools/, each line that cites seeds/000 … seeds/003 (also the long form
seeds/000_a672…txt, and the short "seed 003") must name that seed's public
source on the same line or within WINDOW lines above or below, and every
file that cites RULES.md must mention docs/SOURCES.md at least once (where
each section's public source is). Reads files only; nothing imported."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TREES = ("firmware", "host_tools")
WINDOW = 3
CITE = re.compile(r"\bseeds?[/ ](00[0-3])", re.I)
# Bare "pagat" counts only in lower case: "Pagat" is also a card (Pagat
# ultimo, Trullpagat), which names no source; "pagat.com" in any case.
PAGAT = r"pagat\.com|(?-i:\bpagat\b)"
SOURCES = {
    # first part Bavarian Tarock (German Wikipedia), second part Königrufen (pagat.com)
    "000": (PAGAT, r"wikipedia", r"bayerisches[ _]tarock"),
    # the Raiffeisen Tarockcup rules
    "001": (r"tarockcup",),
    # Play Tarock Online; the standard Slovenian rules: pagat.com
    "002": (r"play[ -]tarock[ -]online", r"\bPTO\b", PAGAT),
    # the FFT's (Fédération Française de Tarot) Règlement officiel; in English pagat.com
    "003": (r"\bFFT\b", r"fftarot", PAGAT, r"r[èe]glement", r"f[ée]d[ée]ration fran[çc]aise"),
}
SOURCE = {seed: re.compile("|".join(pats), re.I) for seed, pats in SOURCES.items()}
NAMES = {
    "000": "pagat.com / Wikipedia 'Bayerisches Tarock'",
    "001": "the Tarockcup rules (tarockcup.at)",
    "002": "Play Tarock Online (PTO) / pagat.com",
    "003": "the FFT rules (fftarot.fr) / pagat.com",
}


def missing(path, text):
    """The problems of one file's text, one 'path:line: what is missing' each."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        near = "\n".join(lines[max(0, i - WINDOW):i + WINDOW + 1])
        for seed in sorted(set(CITE.findall(line))):
            if not SOURCE[seed].search(near):
                out.append("%s:%d: seed %s cited without its public source (%s)"
                           % (path, i + 1, seed, NAMES[seed]))
    if "RULES.md" in text and "docs/SOURCES.md" not in text:
        first = next(i for i, line in enumerate(lines) if "RULES.md" in line)
        out.append("%s:%d: cites RULES.md but never mentions docs/SOURCES.md" % (path, first + 1))
    return out


def sources():
    for tree in TREES:
        for dp, dn, fn in os.walk(os.path.join(ROOT, tree)):
            dn[:] = sorted(d for d in dn if d not in ("__pycache__", "tests"))
            for f in sorted(fn):
                if f.endswith(".py"):
                    yield os.path.join(dp, f)


def test_every_citation_names_its_public_source():
    found = []
    n = 0
    for p in sources():
        with open(p, encoding="utf-8") as f:
            text = f.read()
        n += len(CITE.findall(text))
        found += missing(os.path.relpath(p, ROOT).replace(os.sep, "/"), text)
    assert n, "no seed citation found: the check reads nothing"
    assert not found, "citations without a public source:\n" + "\n".join(found)


def test_the_check_can_fail():
    text = "\n".join([
        "# RULES.md §3",
        "x = 1  # seeds/002",
        "",
        "",
        "",
        "",
        "y = 2  # seeds/003_441f51eeb81efd04.txt (the FFT rules)",
        "# the Pagat ultimo (seeds/000); Seed 001 says so",
        "",
        "",
        "",
        "",
        "# seeds/001 (the Raiffeisen Tarockcup rules); pagat.com, seeds/000",
    ])
    assert missing("m.py", text) == [
        "m.py:2: seed 002 cited without its public source (%s)" % NAMES["002"],
        "m.py:8: seed 000 cited without its public source (%s)" % NAMES["000"],
        "m.py:8: seed 001 cited without its public source (%s)" % NAMES["001"],
        "m.py:1: cites RULES.md but never mentions docs/SOURCES.md",
    ]
    assert missing("m.py", "# RULES.md §3 (docs/SOURCES.md); seeds/002, PTO") == []
