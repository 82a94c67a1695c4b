"""InceptionV3: factorized Inception modules for image classification.

The architecture of Szegedy et al., 2015 ("Rethinking the Inception
Architecture for Computer Vision"): a stem of plain convolutions and max
poolings, then eleven Inception modules (`mixed0` to `mixed10`) whose
parallel branches (1x1 convolutions, stacks of 3x3 or factorized 1xn and
nx1 convolutions, and pooling) are concatenated along the channels; two of
them reduce the resolution. Every convolution is followed by batch
normalization (without scale) and ReLU, in automatically named layers as in
the reference model.
"""

from keras.src import layers
from keras.src.applications import model_builder


def _conv_bn(x, filters, rows, cols, axis, strides=1, padding="same"):
    return model_builder.conv_bn_relu(
        x, filters, (rows, cols), axis, strides=strides, padding=padding
    )


def _avg_pool_branch(x, filters, axis):
    x = layers.AveragePooling2D(3, strides=1, padding="same")(x)
    return _conv_bn(x, filters, 1, 1, axis)


def _module_a(x, pool_filters, name, axis):
    # 1x1; 1x1 then 5x5; 1x1 then two 3x3; average pooling then 1x1.
    branch1x1 = _conv_bn(x, 64, 1, 1, axis)
    branch5x5 = _conv_bn(x, 48, 1, 1, axis)
    branch5x5 = _conv_bn(branch5x5, 64, 5, 5, axis)
    branch3x3 = _conv_bn(x, 64, 1, 1, axis)
    branch3x3 = _conv_bn(branch3x3, 96, 3, 3, axis)
    branch3x3 = _conv_bn(branch3x3, 96, 3, 3, axis)
    branch_pool = _avg_pool_branch(x, pool_filters, axis)
    return layers.Concatenate(axis=axis, name=name)(
        [branch1x1, branch5x5, branch3x3, branch_pool]
    )


def _module_b(x, filters_7x7, name, axis):
    # 1x1; a 1x7/7x1 pair; two 7x1/1x7 pairs; average pooling then 1x1.
    f = filters_7x7
    branch1x1 = _conv_bn(x, 192, 1, 1, axis)
    branch7x7 = _conv_bn(x, f, 1, 1, axis)
    branch7x7 = _conv_bn(branch7x7, f, 1, 7, axis)
    branch7x7 = _conv_bn(branch7x7, 192, 7, 1, axis)
    branch7x7dbl = _conv_bn(x, f, 1, 1, axis)
    for filters, rows, cols in ((f, 7, 1), (f, 1, 7), (f, 7, 1), (192, 1, 7)):
        branch7x7dbl = _conv_bn(branch7x7dbl, filters, rows, cols, axis)
    branch_pool = _avg_pool_branch(x, 192, axis)
    return layers.Concatenate(axis=axis, name=name)(
        [branch1x1, branch7x7, branch7x7dbl, branch_pool]
    )


def _module_c(x, index, axis):
    # 1x1; 1x1 then parallel 1x3 and 3x1; 1x1, 3x3, then parallel 1x3 and
    # 3x1; average pooling then 1x1.
    name = f"mixed{9 + index}"
    branch1x1 = _conv_bn(x, 320, 1, 1, axis)
    branch3x3 = _conv_bn(x, 384, 1, 1, axis)
    branch3x3 = layers.Concatenate(axis=axis, name=f"mixed9_{index}")(
        [
            _conv_bn(branch3x3, 384, 1, 3, axis),
            _conv_bn(branch3x3, 384, 3, 1, axis),
        ]
    )
    branch3x3dbl = _conv_bn(x, 448, 1, 1, axis)
    branch3x3dbl = _conv_bn(branch3x3dbl, 384, 3, 3, axis)
    branch3x3dbl = layers.Concatenate(axis=axis)(
        [
            _conv_bn(branch3x3dbl, 384, 1, 3, axis),
            _conv_bn(branch3x3dbl, 384, 3, 1, axis),
        ]
    )
    branch_pool = _avg_pool_branch(x, 192, axis)
    return layers.Concatenate(axis=axis, name=name)(
        [branch1x1, branch3x3, branch3x3dbl, branch_pool]
    )


def _inception_v3(call):
    img_input = call.image_input(default_size=299, min_size=75)
    axis = model_builder.channel_axis()

    x = _conv_bn(img_input, 32, 3, 3, axis, strides=2, padding="valid")
    x = _conv_bn(x, 32, 3, 3, axis, padding="valid")
    x = _conv_bn(x, 64, 3, 3, axis)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = _conv_bn(x, 80, 1, 1, axis, padding="valid")
    x = _conv_bn(x, 192, 3, 3, axis, padding="valid")
    x = layers.MaxPooling2D(3, strides=2)(x)

    for index, pool_filters in enumerate((32, 64, 64)):
        x = _module_a(x, pool_filters, f"mixed{index}", axis)

    # Reduction: strided 3x3; 1x1 then two 3x3 (strided); max pooling.
    branch3x3 = _conv_bn(x, 384, 3, 3, axis, strides=2, padding="valid")
    branch3x3dbl = _conv_bn(x, 64, 1, 1, axis)
    branch3x3dbl = _conv_bn(branch3x3dbl, 96, 3, 3, axis)
    branch3x3dbl = _conv_bn(
        branch3x3dbl, 96, 3, 3, axis, strides=2, padding="valid"
    )
    branch_pool = layers.MaxPooling2D(3, strides=2)(x)
    x = layers.Concatenate(axis=axis, name="mixed3")(
        [branch3x3, branch3x3dbl, branch_pool]
    )

    for index, filters_7x7 in enumerate((128, 160, 160, 192), start=4):
        x = _module_b(x, filters_7x7, f"mixed{index}", axis)

    # Reduction: 1x1 then strided 3x3; 1x1, 1x7, 7x1 then strided 3x3;
    # max pooling.
    branch3x3 = _conv_bn(x, 192, 1, 1, axis)
    branch3x3 = _conv_bn(branch3x3, 320, 3, 3, axis, strides=2, padding="valid")
    branch7x7x3 = _conv_bn(x, 192, 1, 1, axis)
    branch7x7x3 = _conv_bn(branch7x7x3, 192, 1, 7, axis)
    branch7x7x3 = _conv_bn(branch7x7x3, 192, 7, 1, axis)
    branch7x7x3 = _conv_bn(
        branch7x7x3, 192, 3, 3, axis, strides=2, padding="valid"
    )
    branch_pool = layers.MaxPooling2D(3, strides=2)(x)
    x = layers.Concatenate(axis=axis, name="mixed8")(
        [branch3x3, branch7x7x3, branch_pool]
    )

    for index in range(2):
        x = _module_c(x, index, axis)

    return call.model(call.classifier_head(x, pool_names=(None, None)))


InceptionV3 = model_builder.export_application(
    _inception_v3,
    "InceptionV3",
    __name__,
    model_builder.standard_doc(
        "InceptionV3",
        "inception_v3",
        default_size=299,
        min_size=75,
        note=" (pixel values in `[-1, 1]`)",
    ),
    model_builder.STANDARD_PARAMETERS + (("name", "inception_v3"),),
)

preprocess_input, decode_predictions = model_builder.export_preprocessing(
    __name__, mode="tf"
)
