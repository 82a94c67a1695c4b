"""Sharding of a `tf.data.Dataset` between the processes of a job.

Each data-shard group of processes (see
`keras.src.backend.common.data_sharding`) reads its own slice of every
global batch. TensorFlow is imported only when a dataset is given.
"""

from keras.src.utils.python_utils import ceil_div


def _tensorflow_if_dataset(dataset):
    """The `tensorflow` module if `dataset` is a `tf.data.Dataset`."""
    if "tensorflow" not in type(dataset).__module__:
        return None
    import tensorflow as tf

    return tf if isinstance(dataset, tf.data.Dataset) else None


def _dataset_global_batch_size(dataset, tf):
    spec = tf.nest.flatten(dataset.element_spec)[0]
    if spec.shape.rank and spec.shape[0] is not None:
        return int(spec.shape[0])
    try:
        from tensorflow.python.data.experimental.ops import distribute

        size = int(distribute.compute_batch_size(dataset))
    except Exception:
        size = -1
    if size <= 0:
        raise ValueError(
            "The global batch size of the dataset is unknown: "
            "`distribute_dataset` expects a dataset batched with "
            "`dataset.batch(global_batch_size)`. Received element spec: "
            f"{dataset.element_spec}"
        )
    return size


def shard_dataset(dataset, dist, keep_partial_batches=False):
    """Gives this process its part of every global batch of `dataset`.

    See `Distribution.distribute_dataset`, which calls it with several
    processes and `auto_shard_dataset=True`.

    Args:
        dataset: A `tf.data.Dataset` batched to the global batch size.
        dist: The `Distribution`.
        keep_partial_batches: Whether to keep partial global batches (see
            `Distribution._distribute_dataset`) instead of dropping them.

    Returns:
        The per-process dataset.
    """
    tf = _tensorflow_if_dataset(dataset)
    if tf is None:
        raise ValueError(
            f"A dataset of type {type(dataset)} is not supported for "
            "auto-sharding across processes: only a `tf.data.Dataset` "
            "is. Pass a `tf.data.Dataset`, or use auto_shard_dataset=False "
            "and feed each process its own rows."
        )
    global_batch = _dataset_global_batch_size(dataset, tf)
    info = dist.data_sharding()
    info.check_global_batch_size(global_batch)
    if info.num_data_shards == 1:
        return dataset
    process = dist.process_id
    sizes = {len(s) for s in info.process_shards.values()}
    if len(sizes) != 1:
        raise ValueError(
            "Cannot shard a dataset when processes hold different numbers "
            f"of batch shards: {info.process_shards}. Use "
            "auto_shard_dataset=False and feed each process its rows."
        )
    num_shards = info.num_batch_shards
    own_shards = tf.constant(info.shards_of(process), tf.int64)

    def own_rows(*elements):
        # The rows of this process's batch shards: a global batch of n
        # rows padded to a multiple of the batch shards puts rows
        # [s * m, (s + 1) * m) on shard s, m = ceil(n / shards); padding
        # rows are left out (the data path pads every process's part to
        # the same size).
        structure = elements[0] if len(elements) == 1 else elements
        n = tf.shape(tf.nest.flatten(structure)[0], out_type=tf.int64)[0]
        m = ceil_div(n, num_shards)
        rows = tf.reshape(own_shards[:, None] * m + tf.range(m)[None], [-1])
        rows = tf.boolean_mask(rows, rows < n)
        return tf.nest.map_structure(lambda t: tf.gather(t, rows), structure)

    if not keep_partial_batches:

        def is_full(*elements):
            first = tf.nest.flatten(elements)[0]
            return tf.equal(tf.shape(first)[0], global_batch)

        dataset = dataset.filter(is_full)
    return dataset.map(own_rows)
