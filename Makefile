# The two commands of the README: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/ahoy-server $(ARGS)

test: $(STAMP)
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest $(ARGS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/ahoi_engine.py

clean:
	rm -rf $(VENV) build *.egg-info
