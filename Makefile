# The two commands of the README: `make run` (the referee assistant) and `make test` (every test but the
# ones marked slow, about 4 minutes on two cores; it prints its wall time). `make test-slow` runs the
# slow ones; .ci/run runs both. JOBS=4 (or any number) overrides the one test process per core.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

JOBS   ?= auto
PYTEST := $(PY) -m pytest -n $(JOBS) --dist worksteal -q

.PHONY: run test test-slow lint bench catalogs check-catalogs clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "companion needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/companion $(ARGS)

# Each prints the command, runs it, then its wall time; the exit status is pytest's (for test-slow, none
# selected is no failure).
test: $(STAMP)
	@echo "$(PYTEST) -m 'not slow' $(PYTEST_ARGS)"; start=$$(date +%s); \
	$(PYTEST) -m 'not slow' $(PYTEST_ARGS); status=$$?; t=$$(( $$(date +%s) - start )); \
	printf 'make test: %d:%02d wall (%d s)\n' $$((t / 60)) $$((t % 60)) $$t; exit $$status

test-slow: $(STAMP)
	@echo "$(PYTEST) -m slow $(PYTEST_ARGS)"; start=$$(date +%s); \
	$(PYTEST) -m slow $(PYTEST_ARGS); status=$$?; [ $$status -ne 5 ] || status=0; t=$$(( $$(date +%s) - start )); \
	printf 'make test-slow: %d:%02d wall (%d s)\n' $$((t / 60)) $$((t % 60)) $$t; exit $$status

lint: $(STAMP)
	$(VENV)/bin/ruff check companion tests tools bench
	$(VENV)/bin/mypy

# Every bench runs (each prints its figures, goal and verdict); the target fails if any missed.
# bench/ptyterm.py is the pseudo-terminal harness the TUI benches share, not a bench.
bench: $(STAMP)
	@uptime; failed=""; for script in bench/*.py; do \
	  [ "$$script" = bench/ptyterm.py ] && continue; \
	  echo "== $$script"; $(PY) $$script || failed="$$failed $$script"; done; \
	uptime; if [ -n "$$failed" ]; then echo "missed:$$failed"; exit 1; fi; echo "every bench met its goals"

catalogs: $(STAMP)
	$(PY) tools/catalog.py sync

check-catalogs: $(STAMP)
	$(PY) tools/catalog.py check

clean:
	rm -rf $(VENV) exports .pytest_cache
