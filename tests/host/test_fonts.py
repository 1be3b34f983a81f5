"""Generated font modules are current: host_tools/build/gen_font.py regenerates
firmware/table/fonts/small.py, font_large.py and the framebuf stand-in's 8x8
font in memory and they must equal the files (run the generator after
changing CHARSET, OWN_GLYPHS or the vendored BDFs)."""

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
    for _, src, _ in gen_font.FONTS:
        system = os.path.join(gen_font.SYSTEM_DIR, src + ".pcf.gz")
        if not os.path.exists(system):
            continue  # xfonts-base not installed: nothing to compare with
        a = pcf.read_pcf(system)
        b = pcf.read_bdf(gen_font._bdf_path(src))
        assert (a.ascent, a.descent) == (b.ascent, b.descent)
        assert len(b.glyphs) > 150
        for cp, g in b.glyphs.items():
            assert gen_font.cell_rows(a, a.glyphs[cp]) == gen_font.cell_rows(b, g), hex(cp)


def test_font_module_layout():
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from table.fonts import large as font_large, small as font_small

    for mod in (font_small, font_large):
        n = ((mod.H + 7) // 8) * mod.W
        count = mod.ASCII + len(mod.CODES) // 2
        assert len(mod.DATA) == count * n
        codes = [mod.CODES[i] << 8 | mod.CODES[i + 1] for i in range(0, len(mod.CODES), 2)]
        assert codes == sorted(set(codes)) and codes[-1] == 0xFFFD
