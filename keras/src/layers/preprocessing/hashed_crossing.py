"""`HashedCrossing`: hashes the combination of categorical features."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.data_layer import DataLayer
from keras.src.utils.backend_utils import is_tf_tensor

_OUTPUT_MODES = ("int", "one_hot")


@keras_export("keras.layers.HashedCrossing")
class HashedCrossing(DataLayer):
    """Crosses categorical features and hashes each combination into bins.

    For every sample, the values of the input features (e.g. a country
    string and an integer age bucket) are combined into one crossed value,
    which is hashed (FarmHash fingerprint) into `num_bins` bins. This gives
    an id per feature combination without a vocabulary of all pairs. The
    hashing runs in TensorFlow; outputs are backend tensors, or TensorFlow
    tensors inside a `tf.data` pipeline.

    Args:
        num_bins: Number of hash bins.
        output_mode: `"int"` (bin ids, the default) or `"one_hot"`.
        sparse: Whether `"one_hot"` outputs are sparse tensors.
        **kwargs: Standard `Layer` options (e.g. `name`, `dtype`). The
            dtype defaults to `"int64"` in `"int"` mode, else to floats.

    Call arguments:
        inputs: A tuple or list of at least two integer or string tensors
            of the same shape: scalars, `(batch,)` or `(batch, 1)`.

    Example:

    >>> layer = keras.layers.HashedCrossing(num_bins=8)
    >>> layer((np.array(["red", "blue"]), np.array([3, 3]))).shape
    (2,)
    """

    def __init__(self, num_bins, output_mode="int", sparse=False, **kwargs):
        encoding_utils.check_output_mode(output_mode, _OUTPUT_MODES)
        if sparse and output_mode == "int":
            raise ValueError(
                "`sparse` may only be true if `output_mode` is "
                f"`'one_hot'`. Received: sparse={sparse} and "
                f"output_mode={output_mode}"
            )
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = (
                "int64" if output_mode == "int" else backend.floatx()
            )
        super().__init__(**kwargs)
        self.num_bins = num_bins
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def _check_inputs(self, inputs):
        if not isinstance(inputs, (tuple, list)):
            raise ValueError(
                "`HashedCrossing` should be called on a list or tuple of "
                f"inputs. Received: inputs={inputs}"
            )
        if len(inputs) < 2:
            raise ValueError(
                "`HashedCrossing` should be called on at least two inputs. "
                f"Received: inputs={inputs}"
            )
        for x in inputs:
            shape = tuple(x.shape)
            if len(shape) > 2 or (len(shape) == 2 and shape[-1] != 1):
                raise ValueError(
                    "All `HashedCrossing` inputs should have shape `()`, "
                    "`(batch_size)` or `(batch_size, 1)`. Received: "
                    f"inputs={inputs}"
                )
            dtype = x.dtype
            if is_tf_tensor(x):
                ok = dtype.is_integer or dtype.name == "string"
            elif isinstance(x, np.ndarray):
                ok = dtype.kind in "iuSUO"
            else:
                dtype = backend.standardize_dtype(dtype)
                ok = backend.is_int_dtype(dtype) or dtype == "string"
            if not ok:
                raise ValueError(
                    "All `HashedCrossing` inputs should have an integer or "
                    f"string dtype. Received: inputs={inputs}"
                )

    def __call__(self, inputs, **kwargs):
        if isinstance(inputs, (tuple, list)) and backend.any_symbolic_tensors(
            tuple(inputs)
        ):
            self._check_inputs(inputs)
            return super().__call__(inputs, **kwargs)
        if not isinstance(inputs, (tuple, list)):
            self._check_inputs(inputs)
        inputs = [
            x if is_tf_tensor(x) or hasattr(x, "dtype") else np.asarray(x)
            for x in inputs
        ]
        self._check_inputs(inputs)
        return self._call_through_tf(tuple(inputs), **kwargs)

    def call(self, inputs):
        import tensorflow as tf

        columns = []
        for x in inputs:
            x = tf.convert_to_tensor(x)
            if x.dtype.is_integer:
                x = tf.cast(x, "int64")
            columns.append(tf.reshape(x, [-1, 1]))
        crossed = tf.sparse.cross_hashed(columns, num_buckets=self.num_bins)
        ids = tf.sparse.to_dense(crossed)
        shape = inputs[0].shape
        if not shape.is_fully_defined():
            shape = tf.shape(inputs[0])
        ids = tf.reshape(ids, shape)
        return encoding_utils.encode_bins(self, tf, ids)

    def compute_output_shape(self, input_shapes):
        shape = tuple(input_shapes[0])
        return encoding_utils.encoded_shape(
            shape, self.output_mode, self.num_bins
        )

    def compute_output_spec(self, inputs):
        shape = self.compute_output_shape([x.shape for x in inputs])
        return encoding_utils.output_spec(self, shape)

    def get_config(self):
        config = super().get_config()
        # Upstream writes no `trainable` for this layer (nothing to train).
        config.pop("trainable", None)
        config.update(
            attribute_config(self, "num_bins", "output_mode", "sparse")
        )
        return config
