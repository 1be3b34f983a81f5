#!/usr/bin/env python3
"""Contact sheets of every screen kind the app shows, one per language.

    python host_tools/emulator/screens.py [--force]       # docs/screens/, every language
    python host_tools/emulator/screens.py --lang de en    # only these
    python host_tools/emulator/screens.py --out DIR --zoom 4

Drives the real app on the emulator (host_tools/emulator/emulator.py) with
the golden device scripts (tests/golden/device/*.script: every family, setup
and the name wheel, the dealing aid, bidding, king call, talon, lay-away,
announcements, play with the trick, the result, the score entry steps,
idle), then from the idle screen through the seat's menu (the score sheet
and its pages, past parties, the table-wide questions and their confirm
screens). Every seat's glass is read back after every press; the first
screen of each kind (family, phase, header, whether a trick or marked cards
show) becomes a labelled tile. Per language (table.lang.CODES; the table
speaks it whatever a script picks on the Language row) it writes screens_<code>_1x.png (the real pixel grid) and
screens_<code>_<zoom>x.png (nearest-neighbour zoom, the look at arm's
length) into the output directory. Then it prints, as a Markdown table,
every kind's glance text (host_tools/emulator/glance.py: which row, its font,
its cap height in pixels, millimetres and arcminutes at 60 cm on the 0.96"
SSD1306 and the 2.42" SSD1309), then per glance text how many kinds have
it in each font and how many reach 16' on the 2.42" panel.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "golden"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402

GOLDEN = os.path.join(ROOT, "tests", "golden", "device")
OUT = os.path.join(ROOT, "docs", "screens")   # the README shows them
COLS = 6
LABEL_H = 11     # px of the label strip above a tile at 1x
GAP = 6

# the menu walks after a scenario: (scenario, seat, key groups); every group
# is pressed and every screen on the way is a candidate tile
MENU_WALKS = (
    ("virtual_4", 0, ("O", "o", ">", ">", "O", "O")),   # menu, Scores, its pages, back
    ("virtual_4", 0, ("O", ">", ">", "o", "o")),        # a table-wide question, confirm
    ("virtual_4", 1, ("O", ">", ">", ">", "o")),        # the next item, asked
    ("french_4_score", 0, ("O", "o", ">", "O", "O", "O", ">", ">", "o")),
    ("bavarian_4_virtual", 2, ("O", "o", ">", ">", "O")),
)


def _read_script(name):
    import device_runs
    with open(os.path.join(GOLDEN, name + ".script"), encoding="utf-8") as fh:
        return device_runs.script_parts(fh.read().splitlines())


class Collector:
    """After every event: each seat's screen, kept if its kind is new."""

    def __init__(self, scenario):
        self.scenario = scenario
        self.tiles = {}       # kind -> (label, 1x image, phase tag, screen model)
        self.order = []
        self.texts = set()    # screens already taken, as text (a bystander's
        #                       "not playing" is the same in every phase)

    def kind(self, emu, i, rows):
        from table import ui
        import device_runs as D
        app = emu.app
        s = app.seats[i]
        tag = D._tag(emu)
        if getattr(app, "vote", None) is not None:
            tag = "question"
        elif s.menu is not None:
            tag = "menu%s" % getattr(s.menu, "page", "-" + type(s.menu).__name__.lower())
        lines = ui.to_text(app.deck, rows)
        head = lines[0].strip("=") if lines else ""
        norm = re.sub(r"[0-9]+", "#", head)
        for nm in app.cfg.names:
            if nm:
                norm = norm.replace(nm, "N")
        words = " ".join(norm.split()[:2])
        trick = any(not r[0] & ui.HAND and not isinstance(r[1], str)
                    and any(isinstance(it, int) for it in r[1]) for r in rows)
        marks = any(r[3] for r in rows)
        body = re.sub(r"[0-9]+", "#", " | ".join(lines[1:]))
        return (app.cfg.family, tag, words, trick, marks), head, body

    def __call__(self, emu):
        for i in range(emu.n):
            rows = emu.app.seats[i].rows
            if rows is None or not emu.hw.panels[i].display_on:
                continue
            k, head, body = self.kind(emu, i, rows)
            if k in self.tiles or (k[0], body) in self.texts:
                continue
            self.texts.add((k[0], body))
            label = "%s %s s%d: %s" % (k[0][:4], k[1], i + 1, head)
            self.tiles[k] = (label, _glass(emu.hw.panels[i]), k[1], list(rows))
            self.order.append(k)


def _glass(panel):
    """The seat's panel as a 1x grey image (what the controller shows)."""
    from PIL import Image
    im = Image.new("L", (panel.width, panel.height), 0)
    px = im.load()
    assert px is not None
    for y, r in enumerate(panel.rows()):
        for x, v in enumerate(r):
            if v:
                px[x, y] = 255
    return im


def collect(code, scenarios):
    """[(label, image, phase tag, screen model)] of every screen kind,
    language `code`."""
    seen = {}
    order = []
    runs = [(name, None, ()) for name in scenarios]
    runs += [w for w in MENU_WALKS if w[0] in scenarios]
    for name, seat, keys in runs:
        seed, seats, body = _read_script(name)
        emu = E.Emulator(seats=seats, seed=seed, record=False)
        # every screen in `code`, whatever the script picks on the Language row
        setattr(emu.app.cfg, "language", lambda: code)
        emu.app.dirty_all()
        emu.app.refresh()
        col = Collector(name)
        setattr(emu, "watch", col)   # called after every event
        col(emu)
        E.run_script(emu, body)
        for k in keys:
            emu.press(seat, k)
        for k in col.order:
            if k not in seen:
                seen[k] = col.tiles[k]
                order.append(k)
    order.sort(key=lambda k: (k[0], _phase_rank(k[1])))
    return [seen[k] for k in order]


PHASES = ("setup", "cut", "packets", "aid", "bid", "declare", "call", "king", "talon",
          "discard", "trump", "chelem", "announce", "poignee", "play", "result", "entry", "idle",
          "menu", "question")


def _phase_rank(tag):
    for n, p in enumerate(PHASES):
        if tag.startswith(p):
            return n
    return len(PHASES)


def sheet(tiles, zoom, title):
    """The tiles on a grid, each under its label, at `zoom`."""
    from PIL import Image, ImageDraw, ImageFont
    tw, th = 128 * zoom, 64 * zoom
    lh = LABEL_H * zoom
    gap = GAP * zoom
    cols = min(COLS, max(1, len(tiles)))
    nrows = (len(tiles) + cols - 1) // cols
    top = lh + gap
    W = cols * (tw + gap) + gap
    H = top + nrows * (lh + th + gap) + gap
    out = Image.new("RGB", (W, H), (70, 70, 70))
    d = ImageDraw.Draw(out)
    # the labels in DejaVu Sans (matplotlib's copy): Pillow's default font
    # has no é or č
    import matplotlib as mpl
    ttf = os.path.join(mpl.get_data_path(), "fonts", "ttf", "DejaVuSans.ttf")
    font = ImageFont.truetype(ttf, max(9, 9 * zoom))
    d.text((gap, gap // 2), title, fill=(255, 255, 255), font=font)
    for n, (label, im, _, _) in enumerate(tiles):
        x = gap + (n % cols) * (tw + gap)
        y = top + (n // cols) * (lh + th + gap)
        while len(label) > 8 and d.textlength(label, font=font) > tw:
            label = label[:-2] + "\u2026"   # within its tile
        d.text((x, y), label, fill=(255, 230, 150), font=font)
        tile = im.resize((tw, th), Image.Resampling.NEAREST) if zoom != 1 else im
        lit = Image.new("RGB", tile.size, (140, 210, 255))
        black = Image.new("RGB", tile.size, (0, 0, 0))
        out.paste(Image.composite(lit, black, tile), (x, y + lh))
    return out


def main(argv=None):
    import cli
    from table import lang
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--lang", nargs="+", type=cli.one_of(lang.CODES, "language"),
                    help="only these languages (default: all)")
    ap.add_argument("--scenario", nargs="+", type=cli.one_of(sorted(_scenarios()), "scenario"),
                    help="only these golden device scripts (default: all)")
    ap.add_argument("--zoom", type=cli.int_range(2, 8), default=4,
                    help="the zoomed sheet's scale (default 4)")
    ap.add_argument("--out", type=cli.new_dir, default=OUT,
                    help="output directory (default docs/screens, the README's)")
    ap.add_argument("--glance-only", action="store_true",
                    help="only print the glance table (no PNG written)")
    cli.add_force(ap)
    args = ap.parse_args(argv)
    codes = args.lang or list(lang.CODES)
    scenarios = args.scenario or sorted(_scenarios())
    cli.outputs(ap, args.force or args.glance_only, [os.path.join(args.out, "screens_%s_%dx.png" % (c, z))
                                 for c in codes for z in (1, args.zoom)])
    os.makedirs(args.out, exist_ok=True)
    from PIL import Image
    import glance
    found = []
    for code in codes:
        tiles = collect(code, scenarios)
        found += [(code, t[0], t[2], t[3]) for t in tiles]
        if args.glance_only:
            continue
        for z in (1, args.zoom):
            title = "tarockbox screens, language %s, %dx (%d kinds)" % (code, z, len(tiles))
            path = os.path.join(args.out, "screens_%s_%dx.png" % (code, z))
            # 16 colours: the panel's two, the labels' shades (a fifth of RGB's bytes)
            im = sheet(tiles, z, title).convert("P", palette=Image.Palette.ADAPTIVE, colors=16)
            im.save(path, optimize=True)
            print("wrote", os.path.relpath(path, ROOT))
    # the glance text of every kind, its size at 60 cm (docs/PERFORMANCE.md)
    for lines in (glance.table_lines(found), [[]], glance.summary_lines(found)):
        for n, line in enumerate(lines):
            if not line:
                print()
                continue
            print("| " + " | ".join(line) + " |")
            if n == 0:
                print("|" + "---|" * len(line))
    return 0


def _scenarios():
    return [f[:-7] for f in os.listdir(GOLDEN) if f.endswith(".script")]


if __name__ == "__main__":
    sys.exit(main())
