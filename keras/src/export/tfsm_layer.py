"""`TFSMLayer`: a TensorFlow SavedModel used as a Keras layer."""

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.jax import export as jax_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib
from keras.src.utils.module_utils import tensorflow as tf


@keras_export("keras.layers.TFSMLayer")
class TFSMLayer(Layer):
    """Loads a TensorFlow SavedModel as a layer, for inference.

    The layer calls one endpoint of the SavedModel (an attribute of the
    loaded object, such as the `serve` endpoint that `model.export()`
    writes, or a serving signature such as `"serving_default"`), and
    another one when called with `training=True` if
    `call_training_endpoint` is given. It can sit inside a Keras model
    that trains its other layers: gradients flow through the SavedModel's
    computation to the layer's inputs (TensorFlow computes them).

    On JAX the SavedModel's computation runs through `jax2tf.call_tf`
    (inside `jit` too). It reads the SavedModel's own variables: the
    layer's `weights` are copies of them (as many, with the same
    trainable/non-trainable split), kept so that the layer saves and
    counts like the SavedModel, but assigning them or training them does
    not change what the layer computes.

    Loading a SavedModel runs its code, so a `.keras` file holding a
    `TFSMLayer` only loads with `safe_mode=False`.

    Args:
        filepath: The SavedModel folder.
        call_endpoint: The endpoint used for inference (default
            `"serve"`).
        call_training_endpoint: Optional endpoint used when the layer is
            called with `training=True`.
        trainable: Whether the layer's weight copies are listed as
            trainable.
        name: The layer's name.
        dtype: The layer's dtype policy.

    Example:

    ```python
    model.export("exported_model")
    reloaded = keras.layers.TFSMLayer("exported_model")
    predictions = reloaded(x)
    ```
    """

    def __init__(
        self,
        filepath,
        call_endpoint="serve",
        call_training_endpoint=None,
        trainable=True,
        name=None,
        dtype=None,
    ):
        super().__init__(trainable=trainable, name=name, dtype=dtype)
        self.filepath = filepath
        self.call_endpoint = call_endpoint
        self.call_training_endpoint = call_training_endpoint
        self._reloaded = tf.saved_model.load(filepath)
        self._call_fn = self._endpoint(call_endpoint)
        self._training_fn = (
            None
            if call_training_endpoint is None
            else self._endpoint(call_training_endpoint)
        )
        self._output_specs = {}
        self._copy_variables()
        self._build_at_init()

    def _endpoint(self, name):
        reloaded = self._reloaded
        if hasattr(reloaded, name) and callable(getattr(reloaded, name)):
            return getattr(reloaded, name)
        signatures = getattr(reloaded, "signatures", {})
        if name in signatures:
            return _KeywordSignature(signatures[name])
        endpoints = sorted(
            a
            for a in dir(reloaded)
            if not a.startswith("_")
            and hasattr(getattr(reloaded, a), "concrete_functions")
        )
        raise ValueError(
            f"The endpoint '{name}' is neither an attribute nor a signature "
            f"of the SavedModel at '{self.filepath}'. Its endpoints are "
            f"{endpoints} and its signatures {sorted(signatures)}."
        )

    def _copy_variables(self):
        trainable = {id(v) for v in self._reloaded.trainable_variables}
        for tf_variable in self._reloaded.variables:
            self.add_weight(
                shape=tuple(tf_variable.shape),
                dtype=tf_variable.dtype.name,
                initializer=_constant(tf_variable.numpy()),
                trainable=id(tf_variable) in trainable,
                name=tf_variable.name.split(":")[0],
            )

    def call(self, inputs, training=False):
        fn = self._call_fn
        if training and self._training_fn is not None:
            fn = self._training_fn
        return jax_export.call_tf_function(
            fn, inputs, self._output_spec(fn, inputs)
        )

    def _output_spec(self, fn, inputs):
        """The outputs' shapes and dtypes for inputs of these shapes.

        The SavedModel's functions leave unknown dimensions unknown in
        their outputs, so the function is run once on zeros (per input
        shape) and its variables restored afterwards.
        """
        flat = tree.flatten(inputs)
        key = (id(fn),) + tuple(
            (tuple(x.shape), backend.standardize_dtype(x.dtype)) for x in flat
        )
        if key not in self._output_specs:
            saved = [v.numpy() for v in self._reloaded.variables]
            zeros = tree.map_structure(
                lambda x: tf.zeros(x.shape, backend.standardize_dtype(x.dtype)),
                inputs,
            )
            outputs = fn(zeros)
            for tf_variable, value in zip(self._reloaded.variables, saved):
                tf_variable.assign(value)
            self._output_specs[key] = tree.map_structure(
                lambda y: _Spec(tuple(y.shape), y.dtype.as_numpy_dtype),
                outputs,
            )
        return self._output_specs[key]

    def compute_output_spec(self, inputs, training=False):
        fn = self._call_fn
        if training and self._training_fn is not None:
            fn = self._training_fn
        if isinstance(fn, _KeywordSignature):
            outputs = fn.concrete.structured_outputs
        else:
            outputs = fn.concrete_functions[0].structured_outputs
        return tree.map_structure(
            lambda y: backend.KerasTensor(tuple(y.shape), dtype=y.dtype.name),
            outputs,
        )

    def get_config(self):
        config = super().get_config()
        config.update(
            {
                "filepath": self.filepath,
                "call_endpoint": self.call_endpoint,
                "call_training_endpoint": self.call_training_endpoint,
            }
        )
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        if safe_mode is None:
            safe_mode = serialization_lib.in_safe_mode()
        if safe_mode:
            raise ValueError(
                "Loading a `TFSMLayer` loads a TensorFlow SavedModel, which "
                "can run arbitrary code (arbitrary code execution). It is "
                "refused in safe mode: pass `safe_mode=False` to the "
                "loading function if you trust the SavedModel at "
                f"'{config.get('filepath')}'."
            )
        return cls(**config)


class _Spec:
    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype


class _KeywordSignature:
    """A serving signature called like an endpoint: its (flat, named)
    inputs are taken from one tensor, a list or a dict."""

    def __init__(self, concrete):
        self.concrete = concrete
        _, kwargs = concrete.structured_input_signature
        self.names = list(kwargs)

    def __call__(self, inputs):
        if isinstance(inputs, dict):
            return self.concrete(**inputs)
        flat = tree.flatten(inputs)
        if len(flat) != len(self.names):
            raise ValueError(
                f"The signature takes {len(self.names)} inputs "
                f"{self.names}; received {len(flat)}."
            )
        return self.concrete(**dict(zip(self.names, flat)))


def _constant(value):
    def initializer(shape, dtype=None):
        return value

    return initializer
