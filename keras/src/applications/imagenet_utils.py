"""Shared helpers of the ImageNet image models: input preprocessing,
decoding of predictions, input-shape checks."""

import json
import os

import numpy as np

from keras.src import activations
from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.backend.common.keras_tensor import KerasTensor

# The ImageNet class index: {"<class id>": ["<WordNet id>", "<name>"]}.
CLASS_INDEX_URL = (
    "https://storage.googleapis.com/download.tensorflow.org/"
    "data/imagenet_class_index.json"
)
_CLASS_INDEX = None

# Per-channel statistics of ImageNet (RGB order).
_TORCH_MEAN = (0.485, 0.456, 0.406)
_TORCH_STD = (0.229, 0.224, 0.225)
# Caffe subtracts per-channel means in BGR order.
_CAFFE_MEAN_BGR = (103.939, 116.779, 123.68)


@keras_export("keras.applications.imagenet_utils.preprocess_input")
def preprocess_input(x, data_format=None, mode="caffe"):
    """Scales a batch of images (or one image) the way an ImageNet model
    expects.

    Args:
        x: A NumPy array or a tensor of RGB images, 3D (one image) or 4D
            (a batch), with values in `[0, 255]`. A floating-point NumPy
            array is preprocessed in place (and also returned); an integer
            one is first converted to `floatx`.
        data_format: `"channels_last"`, `"channels_first"`, or `None` for
            `keras.config.image_data_format()`.
        mode: `"caffe"` (RGB to BGR, then subtract the ImageNet mean of
            each channel, no scaling), `"tf"` (scale to `[-1, 1]`) or
            `"torch"` (scale to `[0, 1]`, then normalize each channel by
            the ImageNet mean and standard deviation).

    Returns:
        The preprocessed images.

    Raises:
        ValueError: for an unknown `mode` or `data_format`.
    """
    if mode not in {"caffe", "tf", "torch"}:
        raise ValueError(
            "Expected mode to be one of `caffe`, `tf` or `torch`. "
            f"Received: mode={mode}"
        )
    if data_format is None:
        data_format = backend.image_data_format()
    elif data_format not in {"channels_first", "channels_last"}:
        raise ValueError(
            "Expected data_format to be one of `channels_first` or "
            f"`channels_last`. Received: data_format={data_format}"
        )
    if isinstance(x, np.ndarray):
        return _preprocess_numpy_input(x, data_format=data_format, mode=mode)
    return _preprocess_tensor_input(x, data_format=data_format, mode=mode)


def _channel_axis(ndim, data_format):
    if data_format == "channels_first":
        return 0 if ndim == 3 else 1
    return ndim - 1


def _preprocess_numpy_input(x, data_format, mode):
    if not issubclass(x.dtype.type, np.floating):
        x = x.astype(backend.floatx(), copy=False)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    axis = _channel_axis(x.ndim, data_format)
    if mode == "torch":
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        # RGB -> BGR as a view, so that the in-place updates below reach the
        # caller's array (in its original channel order).
        x = np.flip(x, axis=axis)
        mean, std = _CAFFE_MEAN_BGR, None
    for c in range(3):
        index = [slice(None)] * x.ndim
        index[axis] = c
        index = tuple(index)
        x[index] -= mean[c]
        if std is not None:
            x[index] /= std[c]
    return x


def _preprocess_tensor_input(x, data_format, mode):
    x = ops.convert_to_tensor(x) if not isinstance(x, KerasTensor) else x
    if not backend.is_float_dtype(x.dtype):
        x = ops.cast(x, backend.floatx())
    ndim = len(x.shape)
    if mode == "tf":
        return x / 127.5 - 1.0
    axis = _channel_axis(ndim, data_format)
    if mode == "torch":
        x = x / 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        x = ops.flip(x, axis=axis)
        mean, std = _CAFFE_MEAN_BGR, None
    # Per-channel statistics shaped to broadcast along `axis`.
    shape = [1] * (ndim - axis)
    shape[0] = 3
    mean = ops.cast(np.reshape(np.array(mean), shape), x.dtype)
    x = x - mean
    if std is not None:
        std = ops.cast(np.reshape(np.array(std), shape), x.dtype)
        x = x / std
    return x


@keras_export("keras.applications.imagenet_utils.decode_predictions")
def decode_predictions(preds, top=5):
    """Decodes the predictions of an ImageNet model.

    The ImageNet class index is downloaded once (`keras.utils.get_file`,
    cached in `~/.keras/models/`).

    Args:
        preds: Predictions of shape `(samples, 1000)`.
        top: How many of the most likely classes to return per sample.

    Returns:
        One list per sample of `(class_name, class_description, score)`
        tuples, most likely first.

    Raises:
        ValueError: if `preds` is not of shape `(samples, 1000)`.
    """
    global _CLASS_INDEX

    preds = ops.convert_to_numpy(preds)
    if preds.ndim != 2 or preds.shape[1] != 1000:
        raise ValueError(
            "`decode_predictions` expects a batch of predictions "
            "(i.e. a 2D array of shape (samples, 1000)). "
            f"Received array with shape: {preds.shape}"
        )
    if _CLASS_INDEX is None:
        from keras.src.utils.file_utils import get_file

        path = get_file(
            "imagenet_class_index.json",
            CLASS_INDEX_URL,
            cache_subdir="models",
        )
        with open(path) as f:
            _CLASS_INDEX = json.load(f)
    results = []
    for pred in preds:
        top_indices = np.argsort(pred)[-top:][::-1]
        result = [tuple(_CLASS_INDEX[str(i)]) + (pred[i],) for i in top_indices]
        results.append(result)
    return results


def obtain_input_shape(
    input_shape,
    default_size,
    min_size,
    data_format,
    require_flatten,
    weights=None,
):
    """Checks an image model's `input_shape` argument, or infers it.

    Args:
        input_shape: The user's shape of one image (without the batch
            axis), or `None`.
        default_size: The model's default image size (height = width).
        min_size: The smallest image height and width the model accepts.
        data_format: `"channels_last"` or `"channels_first"`.
        require_flatten: Whether the model flattens its features (a fixed
            image size is then required).
        weights: `None`, `"imagenet"` or a path; ImageNet weights need 3
            channels and, with `require_flatten`, the default size.

    Returns:
        The input shape, a tuple of 3 entries (`None` for free sizes).

    Raises:
        ValueError: for a shape the model cannot take.
    """
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        if data_format == "channels_first":
            channels = input_shape[0]
        else:
            channels = input_shape[-1]
        if channels not in {1, 3}:
            import warnings

            warnings.warn(
                "This model usually expects 1 or 3 input channels. "
                f"However, it was passed an input_shape with {channels} "
                "input channels.",
                stacklevel=2,
            )
        default_shape = (
            (channels, default_size, default_size)
            if data_format == "channels_first"
            else (default_size, default_size, channels)
        )
    elif data_format == "channels_first":
        default_shape = (3, default_size, default_size)
    else:
        default_shape = (default_size, default_size, 3)

    if weights == "imagenet" and require_flatten:
        if input_shape is not None:
            if tuple(input_shape) != default_shape:
                raise ValueError(
                    "When setting `include_top=True` and loading `imagenet` "
                    f"weights, `input_shape` should be {default_shape}. "
                    f"Received: input_shape={input_shape}"
                )
        return default_shape

    if input_shape:
        input_shape = tuple(input_shape)
        if len(input_shape) != 3:
            raise ValueError(
                "`input_shape` must be a tuple of three integers. "
                f"Received: input_shape={input_shape}"
            )
        if data_format == "channels_first":
            channels, sizes = input_shape[0], input_shape[1:]
        else:
            channels, sizes = input_shape[-1], input_shape[:2]
        if weights == "imagenet" and channels != 3:
            raise ValueError(
                "The input must have 3 channels; Received "
                f"`input_shape={input_shape}`"
            )
        for size in sizes:
            if size is not None and size < min_size:
                raise ValueError(
                    f"Input size must be at least {min_size}"
                    f"x{min_size}; Received: input_shape={input_shape}"
                )
    elif require_flatten:
        input_shape = default_shape
    elif data_format == "channels_first":
        input_shape = (3, None, None)
    else:
        input_shape = (None, None, 3)

    if require_flatten and None in input_shape:
        raise ValueError(
            "If `include_top` is True, you should specify a static "
            f"`input_shape`. Received: input_shape={input_shape}"
        )
    return input_shape


def correct_pad(inputs, kernel_size):
    """The zero padding of a strided convolution that reproduces "same"
    padding as TensorFlow's reference models compute it.

    Args:
        inputs: The 4D input tensor of the convolution.
        kernel_size: An int or a tuple of 2 ints.

    Returns:
        `((top, bottom), (left, right))` for `ZeroPadding2D`.
    """
    img_dim = 2 if backend.image_data_format() == "channels_first" else 1
    input_size = inputs.shape[img_dim : (img_dim + 2)]
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    if input_size[0] is None:
        adjust = (1, 1)
    else:
        adjust = (1 - input_size[0] % 2, 1 - input_size[1] % 2)
    correct = (kernel_size[0] // 2, kernel_size[1] // 2)
    return (
        (correct[0] - adjust[0], correct[0]),
        (correct[1] - adjust[1], correct[1]),
    )


def validate_activation(classifier_activation, weights):
    """Checks that a classifier activation suits pretrained weights.

    With `weights=None` any activation is allowed; with pretrained weights
    only `None` and `"softmax"` are.

    Raises:
        ValueError: for any other activation with pretrained weights.
    """
    if weights is None:
        return
    classifier_activation = activations.get(classifier_activation)
    if classifier_activation not in {
        activations.get("softmax"),
        activations.get(None),
    }:
        raise ValueError(
            "Only `None` and `softmax` activations are allowed "
            "for the `classifier_activation` argument when using "
            "pretrained weights, with `include_top=True`; Received: "
            f"classifier_activation={classifier_activation}"
        )


def check_weights(weights):
    """Validates an application's `weights` argument: `None`, `"imagenet"`
    (pretrained weights, downloaded) or the path of a weights file.
    """
    if weights is None or weights == "imagenet":
        return
    if not (
        isinstance(weights, (str, os.PathLike)) and os.path.exists(weights)
    ):
        raise ValueError(
            "The `weights` argument should be either `None` (random "
            "initialization), 'imagenet' (pre-training on ImageNet), or the "
            f"path to the weights file to be loaded. Received: "
            f"weights={weights}"
        )
