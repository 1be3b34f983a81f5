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
