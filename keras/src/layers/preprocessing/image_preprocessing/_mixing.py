"""Pairing each image of a batch with a partner image of the same batch,
shared by `CutMix` and `MixUp`.

A transformation holds the partners as `"permutation_order"`, a
permutation of the batch indices.
"""


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
