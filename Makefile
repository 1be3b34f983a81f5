# tarockbox host tooling. `make test` is what CI runs (via .ci/run).
#
#   make setup    .venv with every dependency group of pyproject.toml but the
#                 peer's and the fast path's + node_modules from package-lock.json
#                 + Debian's chromium and chromium-driver (apt, the page tests)
#   make test     ruff, tables check, typecheck, mpy-cross build, pytest (on
#                 JOBS cores), core suite on MicroPython (unix port, heap 192K)
#                 beside the same on the WebAssembly port
#   make lint     ruff check (pinned; micropython-lib's rules, pyproject.toml)
#   make mp-test  just the two MicroPython runs, side by side
#   make build    mpy-cross all firmware for armv6m + xtensawin into build/, sizes
#   make tables / bench / run   host_tools/build/gen_tables.py (and gen_page.py), bench.py, emulator.py
#   make typecheck  pyright (pinned in package.json): firmware/ against the rp2
#                 MicroPython stubs (pyproject.toml group stubs), host_tools/ against CPython
#   make bench-peer  the core against OpenSpiel's tarok (own venv .venv-peer)
#   make fast-setup  the host's fast path: Debian's pypy3 (apt) in .venv-fast
#   make test-fast   the core suite (tests/core, tests/mp_run.py) under it
#   make firmware BOARD=RPI_PICO  MicroPython v1.28.0 + tarockbox frozen ->
#                 build/RPI_PICO/tarockbox.uf2 (pinned sources, toolchain via apt);
#                 BOARD=RPI_PICO_W the Pico W's, with the web page's server
#   make emu      boot that image in rp2040js (five OLEDs, fifteen buttons) and
#                 run the scripted session; EMU_ARGS="--smoke" for CI's short one;
#                 BOARD=RPI_PICO_W the Pico W image, its radio absent
#   make emu-powercut  power cuts inside the flash writes, restarts, checks
#   make clean    build output and caches; `make distclean` also .venv, node_modules

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON3 ?= python3
VENV    ?= .venv
PY      := $(VENV)/bin/python
MICROPYTHON := $(VENV)/bin/micropython
NODE    ?= node
NPM     ?= npm
HEAP    ?= 192K
# extra args for the MicroPython runners, e.g. MP_ARGS="-v test_cards"
MP_ARGS ?=
# pytest's worker processes (pytest-xdist), one a core
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# the host's fast path (make fast-setup): PyPy in its own venv
FAST_VENV := .venv-fast
FAST_PY ?= $(FAST_VENV)/bin/python

NODE_STAMP := node_modules/.stamp

.PHONY: setup browser test lint firmware toolchain emu emu-powercut build tables bench bench-peer run mp-test mp-unix mp-wasm pytest tables-check clean distclean typecheck
.PHONY: fast-setup test-fast

# the rp2 port's stubs, pinned to the MicroPython the firmware is typed
# against; a folder of their own (pyright's typeshed for firmware/), not .venv
STUBS := .typings/rp2
STUBS_STAMP := $(STUBS)/.stamp

# Python dependencies: the groups of pyproject.toml (PEP 735), each installed
# by the targets that need it, so `make run` brings the emulator's alone.
# pip 25.1 and newer reads dependency groups (--group); 26.2.1 is pinned (the
# newest that also runs on the fast path's PyPy 3.9). A group goes in with
# --no-deps and `pip check` after it: every package comes from its pins, and
# one a group forgot to pin fails here. A group's stamp also stamps the
# groups it includes (include-group in pyproject.toml).
PIP_VERSION := 26.2.1
PIP = $(1)/bin/python -m pip --disable-pip-version-check --no-input -q
PIP_CHECK = $(1)/bin/python -m pip check | { grep -v '^No broken requirements found.$$' || true; }
INCLUDES_test := emulator tools cluster sim lint web
INCLUDES_cluster := sim
VENV_PIP := $(VENV)/.stamp-pip
EMULATOR := $(VENV)/.stamp-emulator
TOOLS := $(VENV)/.stamp-tools
SIMDEPS := $(VENV)/.stamp-sim
CLUSTER := $(VENV)/.stamp-cluster
LINT := $(VENV)/.stamp-lint
TESTDEPS := $(VENV)/.stamp-test

$(VENV_PIP):
	test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	$(call PIP,$(VENV)) install pip==$(PIP_VERSION)
	touch $@

$(VENV)/.stamp-%: pyproject.toml | $(VENV_PIP)
	@echo "== pip: dependency group $* (pyproject.toml)"
	$(call PIP,$(VENV)) install --no-deps --group $*
	$(call PIP_CHECK,$(VENV))
	touch $@ $(foreach g,$(INCLUDES_$*),$(VENV)/.stamp-$(g))

setup: $(TESTDEPS) $(NODE_STAMP) $(STUBS_STAMP) browser

# Debian's chromium and its driver for the page tests (selenium drives them;
# a test tool's own browser download is not reachable here); apt when missing
BROWSER_PKGS := chromium chromium-driver
browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
	  echo "== browser: apt-get install $(BROWSER_PKGS)"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $(BROWSER_PKGS) >/dev/null 2>&1 || { \
	    $$SUDO apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $(BROWSER_PKGS); }; \
	fi

$(NODE_STAMP): package-lock.json package.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

$(STUBS_STAMP): pyproject.toml | $(VENV_PIP)
	rm -rf $(STUBS)
	$(call PIP,$(VENV)) install --no-deps --target $(STUBS) --group stubs
	touch $@

# fails on any error beyond typecheck_baseline.json (per file; the aim is none);
# pyright resolves the host tools' imports in .venv, so every group is there
typecheck: $(TESTDEPS) $(NODE_STAMP) $(STUBS_STAMP)
	@echo "== pyright: host_tools/ (CPython), firmware/ (MicroPython rp2 stubs)"
	$(PY) host_tools/build/typecheck.py

# Order: cheap checks first; the last line printed is a test runner's summary.
test: setup
	$(MAKE) --no-print-directory lint
	$(MAKE) --no-print-directory tables-check
	$(MAKE) --no-print-directory typecheck
	$(MAKE) --no-print-directory build
	$(MAKE) --no-print-directory pytest
	$(MAKE) --no-print-directory mp-test

# ruff, pinned in pyproject.toml's lint group and configured there
# (micropython-lib's rules); a second, not a minute
lint: $(LINT)
	@echo "== ruff check"
	$(VENV)/bin/ruff check --quiet . && echo "ruff: all checks passed"

tables-check: $(VENV_PIP)
	@if [ -f host_tools/build/gen_tables.py ]; then \
	  echo "== gen_tables --check"; $(PY) host_tools/build/gen_tables.py --check; \
	else echo "== gen_tables --check: host_tools/build/gen_tables.py not there yet, skipped"; fi
	@echo "== gen_page --check"; $(PY) host_tools/build/gen_page.py --check

# pytest exits 5 when it collects no tests; that is not a failure here.
# -n JOBS: one worker process a core (pytest-xdist); tests that share a file or
# a port outside their tmp_path are kept on one worker (xdist groups,
# tests/host/conftest.py); JOBS=0 runs it in this process.
pytest: $(TESTDEPS)
	@echo "== pytest (CPython, $(JOBS) workers)"
	$(PY) -m pytest -q -n $(JOBS) --dist loadgroup tests || { rc=$$?; [ $$rc -eq 5 ] && echo "pytest: no tests collected" || exit $$rc; }

# the two runtimes share nothing (the unix run reads build/armv6m, the
# WebAssembly one the sources, in memory), so they run side by side; each
# one's output comes whole when it ends (--output-sync)
mp-test: $(TOOLS) $(NODE_STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target mp-unix mp-wasm

mp-unix: $(TOOLS)
	@echo "== core suite on MicroPython unix port (-X heapsize=$(HEAP)), one process per module"
	$(PY) host_tools/micropython/mp_unix.py -X heapsize=$(HEAP) $(MP_ARGS)

mp-wasm: $(NODE_STAMP)
	@echo "== core suite on MicroPython WebAssembly port (node)"
	$(NODE) host_tools/micropython/mp_wasm.mjs -X heapsize=$(HEAP) $(MP_ARGS)

build: $(TOOLS)
	@echo "== mpy-cross build"
	$(PY) host_tools/build/build.py

tables: $(VENV_PIP)
	$(PY) host_tools/build/gen_tables.py --force
	$(PY) host_tools/build/gen_page.py --force

# --force: bench.json in build/ is the last run's, written over each time
bench: $(TESTDEPS) $(NODE_STAMP)
	$(PY) host_tools/bench/bench.py --force $(ARGS)

# the rules core against OpenSpiel's C++ tarok, side by side in one run
# (issue 22); its own venv, pyproject.toml's peer group; ARGS="--blocks 4"
PEER_VENV := .venv-peer
$(PEER_VENV)/.stamp: pyproject.toml
	test -x $(PEER_VENV)/bin/python || $(PYTHON3) -m venv $(PEER_VENV)
	$(call PIP,$(PEER_VENV)) install pip==$(PIP_VERSION)
	$(call PIP,$(PEER_VENV)) install --no-deps --group peer
	$(call PIP_CHECK,$(PEER_VENV))
	touch $@

bench-peer: $(PEER_VENV)/.stamp $(FAST_VENV)/.stamp
	$(PEER_VENV)/bin/python host_tools/bench/bench_peer.py --force --fast-python $(FAST_PY) $(ARGS)

# The host's fast path (issue 22 (b)): the unchanged core files under PyPy
# (Debian's pypy3 7.3.11, a Python 3.9: the core and the host tools that use
# it stay 3.9-clean), in its own venv .venv-fast with pyproject.toml's fast group.
# Not a dependency of `make test`; the pure-CPython path stays the tested
# default. apt needs root (as on this project's machines).
$(FAST_VENV)/.stamp: pyproject.toml
	@command -v pypy3 >/dev/null 2>&1 && pypy3 -c "import venv" 2>/dev/null || { \
	  echo "== installing pypy3 and pypy3-venv (Debian packages)"; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q pypy3 pypy3-venv >/dev/null 2>&1 || { \
	    apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q pypy3 pypy3-venv; }; }
	test -x $(FAST_VENV)/bin/python || pypy3 -m venv $(FAST_VENV)
	$(call PIP,$(FAST_VENV)) install pip==$(PIP_VERSION)
	$(call PIP,$(FAST_VENV)) install --no-deps --group fast
	$(call PIP_CHECK,$(FAST_VENV))
	touch $@
fast-setup: $(FAST_VENV)/.stamp
	@$(FAST_PY) --version | tail -1

# the core suite under the fast path, with the pytest-free runner of the
# MicroPython runs (no pytest needed for PyPy)
test-fast: fast-setup
	@echo "== core suite under $(FAST_PY) (tests/mp_run.py)"
	PYTHONPATH=host_tools/lib/hostlib $(FAST_PY) tests/mp_run.py $(MP_ARGS)

# the emulator: a window when there is a display, else bots play a deal
# (screens as PNG in out/, the score sheet printed); ARGS="--seats 5 --deals 3"
# Its first run installs only the emulator's group (pillow, pygame, the
# display driver), not the tests' or the simulations'.
run: $(EMULATOR)
	$(PY) host_tools/emulator/emulator.py $(ARGS)

# the device in a browser (issue 40): build/web/, one page with MicroPython's
# WebAssembly runtime (the pinned npm package) and the firmware tree as it
# is; any static server serves it: python3 -m http.server -d build/web 8000
web: $(EMULATOR) $(NODE_STAMP)
	$(PY) host_tools/build/webbuild.py $(ARGS)
.PHONY: web

# contact sheets of every screen kind, one per language, at 1x and 4x
# (docs/screens/screens_<lang>_<zoom>x.png, shown in the README; ARGS="--lang de --zoom 3")
screens: $(EMULATOR) $(SIMDEPS)
	$(PY) host_tools/emulator/screens.py --force $(ARGS)
.PHONY: screens

# make deploy BOARD=RPI_PICO|RPI_PICO_W|ESP32_DEVKITC [PORT=/dev/ttyACM0] [DRY=1]
# stages build/deploy/<BOARD> (.mpy + board.py + adafruit_ssd1306) and copies
# it with mpremote; DRY=1 prints the file list and the command only; ROMFS=1
# puts the packages into the ROM partition as one image (MicroPython 1.25+)
BOARD ?= RPI_PICO
PORT  ?= auto
.PHONY: deploy
deploy: $(TOOLS) $(EMULATOR)
	$(PY) host_tools/build/deploy.py --board $(BOARD) --port $(PORT) $(if $(DRY),--dry-run,) $(if $(ROMFS),--romfs,)

# The RP2040 image (issue 18): host_tools/build/firmware.py. The toolchain
# comes from apt when missing (like .venv from PyPI); sources from
# ../shared/third_party (TAROCKBOX_THIRD_PARTY=DIR elsewhere).
TOOLCHAIN_PKGS := gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake build-essential
toolchain:
	@missing=$$($(PYTHON3) host_tools/build/firmware.py --check-tools || true); \
	if [ -n "$$missing" ]; then \
	  echo "== toolchain: $$missing missing, apt-get install $(TOOLCHAIN_PKGS)"; \
	  SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $(TOOLCHAIN_PKGS); \
	fi

firmware: $(TOOLS) $(EMULATOR) toolchain
	$(PY) host_tools/build/firmware.py --board $(BOARD)

# the image on rp2040js in lockstep with the host emulator (issue 18):
# host_tools/rp2040/session.py; EMU_ARGS="--smoke" is CI's short session
EMU_ARGS ?=
emu: firmware $(NODE_STAMP)
	$(PY) host_tools/rp2040/session.py --board $(BOARD) $(EMU_ARGS)

# power loss inside the journal's flash writes, on the emulated chip's
# littlefs (host_tools/rp2040/powercut.py; POWERCUT_ARGS="--every" for all)
POWERCUT_ARGS ?=
emu-powercut: firmware $(NODE_STAMP)
	$(PY) host_tools/rp2040/powercut.py $(POWERCUT_ARGS)

# seeded bot simulations (host_tools/sim/simulate.py --help); e.g.
#   make sim SIM_ARGS="--deals 100000 --family koenigrufen --bots search,heuristic"
#   make sim SIM_ARGS="--deals 1000000 --executor dask --address tcp://host:8786"
# (--force: build/sim is the last run's)
.PHONY: sim
SIM_ARGS ?= --deals 10000 --rotate
# the interpreter for `make sim`: CPython, because the default bot mix ran
# slower under the fast path (README "Against OpenSpiel"); SIM_PY=$(FAST_PY)
# after `make fast-setup` runs it under PyPy (no --plots there: no matplotlib)
SIM_PY ?= $(PY)
# Dask and Ray (the cluster group) only when SIM_ARGS asks for their executor
SIM_EXECUTOR := $(filter dask ray --executor=dask --executor=ray,$(SIM_ARGS))
sim: $(SIMDEPS) $(if $(SIM_EXECUTOR),$(CLUSTER))
	$(SIM_PY) host_tools/sim/simulate.py --force $(SIM_ARGS)

clean:
	rm -rf build out .pytest_cache .hypothesis .ruff_cache
	find . -path ./$(VENV) -prune -o -path ./node_modules -prune -o \
	  -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(PEER_VENV) $(FAST_VENV) node_modules .typings
