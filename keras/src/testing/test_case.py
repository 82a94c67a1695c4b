"""`TestCase`: assertions and layer checks shared by Keras' test files."""

import json
import shutil
import tempfile

import numpy as np
from absl.testing import parameterized

from keras.src import backend
from keras.src import tree
from keras.src.backend import standardize_dtype
from keras.src.backend.common import global_state
from keras.src.backend.jax import sparse as sparse_lib


def _to_numpy(x):
    """A NumPy view of a tensor, variable, KerasTensor-free value or list."""
    if isinstance(x, backend.KerasVariable):
        x = x.value
    if isinstance(x, (list, tuple)) and not tree.is_nested(x[0:1]):
        return np.asarray([_to_numpy(item) for item in x])
    if backend.is_tensor(x):
        return backend.convert_to_numpy(x)
    return np.asarray(x)


class TestCase(parameterized.TestCase):
    """Base class of Keras tests: NumPy-aware assertions and layer checks.

    Every test starts from a fresh Keras session (names, global policy and
    distribution reset), and temporary folders made with `get_temp_dir()`
    are deleted afterwards.
    """

    maxDiff = None

    def setUp(self):
        super().setUp()
        global_state.clear_session()

    def get_temp_dir(self):
        """A new empty folder, removed when the test ends."""
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        return folder

    # ------------------------------------------------------------ values
    def assertEqual(self, first, second, msg=None):
        """`unittest`'s `assertEqual`; an object always equals itself
        (symbolic tensors, whose `==` builds a graph op, included)."""
        if first is second:
            return
        super().assertEqual(first, second, msg=msg)

    def convert_to_numpy(self, x):
        """`x` (a tensor of any framework, a variable, a list of tensors
        or a Python value) as a NumPy array."""
        return _to_numpy(x)

    def assertAllClose(
        self,
        x1,
        x2,
        atol=1e-6,
        rtol=1e-6,
        tpu_atol=None,
        tpu_rtol=None,
        msg=None,
    ):
        """Asserts that two (nested) arrays agree within tolerances.

        `tpu_atol`/`tpu_rtol` replace the tolerances on TPU only; they are
        accepted here for signature compatibility and otherwise ignored.
        """
        if (
            tree.is_nested(x1)
            and tree.is_nested(x2)
            and not _is_flat_numbers(x1)
        ):
            flat1, flat2 = tree.flatten(x1), tree.flatten(x2)
            self.assertEqual(
                len(flat1), len(flat2), msg or "Structures differ in size."
            )
            for a, b in zip(flat1, flat2):
                self.assertAllClose(a, b, atol=atol, rtol=rtol, msg=msg)
            return
        np.testing.assert_allclose(
            _to_numpy(x1),
            _to_numpy(x2),
            atol=atol,
            rtol=rtol,
            err_msg=msg or "",
        )

    def assertNotAllClose(self, x1, x2, atol=1e-6, rtol=1e-6, msg=None):
        """Asserts that two arrays differ somewhere beyond the tolerances."""
        try:
            self.assertAllClose(x1, x2, atol=atol, rtol=rtol)
        except AssertionError:
            return
        self.fail(
            msg
            or "The two values are equal within the tolerances "
            f"(atol={atol}, rtol={rtol}), but should differ."
        )

    def assertAlmostEqual(
        self, x1, x2, decimal=3, msg=None, tpu_decimal=None, **kwargs
    ):
        """Asserts `abs(x1 - x2) < 1.5 * 10**-decimal`, elementwise.

        Also accepts unittest's `places=`/`delta=` keywords, which keep
        their usual meaning for scalars.
        """
        if "places" in kwargs or "delta" in kwargs:
            return super().assertAlmostEqual(x1, x2, msg=msg, **kwargs)
        np.testing.assert_almost_equal(
            _to_numpy(x1), _to_numpy(x2), decimal=decimal, err_msg=msg or ""
        )

    def assertAllEqual(self, x1, x2, msg=None):
        """Asserts that two arrays have the same shape and values (a
        scalar equals an array whose every element is that scalar)."""
        np.testing.assert_array_equal(
            _to_numpy(x1), _to_numpy(x2), err_msg=msg or ""
        )

    def assertAllInRange(self, x, lower, upper, msg=None):
        """Asserts `lower <= x <= upper` for every element of `x`."""
        values = _to_numpy(x)
        self.assertTrue(
            bool(np.all(values >= lower) and np.all(values <= upper)),
            msg or f"Values outside [{lower}, {upper}]: {values}",
        )

    def assertDType(self, x, dtype, msg=None):
        """Asserts that `x` has `dtype` (names compared after
        standardization, so `"float32"` matches `np.float32`)."""
        found = standardize_dtype(
            x.dtype if hasattr(x, "dtype") else backend.standardize_dtype(x)
        )
        self.assertEqual(
            found,
            standardize_dtype(dtype),
            msg or f"Expected dtype {dtype}, found {found}.",
        )

    def assertSparse(self, x, sparse=True):
        """Asserts whether `x` is a sparse tensor: a `BCOO` tensor, a
        TensorFlow `SparseTensor` or a sparse `KerasTensor`."""
        is_sparse = (
            sparse_lib.is_sparse(x)
            or (isinstance(x, backend.KerasTensor) and x.sparse)
            or type(x).__name__ == "SparseTensor"
        )
        self.assertEqual(
            is_sparse,
            sparse,
            f"Expected a {'sparse' if sparse else 'dense'} tensor, found "
            f"{type(x).__name__}.",
        )

    def assertRagged(self, x, ragged=True):
        """Asserts whether `x` is a ragged tensor (never, on JAX)."""
        self.assertEqual(type(x).__name__ == "RaggedTensor", ragged)

    # ----------------------------------------------------- serialization
    def run_class_serialization_test(self, instance, custom_objects=None):
        """Checks that `instance` survives its config and serialization.

        Rebuilds the object with `from_config(get_config())` and with
        `deserialize_keras_object(serialize_keras_object(...))`, and checks
        that the configs match, that the serialized form is JSON, and that
        the rebuilt objects expose the same public attributes.

        Returns:
            The object rebuilt from its serialized form.
        """
        from keras.src.saving import serialization_lib
        from keras.src.saving.object_registration import CustomObjectScope

        cls = instance.__class__
        config = instance.get_config()
        config_json = _json_round_trip(config)
        # `from_config` of containers (e.g. `Sequential`) deserializes the
        # objects they hold, which may be custom classes.
        with CustomObjectScope(custom_objects or {}):
            revived = cls.from_config(config)
        self.assertEqual(config_json, _json_round_trip(revived.get_config()))
        self.assertEqual(_public_names(instance), _public_names(revived))

        serialized = serialization_lib.serialize_keras_object(instance)
        serialized_json = json.dumps(serialized, sort_keys=True, default=str)
        revived = serialization_lib.deserialize_keras_object(
            json.loads(serialized_json), custom_objects=custom_objects
        )
        reserialized = serialization_lib.serialize_keras_object(revived)
        self.assertEqual(
            json.loads(serialized_json),
            json.loads(json.dumps(reserialized, sort_keys=True, default=str)),
        )
        self.assertEqual(_public_names(instance), _public_names(revived))
        return revived

    # ------------------------------------------------------------ layers
    def run_layer_test(
        self,
        layer_cls,
        init_kwargs,
        input_shape=None,
        input_dtype=None,
        input_sparse=False,
        input_ragged=False,
        input_data=None,
        call_kwargs=None,
        expected_output_shape=None,
        expected_output_dtype=None,
        expected_output_sparse=False,
        expected_output_ragged=False,
        expected_output=None,
        expected_num_trainable_weights=None,
        expected_num_non_trainable_weights=None,
        expected_num_non_trainable_variables=None,
        expected_num_seed_generators=None,
        expected_num_losses=None,
        supports_masking=None,
        expected_mask_shape=None,
        custom_objects=None,
        run_training_check=True,
        run_mixed_precision_check=True,
        assert_built_after_instantiation=False,
        tpu_atol=None,
        tpu_rtol=None,
    ):
        """Runs the standard checks of a layer class.

        In order: the config and serialization round trip; masking
        support; a symbolic call on `KerasTensor`s (output shape and
        dtype); an eager call on concrete data (output shape, dtype,
        values, weight, variable, seed generator and loss counts, mask
        shape); an explicit `build`; a training step through `fit`; and a
        call under the `"mixed_float16"` policy.

        Args:
            layer_cls: The layer class to test.
            init_kwargs: Constructor arguments.
            input_shape: Shape (or structure of shapes) of the input; used
                when `input_data` is not given.
            input_dtype: Dtype (or structure of dtypes) of generated input.
            input_sparse: Whether to generate sparse input: `BCOO` tensors
                (with one batch dimension, as upstream makes them) and
                sparse `KerasTensor`s.
            input_ragged: Whether to generate ragged input (ragged tensors
                do not exist on JAX: the test is skipped).
            input_data: Concrete input; its shape replaces `input_shape`.
            call_kwargs: Extra keyword arguments of the call.
            expected_output_shape: Shape (or structure) of the output.
            expected_output_dtype: Dtype of the output.
            expected_output_sparse: Whether the output should be sparse.
            expected_output_ragged: Whether the output should be ragged.
            expected_output: Expected output values for `input_data`.
            expected_num_trainable_weights: Count after building.
            expected_num_non_trainable_weights: Count after building.
            expected_num_non_trainable_variables: Count after building
                (seed generator states included).
            expected_num_seed_generators: Count after building.
            expected_num_losses: Number of losses after one eager call.
            supports_masking: Expected value of `layer.supports_masking`.
            expected_mask_shape: Shape of the output mask, if one is
                computed.
            custom_objects: Passed to deserialization.
            run_training_check: Whether to fit one batch through the layer.
            run_mixed_precision_check: Whether to call it under
                `"mixed_float16"`.
            assert_built_after_instantiation: Whether the layer must be
                built right after construction.
            tpu_atol: Tolerance override on TPU (ignored here).
            tpu_rtol: Tolerance override on TPU (ignored here).
        """
        if input_shape is None and input_data is None:
            raise ValueError(
                "run_layer_test needs `input_shape` or `input_data`; "
                "received neither."
            )
        if input_ragged:
            self.skipTest("Ragged inputs do not exist on JAX.")
        if expected_output is not None and input_data is None:
            raise ValueError(
                "`expected_output` needs the `input_data` it was computed from."
            )
        call_kwargs = call_kwargs or {}
        if input_data is not None:
            input_shape = tree.map_structure(
                lambda x: tuple(np.shape(x)), input_data
            )
            input_dtype = tree.map_structure(
                lambda x: standardize_dtype(
                    getattr(x, "dtype", None) or np.asarray(x).dtype
                ),
                input_data,
            )

        # Configuration round trip.
        layer = layer_cls(**init_kwargs)
        if assert_built_after_instantiation:
            self.assertTrue(
                layer.built,
                f"{layer_cls.__name__} should be built once instantiated.",
            )
        self.run_class_serialization_test(layer, custom_objects)
        if supports_masking is not None:
            self.assertEqual(
                layer.supports_masking,
                supports_masking,
                f"{layer_cls.__name__}.supports_masking",
            )

        def check_counts(layer, after):
            counts = (
                (
                    "trainable weights",
                    layer.trainable_weights,
                    expected_num_trainable_weights,
                ),
                (
                    "non-trainable weights",
                    layer.non_trainable_weights,
                    expected_num_non_trainable_weights,
                ),
                (
                    "non-trainable variables",
                    layer.non_trainable_variables,
                    expected_num_non_trainable_variables,
                ),
            )
            for what, found, expected in counts:
                if expected is not None:
                    self.assertLen(
                        found,
                        expected,
                        f"Number of {what} of {layer_cls.__name__} after "
                        f"{after}: {[v.path for v in found]}",
                    )
            if expected_num_seed_generators is not None:
                self.assertLen(
                    _seed_generators(layer),
                    expected_num_seed_generators,
                    f"Number of seed generators after {after}",
                )

        def check_output(outputs, expected_shape, symbolic):
            if expected_shape is not None:
                found = tree.map_structure(lambda x: tuple(x.shape), outputs)
                self.assertEqual(
                    _normalize_shapes(found),
                    _normalize_shapes(expected_shape),
                    f"Output shape of {layer_cls.__name__} "
                    f"({'symbolic' if symbolic else 'eager'} call)",
                )
            if expected_output_dtype is not None:
                for x in tree.flatten(outputs):
                    self.assertDType(x, expected_output_dtype)
            if expected_output_sparse:
                for x in tree.flatten(outputs):
                    self.assertSparse(x)

        # A dict of `<name>_shape` entries means keyword inputs `<name>=`.
        named = _named_inputs(input_shape)

        # Symbolic call.
        layer = layer_cls(**init_kwargs)
        symbolic_inputs = _symbolic_inputs(
            input_shape, input_dtype, input_sparse
        )
        symbolic_outputs = _call_with_inputs(
            layer, symbolic_inputs, call_kwargs, named
        )
        check_output(symbolic_outputs, expected_output_shape, symbolic=True)
        check_counts(layer, "a symbolic call")

        # Eager call on data.
        if input_data is None:
            input_data = _random_inputs(input_shape, input_dtype, input_sparse)
        layer = layer_cls(**init_kwargs)
        outputs = _call_with_inputs(layer, input_data, call_kwargs, named)
        check_output(outputs, expected_output_shape, symbolic=False)
        check_counts(layer, "an eager call")
        if expected_output is not None:
            self.assertAllClose(outputs, expected_output, atol=1e-6)
        if expected_num_losses is not None:
            self.assertLen(
                layer.losses,
                expected_num_losses,
                f"Number of losses of {layer_cls.__name__}",
            )
        if expected_mask_shape is not None and hasattr(layer, "compute_mask"):
            mask = layer.compute_mask(input_data, None)
            self.assertEqual(tuple(mask.shape), tuple(expected_mask_shape))

        # Explicit build.
        layer = layer_cls(**init_kwargs)
        if not layer.built:
            if isinstance(input_shape, dict):
                layer.build(**input_shape)
            else:
                layer.build(input_shape)
        check_counts(layer, "build()")

        if run_training_check and backend.backend() != "numpy":
            self._run_training_step(
                layer_cls, init_kwargs, input_data, call_kwargs, named
            )
        if run_mixed_precision_check:
            self._run_mixed_precision_call(
                layer_cls, init_kwargs, input_data, call_kwargs, named
            )

    def _run_training_step(
        self, layer_cls, init_kwargs, inputs, call_kwargs, named=False
    ):
        """Fits one batch through a model wrapping a fresh layer."""
        from keras.src.models.model import Model

        layer = layer_cls(**init_kwargs)

        class _Wrapper(Model):
            def __init__(self):
                super().__init__()
                self.wrapped = layer

            def call(self, x, training=False):
                return _call_with_inputs(self.wrapped, x, call_kwargs, named)

        model = _Wrapper()
        outputs = tree.map_structure(backend.convert_to_numpy, model(inputs))
        if (
            not any(
                np.issubdtype(np.asarray(x).dtype, np.floating)
                for x in tree.flatten(outputs)
            )
            or not layer.trainable_weights
        ):
            return
        targets = tree.map_structure(np.zeros_like, outputs)
        model.compile(optimizer="sgd", loss="mse")
        model.fit(inputs, targets, batch_size=_batch_size(inputs), verbose=0)

    def _run_mixed_precision_call(
        self, layer_cls, init_kwargs, inputs, call_kwargs, named=False
    ):
        """Calls a fresh layer under `mixed_float16`: float variables stay
        float32 and float outputs are float16."""
        kwargs = dict(init_kwargs, dtype="mixed_float16")
        layer = layer_cls(**kwargs)

        def to_half(x):
            if not sparse_lib.is_sparse(x):
                x = np.asarray(x)
            if "float" in standardize_dtype(x.dtype):
                return x.astype("float16")
            return x

        inputs = tree.map_structure(to_half, inputs)
        outputs = _call_with_inputs(layer, inputs, call_kwargs, named)
        for weight in layer.weights:
            if "float" in standardize_dtype(weight.dtype):
                self.assertDType(weight, "float32")
        for x in tree.flatten(outputs):
            if backend.is_tensor(x) and "float" in standardize_dtype(x.dtype):
                self.assertIn(
                    standardize_dtype(x.dtype), ("float16", "float32")
                )


def _is_flat_numbers(x):
    return isinstance(x, (list, tuple)) and all(
        isinstance(item, (int, float, bool, np.number)) for item in x
    )


def _json_round_trip(config):
    return json.loads(json.dumps(config, sort_keys=True, default=str))


def _public_names(obj):
    return sorted(name for name in dir(obj) if not name.startswith("_"))


def _normalize_shapes(shapes):
    if isinstance(shapes, dict):
        return {k: _normalize_shapes(v) for k, v in shapes.items()}
    if (
        isinstance(shapes, (list, tuple))
        and shapes
        and all(isinstance(s, (list, tuple)) for s in shapes)
    ):
        return [_normalize_shapes(s) for s in shapes]
    return tuple(shapes)


def _is_shape(value):
    return isinstance(value, (list, tuple)) and all(
        d is None or isinstance(d, (int, np.integer)) for d in value
    )


def _map_shapes(fn, shapes, dtypes):
    """Applies `fn(shape, dtype)` to each shape of a structure of shapes."""
    if _is_shape(shapes):
        return fn(tuple(shapes), dtypes)
    if isinstance(shapes, dict):
        return {
            k: _map_shapes(
                fn, v, dtypes[k] if isinstance(dtypes, dict) else dtypes
            )
            for k, v in shapes.items()
        }
    return type(shapes)(
        _map_shapes(
            fn, s, dtypes[i] if isinstance(dtypes, (list, tuple)) else dtypes
        )
        for i, s in enumerate(shapes)
    )


def _named_inputs(input_shape):
    """Whether `input_shape` names keyword inputs (`{"query_shape": ...}`
    for a call `layer(query=...)`)."""
    return (
        isinstance(input_shape, dict)
        and bool(input_shape)
        and all(
            isinstance(k, str) and k.endswith("_shape") for k in input_shape
        )
    )


def _call_with_inputs(layer, inputs, call_kwargs, named):
    if named and isinstance(inputs, dict):
        keyword_inputs = {
            (k[: -len("_shape")] if k.endswith("_shape") else k): v
            for k, v in inputs.items()
        }
        return layer(**keyword_inputs, **call_kwargs)
    return layer(inputs, **call_kwargs)


def _symbolic_inputs(shapes, dtypes, sparse=False):
    return _map_shapes(
        lambda shape, dtype: backend.KerasTensor(
            shape, dtype=dtype or backend.floatx(), sparse=sparse
        ),
        shapes,
        dtypes,
    )


def _random_inputs(shapes, dtypes, sparse=False):
    """Random arrays; with `sparse`, `BCOO` tensors with about half of the
    entries zero (and one batch dimension)."""
    rng = np.random.default_rng(1337)

    def make(shape, dtype):
        dtype = standardize_dtype(dtype or backend.floatx())
        shape = tuple(2 if d is None else d for d in shape)
        if "int" in dtype:
            x = rng.integers(0, 2, size=shape).astype(dtype)
        elif dtype == "bool":
            x = rng.integers(0, 2, size=shape).astype("bool")
        else:
            x = rng.standard_normal(shape).astype(dtype)
        if not sparse:
            return x
        x = x * (rng.uniform(size=shape) < 0.5).astype(dtype)
        return sparse_lib.fromdense(x, n_batch=1 if len(shape) > 1 else 0)

    return _map_shapes(make, shapes, dtypes)


def _batch_size(inputs):
    first = tree.flatten(inputs)[0]
    return int(np.shape(first)[0]) if np.ndim(first) else 1


def _seed_generators(layer):
    from keras.src.random.seed_generator import SeedGenerator

    found = []
    for sublayer in layer._flatten_layers():
        for child in sublayer._tracked_children():
            if isinstance(child, SeedGenerator) and all(
                child is not g for g in found
            ):
                found.append(child)
    return found


def _jax_platforms():
    import jax

    return {device.platform for device in jax.devices()}


def uses_gpu():
    """Whether the backend's default devices are GPUs."""
    return "gpu" in _jax_platforms()


def uses_tpu():
    """Whether the backend's default devices are TPUs."""
    return "tpu" in _jax_platforms()


def uses_cpu():
    """Whether the backend's default devices are CPUs."""
    return "cpu" in _jax_platforms()


def jax_uses_gpu():
    """Whether JAX is the backend and runs on GPUs."""
    return backend.backend() == "jax" and uses_gpu()


def jax_uses_tpu():
    """Whether JAX is the backend and runs on TPUs."""
    return backend.backend() == "jax" and uses_tpu()


def tensorflow_uses_gpu():
    """Whether TensorFlow is the backend and runs on GPUs: never here."""
    return backend.backend() == "tensorflow" and uses_gpu()


def torch_uses_gpu():
    """Whether PyTorch is the backend and runs on GPUs: never here."""
    return backend.backend() == "torch" and uses_gpu()
