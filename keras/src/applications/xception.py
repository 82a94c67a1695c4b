"""Xception: depthwise-separable convolutions with residual connections.

The architecture of Chollet, 2017 ("Xception: Deep Learning with Depthwise
Separable Convolutions"): an entry flow (two 3x3 convolutions, then three
blocks of two separable convolutions and a strided max pooling, with a
strided 1x1 convolution on the shortcut), a middle flow of eight residual
blocks of three separable convolutions at 728 channels, an exit flow (one
more downsampling block, two separable convolutions to 2048 channels), and
an optional classification head.
"""

from keras.src import layers
from keras.src.applications import model_builder

_BN_EPSILON = 1e-3
_MIDDLE_BLOCKS = 8


def _separable(x, filters, prefix, axis, activate_first):
    """A separable convolution and its batch normalization, with ReLU
    before (`activate_first`) or after."""
    if activate_first:
        x = layers.Activation("relu", name=f"{prefix}_act")(x)
    x = layers.SeparableConv2D(
        filters, 3, padding="same", use_bias=False, name=prefix
    )(x)
    x = layers.BatchNormalization(
        axis=axis, epsilon=_BN_EPSILON, name=f"{prefix}_bn"
    )(x)
    if not activate_first:
        x = layers.Activation("relu", name=f"{prefix}_act")(x)
    return x


def _downsampling_block(x, filters, block, axis, activate_input=True):
    """Two separable convolutions and a strided max pooling, added to a
    strided 1x1 convolution of the block's input (automatically named
    layers, as in the reference model)."""
    shortcut = layers.Conv2D(
        filters[1], 1, strides=2, padding="same", use_bias=False
    )(x)
    shortcut = layers.BatchNormalization(axis=axis, epsilon=_BN_EPSILON)(
        shortcut
    )
    if activate_input:
        x = _separable(x, filters[0], f"block{block}_sepconv1", axis, True)
    else:
        x = layers.SeparableConv2D(
            filters[0],
            3,
            padding="same",
            use_bias=False,
            name=f"block{block}_sepconv1",
        )(x)
        x = layers.BatchNormalization(
            axis=axis, epsilon=_BN_EPSILON, name=f"block{block}_sepconv1_bn"
        )(x)
    x = _separable(x, filters[1], f"block{block}_sepconv2", axis, True)
    x = layers.MaxPooling2D(
        3, strides=2, padding="same", name=f"block{block}_pool"
    )(x)
    return layers.add([x, shortcut])


def _xception(call):
    img_input = call.image_input(default_size=299, min_size=71)
    axis = model_builder.channel_axis(-1)

    x = img_input
    for index, (filters, strides) in enumerate(((32, 2), (64, 1)), start=1):
        prefix = f"block1_conv{index}"
        x = layers.Conv2D(
            filters, 3, strides=strides, use_bias=False, name=prefix
        )(x)
        x = layers.BatchNormalization(
            axis=axis, epsilon=_BN_EPSILON, name=f"{prefix}_bn"
        )(x)
        x = layers.Activation("relu", name=f"{prefix}_act")(x)

    x = _downsampling_block(x, (128, 128), 2, axis, activate_input=False)
    x = _downsampling_block(x, (256, 256), 3, axis)
    x = _downsampling_block(x, (728, 728), 4, axis)
    for block in range(5, 5 + _MIDDLE_BLOCKS):
        residual = x
        for index in range(1, 4):
            x = _separable(x, 728, f"block{block}_sepconv{index}", axis, True)
        x = layers.add([x, residual])
    x = _downsampling_block(x, (728, 1024), 5 + _MIDDLE_BLOCKS, axis)
    x = _separable(x, 1536, "block14_sepconv1", axis, False)
    x = _separable(x, 2048, "block14_sepconv2", axis, False)

    return call.model(call.classifier_head(x, pool_names=(None, None)))


Xception = model_builder.export_application(
    _xception,
    "Xception",
    __name__,
    model_builder.standard_doc(
        "Xception",
        "xception",
        default_size=299,
        min_size=71,
        note=" (pixel values in `[-1, 1]`)",
    ),
    model_builder.STANDARD_PARAMETERS + (("name", "xception"),),
)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
