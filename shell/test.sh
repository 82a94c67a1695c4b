#!/bin/bash
# Fresh machine -> full test suite: creates .venv, installs, checks that
# `keras` is this repository (not the upstream wheel tensorflow-cpu pulls in),
# then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
pip install -q -r requirements.txt
# Installing this repo replaces the upstream `keras` that tensorflow-cpu pulls.
pip install -q --no-deps -e .
python -c "import keras, os, sys; here = os.path.abspath('keras'); \
assert os.path.dirname(os.path.abspath(keras.__file__)) == here, \
f'keras imported from {keras.__file__}, expected {here}'; \
print('keras', keras.__version__, 'from', keras.__file__)"
python -m pytest -q "$@"
