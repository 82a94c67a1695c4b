"""MobileNetV3Small and MobileNetV3Large: searched mobile image models.

The architecture of Howard et al., 2019 ("Searching for MobileNetV3"):
MobileNetV2's inverted residual blocks (`keras.applications.mobilenet_v2`)
with 3x3 or 5x5 depthwise kernels, optional squeeze-and-excitation gated
by a hard sigmoid, and ReLU or hard-swish activations, stacked as found by
architecture search for a large and a small model. The head pools the
features before its last 1x1 convolution, so images of any size (at least
32x32) are accepted, even with the classifier.

The model takes pixel values in `[0, 255]` and rescales them itself
(`include_preprocessing=True`); `preprocess_input` is the identity.
"""

from keras.src import layers
from keras.src.applications import model_builder
from keras.src.applications.mobilenet_v2 import make_divisible

# The blocks of each model: (depthwise kernel size, expansion ratio,
# output filters, squeeze-and-excitation ratio or None, stride,
# activation), and the width of the head's last convolution.
_SMALL = (
    (3, 1, 16, 0.25, 2, "relu"),
    (3, 72.0 / 16, 24, None, 2, "relu"),
    (3, 88.0 / 24, 24, None, 1, "relu"),
    (5, 4, 40, 0.25, 2, "hard_swish"),
    (5, 6, 40, 0.25, 1, "hard_swish"),
    (5, 6, 40, 0.25, 1, "hard_swish"),
    (5, 3, 48, 0.25, 1, "hard_swish"),
    (5, 3, 48, 0.25, 1, "hard_swish"),
    (5, 6, 96, 0.25, 2, "hard_swish"),
    (5, 6, 96, 0.25, 1, "hard_swish"),
    (5, 6, 96, 0.25, 1, "hard_swish"),
)
_LARGE = (
    (3, 1, 16, None, 1, "relu"),
    (3, 4, 24, None, 2, "relu"),
    (3, 3, 24, None, 1, "relu"),
    (5, 3, 40, 0.25, 2, "relu"),
    (5, 3, 40, 0.25, 1, "relu"),
    (5, 3, 40, 0.25, 1, "relu"),
    (3, 6, 80, None, 2, "hard_swish"),
    (3, 2.5, 80, None, 1, "hard_swish"),
    (3, 2.3, 80, None, 1, "hard_swish"),
    (3, 2.3, 80, None, 1, "hard_swish"),
    (3, 6, 112, 0.25, 1, "hard_swish"),
    (3, 6, 112, 0.25, 1, "hard_swish"),
    (5, 6, 160, 0.25, 2, "hard_swish"),
    (5, 6, 160, 0.25, 1, "hard_swish"),
    (5, 6, 160, 0.25, 1, "hard_swish"),
)
_MODELS = {"small": (_SMALL, 1024), "large": (_LARGE, 1280)}
_BN = {"epsilon": 1e-3, "momentum": 0.999}
_MIN_SIZE = 32


def _activate(x, activation):
    # Automatically named layers, as in the reference model.
    if activation == "relu":
        return layers.ReLU()(x)
    return layers.Activation("hard_silu")(x)


def _hard_sigmoid(x):
    return layers.ReLU(6.0)(x + 3.0) * (1.0 / 6.0)


def _squeeze_excite(inputs, filters, se_ratio, prefix):
    x = layers.GlobalAveragePooling2D(
        keepdims=True, name=f"{prefix}squeeze_excite_avg_pool"
    )(inputs)
    x = layers.Conv2D(
        make_divisible(filters * se_ratio, 8),
        1,
        padding="same",
        name=f"{prefix}squeeze_excite_conv",
    )(x)
    x = layers.ReLU(name=f"{prefix}squeeze_excite_relu")(x)
    x = layers.Conv2D(
        filters, 1, padding="same", name=f"{prefix}squeeze_excite_conv_1"
    )(x)
    x = _hard_sigmoid(x)
    return layers.Multiply(name=f"{prefix}squeeze_excite_mul")([inputs, x])


def _inverted_residual(x, block, alpha, block_id, axis):
    kernel_size, expansion, filters, se_ratio, strides, activation = block
    filters = make_divisible(filters * alpha, 8)
    in_channels = x.shape[axis]
    prefix = f"expanded_conv_{block_id}_" if block_id else "expanded_conv_"
    inputs = x
    if block_id:
        expanded = make_divisible(in_channels * expansion, 8)
        x = model_builder.conv_bn(
            x,
            expanded,
            1,
            axis,
            f"{prefix}expand",
            f"{prefix}expand_bn",
            bn_options=_BN,
        )
        x = _activate(x, activation)
    else:
        expanded = in_channels
    x = model_builder.depthwise_bn(
        x,
        kernel_size,
        strides,
        axis,
        f"{prefix}depthwise",
        f"{prefix}depthwise_bn",
        f"{prefix}depthwise_pad",
        bn_options=_BN,
    )
    x = _activate(x, activation)
    if se_ratio:
        x = _squeeze_excite(x, expanded, se_ratio, prefix)
    x = model_builder.conv_bn(
        x,
        filters,
        1,
        axis,
        f"{prefix}project",
        f"{prefix}project_bn",
        bn_options=_BN,
    )
    if strides == 1 and in_channels == filters:
        x = layers.Add(name=f"{prefix}add")([inputs, x])
    return x


def _image_shape(call):
    """The image shape: `input_shape`, else the shape of `input_tensor`,
    else images of any size; the height and width must be at least 32."""
    input_shape, input_tensor = call.input_shape, call.input_tensor
    rows_axis = 1 if model_builder.channel_axis() == 1 else 0
    if input_tensor is not None:
        tensor_shape = tuple(input_tensor.shape[1:])
        if input_shape is None:
            input_shape = tensor_shape
        elif tuple(input_shape) != tensor_shape:
            raise ValueError(
                "`input_shape` must equal the shape of `input_tensor` "
                f"(without the batch axis). Received: input_shape="
                f"{input_shape}, input_tensor.shape={input_tensor.shape}"
            )
    if input_shape is None:
        return (3, None, None) if rows_axis == 1 else (None, None, 3)
    for size in input_shape[rows_axis : rows_axis + 2]:
        if size is not None and size < _MIN_SIZE:
            raise ValueError(
                f"Input size must be at least {_MIN_SIZE}x{_MIN_SIZE}; "
                f"Received `input_shape={input_shape}`"
            )
    return input_shape


def _mobilenet_v3(
    call, size, alpha, minimalistic, dropout_rate, include_preprocessing
):
    img_input = call.image_input(shape_rule=_image_shape)
    axis = model_builder.channel_axis(-1)
    blocks, last_point_filters = _MODELS[size]
    stem_activation = "relu" if minimalistic else "hard_swish"

    x = img_input
    if include_preprocessing:
        x = layers.Rescaling(scale=1.0 / 127.5, offset=-1.0)(x)
    x = model_builder.conv_bn(
        x, 16, 3, axis, "conv", "conv_bn", strides=2, bn_options=_BN
    )
    x = _activate(x, stem_activation)

    for block_id, block in enumerate(blocks):
        if minimalistic:
            # 3x3 kernels, ReLU, no squeeze-and-excitation.
            block = (3,) + block[1:3] + (None, block[4], "relu")
        x = _inverted_residual(x, block, alpha, block_id, axis)

    last_conv_filters = make_divisible(x.shape[axis] * 6, 8)
    if alpha > 1.0:
        last_point_filters = make_divisible(last_point_filters * alpha, 8)
    x = model_builder.conv_bn(
        x, last_conv_filters, 1, axis, "conv_1", "conv_1_bn", bn_options=_BN
    )
    x = _activate(x, stem_activation)

    if call.include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Conv2D(last_point_filters, 1, padding="same", name="conv_2")(
            x
        )
        x = _activate(x, stem_activation)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate)(x)
        x = layers.Conv2D(call.classes, 1, padding="same", name="logits")(x)
        x = layers.Flatten()(x)
        x = layers.Activation(call.classifier_activation, name="predictions")(x)
    else:
        x = model_builder.global_pool(x, call.pooling)
    return call.model(x)


def _export(size):
    title = f"MobileNetV3{size.capitalize()}"
    parameters = (
        ("input_shape", None),
        ("alpha", 1.0),
        ("minimalistic", False),
        ("include_top", True),
        ("weights", "imagenet"),
        ("input_tensor", None),
        ("classes", 1000),
        ("pooling", None),
        ("dropout_rate", 0.2),
        ("classifier_activation", "softmax"),
        ("include_preprocessing", True),
        ("name", title),
    )
    return model_builder.export_application(
        _mobilenet_v3,
        title,
        __name__,
        model_builder.standard_doc(
            title,
            parameters=parameters,
            head="classification head (global average pooling, a 1x1 "
            "convolution, dropout and a 1x1 convolution to `classes`)",
            arg_docs={
                "input_shape": "Shape of one image, e.g. `(224, 224, 3)` "
                "(channels last). Defaults to the shape of `input_tensor`, "
                "else to images of any size (at least 32x32), even with the "
                "classification head.",
                "alpha": "Width multiplier: the number of filters of the "
                "blocks is scaled by it (rounded to multiples of 8).",
                "minimalistic": "Whether to use the simpler blocks: 3x3 "
                "kernels, ReLU activations and no squeeze-and-excitation.",
                "dropout_rate": "Dropout rate before the classifier (none "
                "for 0).",
                "include_preprocessing": "Whether the model rescales pixel "
                "values from `[0, 255]` to `[-1, 1]` itself.",
            },
        ),
        parameters,
        exports=[f"keras.applications.{title}"],
        size=size,
    )


MobileNetV3Small = _export("small")
MobileNetV3Large = _export("large")

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode=None
)
