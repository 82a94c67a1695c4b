"""Pairing each image of a batch with a partner image of the same batch,
shared by `CutMix` and `MixUp`.

A transformation holds the partners as `"permutation_order"`, a
permutation of the batch indices.
"""

from keras.src.layers.preprocessing.image_preprocessing.base_image_preprocessing_layer import (  # noqa: E501
    RandomAugmentationLayer,
)


def draw_permutation(layer, batch, seed):
    """A random permutation (int32) of the `batch` indices."""
    draws = layer.backend.random.uniform((batch,), seed=seed)
    return layer.backend.cast(layer.backend.numpy.argsort(draws), "int32")


def partners(layer, values, transformation):
    """The entries of `values` (batch first) that belong to the partner of
    each image."""
    permutation = layer.backend.convert_to_tensor(
        transformation["permutation_order"], "int32"
    )
    return layer.backend.numpy.take(values, permutation, axis=0)


def blend(layer, values, weight, transformation):
    """`weight * values + (1 - weight) * partner_values`, with `weight`
    one value per image (or a single value). Integer `values` (e.g.
    class ids) are blended as floats of the layer's compute dtype."""
    np_ = layer.backend.numpy
    values = layer.backend.convert_to_tensor(values)
    if not layer.backend.is_float_dtype(values.dtype):
        values = layer.backend.cast(values, layer.compute_dtype)
    weight = layer.backend.cast(
        layer.backend.convert_to_tensor(weight), values.dtype
    )
    if len(weight.shape) > 0:
        weight = np_.reshape(weight, (-1,) + (1,) * (len(values.shape) - 1))
    others = partners(layer, values, transformation)
    return weight * values + (1.0 - weight) * others


class PartnerMixingLayer(RandomAugmentationLayer):
    """Base of the layers that combine each image with its partner.

    A subclass implements `_combine(values, transformation)`, which
    combines images (a batch) or segmentation masks with those of the
    partners. Labels are blended with the partners' labels by the
    per-image `"mix_weight"` of the transformation. Outside training
    everything passes unchanged.
    """

    def transform_images(self, images, transformation=None, training=True):
        images = self.backend.cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        if len(images.shape) == 3:
            images = self.backend.numpy.expand_dims(images, 0)
        return self._combine(images, transformation)

    def transform_labels(self, labels, transformation, training=True):
        if not training or transformation is None:
            return labels
        weight = self.backend.numpy.reshape(transformation["mix_weight"], (-1,))
        return blend(self, labels, weight, transformation)

    def transform_segmentation_masks(
        self, segmentation_masks, transformation, training=True
    ):
        if not training or transformation is None:
            return segmentation_masks
        return self._combine(segmentation_masks, transformation)

    def _combine(self, values, transformation):
        raise NotImplementedError(
            f"Layer {self.__class__.__name__} does not implement `_combine()`."
        )
