// tarockbox on a Raspberry Pi Pico W: MicroPython's RPI_PICO_W settings (the
// same 848 KiB littlefs at flash offset 0x12C000, so a stock Pico W image's
// filesystem survives a switch to this one), another name, no Bluetooth.
// The image's version and project commit: import tarockbox_version.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico W (tarockbox)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (848 * 1024)

// Networking: the table's own access point or a network it joins (hw/net.py)
#define MICROPY_PY_NETWORK 1
#define MICROPY_PY_NETWORK_HOSTNAME_DEFAULT     "tarockbox"

// lwIP's smaller memory option of MicroPython's own (extmod/lwip-include/
// lwipopts_common.h, "#if 0" there: lwIP takes 19,159 bytes instead of
// 26,700, TCP about 320 KB/s on a local network, ample for a page of ~30 KB):
// the heap the table and the server share keeps ~7.5 KB more (docs/PERFORMANCE.md)
#define MEM_SIZE (5000)
#define TCP_WND (4 * TCP_MSS)
#define TCP_SND_BUF (4 * TCP_MSS)
// Connections at once: lwIP's default is 5, too few for ten phones each
// holding the page's event stream; 16 (web/server.py's MAX_CONN is 14: ten
// streams and four loads, the rest for closing ones) cost ~2 KB of RAM
#define MEMP_NUM_TCP_PCB (16)
// ... paid back by four fewer receive buffers of the radio (16 -> 12 of
// ~600 B: a phone's requests are single small frames): ~2.4 KB of heap, the
// heap's goal of 120 KB with the server running kept (docs/PERFORMANCE.md)
#define PBUF_POOL_SIZE (12)

// CYW43 driver configuration (as MicroPython's RPI_PICO_W)
#define CYW43_USE_SPI (1)
#define CYW43_LWIP (1)
#define CYW43_GPIO (1)
#define CYW43_SPI_PIO (1)

#define MICROPY_HW_PIN_EXT_COUNT    CYW43_WL_GPIO_COUNT

// If this returns true for a pin then its irq will not be disabled on a soft reboot
int mp_hal_is_pin_reserved(int n);
#define MICROPY_HW_PIN_RESERVED(i) mp_hal_is_pin_reserved(i)

// The REPL also on UART0 (GP0 TX, GP1 RX, 115200 8N1), as on the Pico: a
// console without USB, and the emulator's (host_tools/rp2040) window.
#define MICROPY_HW_ENABLE_UART_REPL             (1)
