"""InceptionResNetV2: Inception modules with scaled residual connections.

The architecture of Szegedy et al., 2016 ("Inception-v4, Inception-ResNet
and the Impact of Residual Connections on Learning"): a convolutional stem
and an Inception module (`mixed_5b`), then three groups of residual
Inception blocks (10 `block35`, 20 `block17` and 10 `block8`) separated by
the reduction modules `mixed_6a` and `mixed_7a`, and a final 1x1
convolution to 1536 channels. Each residual block concatenates its
branches, projects them back with a 1x1 convolution, and adds the result,
scaled down, to its input (`CustomScaleLayer`).
"""

from keras.src import layers
from keras.src.applications import model_builder

# For each kind of residual block: (count, residual scale, branches), each
# branch a tuple of (filters, kernel size) convolutions.
_RESIDUAL_BLOCKS = {
    "block35": (
        10,
        0.17,
        (((32, 1),), ((32, 1), (32, 3)), ((32, 1), (48, 3), (64, 3))),
    ),
    "block17": (
        20,
        0.1,
        (((192, 1),), ((128, 1), (160, (1, 7)), (192, (7, 1)))),
    ),
    "block8": (
        10,
        0.2,
        (((192, 1),), ((192, 1), (224, (1, 3)), (256, (3, 1)))),
    ),
}


class CustomScaleLayer(layers.Layer):
    """Adds a residual branch, multiplied by `scale`, to its input.

    Called on `[inputs, residual]`; returns `inputs + residual * scale`.

    Args:
        scale: The factor of the residual branch.
    """

    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def get_config(self):
        return {**super().get_config(), "scale": self.scale}

    def call(self, inputs):
        return inputs[0] + inputs[1] * self.scale

    def compute_output_shape(self, input_shape):
        return input_shape[0]


def _branch(x, convs, axis):
    for filters, kernel_size in convs:
        x = model_builder.conv_bn_relu(x, filters, kernel_size, axis)
    return x


def _residual_block(x, kind, index, scale, branches, axis, activate=True):
    prefix = f"{kind}_{index}"
    mixed = layers.Concatenate(axis=axis, name=f"{prefix}_mixed")(
        [_branch(x, convs, axis) for convs in branches]
    )
    up = layers.Conv2D(x.shape[axis], 1, padding="same", name=f"{prefix}_conv")(
        mixed
    )
    x = CustomScaleLayer(scale)([x, up])
    if activate:
        x = layers.Activation("relu", name=f"{prefix}_ac")(x)
    return x


def _max_pool(x):
    return layers.MaxPooling2D(3, strides=2, padding="valid")(x)


def _inception_resnet_v2(call):
    img_input = call.image_input(default_size=299, min_size=75)
    axis = model_builder.channel_axis()

    x = model_builder.conv_bn_relu(
        img_input, 32, 3, axis, strides=2, padding="valid"
    )
    x = model_builder.conv_bn_relu(x, 32, 3, axis, padding="valid")
    x = model_builder.conv_bn_relu(x, 64, 3, axis)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = model_builder.conv_bn_relu(x, 80, 1, axis, padding="valid")
    x = model_builder.conv_bn_relu(x, 192, 3, axis, padding="valid")
    x = layers.MaxPooling2D(3, strides=2)(x)

    # mixed_5b: 1x1; 1x1 then 5x5; 1x1 then two 3x3; avg pooling then 1x1.
    branches = [
        _branch(x, ((96, 1),), axis),
        _branch(x, ((48, 1), (64, 5)), axis),
        _branch(x, ((64, 1), (96, 3), (96, 3)), axis),
        model_builder.conv_bn_relu(
            layers.AveragePooling2D(3, strides=1, padding="same")(x),
            64,
            1,
            axis,
        ),
    ]
    x = layers.Concatenate(axis=axis, name="mixed_5b")(branches)

    def residual_group(x, kind):
        count, scale, block_branches = _RESIDUAL_BLOCKS[kind]
        for index in range(1, count + 1):
            # The last block8 has neither scaling nor activation.
            last = kind == "block8" and index == count
            x = _residual_block(
                x,
                kind,
                index,
                1.0 if last else scale,
                block_branches,
                axis,
                activate=not last,
            )
        return x

    x = residual_group(x, "block35")
    # mixed_6a: strided 3x3; 1x1, 3x3, strided 3x3; max pooling.
    branches = [
        model_builder.conv_bn_relu(x, 384, 3, axis, strides=2, padding="valid"),
        model_builder.conv_bn_relu(
            _branch(x, ((256, 1), (256, 3)), axis),
            384,
            3,
            axis,
            strides=2,
            padding="valid",
        ),
        _max_pool(x),
    ]
    x = layers.Concatenate(axis=axis, name="mixed_6a")(branches)

    x = residual_group(x, "block17")
    # mixed_7a: three branches ending in a strided 3x3; max pooling.
    branches = [
        model_builder.conv_bn_relu(
            _branch(x, convs, axis),
            filters,
            3,
            axis,
            strides=2,
            padding="valid",
        )
        for convs, filters in (
            (((256, 1),), 384),
            (((256, 1),), 288),
            (((256, 1), (288, 3)), 320),
        )
    ]
    branches.append(_max_pool(x))
    x = layers.Concatenate(axis=axis, name="mixed_7a")(branches)

    x = residual_group(x, "block8")
    x = model_builder.conv_bn_relu(x, 1536, 1, axis, name="conv_7b")

    return call.model(call.classifier_head(x, pool_names=(None, None)))


InceptionResNetV2 = model_builder.export_application(
    _inception_resnet_v2,
    "InceptionResNetV2",
    __name__,
    model_builder.standard_doc(
        "InceptionResNetV2",
        "inception_resnet_v2",
        default_size=299,
        min_size=75,
        note=" (pixel values in `[-1, 1]`)",
    ),
    model_builder.STANDARD_PARAMETERS + (("name", "inception_resnet_v2"),),
)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
