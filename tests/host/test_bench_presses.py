"""bench_presses judges each count against its target's number: the seat's
own presses where the target adds confirmations, else every press."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "bench"))
import bench_presses as B  # noqa: E402


class _P:
    def __init__(self, seat, kind=1):
        self.seat, self.kind = seat, kind


def test_targets_judge_own_or_all_presses():
    c = B.Count(0, [_P(0)] * 9 + [_P(0, B.REPEAT)] * 5 + [_P(1), _P(2)], True)
    assert (c.own, c.confirms) == (9, 2)          # repeats are part of their press
    assert not B.met("\u2264 8 + 1 per other affected seat", c)
    assert B.met("\u2264 9 + confirmations", c)
    assert B.met("\u2264 11", c) and not B.met("\u2264 10", c)   # all presses
