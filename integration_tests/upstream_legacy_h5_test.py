"""Legacy `.h5` model files exchanged with upstream Keras 3.15.1.

Upstream writes the model and training configs of a `.h5` file in the
Keras 2 format (no `"module"`, an `"optimizer_config"`); this package
writes the current format. Each side saves compiled models (a `Sequential`
and a functional model with a nested `Sequential`) and the other loads
them: outputs must be equal, and the loaded model compiled with the saved
optimizer. Needs `KERAS_UPSTREAM_VENV` (see `upstream_side.py`).
"""

import os
import sys

import numpy as np
import pytest
from upstream_side import run_python
from upstream_side import upstream_python

SCRIPT = r"""
import os, sys
import numpy as np
import keras

mode, directory = sys.argv[1], sys.argv[2]
x = np.linspace(-1.0, 1.0, 15, dtype="float32").reshape(5, 3)


def sequential():
    return keras.Sequential(
        [keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
         keras.layers.Dense(2)]
    )


def functional():
    inputs = keras.Input((3,))
    inner = keras.Sequential([keras.layers.Dense(4, activation="tanh")])
    outputs = keras.layers.Dense(2)(inner(inputs))
    return keras.Model(inputs, outputs)


for name, build in (("sequential", sequential), ("functional", functional)):
    path = os.path.join(directory, name + ".h5")
    if mode == "save":
        keras.utils.set_random_seed(1)
        model = build()
        model.compile(
            optimizer=keras.optimizers.Adam(learning_rate=0.125),
            loss=keras.losses.MeanSquaredError(),
        )
        model.save(path)
        np.save(path + ".npy", model.predict(x, verbose=0))
    else:
        model = keras.models.load_model(path)
        # The other framework's program: float32 round-off, bounded as in
        # `keras.src.testing.parity.assert_outputs_close`.
        expected = np.load(path + ".npy")
        np.testing.assert_allclose(
            model.predict(x, verbose=0),
            expected,
            rtol=1e-5,
            atol=1e-5 * np.abs(expected).max(),
        )
        assert model.compiled, name
        assert isinstance(model.optimizer, keras.optimizers.Adam), name
        np.testing.assert_allclose(
            float(model.optimizer.learning_rate), 0.125
        )
        print("loaded", name)
"""


@pytest.fixture(scope="module")
def upstream():
    return upstream_python()


@pytest.mark.parity
@pytest.mark.parametrize(
    "writer,reader", [("upstream", "ours"), ("ours", "upstream")]
)
def test_legacy_h5_files_exchange(upstream, tmp_path, writer, reader):
    script = tmp_path / "script.py"
    script.write_text(SCRIPT)
    python = {"upstream": upstream, "ours": sys.executable}
    run_python(
        python[writer],
        str(script),
        "save",
        str(tmp_path),
        upstream=writer == "upstream",
    )
    out = run_python(
        python[reader],
        str(script),
        "load",
        str(tmp_path),
        upstream=reader == "upstream",
    )
    assert out.split() == ["loaded", "sequential", "loaded", "functional"]
    assert os.path.exists(tmp_path / "sequential.h5")
    assert np.load(tmp_path / "functional.h5.npy").shape == (5, 2)
