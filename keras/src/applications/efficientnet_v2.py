"""EfficientNetV2 B0 to B3, S, M and L: faster-training EfficientNets.

The architecture of Tan and Le, 2021 ("EfficientNetV2: Smaller Models and
Faster Training"): EfficientNet's mobile inverted-bottleneck blocks
(`keras.applications.efficientnet`) in the later stages, and in the early
stages "fused" blocks, where one regular 3x3 convolution replaces the 1x1
expansion and the depthwise convolution. B0 to B3 scale one baseline in
width and depth; S, M and L are separate stacks. Activations are swish
(SiLU).

The model takes pixel values in `[0, 255]` and rescales them itself
(`include_preprocessing=True`): B0 to B3 standardize RGB images with the
ImageNet statistics, and every other model and input (S, M, L, or images
without exactly 3 channels) is mapped to `[-1, 1]`. `preprocess_input` is
the identity.
"""

from keras.src import initializers
from keras.src import layers
from keras.src.applications import model_builder
from keras.src.applications.efficientnet import ACTIVATION
from keras.src.applications.efficientnet import ARG_DOCS
from keras.src.applications.efficientnet import conv_bn_activation
from keras.src.applications.efficientnet import conv_initializer
from keras.src.applications.efficientnet import dense_initializer
from keras.src.applications.efficientnet import residual_add
from keras.src.applications.efficientnet import round_repeats
from keras.src.applications.efficientnet import squeeze_excite

# Stages: (repeats, input filters, output filters, expansion ratio,
# squeeze-and-excitation ratio, stride of the first block, fused). Every
# kernel is 3x3; fused stages have no squeeze-and-excitation.
_BASE_STAGES = (
    (1, 32, 16, 1, 0, 1, True),
    (2, 16, 32, 4, 0, 2, True),
    (2, 32, 48, 4, 0, 2, True),
    (3, 48, 96, 4, 0.25, 2, False),
    (5, 96, 112, 6, 0.25, 1, False),
    (8, 112, 192, 6, 0.25, 2, False),
)
_S_STAGES = (
    (2, 24, 24, 1, 0, 1, True),
    (4, 24, 48, 4, 0, 2, True),
    (4, 48, 64, 4, 0, 2, True),
    (6, 64, 128, 4, 0.25, 2, False),
    (9, 128, 160, 6, 0.25, 1, False),
    (15, 160, 256, 6, 0.25, 2, False),
)
_M_STAGES = (
    (3, 24, 24, 1, 0, 1, True),
    (5, 24, 48, 4, 0, 2, True),
    (5, 48, 80, 4, 0, 2, True),
    (7, 80, 160, 4, 0.25, 2, False),
    (14, 160, 176, 6, 0.25, 1, False),
    (18, 176, 304, 6, 0.25, 2, False),
    (5, 304, 512, 6, 0.25, 1, False),
)
_L_STAGES = (
    (4, 32, 32, 1, 0, 1, True),
    (7, 32, 64, 4, 0, 2, True),
    (7, 64, 96, 4, 0, 2, True),
    (10, 96, 192, 4, 0.25, 2, False),
    (19, 192, 224, 6, 0.25, 1, False),
    (25, 224, 384, 6, 0.25, 2, False),
    (7, 384, 640, 6, 0.25, 1, False),
)

# (width coefficient, depth coefficient, default resolution, stages) of
# each variant.
_VARIANTS = {
    "b0": (1.0, 1.0, 224, _BASE_STAGES),
    "b1": (1.0, 1.1, 240, _BASE_STAGES),
    "b2": (1.1, 1.2, 260, _BASE_STAGES),
    "b3": (1.2, 1.4, 300, _BASE_STAGES),
    "s": (1.0, 1.0, 384, _S_STAGES),
    "m": (1.0, 1.0, 480, _M_STAGES),
    "l": (1.0, 1.0, 480, _L_STAGES),
}
_KERNEL_SIZE = 3
_DEPTH_DIVISOR = 8
_DROPOUT_RATE = 0.2
_DROP_CONNECT_RATE = 0.2
_BN = {"momentum": 0.9, "epsilon": 1e-3}
# ImageNet statistics of the B variants' normalization (RGB).
_MEAN = (0.485, 0.456, 0.406)
_STD = (0.229, 0.224, 0.225)


def _round_filters(filters, width_coefficient):
    """Scales a filter count by the width coefficient, to the nearest
    multiple of the divisor."""
    filters *= width_coefficient
    return int(
        max(
            _DEPTH_DIVISOR,
            int(filters + _DEPTH_DIVISOR / 2)
            // _DEPTH_DIVISOR
            * _DEPTH_DIVISOR,
        )
    )


def _conv_bn(x, filters, kernel_size, part, axis, strides=1, activate=True):
    return conv_bn_activation(
        x,
        filters,
        kernel_size,
        part,
        axis,
        strides=strides,
        activate=activate,
        bn_options=_BN,
    )


def _mbconv_block(
    x, filters_in, filters_out, expand, se_ratio, strides, prefix, axis
):
    filters = filters_in * expand
    if expand != 1:
        x = _conv_bn(x, filters, 1, f"{prefix}expand_", axis)
    x = layers.DepthwiseConv2D(
        _KERNEL_SIZE,
        strides=strides,
        padding="same",
        use_bias=False,
        depthwise_initializer=conv_initializer(),
        name=f"{prefix}dwconv2",
    )(x)
    x = layers.BatchNormalization(axis=axis, name=f"{prefix}bn", **_BN)(x)
    x = layers.Activation(ACTIVATION, name=f"{prefix}activation")(x)
    x = squeeze_excite(
        x, filters, max(1, int(filters_in * se_ratio)), prefix, axis
    )
    return _conv_bn(
        x, filters_out, 1, f"{prefix}project_", axis, activate=False
    )


def _fused_mbconv_block(
    x, filters_in, filters_out, expand, strides, prefix, axis
):
    # A regular convolution expands (or, without expansion, projects).
    if expand != 1:
        x = _conv_bn(
            x,
            filters_in * expand,
            _KERNEL_SIZE,
            f"{prefix}expand_",
            axis,
            strides=strides,
        )
        return _conv_bn(
            x, filters_out, 1, f"{prefix}project_", axis, activate=False
        )
    return _conv_bn(
        x, filters_out, _KERNEL_SIZE, f"{prefix}project_", axis, strides=strides
    )


def _efficientnet_v2(call, variant, include_preprocessing):
    width, depth, default_size, stages = _VARIANTS[variant]
    img_input = call.image_input(default_size=default_size)
    axis = model_builder.channel_axis()

    x = img_input
    if include_preprocessing:
        channels = img_input.shape[axis]
        if variant.startswith("b") and channels == 3:
            # [0, 255] -> [0, 1], then ImageNet standardization (whose
            # statistics are per RGB channel).
            x = layers.Rescaling(scale=1.0 / 255)(x)
            x = layers.Normalization(
                mean=list(_MEAN),
                variance=[s**2 for s in _STD],
                axis=axis,
            )(x)
        else:
            # [0, 255] -> [-1, 1].
            x = layers.Rescaling(scale=1.0 / 128.0, offset=-1)(x)

    x = _conv_bn(x, _round_filters(stages[0][1], width), 3, "stem_", axis, 2)

    # The stochastic-depth rate grows linearly with the block's index,
    # over the unscaled number of blocks.
    total_blocks = float(sum(stage[0] for stage in stages))
    block_index = 0
    for stage_index, stage in enumerate(stages):
        repeats, filters_in, filters_out, expand, se_ratio, strides, fused = (
            stage
        )
        filters_in = _round_filters(filters_in, width)
        filters_out = _round_filters(filters_out, width)
        for repeat in range(round_repeats(repeats, depth)):
            if repeat > 0:
                strides = 1
                filters_in = filters_out
            prefix = f"block{stage_index + 1}{chr(ord('a') + repeat)}_"
            inputs = x
            if fused:
                x = _fused_mbconv_block(
                    x, filters_in, filters_out, expand, strides, prefix, axis
                )
            else:
                x = _mbconv_block(
                    x,
                    filters_in,
                    filters_out,
                    expand,
                    se_ratio,
                    strides,
                    prefix,
                    axis,
                )
            if strides == 1 and filters_in == filters_out:
                x = residual_add(
                    x,
                    inputs,
                    _DROP_CONNECT_RATE * block_index / total_blocks,
                    prefix,
                )
            block_index += 1

    x = _conv_bn(x, _round_filters(1280, width), 1, "top_", axis)
    x = call.classifier_head(
        x,
        dropout=_DROPOUT_RATE,
        kernel_initializer=dense_initializer(),
        bias_initializer=initializers.Constant(0.0),
    )
    return call.model(x)


def _export(variant):
    title = f"EfficientNetV2{variant.upper()}"
    parameters = model_builder.STANDARD_PARAMETERS + (
        ("include_preprocessing", True),
        ("name", f"efficientnetv2-{variant}"),
    )
    return model_builder.export_application(
        _efficientnet_v2,
        title,
        __name__,
        model_builder.standard_doc(
            title,
            parameters=parameters,
            default_size=_VARIANTS[variant][2],
            arg_docs={
                **ARG_DOCS,
                "include_preprocessing": "Whether the model rescales pixel "
                "values from `[0, 255]` itself.",
            },
        ),
        parameters,
        variant=variant,
    )


EfficientNetV2B0 = _export("b0")
EfficientNetV2B1 = _export("b1")
EfficientNetV2B2 = _export("b2")
EfficientNetV2B3 = _export("b3")
EfficientNetV2S = _export("s")
EfficientNetV2M = _export("m")
EfficientNetV2L = _export("l")

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode=None
)
