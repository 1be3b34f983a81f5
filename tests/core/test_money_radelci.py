# Money and radelci (issue 37, item 8): a profile's cents per point settle
# the party's totals as who pays whom; Slovenian radelci (profile
# "radelci"): earned by every player after a Klop, Bettler, Solo ohne, open
# Bettler, valat contract or announced Valat; a seat holding one counts its
# deals double, the declarer who wins crosses one out; derived from the
# journal, so a replay gives the same totals. MicroPython-compatible.
from mpcompat import raises

from tarock import profiles as PR
from tarock import userpresets as U
from tarock.slovenian import profiles as PS
from tarock.slovenian import score as S

MP_UNIX_HEAP = "224K"

NAMES = ["A", "B", "C", "D"]


def _sheet(**ov):
    from table.sheet.journal import MemStore
    from table.sheet.sheet import Sheet
    st = MemStore()
    sh = Sheet.open(st)
    sh.new_party(NAMES, profile="slovenian/standard", overrides=ov)
    return st, sh


def _klop(thirds=(60, 50, 50, 50)):
    s = S.Summary(PS.KLOP, -1, 4)
    s.thirds = list(thirds)
    s.tricks = [3, 3, 3, 3]
    return s


def _drei(won=True):
    s = S.Summary(PS.DREI, 0, 4)   # position 0 declares, position 1 his partner
    s.partner = 1
    s.decl_thirds = 120 if won else 90   # 40 or 30 points: 10 + 5 either way
    return s


def test_money_profile_keys_every_family_checked():
    for key in ("koenigrufen/pagat", "slovenian/play-tarock-online", "french/fft",
                "bavarian/standard"):
        p = PR.overlay(PR.get(key), {"cents_per_point": 10, "currency": "CHF"})
        assert PR.money(p) == (10, "CHF")
        assert PR.money(PR.get(key)) == (0, "\u20ac")          # off by default
        for k, v in (("cents_per_point", -1), ("cents_per_point", True),
                     ("cents_per_point", "10"), ("currency", ""), ("currency", "EURO"),
                     ("currency", 1)):
            e = raises(PR.ProfileError, PR.overlay, PR.get(key), {k: v})
            assert str(e).startswith(k + ":"), e


def test_presets_file_takes_money_and_radelci_with_a_clear_error():
    idx = U.load('[tirol]\nbase = "koenigrufen/tarockcup"\ncents_per_point = 10\n'
                 '\n[radelci]\nbase = "slovenian/standard"\nradelci = true\n')
    assert PR.money(idx["koenigrufen/tirol"]) == (10, "\u20ac")
    assert idx["slovenian/radelci"]["radelci"] is True
    e = raises(PR.ProfileError, U.load,
               '[tirol]\nbase = "koenigrufen/pagat"\n\ncents_per_point = -10\n')
    assert str(e) == "presets.txt line 4: cents_per_point: a number 0..10000", e
    e = raises(PR.ProfileError, U.load, '[r]\nbase = "slovenian/standard"\nradelci = 1\n')
    assert str(e).startswith("presets.txt line 3: radelci: expected"), e
    e = raises(PR.ProfileError, U.load, '[r]\nbase = "koenigrufen/pagat"\nradelci = true\n')
    assert str(e) == "presets.txt line 3: radelci: unknown key", e


def test_radelci_off_in_the_seed_and_standard_profiles():
    assert PR.get("slovenian/play-tarock-online")["radelci"] is False
    assert PR.get("slovenian/standard")["radelci"] is False


def test_radelc_earned_and_used_per_contract():
    p = PR.overlay(PR.get("slovenian/standard"), {"radelci": True})
    assert S.radelc(p, _klop()) == (True, -1)         # a Klop: everybody, nobody used
    assert S.radelc(p, _drei()) == (False, 0)         # won: the declarer crosses one out
    assert S.radelc(p, _drei(False)) == (False, -1)   # lost: kept
    b = S.Summary(PS.BETTLER, 2, 4)
    b.tricks = [0, 0, 0, 0]
    assert S.radelc(p, b) == (True, 2)                # a Bettler won: gives and uses
    v = _drei()
    v.announced[PS.VALAT] = S.DECL
    assert S.radelc(p, v)[0] is True                  # an announced Valat gives


def test_money_settles_the_totals_in_cents():
    st, sh = _sheet(cents_per_point=10)
    e = sh.add_deal(_drei(), confirmed=True)
    assert sorted(e.deltas) == [0, 0, 15, 15]         # standard: opponents write 0
    m = sh.end_summary()["money"]
    # not zero-sum: every pair settles its difference (DECISIONS "Settlement")
    assert m["cents_per_point"] == 10 and m["currency"] == "\u20ac"
    paid = [0] * 4
    for a, b, x in m["pays"]:
        paid[a] -= x
        paid[b] += x
    t = sh.totals()
    assert paid == [(4 * t[i] - sum(t)) * 10 for i in range(4)]
    _, sh0 = _sheet()
    sh0.add_deal(_drei(), confirmed=True)
    assert "money" not in sh0.end_summary() and "radelci" not in sh0.end_summary()


def test_radelci_klop_gives_the_next_declarer_doubles_and_replay_agrees():
    from table.sheet.sheet import Sheet
    st, sh = _sheet(radelci=True)
    pa = sh.party
    e = sh.add_deal(_klop(), confirmed=True)
    assert pa.rad == [1, 1, 1, 1]
    k0 = list(e.deltas)
    assert sorted(k0) == [-20, -17, -17, -17]         # nobody held one yet: single
    decl = pa.seats_of(1)[0]
    part = pa.seats_of(1)[1]
    e = sh.add_deal(_drei(), confirmed=True)
    assert e.deltas[decl] == 30 and e.deltas[part] == 30   # (10 + 5) x 2: a radelc each
    assert pa.rad[decl] == 0 and sum(pa.rad) == 3     # the declarer won: one crossed out
    decl2 = pa.seats_of(2)[0]
    e = sh.add_deal(_drei(False), confirmed=True)      # lost: doubled, kept
    assert e.deltas[decl2] == (-15 if decl2 == decl else -30)
    t = sh.totals()
    sh2 = Sheet.open(st)                               # the journal replays the same
    assert sh2.totals() == t and sh2.party.rad == pa.rad and not sh2.party.disputed
    assert sh2.end_summary()["radelci"] == pa.rad
    # a correction of deal 2 counts with the radelci its deal was played with
    e = sh2.correct(1, _drei(False), confirmed=True)
    assert e.deltas[decl] == -30 and e.deltas[part] == -30
    assert Sheet.open(st).totals() == sh2.totals()


def test_without_radelci_the_same_deals_count_single():
    st, sh = _sheet()
    sh.add_deal(_klop(), confirmed=True)
    e = sh.add_deal(_drei(), confirmed=True)
    assert sorted(e.deltas) == [0, 0, 15, 15] and sh.party.rad is None
