"""A table's own presets (presets.txt in the board's storage root,
tarock.userpresets) through the emulated device: the setup's Rules row offers
them after the family's built-in presets, a table started with one plays and
scores with its profile, the journal alone brings it back after a power cut
(whatever the file says by then), and a file with an error says so in words
on the setup screen while the built-in presets stay."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import device_runs as G  # noqa: E402
import screencheck  # noqa: E402

E.hostenv.setup("HOST")   # boards/HOST, firmware/, the framebuf stand-in

PRESETS = """# our table
[stammtisch]
base = "koenigrufen/tarockcup"
title = "Stammtisch Linz"
contracts.Dreier.value = 5
contracts.9.loss = 7
bonus.Trull = [1, 3]

[schnell]
base = "french/fft"
party_points = 500
"""


def _write(tmp_path, data):
    p = tmp_path / "presets.txt"
    p.write_bytes(data if isinstance(data, bytes) else data.encode())
    return p


def _rules_cycle(emu):
    """The Rules row's values, one press of ● after the other, once round."""
    from table.flows.setup import ROWS
    f = emu.app.flow
    while f.cur != ROWS.index("Rules"):
        emu.press(0, "<")
    seen = [emu.app.cfg.preset]
    while True:
        emu.press(0, "o")
        if emu.app.cfg.preset == seen[0]:
            return seen
        seen.append(emu.app.cfg.preset)


def _forcing(cid):
    import play

    def decide(deal, rng):
        return play.bot_action(deal, rng, force=cid)
    return decide


def test_user_preset_offered_played_scored_and_resumed(tmp_path):
    from tarock import seating
    from tarock import profiles as PR
    from tarock import userpresets as U
    from tarock.koenigrufen import profiles as P, score as S
    from tarock.rng import Rng
    from table.flows.idle import Idle
    _write(tmp_path, PRESETS)
    emu = E.Emulator(seats=4, seed=40, record=False, storage=str(tmp_path))
    assert "=Start    \u25cf play=" in emu.text(0)       # no error: the form as ever
    assert not any(t.startswith("Presets") for t in emu.text(0))
    # the family's built-in presets, then the table's own (not the French one)
    assert _rules_cycle(emu) == ["pagat", "tarockcup", "tarockcup_austria", "stammtisch"]
    E.setup_table(emu, preset="stammtisch")
    emu.keys(0, "<<<<<")      # up to the Rules row (six rows show, the cursor's large)
    assert "Rules stammtisch" in emu.text(0) or "Rules    stammtisch" in emu.text(0), emu.text(0)
    emu.keys(0, ">>>>>")
    want_prof = U.pick("koenigrufen/stammtisch", U.read(str(tmp_path / "presets.txt")))
    assert emu.app.cfg.profile() == want_prof
    rec, played = G.Recorder(checks=True), []

    def watch(e):
        rec(e)
        from table.flows.play import Play
        if isinstance(e.app.flow, Play) and e.app.flow not in played:
            played.append(e.app.flow)
    emu.watch = watch
    E.play_deal(emu, Rng(4), decide=_forcing(P.DREIER))
    assert not emu.app.errors
    f = played[0]
    assert f.profile == want_prof and f.profile["contracts"][P.DREIER]["value"] == 5
    assert f.deal.contract == P.DREIER
    want = seating.to_table(f.deal.result(), f.seats, 4)
    got = emu.app.scores.deals[-1][0]
    assert got == tuple(want)
    # the file's tariff, not the cup's: the same deal scored on the base differs
    cup = seating.to_table(S.score(PR.get("koenigrufen/tarockcup"), f.deal.summary()), f.seats, 4)
    assert list(got) != list(cup), (got, cup)
    pa = emu.app.scores.sheet.party
    assert (pa.profile_name, pa.base_name) == ("koenigrufen/stammtisch", "koenigrufen/tarockcup")
    # power cut, and the file changed meanwhile: the party goes on as journalled
    _write(tmp_path, PRESETS.replace("value = 5", "value = 9"))
    emu2 = E.Emulator(seats=4, seed=41, record=False, storage=str(tmp_path))
    assert isinstance(emu2.app.flow, Idle)
    c = emu2.app.cfg
    assert c.preset == "stammtisch" and c.profile() == want_prof
    assert emu2.app.scores.totals() == list(got)
    E.play_deal(emu2, Rng(5), decide=_forcing(P.DREIER))
    assert not emu2.app.errors and emu2.app.scores.count() == 2
    # a new table reads the file again: the same preset, as the file has it now
    from table.flows.setup import Setup
    emu2.app.go(Setup(emu2.app))
    assert c.preset == "stammtisch" and c.profile()["contracts"][P.DREIER]["value"] == 9


def _screen_ok(emu, seat=0):
    assert not screencheck.clipped(emu.app.deck, emu.app.model(seat)), emu.text(seat)
    assert len(emu.text(seat)) <= 8


def test_a_file_with_an_error_says_so_and_the_built_ins_stay(tmp_path):
    bad = PRESETS.replace("contracts.Dreier.value = 5", "contracts.Dreier.value = -5")
    _write(tmp_path, bad)
    emu = E.Emulator(seats=4, seed=42, record=False, storage=str(tmp_path))
    t = emu.text(0)
    # the cursor starts on the Presets row: the error in words, wrapped
    assert t[:2] == ["=Table setup=", "=Presets \u25cf read again="], t
    assert " ".join(t[2:]).startswith("presets.txt line 5: contracts.9.value:"), t
    _screen_ok(emu)
    assert emu.text(1) == t                      # every screen shows the form
    emu.press(0, ">")
    assert "Presets  file error" in emu.text(0)
    _screen_ok(emu)
    assert _rules_cycle(emu) == ["pagat", "tarockcup", "tarockcup_austria"]
    # put right (over USB, say): ● on the Presets row reads it again
    _write(tmp_path, PRESETS)
    from table.flows.setup import ROWS
    f = emu.app.flow
    while f.cur != ROWS.index("Presets"):
        emu.press(0, ">")
    emu.press(0, "o")
    assert not any(x.startswith("Presets") for x in emu.text(0)), emu.text(0)
    assert ROWS[f.cur] == "Rules"
    assert _rules_cycle(emu)[-1] == "stammtisch"
    # the built-in presets play as ever with a broken file
    _write(tmp_path, bad)
    emu = E.Emulator(seats=4, seed=43, record=False, storage=str(tmp_path))
    E.setup_table(emu, preset="tarockcup")
    from tarock.rng import Rng
    E.play_deal(emu, Rng(6))
    assert not emu.app.errors and emu.app.scores.count() == 1


def test_every_kind_of_broken_file_in_words(tmp_path):
    cases = (
        (b'[x]\nbase = "koenigrufen/pagat"\ntitle = "K\xf6nig"\n',
         "presets.txt line 3: not UTF-8"),
        (b'[x]\nbase = "koenigrufen/pagat"\ntitle = ' + b"[" * 3000 + b"\n",
         "presets.txt line 3: title: the value nests"),
        (b'\n[pagat]\nbase = "koenigrufen/tarockcup"\n',
         "presets.txt line 2: [pagat]: koenigrufen has a built-in preset"),
        (b"\xef\xbb\xbf" + PRESETS.encode(), None),              # a BOM is fine
        (None, "presets.txt: is a directory, not a file"),
    )
    for data, want in cases:
        p = tmp_path / "presets.txt"
        if p.is_dir():
            p.rmdir()
        elif p.exists():
            p.unlink()
        if data is None:
            p.mkdir()
        else:
            p.write_bytes(data)
        emu = E.Emulator(seats=4, seed=44, record=False, storage=str(tmp_path))
        f = emu.app.flow
        if want is None:
            assert not f.err and "koenigrufen/stammtisch" in f.user
            continue
        assert f.err.startswith(want), f.err
        assert " ".join(emu.text(0)[2:]).startswith(want), emu.text(0)
        _screen_ok(emu)
        assert "pagat" in _rules_cycle(emu)


def test_no_storage_no_file_no_presets_row():
    emu = E.Emulator(seats=4, seed=45, record=False)
    f = emu.app.flow
    assert f.user == {} and not f.err
    assert not any(t.startswith("Presets") for t in emu.text(0))


def test_resume_keeps_a_built_in_presets_journalled_overrides(tmp_path):
    """The same record for a built-in preset with the table's overrides: after
    a power cut the table plays with them again (it played the bare preset
    while the sheet scored with the overrides, and refused the deal)."""
    from tarock import seating
    from tarock.koenigrufen import profiles as P
    from tarock.rng import Rng
    emu = E.Emulator(seats=4, seed=46, record=False, storage=str(tmp_path))
    emu.app.cfg.overrides = {"contracts": {P.DREIER: {"value": 6, "loss": 6}},
                             "bonus": {P.TRULL: (2, 4)}}
    E.setup_table(emu)
    E.play_deal(emu, Rng(7), decide=_forcing(P.DREIER))
    emu2 = E.Emulator(seats=4, seed=47, record=False, storage=str(tmp_path))
    prof = emu2.app.cfg.profile()
    assert prof["contracts"][P.DREIER]["value"] == 6 and prof["bonus"][P.TRULL] == (2, 4)
    assert prof == emu2.app.scores.sheet.party.profile
    from table.flows.play import Play
    played = []

    def watch(e):
        if isinstance(e.app.flow, Play) and e.app.flow not in played:
            played.append(e.app.flow)
    emu2.watch = watch
    E.play_deal(emu2, Rng(8), decide=_forcing(P.DREIER))
    assert not emu2.app.errors and emu2.app.scores.count() == 2
    f = played[0]
    assert emu2.app.scores.deals[-1][0] == tuple(seating.to_table(f.deal.result(), f.seats, 4))
