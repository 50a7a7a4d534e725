#!/bin/sh
# Make .venv with $PYTHON, or say why not. Run on every `make`: a Python older than 3.11 is
# named before any work, and a .venv made by another Python (an older attempt, a Python that
# was upgraded) is rebuilt rather than tripped over.
set -e
PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "sheetsmith needs Python 3.11 or newer; '$PYTHON' was not found." >&2
    echo "Install Python 3.11+ and run: make demo PYTHON=python3.11" >&2
    exit 1
fi
if ! version=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])'); then
    echo "sheetsmith needs Python 3.11 or newer; '$PYTHON' did not run (see above)." >&2
    exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "sheetsmith needs Python 3.11 or newer; $PYTHON is $version." >&2
    echo "Run with a newer one, e.g.: make demo PYTHON=python3.11" >&2
    exit 1
fi
identity=$("$PYTHON" -c 'import os, sys; print(os.path.realpath(sys.executable), sys.version.split()[0])')
if [ -d "$VENV" ] && [ "$(cat "$VENV/.python" 2>/dev/null)" != "$identity" ]; then
    echo "Rebuilding $VENV: it was made by another Python (now $PYTHON $version)." >&2
    rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    echo "$identity" > "$VENV/.python"
fi
