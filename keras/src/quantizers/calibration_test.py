"""GPTQ and AWQ: layers, calibration and files, on any mesh."""

import functools
import os

import numpy as np
import pytest
from absl.testing import parameterized

from keras.src import backend
from keras.src import distribution
from keras.src import layers
from keras.src import models
from keras.src import saving
from keras.src import testing
from keras.src.quantizers.awq import AWQ
from keras.src.quantizers.awq_config import AWQConfig
from keras.src.quantizers.awq_core import stream_activations
from keras.src.quantizers.calibration import find_layers_in_block
from keras.src.quantizers.calibration import get_dataloader
from keras.src.quantizers.calibration import stack_calibration_batch
from keras.src.quantizers.gptq import GPTQ
from keras.src.quantizers.gptq_config import GPTQConfig
from keras.src.quantizers.gptq_core import stream_hessians


def _datasets(group, prefix=""):
    """`(path, dataset)` of every dataset under an HDF5 group."""
    import h5py

    for key, item in group.items():
        if isinstance(item, h5py.Dataset):
            yield prefix + key, item
        else:
            yield from _datasets(item, prefix + key + "/")


def _variables(layer):
    return [
        (v.name, tuple(v.shape), backend.standardize_dtype(v.dtype))
        for v in layer._own_weights()
    ]


class LayersTest(testing.TestCase):
    # Names, shapes and dtypes in weights-file order, as upstream 3.15.1
    # writes them (its loader expects them; its own saver drops the zero
    # points).
    def test_dense_variables(self):
        layer = layers.Dense(6)
        layer.build((None, 8))
        layer.quantize(
            "gptq", config=GPTQConfig(None, None, group_size=4, weight_bits=4)
        )
        self.assertEqual(layer.dtype_policy.name, "gptq/4/4_from_float32")
        self.assertFalse(layer.is_gptq_calibrated)
        # Not calibrated yet: the float kernel computes.
        self.assertEqual(tuple(layer.kernel.shape), (8, 6))
        self.assertEqual(
            _variables(layer),
            [
                ("kernel", (8, 6), "float32"),
                ("bias", (6,), "float32"),
                ("kernel", (3, 8), "uint8"),
                ("kernel_scale", (6, 2), "float32"),
                ("kernel_zero", (6, 2), "uint8"),
                ("g_idx", (8,), "float32"),
            ],
        )
        layer = layers.Dense(6, dtype="awq/4/-1_from_float32")
        layer.build((None, 8))
        self.assertTrue(layer.is_awq_calibrated)
        self.assertEqual(
            _variables(layer),
            [
                ("bias", (6,), "float32"),
                ("kernel", (3, 8), "uint8"),
                ("kernel_scale", (6, 1), "float32"),
                ("kernel_zero", (6, 1), "uint8"),
                ("awq_scales", (8,), "float32"),
                ("g_idx", (8,), "float32"),
            ],
        )

    def test_einsum_dense_matrix_views(self):
        # (hidden, heads, head_dim): rows are the hidden features.
        layer = layers.EinsumDense(
            "btd,dnh->btnh", (5, 2, 3), dtype="gptq/8/-1_from_float32"
        )
        layer.build((None, 5, 7))
        self.assertEqual(
            _variables(layer),
            [
                ("kernel", (6, 7), "uint8"),
                ("kernel_scale", (6, 1), "float32"),
                ("zero_point", (6, 1), "uint8"),
                ("g_idx", (7,), "float32"),
            ],
        )
        # (heads, head_dim, hidden): rows are heads * head_dim.
        layer = layers.EinsumDense(
            "btnh,nhd->btd", (5, 7), dtype="gptq/4/3_from_float32"
        )
        layer.build((None, 5, 2, 3))
        self.assertEqual(
            [v[1] for v in _variables(layer)], [(4, 6), (7, 2), (7, 2), (6,)]
        )

    def test_calibration_flags_name_the_mode(self):
        layer = layers.Dense(6, dtype="gptq/4/-1_from_float32")
        layer.build((None, 8))
        self.assertTrue(layer.is_gptq_calibrated)
        self.assertFalse(layer.is_awq_calibrated)
        layer = layers.Dense(6)
        layer.build((None, 8))
        layer.quantize("awq", config=AWQConfig(None, None, group_size=4))
        self.assertFalse(layer.is_awq_calibrated)
        self.assertFalse(layer.is_gptq_calibrated)

    @parameterized.named_parameters(("gptq", "gptq"), ("awq", "awq"))
    def test_uncalibrated_layer_is_not_saved(self, mode):
        config_class = GPTQConfig if mode == "gptq" else AWQConfig
        for layer, input_shape in (
            (layers.Dense(6), (None, 8)),
            (layers.EinsumDense("ab,bc->ac", 6), (None, 8)),
        ):
            layer.build(input_shape)
            layer.quantize(mode, config=config_class(None, None, group_size=4))
            with self.assertRaisesRegex(ValueError, "never been calibrated"):
                layer.save_own_variables({})
        model = models.Sequential([layers.Input((8,)), layers.Dense(6)])
        model.layers[0].quantize(
            mode, config=config_class(None, None, group_size=4)
        )
        path = os.path.join(self.get_temp_dir(), "model.weights.h5")
        with self.assertRaisesRegex(ValueError, "never been calibrated"):
            model.save_weights(path)

    def test_two_bit_codes_share_bytes(self):
        rows, columns = 16, 10
        layer = layers.Dense(columns, dtype="gptq/2/8_from_float32")
        layer.build((None, rows))
        # Four 2-bit codes a byte along the columns: ceil(10 / 4) = 3.
        self.assertEqual(tuple(layer.quantized_kernel.shape), (3, rows))
        codes = np.random.default_rng(0).integers(0, 4, (columns, rows))
        layer._assign_zero_point_kernel(
            codes,
            np.full((columns, 2), 0.5, "float32"),
            np.full((columns, 2), 1),
            np.arange(rows, dtype="float32") / 8,
            None,
        )
        self.assertAllEqual(layer.kernel, codes)
        x = np.random.default_rng(1).standard_normal((2, rows))
        expected = x @ (0.5 * (codes.T - 1.0)) + np.asarray(layer.bias)
        self.assertAllClose(layer(x), expected, atol=1e-5)

        store = {}
        layer.save_own_variables(store)
        self.assertEqual(store["1"].shape, (3, rows))
        # A file with one code a byte (Keras 3.15) loads packed.
        unpacked = dict(store)
        unpacked["1"] = codes.astype("uint8")
        for saved in (store, unpacked):
            reloaded = layers.Dense(columns, dtype="gptq/2/8_from_float32")
            reloaded.build((None, rows))
            reloaded.load_own_variables(saved)
            self.assertAllEqual(
                reloaded.quantized_kernel, layer.quantized_kernel
            )
            self.assertAllClose(reloaded(x), expected, atol=1e-5)

    def test_two_bit_codes_one_a_byte_load_through_the_model(self):
        # Weights files written with one 2-bit code a byte (as this Keras
        # did before it packed them) load through `model.load_weights`.
        import h5py

        def model():
            return models.Sequential(
                [
                    layers.Input((16,)),
                    layers.Dense(10, dtype="gptq/2/8_from_float32"),
                ]
            )

        source = model()
        codes = np.random.default_rng(0).integers(0, 4, (10, 16))
        source.layers[0]._assign_zero_point_kernel(
            codes,
            np.full((10, 2), 0.5, "float32"),
            np.full((10, 2), 1),
            np.arange(16, dtype="float32") / 8,
            None,
        )
        path = os.path.join(self.get_temp_dir(), "model.weights.h5")
        source.save_weights(path)
        with h5py.File(path, "r+") as f:
            packed = [
                name
                for name, item in _datasets(f)
                if item.shape == (3, 16) and item.dtype == np.uint8
            ]
            self.assertLen(packed, 1)
            del f[packed[0]]
            f[packed[0]] = codes.astype("uint8")
        target = model()
        target.load_weights(path)
        self.assertAllEqual(
            target.layers[0].quantized_kernel, source.layers[0].quantized_kernel
        )
        x = np.random.default_rng(1).standard_normal((2, 16))
        self.assertAllClose(target(x), source(x))

    def test_refusals(self):
        config = GPTQConfig(None, None)
        embedding = layers.Embedding(10, 4)
        embedding.build((None,))
        with self.assertRaisesRegex(NotImplementedError, "gptq"):
            embedding.quantize("gptq", config=config)
        layer = layers.EinsumDense("ab,bcde->acde", (2, 3, 4))
        layer.build((None, 5))
        with self.assertRaisesRegex(ValueError, "only supports 2D or 3D"):
            layer.quantize("awq", config=AWQConfig(None, None))
        layer = layers.Dense(3)
        layer.build((None, 4))
        layer.quantize("gptq", config=config)
        with self.assertRaisesRegex(NotImplementedError, "GPTQ"):
            layer.enable_lora(2)
        with self.assertRaisesRegex(TypeError, "Unsupported layer type"):
            GPTQ(layers.Identity())
        with self.assertRaisesRegex(ValueError, "do not match input"):
            GPTQ(layer).update_hessian_with_batch(np.ones((2, 5)))


SEQUENCE, FEATURES, VOCABULARY, SAMPLES = 8, 16, 50, 6


def _model():
    """An embedding, then two `Dense` and two attention-style
    `EinsumDense` layers (the blocks), then a `Dense` head. Every block's
    kernel is seen as a 16 x 16 matrix, so that the calibration's
    computations compile once for all of them."""
    ids = layers.Input((SEQUENCE,), dtype="int32")
    x = layers.Embedding(VOCABULARY, FEATURES, name="embedding")(ids)
    x = layers.Dense(FEATURES, activation="relu", name="up")(x)
    x = layers.Dense(FEATURES, name="down")(x)
    x = layers.EinsumDense(
        "btd,dnh->btnh", (SEQUENCE, 4, 4), bias_axes="h", name="heads"
    )(x)
    x = layers.EinsumDense("btnh,nhd->btd", (SEQUENCE, FEATURES), name="merge")(
        x
    )
    outputs = layers.Dense(3, name="head")(layers.Flatten()(x))
    return models.Model(ids, outputs)


BLOCKS = ("up", "down", "heads", "merge")


def _config(mode, model):
    rng = np.random.default_rng(0)
    settings = dict(
        dataset=[rng.integers(0, VOCABULARY, SEQUENCE) for _ in range(SAMPLES)],
        tokenizer=lambda text: text,
        num_samples=SAMPLES,
        sequence_length=SEQUENCE,
        group_size=8,
        quantization_layer_structure={
            "pre_block_layers": [model.get_layer("embedding")],
            "sequential_blocks": [model.get_layer(n) for n in BLOCKS],
        },
    )
    if mode == "gptq":
        return GPTQConfig(activation_order=True, **settings)
    # Without the clipping search: its choice among near-equal candidate
    # bounds follows the round-off of the sampled activations, which a
    # sharded forward pass changes (the grid search of the scales stays).
    return AWQConfig(num_grid_points=4, apply_clip=False, **settings)


def _weights(model):
    return {v.path: np.asarray(v) for v in model.weights}


def _ids():
    return np.random.default_rng(1).integers(0, VOCABULARY, (4, SEQUENCE))


def _layout_map(mesh):
    layout_map = distribution.LayoutMap(mesh)
    layout_map["up/kernel"] = (None, "model")
    layout_map["down/kernel"] = ("model", None)
    layout_map["heads/kernel"] = (None, "model", None)
    layout_map["merge/kernel"] = ("model", None, None)
    return layout_map


def _distribution(name):
    devices = distribution.list_devices()
    if name == "data_parallel":
        return distribution.DataParallel(devices=devices)
    mesh = distribution.DeviceMesh((4, 2), ("model", "batch"), devices)
    return distribution.ModelParallel(
        layout_map=_layout_map(mesh), batch_dim_name="batch"
    )


@functools.cache
def _float_weights():
    return _model().get_weights()


def _float_model():
    model = _model()
    model.set_weights(_float_weights())
    return model


def _quantized(mode, distribution_name=None):
    """The model (same float weights every time) quantized with `mode`,
    under `distribution_name` (`None`: no distribution)."""
    if distribution_name is None:
        model = _float_model()
        model.quantize(config=_config(mode, model))
        return model
    with _distribution(distribution_name).scope():
        model = _float_model()
        model.quantize(config=_config(mode, model))
        return model


class StreamingTest(testing.TestCase):
    """Feeding GPTQ/AWQ objects by calling a block by hand."""

    def _block(self):
        block = models.Sequential(
            [
                layers.Dense(4),
                layers.EinsumDense("abc,cd->abd", output_shape=(None, 3)),
            ]
        )
        block.build((None, 5, 6))
        return block

    def test_batched_and_single_samples_give_one_hessian(self):
        block = self._block()
        layers_map = find_layers_in_block(block)
        self.assertEqual(
            list(layers_map), [layer.path for layer in block.layers]
        )
        rng = np.random.default_rng(0)
        samples = [
            rng.standard_normal((1, 5, 6)).astype("float32") for _ in range(4)
        ]

        def hessians(batches):
            objects = {name: GPTQ(layer) for name, layer in layers_map.items()}
            with stream_hessians(layers_map, objects):
                for batch in batches:
                    block(stack_calibration_batch(batch))
            # Outside the context the layers are plain again.
            block(samples[0])
            self.assertEqual(
                [o.num_samples for o in objects.values()], [20, 20]
            )
            return [o.hessian for o in objects.values()]

        one_by_one = hessians([[sample] for sample in samples])
        together = hessians([samples[:3], samples[3:]])
        for single, batched in zip(one_by_one, together):
            self.assertAllClose(single, batched, atol=1e-5)

    def test_stream_activations_of_quantized_layers(self):
        block = self._block()
        config = AWQConfig(None, None, group_size=-1)
        for layer in block.layers:
            layer.quantize("awq", config=config)
        layers_map = find_layers_in_block(block)
        name = block.layers[0].path
        objects = {name: AWQ(block.layers[0], config)}
        with stream_activations(layers_map, objects):
            block(np.ones((2, 5, 6), "float32"))
        self.assertEqual(objects[name].num_samples, 10)
        self.assertAllClose(objects[name].activation_magnitudes, np.ones(6))

    def test_stack_calibration_batch(self):
        windows = [np.ones((1, 4), "int32"), np.zeros((1, 4), "int32")]
        self.assertEqual(
            tuple(stack_calibration_batch(windows).shape), (2, 1, 4)
        )
        hidden = [np.ones((2, 3, 4)), np.ones((1, 3, 4))]
        self.assertEqual(
            tuple(stack_calibration_batch(hidden).shape), (3, 3, 4)
        )
        with self.assertRaisesRegex(ValueError, "at least one sample"):
            stack_calibration_batch([])


class ModelQuantizeTest(testing.TestCase):
    @parameterized.parameters("gptq", "awq")
    def test_blocks_quantized_head_float_files_round_trip(self, mode):
        model = _quantized(mode)
        float_model = _float_model()
        for name in BLOCKS:
            self.assertEqual(model.get_layer(name).quantization_mode, mode)
        self.assertIsNone(model.get_layer("head").quantization_mode)
        expected = model(_ids())
        # Near the float model (4-bit codes in groups of 8 weights: each
        # weight moves by at most half a step, about 1/30 of its group's
        # range), not equal to it.
        reference = np.asarray(float_model(_ids()))
        error = np.abs(np.asarray(expected) - reference).max()
        self.assertGreater(error, 0.0)
        self.assertLess(error, 0.5 * np.abs(reference).max())
        path = os.path.join(self.get_temp_dir(), "model.keras")
        model.save(path)
        reloaded = saving.load_model(path)
        self.assertAllClose(reloaded(_ids()), expected, rtol=1e-6, atol=1e-6)
        path = os.path.join(self.get_temp_dir(), "model.weights.h5")
        model.save_weights(path)
        reloaded.set_weights([np.zeros_like(w) for w in reloaded.get_weights()])
        reloaded.load_weights(path)
        self.assertAllClose(reloaded(_ids()), expected, rtol=1e-6, atol=1e-6)

    def test_filters_and_errors(self):
        model = _model()
        model.quantize(config=_config("gptq", model), filters="^(up|heads)$")
        self.assertEqual(model.get_layer("up").quantization_mode, "gptq")
        self.assertIsNone(model.get_layer("down").quantization_mode)
        self.assertFalse(hasattr(model.get_layer("down"), "quantized_kernel"))
        model = _model()
        with self.assertRaisesRegex(ValueError, "a valid quantization"):
            model.quantize("gptq", config=GPTQConfig(["a"], None))
        config = _config("awq", model)
        config.dataset = None
        with self.assertRaisesRegex(ValueError, "requires a dataset"):
            model.quantize(config=config)
        with self.assertRaisesRegex(ValueError, "must pass a `GPTQConfig`"):
            model.quantize("gptq")

    def test_dataloader_repeats_short_streams_and_wraps_strides(self):
        windows = get_dataloader(
            None, 3, [np.arange(5)], num_samples=4, strategy="linspace"
        )
        self.assertEqual(windows.shape, (4, 1, 3))
        # 5 tokens repeated to 15 (4 windows of 3 need 12); starts 0, 4,
        # 8, 12.
        self.assertAllEqual(
            windows[:, 0], [[0, 1, 2], [4, 0, 1], [3, 4, 0], [2, 3, 4]]
        )
        windows = get_dataloader(
            None, 2, [np.arange(12)], num_samples=3, strategy="strided"
        )
        starts = windows[:, 0, 0]
        self.assertAllEqual((starts[1:] - starts[:-1]) % 11, [3, 3])


@functools.cache
def _expected(mode):
    """Weights and outputs of the model quantized without a
    distribution."""
    model = _quantized(mode)
    return _weights(model), np.asarray(model(_ids()))


@pytest.mark.parity
class MeshCalibrationTest(testing.TestCase):
    """Calibration reads its data through the data path: on any mesh the
    codes equal those computed without a distribution. The Hessians are
    sums over the batch whose order differs between meshes, so a code may
    in principle differ where a value lies within float32 round-off of a
    rounding boundary; these inputs have no such value. With 6 samples,
    `DataParallel` pads the batch to its 8 shards: the padding rows are
    left out of the Hessians."""

    @parameterized.product(
        mode=("gptq", "awq"),
        distribution_name=("data_parallel", "model_parallel"),
    )
    def test_same_codes_and_outputs_as_one_device(
        self, mode, distribution_name
    ):
        expected, expected_outputs = _expected(mode)
        model = _quantized(mode, distribution_name)
        got = _weights(model)
        self.assertEqual(sorted(got), sorted(expected))
        for path, value in expected.items():
            if value.dtype == np.uint8:
                self.assertAllEqual(got[path], value, msg=path)
            else:
                self.assertAllClose(
                    got[path], value, rtol=1e-5, atol=1e-6, msg=path
                )
        with _distribution(distribution_name).scope():
            outputs = model.predict(_ids(), verbose=0)
        self.assertAllClose(outputs, expected_outputs, rtol=1e-5, atol=1e-5)
        if distribution_name == "model_parallel":
            # Codes are [columns (packed), rows]: the float kernel's
            # sharded output axis (`up`, `heads`) or input axis (`down`,
            # `merge`) keeps its mesh axis; so do the scales' columns.
            axes = {
                name: model.get_layer(name).quantized_kernel._layout.axes
                for name in BLOCKS
            }
            self.assertEqual(
                axes,
                {
                    "up": ("model", None),
                    "down": (None, "model"),
                    "heads": ("model", None),
                    "merge": (None, "model"),
                },
            )
            scale = model.get_layer("up").kernel_scale._layout.axes
            self.assertEqual(scale, ("model", None))
