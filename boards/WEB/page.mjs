// The device in a browser (issue 40): MicroPython's WebAssembly port runs the
// firmware/ tree as it is (build/web/firmware.json, written by `make web`:
// host_tools/build/webbuild.py) on the WEB board (boards/WEB/board.py: the
// desktop emulator's hardware), five 128x64 panels drawn from their
// controllers' RAM, ◀ ▶ ● under each by click, touch or the desktop
// emulator's keys (seat 1: 1 2 3, seat 2: q w e, seat 3: a s d, seat 4:
// y x c, seat 5: b n m; a held button holds). The board's /data lives in
// localStorage ("tarockbox:" + file name, base64): a reload finds the
// party again. URL options: ?seats=2..5 (default 5), ?seed=N (the table's
// RNG, as the desktop emulator's --seed; default the board's own), ?lang=
// en|de|sl|fr (a new table's language; default the game's).
import { loadMicroPython } from "./micropython.mjs";

const SEAT_KEYS = ["123", "qwe", "asd", "yxc", "bnm"];
const STORE = "tarockbox:";
const STEP_MS = 10;
const ON = [120, 200, 255];     // the desktop emulator's lit colour (emu_ssd1306.to_image)

const params = new URLSearchParams(location.search);
const seats = Math.min(5, Math.max(2, parseInt(params.get("seats") || "5", 10) || 5));
const seed = /^\d{1,9}$/.test(params.get("seed") || "") ? parseInt(params.get("seed"), 10) : null;
const lang = /^[a-z]{2}$/.test(params.get("lang") || "") ? params.get("lang") : null;
const state = { mp: null, T: null, ready: false, presses: 0, lastPressMs: null, shown: [],
                phones: [], changes: 0, download: (n, t, ty) => download(n, t, ty) };
window.tarockbox = state;      // for the tests: ready, presses, press → screen times

function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function unb64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// ---------------------------------------------------------------- storage
const saved = {};   // file name -> "size/mtime" last kept

function restore(FS) {
  FS.mkdirTree("/data");
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith(STORE)) FS.writeFile("/data/" + k.slice(STORE.length), unb64(localStorage.getItem(k)));
  }
}

function persist(FS) {
  // every file of /data as the board has it now (the journal, its archive
  // and quarantine, players.txt, a table file); true when one changed
  const names = FS.readdir("/data").filter((n) => n !== "." && n !== "..");
  let changed = false;
  for (const n of names) {
    const st = FS.stat("/data/" + n);
    const tag = st.size + "/" + st.mtime.getTime();
    if (saved[n] === tag) continue;
    localStorage.setItem(STORE + n, b64(FS.readFile("/data/" + n)));
    saved[n] = tag;
    changed = true;
  }
  for (const n of Object.keys(saved)) {
    if (!names.includes(n)) {
      localStorage.removeItem(STORE + n);
      delete saved[n];
      changed = true;
    }
  }
  return changed;
}

// ---------------------------------------------------------------- panels
function draw(seat) {
  const { mp, T } = state;
  const ram = mp.PyProxy.toJs(T.frame(seat));
  const k = 0.35 + 0.65 * T.contrast(seat) / 255;
  const ctx = state.ctx[seat];
  const img = ctx.createImageData(128, 64);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 128; x++) {
      const on = (ram[(y >> 3) * 128 + x] >> (y & 7)) & 1;
      const o = (y * 128 + x) * 4;
      img.data[o] = on ? Math.floor(ON[0] * k) : 0;
      img.data[o + 1] = on ? Math.floor(ON[1] * k) : 0;
      img.data[o + 2] = on ? Math.floor(ON[2] * k) : 0;
      img.data[o + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  state.shown[seat] = b64(ram);
}

function drawAll() {
  for (let s = 0; s < seats; s++) draw(s);
}

// ---------------------------------------------------------------- input
function pin(seat, button, down) {
  if (!state.ready) return;
  state.T.pin(seat, button, down);
  if (down) {
    state.presses++;
    state.pressedAt = performance.now();
  }
}

function build() {
  const table = document.getElementById("table");
  state.ctx = [];
  for (let s = 0; s < seats; s++) {
    const seatEl = document.createElement("div");
    seatEl.className = "seat";
    const c = document.createElement("canvas");
    c.width = 128;
    c.height = 64;
    c.id = "panel" + s;
    seatEl.appendChild(c);
    state.ctx.push(c.getContext("2d"));
    const row = document.createElement("div");
    row.className = "buttons";
    ["◀", "▶", "●"].forEach((label, b) => {
      const btn = document.createElement("button");
      btn.textContent = label;
      btn.id = "b" + s + b;
      btn.title = SEAT_KEYS[s][b];
      const up = () => pin(s, b, false);
      btn.addEventListener("pointerdown", (e) => { e.preventDefault(); btn.setPointerCapture(e.pointerId); pin(s, b, true); });
      btn.addEventListener("pointerup", up);
      btn.addEventListener("pointercancel", up);
      row.appendChild(btn);
    });
    seatEl.appendChild(row);
    table.appendChild(seatEl);
  }
  const keyOf = {};
  for (let s = 0; s < seats; s++) for (let b = 0; b < 3; b++) keyOf[SEAT_KEYS[s][b]] = [s, b];
  document.addEventListener("keydown", (e) => {
    const k = keyOf[e.key];
    if (k && !e.repeat) pin(k[0], k[1], true);
  });
  document.addEventListener("keyup", (e) => {
    const k = keyOf[e.key];
    if (k) pin(k[0], k[1], false);
  });
  const w = JSON.parse(state.T.words());
  document.title = "tarockbox: " + w.web_title;
  const csv = document.getElementById("export-csv");
  const json = document.getElementById("export-json");
  csv.textContent = w.web_csv;
  json.textContent = w.web_json;
  document.getElementById("import-label").textContent = w.web_import;
  csv.addEventListener("click", () => download("tarockbox.csv", state.csv(), "text/csv"));
  json.addEventListener("click", () => download("tarockbox.json", state.T.export_json(), "application/json"));
  document.getElementById("import").addEventListener("change", importJournal);
  const ph = document.getElementById("phone-button");
  ph.textContent = w.m_phone;
  ph.addEventListener("click", phone);
}

// ---------------------------------------------------------------- the phones' page
// The Wi-Fi page a Pico W serves (firmware/web/page.html through
// web/server.py's words), in a frame beside the table: its requests are
// answered here as the board's server answers them (sheet.json?view=1, the
// downloads) and its event stream hears every change of the journal.
const SHIM = `<script>(() => {
  const P = window.parent.tarockbox;
  const answer = (u) => {
    const url = new URL(u, "http://table/");
    if (url.pathname.endsWith("/sheet.json") && url.searchParams.get("view"))
      return [P.T.phone_view(url.searchParams.get("now")), "application/json"];
    if (url.pathname.endsWith("/sheet.json")) return [P.T.export_json(), "application/json"];
    if (url.pathname.endsWith("/export.csv")) return [P.csv(), "text/csv"];
    return null;
  };
  window.fetch = async (u) => {
    const a = answer(String(u));
    return a ? new Response(a[0], { headers: { "Content-Type": a[1] + "; charset=utf-8" } })
             : new Response("", { status: 404 });
  };
  window.EventSource = class {
    constructor() { this.readyState = 1; this.on = []; P.phones.push(this);
      setTimeout(() => { if (this.onopen) this.onopen(); this.fire(); }, 0); }
    addEventListener(t, f) { if (t === "sheet") this.on.push(f); }
    fire() { for (const f of this.on) f({ data: String(P.changes) }); }
    close() { this.readyState = 2; }
  };
  document.addEventListener("click", (e) => {
    const a = e.target.closest && e.target.closest("a[download]");
    if (!a) return;
    e.preventDefault();
    const r = answer(a.getAttribute("href"));
    if (r) P.download(a.getAttribute("href"), r[0], r[1]);
  });
})();</script>`;

function phone() {
  const box = document.getElementById("phone");
  if (box.hidden) {
    const f = document.createElement("iframe");
    f.id = "phone-frame";
    f.srcdoc = SHIM + state.T.phone_page();
    box.replaceChildren(f);
    state.phones = [];
  } else {
    box.replaceChildren();
    state.phones = [];
  }
  box.hidden = !box.hidden;
}

function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: type + ";charset=utf-8" }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
}

async function importJournal(e) {
  // a board's sheet.tbj copied off it: it becomes this table's journal (the
  // one here is kept beside it as sheet.tbj.before), then the page starts anew
  const f = e.target.files[0];
  if (!f) return;
  const bytes = new Uint8Array(await f.arrayBuffer());
  const old = localStorage.getItem(STORE + "sheet.tbj");
  if (old !== null) localStorage.setItem(STORE + "sheet.tbj.before", old);
  for (const k of ["sheet.tbj.arc", "sheet.tbj.bad", "sheet.tbj.new"]) localStorage.removeItem(STORE + k);
  localStorage.setItem(STORE + "sheet.tbj", b64(bytes));
  location.reload();
}

// ---------------------------------------------------------------- the loop
function loop() {
  let last = performance.now();
  let carry = 0;
  setInterval(() => {
    const now = performance.now();
    carry += now - last;
    last = now;
    const ms = Math.min(Math.floor(carry / STEP_MS) * STEP_MS, 200);
    carry -= Math.floor(carry / STEP_MS) * STEP_MS;
    if (ms <= 0 || state.paused) return;    // (paused: a test replays a script in virtual time)
    if (state.T.step(ms) || state.T.changed()) {
      drawAll();
      if (state.pressedAt !== undefined) {
        state.lastPressMs = performance.now() - state.pressedAt;
        state.pressedAt = undefined;
      }
    }
    if (persist(state.mp.FS)) {   // the journal changed: the phones' page hears it
      state.changes++;
      for (const es of state.phones) es.fire();
    }
  }, STEP_MS);
}

async function main() {
  const t0 = performance.now();
  const status = document.getElementById("status");
  const [files, mp] = await Promise.all([
    fetch("firmware.json").then((r) => r.json()),
    loadMicroPython({ heapsize: 8 * 1024 * 1024, stdout: (l) => console.log(l), stderr: (l) => console.error(l), linebuffer: true }),
  ]);
  for (const [path, text] of Object.entries(files)) {
    const dest = "/fw/" + path;
    mp.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    mp.FS.writeFile(dest, text);
  }
  restore(mp.FS);
  state.mp = mp;
  mp.runPython("import sys\nsys.path[:0] = ['/fw', '/fw/lib']\nimport board\nfrom webtable import Table\n" +
               "T = Table(" + seats + ", " + (seed === null ? "board.hw_seed()" : seed) +
               ", " + (lang === null ? "None" : JSON.stringify(lang)) + ")");
  state.T = mp.globals.get("T");
  state.csv = () => "\ufeff" + state.T.export_csv();    // what the CSV button downloads (the tests)
  build();
  drawAll();
  persist(mp.FS);
  state.firstScreensMs = performance.now() - t0;
  state.ready = true;
  status.textContent = "";
  loop();
}

main().catch((e) => {
  // (before the firmware runs there are no words: the mark, the reason in the console)
  document.getElementById("status").textContent = "\u2717";
  state.error = String(e && e.message ? e.message : e);
  console.error(e);
});
