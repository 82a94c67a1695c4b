"""DenseNet121, DenseNet169 and DenseNet201: densely connected image
models.

The architecture of Huang et al., 2017 ("Densely Connected Convolutional
Networks"): a strided 7x7 convolution and a max pooling, then four dense
blocks in which each layer (batch normalization, ReLU, 1x1 convolution to
four times the growth rate, then the same and a 3x3 convolution to the
growth rate of 32 channels) appends its output to the features of all the
layers before it; between blocks, a transition halves the channels with a
1x1 convolution and the resolution with an average pooling.
"""

from keras.src import layers
from keras.src.applications import model_builder

# Layers of the four dense blocks of each depth.
_BLOCKS = {
    121: (6, 12, 24, 16),
    169: (6, 12, 32, 32),
    201: (6, 12, 48, 32),
}
_GROWTH_RATE = 32
_BN_EPSILON = 1.001e-5


def _bn_relu(x, prefix, axis):
    x = layers.BatchNormalization(
        axis=axis, epsilon=_BN_EPSILON, name=f"{prefix}_bn"
    )(x)
    return layers.Activation("relu", name=f"{prefix}_relu")(x)


def _dense_layer(x, prefix, axis):
    y = _bn_relu(x, f"{prefix}_0", axis)
    y = layers.Conv2D(
        4 * _GROWTH_RATE, 1, use_bias=False, name=f"{prefix}_1_conv"
    )(y)
    y = _bn_relu(y, f"{prefix}_1", axis)
    y = layers.Conv2D(
        _GROWTH_RATE, 3, padding="same", use_bias=False, name=f"{prefix}_2_conv"
    )(y)
    return layers.Concatenate(axis=axis, name=f"{prefix}_concat")([x, y])


def _transition(x, prefix, axis):
    x = _bn_relu(x, prefix, axis)
    x = layers.Conv2D(
        int(x.shape[axis] * 0.5), 1, use_bias=False, name=f"{prefix}_conv"
    )(x)
    return layers.AveragePooling2D(2, strides=2, name=f"{prefix}_pool")(x)


def _densenet(call, depth):
    img_input = call.image_input(default_size=224)
    axis = model_builder.channel_axis()

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=False, name="conv1_conv")(x)
    x = _bn_relu(x, "conv1", axis)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1")(x)
    blocks = _BLOCKS[depth]
    for stage, count in enumerate(blocks, start=2):
        for index in range(1, count + 1):
            x = _dense_layer(x, f"conv{stage}_block{index}", axis)
        if stage < len(blocks) + 1:
            x = _transition(x, f"pool{stage}", axis)
    x = layers.BatchNormalization(axis=axis, epsilon=_BN_EPSILON, name="bn")(x)
    x = layers.Activation("relu", name="relu")(x)

    return call.model(call.classifier_head(x))


def _export(depth):
    title = f"DenseNet{depth}"
    return model_builder.export_application(
        _densenet,
        title,
        __name__,
        model_builder.standard_doc(title, "densenet"),
        model_builder.STANDARD_PARAMETERS + (("name", f"densenet{depth}"),),
        depth=depth,
    )


DenseNet121 = _export(121)
DenseNet169 = _export(169)
DenseNet201 = _export(201)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="torch"
)
