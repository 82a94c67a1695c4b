"""ResNet50, ResNet101 and ResNet152 (v1): deep residual image models.

The architecture of He et al., 2015 ("Deep Residual Learning for Image
Recognition"): a strided 7x7 convolution and a max pooling, then four
stages of bottleneck residual blocks (1x1 reduction, 3x3 convolution, 1x1
expansion to four times the width, each with batch normalization; the first
block of a stage has a projection shortcut and carries the stage's
stride), and an optional classification head.

The builder also serves the pre-activation variant of
`keras.applications.resnet_v2` (`preact=True`).
"""

from keras.src import layers
from keras.src.applications import model_builder

# Blocks per stage (conv2 .. conv5) of each depth; the stages' widths.
DEPTHS = {
    50: (3, 4, 6, 3),
    101: (3, 4, 23, 3),
    152: (3, 8, 36, 3),
}
_WIDTHS = (64, 128, 256, 512)
_BN_EPSILON = 1.001e-5


def _batch_norm(name):
    return layers.BatchNormalization(
        axis=model_builder.channel_axis(), epsilon=_BN_EPSILON, name=name
    )


def _bottleneck(x, filters, strides, projection, prefix):
    """A v1 block: convolution, normalization, activation; the sum is
    activated."""
    if projection:
        shortcut = layers.Conv2D(
            4 * filters, 1, strides=strides, name=f"{prefix}_0_conv"
        )(x)
        shortcut = _batch_norm(f"{prefix}_0_bn")(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=strides, name=f"{prefix}_1_conv")(x)
    x = _batch_norm(f"{prefix}_1_bn")(x)
    x = layers.Activation("relu", name=f"{prefix}_1_relu")(x)
    x = layers.Conv2D(filters, 3, padding="same", name=f"{prefix}_2_conv")(x)
    x = _batch_norm(f"{prefix}_2_bn")(x)
    x = layers.Activation("relu", name=f"{prefix}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{prefix}_3_conv")(x)
    x = _batch_norm(f"{prefix}_3_bn")(x)
    x = layers.Add(name=f"{prefix}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{prefix}_out")(x)


def _preact_bottleneck(x, filters, strides, projection, prefix):
    """A v2 block: normalization and activation come before each
    convolution, and the shortcut of a strided block without projection
    is a strided 1x1 max pooling."""
    preact = _batch_norm(f"{prefix}_preact_bn")(x)
    preact = layers.Activation("relu", name=f"{prefix}_preact_relu")(preact)
    if projection:
        shortcut = layers.Conv2D(
            4 * filters, 1, strides=strides, name=f"{prefix}_0_conv"
        )(preact)
    elif strides > 1:
        shortcut = layers.MaxPooling2D(1, strides=strides)(x)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, use_bias=False, name=f"{prefix}_1_conv")(
        preact
    )
    x = _batch_norm(f"{prefix}_1_bn")(x)
    x = layers.Activation("relu", name=f"{prefix}_1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=f"{prefix}_2_pad")(
        x
    )
    x = layers.Conv2D(
        filters, 3, strides=strides, use_bias=False, name=f"{prefix}_2_conv"
    )(x)
    x = _batch_norm(f"{prefix}_2_bn")(x)
    x = layers.Activation("relu", name=f"{prefix}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{prefix}_3_conv")(x)
    return layers.Add(name=f"{prefix}_out")([shortcut, x])


def _block_strides(stage, block, blocks, preact):
    # v1 strides the first block of stages conv3 to conv5; v2 strides the
    # last block of stages conv2 to conv4.
    if preact:
        return 2 if block == blocks - 1 and stage < 3 else 1
    return 2 if block == 0 and stage > 0 else 1


def build_resnet(call, depth, preact):
    """Builds a ResNet of `depth` 50, 101 or 152 for `call` (see
    `model_builder.ApplicationCall`); `preact` selects v2."""
    img_input = call.image_input(default_size=224)
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(
        img_input
    )
    x = layers.Conv2D(64, 7, strides=2, name="conv1_conv")(x)
    if not preact:
        x = _batch_norm("conv1_bn")(x)
        x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)

    block_fn = _preact_bottleneck if preact else _bottleneck
    for stage, (blocks, filters) in enumerate(zip(DEPTHS[depth], _WIDTHS)):
        for block in range(blocks):
            x = block_fn(
                x,
                filters,
                strides=_block_strides(stage, block, blocks, preact),
                projection=block == 0,
                prefix=f"conv{stage + 2}_block{block + 1}",
            )
    if preact:
        x = _batch_norm("post_bn")(x)
        x = layers.Activation("relu", name="post_relu")(x)

    return call.model(call.classifier_head(x))


def _export(depth, exports=None):
    title = f"ResNet{depth}"
    return model_builder.export_application(
        build_resnet,
        title,
        __name__,
        model_builder.standard_doc(title, "resnet"),
        model_builder.STANDARD_PARAMETERS + (("name", f"resnet{depth}"),),
        exports=exports,
        depth=depth,
        preact=False,
    )


ResNet50 = _export(
    50,
    [
        "keras.applications.resnet50.ResNet50",
        "keras.applications.resnet.ResNet50",
        "keras.applications.ResNet50",
    ],
)
ResNet101 = _export(101)
ResNet152 = _export(152)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="caffe", aliases=("resnet50",)
)
