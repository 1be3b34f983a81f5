// The tarockbox image on an emulated RP2040 (npm rp2040js, pinned in
// package.json), driven line by line from Python (host_tools/rp2040/rp2040emu.py).
//
//   node rp2040_node.mjs UF2 BOOTROM_TS FLASH_IN|- [FLASH_OUT]
//
// Hardware modelled here, at the wire: I2C0 with a TCA9548A at 0x70 (a
// one-byte write selects the channels) and an SSD1306 at 0x3C on each of the
// mux channels 0..4 (it ACKs when one of them is selected); every byte takes
// its time on the bus at the board's 400 kHz (9 bit times, START/STOP 1 each),
// so emulated time counts CPU and I2C together. The transactions go to Python
// as they are, where host_tools/emulator/emu_ssd1306.py (the host emulator's
// mux and SSD1306 models) decodes them: one decoder for both emulators.
// GPIO inputs: the fifteen buttons (idle high: the internal pull-ups are
// not modelled) and SDA/SCL high. The littlefs region (flash 0xA0000,
// 1408 KiB; env TAROCKBOX_FS="offset,bytes" another, the Pico W's
// 0x12C000 and 848 KiB) comes from FLASH_IN and is written back on "save".
// No CYW43 radio: a Pico W image runs with the radio absent.
//
// Commands on stdin, one JSON object a line; each gets one JSON line back:
//   {"op":"run","ms":N}              run N ms of emulated time
//   {"op":"quiet","ms":Q,"max":M}    run until the app is idle: no I2C for Q ms and the
//                                    core mostly waiting (at most M ms)
//   {"op":"pin","gpio":G,"value":0|1}
//   {"op":"save","path":P}           write the filesystem region to P
//   {"op":"cut","after":N,"fraction":F}  power loss inside the N-th flash write
//                                    from now (F of it done); runs stop there
//   {"op":"write","data":"..."}      send text to the USB CDC REPL
//   {"op":"quit"}
// Reply: {"t": emulated ms, "i2c": [[t_us, addr, "hex", read?, acked?], ...],
//         "serial": "text the board printed", "cycles": N,
//         "flash": [[t_us, "E", offset, bytes] | [t_us, "P", offset, bytes, "hex"], ...]
//         (every erase and program since the last reply, in order, with the
//         programmed data: powercut.py rebuilds the flash at any cut from them),
//         "writes": flash writes done, "cut": stopped by a power cut?}
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Simulator, USBCDC } from 'rp2040js';

const [uf2Path, bootromPath, flashIn] = process.argv.slice(2);
const [FS_OFFSET, FS_SIZE] = (process.env.TAROCKBOX_FS || `${0xa0000},${1408 * 1024}`)
  .split(',').map(Number);
const MUX = 0x70;
const OLED = 0x3c;
const SEATS = 5;
const BUTTONS = [6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];
const SDA = 4;
const SCL = 5;
const BIT_NS = 1e9 / 400000;
const CPU_HZ = 125e6;

function bootrom(path) {
  const text = readFileSync(path, 'utf8');
  const body = text.slice(text.indexOf('[') + 1, text.lastIndexOf(']'));
  const words = body.split(',').map((s) => s.trim()).filter((s) => s).map((s) => Number(s) >>> 0);
  return new Uint32Array(words);
}

// Simulator only for its clock and chip: the loop below is ours (run to a time)
const sim = new Simulator();
const clock = sim.clock;
const mcu = sim.rp2040;
mcu.loadBootrom(bootrom(bootromPath));
// rp2040js reports every unimplemented register (QSPI, SSI, RTC...) on
// stdout; stdout is the protocol here: errors go to stderr, the rest away
const quiet = () => {};
mcu.logger = {
  debug: quiet, info: quiet, warn: quiet,
  error: (c, m) => process.stderr.write('rp2040js ' + c + ': ' + m + '\n'),
};

// UF2: 512-byte blocks, payload of 256 bytes at a flash address
const uf2 = readFileSync(uf2Path);
for (let off = 0; off + 512 <= uf2.length; off += 512) {
  const b = uf2.subarray(off, off + 512);
  if (b.readUInt32LE(0) !== 0x0a324655 || b.readUInt32LE(4) !== 0x9e5d5157) continue;
  const addr = b.readUInt32LE(12);
  const n = b.readUInt32LE(16);
  mcu.flash.set(b.subarray(32, 32 + n), addr - 0x10000000);
}
if (flashIn && flashIn !== '-') {
  const img = readFileSync(flashIn);
  mcu.flash.set(img.subarray(0, FS_SIZE), FS_OFFSET);
} else {
  mcu.flash.fill(0xff, FS_OFFSET, FS_OFFSET + FS_SIZE);
}

// --- flash writes ----------------------------------------------------------
// rp2040js models XIP reads but not the QSPI program/erase commands, so the
// boot ROM's flash functions would write nothing: they are done here instead,
// when the core calls them (NOR semantics: erase sets 4 KiB sectors to 0xFF,
// program can only clear bits). The SSI set-up ones (connect, exit XIP,
// flush cache, enter XIP) return at once. Each write is counted and logged.
const ROM_CODE = (a, b) => a.charCodeAt(0) | (b.charCodeAt(0) << 8);
const romFuncs = {};
{
  const rom16 = (a) => (mcu.bootrom[a >> 2] >>> ((a & 2) * 8)) & 0xffff;
  for (let a = rom16(0x14); rom16(a); a += 4) romFuncs[rom16(a)] = rom16(a + 2) & ~1;
}
let cycles = 0;         // the core's cycles, and the flash's busy time as cycles
const flashOps = [];   // [t_us, 'E'|'P', offset, count] since the last reply
let flashWrites = 0;
let stopAfterWrites = -1;   // power cut: stop the chip before this write completes
let cutFraction = 1;        // ... having done this part of it
const hooks = new Map();
function ret() {
  mcu.core.PC = mcu.core.registers[14] & ~1;
}
for (const code of ['IF', 'EX', 'FC', 'CX']) hooks.set(romFuncs[ROM_CODE(...code)], ret);
// The flash chip's busy time (Winbond W25Q16JV, the Pico's, datasheet
// typical: 4 KiB sector erase tSE 45 ms, 256-byte page program tPP 0.4 ms;
// maxima 400 ms and 3 ms): the core waits in the boot ROM meanwhile, its
// interrupts off (MicroPython's rp2 flash writes), so the clock runs on and
// the wait counts as busy. FLASH_TIMING=0 in the environment: writes take no
// time (rp2040js's own behaviour).
const ERASE_NS = 45e6;
const PAGE_NS = 0.4e6;
const FLASH_TIMING = process.env.FLASH_TIMING !== '0';
function flashBusy(ns) {
  if (!FLASH_TIMING || powerCut) return;
  clock.tick(ns);
  cycles += Math.round(ns * CPU_HZ / 1e9);
}
hooks.set(romFuncs[ROM_CODE('R', 'E')], () => {
  const [off, count] = mcu.core.registers;
  flashOps.push([Math.round(clock.nanos / 1000), 'E', off, count]);
  flashWrite((f) => { mcu.flash.fill(0xff, off, off + Math.floor(count * f)); });
  flashBusy(Math.ceil(count / 4096) * ERASE_NS);
  ret();
});
hooks.set(romFuncs[ROM_CODE('R', 'P')], () => {
  const [off, data, count] = mcu.core.registers;
  const bytes = Buffer.alloc(count);
  for (let i = 0; i < count; i++) bytes[i] = mcu.readUint8(data + i);
  flashOps.push([Math.round(clock.nanos / 1000), 'P', off, count, bytes.toString('hex')]);
  flashWrite((f) => {
    const n = Math.floor(count * f);
    for (let i = 0; i < n; i++) mcu.flash[off + i] &= bytes[i];
  });
  flashBusy(Math.ceil(count / 256) * PAGE_NS);
  ret();
});
let powerCut = false;
// fn(fraction): do that part of the write. Only the write the power cut
// falls in is partial: the ones before it in the same press are whole (they
// were once done with the cut's fraction too: with 0 they wrote nothing).
function flashWrite(fn) {
  if (stopAfterWrites === 0) {
    if (cutFraction > 0) fn(cutFraction);
    powerCut = true;
    return;
  }
  fn(1);
  flashWrites++;
  if (stopAfterWrites > 0) stopAfterWrites--;
}

for (const g of BUTTONS.concat([SDA, SCL])) mcu.gpio[g].setInputValue(true);

// --- I2C0: mux + five SSD1306 -------------------------------------------------
let log = [];
let lastI2C = 0;
let muxMask = 0;
const i2c = mcu.i2c[0];
let cur = null;
function later(bits, fn) {
  clock.createAlarm(fn).schedule(bits * BIT_NS);
}
i2c.onStart = () => later(1, () => i2c.completeStart());
i2c.onConnect = (addr, mode) => {
  const read = mode === 1;
  const ack = addr === MUX || (addr === OLED && (muxMask & ((1 << SEATS) - 1)) !== 0);
  cur = { addr, read, ack, bytes: [] };
  later(9, () => i2c.completeConnect(ack));
};
i2c.onWriteByte = (v) => {
  cur.bytes.push(v);
  if (cur.addr === MUX) muxMask = v;
  later(9, () => i2c.completeWrite(true));
};
i2c.onReadByte = () => {
  const v = cur.addr === MUX ? muxMask : 0x00;
  cur.bytes.push(v);
  later(9, () => i2c.completeRead(v));
};
i2c.onStop = () => {
  if (cur) {
    const t = clock.nanos / 1000;
    log.push([Math.round(t), cur.addr, Buffer.from(cur.bytes).toString('hex'), cur.read, cur.ack]);
    lastI2C = clock.nanos;
    cur = null;
  }
  later(1, () => i2c.completeStop());
};

// --- USB CDC: the REPL's output (tracebacks) --------------------------------
let serial = '';
const cdc = process.env.RP2040_USB ? new USBCDC(mcu.usbCtrl) : null;
if (cdc) cdc.onSerialData = (buf) => {
  serial += Buffer.from(buf).toString('latin1');
};

// UART0: the REPL (MICROPY_HW_ENABLE_UART_REPL). rp2040js holds the TX
// interrupt always raised (its TX FIFO is not modelled), and the port's
// handler enables every UART interrupt: an endless IRQ. TX is instant here,
// so the TX interrupt is left out.
const uart0 = mcu.uart[0];
uart0.checkInterrupts = function () {
  this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask & ~(1 << 5)));
};
uart0.onByte = (b) => {
  serial += String.fromCharCode(b);
};
mcu.core.PC = 0x10000000;

function runUntil(limitNs, stopWhen) {
  const cycleNs = 1e9 / CPU_HZ;
  let n = 0;
  while (clock.nanos < limitNs && !powerCut) {
    const pc = mcu.core.PC;
    if (pc < 0x4000 && hooks.has(pc)) {
      hooks.get(pc)();
      continue;
    }
    if (mcu.core.waiting) {
      const dt = Math.min(clock.nanosToNextAlarm, limitNs - clock.nanos);
      clock.tick(Math.max(dt, cycleNs));
    } else {
      const c = mcu.core.executeInstruction();
      cycles += c;
      clock.tick(c * cycleNs);
    }
    if (stopWhen && ++n % 1024 === 0 && stopWhen()) break;
  }
}

function reply(extra) {
  const out = { t: clock.nanos / 1e6, i2c: log, serial, cycles, flash: flashOps.splice(0),
    writes: flashWrites, cut: powerCut, ...extra };
  log = [];
  serial = '';
  process.stdout.write('@@' + JSON.stringify(out) + '\n');
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const c = JSON.parse(line);
  if (c.op === 'run') {
    runUntil(clock.nanos + c.ms * 1e6);
    reply({});
  } else if (c.op === 'quiet') {
    // idle: no I2C for ms, and the core busy less than a third of the last
    // ms (the app's button polling alone keeps it ~15 % busy)
    const start = clock.nanos;
    if (lastI2C < start) lastI2C = start;
    const q = c.ms * 1e6;
    let markT = start;
    let markC = cycles;
    let idle = false;
    runUntil(start + c.max * 1e6, () => {
      const dt = clock.nanos - markT;
      if (dt < q) return false;
      const busy = (cycles - markC) / (dt * CPU_HZ / 1e9);
      markT = clock.nanos;
      markC = cycles;
      idle = busy < 0.33 && clock.nanos - lastI2C >= q && cur === null;
      return idle;
    });
    reply({ quiet: idle });
  } else if (c.op === 'pin') {
    mcu.gpio[c.gpio].setInputValue(!!c.value);
    reply({});
  } else if (c.op === 'cut') {
    // power loss: the chip stops inside its n-th flash write from now on,
    // which is done only to the given fraction (0: not at all)
    stopAfterWrites = c.after;
    cutFraction = c.fraction;
    reply({});
  } else if (c.op === 'save') {
    writeFileSync(c.path, mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_SIZE));
    reply({});
  } else if (c.op === 'write') {
    for (const ch of Buffer.from(c.data, "latin1")) { if (cdc) cdc.sendSerialByte(ch); else mcu.uart[0].feedByte(ch); }
    reply({});
  } else if (c.op === 'quit') {
    reply({});
    process.exit(0);
  } else {
    reply({ error: 'unknown op ' + c.op });
  }
});
