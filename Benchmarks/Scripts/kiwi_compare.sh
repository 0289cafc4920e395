#!/usr/bin/env bash
# Installs kiwisolver into a private virtual environment (under Benchmarks/.build, ignored by git) and runs
# kiwi_compare.py: kiwi's numbers for the workloads of `swift package benchmark --target Solver`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../.build/kiwi-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check kiwisolver
exec "$venv/bin/python" "$here/kiwi_compare.py" "$@"
