"""int4 and float8 layers, LoRA on a quantized base, weights-file order
and the layouts of quantized variables under a distribution."""

import os

import h5py
import numpy as np
import pytest

from keras.src import backend
from keras.src import distribution
from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src import quantizers
from keras.src import saving
from keras.src import testing
from keras.src.quantizers.quantization_config import Int4QuantizationConfig
from keras.src.testing import parity
from keras.src.testing.test_utils import model_batch_layout_map


def _variables(layer):
    return [
        (v.name, tuple(v.shape), backend.standardize_dtype(v.dtype))
        for v in layer._own_weights()
    ]


class Int4LayersTest(testing.TestCase):
    # Names, shapes and dtypes in weights-file order, as upstream 3.15.1
    # writes them (observed with its `save_weights`).
    def test_dense_grouped_and_per_channel(self):
        layer = layers.Dense(6)
        layer.build((None, 5))
        layer.quantize("int4", config=Int4QuantizationConfig(block_size=2))
        self.assertEqual(layer.dtype_policy.name, "int4/2_from_float32")
        self.assertEqual(
            _variables(layer),
            [
                ("kernel", (5, 3), "int8"),
                ("bias", (6,), "float32"),
                ("kernel_scale", (3, 6), "float32"),
                ("kernel_zero", (3, 6), "int8"),
                ("g_idx", (5,), "float32"),
            ],
        )
        self.assertAllClose(layer.g_idx, [0, 0, 1, 1, 2])
        layer = layers.Dense(6)
        layer.build((None, 5))
        layer.quantize("int4", config=Int4QuantizationConfig(block_size=-1))
        self.assertEqual(layer.dtype_policy.name, "int4/-1_from_float32")
        self.assertEqual(
            _variables(layer),
            [
                ("kernel", (5, 3), "int8"),
                ("bias", (6,), "float32"),
                ("kernel_scale", (6,), "float32"),
            ],
        )

    def test_einsum_dense_matrix_view(self):
        layer = layers.EinsumDense("abc,bcd->ad", (4,))
        layer.build((None, 3, 5))
        layer.quantize("int4", config=Int4QuantizationConfig(block_size=4))
        self.assertEqual(
            _variables(layer),
            [
                ("kernel", (15, 2), "int8"),
                ("kernel_scale", (4, 4), "float32"),
                ("kernel_zero", (4, 4), "int8"),
                ("g_idx", (15,), "float32"),
            ],
        )
        self.assertEqual(layer.original_kernel_shape, (3, 5, 4))

    def test_reversible_embedding_untied(self):
        layer = layers.ReversibleEmbedding(7, 6, tie_weights=False)
        layer.build()
        layer.quantize("int4", config=Int4QuantizationConfig(block_size=4))
        self.assertEqual(
            _variables(layer),
            [
                ("embeddings", (7, 3), "int8"),
                ("embeddings_scale", (7, 2), "float32"),
                ("embeddings_zero", (7, 2), "int8"),
                ("g_idx", (6,), "float32"),
                ("reverse_embeddings", (3, 7), "int8"),
                ("reverse_embeddings_scale", (2, 7), "float32"),
                ("reverse_embeddings_zero", (2, 7), "float32"),
            ],
        )

    @pytest.mark.parity
    def test_outputs_close_to_float(self):
        # A group of a few features spans a small range: the int4 step
        # (range / 15) bounds the rounding error of each weight.
        x = np.random.default_rng(0).normal(size=(4, 32)).astype("float32")
        for block_size in (8, None):
            layer = layers.Dense(16, use_bias=False)
            layer.build((None, 32))
            kernel = ops.convert_to_numpy(layer._kernel)
            layer.quantize(
                "int4", config=Int4QuantizationConfig(block_size=block_size)
            )
            dequantized = ops.convert_to_numpy(
                layer._dequantized_base("float32")
            )
            step = (kernel.max() - kernel.min()) / 15
            self.assertLessEqual(np.abs(dequantized - kernel).max(), step)
            # The int4 matmul and the float one with the dequantized
            # kernel differ by the round-off of their sums.
            parity.assert_outputs_close(layer(x), x @ dequantized)


class Float8LayersTest(testing.TestCase):
    def test_training_updates_scaling_state(self):
        model = models.Sequential([layers.Input((8,)), layers.Dense(4)])
        model.quantize("float8")
        dense = model.layers[0]
        self.assertEqual(
            [v.name for v in dense._own_weights()][2:],
            [
                "inputs_scale",
                "inputs_amax_history",
                "kernel_scale",
                "kernel_amax_history",
                "outputs_grad_scale",
                "outputs_grad_amax_history",
            ],
        )
        x = np.random.default_rng(1).normal(size=(16, 8)).astype("float32")
        y = np.random.default_rng(2).normal(size=(16, 4)).astype("float32")
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y, batch_size=16, epochs=2, verbose=0)
        # Each step records max |x| first in the (rolled) history.
        history = ops.convert_to_numpy(dense.inputs_amax_history)
        self.assertAllClose(history[0], np.abs(x).max())
        self.assertAllClose(history[-1], np.abs(x).max())
        # The second step's scale came from the first step's history.
        self.assertAllClose(dense.inputs_scale, np.abs(x).max() / 448.0)
        path = os.path.join(self.get_temp_dir(), "float8.keras")
        model.save(path)
        self.assertAllClose(
            saving.load_model(path).predict(x, verbose=0),
            model.predict(x, verbose=0),
        )

    def test_revived_model_lists_the_variables_of_the_quantized_one(self):
        # `get_weights()` of a model quantized in place fits
        # `set_weights()` of the model revived from its config.
        x = np.random.default_rng(3).normal(size=(2, 8)).astype("float32")
        model = models.Sequential(
            [
                layers.Input((8,)),
                layers.Dense(4, name="dense"),
                layers.EinsumDense(
                    "ab,bc->ac", (3,), bias_axes="c", name="einsum"
                ),
            ]
        )
        model.quantize("float8")
        revived = models.Sequential.from_config(model.get_config())
        for quantized, rebuilt in zip(model.layers, revived.layers):
            self.assertEqual(
                [v.name for v in rebuilt.weights],
                [v.name for v in quantized.weights],
            )
        revived.set_weights(model.get_weights())
        self.assertAllClose(revived(x), model(x))


class LoraOnQuantizedTest(testing.TestCase):
    def _model(self, mode):
        model = models.Sequential([layers.Input((8,)), layers.Dense(4)])
        model.quantize(mode, config=Int4QuantizationConfig(block_size=4))
        return model

    def test_trains_only_factors_and_saves_merged_kernel(self):
        model = self._model("int4")
        dense = model.layers[0]
        dense.enable_lora(2)
        self.assertEqual(
            [v.name for v in dense.trainable_weights],
            ["bias", "lora_kernel_a", "lora_kernel_b"],
        )
        kernel = ops.convert_to_numpy(dense._kernel)
        x = np.random.default_rng(3).normal(size=(16, 8)).astype("float32")
        y = np.random.default_rng(4).normal(size=(16, 4)).astype("float32")
        model.compile(optimizer="sgd", loss="mse")
        model.fit(x, y, batch_size=16, epochs=2, verbose=0)
        self.assertAllEqual(dense._kernel, kernel)
        self.assertGreater(np.abs(dense.lora_kernel_b.numpy()).max(), 0)
        # The weights file holds the merged kernel, quantized again, and
        # no factors: it loads into the quantized layer without LoRA.
        path = os.path.join(self.get_temp_dir(), "lora.weights.h5")
        model.save_weights(path)
        with h5py.File(path) as f:
            self.assertEqual(len(f["layers/dense/vars"]), 5)
        plain = self._model("int4")
        plain.load_weights(path)
        merged = ops.convert_to_numpy(
            plain.layers[0]._dequantized_base("float32")
        )
        effective = ops.convert_to_numpy(dense._lora_effective_weight())
        step = (effective.max() - effective.min()) / 15
        self.assertLessEqual(np.abs(merged - effective).max(), step)
        # `merge_lora` quantizes the merged kernel the same way.
        dense.merge_lora()
        self.assertFalse(dense.lora_enabled)
        self.assertAllEqual(dense._kernel, plain.layers[0]._kernel)
        self.assertEqual([v.name for v in dense.trainable_weights], ["bias"])


@pytest.mark.parity
class QuantizedLayoutTest(testing.TestCase):
    def test_quantized_variables_follow_float_layout(self):
        layout_map = model_batch_layout_map(
            {
                "d1/kernel": (None, "model"),
                "heads/kernel": (None, "model", None),
            }
        )

        def build():
            inputs = layers.Input((16,))
            x = layers.Dense(32, name="d1")(inputs)
            x = layers.Reshape((1, 32))(x)
            x = layers.EinsumDense("btd,dnh->btnh", (1, 4, 8), name="heads")(x)
            return models.Model(inputs, x)

        x = np.random.default_rng(5).normal(size=(8, 16)).astype("float32")
        reference = build()
        weights = reference.get_weights()
        for mode, config in (
            ("int8", None),
            ("int4", Int4QuantizationConfig(block_size=8)),
        ):
            single = build()
            single.set_weights(weights)
            single.quantize(mode, config=config)
            expected = single.predict(x, verbose=0)
            previous = distribution.distribution()
            distribution.set_distribution(
                distribution.ModelParallel(
                    layout_map=layout_map, batch_dim_name="batch"
                )
            )
            try:
                model = build()
                model.set_weights(weights)
                model.quantize(mode, config=config)
                specs = {
                    v.path: tuple(v.value.sharding.spec) for v in model.weights
                }
                got = model.predict(x, verbose=0)
            finally:
                distribution.set_distribution(previous)
            self.assertEqual(specs["d1/kernel"], (None, "model"))
            if mode == "int8":
                self.assertEqual(specs["d1/kernel_scale"], ("model",))
                self.assertEqual(specs["heads/kernel"], (None, "model", None))
                self.assertEqual(
                    specs["heads/kernel_scale"], (None, None, "model", None)
                )
            else:
                self.assertEqual(specs["d1/kernel_scale"], (None, "model"))
                self.assertEqual(specs["d1/kernel_zero"], (None, "model"))
                # The (16, 32) matrix view: columns are (heads, head_dim).
                self.assertEqual(specs["heads/kernel"], (None, "model"))
                self.assertEqual(specs["heads/kernel_scale"], (None, "model"))
            # Same stored integers: only float32 summation order differs.
            parity.assert_outputs_close(got, expected)

    def test_lora_factors_follow_float_layout(self):
        # The packed int4 kernel (16, 2) cannot split its 2 columns over
        # the 4 devices of "model", the float kernel's 4 units can: the
        # LoRA factors follow the float kernel.
        layout_map = model_batch_layout_map({"d1/kernel": ("batch", "model")})
        dist = distribution.ModelParallel(
            layout_map=layout_map, batch_dim_name="batch"
        )
        with dist.scope():
            model = models.Sequential(
                [layers.Input((16,)), layers.Dense(4, name="d1")]
            )
            model.quantize("int4", config=Int4QuantizationConfig(block_size=-1))
            dense = model.layers[0]
            self.assertEqual(
                tuple(dense._kernel.value.sharding.spec), ("batch", None)
            )
            dense.enable_lora(2)
        self.assertEqual(
            tuple(dense.lora_kernel_a.value.sharding.spec), ("batch", None)
        )
        self.assertEqual(
            tuple(dense.lora_kernel_b.value.sharding.spec), (None, "model")
        )


class QuantizerHelpersTest(testing.TestCase):
    def test_grouped_quantize_round_trip(self):
        w = np.random.default_rng(6).normal(size=(10, 3)).astype("float32")
        q, scale, zero = quantizers.abs_max_quantize_grouped_with_zero_point(
            w, block_size=4
        )
        self.assertEqual(tuple(scale.shape), (3, 3))
        groups = np.arange(10) // 4
        restored = (
            ops.convert_to_numpy(q).astype("float32")
            - ops.convert_to_numpy(zero)[groups]
        ) * ops.convert_to_numpy(scale)[groups]
        # Each group's range includes 0, so every value is within half a
        # step of its level.
        step = ops.convert_to_numpy(scale)[groups]
        self.assertTrue(np.all(np.abs(restored - w) <= step / 2 + 1e-6))
