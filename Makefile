# The two entry points of the README: `make demo` and `make test`.
# Each creates and fills the virtual environment it needs (.venv) on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench compiled clean

# The editable install compiles dan's hot modules in place (mypyc and Cython, from the build
# requirements) when a C compiler is present, and is pure Python when not or with DAN_PURE=1
# (docs/compiled.md); the last line says which.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[demo,embeddings,dev,postgres,ocr]'
	@$(PY) scripts/compile.py --status
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m demo

test: lint
	$(PY) -m pytest -q

lint: $(STAMP)
	$(PY) -m ruff check --quiet dan ven demo benchmarks tests scripts
	$(PY) -m ruff format --check --quiet dan ven
	$(PY) -m mypy --strict dan ven
	$(PY) -m mypy demo

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

# dan's hot modules compiled again in place, after their sources changed (the install did it
# once; undo: make clean, or scripts/compile.py --clean).
compiled: $(STAMP)
	$(PY) scripts/compile.py

clean:
	-test -x $(PY) && $(PY) scripts/compile.py --clean
	rm -rf $(VENV) .pytest_cache build dist *.egg-info
