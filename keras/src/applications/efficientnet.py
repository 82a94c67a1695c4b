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

from keras.src import initializers
from keras.src import layers
from keras.src.applications import imagenet_utils
from keras.src.applications import model_builder

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
ACTIVATION = "silu"


def conv_initializer():
    return initializers.VarianceScaling(
        scale=2.0, mode="fan_out", distribution="truncated_normal"
    )


def dense_initializer():
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


def round_repeats(repeats, depth_coefficient):
    return int(math.ceil(depth_coefficient * repeats))


def conv_bn_activation(
    x,
    filters,
    kernel_size,
    part,
    axis,
    *,
    strides=1,
    padding="same",
    activate=True,
    bn_options=None,
):
    """The unit EfficientNets are built of: the bias-free convolution
    `{part}conv` (see `conv_initializer`), its batch normalization
    `{part}bn` (with `bn_options`) and, when `activate`, the swish
    activation `{part}activation`. `part` is a name prefix such as
    `"stem_"` or `"block1a_expand_"`."""
    x = model_builder.conv_bn(
        x,
        filters,
        kernel_size,
        axis,
        f"{part}conv",
        f"{part}bn",
        strides=strides,
        padding=padding,
        bn_options=bn_options,
        kernel_initializer=conv_initializer(),
    )
    if activate:
        x = layers.Activation(ACTIVATION, name=f"{part}activation")(x)
    return x


def squeeze_excite(x, filters, filters_se, prefix, channel_axis):
    """Squeeze-and-excitation: weights each of the `filters` channels of
    `x` by a sigmoid of its global average, through a 1x1 bottleneck of
    `filters_se` channels."""
    se = layers.GlobalAveragePooling2D(name=f"{prefix}se_squeeze")(x)
    se_shape = (filters, 1, 1) if channel_axis == 1 else (1, 1, filters)
    se = layers.Reshape(se_shape, name=f"{prefix}se_reshape")(se)
    se = layers.Conv2D(
        filters_se,
        1,
        padding="same",
        activation=ACTIVATION,
        kernel_initializer=conv_initializer(),
        name=f"{prefix}se_reduce",
    )(se)
    se = layers.Conv2D(
        filters,
        1,
        padding="same",
        activation="sigmoid",
        kernel_initializer=conv_initializer(),
        name=f"{prefix}se_expand",
    )(se)
    return layers.multiply([x, se], name=f"{prefix}se_excite")


def residual_add(x, inputs, drop_rate, prefix):
    """Adds a block's input to its output, after stochastic depth (dropping
    the whole residual branch per sample) when `drop_rate > 0`."""
    if drop_rate > 0:
        x = layers.Dropout(
            drop_rate, noise_shape=(None, 1, 1, 1), name=f"{prefix}drop"
        )(x)
    return layers.add([x, inputs], name=f"{prefix}add")


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
    filters = filters_in * expand_ratio

    x = inputs
    if expand_ratio != 1:
        x = conv_bn_activation(x, filters, 1, f"{prefix}expand_", channel_axis)

    x = model_builder.depthwise_bn(
        x,
        kernel_size,
        strides,
        channel_axis,
        f"{prefix}dwconv",
        f"{prefix}bn",
        f"{prefix}dwconv_pad",
        depthwise_initializer=conv_initializer(),
    )
    x = layers.Activation(ACTIVATION, name=f"{prefix}activation")(x)

    x = squeeze_excite(
        x, filters, max(1, int(filters_in * _SE_RATIO)), prefix, channel_axis
    )

    x = conv_bn_activation(
        x, filters_out, 1, f"{prefix}project_", channel_axis, activate=False
    )

    if strides == 1 and filters_in == filters_out:
        x = residual_add(x, inputs, drop_rate, prefix)
    return x


def _efficientnet(call, variant):
    width, depth, default_size, dropout_rate = _VARIANTS[variant]
    channel_axis = model_builder.channel_axis()
    img_input = call.image_input(default_size=default_size)

    # Pixel values in [0, 255] -> [0, 1] -> per-channel standardization
    # (the identity until statistics are set or loaded).
    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=channel_axis)(x)

    x = layers.ZeroPadding2D(
        padding=imagenet_utils.correct_pad(x, 3), name="stem_conv_pad"
    )(x)
    x = conv_bn_activation(
        x,
        _round_filters(32, width),
        3,
        "stem_",
        channel_axis,
        strides=2,
        padding="valid",
    )

    # The stochastic-depth rate grows linearly with the block's index.
    total_blocks = float(
        sum(round_repeats(stage[1], depth) for stage in _STAGES)
    )
    block_index = 0
    for stage_index, stage in enumerate(_STAGES):
        kernel_size, repeats, filters_in, filters_out, expand, strides = stage
        filters_in = _round_filters(filters_in, width)
        filters_out = _round_filters(filters_out, width)
        for repeat in range(round_repeats(repeats, depth)):
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

    x = conv_bn_activation(
        x, _round_filters(1280, width), 1, "top_", channel_axis
    )
    x = call.classifier_head(
        x, dropout=dropout_rate, kernel_initializer=dense_initializer()
    )
    return call.model(x)


# What the docstrings of EfficientNet and EfficientNetV2 say of some
# standard arguments.
ARG_DOCS = {
    "include_top": "Whether to add the classification head (global "
    "average pooling, dropout and a `Dense` layer of `classes` units).",
    "pooling": "Without the head: `None` (4D feature maps of the last "
    'convolution), `"avg"` or `"max"` (global pooling to 2D features).',
    "classifier_activation": "Activation of the head's output (`None` for "
    "logits).",
}


def _export(variant):
    title = f"EfficientNet{variant.upper()}"
    return model_builder.export_application(
        _efficientnet,
        title,
        __name__,
        model_builder.standard_doc(
            title,
            inputs="The model expects pixel values in `[0, 255]` (it "
            "rescales them itself).",
            default_size=_VARIANTS[variant][2],
            arg_docs=ARG_DOCS,
        ),
        model_builder.STANDARD_PARAMETERS
        + (("name", f"efficientnet{variant}"),),
        variant=variant,
    )


EfficientNetB0 = _export("b0")
EfficientNetB1 = _export("b1")
EfficientNetB2 = _export("b2")
EfficientNetB3 = _export("b3")
EfficientNetB4 = _export("b4")
EfficientNetB5 = _export("b5")
EfficientNetB6 = _export("b6")
EfficientNetB7 = _export("b7")

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode=None
)
