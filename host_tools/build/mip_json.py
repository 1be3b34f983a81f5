#!/usr/bin/env python3
"""The mip manifests: `mip install github:OWNER/tarockbox` (on the board, with
network) or `mpremote mip install github:OWNER/tarockbox` (from a computer).

    python host_tools/build/mip_json.py [--check]

The root package.json is npm's (host tooling) and mip's at once: mip reads
only "urls" (and "deps", "version"), npm ignores those. This script writes
the "urls" from `make deploy`'s own file list (deploy.manifest), so both
install the same modules, as .py sources (mip cannot compile; the board
compiles them on import):
    /lib/tarock/… /lib/table/… /lib/hw/…      the app, relative urls
    /lib/adafruit_ssd1306.py, /lib/adafruit_bus_device/…
                                              the display driver and its bus
                                              helper at the tags pinned in
                                              pyproject.toml
    /main.py                                  firmware/main.py (dest ../main.py:
                                              littlefs resolves the ..)
and boards/<BOARD>/package.json the board's pin table as /board.py:
    mpremote mip install github:OWNER/tarockbox/boards/RPI_PICO
mip never deletes anything. --check exits 1 if a file is not as generated.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

import deploy  # noqa: E402

# where the pinned wheels' sources live upstream (repository, wheel name)
UPSTREAM = {
    "adafruit_ssd1306.py": ("adafruit/Adafruit_CircuitPython_SSD1306",
                            "adafruit-circuitpython-ssd1306"),
    "adafruit_bus_device/": ("adafruit/Adafruit_CircuitPython_BusDevice",
                             "adafruit-circuitpython-busdevice"),
}


def _lib_url(rel):
    from importlib.metadata import version

    for prefix, (repo, wheel) in UPSTREAM.items():
        if rel == prefix or rel.startswith(prefix):
            return "https://raw.githubusercontent.com/%s/%s/%s" % (repo, version(wheel), rel)
    raise SystemExit("mip_json: no upstream known for %s" % rel)


def root_urls():
    urls = []
    for dev, src, compiled in deploy.manifest("RPI_PICO"):
        if dev == "board.py":
            continue                               # per board: boards/<BOARD>/package.json
        if dev.startswith("lib/"):
            rel = dev[4:-4] + ".py"
            urls.append([rel, _lib_url(rel)])
        elif dev in deploy.SOURCE_FILES:
            urls.append(["../" + dev, "firmware/" + dev])
        else:
            rel = dev[:-4] + ".py"
            urls.append([rel, "firmware/" + rel])
    return sorted(urls)


def wanted():
    """{path: json text} of every manifest this script owns."""
    with open(os.path.join(ROOT, "package.json"), encoding="utf-8") as fh:
        npm = json.load(fh)
    npm.pop("urls", None)
    text = json.dumps(npm, indent=2, ensure_ascii=False)
    # one [dest, url] pair a line
    pairs = ",\n".join("    " + json.dumps(u) for u in root_urls())
    text = text[:-2] + ',\n  "urls": [\n' + pairs + "\n  ]\n}\n"
    out = {"package.json": text}
    for board in sorted(deploy.ARCH):
        out["boards/%s/package.json" % board] = json.dumps(
            {"urls": [["../board.py", "board.py"]], "version": npm["version"]},
            indent=2) + "\n"
    return out


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    bad = []
    for rel, text in wanted().items():
        path = os.path.join(ROOT, rel)
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old == text:
            continue
        if args.check:
            bad.append(rel)
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            print("wrote", rel)
    if bad:
        print("mip_json: not as generated: %s (run host_tools/build/mip_json.py)"
              % ", ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
