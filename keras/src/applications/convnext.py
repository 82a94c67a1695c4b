"""ConvNeXt Tiny, Small, Base, Large and XLarge: convolutional networks
designed after vision transformers.

The architecture of Liu et al., 2022 ("A ConvNet for the 2020s"): a 4x4
"patchify" stem, then four stages of ConvNeXt blocks (a 7x7 depthwise
convolution, layer normalization, an inverted bottleneck of two dense
layers with GELU, a learned per-channel scale (`LayerScale`), and a
residual connection), separated by downsampling layers (layer
normalization and a strided 2x2 convolution). The stem and the
downsampling layers are small `Sequential` models. Only the
`channels_last` image format is supported.

The model takes pixel values in `[0, 255]` and normalizes them itself
(`include_preprocessing=True`, RGB inputs only: inputs with another number
of channels are not normalized); `preprocess_input` is the identity.
"""

from keras.src import backend
from keras.src import initializers
from keras.src import layers
from keras.src.applications import model_builder
from keras.src.models import Sequential

# (blocks per stage, channels per stage) of each variant.
_VARIANTS = {
    "tiny": ((3, 3, 9, 3), (96, 192, 384, 768)),
    "small": ((3, 3, 27, 3), (96, 192, 384, 768)),
    "base": ((3, 3, 27, 3), (128, 256, 512, 1024)),
    "large": ((3, 3, 27, 3), (192, 384, 768, 1536)),
    "xlarge": ((3, 3, 27, 3), (256, 512, 1024, 2048)),
}
_LAYER_SCALE_INIT = 1e-6
_EPSILON = 1e-6
# ImageNet statistics (RGB) on the [0, 255] scale.
_MEAN = (0.485, 0.456, 0.406)
_STD = (0.229, 0.224, 0.225)


class LayerScale(layers.Layer):
    """Multiplies the last axis of its input by learned per-channel
    factors.

    Args:
        init_values: The initial value of every factor.
        projection_dim: The size of the last axis (number of factors).
    """

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, input_shape):
        self.gamma = self.add_weight(
            shape=(self.projection_dim,),
            initializer=initializers.Constant(self.init_values),
            trainable=True,
        )

    def call(self, x):
        return x * self.gamma

    def get_config(self):
        return {
            **super().get_config(),
            "init_values": self.init_values,
            "projection_dim": self.projection_dim,
        }


def _layer_norm(name=None):
    return layers.LayerNormalization(epsilon=_EPSILON, name=name)


def _convnext_block(inputs, dim, name):
    x = layers.Conv2D(
        dim, 7, padding="same", groups=dim, name=f"{name}_depthwise_conv"
    )(inputs)
    x = _layer_norm(f"{name}_layernorm")(x)
    x = layers.Dense(4 * dim, name=f"{name}_pointwise_conv_1")(x)
    x = layers.Activation("gelu", name=f"{name}_gelu")(x)
    x = layers.Dense(dim, name=f"{name}_pointwise_conv_2")(x)
    x = LayerScale(_LAYER_SCALE_INIT, dim, name=f"{name}_layer_scale")(x)
    # No stochastic depth in the public models: an identity layer.
    x = layers.Activation("linear", name=f"{name}_identity")(x)
    return inputs + x


def _convnext(call, variant, include_preprocessing):
    if backend.image_data_format() == "channels_first":
        raise ValueError(
            "ConvNeXt models support only the `channels_last` image data "
            "format (their dense layers act on the last axis). Call "
            "`keras.config.set_image_data_format('channels_last')`."
        )
    depths, dims = _VARIANTS[variant]
    name = call.name
    img_input = call.image_input(default_size=224)

    x = img_input
    # The ImageNet statistics are per RGB channel: images with another
    # number of channels are passed on unnormalized.
    if include_preprocessing and img_input.shape[-1] == 3:
        x = layers.Normalization(
            mean=[m * 255 for m in _MEAN],
            variance=[(s * 255) ** 2 for s in _STD],
            name=f"{name}_prestem_normalization",
        )(x)
    x = Sequential(
        [
            layers.Conv2D(dims[0], 4, strides=4, name=f"{name}_stem_conv"),
            _layer_norm(f"{name}_stem_layernorm"),
        ],
        name=f"{name}_stem",
    )(x)
    for stage, (depth, dim) in enumerate(zip(depths, dims)):
        if stage > 0:
            index = stage - 1
            x = Sequential(
                [
                    _layer_norm(f"{name}_downsampling_layernorm_{index}"),
                    layers.Conv2D(
                        dim,
                        2,
                        strides=2,
                        name=f"{name}_downsampling_conv_{index}",
                    ),
                ],
                name=f"{name}_downsampling_block_{index}",
            )(x)
        for block in range(depth):
            x = _convnext_block(x, dim, f"{name}_stage_{stage}_block_{block}")

    if call.include_top:
        x = layers.GlobalAveragePooling2D(name=f"{name}_head_gap")(x)
        x = _layer_norm(f"{name}_head_layernorm")(x)
        x = layers.Dense(
            call.classes,
            activation=call.classifier_activation,
            name=f"{name}_head_dense",
        )(x)
    else:
        x = model_builder.global_pool(
            x, call.pooling, avg_name=None, max_name=None
        )
        x = _layer_norm()(x)
    return call.model(x)


def _export(variant):
    title = {"xlarge": "XLarge"}.get(variant, variant.capitalize())
    parameters = (
        ("include_top", True),
        ("include_preprocessing", True),
        *model_builder.STANDARD_PARAMETERS[1:],
        ("name", f"convnext_{variant}"),
    )
    return model_builder.export_application(
        _convnext,
        f"ConvNeXt{title}",
        __name__,
        model_builder.standard_doc(
            f"ConvNeXt{title}",
            parameters=parameters,
            head="classification head (global average pooling, layer "
            "normalization and a `Dense` layer of `classes` units)",
            arg_docs={
                "include_preprocessing": "Whether the model normalizes pixel "
                "values in `[0, 255]` with the ImageNet statistics itself.",
                "input_shape": "Shape of one image (channels last); defaults "
                "to `(224, 224, 3)` with the head, else to images of any "
                "size (at least 32x32).",
                "pooling": "Without the head: `None` (4D feature maps), "
                '`"avg"` or `"max"` (global pooling to 2D features); the '
                "features are layer-normalized in every case.",
                "name": "Name of the model, also the prefix of its layers' "
                "names.",
            },
        ),
        parameters,
        variant=variant,
    )


ConvNeXtTiny = _export("tiny")
ConvNeXtSmall = _export("small")
ConvNeXtBase = _export("base")
ConvNeXtLarge = _export("large")
ConvNeXtXLarge = _export("xlarge")

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode=None
)
