"""Exports Keras functions as a TensorFlow SavedModel.

`ExportArchive` collects the variables of the layers it tracks (as
`tf.Variable`s holding their global values, gathered from whatever devices
and processes hold them) and the endpoints added to it (Keras functions
converted with `jax2tf`, or TensorFlow functions), then writes them as one
SavedModel that TensorFlow, TF Serving or `keras.layers.TFSMLayer` loads.
`export_saved_model(model, filepath)` does this for a model's `call`.
"""

import inspect

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.jax import export as jax_export
from keras.src.distribution import distribution_lib
from keras.src.export import export_utils
from keras.src.utils import io_utils
from keras.src.utils.module_utils import tensorflow as tf

DEFAULT_ENDPOINT_NAME = "serve"

# Options of a Keras endpoint (`add_endpoint(..., **kwargs)`).
_ENDPOINT_OPTIONS = ("jax2tf_kwargs", "is_static")


@keras_export("keras.export.ExportArchive")
class ExportArchive:
    """Writes Keras layers and functions as a TensorFlow SavedModel.

    Track the layers (or models) whose variables the SavedModel holds with
    `track()`, add the functions it serves with `add_endpoint()`, then
    write it with `write_out()`. Each endpoint is also a serving signature
    (the one named `"serve"`, or else the first, is `serving_default`).

    A Keras function is converted to TensorFlow with `jax2tf`: it reads the
    SavedModel's variables and assigns the ones it updates (such as the
    state of a seed generator), and its inputs' unknown dimensions stay
    unknown (shape polymorphism). Variables sharded over a device mesh, in
    one or several processes, are gathered to the host when tracked; with
    several processes, every process makes the same calls and process 0
    alone writes the SavedModel.

    Example:

    ```python
    archive = keras.export.ExportArchive()
    archive.track(model)
    archive.add_endpoint(
        "serve",
        lambda x: model(x, training=False),
        input_signature=[keras.InputSpec(shape=(None, 8), dtype="float32")],
    )
    archive.write_out("path/to/saved_model")

    reloaded = tf.saved_model.load("path/to/saved_model")
    predictions = reloaded.serve(x)
    ```
    """

    def __init__(self):
        self._endpoint_names = []
        self._endpoint_signatures = {}
        self._tf_by_variable = {}
        self.tensorflow_version = tf.version.VERSION
        self._tf_trackable = _tracking().AutoTrackable()
        self._tf_trackable.variables = []
        self._tf_trackable.trainable_variables = []
        self._tf_trackable.non_trainable_variables = []
        # Variables that endpoints use without their layer being tracked.
        self._tf_trackable._untracked_variables = []

    @property
    def variables(self):
        """The `tf.Variable`s of the tracked layers."""
        return self._tf_trackable.variables

    @property
    def trainable_variables(self):
        """The trainable `tf.Variable`s of the tracked layers."""
        return self._tf_trackable.trainable_variables

    @property
    def non_trainable_variables(self):
        """The non-trainable `tf.Variable`s of the tracked layers."""
        return self._tf_trackable.non_trainable_variables

    def track(self, resource):
        """Adds a layer's variables (or a TensorFlow resource) to the archive.

        Args:
            resource: A built Keras layer or model, or a TensorFlow
                trackable (e.g. a `tf.lookup` table or a `tf.Module`) that
                TensorFlow endpoints use.
        """
        from keras.src.layers import Layer

        if isinstance(resource, Layer):
            if not resource.built:
                raise ValueError(
                    f"The layer '{resource.name}' is not built yet. It must "
                    "be built (called on data) before it is tracked."
                )
            for variable in resource.variables:
                tf_variable = self._tf_variable(variable, tracked=True)
                if tf_variable is not None:
                    self._add_tracked(variable, tf_variable)
            return
        if isinstance(resource, _tracking().Trackable):
            if not hasattr(self._tf_trackable, "_tracked"):
                self._tf_trackable._tracked = []
            self._tf_trackable._tracked.append(resource)
            return
        raise ValueError(
            "Invalid resource type: `track()` takes a Keras layer or model, "
            "or a TensorFlow trackable (such as a `tf.lookup` table). "
            f"Received: {resource!r} of type {type(resource).__name__}"
        )

    def _add_tracked(self, variable, tf_variable):
        if any(v is tf_variable for v in self._tf_trackable.variables):
            return
        self._tf_trackable.variables.append(tf_variable)
        if variable.trainable:
            self._tf_trackable.trainable_variables.append(tf_variable)
        else:
            self._tf_trackable.non_trainable_variables.append(tf_variable)

    def _tf_variable(self, variable, tracked=False):
        """The `tf.Variable` holding `variable`'s value (made on first
        use, from the value gathered to the host: a collective when the
        variable spans several processes)."""
        key = id(variable)
        if key not in self._tf_by_variable:
            value = distribution_lib.to_host(variable.value)
            tf_variable = tf.Variable(
                value,
                trainable=variable.trainable,
                name=variable.name,
            )
            self._tf_by_variable[key] = (variable, tf_variable)
            if not tracked:
                self._tf_trackable._untracked_variables.append(tf_variable)
        return self._tf_by_variable[key][1]

    def add_endpoint(self, name, fn, input_signature=None, **kwargs):
        """Adds a function the SavedModel serves as `name`.

        Args:
            name: The endpoint's name (an attribute of the loaded
                SavedModel, and a serving signature).
            fn: A Keras function of tensors (e.g. `model.__call__`,
                `layer.call` or a lambda around them), or a `tf.function`
                (which must have been called once, unless
                `input_signature` is given).
            input_signature: The specs of `fn`'s positional arguments: a
                list whose entries are `keras.InputSpec`s,
                `keras.KerasTensor`s or `tf.TensorSpec`s (or lists/dicts of
                them, for structured arguments). `None` dimensions stay
                unknown in the SavedModel.
            **kwargs: For a Keras function: `jax2tf_kwargs` (a dict of
                arguments of `jax2tf.convert`, e.g. `polymorphic_shapes` to
                relate unknown dimensions, or
                `native_serialization_platforms`) and `is_static` (`True`
                to embed the variables' values in the computation as
                constants instead of reading the SavedModel's variables;
                assignments are then dropped).

        Returns:
            The `tf.function` of the endpoint (it can be called from other
            TensorFlow functions added as endpoints).
        """
        if name in self._endpoint_names:
            raise ValueError(
                f"Endpoint name '{name}' is already taken. Pick another name."
            )
        if isinstance(fn, tf.types.experimental.PolymorphicFunction):
            endpoint = self._tf_endpoint(name, fn, input_signature, kwargs)
        else:
            endpoint = self._keras_endpoint(name, fn, input_signature, kwargs)
        setattr(self._tf_trackable, name, endpoint)
        self._endpoint_names.append(name)
        return endpoint

    def _tf_endpoint(self, name, fn, input_signature, kwargs):
        if kwargs:
            raise ValueError(
                f"Endpoint '{name}' is a `tf.function`: it takes no "
                f"conversion options. Received: {sorted(kwargs)}"
            )
        if input_signature is not None:
            specs = export_utils.normalize_input_signature(input_signature)
            concrete = fn.get_concrete_function(*specs)
        else:
            traced = fn._list_all_concrete_functions()
            if not traced:
                raise ValueError(
                    f"Cannot add endpoint '{name}': to add a `tf.function` "
                    "without `input_signature`, you must either provide a "
                    "function decorated with `@tf.function` that has been "
                    "called (traced) at least once, or give its "
                    "`input_signature`."
                )
            concrete = traced[0] if len(traced) == 1 else None
        self._endpoint_signatures[name] = concrete
        return fn

    def _keras_endpoint(self, name, fn, input_signature, kwargs):
        unknown = sorted(set(kwargs) - set(_ENDPOINT_OPTIONS))
        if unknown:
            raise ValueError(
                f"Unrecognized arguments for endpoint '{name}': {unknown}. "
                f"A Keras function takes {list(_ENDPOINT_OPTIONS)}."
            )
        if input_signature is None:
            raise ValueError(
                f"Cannot add endpoint '{name}': for a Keras function, you "
                "must provide an `input_signature` (the specs of its "
                "positional arguments), e.g. "
                "`[keras.InputSpec(shape=(None, 8), dtype='float32')]`."
            )
        specs = export_utils.normalize_input_signature(input_signature)
        jax2tf_kwargs = dict(kwargs.get("jax2tf_kwargs") or {})
        poly = jax2tf_kwargs.pop("polymorphic_shapes", None)
        if poly is None:
            poly = export_utils.polymorphic_shapes(specs)
        read, written = jax_export.trace_state(fn, specs, poly)
        static = bool(kwargs.get("is_static", False))
        tf_read = [self._tf_variable(v) for v in read]
        tf_written = [self._tf_variable(v) for v in written]
        converted = jax_export.to_tf_function(
            fn,
            read,
            written,
            poly,
            static_values=[v.numpy() for v in tf_read] if static else None,
            jax2tf_kwargs=jax2tf_kwargs,
        )

        def endpoint(*args):
            if static:
                outputs, updates = converted(*args)
                updates = []
            else:
                values = [v.value() for v in tf_read]
                outputs, updates = converted(values, *args)
            for tf_variable, value in zip(tf_written, updates):
                tf_variable.assign(value)
            return outputs

        endpoint.__signature__ = _leading_parameters(fn, len(specs))
        function = tf.function(endpoint, input_signature=specs, autograph=False)
        self._endpoint_signatures[name] = function.get_concrete_function()
        return function

    def track_and_add_endpoint(self, name, resource, input_signature, **kwargs):
        """Tracks `resource` and adds its `__call__` as endpoint `name`.

        Args:
            name: The endpoint's name.
            resource: A built Keras layer or model.
            input_signature: The specs of its call's positional arguments
                (see `add_endpoint`).
            **kwargs: Options of `add_endpoint`.

        Returns:
            The endpoint's `tf.function`.
        """
        self.track(resource)
        return self.add_endpoint(
            name, resource.__call__, input_signature, **kwargs
        )

    def add_variable_collection(self, name, variables):
        """Saves a list of variables under attribute `name`.

        Args:
            name: The attribute of the loaded SavedModel holding them.
            variables: Keras variables (or `tf.Variable`s).
        """
        if not isinstance(variables, (list, tuple, set)):
            raise ValueError(
                "`variables` must be a list, tuple or set of variables. "
                f"Received: {variables!r} of type {type(variables).__name__}"
            )
        collection = []
        for variable in variables:
            if isinstance(variable, backend.Variable):
                collection.append(self._tf_variable(variable))
            elif isinstance(variable, tf.Variable):
                collection.append(variable)
            else:
                raise ValueError(
                    f"Variable collection '{name}' takes Keras variables or "
                    f"`tf.Variable`s. Received: {variable!r} of type "
                    f"{type(variable).__name__}"
                )
        setattr(self._tf_trackable, name, list(collection))

    def write_out(self, filepath, options=None, verbose=True):
        """Writes the SavedModel to `filepath` (a folder).

        With several processes, every process calls this; process 0 writes
        and the others wait until the SavedModel is complete.

        Args:
            filepath: The folder to write.
            options: Optional `tf.saved_model.SaveOptions`.
            verbose: Whether to print the endpoints once written.
        """
        if not self._endpoint_names:
            raise ValueError(
                "No endpoints have been set yet. Call `add_endpoint()` "
                "before `write_out()`."
            )
        signatures = self._signatures()
        export_utils.write_from_process_0(
            filepath,
            lambda path: tf.saved_model.save(
                self._tf_trackable,
                path,
                options=options,
                signatures=signatures,
            ),
        )
        if verbose and distribution_lib.process_id() == 0:
            io_utils.print_msg(self._summary(filepath))

    def _signatures(self):
        signatures = {}
        for name in self._endpoint_names:
            concrete = self._endpoint_signatures.get(name)
            if concrete is not None:
                signatures[name] = signature_function(
                    getattr(self._tf_trackable, name), concrete
                )
        default = (
            DEFAULT_ENDPOINT_NAME
            if DEFAULT_ENDPOINT_NAME in signatures
            else next(iter(signatures), None)
        )
        if default is not None:
            signatures["serving_default"] = signatures[default]
        return signatures

    def _summary(self, filepath):
        lines = [f"Saved the SavedModel to '{filepath}'. Endpoints:"]
        for name in self._endpoint_names:
            concrete = self._endpoint_signatures.get(name)
            if concrete is None:
                lines.append(f"  {name}: a traced `tf.function`")
                continue
            args, _ = concrete.structured_input_signature
            lines.append(f"  {name}{tuple(args)}")
            outputs = tree.map_structure(
                tf.TensorSpec.from_tensor, concrete.structured_outputs
            )
            lines.append(f"    -> {outputs}")
        return "\n".join(lines)


def _tracking():
    """TensorFlow's `tf.__internal__.tracking` (imported on first use)."""
    import tensorflow

    return tensorflow.__internal__.tracking


def _leading_parameters(fn, count):
    """A signature with the names of `fn`'s first `count` positional
    parameters (`args_<i>` where it has no name for them), so that the
    endpoint can be called with them as keywords."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    try:
        params = [
            p.name
            for p in inspect.signature(fn).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
    except (TypeError, ValueError):
        params = []
    names = [
        params[i] if i < len(params) else f"args_{i}" for i in range(count)
    ]
    return inspect.Signature([inspect.Parameter(n, kind) for n in names])


def signature_function(function, concrete):
    """A serving signature for the endpoint `function` (traced as
    `concrete`): flat named tensor inputs (the specs' names, else the
    argument names) and a dict of outputs."""
    args, _ = concrete.structured_input_signature
    flat_specs = tree.flatten(args)
    names, taken = [], set()
    for i, spec in enumerate(flat_specs):
        name = spec.name or f"args_{i}"
        while name in taken:
            name = f"{name}_{i}"
        taken.add(name)
        names.append(name)
    specs = [
        tf.TensorSpec(s.shape, s.dtype, name=n)
        for s, n in zip(flat_specs, names)
    ]

    def signature(*flat):
        outputs = function(*tree.pack_sequence_as(args, list(flat)))
        if isinstance(outputs, dict):
            return outputs
        return {f"output_{i}": x for i, x in enumerate(tree.flatten(outputs))}

    return tf.function(signature, input_signature=specs, autograph=False)


def export_saved_model(
    model, filepath, verbose=None, input_signature=None, **kwargs
):
    """Exports a model's inference function as a TensorFlow SavedModel.

    The SavedModel has one endpoint, `serve` (also its `serving_default`
    signature), computing `model(inputs, training=False)`.

    Args:
        model: A built Keras model (a subclassed model must have been
            called once).
        filepath: The folder to write.
        verbose: Whether to print the endpoint once written (default
            `True`).
        input_signature: Optional specs of the model's inputs (see
            `ExportArchive.add_endpoint`); inferred from the model when
            `None`, with an unknown batch dimension.
        **kwargs: `jax2tf_kwargs` and `is_static` (see
            `ExportArchive.add_endpoint`).

    Example:

    ```python
    model.export("path/to/saved_model")  # calls this function
    reloaded = tf.saved_model.load("path/to/saved_model")
    predictions = reloaded.serve(x)
    ```
    """
    export_utils.require("tensorflow", "tensorflow", "tf_saved_model")
    if input_signature is None:
        input_signature = export_utils.get_input_signature(model)
    archive = ExportArchive()
    archive.track(model)
    archive.add_endpoint(
        DEFAULT_ENDPOINT_NAME,
        lambda *args: model(*args, training=False),
        input_signature,
        **kwargs,
    )
    archive.write_out(filepath, verbose=True if verbose is None else verbose)
