// Run the core suite (tests/core/test_*.py) under MicroPython's WebAssembly
// port (@micropython/micropython-webassembly-pyscript), a 32-bit MicroPython:
// small ints stop at 2**30, sys.maxsize is 2**31-1.
//
//   node host_tools/micropython/mp_wasm.mjs [-X heapsize=192K] [-v] [--root DIR] [MODULE ...]
//
// Copies every .py file under firmware/ and tests/ into the port's in-memory
// filesystem at /repo, then drives tests/mp_run.py: one runPython() call per
// test module, so the port's GC (which only collects between calls from JS)
// can run between modules. Prints mp_run's output and closing line
// ("N passed, M failed[, K skipped]"); exits 1 if anything failed.

import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { parseSize, files, copyInto, pyRunner } from "../lib/wasmkit.mjs";

let ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/repo";

let heapsize = 192 * 1024;
let verbose = false;
const filters = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "-X" && i + 1 < argv.length) {
    const opt = argv[++i];
    if (opt.startsWith("heapsize=")) heapsize = parseSize(opt.slice(9));
    else throw new Error(`unknown -X option: ${opt}`);
  } else if (a === "--root" && i + 1 < argv.length) {
    ROOT = argv[++i]; // another checkout/tree laid out like this repo
  } else if (a === "-v") {
    verbose = true;
  } else {
    filters.push(a);
  }
}

const write = (line) => process.stdout.write(line + "\n");
const mp = await loadMicroPython({
  heapsize,
  stdout: write,
  stderr: (line) => process.stderr.write(line + "\n"),
});

let copied = 0;
for (const top of ["firmware", "tests"]) {
  copied += copyInto(mp, files(join(ROOT, top), ".py"), ROOT, MOUNT);
}
mp.FS.chdir(MOUNT);
const py = pyRunner(mp, "mp_wasm");

py(`
import os, sys
os.chdir(${JSON.stringify(MOUNT)})
sys.path.insert(0, "tests")
import mp_run
mp_run.setup()
mp_run._verbose[0] = ${verbose ? "True" : "False"}
print("mp_run: %s %s, %s (wasm, heapsize=%d, %d files copied, maxsize=%d)" % (
    sys.implementation.name, ".".join(str(v) for v in sys.implementation.version[:3]),
    sys.platform, ${heapsize}, ${copied}, sys.maxsize))
_names = "\\n".join(mp_run.discover(${JSON.stringify(filters)}))
`);
const names = String(mp.globals.get("_names") || "").split("\n").filter(Boolean);
for (const name of names) {
  py(`mp_run.run_module(${JSON.stringify(name)})`);
}
py("_rc = mp_run.summary()");
const rc = mp.globals.get("_rc");
process.exit(rc === 0 ? 0 : 1);
