"""Turning integer ids into `one_hot`/`multi_hot`/`count`/`tf_idf` vectors.

Shared by `CategoryEncoding`, `Discretization`, the hashing layers and
the lookup layers. `ops` is the array namespace of the calling layer
(`keras.ops`, or its TensorFlow twin inside `tf.data`, see `data_layer`).
"""

from keras.src import backend

ONE_HOT = "one_hot"
MULTI_HOT = "multi_hot"
COUNT = "count"
TF_IDF = "tf_idf"
INT = "int"


def check_output_mode(output_mode, modes):
    """Raises a `ValueError` unless `output_mode` is one of `modes`."""
    if output_mode not in modes:
        raise ValueError(
            "Invalid value for argument `output_mode`. Expected one of "
            f"{modes}. Received: output_mode={output_mode}"
        )


def standardize_output_mode(output_mode, modes):
    """`output_mode` with the old name `"binary"` read as `"multi_hot"`,
    checked by `check_output_mode`."""
    if output_mode == "binary":
        output_mode = MULTI_HOT
    check_output_mode(output_mode, modes)
    return output_mode


def encoded_shape(input_shape, output_mode, depth):
    """The output shape of `encode()` for an input of `input_shape`.

    `one_hot` adds a trailing axis of size `depth` (replacing a trailing
    axis of size 1); the other modes fold the last axis (the tokens of one
    sample) into a vector of size `depth`. A rank-0 or rank-1 input is a
    single sample.
    """
    input_shape = tuple(input_shape)
    if output_mode == INT:
        return input_shape
    if output_mode == ONE_HOT:
        if len(input_shape) > 1 and input_shape[-1] == 1:
            return input_shape[:-1] + (depth,)
        return input_shape + (depth,)
    if not input_shape:
        return (depth,)
    return input_shape[:-1] + (depth,)


def output_spec(layer, shape, dtype=None):
    """The symbolic output of an encoding `layer`: a `KerasTensor` of
    `shape` and `dtype` (by default the layer's compute dtype), sparse when
    the layer's `sparse` is set."""
    return backend.KerasTensor(
        shape, dtype=dtype or layer.compute_dtype, sparse=layer.sparse
    )


def encode(
    ops,
    ids,
    output_mode,
    depth,
    dtype,
    count_weights=None,
    idf_weights=None,
    sparse=False,
):
    """Encodes integer `ids` (values in `[0, depth)`) as `output_mode`.

    Ids outside `[0, depth)` (e.g. a shifted-out mask id of -1) encode to
    zeros. `count_weights`, shaped like `ids`, replaces the unit count of
    each id in `count` mode; `idf_weights` (length `depth`) scales the
    counts in `tf_idf` mode. With `sparse=True` the result is a sparse
    tensor (a JAX `BCOO`, or a `tf.SparseTensor` inside `tf.data`).
    """
    dense = _encode_dense(
        ops, ids, output_mode, depth, dtype, count_weights, idf_weights
    )
    if not sparse:
        return dense
    if hasattr(ops, "to_sparse"):
        return ops.to_sparse(dense)
    from jax.experimental import sparse as jax_sparse

    return jax_sparse.BCOO.fromdense(dense)


def encode_bins(layer, tf, ids):
    """The output of a hashing layer (`Hashing`, `HashedCrossing`) for the
    bin `ids` it computed with TensorFlow (`tf`): the ids themselves in
    `int` mode, else their encoding over `layer.num_bins`. A ragged batch
    is padded with -1 first, which encodes to nothing."""
    if layer.output_mode == INT:
        return tf.cast(ids, layer.compute_dtype)
    if isinstance(ids, tf.RaggedTensor):
        ids = ids.to_tensor(default_value=-1)
    return encode(
        layer.backend,
        ids,
        layer.output_mode,
        layer.num_bins,
        layer.compute_dtype,
        sparse=layer.sparse,
    )


def _encode_dense(
    ops, ids, output_mode, depth, dtype, count_weights, idf_weights
):
    rank = len(ids.shape)
    if output_mode == ONE_HOT:
        if rank > 1 and ids.shape[-1] == 1:
            ids = ops.squeeze(ids, axis=-1)
        return ops.one_hot(ids, depth, dtype=dtype)
    if rank == 0:
        ids = ops.expand_dims(ids, 0)
        if count_weights is not None:
            count_weights = ops.expand_dims(count_weights, 0)
    hot = ops.one_hot(ids, depth, dtype=dtype)
    if output_mode == MULTI_HOT:
        return ops.max(hot, axis=-2)
    if count_weights is not None:
        weights = ops.cast(count_weights, dtype)
        hot = hot * ops.expand_dims(weights, -1)
    counts = ops.sum(hot, axis=-2)
    if output_mode == TF_IDF:
        counts = counts * ops.cast(idf_weights, dtype)
    return counts
