"""The phones' page (issue 38, firmware/web/page.html) in headless Chromium
against a stub server on loopback: the page as web/page.py holds it with
its words from the language tables, /sheet.json and /export.csv the host
tool's exports of the golden journals, /events a stream that says "sheet"
once at its start and after each change (as web/server.py does). The page
shows the JSON's totals, a point per deal and player, the statistics, the
money, the archive, in German, English and French; an event makes it show
a new deal; a restarted server is found again. Every word it shows is one of
the tables' or the JSON's. Without the browser: page.py is current, its keys
are in every table, page.html has no words of its own and fits its budget.

A stub, not web/server.py: these are the page's tests (the server's own run
against the emulator is tests/host/test_web_*). Free ports only (port 0);
every wait is bounded."""
import html.parser
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
__import__("hostenv").tools()
import gen_page  # noqa: E402  host_tools/build/gen_page.py
import sheet as tool  # noqa: E402  host_tools/sheet/sheet.py
from table import lang  # noqa: E402
from table.sheet.journal import MemStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402
from web import page  # noqa: E402
from webkit import CHROMIUM, WAIT, browser, drawn, js, texts, until, wait_totals  # noqa: E402,F401

JOURNALS = os.path.join(ROOT, "tests", "golden", "journals", "0.5.0")
BUDGET = 20 * 1024  # the page's bytes with the longest table's words


# ---------------------------------------------------------------- the page as served
def words(code, table=None):
    """The words' JSON object as the server puts it in the page ("<" as
    \\u003c: it stands in a <script> element)."""
    t = table or lang.table(code)
    return json.dumps({k: t.get(k, k) for k in page.KEYS},
                      ensure_ascii=False).replace("<", "\\u003c")


def page_bytes(code, table=None):
    return page.PARTS[0] + words(code, table).encode() + page.PARTS[1]


def export(files):
    """(JSON bytes, CSV bytes) of a journal's files as sheet.py export writes them."""
    sh = Sheet.open(MemStore(dict(files)))
    held, _ = tool.storage(files)
    js = tool.dumps_export(tool.export_json(sh, held, False)).encode()
    return js, b"\xef\xbb\xbf" + tool.export_csv(sh).encode()


def journal(name):
    return tool.read_journal(os.path.join(JOURNALS, name, "sheet.tbj"))


def cut(files, deals, kind="deal"):
    """The journal's files as they were before its last `deals` records of
    type `kind` (and what followed them) were written."""
    held, _ = tool.storage(files)
    recs = held["records"]
    at = [i for i, r in enumerate(recs) if r.get("t") == kind][-deals]
    parts = {k: [(k, r) for r in held.get(k, [])] for k in ("archive", "quarantine")}
    parts["records"] = [("records", r) for r in recs[:at]]
    parts["damaged"] = []
    return tool.build(parts)


# ---------------------------------------------------------------- the stub server
class Stub:
    """/, /sheet.json, /export.csv and /events on 127.0.0.1; change() is a
    confirmed deal (an event to every stream), stop()/start() a restart on
    the same port."""

    def __init__(self):
        self.code = "en"
        self.table = None
        self.json = b"{}"
        self.csv = b""
        self.n = 0
        self.port = 0
        self.cond = threading.Condition()
        self.down = False
        self.httpd = None
        self.hits = {}
        self.refuse = False     # /events answers 503 (a server not ready yet)

    def set(self, files=None, code=None, table=None):
        if code:
            self.code, self.table = code, table
        if files is not None:
            self.json, self.csv = export(files)

    def change(self, files):
        self.set(files)
        with self.cond:
            self.n += 1
            self.cond.notify_all()

    def start(self):
        self.down = False
        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), _handler(self))
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()

    def stop(self):
        with self.cond:
            self.down = True
            self.cond.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()

    @property
    def url(self):
        return "http://127.0.0.1:%d/" % self.port


def _handler(stub):
    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def _send(self, body, ctype):
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            path = self.path.split("?")[0]
            stub.hits[path] = stub.hits.get(path, 0) + 1
            if path == "/":
                self._send(page_bytes(stub.code, stub.table), "text/html; charset=utf-8")
            elif path == "/sheet.json":
                self._send(stub.json, "application/json; charset=utf-8")
            elif path == "/export.csv":
                self._send(stub.csv, "text/csv; charset=utf-8")
            elif path == "/events" and stub.refuse:
                self.send_error(503)
            elif path == "/events":
                self._events()
            else:
                self.send_error(404)

        def _events(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            n = stub.n
            # the count once at the start (server.py does the same); a quick retry
            # so that a restart is found again within the test's bounds
            self.wfile.write(b"retry: 300\nevent: sheet\ndata: %d\n\n" % n)
            self.wfile.flush()
            for _ in range(1200):       # at most 10 minutes a stream
                with stub.cond:
                    stub.cond.wait(0.5)
                    if stub.down:
                        return
                    m = stub.n
                try:
                    if m != n:
                        n = m
                        self.wfile.write(b"event: sheet\ndata: %d\n\n" % n)
                    else:
                        self.wfile.write(b": beat\n\n")
                    self.wfile.flush()
                except OSError:
                    return
    return H


# ---------------------------------------------------------------- the browser
@pytest.fixture(scope="module")
def server():
    s = Stub()
    s.start()
    yield s
    s.stop()


def open_page(drv, server, name, code, table=None):
    server.set(journal(name), code, table)
    drv.get(server.url)
    until(drv, lambda d: drawn(d) >= 1, "the page draws the sheet")
    return json.loads(server.json)


def num(s):
    """A number as a locale writes it (1.234,5 / −3) as the float it is."""
    s = s.replace("\u2212", "-").replace("\u00a0", "").replace("\u202f", "")
    if "," in s:
        s = s.replace(".", "").replace(",", ".")
    return float(s)


def expected_stats(doc, p):
    """(played, declared, won, average, Elo) per player of party p."""
    n = len(p["players"])
    pl, de, wo, su = [0] * n, [0] * n, [0] * n, [0] * n
    for d in p["deals"]:
        s = d.get("summary") or {}
        pos = s.get("taker", s.get("declarer", -1))
        seats = d["seats"]
        q = seats[pos] if pos is not None and pos >= 0 else -1
        for i in range(n):
            if i in seats:
                pl[i] += 1
                su[i] += d["deltas"][i]
        if q >= 0:
            de[q] += 1
            wo[q] += d["deltas"][q] > 0
    ids = {v: k for k, v in doc["players"].items()}
    return [(pl[i], de[i], wo[i], su[i] / pl[i] if pl[i] else None,
             doc["ratings"][ids[m]]) for i, m in enumerate(p["players"])]


# ---------------------------------------------------------------- without the browser
def test_page_py_is_made_from_page_html():
    with open(gen_page.SRC, encoding="utf-8") as fh:
        html = fh.read()
    with open(gen_page.DST, encoding="utf-8") as fh:
        assert fh.read() == gen_page.render(html), "run make tables (gen_page.py --force)"
    assert gen_page.keys(html) == page.KEYS


def test_every_key_of_the_page_is_in_every_table():
    assert page.KEYS and "web_title" in page.KEYS
    for code in lang.CODES:
        t = lang.table(code)
        missing = [k for k in page.KEYS if k not in t]
        assert not missing, (code, missing)
        # the words stand in a <script>: no "</script>" can end it early
        assert not [k for k in page.KEYS if "<" in t[k]], code


def test_the_page_has_no_words_of_its_own():
    """Its text nodes are blank and its attributes hold no text a reader
    sees; the words come from W (the browser test checks what it shows)."""
    with open(gen_page.SRC, encoding="utf-8") as fh:
        src = fh.read()
    found = []

    class P(html.parser.HTMLParser):
        raw = None

        def handle_starttag(self, tag, attrs):
            self.raw = tag if tag in ("script", "style") else None
            for k, v in attrs:
                if k in ("title", "alt", "placeholder", "aria-label", "value", "label") and v:
                    found.append((tag, k, v))

        def handle_endtag(self, tag):
            self.raw = None

        def handle_data(self, data):
            if self.raw is None and data.strip():
                found.append(("text", data.strip()))
    P().feed(src)
    assert not found
    assert src.count(gen_page.MARKER) == 1


def test_the_page_fits_its_budget():
    longest = max(len(page_bytes(c)) for c in lang.CODES)
    assert longest <= BUDGET, longest


# ---------------------------------------------------------------- in the browser
CASES = [("de", "koenigrufen_tournament"),     # Kontra column, 16 deals
         ("en", "slovenian_radelci_money"),    # money, radelci
         ("fr", "koenigrufen_archived"),       # an archived party, two in the journal
         ("sl", "french_score")]               # two parties: the first in the archive


@pytest.mark.parametrize("code,name", CASES)
def test_the_page_shows_the_sheet(browser, server, code, name):
    doc = open_page(browser, server, name, code)
    p = doc["parties"][-1]
    t = lang.table(code)
    n, N = len(p["players"]), len(p["deals"])
    assert js(browser, "return document.documentElement.lang") == code
    assert browser.title == t["web_title"]
    # the totals, large
    assert [int(x) for x in texts(browser, "#tot .c b.t")] == p["totals"]
    # the sheet: a row per deal, the running totals' last row the totals
    assert len(texts(browser, "#tb tbody tr")) == N
    assert [int(x) for x in texts(browser, "#tb tfoot td")[1:]] == p["totals"]
    contracts = texts(browser, "#tb tbody td:first-child")
    for d, c in zip(p["deals"], contracts):
        assert c.startswith(t["deal_n"] % d["deal"]) and (d.get("contract") or "") in c
    if p["summary"].get("kontra"):
        # the Kontra column: each deal's Kontra part under its delta, said in the head
        assert texts(browser, "#tb thead th")[0] == t["Kontra"]
        parts = [int(x) for x in texts(browser, "#tb tbody td small.k")]
        assert parts == [k for d in p["deals"] for k in d["kontra"] or () if k]
        assert t["game_value"] % p["summary"]["game"][0] in texts(browser, "#tot .c small")[0]
    # the plot: a point per deal and player
    assert js(browser, "return document.querySelectorAll('#svg circle.p').length") == n * N
    per = js(browser, "return [...document.querySelectorAll('#svg g[stroke]')]"
                      ".map(g=>g.querySelectorAll('circle').length)")
    assert per == [N] * n
    # the statistics
    rows = js(browser, "return [...document.querySelectorAll('#sx tbody tr')]"
                       ".map(r=>[...r.cells].map(c=>c.textContent))")
    assert [r[0] for r in rows] == p["players"]
    for r, (pl, de, wo, av, elo) in zip(rows, expected_stats(doc, p)):
        assert (int(r[1]), int(r[2]), int(r[3]), int(r[5])) == (pl, de, wo, elo), r
        assert (av is None and r[4] == "") or abs(num(r[4]) - av) < 0.051, (r, av)
    # the money, when the party has it
    m = p["summary"].get("money")
    assert js(browser, "return $('mo').hidden") == (not m)
    if m:
        pays = texts(browser, "#mx tr")
        assert len(pays) == len(m["pays"])
        for line, (a, b, cents) in zip(pays, m["pays"]):
            assert line.startswith(p["players"][a]) and p["players"][b] in line
            assert m["currency"] in line
            assert num(re.search(r"[\d.,\u00a0\u202f]+\d", line.split(p["players"][b])[1]).group(0)) \
                == cents / 100
    # the archive: the archived parties and the journal's earlier ones
    old = len(doc["archived"]) + len(doc["parties"]) - 1
    assert js(browser, "return $('ar').hidden") == (not old)
    assert len(texts(browser, "#ax details")) == old
    # the downloads
    links = js(browser, "return [...document.querySelectorAll('footer a')]"
                        ".map(a=>[a.getAttribute('href'),a.textContent])")
    assert links == [["export.csv", t["web_csv"]], ["sheet.json", t["web_json"]]]


def test_every_journal_of_the_corpus_is_drawn(browser, server):
    """Each golden journal (five seats, Bavarian, damage, corrections, an
    aborted party, ...) drawn without a complaint on the console, its
    totals and its deals as the JSON says."""
    browser.get_log("browser")      # what earlier tests left
    names = sorted(os.listdir(JOURNALS))
    assert len(names) > 10
    for i, name in enumerate(names):
        code = lang.CODES[i % len(lang.CODES)]
        doc = open_page(browser, server, name, code)
        p = doc["parties"][-1]
        assert [int(x) for x in texts(browser, "#tot .c b.t")] == p["totals"], name
        assert len(texts(browser, "#tb tbody tr")) == len(p["deals"]), name
        assert js(browser, "return document.querySelectorAll('#svg circle.p').length") \
            == len(p["deals"]) * len(p["players"]), name
        bad = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
        assert not bad, (name, bad)


def test_every_word_shown_is_the_tables_or_the_sheets(browser, server):
    """With each text of the table a token of its own, the page's letters are
    tokens, players' names, contract names and the currency: none of its own."""
    en = lang.table("en")
    marked = {}
    for i, k in enumerate(page.KEYS):
        if k == "web_lang":
            marked[k] = "en"        # a locale for the numbers, not shown
            continue
        marked[k] = " ".join(["qz%dq" % i] + re.findall(r"%[sd]", en[k]))
    allowed = {v.split(" ")[0] for v in marked.values()}
    for name, tabs in (("slovenian_radelci_money", ()), ("koenigrufen_archived", ("0", "1")),
                       ("koenigrufen_tournament", ())):
        doc = open_page(browser, server, name, "en", marked)
        js(browser, "for(const d of document.querySelectorAll('details'))d.open=true")
        # every text node (hidden ones too), as written: no text-transform
        shown = js(browser, "const w=document.createTreeWalker(document.body,NodeFilter.SHOW_TEXT),o=[];"
                            "while(w.nextNode())if(!w.currentNode.parentNode.closest('script,style'))"
                            "o.push(w.currentNode.data);return o.join(' ')+' '+document.title")
        ok = set(allowed) | {"en"}
        for p in doc["parties"] + [a["party"] for a in doc["archived"] if "party" in a]:
            ok |= set(p["players"])
            ok |= {d.get("contract") or "" for d in p["deals"]}
            m = p["summary"].get("money")
            if m:
                ok.add(m["currency"])
        ok |= set(doc["players"].values())
        for w in ok.copy():
            ok |= set(re.findall(r"[^\W\d_]+", w))
        words = set(re.findall(r"[^\W\d_]+", shown))
        assert words <= ok, sorted(words - ok)


def test_an_event_shows_the_new_deal(browser, server):
    files = journal("koenigrufen_tournament")
    server.set(cut(files, 1), "de")
    browser.get(server.url)
    until(browser, lambda d: drawn(d) >= 1, "the page draws the sheet")
    before = json.loads(server.json)["parties"][-1]
    assert len(texts(browser, "#tb tbody tr")) == len(before["deals"])
    until(browser, lambda d: texts(d, "#st")[0] == lang.table("de")["web_live"], "live")
    n = drawn(browser)
    server.change(files)
    after = json.loads(server.json)["parties"][-1]
    assert len(after["deals"]) == len(before["deals"]) + 1
    until(browser, lambda d: drawn(d) > n, "the page draws again after the event")
    assert len(texts(browser, "#tb tbody tr")) == len(after["deals"])
    assert [int(x) for x in texts(browser, "#tot .c b.t")] == after["totals"]
    assert js(browser, "return document.querySelectorAll('#svg circle.p').length") \
        == len(after["deals"]) * len(after["players"])


def test_a_correction_shows_at_once(browser, server):
    """A deal deleted by a correction: its row says so, the totals follow."""
    files = journal("koenigrufen_fixed_deleted")
    t = lang.table("de")
    server.set(cut(files, 1, "fix"), "de")
    browser.get(server.url)
    until(browser, lambda d: texts(d, "#st")[0] == t["web_live"], "live")
    before = json.loads(server.json)["parties"][-1]
    assert wait_totals(browser) == before["totals"]
    assert not [r for r in texts(browser, "#tb tbody small") if t["web_deleted"] in r]
    n = drawn(browser)
    server.change(cut(files, 1))        # the correction confirmed, the next deal not yet
    after = json.loads(server.json)["parties"][-1]
    assert after["totals"] != before["totals"]
    until(browser, lambda d: drawn(d) > n, "the page draws again after the event")
    assert wait_totals(browser) == after["totals"]
    rows = js(browser, "return [...document.querySelectorAll('#tb tbody tr')]"
                       ".map(r=>[r.className,r.cells[0].textContent])")
    assert [c for c, x in rows if t["web_deleted"] in x] == ["x"]
    assert rows[2][0] == "x" and rows[2][1].startswith(t["deal_n"] % 3)


def test_a_past_party_opened_stays_open_across_an_update(browser, server):
    files = journal("koenigrufen_archived")
    server.set(cut(files, 1), "en")
    browser.get(server.url)
    until(browser, lambda d: texts(d, "#st")[0] == lang.table("en")["web_live"], "live")
    assert len(texts(browser, "#ax details")) == 2
    js(browser, "document.querySelectorAll('#ax details')[1].open=true")
    n = drawn(browser)
    server.change(files)
    until(browser, lambda d: drawn(d) > n, "the page draws again after the event")
    assert js(browser, "return [...document.querySelectorAll('#ax details')].map(x=>x.open)") \
        == [False, True]


def test_the_page_reconnects_after_a_restart(browser, server):
    files = journal("slovenian_radelci_money")
    t = lang.table("en")
    server.set(cut(files, 2), "en")
    browser.get(server.url)
    until(browser, lambda d: texts(d, "#st")[0] == t["web_live"], "live")
    n = drawn(browser)
    server.stop()
    until(browser, lambda d: texts(d, "#st")[0] == t["web_reconnecting"], "reconnecting said")
    # the device comes back with two more deals on its sheet
    server.set(files)
    server.start()
    until(browser, lambda d: drawn(d) > n and texts(d, "#st")[0] == t["web_live"],
          "the page finds the server again and draws its sheet")
    want = json.loads(server.json)["parties"][-1]
    assert [int(x) for x in texts(browser, "#tot .c b.t")] == want["totals"]
    assert len(texts(browser, "#tb tbody tr")) == len(want["deals"])


def test_a_stream_refused_is_opened_again(browser, server):
    """An error answer ends an event stream for good in a browser: the page
    opens it again itself (after 1 s, 2 s, 4 s, then every 8 s)."""
    files = journal("slovenian_radelci_money")
    t = lang.table("en")
    server.set(cut(files, 1), "en")
    browser.get(server.url)
    until(browser, lambda d: texts(d, "#st")[0] == t["web_live"], "live")
    n = drawn(browser)
    server.stop()
    server.refuse = True
    server.start()
    until(browser, lambda d: server.hits.get("/events", 0) and
          js(d, "return es===null") and texts(d, "#st")[0] == t["web_reconnecting"],
          "the stream refused, given up by the browser")
    server.refuse = False
    server.change(files)
    until(browser, lambda d: drawn(d) > n and texts(d, "#st")[0] == t["web_live"],
          "the page opens the stream again and draws the sheet")
    assert len(texts(browser, "#tb tbody tr")) == len(json.loads(server.json)["parties"][-1]["deals"])


def test_no_party_yet(browser, server):
    server.json = json.dumps({"format": "tarockbox-sheet", "version": 2, "parties": [],
                              "archived": [], "players": {}, "ratings": {}}).encode()
    server.code, server.table = "de", None
    browser.get(server.url)
    until(browser, lambda d: drawn(d) >= 1, "the page draws")
    assert texts(browser, "#hd")[0] == lang.table("de")["web_none"]
    assert js(browser, "return ['sh','pl','sa','mo','ar'].map(k=>$(k).hidden)") == [True] * 5


# ---------------------------------------------------------------- figures (not a test)
def measure(rounds=5):
    """The page's bytes and its times in headless Chromium (the Performance
    API: first contentful paint, the sheet drawn), against the stub on
    loopback, a 16-deal party: for the README. Run this file with Python."""
    import statistics
    s = Stub()
    s.set(journal("koenigrufen_tournament"), "de")
    s.start()
    drv = browser()
    out = {"page_bytes": {c: len(page_bytes(c)) for c in lang.CODES},
           "sheet_json_bytes": len(s.json)}
    fcp, done = [], []
    try:
        for _ in range(rounds):
            drv.get(s.url)
            until(drv, lambda d: drawn(d) >= 1, "drawn")
            time.sleep(0.2)
            fcp.append(js(drv, "return performance.getEntriesByName('first-contentful-paint')[0].startTime"))
            done.append(js(drv, "return performance.getEntriesByName('drawn')[0].startTime"))
    finally:
        drv.quit()
        s.stop()
    out["first_contentful_paint_ms"] = round(statistics.median(fcp), 1)
    out["sheet_drawn_ms"] = round(statistics.median(done), 1)
    return out


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
