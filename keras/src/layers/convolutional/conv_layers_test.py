"""Our checks of the convolution layers (upstream's own tests run through
`shell/upstream_tests.sh`)."""

import numpy as np
import pytest

import keras
from keras import layers
from keras.src import ops


def test_weight_names_paths_and_shapes():
    model = keras.Sequential(
        [
            keras.Input((8, 8, 4)),
            layers.Conv2D(6, 3, groups=2, name="c"),
            layers.DepthwiseConv2D(3, depth_multiplier=2, name="dw"),
            layers.SeparableConv2D(5, 1, name="sep"),
            layers.Conv2DTranspose(3, 2, strides=2, name="up"),
        ]
    )
    shapes = {v.path: tuple(v.shape) for v in model.weights}
    assert shapes == {
        "sequential/c/kernel": (3, 3, 2, 6),
        "sequential/c/bias": (6,),
        "sequential/dw/kernel": (3, 3, 6, 2),
        "sequential/dw/bias": (12,),
        "sequential/sep/depthwise_kernel": (1, 1, 12, 1),
        "sequential/sep/pointwise_kernel": (1, 1, 12, 5),
        "sequential/sep/bias": (5,),
        "sequential/up/kernel": (2, 2, 3, 5),
        "sequential/up/bias": (3,),
    }
    assert model.output_shape == (None, 8, 8, 3)


def test_causal_conv1d_only_sees_the_past():
    layer = layers.Conv1D(1, 3, padding="causal", use_bias=False)
    x = np.zeros((1, 6, 1), "float32")
    layer(x)
    layer.kernel.assign(np.ones((3, 1, 1)))
    x[0, 3, 0] = 1.0
    y = layer(x)
    np.testing.assert_allclose(y[0, :, 0], [0, 0, 0, 1, 1, 1])


def test_channels_first_matches_channels_last():
    x = np.random.rand(2, 7, 7, 3).astype("float32")
    last = layers.Conv2D(4, 3, strides=2, padding="same")
    first = layers.Conv2D(
        4, 3, strides=2, padding="same", data_format="channels_first"
    )
    y_last = last(x)
    first.build((2, 3, 7, 7))
    first.set_weights(last.get_weights())
    y_first = first(np.transpose(x, (0, 3, 1, 2)))
    np.testing.assert_allclose(
        np.transpose(y_first, (0, 2, 3, 1)), y_last, rtol=1e-5, atol=1e-5
    )


def test_config_round_trip_keeps_behaviour():
    layer = layers.Conv1DTranspose(
        4, 3, strides=2, padding="same", output_padding=1, activation="relu"
    )
    revived = layers.Conv1DTranspose.from_config(layer.get_config())
    assert revived.get_config() == layer.get_config()
    assert revived.compute_output_shape((2, 5, 3)) == (2, 10, 4)


def test_lora_conv_kernel_and_regularizer():
    layer = layers.Conv2D(4, 3, kernel_regularizer="l2")
    layer.build((None, 6, 6, 2))
    layer.enable_lora(2, lora_alpha=4.0)
    assert [w.name for w in layer.trainable_weights] == [
        "bias",
        "lora_kernel_a",
        "lora_kernel_b",
    ]
    layer.lora_kernel_b.assign(np.ones((2, 4)))
    delta = 2.0 * np.matmul(
        np.asarray(layer.lora_kernel_a.value).reshape(-1, 2), np.ones((2, 4))
    ).reshape((3, 3, 2, 4))
    np.testing.assert_allclose(
        ops.convert_to_numpy(layer.kernel),
        np.asarray(layer._kernel.value) + delta,
        rtol=1e-5,
        atol=1e-5,
    )
    # The penalty moves to the trainable factors.
    assert len(layer.losses) == 2
    x = np.random.rand(1, 6, 6, 2).astype("float32")
    before = layer(x)
    layer.merge_lora()
    np.testing.assert_allclose(layer(x), before, rtol=1e-4, atol=1e-5)
    assert len(layer.losses) == 1


def test_invalid_arguments():
    with pytest.raises(ValueError, match="strictly positive"):
        layers.Conv2D(0, 3)
    with pytest.raises(ValueError, match="evenly divisible"):
        layers.Conv2D(5, 3, groups=2)
    with pytest.raises(ValueError, match="strictly less than `strides`"):
        layers.Conv2DTranspose(2, 3, strides=2, output_padding=2)
    with pytest.raises(ValueError, match="zero or negative"):
        layers.Conv2D(2, 5)(keras.Input((4, 4, 1)))
    with pytest.raises(ValueError, match="groups"):
        layers.Conv2D(4, 3, groups=2).build((None, 8, 8, 3))


@pytest.mark.float16
def test_mixed_precision_conv():
    layer = layers.SeparableConv1D(4, 3, dtype="mixed_float16")
    y = layer(np.random.rand(2, 8, 3).astype("float32"))
    assert y.dtype == "float16"
    assert all(w.dtype == "float32" for w in layer.weights)


def test_lora_weights_file_fits_the_layer_without_lora(tmp_path):
    # The file holds the kernel with the LoRA delta folded in, then the
    # bias (upstream's layout); the factors are kept apart from them.
    def model(lora_rank=None):
        return keras.Sequential(
            [
                keras.Input((6, 6, 2)),
                layers.Conv2D(3, 2, lora_rank=lora_rank, name="conv"),
            ]
        )

    tuned = model(lora_rank=2)
    conv = tuned.get_layer("conv")
    conv.lora_kernel_b.assign(np.full((2, 3), 0.5, "float32"))
    path = str(tmp_path / "tuned.weights.h5")
    tuned.save_weights(path)
    plain = model()
    plain.load_weights(path)
    x = np.random.default_rng(0).normal(size=(2, 6, 6, 2)).astype("float32")
    np.testing.assert_allclose(
        plain.predict(x, verbose=0),
        tuned.predict(x, verbose=0),
        rtol=1e-5,
        atol=1e-5,
    )
