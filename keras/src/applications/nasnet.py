"""NASNetMobile and NASNetLarge: image models found by architecture search.

The architecture of Zoph et al., 2018 ("Learning Transferable Architectures
for Scalable Image Recognition"): a strided 3x3 convolution, two reduction
cells, then three stacks of normal cells separated by reduction cells.
Each cell combines the outputs of the two cells before it (the older one
adjusted to the newer one's shape) through five pairs of operations
(separable convolutions, poolings, identities) whose sums are
concatenated. Every layer lives in the name scope of its cell and block,
so that weight paths read like `normal_A_block_0/block_1/...`; layers
without a name are named automatically, as in the reference model.
"""

from keras.src import backend
from keras.src import layers
from keras.src.applications import imagenet_utils
from keras.src.applications import model_builder

# (penultimate filters, normal cells per stack, stem filters, whether a
# stack's first normal cell skips the reduction cell's input, default
# size) of each model.
_MODELS = {
    "mobile": (1056, 4, 32, False, 224),
    "large": (4032, 6, 96, True, 331),
}
_FILTER_MULTIPLIER = 2
_BN = {"momentum": 0.9997, "epsilon": 1e-3}


def _bn(name, axis):
    return layers.BatchNormalization(axis=axis, name=name, **_BN)


def _conv1x1(filters, name):
    return layers.Conv2D(
        filters,
        1,
        padding="same",
        use_bias=False,
        kernel_initializer="he_normal",
        name=name,
    )


def _separable_block(x, filters, kernel_size, strides, block_id, axis):
    """Two (ReLU, separable convolution, batch normalization) layers; the
    first carries the stride, after a padding like TensorFlow's "same"."""
    with backend.name_scope(f"separable_conv_block_{block_id}"):
        x = layers.Activation("relu")(x)
        if strides == 2:
            x = layers.ZeroPadding2D(
                padding=imagenet_utils.correct_pad(x, kernel_size),
                name=f"separable_conv_1_pad_{block_id}",
            )(x)
        x = layers.SeparableConv2D(
            filters,
            kernel_size,
            strides=strides,
            padding="valid" if strides == 2 else "same",
            use_bias=False,
            name=f"separable_conv_1_{block_id}",
        )(x)
        x = _bn(f"separable_conv_1_bn_{block_id}", axis)(x)
        x = layers.Activation("relu")(x)
        x = layers.SeparableConv2D(
            filters,
            kernel_size,
            padding="same",
            use_bias=False,
            name=f"separable_conv_2_{block_id}",
        )(x)
        return _bn(f"separable_conv_2_bn_{block_id}", axis)(x)


def _adjust(previous, current, filters, block_id, axis):
    """Brings the older cell output `previous` to the resolution and the
    `filters` of `current`: two half-resolution 1x1 convolutions (one of
    them on the input shifted by one pixel) for a smaller `current`, or a
    1x1 projection for another channel count."""
    with backend.name_scope("adjust_block"):
        if previous is None:
            return current
        rows_axis = 2 if axis == 1 else 1
        if previous.shape[rows_axis] != current.shape[rows_axis]:
            with backend.name_scope(f"adjust_reduction_block_{block_id}"):
                p = layers.Activation("relu", name=f"adjust_relu_1_{block_id}")(
                    previous
                )
                p1 = layers.AveragePooling2D(
                    1, strides=2, name=f"adjust_avg_pool_1_{block_id}"
                )(p)
                p1 = _conv1x1(filters // 2, f"adjust_conv_1_{block_id}")(p1)
                p2 = layers.ZeroPadding2D(padding=((0, 1), (0, 1)))(p)
                p2 = layers.Cropping2D(cropping=((1, 0), (1, 0)))(p2)
                p2 = layers.AveragePooling2D(
                    1, strides=2, name=f"adjust_avg_pool_2_{block_id}"
                )(p2)
                p2 = _conv1x1(filters // 2, f"adjust_conv_2_{block_id}")(p2)
                p = layers.concatenate([p1, p2], axis=axis)
                return _bn(f"adjust_bn_{block_id}", axis)(p)
        if previous.shape[axis] != filters:
            with backend.name_scope(f"adjust_projection_block_{block_id}"):
                p = layers.Activation("relu")(previous)
                p = _conv1x1(filters, f"adjust_conv_projection_{block_id}")(p)
                return _bn(f"adjust_bn_{block_id}", axis)(p)
        return previous


def _squeeze(x, filters, prefix, block_id, axis):
    """The ReLU, 1x1 convolution and batch normalization that open a
    cell."""
    x = layers.Activation("relu")(x)
    x = _conv1x1(filters, f"{prefix}_conv_1_{block_id}")(x)
    return _bn(f"{prefix}_bn_1_{block_id}", axis)(x)


def _same_pool(x, name):
    return layers.AveragePooling2D(3, strides=1, padding="same", name=name)(x)


def _normal_cell(current, previous, filters, block_id, axis):
    with backend.name_scope(f"normal_A_block_{block_id}"):
        p = _adjust(previous, current, filters, block_id, axis)
        h = _squeeze(current, filters, "normal", block_id, axis)

        def separable(x, kernel_size, side):
            return _separable_block(
                x, filters, kernel_size, 1, f"normal_{side}_{block_id}", axis
            )

        with backend.name_scope("block_1"):
            x1 = layers.add(
                [separable(h, 5, "left1"), separable(p, 3, "right1")],
                name=f"normal_add_1_{block_id}",
            )
        with backend.name_scope("block_2"):
            x2 = layers.add(
                [separable(p, 5, "left2"), separable(p, 3, "right2")],
                name=f"normal_add_2_{block_id}",
            )
        with backend.name_scope("block_3"):
            x3 = layers.add(
                [_same_pool(h, f"normal_left3_{block_id}"), p],
                name=f"normal_add_3_{block_id}",
            )
        with backend.name_scope("block_4"):
            x4 = layers.add(
                [
                    _same_pool(p, f"normal_left4_{block_id}"),
                    _same_pool(p, f"normal_right4_{block_id}"),
                ],
                name=f"normal_add_4_{block_id}",
            )
        with backend.name_scope("block_5"):
            x5 = layers.add(
                [separable(h, 3, "left5"), h], name=f"normal_add_5_{block_id}"
            )
        x = layers.concatenate(
            [p, x1, x2, x3, x4, x5],
            axis=axis,
            name=f"normal_concat_{block_id}",
        )
    return x, current


def _reduction_cell(current, previous, filters, block_id, axis):
    with backend.name_scope(f"reduction_A_block_{block_id}"):
        p = _adjust(previous, current, filters, block_id, axis)
        h = _squeeze(current, filters, "reduction", block_id, axis)
        h_padded = layers.ZeroPadding2D(
            padding=imagenet_utils.correct_pad(h, 3),
            name=f"reduction_pad_1_{block_id}",
        )(h)

        def separable(x, kernel_size, side, strides=2):
            return _separable_block(
                x,
                filters,
                kernel_size,
                strides,
                f"reduction_{side}_{block_id}",
                axis,
            )

        def strided_pool(pool, side):
            return pool(3, strides=2, name=f"reduction_{side}_{block_id}")(
                h_padded
            )

        with backend.name_scope("block_1"):
            x1 = layers.add(
                [separable(h, 5, "left1"), separable(p, 7, "right1")],
                name=f"reduction_add_1_{block_id}",
            )
        with backend.name_scope("block_2"):
            x2 = layers.add(
                [
                    strided_pool(layers.MaxPooling2D, "left2"),
                    separable(p, 7, "right2"),
                ],
                name=f"reduction_add_2_{block_id}",
            )
        with backend.name_scope("block_3"):
            x3 = layers.add(
                [
                    strided_pool(layers.AveragePooling2D, "left3"),
                    separable(p, 5, "right3"),
                ],
                name=f"reduction_add3_{block_id}",
            )
        with backend.name_scope("block_4"):
            x4 = layers.add([x2, _same_pool(x1, f"reduction_left4_{block_id}")])
        with backend.name_scope("block_5"):
            x5 = layers.add(
                [
                    separable(x1, 3, "left4", strides=1),
                    strided_pool(layers.MaxPooling2D, "right5"),
                ],
                name=f"reduction_add4_{block_id}",
            )
        x = layers.concatenate(
            [x2, x3, x4, x5], axis=axis, name=f"reduction_concat_{block_id}"
        )
    return x, current


def _nasnet(call, size):
    penultimate_filters, cells, stem_filters, skip_reduction, default_size = (
        _MODELS[size]
    )
    img_input = call.image_input(default_size=default_size)
    axis = model_builder.channel_axis(-1)
    filters = penultimate_filters // 24
    multiplier = _FILTER_MULTIPLIER

    x = model_builder.conv_bn(
        img_input,
        stem_filters,
        3,
        axis,
        "stem_conv1",
        "stem_bn1",
        strides=2,
        padding="valid",
        bn_options=_BN,
        kernel_initializer="he_normal",
    )

    x, p = _reduction_cell(x, None, filters // multiplier**2, "stem_1", axis)
    x, p = _reduction_cell(x, p, filters // multiplier, "stem_2", axis)
    for stack in range(3):
        if stack > 0:
            x, reduction_input = _reduction_cell(
                x,
                p,
                filters * multiplier**stack,
                f"reduce_{stack * cells}",
                axis,
            )
            if not skip_reduction:
                p = reduction_input
        # Normal cells are numbered 0, 1, ... in the first stack, and
        # after their stack's reduction cell in the others.
        first_id = 0 if stack == 0 else stack * cells + 1
        for cell in range(cells):
            x, p = _normal_cell(
                x, p, filters * multiplier**stack, str(first_id + cell), axis
            )
    x = layers.Activation("relu")(x)

    x = call.classifier_head(x, head_pool_name=None, pool_names=(None, None))
    return call.model(x)


def _export(size):
    title = f"NASNet{size.capitalize()}"
    parameters = model_builder.shape_first_parameters((), f"nasnet_{size}")
    return model_builder.export_application(
        _nasnet,
        title,
        __name__,
        model_builder.standard_doc(
            title,
            "nasnet",
            parameters=parameters,
            default_size=_MODELS[size][4],
            note=" (pixel values in `[-1, 1]`)",
        ),
        parameters,
        size=size,
    )


NASNetMobile = _export("mobile")
NASNetLarge = _export("large")

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
