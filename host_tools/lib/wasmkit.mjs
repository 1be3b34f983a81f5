// What the MicroPython WebAssembly runners share (mp_wasm.mjs: the core
// suite, bench_wasm.mjs: deals per second, mp_wasm_app.mjs: the device app's
// heap): heap sizes, walking a tree, copying files into the port's in-memory
// filesystem, and runPython() that reports a Python error and exits 2.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** "192K", "1M", "65536" -> bytes. */
export function parseSize(s) {
  const m = /^(\d+)([kKmM]?)$/.exec(s || "");
  if (!m) throw new Error(`bad heap size: ${s}`);
  return parseInt(m[1], 10) * { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
}

/** Files under dir, sorted, skipping __pycache__ and dot entries; ext: only
 * names ending so (e.g. ".py"), or every file. */
export function* files(dir, ext = null) {
  for (const name of readdirSync(dir).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p, ext);
    else if (ext === null || name.endsWith(ext)) yield p;
  }
}

/** Copy host files into mp's filesystem at mount + their path below root;
 * returns how many. */
export function copyInto(mp, paths, root, mount) {
  let n = 0;
  for (const f of paths) {
    const dest = `${mount}/${relative(root, f).split("\\").join("/")}`;
    mp.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    mp.FS.writeFile(dest, readFileSync(f));
    n++;
  }
  return n;
}

/** runPython for mp; a Python error is printed (tagged) and exits 2. */
export function pyRunner(mp, tag) {
  return (code) => {
    try {
      return mp.runPython(code);
    } catch (e) {
      if (e && e.name === "PythonError") {
        process.stderr.write(`${tag}: Python error (${e.type}):\n${e.message}\n`);
        process.exit(2);
      }
      throw e;
    }
  };
}
