"""`FeatureSpace`: one layer that preprocesses a dict of tabular features.

Each named feature (a column of a table) gets a preprocessing layer (a
lookup, a hashing, a normalization, ...) chosen by a short type name or
given as a `Feature`; pairs (or larger groups) of categorical features can
be crossed. The space learns the state of its preprocessors with one
`adapt()` call and then turns a dict of raw columns into either one
concatenated float matrix or a dict of encoded columns.

The preprocessing runs in TensorFlow (strings have no JAX type): called on
concrete data, a `FeatureSpace` returns backend tensors; inside a
`tf.data.Dataset.map` function it returns TensorFlow tensors, so that the
preprocessing can run asynchronously in the input pipeline. Its symbolic
form (`get_inputs()` / `get_encoded_features()`) builds the same
computation into a functional model.
"""

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.core.input_layer import Input
from keras.src.layers.layer import Layer
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.category_encoding import CategoryEncoding
from keras.src.layers.preprocessing.data_layer import DataLayer
from keras.src.layers.preprocessing.data_layer import _from_tf
from keras.src.layers.preprocessing.discretization import Discretization
from keras.src.layers.preprocessing.hashed_crossing import HashedCrossing
from keras.src.layers.preprocessing.hashing import Hashing
from keras.src.layers.preprocessing.image_preprocessing import (
    base_image_preprocessing_layer as image_base,
)
from keras.src.layers.preprocessing.integer_lookup import IntegerLookup
from keras.src.layers.preprocessing.normalization import Normalization
from keras.src.layers.preprocessing.rescaling import Rescaling
from keras.src.layers.preprocessing.string_lookup import StringLookup
from keras.src.saving import saving_lib
from keras.src.saving import serialization_lib
from keras.src.utils.backend_utils import in_tf_graph
from keras.src.utils.backend_utils import is_tf_tensor
from keras.src.utils.naming import auto_name

_FEATURE_OUTPUT_MODES = ("int", "one_hot", "float")
_CROSS_OUTPUT_MODES = ("int", "one_hot")
_OUTPUT_MODES = ("concat", "dict")
# Scalar dataset elements are grouped into batches of this size for
# `adapt()`.
_ADAPT_BATCH_SIZE = 256


class Cross:
    """A crossing of categorical features, hashed into `crossing_dim` bins.

    Args:
        feature_names: Names of the crossed features (two or more).
        crossing_dim: Number of hash bins of the crossed values.
        output_mode: `"one_hot"` (default) or `"int"` (the bin ids).
    """

    def __init__(self, feature_names, crossing_dim, output_mode="one_hot"):
        if output_mode not in _CROSS_OUTPUT_MODES:
            raise ValueError(
                "Invalid value for argument `output_mode` of a cross. "
                f"Expected one of {_CROSS_OUTPUT_MODES}. Received: "
                f"output_mode={output_mode}"
            )
        self.feature_names = tuple(feature_names)
        self.crossing_dim = crossing_dim
        self.output_mode = output_mode

    @property
    def name(self):
        """The name of the crossed output, e.g. `"color_X_size"`."""
        return "_X_".join(self.feature_names)

    def get_config(self):
        return attribute_config(
            self, "feature_names", "crossing_dim", "output_mode"
        )

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Feature:
    """One feature of a `FeatureSpace`: its input dtype, preprocessing layer
    and encoding.

    Args:
        dtype: The dtype the raw column is converted to (`"float32"`,
            `"int32"`, `"string"`, ...).
        preprocessor: The layer applied to the column (or its serialized
            config).
        output_mode: `"float"` (the preprocessor's output as is), `"int"`
            (integer ids as is) or `"one_hot"` (integer ids one-hot
            encoded).
    """

    def __init__(self, dtype, preprocessor, output_mode):
        if output_mode not in _FEATURE_OUTPUT_MODES:
            raise ValueError(
                "Invalid value for argument `output_mode` of a feature. "
                f"Expected one of {_FEATURE_OUTPUT_MODES}. Received: "
                f"output_mode={output_mode}"
            )
        if isinstance(preprocessor, dict):
            preprocessor = serialization_lib.deserialize_keras_object(
                preprocessor
            )
        self.dtype = dtype
        self.preprocessor = preprocessor
        self.output_mode = output_mode

    def get_config(self):
        return {
            "dtype": self.dtype,
            "preprocessor": serialization_lib.serialize_keras_object(
                self.preprocessor
            ),
            "output_mode": self.output_mode,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class TFDIdentity(DataLayer):
    """Returns its inputs unchanged (the preprocessor of plain floats)."""

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape


class TFDConcat(DataLayer):
    """Concatenates float tensors along `axis` (casting them first)."""

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        ops = self.backend
        return ops.concatenate(
            [ops.cast(x, self.compute_dtype) for x in inputs], axis=self.axis
        )

    def compute_output_shape(self, input_shapes):
        shapes = [tuple(s) for s in input_shapes]
        axis = self.axis % len(shapes[0])
        sizes = [s[axis] for s in shapes]
        size = None if any(d is None for d in sizes) else sum(sizes)
        return shapes[0][:axis] + (size,) + shapes[0][axis + 1 :]

    def get_config(self):
        config = super().get_config()
        config["axis"] = self.axis
        return config


@keras_export("keras.utils.FeatureSpace")
class FeatureSpace(Layer):
    """Preprocesses a dict of named features (structured, tabular data).

    Each feature is declared by a type name or by one of the class-level
    constructors below (which take options), and gets its own
    preprocessing layer:

    - `"float"` (`FeatureSpace.float()`): floats used as they are.
    - `"float_rescaled"` (`FeatureSpace.float_rescaled(scale, offset)`):
      floats mapped to `x * scale + offset`.
    - `"float_normalized"` (`FeatureSpace.float_normalized()`): floats
      standardized to zero mean and unit variance (learned by `adapt()`).
    - `"float_discretized"` (`FeatureSpace.float_discretized(num_bins)`):
      floats bucketed into quantile bins (learned by `adapt()`), one-hot
      encoded.
    - `"integer_categorical"` / `"string_categorical"`
      (`FeatureSpace.integer_categorical(...)`,
      `FeatureSpace.string_categorical(...)`): categories indexed by a
      vocabulary (learned by `adapt()`), one-hot encoded.
    - `"integer_hashed"` / `"string_hashed"`
      (`FeatureSpace.integer_hashed(num_bins)`,
      `FeatureSpace.string_hashed(num_bins)`): categories hashed into
      bins, one-hot encoded.
    - `FeatureSpace.feature(dtype, preprocessor, output_mode)`: any
      preprocessing layer of your own.

    `crosses` combine categorical features (by their integer ids) and hash
    each combination into `crossing_dim` bins, so that a model can learn
    from feature interactions. Crossed outputs are named after their
    features joined by `"_X_"` (e.g. `"city_X_age"`).

    Call `adapt()` on the training data first (unless no preprocessor
    learns anything), then call the space on a dict of columns (batched
    or single rows), directly or inside `tf.data.Dataset.map`.
    `get_inputs()` and `get_encoded_features()` give the symbolic inputs
    and outputs, to build the preprocessing into a functional model.

    Args:
        features: Dict mapping each feature name to a type name (see
            above) or to a `Feature` from one of the constructors.
        output_mode: `"concat"` (default) to return one float tensor with
            every encoded feature side by side (in the order of the sorted
            feature names, then the crosses), or `"dict"` to return a dict
            of encoded features.
        crosses: Optional list of crosses: tuples of feature names (hashed
            into `crossing_dim` bins) or `FeatureSpace.cross(...)` objects.
        crossing_dim: Number of bins of the crosses given as tuples.
            Defaults to 32.
        hashing_dim: Number of bins of the features declared as
            `"integer_hashed"` or `"string_hashed"`. Defaults to 32.
        num_discretization_bins: Number of bins of the features declared
            as `"float_discretized"`. Defaults to 32.
        name: Name of the layer.

    Example:

    >>> data = {
    ...     "price": [3.5, 12.0, 7.25, 1.0],
    ...     "shop": ["north", "south", "north", "east"],
    ...     "rooms": [1, 3, 2, 1],
    ... }
    >>> space = keras.utils.FeatureSpace(
    ...     features={
    ...         "price": "float_normalized",
    ...         "shop": "string_categorical",
    ...         "rooms": keras.utils.FeatureSpace.integer_categorical(
    ...             num_oov_indices=0
    ...         ),
    ...     },
    ...     crosses=[("shop", "rooms")],
    ...     crossing_dim=8,
    ... )
    >>> space.adapt(data)
    >>> space(data).shape  # 1 (price) + 4 (shop) + 3 (rooms) + 8 (cross)
    (4, 16)
    """

    # ------------------------------------------------------ feature types
    @classmethod
    def cross(cls, feature_names, crossing_dim, output_mode="one_hot"):
        """A crossing of `feature_names` hashed into `crossing_dim` bins,
        one-hot encoded (`output_mode="one_hot"`) or as ids (`"int"`)."""
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode):
        """A feature with a preprocessing layer of your choice.

        Args:
            dtype: The dtype the raw column is converted to.
            preprocessor: A layer; if it has an `adapt()` method and no
                state yet (vocabulary, statistics), `FeatureSpace.adapt()`
                adapts it.
            output_mode: `"float"`, `"int"` or `"one_hot"` (integer ids
                one-hot encoded; the preprocessor must tell its number of
                ids, like the lookup, hashing and discretization layers).
        """
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None):
        """A float feature passed through unchanged."""
        name = name or auto_name("float")
        preprocessor = TFDIdentity(dtype="float32", name=f"{name}_preprocessor")
        return Feature("float32", preprocessor, "float")

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None):
        """A float feature mapped to `x * scale + offset`."""
        name = name or auto_name("float_rescaled")
        preprocessor = Rescaling(
            scale=scale, offset=offset, name=f"{name}_preprocessor"
        )
        return Feature("float32", preprocessor, "float")

    @classmethod
    def float_normalized(cls, name=None):
        """A float feature standardized with its mean and variance (learned
        by `adapt()`)."""
        name = name or auto_name("float_normalized")
        preprocessor = Normalization(axis=-1, name=f"{name}_preprocessor")
        return Feature("float32", preprocessor, "float")

    @classmethod
    def float_discretized(
        cls, num_bins, bin_boundaries=None, output_mode="one_hot", name=None
    ):
        """A float feature bucketed into `num_bins` quantile bins (learned
        by `adapt()`), or into the bins of fixed `bin_boundaries`."""
        name = name or auto_name("float_discretized")
        preprocessor = Discretization(
            num_bins=None if bin_boundaries is not None else num_bins,
            bin_boundaries=bin_boundaries,
            name=f"{name}_preprocessor",
        )
        return Feature("float32", preprocessor, output_mode)

    @classmethod
    def integer_categorical(
        cls,
        max_tokens=None,
        num_oov_indices=1,
        output_mode="one_hot",
        name=None,
    ):
        """An integer category with a vocabulary learned by `adapt()` (at
        most `max_tokens` ids, the `num_oov_indices` ids of unknown values
        included)."""
        return _categorical_feature(
            IntegerLookup,
            "int32",
            name or auto_name("integer_categorical"),
            max_tokens,
            num_oov_indices,
            output_mode,
        )

    @classmethod
    def string_categorical(
        cls,
        max_tokens=None,
        num_oov_indices=1,
        output_mode="one_hot",
        name=None,
    ):
        """Like `integer_categorical`, for a category of strings."""
        return _categorical_feature(
            StringLookup,
            "string",
            name or auto_name("string_categorical"),
            max_tokens,
            num_oov_indices,
            output_mode,
        )

    @classmethod
    def string_hashed(cls, num_bins, output_mode="one_hot", name=None):
        """A string category hashed into `num_bins` bins."""
        name = name or auto_name("string_hashed")
        preprocessor = Hashing(num_bins=num_bins, name=f"{name}_preprocessor")
        return Feature("string", preprocessor, output_mode)

    @classmethod
    def integer_hashed(cls, num_bins, output_mode="one_hot", name=None):
        """An integer category hashed into `num_bins` bins."""
        name = name or auto_name("integer_hashed")
        preprocessor = Hashing(num_bins=num_bins, name=f"{name}_preprocessor")
        return Feature("int32", preprocessor, output_mode)

    # ------------------------------------------------------- construction
    def __init__(
        self,
        features,
        output_mode="concat",
        crosses=None,
        crossing_dim=32,
        hashing_dim=32,
        num_discretization_bins=32,
        name=None,
    ):
        super().__init__(name=name)
        if not features:
            raise ValueError(
                "The `features` argument cannot be None or empty: give a "
                "dict mapping feature names to feature types."
            )
        encoding_utils.check_output_mode(output_mode, _OUTPUT_MODES)
        self.crossing_dim = crossing_dim
        self.hashing_dim = hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {
            name: self._standardize_feature(name, value)
            for name, value in features.items()
        }
        self.crosses = [self._standardize_cross(c) for c in crosses or ()]
        self.crosses_by_name = {cross.name: cross for cross in self.crosses}
        self.output_mode = output_mode
        if output_mode == "concat":
            for name, mode in self._output_modes().items():
                if mode == "int":
                    raise ValueError(
                        f"Feature '{name}' has `output_mode='int'`: its "
                        "integer ids cannot be concatenated with the other "
                        "encoded features. Use `output_mode='dict'` for the "
                        "space, or encode the feature (e.g. `'one_hot'`)."
                    )
        self.inputs = {
            name: Input(shape=(1,), dtype=feature.dtype, name=name)
            for name, feature in self.features.items()
        }
        self.preprocessors = {
            name: feature.preprocessor
            for name, feature in self.features.items()
        }
        self.crossers = {
            cross.name: HashedCrossing(
                num_bins=cross.crossing_dim, name=cross.name
            )
            for cross in self.crosses
        }
        self.one_hot_encoders = {}
        self.concat = TFDConcat(axis=-1) if output_mode == "concat" else None
        self.encoded_features = None
        self._adaptable_names = [
            name
            for name, preprocessor in self.preprocessors.items()
            if _needs_adapt(preprocessor)
        ]
        self._is_adapted = not self._adaptable_names

    def _standardize_feature(self, name, value):
        if isinstance(value, Feature):
            return value
        if isinstance(value, dict):
            return serialization_lib.deserialize_keras_object(value)
        cls = type(self)
        makers = {
            "float": lambda: cls.float(name=name),
            "float_rescaled": lambda: cls.float_rescaled(name=name),
            "float_normalized": lambda: cls.float_normalized(name=name),
            "float_discretized": lambda: cls.float_discretized(
                num_bins=self.num_discretization_bins, name=name
            ),
            "integer_categorical": lambda: cls.integer_categorical(name=name),
            "string_categorical": lambda: cls.string_categorical(name=name),
            "integer_hashed": lambda: cls.integer_hashed(
                num_bins=self.hashing_dim, name=name
            ),
            "string_hashed": lambda: cls.string_hashed(
                num_bins=self.hashing_dim, name=name
            ),
        }
        if isinstance(value, str) and value in makers:
            return makers[value]()
        raise ValueError(
            f"Invalid feature type: {value} (for feature '{name}'). Use "
            f"one of {sorted(makers)} or a `FeatureSpace.feature(...)`."
        )

    def _standardize_cross(self, cross):
        if isinstance(cross, dict):
            cross = serialization_lib.deserialize_keras_object(cross)
        if not isinstance(cross, Cross):
            if not self.crossing_dim:
                raise ValueError(
                    "Crosses given as tuples of feature names are hashed "
                    "into `crossing_dim` bins, so the argument "
                    "`crossing_dim` must be set. Received: "
                    f"crossing_dim={self.crossing_dim}"
                )
            cross = Cross(cross, crossing_dim=self.crossing_dim)
        unknown = [n for n in cross.feature_names if n not in self.features]
        if unknown:
            raise ValueError(
                "Every feature named in `crosses` should be present in the "
                f"`features` dict. Unknown: {unknown} in the cross "
                f"{cross.feature_names}"
            )
        return cross

    def _output_modes(self):
        """The encoding of every output, in output order: the features by
        sorted name, then the crosses."""
        modes = {
            name: self.features[name].output_mode
            for name in sorted(self.features)
        }
        for cross in self.crosses:
            modes[cross.name] = cross.output_mode
        return modes

    # -------------------------------------------------------------- adapt
    def adapt(self, dataset):
        """Learns the state of the preprocessors that need one.

        Vocabularies, normalization statistics and discretization bins are
        computed from the columns of `dataset`.

        Args:
            dataset: A `tf.data.Dataset` of dicts of features (batched or
                not; the `x` of `(x, y)` elements is used), or a dict
                mapping feature names to arrays or lists.
        """
        if not isinstance(dataset, dict) and not _is_tf_dataset(dataset):
            raise ValueError(
                "`adapt()` takes a `tf.data.Dataset` of feature dicts or a "
                "dict of arrays/lists. Received: "
                f"{dataset!r} of type {type(dataset)}"
            )
        for name in self._adaptable_names:
            if isinstance(dataset, dict) and name not in dataset:
                raise ValueError(
                    f"The data given to `adapt()` has no feature '{name}'. "
                    f"Received keys: {list(dataset)}"
                )
            self.preprocessors[name].adapt(_column_batches(dataset, name))
        self._is_adapted = True
        # Learned sizes (vocabularies, bins) change the encodings.
        self.one_hot_encoders = {}
        self.encoded_features = None
        self.get_encoded_features()

    def _check_if_adapted(self):
        if not self._is_adapted:
            raise ValueError(
                "You need to call `.adapt(dataset)` on this FeatureSpace "
                "first: the preprocessors of the features "
                f"{self._adaptable_names} learn their state from the data."
            )

    # ----------------------------------------------------------- encoding
    def get_inputs(self):
        """Returns the symbolic inputs: a dict of `keras.Input`s of shape
        `(None, 1)`, one per feature."""
        return self.inputs

    def get_encoded_features(self):
        """Returns the symbolic encoded features (a tensor, or a dict in
        `"dict"` mode), computed from `get_inputs()`."""
        self._check_if_adapted()
        if self.encoded_features is None:
            self.encoded_features = self._encode(
                self.inputs, lambda layer, x: layer(x)
            )
            self.built = True
        return self.encoded_features

    def _depth(self, name):
        """The number of integer ids the preprocessor of `name` returns."""
        preprocessor = self.preprocessors[name]
        if hasattr(preprocessor, "vocabulary_size"):
            return preprocessor.vocabulary_size()
        if isinstance(preprocessor, Hashing):
            return preprocessor.num_bins
        if isinstance(preprocessor, Discretization):
            if preprocessor.bin_boundaries is not None:
                return len(preprocessor.bin_boundaries) + 1
            return preprocessor.num_bins
        raise ValueError(
            f"Feature '{name}' has `output_mode='one_hot'`, but the number "
            f"of ids of its preprocessor {preprocessor} is unknown (it has "
            "no `vocabulary_size()`). Use `output_mode='int'` or "
            "`'float'`, and encode the ids in the preprocessor."
        )

    def _one_hot_encoder(self, name, depth):
        encoder = self.one_hot_encoders.get(name)
        if encoder is None or encoder.num_tokens != depth:
            encoder = CategoryEncoding(num_tokens=depth, output_mode="one_hot")
            self.one_hot_encoders[name] = encoder
        return encoder

    def _encode(self, inputs, run):
        """Preprocesses, crosses, encodes and merges the features of
        `inputs` (a dict of tensors of rank 2 or more); `run(layer, x)`
        applies a sublayer (symbolically, or in TensorFlow)."""
        ids = {
            name: run(self.preprocessors[name], inputs[name])
            for name in self.features
        }
        encoded = {}
        for name in sorted(self.features):
            x = ids[name]
            if self.features[name].output_mode == "one_hot":
                x = run(self._one_hot_encoder(name, self._depth(name)), x)
            encoded[name] = x
        for cross in self.crosses:
            x = run(
                self.crossers[cross.name],
                tuple(ids[n] for n in cross.feature_names),
            )
            if cross.output_mode == "one_hot":
                encoder = self._one_hot_encoder(cross.name, cross.crossing_dim)
                x = run(encoder, x)
            encoded[cross.name] = x
        if self.output_mode == "dict":
            return encoded
        return run(self.concat, list(encoded.values()))

    def __call__(self, data):
        self._check_if_adapted()
        if not isinstance(data, dict):
            raise ValueError(
                "A FeatureSpace is called on a dict mapping feature names to "
                f"values. Received: {data!r} of type {type(data)}"
            )
        missing = [name for name in self.features if name not in data]
        if missing:
            raise ValueError(
                f"The data given to the FeatureSpace lacks the features "
                f"{missing}. Received keys: {list(data)}"
            )
        return self.call(data)

    def call(self, data):
        """Encodes a dict of feature columns (see the class docstring)."""
        if backend.any_symbolic_tensors((data,)):
            return self._encode(data, lambda layer, x: layer(x))
        import tensorflow as tf

        columns = {
            name: self._convert_input(tf, name, data[name])
            for name in self.features
        }
        unbatched = any(x.shape.rank == 0 for x in columns.values())
        columns = {
            name: tf.reshape(x, [1, 1])
            if x.shape.rank == 0
            else tf.expand_dims(x, -1)
            if x.shape.rank == 1
            else x
            for name, x in columns.items()
        }
        outputs = self._encode(columns, _run_in_tf)
        if unbatched:
            outputs = tree.map_structure(lambda x: tf.squeeze(x, 0), outputs)
        if in_tf_graph():
            return outputs
        return tree.map_structure(_from_tf, outputs)

    def _convert_input(self, tf, name, value):
        """The column `value` as a TF tensor of the feature's dtype."""
        if not is_tf_tensor(value):
            if isinstance(value, backend.KerasVariable) or backend.is_tensor(
                value
            ):
                value = backend.convert_to_numpy(value)
            value = tf.convert_to_tensor(np.asarray(value))
        dtype = self.features[name].dtype
        if dtype == "string":
            if value.dtype != tf.string:
                value = tf.strings.as_string(value)
            return value
        if value.dtype == tf.string:
            raise ValueError(
                f"Feature '{name}' expects values of dtype {dtype}, but "
                f"received strings: {value}"
            )
        return tf.cast(value, dtype)

    # ------------------------------------------------------------- saving
    def get_config(self):
        return {
            "features": serialization_lib.serialize_keras_object(self.features),
            "output_mode": self.output_mode,
            "crosses": serialization_lib.serialize_keras_object(self.crosses),
            "crossing_dim": self.crossing_dim,
            "hashing_dim": self.hashing_dim,
            "num_discretization_bins": self.num_discretization_bins,
        }

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def get_build_config(self):
        """The input shape of each built preprocessor (by feature name), so
        that a loaded space recreates their variables; `None` before the
        space is adapted or used."""
        if not self.built:
            return None
        config = {}
        for name, preprocessor in self.preprocessors.items():
            if not preprocessor.built:
                config[name] = None
                continue
            shape = getattr(preprocessor, "_build_input_shape", None) or (
                None,
                1,
            )
            config[name] = {"input_shape": (None,) + tuple(shape[1:])}
        return config

    def build_from_config(self, config):
        """Builds the preprocessors from `get_build_config()`'s output; the
        space counts as adapted (its state is loaded next)."""
        for name, preprocessor_config in config.items():
            preprocessor = self.preprocessors.get(name)
            if preprocessor is None or not preprocessor_config:
                continue
            if not preprocessor.built:
                preprocessor.build(tuple(preprocessor_config["input_shape"]))
                preprocessor.built = True
        self._is_adapted = True
        self.built = True

    def save(self, filepath):
        """Saves the space (config and learned state) to a `.keras` file,
        which `keras.saving.load_model` reads back."""
        saving_lib.save_model(self, filepath)


def _categorical_feature(
    lookup_class, dtype, name, max_tokens, num_oov_indices, output_mode
):
    """A `Feature` of `dtype` named `name` whose values are looked up, by a
    `lookup_class` layer, in a vocabulary learned by `adapt()`."""
    preprocessor = lookup_class(
        max_tokens=max_tokens,
        num_oov_indices=num_oov_indices,
        name=f"{name}_preprocessor",
    )
    return Feature(dtype, preprocessor, output_mode)


def _needs_adapt(preprocessor):
    """Whether `preprocessor` learns state in `adapt()` that it was not
    given already (vocabulary, statistics, bin boundaries)."""
    if not hasattr(preprocessor, "adapt"):
        return False
    if isinstance(preprocessor, Normalization):
        return preprocessor.input_mean is None
    if isinstance(preprocessor, Discretization):
        return preprocessor.num_bins is not None
    if hasattr(preprocessor, "get_vocabulary"):
        return not preprocessor.get_vocabulary(include_special_tokens=False)
    return True


def _run_in_tf(layer, x):
    """Applies `layer` to TF tensors and returns TF tensors.

    `DataLayer`s compute with TensorFlow; other layers (the image
    preprocessing layers) compute with TensorFlow ops inside a graph, and
    with JAX on the host values outside one.
    """
    if isinstance(layer, DataLayer):
        return layer._call_in_tf_graph(x)
    if in_tf_graph():
        return image_base.call_in_tf_graph(layer, x)
    import tensorflow as tf

    outputs = layer(tree.map_structure(lambda t: t.numpy(), x))
    return tree.map_structure(
        lambda t: tf.convert_to_tensor(backend.convert_to_numpy(t)), outputs
    )


def _is_tf_dataset(data):
    return type(data).__module__.startswith("tensorflow") and hasattr(
        data, "as_numpy_iterator"
    )


def _as_column(value):
    """A batch of values as an array of rank 2 or more (`(n, 1)` for
    scalars)."""
    value = np.asarray(value)
    if value.ndim == 0:
        return value.reshape((1, 1))
    if value.ndim == 1:
        return value[:, None]
    return value


def _column_batches(dataset, name):
    """Yields the values of feature `name` of `dataset`, batch by batch,
    as NumPy arrays of rank 2 or more."""
    if isinstance(dataset, dict):
        yield _as_column(dataset[name])
        return
    pending = []
    for element in dataset.as_numpy_iterator():
        if isinstance(element, tuple):
            element = element[0]
        value = np.asarray(element[name])
        if value.ndim > 0:
            yield _as_column(value)
            continue
        pending.append(value)
        if len(pending) == _ADAPT_BATCH_SIZE:
            yield _as_column(np.stack(pending))
            pending = []
    if pending:
        yield _as_column(np.stack(pending))
