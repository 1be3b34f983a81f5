"""The page's and the server's test kit (issue 38), shared by the tests
(tests/host/test_web_*.py) and host_tools/bench/bench_web.py: Debian's
headless Chromium through selenium, and loopback clients of the device's
server (HTTP, the event stream). Loopback only; every wait bounded."""
import json
import os
import shutil
import socket
import tempfile
import threading
import time
import urllib.request
import weakref

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
WAIT = 30           # seconds any one wait for the page may take at most (a loaded machine)
WAIT_S = 60         # the most a wait on a server takes (a loaded machine)


def browser():
    """A headless Chromium (selenium's driver) with a fresh profile, a
    phone's window and its console kept; None when there is no Chromium.
    The caller quits it (host_tools/bench/bench_web.py uses it too)."""
    if not os.path.exists(CHROMIUM):
        return None
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    prof = tempfile.mkdtemp(prefix="tarockbox-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", "--window-size=412,915", "--user-data-dir=" + prof):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})   # the page's console
    try:
        drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
    except BaseException:
        shutil.rmtree(prof, ignore_errors=True)
        raise
    weakref.finalize(drv, shutil.rmtree, prof, True)    # the profile goes with the driver
    drv.set_page_load_timeout(WAIT)
    return drv


def until(drv, fn, what):
    """fn(drv) once it is true (polled), at most WAIT seconds."""
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(drv, WAIT, poll_frequency=0.05).until(fn, what)


def js(drv, code, *args):
    return drv.execute_script(code, *args)


def drawn(drv):
    return int(js(drv, "return +document.body.dataset.n||0"))


def wait_totals(drv):
    """The totals the page shows (ints), once it has drawn them."""
    until(drv, lambda d: drawn(d) >= 1 and texts(d, "#tot .c b.t"), "the totals shown")
    return [int(x) for x in texts(drv, "#tot .c b.t")]


def texts(drv, css):
    return js(drv, "return [...document.querySelectorAll(arguments[0])].map(x=>x.textContent)", css)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port, path, timeout=WAIT_S):
    with urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, path), timeout=timeout) as r:
        return r.status, dict(r.headers), r.read()


class Events(threading.Thread):
    """An SSE client: after each "sheet" event it fetches /sheet.json and
    keeps the number of deals of the last party it read. A stream or a fetch
    the server turns away (more connections than it takes at once) is tried
    again, as the page does, at most RETRIES times each."""

    RETRIES = 50

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.seen = []      # deal counts, one per event
        self.refused = 0    # streams and fetches the server turned away (tried again)
        self.error = None
        self.stop = False

    def run(self):
        k = 0
        try:
            while not self.stop:
                n = len(self.seen)
                try:
                    self.stream()
                except OSError:     # turned away, or reset: the page's EventSource opens it again
                    pass
                if self.stop:
                    break
                self.refused += 1
                k = 1 if len(self.seen) > n else k + 1     # counted again after a stream that worked
                if k == self.RETRIES:
                    raise AssertionError("the event stream was turned away %d times" % k)
                time.sleep(0.1 * k)
        except Exception as e:
            self.error = e

    def stream(self):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=WAIT_S)
        try:
            s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
            f = s.makefile("rb")
            event = None
            while not self.stop:
                line = f.readline()
                if not line:
                    return
                line = line.strip()
                if line.startswith(b"event:"):
                    event = line.split(b":", 1)[1].strip()
                elif line == b"" and event == b"sheet":
                    event = None
                    doc = json.loads(self.fetch())
                    self.seen.append(len(doc["parties"][-1]["deals"]) if doc["parties"] else 0)
        finally:
            s.close()

    def fetch(self):
        k = 0
        while True:
            try:
                return get(self.port, "/sheet.json")[2]
            except (OSError, ValueError):   # closed at once: the server was full
                self.refused += 1
                k += 1
                if k == self.RETRIES:
                    raise
                time.sleep(0.1 * k)


def wait_until(cond, what, limit=WAIT_S):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError("not within %d s: %s" % (limit, what))


def lines(p, until, limit=WAIT_S * 4):
    """Lines of the unix-port process up to the one starting with `until`."""
    out = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        line = p.stdout.readline()
        if not line:
            raise AssertionError("the server ended: %s" % "".join(out[-20:]))
        out.append(line)
        if line.startswith(until):
            return out
    raise AssertionError("no %s within %d s" % (until, limit))


def serve_bodies(bodies, ctype="application/json"):
    """A loopback HTTP server in a thread of this process answering GET path
    with bodies[path] (bytes; the dict may change while it serves), 404 for
    any other path: (port, stop())."""
    import http.server

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = bodies.get(self.path)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):
            pass

    return _serve(Handler)


def serve_folder(folder):
    """A loopback static file server of folder in a thread of this process
    (make web's page): (port, stop())."""
    import functools
    import http.server

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):
            pass

    return _serve(functools.partial(Quiet, directory=folder))


def _serve(handler):
    """handler's loopback HTTP server in a thread: (port, stop())."""
    import http.server
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()

    def stop():
        srv.shutdown()
        srv.server_close()
        th.join(10)
    return srv.server_address[1], stop

