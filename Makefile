# The two commands a new user needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: demo test lint bench clean system-deps venv

# Every run: Python 3.11+ checked first, and a .venv made by another Python rebuilt.
venv:
	@PYTHON="$(PYTHON)" VENV="$(VENV)" sh scripts/venv.sh

# Byte-compile as a wheel install would, even where PYTHONDONTWRITEBYTECODE is set:
# a cold `sheetsmith check` should not pay for compiling its own modules.
$(STAMP): pyproject.toml | venv
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m compileall -q src
	touch $@

$(TSTAMP): pyproject.toml | venv
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q src
	touch $@ $(STAMP)

demo: $(STAMP)
	$(BIN)/sheetsmith render --out out
	$(BIN)/sheetsmith site personal-space --out out/personal-space/site

# Debian packages the tests need; installed when root, otherwise the exact command is printed.
system-deps:
	@sh scripts/system-deps.sh

lint: $(TSTAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

test: $(TSTAMP) system-deps lint
	$(BIN)/python -m pytest

bench: $(TSTAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) out build dist src/*.egg-info .pytest_cache .ruff_cache .hypothesis
