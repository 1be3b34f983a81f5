# MicroPython board definition (MICROPY_BOARD_DIR) for the tarockbox image:
# a Raspberry Pi Pico (RP2040, 2 MB flash) with the whole firmware/ tree
# frozen in. Built by `make firmware BOARD=RPI_PICO` (host_tools/build/firmware.py);
# by hand: cmake -S <micropython>/ports/rp2 -B build -DMICROPY_BOARD=RPI_PICO
#   -DMICROPY_BOARD_DIR=<this folder> [-DPICO_NO_PICOTOOL=1], after running
#   `python host_tools/build/deploy.py --freeze-libs` (the adafruit driver)
#   and host_tools/build/firmware.py once (the version module), see README.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
