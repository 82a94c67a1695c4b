"""GPTQ and AWQ calibration with several processes.

Two real JAX processes with 4 CPU devices each (gloo collectives) quantize
the same model under `DataParallel` and under a `(4, 2)`
`("model", "batch")` `ModelParallel` whose mesh spans both processes; the
calibration batches go through the data path (each process puts its rows
of every batch on its devices). Every process must end with the codes,
scales and zero points that one process computes without a distribution.
"""

import numpy as np
import pytest

from integration_tests.multi_process_utils import run_multi_process

pytestmark = pytest.mark.multi_process

MODEL_CODE = """
import numpy as np

import keras
from keras import layers

SEQUENCE, FEATURES, VOCABULARY, SAMPLES = 8, 16, 50, 6


def make_model():
    keras.utils.set_random_seed(2)
    ids = layers.Input((SEQUENCE,), dtype="int32")
    x = layers.Embedding(VOCABULARY, FEATURES, name="embedding")(ids)
    x = layers.Dense(FEATURES, activation="relu", name="up")(x)
    x = layers.EinsumDense(
        "btd,dnh->btnh", (SEQUENCE, 4, 4), bias_axes="h", name="heads"
    )(x)
    outputs = layers.EinsumDense(
        "btnh,nhd->btd", (SEQUENCE, FEATURES), name="merge"
    )(x)
    return keras.Model(ids, outputs)


def quantize(model, mode):
    rng = np.random.default_rng(0)
    settings = dict(
        dataset=[rng.integers(0, VOCABULARY, SEQUENCE) for _ in range(SAMPLES)],
        tokenizer=lambda text: text,
        num_samples=SAMPLES,
        sequence_length=SEQUENCE,
        group_size=8,
        quantization_layer_structure={
            "pre_block_layers": [model.get_layer("embedding")],
            "sequential_blocks": [
                model.get_layer(n) for n in ("up", "heads", "merge")
            ],
        },
    )
    if mode == "gptq":
        config = keras.quantizers.GPTQConfig(activation_order=True, **settings)
    else:
        config = keras.quantizers.AWQConfig(num_grid_points=4, **settings)
    model.quantize(config=config)
"""

WORKER = (
    MODEL_CODE
    + """
from jax.experimental import multihost_utils


def distribution(name):
    if name == "data_parallel":
        return keras.distribution.DataParallel()
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map["up/kernel"] = (None, "model")
    layout_map["heads/kernel"] = (None, "model", None)
    layout_map["merge/kernel"] = ("model", None, None)
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )


results = {}
for mode in ("gptq", "awq"):
    for name in ("data_parallel", "model_parallel"):
        with distribution(name).scope():
            model = make_model()
            quantize(model, mode)
        results[f"{mode}/{name}"] = {
            v.path: np.asarray(
                multihost_utils.process_allgather(v.value, tiled=True)
            ).tolist()
            for v in model.weights
        }
emit(results)
"""
)


def _expected(mode):
    namespace = {}
    exec(MODEL_CODE, namespace)
    model = namespace["make_model"]()
    namespace["quantize"](model, mode)
    return {v.path: np.asarray(v) for v in model.weights}


@pytest.mark.parity
def test_two_processes_give_the_codes_of_one():
    results = run_multi_process(
        WORKER, num_processes=2, devices_per_process=4, timeout=900
    )
    for mode in ("gptq", "awq"):
        expected = _expected(mode)
        for name in ("data_parallel", "model_parallel"):
            for process, result in enumerate(results):
                got = result[f"{mode}/{name}"]
                assert sorted(got) == sorted(expected)
                for path, value in expected.items():
                    where = f"{mode} {name} process {process}: {path}"
                    if value.dtype == np.uint8:
                        np.testing.assert_array_equal(
                            got[path], value, err_msg=where
                        )
                    else:
                        # Sums over the batch in another order: float32
                        # round-off.
                        np.testing.assert_allclose(
                            got[path],
                            value,
                            rtol=1e-5,
                            atol=1e-6,
                            err_msg=where,
                        )
