"""`GroupNormalization`: normalizes groups of channels per sample."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.input_spec import InputSpec
from keras.src.layers.layer import Layer
from keras.src.layers.normalization._scale_offset import scale_offset_config
from keras.src.layers.normalization._scale_offset import (
    set_scale_offset_settings,
)


@keras_export("keras.layers.GroupNormalization")
class GroupNormalization(Layer):
    """Standardizes each sample over groups of its channels.

    The channels (the entries along `axis`) are split into `groups`
    contiguous groups of equal size. For every sample, the mean and
    variance of each group are taken over the group's channels and all
    other non-batch axes, and the group is standardized with them. So
    the statistics never mix samples, and the layer behaves the same in
    training and inference.

    `groups=1` pools all channels (like `LayerNormalization` over all
    non-batch axes) and `groups=-1`, or `groups` equal to the channel
    count, standardizes each channel separately (instance normalization).

    A learned per-channel factor `gamma` and offset `beta` (shape
    `(channels,)`) are then applied, when `scale` / `center` are set.
    Half-precision inputs are normalized in float32.

    Args:
        groups: Positive integer dividing the channel count, or `-1` for
            one group per channel. Defaults to `32`.
        axis: Integer, the channel axis. Defaults to `-1`.
        epsilon: Small float added to the variance. Defaults to `1e-3`.
        center: If `True` (default), add the learned offset `beta`.
        scale: If `True` (default), multiply by the learned factor
            `gamma`.
        beta_initializer: Initializer of `beta`. Defaults to `"zeros"`.
        gamma_initializer: Initializer of `gamma`. Defaults to `"ones"`.
        beta_regularizer: Optional regularizer of `beta`.
        gamma_regularizer: Optional regularizer of `gamma`.
        beta_constraint: Optional constraint of `beta`.
        gamma_constraint: Optional constraint of `gamma`.
        **kwargs: Standard `Layer` options.

    Input shape:
        Arbitrary, with a known size on `axis`.

    Output shape:
        Same as the input.

    Example:

    >>> norm = keras.layers.GroupNormalization(groups=2, epsilon=0.0)
    >>> x = np.array([[[1.0, 3.0, 10.0, 30.0]]])
    >>> norm(x)
    Array([[[-1., 1., -1., 1.]]], dtype=float32)

    Reference:

    - [Yuxin Wu & Kaiming He, 2018](https://arxiv.org/abs/1803.08494)
    """

    def __init__(
        self,
        groups=32,
        axis=-1,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        valid_groups = (
            isinstance(groups, int)
            and not isinstance(groups, bool)
            and (groups > 0 or groups == -1)
        )
        if not valid_groups:
            raise ValueError(
                "Invalid value received for argument `groups`: expected a "
                "positive integer, or -1 for one group per channel. "
                f"Received: groups={groups!r}"
            )
        self.supports_masking = True
        self.groups = groups
        self.axis = axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        set_scale_offset_settings(self, locals())
        # Inputs are normalized in (at least) float32 and only the result
        # is cast to the compute dtype, so large half-precision-policy
        # inputs do not overflow before normalization.
        self.autocast = False

    def build(self, input_shape):
        channels = input_shape[self.axis]
        if channels is None:
            raise ValueError(
                f"Axis {self.axis} of the input tensor should have a defined "
                "dimension but the layer received an input with shape "
                f"{tuple(input_shape)}."
            )
        if self.groups == -1:
            self.groups = channels
        if channels < self.groups:
            raise ValueError(
                f"Number of groups ({self.groups}) cannot be more than the "
                f"number of channels ({channels})."
            )
        if channels % self.groups != 0:
            raise ValueError(
                f"The number of channels ({channels}) must be a multiple of "
                f"the number of groups ({self.groups}); pass a `groups` "
                "value that divides it."
            )
        self.input_spec = InputSpec(
            ndim=len(input_shape), axes={self.axis: channels}
        )
        self.gamma = None
        self.beta = None
        for name, wanted in (("gamma", self.scale), ("beta", self.center)):
            if not wanted:
                continue
            with logical_axes.logical_axes((logical_axes.NORM,)):
                variable = self.add_weight(
                    shape=(channels,),
                    name=name,
                    initializer=getattr(self, f"{name}_initializer"),
                    regularizer=getattr(self, f"{name}_regularizer"),
                    constraint=getattr(self, f"{name}_constraint"),
                    autocast=False,
                )
            setattr(self, name, variable)

    def call(self, inputs):
        dtype = backend.standardize_dtype(inputs.dtype)
        if dtype in ("float16", "bfloat16") or not backend.is_float_dtype(
            dtype
        ):
            dtype = "float32"
        x = ops.cast(inputs, dtype)
        ndim = len(x.shape)
        axis = self.axis % ndim
        shape = ops.shape(x)
        channels = shape[axis]
        # Split the channel axis into (groups, channels_per_group).
        grouped_shape = (
            tuple(shape[:axis])
            + (self.groups, channels // self.groups)
            + tuple(shape[axis + 1 :])
        )
        grouped = ops.reshape(x, grouped_shape)
        reduce_axes = tuple(a for a in range(1, ndim + 1) if a != axis)
        mean = ops.mean(grouped, axis=reduce_axes, keepdims=True)
        variance = ops.var(grouped, axis=reduce_axes, keepdims=True)
        normalized = (grouped - mean) * ops.rsqrt(variance + self.epsilon)
        outputs = ops.reshape(normalized, shape)
        broadcast = [1] * ndim
        broadcast[axis] = channels
        if self.gamma is not None:
            outputs = outputs * ops.reshape(
                ops.cast(self.gamma, dtype), broadcast
            )
        if self.beta is not None:
            outputs = outputs + ops.reshape(
                ops.cast(self.beta, dtype), broadcast
            )
        return ops.cast(outputs, self.compute_dtype)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self, "groups", "axis", "epsilon", "center", "scale"
            )
        )
        config.update(scale_offset_config(self))
        return config
