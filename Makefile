# The two commands of the README: `make run` (the referee assistant) and `make test` (every test).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test bench catalogs check-catalogs clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "companion needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/companion $(ARGS)

test: $(STAMP)
	$(PY) -m pytest -n auto -q $(PYTEST_ARGS)

bench: $(STAMP)
	for script in bench/*.py; do $(PY) $$script || exit 1; done

catalogs: $(STAMP)
	$(PY) tools/catalog.py sync

check-catalogs: $(STAMP)
	$(PY) tools/catalog.py check

clean:
	rm -rf $(VENV) exports .pytest_cache
