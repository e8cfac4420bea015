# The two commands of the README: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every dependency, direct and transitive (test tools and build backend too),
# pinned with hashes; `make lock` writes it again from pyproject.toml.
LOCK := requirements.lock.txt
PIP_TOOLS := pip-tools==7.7.0

.PHONY: run test bench clean redis-server lock

$(STAMP): pyproject.toml $(LOCK)
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	$(BIN)/pip check
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

# Refresh the lock after changing a dependency in pyproject.toml (needs PyPI).
lock:
	$(PY) -m venv .venv-lock
	.venv-lock/bin/pip install --quiet $(PIP_TOOLS)
	.venv-lock/bin/pip-compile --quiet --upgrade --generate-hashes --allow-unsafe --all-build-deps \
		--extra test --strip-extras --no-emit-index-url --no-emit-find-links -o $(LOCK) pyproject.toml
	rm -rf .venv-lock

clean:
	rm -rf $(VENV) build *.egg-info
