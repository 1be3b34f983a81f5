# The table's live page for the phones (issue 38): a read-only web server
# over the board's Wi-Fi, built on microdot (PyPI microdot 2.7.0, frozen into
# the Pico W image; https://microdot.readthedocs.io). The same module runs on
# the board, on the MicroPython unix port (make test, over loopback) and in
# the desktop emulator (emulator.py --web, a thread of its own).
#
#   GET /            the page (web/page.py, made from page.html), its words in
#                    the table's language
#   GET /sheet.json  the journal's export as the host tool writes it
#                    (web/export.py; sheet.py export --json --no-timestamp);
#                    ?view=1: what the page draws (no records, compact);
#                    ?now=<ms since 1970> from a page sets the board's clock
#                    when nothing better has (web/clock.py)
#   GET /export.csv  the CSV export (a UTF-8 BOM first, as the host tool's file)
#   GET /events      server-sent events: "sheet" with a change count, once at
#                    the start and after every change the table confirmed
# Nothing else: no endpoint changes the sheet, and nothing of a deal in
# progress is there to show (the journal holds results, never cards).
#
#   make_app(app, lock=None)  -> (Microdot, Live); lock: a threading.Lock the
#                                emulator holds while the table changes
#   serve(app, host, port)    the server until the board stops; never raises
import asyncio

try:
    # the host fallbacks below are plain ints, not the stubs' tick types
    from time import ticks_diff, ticks_ms  # pyright: ignore[reportAssignmentType]
except ImportError:         # CPython (the emulator holds its lock instead)
    import time as _t

    def ticks_ms():
        return int(_t.monotonic() * 1000)  # pyright: ignore[reportAttributeAccessIssue] (CPython's time)

    def ticks_diff(a, b):
        return a - b

from microdot import Microdot, Request, Response
from microdot.sse import with_sse

from table import lang
from web import clock, export, page

# no endpoint takes a body; a request line or header past 512 bytes is refused
Request.max_content_length = 0
Request.max_body_length = 0
Request.max_readline = 512
HEAD_S = 5          # a client sends its request head within this, or is closed
MAX_CONN = 14       # connections at once: ten phones' event streams and four loads
                    # (boards/RPI_PICO_W: lwIP holds 16); beyond: closed at
                    # once, the page tries again
POLL_S = 0.5        # how often the journal is looked at for a change
BEAT_S = 15         # a comment on an idle event stream: a gone phone is found
NO_STORE = {"Cache-Control": "no-store"}
PIECE = 512         # bytes a send gathers (a TCP segment's worth, not one per value) ...
SLICE_MS = 10       # ... or what it gathered in this long: the table's turn


def signature(app):
    """What changes when the table confirms something: the journal's and the
    archive's lengths; None while a result waits for its confirmations (the
    phones hear of it once, when it stands)."""
    sh = app.sheet
    if sh is None or sh.pending is not None:
        return None
    j = sh.journal
    return (id(sh), j.store.size(j.name), j.store.size(j.name + ".arc"))


class Live:
    """The change count the event streams tell, and a watcher that counts."""

    def __init__(self, app, lock=None):
        self.app = app
        self.lock = lock
        self.n = 0
        self.sig = None
        self.ev = asyncio.Event()
        self.conns = 0

    def look(self):
        """Count a change; True when there was one."""
        try:
            if self.lock:
                with self.lock:
                    s = signature(self.app)
            else:
                s = signature(self.app)
        except Exception:
            return False
        if s is None or s == self.sig:
            return False
        first = self.sig is None
        self.sig = s
        if first:
            return False
        self.n += 1
        ev, self.ev = self.ev, asyncio.Event()
        ev.set()
        return True

    async def watch(self):
        while True:
            self.look()
            await asyncio.sleep(POLL_S)


def words():
    """The page's words in the table's language as a JSON object ("<" as
    \\u003c: the text sits in a <script> element)."""
    kept = lang._cache
    lang._cache = {}    # the page's words must not push the screens' out of the cache
    try:
        out = ["{"]
        for k in page.KEYS:
            if len(out) > 1:
                out.append(",")
            out.append(export._str(k) + ":" + export._str(lang.get(k, k)))
        out.append("}")
        return "".join(out).replace("<", "\\u003c")
    finally:
        lang._cache = kept


def _body(live, head, fn, *args):
    """A response body (a generator: microdot sends its pieces as they come)
    of head and fn(*args)'s pieces, gathered up to PIECE bytes or SLICE_MS:
    streamed on the board (one thread: a press waits for one slice, never
    for a whole sheet or a slow phone); in the emulator made whole under its
    lock first (the table runs in another thread)."""
    if live.lock is not None:
        with live.lock:
            text = "".join(fn(*args))
        yield head + text
        return
    buf = [head]
    n = len(head)
    t = ticks_ms()
    for piece in fn(*args):
        buf.append(piece)
        n += len(piece)
        if n >= PIECE or ticks_diff(ticks_ms(), t) >= SLICE_MS:
            yield "".join(buf)
            buf = []
            n = 0
            t = ticks_ms()
    yield "".join(buf)


def _page():
    yield page.PARTS[0]
    yield words()
    yield page.PARTS[1]


class Server(Microdot):
    """microdot with the board's limits: a request head within HEAD_S
    seconds, MAX_CONN connections at once, a malformed head answered 400;
    a failing client only ends its own connection, never the table's loop."""

    live = None     # type: Live | None

    async def handle_request(self, reader, writer):
        live = self.live
        if live is None or live.conns >= MAX_CONN:
            await _close(writer)
            return
        live.conns += 1
        try:
            try:
                req = await asyncio.wait_for(
                    Request.create(self, reader, writer, writer.get_extra_info("peername")),
                    HEAD_S)
            except (ValueError, IndexError, UnicodeError):
                req = None
                res = Response("", 400)
            else:
                res = await self.dispatch_request(req) if req is not None else None
            if res is not None and res != Response.already_handled:
                await res.write(writer)
        except Exception:
            pass
        finally:
            live.conns -= 1
            await _close(writer)


async def _close(writer):
    try:
        await writer.aclose()
    except Exception:
        pass


def make_app(app, lock=None):
    srv = Server()
    live = srv.live = Live(app, lock)

    @srv.get("/")
    async def index(req):
        return (_page(), 200,
                {"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"})

    @srv.get("/sheet.json")
    async def sheet_json(req):
        t = req.args.get("now")
        if t and not clock.source:
            try:
                clock.set(int(t) // 1000, "page")
            except ValueError:
                pass
        if app.sheet is None:
            return "", 503, NO_STORE
        sh = app.sheet
        if req.args.get("view"):     # the page's own fetch: what it draws, compact
            return (_body(live, "", export.view_chunks, sh, clock.source), 200,
                    {"Content-Type": "application/json; charset=utf-8",
                     "Cache-Control": "no-store"})
        return (_body(live, "", export.json_chunks, sh, sh.journal.store, sh.journal.name), 200,
                {"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"})

    @srv.get("/round.json")
    async def round_json(req):
        if app.sheet is None:
            return "", 503, NO_STORE
        from table.sheet.tround import device_id
        return (_body(live, "", export.round_chunks, app.sheet, device_id()), 200,
                {"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"})

    @srv.get("/export.csv")
    async def csv(req):
        if app.sheet is None:
            return "", 503, NO_STORE
        return (_body(live, "\ufeff", export.csv_chunks, app.sheet), 200,
                {"Content-Type": "text/csv; charset=utf-8", "Cache-Control": "no-store",
                 "Content-Disposition": "attachment; filename=tarockbox.csv"})

    @srv.get("/events")
    @with_sse
    async def events(req, sse):
        await sse.send(str(live.n), event="sheet", retry=2)
        while True:
            ev, n = live.ev, live.n
            try:
                await asyncio.wait_for(ev.wait(), BEAT_S)
            except asyncio.TimeoutError:
                await sse.send("", comment=True)
                continue
            if live.n != n:
                await sse.send(str(live.n), event="sheet")

    return srv, live


async def serve(app, host="0.0.0.0", port=80, lock=None, ready=None):
    """Serve the page until the board stops (or the server is shut down).
    ready(server): called once it listens. A failure of the server (a port
    taken, the network gone) is kept in app.web_error and tried again after
    a while: it never reaches the table's loop."""
    while True:
        srv, live = make_app(app, lock)
        watch = asyncio.create_task(live.watch())
        run = asyncio.create_task(srv.start_server(host=host, port=port))
        try:
            n = 0
            while getattr(srv, "server", None) is None and not run.done() and n < 100:
                await asyncio.sleep(0.1)    # (bounded: 10 s to listen)
                n += 1
            if ready is not None and getattr(srv, "server", None) is not None:
                ready(srv)
            await run
            return
        except Exception as e:
            app.web_error = repr(e)
        finally:
            watch.cancel()
        await asyncio.sleep(5)
