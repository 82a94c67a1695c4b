"""EfficientNet B0 to B7: compound-scaled convolutional image models.

The architecture of Tan and Le, 2019 ("EfficientNet: Rethinking Model
Scaling for Convolutional Neural Networks"). A baseline network (B0) of
seven stages of mobile inverted-bottleneck blocks ("MBConv": a 1x1
expansion, a depthwise convolution, squeeze-and-excitation, a 1x1
projection, and a residual connection with stochastic depth when shapes
allow) is scaled up uniformly in width, depth and input resolution by one
compound coefficient per variant. Activations are swish (SiLU).

The model takes images with pixel values in `[0, 255]`: rescaling and
normalization are layers of the model, so `preprocess_input` is the
identity.
"""

import math

from keras.src import backend
from keras.src import initializers
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional
from keras.src.ops import operation_utils

# The seven stages of the B0 baseline: (kernel size, repeats, input filters,
# output filters, expansion ratio, stride of the first block). Every block
# has squeeze-and-excitation with ratio 0.25 and an identity skip.
_STAGES = (
    (3, 1, 32, 16, 1, 1),
    (3, 2, 16, 24, 6, 2),
    (5, 2, 24, 40, 6, 2),
    (3, 3, 40, 80, 6, 2),
    (5, 3, 80, 112, 6, 1),
    (5, 4, 112, 192, 6, 2),
    (3, 1, 192, 320, 6, 1),
)
_SE_RATIO = 0.25

# (width coefficient, depth coefficient, default resolution, dropout rate
# before the classifier) of each variant.
_VARIANTS = {
    "b0": (1.0, 1.0, 224, 0.2),
    "b1": (1.0, 1.1, 240, 0.2),
    "b2": (1.1, 1.2, 260, 0.3),
    "b3": (1.2, 1.4, 300, 0.3),
    "b4": (1.4, 1.8, 380, 0.4),
    "b5": (1.6, 2.2, 456, 0.4),
    "b6": (1.8, 2.6, 528, 0.5),
    "b7": (2.0, 3.1, 600, 0.5),
}

_DROP_CONNECT_RATE = 0.2
_DEPTH_DIVISOR = 8
_ACTIVATION = "silu"


def _conv_initializer():
    return initializers.VarianceScaling(
        scale=2.0, mode="fan_out", distribution="truncated_normal"
    )


def _dense_initializer():
    return initializers.VarianceScaling(
        scale=1.0 / 3.0, mode="fan_out", distribution="uniform"
    )


def _round_filters(filters, width_coefficient):
    """Scales a filter count by the width coefficient, to a multiple of
    the divisor, never more than 10% below the scaled count."""
    filters *= width_coefficient
    divisor = _DEPTH_DIVISOR
    rounded = max(divisor, int(filters + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * filters:
        rounded += divisor
    return int(rounded)


def _round_repeats(repeats, depth_coefficient):
    return int(math.ceil(depth_coefficient * repeats))


def _mbconv_block(
    inputs,
    prefix,
    filters_in,
    filters_out,
    kernel_size,
    strides,
    expand_ratio,
    drop_rate,
    channel_axis,
):
    """One mobile inverted-bottleneck block with squeeze-and-excitation."""
    channels_first = channel_axis == 1
    filters = filters_in * expand_ratio

    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(
            filters,
            1,
            padding="same",
            use_bias=False,
            kernel_initializer=_conv_initializer(),
            name=f"{prefix}expand_conv",
        )(x)
        x = layers.BatchNormalization(
            axis=channel_axis, name=f"{prefix}expand_bn"
        )(x)
        x = layers.Activation(_ACTIVATION, name=f"{prefix}expand_activation")(x)

    if strides == 2:
        x = layers.ZeroPadding2D(
            padding=imagenet_utils.correct_pad(x, kernel_size),
            name=f"{prefix}dwconv_pad",
        )(x)
        padding = "valid"
    else:
        padding = "same"
    x = layers.DepthwiseConv2D(
        kernel_size,
        strides=strides,
        padding=padding,
        use_bias=False,
        depthwise_initializer=_conv_initializer(),
        name=f"{prefix}dwconv",
    )(x)
    x = layers.BatchNormalization(axis=channel_axis, name=f"{prefix}bn")(x)
    x = layers.Activation(_ACTIVATION, name=f"{prefix}activation")(x)

    # Squeeze-and-excitation: channel weights from globally pooled
    # features, through a bottleneck sized on the block's input filters.
    filters_se = max(1, int(filters_in * _SE_RATIO))
    se = layers.GlobalAveragePooling2D(name=f"{prefix}se_squeeze")(x)
    se_shape = (filters, 1, 1) if channels_first else (1, 1, filters)
    se = layers.Reshape(se_shape, name=f"{prefix}se_reshape")(se)
    se = layers.Conv2D(
        filters_se,
        1,
        padding="same",
        activation=_ACTIVATION,
        kernel_initializer=_conv_initializer(),
        name=f"{prefix}se_reduce",
    )(se)
    se = layers.Conv2D(
        filters,
        1,
        padding="same",
        activation="sigmoid",
        kernel_initializer=_conv_initializer(),
        name=f"{prefix}se_expand",
    )(se)
    x = layers.multiply([x, se], name=f"{prefix}se_excite")

    x = layers.Conv2D(
        filters_out,
        1,
        padding="same",
        use_bias=False,
        kernel_initializer=_conv_initializer(),
        name=f"{prefix}project_conv",
    )(x)
    x = layers.BatchNormalization(
        axis=channel_axis, name=f"{prefix}project_bn"
    )(x)

    if strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            # Stochastic depth: drops the whole residual branch per sample.
            x = layers.Dropout(
                drop_rate,
                noise_shape=(None, 1, 1, 1),
                name=f"{prefix}drop",
            )(x)
        x = layers.add([x, inputs], name=f"{prefix}add")
    return x


def _efficientnet(
    variant,
    include_top,
    weights,
    input_tensor,
    input_shape,
    pooling,
    classes,
    classifier_activation,
    name,
):
    width, depth, default_size, dropout_rate = _VARIANTS[variant]
    imagenet_utils.check_weights(weights)
    if pooling not in (None, "avg", "max"):
        raise ValueError(
            f"`pooling` must be None, 'avg' or 'max'. Received: {pooling}"
        )
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)

    data_format = backend.image_data_format()
    channel_axis = 1 if data_format == "channels_first" else 3
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=default_size,
        min_size=32,
        data_format=data_format,
        require_flatten=include_top,
        weights=weights,
    )
    if input_tensor is None:
        img_input = layers.Input(shape=input_shape)
    elif backend.is_keras_tensor(input_tensor):
        img_input = input_tensor
    else:
        img_input = layers.Input(tensor=input_tensor, shape=input_shape)

    # Pixel values in [0, 255] -> [0, 1] -> per-channel standardization
    # (the identity until statistics are set or loaded).
    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=channel_axis)(x)

    x = layers.ZeroPadding2D(
        padding=imagenet_utils.correct_pad(x, 3), name="stem_conv_pad"
    )(x)
    x = layers.Conv2D(
        _round_filters(32, width),
        3,
        strides=2,
        padding="valid",
        use_bias=False,
        kernel_initializer=_conv_initializer(),
        name="stem_conv",
    )(x)
    x = layers.BatchNormalization(axis=channel_axis, name="stem_bn")(x)
    x = layers.Activation(_ACTIVATION, name="stem_activation")(x)

    # The stochastic-depth rate grows linearly with the block's index.
    total_blocks = float(
        sum(_round_repeats(stage[1], depth) for stage in _STAGES)
    )
    block_index = 0
    for stage_index, stage in enumerate(_STAGES):
        kernel_size, repeats, filters_in, filters_out, expand, strides = stage
        filters_in = _round_filters(filters_in, width)
        filters_out = _round_filters(filters_out, width)
        for repeat in range(_round_repeats(repeats, depth)):
            if repeat > 0:
                strides = 1
                filters_in = filters_out
            x = _mbconv_block(
                x,
                prefix=f"block{stage_index + 1}{chr(ord('a') + repeat)}_",
                filters_in=filters_in,
                filters_out=filters_out,
                kernel_size=kernel_size,
                strides=strides,
                expand_ratio=expand,
                drop_rate=_DROP_CONNECT_RATE * block_index / total_blocks,
                channel_axis=channel_axis,
            )
            block_index += 1

    x = layers.Conv2D(
        _round_filters(1280, width),
        1,
        padding="same",
        use_bias=False,
        kernel_initializer=_conv_initializer(),
        name="top_conv",
    )(x)
    x = layers.BatchNormalization(axis=channel_axis, name="top_bn")(x)
    x = layers.Activation(_ACTIVATION, name="top_activation")(x)

    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name="top_dropout")(x)
        x = layers.Dense(
            classes,
            activation=classifier_activation,
            kernel_initializer=_dense_initializer(),
            name="predictions",
        )(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D(name="max_pool")(x)

    if input_tensor is not None:
        inputs = operation_utils.get_source_inputs(input_tensor)
    else:
        inputs = img_input
    model = Functional(inputs, x, name=name)
    if weights is not None:
        model.load_weights(weights)
    return model


_DOC = """Builds the EfficientNet{variant} model.

    Args:
        include_top: Whether to add the classification head (global
            average pooling, dropout and a `Dense` layer of `classes`
            units).
        weights: `None` (random initialization) or the path of a weights
            file. Pretrained weights (`"imagenet"`) are not available in
            this build.
        input_tensor: Optional Keras tensor (e.g. from `keras.Input`) to
            use as the model's input.
        input_shape: Shape of one image, e.g. `({size}, {size}, 3)` with
            channels last. Defaults to `({size}, {size}, 3)` with the
            head, else to images of any size (at least 32x32).
        pooling: Without the head: `None` (4D feature maps of the last
            convolution), `"avg"` or `"max"` (global pooling to 2D
            features).
        classes: Number of classes of the head.
        classifier_activation: Activation of the head's output (`None` for
            logits).
        name: Name of the model.

    The model expects pixel values in `[0, 255]` (it rescales them
    itself).

    Returns:
        A functional `keras.Model`.
    """


def _make(variant):
    suffix = variant.upper()

    def builder(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=f"efficientnet{variant}",
    ):
        return _efficientnet(
            variant,
            include_top=include_top,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            name=name,
        )

    builder.__name__ = builder.__qualname__ = f"EfficientNet{suffix}"
    builder.__doc__ = _DOC.format(variant=suffix, size=_VARIANTS[variant][2])
    return keras_export(
        [
            f"keras.applications.efficientnet.EfficientNet{suffix}",
            f"keras.applications.EfficientNet{suffix}",
        ]
    )(builder)


EfficientNetB0 = _make("b0")
EfficientNetB1 = _make("b1")
EfficientNetB2 = _make("b2")
EfficientNetB3 = _make("b3")
EfficientNetB4 = _make("b4")
EfficientNetB5 = _make("b5")
EfficientNetB6 = _make("b6")
EfficientNetB7 = _make("b7")


@keras_export("keras.applications.efficientnet.preprocess_input")
def preprocess_input(x, data_format=None):
    """Returns `x` unchanged: EfficientNet models rescale and normalize
    their inputs themselves (they take pixel values in `[0, 255]`).

    Kept so that all applications offer the same functions.

    Args:
        x: A NumPy array or a tensor of images.
        data_format: Unused.

    Returns:
        `x`.
    """
    del data_format
    return x


@keras_export("keras.applications.efficientnet.decode_predictions")
def decode_predictions(preds, top=5):
    """Decodes ImageNet predictions; see
    `keras.applications.imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
