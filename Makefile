# The two commands of the README: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean redis-server

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/ahoy-server $(ARGS)

test: $(STAMP) redis-server
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest $(ARGS)

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/ahoi_engine.py

# The Redis tests (issue 15) start a real redis-server 7.x; installed here when missing and root.
redis-server:
	@if command -v redis-server >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		(apt-get install -y -q redis-server >/dev/null 2>&1 || \
		 (apt-get update -q >/dev/null && apt-get install -y -q redis-server >/dev/null)) && \
		echo "make: installed redis-server for the Redis tests" || \
		echo "make: could not install redis-server: the Redis tests will be skipped"; \
	else echo "make: redis-server is missing (apt-get install redis-server): the Redis tests will be skipped"; fi

clean:
	rm -rf $(VENV) build *.egg-info
