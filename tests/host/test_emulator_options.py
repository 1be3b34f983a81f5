"""The emulator and play.py as a newcomer expects them (issue 36 item 6).

- every family, with its rule set and table size, for the bots of the
  emulator and of play.py, the log in the table's own language throughout;
- the printed score sheet's columns line up by display width;
- --out holds one run's files (the previous run's are removed, nothing else);
- the window fits a 1,366 px screen, draws its ◀ ▶ ● captions as shapes
  (pygame's font has no such glyphs), and takes the same setup options;
- options that do not go together are one line, exit status 2.
Fast: bots play one deal each, in this process where they can."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import dealtext  # noqa: E402
import emulator as E  # noqa: E402
import play  # noqa: E402
from table import lang  # noqa: E402

EMULATOR = os.path.join(ROOT, "host_tools", "emulator", "emulator.py")
PLAY = os.path.join(ROOT, "host_tools", "sim", "play.py")
FAMILIES = ("koenigrufen", "slovenian", "french", "bavarian")
# (family, seed) with tricks played (Bavarian seed 1: all pass), the emulator's
# and play.py's
SEEDS = {"koenigrufen": 1, "slovenian": 1, "french": 1, "bavarian": 4}
# the words of the old English log, none of which a table's log has
ENGLISH = re.compile(r"\b(pass|calls the king|takes talon|announces|doubles|trick\s+\d|"
                     r"took it|concedes)\b", re.I)


def _main(fn, argv, capsys):
    rc = fn(argv)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def _table_lang(monkeypatch):
    """A new table speaks its family's language (conftest makes it English)."""
    import table.app
    monkeypatch.setattr(table.app, "LANG", None)


def _sheet_block(out):
    """The lines of the printed sheet: from its header line to the totals."""
    lines = out.split("\n")
    i = max(k for k, ln in enumerate(lines) if ln.startswith(("Score sheet", "Spielliste",
                                                              "Seznam", "Feuille")))
    return [ln for ln in lines[i + 1:] if ln.strip()]


def _assert_aligned(block, n):
    """Every row's numbers end where the names above them end (by display
    width)."""
    head = block[0]
    ends = []
    for m in re.finditer(r"\S+", head):
        ends.append(dealtext.width(head[:m.end()]))
    assert len(ends) == n, block
    for line in block[1:]:
        nums = [dealtext.width(line[:m.end()]) for m in re.finditer(r"[+-]\d+", line)][:n]
        assert nums == ends, "\n".join(block)


# ---------------------------------------------------------------- every family
@pytest.mark.parametrize("family", FAMILIES)
def test_emulator_bots_play_every_family_in_its_language(family, tmp_path, monkeypatch,
                                                         capsys):
    _table_lang(monkeypatch)
    code = {"koenigrufen": "de", "bavarian": "de", "slovenian": "sl", "french": "fr"}[family]
    words = lang.table(code)
    rc, out, err = _main(E.main, ["--bots", "--family", family, "--seed", str(SEEDS[family]),
                                  "--out", str(tmp_path / "out")], capsys)
    assert rc == 0 and err == "", err
    head = words["deal_n"] % 1 + ": " + words["game_" + family]
    assert ("== " + head) in out, out[:300]
    trick = words["trick_n"].split("%")[0].strip()
    log = out.split("screens:")[0]
    assert re.search(r"^  %s +1: " % re.escape(trick), log, re.M), log
    assert not ENGLISH.search(log), ENGLISH.search(log)
    assert not re.search("[\ue000-\uf8ff]", out.split("screens:")[0] + _sheet_block(out)[1]), \
        "the device font's own glyphs"
    _assert_aligned(_sheet_block(out), 3 if family == "bavarian" else 4)


def test_emulator_preset_and_players(tmp_path, capsys):
    rc, out, err = _main(E.main, ["--bots", "--family", "french", "--preset", "maison",
                                  "--players", "5", "--out", str(tmp_path / "out")], capsys)
    assert rc == 0, err
    assert "Score sheet (french/maison, in memory):" in out
    _assert_aligned(_sheet_block(out), 5)
    # family/name alone sets the family; a three-player game at four screens
    rc, out, err = _main(E.main, ["--bots", "--preset", "bavarian/announced", "--seed", "3",
                                  "--out", str(tmp_path / "out")], capsys)
    assert rc == 0, err
    assert "Score sheet (bavarian/announced, in memory):" in out
    _assert_aligned(_sheet_block(out), 3)


def test_a_table_s_own_preset_from_storage(tmp_path, capsys):
    store = tmp_path / "store"
    store.mkdir()
    (store / "presets.txt").write_text('[stammtisch]\nbase = "koenigrufen/pagat"\n',
                                       encoding="utf-8")
    rc, out, err = _main(E.main, ["--bots", "--preset", "koenigrufen/stammtisch",
                                  "--storage", str(store), "--out", str(tmp_path / "out")],
                         capsys)
    assert rc == 0, err
    assert "Score sheet (koenigrufen/stammtisch, journal in" in out


# name: (options, what the one line says)
BAD = {
    "preset_of_another_family": (["--family", "koenigrufen", "--preset", "french/fft"],
                                 "not a rule set of --family koenigrufen"),
    "unknown_preset": (["--family", "french", "--preset", "nosuch"], "accepted: 1000, fft"),
    "players_the_game_has_not": (["--family", "bavarian", "--players", "4"],
                                 "bavarian is played by 3"),
    "more_players_than_seats": (["--seats", "4", "--players", "5"], "more than --seats 4"),
    "setup_with_a_script": (["--family", "french", "--script", "{script}"],
                            "presses set the table up"),
    "deals_with_a_script": (["--deals", "2", "--script", "{script}"],
                            "presses set the table up"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_options_that_do_not_go_together(case, tmp_path):
    extra, said = BAD[case]
    script = tmp_path / "s.script"
    script.write_text("0 o\n", encoding="utf-8")
    args = [a.format(script=script) for a in extra] + ["--out", str(tmp_path / "out")]
    r = subprocess.run([sys.executable, EMULATOR] + args, capture_output=True, text=True,
                       cwd=ROOT, env=dict(os.environ, SDL_VIDEODRIVER="dummy"), timeout=120)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip("\n").split("\n")
    assert len(lines) == 1 and said in lines[0], r.stderr
    assert r.stdout == "" and not (tmp_path / "out").exists()


# ---------------------------------------------------------------- out/
def test_out_holds_one_run_and_nothing_else_goes(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("a file of my own", encoding="utf-8")
    (out / "deal9_01_Setup.png").write_bytes(b"a bots' shot of an older emulator")
    rc, first, err = _main(E.main, ["--bots", "--out", str(out)], capsys)
    assert rc == 0, err
    made = set(os.listdir(out))
    assert "deal1_10_result.png" in made and "deal9_01_Setup.png" not in made
    rc, second, err = _main(E.main, ["--bots", "--family", "bavarian", "--out", str(out)],
                            capsys)
    assert rc == 0, err
    left = sorted(os.listdir(out))
    shots = [n for n in left if n.endswith(".png")]
    assert len(shots) == int(re.search(r"screens: (\d+)", second).group(1)), left
    assert "deal1_10_result.png" not in left
    assert "mine.txt" in left and "transcript.txt" in left and ".emulator-files" in left


# ---------------------------------------------------------------- the sheet
def test_sheet_columns_line_up_by_display_width():
    names = ["J\u00fcrgen", "Zoe\u0308", "\u674e\u96f7", "Bo"]   # Jürgen, Zoë (combining), 李雷
    rows = [([+120, -5, -60, -55], "Rufer J\u00fcrgen \u2665K"), ([-2, +2, +2, -2], "")]
    block = dealtext.sheet_lines(names, rows, [118, -3, -58, -57], "Summe")
    _assert_aligned(block, 4)
    assert block[1].startswith("1 ") and block[-1].startswith("Summe")
    assert dealtext.width("\u674e\u96f7") == 4 and dealtext.width("Zoe\u0308") == 3


# ---------------------------------------------------------------- the window
def test_the_window_fits_the_screen():
    assert E.default_scale(5, (1366, 768)) == 2
    assert E.window_size(5, 2)[0] <= 1366
    assert E.default_scale(4, (1366, 768)) == 2
    assert E.default_scale(4, (1920, 1080)) == 3
    assert E.default_scale(5, (800, 600)) == 1
    assert E.default_scale(4, (3840, 2160)) == 4


def _dark_columns(im, box):
    """Per x in box: how many pixels of the caption's colour (black) there are."""
    x0, y0, x1, y1 = box
    return [sum(1 for y in range(y0, y1) if im.getpixel((x, y))[:3] == (0, 0, 0))
            for x in range(x0, x1)]


def test_window_captions_are_drawn_shapes_and_p_saves_the_window(tmp_path):
    """The captions never ask the font for ◀ ▶ ● (it would draw a box); the
    ◀ is a triangle widening to the right, the ▶ one widening to the left,
    the ● a disc; p saves the window (as the screen shows it) in --out."""
    import pygame
    from PIL import Image
    pygame.font.init()
    asked = []

    class Spy:
        def __init__(self, f):
            self.f = f

        def render(self, text, *a):
            asked.append(text)
            return self.f.render(text, *a)

        def __getattr__(self, k):
            return getattr(self.f, k)
    spy = Spy(pygame.font.Font(None, 20))
    for text in ("\u25c0 1", "\u25b6 2", "\u25cf 3", "hold \u25cf = menu/back"):
        E.caption(pygame, spy, text, (0, 0, 0))
    assert asked and not any(ch in E.GLYPHS for t in asked for ch in t), asked

    emu = E.Emulator(seats=5)
    out = E.OutDir(str(tmp_path / "out"))
    down = pygame.event.Event(pygame.KEYDOWN, key=ord("p"))
    saved = E.window(emu, scale=2, frames=4, feed={2: [down]}, frame_ms=17, out=out)
    assert [os.path.basename(p) for p in saved] == ["window1.png"]
    im = Image.open(saved[0]).convert("RGB")
    assert im.size == E.window_size(5, 2) and im.width <= 1366
    # seat 1's buttons: the symbol is the caption's left part
    sw = 128 * 2
    bw = (sw - 2 * E.GAP) // 3
    y0 = E.GAP + 64 * 2 + E.GAP
    cols = []
    for b in range(3):
        x0 = E.GAP + b * (bw + E.GAP)
        c = _dark_columns(im, (x0, y0, x0 + bw, y0 + E.BUTTON_H))
        first = next(i for i, v in enumerate(c) if v)
        cols.append(c[first:first + 10])
    left, right, disc = cols
    # ◀: from its tip it widens; ▶: its flat side first, then it narrows
    assert left[0] < max(left) and left.index(max(left)) > 2, left
    assert right[0] == max(right) and right[0] > right[3], right
    assert max(disc) > disc[0] and disc[:3] == sorted(disc[:3]), disc
    assert sorted(os.listdir(out.path)) == [".emulator-files", "window1.png"]


def test_the_window_takes_the_same_setup_options(monkeypatch, capsys):
    """--family, --preset, --players, --mode set the form the window opens
    on; --deals does not apply there: one line says so."""
    from table.flows.setup import Setup, ROWS
    seen = {}

    def fake_window(emu, scale=None, out=None):
        seen.update(emu=emu, scale=scale)
        return []
    monkeypatch.setattr(E, "has_display", lambda: True)
    monkeypatch.setattr(E, "window", fake_window)
    rc, out, err = _main(E.main, ["--family", "french", "--preset", "maison", "--players", "3",
                                  "--mode", "score", "--deals", "2", "--scale", "3"], capsys)
    assert rc == 0
    emu = seen["emu"]
    c = emu.app.cfg
    assert (c.family, c.preset, c.players, c.mode) == ("french", "maison", 3, 2)
    assert isinstance(emu.app.flow, Setup) and ROWS[emu.app.flow.cur] == "Start"
    assert seen["scale"] == 3
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and "--deals" in lines[0] and "window" in lines[0], err


# ---------------------------------------------------------------- play.py
@pytest.mark.parametrize("family", FAMILIES)
def test_play_py_plays_every_family_in_its_language(family, capsys):
    rc, out, err = _main(play.main, ["--family", family, "--seed", str(SEEDS[family])], capsys)
    assert rc == 0 and err == ""
    code = {"koenigrufen": "de", "bavarian": "de", "slovenian": "sl", "french": "fr"}[family]
    words = lang.table(code)
    trick = words["trick_n"].split("%")[0].strip()
    assert re.search(r"^  %s +1: " % re.escape(trick), out, re.M), out
    assert not ENGLISH.search(out), ENGLISH.search(out)
    assert not re.search("[\ue000-\uf8ff]", out), "the device font's own glyphs"
    _assert_aligned(_sheet_block(out), 3 if family == "bavarian" else 4)


def test_play_py_presets_players_and_language(capsys):
    rc, out, err = _main(play.main, ["--preset", "french/maison", "--players", "5",
                                     "--deals", "2", "--lang", "en"], capsys)
    assert rc == 0, err
    assert "== Deal 1: French Tarot \u2014 House rules (seed 1)" in out and "== Deal 2:" in out
    _assert_aligned(_sheet_block(out), 5)
    # the old option name still works
    rc, out, err = _main(play.main, ["--profile", "koenigrufen/tarockcup"], capsys)
    assert rc == 0 and "Tarockcup" in out
    for argv, said in ((["--family", "koenigrufen", "--preset", "french/fft"],
                        "not a rule set of --family"),
                       (["--family", "bavarian", "--players", "5"], "played by 3"),
                       (["--family", "slovenian", "--preset", "nosuch"], "accepted:")):
        with pytest.raises(SystemExit) as e:
            play.main(argv)
        assert e.value.code == 2
        err = capsys.readouterr().err.strip("\n").split("\n")
        assert len(err) == 1 and said in err[0], err
