#!/usr/bin/env python3
"""The device in a browser, measured (issue 40): the page's bytes (raw and
gzip -9), the time to its first screens in Debian's headless Chromium, and
press -> screen in the page (a button held 120 ms, then the time from the
press to the next redraw of the panels).

    python host_tools/bench/bench_webpage.py [--presses 20] [--json OUT]

Builds the page into a temporary folder (host_tools/build/webbuild.py),
serves it on 127.0.0.1 and loads it three times (fresh storage each): the
figures are the median of the loads and of the presses."""
import gzip
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "build"))

import cli  # noqa: E402
import webkit  # noqa: E402
import webbuild  # noqa: E402


def _wait(drv, js, limit=60):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        v = drv.execute_script(js)
        if v:
            return v
        time.sleep(0.02)
    raise SystemExit("bench_webpage: the page did not answer: " + js)


def run(presses=20):
    from selenium.webdriver.common.action_chains import ActionChains
    out = tempfile.mkdtemp(prefix="tarockbox-web-")
    sizes = webbuild.build(out)
    gz = {f: len(gzip.compress(open(os.path.join(out, f), "rb").read(), 9)) for f in sizes}
    port, stop = webkit.serve_folder(out)
    url = "http://127.0.0.1:%d/index.html?seed=3&lang=en" % port
    firsts = []
    answers = []
    try:
        for _ in range(3):
            drv = webkit.browser()
            if drv is None:
                raise SystemExit("bench_webpage: no %s (make setup)" % webkit.CHROMIUM)
            try:
                drv.set_window_size(1400, 1000)
                drv.get(url)
                firsts.append(_wait(drv, "return window.tarockbox && window.tarockbox.ready"
                                         " && window.tarockbox.firstScreensMs"))
                el = {b: drv.find_element("id", "b0%d" % b) for b in (0, 1)}
                for k in range(presses):
                    drv.execute_script("window.tarockbox.lastPressMs = null")
                    ActionChains(drv).click_and_hold(el[k % 2]).pause(0.12).release().perform()
                    answers.append(_wait(drv, "return window.tarockbox.lastPressMs", 10))
            finally:
                drv.quit()
    finally:
        stop()
    return {"bytes": sizes, "gzip": gz, "bytes_total": sum(sizes.values()),
            "gzip_total": sum(gz.values()), "first_screens_ms": round(statistics.median(firsts)),
            "first_screens_all_ms": [round(x) for x in firsts],
            "press_to_screen_ms": {"median": round(statistics.median(answers), 1),
                                   "worst": round(max(answers), 1), "n": len(answers)}}


def main(argv=None):
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--presses", type=int, default=20)
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args(argv)
    fig = run(args.presses)
    for k in ("bytes_total", "gzip_total", "first_screens_ms", "first_screens_all_ms",
              "press_to_screen_ms"):
        print("%-22s %s" % (k, fig[k]))
    for f in sorted(fig["bytes"]):
        print("  %-20s %9d bytes, %8d gzip -9" % (f, fig["bytes"][f], fig["gzip"][f]))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(fig, fh, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
