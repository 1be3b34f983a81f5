"""bench_presses judges each count against its target's number: the seat's
own presses where the target adds confirmations, else every press; a held
◀ ▶ counts one press per second held. Every task of the table is replayed
here through the real app: its check passes and its count is the one
docs/PERFORMANCE.md and README.md give."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "bench"))
import bench_presses as B  # noqa: E402


class _P:
    def __init__(self, seat, kind=1):
        self.seat, self.kind = seat, kind


def test_targets_judge_own_or_all_presses():
    c = B.Count(0, [_P(0)] * 9 + [_P(1), _P(2)], True)
    assert (c.own, c.confirms) == (9, 2)
    assert not B.met("\u2264 8 + 1 per other affected seat", c)
    assert B.met("\u2264 9 + confirmations", c)
    assert B.met("\u2264 11", c) and not B.met("\u2264 10", c)   # all presses
    assert B.met("\u2264 9 + confirmations; \u2264 11 in all", c)
    assert not B.met("\u2264 9 + confirmations; \u2264 10 in all", c)


def test_a_held_button_counts_a_press_a_second():
    # 0.4 s to the first repeat, then one every 0.12 s: 6 repeats are held
    # 1.0 s (one press), 7 are 1.12 s (two), 15 are 2.08 s (three)
    for reps, want in ((0, 1), (1, 1), (6, 1), (7, 2), (14, 2), (15, 3)):
        c = B.Count(0, [_P(0)] + [_P(0, B.REPEAT)] * reps + [_P(1)], True)
        assert (c.own, c.confirms) == (want, 1), reps


# each task's count: (at the seat doing it, the other seats' presses), the
# figures README.md and docs/PERFORMANCE.md give
COUNTS = {
    "Königrufen Rufer won, no bonuses": (3, 3),
    "Königrufen Rufer won, the declarer's side and one opponent confirm": (3, 2),
    "Königrufen Rufer won, Kontra on the game, Pagat ultimo announced and made": (9, 3),
    "French garde, 2 bouts, 41 points, petit au bout, simple poignée": (7, 3),
    "Slovenian Three, declarer's side 44 points": (6, 3),
    "Bavarian Aufnahme bid 76, declarer 80 eyes": (7, 2),
    "correct deal 1 of 2 (36 \u2192 41 points)": (8, 3),
    "new table, 4 players from the remembered list": (3, 6),
    "a new 6-letter name with one umlaut": (25, 0),
}

# the targets not met yet, and why (docs/DECISIONS.md, "Faster than a
# phone"): strict, so that a task that comes within its target says so
MISSED = {
}


@pytest.mark.parametrize("name,target,fn", B.tasks(), ids=[t[0][:40] for t in B.tasks()])
def test_task_replays_with_its_count(name, target, fn):
    c = fn()
    assert c.ok, c.why
    assert (c.own, c.confirms) == COUNTS[name]


@pytest.mark.parametrize("name,target,fn", B.tasks(), ids=[t[0][:40] for t in B.tasks()])
def test_task_meets_its_target(name, target, fn):
    """Each row against the issue's target (issue 37, item 3)."""
    c = fn()
    assert c.ok, c.why
    if name in MISSED:
        assert not B.met(target, c), "met now: take it off MISSED"
        pytest.xfail(MISSED[name])
    assert B.met(target, c), (name, c.own, c.confirms, target)


def test_rufer_won_is_four_at_the_busiest_seat_and_seven_in_all():
    import presses_entry as PE
    for fn in (PE.kr_rufer_won, PE.kr_rufer_won_side):
        c = fn()
        assert c.ok and c.own <= 4 and c.total() <= 7, (c.own, c.confirms)
        # the other seats: the partner's claim (his confirmation too), then
        # the opponents' confirmations, one ● each
        assert c.confirms <= 3
