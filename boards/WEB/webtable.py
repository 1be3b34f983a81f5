# The table the page runs (boards/WEB, issue 40): the app on the WEB board's
# emulated hardware, stepped on a virtual clock the page advances, as the
# desktop emulator steps it (host_tools/emulator/emulator.py: the buttons
# polled every POLL_MS, the app's tick every TICK_MS), so the same presses
# give the same screens. The page calls:
#   T = Table(seats, seed, lang)   the app on the journal in /data (a party
#                              there is resumed); lang: a new table's language
#   T.pin(seat, button, down)  a button down or up (click, touch, key)
#   T.press(seat, key, n)      a press as the desktop emulator's script has it
#   T.step(ms)                 time goes on; True when a panel changed (changed())
#   T.frame(seat)              the panel's 1024 bytes of GDDRAM (page-major)
#   T.export_csv(), T.export_json()   the host tool's exports of the sheet
#   T.words()                  the page's words (JSON text) in the table's language
#   T.phone_page(), T.phone_view(now)   the Wi-Fi page and what it fetches
import board
from table.app import App

POLL_MS = 10
TICK_MS = 1000
HOLD_MS = 60        # the desktop emulator's press (host_tools/emulator/emulator.py)
LONG_MS = 800
WORDS = ("web_title", "web_csv", "web_json", "web_import", "m_phone")


class Table:
    def __init__(self, seats, seed, lang=None):
        self.hw = board.reset(seats)
        self.displays = board.make_displays(seats)
        self.app = App(self.displays, seed=seed, storage=board.storage_root(), lang_code=lang,
                       care=board.CARE)
        self.now = 0
        self.buttons = board.make_buttons(self._event, n=seats, clock=self._clock)
        self.app.refresh()
        self.app.settled()
        self.seen = self._bytes()

    def _clock(self):
        return self.now

    def _event(self, seat, button, kind):
        self.app.on_event(seat, button, kind)
        self.app.refresh()
        self.app.settled()

    def _bytes(self):
        return self.hw.bus.stats.bytes

    def pin(self, seat, button, down):
        p = self.hw.pins[seat][button]
        if down:
            p.press()
        else:
            p.release()

    def step(self, ms):
        end = self.now + ms - ms % POLL_MS
        while self.now < end:
            self.now += POLL_MS
            self.buttons.poll(self.now)
            if self.now % TICK_MS == 0 and self.app.tick(TICK_MS):
                self.app.refresh()
        return self.changed()

    def changed(self):
        """A panel was written since the page last asked (a press replayed
        while the page's own loop was paused counts too)."""
        b = self._bytes()
        changed = b != self.seen
        self.seen = b
        return changed

    def press(self, seat, key, repeats=0):
        """A press as the desktop emulator's script makes it (Emulator.press:
        '<' '>' 'o' 'O', held 60 ms or 800 ms; repeats: ◀ ▶ held until the
        debouncer repeated them that often), in virtual time at once (the
        tests replay a script so; the page's own loop is paused then)."""
        from hw import buttons as B
        b = "<>oO".index(key)
        button = 2 if b == 3 else b
        self.pin(seat, button, True)
        if repeats:
            self.step(B.SETTLE_MS + B.REPEAT_AFTER_MS + (repeats - 1) * B.REPEAT_MS
                      + B.REPEAT_MS // 2)
        else:
            self.step(LONG_MS if b == 3 else HOLD_MS)
        self.pin(seat, button, False)
        self.step(HOLD_MS + POLL_MS)

    def frame(self, seat):
        """What the glass of the seat's panel shows, page-major as the
        controller's RAM (byte x + 128 * (y // 8), bit y % 8): the RAM
        itself when the driver set the mapping that shows it upright (its
        usual A1/C8, no offset), else made pixel by pixel."""
        p = self.hw.panels[seat]
        if not p.display_on:
            return bytes(len(p.ram))
        if p.seg_remap and p.com_reverse and p.mux == 63 and not (p.offset or p.start_line) \
                and not (p.inverted or p.entire_on):
            return bytes(p.ram)
        out = bytearray(len(p.ram))
        for y in range(64):
            for x in range(128):
                if p.pixel(x, y):
                    out[(y >> 3) * 128 + x] |= 1 << (y & 7)
        return bytes(out)

    def contrast(self, seat):
        """The panel's contrast (a dimmed panel: the board's CARE level)."""
        return self.hw.panels[seat].contrast

    def words(self):
        """The page's own words in the table's language, as JSON text."""
        from table.lang import t
        from table.sheet.journal import dumps
        return dumps({k: t(k) for k in WORDS})

    def phone_page(self):
        """The Wi-Fi page as a phone gets it from a Pico W (web/server.py:
        firmware/web/page.html, its words in the table's language)."""
        from web import page, server
        return page.PARTS[0].decode() + server.words() + page.PARTS[1].decode()

    def phone_view(self, now=None):
        """Its sheet.json?view=1 as the board answers it (the first one with
        a phone's time sets the journal's clock, as on the board)."""
        from web import clock, export
        if now and not clock.source:
            clock.set(int(now) // 1000, "page")
        return "".join(export.view_chunks(self.app.sheet, clock.source))

    def export_csv(self):
        """The CSV text (the page puts the BOM before it, as `sheet.py export
        --csv` writes the file: a text crossing into JS loses a leading one)."""
        from web import export
        return "".join(export.csv_chunks(self.app.sheet))

    def export_json(self):
        from web import export
        sh = self.app.sheet
        return "".join(export.json_chunks(sh, sh.journal.store, sh.journal.name))
