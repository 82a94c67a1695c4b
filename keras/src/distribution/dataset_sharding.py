"""Sharding of a `tf.data.Dataset` between the processes of a job.

Each data-shard group of processes (see
`keras.src.backend.common.data_sharding`) reads its own slice of every
global batch. TensorFlow is imported only when a dataset is given.
"""


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


def shard_dataset(dataset, dist):
    """Gives this process its part of every global batch of `dataset`.

    See `Distribution.distribute_dataset`, which calls it with several
    processes and `auto_shard_dataset=True`.

    Args:
        dataset: A `tf.data.Dataset` batched to the global batch size.
        dist: The `Distribution`.

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
    per_process = info.per_process_batch_size(global_batch, process)

    def is_full(*elements):
        first = tf.nest.flatten(elements)[0]
        return tf.equal(tf.shape(first)[0], global_batch)

    dataset = dataset.filter(is_full)
    dataset = dataset.rebatch(per_process, drop_remainder=True)
    return dataset.shard(info.num_data_shards, info.data_shard_id(process))
