"""ResNet50, ResNet101 and ResNet152 (v1): deep residual image models.

The architecture of He et al., 2015 ("Deep Residual Learning for Image
Recognition"): a strided 7x7 convolution and a max pooling, then four
stages of bottleneck residual blocks (1x1 reduction, 3x3 convolution, 1x1
expansion to four times the width, each with batch normalization; the first
block of a stage has a projection shortcut and carries the stage's
stride), and an optional classification head.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional
from keras.src.ops import operation_utils

# Blocks per stage (conv2 .. conv5) of each depth; the stages' widths.
_DEPTHS = {
    "resnet50": (3, 4, 6, 3),
    "resnet101": (3, 4, 23, 3),
    "resnet152": (3, 8, 36, 3),
}
_WIDTHS = (64, 128, 256, 512)
_BN_EPSILON = 1.001e-5


def _bottleneck(x, filters, strides, projection, prefix, channel_axis):
    if projection:
        shortcut = layers.Conv2D(
            4 * filters, 1, strides=strides, name=f"{prefix}_0_conv"
        )(x)
        shortcut = layers.BatchNormalization(
            axis=channel_axis, epsilon=_BN_EPSILON, name=f"{prefix}_0_bn"
        )(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=strides, name=f"{prefix}_1_conv")(x)
    x = layers.BatchNormalization(
        axis=channel_axis, epsilon=_BN_EPSILON, name=f"{prefix}_1_bn"
    )(x)
    x = layers.Activation("relu", name=f"{prefix}_1_relu")(x)
    x = layers.Conv2D(filters, 3, padding="same", name=f"{prefix}_2_conv")(x)
    x = layers.BatchNormalization(
        axis=channel_axis, epsilon=_BN_EPSILON, name=f"{prefix}_2_bn"
    )(x)
    x = layers.Activation("relu", name=f"{prefix}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{prefix}_3_conv")(x)
    x = layers.BatchNormalization(
        axis=channel_axis, epsilon=_BN_EPSILON, name=f"{prefix}_3_bn"
    )(x)
    x = layers.Add(name=f"{prefix}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{prefix}_out")(x)


def _resnet(
    depth,
    include_top,
    weights,
    input_tensor,
    input_shape,
    pooling,
    classes,
    classifier_activation,
    name,
):
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
        default_size=224,
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

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(
        img_input
    )
    x = layers.Conv2D(64, 7, strides=2, name="conv1_conv")(x)
    x = layers.BatchNormalization(
        axis=channel_axis, epsilon=_BN_EPSILON, name="conv1_bn"
    )(x)
    x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)

    for stage, (blocks, filters) in enumerate(zip(_DEPTHS[depth], _WIDTHS)):
        for block in range(blocks):
            x = _bottleneck(
                x,
                filters,
                strides=(1 if stage == 0 else 2) if block == 0 else 1,
                projection=block == 0,
                prefix=f"conv{stage + 2}_block{block + 1}",
                channel_axis=channel_axis,
            )

    if include_top:
        x = layers.GlobalAveragePooling2D(name="avg_pool")(x)
        x = layers.Dense(
            classes, activation=classifier_activation, name="predictions"
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


_DOC = """Builds the {title} model.

    Args:
        include_top: Whether to add the classification head (global
            average pooling and a `Dense` layer of `classes` units).
        weights: `None` (random initialization) or the path of a weights
            file. Pretrained weights (`"imagenet"`) are not available in
            this build.
        input_tensor: Optional Keras tensor to use as the model's input.
        input_shape: Shape of one image; defaults to `(224, 224, 3)` with
            the head, else to images of any size (at least 32x32).
        pooling: Without the head: `None` (4D feature maps), `"avg"` or
            `"max"` (global pooling to 2D features).
        classes: Number of classes of the head.
        classifier_activation: Activation of the head's output.
        name: Name of the model.

    Inputs are expected preprocessed by
    `keras.applications.resnet.preprocess_input`.

    Returns:
        A functional `keras.Model`.
    """


def _make(depth, title, exports):
    def builder(
        include_top=True,
        weights="imagenet",
        input_tensor=None,
        input_shape=None,
        pooling=None,
        classes=1000,
        classifier_activation="softmax",
        name=depth,
    ):
        return _resnet(
            depth,
            include_top=include_top,
            weights=weights,
            input_tensor=input_tensor,
            input_shape=input_shape,
            pooling=pooling,
            classes=classes,
            classifier_activation=classifier_activation,
            name=name,
        )

    builder.__name__ = builder.__qualname__ = title
    builder.__doc__ = _DOC.format(title=title)
    return keras_export(exports)(builder)


ResNet50 = _make(
    "resnet50",
    "ResNet50",
    [
        "keras.applications.resnet50.ResNet50",
        "keras.applications.resnet.ResNet50",
        "keras.applications.ResNet50",
    ],
)
ResNet101 = _make(
    "resnet101",
    "ResNet101",
    [
        "keras.applications.resnet.ResNet101",
        "keras.applications.ResNet101",
    ],
)
ResNet152 = _make(
    "resnet152",
    "ResNet152",
    [
        "keras.applications.resnet.ResNet152",
        "keras.applications.ResNet152",
    ],
)


@keras_export(
    [
        "keras.applications.resnet50.preprocess_input",
        "keras.applications.resnet.preprocess_input",
    ]
)
def preprocess_input(x, data_format=None):
    """Caffe-style preprocessing: RGB to BGR, then subtracts the ImageNet
    mean of each channel (no scaling). See
    `keras.applications.imagenet_utils.preprocess_input`."""
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="caffe"
    )


@keras_export(
    [
        "keras.applications.resnet50.decode_predictions",
        "keras.applications.resnet.decode_predictions",
    ]
)
def decode_predictions(preds, top=5):
    """Decodes ImageNet predictions; see
    `keras.applications.imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
