"""`Discretization`: buckets continuous values into integer bin ids."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.preprocessing import adapt_utils
from keras.src.layers.preprocessing import encoding_utils
from keras.src.layers.preprocessing.data_layer import DataLayer

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count")


@keras_export("keras.layers.Discretization")
class Discretization(DataLayer):
    """Maps each continuous value to the index of the bin it falls in.

    With boundaries `[b0, b1, ..., bn]`, values below `b0` go to bin 0,
    values in `[b(i-1), b(i))` to bin `i`, and values `>= bn` to bin
    `n + 1`. The boundaries are given (`bin_boundaries`) or learned by
    `adapt()` as the quantiles that split the data into `num_bins`
    equally populated bins.

    Args:
        num_bins: Number of bins `adapt()` should create (gives
            `num_bins - 1` boundaries). Exclusive with `bin_boundaries`.
        epsilon: Tolerance of the quantile estimate (kept for
            compatibility; this implementation computes exact quantiles).
            Defaults to `0.01`.
        output_mode: `"int"` (bin ids), `"one_hot"`, `"multi_hot"` or
            `"count"` (see `keras.layers.CategoryEncoding`). Defaults to
            `"int"`.
        sparse: Whether to return sparse tensors (JAX `BCOO`) in the
            non-`"int"` modes. Defaults to `False`.
        bin_boundaries: Sorted list of boundaries. Exclusive with
            `num_bins`.
        **kwargs: Standard `Layer` options (e.g. `name`, `dtype`). The
            output dtype defaults to `"int32"` in `"int"` mode and to the
            float type otherwise.

    Example:

    >>> layer = keras.layers.Discretization(bin_boundaries=[0.0, 1.0])
    >>> layer(np.array([[-3.0, 0.5, 7.0]]))
    array([[0, 1, 2]], dtype=int32)
    """

    def __init__(
        self,
        num_bins=None,
        epsilon=0.01,
        output_mode="int",
        sparse=False,
        dtype=None,
        name=None,
        bin_boundaries=None,
        **kwargs,
    ):
        if dtype is None:
            dtype = "int32" if output_mode == "int" else backend.floatx()
        super().__init__(name=name, dtype=dtype, **kwargs)
        encoding_utils.check_output_mode(output_mode, _OUTPUT_MODES)
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError(
                "Both `num_bins` and `bin_boundaries` should not be set. "
                f"Received: num_bins={num_bins} and "
                f"bin_boundaries={bin_boundaries}"
            )
        if num_bins is None and bin_boundaries is None:
            raise ValueError(
                "You need to set either `num_bins` or `bin_boundaries`."
            )
        if num_bins is not None and num_bins < 0:
            raise ValueError(
                f"`num_bins` must be greater than or equal to 0. Received: "
                f"num_bins={num_bins}"
            )
        self.num_bins = num_bins
        self.epsilon = epsilon
        self.output_mode = output_mode
        self.sparse = sparse
        self.bin_boundaries = (
            None if bin_boundaries is None else list(bin_boundaries)
        )
        self.built = True

    def adapt(self, data, steps=None):
        """Learns `num_bins - 1` quantile boundaries from `data`.

        Args:
            data: A NumPy array or tensor, a `tf.data.Dataset`, a
                `keras.utils.PyDataset`, or an iterable of batches.
            steps: Number of batches to read (all when `None`); needed for
                infinite iterables.
        """
        if self.num_bins is None:
            raise ValueError(
                "`adapt()` needs `num_bins`: this layer was created with "
                "fixed `bin_boundaries`."
            )
        values = [
            np.asarray(batch, dtype="float64").reshape(-1)
            for batch in adapt_utils.iter_batches(data, steps=steps)
        ]
        values = np.concatenate(values) if values else np.zeros((0,))
        if values.size == 0:
            raise ValueError(
                "`Discretization.adapt()` received no data; pass a "
                "non-empty dataset."
            )
        quantiles = np.linspace(0.0, 1.0, self.num_bins + 1)[1:-1]
        self.bin_boundaries = [float(b) for b in np.quantile(values, quantiles)]

    def call(self, inputs):
        if self.bin_boundaries is None:
            raise ValueError(
                "You need to call `adapt()` on this `Discretization` layer "
                "(or pass `bin_boundaries` to its constructor) before "
                "calling it."
            )
        ops = self.backend
        inputs = ops.convert_to_tensor(inputs)
        if not backend.is_float_dtype(backend.standardize_dtype(inputs.dtype)):
            inputs = ops.cast(inputs, "float32")
        ids = ops.digitize(inputs, self.bin_boundaries)
        if self.output_mode == "int":
            return ops.cast(ids, self.compute_dtype)
        if self.output_mode in ("multi_hot", "count") and len(ids.shape) > 2:
            # The values of a sample are gathered along axis 1.
            axes = [0] + list(range(2, len(ids.shape))) + [1]
            ids = ops.transpose(ids, axes)
        return encoding_utils.encode(
            ops,
            ids,
            self.output_mode,
            len(self.bin_boundaries) + 1,
            self.compute_dtype,
            sparse=self.sparse,
        )

    def _depth(self):
        if self.bin_boundaries is not None:
            return len(self.bin_boundaries) + 1
        return self.num_bins

    @property
    def output_dtype(self):
        """The dtype of the layer's outputs."""
        return self.compute_dtype

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if self.output_mode in ("multi_hot", "count") and len(input_shape) > 2:
            input_shape = input_shape[:1] + input_shape[2:] + input_shape[1:2]
        return encoding_utils.encoded_shape(
            input_shape, self.output_mode, self._depth()
        )

    def compute_output_spec(self, inputs):
        shape = self.compute_output_shape(inputs.shape)
        return encoding_utils.output_spec(self, shape)

    def get_config(self):
        config = super().get_config()
        # Upstream writes no `trainable` for this layer (nothing to train).
        config.pop("trainable", None)
        config.update(
            attribute_config(
                self,
                "bin_boundaries",
                "num_bins",
                "epsilon",
                "output_mode",
                "sparse",
            )
        )
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        num_bins = config.get("num_bins")
        if config.get("bin_boundaries") is not None:
            # An adapted layer: its learned boundaries are what counts.
            config["num_bins"] = None
        layer = super().from_config(config)
        layer.num_bins = num_bins
        return layer
