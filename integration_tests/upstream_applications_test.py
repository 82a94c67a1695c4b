"""`keras.applications` models interchange weights with upstream Keras
3.15.1: a `.weights.h5` file written by upstream loads here and gives
upstream's outputs, and the other way round.

Needs a side virtual environment with upstream Keras 3.15.1 on JAX
(`KERAS_UPSTREAM_VENV`, see `upstream_side.py`); skipped otherwise. The
driver `applications_side.py` builds each application with `weights=None`
at the smallest image size it accepts, gives every variable a distinct
seeded value, and records the outputs on fixed images and the model's
structure (layer names, classes and connections, weight paths and
shapes, parameter count, the function's signature), which must be
upstream's exactly.

By default a few small models run (see `FROM_UPSTREAM` and
`TO_UPSTREAM`); set `KERAS_APPLICATIONS_INTERCHANGE=all` to check all 41
applications both ways (slow: the largest models have hundreds of millions
of weights).
"""

import json
import os
import sys

import numpy as np
import pytest
from upstream_side import run_python as _run
from upstream_side import upstream_python as _upstream_python

from keras.src.testing import parity

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "applications_side.py")


def _all_applications():
    sys.path.insert(0, HERE)
    try:
        import applications_side
    finally:
        sys.path.remove(HERE)
    return list(applications_side.APPLICATIONS)


# Small models, fast enough on CPU, whose layers cover much of what the
# builders share: LayerScale and LayerNormalization (ConvNeXt), hard-swish,
# squeeze-excite and Rescaling (MobileNetV3), inverted residuals with a
# width multiplier (MobileNetV2). EfficientNetV2B0 and ResNet50V2 also
# pass (with `KERAS_APPLICATIONS_INTERCHANGE=all`), and take longer.
FROM_UPSTREAM = ["ConvNeXtTiny", "MobileNetV3Small"]
TO_UPSTREAM = ["MobileNetV2"]
if os.environ.get("KERAS_APPLICATIONS_INTERCHANGE") == "all":
    FROM_UPSTREAM = _all_applications()
    TO_UPSTREAM = FROM_UPSTREAM


@pytest.fixture(scope="module")
def upstream_python():
    return _upstream_python()


def _exchange(writer, reader, names, tmp_path_factory):
    written = str(tmp_path_factory.mktemp("written"))
    read = str(tmp_path_factory.mktemp("read"))
    writer_python, writer_is_upstream = writer
    reader_python, reader_is_upstream = reader
    timeout = 600 + 120 * len(names)
    _run(
        writer_python,
        DRIVER,
        "save",
        written,
        *names,
        upstream=writer_is_upstream,
        timeout=timeout,
    )
    _run(
        reader_python,
        DRIVER,
        "load",
        written,
        read,
        *names,
        upstream=reader_is_upstream,
        timeout=timeout,
    )
    return written, read


@pytest.fixture(scope="module")
def from_upstream(upstream_python, tmp_path_factory):
    return _exchange(
        (upstream_python, True),
        (sys.executable, False),
        FROM_UPSTREAM,
        tmp_path_factory,
    )


@pytest.fixture(scope="module")
def to_upstream(upstream_python, tmp_path_factory):
    return _exchange(
        (sys.executable, False),
        (upstream_python, True),
        TO_UPSTREAM,
        tmp_path_factory,
    )


def _load(directory, name):
    outputs = np.load(os.path.join(directory, f"{name}.outputs.npy"))
    with open(os.path.join(directory, f"{name}.structure.json")) as f:
        return outputs, json.load(f)


def _compare(directories, name):
    written, read = directories
    expected, expected_structure = _load(written, name)
    got, got_structure = _load(read, name)
    for key, value in expected_structure.items():
        assert got_structure[key] == value, f"{name}: {key} differs"
    # The same float32 weights and operations, summed in another order:
    # each layer adds round-off of at most `OUTPUT_RTOL` of its outputs'
    # scale (normalization keeps that scale near one), and the layers'
    # independent round-off adds up like the square root of their number.
    bound = parity.OUTPUT_RTOL * np.sqrt(len(expected_structure["layers"]))
    scale = float(np.max(np.abs(expected)))
    np.testing.assert_allclose(
        got, expected, rtol=bound, atol=bound * scale, err_msg=name
    )


@pytest.mark.parity
@pytest.mark.parametrize("name", FROM_UPSTREAM)
def test_upstream_weights_load_here(from_upstream, name):
    _compare(from_upstream, name)


@pytest.mark.parity
@pytest.mark.parametrize("name", TO_UPSTREAM)
def test_weights_written_here_load_upstream(to_upstream, name):
    _compare(to_upstream, name)
