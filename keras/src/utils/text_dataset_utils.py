"""`text_dataset_from_directory`: a labeled text dataset from a folder tree."""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils import module_utils
from keras.src.utils.directory_dataset_utils import build_subsets
from keras.src.utils.directory_dataset_utils import check_label_args
from keras.src.utils.directory_dataset_utils import index_directory
from keras.src.utils.directory_dataset_utils import split_settings


@keras_export(
    [
        "keras.utils.text_dataset_from_directory",
        "keras.preprocessing.text_dataset_from_directory",
    ]
)
def text_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    batch_size=32,
    max_length=None,
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    follow_links=False,
    format="tf",
    verbose=True,
):
    """Builds a dataset of texts (and labels) from `.txt` files on disk.

    With the default `labels="inferred"`, each subfolder of `directory` is
    a class (classes sorted by name) and every `.txt` file below it, at any
    depth, is a sample of that class:

    ```
    reviews/
        negative/  a.txt  b.txt
        positive/  c.txt  more/d.txt
    ```

    Args:
        directory: The root folder.
        labels: `"inferred"` (from the subfolders), `None` (texts only,
            from every `.txt` file under `directory`), or a list of integer
            labels, one per file, in the sorted order of the file paths.
        label_mode: `"int"` (int32 class ids), `"categorical"` (float32
            one-hot vectors), `"binary"` (float32 of shape `(batch, 1)`,
            two classes only) or `None` (no labels).
        class_names: With inferred labels, the subfolders to use, in the
            order of their class ids.
        batch_size: Samples per batch, or `None` for single samples.
            Defaults to 32.
        max_length: If set, texts are cut to this many bytes.
        shuffle: Whether to shuffle the files. Defaults to `True`.
        seed: Shuffle seed; needed with `validation_split` so that the two
            subsets do not overlap.
        validation_split: Fraction of the files kept for validation.
        subset: `"training"`, `"validation"` or `"both"` (returns a
            `(train, validation)` pair); only with `validation_split`.
        follow_links: Whether to enter symlinked folders.
        format: `"tf"` (a `tf.data.Dataset`, the default) or `"grain"`
            (needs the `grain` package).
        verbose: Whether to print how many files were found.

    Returns:
        A dataset yielding `(texts, labels)` batches, or `texts` when
        `label_mode` is `None`; it has a `class_names` attribute. With
        `subset="both"`, a pair of such datasets.

    Example:

    ```python
    train_ds = keras.utils.text_dataset_from_directory(
        "reviews", validation_split=0.2, subset="training", seed=7)
    ```
    """
    check_label_args(labels, label_mode, class_names, "`.txt`")
    if format not in ("tf", "grain"):
        raise ValueError(
            "`format` should be either 'tf' or 'grain'. "
            f"Received: format={format}"
        )
    if labels is None or label_mode is None:
        labels = None
        label_mode = None
    split = split_settings(validation_split, subset, shuffle, seed)
    indexed_files = index_directory(
        directory, labels, class_names, follow_links, (".txt",), "`.txt` files"
    )
    paths, _, class_names = indexed_files
    if not paths:
        raise ValueError(
            f"No text files found in directory {directory}. "
            "Allowed format: .txt"
        )
    make_dataset = _grain_dataset if format == "grain" else _tf_dataset

    def build(files, label_ids):
        targets = _targets(label_ids, label_mode, len(class_names))
        return make_dataset(files, targets, batch_size, max_length, split)

    return build_subsets(build, indexed_files, label_mode, split, verbose)


def _targets(label_ids, label_mode, num_classes):
    """The label of every file as `label_mode` asks (int32 ids, float32
    `(n, 1)` for "binary", float32 one-hot rows for "categorical"), or
    `None` without labels."""
    if label_mode is None:
        return None
    ids = np.asarray(label_ids, dtype="int32")
    if label_mode == "binary":
        return ids.astype("float32").reshape(-1, 1)
    if label_mode == "categorical":
        return np.eye(num_classes, dtype="float32")[ids]
    return ids


def _tf_dataset(paths, targets, batch_size, max_length, split):
    import tensorflow as tf

    def read(path):
        text = tf.io.read_file(path)
        if max_length is not None:
            text = tf.strings.substr(text, 0, max_length)
        return text

    dataset = tf.data.Dataset.from_tensor_slices(paths).map(read)
    if targets is not None:
        dataset = tf.data.Dataset.zip(
            (dataset, tf.data.Dataset.from_tensor_slices(targets))
        )
    if split.shuffle:
        buffer = max(len(paths), 1) if batch_size is None else batch_size * 8
        dataset = dataset.shuffle(buffer, seed=split.seed)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset.prefetch(tf.data.AUTOTUNE)


def _grain_dataset(paths, targets, batch_size, max_length, split):
    grain = module_utils.grain_for_format_arg()

    def read(index):
        with open(paths[index], "rb") as f:
            raw = f.read()
        if max_length is not None:
            raw = raw[:max_length]
        text = raw.decode("utf-8", errors="replace")
        if targets is None:
            return text
        return text, targets[index]

    dataset = grain.MapDataset.range(len(paths))
    if split.shuffle:
        dataset = dataset.shuffle(seed=split.seed)
    dataset = dataset.map(read)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset
