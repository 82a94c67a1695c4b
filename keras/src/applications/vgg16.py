"""VGG16: a plain stack of 3x3 convolutions for image classification.

The architecture of Simonyan and Zisserman, 2014 ("Very Deep Convolutional
Networks for Large-Scale Image Recognition"): five blocks of "same" 3x3
ReLU convolutions, each followed by 2x2 max pooling, then (optionally) two
fully connected layers of 4096 units and the classifier. VGG19
(`keras.applications.vgg19`) is the same with more convolutions.
"""

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.models import Functional
from keras.src.ops import operation_utils

# Filters of the five blocks; convolutions per block for each depth.
_FILTERS = (64, 128, 256, 512, 512)
_CONVS = {"vgg16": (2, 2, 3, 3, 3), "vgg19": (2, 2, 4, 4, 4)}


def build_vgg(
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
    """Builds VGG16 (`depth="vgg16"`) or VGG19 (`depth="vgg19"`)."""
    imagenet_utils.check_weights(weights)
    if pooling not in (None, "avg", "max"):
        raise ValueError(
            f"`pooling` must be None, 'avg' or 'max'. Received: {pooling}"
        )
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
    input_shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=224,
        min_size=32,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    if input_tensor is None:
        img_input = layers.Input(shape=input_shape)
    elif backend.is_keras_tensor(input_tensor):
        img_input = input_tensor
    else:
        img_input = layers.Input(tensor=input_tensor, shape=input_shape)

    x = img_input
    for block, (filters, convs) in enumerate(
        zip(_FILTERS, _CONVS[depth]), start=1
    ):
        for conv in range(1, convs + 1):
            x = layers.Conv2D(
                filters,
                3,
                activation="relu",
                padding="same",
                name=f"block{block}_conv{conv}",
            )(x)
        x = layers.MaxPooling2D(2, strides=2, name=f"block{block}_pool")(x)

    if include_top:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        x = layers.Dense(4096, activation="relu", name="fc2")(x)
        x = layers.Dense(
            classes, activation=classifier_activation, name="predictions"
        )(x)
    elif pooling == "avg":
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == "max":
        x = layers.GlobalMaxPooling2D()(x)

    if input_tensor is not None:
        inputs = operation_utils.get_source_inputs(input_tensor)
    else:
        inputs = img_input
    model = Functional(inputs, x, name=name)
    if weights is not None:
        model.load_weights(weights)
    return model


@keras_export(["keras.applications.vgg16.VGG16", "keras.applications.VGG16"])
def VGG16(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="vgg16",
):
    """Builds the VGG16 model.

    Args:
        include_top: Whether to add the fully connected head (flatten, two
            `Dense` layers of 4096 units, and the classifier).
        weights: `None` (random initialization) or the path of a weights
            file. Pretrained weights (`"imagenet"`) are not available in
            this build.
        input_tensor: Optional Keras tensor to use as the model's input.
        input_shape: Shape of one image; defaults to `(224, 224, 3)` with
            the head (which needs a fixed size), else to images of any size
            (at least 32x32).
        pooling: Without the head: `None` (4D feature maps), `"avg"` or
            `"max"` (global pooling to 2D features).
        classes: Number of classes of the head.
        classifier_activation: Activation of the head's output.
        name: Name of the model.

    Inputs are expected preprocessed by
    `keras.applications.vgg16.preprocess_input`.

    Returns:
        A functional `keras.Model`.
    """
    return build_vgg(
        "vgg16",
        include_top=include_top,
        weights=weights,
        input_tensor=input_tensor,
        input_shape=input_shape,
        pooling=pooling,
        classes=classes,
        classifier_activation=classifier_activation,
        name=name,
    )


@keras_export("keras.applications.vgg16.preprocess_input")
def preprocess_input(x, data_format=None):
    """Caffe-style preprocessing: RGB to BGR, then subtracts the ImageNet
    mean of each channel (no scaling). See
    `keras.applications.imagenet_utils.preprocess_input`."""
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="caffe"
    )


@keras_export("keras.applications.vgg16.decode_predictions")
def decode_predictions(preds, top=5):
    """Decodes ImageNet predictions; see
    `keras.applications.imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
