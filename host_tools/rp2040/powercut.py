#!/usr/bin/env python3
"""Power loss on the real filesystem (`make emu-powercut`): the tarockbox
image on the emulated RP2040 is stopped inside its flash writes, restarted
from the flash as it was, and checked.

    python host_tools/rp2040/powercut.py [--deals 2] [--every] [--jobs 2] [--replay 1]

1. Reference: a score-only table of five (the score_5_bettel entry of
   host_tools/golden/device_runs.py) enters --deals deals, in lockstep with the
   host emulator (rp2040_node.mjs counts every erase and program of the
   flash, press by press).
2. Cuts: for the presses that write (all of them with --every, else those of
   the last deal's confirmations), at several writes inside each (first,
   middle, last; every one with --every) and at two points inside that write
   (not started: 0, half of it done: 0.5): the flash as the power leaves it
   there. The reference's chip reports every erase and program with its
   data (rp2040_node.mjs), so the flash at a cut is the start image with the
   writes before it done and that one done to its fraction
   (rp2040emu.apply_flash_ops): the emulated chip is deterministic, and
   stopped there it would have left the same bytes. --replay N checks that on
   N of the cuts (spread over them): a fresh chip replays the presses up to
   there and loses the power at that point (rp2040_node.mjs "cut"); its flash
   must be the same bytes. (Replaying every cut, the way before, took ~1.5 h
   for --every.)
3. Each cut flash must: boot (the first screens drawn, no traceback on the
   console); show the same five screens as the host emulator started from the
   journal read out of that flash (MicroPython's littlefs, read by the unix
   port's VfsLfs2); hold every deal confirmed before the cut press and no deal
   but the reference's (a prefix of the reference sheet, at most the deal
   being confirmed more: no half deal counted).
Writes out/rp2040-powercut/results.json; exits 1 on a failed cut.
"""

import json
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import rp2040emu as R  # noqa: E402
import session as S  # noqa: E402
import emulator as E  # noqa: E402
import device_runs as D  # noqa: E402
import firmware  # noqa: E402

SCENARIO = "score_5_bettel"


def sheet_deals(emu):
    return [list(d) for d, _ in emu.app.scores.deals] if emu.app.scores else []


class Recorder(S.Lockstep):
    """The lockstep session, noting per press the chip's flash writes and
    the host's sheet after it."""

    def __init__(self, chip, log, storage):
        self.steps = []
        super().__init__(chip, log, storage)

    def press(self, seat, key, repeats=0):
        w0 = self.chip.writes
        ops0 = len(self.chip.flash_ops)
        super().press(seat, key, repeats)
        self.steps.append({"seat": seat, "key": key, "repeats": repeats, "ops0": ops0,
                           "writes": self.chip.writes - w0, "deals": sheet_deals(self)})


def reference(args, uf2, bootrom, out):
    seats, players, mode, _, seed, _, entry = D.SCENARIOS[SCENARIO][:7]
    storage = tempfile.mkdtemp(prefix="tarockbox-host-")
    log = S.Log(os.path.join(out, "reference.txt"))
    img = R.make_fs({"/boot.py": S.BOOT_PY.encode()}, os.path.join(out, "flash-start.img"))
    chip = R.Rp2040(uf2, bootrom, img, node=args.node)
    try:
        chip.boot()
        emu = Recorder(chip, log, storage)
        E.setup_table(emu, players=players, mode=mode)
        from tarock.rng import Rng
        for _ in range(args.deals):
            E.play_deal(emu, Rng(seed), entry=lambda e: entry)
        ops = chip.flash_ops
        end = chip.save_flash(os.path.join(out, "flash-end.img"))
    finally:
        chip.close()
        shutil.rmtree(storage, ignore_errors=True)
    # the op log is complete: every write of the session done on the start
    # image gives the chip's own flash at the end
    with open(img, "rb") as fh:
        rebuilt = R.apply_flash_ops(bytearray(fh.read()), ops)
    with open(end, "rb") as fh:
        if bytes(rebuilt) != fh.read():
            raise SystemExit("powercut: the chip's flash ops do not rebuild its flash")
    with open(os.path.join(out, "flash-ops.json"), "w") as fh:
        json.dump(ops, fh)
    log.fh.close()
    if log.diffs:
        # reported (README: the entry form's umlaut rows on MicroPython), not
        # what this tool checks: the cuts below compare the restarted screens
        print("powercut: %d screens of the reference differ from the host's (%s)"
              % (len(log.diffs), os.path.relpath(log.fh.name, ROOT)))
    return img, emu.steps, ops


def cut_points(steps, every):
    """[(press index, write index inside it, fraction)]"""
    writing = [i for i, s in enumerate(steps) if s["writes"]]
    if not every:
        last = len(steps[-1]["deals"])
        before = [i for i in writing if len(steps[i]["deals"]) == last]
        first = min(i for i in range(len(steps)) if len(steps[i]["deals"]) == last)
        writing = [i for i in writing if i >= first - 6] or before
    points = []
    for i in writing:
        n = steps[i]["writes"]
        ks = range(n) if every else sorted({0, n // 2, n - 1})
        for k in ks:
            for f in (0.0, 0.5):
                points.append((i, k, f))
    return points


def cut_name(point):
    i, k, f = point
    return "cut-%03d-%02d-%s" % (i, k, "half" if f else "none")


def replayed_cut(args, uf2, bootrom, start_img, steps, point, flash):
    """The flash of a fresh chip that replays the presses up to the point
    and loses the power there (None: the press wrote less than before)."""
    i, k, f = point
    chip = R.Rp2040(uf2, bootrom, start_img, node=args.node)
    try:
        chip.boot()
        for s in steps[:i]:
            chip.press(s["seat"], s["key"], s["repeats"])
        chip.power_cut(k, f)
        s = steps[i]
        chip.press(s["seat"], s["key"], s["repeats"])
        if not chip.cut:
            return None
        return chip.save_flash(flash)
    finally:
        chip.close()


def rebuilt_cut(start_img, steps, ops, point, flash):
    """The same flash from the reference's op log (rp2040emu.apply_flash_ops)."""
    i, k, f = point
    with open(start_img, "rb") as fh:
        img = R.apply_flash_ops(bytearray(fh.read()), ops[:steps[i]["ops0"] + k + 1], f)
    with open(flash, "wb") as fh:
        fh.write(img)
    return flash


def one_cut(args, uf2, bootrom, start_img, steps, ops, point, out, replay=False):
    i, k, f = point
    name = cut_name(point)
    flash = os.path.join(out, name + ".img")
    res = {"press": i, "write": k, "fraction": f, "ok": False}
    rebuilt_cut(start_img, steps, ops, point, flash)
    if replay:
        res["replayed"] = True
        again = replayed_cut(args, uf2, bootrom, start_img, steps, point, flash + ".replay")
        if again is None:
            res["why"] = "the press made fewer writes than in the reference"
            return res
        with open(flash, "rb") as a, open(again, "rb") as b:
            same = a.read() == b.read()
        if not same:
            res["why"] = "the replayed cut left other bytes than the op log's (%s.replay)" % flash
            return res
        os.remove(again)
    chip = R.Rp2040(uf2, bootrom, flash, node=args.node)
    storage = tempfile.mkdtemp(prefix="tarockbox-cut-")
    try:
        try:
            chip.boot()
        except RuntimeError as e:
            res["why"] = "does not boot: %s" % e
            return res
        if "Traceback" in chip.serial:
            res["why"] = "traceback: " + chip.serial[-600:]
            return res
        files = R.read_fs(flash)
        for name_, data in files.items():
            if name_.startswith("/data/"):
                with open(os.path.join(storage, name_[6:]), "wb") as fh:
                    fh.write(data)
        log = S.Log(os.path.join(out, name + ".txt"))
        emu = S.Lockstep(chip, log, storage)
        log.compare(emu, "after the power cut")
        got = sheet_deals(emu)
        before = steps[i - 1]["deals"] if i else []
        after = steps[i]["deals"]
        res["deals"] = len(got)
        if log.diffs:
            res["why"] = "screens differ from the host's on the same journal"
        elif got not in (before, after):
            res["why"] = "sheet %r, expected %r or %r" % (got, before, after)
        else:
            res["ok"] = True
            os.remove(flash)
        return res
    finally:
        chip.close()
        shutil.rmtree(storage, ignore_errors=True)


def main(argv=None):
    import cli
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--deals", type=cli.int_range(1, 20), default=2)
    ap.add_argument("--every", action="store_true", help="every write of every press")
    ap.add_argument("--jobs", type=cli.int_range(1, 64), default=os.cpu_count() or 2)
    ap.add_argument("--limit", type=cli.int_range(0), default=0, help="at most this many cuts (0: all)")
    ap.add_argument("--replay", type=cli.int_range(0), default=1,
                    help="this many cuts (spread) also replayed from boot: the same flash bytes?")
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "out", "rp2040-powercut"))
    ap.add_argument("--uf2", default=os.path.join(ROOT, "build", "RPI_PICO", "tarockbox.uf2"))
    ap.add_argument("--node", default=os.environ.get("NODE", "node"))
    args = ap.parse_args(argv)
    if not os.path.exists(args.uf2):
        raise SystemExit("powercut: %s is missing: run `make firmware` first" % args.uf2)
    bootrom = firmware.checked(firmware.default_sources(), *firmware.BOOTROM)
    os.makedirs(args.out, exist_ok=True)
    # a copy: what was run stays beside its results, and a build meanwhile
    # cannot swap the image under the reboot
    args.uf2 = shutil.copy(args.uf2, os.path.join(args.out, "tarockbox.uf2"))
    t0 = time.time()
    start_img, steps, ops = reference(args, args.uf2, bootrom, args.out)
    points = cut_points(steps, args.every)
    if args.limit:
        points = points[:args.limit]
    n_rep = min(args.replay, len(points))
    # spread over the cuts, the last one (the latest press: the longest replay) first
    replay = {points[len(points) - 1 - j * len(points) // n_rep] for j in range(n_rep)} if n_rep else set()
    print("== reference: %d presses, %d flash writes, %d deals; %d cuts"
          % (len(steps), sum(s["writes"] for s in steps), len(steps[-1]["deals"]), len(points)),
          flush=True)
    results = []
    t1 = time.time()
    with ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(lambda p: one_cut(args, args.uf2, bootrom, start_img, steps, ops, p,
                                            args.out, p in replay), points):
            results.append(r)
            print("  press %(press)d write %(write)d fraction %(fraction)s: " % r
                  + ("ok, %d deals" % r["deals"] if r["ok"] else "FAILED: " + r["why"])
                  + (" (replayed from boot: the same flash)" if r.get("replayed") and r["ok"] else ""),
                  flush=True)
    failed = [r for r in results if not r["ok"]]
    wall = round(time.time() - t0)
    with open(os.path.join(args.out, "results.json"), "w") as fh:
        json.dump({"steps": steps, "results": results, "wall_s": wall,
                   "reference_wall_s": round(t1 - t0), "replayed": len(replay),
                   "every": args.every, "jobs": args.jobs}, fh, indent=1)
    print("%d passed, %d failed (%d of them also replayed from boot); %d s wall, the reference %d s"
          % (len(results) - len(failed), len(failed), len(replay), wall, round(t1 - t0)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
