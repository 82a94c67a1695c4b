"""VGG19: VGG16 (`keras.applications.vgg16`) with four convolutions, not
three, in each of the last three blocks."""

from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.applications.vgg16 import build_vgg


@keras_export(["keras.applications.vgg19.VGG19", "keras.applications.VGG19"])
def VGG19(
    include_top=True,
    weights="imagenet",
    input_tensor=None,
    input_shape=None,
    pooling=None,
    classes=1000,
    classifier_activation="softmax",
    name="vgg19",
):
    """Builds the VGG19 model.

    Takes the same arguments as `keras.applications.VGG16`. Inputs are
    expected preprocessed by `keras.applications.vgg19.preprocess_input`.

    Returns:
        A functional `keras.Model`.
    """
    return build_vgg(
        "vgg19",
        include_top=include_top,
        weights=weights,
        input_tensor=input_tensor,
        input_shape=input_shape,
        pooling=pooling,
        classes=classes,
        classifier_activation=classifier_activation,
        name=name,
    )


@keras_export("keras.applications.vgg19.preprocess_input")
def preprocess_input(x, data_format=None):
    """Caffe-style preprocessing: RGB to BGR, then subtracts the ImageNet
    mean of each channel (no scaling). See
    `keras.applications.imagenet_utils.preprocess_input`."""
    return imagenet_utils.preprocess_input(
        x, data_format=data_format, mode="caffe"
    )


@keras_export("keras.applications.vgg19.decode_predictions")
def decode_predictions(preds, top=5):
    """Decodes ImageNet predictions; see
    `keras.applications.imagenet_utils.decode_predictions`."""
    return imagenet_utils.decode_predictions(preds, top=top)
