"""MobileNet (v1): depthwise-separable convolutions for image models.

The architecture of Howard et al., 2017 ("MobileNets: Efficient
Convolutional Neural Networks for Mobile Vision Applications"): a strided
3x3 convolution followed by 13 depthwise-separable blocks (3x3 depthwise
convolution, then 1x1 pointwise convolution, each with batch normalization
and ReLU6), and an optional classification head.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.models import Functional

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


@keras_export(
    [
        "keras.applications.mobilenet.MobileNet",
        "keras.applications.MobileNet",
    ]
)
def MobileNet(
    input_shape=None,
    alpha=1.0,
    depth_multiplier=1,
    dropout=1e-3,
    include_top=True,
    weights=None,
    input_tensor=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name=None,
):
    """Builds a MobileNet (v1) model.

    Args:
        input_shape: Shape of one image, e.g. `(224, 224, 3)` (channels
            last). Defaults to `(224, 224, 3)` with the classification
            head, else to images of any size.
        alpha: Width multiplier: the number of filters of every layer is
            scaled by it.
        depth_multiplier: Depth multiplier of the depthwise convolutions.
        dropout: Dropout rate before the classifier.
        include_top: Whether to add the classification head.
        weights: `None` (random initialization) or the path of a weights
            file. Pretrained weights (`"imagenet"`) are not available in
            this build.
        input_tensor: Optional `keras.Input` to build the model on.
        pooling: Without the head: `None` (4D feature maps), `"avg"` or
            `"max"` (global pooling to 2D features).
        classes: Number of classes of the head.
        classifier_activation: Activation of the head's output.
        name: Name of the model.

    Returns:
        A functional `keras.Model`.
    """
    if weights == "imagenet":
        raise ValueError(
            "Pretrained 'imagenet' weights are not available in this build "
            "of Keras: use `weights=None`, or the path of a weights file."
        )
    if pooling not in (None, "avg", "max"):
        raise ValueError(
            f"`pooling` must be None, 'avg' or 'max'. Received: {pooling}"
        )
    channels_first = backend.image_data_format() == "channels_first"
    if input_shape is None:
        size = (224, 224) if include_top else (None, None)
        input_shape = (3,) + size if channels_first else size + (3,)
    if input_tensor is None:
        inputs = layers.Input(shape=input_shape)
    else:
        inputs = input_tensor
    channel_axis = 1 if channels_first else -1

    def conv_bn_relu(x, filters, kernel_size, strides, prefix):
        x = layers.Conv2D(
            filters,
            kernel_size,
            strides=strides,
            padding="same",
            use_bias=False,
            name=prefix,
        )(x)
        x = layers.BatchNormalization(axis=channel_axis, name=f"{prefix}_bn")(x)
        return layers.ReLU(6.0, name=f"{prefix}_relu")(x)

    x = conv_bn_relu(inputs, int(32 * alpha), 3, 2, "conv1")
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

    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name="dropout")(x)
        x = layers.Conv2D(classes, 1, padding="same", name="conv_preds")(x)
        x = layers.Reshape((classes,), name="reshape_2")(x)
        x = layers.Activation(classifier_activation, name="predictions")(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)

    if name is None:
        name = f"mobilenet_{alpha:0.2f}_{input_shape[0]}"
    model = Functional(inputs, x, name=name)
    if weights is not None:
        model.load_weights(weights)
    return model


@keras_export("keras.applications.mobilenet.preprocess_input")
def preprocess_input(x, data_format=None):
    """Scales pixel values from `[0, 255]` to `[-1, 1]`."""
    del data_format
    return x / 127.5 - 1.0
