# Every target sets up what it needs; `make test` and `make run` work on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# What the web app alone needs (`make run`): the package and its own dependencies.
WEB_STAMP := $(VENV)/.installed-web
NODE_STAMP := node_modules/.installed

.PHONY: install run test lint types unit bench clean

install: $(STAMP) $(NODE_STAMP)

# What the tests need from Debian: PostgreSQL for the server's database tests (a throwaway
# cluster of their own), chromium for the browser tests, node and npm for the type check.
DEBIAN_PACKAGES := $(strip \
	$(if $(wildcard /usr/lib/postgresql/*/bin/initdb),,postgresql) \
	$(if $(wildcard /usr/bin/chromium),,chromium) \
	$(if $(shell command -v npm),,nodejs npm))

$(STAMP): pyproject.toml
	@if [ -n "$(DEBIAN_PACKAGES)" ]; then \
		apt-get install -y $(DEBIAN_PACKAGES) || { apt-get update && apt-get install -y $(DEBIAN_PACKAGES); }; \
	fi
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# torch 2.13.0 first, so that its CPU build is the one taken: a newer torch pulls CUDA (GBs).
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[dev,rl,train,ray,bench]'
	touch $(STAMP)

$(WEB_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(WEB_STAMP)

# TypeScript checks the client's JSDoc types (tests/client/test_typecheck.py).
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# Only what the web app needs: no browser, no research or training libraries.
run: $(WEB_STAMP)
	$(BIN)/tablelands serve

lint: install
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

types: install
	$(BIN)/mypy

unit: install
	$(BIN)/pytest -q -n 2 --dist worksteal --durations=15

test: lint types unit

bench: install
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
