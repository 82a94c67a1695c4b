"""`audio_dataset_from_directory`: a labeled audio dataset from `.wav` files.

TensorFlow (`tf.data`, `tf.audio.decode_wav`) is imported only when the
function is called with `format="tf"`; `format="grain"` reads the files
with SciPy.
"""

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils.directory_dataset_utils import build_subsets
from keras.src.utils.directory_dataset_utils import check_label_args
from keras.src.utils.directory_dataset_utils import index_directory
from keras.src.utils.directory_dataset_utils import split_settings
from keras.src.utils.grain_dataset_utils import check_format
from keras.src.utils.grain_dataset_utils import check_local_directory
from keras.src.utils.grain_dataset_utils import grain_dataset

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
            rate; with `format="tf"` this needs the `tensorflow_io`
            package.
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
        format: `"tf"` (a `tf.data.Dataset`, the default) or `"grain"` (a
            Grain `IterDataset` of backend tensors, read with SciPy instead
            of TensorFlow; local folders only, not ragged).
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
    check_label_args(labels, label_mode, class_names, "`.wav`")
    check_format(format)
    if ragged and output_sequence_length is not None:
        raise ValueError(
            "Cannot set both `ragged` and `output_sequence_length`: ragged "
            "batches keep each clip's own length."
        )
    if format == "grain":
        if ragged:
            raise ValueError(
                "Ragged datasets are not supported when `format='grain'`. "
                "Use `output_sequence_length` or zero-padded batches "
                "(`ragged=False`)."
            )
        check_local_directory(directory)
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
        if format == "tf":  # the Grain format resamples with SciPy
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
    split = split_settings(validation_split, subset, shuffle, seed)
    indexed_files = index_directory(
        directory, labels, class_names, follow_links, _EXTENSIONS, "audio files"
    )
    paths, _, class_names = indexed_files
    if not paths:
        raise ValueError(
            f"No audio files found in directory {directory}. "
            f"Allowed format(s): {_EXTENSIONS}"
        )

    def build(subset_paths, subset_labels):
        if format == "grain":
            return grain_dataset(
                subset_paths,
                subset_labels,
                lambda path: _read_and_decode_audio_grain(
                    path, sampling_rate, output_sequence_length
                ),
                label_mode,
                len(class_names or ()),
                batch_size,
                pad_batches=True,
            )
        return _tf_dataset(
            subset_paths,
            subset_labels,
            label_mode,
            len(class_names),
            batch_size,
            sampling_rate,
            output_sequence_length,
            ragged,
            split,
        )

    return build_subsets(build, indexed_files, label_mode, split, verbose)


def _read_and_decode_audio_grain(
    path, sampling_rate=None, output_sequence_length=None
):
    """Reads one `.wav` file into a float32 `(samples, channels)` NumPy
    array without TensorFlow: integer PCM is scaled to [-1, 1), the clip
    is resampled to `sampling_rate` (FFT resampling) and then cut or
    zero-padded to `output_sequence_length`."""
    from scipy import signal
    from scipy.io import wavfile

    rate, audio = wavfile.read(path)
    if audio.ndim == 1:
        audio = audio[:, None]
    if audio.dtype == np.uint8:  # 8-bit PCM is unsigned, centred on 128
        audio = (audio.astype("float32") - 128.0) / 128.0
    elif audio.dtype.kind == "i":
        audio = audio.astype("float32") / float(2 ** (8 * audio.itemsize - 1))
    audio = audio.astype("float32")
    if sampling_rate is not None and sampling_rate != rate:
        length = round(audio.shape[0] * sampling_rate / rate)
        audio = signal.resample(audio, length, axis=0).astype("float32")
    if output_sequence_length is not None:
        audio = audio[:output_sequence_length]
        missing = output_sequence_length - audio.shape[0]
        audio = np.pad(audio, [(0, missing), (0, 0)])
    return audio


def _tf_dataset(
    paths,
    label_ids,
    label_mode,
    num_classes,
    batch_size,
    sampling_rate,
    output_sequence_length,
    ragged,
    split,
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
    if split.shuffle:
        # The file list is already shuffled; this also reshuffles it on
        # every epoch, files and labels together.
        indices = indices.shuffle(
            buffer_size=max(len(paths), 1), seed=split.seed
        )
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
