// tarockbox on a Raspberry Pi Pico: MicroPython's RPI_PICO settings (the
// same 1408 KiB littlefs at flash offset 0xA0000, so a stock image's
// filesystem survives a switch to this one), another name. The image's
// version and project commit: import tarockbox_version.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (tarockbox)"
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)
