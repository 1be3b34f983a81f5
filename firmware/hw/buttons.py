# Seat buttons ◀ ▶ ●: polled, debounced, long press = back/menu.
#
# API (firmware/table and boards/*/board.py use only this):
#   LEFT, RIGHT, OK = 0, 1, 2           button numbers (◀ ▶ ●)
#   PRESS, LONG, REPEAT = 1, 2, 3       event kinds
#   Buttons(pins, on_event, ...)        pins[seat] = (pin◀, pin▶, pin●), objects
#                                       with .value() (machine.Pin with pull-up);
#                                       on_event(seat, button, kind) is called
#                                       from poll(), never from an interrupt
#     .poll(now_ms=None)                one sweep over every pin (tests, emulator)
#     async .run()                      poll every poll_ms forever (asyncio task)
#   Debouncer(...).update(pressed, now_ms, edge_ms=None) -> 0 | PRESS | LONG | REPEAT
#                                       the pure logic, one per button; feed it
#                                       samples with timestamps (tests/core);
#                                       edge_ms: when the pin last changed
#                                       (its interrupt), else None
#     .due()                            when it next gives an event if the
#                                       pin stays as it is, or None
#
# Semantics (one Debouncer per button):
# - a raw level counts only after it has been stable for settle_ms (50 ms),
#   from the pin's edge as its interrupt stamped it (where pins have
#   interrupts: a bounce between two samples is seen too), else from the
#   first sample that saw it; the poll loop wakes when a level settles;
# - a button without a long meaning (◀ ▶) gives PRESS on the settled press,
#   and, if repeat_ms > 0, REPEAT every repeat_ms after repeat_after_ms held
#   (a kind of its own, so a number step can speed up while a seat holds ▶;
#   everything else takes it as one more press);
# - a button with a long meaning (● by default) gives LONG once when held for
#   long_ms (timed from the first raw edge), and PRESS on release if LONG was
#   not given. So ● reacts on release, ◀ ▶ on press.
# - the logical level is decided in one place: Buttons._pressed() (active-low:
#   button to GND, pull-up to 3V3, pressed reads 0).
#
# Only this module and boards/ touch pins. No allocation per poll.

try:
    # the host fallbacks below are plain ints, not the stubs' tick types
    from time import ticks_ms, ticks_diff, ticks_add  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython (host)
    import time as _t

    def ticks_ms():
        return int(_t.monotonic() * 1000)  # pyright: ignore[reportAttributeAccessIssue] (CPython's time)

    def ticks_diff(a, b):
        return a - b

    def ticks_add(a, b):
        return a + b

LEFT = 0
RIGHT = 1
OK = 2
PRESS = 1
LONG = 2
REPEAT = 3

SETTLE_MS = 50
LONG_MS = 700
REPEAT_AFTER_MS = 400   # held ◀ ▶: the first repeat ...
REPEAT_MS = 120         # ... and then one every 120 ms (8 a second)
POLL_MS = 10


class Debouncer:
    __slots__ = ("settle", "long_ms", "has_long", "repeat_after", "repeat",
                 "raw", "since", "stamp", "down", "down_at", "long_done", "next_rep")

    def __init__(self, settle_ms=SETTLE_MS, long_ms=LONG_MS, has_long=False,
                 repeat_after_ms=0, repeat_ms=0):
        self.settle = settle_ms
        self.long_ms = long_ms
        self.has_long = has_long
        self.repeat_after = repeat_after_ms
        self.repeat = repeat_ms
        self.raw = False        # last raw sample
        self.since = 0          # time of the last raw edge
        self.stamp = None       # the last interrupt stamp counted (update's edge)
        self.down = False       # settled state
        self.down_at = 0        # raw edge that started the settled press
        self.long_done = False
        self.next_rep = 0

    def update(self, pressed, now, edge=None):
        """Feed one raw sample (True = pressed) taken at `now` (ms); edge:
        when the pin last changed, if an interrupt saw it (else the level
        counts from now). Returns 0, PRESS, LONG or REPEAT."""
        pressed = bool(pressed)
        # a stamp counts once: a level change whose interrupt was not seen
        # (interrupts off a moment) must not count from the stamp of the edge
        # before (a ● would be held since the last press: a LONG at once)
        if edge is not None and self.stamp is not None and ticks_diff(edge, self.stamp) <= 0:
            edge = None
        if pressed != self.raw:
            self.raw = pressed
            self.since = now if edge is None else edge
            if edge is not None:
                self.stamp = edge
        elif edge is not None and ticks_diff(edge, self.since) > 0:
            self.since = edge   # it bounced and came back between two samples
            self.stamp = edge
        if pressed != self.down:
            if ticks_diff(now, self.since) < self.settle:
                return 0
            self.down = pressed
            if pressed:
                self.down_at = self.since
                self.long_done = False
                if self.has_long:
                    return self._long(now)
                if self.repeat:
                    self.next_rep = ticks_add(self.since, self.repeat_after)
                return PRESS
            # settled release
            if self.has_long and not self.long_done:
                return PRESS
            return 0
        if not pressed:
            return 0
        if self.has_long:
            return self._long(now)
        if self.repeat and ticks_diff(now, self.next_rep) >= 0:
            self.next_rep = ticks_add(now, self.repeat)
            return REPEAT
        return 0

    def due(self):
        """When this button next gives an event if its pin stays as it is
        (a level settling, a held ● reaching its long press, a held ◀ ▶ its
        next repeat), or None."""
        if self.raw != self.down:
            return ticks_add(self.since, self.settle)
        if self.down:
            if self.has_long:
                return None if self.long_done else ticks_add(self.down_at, self.long_ms)
            if self.repeat:
                return self.next_rep
        return None

    def _long(self, now):
        if not self.long_done and ticks_diff(now, self.down_at) >= self.long_ms:
            self.long_done = True
            return LONG
        return 0


class Buttons:
    """Every seat's three buttons, polled together."""

    def __init__(self, pins, on_event, settle_ms=SETTLE_MS, long_ms=LONG_MS,
                 poll_ms=POLL_MS, long_buttons=(OK,), repeat_after_ms=REPEAT_AFTER_MS,
                 repeat_ms=REPEAT_MS, active_low=True, clock=None):
        self.pins = pins
        self.on_event = on_event
        self.poll_ms = poll_ms
        self.active_low = active_low
        self.clock = clock or ticks_ms
        self.deb = []
        for seat in range(len(pins)):
            row = []
            for b in range(len(pins[seat])):
                row.append(Debouncer(settle_ms, long_ms, b in long_buttons,
                                     0 if b in long_buttons else repeat_after_ms,
                                     0 if b in long_buttons else repeat_ms))
            self.deb.append(row)
        # when each pin last changed, from its interrupt (None: not seen)
        self.edges = [[None] * len(pins[seat]) for seat in range(len(pins))]
        for seat in range(len(pins)):
            for b in range(len(pins[seat])):
                self._watch(pins[seat][b], self.edges[seat], b)
        self.soon = None        # the earliest due() after the last poll
        self.first = -1         # its button (seat * 8 + button), polled first

    def _watch(self, pin, edges, b):
        """Stamp the pin's edges (both) in an interrupt, so a level counts
        from when it changed, not from the next poll up to poll_ms later;
        a pin without interrupts (tests, the host) is simply polled."""
        irq = getattr(pin, "irq", None)
        if irq is None:
            return
        clock = self.clock

        def on_edge(_pin):
            edges[b] = clock()      # no allocation: safe in a hard interrupt

        trigger = pin.IRQ_FALLING | pin.IRQ_RISING
        try:
            irq(on_edge, trigger, hard=True)
        except TypeError:           # a port without hard interrupts
            irq(on_edge, trigger)

    def _pressed(self, pin):
        # THE one place where the electrical level becomes "pressed".
        v = pin.value()
        return (v == 0) if self.active_low else (v != 0)

    def _edge(self, seat, b, now):
        e = self.edges[seat][b]
        if e is not None and not 0 <= ticks_diff(now, e) < 1000:
            e = None            # not this press's (or stamped after now)
        return e

    def poll(self, now_ms=None):
        now = self.clock() if now_ms is None else now_ms
        on_event = self.on_event
        f = self.first
        if f >= 0:
            # the button the last poll said is due first: a press's answer
            # does not wait for the other 14 (~1.5 ms on the chip, before or
            # after its event); they follow at the next poll, their edges
            # stamped meanwhile
            self.first = -1
            seat = f >> 3
            b = f & 7
            kind = self.deb[seat][b].update(self._pressed(self.pins[seat][b]), now,
                                            self._edge(seat, b, now))
            if kind:
                self.soon = None
                on_event(seat, b, kind)
                return
        soon = None
        first = -1
        for seat in range(len(self.pins)):
            row = self.pins[seat]
            deb = self.deb[seat]
            edges = self.edges[seat]
            for b in range(len(row)):
                d = deb[b]
                e = edges[b]
                if e is not None and not 0 <= ticks_diff(now, e) < 1000:
                    e = None        # not this press's (or stamped after now)
                kind = d.update(self._pressed(row[b]), now, e)
                if kind:
                    on_event(seat, b, kind)
                if d.raw != d.down or d.down:   # else due() is None: skip the call
                    t = d.due()
                    if t is not None and (soon is None or ticks_diff(t, soon) < 0):
                        soon = t
                        first = seat * 8 + b
        self.soon = soon
        self.first = first

    async def run(self):
        try:
            import asyncio
        except ImportError:  # MicroPython < 1.21
            import uasyncio as asyncio
        sleep_ms = getattr(asyncio, "sleep_ms", None)
        # polls on a fixed grid, each sample stamped with its grid time: a
        # sleep of poll_ms after each poll would drift by the poll's own
        # time (~2 ms), and a press settled (settle_ms = 5 periods) would
        # wait for a sixth poll; stamped with the clock, ms rounding and
        # wake-up jitter would do the same at times. A button about to give
        # its event (due(): a level settled since its stamped edge) is
        # polled right then, off the grid: the answer starts up to poll_ms
        # sooner than at the next grid time.
        clock = self.clock
        period = self.poll_ms
        due = clock()
        while True:
            self.poll(due)
            nxt = ticks_add(due, period)
            soon = self.soon
            if soon is not None and ticks_diff(soon, due) > 0 and ticks_diff(soon, nxt) < 0:
                nxt = soon
            due = nxt
            wait = ticks_diff(due, clock())
            if wait < 0:
                # behind (a redraw held the loop): the grid starts again now
                due = clock()
                wait = 0
            if sleep_ms:
                await sleep_ms(wait)
            else:
                await asyncio.sleep(wait / 1000)
