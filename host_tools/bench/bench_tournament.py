#!/usr/bin/env python3
"""The director's minutes (issue 39, "Tests and figures"): from the last
game of a round to the printed standings, for a hall of generated boards.

    python host_tools/bench/bench_tournament.py [--tables 40] [--rounds 3] [--games 16]
                                               [--out build/bench_tournament] [--json OUT]

Generates each table's board journal (host_tools/tournament/fake.py: the
firmware's Sheet, random valid Königrufen results, every seat confirming,
the round signed: 4 players a table, --games deals a round, --rounds rounds
on each board as a cup evening leaves them) in OUT/boards/T01/sheet.tbj ...,
the event file OUT/event.json, and each board's /round.json. Then times:
  - standings from the folder: `tournament.py standings` when the director's
    CLI is there (host_tools/tournament/tournament.py), else collect() and a
    plain sum per player (said so in the output);
  - the same from a list of addresses: every board's /round.json served on
    127.0.0.1 (a stub server in this process, one port a table) and fetched
    with collect.fetch, then collected.
And counts the director's commands for each way (see STEPS).
"""
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "lib"))
sys.path.insert(0, os.path.join(ROOT, "host_tools", "tournament"))

import benchkit  # noqa: E402
import cli  # noqa: E402
import webkit  # noqa: E402

CLI = os.path.join(ROOT, "host_tools", "tournament", "tournament.py")

# The director's commands from the last game to the printed standings:
# - USB: per table `mpremote connect <port> cp :sheet.tbj T03/sheet.tbj`
#   (one board on the cable at a time: one command a table), then one
#   standings command over the folder;
# - Wi-Fi (the previous issue's page server): one standings command that
#   fetches every table's /round.json from a list of addresses.
STEPS = {"usb": lambda tables: tables + 1, "wifi": lambda tables: 1}


def make_event(path, tables, rounds, games, seed):
    """The event file as the director makes it: the director's tool's own
    event and draw (tournament.py new/draw: event.py, draw.py) when they
    are there, else fake.event (random tables)."""
    import fake
    try:
        import draw as D  # pyright: ignore[reportMissingImports] (the director's tool: tdir)
        import event as E  # pyright: ignore[reportMissingImports]
    except ImportError:
        ev = fake.event("BENCH-%d" % tables, "bench-secret", n_players=4 * tables,
                        rounds=rounds, seed=seed)
        ev["format"] = {"games": {"4": games, "5": games}}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(ev, f, indent=1)
        return ev
    names = ["%s %d" % (fake.NAMES[i % len(fake.NAMES)], i + 1) for i in range(4 * tables)]
    ev = E.new_event(names, "tarockcup", title="Bench %d tables" % tables, ev="BENCH-%d" % tables,
                     secret="%032x" % seed)
    ev["format"]["rounds"] = rounds
    ev["format"]["draw"] = ["random"] * rounds
    ev["format"]["games"] = {"4": games, "5": games}
    for rd in range(1, rounds + 1):
        ev["rounds"][str(rd)] = D.draw_round(ev, rd, seed=seed + rd)
    E.save(ev, path)
    return ev


def generate(out, tables, rounds, games, seed=1):
    """The hall's boards, event file and /round.json bodies; (event, bytes
    of journal per board, {table: round.json body})."""
    import fake
    ev = make_event(os.path.join(out, "event.json"), tables, rounds, games, seed)
    boards = os.path.join(out, "boards")
    shutil.rmtree(boards, ignore_errors=True)
    bodies = {}
    size = 0
    drawn = fake.collect.draw(ev)
    for tb in range(1, tables + 1):
        d = os.path.join(boards, "T%02d" % tb)
        sh = fake.open_board(d)
        dev = "b%04x" % tb
        for rd in range(1, rounds + 1):
            assert (rd, tb) in drawn, (rd, tb)
            fake.table_round(sh, ev, rd, tb, dev, seed=seed * 1000 + rd * 100 + tb)
        bodies[tb] = fake.round_json(sh, dev)
        sh.journal.store.close()
        size += os.path.getsize(os.path.join(d, "sheet.tbj"))
    return ev, size // tables, bodies


def standings_plain(ev, sources, out_txt):
    """collect() and a plain sum of Schriftpunkte per start number, written
    to out_txt (the printed standings, as many lines as players)."""
    import collect
    got = collect.collect(ev, sources)
    tot = {}
    for r in got.results:
        if r["status"] in collect.COUNTED:
            for s in r["seats"]:
                tot[s["nr"]] = tot.get(s["nr"], 0) + s["pts"]
    with open(out_txt, "w", encoding="utf-8") as f:
        for i, (nr, p) in enumerate(sorted(tot.items(), key=lambda x: -x[1])):
            f.write("%3d. %3d %5d\n" % (i + 1, nr, p))
    return got, tot


def cli_cmd(event_path, sources):
    """The director's CLI's standings command, when the CLI is there."""
    if not os.path.isfile(CLI):
        return None
    return [sys.executable, CLI, "standings", event_path] + list(sources)


def chip_round(journal, uf2, out, node="node"):
    """{"open_ms", "pieces", "bytes", "total_ms", "longest_piece_ms"} of the
    board's GET /round.json made on the emulated Pico W from `journal`
    (rp2040js at 125 MHz: host_tools/rp2040/export_chip.py times it, in the
    pieces web/server.py sends)."""
    sys.path.insert(0, os.path.join(ROOT, "host_tools", "rp2040"))
    import export_chip  # pyright: ignore[reportMissingImports] (host_tools/rp2040, put on the path above)
    fig = export_chip.chip_figures(journal, uf2, out, node, names=("round",))
    return dict(fig["round"], open_ms=fig["open_ms"])


def timed(fn, *args):
    t0 = time.perf_counter()
    v = fn(*args)
    return time.perf_counter() - t0, v


def serve(bodies):
    """One loopback HTTP server a table (each board is its own address):
    [(url, stop)]."""
    out = []
    for tb in sorted(bodies):
        port, stop = webkit.serve_bodies({"/round.json": bodies[tb]})
        out.append(("http://127.0.0.1:%d/round.json" % port, stop))
    return out


def main(argv=None):
    ap = cli.Parser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--tables", type=cli.int_range(1, 99), default=40)
    ap.add_argument("--rounds", type=cli.int_range(1, 15), default=3,
                    help="rounds on each board (the standings after the last)")
    ap.add_argument("--games", type=cli.int_range(1, 60), default=16)
    ap.add_argument("--out", type=cli.new_dir, default=os.path.join(ROOT, "build",
                                                                    "bench_tournament"))
    ap.add_argument("--json", type=cli.new_file, help="write the figures here")
    ap.add_argument("--chip", type=cli.existing_file, metavar="UF2",
                    help="also make board T01's /round.json on the emulated Pico W from this "
                         "image (build/RPI_PICO_W/tarockbox.uf2; node and rp2040js needed)")
    cli.add_force(ap)
    a = ap.parse_args(argv)
    cli.outputs(ap, a.force, [a.json])
    import collect
    os.makedirs(a.out, exist_ok=True)
    gen_s, (ev, per_board, bodies) = timed(generate, a.out, a.tables, a.rounds, a.games)
    boards = os.path.join(a.out, "boards")
    event_path = os.path.join(a.out, "event.json")
    fresh = os.path.join(a.out, "event_fresh.json")     # before any standings kept results
    shutil.copyfile(event_path, fresh)
    txt = os.path.join(a.out, "standings.txt")
    r = {"tables": a.tables, "players": 4 * a.tables, "rounds": a.rounds, "games": a.games,
         "generate_s": round(gen_s, 2), "journal_bytes_per_board": per_board,
         "round_json_bytes_per_board": sum([len(b) for b in bodies.values()]) // a.tables}
    cmd = cli_cmd(event_path, [boards])
    if cmd:
        # twice: the first reads every round; the second finds them kept in
        # the event file (the director runs it again after a late table)
        for k in ("folder_s", "folder_again_s"):
            t0 = time.perf_counter()
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            r[k] = round(time.perf_counter() - t0, 3)
            if p.returncode != 0:
                r["folder_error"] = (p.stderr.strip().splitlines()
                                     or ["exit %d" % p.returncode])[-1]
                break
            with open(os.path.join(a.out, "standings_cli.txt"), "w", encoding="utf-8") as f:
                f.write(p.stdout)
        r["folder_how"] = "tournament.py standings (a process: start-up included)"
    else:
        dt, (got, tot) = timed(standings_plain, ev, [boards], txt)
        r["folder_s"] = round(dt, 3)
        r["folder_how"] = "collect() and a plain sum (tournament.py not there yet)"
        r["counted"] = len([x for x in got.results if x["status"] in collect.COUNTED])
        assert r["counted"] == a.tables * a.rounds and not got.refused, (got.refused, got.notes)
    dt, _ = timed(standings_plain, ev, [boards], txt)
    r["collect_s"] = round(dt, 3)
    servers = serve(bodies)
    try:
        urls = [u for u, stop in servers]
        fetched = os.path.join(a.out, "fetched")
        shutil.rmtree(fetched, ignore_errors=True)
        t0 = time.perf_counter()
        st = collect.fetch(urls, fetched)
        r["fetch_s"] = round(time.perf_counter() - t0, 3)
        assert all(p for u, s, p in st), st
        dt, (got, tot) = timed(standings_plain, ev, [fetched], txt)
        r["fetch_collect_s"] = round(dt, 3)
        assert len([x for x in got.results if x["status"] in collect.COUNTED]) == \
            a.tables * a.rounds
        cmd = cli_cmd(fresh, urls)
        if cmd:     # the director's one command: every address on its line
            t0 = time.perf_counter()
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            r["wifi_cli_s"] = round(time.perf_counter() - t0, 3)
            if p.returncode != 0:
                r["folder_error"] = (p.stderr.strip().splitlines()
                                     or ["exit %d" % p.returncode])[-1]
    finally:
        for u, stop in servers:
            stop()
    if a.chip:
        r["chip"] = chip_round(os.path.join(boards, "T01", "sheet.tbj"), a.chip, a.out)
    r["steps_usb"] = STEPS["usb"](a.tables)
    r["steps_wifi"] = STEPS["wifi"](a.tables)
    rows = [("boards generated", "%d tables x %d rounds x %d games" % (a.tables, a.rounds, a.games),
             "", None),
            ("journal per board", "%d bytes" % per_board, "", None),
            ("/round.json per board", "%d bytes" % r["round_json_bytes_per_board"], "", None),
            ("standings from the folder", "%.2f s (%s)" % (r["folder_s"], r["folder_how"]),
             "< 60 s", r["folder_s"] < 60 and "folder_error" not in r),
            ("the same again (rounds kept)", "%.2f s" % r["folder_again_s"], "", None)
            if "folder_again_s" in r else ("", "", "", None),
            ("collect() alone", "%.2f s" % r["collect_s"], "", None),
            ("fetch /round.json x %d" % a.tables, "%.2f s (loopback)" % r["fetch_s"], "", None),
            ("standings from the fetched", "%.2f s" % r["fetch_collect_s"], "< 60 s",
             r["fetch_s"] + r["fetch_collect_s"] < 60),
            ("tournament.py standings URLs", "%.2f s (fetch included)" % r["wifi_cli_s"],
             "< 60 s", r["wifi_cli_s"] < 60) if "wifi_cli_s" in r else ("", "", "", None),
            ("/round.json on the chip", "%(bytes)d bytes in %(total_ms).0f ms (longest piece "
             "%(longest_piece_ms).1f ms)" % r["chip"], "", None) if "chip" in r else ("", "", "", None),
            ("director's commands, USB", "%d (mpremote cp per table + 1)" % r["steps_usb"], "",
             None),
            ("director's commands, Wi-Fi", "%d" % r["steps_wifi"], "", None)]
    print()
    benchkit.report([x for x in rows if x[0]], r, a.json)
    if "folder_error" in r:
        print("tournament.py standings failed: %s" % r["folder_error"], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
