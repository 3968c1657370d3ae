# The two entry points of the README: `make demo` and `make test`.
# Each creates and fills the virtual environment it needs (.venv) on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint bench compiled clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[demo,embeddings,dev,postgres,ocr]'
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

# Optional: dan's hot modules compiled with mypyc, beside their sources (undo: make clean).
compiled: $(STAMP)
	$(PY) scripts/compile.py

clean:
	-test -x $(PY) && $(PY) scripts/compile.py --clean
	rm -rf $(VENV) .pytest_cache build dist *.egg-info
