"""Own tests of `Layer` features: masks, losses, context arguments,
rematerialization, state locking, serialization and saving."""

import os
from unittest import mock

import jax
import numpy as np
import pytest

import keras
from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src import ops
from keras.src import saving
from keras.src.backend.common.remat import RematScope
from keras.src.layers.layer import Layer
from keras.src.layers.layer_test import Parent


class PassMask(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def call(self, x, mask=None):
        self.seen_mask = mask
        return x * 2.0


def test_masks_reach_call_and_outputs():
    x = ops.ones((2, 3, 4))
    mask = np.array([[True, True, False], [True, False, False]])
    backend.set_keras_mask(x, mask)
    layer = PassMask()
    y = layer(x)
    np.testing.assert_array_equal(layer.seen_mask, mask)
    np.testing.assert_array_equal(backend.get_keras_mask(y), mask)
    # An explicit mask wins and is the one passed on.
    other = np.array([[True, False, True], [True, True, True]])
    y = layer(x, mask=other)
    np.testing.assert_array_equal(backend.get_keras_mask(y), other)


def test_masks_survive_jit():
    """Tracers take no attributes: masks then live in a side table."""
    embed = layers.Embedding(5, 2, mask_zero=True)
    probe = PassMask()

    @jax.jit
    def f(tokens):
        y = probe(embed(tokens))
        return backend.get_keras_mask(y)

    out = f(np.array([[1, 0, 3]]))
    np.testing.assert_array_equal(out, [[True, False, True]])


def test_add_loss_reset_per_outermost_call():
    class Adds(Layer):
        def call(self, x):
            self.add_loss(ops.sum(x))
            return x

    layer = Adds()
    layer(np.ones((2,)))
    layer(np.ones((2,)))
    assert len(layer.losses) == 1
    parent = Parent(Adds(), activity_regularizer="l1")
    parent(np.ones((2, 2)))
    parent(np.ones((2, 2)))
    # The child's loss, collected from the nested layer, and the activity
    # penalty (0.01 * 4 / batch size 2).
    losses = sorted(float(v) for v in parent.losses)
    np.testing.assert_allclose(losses, [0.02, 4.0], rtol=1e-6)


def test_call_context_arguments():
    class Inner(Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._register_call_context_args("mode")

        def call(self, x, mode=None):
            return x + (1.0 if mode else 0.0)

    class Outer(Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._register_call_context_args("mode")
            self.inner = Inner()

        def call(self, x):
            return self.inner(x)

    layer = Outer()
    assert float(layer(np.array(0.0), mode=True)) == 1.0
    assert float(layer(np.array(0.0))) == 0.0
    with pytest.raises(RuntimeError, match="after the layer has been called"):
        layer._register_call_context_args("other")


def test_remat_scope_full_mode_uses_remat():
    from keras.src.backend.common import remat

    calls = []

    def fake_remat(fn):
        calls.append(fn)
        return fn

    class AddOne(Layer):
        def call(self, x):
            return x + 1

    with mock.patch.object(remat, "remat", side_effect=fake_remat):
        with RematScope(mode="full"):
            layer = AddOne()
            y = layer(np.ones((2,)))
    np.testing.assert_allclose(y, 2.0)
    assert len(calls) == 1
    # Real rematerialization is differentiable and gives the same result.
    with RematScope(mode="full"):
        dense = layers.Dense(2, kernel_initializer="ones")
    grad = jax.grad(lambda x: ops.sum(dense(x)))(np.ones((1, 3), "float32"))
    np.testing.assert_allclose(grad, np.full((1, 3), 2.0))


def test_state_is_locked_after_build():
    class Late(Layer):
        def call(self, x):
            self.w = self.add_weight(shape=())
            return x

    with pytest.raises(ValueError, match="cannot add new elements of state"):
        Late()(np.ones((1,)))

    class Removable(Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.w = self.add_weight(shape=(2,))

    layer = Removable()
    assert len(layer.weights) == 1
    layer.w = layer._untrack_variable(layer.w)
    assert layer.weights == [] and layer.w is None


def test_add_weight_positional_arguments():
    class Positional(Layer):
        def __init__(self, args, **kwargs):
            super().__init__(**kwargs)
            self.w = self.add_weight(*args)

    layer = Positional(((2, 3), "ones", "float32"))
    assert layer.w.shape == (2, 3)
    with pytest.raises(ValueError, match="name="):
        Positional(("kernel",))
    with pytest.raises(TypeError, match="at most 3 positional"):
        Positional(((2,), "ones", "float32", "extra"))


def test_serialize_deserialize():
    config = keras.layers.serialize(layers.Dense(3, name="out"))
    restored = keras.layers.deserialize(config)
    assert isinstance(restored, layers.Dense) and restored.units == 3
    model = models.Sequential([layers.Dense(2)])
    assert isinstance(
        keras.layers.deserialize(keras.layers.serialize(model)),
        models.Sequential,
    )
    with pytest.raises(TypeError, match="Could not rebuild"):
        layers.Dense.from_config({"units": "two"})


@saving.register_keras_serializable(package="layer_features_test")
class ScaleAtInit(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.w = self.add_weight(shape=(3,), initializer="ones", name="w")

    def call(self, x):
        return x * self.w


def test_variables_created_in_init_save_and_load(tmp_path):
    model = models.Sequential(
        [layers.Input((3,)), ScaleAtInit(), layers.Dense(2)]
    )
    for v in model.weights:
        v.assign(np.random.rand(*v.shape))
    path = os.path.join(tmp_path, "model.keras")
    model.save(path)
    restored = saving.load_model(path)
    # Same path as when first created: the layer's own scope only.
    assert restored.weights[0].path.endswith("/w")
    assert "sequential" not in restored.weights[0].path
    x = np.random.rand(2, 3).astype("float32")
    np.testing.assert_allclose(model(x), restored(x), rtol=1e-6)


def test_layer_fixes():
    # LayerNormalization(rms_scaling=True) scales by the spread.
    layer = layers.LayerNormalization(
        rms_scaling=True, gamma_initializer="ones"
    )
    np.testing.assert_allclose(
        layer(np.arange(5, dtype="float32")[None]),
        [[0.0, 0.70693, 1.41386, 2.12079, 2.82772]],
        rtol=1e-4,
    )
    # RMSNormalization built on a lower rank normalizes the last axis.
    rms = layers.RMSNormalization()
    rms.build((2, 2, 2))
    x = np.random.normal(5.0, 10.0, (50, 2, 2, 2)).astype("float32")
    expected = x / np.sqrt((x**2).mean(-1, keepdims=True) + 1e-6)
    np.testing.assert_allclose(rms(x), expected, rtol=1e-4, atol=1e-4)
    # A fully masked softmax row is all zeros.
    mask = np.array([[0, 0, 0, 0], [1, 0, 1, 0]])
    out = layers.Softmax()(np.ones((2, 4)), mask=mask)
    np.testing.assert_allclose(out[0], 0.0)
    np.testing.assert_allclose(out[1], [0.5, 0.0, 0.5, 0.0])
    # Dropout checks noise_shape.
    for bad in ("abc", (2, 1.5), (2, 0), (2, -1)):
        with pytest.raises(ValueError, match="noise_shape"):
            layers.Dropout(0.5, noise_shape=bad)
    assert layers.Dropout(0.5, noise_shape=[None, 1]).noise_shape == (None, 1)
