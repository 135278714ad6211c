# One Makefile builds the environment from scratch and runs everything.
VENV   ?= .venv
PYTHON ?= python3
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# The versions the golden games and the README's figures were made with (the same seed gives
# the same game with these on any x86-64 machine).  `make PINS=` installs without them.
PINS   ?= .ci/constraints.txt
PIN    := $(if $(PINS),-c $(PINS))

.PHONY: venv demo test test-fast bench physics-report upgrade-pins dist clean

# Every extra (board, photo, plots, crosscheck, cluster, env, learn: pyproject.toml) and the
# tests' tools; a user who needs less installs the core alone (the wheel of `make dist`)
# and adds an extra when a command asks for it (engine/extras.py).
EXTRAS ?= all,dev

$(STAMP): pyproject.toml $(PINS)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet $(PIN) -e '.[$(EXTRAS)]'
	touch $(STAMP)

venv: $(STAMP)

## The main job: a full self-play game between two Monte Carlo agents, printed stroke by
## stroke and recorded; then the AI's advice on a shipped position, drawn.
demo: $(STAMP)
	$(VENV)/bin/pyramid play --seed 1 --record demo-game.jsonl --force
	$(VENV)/bin/pyramid suggest --example open --top 3 --png demo-suggestion.png

## The whole test suite, slow cases included (what CI runs), one pytest worker per logical
## CPU and one more (pytest-xdist): many tests wait on a command, a server or a browser they
## started, so with one worker a CPU the cores stood idle a fifth of the time (on 2 cores,
## 3 workers took the suite from 14:03 to 11:03).  A worker that is done takes tests from the
## others' queues, so the minute long cases do not leave a core idle at the end.
## `make test WORKERS=0` runs it in one process.
## The 25 slowest tests are listed at the end: the suite must stay under 15 minutes in CI.
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
test: $(STAMP)
	$(PY) -m pytest -q -n $(WORKERS) $(if $(filter 0,$(WORKERS)),,--dist worksteal) --durations=25

## Quick loop while developing: skips cases marked slow.
test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

bench: $(STAMP)
	$(PY) -m benchmarks.sim_bench

## The figures and numbers of docs/PHYSICS.md (docs/physics/), from scratch.
physics-report: $(STAMP)
	$(PY) -m benchmarks.physics_report

## New pins: the newest versions pyproject.toml allows, in a scratch environment, frozen into
## $(PINS); then regenerate the goldens (python -m tests.ai.golden --write) and run make test.
upgrade-pins:
	rm -rf .venv-pins
	$(PYTHON) -m venv .venv-pins
	.venv-pins/bin/python -m pip install --quiet --upgrade pip
	.venv-pins/bin/python -m pip install --quiet -e '.[$(EXTRAS)]'
	{ sed -n '/^#/p' $(PINS); .venv-pins/bin/python -m pip freeze --exclude-editable \
	  | grep -v '^-e'; } > $(PINS).new
	mv $(PINS).new $(PINS)
	rm -rf .venv-pins
	@echo "pinned in $(PINS); now: $(PY) -m tests.ai.golden --write && make test"

## The wheel and the sdist in dist/ (the wheel carries the commit it is built from:
## `pyramid --version`); the core alone installs with `pip install dist/*.whl`, an extra
## with `pip install 'dist/russian_pyramid-VERSION-py3-none-any.whl[board]'`.
dist: $(STAMP)
	$(PY) -m build --outdir dist .

clean:
	rm -rf $(VENV) build dist *.egg-info engine/build.json
