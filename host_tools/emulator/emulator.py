#!/usr/bin/env python3
"""The tarockbox emulator: the real firmware/table app on boards/HOST.

    python host_tools/emulator/emulator.py                 # window if there is a display, else bots
    python host_tools/emulator/emulator.py --bots          # bots play a deal at every seat (headless)
    python host_tools/emulator/emulator.py --bots --family french --players 5 --deals 3
    python host_tools/emulator/emulator.py --script FILE   # button presses from a script file

The seat screens are emulated SSD1306 controllers (host_tools/emulator/emu_ssd1306.py)
that decode the I2C bytes of the real driver (firmware/hw/display.py over
adafruit_ssd1306); the buttons are emulated pins read by the real debouncer
(firmware/hw/buttons.py) on a virtual clock. With a display (and pygame) all
seat screens sit side by side in a window, with keys and clickable buttons:
seat 1: 1 2 3, seat 2: q w e, seat 3: a s d, seat 4: y x c (or z), seat 5:
b n m, for ◀ ▶ ●; hold ● for the menu/back; p saves the window as a PNG in
--out. Headless (no DISPLAY, or SDL_VIDEODRIVER=dummy) bots play and it writes
PNG screenshots, a text transcript, the deals as the table tells them (in its
language) and the score sheet.

Options: --family, --preset, --players and --mode set the setup form, the same
for the bots and for the window (which opens on it, one ● from the start); a
--storage with an open party resumes it instead (one line says so). --deals is
the bots' (one line says so when a window opens instead); --scale is the
window's and the PNGs'. The emulator's files of its previous run in --out are
removed first (it lists what it writes in --out/.emulator-files); other files
there stay.

Script files (UTF-8): one line per run of presses of one seat, `<seat> <keys>`
with keys `<` ◀, `>` ▶, `o` ●, `O` long ● (seats from 0), e.g. `2 >>o`; a `+`
after `<` or `>` keeps it held for one more repeat (`>+++`: ▶ held until it
has repeated three times, one press for the table). Other
lines: `pull <seat>` / `plug <seat>` (unplug / replug that display),
`snap <name>` (a screenshot: <name>.png in --out, a file name, no folder),
`bots` (bots play until the deal is over; bots that cannot go on from the
screens as the presses left them end the run with one line, status 1),
`wait <seconds>` (time passes without a press: the panels dim after the
board's CARE, a static screen moves by a pixel; then `snap` shows it),
`# comment`; before those, `seed <n>` and `seats <2-5>`
header lines (as host_tools/golden/device_runs.py writes them) stand for
--seed and --seats. The whole script is checked before anything runs: a bad
line or option is one line on stderr and exit status 2, with nothing written.
A UTF-8 byte order mark at the start is allowed.
"""
import argparse
import contextlib
import os
import re
import sys
from typing import Any, Callable

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()
import hostenv  # noqa: E402

KEYS = {"<": (0, 1), ">": (1, 1), "o": (2, 1), "O": (2, 2)}
KEY_OF = {(0, 1): "<", (1, 1): ">", (2, 1): "o", (2, 2): "O", (0, 3): "+", (1, 3): "+"}
REPEAT_KEY = "+"    # after < or >: held for one more repeat (hw.buttons REPEAT)
POLL_MS = 10
HOLD_MS = 60        # a short press: longer than the 50 ms settle time
LONG_MS = 800       # a long press of ●: longer than the 700 ms threshold
TICK_MS = 1000      # the app's tick (App.run's watch: 20 ms x 50)


class Press:
    """One delivered button event and what it cost on the bus."""
    __slots__ = ("seat", "button", "kind", "bytes", "bits", "own_bytes", "own_bits", "flow")

    def __init__(self, seat, button, kind, nbytes, bits, own_bytes, own_bits, flow=""):
        self.flow = flow
        self.seat = seat
        self.button = button
        self.kind = kind
        self.bytes = nbytes
        self.bits = bits
        self.own_bytes = own_bytes
        self.own_bits = own_bits

    def own_us(self, freq=400000):
        return self.own_bits * 1000000 // freq

    def all_us(self, freq=400000):
        return self.bits * 1000000 // freq


class Emulator:
    """The app on emulated hardware, stepped on a virtual clock."""

    def __init__(self, seats=5, seed=1, record=True, storage=None):
        self.board = hostenv.setup("HOST")
        self.hw = self.board.reset(seats)
        self.n = seats
        self.displays = self.board.make_displays(seats)
        from table.app import App
        from table import ui
        self.ui = ui
        self.app = App(self.displays, seed=seed, storage=storage, care=self.board.CARE)
        self.app.strict = True  # pyright: ignore[reportAttributeAccessIssue] (a test switch App reads by getattr)
        self.now = 0
        self.buttons = self.board.make_buttons(self._event, n=seats,
                                               clock=lambda: self.now)
        self.presses = []          # Press per delivered event
        self.script = []           # the presses as script lines (seat, keys)
        self.transcript = [] if record else None
        self.watch: Callable | None = None   # callback(emu) after every event (tests)
        self.press_budget: int | None = None  # presses left to a bot move (play_deal)
        self.on_file: Callable | None = None  # on_file(path) before a file is written (main)
        self._shown = [None] * seats
        # held while the table changes when the device's page is served
        # from a thread of its own (serve_web): a page reads a whole sheet
        self.lock: Any = contextlib.nullcontext()
        self.app.refresh()
        self.app.settled()      # as the board's loop, once the screens are drawn
        self._log_screens("start")

    # ------------------------------------------------------------ input
    def _event(self, seat, button, kind):
        with self.lock:
            self._on_event(seat, button, kind)

    def _on_event(self, seat, button, kind):
        before = [(d.stats.bytes, d.stats.bits) for d in self.displays]
        flow = type(self.app.flow).__name__
        self.app.on_event(seat, button, kind)
        self.app.refresh()
        self.app.settled()
        nb = bits = 0
        for i, d in enumerate(self.displays):
            nb += d.stats.bytes - before[i][0]
            bits += d.stats.bits - before[i][1]
        d = self.displays[seat]
        self.presses.append(Press(seat, button, kind, nb, bits,
                                  d.stats.bytes - before[seat][0],
                                  d.stats.bits - before[seat][1], flow))
        key = KEY_OF.get((button, kind), "?")
        if self.script and self.script[-1][0] == seat:
            self.script[-1][1] += key
        else:
            self.script.append([seat, key])
        self._log_screens("%d %s" % (seat, key))
        if self.watch:
            self.watch(self)

    def step(self):
        """POLL_MS of the virtual clock: the buttons polled, and every
        TICK_MS the app's tick (the board's loop: App._watch), its moved
        screens drawn."""
        self.now += POLL_MS
        self.buttons.poll(self.now)
        if self.now % TICK_MS == 0:
            with self.lock:
                if self.app.tick(TICK_MS):
                    self.app.refresh()

    def _run(self, ms):
        end = self.now + ms - ms % POLL_MS
        while self.now < end:
            if self._still():
                # the polls would change nothing: time goes on to the next
                # tick (minutes of a script's `wait` in a moment)
                self.now = min(end, (self.now // TICK_MS + 1) * TICK_MS)
                if self.now % TICK_MS == 0 and self.app.tick(TICK_MS):
                    self.app.refresh()
            else:
                self.step()

    def _still(self):
        """Every button up and settled: a poll would be a no-op."""
        for pins, debs in zip(self.hw.pins, self.buttons.deb):
            for p, d in zip(pins, debs):
                if not p.level or d.raw or d.down:
                    return False
        return True

    def press(self, seat, key, repeats=0):
        """key: '<' '>' 'o' 'O' (long ●), through the pins and the debouncer;
        repeats: ◀ ▶ held until the debouncer repeated them that often (one
        press of the seat's, however long it is held)."""
        from hw import buttons as B
        if self.press_budget is not None:
            if self.press_budget <= 0:
                raise Stuck("a bot move took more than %d presses" % STEP_PRESSES)
            self.press_budget -= 1
        button, kind = KEYS[key]
        if repeats and button == B.OK:
            raise ValueError("only < and > repeat when held")
        pin = self.hw.pins[seat][button]
        pin.press()
        if repeats:
            # settle, the first repeat after REPEAT_AFTER_MS, then one every REPEAT_MS
            self._run(B.SETTLE_MS + B.REPEAT_AFTER_MS + (repeats - 1) * B.REPEAT_MS
                      + B.REPEAT_MS // 2)
        else:
            self._run(LONG_MS if kind == 2 else HOLD_MS)
        pin.release()
        self._run(HOLD_MS + POLL_MS)

    def keys(self, seat, keys):
        """A run of keys as a script writes them: '>>o', '>+++o' (▶ held
        for three repeats, then ●)."""
        i = 0
        while i < len(keys):
            k = keys[i]
            n = 0
            while i + 1 + n < len(keys) and keys[i + 1 + n] == REPEAT_KEY:
                n += 1
            self.press(seat, k, n)
            i += 1 + n

    def idle(self, ms=100):
        """Time passes: the app's loop polls displays that are offline."""
        self._run(ms)
        self.app.poll_displays()
        self.app.refresh()
        self._log_screens("poll")

    def pull(self, seat):
        self.hw.panels[seat].unplug()

    def plug(self, seat):
        self.hw.panels[seat].plug()

    # ------------------------------------------------------------ output
    def model(self, seat):
        return self.app.model(seat)

    def text(self, seat):
        """The seat's screen as text lines (from the model on the screen)."""
        rows = self.app.seats[seat].rows
        return self.ui.to_text(self.app.deck, rows) if rows is not None else []

    def _log_screens(self, what):
        if self.transcript is None:
            return
        self.transcript.append("> " + what)
        changed = []
        for i in range(self.n):
            rows = self.app.seats[i].rows
            if rows is not self._shown[i] and rows != self._shown[i]:
                self._shown[i] = rows
                changed.append((i, " | ".join(self.text(i))))
        # seats showing the same screen share one line: "0,1,2| ..."
        while changed:
            i, t = changed.pop(0)
            same = [str(i)]
            for j, u in changed[:]:
                if u == t:
                    same.append(str(j))
                    changed.remove((j, u))
            self.transcript.append("  %s| %s" % (",".join(same), t))

    def glass_matches(self, seat):
        """Do the controller's pixels equal the driver's framebuffer?"""
        p = self.hw.panels[seat]
        buf = self.displays[seat].canvas.buffer
        return p.display_on and p.ram == bytes(buf[1:])

    def image(self, scale=2, gap=6):
        """All seat screens side by side (PIL image)."""
        from PIL import Image
        ims = [p.to_image(scale) for p in self.hw.panels]
        w = sum(i.width for i in ims) + gap * (len(ims) - 1)
        out = Image.new("RGB", (w, ims[0].height), (40, 40, 40))
        x = 0
        for im in ims:
            out.paste(im, (x, 0))
            x += im.width + gap
        return out

    def snap(self, path, scale=2):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        if self.on_file is not None:
            self.on_file(path)
        self.image(scale).save(path, "PNG")
        return path

    def ascii(self, seat):
        """The glass of one seat as half-block text (2 pixel rows a line)."""
        rows = self.hw.panels[seat].rows()
        chars = " \u2580\u2584\u2588"
        out = []
        for y in range(0, len(rows), 2):
            a, b = rows[y], rows[y + 1]
            out.append("".join(chars[a[x] + 2 * b[x]] for x in range(len(a))).rstrip())
        return out


# ---------------------------------------------------------------- bots
# Bots press buttons like people: they read what their seat is offered (the
# flow's choices), decide, and press ◀ ▶ until it is highlighted, then ●.

def _steer(emu, seat, get, want, wrap=True):
    """Press ▶ (or ◀, whichever is shorter) until get() == want, then ●.
    wrap=False: never round the end (the play's cards: past the first and
    the last card lie pages, where get() gives None; a person going round
    passes them, the bots go the straight way)."""
    opts, cur = get()
    n = len(opts)
    if cur not in opts:         # on a page away from the choices: back to them
        emu.press(seat, "o")
        opts, cur = get()
    i = list(opts).index(cur)
    j = list(opts).index(want)
    fwd = (j - i) % n
    key = ">" if fwd <= n - fwd else "<"
    if not wrap:
        key = ">" if j > i else "<"
    for _ in range(3 * n + 8):
        if get()[1] == want:
            break
        emu.press(seat, key)
    assert get()[1] == want, (get()[1], want)
    emu.press(seat, "o")


def bot_step(emu, rng, entry=None, decide=None):
    """One decision of whichever seat has to act; False when nothing to do.
    entry: a function giving the result to enter in the score entry;
    decide(deal, rng): the bots' choice in a virtual deal (play.bot_action)."""
    import play
    from table.flows.setup import Setup
    from table.flows.idle import Idle
    from table.flows.play import Play
    from table.flows.aid import Aid
    from table.flows.entry import Entry
    app = emu.app
    f = app.flow
    used = app.cfg.used
    if isinstance(f, Setup):
        if f.naming:
            return False        # a person is choosing names
        _setup_row(emu, "Start")
        emu.press(0, "o")
        return True
    if isinstance(f, Idle):
        return False
    if isinstance(f, Play):
        if f.deltas is not None:
            for d in used:
                if not f.ok[d]:
                    emu.press(d, "o")
                    return True
            return False
        deal = f.deal
        if decide is None:
            decide = play.bot_action if app.cfg.family == "koenigrufen" else generic_bot(f.g)
        want = decide(deal, rng)
        disp = f.disp_of(deal.to_move)
        _steer(emu, disp, lambda: f.choices(disp), want, wrap=not f.g.is_card(want))
        return True
    if isinstance(f, Aid):
        if f.stage == 0:
            disp = used[f.cutter]
            _steer(emu, disp, lambda: f.choices(disp), 0)
        elif f.stage == 1:
            emu.press(used[app.cfg.dealer], "o")
        else:
            emu.press(used[f.seats[0]], "o")
        return True
    if isinstance(f, Entry):
        enter(emu, f, entry(emu) if entry else None)
        return True
    return False


def generic_bot(g):
    """A bot for any family: cards at random among the legal ones; otherwise
    the glue's first offer (Pass where legal) every other time, else any."""
    def decide(deal, rng):
        legal = deal.legal_actions()
        if g.is_card(legal[0]) or rng.below(2):
            return legal[rng.below(len(legal))]
        return g.default_choice(deal, legal)
    return decide


def _move(emu, seat, n):
    """Move a pick or list cursor n places (negative: back): one held press,
    repeating like a person holding ◀ or ▶."""
    if n:
        emu.press(seat, ">" if n > 0 else "<", abs(n) - 1)


def _cyc(opts, cur, want):
    """The shorter signed way from cur to want round the list opts."""
    n = len(opts)
    fwd = (opts.index(want) - opts.index(cur)) % n
    return fwd if fwd <= n - fwd else fwd - n


def held(repeats):
    """What a press held for `repeats` repeats is worth in taps: one per
    second held, rounded up (issue 37: a hand on a button for three
    seconds is three taps' time)."""
    from hw import buttons as B
    if not repeats:
        return 1
    return (B.REPEAT_AFTER_MS + (repeats - 1) * B.REPEAT_MS + 999) // 1000


def _number_keys(v, want, lo, hi, halves):
    """The fewest presses from v to want on a number step: (key, repeats)
    per press; a held key repeats and speeds up (table.flows.entry.stride)
    and counts one press per second held (issue 37's counting: held)."""
    from table.flows.entry import stride
    best = None
    for d in (1, -1):
        for r in range(60):
            x = v + d
            x = min(hi, max(lo, x))     # a number stops at its ends (no wrap)
            for i in range(1, r + 1):
                x = min(hi, max(lo, x + d * stride(i, halves)))
            rest = want - x
            cost = held(r) + abs(rest)
            if best is None or cost < best[0]:
                keys = [(">" if d > 0 else "<", r)]
                keys += [(">" if rest > 0 else "<", 0)] * abs(rest)
                best = (cost, keys)
    if v == want:
        return []
    assert best is not None
    return best[1] if best[0] < abs(want - v) else [(">" if want > v else "<", 0)] * abs(want - v)


def enter_refused_valat(emu):
    """At a Königrufen table in score-only mode, seat 0 opens the entry and
    enters what the scorer refuses (Valat made by a declarer's party that
    lost the game). Returns (the entry flow, the RuntimeError enter()
    raised: the refusal)."""
    from table.flows.entry import Entry
    from tarock.koenigrufen import profiles as P
    emu.press(0, "o")                       # start: score only
    f = emu.app.flow
    assert isinstance(f, Entry)
    e = dict(f.e)
    e["partner"] = 2
    e["points"] = 35                        # lost
    e["bonus"] = list(f.e["bonus"])
    e["bonus"][P.VALAT] = 1                 # yet Valat made by the declarer
    try:
        enter(emu, f, e)
    except RuntimeError as ex:
        return f, ex
    raise AssertionError("the entry was accepted")


def enter(emu, f, target):
    """Walk the score entry to the values of target (a dict like the
    glue's entry_init(); None: take what each step opens on) by the
    shortest script (holds where they save presses), then every seat
    confirms. A step the entry passed (the opener declares; a correction
    opens on its values; the partner claimed at his seat) is reached back
    with hold ● when target wants it otherwise; a partner to claim claims
    with ● at his seat on the confirm page (his confirmation too)."""
    from table.flows.entry import CLAIM
    app = emu.app
    seat = f.owner          # the seat that opened the entry moves it
    for _ in range(3):      # an item a person left open: taken as it stands
        if f.item < 0 or f.step >= len(f.steps()):
            break
        emu.press(seat, "o")

    def want(key, idx):
        if target is None:
            return f._get(key, idx)
        return target[key][idx] if idx >= 0 else target[key]

    def passed():
        """The first pick before the entry's step that target wants
        otherwise (a claim to come aside), or None."""
        if target is None:
            return None
        st = f.steps()
        for k in range(min(f.step, len(st))):
            s = st[k]
            if s[0] == "pick" and f.e[s[1]] != want(s[1], -1) and not (
                    f.e[s[1]] == CLAIM and want(s[1], -1) >= 0):
                return k
        return None
    while f.step < len(f.steps()) or passed() is not None:
        k = passed()
        if k is not None:
            while f.step > k:
                emu.press(seat, "O")     # hold ●: a step back
            continue
        s = f.steps()[f.step]
        if s[0] == "pick":
            vals = [o[0] for o in s[3]]
            _move(emu, seat, _cyc(vals, f.e[s[1]], want(s[1], -1)))
            assert f.e[s[1]] == want(s[1], -1), (s, f.e[s[1]])
            emu.press(seat, "o")
        elif s[0] == "number":
            key, idx = s[1], s[2]
            for k, r in _number_keys(f._get(key, idx), want(key, idx), s[4], s[5],
                                     len(s) > 6 and s[6]):
                emu.press(seat, k, r)
            assert f._get(key, idx) == want(key, idx), (s, f._get(key, idx))
            emu.press(seat, "o")
        else:
            res = s[3] if len(s) > 3 else None
            top = len(res[1]) if res else 1

            def rows():
                return list(range(len(f.steps()[f.step][2]) + top))
            k = 0
            while k < len(f.steps()[f.step][2]):
                it = f.steps()[f.step][2][k]
                kk = it[5]
                need = it[1] is not None and f._get(it[1], it[2]) != want(it[1], it[2])
                kneed = kk is not None and f._get(kk[0], kk[1]) != want(kk[0], kk[1])
                if need or kneed:
                    _move(emu, seat, _cyc(rows(), f.row, k + top))
                    emu.press(seat, "o")        # open it (a Kontra alone: given)
                    it = f.steps()[f.step][2][k]
                    if it[1] is None and kk is not None and f.item < 0 and f._get(kk[0], kk[1]) != want(kk[0], kk[1]):
                        # a Kontra given (the game's: the cursor went to the
                        # top): back on it, open it to raise it
                        _move(emu, seat, _cyc(rows(), f.row, k + top))
                        emu.press(seat, "o")
                    if it[1] is not None:
                        _move(emu, seat, _cyc(list(it[3]), f._get(it[1], it[2]),
                                              want(it[1], it[2])))
                        emu.press(seat, "o")    # take it; an announced one asks its Kontra
                    if f.kpick:
                        kk = f.steps()[f.step][2][k][5]
                        _move(emu, seat, _cyc(list(kk[2]), f._get(kk[0], kk[1]),
                                              want(kk[0], kk[1])))
                        emu.press(seat, "o")
                    assert f.item < 0
                k += 1
            end = 0
            if res:
                vals = [o[0] for o in res[1]]
                end = vals.index(want(res[0], -1)) if want(res[0], -1) in vals else 0
            while f.row != end:
                _move(emu, seat, _cyc(rows(), f.row, end))
            emu.press(seat, "o")
    c = f._claim() if f.deltas is None and not f.error else None
    if c is not None:   # the partner claims it at his seat
        p = want(c[1], -1) if target is not None else CLAIM
        if p < 0:           # left to claim: the first player offered claims it
            p = c[3][1][0]
        emu.press(app.cfg.used[f.seats[p]], "o")
    if f.deltas is None:
        raise RuntimeError("entry refused: " + f.error)
    for p in range(len(f.seats)):
        d = app.cfg.used[f.seats[p]]
        if app.flow is not f:
            break       # confirmed by as many as the table asks (Setup's Confirm)
        # a seat the table still waits for (the declarer's side first when
        # one opponent is enough: Setup's Confirm)
        if not f.ok[d] and (not app.cfg.confirm or f.name(p) in f._waiting()[:2]):
            emu.press(d, "o")
    if app.flow is f:
        for p in range(len(f.seats)):
            d = app.cfg.used[f.seats[p]]
            if app.flow is f and not f.ok[d]:
                emu.press(d, "o")


def ask(emu, seat, label):
    """Seat opens its menu and chooses `label` (its words on the screen, or
    its table.lang key: "m_end"), e.g. a table-wide action: the table is
    asked."""
    emu.press(seat, "O")
    m = emu.app.seats[seat].menu
    for _ in range(len(m.items)):
        if label in (m.items[m.i], m.keys[m.i]):
            break
        emu.press(seat, ">")
    assert label in (m.items[m.i], m.keys[m.i]), (label, m.items)
    emu.press(seat, "o")


def _repick(emu, f, k):
    """The entering seat: hold ● back to step k (from the confirm page:
    back into the form, what was entered kept), ▶ its next choice, ● on
    to the confirm page again."""
    seat = f.owner
    while f.step > k:
        emu.press(seat, "O")
    emu.press(seat, ">")
    while f.step < len(f.steps()):
        emu.press(seat, "o")


def fix_contract(emu, f):
    """A slip fixed by the entering seat on the confirm page: back to the
    contract step, the next contract taken, confirmed again."""
    _repick(emu, f, next(i for i, s in enumerate(f.steps()) if s[1] == "contract"))
    assert f.deltas is not None, f.error


def to_confirm(emu):
    """The score entry with what each step opens on, up to its confirm
    step; a partner to claim at his seat picked by the owner instead (the
    first player offered). The owner's ● that ended the form is his
    confirmation (journalled with the next seat's); no other seat has
    confirmed. Returns the flow."""
    f = emu.app.flow
    seat = f.owner
    while f.step < len(f.steps()):
        emu.press(seat, "o")
    c = f._claim() if f.deltas is None and not f.error else None
    if c is not None:                    # the pick, its first player offered
        _repick(emu, f, f.steps().index(c))
    assert f.deltas is not None and [d for d in range(len(f.ok)) if f.ok[d]] in ([], [seat]), f.error
    return f


STALL = 6          # bot moves in a row that change nothing: the bots are stuck
STEP_PRESSES = 2000  # presses one bot move may take (a whole score entry takes ~100)


def _progress(emu):
    """Where the table stands, as far as the bots move it: the flow, the
    deals played, the actions of a deal, a score entry's step and values,
    the confirmations. A bot move that changes none of it did nothing."""
    app = emu.app
    f = app.flow
    st = [type(f).__name__, id(f), app.deals, app.vote is not None]
    for k in ("step", "stage", "gen", "item", "kpick", "cur", "naming"):
        st.append(getattr(f, k, None))
    st.append(len(getattr(f, "actions", ())))
    st.append(tuple(getattr(f, "ok", ())))
    st.append(getattr(f, "deltas", None) is not None)
    return tuple(st)


def _where(emu):
    """The screens the bots could not go on from, in words."""
    app = emu.app
    out = [type(app.flow).__name__]
    for i, s in enumerate(app.seats):
        if s.menu is not None:
            out.append("seat %d's menu is open" % i)
    if app.vote is not None:
        out.append("the table is asked a question")
    if getattr(app.flow, "naming", False):
        out.append("names are being chosen")
    return ", ".join(out)


def play_deal(emu, rng, entry=None, decide=None, limit=5000):
    """Bots act until the deal is over and the table is idle again; Stuck
    (bounded: STALL moves that change nothing, STEP_PRESSES presses in one
    move, limit moves) when they cannot go on from the screens as they are."""
    from table.flows.idle import Idle
    start = emu.app.deals
    still = 0
    try:
        for _ in range(limit):
            if isinstance(emu.app.flow, Idle) and emu.app.deals > start:
                return True
            before = _progress(emu)
            emu.press_budget = STEP_PRESSES
            if isinstance(emu.app.flow, Idle):
                emu.press(emu.app.cfg.used[0], "o")   # next deal
            elif not bot_step(emu, rng, entry, decide):
                return False
            still = still + 1 if _progress(emu) == before else 0
            if still >= STALL:
                raise Stuck("%d bot moves changed nothing: %s" % (STALL, _where(emu)))
    finally:
        emu.press_budget = None
    raise Stuck("the deal did not end after %d bot moves: %s" % (limit, _where(emu)))


def entry_values(emu, s):
    """The score-entry values for Summary s at emu's table, as a person
    would enter them: the family glue's entry_values (its inverse of
    entry_summary)."""
    app = emu.app
    return app.deck.entry_values(app.cfg.profile(), s)


def core_deal(profile, seed, cutter, decide=None):
    """A deal played in the rules core alone (the physical cards' stand-in)."""
    import play
    from tarock.koenigrufen import rules as K
    from tarock.rng import Rng
    st = K.Deal(profile, seed=seed, cutter=cutter)
    rng = Rng(seed)
    while st.phase != K.PH_DONE:
        st.apply((decide or play.bot_action)(st, rng))
    return st


def setup_table(emu, players=None, mode=0, names=None, family=None, preset=None, dealer: int | None = 0,
                end=None, lang=None):
    """Choose game, players and mode on the setup form with button presses;
    names (per display): picked from the remembered list, or typed;
    dealer: the first dealer's table seat (None: as drawn); end: an index
    into the End row's choices (None: the profile's own); lang: the
    screens' language (a table.lang code; None: the family's)."""
    from table.flows.setup import Setup
    f = emu.app.flow
    assert isinstance(f, Setup)
    c = emu.app.cfg

    def goto(name):
        _setup_row(emu, name)
    if family is not None:
        goto("Game")
        while c.family != family:
            emu.press(0, "o")
    if preset is not None:
        goto("Rules")
        while c.preset != preset:
            emu.press(0, "o")
    if players is not None:
        goto("Players")
        while c.players != players:
            emu.press(0, "o")
    if dealer is not None and c.dealer != dealer:
        goto("Dealer")
        while c.dealer != dealer:
            emu.press(0, "o")
    if end:
        goto("End")
        while f.end != end:
            emu.press(0, "o")
    if mode:
        goto("Mode")
        while c.mode != mode:
            emu.press(0, "o")
    if lang is not None and c.language() != lang:
        goto("Language")
        while c.language() != lang:
            emu.press(0, "o")
    if names:
        goto("Names")
        emu.press(0, "o")
        for d in range(emu.n):
            if c.table_seat(d) >= 0:
                pick_name(emu, d, names[d])
    goto("Start")


def _setup_row(emu, name):
    """Seat 0 moves the setup form's cursor to row `name` the shorter way."""
    from table.flows.setup import ROWS
    f = emu.app.flow
    k = ROWS.index(name)
    rows = f._rows()
    fwd = (rows.index(k) - rows.index(f.cur)) % len(rows)
    key = ">" if fwd <= len(rows) - fwd else "<"
    for _ in range(len(rows)):
        if f.cur == k:
            break
        emu.press(0, key)
    assert f.cur == k, (name, ROWS[f.cur])


def _wheel(emu, seat, steps, n):
    """Move a wheel of n entries by steps (mod n) the shortest way (_move:
    one press, held for the repeats beyond the first step)."""
    fwd = steps % n
    _move(emu, seat, fwd if fwd <= n - fwd else fwd - n)


def pick_name(emu, seat, name):
    """Display `seat` takes `name`: from its list of names if there, else
    typed (type_name)."""
    from table.flows.setup import NEW_NAME
    f = emu.app.flow
    ls = f.offered(seat)
    want = name if name in ls else NEW_NAME
    i = ls.index(f.cand[seat]) if f.cand[seat] in ls else 0
    _wheel(emu, seat, ls.index(want) - i, len(ls))
    if want is NEW_NAME:
        type_name(emu, seat, name)
    else:
        emu.press(seat, "o")


def type_name(emu, seat, name):
    """Type a name with the name editor (from the seat's list of names:
    to "new name", open it, the letters, done)."""
    from table.flows.setup import LETTERS, ED_OK, ED_SPACE, ED_FIRST, NEW_NAME
    f = emu.app.flow
    n = ED_FIRST + len(LETTERS)
    if not f.typing[seat]:
        ls = f.offered(seat)
        i = ls.index(f.cand[seat]) if f.cand[seat] in ls else 0
        _wheel(emu, seat, ls.index(NEW_NAME) - i, len(ls))
        emu.press(seat, "o")
    for ch in name:
        k = ED_SPACE if ch == " " else ED_FIRST + LETTERS.index(ch.upper() if ch != "\u00df" else ch)
        _wheel(emu, seat, k - f.ed[seat], n)
        emu.press(seat, "o")
    _wheel(emu, seat, ED_OK - f.ed[seat], n)
    emu.press(seat, "o")


# ---------------------------------------------------------------- scripts

class ScriptError(ValueError):
    """A script line that cannot run; the message names the line and what is accepted."""


SCRIPT_LINES = ("`<seat> <keys>`, `pull <seat>`, `plug <seat>`, `snap <name>`, `bots`, "
                "`wait <seconds>`, `seed <n>`, `seats <2-5>`")
WAIT_MAX = 86400     # a script's wait: up to a day


def parse_script(lines, seats=4):
    """Check every line before anything runs, so that a bad line cannot leave
    half a run (screenshots, a journal) behind. Returns (header, steps):
    header {"seed": n, "seats": n} from the header lines, steps [(line
    number, command, argument)] with command "keys" (argument (seat, keys)),
    "pull", "plug" (a seat), "snap" (a name), "wait" (seconds) or "bots". Seats are checked
    against the header's `seats`, else against `seats`."""
    header, steps = {}, []
    for no, line in enumerate(lines, 1):
        parts = line.split("#", 1)[0].split()
        if not parts:
            continue
        cmd, args = parts[0], parts[1:]

        def bad(what):
            raise ScriptError("line %d: %s" % (no, what))

        def seat(word):
            n = header.get("seats", seats)
            # digits only: int() would also take "-1" (the last seat), "+1", "١"  # noqa: RUF003
            if not (re.fullmatch("[0-9]{1,3}", word) and int(word) < n):
                bad("unknown seat %r, seats are 0-%d" % (word, n - 1))
            return int(word)

        if cmd in ("seed", "seats"):
            if steps or cmd in header:
                bad("`%s` only once, before the first press or command" % cmd)
            if len(args) != 1 or not re.fullmatch("-?[0-9]{1,20}", args[0]):
                bad("`%s` takes one whole number" % cmd)
            header[cmd] = int(args[0])
            if cmd == "seats" and not 2 <= header[cmd] <= 5:
                bad("seats %s: 2 to 5 seats" % args[0])
        elif cmd in ("pull", "plug"):
            if len(args) != 1:
                bad("`%s <seat>` takes one seat" % cmd)
            steps.append((no, cmd, seat(args[0])))
        elif cmd == "snap":
            if len(args) != 1:
                bad("`snap <name>` takes one name (no spaces)")
            why = snap_name_problem(args[0])
            if why:
                bad("snap %r: %s; give a file name (no folder, no dot first), written "
                    "inside --out with .png added" % (args[0], why))
            steps.append((no, cmd, snap_file(args[0])))
        elif cmd == "bots":
            if args:
                bad("`bots` takes nothing after it")
            steps.append((no, cmd, None))
        elif cmd == "wait":
            if len(args) != 1 or not re.fullmatch("[0-9]{1,6}", args[0]) \
                    or not 1 <= int(args[0]) <= WAIT_MAX:
                bad("`wait <seconds>` takes one whole number of seconds, 1-%d" % WAIT_MAX)
            steps.append((no, cmd, int(args[0])))
        elif re.fullmatch("[-+]?[0-9]+", cmd):   # meant as a seat
            s = seat(cmd)
            if len(args) != 1:
                bad("`<seat> <keys>` takes one word of keys < > o O (no spaces)")
            wrong = [k for k in args[0] if k not in KEYS and k != REPEAT_KEY]
            if wrong:
                bad("unknown key %r, keys are < > o O (O: long press), + after < > "
                    "(held one repeat more)" % wrong[0])
            held = re.search("(^|[^<>+])[+]", args[0])
            if held:
                bad("`+` holds the < or > before it; %r has none" % args[0])
            steps.append((no, "keys", (s, args[0])))
        else:
            bad("unknown command %r, lines are %s or `# comment`" % (cmd, SCRIPT_LINES))
    return header, steps


SNAP_MAX = 200   # bytes of a snap's file name (file systems take 255)


def snap_name_problem(name):
    """What makes `name` no snap name, or "": a snap is a file name in
    --out, never a path (no / or \\, no . or .. or hidden name: the ".png"
    added must be its extension), no NUL or control character, not too long."""
    if "/" in name or "\\" in name:
        return "a folder in the name"
    if name.startswith("."):
        return "a dot first"
    for ch in name:
        if ord(ch) < 32 or ord(ch) == 127:
            return "a control character (%r)" % ch
    if len(snap_file(name).encode("utf-8")) > SNAP_MAX:
        return "longer than %d bytes" % SNAP_MAX
    return ""


def snap_file(name):
    """The file a snap writes: the name, .png added unless it ends so."""
    return name if name.lower().endswith(".png") else name + ".png"


class Stuck(RuntimeError):
    """The bots cannot go on from the screens as they are (a `bots` line of
    a script after presses that left a screen the bots do not answer)."""


class ScriptRunError(RuntimeError):
    """A script line that could not be carried out (its message names it)."""


def run_script(emu, lines, out_dir=None, rng=None, scale=2):
    """Replay a script (see the module doc) after checking all of it
    (ScriptError); a `seed` line is the caller's business (the emulator is
    made by then). Returns the snapshots taken."""
    from tarock.rng import Rng
    header, steps = parse_script(lines, emu.n)
    if header.get("seats", emu.n) != emu.n:
        raise ScriptError("a script for %d seats, the emulator has %d" % (header["seats"], emu.n))
    snaps = []
    rng = rng or Rng(1)
    for no, cmd, arg in steps:
        if cmd == "pull":
            emu.pull(arg)
        elif cmd == "plug":
            emu.plug(arg)
            emu.idle()
        elif cmd == "snap":
            if out_dir:
                snaps.append(emu.snap(os.path.join(out_dir, arg), scale))
        elif cmd == "wait":
            emu.idle(arg * 1000)
        elif cmd == "bots":
            try:
                if not play_deal(emu, rng):
                    raise Stuck("nothing for the bots to answer: " + _where(emu))
            except (Stuck, AssertionError) as e:
                raise ScriptRunError("line %d: `bots` cannot go on from these screens (%s)"
                                     % (no, e))
        else:
            emu.keys(*arg)
    return snaps


def script_lines(emu):
    return ["%d %s" % (s, k) for s, k in emu.script]


# ---------------------------------------------------------------- window

SEAT_KEYS = ("123", "qwe", "asd", "yxc", "bnm")
SHOT_KEY = "p"       # the window as a PNG in --out
GLYPHS = "\u25c0\u25b6\u25cf"   # ◀ ▶ ●: drawn as shapes (pygame's font has none of them)
GAP = 8              # pixels between and around the screens
BUTTON_H = 36
TIP_H = 22


def window_size(n, scale):
    """(width, height) of the window for n seat screens at `scale`."""
    return (n * 128 * scale + (n + 1) * GAP, 64 * scale + BUTTON_H + 3 * GAP + TIP_H)


def default_scale(n, screen, most=4):
    """The largest scale (up to `most`) whose window fits the screen (w, h),
    a margin left for the window's frame and a panel; 1 at least. Five seats
    on a 1366 x 768 screen: 2 (1,328 px)."""
    w, h = screen
    for k in range(most, 1, -1):
        ww, wh = window_size(n, k)
        if ww <= w and wh <= h - 80:
            return k
    return 1


def caption(pygame, font, text, color):
    """A surface with `text` in `font`, the button symbols ◀ ▶ ● in it drawn
    as a triangle or a disc the height of a capital letter (the font would
    draw a box for them)."""
    parts = re.split("([%s])" % GLYPHS, text)
    h = font.get_height()
    g = max(7, h * 11 // 20) | 1                # a symbol's size (odd: a sharp tip)
    pieces = []
    w = 0
    for part in parts:
        if not part:
            continue
        if part in GLYPHS:
            pieces.append((part, g + 3))
            w += g + 3
        else:
            im = font.render(part, True, color)
            pieces.append((im, im.get_width()))
            w += im.get_width()
    surf = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
    x = 0
    for piece, pw in pieces:
        if isinstance(piece, str):
            y0 = (h - g) // 2
            x0 = x + 1
            if piece == GLYPHS[0]:
                pts = [(x0 + g - 1, y0), (x0 + g - 1, y0 + g - 1), (x0, y0 + (g - 1) // 2)]
                pygame.draw.polygon(surf, color, pts)
            elif piece == GLYPHS[1]:
                pts = [(x0, y0), (x0, y0 + g - 1), (x0 + g - 1, y0 + (g - 1) // 2)]
                pygame.draw.polygon(surf, color, pts)
            else:
                pygame.draw.circle(surf, color, (x0 + g // 2, y0 + g // 2), g // 2 + 1)
        else:
            surf.blit(piece, (x, 0))
        x += pw
    return surf


def window(emu, scale=None, frames=None, feed=None, frame_ms=None, out=None):
    """The interactive window. scale: screen pixels per display pixel (None:
    the largest that fits the screen, default_scale); frames: stop after
    that many frames; feed: {frame: [pygame events]} posted at those frames
    (tests, SDL dummy); frame_ms: the emulated time runs that much a frame
    instead of with the wall clock (tests: a loaded machine's slow frames
    would turn a press into a hold); out: an OutDir for the p key's PNGs.
    Returns the PNGs saved."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    # the display and fonts only: pygame.init() would open the sound device too
    pygame.display.init()
    pygame.font.init()
    if scale is None:
        sizes = pygame.display.get_desktop_sizes() or [(1366, 768)]
        scale = default_scale(emu.n, min(sizes))
    sw, sh = 128 * scale, 64 * scale
    gap, bh = GAP, BUTTON_H
    W, H = window_size(emu.n, scale)
    screen = pygame.display.set_mode((W, H))
    pygame.display.set_caption("tarockbox emulator")
    font = pygame.font.Font(None, 24)
    small = pygame.font.Font(None, 20)
    keymap = {}
    for s in range(emu.n):
        for b, ch in enumerate(SEAT_KEYS[s]):
            keymap[ord(ch)] = (s, b)
    keymap[ord("z")] = (3, 0)
    rects = {}
    labels = {}
    for s in range(emu.n):
        x0 = gap + s * (sw + gap)
        bw = (sw - 2 * gap) // 3
        for b in range(3):
            rects[(s, b)] = pygame.Rect(x0 + b * (bw + gap), gap + sh + gap, bw, bh)
            labels[(s, b)] = caption(pygame, font, "%s %s" % (GLYPHS[b], SEAT_KEYS[s][b]),
                                     (0, 0, 0))
    tip = caption(pygame, small, "hold \u25cf = menu/back    %s = save the window as a PNG    "
                  "close the window to quit" % SHOT_KEY, (160, 160, 160))
    held = None
    saved = []
    clock = pygame.time.Clock()
    t0 = pygame.time.get_ticks()
    k = 0
    shot = False
    while frames is None or k < frames:
        for ev in (feed or {}).get(k, ()):
            pygame.event.post(ev)
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                pygame.quit()
                return saved
            if ev.type == pygame.KEYDOWN and ev.key == ord(SHOT_KEY):
                shot = True
            elif ev.type == pygame.KEYDOWN and ev.key in keymap:
                s, b = keymap[ev.key]
                emu.hw.pins[s][b].press()
            elif ev.type == pygame.KEYUP and ev.key in keymap:
                s, b = keymap[ev.key]
                emu.hw.pins[s][b].release()
            elif ev.type == pygame.MOUSEBUTTONDOWN:
                for sb, r in rects.items():
                    if r.collidepoint(ev.pos):
                        held = sb
                        emu.hw.pins[sb[0]][sb[1]].press()
            elif ev.type == pygame.MOUSEBUTTONUP and held:
                emu.hw.pins[held[0]][held[1]].release()
                held = None
        now = k * frame_ms if frame_ms is not None else pygame.time.get_ticks() - t0
        while emu.now < now:
            emu.step()
        k += 1
        with emu.lock:
            if k % 50 == 0:
                emu.app.poll_displays()
            emu.app.refresh()
        screen.fill((30, 30, 30))
        for s in range(emu.n):
            x0 = gap + s * (sw + gap)
            im = emu.hw.panels[s].to_image(scale)
            surf = pygame.image.fromstring(im.tobytes(), im.size, "RGB")
            screen.blit(surf, (x0, gap))
            for b in range(3):
                r = rects[(s, b)]
                down = emu.hw.pins[s][b].level == 0
                pygame.draw.rect(screen, (200, 200, 90) if down else (90, 90, 90), r,
                                 border_radius=6)
                lab = labels[(s, b)]
                screen.blit(lab, lab.get_rect(center=r.center))
        screen.blit(tip, (gap, H - TIP_H + (TIP_H - tip.get_height()) // 2))
        pygame.display.flip()
        if shot and out is not None:
            shot = False
            out.start()
            n = 1
            while os.path.exists(os.path.join(out.path, "window%d.png" % n)):
                n += 1
            path = os.path.join(out.path, "window%d.png" % n)
            out.add(path)
            pygame.image.save(screen, path)
            saved.append(path)
            print("window: %s" % show_path(path))
        if frame_ms is None:
            clock.tick(60)
    pygame.quit()
    return saved


class WebError(Exception):
    """The page cannot be served (one line)."""


def serve_web(emu, host="127.0.0.1", port=8080):
    """The device's page (firmware/web/server.py, the board's own code) for
    the emulated table, from a thread of its own while the emulator runs;
    the table's presses hold emu.lock, so a page reads a whole sheet. A port
    that cannot be had: WebError. Returns stop(), which ends the server."""
    import asyncio
    import socket
    import threading
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as e:
        raise WebError("%s:%d: %s" % (host, port, e.strerror or e)) from None
    from web import server
    emu.lock = threading.RLock()
    loop = asyncio.new_event_loop()
    got = {}
    ready = threading.Event()

    def up(srv):
        got["srv"] = srv
        ready.set()

    def run():
        asyncio.set_event_loop(loop)
        loop.run_until_complete(server.serve(emu.app, host, port, lock=emu.lock, ready=up))
        left = asyncio.all_tasks(loop)     # the phones' streams, ended with the server
        for task in left:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.close()

    t = threading.Thread(target=run, name="web", daemon=True)
    t.start()
    ready.wait(10)

    def stop():
        if "srv" in got and not loop.is_closed():
            loop.call_soon_threadsafe(got["srv"].shutdown)
        t.join(10)
    return stop


def has_display():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no banner on stdout
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False
    try:
        import pygame  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------- main

def _deals(text):
    if not re.fullmatch("[0-9]+", text) or int(text) < 1:
        raise argparse.ArgumentTypeError("%r: a whole number of deals, 1 or more" % text)
    return int(text)


_deals.bad = ["0", "x"]  # pyright: ignore[reportFunctionMemberAccess] (for tests/host/test_cli_tools.py, as cli's types)


def _read_script(ap: argparse.ArgumentParser, path, seats):
    """The script's lines and header, all checked; any problem ends in ap.error."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        ap.error("--script %s: %s (give a readable script file)" % (path, e.strerror))
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]     # a UTF-8 BOM (some editors write one): no part of line 1
    try:
        lines = data.decode("utf-8").split("\n")
        return lines, parse_script(lines, seats)[0]
    except UnicodeDecodeError as e:
        ap.error("--script %s: line %d: not UTF-8 (byte 0x%02x), scripts are UTF-8 text"
                 % (path, data.count(b"\n", 0, e.start) + 1, data[e.start]))
    except ScriptError as e:
        ap.error("--script %s: %s" % (path, e))


MODES = ("virtual", "physical", "score")
SETUP_OPTS = ("family", "preset", "players", "mode")


def table_players(family, seats, players=None):
    """Players at a table of `seats` screens: `players`, else as many as the
    screens when the game is played so, else the most it takes that fit."""
    from tarock import families as F
    sizes = [n for n in F.family(family)["players"] if n <= seats]
    if players is not None:
        return players
    return seats if seats in sizes else max(sizes)


def _setup(ap, args, header):
    """Seats, seed and the setup (family, preset, players, mode) from the
    options and the script's header lines; every disagreement one line
    (ap.error)."""
    from tarock import families as F
    for key in header:    # a header line and an option that disagree: which one?
        if getattr(args, key) not in (None, header[key]):
            ap.error("--script %s says `%s %d`, --%s %d"
                     % (args.script, key, header[key], key, getattr(args, key)))
    given = [k for k in SETUP_OPTS if getattr(args, k) is not None]
    if args.script and (given or args.deals is not None):
        ap.error("--%s: a --script's presses set the table up and play it themselves; "
                 "give these options without --script" % (given or ["deals"])[0])
    if args.script:
        return header.get("seats", args.seats or 4), None, None
    import tableopts
    family, preset = tableopts.resolve(ap, args.family, args.preset, args.players, args.storage)
    sizes = F.family(family)["players"]
    seats = header.get("seats", args.seats)
    if args.players is not None:
        if seats is not None and args.players > seats:
            ap.error("--players %d: more than --seats %d" % (args.players, seats))
        if seats is None:
            seats = max(4, args.players)
    seats = seats or 4
    if not [n for n in sizes if n <= seats]:
        ap.error("--family %s: needs %d seats" % (family, min(sizes)))
    return seats, family, preset


def main(argv=None):
    import cli  # one line and status 2 for every bad option and bad script line
    import tableopts
    doc = __doc__ or ""
    ap = cli.Parser(description=doc.split("\n")[0], epilog=doc[doc.index("Options"):],
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seats", type=int, choices=(4, 5),
                    help="screens at the table: default 4 (5 with --players 5), or the "
                    "script's `seats` line")
    ap.add_argument("--seed", type=int, help="default 1, or the script's `seed` line")
    ap.add_argument("--family", type=cli.one_of(tableopts.families, "family"),
                    help="the game the setup form is set to (default: the table's own, "
                    "Königrufen)")
    ap.add_argument("--preset", type=tableopts.preset_arg, metavar="FAMILY/NAME",
                    help="the rule set (e.g. koenigrufen/tarockcup; the name alone with "
                    "--family); a table's own presets.txt in --storage adds its names")
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 5),
                    help="players at the table (default: one a screen when the game is "
                    "played so, else as many as it takes)")
    ap.add_argument("--mode", choices=MODES,
                    help="virtual cards (default), physical cards (the device guides), or "
                    "score entry only")
    ap.add_argument("--deals", type=_deals, help="bots: deals to play (default 1)")
    ap.add_argument("--bots", action="store_true", help="bots play, no window")
    ap.add_argument("--script", help="button presses from this file")
    ap.add_argument("--scale", type=cli.int_range(1, 8),
                    help="screen pixels per display pixel: the window's default fits the "
                    "screen (3, or 2 for five seats on a 1366 px screen), the PNGs' 2")
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "out"),
                    help="PNG screenshots and transcript.txt (default out/); the files of "
                    "the emulator's previous run there are removed first")
    ap.add_argument("--storage", type=cli.new_dir,
                    help="keep the score sheet's journal in this directory, "
                    "read the table's presets.txt from it "
                    "(an open party there is resumed); default: in memory")
    ap.add_argument("--web", type=_web_arg, metavar="[HOST:]PORT", nargs="?",
                    const=("127.0.0.1", 8080),
                    help="serve the device's page for the phones (what a Wi-Fi board "
                    "serves) at http://HOST:PORT/ while it runs (default 127.0.0.1:8080)")
    ap.add_argument("--web-linger", type=cli.int_range(0, 7 * 86400), metavar="SECONDS",
                    help="with --web and no window: serve on this long after the bots or "
                    "the script are done (default: until Ctrl-C)")
    args = ap.parse_args(argv)
    if args.web_linger is not None and not args.web:
        ap.error("--web-linger: only with --web")
    lines, header = None, {}
    if args.script:
        lines, header = _read_script(ap, args.script, args.seats or 4)
    seats, family, preset = _setup(ap, args, header)
    seed = header.get("seed", 1 if args.seed is None else args.seed)
    windowed = not (args.bots or args.script) and has_display()
    # everything is checked: from here on files may be written
    if args.storage:
        os.makedirs(args.storage, exist_ok=True)
    emu = Emulator(seats=seats, seed=seed, storage=args.storage)
    stop_web = None
    if args.web:
        try:
            stop_web = serve_web(emu, *args.web)
        except WebError as e:
            ap.error("--web %s" % e)
        print("the page: http://%s:%d/" % args.web, flush=True)
    try:
        return _run(ap, args, emu, seed, family, preset, lines, windowed)
    finally:
        if stop_web is not None:
            stop_web()


def _web_arg(text):
    host, _, port = text.rpartition(":")
    try:
        n = int(port)
    except ValueError:
        n = 0
    if not 0 < n < 65536 or (host and not re.match(r"^[0-9A-Za-z.-]+$", host)):
        raise argparse.ArgumentTypeError("%r: a port (1-65535), or HOST:PORT" % text)
    return (host or "127.0.0.1", n)


def _linger(args):
    """--web without a window: the page stays up after the table is done."""
    import time
    if not args.web:
        return
    try:
        if args.web_linger is None:
            print("serving the page until Ctrl-C", flush=True)
            while True:
                time.sleep(3600)
        time.sleep(args.web_linger)
    except KeyboardInterrupt:
        pass


def _run(ap, args, emu, seed, family, preset, lines, windowed):
    from tarock.rng import Rng
    from table.flows.setup import Setup
    if not args.script:
        given = [k for k in SETUP_OPTS if getattr(args, k) is not None]
        if isinstance(emu.app.flow, Setup):
            setup_table(emu, players=table_players(family, emu.n, args.players),
                        mode=MODES.index(args.mode or "virtual"),
                        family=family if family != emu.app.cfg.family else None,
                        preset=preset)
        elif given:
            print("%s: --%s: the open party in %s goes on as it was set up (finish it from "
                  "a seat's menu to set up another)" % (ap.prog, given[0], args.storage),
                  file=sys.stderr)
    out = OutDir(args.out)
    if windowed:
        if args.deals is not None:
            print("%s: --deals: the bots' deals (with --bots); in the window people play "
                  "until it is closed" % ap.prog, file=sys.stderr)
        window(emu, scale=args.scale, out=out)
        return 0
    scale = args.scale or 2
    out.start()
    emu.on_file = out.add
    failed = None
    if args.script:
        try:
            run_script(emu, lines, args.out, scale=scale)
        except ScriptRunError as e:
            failed = "%s: --script %s: %s" % (ap.prog, args.script, e)
    else:
        rng = Rng(seed)
        shots = []
        for k in range(args.deals or 1):
            shots += bot_deal_with_snaps(emu, rng, args.out, k + 1, scale)
        print("screens: %d in %s (deal<k>_<n>_<phase>.png)" % (len(shots), show_path(args.out)))
    path = os.path.join(args.out, "transcript.txt")
    out.add(path)
    with open(path, "w", encoding="utf-8") as fh:
        assert emu.transcript is not None   # recording (the default)
        fh.write("\n".join(emu.transcript) + "\n")
    print("transcript: %s (%d button events)" % (show_path(path), len(emu.presses)))
    if failed:
        print(failed, file=sys.stderr)
        return 1
    if emu.app.scores is not None:
        print("Score sheet (%s, %s):" % (
            emu.app.cfg.family + "/" + emu.app.cfg.preset,
            "journal in " + show_path(args.storage) if args.storage else "in memory"))
        for line in sheet_lines(emu):
            print("  " + line)
    if emu.app.errors:
        print("app errors: %s" % emu.app.errors)
        return 1
    _linger(args)
    return 0


def show_path(p):
    """A path as the user can type it: relative to here when it is below."""
    r = os.path.relpath(p)
    return p if r.startswith("..") else r


def sheet_lines(emu):
    """The party's score sheet in the table's words, its columns lined up
    (host_tools/lib/dealtext.py)."""
    import dealtext
    from table.lang import t
    sc = emu.app.scores
    return dealtext.sheet_lines(sc.names, sc.deals, sc.totals(), t("totals"))


class OutDir:
    """--out: what the emulator writes there, listed in MANIFEST as it is
    written, so that the next run removes exactly that (and the bots'
    screenshots, deal<k>_<n>_<phase>.png, of runs before the list) and
    leaves every other file alone: runs never mix."""
    MANIFEST = ".emulator-files"
    SHOT = re.compile(r"deal[0-9]+_[0-9]+_[A-Za-z0-9]+\.png")

    def __init__(self, path):
        self.path = path
        self.started = False

    def start(self):
        """Make the folder, remove the last run's files."""
        if self.started:
            return
        self.started = True
        os.makedirs(self.path, exist_ok=True)
        mf = os.path.join(self.path, self.MANIFEST)
        names = set()
        try:
            with open(mf, encoding="utf-8") as fh:
                names = set(fh.read().split("\n"))
        except (OSError, UnicodeError):
            pass
        names |= {n for n in os.listdir(self.path) if self.SHOT.fullmatch(n)}
        for n in sorted(names):
            p = os.path.join(self.path, n)
            if n and not snap_name_problem(n) and os.path.isfile(p) and not os.path.islink(p):
                os.remove(p)
        with open(mf, "w", encoding="utf-8"):
            pass

    def add(self, path):
        """A file about to be written in the folder: listed first."""
        self.start()
        name = os.path.relpath(path, self.path)
        with open(os.path.join(self.path, self.MANIFEST), "a", encoding="utf-8") as fh:
            fh.write(name + "\n")


def bot_deal_with_snaps(emu, rng, out, k, scale=2):
    """Bots play one deal; a screenshot whenever the phase changes."""
    from table.flows.play import Play
    from table.flows.idle import Idle
    shots = []
    last: list = [None]
    n = [0]
    played = []

    def watch(e):
        f = e.app.flow
        tag = type(f).__name__
        if isinstance(f, Play) and f not in played:
            played.append(f)
        if isinstance(f, Play):
            tag = "result" if f.deltas is not None else f.deal.view(0)["phase"]
        elif hasattr(f, "step"):
            tag = "entry%d" % f.step
        elif hasattr(f, "stage"):
            tag = "aid%d" % f.stage
        if tag != last[0]:
            last[0] = tag
            n[0] += 1
            shots.append(e.snap(os.path.join(out, "deal%d_%02d_%s.png" % (k, n[0], tag)),
                                scale))
    emu.watch = watch
    if not isinstance(emu.app.flow, Idle):
        watch(emu)
    play_deal(emu, rng)
    emu.watch = None
    from table.lang import t
    from table import games
    c = emu.app.cfg
    for f in played:
        print("== %s: %s (seed %d)" % (t("deal_n") % k, games.rules_name(c.family, c.preset, True),
                                       f.seed))
        for line in deal_log(f):
            print("  " + line)
    return shots


def deal_log(f):
    """What happened in a played deal, as the table saw it, in the table's
    language (host output; host_tools/lib/dealtext.py)."""
    import dealtext
    lines, d = dealtext.deal_lines(f.g, f.profile, f.seed, f.n_table, f.actions, f.name)
    return lines


if __name__ == "__main__":
    sys.exit(main())
