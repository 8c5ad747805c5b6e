# `make run` and `make test` create .venv and install the project into it when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
SHARED := ../shared
SHARED_CLASSIC := $(wildcard $(SHARED)/levels/classic/level*.txt)

.PHONY: run test fast check browser pddl repair-bench plan-counts operator-counts performance scaling study clean

$(INSTALLED): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(INSTALLED)

# Solve the repo's levels (and the course's classic levels when ../shared is beside the
# repo) with Fast Downward, validate every plan in the simulator, print a table.
run: $(INSTALLED)
	$(BIN)/helltaker solve --table levels/*.txt $(SHARED_CLASSIC)

# Lint, types and the import layering first (seconds), then the test suite.
# Bytecode written even where PYTHONDONTWRITEBYTECODE is set: each Python process the suite
# starts (test workers, the command line run as a subprocess, Dask's workers) would otherwise
# compile the project's modules again (up to 0.4 s a process) and pytest rewrite the asserts
# of every test module again (.ci/run on clean clones: 15 to 17 min of user CPU without, 10 to 14 with).
test: check browser
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

# The fast loop while working: every test that starts no external planner.
fast: $(INSTALLED)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -m "not planner"

# The replay page is tested in a real headless browser (tests/render/test_html.py): Debian's
# chromium and its driver, installed when missing and this user may (root, apt-get); otherwise
# say why those tests will be skipped (pytest lists the skips and their reason at the end).
browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing Debian's chromium and chromium-driver for the browser tests"; \
	    { DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver \
	      >/dev/null; } || echo "make: could not install them: the browser tests will be skipped"; \
	else \
	    echo "make: no /usr/bin/chromium and /usr/bin/chromedriver, and not root to install"; \
	    echo "      them (apt-get install chromium chromium-driver): the browser tests will be skipped"; \
	fi

check: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict strips_model translator/compare
	$(BIN)/mypy translator
	$(BIN)/lint-imports

# Regenerate pddl/: the shared domain and one problem per level in levels/.
pddl: $(INSTALLED)
	$(BIN)/helltaker pddl levels/*.txt -o pddl

# The repair benchmark (docs/checking-a-model.md, "Suggesting a fix"): mutants of correct models,
# repaired and verified; the table per edit operator into docs/repair-bench.md.
repair-bench: $(INSTALLED)
	$(BIN)/helltaker bench --repair --mutants 40 --doubles 8 --out docs

# Regenerate docs/plan-counts.md (distinct plans per classic level, next to seed 003's table).
plan-counts: $(INSTALLED)
	$(BIN)/helltaker bench --plan-counts --out docs

# Regenerate docs/bench.{md,json} and the performance block of docs/performance.md (phases and targets).
performance: $(INSTALLED)
	$(BIN)/helltaker bench --planners fd,fd-translate,search --repeat 3 --out docs --readme docs/performance.md

# Regenerate the operators block of docs/performance.md: each classic level's and four scaling
# levels' ground task before and after specialisation to the level (about a minute).
operator-counts: $(INSTALLED)
	$(BIN)/python -m translator.measure.operator_counts --classic $(SHARED)/levels/classic --readme docs/performance.md

# Regenerate docs/scaling.{md,json,png,svg} and the scaling block of docs/performance.md.
scaling: $(INSTALLED)
	$(BIN)/helltaker bench --scaling --sizes 8,12,16,24,32,40,60 --open-sizes 20,40,60,100,150,200,300 --time-limit 60 --out docs --readme docs/performance.md

# Regenerate docs/study/ (every shipped planner on 1,000 generated levels of 12 grades; hours
# on 2 cores). Resumes from docs/study/study-results.jsonl only when a study with the same
# parameters on the same kind of machine wrote it (its first line); move it away otherwise.
study: $(INSTALLED)
	$(BIN)/helltaker study --count 1000 --seed 1 --timeout 10 --memory-limit 2G --jobs 2 -o docs/study

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
