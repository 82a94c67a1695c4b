"""`audio_dataset_from_directory`: a labeled audio dataset from `.wav` files.

TensorFlow (`tf.data`, `tf.audio.decode_wav`) is imported only when the
function is called.
"""

import os

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils.text_dataset_utils import _check_validation_args

_LABEL_MODES = ("int", "categorical", "binary", None)
_EXTENSIONS = (".wav",)


@keras_export("keras.utils.audio_dataset_from_directory")
def audio_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    batch_size=32,
    sampling_rate=None,
    output_sequence_length=None,
    ragged=False,
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    follow_links=False,
    format="tf",
    verbose=True,
):
    """Builds a dataset of audio clips (and labels) from `.wav` files.

    With the default `labels="inferred"`, each subfolder of `directory` is
    a class (classes sorted by name) and every `.wav` file below it, at any
    depth, is a sample of that class:

    ```
    speech/
        yes/  a.wav  b.wav
        no/   c.wav  more/d.wav
    ```

    Each clip is a float32 tensor of shape `(samples, channels)`.

    Args:
        directory: The root folder.
        labels: `"inferred"` (from the subfolders), `None` (clips only,
            from every `.wav` file under `directory`), or a list of integer
            labels, one per file, in the sorted order of the file paths.
        label_mode: `"int"` (int32 class ids), `"categorical"` (float32
            one-hot vectors), `"binary"` (float32 of shape `(batch, 1)`,
            two classes only) or `None` (no labels).
        class_names: With inferred labels, the subfolders to use, in the
            order of their class ids.
        batch_size: Clips per batch, or `None` for single clips. Defaults
            to 32.
        sampling_rate: If set (a positive int), clips are resampled to this
            rate; needs the `tensorflow_io` package.
        output_sequence_length: If set, every clip is cut or zero-padded to
            this many samples. Otherwise the clips of a batch are
            zero-padded to the longest one (or kept ragged, see `ragged`).
        ragged: Whether to return ragged batches (clips of their own
            lengths); not with `output_sequence_length`.
        shuffle: Whether to shuffle the files. Defaults to `True`.
        seed: Shuffle seed; needed with `validation_split` so that the two
            subsets do not overlap.
        validation_split: Fraction of the files kept for validation.
        subset: `"training"`, `"validation"` or `"both"` (returns a
            `(train, validation)` pair); only with `validation_split`.
        follow_links: Whether to enter symlinked folders.
        format: `"tf"`: the result is a `tf.data.Dataset` (the only format
            supported here).
        verbose: Whether to print how many files were found.

    Returns:
        A `tf.data.Dataset` yielding `(audio, labels)` batches, or `audio`
        when `label_mode` is `None`; it has a `class_names` attribute. With
        `subset="both"`, a pair of such datasets.

    Example:

    ```python
    train_ds = keras.utils.audio_dataset_from_directory(
        "speech", output_sequence_length=16000, validation_split=0.2,
        subset="training", seed=7)
    ```
    """
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                'The `labels` argument should be `"inferred"` (class per '
                "subfolder), `None` (no labels) or a list of integers, one "
                f"per `.wav` file. Received: labels={labels}"
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
    if ragged and output_sequence_length is not None:
        raise ValueError(
            "Cannot set both `ragged` and `output_sequence_length`: ragged "
            "batches keep each clip's own length."
        )
    if sampling_rate is not None:
        if not isinstance(sampling_rate, int):
            raise ValueError(
                "`sampling_rate` should have an integer value. Received: "
                f"sampling_rate={sampling_rate}"
            )
        if sampling_rate <= 0:
            raise ValueError(
                "`sampling_rate` should be higher than 0. Received: "
                f"sampling_rate={sampling_rate}"
            )
        try:
            import tensorflow_io  # noqa: F401
        except ImportError:
            raise ImportError(
                "To use the argument `sampling_rate`, you should install "
                "tensorflow_io (`pip install tensorflow-io`), which "
                "resamples the clips."
            )
    if labels is None or label_mode is None:
        labels = None
        label_mode = None
    _check_validation_args(validation_split, subset, shuffle, seed)
    if format != "tf":
        raise ValueError(
            'Only `format="tf"` (a `tf.data.Dataset`) is supported. '
            f"Received: format={format}"
        )
    if seed is None:
        seed = int(np.random.randint(0, 1_000_000))

    paths, label_ids, class_names = _index_directory(
        directory, labels, class_names, follow_links
    )
    if not paths:
        raise ValueError(
            f"No audio files found in directory {directory}. "
            f"Allowed format(s): {_EXTENSIONS}"
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
        dataset = _tf_dataset(
            subset_paths,
            subset_labels,
            label_mode,
            len(class_names),
            batch_size,
            sampling_rate,
            output_sequence_length,
            ragged,
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


def _audio_files(folder, follow_links):
    found = []
    for root, dirs, files in os.walk(folder, followlinks=follow_links):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(_EXTENSIONS):
                found.append(os.path.join(root, name))
    return found


def _index_directory(directory, labels, class_names, follow_links):
    """Lists the audio files of `directory` with their integer labels.

    Returns:
        `(paths, label_ids, class_names)`; the label ids are 0 for every
        file when there are no labels.
    """
    if labels != "inferred":
        paths = sorted(_audio_files(directory, follow_links))
        if labels is None:
            return paths, [0] * len(paths), []
        if len(labels) != len(paths):
            raise ValueError(
                "Expected the lengths of `labels` to match the number of "
                f"files: {len(labels)} labels for {len(paths)} audio files "
                f"under {directory}."
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
        found = _audio_files(os.path.join(directory, name), follow_links)
        paths.extend(found)
        label_ids.extend([class_id] * len(found))
    return paths, label_ids, subdirs


def _tf_dataset(
    paths,
    label_ids,
    label_mode,
    num_classes,
    batch_size,
    sampling_rate,
    output_sequence_length,
    ragged,
    shuffle,
    seed,
):
    import tensorflow as tf

    def load(path):
        audio, rate = tf.audio.decode_wav(
            tf.io.read_file(path), desired_channels=-1
        )
        if sampling_rate is not None:
            import tensorflow_io as tfio

            audio = tfio.audio.resample(
                audio,
                tf.cast(rate, "int64"),
                tf.cast(sampling_rate, "int64"),
            )
        if output_sequence_length is not None:
            audio = audio[:output_sequence_length]
            missing = output_sequence_length - tf.shape(audio)[0]
            audio = tf.pad(audio, [[0, missing], [0, 0]])
            audio.set_shape((output_sequence_length, None))
        return audio

    indices = tf.data.Dataset.range(len(paths))
    if shuffle:
        # The file list is already shuffled; this also reshuffles it on
        # every epoch, files and labels together.
        indices = indices.shuffle(buffer_size=max(len(paths), 1), seed=seed)
    path_table = tf.constant(list(paths))
    label_table = tf.constant(np.asarray(label_ids, dtype="int32"))

    def sample(i):
        audio = load(path_table[i])
        if label_mode is None:
            return audio
        label = label_table[i]
        if label_mode == "binary":
            label = tf.expand_dims(tf.cast(label, "float32"), -1)
        elif label_mode == "categorical":
            label = tf.one_hot(label, num_classes)
        return audio, label

    dataset = indices.map(sample, num_parallel_calls=tf.data.AUTOTUNE)
    if batch_size is not None:
        if ragged:
            dataset = dataset.ragged_batch(batch_size)
        else:
            dataset = dataset.padded_batch(batch_size)
    return dataset.prefetch(tf.data.AUTOTUNE)
