# Every target sets up what it needs; `make test` and `make run` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint types unit bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@# The server's tests start a PostgreSQL cluster of their own: they need its binaries.
	@if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		apt-get install -y postgresql || { apt-get update && apt-get install -y postgresql; }; \
	fi
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: install
	$(BIN)/tablelands serve

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

types: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest -q -n 2 --dist worksteal

test: lint types unit

bench: install
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
