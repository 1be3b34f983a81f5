// The WebAssembly half of `make bench`: random-playout Königrufen deals per
// second under MicroPython's WebAssembly port (32-bit, run by Node), with the
// same workload as host_tools/bench/bench_mp.py on the unix port.
//
//   node host_tools/bench/bench_wasm.mjs [--deals N] [--batch B] [-X heapsize=192K]
//
// Copies firmware/**.py, tests/core/*.py and host_tools/bench/bench_mp.py into the
// port's in-memory filesystem (as host_tools/micropython/mp_wasm.mjs does), then runs the
// deals B per runPython() call so the port's GC (which only collects between
// calls from JS) can run between batches. Also counts the bytes one deal
// allocates (GC does not run inside a call, so gc.mem_alloc() grows by all
// of them). Prints one line "BENCH {json}".

import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { parseSize, files, copyInto, pyRunner } from "../lib/wasmkit.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/repo";

let deals = 300;
let batch = 25;
let heapsize = 192 * 1024;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--deals") deals = parseInt(argv[++i], 10);
  else if (a === "--batch") batch = parseInt(argv[++i], 10);
  else if (a === "-X") {
    const opt = argv[++i] || "";
    if (!opt.startsWith("heapsize=")) throw new Error("bad -X option");
    heapsize = parseSize(opt.slice(9));
  } else throw new Error(`unknown argument: ${a}`);
}

const out = [];
const mp = await loadMicroPython({
  heapsize,
  stdout: (line) => out.push(line),
  stderr: (line) => process.stderr.write(line + "\n"),
});

copyInto(mp, [...files(join(ROOT, "firmware"), ".py"), ...files(join(ROOT, "tests", "core"), ".py"),
  join(ROOT, "host_tools", "bench", "bench_mp.py")], ROOT, MOUNT);
mp.FS.chdir(MOUNT);
const py = pyRunner(mp, "bench_wasm");

py(`
import os, sys, gc
os.chdir("${MOUNT}")
sys.path.insert(0, "host_tools/bench")
import bench_mp
_impl = "%s %s" % (sys.implementation.name, ".".join(str(v) for v in sys.implementation.version[:3]))
bench_mp.speed(5)  # warm up: imports, first allocations
`);

// deals/s: wall time around the calls (JS clock) and the sum of Python's own
// ticks_ms per batch (which leaves out the GC between calls)
let pyMs = 0;
let actions = 0;
let done = 0;
const t0 = performance.now();
while (done < deals) {
  const n = Math.min(batch, deals - done);
  py(`_ms, _acts = bench_mp.speed(${n}, ${1 + done})`);
  pyMs += mp.globals.get("_ms");
  actions += mp.globals.get("_acts");
  done += n;
}
const wallMs = performance.now() - t0;

// bytes allocated by one deal, over a few deals (one call each)
const allocs = [];
for (let i = 0; i < 10; i++) {
  py(`
gc.collect()
_b = gc.mem_alloc()
_st = bench_mp.krsim.play_random(bench_mp.P.KOENIGRUFEN_PAGAT, ${1 + i})
_alloc = gc.mem_alloc() - _b
_st = None
`);
  allocs.push(mp.globals.get("_alloc"));
}
py("gc.collect(); _total = gc.mem_alloc() + gc.mem_free()");

const res = {
  impl: mp.globals.get("_impl") + " (webassembly)",
  deals,
  batch,
  actions,
  wall_ms: Math.round(wallMs),
  py_ms: pyMs,
  deals_per_s: Math.round((deals * 1000) / wallMs),
  deals_per_s_py: pyMs > 0 ? Math.round((deals * 1000) / pyMs) : -1,
  alloc_bytes_per_deal_max: Math.max(...allocs),
  alloc_bytes_per_deal_mean: Math.round(allocs.reduce((a, b) => a + b, 0) / allocs.length),
  heapsize,
  heap_total_end: mp.globals.get("_total"),
};
for (const line of out) if (!line.startsWith("BENCH")) process.stdout.write(line + "\n");
process.stdout.write("BENCH " + JSON.stringify(res) + "\n");
