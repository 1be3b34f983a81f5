// tarockbox on a Raspberry Pi Pico: MicroPython's RPI_PICO settings (the
// same 1408 KiB littlefs at flash offset 0xA0000, so a stock image's
// filesystem survives a switch to this one), another name. The image's
// version and project commit: import tarockbox_version.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (tarockbox)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
// The REPL also on UART0 (GP0 TX, GP1 RX, 115200 8N1; free pins in board.py's
// table): a console without USB, and the emulator's (host_tools/rp2040)
// window on tracebacks and probes.
#define MICROPY_HW_ENABLE_UART_REPL             (1)
// What the app never uses, left out of this image (its 640 KiB before the
// filesystem are nearly full; tests/host/test_manifest.py checks that the
// frozen modules import none of them): the I2C target mode, uctypes, re,
// deflate, heapq (the app: I2C controller only; asyncio's queue is C).
// ~7 KB. The port's own drivers for sensors and LEDs (onewire, ds18x20,
// dht, neopixel) are not frozen either (manifest.py).
#define MICROPY_PY_MACHINE_I2C_TARGET           (0)
#define MICROPY_PY_UCTYPES                      (0)
#define MICROPY_PY_RE                           (0)
#define MICROPY_PY_DEFLATE                      (0)
#define MICROPY_PY_HEAPQ                        (0)
