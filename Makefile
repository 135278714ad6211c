# One Makefile builds the environment from scratch and runs everything.
VENV   ?= .venv
PYTHON ?= python3
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: venv demo test test-fast bench physics-report clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

## The main job: a full self-play game between two Monte Carlo agents, printed stroke by
## stroke and recorded; then the AI's advice on a shipped position, drawn.
demo: $(STAMP)
	$(VENV)/bin/pyramid play --seed 1 --record demo-game.jsonl
	$(VENV)/bin/pyramid suggest examples/suggest_open.json --top 3 --png demo-suggestion.png

## The whole test suite, slow cases included (what CI runs).
test: $(STAMP)
	$(PY) -m pytest -q

## Quick loop while developing: skips cases marked slow.
test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

bench: $(STAMP)
	$(PY) -m benchmarks.sim_bench

## The figures and numbers of docs/PHYSICS.md (docs/physics/), from scratch.
physics-report: $(STAMP)
	$(PY) -m benchmarks.physics_report

clean:
	rm -rf $(VENV) build *.egg-info
