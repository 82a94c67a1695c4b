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
from keras.src.applications import imagenet_utils
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
        x = layers.Conv2D(
            expansion * in_channels,
            1,
            padding="same",
            use_bias=False,
            name=f"{prefix}expand",
        )(x)
        x = layers.BatchNormalization(
            axis=axis, name=f"{prefix}expand_BN", **_BN
        )(x)
        x = layers.ReLU(6.0, name=f"{prefix}expand_relu")(x)
    if strides == 2:
        x = layers.ZeroPadding2D(
            padding=imagenet_utils.correct_pad(x, 3), name=f"{prefix}pad"
        )(x)
    x = layers.DepthwiseConv2D(
        3,
        strides=strides,
        padding="same" if strides == 1 else "valid",
        use_bias=False,
        name=f"{prefix}depthwise",
    )(x)
    x = layers.BatchNormalization(
        axis=axis, name=f"{prefix}depthwise_BN", **_BN
    )(x)
    x = layers.ReLU(6.0, name=f"{prefix}depthwise_relu")(x)
    x = layers.Conv2D(
        pointwise_filters,
        1,
        padding="same",
        use_bias=False,
        name=f"{prefix}project",
    )(x)
    x = layers.BatchNormalization(axis=axis, name=f"{prefix}project_BN", **_BN)(
        x
    )
    if in_channels == pointwise_filters and strides == 1:
        return layers.Add(name=f"{prefix}add")([inputs, x])
    return x


def _mobilenet_v2(
    input_shape,
    alpha,
    include_top,
    weights,
    input_tensor,
    pooling,
    classes,
    classifier_activation,
    name,
):
    img_input, shape = model_builder.checked_image_input(
        input_tensor,
        input_shape,
        include_top=include_top,
        weights=weights,
        pooling=pooling,
        classifier_activation=classifier_activation,
        default_size=224,
    )
    axis = model_builder.channel_axis(-1)

    x = layers.Conv2D(
        make_divisible(32 * alpha, 8),
        3,
        strides=2,
        padding="same",
        use_bias=False,
        name="Conv1",
    )(img_input)
    x = layers.BatchNormalization(axis=axis, name="bn_Conv1", **_BN)(x)
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
    x = layers.Conv2D(last_filters, 1, use_bias=False, name="Conv_1")(x)
    x = layers.BatchNormalization(axis=axis, name="Conv_1_bn", **_BN)(x)
    x = layers.ReLU(6.0, name="out_relu")(x)

    x = model_builder.classifier_head(
        x,
        include_top,
        pooling,
        classes,
        classifier_activation,
        head_pool_name=None,
        pool_names=(None, None),
    )

    if name is None:
        name = f"mobilenetv2_{alpha:0.2f}_{image_rows(shape)}"
    return model_builder.finish(img_input, x, input_tensor, name)


MobileNetV2 = model_builder.export_application(
    _mobilenet_v2,
    "MobileNetV2",
    __name__,
    [
        "keras.applications.mobilenet_v2.MobileNetV2",
        "keras.applications.MobileNetV2",
    ],
    """Builds a MobileNetV2 model.

    Args:
        input_shape: Shape of one image, e.g. `(224, 224, 3)` (channels
            last). Defaults to `(224, 224, 3)` with the classification
            head, else to images of any size (at least 32x32).
        alpha: Width multiplier: the number of filters of every layer is
            scaled by it (rounded to multiples of 8).
        include_top: Whether to add the classification head (global
            average pooling and a `Dense` layer of `classes` units).
        weights: `None` (random initialization), `"imagenet"` (weights
            pretrained on ImageNet, downloaded once into
            `~/.keras/models/`), or the path of a weights file.
        input_tensor: Optional Keras tensor to use as the model's input.
        pooling: Without the head: `None` (4D feature maps), `"avg"` or
            `"max"` (global pooling to 2D features).
        classes: Number of classes of the head.
        classifier_activation: Activation of the head's output.
        name: Name of the model; defaults to
            `"mobilenetv2_<alpha>_<image height>"`.

    Inputs are expected preprocessed by
    `keras.applications.mobilenet_v2.preprocess_input` (pixel values in
    `[-1, 1]`).

    Returns:
        A functional `keras.Model`.
    """,
    (
        ("input_shape", None),
        ("alpha", 1.0),
        ("include_top", True),
        ("weights", "imagenet"),
        ("input_tensor", None),
        ("pooling", None),
        ("classes", 1000),
        ("classifier_activation", "softmax"),
        ("name", None),
    ),
)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
