# Seat buttons (firmware/hw/buttons.py): debounce, press/long press, repeat,
# the active-low level, events per seat. Pure logic: samples with timestamps,
# no asyncio, no machine. Expected times worked by hand from the rules in the
# module header (settle 50 ms from the last raw edge, long 700 ms from the
# first raw edge of the press).
from hw.buttons import Buttons, Debouncer, LEFT, LONG, OK, PRESS, REPEAT, RIGHT


def feed(deb, edges, until, step=10):
    """Sample every `step` ms from 0 to `until` (inclusive); `edges` are
    (t, pressed) raw level changes. Returns [(t, kind)] of the events."""
    out = []
    level = False
    k = 0
    t = 0
    while t <= until:
        while k < len(edges) and edges[k][0] <= t:
            level = edges[k][1]
            k += 1
        kind = deb.update(level, t)
        if kind:
            out.append((t, kind))
        t += step
    return out


def test_clean_press_fires_once_after_settling():
    # press at 0, held to 400, released: PRESS when 50 ms stable (t=50),
    # nothing while held, nothing on release
    d = Debouncer()
    assert feed(d, [(0, True), (400, False)], 600) == [(50, PRESS)]


def test_bouncing_contact_gives_one_press():
    # edges every 5 ms, sampled each 5 ms; the last edge (down) at 20:
    # stable from 20, so PRESS at 20 + 50 = 70; release bounces at 300..320,
    # last edge (up) at 320, settled 370: no event for ◀ on release
    edges = [(0, True), (5, False), (10, True), (15, False), (20, True),
             (300, False), (305, True), (310, False), (315, True), (320, False)]
    assert feed(Debouncer(), edges, 500, step=5) == [(70, PRESS)]


def test_glitch_shorter_than_settle_is_ignored():
    # 30 ms and 45 ms pulses never reach the 50 ms settle time
    edges = [(0, True), (30, False), (100, True), (145, False)]
    assert feed(Debouncer(), edges, 400, step=5) == []


def test_ok_short_press_fires_on_release():
    # ●: down 0..200; settled press at 50 (no event), release settles at
    # 200 + 50 = 250 -> PRESS
    d = Debouncer(has_long=True)
    assert feed(d, [(0, True), (200, False)], 500) == [(250, PRESS)]


def test_ok_long_press_fires_once_while_held_and_not_on_release():
    # ●: down 0..1500; LONG at 0 + 700 = 700, nothing more, no PRESS on release
    d = Debouncer(has_long=True)
    assert feed(d, [(0, True), (1500, False)], 2000) == [(700, LONG)]
    # a second, short press afterwards is a normal PRESS: down 2100..2300,
    # release settles at 2350 (fresh debouncer state carried over)
    out = []
    for t in range(2010, 2600, 10):
        k = d.update(2100 <= t < 2300, t)
        if k:
            out.append((t, k))
    assert out == [(2350, PRESS)]


def test_long_threshold_is_configurable():
    # long_ms=300: a 400 ms hold is long (300), a 250 ms hold is a press (250+50)
    assert feed(Debouncer(long_ms=300, has_long=True), [(0, True), (400, False)], 600) == [(300, LONG)]
    assert feed(Debouncer(long_ms=300, has_long=True), [(0, True), (250, False)], 600) == [(300, PRESS)]


def test_repeat_when_held():
    # repeat after 500 ms, then every 200 ms: PRESS at 50, then REPEAT at
    # 0 + 500, 700, 900; released at 1000 -> nothing more
    d = Debouncer(repeat_after_ms=500, repeat_ms=200)
    assert feed(d, [(0, True), (1000, False)], 1400) == [
        (50, PRESS), (500, REPEAT), (700, REPEAT), (900, REPEAT)]


def test_buttons_repeat_arrows_not_ok_by_default():
    # ◀ ▶ held repeat (after 400 ms, every 120 ms); ● held is one LONG
    pins, events, b = _buttons()
    pins[0][RIGHT].v = 0
    pins[1][OK].v = 0
    for t in range(0, 800, 10):
        b.poll(t)
    # ▶: settled at 50, repeats at 400, 520, 640, 760; ● long at 700
    assert events == [(0, RIGHT, PRESS), (0, RIGHT, REPEAT), (0, RIGHT, REPEAT),
                      (0, RIGHT, REPEAT), (1, OK, LONG), (0, RIGHT, REPEAT)]


class FakePin:
    def __init__(self):
        self.v = 1  # pull-up: idle high

    def value(self):
        return self.v


def _buttons(**kw):
    pins = [[FakePin(), FakePin(), FakePin()] for _ in range(3)]
    events = []
    b = Buttons(pins, lambda seat, button, kind: events.append((seat, button, kind)), **kw)
    return pins, events, b


def test_buttons_active_low_events_per_seat():
    pins, events, b = _buttons()
    pins[1][RIGHT].v = 0            # seat 1 presses ▶ at t=0
    pins[2][OK].v = 0               # seat 2 holds ● from t=0
    for t in range(0, 1000, 10):
        if t == 300:
            pins[1][RIGHT].v = 1
        b.poll(t)
    # ▶ settles at 50; ● long at 700; nothing from seat 0
    assert events == [(1, RIGHT, PRESS), (2, OK, LONG)]


def test_buttons_active_high_wiring():
    pins, events, b = _buttons(active_low=False)
    for row in pins:
        for p in row:
            p.v = 0                 # idle low with pull-downs
    pins[0][LEFT].v = 1
    for t in range(0, 200, 10):
        b.poll(t)
    assert events == [(0, LEFT, PRESS)]


def test_buttons_use_the_injected_clock():
    now = [0]
    pins, events, b = _buttons(clock=lambda: now[0])
    pins[0][OK].v = 0
    for t in range(0, 160, 10):
        now[0] = t
        b.poll()
        if t == 100:
            pins[0][OK].v = 1
    # ● read pressed at samples 0..100, released before the sample at 110:
    # the release settles at 110 + 50 = 160, after the loop's last sample
    assert events == []
    now[0] = 160
    b.poll()
    assert events == [(0, OK, PRESS)]


# --- edges stamped by the pin's interrupt, and the poll loop's deadline ---

def test_stamped_edge_counts_from_the_edge_not_the_sample():
    # pressed at 41 (interrupt), first sampled at 50: settled at 91, the
    # sample at 91 gives the press (unstamped it would be 100)
    d = Debouncer()
    assert d.update(True, 50, 41) == 0
    assert d.due() == 91
    assert d.update(True, 90, 41) == 0
    assert d.update(True, 91, 41) == PRESS
    assert d.due() is None            # ◀ ▶ without repeat: nothing more


def test_bounce_between_two_samples_restarts_the_settling():
    # pressed at 0; at 35 it bounced open and closed again between the
    # samples at 30 and 40: the level never looked different, the stamp did
    d = Debouncer()
    assert d.update(True, 0, 0) == 0
    assert d.update(True, 40, 36) == 0
    assert d.due() == 86
    assert d.update(True, 60, 36) == 0   # 50 ms after 0, but not after 36
    assert d.update(True, 86, 36) == PRESS


def test_due_for_a_held_ok_and_a_held_arrow():
    ok = Debouncer(has_long=True)
    assert ok.update(True, 0, 0) == 0
    assert ok.update(True, 50, 0) == 0   # settled: ● waits for long or release
    assert ok.due() == 700
    assert ok.update(True, 700, 0) == LONG
    assert ok.due() is None
    arrow = Debouncer(repeat_after_ms=400, repeat_ms=120)
    assert arrow.update(True, 50, 0) == PRESS
    assert arrow.due() == 400
    assert arrow.update(True, 400, 0) == REPEAT
    assert arrow.due() == 520


class IrqPin(FakePin):
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        super().__init__()
        self.handler = None
        self.trigger = None

    def irq(self, handler, trigger, hard=False):
        self.handler = handler
        self.trigger = trigger
        self.hard = hard

    def set(self, v):
        self.v = v
        self.handler(self)


def test_buttons_stamp_edges_and_know_the_next_deadline():
    now = [0]
    pins = [[IrqPin(), IrqPin(), IrqPin()] for _ in range(2)]
    events = []
    b = Buttons(pins, lambda s, bt, k: events.append((s, bt, k, now[0])), clock=lambda: now[0])
    assert pins[1][OK].trigger == IrqPin.IRQ_FALLING | IrqPin.IRQ_RISING and pins[1][OK].hard
    b.poll(0)
    assert b.soon is None             # nothing pressed: no deadline
    now[0] = 3
    pins[1][OK].set(0)                # ● down at 3
    b.poll(10)
    assert b.soon == 53               # settling from the stamped edge
    for t in (20, 30, 40, 50, 53):
        now[0] = t
        b.poll(t)
    assert b.soon == 703              # settled: the long press's time
    now[0] = 207
    pins[1][OK].set(1)                # released at 207
    b.poll(210)
    assert b.soon == 257
    now[0] = 257
    b.poll(257)
    assert events == [(1, OK, PRESS, 257)]
    assert b.soon is None


def test_stale_or_future_stamps_are_not_used():
    now = [0]
    pins = [[IrqPin(), IrqPin(), IrqPin()]]
    events = []
    b = Buttons(pins, lambda s, bt, k: events.append((s, bt, k)), clock=lambda: now[0])
    now[0] = 5
    pins[0][LEFT].set(0)
    pins[0][LEFT].set(1)              # a press at 5, gone before any sample
    for t in range(0, 2000, 10):
        b.poll(t)
    assert events == []
    b.edges[0][LEFT] = 1995           # stamped after the sample's time
    pins[0][LEFT].v = 0
    b.poll(1990)
    assert b.deb[0][LEFT].since == 1990


def test_a_stale_stamp_is_not_a_new_edge():
    # ● pressed at 0, released at 200 (both stamped); pressed again at 900
    # but its interrupt was not seen: the stamp is still 200's. The level
    # counts from the sample (900), not from 200: no LONG at once
    d = Debouncer(has_long=True)
    assert d.update(True, 10, 0) == 0
    assert d.update(True, 50, 0) == 0
    assert d.update(False, 210, 200) == 0
    assert d.update(False, 250, 200) == PRESS
    assert d.update(True, 900, 200) == 0
    assert d.since == 900
    assert d.update(True, 950, 200) == 0      # settled down, not held 700 ms
    assert d.due() == 1600
    assert d.update(False, 1000, 200) == 0
    assert d.update(False, 1050, 200) == PRESS


def test_the_due_button_is_polled_first_and_alone():
    # seat 2's ● settles first (due at 257), seat 0's ◀ later (270): the
    # poll at 257 gives ● without reading another pin (the answer starts
    # at once); ◀ comes with a later poll, counted from its stamped edge
    now = [0]
    reads = [0]

    class Counted(IrqPin):
        def value(self):
            reads[0] += 1
            return self.v
    pins = [[Counted(), Counted(), Counted()] for _ in range(3)]
    events = []
    b = Buttons(pins, lambda s, bt, k: events.append((s, bt, k, now[0])), clock=lambda: now[0])
    now[0] = 3
    pins[2][OK].set(0)
    for t in (10, 20, 53, 100, 200):
        now[0] = t
        b.poll(t)
    now[0] = 207
    pins[2][OK].set(1)                # ● released at 207: due at 257
    now[0] = 220
    pins[0][LEFT].set(0)              # ◀ down at 220: due at 270
    b.poll(230)
    assert b.soon == 257 and b.first == 2 * 8 + OK
    reads[0] = 0
    now[0] = 257
    b.poll(257)
    assert events == [(2, OK, PRESS, 257)] and reads[0] == 1
    assert b.first == -1
    now[0] = 262
    b.poll(262)                       # the next poll: all of them
    assert reads[0] == 1 + 9 and b.soon == 270 and b.first == LEFT
    now[0] = 270
    b.poll(270)
    assert events[1:] == [(0, LEFT, PRESS, 270)]
