"""The augmentation operations that `RandAugment` and `AugMix` choose
from, as image layers."""


def make_ops(value_range, factor, interpolation, seed, data_format, names):
    """`[(name, layer)]` for the operation `names`, with magnitudes scaled
    by `factor` (a float in `[0, 1]`)."""
    from keras.src.layers.preprocessing.image_preprocessing.auto_contrast import (  # noqa: E501
        AutoContrast,
    )
    from keras.src.layers.preprocessing.image_preprocessing.equalization import (  # noqa: E501
        Equalization,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_brightness import (  # noqa: E501
        RandomBrightness,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_color_degeneration import (  # noqa: E501
        RandomColorDegeneration,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_contrast import (  # noqa: E501
        RandomContrast,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_posterization import (  # noqa: E501
        RandomPosterization,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_rotation import (  # noqa: E501
        RandomRotation,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_sharpness import (  # noqa: E501
        RandomSharpness,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_shear import (  # noqa: E501
        RandomShear,
    )
    from keras.src.layers.preprocessing.image_preprocessing.random_translation import (  # noqa: E501
        RandomTranslation,
    )
    from keras.src.layers.preprocessing.image_preprocessing.solarization import (  # noqa: E501
        Solarization,
    )

    f = float(min(max(factor, 0.0), 1.0))
    geometric = dict(
        interpolation=interpolation,
        fill_mode="constant",
        seed=seed,
        data_format=data_format,
    )
    color = dict(value_range=value_range, seed=seed)
    builders = {
        "random_shear": lambda: RandomShear(
            x_factor=0.3 * f, y_factor=0.3 * f, **geometric
        ),
        "random_translation": lambda: RandomTranslation(
            0.3 * f, 0.3 * f, **geometric
        ),
        "random_rotation": lambda: RandomRotation(
            30.0 / 360.0 * f, **geometric
        ),
        "random_brightness": lambda: RandomBrightness(0.5 * f, **color),
        "random_color_degeneration": lambda: RandomColorDegeneration(
            f, data_format=data_format, **color
        ),
        "random_contrast": lambda: RandomContrast(0.5 * f, **color),
        "random_sharpness": lambda: RandomSharpness(
            f, data_format=data_format, **color
        ),
        "random_posterization": lambda: RandomPosterization(
            max(1, 8 - int(round(4 * f))), data_format=data_format, **color
        ),
        "solarization": lambda: Solarization(
            addition_factor=0.0,
            threshold_factor=(1.0 - f, 1.0),
            value_range=value_range,
            seed=color["seed"],
            data_format=data_format,
        ),
        "auto_contrast": lambda: AutoContrast(
            value_range=value_range, data_format=data_format
        ),
        "equalization": lambda: Equalization(
            value_range=value_range, data_format=data_format
        ),
    }
    ops_ = []
    for i, name in enumerate(names):
        # Distinct seeds, so that the operations do not draw the same
        # random stream.
        geometric["seed"] = color["seed"] = None if seed is None else seed + i
        ops_.append((name, builders[name]()))
    return ops_


def install_ops(layer, interpolation, names):
    """Makes the operations `names` for `layer` (with its `value_range`,
    `seed` and `data_format`, magnitudes from the upper bound of its
    `factor`) as `layer._augment_ops`, and tracks each as an attribute of
    the layer."""
    layer._augment_ops = make_ops(
        layer.value_range,
        layer.factor[1],
        interpolation,
        layer.seed,
        layer.data_format,
        names,
    )
    for name, op in layer._augment_ops:
        setattr(layer, name, op)


def apply_chosen(layer, images, index, candidates, transformations, training):
    """`candidates[index]` applied to `images` with its transformation;
    `index` may be a traced integer."""
    dtype = layer.compute_dtype

    def branch(op, transformation):
        def run(x):
            out = op.transform_images(x, transformation, training=training)
            return layer.backend.cast(out, dtype)

        return run

    branches = [
        branch(op, transformation)
        for op, transformation in zip(candidates, transformations)
    ]
    return layer.backend.core.switch(
        index, branches, layer.backend.cast(images, dtype)
    )


def transformations_of(layer, images):
    """The random transformation of each of `layer._augment_ops` for
    `images`, as a tuple (not a list, which `tf.data` would try to
    stack)."""
    return tuple(transformation_of(op, images) for _, op in layer._augment_ops)


def transformation_of(op, images):
    """The random transformation of `op` for `images`; `{}` for the
    deterministic operations (so that the structure holds no `None` and
    can leave a `tf.data` graph)."""
    transformation = op.get_random_transformation(images, training=True)
    return {} if transformation is None else transformation
