import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src import quantizers
from keras.src import saving
from keras.src import testing
from keras.src.quantizers.quantization_config import Int4QuantizationConfig
from keras.src.quantizers.quantization_config import Int8QuantizationConfig
from keras.src.quantizers.quantization_config import validate_and_resolve_config
from keras.src.testing import parity


class QuantizerFunctionsTest(testing.TestCase):
    @pytest.mark.parity
    def test_abs_max_quantize_round_trip(self):
        x = np.random.uniform(-2, 2, (4, 6)).astype("float32")
        q, scale = quantizers.abs_max_quantize(x, axis=-1)
        self.assertEqual(str(q.dtype), "int8")
        self.assertEqual(tuple(scale.shape), (4, 1))
        self.assertAllClose(ops.divide(q, scale), x, atol=2e-2)
        # The NumPy path and the XLA one round `x * scale` differently by
        # at most one float32 rounding: where that lies within round-off of
        # a half-integer, the two quantized values differ by one.
        q_np, scale_np = quantizers.abs_max_quantize(x, axis=-1, to_numpy=True)
        self.assertAllClose(q_np, q, atol=1, rtol=0)
        self.assertAllClose(scale_np, scale, rtol=2 * parity.EPS, atol=0)

    def test_abs_max_quantizer_rejects_out_of_range(self):
        with self.assertRaisesRegex(ValueError, "value_range"):
            quantizers.AbsMaxQuantizer(axis=0, value_range=(-300, 300))

    def test_pack_unpack_int4_odd_length(self):
        x = np.random.randint(-8, 8, (5, 3)).astype("int8")
        packed, packed_shape, orig_len = quantizers.pack_int4(x, axis=0)
        self.assertEqual(packed_shape, (3, 3))
        self.assertAllEqual(quantizers.unpack_int4(packed, orig_len), x)

    def test_float8_helpers(self):
        self.assertAllClose(
            quantizers.compute_float8_scale(2.0, 1.0, 448.0), 2.0 / 448.0
        )
        history = quantizers.compute_float8_amax_history(
            np.array([-3.0, 1.0]), np.array([5.0, 6.0, 7.0])
        )
        self.assertAllClose(history, [3.0, 7.0, 5.0])
        x = np.array([0.5, -0.25], "float32")
        self.assertAllClose(
            quantizers.quantize_and_dequantize(
                x, 1.0, "float8_e4m3fn", "float32"
            ),
            x,
        )

    def test_get_and_serialize(self):
        self.assertIsInstance(
            quantizers.get("abs_max_quantizer"), quantizers.AbsMaxQuantizer
        )
        self.assertIsNone(quantizers.get(None))
        with self.assertRaisesRegex(ValueError, "Unknown quantizer"):
            quantizers.get("nope")
        # A quantizer class is instantiated, with `kwargs` by keyword.
        from_class = quantizers.get(
            quantizers.AbsMaxQuantizer, value_range=(-8, 7)
        )
        self.assertIsInstance(from_class, quantizers.AbsMaxQuantizer)
        self.assertEqual(from_class.value_range, (-8, 7))
        self.assertIsNone(from_class.axis)
        quantizer = quantizers.AbsMaxQuantizer(axis=(0, 1))
        restored = quantizers.deserialize(quantizers.serialize(quantizer))
        self.assertEqual(restored.axis, (0, 1))


class QuantizationConfigTest(testing.TestCase):
    def test_resolve(self):
        self.assertIsInstance(
            validate_and_resolve_config("int8", None), Int8QuantizationConfig
        )
        with self.assertRaisesRegex(ValueError, "Contradictory"):
            validate_and_resolve_config("int4", Int8QuantizationConfig())
        with self.assertRaisesRegex(ValueError, "GPTQConfig"):
            validate_and_resolve_config("gptq", None)

    def test_int4_subchannel_rejects_custom_quantizers(self):
        with self.assertRaisesRegex(ValueError, "does not support"):
            Int4QuantizationConfig(
                weight_quantizer=quantizers.AbsMaxQuantizer(
                    axis=0, value_range=(-8, 7)
                )
            )

    def test_config_round_trip(self):
        config = Int8QuantizationConfig(
            weight_quantizer=quantizers.AbsMaxQuantizer(axis=0),
            activation_quantizer=None,
        )
        restored = Int8QuantizationConfig.from_config(config.get_config())
        self.assertEqual(restored.weight_quantizer.axis, (0,))
        self.assertIsNone(restored.activation_quantizer)


class Int8LayersTest(testing.TestCase):
    def _check(self, make_layer, x, input_shape):
        layer = make_layer()
        layer.build(input_shape)
        y_float = layer(x)
        layer.quantize("int8")
        self.assertEqual(layer.dtype_policy.name, "int8_from_float32")
        self.assertLess(float(ops.mean(ops.square(y_float - layer(x)))), 1e-3)
        with self.assertRaisesRegex(ValueError, "already quantized"):
            layer.quantize("int8")

    def test_dense(self):
        x = np.random.random((2, 8)).astype("float32")
        self._check(lambda: layers.Dense(4), x, (None, 8))

    def test_einsum_dense(self):
        x = np.random.random((2, 3, 8)).astype("float32")
        self._check(
            lambda: layers.EinsumDense(
                "abc,cde->abde", (3, 2, 4), bias_axes="e"
            ),
            x,
            (None, 3, 8),
        )

    def test_embedding(self):
        x = np.random.randint(0, 10, (2, 3))
        self._check(lambda: layers.Embedding(10, 4), x, None)

    def test_unimplemented_mode_and_unbuilt_layer(self):
        layer = layers.Dense(2)
        with self.assertRaisesRegex(ValueError, "isn't yet built"):
            layer.quantize("int8")
        table = layers.Embedding(5, 2)
        table.build()
        with self.assertRaisesRegex(NotImplementedError, "'int8', 'int4'"):
            table.quantize("float8")
        self.assertIsNone(table.quantization_mode)
        self.assertEqual([w.dtype for w in table.weights], ["float32"])

    def test_model_quantize_and_save(self):
        model = models.Sequential(
            [layers.Input((5,)), layers.Dense(3), layers.Dense(2)]
        )
        model.quantize("int8")
        path = os.path.join(self.get_temp_dir(), "model.keras")
        model.save(path)
        loaded = saving.load_model(path)
        x = np.random.random((4, 5))
        self.assertAllClose(model.predict(x), loaded.predict(x))
        self.assertEqual(
            [len(layer.weights) for layer in loaded.layers], [3, 3]
        )


class TwoBitAndTernaryPackingTest(testing.TestCase):
    # Expected bytes observed with upstream Keras' main branch.
    def test_pack_int2_layout(self):
        packed, shape, length = quantizers.pack_int2(
            np.array([-2, -1, 0, 1], "int8")
        )
        self.assertAllEqual(packed, [78])  # codes 2 + 3*4 + 0*16 + 1*64
        self.assertEqual(backend.standardize_dtype(packed.dtype), "int8")
        self.assertEqual((shape, length), ((1,), 4))
        packed, shape, length = quantizers.pack_int2(
            np.array([-1, 0, 0, 0, 1], "int8")
        )
        self.assertAllEqual(packed, [3, 1])  # padded with zeros
        self.assertEqual((shape, length), ((2,), 5))
        packed, _, _ = quantizers.pack_int2(
            np.array([0, 1, 2, 3], "uint8"), dtype="uint8"
        )
        self.assertAllEqual(packed, [228])
        self.assertEqual(backend.standardize_dtype(packed.dtype), "uint8")

    def test_pack_int2_along_axis(self):
        arr = (np.arange(12).reshape(3, 4) % 4 - 2).astype("int8")
        packed, shape, length = quantizers.pack_int2(arr, axis=0)
        self.assertAllEqual(packed, [[42, 63, 0, 21]])
        self.assertEqual((shape, length), ((1, 4), 3))
        packed, shape, length = quantizers.pack_int2(arr, axis=-1)
        self.assertAllEqual(packed, [[78], [78], [78]])
        self.assertEqual((shape, length), ((3, 1), 4))

    @parameterized.product(
        shape_axis=[((7,), 0), ((5, 6), 1), ((2, 5, 3), 1), ((4, 9), -1)],
        dtype=["int8", "uint8"],
    )
    def test_int2_round_trip(self, shape_axis, dtype):
        shape, axis = shape_axis
        low, high = (-2, 2) if dtype == "int8" else (0, 4)
        arr = np.random.default_rng(0).integers(low, high, shape).astype(dtype)
        packed, packed_shape, length = quantizers.pack_int2(
            arr, axis=axis, dtype=dtype
        )
        expected_shape = list(shape)
        expected_shape[axis] = -(-shape[axis] // 4)
        self.assertEqual(list(packed_shape), expected_shape)
        unpacked = quantizers.unpack_int2(
            packed, length, axis=axis, dtype=dtype
        )
        self.assertEqual(backend.standardize_dtype(unpacked.dtype), dtype)
        self.assertAllEqual(unpacked, arr)

    def test_int2_errors(self):
        with self.assertRaisesRegex(TypeError, "dtype 'int8', got 'uint8'"):
            quantizers.pack_int2(np.zeros(4, "uint8"))
        with self.assertRaisesRegex(ValueError, "'int8' or 'uint8'"):
            quantizers.pack_int2(np.zeros(4, "int8"), dtype="int16")
        with self.assertRaisesRegex(TypeError, "int8 or uint8"):
            quantizers.unpack_int2(np.zeros(4, "int32"), 4)

    def test_pack_ternary_layout(self):
        packed, shape, length = quantizers.pack_ternary(
            np.array([-1, 0, 1, 1, 0], "int8")
        )
        self.assertAllEqual(packed, [156])  # digits 0 + 3 + 18 + 54 + 81
        self.assertEqual(backend.standardize_dtype(packed.dtype), "uint8")
        self.assertEqual((shape, length), ((1,), 5))
        # Padded with zeros (digit 1); values are rounded and clipped.
        packed, _, _ = quantizers.pack_ternary(
            np.array([0.4, 0.6, -0.5, 0.5, -7.0], "float32")
        )
        self.assertAllEqual(packed, [43])  # digits 1, 2, 1, 1, 0
        packed, shape, length = quantizers.pack_ternary(
            np.array([[1, -1], [0, 1], [-1, -1]], "int8"), axis=0
        )
        self.assertAllEqual(packed, [[113, 114]])
        self.assertEqual((shape, length), ((1, 2), 3))

    def test_unpack_ternary_reads_every_byte(self):
        # 255 is beyond 3**5 - 1: its top digit wraps as upstream's does.
        unpacked = quantizers.unpack_ternary(np.array([255], "uint8"), 5)
        self.assertAllEqual(unpacked, [-1, 0, 0, -1, -1])
        unpacked = quantizers.unpack_ternary(np.array([-28], "int8"), 4)
        self.assertAllEqual(unpacked, [-1, 0, 0, 1])
        self.assertEqual(backend.standardize_dtype(unpacked.dtype), "int8")
        with self.assertRaisesRegex(TypeError, "int8 or uint8"):
            quantizers.unpack_ternary(np.zeros(4, "int32"), 4)

    @parameterized.parameters(((11,), 0), ((25, 4), 0), ((3, 7, 2), -2))
    def test_ternary_round_trip(self, shape, axis):
        arr = np.random.default_rng(1).integers(-1, 2, shape).astype("int8")
        packed, packed_shape, length = quantizers.pack_ternary(arr, axis=axis)
        self.assertEqual(packed_shape[axis], -(-shape[axis] // 5))
        unpacked = quantizers.unpack_ternary(packed, length, axis=axis)
        self.assertAllEqual(unpacked, arr)
