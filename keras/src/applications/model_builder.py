"""What every application model shares: argument checks, the image input,
global pooling, the finished `Functional` model, and the factories of the
public builder functions and of each module's `preprocess_input` and
`decode_predictions`.

A family of applications (e.g. ResNet) writes one private function that
builds its layers, then declares each public variant with
`export_application`, which gives it its public signature.
"""

import inspect
import textwrap

from keras.src import backend
from keras.src import layers
from keras.src.api_export import keras_export
from keras.src.applications import imagenet_utils
from keras.src.applications import weight_files
from keras.src.models import Functional
from keras.src.ops import operation_utils

# The arguments of most applications, in their public order.
STANDARD_PARAMETERS = (
    ("include_top", True),
    ("weights", "imagenet"),
    ("input_tensor", None),
    ("input_shape", None),
    ("pooling", None),
    ("classes", 1000),
    ("classifier_activation", "softmax"),
)

_POOLINGS = (None, "avg", "max")


def check_arguments(weights, include_top, classifier_activation, pooling):
    """Validates the arguments that every application takes.

    Args:
        weights: `None` or the path of a weights file (see
            `imagenet_utils.check_weights`).
        include_top: Whether the model has its classification head.
        classifier_activation: The head's activation (restricted with
            pretrained weights).
        pooling: `None`, `"avg"` or `"max"`.

    Raises:
        ValueError: naming the first invalid argument.
    """
    imagenet_utils.check_weights(weights)
    if pooling not in _POOLINGS:
        raise ValueError(
            "`pooling` must be one of None, 'avg' or 'max'. "
            f"Received: pooling={pooling!r}"
        )
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)


def channel_axis(channels_last_axis=3):
    """The channel axis of 4D image tensors under the current
    `image_data_format`: 1, or `channels_last_axis` (3 or -1: families
    differ in how their layers' configs spell it)."""
    if backend.image_data_format() == "channels_first":
        return 1
    return channels_last_axis


def image_input(input_tensor, shape):
    """The model's image input: a new `Input` of `shape`, or `input_tensor`.

    A Keras tensor is used as is (the model's inputs are then its source
    `Input`s); any other tensor is wrapped in a new `Input`.

    Returns:
        The Keras tensor that the first layer is applied to.
    """
    if input_tensor is None:
        return layers.Input(shape=shape)
    if backend.is_keras_tensor(input_tensor):
        return input_tensor
    return layers.Input(tensor=input_tensor, shape=shape)


def checked_image_input(
    input_tensor,
    input_shape,
    *,
    include_top,
    weights,
    pooling,
    classifier_activation,
    default_size,
    min_size=32,
):
    """The start of an application: its arguments checked (see
    `check_arguments`), then its image input (see `image_input`).

    The shape of one image is `input_shape` checked, or inferred (see
    `imagenet_utils.obtain_input_shape`) under the current
    `image_data_format`, from the family's `default_size` and
    `min_size`; with the head it must be fully known.

    Returns:
        `(img_input, shape)`: the Keras tensor the first layer is applied
        to, and the shape of one image.
    """
    check_arguments(weights, include_top, classifier_activation, pooling)
    shape = imagenet_utils.obtain_input_shape(
        input_shape,
        default_size=default_size,
        min_size=min_size,
        data_format=backend.image_data_format(),
        require_flatten=include_top,
        weights=weights,
    )
    return image_input(input_tensor, shape), shape


def conv_bn_relu(
    x, filters, kernel_size, axis, strides=1, padding="same", name=None
):
    """A convolution without bias, batch normalization (over `axis`)
    without scale, then ReLU: the unit the Inception families are built
    of. The layers are named automatically, or `name`, `{name}_bn` and
    `{name}_ac`."""
    x = layers.Conv2D(
        filters,
        kernel_size,
        strides=strides,
        padding=padding,
        use_bias=False,
        name=name,
    )(x)
    x = layers.BatchNormalization(
        axis=axis, scale=False, name=None if name is None else f"{name}_bn"
    )(x)
    return layers.Activation(
        "relu", name=None if name is None else f"{name}_ac"
    )(x)


def global_pool(x, pooling, avg_name="avg_pool", max_name="max_pool"):
    """Pools 4D features to 2D for `pooling="avg"` or `"max"`; returns
    `x` unchanged for `pooling=None`."""
    if pooling == "avg":
        return layers.GlobalAveragePooling2D(name=avg_name)(x)
    if pooling == "max":
        return layers.GlobalMaxPooling2D(name=max_name)(x)
    return x


def classifier_head(
    x,
    include_top,
    pooling,
    classes,
    classifier_activation,
    *,
    head_pool_name="avg_pool",
    pool_names=("avg_pool", "max_pool"),
    dropout=0,
    **dense_kwargs,
):
    """The end of an application on 4D features `x`.

    With `include_top`: global average pooling (layer `head_pool_name`),
    a `Dropout` layer `"top_dropout"` when `dropout > 0`, and the
    classifier, a `Dense` layer `"predictions"` of `classes` units (with
    `dense_kwargs`, e.g. initializers). Without: `global_pool(x, pooling,
    *pool_names)`.
    """
    if not include_top:
        return global_pool(x, pooling, *pool_names)
    x = layers.GlobalAveragePooling2D(name=head_pool_name)(x)
    if dropout > 0:
        x = layers.Dropout(dropout, name="top_dropout")(x)
    return layers.Dense(
        classes,
        activation=classifier_activation,
        name="predictions",
        **dense_kwargs,
    )(x)


def finish(img_input, outputs, input_tensor, name):
    """Makes the `Functional` model (its weights are loaded by the public
    function, see `export_application`).

    With an `input_tensor`, the model's inputs are the `Input`s that the
    tensor was computed from.
    """
    if input_tensor is not None:
        inputs = operation_utils.get_source_inputs(input_tensor)
    else:
        inputs = img_input
    return Functional(inputs, outputs, name=name)


def _check_imagenet_classes(arguments):
    """The pretrained classification heads have the 1000 ImageNet
    classes."""
    if (
        arguments["weights"] == "imagenet"
        and arguments["include_top"]
        and arguments.get("classes", 1000) != 1000
    ):
        raise ValueError(
            "If using `weights='imagenet'` with `include_top=True`, "
            "`classes` should be 1000. Received "
            f"classes={arguments['classes']}"
        )


def _load_weights(model, title, arguments):
    """Loads the `weights` argument into a built application: a path, or
    `"imagenet"` (downloaded, see `weight_files`)."""
    weights = arguments["weights"]
    if weights is None:
        return
    if weights == "imagenet":
        spatial = model.input_shape[1:3]
        if backend.image_data_format() == "channels_first":
            spatial = model.input_shape[2:4]
        variant = weight_files.weights_variant(
            title,
            alpha=arguments.get("alpha", 1.0),
            rows=spatial[0] or 224,
            minimalistic=arguments.get("minimalistic", False),
        )
        weights = weight_files.imagenet_weights_path(
            title, arguments["include_top"], variant
        )
    model.load_weights(weights)


_STANDARD_DOC = """Builds the {title} model{summary}.

    Args:
{include_top}
        weights: `None` (random initialization), `"imagenet"` (weights
            pretrained on ImageNet, downloaded once into
            `~/.keras/models/`), or the path of a weights file.
        input_tensor: Optional Keras tensor to use as the model's input.
        input_shape: Shape of one image; defaults to `({size}, {size}, 3)` with
            the head, else to images of any size (at least {min}x{min}).
        pooling: Without the head: `None` (4D feature maps), `"avg"` or
            `"max"` (global pooling to 2D features).
        classes: Number of classes of the head.
        classifier_activation: Activation of the head's output.
        name: Name of the model.

{preprocessing}

    Returns:
        A functional `keras.Model`.
    """


def standard_doc(
    title,
    module,
    *,
    summary="",
    default_size=224,
    min_size=32,
    head=None,
    note="",
):
    """The docstring of an application with the `STANDARD_PARAMETERS`
    and `name`.

    Args:
        title: The public name, e.g. `"ResNet50"`.
        module: The public module of its `preprocess_input`, e.g.
            `"resnet"`.
        summary: Words following "Builds the {title} model".
        default_size: The default image size with the head.
        min_size: The smallest image size.
        head: What `include_top` adds, if not global average pooling and
            a `Dense` layer.
        note: Words following the name of `preprocess_input`.

    Returns:
        The docstring.
    """
    head = head or (
        "classification head (global average pooling and a `Dense` layer "
        "of `classes` units)"
    )
    return _STANDARD_DOC.format(
        title=title,
        summary=summary,
        include_top=textwrap.fill(
            f"include_top: Whether to add the {head}.",
            width=72,
            initial_indent=" " * 8,
            subsequent_indent=" " * 12,
        ),
        size=default_size,
        min=min_size,
        preprocessing=textwrap.fill(
            "Inputs are expected preprocessed by "
            f"`keras.applications.{module}.preprocess_input`{note}.",
            width=72,
            initial_indent=" " * 4,
            subsequent_indent=" " * 4,
        ),
    )


def export_application(build, title, module, exports, doc, parameters, **fixed):
    """Declares a public application function.

    The function has the signature given by `parameters` (positional
    arguments are accepted), and calls `build(**fixed, **arguments)`.

    Args:
        build: The family's builder.
        title: The function's public name, e.g. `"ResNet50"`.
        module: The module it belongs to (its `__name__`).
        exports: The `keras.*` paths it is exported under.
        doc: Its docstring.
        parameters: `(name, default)` pairs of its public arguments.
        **fixed: Arguments of `build` that select the variant.

    Returns:
        The exported function.
    """
    signature = inspect.Signature(
        [
            inspect.Parameter(
                name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default
            )
            for name, default in parameters
        ]
    )

    def application(*args, **kwargs):
        arguments = signature.bind(*args, **kwargs)
        arguments.apply_defaults()
        _check_imagenet_classes(arguments.arguments)
        model = build(**fixed, **arguments.arguments)
        _load_weights(model, title, arguments.arguments)
        return model

    application.__signature__ = signature
    application.__name__ = application.__qualname__ = title
    application.__module__ = module
    application.__doc__ = doc
    return keras_export(exports)(application)


_PREPROCESS_DOCS = {
    "caffe": (
        "Converts RGB images with values in `[0, 255]` to BGR and subtracts "
        "the ImageNet mean of each channel (no scaling)."
    ),
    "tf": "Scales pixel values from `[0, 255]` to `[-1, 1]`.",
    "torch": (
        "Scales pixel values to `[0, 1]`, then standardizes each channel "
        "with the ImageNet mean and standard deviation."
    ),
    None: (
        "Returns `x` unchanged: this model rescales its inputs itself and "
        "takes pixel values in `[0, 255]`. Kept so that every application "
        "module offers the same functions."
    ),
}


def _export_preprocess_input(module, exports, mode):
    if mode is None:

        def preprocess_input(x, data_format=None):
            del data_format
            return x

    else:

        def preprocess_input(x, data_format=None):
            return imagenet_utils.preprocess_input(
                x, data_format=data_format, mode=mode
            )

    preprocess_input.__module__ = module
    preprocess_input.__doc__ = f"""{_PREPROCESS_DOCS[mode]}

    See `keras.applications.imagenet_utils.preprocess_input`.

    Args:
        x: A NumPy array or a tensor of images (3D or 4D).
        data_format: `"channels_last"`, `"channels_first"`, or `None` for
            `keras.config.image_data_format()`.

    Returns:
        The preprocessed images.
    """
    return keras_export(exports)(preprocess_input)


def export_preprocessing(module, mode, aliases=()):
    """Declares an application module's `preprocess_input` and
    `decode_predictions`.

    Args:
        module: The module's `__name__`; the functions are exported under
            `keras.applications.<last part of module>`.
        mode: The mode of `imagenet_utils.preprocess_input` (`"caffe"`,
            `"tf"` or `"torch"`), or `None` for the identity.
        aliases: Other public modules that also hold the functions.

    Returns:
        `(preprocess_input, decode_predictions)`.
    """
    publics = [module.rsplit(".", 1)[-1], *aliases]
    return (
        _export_preprocess_input(
            module,
            [f"keras.applications.{p}.preprocess_input" for p in publics],
            mode,
        ),
        _export_decode_predictions(
            module,
            [f"keras.applications.{p}.decode_predictions" for p in publics],
        ),
    )


def _export_decode_predictions(module, exports):
    def decode_predictions(preds, top=5):
        return imagenet_utils.decode_predictions(preds, top=top)

    decode_predictions.__module__ = module
    decode_predictions.__doc__ = """Decodes ImageNet predictions into class
    names; see `keras.applications.imagenet_utils.decode_predictions`.

    Args:
        preds: Predictions of shape `(samples, 1000)`.
        top: How many of the most likely classes to return per sample.

    Returns:
        One list per sample of `(class_name, class_description, score)`
        tuples, most likely first.
    """
    return keras_export(exports)(decode_predictions)
