#!/bin/bash
# Creates a side virtual environment holding upstream Keras 3.15.1 on JAX,
# for integration_tests/upstream_interchange_test.py:
#   bash shell/upstream_venv.sh [DIR]          (default: /tmp/keras-upstream)
#   KERAS_UPSTREAM_VENV=DIR python -m pytest integration_tests/upstream_interchange_test.py
# The upstream wheel is taken from ~/.cache/keras-conformance/3.15.1/ when it
# is there, else from the package index.
set -euo pipefail
DIR="${1:-/tmp/keras-upstream}"
VERSION=3.15.1
WHEEL="$HOME/.cache/keras-conformance/$VERSION/keras-$VERSION-py3-none-any.whl"
python3 -m venv "$DIR"
"$DIR/bin/pip" install -q jax jaxlib numpy h5py ml-dtypes namex rich optree \
    absl-py packaging orbax-checkpoint==0.12.8
if [ -f "$WHEEL" ]; then
    "$DIR/bin/pip" install -q --no-deps "$WHEEL"
else
    "$DIR/bin/pip" install -q --no-deps "keras==$VERSION"
fi
# Run from / so that no keras checkout in the current folder shadows it.
(cd / && KERAS_BACKEND=jax "$DIR/bin/python" -c "import keras; assert keras.__version__ == '$VERSION', keras.__version__; print('upstream keras', keras.__version__, 'in $DIR')")
