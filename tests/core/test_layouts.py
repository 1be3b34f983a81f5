# What a deal summary carries only grows (issue 35): a record a firmware
# wrote is read by every later one by these names and positions. A bonus id
# is its place in the family's list, a Kontra slot 1 + that place, a field
# its name: never reused, never reordered. The lists below are what the
# journals in tests/golden/journals/ were written with; a new bonus or field
# is appended here and in the family's module at the same time (a reorder or
# a removal fails this test, and so would read old records wrong).
from tarock.koenigrufen import profiles as KP, score as KS
from tarock.slovenian import profiles as SP, score as SS
from tarock.french import score as FS
from tarock.bavarian import score as BS
from tarock import record as R
from mpcompat import raises

BONUSES = {
    "koenigrufen": ("Trull", "Vier K\u00f6nige", "Pagat ultimo", "Uhu", "Kakadu", "Marabu",
                    "K\u00f6nig ultimo", "Valat", "Mondfang", "Sk\u00fcsfang", "K\u00f6nigfang",
                    "10 Tarock"),
    "slovenian": ("Trull", "K\u00f6nige", "Pagat ultimo", "Trullpagat", "Valat",
                  "K\u00f6nig ultimo"),
}
FIELDS = {
    "koenigrufen": ("contract", "declarer", "n", "partner", "decl_thirds", "conceded", "thirds",
                    "tricks", "bonus", "announced", "kontra", "neg_kontra"),
    "slovenian": ("contract", "declarer", "partner", "n", "decl_thirds", "thirds", "tricks",
                  "bonus", "announced", "kontra", "mond_lost"),
    "french": ("n", "contract", "taker", "partner", "halves", "bouts", "petit", "chelem",
               "called", "chelem_announced", "redeal", "poignees", "miseres"),
    "bavarian": ("declarer", "hand", "target", "trump", "announced", "decl_eyes", "decl_tricks",
                 "def_tricks", "redeal"),
}


def _grows(old, now):
    return tuple(now[:len(old)]) == tuple(old)


def test_bonus_ids_and_kontra_slots_only_grow():
    for fam, names, n in (("koenigrufen", KP.BONUS_NAMES, KP.N_BONUS),
                          ("slovenian", SP.BONUS_NAMES, SP.N_BONUS)):
        assert len(names) == n, fam
        assert tuple(names) == BONUSES[fam], (fam, "append new bonuses here and there")
    # the Kontra slots follow the bonuses: the game, then 1 + bonus id
    assert len(KS.Summary(1, 0).kontra) == KP.N_BONUS + 1
    assert len(SS.Summary(1, 0).kontra) == SP.N_BONUS + 1


def test_summary_fields_only_grow():
    for fam, keys in (("koenigrufen", KS.KEYS), ("slovenian", SS.KEYS),
                      ("french", FS.KEYS), ("bavarian", BS.KEYS)):
        assert tuple(keys) == FIELDS[fam], (fam, "append new fields here and there")


def test_the_check_fails_on_a_reorder_or_a_removal():
    old = BONUSES["slovenian"]
    assert _grows(old, old + ("Mondfang",))
    assert not _grows(old, old[1:2] + old[:1] + old[2:])
    assert not _grows(old, old[:-1])


def test_record_helpers():
    d = {"a": 3, "l": [1, 2], "z": 0, "e": [0, 0]}
    assert R.num(d, "a") == 3 and R.num(d, "b", 7) == 7
    raises(ValueError, R.num, d, "b")
    raises(ValueError, R.num, {"a": True}, "a")
    assert R.nums(d, "l", 4) == [1, 2, 0, 0]            # an older writer's shorter list
    assert R.nums({"l": [1, 2, 0]}, "l", 2) == [1, 2]   # a newer one's, the new entry unplayed
    assert isinstance(raises(ValueError, R.nums, {"l": [1, 2, 5]}, "l", 2), R.Newer)
    raises(ValueError, R.nums, d, "l", 3, 0, False)     # a per-position list does not grow
    assert R.nums(d, "m", 3) is None
    R.unknown(d, ("a", "l"))                            # unknown but empty: ignored
    assert isinstance(raises(ValueError, R.unknown, {"q": [0, 1]}, ()), R.Newer)
    raises(ValueError, R.unknown, [1], ())
