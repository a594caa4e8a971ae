# Set-up and checks for the rules explorer.
#
# On a fresh Debian machine with python3 (>= 3.11), make and apt:
#   make lab    create .venv, install the project with JupyterLab, open it at the repository root
#               with notebooks/index.ipynb (headless: see LAB_ARGS below)
#   make test   create .venv, install the project with the dev tools, install Debian's chromium
#               if it is missing, then run every test (pytest tests/ and nbval over notebooks/)
# Also: make bench, make lint, make clean (build outputs and caches), make distclean (also .venv),
#       make compile (the optional Cython compile of the hot engine modules, in place; setup.py),
#       make lite (the static JupyterLite site in $(LITE_OUT)/: lite/build.py; serve it with python -m http.server).
#
# Installs are keyed on the contents of pyproject.toml: a second `make lab` / `make test`
# does not run pip again unless pyproject.toml changed.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check
CHROMIUM ?= /usr/bin/chromium
NB_SANITIZE := tests/nbval_sanitize.cfg
PYTEST_ARGS ?=
LAB_ARGS ?=

# One stamp per extra set and per pyproject.toml content: editing pyproject.toml reinstalls.
KEY := $(shell sha256sum pyproject.toml 2>/dev/null | cut -c1-16)
STAMP_LAB := $(VENV)/.installed-lab-$(KEY)
STAMP_DEV := $(VENV)/.installed-dev-$(KEY)
# Wheels for the packaging tests' clean venvs, fetched at set-up so the tests themselves stay offline.
WHEELHOUSE := .wheelhouse
STAMP_WHEELS := $(WHEELHOUSE)/.complete-$(shell cat pyproject.toml binder/requirements.txt 2>/dev/null | sha256sum | cut -c1-16)
# The optional compile (setup.py): the hot engine modules as extension modules next to their sources (their C
# under build/cython/, outside the package), and the
# build's record of what it compiled, redone when setup.py or one of those sources changes. Where no C compiler
# works the record says so ({"modules": {}}) and everything runs as pure Python.
COMPILED := explorer/_compiled.json
HOT := $(shell sed -n 's/^    "\(explorer\/.*\.py\)",$$/\1/p' setup.py)
# The tests require the hot modules to load compiled when the compile succeeded (tests/test_builds.py).
EXPECT_COMPILED = RX_EXPECT_COMPILED=$$(grep -qs '"explorer\.' $(COMPILED) && echo 1 || echo 0)

.PHONY: help lab lite npm test lane-slow lane-rest test-py test-slow test-lite test-rest test-fast test-nb chromium bench notebooks lint clean distclean venv \
	compile

help:
	@echo "make lab    - install (into $(VENV)) and open JupyterLab (repository root, notebooks/index.ipynb)"
	@echo "make test   - install dev tools and chromium, then run the whole test suite"
	@echo "make bench  - run benchmarks/run.py"
	@echo "make notebooks - re-execute the notebooks in place (their outputs are what nbval checks)"
	@echo "make lite   - build the static JupyterLite site into $(LITE_OUT)/ (lite/build.py)"
	@echo "make lint   - ruff check"
	@echo "make compile - compile the hot engine modules in place (Cython; optional, see README)"
	@echo "make clean  - remove build outputs and caches (make distclean also removes $(VENV))"

venv: $(PY)

$(PY):
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is needed, found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)

$(STAMP_LAB): | $(PY)
	$(PIP) install -e ".[lab,scale,apps]"
	rm -f $(VENV)/.installed-lab-*
	touch $@

# RX_NO_COMPILE: the editable install leaves the compile to $(COMPILED) below, which redoes only what changed.
$(STAMP_DEV): | $(PY)
	RX_NO_COMPILE=1 $(PIP) install -e ".[dev,lab]"
	rm -f $(VENV)/.installed-dev-* $(VENV)/.installed-lab-*
	touch $@ $(STAMP_LAB)

# Rooted at the repository (README.md and docs/ browsable), opening notebooks/index.ipynb.
# LAB_ARGS: more jupyter lab options; headless: make lab LAB_ARGS="--no-browser --ip 127.0.0.1 --port 8888"
lab: $(STAMP_LAB)
	$(PY) -m jupyter lab $$([ "$$(id -u)" -eq 0 ] && echo --allow-root) --ServerApp.root_dir="$(CURDIR)" \
		$(LAB_ARGS) notebooks/index.ipynb

# axe-core (npm, pinned) checks the explorer and the study pages for accessibility in the browser tests; fetched
# here at set-up, never at test time. Debian's nodejs and npm are installed if missing.
AXE_VERSION := 4.14.1
AXE := .axe/node_modules/axe-core/axe.min.js
npm:
	@if ! command -v npm >/dev/null; then \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		echo "installing Debian's nodejs and npm (axe-core for the accessibility checks, Pyodide for make lite)"; \
		$$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; \
	fi

$(AXE): | npm
	mkdir -p .axe
	npm install --prefix .axe --no-audit --no-fund --no-save --loglevel=error axe-core@$(AXE_VERSION)
	test -s $@

# Debian's chromium drives the browser tests (Playwright's executable_path); never `playwright install`.
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		echo "installing Debian's chromium (needed by the browser tests)"; \
		$$SUDO apt-get update && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

compile: $(COMPILED)

$(COMPILED): $(STAMP_DEV) setup.py $(HOT)
	$(PY) setup.py -q build_ext --inplace
	[ -e $@ ] || echo '{"modules": {}}' > $@
	touch $@

# The static JupyterLite site (lite/build.py): its own build venv, pinned in lite/build-requirements.txt; the
# downloads (npm's Pyodide, the browser's wheels) are cached in build/lite/, the site rebuilt each time.
LITE_OUT ?= _site
LITE_VENV := build/lite-venv
LITE_PY := $(LITE_VENV)/bin/python
STAMP_LITE := $(LITE_VENV)/.installed-$(shell sha256sum lite/build-requirements.txt 2>/dev/null | cut -c1-16)
$(STAMP_LITE):
	rm -rf $(LITE_VENV)
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_PY) -m pip --disable-pip-version-check install -q -r lite/build-requirements.txt
	touch $@

lite: $(STAMP_LITE) | npm
	$(LITE_PY) lite/build.py --out $(LITE_OUT)

# -k: run the notebook checks even when a unit test failed; the exit status is still non-zero.
$(STAMP_WHEELS): | $(PY)
	rm -rf $(WHEELHOUSE)
	$(PIP) download --dest $(WHEELHOUSE) -r binder/requirements.txt \
		"pytest>=8" "nbval>=0.11" "setuptools>=77" wheel "Cython>=3.0"
	touch $@

# Two lanes on two cores: the slow tests (real browsers, built wheels and venvs, then the static site in
# Chromium) in one, the fast tests and every notebook in the other, so that the two take about as long; the
# installs, the compile, the site's build and the packaging tests' wheel download also run side by side. Each lane's output is printed whole when it
# finishes (--output-sync), so the two never interleave.
test: | $(PY)
	$(MAKE) --no-print-directory -j2 --output-sync=target $(COMPILED) $(STAMP_WHEELS) chromium $(AXE) lite
	$(MAKE) --no-print-directory -k -j2 --output-sync=target lane-slow lane-rest

lane-slow: $(COMPILED) $(STAMP_WHEELS)
	$(MAKE) --no-print-directory -k test-slow test-lite

lane-rest: $(COMPILED)
	$(MAKE) --no-print-directory -k test-fast test-nb

test-slow: $(COMPILED) $(STAMP_WHEELS)
	$(EXPECT_COMPILED) $(PY) -m pytest tests -m slow --ignore=tests/test_lite.py --durations=10 $(PYTEST_ARGS)

# the static site in Chromium (tests/test_lite.py) on the site `make lite` built (make test builds it first);
# after the other slow tests, in their lane (the fast tests and the notebooks take about as long in the other)
test-lite:
	$(PY) -m pytest tests/test_lite.py $(PYTEST_ARGS)

test-rest: $(COMPILED)
	$(MAKE) --no-print-directory -k test-fast test-nb

test-fast: $(COMPILED)
	$(EXPECT_COMPILED) $(PY) -m pytest tests -m "not slow" --durations=10 $(PYTEST_ARGS)

# every test in one process (what the two lanes of `make test` run, less the notebooks)
test-py: $(COMPILED) $(STAMP_WHEELS) lite
	$(EXPECT_COMPILED) $(PY) -m pytest tests --durations=15 $(PYTEST_ARGS)

# NB: which notebooks (default all of them)
NB ?= notebooks
test-nb: $(COMPILED)
	$(EXPECT_COMPILED) $(PY) -m pytest -p no:cacheprovider --nbval --nbval-current-env \
		--nbval-sanitize-with $(NB_SANITIZE) $(NB) $(PYTEST_ARGS)

# open_spiel is the speed anchor of bench_openspiel.py only: installed here, never a project dependency.
bench: $(STAMP_DEV)
	$(PY) -c 'import pyspiel' 2>/dev/null || $(PIP) install "open_spiel>=1.5"
	$(PY) benchmarks/run.py
	$(PY) benchmarks/bench_bots.py --seconds 3
	$(PY) benchmarks/bench_openspiel.py --seconds 3
	$(PY) benchmarks/bench_study_page.py
	$(PY) benchmarks/bench_inplace.py
	$(PY) benchmarks/profile_playouts.py

# Re-execute the notebooks in place (after changing them or the engine); nbval then compares against these.
notebooks: $(STAMP_DEV)
	find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | while read -r nb; do \
		$(PY) -m jupyter nbconvert --to notebook --execute --inplace \
			--ExecutePreprocessor.store_widget_state=False "$$nb"; \
	done

lint: $(STAMP_DEV)
	$(PY) -m ruff check .

clean:
	rm -rf build dist $(LITE_OUT) *.egg-info .pytest_cache .hypothesis .benchmarks .ruff_cache $(WHEELHOUSE) $(COMPILED) .axe
	find explorer \( -name '*.so' -o -name '*.c' \) -type f -delete  # .c: left by builds before build/cython/
	find . -path ./$(VENV) -prune -o -path ./.git -prune -o \
		\( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
