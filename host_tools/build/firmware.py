#!/usr/bin/env python3
"""Build a MicroPython firmware image with tarockbox frozen in
(`make firmware BOARD=RPI_PICO` -> build/RPI_PICO/tarockbox.uf2).

    python host_tools/build/firmware.py [--board RPI_PICO] [--sources DIR]
                                        [--upstream] [--jobs N] [--json FILE]

Boards: RPI_PICO (the Pico) and RPI_PICO_W (the Pico W: the app and its
web page over Wi-Fi, firmware/web and microdot frozen too; lwIP and the
CYW43 driver, Bluetooth off).

Steps (each skipped when its output is already there and up to date):
1. sources: MicroPython v1.28.0 and the submodules its rp2 port needs, from
   the pinned tarballs in ../shared/third_party (SOURCES.md there; sha256
   checked against PINS below, a clear error if one is missing or differs),
   unpacked to build/src/micropython-1.28.0; a board's own extras
   (BOARD_PINS: the Pico W's cyw43-driver and lwIP) beside them, each with
   a stamp of its own, so the Pico's tree is not unpacked again for them.
   --upstream clones the same commits from their git repositories instead
   (needs internet and git).
2. mpy-cross of that tree (the frozen bytecode's compiler).
3. the frozen tree: boards/<BOARD>/manifest.py freezes firmware/ (tarock,
   table, hw, main.py), board.py, adafruit_ssd1306 + adafruit_bus_device
   (copied from the pinned wheels in .venv to build/freeze/lib; on the
   Pico W also microdot's modules the server imports) and
   build/freeze/gen/tarockbox_version.py (VERSION, COMMIT, MICROPYTHON);
   the language tables not as their sources but split, from
   build/freeze/gen/table/lang (build.lang_split: the keys once, in keys.py).
4. cmake + make of ports/rp2 with MICROPY_BOARD_DIR=boards/<BOARD>, without
   picotool (PICO_NO_PICOTOOL), SOURCE_DATE_EPOCH = MicroPython v1.28.0's
   commit time and no git for its version header, so the same sources give
   the same bytes (a clean and an incremental build alike).
5. build/<BOARD>/tarockbox.uf2 by MicroPython's tools/uf2conv.py, plus
   firmware.bin/.elf/.map there; prints the sizes (image, frozen part).

The toolchain (arm-none-eabi-gcc, newlib, cmake) comes from apt:
`make firmware` runs `make toolchain` first, which installs it if missing.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))

MP_VERSION = "1.28.0"
# name -> (sha256, where it goes under the MicroPython tree, tar strip, upstream git, commit)
PINS = {
    "micropython-1.28.0.tar.xz": (
        "80a33e817421974e8a600504e6a29592ce21c1a87ec94639ccc6801d464fddca", ".", 0,
        "https://github.com/micropython/micropython", "v1.28.0"),
    "pico-sdk-2.2.0.tar.xz": (
        "7f19237855b799c87b45a7746b8b4e1eaa37a778c4e3a4e365a0393f289be5a3", "lib/pico-sdk", 0,
        "https://github.com/raspberrypi/pico-sdk", "2.2.0"),
    "tinyusb-0.19.0-24-gaa0fc2e08.tar.xz": (
        "8fc0f4edaf597223cae3b90f6105d38d55bdfee3a38254d1b4c637074fbc420f", "lib/tinyusb", 0,
        "https://github.com/hathach/tinyusb", "aa0fc2e08f1c"),
    "micropython-lib-8380c7bb.tar.xz": (
        "efe5ede0204b7c1f9a099cbb7e1adcbfacd9661b519d83761bb755f087da0cce",
        "lib/micropython-lib", 0, "https://github.com/micropython/micropython-lib", "8380c7bb"),
    "mbedtls_3.6.6.orig.tar.bz2": (
        "8fb65fae8dcae5840f793c0a334860a411f884cc537ea290ce1c52bb64ca007a", "lib/mbedtls", 1,
        "https://github.com/Mbed-TLS/mbedtls", "v3.6.6"),
}
# a board's sources beyond PINS, unpacked into the same tree (the archives
# carry their folder names, cyw43-driver/ and lwip/: stripped)
BOARD_PINS = {
    "RPI_PICO_W": {
        "cyw43-driver-055d642.tar.xz": (
            "5cfa700e322400aa050554779db9d63e442e5f200aec37c0de337efad7252760",
            "lib/cyw43-driver", 1,
            "https://github.com/georgerobotics/cyw43-driver", "055d64274b01"),
        "lwip-77dcd25.tar.xz": (
            "d3c512aa7bef24048b7de27236f532e8d830cd7197b19d3afbfe93bd5471cd93", "lib/lwip", 1,
            "https://github.com/lwip-tcpip/lwip", "77dcd25a7250"),
    },
}
BOOTROM = ("rp2040js-bootrom-b1.ts",
           "99f8a1f813ce3aa9415884de3fb6c5b962d3c6fa0394b05413ad3c7b3c39ec62")
BUILD = os.path.join(ROOT, "build")
SRC = os.path.join(BUILD, "src", "micropython-" + MP_VERSION)
FREEZE_GEN = os.path.join(BUILD, "freeze", "gen")
TOOLCHAIN = ("arm-none-eabi-gcc", "cmake", "make", "cc")


def default_sources():
    return os.environ.get("TAROCKBOX_THIRD_PARTY",
                          os.path.join(os.path.dirname(ROOT), "shared", "third_party"))


# the image's room before the littlefs region: its flash offset, MicroPython's
# own layout (boards/<BOARD>/mpconfigboard.h: 2 MB flash less the filesystem),
# so a stock image's filesystem stays readable after a switch to this one
IMAGE_ROOM = {"RPI_PICO": 0xA0000,          # 1408 KiB filesystem
              "RPI_PICO_W": 0x12C000}       # 848 KiB filesystem


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def checked(sources, name, want):
    """Path of a pinned file in sources, its checksum verified."""
    path = os.path.join(sources, name)
    if not os.path.exists(path):
        raise SystemExit(
            "firmware: %s is missing in %s\n  (the pinned sources of SOURCES.md; set "
            "TAROCKBOX_THIRD_PARTY=DIR or pass --sources DIR, or --upstream with internet)"
            % (name, sources))
    got = sha256(path)
    if got != want:
        raise SystemExit("firmware: %s has sha256 %s, pinned %s: refusing to build"
                         % (path, got, want))
    return path


def _untar(path, dest, strip):
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(path) as tf:
        members = []
        for m in tf.getmembers():
            parts = m.name.split("/")[strip:]
            if not parts or not parts[0]:
                continue
            m.name = "/".join(parts)
            if m.islnk():
                m.linkname = "/".join(m.linkname.split("/")[strip:])
            members.append(m)
        tf.extractall(dest, members=members, filter="tar")


def unpack(sources, upstream=False, board="RPI_PICO"):
    """The MicroPython tree with its submodules under build/src (stamped by
    the pins, so a second build reuses it), and the board's extras."""
    stamp = os.path.join(SRC, ".tarockbox-pins")
    want = json.dumps({k: v[0] for k, v in sorted(PINS.items())}, sort_keys=True)
    if not (os.path.exists(stamp) and open(stamp).read() == want):
        if os.path.isdir(SRC):
            shutil.rmtree(SRC)
        t0 = time.time()
        for name, (digest, where, strip, url, rev) in PINS.items():
            dest = os.path.normpath(os.path.join(SRC, where))
            if upstream:
                _git_clone(url, rev, dest)
            else:
                _untar(checked(sources, name, digest), dest, strip)
        with open(stamp, "w") as fh:
            fh.write(want)
        print("== sources unpacked to %s (%.0f s)"
              % (os.path.relpath(SRC, ROOT), time.time() - t0))
    for name, (digest, where, strip, url, rev) in sorted(BOARD_PINS.get(board, {}).items()):
        extra = os.path.join(SRC, ".tarockbox-pin-" + name)
        if os.path.exists(extra) and open(extra).read() == digest:
            continue
        dest = os.path.join(SRC, where)
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        if upstream:
            _git_clone(url, rev, dest)
        else:
            _untar(checked(sources, name, digest), dest, strip)
        with open(extra, "w") as fh:
            fh.write(digest)
        print("== %s unpacked to %s" % (name, os.path.relpath(dest, ROOT)))
    return SRC


def _git_clone(url, rev, dest):
    # a user with internet: the same commits from upstream (not used on the
    # project's machines, which reach no code host)
    if os.path.isdir(dest) and os.listdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest, exist_ok=True)
    for cmd in (["git", "init", "-q"], ["git", "fetch", "-q", "--depth", "1", url, rev],
                ["git", "checkout", "-q", "FETCH_HEAD"]):
        subprocess.run(cmd, cwd=dest, check=True)


def run(cmd, log=None, **kw):
    """Run cmd; with log, its output goes to that file (the tail is shown if
    it fails)."""
    print("$ " + " ".join(cmd), flush=True)
    if log is None:
        subprocess.run(cmd, check=True, **kw)
        return
    with open(log, "a") as fh:
        fh.write("$ " + " ".join(cmd) + "\n")
        fh.flush()
        p = subprocess.run(cmd, stdout=fh, stderr=subprocess.STDOUT, **kw)
    if p.returncode:
        with open(log) as fh:
            tail = fh.read().splitlines()[-40:]
        raise SystemExit("\n".join(tail) + "\nfirmware: %s failed (exit %d), whole log in %s"
                         % (cmd[0], p.returncode, log))


def project_commit():
    """(commit hash, commit time, dirty?) of the project, ('unknown', 0, False)
    outside git."""
    try:
        sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.strip()
        ct = int(subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT,
                                capture_output=True, text=True, check=True).stdout.strip())
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--", "firmware", "boards"],
                                    cwd=ROOT, capture_output=True, text=True).stdout.strip())
        return sha, ct, dirty
    except (OSError, subprocess.CalledProcessError, ValueError):
        return "unknown", 0, False


def write_version(board):
    sha, ct, dirty = project_commit()
    commit = sha[:12] + ("-dirty" if dirty else "")
    os.makedirs(FREEZE_GEN, exist_ok=True)
    text = ("# generated by host_tools/build/firmware.py: what this image was built from\n"
            "VERSION = %r\nCOMMIT = %r\nMICROPYTHON = %r\nBOARD = %r\n"
            % ("tarockbox " + commit, commit, MP_VERSION, board))
    path = os.path.join(FREEZE_GEN, "tarockbox_version.py")
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as fh:
            fh.write(text)
    return commit, ct


def missing_tools():
    return [t for t in TOOLCHAIN if shutil.which(t) is None]


def frozen_size(cmake_dir):
    """text+data bytes of the compiled frozen content (bytecode, qstrs, consts)."""
    for dirpath, _, files in os.walk(cmake_dir):
        for f in files:
            if f in ("frozen_content.c.o", "frozen_content.c.obj"):
                out = subprocess.run(["arm-none-eabi-size", os.path.join(dirpath, f)],
                                     capture_output=True, text=True, check=True).stdout
                text, data = out.splitlines()[1].split()[:2]
                return int(text) + int(data)
    return None


def build(board, sources, upstream=False, jobs=None):
    gone = missing_tools()
    if gone:
        raise SystemExit("firmware: missing %s (run `make toolchain`, it installs them with apt)"
                         % ", ".join(gone))
    board_dir = os.path.join(ROOT, "boards", board)
    if board not in IMAGE_ROOM or not os.path.exists(os.path.join(board_dir,
                                                                  "mpconfigboard.cmake")):
        raise SystemExit("firmware: boards/%s is not an RP2040 board definition here "
                         "(built: %s)" % (board, ", ".join(sorted(IMAGE_ROOM))))
    jobs = str(jobs or os.cpu_count() or 2)
    t0 = time.time()
    src = unpack(sources, upstream, board)
    import deploy       # the libraries' lists, shared with `make deploy`

    deploy.freeze_libs(board=board)
    # the language tables split: the keys once; on the Pico without the words
    # of the page, the QR screen and the radio (deploy.lang_drop)
    deploy.build.lang_split(FREEZE_GEN, drop=deploy.lang_drop(board))
    commit, _ = write_version(board)
    # Reproducible: the build date MicroPython prints (and any __DATE__) is
    # MicroPython v1.28.0's own commit time (the tarball's mtimes), not today
    # nor the project commit's (that would leave stale objects in an
    # incremental build); the project commit is in tarockbox_version. GIT_DIR
    # stops makeversionhdr.py from describing the project's git (build/src
    # lies inside it) as MicroPython's version: it takes v1.28.0 from mpconfig.h.
    epoch = int(os.stat(os.path.join(src, "py", "mpconfig.h")).st_mtime)
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch), LC_ALL="C", TZ="UTC",
               GIT_DIR=os.path.join(BUILD, "no-git"), GIT_CEILING_DIRECTORIES=BUILD)
    out = os.path.join(BUILD, board)
    cmake_dir = os.path.join(out, "cmake")
    os.makedirs(out, exist_ok=True)
    log = os.path.join(out, "build.log")
    with open(log, "w"):
        pass
    run(["make", "-s", "-C", os.path.join(src, "mpy-cross"), "-j" + jobs], log, env=env)
    if not os.path.exists(os.path.join(cmake_dir, "Makefile")):
        run(["cmake", "-S", os.path.join(src, "ports", "rp2"), "-B", cmake_dir,
             "-DPICO_BUILD_DOCS=0", "-DMICROPY_BOARD=" + board,
             "-DMICROPY_BOARD_DIR=" + board_dir, "-DPICO_NO_PICOTOOL=1",
             "-DCMAKE_BUILD_TYPE=MinSizeRel"], log, env=env)
    run(["make", "-s", "-C", cmake_dir, "-j" + jobs], log, env=env)
    for ext in ("bin", "elf"):
        shutil.copyfile(os.path.join(cmake_dir, "firmware." + ext),
                        os.path.join(out, "firmware." + ext))
    uf2 = os.path.join(out, "tarockbox.uf2")
    run([sys.executable, os.path.join(src, "tools", "uf2conv.py"), "--family", "RP2040",
         "--base", "0x10000000", "--convert", "--output", uf2,
         os.path.join(out, "firmware.bin")], log, env=env)
    figures = {
        "board": board, "commit": commit, "micropython": MP_VERSION,
        "firmware_bin": os.path.getsize(os.path.join(out, "firmware.bin")),
        "uf2": os.path.getsize(uf2), "frozen": frozen_size(cmake_dir),
        "sha256": sha256(uf2), "seconds": round(time.time() - t0, 1),
    }
    room = IMAGE_ROOM[board]
    figures["room"] = room - figures["firmware_bin"]
    figures["fs_offset"] = room
    with open(os.path.join(out, "figures.json"), "w") as fh:
        json.dump(figures, fh, indent=1, sort_keys=True)
    print("== %s: firmware.bin %d bytes (frozen tarockbox %s bytes; %d bytes left before the "
          "filesystem), %s %d bytes, sha256 %s, %.0f s"
          % (board, figures["firmware_bin"], figures["frozen"], figures["room"],
             os.path.relpath(uf2, ROOT), figures["uf2"], figures["sha256"][:16],
             figures["seconds"]))
    if figures["room"] < 0:
        # the image would run into the littlefs region (its start is the stock
        # layout's, so a board's journal survives an update: it never moves)
        raise SystemExit("firmware: firmware.bin is %d bytes, %d over the %d before the "
                         "filesystem at 0x%X: make the image smaller"
                         % (figures["firmware_bin"], -figures["room"], room, room))
    return figures


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--board", default="RPI_PICO")
    ap.add_argument("--sources", default=default_sources(),
                    help="the pinned third-party tarballs (default ../shared/third_party)")
    ap.add_argument("--upstream", action="store_true",
                    help="clone the pinned commits from upstream git instead")
    ap.add_argument("--jobs", type=cli.int_range(1, 64))
    ap.add_argument("--check-tools", action="store_true",
                    help="exit 1 listing what is missing of the toolchain")
    ap.add_argument("--bootrom", action="store_true",
                    help="print the checked path of the RP2040 boot ROM (for `make emu`)")
    args = ap.parse_args(argv)
    if args.check_tools:
        gone = missing_tools()
        if gone:
            print(" ".join(gone))
        return 1 if gone else 0
    if args.bootrom:
        print(checked(args.sources, *BOOTROM))
        return 0
    build(args.board, args.sources, args.upstream, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
