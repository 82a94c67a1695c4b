import os

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import keras
from keras.src import testing
from keras.src.saving import object_registration
from keras.src.utils.jax_layer import FlaxLayer
from keras.src.utils.jax_layer import JaxLayer


@object_registration.register_keras_serializable(package="jax_layer_test")
def mlp_init(rng, inputs):
    k1, k2 = jax.random.split(rng)
    fan_in = inputs.shape[-1]
    return {
        "hidden": {
            "w": jax.random.normal(k1, (fan_in, 16)) / np.sqrt(fan_in),
            "b": jnp.zeros((16,)),
        },
        "out": {
            "w": jax.random.normal(k2, (16, 1)) / 4.0,
            "b": jnp.zeros((1,)),
        },
    }


@object_registration.register_keras_serializable(package="jax_layer_test")
def mlp_call(params, inputs):
    h = jnp.tanh(inputs @ params["hidden"]["w"] + params["hidden"]["b"])
    return h @ params["out"]["w"] + params["out"]["b"]


@object_registration.register_keras_serializable(package="jax_layer_test")
def counter_init(inputs):
    return {"calls": jnp.zeros((), "int32"), "total": jnp.zeros(())}


@object_registration.register_keras_serializable(package="jax_layer_test")
def counter_call(state, inputs, training):
    if training:
        state = {
            "calls": state["calls"] + 1,
            "total": state["total"] + jnp.sum(inputs),
        }
    return inputs * 2.0, state


def mlp_call_with_rng(params, rng, inputs):
    return mlp_call(params, inputs)


def noisy_call(rng, inputs, training):
    if training:
        return inputs + jax.random.normal(rng, inputs.shape)
    return inputs


def regression_data(n=64):
    x = np.random.RandomState(0).uniform(-1, 1, (n, 3)).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32")) ** 2
    return x, y


def mlp_model():
    inputs = keras.Input((3,))
    outputs = JaxLayer(mlp_call, mlp_init, name="mlp")(inputs)
    return keras.Model(inputs, outputs)


class JaxLayerTest(testing.TestCase):
    def test_params_become_trainable_variables(self):
        layer = JaxLayer(mlp_call, mlp_init)
        outputs = layer(np.ones((2, 3), "float32"))
        self.assertEqual(tuple(outputs.shape), (2, 1))
        self.assertLen(layer.trainable_weights, 4)
        self.assertLen(layer.non_trainable_weights, 0)
        self.assertEqual(layer.count_params(), 3 * 16 + 16 + 16 + 1)
        self.assertIsInstance(layer.params["hidden"]["w"], keras.Variable)
        self.assertEqual(tuple(layer.params["hidden"]["w"].shape), (3, 16))
        self.assertIsNone(layer.state)
        # The variables hold what the function sees.
        params = jax.tree_util.tree_map(
            lambda v: v.numpy(),
            layer.params,
            is_leaf=lambda v: isinstance(v, keras.Variable),
        )
        self.assertAllClose(
            outputs, mlp_call(params, np.ones((2, 3), "float32"))
        )

    def test_fit_reduces_the_loss(self):
        keras.utils.set_random_seed(1)
        x, y = regression_data()
        model = mlp_model()
        model.compile(optimizer=keras.optimizers.Adam(0.02), loss="mse")
        before = model.evaluate(x, y, verbose=0)
        model.fit(x, y, epochs=30, batch_size=16, verbose=0)
        after = model.evaluate(x, y, verbose=0)
        self.assertLess(after, before * 0.5)

    def test_state_is_updated_in_training_only(self):
        layer = JaxLayer(counter_call, counter_init)
        x = np.ones((2, 3), "float32")
        self.assertAllClose(layer(x), 2.0 * x)
        self.assertLen(layer.non_trainable_weights, 2)
        self.assertEqual(int(layer.state["calls"].numpy()), 0)
        layer(x, training=True)
        layer(x, training=True)
        self.assertEqual(int(layer.state["calls"].numpy()), 2)
        self.assertAllClose(layer.state["total"].numpy(), 12.0)

    def test_state_is_updated_by_fit(self):
        inputs = keras.Input((3,))
        hidden = keras.layers.Dense(3)(inputs)
        counter = JaxLayer(counter_call, counter_init)
        model = keras.Model(inputs, counter(hidden))
        model.compile(optimizer="sgd", loss="mse")
        x = np.ones((8, 3), "float32")
        model.fit(x, x, epochs=1, batch_size=4, verbose=0)
        self.assertEqual(int(counter.state["calls"].numpy()), 2)
        model.predict(x, verbose=0)
        self.assertEqual(int(counter.state["calls"].numpy()), 2)

    def test_state_structure_mismatch_raises(self):
        def call_fn(params, state, inputs):
            return inputs, {"other": state["s"]}

        layer = JaxLayer(call_fn, params={}, state={"s": 0.0})
        with self.assertRaisesRegex(ValueError, "structure"):
            layer(np.ones((1,)))

    def test_rng_gives_fresh_keys_and_is_seeded(self):
        x = np.zeros((4, 2), "float32")
        layer = JaxLayer(noisy_call, params={}, seed=3)
        self.assertAllClose(layer(x), x)
        first = layer(x, training=True)
        second = layer(x, training=True)
        self.assertNotAllClose(first, second)
        # Same seed, same sequence of keys.
        again = JaxLayer(noisy_call, params={}, seed=3)
        again(x)
        self.assertAllClose(again(x, training=True), first)

    def test_given_params_are_used(self):
        params = {
            "hidden": {"w": np.eye(3, 16), "b": np.zeros(16)},
            "out": {"w": np.ones((16, 1)), "b": np.ones(1)},
        }
        layer = JaxLayer(mlp_call, params=params)
        x = np.array([[0.5, 0.0, 0.0]], "float32")
        self.assertAllClose(layer(x), [[np.tanh(0.5) + 1.0]], atol=1e-6)
        self.assertEqual(layer.params["out"]["b"].dtype, "float32")

    def test_init_keys_differ_between_layers_of_one_model(self):
        class TwoLayers(keras.Model):
            def __init__(self):
                super().__init__()
                # Call functions taking `rng`: each layer has a seed
                # generator.
                self.a = JaxLayer(mlp_call_with_rng, mlp_init)
                self.b = JaxLayer(mlp_call_with_rng, mlp_init)

            def call(self, x):
                return self.a(x) + self.b(x)

        keras.utils.set_random_seed(5)
        model = TwoLayers()
        model.compile(optimizer="sgd", loss="mse")
        x, y = regression_data(8)
        model.fit(x, y, epochs=1, verbose=0)  # built in a stateless scope
        self.assertNotAllClose(
            model.a.params["hidden"]["w"].numpy(),
            model.b.params["hidden"]["w"].numpy(),
        )
        # `set_random_seed` makes the initial values reproducible.
        keras.utils.set_random_seed(5)
        again = JaxLayer(mlp_call, mlp_init)
        again.build((None, 3))
        keras.utils.set_random_seed(5)
        same = JaxLayer(mlp_call, mlp_init)
        same.build((None, 3))
        self.assertAllClose(
            again.params["out"]["w"].numpy(), same.params["out"]["w"].numpy()
        )

    def test_signature_validation(self):
        with self.assertRaisesRegex(ValueError, "`call_fn`.*`inputs`"):
            JaxLayer(lambda params: params, params={})
        with self.assertRaisesRegex(ValueError, "`call_fn`.*`x`"):
            JaxLayer(lambda params, x, inputs: x, params={})
        with self.assertRaisesRegex(ValueError, "`init_fn`.*`params`"):
            JaxLayer(mlp_call, lambda params, inputs: params)
        with self.assertRaisesRegex(ValueError, "init_fn"):
            JaxLayer(mlp_call)

    def test_function_without_params(self):
        layer = JaxLayer(lambda inputs: jnp.sum(inputs, axis=-1))
        self.assertAllClose(layer(np.ones((2, 3))), [3.0, 3.0])
        self.assertLen(layer.weights, 0)

    def test_config_round_trip(self):
        layer = JaxLayer(mlp_call, mlp_init, name="mlp")
        config = layer.get_config()
        self.assertEqual(
            set(config),
            {
                "name",
                "trainable",
                "dtype",
                "call_fn",
                "init_fn",
                "native_serialization_platforms",
            },
        )
        restored = JaxLayer.from_config(config)
        self.assertIs(restored.call_fn, mlp_call)
        self.assertIs(restored.init_fn, mlp_init)

    def test_save_and_load_model(self):
        keras.utils.set_random_seed(2)
        x, y = regression_data(16)
        model = mlp_model()
        model.compile(optimizer="adam", loss="mse")
        model.fit(x, y, epochs=1, verbose=0)
        expected = model.predict(x, verbose=0)
        path = os.path.join(self.get_temp_dir(), "jax_layer.keras")
        model.save(path)
        loaded = keras.saving.load_model(path)
        self.assertAllClose(loaded.predict(x, verbose=0), expected)
        # Weights alone, into a freshly initialized model.
        weights_path = os.path.join(self.get_temp_dir(), "mlp.weights.h5")
        model.save_weights(weights_path)
        other = mlp_model()
        self.assertNotAllClose(other.predict(x, verbose=0), expected)
        other.load_weights(weights_path)
        self.assertAllClose(other.predict(x, verbose=0), expected)

    def test_data_parallel_fit(self):
        devices = jax.devices("cpu")
        if len(devices) < 2:
            pytest.skip("Needs several CPU devices.")
        keras.utils.set_random_seed(3)
        x, y = regression_data()
        keras.distribution.set_distribution(
            keras.distribution.DataParallel(devices=devices)
        )
        try:
            model = mlp_model()
            model.compile(optimizer=keras.optimizers.Adam(0.02), loss="mse")
            before = model.evaluate(x, y, batch_size=16, verbose=0)
            model.fit(x, y, epochs=20, batch_size=16, verbose=0)
            after = model.evaluate(x, y, batch_size=16, verbose=0)
            kernel = model.get_layer("mlp").params["hidden"]["w"]
            self.assertEqual(
                len(kernel.value.sharding.device_set), len(devices)
            )
        finally:
            keras.distribution.set_distribution(None)
        self.assertLess(after, before * 0.5)

    def test_flax_layer_trains_and_updates_batch_stats(self):
        flax = pytest.importorskip("flax")
        nn = flax.linen

        class Net(nn.Module):
            @nn.compact
            def __call__(self, x, training=False):
                x = nn.Dense(8)(x)
                x = nn.BatchNorm(use_running_average=not training)(x)
                x = nn.Dropout(0.1, deterministic=not training)(x)
                return nn.Dense(1)(nn.tanh(x))

        keras.utils.set_random_seed(4)
        x, y = regression_data()
        inputs = keras.Input((3,))
        layer = FlaxLayer(Net(), name="net")
        model = keras.Model(inputs, layer(inputs))
        self.assertEqual(set(layer.params), {"params"})
        self.assertEqual(set(layer.state), {"batch_stats"})
        self.assertLen(layer.trainable_weights, 6)
        self.assertLen(layer.non_trainable_weights, 2)
        mean = layer.state["batch_stats"]["BatchNorm_0"]["mean"]
        self.assertAllClose(mean.numpy(), np.zeros(8))
        model.compile(optimizer=keras.optimizers.Adam(0.02), loss="mse")
        before = model.evaluate(x, y, verbose=0)
        model.fit(x, y, epochs=20, batch_size=16, verbose=0)
        self.assertLess(model.evaluate(x, y, verbose=0), before)
        self.assertNotAllClose(mean.numpy(), np.zeros(8))

    def test_flax_layer_needs_flax(self):
        try:
            import flax  # noqa: F401
        except ImportError:
            with self.assertRaisesRegex(ImportError, "flax"):
                FlaxLayer(None)
        else:
            pytest.skip("Flax is installed.")
