"""What every application model shares: argument checks, the image input,
the units of convolution and batch normalization, global pooling, the
classification head and the finished `Functional` model, and the factories
of the public builder functions (with their docstrings) and of each
module's `preprocess_input` and `decode_predictions`.

A family of applications (e.g. ResNet) writes one private builder,
`build(call, **own)`: `call` is the `ApplicationCall` that holds the
standard arguments and begins and ends the model, `own` the family's other
arguments. Each public variant is declared with `export_application`,
which gives it its public signature and loads its weights.
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


def shape_first_parameters(own, name):
    """The public arguments of the families that take `input_shape` first
    (MobileNet, MobileNetV2, NASNet): `input_shape`, the family's `own`
    `(name, default)` pairs, the other `STANDARD_PARAMETERS`, and `name`
    with the default `name`."""
    return (
        ("input_shape", None),
        *own,
        *(p for p in STANDARD_PARAMETERS if p[0] != "input_shape"),
        ("name", name),
    )


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


def _batch_normalized(conv_class, x, axis, name, bn_name, bn_options, **conv):
    """`x` through a `conv_class` layer without bias named `name` (made
    with the arguments `conv`), then through the `BatchNormalization`
    layer `bn_name` over `axis`, made with `bn_options`."""
    x = conv_class(use_bias=False, name=name, **conv)(x)
    return layers.BatchNormalization(
        axis=axis, name=bn_name, **(bn_options or {})
    )(x)


def conv_bn(
    x,
    filters,
    kernel_size,
    axis,
    name,
    bn_name,
    *,
    strides=1,
    padding="same",
    bn_options=None,
    **conv_options,
):
    """A convolution without bias, then batch normalization over `axis`:
    the `Conv2D` layer `name` (with `conv_options`, e.g. an initializer)
    and the `BatchNormalization` layer `bn_name` (with `bn_options`, e.g.
    its epsilon). The caller adds the activation, if any."""
    return _batch_normalized(
        layers.Conv2D,
        x,
        axis,
        name,
        bn_name,
        bn_options,
        filters=filters,
        kernel_size=kernel_size,
        strides=strides,
        padding=padding,
        **conv_options,
    )


def depthwise_bn(
    x,
    kernel_size,
    strides,
    axis,
    name,
    bn_name,
    pad_name,
    *,
    bn_options=None,
    **conv_options,
):
    """A depthwise convolution without bias (the layer `name`, with
    `conv_options`), then batch normalization over `axis` (the layer
    `bn_name`, with `bn_options`).

    With `strides == 2`, the input is first padded by the layer
    `pad_name` as TensorFlow's "same" padding would (see
    `imagenet_utils.correct_pad`), and the convolution is "valid"; else
    it is "same".
    """
    padding = "same"
    if strides == 2:
        x = layers.ZeroPadding2D(
            padding=imagenet_utils.correct_pad(x, kernel_size), name=pad_name
        )(x)
        padding = "valid"
    return _batch_normalized(
        layers.DepthwiseConv2D,
        x,
        axis,
        name,
        bn_name,
        bn_options,
        kernel_size=kernel_size,
        strides=strides,
        padding=padding,
        **conv_options,
    )


def conv_bn_relu(
    x, filters, kernel_size, axis, strides=1, padding="same", name=None
):
    """A convolution without bias, batch normalization (over `axis`)
    without scale, then ReLU: the unit the Inception families are built
    of. The layers are named automatically, or `name`, `{name}_bn` and
    `{name}_ac`."""
    x = conv_bn(
        x,
        filters,
        kernel_size,
        axis,
        name,
        None if name is None else f"{name}_bn",
        strides=strides,
        padding=padding,
        bn_options={"scale": False},
    )
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


class ApplicationCall:
    """One call of a public application function, as its builder sees it.

    Holds the standard arguments (`include_top`, `weights`, `input_tensor`,
    `input_shape`, `pooling`, `classes`, `classifier_activation` and
    `name`) and takes the steps that begin and end every builder: the
    checked image input, the classification head, and the finished
    `Functional` model.

    Args:
        arguments: The call's arguments by name (at least the standard
            ones).
    """

    def __init__(self, arguments):
        self.include_top = arguments["include_top"]
        self.weights = arguments["weights"]
        self.input_tensor = arguments["input_tensor"]
        self.input_shape = arguments["input_shape"]
        self.pooling = arguments["pooling"]
        self.classes = arguments["classes"]
        self.classifier_activation = arguments["classifier_activation"]
        self.name = arguments["name"]
        self.image_shape = None
        self._img_input = None

    def image_input(self, default_size=224, min_size=32, shape_rule=None):
        """Checks the arguments (see `check_arguments`) and returns the
        model's image input (see the module function `image_input`).

        The shape of one image, kept as `image_shape`, is
        `shape_rule(self)` for a family that works it out its own way;
        else `input_shape` checked, or inferred under the current
        `image_data_format` from the family's `default_size` and
        `min_size` (see `imagenet_utils.obtain_input_shape`); with the
        head it must be fully known.
        """
        check_arguments(
            self.weights,
            self.include_top,
            self.classifier_activation,
            self.pooling,
        )
        if shape_rule is not None:
            shape = shape_rule(self)
        else:
            shape = imagenet_utils.obtain_input_shape(
                self.input_shape,
                default_size=default_size,
                min_size=min_size,
                data_format=backend.image_data_format(),
                require_flatten=self.include_top,
                weights=self.weights,
            )
        self.image_shape = shape
        self._img_input = image_input(self.input_tensor, shape)
        return self._img_input

    def classifier_head(
        self,
        x,
        *,
        head_pool_name="avg_pool",
        pool_names=("avg_pool", "max_pool"),
        dropout=0,
        **dense_options,
    ):
        """The end of the network on 4D features `x`.

        With `include_top`: global average pooling (layer
        `head_pool_name`), a `Dropout` layer `"top_dropout"` when
        `dropout > 0`, and the classifier, a `Dense` layer `"predictions"`
        of `classes` units (with `dense_options`, e.g. initializers).
        Without: `global_pool(x, pooling, *pool_names)`.
        """
        if not self.include_top:
            return global_pool(x, self.pooling, *pool_names)
        x = layers.GlobalAveragePooling2D(name=head_pool_name)(x)
        if dropout > 0:
            x = layers.Dropout(dropout, name="top_dropout")(x)
        return layers.Dense(
            self.classes,
            activation=self.classifier_activation,
            name="predictions",
            **dense_options,
        )(x)

    def model(self, outputs):
        """The `Functional` model from the image input to `outputs`, named
        `name` (its weights are loaded by the public function, see
        `export_application`).

        With an `input_tensor`, the model's inputs are the `Input`s that
        the tensor was computed from.
        """
        if self.input_tensor is not None:
            inputs = operation_utils.get_source_inputs(self.input_tensor)
        else:
            inputs = self._img_input
        return Functional(inputs, outputs, name=self.name)


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


_STANDARD_NAMES = frozenset(
    [name for name, _ in STANDARD_PARAMETERS] + ["name"]
)


def _standard_arg_docs(head, default_size, min_size):
    """What the docstrings say of the standard arguments."""
    return {
        "include_top": f"Whether to add the {head}.",
        "weights": '`None` (random initialization), `"imagenet"` (weights '
        "pretrained on ImageNet, downloaded once into `~/.keras/models/`), "
        "or the path of a weights file.",
        "input_tensor": "Optional Keras tensor to use as the model's input.",
        "input_shape": "Shape of one image; defaults to "
        f"`({default_size}, {default_size}, 3)` with the head, else to "
        f"images of any size (at least {min_size}x{min_size}).",
        "pooling": 'Without the head: `None` (4D feature maps), `"avg"` '
        'or `"max"` (global pooling to 2D features).',
        "classes": "Number of classes of the head.",
        "classifier_activation": "Activation of the head's output.",
        "name": "Name of the model.",
    }


def _fill(text, indent, hanging):
    """Wraps `text` to 72 columns, indented by `indent` spaces (`hanging`
    after the first line), never inside a `code` span."""
    spans = text.split("`")
    # Odd pieces are inside backticks: their spaces must not break.
    text = "`".join(
        piece.replace(" ", "\0") if index % 2 else piece
        for index, piece in enumerate(spans)
    )
    return textwrap.fill(
        text,
        width=72,
        initial_indent=" " * indent,
        subsequent_indent=" " * hanging,
    ).replace("\0", " ")


def standard_doc(
    title,
    module=None,
    *,
    parameters=None,
    summary="",
    default_size=224,
    min_size=32,
    head=None,
    note="",
    inputs=None,
    arg_docs=None,
):
    """The docstring of an application function.

    Args:
        title: The public name, e.g. `"ResNet50"`.
        module: The public module of the `preprocess_input` that its
            inputs are expected through, e.g. `"resnet"`; `None` for a
            model that preprocesses its inputs itself (see `inputs`).
        parameters: Its `(name, default)` public arguments, in order;
            defaults to the `STANDARD_PARAMETERS` and `name`.
        summary: Words following "Builds the {title} model".
        default_size: The default image size with the head.
        min_size: The smallest image size.
        head: What `include_top` adds, if not global average pooling and
            a `Dense` layer.
        note: Words following the name of `preprocess_input`.
        inputs: Without `module`, an optional paragraph on the inputs
            the model expects.
        arg_docs: The descriptions of the family's own arguments, and of
            standard ones it describes otherwise, by name.

    Returns:
        The docstring.
    """
    head = head or (
        "classification head (global average pooling and a `Dense` layer "
        "of `classes` units)"
    )
    if parameters is None:
        parameters = STANDARD_PARAMETERS + (("name", None),)
    docs = {
        **_standard_arg_docs(head, default_size, min_size),
        **(arg_docs or {}),
    }
    args = "\n".join(
        _fill(f"{name}: {docs[name]}", 8, 12) for name, _ in parameters
    )
    doc = f"Builds the {title} model{summary}.\n\n    Args:\n{args}\n\n"
    if module is not None:
        inputs = (
            "Inputs are expected preprocessed by "
            f"`keras.applications.{module}.preprocess_input`{note}."
        )
    if inputs is not None:
        doc += _fill(inputs, 4, 4) + "\n\n"
    return doc + "    Returns:\n        A functional `keras.Model`.\n    "


def export_application(
    build, title, module, doc, parameters, *, exports=None, **fixed
):
    """Declares a public application function.

    The function has the signature given by `parameters` (positional
    arguments are accepted). It calls `build(call, **fixed, **own)`, where
    `call` is the `ApplicationCall` of the standard arguments and `own`
    the family's other arguments, then loads the weights.

    Args:
        build: The family's builder.
        title: The function's public name, e.g. `"ResNet50"`.
        module: The module it belongs to (its `__name__`).
        doc: Its docstring.
        parameters: `(name, default)` pairs of its public arguments.
        exports: The `keras.*` paths it is exported under; defaults to
            `keras.applications.{title}` and the same in the public module
            (the last part of `module`).
        **fixed: Arguments of `build` that select the variant.

    Returns:
        The exported function.
    """
    if exports is None:
        public_module = module.rsplit(".", 1)[-1]
        exports = [
            f"keras.applications.{public_module}.{title}",
            f"keras.applications.{title}",
        ]
    signature = inspect.Signature(
        [
            inspect.Parameter(
                name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default
            )
            for name, default in parameters
        ]
    )

    def application(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        arguments = bound.arguments
        _check_imagenet_classes(arguments)
        own = {
            name: value
            for name, value in arguments.items()
            if name not in _STANDARD_NAMES
        }
        model = build(ApplicationCall(arguments), **fixed, **own)
        _load_weights(model, title, arguments)
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
    decode_predictions.__doc__ = imagenet_utils.decode_predictions.__doc__
    return keras_export(exports)(decode_predictions)
