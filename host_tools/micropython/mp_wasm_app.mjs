// Run a staged device tree (host_tools/build/deploy.py) under MicroPython's 32-bit
// WebAssembly port and drive a Python step generator from JS, one
// runPython() call per step: this port's GC only frees what the C stack
// no longer holds between calls from JS, so gc.collect() at the start of a
// call measures the live heap as a board would (32-bit objects).
//
//   node host_tools/micropython/mp_wasm_app.mjs -X heapsize=512K --stage DIR SCRIPT.py
//   node host_tools/micropython/mp_wasm_app.mjs -X heapsize=512K --romfs IMAGE SCRIPT.py
//
// --stage copies the tree into the port's filesystem at /stage (imports load
// the .mpy into the heap); --romfs hands a ROMFS image to the port as its ROM
// partition (outside the GC heap, as flash on a board), mounted at /rom, so
// the .mpy are imported in place.
//
// SCRIPT defines _steps() (a generator yielding after every step; this
// runner advances it),
// _sample() (called in its own call after each step) and _report().
// Prints what the script prints; exit 2 on a Python error (e.g. MemoryError).
import { readFileSync } from "node:fs";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { parseSize, files, copyInto, pyRunner } from "../lib/wasmkit.mjs";

let heapsize = 512 * 1024;
let stage = null;
let romfs = null;
let script = null;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "-X") {
    const opt = argv[++i] || "";
    if (!opt.startsWith("heapsize=")) throw new Error("bad -X option");
    heapsize = parseSize(opt.slice(9));
  } else if (a === "--stage") stage = argv[++i];
  else if (a === "--romfs") romfs = argv[++i];
  else script = a;
}

const out = (l) => process.stdout.write(l + "\n");
const opts = { heapsize, stdout: out, stderr: (l) => process.stderr.write(l + "\n") };
if (romfs) opts.romfs = new Uint8Array(readFileSync(romfs));
const mp = await loadMicroPython(opts);

if (stage) copyInto(mp, files(stage), stage, "/stage");
const py = pyRunner(mp, "mp_wasm_app");

py('STAGE = "' + (romfs ? "/rom" : "/stage") + '"\nWASM = True\n' + readFileSync(script, "utf8"));
py("_g = _steps()");
for (;;) {
  py("try:\n    next(_g)\n    _go = True\nexcept StopIteration:\n    _go = False");
  if (!mp.globals.get("_go")) break;
  py("_sample()");
}
py("_report()");
