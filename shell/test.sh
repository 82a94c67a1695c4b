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
# keras-hub, Keras' largest client, for integration_tests/keras_hub_mesh_test.py
# (skipped without it), from its source beside this checkout when present.
# --no-deps: its tensorflow-text requirement would install a second
# TensorFlow (2.20) over tensorflow-cpu; what keras-hub imports is in
# requirements.txt. --no-build-isolation: built with the setuptools of
# requirements.txt, no download. The check below shows `keras` is still
# this repository.
KERAS_HUB_SRC=../shared/keras-hub/keras-hub-src.tar.gz
if [ -f "$KERAS_HUB_SRC" ]; then
  pip install -q --no-deps --no-build-isolation "$KERAS_HUB_SRC"
fi
python -c "import keras, os, sys; here = os.path.abspath('keras'); \
assert os.path.dirname(os.path.abspath(keras.__file__)) == here, \
f'keras imported from {keras.__file__}, expected {here}'; \
print('keras', keras.__version__, 'from', keras.__file__)"
python -m pytest -q "$@"
