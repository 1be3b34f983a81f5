"""simulate.py on a cluster from the command line (issue 19 item 1): a real
`dask scheduler` with two `dask worker` processes on localhost, started in a
directory where none of our code is, and a Ray started by the run; the code
reaches the workers by itself (the worker zip), and the CSV and summary are
byte-identical to a local run of the same arguments."""
import json
import os
import signal
import subprocess
import sys
import time
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIM = os.path.join(ROOT, "host_tools", "sim", "simulate.py")
BIN = os.path.dirname(sys.executable)
ARGS = ["--deals", "90", "--seed", "11", "--family", "koenigrufen,slovenian", "--rotate",
        "--bots", "heuristic,random", "--chunk", "10", "--no-plots", "--quiet"]


def _clean_env():
    """No PYTHONPATH, not our directory: what a worker on another machine has."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONNOUSERSITE"] = "1"
    return env


def _sim(out, *extra):
    r = subprocess.run([sys.executable, SIM, "--out", str(out)] + ARGS + list(extra),
                       capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    return r.stdout


def _same_as_local(tmp_path, out):
    local = tmp_path / "local"
    if not (local / "deals.csv").exists():
        _sim(local, "--procs", "1")
    assert (out / "deals.csv").read_bytes() == (local / "deals.csv").read_bytes()
    a, b = (json.loads((d / "summary.json").read_text(encoding="utf-8")) for d in (out, local))
    a.pop("run")
    b.pop("run")
    assert a == b


def test_worker_zip_imports_without_device_modules(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
    __import__("hostenv").tools()
    import simulate as S
    z = S.worker_zip(str(tmp_path / "w.zip"))
    names = zipfile.ZipFile(z).namelist()
    assert "simwork.py" in names and "tarock/bots/__init__.py" in names
    assert not any(n.split("/")[0] in ("table", "hw", "main.py", "boot.py") for n in names)
    task = ("koenigrufen", "koenigrufen/pagat", 5, 3, 0, ("heuristic", "random", "random",
                                                        "random"), True, True, 4)
    code = ("import sys, json; sys.path[:0] = [%r]; import simwork, searchbot; "
            "rows, agg = simwork.run_chunk(%r); "
            "bad = [m for m in ('table', 'hw', 'framebuf', 'machine', 'hostenv') if m in sys.modules]; "
            "print(json.dumps([rows, agg, bad]))" % (z, task))
    r = subprocess.run([sys.executable, "-I", "-c", code], cwd=str(tmp_path), env=_clean_env(),
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    rows, agg, bad = json.loads(r.stdout)
    assert bad == []
    want_rows, want_agg = S.run_chunk(task)
    assert rows == json.loads(json.dumps(want_rows)) and agg == json.loads(json.dumps(want_agg))


@pytest.fixture
def dask_cluster(tmp_path):
    """`dask scheduler` + two `dask worker` processes on 127.0.0.1."""
    here = tmp_path / "cluster"
    here.mkdir()
    sf = here / "scheduler.json"
    procs = []
    logs = []

    def start(*args):
        log = open(here / ("%d.log" % len(procs)), "w")
        logs.append(log)
        procs.append(subprocess.Popen([os.path.join(BIN, "dask")] + list(args), cwd=str(here),
                                      env=_clean_env(), stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True))
    try:
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
              "--scheduler-file", str(sf))
        t0 = time.time()
        while not sf.exists() and time.time() - t0 < 60:
            time.sleep(0.1)
        address = json.loads(sf.read_text())["address"]
        for i in range(2):
            start("worker", "--scheduler-file", str(sf), "--nworkers", "1", "--nthreads", "1",
                  "--no-dashboard", "--local-directory", str(here / ("w%d" % i)))
        from distributed import Client
        with Client(address, timeout="30s") as c:   # both there before the run counts them
            c.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
        for log in logs:
            log.close()


def test_dask_scheduler_and_two_workers_give_the_local_bytes(tmp_path, dask_cluster):
    out = tmp_path / "dask"
    text = _sim(out, "--executor", "dask", "--address", dask_cluster)
    assert "dask executor, 2 workers" in text   # both workers joined: the window is theirs
    _same_as_local(tmp_path, out)
    sd = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert sd["run"]["workers"] == 2


def test_ray_started_here_gives_the_local_bytes(tmp_path):
    out = tmp_path / "ray"
    text = _sim(out, "--executor", "ray", "--procs", "2")
    assert "ray executor, 2 workers" in text
    _same_as_local(tmp_path, out)


# ---------------------------------------------------------------- nobody answers
def _closed_port():
    """A loopback port nobody listens on (bound, then let go)."""
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _refused(tmp_path, *extra, within=30):
    """simulate.py with these options: one line, status 2, within `within`
    seconds, no --out made."""
    out = tmp_path / "out"
    t0 = time.time()
    r = subprocess.run([sys.executable, SIM, "--out", str(out), "--deals", "5", "--no-plots",
                        "--quiet"] + list(extra), capture_output=True, text=True, timeout=120)
    took = time.time() - t0
    lines = r.stderr.strip("\n").split("\n")
    assert r.returncode == 2 and len(lines) == 1, r.stderr[-3000:]
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert not out.exists(), os.listdir(out)
    assert took < within, took
    return lines[0]


@pytest.mark.parametrize("kind, address", [("dask", "tcp://127.0.0.1:{port}"),
                                           ("ray", "127.0.0.1:{port}")])
def test_an_address_nobody_answers_is_one_line(tmp_path, kind, address):
    """A scheduler or head that is not there: one line after a bounded wait
    (it was 60 lines of Ray's retries, or a traceback after 20 s), --out
    never made."""
    a = address.format(port=_closed_port())
    line = _refused(tmp_path, "--executor", kind, "--address", a, "--connect-timeout", "3")
    assert a in line and "nothing answers" in line, line


@pytest.mark.parametrize("kind, address", [("dask", "tcp://127.0.0.1:{port}"),
                                           ("ray", "127.0.0.1:{port}")])
def test_an_address_that_answers_but_says_nothing_is_one_line(tmp_path, kind, address):
    """Something listens but is no scheduler or head (it never speaks): one
    line after --connect-timeout and a few seconds (Ray's client kept
    retrying for minutes)."""
    import socket
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    try:
        a = address.format(port=srv.getsockname()[1])
        line = _refused(tmp_path, "--executor", kind, "--address", a, "--connect-timeout", "2")
        assert a in line and ("no %s" % kind) in line, line
    finally:
        srv.close()


@pytest.mark.parametrize("kind, address", [("dask", "nonsense"), ("dask", "http://h:1"),
                                           ("ray", "host:port"), ("dask", "tcp://h:99999")])
def test_an_address_that_is_no_address_is_one_line(tmp_path, kind, address):
    line = _refused(tmp_path, "--executor", kind, "--address", address, within=20)
    assert "--address" in line and "host:port" in line, line
