"""`Model`: a `Layer` with training, saving and summary."""

import json

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.backend.jax.trainer import JAXTrainer
from keras.src.layers.layer import Layer
from keras.src.utils import python_utils


@keras_export(["keras.Model", "keras.models.Model"])
class Model(JAXTrainer, Layer):
    """A model groups layers into an object with training and inference.

    There are three ways to create a `Model`:

    1. The functional API: start from `keras.Input`, chain layer calls to
       get the outputs, then build the model from inputs and outputs:

    ```python
    features = keras.Input(shape=(20,))
    hidden = keras.layers.Dense(64, activation="gelu")(features)
    scores = keras.layers.Dense(3)(hidden)
    scorer = keras.Model(inputs=features, outputs=scores)
    ```

    `inputs` and `outputs` may be single tensors, lists or dicts of
    tensors.

    2. Subclassing: define the layers in `__init__` and the forward pass in
       `call`:

    ```python
    class TwoLayerScorer(keras.Model):
        def __init__(self, width=64, **kwargs):
            super().__init__(**kwargs)
            self.hidden = keras.layers.Dense(width, activation="gelu")
            self.head = keras.layers.Dense(3)

        def call(self, features):
            return self.head(self.hidden(features))
    ```

    3. `keras.Sequential`, for a plain stack of layers.

    Args:
        inputs: (functional API) The input tensor(s) of the model.
        outputs: (functional API) The output tensor(s) of the model.
        name: The model's name.
        trainable: Whether the model's variables are trainable.
        dtype: The model's dtype policy.
    """

    def __new__(cls, *args, **kwargs):
        if cls is Model and functional_init_arguments(args, kwargs):
            from keras.src.models import functional

            return functional.Functional.__new__(
                functional.Functional, *args, **kwargs
            )
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        JAXTrainer.__init__(self)
        if functional_init_arguments(args, kwargs):
            # A subclass of `Model` initialized with inputs and outputs
            # becomes a functional model.
            from keras.src.models import functional

            if not isinstance(self, functional.Functional):
                inject_functional_model_class(self.__class__)
            functional.Functional.__init__(self, *args, **kwargs)
            return
        Layer.__init__(self, *args, **kwargs)
        self._build_input_shape = None

    # ---------------------------------------------------------------- build
    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        if self._has_custom_build():
            # The shapes of the first call's arguments, which `export()`
            # turns into an input signature.
            self._build_call_shapes = self._build_shapes(args, kwargs)
            super()._maybe_build(args, kwargs)
            return
        # No custom `build`: sublayers build themselves when first called.
        # On symbolic inputs, run `call` once on zeros first so that their
        # weights are created outside of any shape-inference trace.
        self._build_input_shape = self._build_shapes(args, kwargs)
        if backend.any_symbolic_tensors(args, kwargs):
            _symbolic_dummy_build(self, args, kwargs)
        self.built = True

    def _has_custom_build(self):
        return type(self).build is not Model.build

    def build(self, input_shape=None):
        """Builds the model's weights for inputs of `input_shape`.

        A subclassed model that does not override `build` is built by
        running `call` once on zeros of that shape (`None` dimensions taken
        as 1), which creates the weights of its sublayers.

        Args:
            input_shape: A shape tuple, or a list/dict of shape tuples for
                models with several inputs.
        """
        if input_shape is None:
            self.built = True
            return
        self._build_input_shape = _to_plain_shapes(input_shape)
        dummy = _dummy_inputs(input_shape)
        with backend.StatelessScope():
            self.call(dummy)

    def get_build_config(self):
        """Returns the input shape the model was built with, if known."""
        if self.built and getattr(self, "_build_input_shape", None):
            return {"input_shape": _to_plain_shapes(self._build_input_shape)}
        return None

    def build_from_config(self, config):
        """Builds the model from the output of `get_build_config`."""
        if not config or self.built:
            return
        input_shape = config.get("input_shape")
        if input_shape is not None:
            self.build(_shapes_from_config(input_shape))

    # --------------------------------------------------------------- layers
    @property
    def layers(self):
        """The model's layers (direct sublayers, in order)."""
        return self._flatten_layers(include_self=False, recursive=False)

    @layers.setter
    def layers(self, _):
        raise AttributeError(
            "The `Model.layers` attribute is reserved: it is the read-only "
            "list of the model's sublayers. Store your layers under a "
            "different attribute name."
        )

    def get_layer(self, name=None, index=None):
        """Retrieves a layer by its name or its index in `model.layers`.

        Args:
            name: The layer's name.
            index: The layer's index in `model.layers`.

        Returns:
            The layer.

        Example:

        ```python
        dense = model.get_layer("dense")
        first = model.get_layer(index=0)
        ```
        """
        if (name is None) == (index is None):
            raise ValueError(
                "`get_layer` takes exactly one of `name` or `index`; got "
                f"name={name!r}, index={index!r}."
            )
        candidates = self.layers
        if index is not None:
            if index >= len(candidates):
                raise ValueError(
                    f"`get_layer(index={index})` is out of range: model "
                    f"'{self.name}' has {len(candidates)} layers."
                )
            return candidates[index]
        by_name = {layer.name: layer for layer in reversed(candidates)}
        if name in by_name:
            return by_name[name]
        raise ValueError(
            f"No such layer: {name!r} in model '{self.name}'. Its layers "
            f"are named {[layer.name for layer in candidates]}."
        )

    # -------------------------------------------------------------- summary
    def summary(
        self,
        line_length=None,
        positions=None,
        print_fn=None,
        expand_nested=False,
        show_trainable=False,
        layer_range=None,
    ):
        """Prints a table of the model's layers and parameter counts.

        Args:
            line_length: Total width of the table (default 88, or 108 when
                a "Connected to" column is shown).
            positions: Right edges of the columns, as fractions of
                `line_length` (or absolute widths).
            print_fn: Function called with each line of the summary;
                defaults to `print`.
            expand_nested: Whether to also list the layers of nested models.
            show_trainable: Whether to add a column telling whether each
                layer is trainable.
            layer_range: Optional `[first_name, last_name]` pair (regexes
                matched against layer names) restricting the rows shown.

        Example:

        >>> model.summary()  # doctest: +SKIP
        """
        from keras.src.utils import summary_utils

        summary_utils.print_summary(
            self,
            line_length=line_length,
            positions=positions,
            print_fn=print_fn,
            expand_nested=expand_nested,
            show_trainable=show_trainable,
            layer_range=layer_range,
        )

    # --------------------------------------------------------------- saving
    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        """Saves the model (architecture, weights, compile and optimizer
        state) to a `.keras` file.

        Args:
            filepath: Path of the file to write (`.keras`).
            overwrite: Whether to overwrite an existing file.
            zipped: Whether to write a zip archive (the `.keras` format).
            **kwargs: Passed to `keras.saving.save_model`.

        Example:

        ```python
        model.save("model.keras")
        restored = keras.saving.load_model("model.keras")
        ```
        """
        from keras.src.saving import saving_api

        return saving_api.save_model(
            self, filepath, overwrite=overwrite, zipped=zipped, **kwargs
        )

    def save_weights(self, filepath, overwrite=True, **kwargs):
        """Saves the model's weights to a `.weights.h5` file.

        Args:
            filepath: Path of the file to write (ends in `.weights.h5`).
            overwrite: Whether to overwrite an existing file.
            **kwargs: Passed to `keras.saving.save_weights`.
        """
        from keras.src.saving import saving_api

        return saving_api.save_weights(
            self, filepath, overwrite=overwrite, **kwargs
        )

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        """Loads weights saved by `save_weights` (or in a `.keras` file).

        Args:
            filepath: Path of the weights (or `.keras`) file, or a folder
                of Orbax checkpoints (`keras.callbacks.OrbaxCheckpoint`).
            skip_mismatch: Whether to skip variables whose shapes don't
                match instead of raising.
            **kwargs: Passed to `keras.saving.load_weights`.
        """
        from keras.src.saving import saving_api

        return saving_api.load_weights(
            self, filepath, skip_mismatch=skip_mismatch, **kwargs
        )

    def quantize(
        self, mode=None, config=None, filters=None, verbose=True, **kwargs
    ):
        """Quantizes the weights of the model's layers in place.

        Every sub-layer that implements `quantize()` (`Dense`,
        `EinsumDense`, `Embedding`, `ReversibleEmbedding`) and passes
        `filters` is quantized with `mode`. Layers are left as they are,
        and listed in the returned report with the reason, when `filters`
        leaves them out, when they have no `quantize()` or refuse the mode
        (e.g. `Embedding` with `"float8"` or `"ternary"`, or a subclass of
        a quantizable layer, whose computation may differ), or when they
        are already quantized. One warning sums up the layers that do not
        support quantization. The compiled train/predict functions are
        rebuilt on next use.

        The call quantizes all the selected layers or none: when one of
        them raises (other than by refusing the mode), every layer is put
        back as it was before the call and the error is raised.

        `"gptq"` and `"awq"` need a `GPTQConfig` / `AWQConfig` with a
        calibration dataset and tokenizer, and the model's blocks (the
        config's `quantization_layer_structure`, else
        `get_quantization_layer_structure(mode)`): only the `Dense` and
        `EinsumDense` layers inside those blocks are quantized, each one
        calibrated on the inputs it receives from the calibration data
        (see `keras.src.quantizers.calibration`).

        Args:
            mode: `"int8"`, `"int4"`, `"float8"`, `"ternary"`, `"gptq"` or
                `"awq"`. May be omitted when `config` is given.
            config: Optional `keras.quantizers.QuantizationConfig`.
            filters: Optional selection of the layers to quantize: a regex
                (or list of regexes) searched in layer names, or a
                callable taking a layer and returning a boolean.
            verbose: Whether to print the report.
            **kwargs: Not accepted: any keyword argument raises a
                `ValueError`.

        Returns:
            A `keras.quantizers.QuantizationReport`, also kept as
            `model._quantization_report`.

        Example:

        >>> model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
        >>> report = model.quantize("int8", verbose=False)
        >>> report.quantized
        [('dense', 'int8', 'int8_from_float32')]
        """
        import warnings

        from keras.src.quantizers import in_place
        from keras.src.quantizers import quantization_config
        from keras.src.quantizers.report import QuantizationReport

        if kwargs:
            raise ValueError(
                "Unrecognized keyword arguments passed to "
                f"`Model.quantize()`: {sorted(kwargs)}. It accepts `mode`, "
                "`config`, `filters` and `verbose`."
            )
        config = quantization_config.validate_and_resolve_config(mode, config)
        if not self.built:
            raise ValueError(
                "Cannot quantize a layer that isn't yet built. Model "
                f"'{self.name}' is not built: build it (e.g. call it on "
                "data) first."
            )
        candidates = self._quantization_candidates()
        restore = in_place.snapshot_layers(candidates)
        report = QuantizationReport(mode=config.mode)
        try:
            if config.mode in ("gptq", "awq"):
                before = {id(x) for x in candidates if x.quantization_mode}
                self._quantize_with_calibration(config, filters)
                _report_calibrated(report, candidates, before, filters)
            else:
                for layer in candidates:
                    _quantize_layer(layer, config, filters, report)
        except BaseException:
            restore()
            self._reset_functions()
            raise
        self._reset_functions()
        self._quantization_report = report
        message = report.summary_warning()
        if message is not None:
            warnings.warn(message, stacklevel=2)
        if verbose:
            print(report.render())
        return report

    def quantization_summary(self, verbose=True):
        """Describes what the quantized layers store, and the saving.

        Lists each quantized layer with its dtype policy and the bytes of
        its stored integer weights (packed where the mode packs them),
        then the totals against the bytes of the float weights they stand
        for.

        Args:
            verbose: Whether to print the summary.

        Returns:
            The summary, as a string.

        Example:

        >>> model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4)])
        >>> _ = model.quantize("ternary", verbose=False)
        >>> summary = model.quantization_summary(verbose=False)
        >>> summary.splitlines()[-1].split(":")[1]  # a (1, 4) uint8 kernel
        ' 4 bytes quantized vs 80 bytes float32 (20.00x smaller)'
        """
        from keras.src.quantizers.report import quantization_summary

        text = quantization_summary(self.name, self._quantization_candidates())
        if verbose:
            print(text)
        return text

    def _quantization_candidates(self):
        """The layers `quantize()` visits and reports: every sub-layer but
        input layers and nested models (their layers are visited
        themselves)."""
        from keras.src.layers.core.input_layer import InputLayer

        return [
            layer
            for layer in self._flatten_layers(include_self=False)
            if not isinstance(layer, (InputLayer, Model))
        ]

    def _quantize_with_calibration(self, config, filters):
        """GPTQ/AWQ: quantizes the layers of the model's blocks, calibrated
        on `config.dataset` (`keras.src.quantizers.calibration`)."""
        from keras.src.quantizers import awq_core
        from keras.src.quantizers import gptq_core

        mode = config.mode
        structure = config.quantization_layer_structure
        if structure is None:
            structure = self.get_quantization_layer_structure(mode)
        if structure is None:
            raise ValueError(
                f"For mode='{mode}', a valid quantization structure must be "
                "provided either via `config.quantization_layer_structure` "
                "or by overriding `model.get_quantization_layer_structure"
                "(mode)`. The structure should be a dictionary with keys "
                "'pre_block_layers' and 'sequential_blocks'."
            )
        quantize = (
            gptq_core.gptq_quantize
            if mode == "gptq"
            else (awq_core.awq_quantize)
        )
        quantize(config, structure, filters)
        self._reset_functions()

    def get_quantization_layer_structure(self, mode=None):
        """The blocks GPTQ and AWQ calibrate, for models that know them.

        `Model.quantize("gptq" | "awq")` uses this when the config has no
        `quantization_layer_structure`. Models made of repeated blocks
        (e.g. transformer decoders) override it.

        Args:
            mode: The quantization mode asking (`"gptq"` or `"awq"`).

        Returns:
            `None` (no structure known), or a dict with the keys
            `"pre_block_layers"` (the layers that turn token ids into the
            first block's input) and `"sequential_blocks"` (the blocks,
            in order).
        """
        return None

    def export(
        self,
        filepath,
        format="tf_saved_model",
        verbose=None,
        input_signature=None,
        **kwargs,
    ):
        """Exports the model for inference: SavedModel, LiteRT, ONNX, OpenVINO.

        The exported function is `model(inputs, training=False)`, with the
        batch dimension left unknown (any batch size is served). The
        variables are read from wherever they live: sharded over a device
        mesh or spread over several processes, they are gathered to the
        host. With several processes, every process calls `export()`;
        process 0 writes the file and the others wait until it is complete
        (an error on one process is raised on all of them).

        Each format needs its package only when used: TensorFlow for
        `"tf_saved_model"` and `"litert"` (run by `ai-edge-litert`),
        `onnx` for `"onnx"` (run by `onnxruntime`), `onnx` and `openvino`
        for `"openvino"`; `pip install keras[export]` installs them all.
        ONNX and OpenVINO files hold the weights as constants and need no
        TensorFlow.

        Args:
            filepath: Where to write: a folder for `"tf_saved_model"`, a
                `.tflite` file for `"litert"`, a file (e.g. `.onnx`) for
                `"onnx"`, an `.xml` file (and its `.bin` weights beside
                it) for `"openvino"`.
            format: `"tf_saved_model"` (default), `"litert"`, `"onnx"` or
                `"openvino"`.
            verbose: Whether to print a message once exported (default:
                `True`).
            input_signature: Optional specs of the model's inputs (a list,
                one entry per positional argument of `call`, of
                `keras.InputSpec`s, `keras.KerasTensor`s or
                `tf.TensorSpec`s, or structures of them). Inferred from the
                model when `None`.
            **kwargs: Options of the format. `"tf_saved_model"`:
                `is_static` (embed the weights in the computation) and
                `jax2tf_kwargs` (arguments of `jax2tf.convert`).
                `"litert"`: attributes of `tf.lite.TFLiteConverter`, such
                as `optimizations`. `"onnx"`: `opset_version` (default
                23).

        Example:

        ```python
        model.export("exported_model")  # a TF SavedModel folder
        reloaded = tf.saved_model.load("exported_model")
        predictions = reloaded.serve(x)

        model.export("model.onnx", format="onnx")
        session = onnxruntime.InferenceSession("model.onnx")
        predictions = session.run(None, {"features": x})[0]
        ```
        """
        from keras.src import export as export_lib

        return export_lib.export_model(
            self,
            filepath,
            format=format,
            verbose=verbose,
            input_signature=input_signature,
            **kwargs,
        )

    # ----------------------------------------------------------- state tree
    def _get_variable_map(self):
        """`{path: variable}` of the whole training state: the model's
        variables, then its optimizer's and its metrics' (e.g.
        `"dense/kernel"`, `"adam/learning_rate"`, `"loss/total"`)."""
        variables = list(self.variables)
        if self.optimizer is not None:
            variables += self.optimizer.variables
        variables += self.metrics_variables
        return {variable.path: variable for variable in variables}

    def get_state_tree(self, value_format="backend_tensor"):
        """Returns the values of the model's state as nested dicts.

        The tree has four entries, `"trainable_variables"`,
        `"non_trainable_variables"`, `"optimizer_variables"` and
        `"metrics_variables"`; in each, the values are nested by the parts
        of the variable paths (`tree["trainable_variables"]["dense"]
        ["kernel"]`).

        Args:
            value_format: `"backend_tensor"` (JAX arrays) or
                `"numpy_array"`.

        Returns:
            The nested dict of values.
        """
        self.jax_state_sync()
        optimizer = getattr(self, "optimizer", None)
        groups = {
            "trainable_variables": self.trainable_variables,
            "non_trainable_variables": self.non_trainable_variables,
            "optimizer_variables": (
                [] if optimizer is None else optimizer.variables
            ),
            "metrics_variables": self.metrics_variables,
        }
        return {
            key: _nest_by_path(variables, value_format)
            for key, variables in groups.items()
        }

    def set_state_tree(self, state_tree):
        """Assigns values given as `get_state_tree()` returns them.

        Any of the four entries may be left out, and so may any variable
        inside them.

        Args:
            state_tree: Dict of nested dicts of values.
        """
        self.jax_state_sync()
        optimizer = getattr(self, "optimizer", None)
        groups = {
            "trainable_variables": lambda: self.trainable_variables,
            "non_trainable_variables": lambda: self.non_trainable_variables,
            "optimizer_variables": lambda: (
                [] if optimizer is None else optimizer.variables
            ),
            "metrics_variables": lambda: self.metrics_variables,
        }
        for key, subtree in state_tree.items():
            if key not in groups:
                raise ValueError(
                    f"Unknown entry {key!r} in the state tree; expected "
                    f"some of {list(groups)}."
                )
            values = python_utils.flatten_by_path(subtree)
            for variable in groups[key]():
                if variable.path in values:
                    variable.assign(values[variable.path])

    def to_json(self, **kwargs):
        """Returns the model's config as a JSON string.

        Args:
            **kwargs: Passed to `json.dumps`.
        """
        from keras.src.saving import serialization_lib

        config = serialization_lib.serialize_keras_object(self)
        return json.dumps(config, default=_json_default, **kwargs)

    # --------------------------------------------------------------- config
    def get_config(self):
        """Returns the model's config.

        Subclassed models that don't override `get_config` get their
        simple constructor arguments (numbers, strings, lists of those)
        recorded automatically.
        """
        config = {"name": self.name, "trainable": self.trainable}
        if type(self).get_config is Model.get_config:
            for key, value in getattr(self, "_init_arguments", {}).items():
                if key not in config and _is_plain_value(value):
                    config[key] = value
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        """Creates a model from its config (the output of `get_config`).

        Args:
            config: The config dict.
            custom_objects: Optional dict of names to custom classes and
                functions used by the model.

        Returns:
            A model instance.
        """
        from keras.src.models import functional

        if _is_functional_config(config) and (
            cls is Model or issubclass(cls, functional.Functional)
        ):
            return functional.functional_from_config(
                cls, config, custom_objects=custom_objects
            )
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError(
                "Unable to revive model from config. When overriding the "
                "`get_config()` method, make sure that the returned config "
                "contains all items used as arguments in the constructor to "
                f"{cls}, which is the default behavior. You can override "
                "this default behavior by defining a `from_config(cls, "
                "config)` class method to specify how to create an instance "
                f"of {cls.__name__} from its config.\n\nReceived "
                f"config={config}\n\nError encountered during "
                f"deserialization: {e}"
            ) from e

    def __repr__(self):
        return (
            f"<{self.__class__.__name__} name={self.name}, built={self.built}>"
        )


def _nest_by_path(variables, value_format):
    """`{part: {part: value}}` from the `/`-separated variable paths."""
    if value_format not in ("backend_tensor", "numpy_array"):
        raise ValueError(
            f"Invalid value_format={value_format!r}: use 'backend_tensor' "
            "or 'numpy_array'."
        )
    flat = {}
    for variable in variables:
        path = variable.path
        if path in flat:
            raise ValueError(
                "The following variable path is found twice in the model, "
                f"so it cannot key a state tree: {path!r}. Give the layers "
                "(and other objects holding variables) distinct names."
            )
        value = variable.value
        if value_format == "numpy_array":
            value = backend.convert_to_numpy(value)
        flat[path] = value
    return python_utils.nest_by_path(flat)


@keras_export("keras.models.model_from_json")
def model_from_json(json_string, custom_objects=None):
    """Creates a model from the JSON string returned by `model.to_json()`.

    Args:
        json_string: The JSON string.
        custom_objects: Optional dict of names to custom classes and
            functions.

    Returns:
        A (not compiled) model.
    """
    from keras.src.saving import serialization_lib

    config = json.loads(json_string)
    return serialization_lib.deserialize_keras_object(
        config, custom_objects=custom_objects
    )


def functional_init_arguments(args, kwargs):
    """Whether `Model(*args, **kwargs)` asks for a functional model."""
    # Inputs and outputs may come positionally or by keyword.
    if len(args) == 2:
        return True
    if "outputs" not in kwargs:
        return False
    return len(args) == 1 or "inputs" in kwargs


def inject_functional_model_class(cls):
    """Makes a `Model` subclass inherit from `Functional` instead."""
    from keras.src.models import functional

    if cls is Model:
        return functional.Functional
    if cls is object or issubclass(cls, functional.Functional):
        return cls
    cls.__bases__ = tuple(
        inject_functional_model_class(base) for base in cls.__bases__
    )
    return cls


def _is_functional_config(config):
    return (
        isinstance(config, dict)
        and "layers" in config
        and "input_layers" in config
        and "output_layers" in config
    )


def _is_plain_value(value):
    if isinstance(value, (list, tuple)):
        return all(_is_plain_value(v) for v in value)
    return value is None or isinstance(value, (bool, int, float, str))


def _is_shape(value):
    return isinstance(value, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in value
    )


def _to_plain_shapes(shapes):
    """Shapes as lists (JSON friendly), keeping list/dict structure."""
    if _is_shape(shapes):
        return list(shapes)
    if isinstance(shapes, dict):
        return {k: _to_plain_shapes(v) for k, v in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return [_to_plain_shapes(s) for s in shapes]
    return shapes


def _shapes_from_config(shapes):
    if _is_shape(shapes):
        return tuple(shapes)
    if isinstance(shapes, dict):
        return {k: _shapes_from_config(v) for k, v in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return [_shapes_from_config(s) for s in shapes]
    return shapes


def _dummy_inputs(input_shape, dtype=None):
    import numpy as np

    dtype = dtype or backend.floatx()
    if _is_shape(input_shape):
        shape = tuple(1 if d is None else d for d in input_shape)
        return backend.convert_to_tensor(np.zeros(shape), dtype=dtype)
    if isinstance(input_shape, dict):
        return {k: _dummy_inputs(v, dtype) for k, v in input_shape.items()}
    if isinstance(input_shape, (list, tuple)):
        return [_dummy_inputs(s, dtype) for s in input_shape]
    raise ValueError(f"Invalid `input_shape`: {input_shape}")


def _json_default(obj):
    if hasattr(obj, "tolist"):
        return obj.tolist()
    if isinstance(obj, tuple):
        return list(obj)
    raise TypeError(f"Not JSON serializable: {obj!r}")


def _symbolic_dummy_build(model, args, kwargs):
    """Builds a subclassed model called on KerasTensors by running `call`
    once on zeros (creating sublayer weights outside any trace)."""
    import numpy as np

    def concrete(x):
        if isinstance(x, backend.KerasTensor):
            shape = tuple(1 if d is None else d for d in x.shape)
            return backend.convert_to_tensor(np.zeros(shape), dtype=x.dtype)
        return x

    args, kwargs = tree.map_structure(concrete, (args, kwargs))
    with backend.StatelessScope():
        model.call(*args, **kwargs)


def _quantize_layer(layer, config, filters, report):
    """Quantizes one layer for `Model.quantize` (int8, int4, float8,
    ternary) and records the outcome in `report`."""
    from keras.src.quantizers import layer_filters
    from keras.src.quantizers.report import QuantizationReport

    path = layer.path or layer.name
    if not layer_filters.should_quantize_layer(layer, filters):
        report.add_skipped(path, QuantizationReport.SKIP_FILTERED)
        return
    if type(layer).quantize is Layer.quantize:
        report.add_skipped(path, QuantizationReport.SKIP_NO_SUPPORT)
        return
    if layer.quantization_mode is not None:
        report.add_skipped(path, QuantizationReport.SKIP_ALREADY_QUANTIZED)
        return
    try:
        layer.quantize(config.mode, config=config)
    except NotImplementedError:
        report.add_skipped(path, QuantizationReport.SKIP_NO_SUPPORT)
        return
    report.add_quantized(path, config.mode, layer.dtype_policy.name)


def _report_calibrated(report, layers, quantized_before, filters):
    """Fills `report` after a GPTQ/AWQ run: the layers that got the mode
    were quantized; the other quantizable ones were outside the blocks
    the calibration walked (or filtered out, or already quantized)."""
    from keras.src.quantizers import layer_filters
    from keras.src.quantizers.report import QuantizationReport

    for layer in layers:
        path = layer.path or layer.name
        if id(layer) in quantized_before:
            report.add_skipped(path, QuantizationReport.SKIP_ALREADY_QUANTIZED)
        elif layer.quantization_mode == report.mode:
            report.add_quantized(path, report.mode, layer.dtype_policy.name)
        elif not layer_filters.should_quantize_layer(layer, filters):
            report.add_skipped(path, QuantizationReport.SKIP_FILTERED)
        elif type(layer).quantize is Layer.quantize:
            report.add_skipped(path, QuantizationReport.SKIP_NO_SUPPORT)
        else:
            report.add_skipped(path, QuantizationReport.SKIP_OUTSIDE_STRUCTURE)
