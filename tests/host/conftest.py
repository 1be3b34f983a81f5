"""The host tests read the screens in English: a new table starts in English
here (table.app.LANG) unless a test chooses a language (the Language row,
App(lang_code=...)); the golden device runs use the app's own default
(host_tools/golden/device_runs.py) and tests/host/test_lang.py checks the
others.

`make pytest` runs these on every core (pytest-xdist, --dist loadgroup). A
test writes under its tmp_path, never in the repository; the modules in
SHARED use something outside it and run on one worker, one test after the
other, in an xdist group."""
import pytest
import table.app

table.app.LANG = "en"

# module -> its xdist group (and, in the comment, what its tests share)
SHARED = {
    # the worker zip in build/sim-worker/ of the repository (simulate.py's
    # stage for Dask and Ray), and a Dask cluster beside a Ray that each
    # want both cores
    "test_sim_cluster.py": "repository",
    # every tool's --help and bad arguments, checked to write nothing in the
    # repository: not while the cluster tests write build/sim-worker/
    "test_cli_tools.py": "repository",
}


def pytest_collection_modifyitems(items):
    for item in items:
        group = SHARED.get(item.path.name)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))


def refuse_writes(monkeypatch, errno, names=("append", "rename", "remove")):
    """The flash refuses the store's writes (OSError(errno): 28 full, 30
    read-only) while the returned dict's "on" is true."""
    from table.sheet.journal import FileStore
    flash = {"on": False}
    for name in names:
        real = getattr(FileStore, name)

        def refuse(self, *a, _real=real):
            if flash["on"]:
                raise OSError(errno, "No space left on device" if errno == 28 else
                              "Read-only file system")
            return _real(self, *a)
        monkeypatch.setattr(FileStore, name, refuse)
    return flash


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium through selenium (host_tools/lib/webkit.py),
    one for a module's tests (the page's: test_web_*.py)."""
    import webkit
    drv = webkit.browser()
    if drv is None:
        pytest.skip("no %s (make setup installs Debian's chromium)" % webkit.CHROMIUM)
    try:
        yield drv
    finally:
        drv.quit()


@pytest.fixture(autouse=True)
def _no_time_of_day():
    """A page a test's browser loads sets the board's clock (web/clock.py,
    ?now=): later tests in the worker would journal times, so it is
    forgotten after each test."""
    yield
    import sys
    from table import scores
    scores.now = None
    clock = sys.modules.get("web.clock")
    if clock is not None:
        clock.source = ""
        clock._off = 0
