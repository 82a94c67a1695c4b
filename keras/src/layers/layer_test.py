import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import ops
from keras.src import tree
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.random.seed_generator import SeedGenerator


class Linear(Layer):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight(
            shape=(input_shape[-1], self.units),
            initializer="ones",
            regularizer="l2",
            name="kernel",
        )
        self.counter = self.add_weight(
            shape=(), initializer="zeros", trainable=False, name="counter"
        )

    def call(self, x):
        self.counter.assign(self.counter + 1.0)
        return ops.matmul(x, self.kernel)


class Outer(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.inner = Linear(3, name="inner")
        self.stack = [Linear(3, name="a"), {"b": Linear(3, name="b")}]

    def call(self, x):
        x = self.inner(x)
        x = self.stack[0](x)
        return self.stack[1]["b"](x)


class TrainingProbe(Layer):
    def call(self, x, training=None):
        self.seen = training
        return x


class Parent(Layer):
    """A layer calling its `child` layer."""

    def __init__(self, child, **kwargs):
        super().__init__(**kwargs)
        self.child = child

    def call(self, x):
        return self.child(x)


def test_build_on_first_call_and_weights():
    layer = Linear(4)
    assert not layer.built and layer.weights == []
    y = layer(np.ones((2, 3), "float32"))
    assert layer.built
    np.testing.assert_allclose(y, np.full((2, 4), 3.0))
    assert [w.name for w in layer.weights] == ["kernel", "counter"]
    assert [w.name for w in layer.trainable_weights] == ["kernel"]
    assert [w.name for w in layer.non_trainable_weights] == ["counter"]
    assert layer.count_params() == 13


def test_count_params_unbuilt_error():
    with pytest.raises(ValueError, match="isn't built"):
        Linear().count_params()


def test_nested_tracking_and_paths():
    outer = Outer(name="outer")
    outer(np.ones((1, 3), "float32"))
    paths = [v.path for v in outer.weights]
    assert paths == [
        "outer/inner/kernel",
        "outer/inner/counter",
        "outer/a/kernel",
        "outer/a/counter",
        "outer/b/kernel",
        "outer/b/counter",
    ]
    assert len(outer.trainable_weights) == 3
    assert len(outer.non_trainable_weights) == 3
    assert {sub.name for sub in outer._flatten_layers(include_self=False)} == {
        "inner",
        "a",
        "b",
    }


def test_trainable_propagation():
    outer = Outer()
    outer(np.ones((1, 3), "float32"))
    outer.trainable = False
    assert outer.trainable_weights == []
    assert len(outer.non_trainable_weights) == 6
    assert not outer.inner.trainable
    assert outer.inner.trainable_weights == []
    outer.trainable = True
    assert len(outer.trainable_weights) == 3
    # The counters stay non-trainable.
    assert len(outer.non_trainable_weights) == 3


def test_seed_generators_are_variables_not_weights():
    class Noisy(Layer):
        def __init__(self):
            super().__init__()
            self.seed_generator = SeedGenerator(1)

        def call(self, x):
            return x

    layer = Noisy()
    assert layer.weights == []
    assert len(layer.variables) == 1
    assert len(layers.Dropout(0.5).non_trainable_variables) == 1


def test_variables_list_trainable_then_other_then_seed_states():
    # Upstream Keras' order: the layer's own variables created trainable,
    # then the others, then its seed states (each group in creation
    # order), then those of its sublayers.
    class Mixed(Layer):
        def build(self, input_shape):
            self.count = self.add_weight(
                shape=(), name="count", trainable=False
            )
            self.noise = SeedGenerator(1)
            self.scale = self.add_weight(shape=(), name="scale")
            self.inner = Linear(2)
            self.inner.build(input_shape)
            self.step = backend.Variable(0.0, name="step", trainable=False)
            self.shift = backend.Variable(0.0, name="shift")

        def call(self, x):
            return x

    layer = Mixed()
    layer.build((None, 3))
    names = [v.name for v in layer.variables]
    assert names == [
        "scale",
        "shift",
        "count",
        "step",
        "seed_generator_state",
    ] + [v.name for v in layer.inner.variables]
    assert [v.name for v in layer.weights] == [
        n for n in names if n != "seed_generator_state"
    ]
    layer.scale.trainable = False
    assert [v.name for v in layer.variables] == names


def test_get_set_weights():
    a, b = Linear(2), Linear(2)
    x = np.random.rand(2, 3).astype("float32")
    a(x)
    b(x)
    a.kernel.assign(np.random.rand(3, 2))
    b.set_weights(a.get_weights())
    np.testing.assert_allclose(b(x), a(x))
    with pytest.raises(ValueError, match="expects 2 weight arrays"):
        b.set_weights([np.ones((3, 2))])
    with pytest.raises(ValueError, match="shape mismatch"):
        b.set_weights([np.ones((4, 2)), np.zeros(())])
    # Nothing changed on the failed calls.
    np.testing.assert_allclose(b.kernel.numpy(), a.kernel.numpy())


def test_training_argument_propagates():
    parent = Parent(TrainingProbe())
    parent(np.ones((1,), "float32"), training=True)
    assert parent.child.seen is True
    parent(np.ones((1,), "float32"))
    assert parent.child.seen is None
    parent(np.ones((1,), "float32"), training=False)
    assert parent.child.seen is False


def test_input_spec_checked():
    class Needs3(Layer):
        def __init__(self):
            super().__init__(name="needs3")
            self.input_spec = InputSpec(ndim=2, axes={-1: 3})

        def call(self, x):
            return x

    layer = Needs3()
    layer(np.ones((1, 3)))
    with pytest.raises(ValueError, match='"needs3".*ndim=2'):
        layer(np.ones((3,)))
    with pytest.raises(ValueError, match="axis -1"):
        layer(np.ones((1, 4)))


def test_symbolic_call_infers_shapes():
    layer = Linear(5)
    out = layer(backend.KerasTensor((None, 3)))
    assert out.shape == (None, 5)
    assert layer.built
    # Tracing didn't update the state.
    np.testing.assert_allclose(layer.counter.numpy(), 0.0)
    assert layer.compute_output_shape((None, 3)) == (None, 5)


def test_stateless_call():
    layer = Linear(2)
    x = np.ones((1, 3), "float32")
    layer(x)
    trainable = [np.full((3, 2), 2.0, "float32")]
    non_trainable = [np.array(10.0, "float32")]
    out, new_non_trainable = layer.stateless_call(trainable, non_trainable, x)
    np.testing.assert_allclose(out, np.full((1, 2), 6.0))
    np.testing.assert_allclose(new_non_trainable[0], 11.0)
    # The layer's variables are untouched.
    np.testing.assert_allclose(layer.kernel.numpy(), 1.0)
    np.testing.assert_allclose(layer.counter.numpy(), 1.0)
    out, _, losses = layer.stateless_call(
        trainable, non_trainable, x, return_losses=True
    )
    np.testing.assert_allclose(sum(losses), 0.01 * 4.0 * 6)
    with pytest.raises(ValueError, match="trainable_variables"):
        layer.stateless_call([], non_trainable, x)
    with pytest.raises(ValueError, match="non_trainable_variables"):
        layer.stateless_call(trainable, [], x)


def test_losses_from_regularizers():
    outer = Outer()
    outer(np.ones((1, 3), "float32"))
    losses = outer.losses
    assert len(losses) == 3
    np.testing.assert_allclose(sum(losses), 0.01 * (9 + 9 + 9))

    class WithActivity(Layer):
        def call(self, x):
            return x

    layer = WithActivity(activity_regularizer="l1")
    layer(np.array([[1.0, -2.0]], "float32"))
    np.testing.assert_allclose(layer.losses[0], 0.03, rtol=1e-6)


def test_mixed_bfloat16_policy():
    layer = Linear(2, dtype="mixed_bfloat16")
    assert layer.compute_dtype == "bfloat16"
    assert layer.variable_dtype == "float32"
    assert layer.dtype_policy.name == "mixed_bfloat16"
    y = layer(np.ones((1, 3), "float32"))
    assert backend.standardize_dtype(y.dtype) == "bfloat16"
    assert layer.kernel.dtype == "float32"
    assert backend.standardize_dtype(layer.kernel.value.dtype) == "float32"
    # The config holds the serialized policy, as upstream writes it.
    assert layer.get_config()["dtype"]["config"] == {"name": "mixed_bfloat16"}


def test_integer_inputs_not_autocast():
    class Echo(Layer):
        def call(self, x):
            return x

    y = Echo(dtype="bfloat16")(np.array([1, 2], "int32"))
    assert backend.standardize_dtype(y.dtype) == "int32"
    y = Echo(dtype="bfloat16")(np.array([1.0], "float32"))
    assert backend.standardize_dtype(y.dtype) == "bfloat16"


def test_default_config_and_names():
    a, b = Linear(), Linear()
    assert a.name == "linear" and b.name == "linear_1"
    config = Linear(units=7, name="lin").get_config()
    assert config == {
        "name": "lin",
        "trainable": True,
        "dtype": {
            "module": "keras",
            "class_name": "DTypePolicy",
            "config": {"name": "float32"},
            "registered_name": None,
        },
        "units": 7,
    }
    assert Linear.from_config(config).units == 7
    with pytest.raises(ValueError, match="Unrecognized keyword arguments"):
        Linear(foo=1)
    with pytest.raises(ValueError, match="cannot contain"):
        Linear(name="a/b")


def test_call_not_implemented():
    with pytest.raises(NotImplementedError):
        Layer()(np.ones((1,)))


def test_nested_layers_built_during_a_symbolic_call():
    """Sublayers first built while the outer call is traced get concrete
    variables (no leaked tracers)."""
    from keras.src import models
    from keras.src.layers.core.dense import Dense
    from keras.src.layers.core.input_layer import Input

    class Block(Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.d1 = Dense(4, name="d1")
            self.d2 = Dense(3, name="d2")

        def call(self, x):
            return self.d2(self.d1(x))

    inputs = Input((5,))
    model = models.Model(inputs, Block(name="block")(inputs))
    assert [v.path for v in model.weights] == [
        "block/d1/kernel",
        "block/d1/bias",
        "block/d2/kernel",
        "block/d2/bias",
    ]
    x = np.ones((2, 5), "float32")
    block = model.layers[-1]
    expected = x @ block.d1.kernel.numpy() + block.d1.bias.numpy()
    expected = expected @ block.d2.kernel.numpy() + block.d2.bias.numpy()
    np.testing.assert_allclose(model.predict(x, verbose=0), expected, rtol=1e-6)


class Recorder(Layer):
    """Records the type and dtype of every argument `call` receives."""

    def call(self, x, other=None, extra=None, flag=False):
        def describe(value):
            if hasattr(value, "dtype"):
                return (
                    type(value).__name__,
                    backend.standardize_dtype(value.dtype),
                )
            return type(value).__name__

        self.seen = {
            "x": [describe(v) for v in tree.flatten(x)],
            "other": [describe(v) for v in tree.flatten(other)],
            "extra": [describe(v) for v in tree.flatten(extra)],
        }
        return x if backend.is_tensor(x) else ops.zeros((1,))


@pytest.mark.float16
def test_keyword_arguments_are_converted_and_autocast():
    layer = Recorder(dtype="mixed_float16")
    x = np.ones((2, 3), "float32")
    layer(x, other=x, extra={"a": [np.ones(2, "int32"), np.float64(1.0)]})
    assert layer.seen["x"] == [("ArrayImpl", "float16")]
    assert layer.seen["other"] == [("ArrayImpl", "float16")]
    assert layer.seen["extra"] == [
        ("ArrayImpl", "int32"),
        ("ArrayImpl", "float16"),
    ]
    # A float32 layer casts float16 keyword tensors up; Python values stay.
    layer = Recorder(dtype="float32")
    layer(x, other=ops.ones((2,), "float16"), extra=1.5)
    assert layer.seen["other"] == [("ArrayImpl", "float32")]
    assert layer.seen["extra"] == ["float"]


def test_numpy_scalar_positional_argument_is_a_tensor():
    layer = Recorder()
    layer(np.ones((2,), "float32"), np.float64(2.0))
    assert layer.seen["other"] == [("ArrayImpl", "float32")]
    with pytest.raises(ValueError, match="positional argument 2.0"):
        layer(np.ones((2,), "float32"), 2.0)


def test_layer_that_takes_raw_python_inputs():
    # Preprocessing layers (e.g. tokenizers) take strings and lists, and
    # want their arguments untouched.
    class Raw(Recorder):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._convert_input_args = False
            self._allow_non_tensor_positional_args = True

    layer = Raw(dtype="mixed_float16")
    layer(["a b", "c"], [1, 0])
    assert layer.seen["x"] == ["str", "str"]
    assert layer.seen["other"] == ["int", "int"]
    x = np.ones((2,), "float64")
    layer(x, other=x)
    assert layer.seen["x"] == [("ndarray", "float64")]
    assert layer.seen["other"] == [("ndarray", "float64")]


class Decoder(Layer):
    """Output shape from `compute_output_shape`; `call` slices a table by
    the sequence length (which a traced stand-in size would overflow)."""

    def build(self, decoder_sequence_shape, encoder_sequence_shape=None):
        self.table = self.add_weight(shape=(8, decoder_sequence_shape[-1]))

    def call(self, decoder_sequence, encoder_sequence=None, causal=True):
        length = ops.shape(decoder_sequence)[1]
        positions = ops.slice(self.table, (0, 0), (length, self.table.shape[1]))
        return decoder_sequence + ops.cast(positions, decoder_sequence.dtype)

    def compute_output_shape(self, decoder_sequence_shape):
        return decoder_sequence_shape


@pytest.mark.float16
def test_compute_output_spec_uses_compute_output_shape():
    layer = Decoder(dtype="mixed_float16")
    x = np.ones((2, 4, 6), "float32")
    layer(decoder_sequence=x, encoder_sequence=x)
    spec = layer.compute_output_spec(
        decoder_sequence=backend.KerasTensor((None, None, 6)),
        encoder_sequence=backend.KerasTensor((None, 5, 6)),
        causal=True,
    )
    assert spec.shape == (None, None, 6) and spec.dtype == "float16"
    # Keyword tensors feed `compute_output_shape(<name>_shape=...)`.
    symbolic = layer(
        decoder_sequence=backend.KerasTensor((3, None, 6)),
        encoder_sequence=backend.KerasTensor((3, 5, 6)),
    )
    assert symbolic.shape == (3, None, 6) and symbolic.dtype == "float16"


def test_compute_output_spec_traces_calls_with_options():
    # An option that `compute_output_shape` cannot see (here one that
    # changes the output rank) makes the call traced instead.
    class Pool(Layer):
        def call(self, x, keepdims=False):
            return ops.mean(x, axis=-1, keepdims=keepdims)

        def compute_output_shape(self, input_shape):
            return input_shape[:-1]

    layer = Pool()
    x = backend.KerasTensor((2, 3))
    assert layer.compute_output_spec(x).shape == (2,)
    assert layer.compute_output_spec(x, keepdims=False).shape == (2,)
    assert layer.compute_output_spec(x, keepdims=True).shape == (2, 1)


def test_symbolic_call_builds_sublayers_of_a_layer_without_build():
    # A layer that keeps the default `build()` gets the variables of the
    # sublayers made in its `__init__` from its first symbolic call, even
    # when `compute_output_shape` alone would give the output shape: a
    # functional model revived from its config then has them all.
    class Normalized(Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.norm = layers.LayerNormalization(name="norm")

        def call(self, x):
            return self.norm(x)

        def compute_output_shape(self, input_shape):
            return input_shape

    class CustomBuild(Normalized):
        def build(self, input_shape):
            pass

    layer = Normalized(name="outer")
    assert layer(backend.KerasTensor((None, 3, 4))).shape == (None, 3, 4)
    assert layer.norm.built
    assert [v.path for v in layer.weights] == [
        "outer/norm/gamma",
        "outer/norm/beta",
    ]
    # Once built, the output shape comes from `compute_output_shape`.
    assert not layer._builds_sublayers_in_call()
    # A layer with its own `build()` is trusted to build what it needs.
    layer = CustomBuild()
    layer(backend.KerasTensor((None, 3, 4)))
    assert not layer.norm.built and not layer.weights


def test_symbolic_call_sees_inputs_in_the_compute_dtype():
    class Identity(Layer):
        def call(self, x, other=None):
            return x + other

    layer = Identity(dtype="mixed_bfloat16")
    x = backend.KerasTensor((2, 3))
    out = layer(x, other=x)
    assert out.dtype == "bfloat16"
    eager = layer(np.ones((2, 3), "float32"), other=np.ones((2, 3), "float32"))
    assert backend.standardize_dtype(eager.dtype) == "bfloat16"


def test_compute_output_shape_without_arguments():
    # A layer whose outputs have fixed shapes may take no input shape.
    class Schedule(Layer):
        def call(self, step, num_steps):
            ratio = ops.cast(step, "float32") / ops.cast(num_steps, "float32")
            return ratio, 1.0 - ratio

        def compute_output_shape(self):
            return (), ()

    layer = Schedule(dtype="mixed_float16")
    sigma, rest = layer(np.int32(0), backend.KerasTensor((), "int32"))
    assert sigma.shape == () and rest.shape == ()
    assert sigma.dtype == "float16"


@pytest.mark.parametrize(
    "inputs, expected",
    [
        ("a sentence", None),
        (["a", "b"], None),
        ({"text": "a"}, None),
        (np.float32(2.0), ()),
        ((np.ones((2, 3)), "x"), ((2, 3), None)),
    ],
)
def test_build_gets_the_shape_of_shaped_inputs_only(inputs, expected):
    """Inputs without any shaped leaf (strings, as preprocessing layers
    take) give `build(None)`; a scalar array still has the shape `()`."""

    class Text(Layer):
        def __init__(self):
            super().__init__()
            self._convert_input_args = False

        def build(self, input_shape):
            self.received = input_shape

        def call(self, inputs, sequence_length=None):
            return inputs

    layer = Text()
    layer(inputs, sequence_length=3)
    assert layer.received == expected


def test_build_without_shape_argument_takes_inputs_without_shape():
    class NoShape(Layer):
        def build(self):
            self.calls = 1

        def call(self, inputs):
            return inputs

    layer = NoShape()
    assert layer("text") == "text"
    assert layer.calls == 1


def test_untracked_variable_id_reused_by_a_new_variable():
    # `quantize` untracks the float kernel it replaces; once that kernel
    # is freed, a variable created later (a LoRA factor) may get its `id`.
    # It must still count as the layer's variable.
    layer = layers.Dense(2)
    layer.build((None, 3))
    old = layer._kernel
    layer._untrack_variable(old)
    assert all(v is not old for v in layer.weights)
    layer._tracker.unlock()  # as `enable_lora` does on a built layer
    new = layer.add_weight(shape=(3, 1), name="factor")
    # What the record of `old` looks like to `new` when `new` reuses the
    # freed kernel's address.
    layer._untracked_ids[id(new)] = layer._untracked_ids.pop(id(old))
    assert any(v is new for v in layer.weights)
    assert any(v is new for v in layer.trainable_weights)
