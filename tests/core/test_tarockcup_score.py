# Tarockcup scoring and presets, one line per case, on score.Summary directly.
# Source: RULES.md §2 (tariff, Valat, 10 Tarock, Königfang, Trischaken
# settlement), seeds/001; the second cup preset's published table (see
# tarock/koenigrufen/presets.py). Every expected number is worked out by hand in the
# comment next to it (u = what the declarer's party wins per opponent; lone
# declarer +3u, each opponent -u; 2 v 2 each +-u) - never taken from the
# scorer. MicroPython-compatible: plain asserts, no pytest.
from tarock.koenigrufen import profiles as P, score as S
from tarock import profiles as PR
from tarock import userpresets as U
from mpcompat import raises
from krscore import summ, check_score, with_bonus as bonus

CUP = PR.get("koenigrufen/tarockcup")
AUT = PR.get("koenigrufen/tarockcup_austria")

DM = S.DECL_MADE
FM = S.DEF_MADE
DF = S.DECL_FAILED


def check(s, expected, profile=CUP):
    return check_score(s, expected, profile)


# ------------------------------------------------------------ cup tariff

def test_cup_contracts():
    check(summ(P.RUFER, 0, 2, 107), [1, -1, 1, -1])                # Rufer 1, 2 v 2
    check(summ(P.RUFER, 0, 2, 106), [-1, 1, -1, 1])
    check(summ(P.PICCOLO, 3, tricks=[5, 4, 2, 1]), [-2, -2, -2, 6])   # Piccolo 2 x 3
    check(summ(P.BETTEL, 0, tricks=[0, 4, 4, 4]), [6, -2, -2, -2])    # Bettel 2 x 3
    check(summ(P.SOLO, 0, 2, 107), [2, -2, 2, -2])                 # Solorufer 2
    check(summ(P.BESSER_RUFER, 1, 3, 107), [-1, 1, -1, 1])         # Besserrufer 1
    check(summ(P.FARBENDREIER, 0, -1, 107), [9, -3, -3, -3])       # Farbendreier 3 x 3
    check(summ(P.SECHSERDREIER, 0, -1, 107), [12, -4, -4, -4])     # Sechser-Dreier 4 x 3
    check(summ(P.SECHSERDREIER, 0, -1, 106), [-24, 8, 8, 8])       # lost: 8 x 3
    check(summ(P.DREIER, 0, -1, 107), [12, -4, -4, -4])            # Dreier 4 x 3
    check(summ(P.FARBENSOLO, 1, -1, 107), [-6, 18, -6, -6])        # Farbensolo 6 x 3
    check(summ(P.PICCOLO_OUVERT, 2, tricks=[5, 6, 1, 0]), [-6, -6, 18, -6])  # 6 x 3
    check(summ(P.BETTEL_OUVERT, 1, tricks=[4, 1, 4, 3]), [7, -21, 7, 7])     # lost 7 x 3
    check(summ(P.SOLO_DREIER, 0, -1, 107), [24, -8, -8, -8])       # Solo-Dreier 8 x 3


def test_cup_bonuses():
    # Besserrufer 1 + its bird: Pagat announced and made 2 -> 3
    check(bonus(summ(P.BESSER_RUFER, 1, 3, 107), P.PAGAT_ULTIMO, DM, S.DECL), [-3, 3, -3, 3])
    # Dreier 4 + Quapil announced made 8 = 12
    check(bonus(summ(P.DREIER), P.MARABU, DM, S.DECL), [36, -12, -12, -12])
    # Dreier 4 + Kakadu silent failed -3 = 1
    check(bonus(summ(P.DREIER), P.KAKADU, DF), [3, -1, -1, -1])
    # Dreier 4 + König ultimo / four kings / Trull silent +1 each = 7
    s = summ(P.DREIER)
    for b in (P.KING_ULTIMO, P.KINGS, P.TRULL):
        bonus(s, b, DM)
    check(s, [21, -7, -7, -7])
    # Uhu announced, Kontra (x2): 4 + 4*2 = 12
    check(bonus(summ(P.DREIER), P.UHU, DM, S.DECL, 1), [36, -12, -12, -12])
    # no Mondfang or Sküsfang in the cup: Rufer 1 + 0
    check(bonus(summ(P.RUFER, 0, 2), P.MONDFANG, DM), [1, -1, 1, -1])
    check(bonus(summ(P.RUFER, 0, 2), P.SKUSFANG, FM), [1, -1, 1, -1])
    # Königfang 1: Rufer won 1 - 1 = 0; lost -1 - 1 = -2
    check(bonus(summ(P.RUFER, 0, 2), P.KINGFANG, FM), [0, 0, 0, 0])
    check(bonus(summ(P.RUFER, 0, 2, 50), P.KINGFANG, FM), [-2, 2, -2, 2])
    # solo games double bonuses: Solorufer 2 + Trull 1*2 = 4
    check(bonus(summ(P.SOLO, 0, 2), P.TRULL, DM), [4, -4, 4, -4])


def test_cup_ten_tarock():
    s = summ(P.RUFER, 0, 2)
    s.announced[P.TEN_TAROCK] = S.DECL
    check(s, [2, -2, 2, -2])                     # Rufer 1 + 10 Tarock 1
    s.announced[P.TEN_TAROCK] = S.DEF
    check(s, [0, 0, 0, 0])                       # 1 - 1
    s.announced[P.TEN_TAROCK] = S.DECL | S.DEF
    check(s, [1, -1, 1, -1])                     # 1 + 1 - 1
    s = summ(P.DREIER, 0, -1, 50)
    s.announced[P.TEN_TAROCK] = S.DECL
    check(s, [-9, 3, 3, 3])                      # lost -4, 10 Tarock never lost +1
    s = summ(P.SOLO, 0, 2)
    s.announced[P.TEN_TAROCK] = S.DECL
    s.kontra[0] = 1
    s.kontra[1 + P.TEN_TAROCK] = 2               # (cannot happen; ignored all the same)
    check(s, [5, -5, 5, -5])                     # 2 * 2 + 1 (not doubled, not kontra'd)


def test_cup_valat_multiplies():
    # silent Valat: Dreier 4 x 4 = 16; silent Trull and kings do not count
    s = summ(P.DREIER, 0, -1, 210, [12, 0, 0, 0])
    bonus(s, P.VALAT, DM)
    bonus(s, P.TRULL, DM)
    bonus(s, P.KINGS, DM)
    check(s, [48, -16, -16, -16])
    # announced Valat with an announced Pagat made: (4 + 2) x 8 = 48
    s = summ(P.DREIER, 0, -1, 210, [12, 0, 0, 0])
    bonus(s, P.VALAT, DM, S.DECL)
    bonus(s, P.PAGAT_ULTIMO, DM, S.DECL)
    bonus(s, P.TRULL, DM)
    check(s, [144, -48, -48, -48])
    # ... and 10 Tarock: 48 + 1 (always one point)
    s.announced[P.TEN_TAROCK] = S.DECL
    check(s, [147, -49, -49, -49])
    # announced Valat with Kontra: 4 x (8 x 2) = 64
    s = summ(P.DREIER, 0, -1, 210, [12, 0, 0, 0])
    bonus(s, P.VALAT, DM, S.DECL, 1)
    check(s, [192, -64, -64, -64])
    # game Kontra under a silent Valat: (4 x 2) x 4 = 32
    s = summ(P.DREIER, 0, -1, 210, [12, 0, 0, 0])
    bonus(s, P.VALAT, DM)
    s.kontra[0] = 1
    check(s, [96, -32, -32, -32])
    # announced Valat failed: the Dreier's 4 x 8 = 32 to each opponent
    s = summ(P.DREIER, 0, -1, 150, [10, 1, 1, 0])
    bonus(s, P.VALAT, S.NONE, S.DECL)
    bonus(s, P.TRULL, DM)
    check(s, [-96, 32, 32, 32])
    # the defence takes every trick of a Rufer: -1 x 4 = -4
    s = summ(P.RUFER, 0, 2, 0, [0, 6, 0, 6])
    bonus(s, P.VALAT, FM)
    check(s, [-4, 4, -4, 4])
    # Solo-Dreier, Valat and Trull announced and made: (8 + 2 x 2) x 8 = 96
    s = summ(P.SOLO_DREIER, 0, -1, 210, [12, 0, 0, 0])
    bonus(s, P.VALAT, DM, S.DECL)
    bonus(s, P.TRULL, DM, S.DECL)
    check(s, [288, -96, -96, -96])


def test_cup_concede():
    # "schleifen": the game lost, alone: Rufer 1 x 3; Besserrufer 1 x 3
    for cid in (P.RUFER, P.BESSER_RUFER):
        s = summ(cid, 2, -1, 0)
        s.conceded = True
        check(s, [1, 1, -3, 1])


# ------------------------------------------------------------ cup Trischaken

def trisch(thirds, tricks=(3, 3, 3, 3), profile=CUP):
    s = summ(P.TRISCHAKEN, 0, -1, 0, tricks)
    s.thirds = list(thirds)
    return s


def test_trischaken_cup_loser_pays_each():
    check(trisch([30, 80, 40, 36]), [1, -3, 1, 1])        # B most: 1 to each
    check(trisch([50, 106, 31, 23]), [1, -3, 1, 1])       # 35 1/3 points: plain


def test_trischaken_cup_buergermeister_and_forehand():
    check(trisch([50, 107, 30, 23]), [2, -6, 2, 2])       # 35 + 2 cards: double
    check(trisch([20, 120, 30, 16]), [2, -6, 2, 2])
    check(trisch([60, 50, 40, 36]), [-6, 2, 2, 2])        # forehand loser: double
    check(trisch([130, 30, 20, 6]), [-12, 4, 4, 4])       # both: 4 to each
    check(trisch([107, 50, 30, 23]), [-12, 4, 4, 4])


def test_trischaken_cup_jungfrau_collects_the_whole():
    # D no trick: B's 1 x 3 all to D
    check(trisch([30, 90, 66, 0], (3, 5, 4, 0)), [0, -3, 0, 3])
    # forehand loser (2 x 3 = 6) all to D
    check(trisch([100, 40, 46, 0], (6, 3, 3, 0)), [-6, 0, 0, 6])
    # two Jungfrauen, forehand Bürgermeister (4 x 3 = 12): each collects 12
    check(trisch([150, 36, 0, 0], (9, 3, 0, 0)), [-24, 0, 12, 12])


def test_trischaken_cup_ties():
    # B and C tied for most: each pays 1 to A and D (2 each)
    check(trisch([40, 70, 70, 6]), [2, -2, -2, 2])
    # forehand tied for most: he pays double (2 to C and D), B 1 to each
    check(trisch([70, 70, 40, 6]), [-4, -2, 3, 3])
    # three tied: each pays 1 to the fourth
    check(trisch([10, 60, 60, 60]), [3, -1, -1, -1])
    # tied losers and a Jungfrau: each loser's 1 x 2 goes to A
    check(trisch([0, 80, 80, 26], (0, 5, 5, 2)), [4, -2, -2, 0])


def test_trischaken_pagat_unchanged():
    # the pagat settlement for the same case (-1 -1 +1 +1 by ranking)
    check(trisch([30, 80, 40, 36]), [1, -1, -1, 1], P.KOENIGRUFEN_PAGAT)


# ------------------------------------------------------------ second preset

def test_tarockcup_austria_tariff():
    check(summ(P.FARBENSOLO, 0, -1, 107), [15, -5, -5, -5], AUT)   # Farbensolo 5 x 3
    check(summ(P.DREIER, 0, -1, 107), [12, -4, -4, -4], AUT)       # Dreier 4
    check(summ(P.SOLO, 0, 2, 107), [2, -2, 2, -2], AUT)            # Solo-Rufer 2
    check(summ(P.BESSER_RUFER, 0, 2, 107), [1, -1, 1, -1], AUT)    # A-Rufer 1
    check(summ(P.SOLO_DREIER, 0, -1, 107), [24, -8, -8, -8], AUT)  # Solo-Dreier 8
    # Kakadu announced 6: 4 + 6 = 10
    check(bonus(summ(P.DREIER), P.KAKADU, DM, S.DECL), [30, -10, -10, -10], AUT)
    # König Ultimo announced 2: Rufer 1 + 2 = 3
    check(bonus(summ(P.RUFER, 0, 2), P.KING_ULTIMO, DM, S.DECL), [3, -3, 3, -3], AUT)
    # no catches in its table: Rufer 1, Königfang 0
    check(bonus(summ(P.RUFER, 0, 2), P.KINGFANG, FM), [1, -1, 1, -1], AUT)
    # Valat 8-fach: Dreier announced and made 4 x 8 = 32
    s = summ(P.DREIER, 0, -1, 210, [12, 0, 0, 0])
    bonus(s, P.VALAT, DM, S.DECL)
    check(s, [96, -32, -32, -32], AUT)
    assert not P.contract(AUT, P.FARBENDREIER)["on"]
    assert not AUT["marabu"] and not AUT["ten_tarock"]
    # bidding order of its table: Dreier below the Sechser-Dreier
    assert AUT["contracts"][P.DREIER]["rank"] < AUT["contracts"][P.SECHSERDREIER]["rank"]


# ------------------------------------------------------------ presets as data

def test_presets_listed_and_validated():
    keys = [k for (k, t) in PR.list_presets("koenigrufen")]
    assert keys == ["koenigrufen/pagat", "koenigrufen/tarockcup", "koenigrufen/tarockcup_austria"]
    for k in keys:
        p = PR.get(k)
        assert PR.validate(p) is p and p["name"] == k.split("/")[1]
    assert PR.get("koenigrufen/tarockcup") is CUP          # built once
    e = raises(PR.ProfileError, PR.get, "koenigrufen/tarockcup2")
    assert "tarockcup2" in str(e)


def _cup_err(over):
    from tarock.koenigrufen import presets as kr_presets
    e = raises(PR.ProfileError, PR.overlay, CUP, over)
    assert kr_presets.PRESETS["tarockcup"] is CUP
    return str(e)


def test_preset_errors_name_the_key():
    assert "bid_equal" in _cup_err({"bid_equal": "anyone"})
    assert "valat" in _cup_err({"valat": "double"})
    assert "first_chance" in _cup_err({"first_chance": 1})
    assert "contracts.9.rank" in _cup_err({"contracts": {P.DREIER: {"rank": 0}}})
    assert "contracts.3.who" in _cup_err({"contracts": {P.SECHSERDREIER: {"who": "anyone"}}})
    assert "bonus_names" in _cup_err({"bonus_names": ("Trull",)})
    assert "contracts.13.value" in _cup_err({"contracts": {P.FARBENSOLO: {"value": 5000}}})
    # contradictory options
    e = _cup_err({"contracts": {P.DREIER: {"rank": 8}}})
    assert "rank" in e and "same rank" in e
    assert "fahren" in _cup_err({"contracts": {P.TRISCHAKEN: {"on": False}}})
    assert "contracts.13.color" in _cup_err({"contracts": {P.FARBENSOLO: {"call": True}}})
    assert "contracts.9.ouvert" in _cup_err({"contracts": {P.DREIER: {"ouvert": True}}})
    assert "valat" in _cup_err({"bonus": {P.VALAT: (0, 8)}})
    assert "contracts.3.call" in _cup_err({"contracts": {P.SECHSERDREIER: {"call": True}}})


USER = """# our table
[stammtisch]
base = "koenigrufen/tarockcup"
title = "Stammtisch Linz"
contracts.Dreier.value = 5
contracts.9.loss = 5
bonus.Trull = [1, 3]
bonus.Quapil = [5, 10]

[alt]
base = "koenigrufen/pagat"
kaiserstich = true
contracts.Solo Dreier.value = 9
"""


def test_user_presets_file():
    u = U.load(USER)
    assert sorted(u) == ["koenigrufen/alt", "koenigrufen/stammtisch"]
    st = u["koenigrufen/stammtisch"]
    assert st["contracts"][P.DREIER]["value"] == 5 and st["contracts"][P.DREIER]["loss"] == 5
    assert st["bonus"][P.TRULL] == (1, 3) and st["bonus"][P.MARABU] == (5, 10)
    assert st["fh_opens"] == "mein"                      # the rest from its base
    assert CUP["contracts"][P.DREIER]["value"] == 4      # base untouched
    assert u["koenigrufen/alt"]["kaiserstich"] and u["koenigrufen/alt"]["contracts"][P.SOLO_DREIER]["value"] == 9
    # the overridden tariff is what the scorer uses: Dreier 5 + Trull announced 3
    check(bonus(summ(P.DREIER), P.TRULL, DM, S.DECL), [24, -8, -8, -8], st)
    listed = U.list_all(u, "koenigrufen")
    assert ("koenigrufen/stammtisch", "Stammtisch Linz", "user") in listed
    assert listed[0] == ("koenigrufen/pagat", "Königrufen (pagat.com)", "builtin")
    assert U.pick("koenigrufen/stammtisch", u) is st
    assert U.pick("koenigrufen/tarockcup", u) is CUP
    assert U.read("no/such/presets.txt") == {}


def _user_err(text):
    return str(raises(PR.ProfileError, U.load, text))


def test_user_presets_errors_name_line_and_key():
    head = '[x]\nbase = "koenigrufen/tarockcup"\n'
    assert _user_err(head + "\ncontracts.Dreier.value = -3\n").startswith("presets.txt line 4: contracts.9.value")
    assert _user_err(head + "foo = 1\n").startswith("presets.txt line 3: foo: unknown key")
    assert "line 3: contracts.9.colour" in _user_err(head + "contracts.Dreier.colour = true\n")
    assert "line 3: bonus.0" in _user_err(head + "bonus.Trull = [1]\n")
    assert "line 3: max_kontra" in _user_err(head + "max_kontra = 4\n")
    assert "line 3: valat" in _user_err(head + "valat = mult\n")           # not JSON
    assert "line 3: contracts.Zwanziger" in _user_err(head + "contracts.Zwanziger.value = 1\n")
    assert "line 2: base" in _user_err('[x]\nbase = "koenigrufen/nope"\n')
    assert "line 2" in _user_err('[x]\nkaiserstich = true\n')              # base first
    assert "line 1" in _user_err('kaiserstich = true\n')
    assert "line 3: preset 'x' given twice" in _user_err(head + '[x]\n')
    assert "line 3: family" in _user_err(head + 'family = "french"\n')
    # contradictory options without a line of their own: the section and key
    assert "[x]: fahren" in _user_err(head + "contracts.Trischaken.on = false\n")
