# MicroPython board definition (MICROPY_BOARD_DIR) for the tarockbox image
# on a Raspberry Pi Pico W (RP2040, 2 MB flash, CYW43439 radio): the whole
# firmware/ tree frozen in with the web page's server (firmware/web, microdot).
# Built by `make firmware BOARD=RPI_PICO_W` (host_tools/build/firmware.py),
# which also unpacks lib/cyw43-driver and lib/lwip (../shared/third_party).
# MicroPython's own RPI_PICO_W less Bluetooth: no btstack, smaller image.
set(PICO_BOARD "pico_w")
set(PICO_PLATFORM "rp2040")

set(MICROPY_PY_LWIP ON)
set(MICROPY_PY_NETWORK_CYW43 ON)
set(MICROPY_PY_BLUETOOTH OFF)
set(MICROPY_BLUETOOTH_BTSTACK OFF)
set(MICROPY_PY_BLUETOOTH_CYW43 OFF)

# With Bluetooth off nothing links pico_cyw43_driver_headers (btstack's
# transport did), yet cyw43_bus_pio_spi.c includes pico/cyw43_driver.h. A
# copy of that one header, in a folder of the build's own, on the include
# path: not the SDK's folder itself, whose cyw43_configport.h would shadow
# the port's (a relative PICO_SDK_PATH is the port folder's, its default).
get_filename_component(_sdk ${PICO_SDK_PATH} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
file(COPY ${_sdk}/src/rp2_common/pico_cyw43_driver/include/pico/cyw43_driver.h
     DESTINATION ${CMAKE_BINARY_DIR}/board_include/pico)
include_directories(${CMAKE_BINARY_DIR}/board_include)

set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
