"""The asyncio tasks of firmware/hw: Buttons.run() polls and delivers events,
display.watch() brings an offline display back (real event loop, waits until
the effect is seen or a generous deadline passes; nothing is timed)."""

import asyncio
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()

import hostenv  # noqa: E402

board = hostenv.setup("HOST")

from hw import display  # noqa: E402


async def _until(cond, seconds=5.0):
    for _ in range(int(seconds / 0.01)):
        if cond():
            return True
        await asyncio.sleep(0.01)
    return cond()


def test_buttons_run_delivers_events():
    hw = board.reset(2)
    events = []
    b = board.make_buttons(lambda *e: events.append(e), n=2, poll_ms=5)

    async def main():
        task = asyncio.ensure_future(b.run())
        hw.pins[1][0].press()
        ok = await _until(lambda: events)
        hw.pins[1][0].release()
        task.cancel()
        return ok

    assert asyncio.run(main())
    assert events[0] == (1, 0, 1)


def test_watch_brings_a_display_back():
    hw = board.reset(2)
    ds = board.make_displays(2)
    hw.panels[1].unplug()
    ds[1].canvas.fill(1)
    ds[1].show()
    assert not ds[1].online

    async def main():
        task = asyncio.ensure_future(display.watch(ds, period_ms=10))
        await asyncio.sleep(0.05)
        still_off = not ds[1].online
        hw.panels[1].plug()
        ok = await _until(lambda: ds[1].online)
        task.cancel()
        return still_off, ok

    still_off, ok = asyncio.run(main())
    assert still_off and ok
    assert hw.panels[1].pixel(5, 5) == 1 and hw.panels[1].display_on


class _IrqPin:
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.v = 1
        self.handler = None

    def value(self):
        return self.v

    def irq(self, handler, trigger, hard=False):
        self.handler = handler

    def set(self, v):
        self.v = v
        self.handler(self)


def test_buttons_run_wakes_when_a_level_settles_not_at_the_grid():
    """Buttons.run() on a fake clock: ● pressed at 3 and released at 207
    (stamped by the pins' interrupts) is polled at 257, the release's
    settle time, off the 10 ms grid, and the event comes then."""
    from hw.buttons import Buttons, OK, PRESS

    now = [0]
    pins = [[_IrqPin(), _IrqPin(), _IrqPin()]]
    events = []
    polls = []
    b = Buttons(pins, lambda s, bt, k: events.append((s, bt, k, now[0])), clock=lambda: now[0])
    poll = b.poll

    def logged(t=None):
        polls.append(t)
        poll(t)
    b.poll = logged
    script = {3: 0, 207: 1}     # when the pin changes (ms)

    class Stop(Exception):
        pass

    async def sleep_ms(ms):
        # the clock after a sleep is the wake time: run() asked for ms from
        # the clock it read; the edges on the way are stamped at their ms
        start = now[0]
        for t in range(start + 1, start + ms + 1):
            if t in script:
                now[0] = t
                pins[0][OK].set(script[t])
        now[0] = start + ms
        if now[0] > 400:
            raise Stop

    class FakeAsyncio:
        pass
    FakeAsyncio.sleep_ms = staticmethod(sleep_ms)
    saved = sys.modules.get("asyncio")
    sys.modules["asyncio"] = FakeAsyncio     # run() imports asyncio inside
    try:
        coro = b.run()
        try:
            coro.send(None)
        except Stop:
            pass
    finally:
        sys.modules["asyncio"] = saved
    assert events == [(0, OK, PRESS, 257)]
    assert polls[:7] == [0, 10, 20, 30, 40, 50, 53]   # the press's settle time, off the grid
    k = polls.index(257)                       # and the release's
    assert polls[k - 1] < 257 < polls[k + 1] and polls[k + 1] - 257 == 10   # the grid goes on from there
