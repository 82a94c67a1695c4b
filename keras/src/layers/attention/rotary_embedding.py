"""`RotaryEmbedding`: rotary positional encoding (RoPE)."""

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.layer import Layer


@keras_export("keras.layers.RotaryEmbedding")
class RotaryEmbedding(Layer):
    """Rotary positional encoding layer (RoPE).

    This layer encodes absolute positional information with a rotation
    matrix: the feature axis (of even size `d`) is split in two halves
    `x1, x2`, and position `p` rotates every pair `(x1[i], x2[i])` by the
    angle `p * theta_i` with
    `theta_i = 1 / (scaling_factor * max_wavelength ** (2 * i / d))`:

    ```
    out = x * cos(p * theta) + concat([-x2, x1]) * sin(p * theta)
    ```

    (the "rotate halves" convention of GPT-NeoX, LLaMA and Gemma). It is
    applied to the query and key projections of an attention layer, so the
    attention logits only depend on relative positions. The layer has no
    weights. The rotation is computed in `float32` and the output is cast
    to the layer's compute dtype.

    Args:
        max_wavelength: The maximum angular wavelength of the sine/cosine
            curves. Defaults to `10000`.
        scaling_factor: The positions are divided by this factor (linear
            position interpolation, for contexts longer than the training
            one). Defaults to `1.0`.
        sequence_axis: The axis of the inputs holding the sequence
            (position) dimension. Defaults to `1`.
        feature_axis: The axis of the inputs holding the features to
            rotate; its size must be even. Defaults to `-1`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        inputs: The tensor to encode, e.g. of shape
            `(batch_size, sequence_length, num_heads, head_dim)`.
        start_index: The position of the first element along
            `sequence_axis` (an integer or scalar tensor); positions are
            `start_index + arange(sequence_length)`. Useful to encode one
            new token while decoding with a cache. Defaults to `0`.
        positions: Optional explicit positions, of shape
            `(sequence_length,)` or `(batch_size, sequence_length)` (the
            batch axis being axis 0 of the inputs). Overrides
            `start_index`.

    Example:

    >>> layer = keras.layers.RotaryEmbedding()
    >>> x = np.random.rand(2, 5, 4, 8).astype("float32")  # b, t, heads, d
    >>> layer(x).shape
    (2, 5, 4, 8)
    >>> layer(x[:, -1:], start_index=4).shape  # one decoding step
    (2, 1, 4, 8)
    """

    def __init__(
        self,
        max_wavelength=10000,
        scaling_factor=1.0,
        sequence_axis=1,
        feature_axis=-1,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if max_wavelength <= 0:
            raise ValueError(
                "`max_wavelength` must be positive. Received: "
                f"max_wavelength={max_wavelength}"
            )
        if scaling_factor <= 0:
            raise ValueError(
                "`scaling_factor` must be positive. Received: "
                f"scaling_factor={scaling_factor}"
            )
        self.max_wavelength = max_wavelength
        self.scaling_factor = scaling_factor
        self.sequence_axis = sequence_axis
        self.feature_axis = feature_axis
        self.built = True

    def _axes(self, rank):
        seq_axis = self.sequence_axis % rank
        feat_axis = self.feature_axis % rank
        if seq_axis == feat_axis:
            raise ValueError(
                "`sequence_axis` and `feature_axis` must be different axes. "
                f"Received: sequence_axis={self.sequence_axis}, "
                f"feature_axis={self.feature_axis} for inputs of rank {rank}."
            )
        return seq_axis, feat_axis

    def call(self, inputs, start_index=0, positions=None):
        rank = len(inputs.shape)
        seq_axis, feat_axis = self._axes(rank)
        seq_len = inputs.shape[seq_axis]
        dim = inputs.shape[feat_axis]
        if dim % 2:
            raise ValueError(
                "The size of the feature axis must be even for a rotary "
                f"embedding. Received: inputs.shape={inputs.shape}, "
                f"feature_axis={self.feature_axis}"
            )
        if positions is None:
            positions = ops.add(
                ops.arange(seq_len, dtype="float32"),
                ops.cast(start_index, "float32"),
            )
        else:
            positions = ops.cast(positions, "float32")
        inverse_freq = self._inverse_frequencies(dim)
        # (..., seq, dim // 2), then both halves get the same angles.
        angles = ops.multiply(
            ops.expand_dims(positions, -1),
            ops.divide(inverse_freq, self.scaling_factor),
        )
        angles = ops.concatenate([angles, angles], axis=-1)
        cos = self._broadcastable(ops.cos(angles), rank, seq_axis, feat_axis)
        sin = self._broadcastable(ops.sin(angles), rank, seq_axis, feat_axis)

        x = ops.cast(inputs, "float32")
        x1, x2 = ops.split(x, 2, axis=feat_axis)
        rotated = ops.concatenate([ops.negative(x2), x1], axis=feat_axis)
        outputs = ops.add(ops.multiply(x, cos), ops.multiply(rotated, sin))
        return ops.cast(outputs, self.compute_dtype)

    def _inverse_frequencies(self, dim):
        exponents = ops.divide(
            ops.arange(0, dim, 2, dtype="float32"), float(dim)
        )
        return ops.divide(1.0, ops.power(float(self.max_wavelength), exponents))

    @staticmethod
    def _broadcastable(table, rank, seq_axis, feat_axis):
        """Reshapes `table` (`(seq, dim)` or `(batch, seq, dim)`) so that it
        broadcasts against inputs of rank `rank`."""
        batched = len(table.shape) == 3
        if seq_axis > feat_axis:
            table = ops.swapaxes(table, -1, -2)
        shape = [1] * rank
        shape[seq_axis] = table.shape[-2 if seq_axis < feat_axis else -1]
        shape[feat_axis] = table.shape[-1 if seq_axis < feat_axis else -2]
        if batched:
            if 0 in (seq_axis, feat_axis):
                raise ValueError(
                    "Batched `positions` of shape (batch, sequence) need the "
                    "batch on axis 0 of the inputs, distinct from "
                    "`sequence_axis` and `feature_axis`."
                )
            shape[0] = table.shape[0]
        return ops.reshape(table, tuple(shape))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "max_wavelength",
                "scaling_factor",
                "sequence_axis",
                "feature_axis",
            )
        )
        return config
