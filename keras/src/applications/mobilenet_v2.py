"""MobileNetV2: inverted residual blocks with linear bottlenecks.

The architecture of Sandler et al., 2018 ("MobileNetV2: Inverted Residuals
and Linear Bottlenecks"): a strided 3x3 convolution, then 17 blocks that
expand the channels with a 1x1 convolution, filter them with a 3x3
depthwise convolution, and project them back with a linear 1x1 convolution
(adding the block's input when shapes allow), a final 1x1 convolution to
1280 channels, and an optional classification head. ReLU6 activations
throughout; every filter count is scaled by the width multiplier `alpha`.
"""

from keras.src import layers
from keras.src.applications import model_builder
from keras.src.applications.mobilenet import image_rows

# (expansion, output channels, repeats, stride of the first repeat) of the
# seven stages.
_STAGES = (
    (1, 16, 1, 1),
    (6, 24, 2, 2),
    (6, 32, 3, 2),
    (6, 64, 4, 2),
    (6, 96, 3, 1),
    (6, 160, 3, 2),
    (6, 320, 1, 1),
)
_BN = {"epsilon": 1e-3, "momentum": 0.999}


def make_divisible(value, divisor, min_value=None):
    """Rounds a channel count to the nearest multiple of `divisor` (at
    least `min_value`, default `divisor`), never more than 10% below
    `value`."""
    if min_value is None:
        min_value = divisor
    rounded = max(min_value, int(value + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * value:
        rounded += divisor
    return rounded


def _inverted_residual(x, expansion, filters, strides, alpha, block_id, axis):
    in_channels = x.shape[axis]
    pointwise_filters = make_divisible(int(filters * alpha), 8)
    prefix = f"block_{block_id}_" if block_id else "expanded_conv_"
    inputs = x
    if block_id:
        x = model_builder.conv_bn(
            x,
            expansion * in_channels,
            1,
            axis,
            f"{prefix}expand",
            f"{prefix}expand_BN",
            bn_options=_BN,
        )
        x = layers.ReLU(6.0, name=f"{prefix}expand_relu")(x)
    x = model_builder.depthwise_bn(
        x,
        3,
        strides,
        axis,
        f"{prefix}depthwise",
        f"{prefix}depthwise_BN",
        f"{prefix}pad",
        bn_options=_BN,
    )
    x = layers.ReLU(6.0, name=f"{prefix}depthwise_relu")(x)
    x = model_builder.conv_bn(
        x,
        pointwise_filters,
        1,
        axis,
        f"{prefix}project",
        f"{prefix}project_BN",
        bn_options=_BN,
    )
    if in_channels == pointwise_filters and strides == 1:
        return layers.Add(name=f"{prefix}add")([inputs, x])
    return x


def _mobilenet_v2(call, alpha):
    img_input = call.image_input(default_size=224)
    axis = model_builder.channel_axis(-1)

    x = model_builder.conv_bn(
        img_input,
        make_divisible(32 * alpha, 8),
        3,
        axis,
        "Conv1",
        "bn_Conv1",
        strides=2,
        bn_options=_BN,
    )
    x = layers.ReLU(6.0, name="Conv1_relu")(x)

    block_id = 0
    for expansion, filters, repeats, first_strides in _STAGES:
        for repeat in range(repeats):
            x = _inverted_residual(
                x,
                expansion,
                filters,
                strides=first_strides if repeat == 0 else 1,
                alpha=alpha,
                block_id=block_id,
                axis=axis,
            )
            block_id += 1

    # The last convolution keeps 1280 channels for narrower models.
    last_filters = make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = model_builder.conv_bn(
        x,
        last_filters,
        1,
        axis,
        "Conv_1",
        "Conv_1_bn",
        padding="valid",
        bn_options=_BN,
    )
    x = layers.ReLU(6.0, name="out_relu")(x)

    x = call.classifier_head(x, head_pool_name=None, pool_names=(None, None))
    if call.name is None:
        call.name = f"mobilenetv2_{alpha:0.2f}_{image_rows(call.image_shape)}"
    return call.model(x)


_PARAMETERS = model_builder.shape_first_parameters((("alpha", 1.0),), name=None)

MobileNetV2 = model_builder.export_application(
    _mobilenet_v2,
    "MobileNetV2",
    __name__,
    model_builder.standard_doc(
        "MobileNetV2",
        "mobilenet_v2",
        parameters=_PARAMETERS,
        note=" (pixel values in `[-1, 1]`)",
        arg_docs={
            "alpha": "Width multiplier: the number of filters of every "
            "layer is scaled by it (rounded to multiples of 8).",
            "name": "Name of the model; defaults to "
            '`"mobilenetv2_<alpha>_<image height>"`.',
        },
    ),
    _PARAMETERS,
)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
