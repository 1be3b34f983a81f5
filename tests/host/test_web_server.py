"""The device's live page server (firmware/web/server.py, issue 38) without a
browser: the export it serves is the host tool's byte for byte; it serves
nothing else and changes nothing; the event stream tells every client of
every deal; hostile clients end only their own connections. On the
MicroPython unix port (the board's code as staged for a Wi-Fi board) and on
CPython (the emulator's thread). Loopback only; every wait bounded."""
import csv
import io
import json
import os
import socket
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in ("host_tools/lib", "host_tools/emulator", "host_tools/micropython", "host_tools/sheet"):
    sys.path.insert(0, os.path.join(ROOT, _p))
__import__("hostenv").tools()

import emulator as E  # noqa: E402
import mp_web  # noqa: E402
import sheet as tool  # noqa: E402
from table.sheet.journal import MemStore  # noqa: E402
from table.sheet.sheet import Sheet  # noqa: E402
from tarock.rng import Rng  # noqa: E402
from web import export  # noqa: E402
from webkit import WAIT_S, Events, free_port, get, wait_until  # noqa: E402
from webkit import lines as _lines  # noqa: E402


def status_of(port, path, method="GET"):
    req = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), method=method)
    try:
        with urllib.request.urlopen(req, timeout=WAIT_S) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def raw(port, data, read=True):
    """Send bytes, read what comes back until the server closes (bounded)."""
    with socket.create_connection(("127.0.0.1", port), timeout=WAIT_S) as s:
        s.sendall(data)
        out = b""
        while read:
            try:
                got = s.recv(4096)
            except (ConnectionResetError, socket.timeout):
                break
            if not got:
                break
            out += got
        return out


# ------------------------------------------------------------ the writer

def _journals():
    import glob
    return sorted({os.path.join(ROOT, p) for p in
                   glob.glob("tests/golden/**/sheet.tbj", root_dir=ROOT, recursive=True)})


def test_the_writer_is_what_cpython_json_and_csv_write():
    """The board's writer (no indent, no csv, no ordered dict there) gives
    the text CPython's json and csv modules give for the same values: every
    journal of the corpus, every party and record in it."""
    paths = _journals()
    assert len(paths) >= 20, paths
    for p in paths:
        files = tool.read_journal(p)
        sh = Sheet.open(MemStore(dict(files)))
        text = "".join(export.json_chunks(sh, MemStore(dict(files))))
        assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=1,
                                  sort_keys=True), p
        # the page's view: the same values but the storage's records, compact
        view = "".join(export.view_chunks(sh, "page"))
        full = json.loads(text)
        full["clock"] = "page"   # where the times come from (the page says it)
        for k in ("records", "archive", "quarantine", "damaged"):
            del full[k]
        for pa in full["parties"] + [a["party"] for a in full["archived"] if "party" in a]:
            for h in pa["history"]:
                h.pop("summary", None)     # the deals hold the standing ones
        assert json.loads(view) == full, p
        assert view == json.dumps(full, ensure_ascii=False, separators=(",", ":"),
                                  sort_keys=True), p
        table = "".join(export.csv_chunks(sh))
        again = io.StringIO()
        csv.writer(again, lineterminator="\r\n").writerows(csv.reader(io.StringIO(table)))
        assert table == again.getvalue(), p


@pytest.mark.parametrize("s", ["", "a\"b\\c", "\n\r\t\b\f", "\x00\x1f\x7f", "Kö\u2028\U0001f0a1",
                               "</script>"])
def test_strings_escape_as_json_does(s):
    assert export.dumps({"k": [s, {s: s}]}) == json.dumps({"k": [s, {s: s}]}, ensure_ascii=False,
                                                         indent=1, sort_keys=True)


def test_iso_dates_of_records():
    assert export.iso(0) == "1970-01-01T00:00:00Z"
    assert export.iso(1764892800) == "2025-12-05T00:00:00Z"
    for bad in (None, True, "1", -10 ** 12, 10 ** 12, [1]):
        assert export.iso(bad) == "", bad


# ------------------------------------------------------------ the unix port

@pytest.fixture(scope="module")
def stage():
    with tempfile.TemporaryDirectory() as tmp:
        yield mp_web.stage(tmp)


def test_unix_port_serves_the_party_to_ten_clients_and_the_host_tool_agrees(stage, tmp_path):
    """Ten event-stream clients while the table plays three deals on the
    unix port: after each deal every client has read that deal; the sheet
    and the CSV are the host tool's export of the journal the board wrote,
    byte for byte; the table made no error."""
    port = free_port()
    ctl = tmp_path / "ctl"
    ctl.mkdir()
    journal = tmp_path / "j"
    p = mp_web.start(stage, port, deals=3, pace=5, ctl=str(ctl), linger=120,
                     journal=str(journal))
    clients = []
    try:
        _lines(p, "READY")
        clients = [Events(port) for _ in range(10)]
        for c in clients:
            c.start()
        try:
            wait_until(lambda: all(c.seen for c in clients), "every client's first event")
        except AssertionError:
            raise AssertionError("clients (seen, refused, error): %r" % [
                (c.seen, c.refused, c.error) for c in clients]) from None
        (ctl / "go0").write_text("")
        for k in (1, 2, 3):
            line = _lines(p, "DEAL")[-1].split(None, 2)
            assert int(line[1]) == k
            totals = json.loads(line[2])
            wait_until(lambda: all(c.seen and c.seen[-1] == k for c in clients),
                       "deal %d on every client" % k)
            doc = json.loads(get(port, "/sheet.json")[2])
            assert doc["parties"][-1]["totals"] == totals
            view = json.loads(get(port, "/sheet.json?view=1")[2])
            assert [p["totals"] for p in view["parties"]] == [p["totals"] for p in doc["parties"]]
            assert view["parties"][-1]["deals"] == doc["parties"][-1]["deals"]
            assert "records" not in view
            (ctl / ("go%d" % k)).write_text("")
        done = "".join(_lines(p, "DONE"))
        assert "ERRORS 0" in done, done
        for c in clients:
            assert c.error is None, c.error
            # one event at the start, then one a deal: never a deal missed
            assert sorted(set(c.seen)) == [0, 1, 2, 3], c.seen
        st, head, body = get(port, "/sheet.json")
        assert head["Content-Type"].startswith("application/json")
        host = tmp_path / "host.json"
        host_csv = tmp_path / "host.csv"
        assert tool.main(["export", str(journal), "--json", str(host), "--csv", str(host_csv),
                          "--no-timestamp"]) == 0
        assert body == host.read_bytes()
        st, head, body = get(port, "/export.csv")
        assert head["Content-Type"].startswith("text/csv")
        assert body == host_csv.read_bytes()
        (ctl / "stop").write_text("")
        assert p.wait(WAIT_S) == 0
    finally:
        for c in clients:
            c.stop = True
        if p.poll() is None:
            p.kill()
            p.wait(WAIT_S)


HOSTILE = [
    b"\r\n\r\n",
    b"GARBAGE\r\n\r\n",
    b"GET\r\n\r\n",
    b"GET / HTTP/1.1\r\nNoColonHere\r\n\r\n",
    b"GET /" + b"a" * 4000 + b" HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nX: " + b"b" * 4000 + b"\r\n\r\n",
    b"GET / HTTP/1.1\r\nContent-Length: 100000000\r\n\r\n",
    b"GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
    b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
    b"\xff\xfe\xfd / HTTP/1.1\r\n\r\n",
    b"POST /sheet.json HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}",
    b"GET /../../sheet.tbj HTTP/1.1\r\n\r\n",
]


def _hostile(port, journal_files):
    """Every hostile request answered or closed; 100 connections opened and
    dropped, slow clients: the server still serves, the journal untouched."""
    before = {f: open(f, "rb").read() for f in journal_files()}
    sheet_before = get(port, "/sheet.json")[2]
    for data in HOSTILE:
        got = raw(port, data)
        assert got == b"" or got.startswith(b"HTTP/1."), (data[:40], got[:80])
        assert b" 200 " not in got.split(b"\r\n", 1)[0], (data[:40], got[:80])
    for path in ("/nothing", "/sheet.tbj", "/index.html", "/events/x", "/sheet.json/"):
        assert status_of(port, path) == 404, path
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/", "/sheet.json", "/export.csv", "/events"):
            assert status_of(port, path, method) in (404, 405), (method, path)
    socks = []
    for _ in range(100):       # opened and dropped, some half a request
        s = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
        s.sendall(b"GET /sheet.json HTTP/1.1\r\n")
        socks.append(s)
        if len(socks) >= 10:
            for s in socks:
                s.close()
            socks = []
    # a client that asks and never reads, another that never asks
    lazy = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
    lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    lazy.sendall(b"GET /sheet.json HTTP/1.1\r\n\r\n")
    mute = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
    try:
        # the server answers others meanwhile (the limit of connections
        # drops what it must; a browser tries again)
        wait_until(lambda: _ok(port), "an answer beside the slow clients")
        assert get(port, "/sheet.json")[2] == sheet_before
        mute.settimeout(WAIT_S)
        assert mute.recv(10) == b""     # closed after HEAD_S without a request
    finally:
        lazy.close()
        mute.close()
    after = {f: open(f, "rb").read() for f in journal_files()}
    assert after == before


def _deals(port):
    parties = json.loads(get(port, "/sheet.json")[2])["parties"]
    return len(parties[-1]["deals"]) if parties else 0


def _ok(port):
    try:
        return get(port, "/sheet.json", timeout=5)[0] == 200
    except OSError:
        return False


def test_unix_port_server_survives_hostile_clients(stage, tmp_path):
    port = free_port()
    journal = tmp_path / "j"
    p = mp_web.start(stage, port, deals=1, pace=0, linger=300, ctl=str(tmp_path),
                     journal=str(journal))
    try:
        _lines(p, "READY")
        (tmp_path / "go0").write_text("")
        (tmp_path / "go1").write_text("")
        assert "ERRORS 0" in "".join(_lines(p, "DONE"))
        _hostile(port, lambda: sorted(str(f) for f in journal.iterdir()))
        (tmp_path / "stop").write_text("")
        assert p.wait(WAIT_S) == 0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait(WAIT_S)


# ------------------------------------------------------------ CPython (the emulator)

@pytest.fixture
def emu_web(tmp_path):
    emu = E.Emulator(seats=4, seed=3, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4)
    port = free_port()
    stop = E.serve_web(emu, port=port)
    yield emu, port, tmp_path
    stop()


def test_emulator_serves_the_same_export_as_the_host_tool(emu_web, tmp_path):
    emu, port, store = emu_web
    rng = Rng(3)
    for k in (1, 2):
        E.play_deal(emu, rng)
        doc = json.loads(get(port, "/sheet.json")[2])
        assert len(doc["parties"][-1]["deals"]) == k
        assert doc["parties"][-1]["totals"] == list(emu.app.sheet.party.totals())
    out = tmp_path / "out"
    assert tool.main(["export", str(store / "sheet.tbj"), "--json", str(out / "s.json"),
                      "--no-timestamp"]) == 0
    assert get(port, "/sheet.json")[2] == (out / "s.json").read_bytes()
    _hostile(port, lambda: sorted(str(f) for f in store.iterdir() if f.is_file()))


def test_a_port_taken_is_one_line(emu_web):
    emu, port, _ = emu_web
    with pytest.raises(E.WebError, match="127.0.0.1:%d" % port):
        E.serve_web(emu, port=port)


def test_make_run_web_serves_while_it_runs(tmp_path):
    """emulator.py --web: the bots' party on the page while they play,
    then it serves on until stopped; a bad --web is one line."""
    port = free_port()
    p = subprocess.Popen([sys.executable, os.path.join(ROOT, "host_tools", "emulator", "emulator.py"),
                          "--bots", "--deals", "2", "--out", str(tmp_path / "o"),
                          "--web", "127.0.0.1:%d" % port, "--web-linger", "60"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    try:
        wait_until(lambda: _ok(port) and _deals(port) == 2, "two deals")
    finally:
        p.terminate()
        out = p.communicate(timeout=WAIT_S)[0]
    assert "http://127.0.0.1:%d/" % port in out, out
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "emulator", "emulator.py"),
                        "--bots", "--web", "nohost:x"], capture_output=True, text=True, cwd=ROOT,
                       timeout=WAIT_S)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    # --web alone: 127.0.0.1:8080 (the README's `make run ARGS=--web`)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "host_tools", "emulator", "emulator.py"),
                        "--bots", "--web", "--web-linger", "0", "--out", str(tmp_path / "o2")],
                       capture_output=True, text=True, cwd=ROOT, timeout=WAIT_S)
    assert "the page: http://127.0.0.1:8080/" in r.stdout or "127.0.0.1:8080" in r.stderr, r


def test_the_clock_stamps_what_the_table_confirms_once_it_is_known(monkeypatch, tmp_path):
    """No record carries a time until one is known; the first page load's
    clock gives it (?now=, ms), a second phone does not move it, the
    network's time replaces a phone's; a time of no sense is refused."""
    from table import scores
    from web import clock
    monkeypatch.setattr(clock, "source", "")
    monkeypatch.setattr(clock, "_off", 0)
    monkeypatch.setattr(scores, "now", None)
    emu = E.Emulator(seats=4, seed=3, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=4)
    port = free_port()
    stop = E.serve_web(emu, port=port)
    try:
        rng = Rng(3)
        E.play_deal(emu, rng)
        assert emu.app.sheet.history()[0].get("when") is None
        get(port, "/sheet.json?now=12")              # no time of this century
        get(port, "/sheet.json?now=x")
        assert clock.source == "" and clock.now() is None
        phone = 1764892800
        get(port, "/sheet.json?now=%d" % (phone * 1000))
        assert clock.source == "page"
        get(port, "/sheet.json?now=%d" % ((phone + 10 ** 6) * 1000))   # a second phone
        E.play_deal(emu, rng)
        w = emu.app.sheet.history()[1]["when"]
        assert phone <= w < phone + WAIT_S
        assert clock.set(phone + 7200, "ntp") and clock.source == "ntp"
        assert not clock.set(phone, "page")
        E.play_deal(emu, rng)
        assert phone + 7200 <= emu.app.sheet.history()[2]["when"] < phone + 7200 + WAIT_S
        doc = json.loads(get(port, "/sheet.json")[2])
        assert doc["parties"][-1]["history"][1]["date"].startswith("2025-12-05T00:0")
        assert json.loads(get(port, "/sheet.json?view=1")[2])["clock"] == "ntp"
    finally:
        stop()


@pytest.mark.parametrize("family,preset,players", [
    ("koenigrufen", "pagat", 4), ("slovenian", "standard", 3), ("french", "fft", 5),
    ("bavarian", "standard", 3)])
def test_the_page_holds_nothing_of_a_deal_in_play(family, preset, players, tmp_path):
    """From the deal's first card to its result's first confirmation, what
    the page serves (the export the server streams) does not change by a
    byte: no hand, talon, discard or trick of a deal in play reaches a
    phone; the result then does."""
    from web import server
    emu = E.Emulator(seats=5 if players == 5 else 4, seed=5, record=False, storage=str(tmp_path))
    E.setup_table(emu, players=players, family=family, preset=preset)
    rng = Rng(5)
    E.play_deal(emu, rng)
    sh = emu.app.sheet

    def served():
        return ("".join(export.json_chunks(sh, sh.journal.store)),
                "".join(export.csv_chunks(sh)), server.signature(emu.app))

    base = served()
    entries = len(sh.history())
    checked = []

    def watch(e):
        if sh.pending is None and len(sh.history()) == entries:
            checked.append(served() == base)

    emu.watch = watch
    E.play_deal(emu, rng)
    emu.watch = None
    assert len(checked) > 20 and all(checked), (len(checked), checked.count(False))
    assert served()[0] != base[0] and len(sh.history()) > entries
