# stops: the two commands that matter are `make serve` and `make test`.
# Every target sets up what it needs on a fresh machine.
#
#   make setup      .venv with the engine (editable) and the dev tools
#   make check      the developer's loop (about 100 s on 2 cores):
#                   engine rules, pairwise conformance, small Hypothesis budgets,
#                   one site build with its HTML and link checks, the Node models
#   make test       everything (CI): venv, node_modules, wheel (+ chromium when
#                   tests/browser exists), then pytest over tests/ on every core,
#                   3-wise conformance with several seeds
#   make test-exhaustive  make test with the conformance suite over the whole
#                   product of every option (before a release; not in CI)
#   make wheel      dist/stops-<version>-py3-none-any.whl
#   make vendor     Pyodide runtime + wheel + lockfile in $(VENDOR_DIR)
#   make bench      bench/bench_*.py, one after another
#   make fuzz       the long fuzz profile: make fuzz MINUTES=10 [FUZZ_SEED=1]
#   make chromium   Debian's chromium and its headless shell (the browser tests run the shell)

SHELL := /bin/bash
# Bytecode caches are written (a machine may set PYTHONDONTWRITEBYTECODE): every interpreter the
# tests start, and pytest's rewritten test modules, then load the engine and the tests compiled.
unexport PYTHONDONTWRITEBYTECODE
# A Python >= 3.12 (pyodide-build needs it, and so does the engine).
PYTHON ?= $(shell for p in python3.13 python3.12 /root/.pyenv/versions/3.13*/bin/python3.13 /root/.pyenv/versions/3.12*/bin/python3.12 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python

# The wheel: its name comes from pyproject.toml; it is rebuilt when anything
# in the package (but bytecode caches) or pyproject.toml changes. Directories
# are listed too so that adding or deleting a module rebuilds it.
VERSION := $(shell sed -n 's/^version *= *"\(.*\)"/\1/p' pyproject.toml)
WHEEL := dist/stops-$(VERSION)-py3-none-any.whl
ENGINE_FILES := $(shell find engine/stops -name __pycache__ -prune -o ! -name '*.pyc' -print)
NODE_STAMP := node_modules/.installed
VENDOR_DIR ?= dist/pyodide
CHROMIUM := /usr/bin/chromium
HEADLESS_SHELL := /usr/lib/chromium/chromium-headless-shell
# Browser tests, once they exist, need a browser.
BROWSER_PREREQS := $(if $(wildcard tests/browser),chromium)

.PHONY: all setup node wheel vendor chromium check test test-exhaustive test-engine serve bench fuzz faults clean

all: test

$(VENV)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "error: no Python >= 3.12 found" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# The npm pyodide runtime, exactly as package-lock.json pins it.
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "error: npm (Node >= 18) is needed" >&2; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

node: $(NODE_STAMP)

$(WHEEL): pyproject.toml $(ENGINE_FILES) | $(VENV)/.installed
	rm -f dist/stops-*.whl
	@# -P: the repo root is not on sys.path, so its build.py cannot shadow `build`.
	@out=$$($(PY) -P -m build --wheel --no-isolation --outdir dist . 2>&1) || { echo "$$out" >&2; exit 1; }
	@test -f $@ || { echo "error: the build did not make $@" >&2; exit 1; }
	@echo "built $@"

wheel: $(WHEEL)

vendor: $(WHEEL) $(NODE_STAMP)
	$(PY) tools/pyodide_vendor.py --out $(VENDOR_DIR) --wheel $(WHEEL)

chromium:
	@test -x $(CHROMIUM) -a -x $(HEADLESS_SHELL) || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell; }
	@test -x $(CHROMIUM) -a -x $(HEADLESS_SHELL)

test-engine: setup
	$(PY) -m pytest tests/engine

# pytest's own exit status stands (5, "no tests ran", is a failure too).
# STOPS_WHEEL tells the Pyodide tests which wheel to use instead of building one.
# STOPS_TIER (tests/tiers.py) sets how many generated cases a test plays.
# JOBS: pytest-xdist workers, one per core; the expensive session fixtures (the site built
# with the engine, the Pyodide runtime) are built once and shared by the workers.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PYTEST_PARALLEL := -n $(JOBS) --dist loadgroup

# The developer's loop: no browser, no Pyodide, no tournament (marked `slow`).
check: setup $(NODE_STAMP)
	time STOPS_TIER=check $(PY) -m pytest $(PYTEST_PARALLEL) -m "not slow" tests/engine tests/site tests/models

test: setup $(NODE_STAMP) $(BROWSER_PREREQS) $(WHEEL)
	time STOPS_TIER=$(or $(TIER),full) STOPS_WHEEL=$(abspath $(WHEEL)) $(PY) -m pytest $(PYTEST_PARALLEL) --durations=15

test-exhaustive:
	$(MAKE) test TIER=exhaustive

# Plant each fault of tools/plant_faults.py in a copy of the tree, one at a time, and print
# which suite catches it (make faults FAULTS_ARGS="--suites check,3-wise").
faults: setup $(NODE_STAMP)
	$(PY) tools/plant_faults.py $(FAULTS_ARGS)

serve: setup $(NODE_STAMP) $(WHEEL)
	$(PY) build.py --serve --wheel $(WHEEL)

# The long fuzz profile (tests/fuzz/harness.py): inputs tried, valid results, clean errors,
# crashes, hangs and memory failures; exit status 1 when any input crashed or hung.
MINUTES ?= 10
FUZZ_SEED ?= $(shell date +%s)
fuzz: setup
	$(PY) tests/fuzz/harness.py --minutes $(MINUTES) --seed $(FUZZ_SEED)

# The competitors of the poker benchmark.
$(VENV)/.bench-installed: pyproject.toml | $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	touch $@

# e.g. make bench BENCH_ARGS=--quick (passed to every bench/bench_*.py)
bench: setup $(VENV)/.bench-installed $(NODE_STAMP) $(WHEEL)
	STOPS_WHEEL=$(abspath $(WHEEL)) $(PY) bench/run.py $(if $(BENCH_ARGS),-- $(BENCH_ARGS))

clean:
	rm -rf $(VENV) node_modules _site dist build
