"""`AugMix`: mixes several chains of random augmentations while
training."""

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.layers.preprocessing.image_preprocessing import _augment_ops
from keras.src.layers.preprocessing.image_preprocessing import _color
from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)

AUG_MIX_OPS = (
    "auto_contrast",
    "equalization",
    "random_posterization",
    "random_rotation",
    "solarization",
    "random_shear",
    "random_translation",
)
ALL_OPS_EXTRA = (
    "random_color_degeneration",
    "random_contrast",
    "random_brightness",
    "random_sharpness",
)


@keras_export("keras.layers.AugMix")
@arg_docs.with_shared_args(arg_docs.IMAGE_ARGS)
class AugMix(RandomAugmentationLayer):
    """AugMix (Hendrycks et al., https://arxiv.org/abs/1912.02781).

    `num_chains` chains of `chain_depth` randomly chosen operations
    (auto-contrast, equalization, posterization, rotation, solarization,
    shear, translation; with `all_ops` also color degeneration,
    contrast, brightness and sharpness) are applied to the images; the
    chain outputs are combined with weights from a `Dirichlet(alpha)`
    distribution, and the result is blended with the original images
    with a weight from `Beta(alpha, alpha)`. Only active while training.

    Args:
        num_chains: Number of augmentation chains. Defaults to `3`.
        chain_depth: Operations per chain. Defaults to `3`.
        factor: Float in `[0, 1]` (or pair, whose upper value is used), the
            strength of the operations. Defaults to `0.3`.
        alpha: Float > 0, the parameter of the Dirichlet and Beta
            distributions. Defaults to `1.0`.
        all_ops: Whether to use the color operations too. Defaults to
            `True`.

    Example:

    >>> layer = keras.layers.AugMix(value_range=(0, 1), seed=1)
    >>> layer(np.random.rand(2, 8, 8, 3)).shape
    (2, 8, 8, 3)
    """

    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_ATTRS = (
        "value_range",
        "num_chains",
        "chain_depth",
        "alpha",
        "all_ops",
        "interpolation",
        "seed",
    )

    def __init__(
        self,
        value_range=(0, 255),
        num_chains=3,
        chain_depth=3,
        factor=0.3,
        alpha=1.0,
        all_ops=True,
        interpolation="bilinear",
        seed=None,
        data_format=None,
        **kwargs,
    ):
        super().__init__(
            factor=factor, data_format=data_format, seed=seed, **kwargs
        )
        self.value_range = _color.check_value_range(value_range)
        self.num_chains = int(num_chains)
        self.chain_depth = int(chain_depth)
        self.alpha = alpha
        self.all_ops = all_ops
        self.interpolation = interpolation
        names = AUG_MIX_OPS + (ALL_OPS_EXTRA if all_ops else ())
        _augment_ops.install_ops(self, interpolation, names)

    def build(self, input_shape=None):
        ops = [op for _, op in self._augment_ops]
        self._build_sublayers(ops, input_shape)

    def _draw_transformation(self, images, seed):
        random = self.backend.random
        np_ = self.backend.numpy
        gammas = random.gamma((self.num_chains,), self.alpha, seed=seed)
        chain_mixing_weights = gammas / np_.sum(gammas)
        weight_sample = random.beta((), self.alpha, self.alpha, seed=seed)
        layer_idxes = random.randint(
            (self.num_chains, self.chain_depth),
            0,
            len(self._augment_ops),
            seed=seed,
        )
        # Tuples, not lists: `tf.data` would try to stack lists.
        chain_transforms = tuple(
            tuple(
                _augment_ops.transformations_of(self, images)
                for _ in range(self.chain_depth)
            )
            for _ in range(self.num_chains)
        )
        return {
            "chain_mixing_weights": chain_mixing_weights,
            "weight_sample": weight_sample,
            "layer_idxes": layer_idxes,
            "chain_transforms": chain_transforms,
        }

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        candidates = [op for _, op in self._augment_ops]
        mixed = self.backend.numpy.zeros_like(images)
        weights = transformation["chain_mixing_weights"]
        for c in range(self.num_chains):
            chained = images
            for d in range(self.chain_depth):
                chained = _augment_ops.apply_chosen(
                    self,
                    chained,
                    transformation["layer_idxes"][c][d],
                    candidates,
                    transformation["chain_transforms"][c][d],
                    training,
                )
            mixed = mixed + self.backend.cast(weights[c], images.dtype) * (
                chained
            )
        m = self.backend.cast(transformation["weight_sample"], images.dtype)
        return m * images + (1.0 - m) * mixed
