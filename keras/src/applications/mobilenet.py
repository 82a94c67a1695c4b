"""MobileNet (v1): depthwise-separable convolutions for image models.

The architecture of Howard et al., 2017 ("MobileNets: Efficient
Convolutional Neural Networks for Mobile Vision Applications"): a strided
3x3 convolution followed by 13 depthwise-separable blocks (3x3 depthwise
convolution, then 1x1 pointwise convolution, each with batch normalization
and ReLU6), and an optional classification head.
"""

from keras.src import layers
from keras.src.applications import model_builder

# (pointwise filters, stride) of the 13 depthwise-separable blocks.
_BLOCKS = (
    (64, 1),
    (128, 2),
    (128, 1),
    (256, 2),
    (256, 1),
    (512, 2),
    (512, 1),
    (512, 1),
    (512, 1),
    (512, 1),
    (512, 1),
    (1024, 2),
    (1024, 1),
)


def image_rows(shape):
    """The image height of a 3-entry image shape (`None` if unknown)."""
    if model_builder.channel_axis() == 1:
        return shape[1]
    return shape[0]


def _mobilenet(call, alpha, depth_multiplier, dropout):
    img_input = call.image_input(default_size=224)
    channel_axis = model_builder.channel_axis(-1)

    def conv_bn_relu(x, filters, kernel_size, strides, prefix):
        x = model_builder.conv_bn(
            x,
            filters,
            kernel_size,
            channel_axis,
            prefix,
            f"{prefix}_bn",
            strides=strides,
        )
        return layers.ReLU(6.0, name=f"{prefix}_relu")(x)

    x = conv_bn_relu(img_input, int(32 * alpha), 3, 2, "conv1")
    for index, (filters, strides) in enumerate(_BLOCKS, start=1):
        if strides == 1:
            padding = "same"
        else:
            x = layers.ZeroPadding2D(
                ((0, 1), (0, 1)), name=f"conv_pad_{index}"
            )(x)
            padding = "valid"
        x = layers.DepthwiseConv2D(
            3,
            strides=strides,
            padding=padding,
            depth_multiplier=depth_multiplier,
            use_bias=False,
            name=f"conv_dw_{index}",
        )(x)
        x = layers.BatchNormalization(
            axis=channel_axis, name=f"conv_dw_{index}_bn"
        )(x)
        x = layers.ReLU(6.0, name=f"conv_dw_{index}_relu")(x)
        x = conv_bn_relu(x, int(filters * alpha), 1, 1, f"conv_pw_{index}")

    if call.include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name="dropout")(x)
        x = layers.Conv2D(call.classes, 1, padding="same", name="conv_preds")(x)
        x = layers.Reshape((call.classes,), name="reshape_2")(x)
        x = layers.Activation(call.classifier_activation, name="predictions")(x)
    else:
        x = model_builder.global_pool(
            x, call.pooling, avg_name=None, max_name=None
        )

    if call.name is None:
        call.name = f"mobilenet_{alpha:0.2f}_{image_rows(call.image_shape)}"
    return call.model(x)


_PARAMETERS = model_builder.shape_first_parameters(
    (("alpha", 1.0), ("depth_multiplier", 1), ("dropout", 1e-3)), name=None
)

MobileNet = model_builder.export_application(
    _mobilenet,
    "MobileNet",
    __name__,
    model_builder.standard_doc(
        "MobileNet",
        "mobilenet",
        parameters=_PARAMETERS,
        summary=" (v1)",
        head="classification head (global average pooling, dropout, and a "
        "1x1 convolution to `classes`)",
        note=" (pixel values in `[-1, 1]`)",
        arg_docs={
            "alpha": "Width multiplier: the number of filters of every "
            "layer is scaled by it.",
            "depth_multiplier": "Depth multiplier of the depthwise "
            "convolutions.",
            "dropout": "Dropout rate before the classifier.",
            "name": "Name of the model; defaults to "
            '`"mobilenet_<alpha>_<image height>"`.',
        },
    ),
    _PARAMETERS,
)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
