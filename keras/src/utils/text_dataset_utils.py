"""`text_dataset_from_directory`: a labeled text dataset from a folder tree."""

import os

import numpy as np

from keras.src.api_export import keras_export

_LABEL_MODES = ("int", "categorical", "binary", None)
_SUBSETS = ("training", "validation", "both")


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
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                'The `labels` argument should be `"inferred"` (class per '
                "subfolder), `None` (no labels) or a list of integers, one "
                f"per `.txt` file. Received: labels={labels}"
            )
        if class_names:
            raise ValueError(
                'You can only pass `class_names` if `labels="inferred"`. '
                f"Received: labels={labels}, and class_names={class_names}"
            )
    if label_mode not in _LABEL_MODES:
        raise ValueError(
            '`label_mode` argument must be one of "int", "categorical", '
            f'"binary", or None. Received: label_mode={label_mode}'
        )
    if format not in ("tf", "grain"):
        raise ValueError(
            "`format` should be either 'tf' or 'grain'. "
            f"Received: format={format}"
        )
    if labels is None or label_mode is None:
        labels = None
        label_mode = None
    _check_validation_args(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = int(np.random.randint(0, 1_000_000))

    paths, label_ids, class_names = _index_directory(
        directory, labels, class_names, follow_links
    )
    if not paths:
        raise ValueError(
            f"No text files found in directory {directory}. "
            "Allowed format: .txt"
        )
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(
            'When passing `label_mode="binary"`, there must be exactly 2 '
            f"class_names. Received: class_names={class_names}"
        )
    if verbose:
        if labels is None:
            print(f"Found {len(paths)} files.")
        else:
            print(
                f"Found {len(paths)} files belonging to "
                f"{len(class_names)} classes."
            )
    if shuffle:
        order = np.random.RandomState(seed).permutation(len(paths))
        paths = [paths[i] for i in order]
        label_ids = [label_ids[i] for i in order]

    def build(subset_paths, subset_labels):
        if format == "grain":
            dataset = _grain_dataset(
                subset_paths,
                subset_labels,
                label_mode,
                len(class_names),
                batch_size,
                max_length,
                shuffle,
                seed,
            )
        else:
            dataset = _tf_dataset(
                subset_paths,
                subset_labels,
                label_mode,
                len(class_names),
                batch_size,
                max_length,
                shuffle,
                seed,
            )
        dataset.class_names = class_names
        return dataset

    if not validation_split:
        return build(paths, label_ids)
    num_val = int(validation_split * len(paths))
    num_train = len(paths) - num_val
    train = (paths[:num_train], label_ids[:num_train])
    val = (paths[num_train:], label_ids[num_train:])
    if subset == "training":
        if verbose:
            print(f"Using {num_train} files for training.")
        return build(*train)
    if subset == "validation":
        if verbose:
            print(f"Using {num_val} files for validation.")
        return build(*val)
    if verbose:
        print(f"Using {num_train} files for training.")
        print(f"Using {num_val} files for validation.")
    return build(*train), build(*val)


def _check_validation_args(validation_split, subset, shuffle, seed):
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(
            "`validation_split` must be between 0 and 1, received: "
            f"{validation_split}"
        )
    if subset is not None and subset not in _SUBSETS:
        raise ValueError(
            '`subset` must be either "training", "validation" or "both", '
            f"received: {subset}"
        )
    if bool(validation_split) != (subset is not None):
        raise ValueError(
            "If `subset` is set, `validation_split` must be set, and "
            f"inversely. Received: validation_split={validation_split}, "
            f"subset={subset}"
        )
    if validation_split and shuffle and seed is None:
        raise ValueError(
            "With `validation_split` and `shuffle=True` you must provide a "
            "`seed`: both subsets are cut from the same shuffled file "
            "list, which must be identical in both calls."
        )


def _text_files(folder, follow_links):
    found = []
    for root, dirs, files in os.walk(folder, followlinks=follow_links):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(".txt"):
                found.append(os.path.join(root, name))
    return found


def _index_directory(directory, labels, class_names, follow_links):
    """Lists the `.txt` files of `directory` with their integer labels.

    Returns:
        `(paths, label_ids, class_names)`; the label ids are 0 for every
        file when there are no labels.
    """
    if labels != "inferred":
        paths = sorted(_text_files(directory, follow_links))
        if labels is None:
            return paths, [0] * len(paths), []
        if len(labels) != len(paths):
            raise ValueError(
                "Expected the lengths of `labels` to match the number of "
                f"files: {len(labels)} labels for {len(paths)} `.txt` "
                f"files under {directory}."
            )
        names = [str(c) for c in sorted(set(labels))]
        return paths, [int(label) for label in labels], names
    subdirs = sorted(
        name
        for name in os.listdir(directory)
        if os.path.isdir(os.path.join(directory, name))
    )
    if class_names is not None:
        if sorted(class_names) != subdirs:
            raise ValueError(
                "The `class_names` passed did not match the subfolders of "
                f"{directory}: {subdirs} (in any order). Received: "
                f"class_names={class_names}"
            )
        subdirs = list(class_names)
    paths, label_ids = [], []
    for class_id, name in enumerate(subdirs):
        found = _text_files(os.path.join(directory, name), follow_links)
        paths.extend(found)
        label_ids.extend([class_id] * len(found))
    return paths, label_ids, subdirs


def _tf_dataset(
    paths,
    label_ids,
    label_mode,
    num_classes,
    batch_size,
    max_length,
    shuffle,
    seed,
):
    import tensorflow as tf

    def read(path):
        text = tf.io.read_file(path)
        if max_length is not None:
            text = tf.strings.substr(text, 0, max_length)
        return text

    texts = tf.data.Dataset.from_tensor_slices(paths).map(read)
    if label_mode is None:
        dataset = texts
    else:
        ids = np.asarray(label_ids, dtype="int32")
        if label_mode == "binary":
            targets = ids.astype("float32").reshape(-1, 1)
        elif label_mode == "categorical":
            targets = np.eye(num_classes, dtype="float32")[ids]
        else:
            targets = ids
        dataset = tf.data.Dataset.zip(
            (texts, tf.data.Dataset.from_tensor_slices(targets))
        )
    if shuffle:
        buffer = max(len(paths), 1) if batch_size is None else batch_size * 8
        dataset = dataset.shuffle(buffer, seed=seed)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset.prefetch(tf.data.AUTOTUNE)


def _grain_dataset(
    paths,
    label_ids,
    label_mode,
    num_classes,
    batch_size,
    max_length,
    shuffle,
    seed,
):
    try:
        import grain
    except ImportError as e:
        raise ImportError(
            "`format='grain'` needs the `grain` package (`pip install "
            "grain`); use `format='tf'` otherwise."
        ) from e

    def read(index):
        with open(paths[index], "rb") as f:
            raw = f.read()
        if max_length is not None:
            raw = raw[:max_length]
        text = raw.decode("utf-8", errors="replace")
        if label_mode is None:
            return text
        label = label_ids[index]
        if label_mode == "binary":
            return text, np.array([label], dtype="float32")
        if label_mode == "categorical":
            return text, np.eye(num_classes, dtype="float32")[label]
        return text, np.int32(label)

    dataset = grain.MapDataset.range(len(paths))
    if shuffle:
        dataset = dataset.shuffle(seed=seed)
    dataset = dataset.map(read)
    if batch_size is not None:
        dataset = dataset.batch(batch_size)
    return dataset
