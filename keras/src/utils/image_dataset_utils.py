"""`image_dataset_from_directory`: a labeled `tf.data` dataset of images.

TensorFlow (for `tf.data` and image decoding) is imported only when the
function is called.
"""

import os

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.ops import image as ops_image
from keras.src.utils import image_utils
from keras.src.utils import io_utils
from keras.src.utils.dataset_utils import get_training_or_validation_split
from keras.src.utils.directory_dataset_utils import files_under
from keras.src.utils.directory_dataset_utils import split_settings
from keras.src.utils.grain_dataset_utils import check_format
from keras.src.utils.grain_dataset_utils import check_local_directory
from keras.src.utils.grain_dataset_utils import grain_dataset

ALLOWED_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")
_LABEL_MODES = ("int", "categorical", "binary", None)
_COLOR_CHANNELS = {"rgb": 3, "rgba": 4, "grayscale": 1}


def _index_directory(directory, labels, class_names, follow_links):
    """Image paths, their integer labels (or `None`) and the class names."""
    subdirs = sorted(
        d
        for d in os.listdir(directory)
        if os.path.isdir(os.path.join(directory, d))
    )
    if labels == "inferred":
        if class_names is not None:
            if sorted(class_names) != sorted(subdirs) and not set(
                class_names
            ) <= set(subdirs):
                raise ValueError(
                    "The `class_names` passed did not match the names of the "
                    f"subdirectories of the target directory. Expected: "
                    f"{subdirs} (or a subset), but received: "
                    f"class_names={class_names}"
                )
        else:
            class_names = subdirs
        paths, label_ids = [], []
        for index, name in enumerate(class_names):
            files = files_under(
                os.path.join(directory, name), follow_links, ALLOWED_FORMATS
            )
            paths += files
            label_ids += [index] * len(files)
        return paths, np.asarray(label_ids, "int32"), list(class_names)
    # Unlabeled or manually labeled: every image in the tree, in order.
    paths = files_under(directory, follow_links, ALLOWED_FORMATS)
    if labels is None:
        return paths, None, None
    if len(labels) != len(paths):
        raise ValueError(
            "Expected the lengths of `labels` to match the number of files "
            f"in the target directory. len(labels) is {len(labels)} while "
            f"{len(paths)} files were found in {directory}."
        )
    label_ids = np.asarray(labels, "int32")
    class_names = [str(c) for c in sorted(set(label_ids.tolist()))]
    return paths, label_ids, class_names


def _check_labeling(labels, label_mode, class_names, color_mode):
    if labels not in ("inferred", None) and not isinstance(
        labels, (list, tuple)
    ):
        raise ValueError(
            "The `labels` argument should be `'inferred'` (labels from the "
            "subdirectory names), `None` (images only) or a list/tuple of "
            "integer labels, one per image file in the directory. "
            f"Received: labels={labels}"
        )
    if label_mode not in _LABEL_MODES:
        raise ValueError(
            "The `label_mode` argument must be one of 'int', 'categorical', "
            f"'binary' or None. Received: label_mode={label_mode}"
        )
    if color_mode not in _COLOR_CHANNELS:
        raise ValueError(
            f"`color_mode` must be one of {tuple(_COLOR_CHANNELS)}. "
            f"Received: color_mode={color_mode}"
        )
    if class_names is not None and labels != "inferred":
        raise ValueError(
            'You can only pass `class_names` if `labels="inferred"`. '
            f"Received: labels={labels}, and class_names={class_names}"
        )


def read_image_array(
    path,
    image_size,
    color_mode,
    interpolation,
    data_format,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
):
    """Reads, decodes and resizes one image file into a float32 NumPy
    array, without TensorFlow (the `format="grain"` reader)."""
    image = np.asarray(
        image_utils.load_img(path, color_mode=color_mode), "float32"
    )
    if image.ndim == 2:
        image = image[..., None]
    image = ops_image.resize(
        image,
        image_size,
        interpolation=interpolation,
        crop_to_aspect_ratio=crop_to_aspect_ratio,
        pad_to_aspect_ratio=pad_to_aspect_ratio,
        data_format="channels_last",
    )
    image = backend.convert_to_numpy(image)
    if data_format == "channels_first":
        image = np.transpose(image, (2, 0, 1))
    return image


def load_image(
    path,
    image_size,
    num_channels,
    interpolation,
    data_format,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
):
    """Reads, decodes and resizes one image file in a TF graph."""
    import tensorflow as tf

    img = tf.io.read_file(path)
    img = tf.image.decode_image(
        img, channels=num_channels, expand_animations=False
    )
    target_h, target_w = image_size
    if crop_to_aspect_ratio:
        shape = tf.shape(img)
        height = tf.cast(shape[0], "float32")
        width = tf.cast(shape[1], "float32")
        crop_h = tf.minimum(height, width * target_h / target_w)
        crop_w = tf.minimum(width, height * target_w / target_h)
        crop_h = tf.maximum(tf.cast(crop_h, "int32"), 1)
        crop_w = tf.maximum(tf.cast(crop_w, "int32"), 1)
        top = (shape[0] - crop_h) // 2
        left = (shape[1] - crop_w) // 2
        img = img[top : top + crop_h, left : left + crop_w]
        img = tf.image.resize(img, image_size, method=interpolation)
    elif pad_to_aspect_ratio:
        img = tf.image.resize_with_pad(
            img, target_h, target_w, method=interpolation
        )
    else:
        img = tf.image.resize(img, image_size, method=interpolation)
    img.set_shape((target_h, target_w, num_channels))
    if data_format == "channels_first":
        img = tf.transpose(img, (2, 0, 1))
    return img


@keras_export(
    [
        "keras.utils.image_dataset_from_directory",
        "keras.preprocessing.image_dataset_from_directory",
    ]
)
def image_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    color_mode="rgb",
    batch_size=32,
    image_size=(256, 256),
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    interpolation="bilinear",
    follow_links=False,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
    data_format=None,
    verbose=True,
    format="tf",
):
    """Builds a dataset of images (and labels) from a folder.

    With the default `labels="inferred"` every subdirectory of
    `directory` is a class (sorted by name) and holds that class's
    images (also in nested folders), for example:

    ```
    flowers/
        daisy/  a.jpg  b.png ...
        tulip/  c.jpg ...
    ```

    Supported files: bmp, gif (first frame), jpeg and png. Images are
    decoded, resized to `image_size` and returned as float32 tensors.

    Args:
        directory: Folder with the images.
        labels: `"inferred"` (from the subdirectories), `None` (images
            only, from the whole tree), or a list of integer labels, one
            per image file, in the sorted order of their paths.
        label_mode: `"int"` (integer class ids), `"categorical"`
            (one-hot), `"binary"` (float 0/1, exactly two classes) or
            `None` (no labels).
        class_names: With `labels="inferred"`, the subdirectories to use,
            in the order of their class ids.
        color_mode: `"grayscale"`, `"rgb"` or `"rgba"` (1, 3 or 4
            channels).
        batch_size: Batch size, or `None` for single samples. Defaults
            to 32.
        image_size: `(height, width)` the images are resized to.
        shuffle: Whether to shuffle (file order and each epoch).
        seed: Seed of the shuffling and of the validation split.
        validation_split: Fraction of the files held out for validation.
        subset: `"training"`, `"validation"` or `"both"` (returns the two
            datasets); needs `validation_split`.
        interpolation: Resizing method, e.g. `"bilinear"` or `"nearest"`.
        follow_links: Whether to follow symbolic links to folders.
        crop_to_aspect_ratio: Crop to the aspect ratio of `image_size`
            before resizing, instead of distorting the image.
        pad_to_aspect_ratio: Pad to the aspect ratio instead.
        data_format: `"channels_last"` or `"channels_first"`. Defaults to
            `keras.config.image_data_format()`.
        verbose: Whether to print how many files and classes were found.
        format: `"tf"` (a `tf.data.Dataset`, the default) or `"grain"` (a
            Grain `IterDataset` of backend tensors, read without
            TensorFlow; local folders only).

    Returns:
        A `tf.data.Dataset` of `(images, labels)` batches (just images
        when there are no labels) with attributes `class_names` and
        `file_paths`; a pair of them for `subset="both"`.

    Example:

    ```python
    train_ds, val_ds = keras.utils.image_dataset_from_directory(
        "flowers/", image_size=(64, 64), validation_split=0.25,
        subset="both", seed=7,
    )
    ```
    """
    check_format(format)
    if format == "grain":
        check_local_directory(directory)
    _check_labeling(labels, label_mode, class_names, color_mode)
    validation_split, subset, shuffle, seed = split_settings(
        validation_split, subset, shuffle, seed
    )
    if labels is None:
        label_mode = None
    data_format = backend.standardize_data_format(data_format)
    image_size = tuple(image_size)
    num_channels = _COLOR_CHANNELS[color_mode]
    paths, label_ids, class_names = _index_directory(
        directory, labels, class_names, follow_links
    )
    if not paths:
        raise ValueError(
            f"No images found in directory {directory}. Allowed formats: "
            f"{ALLOWED_FORMATS}"
        )
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(
            'When passing `label_mode="binary"`, there must be exactly 2 '
            f"class_names. Received: class_names={class_names}"
        )
    if verbose:
        if class_names:
            io_utils.print_msg(
                f"Found {len(paths)} files belonging to "
                f"{len(class_names)} classes."
            )
        else:
            io_utils.print_msg(f"Found {len(paths)} files.")
    if shuffle:
        order = np.random.RandomState(seed).permutation(len(paths))
        paths = [paths[i] for i in order]
        if label_ids is not None:
            label_ids = label_ids[order]

    def build(subset_paths, subset_labels, subset_name):
        if validation_split and verbose:
            io_utils.print_msg(
                f"Using {len(subset_paths)} files for {subset_name}."
            )
        if format == "grain":
            dataset = grain_dataset(
                subset_paths,
                subset_labels,
                lambda path: read_image_array(
                    path,
                    image_size,
                    color_mode,
                    interpolation,
                    data_format,
                    crop_to_aspect_ratio,
                    pad_to_aspect_ratio,
                ),
                label_mode,
                len(class_names or ()),
                batch_size,
            )
        else:
            dataset = _tf_images(subset_paths, subset_labels, subset_name)
        dataset.class_names = class_names
        dataset.file_paths = list(subset_paths)
        return dataset

    def _tf_images(subset_paths, subset_labels, subset_name):
        import tensorflow as tf

        images = tf.data.Dataset.from_tensor_slices(subset_paths).map(
            lambda p: load_image(
                p,
                image_size,
                num_channels,
                interpolation,
                data_format,
                crop_to_aspect_ratio,
                pad_to_aspect_ratio,
            ),
            num_parallel_calls=tf.data.AUTOTUNE,
        )
        if label_mode is None:
            dataset = images
        else:
            label_ds = tf.data.Dataset.from_tensor_slices(subset_labels)
            if label_mode == "binary":
                label_ds = label_ds.map(
                    lambda y: tf.expand_dims(tf.cast(y, "float32"), -1)
                )
            elif label_mode == "categorical":
                label_ds = label_ds.map(
                    lambda y: tf.one_hot(y, len(class_names))
                )
            dataset = tf.data.Dataset.zip((images, label_ds))
        # The validation files keep one (shuffled once) order every epoch.
        if shuffle and subset_name != "validation":
            buffer = 1024 if batch_size is None else batch_size * 8
            dataset = dataset.shuffle(buffer_size=buffer, seed=seed)
        if batch_size is not None:
            dataset = dataset.batch(batch_size)
        return dataset.prefetch(tf.data.AUTOTUNE)

    if subset == "both":
        train = get_training_or_validation_split(
            paths, label_ids, validation_split, "training", verbose=False
        )
        val = get_training_or_validation_split(
            paths, label_ids, validation_split, "validation", verbose=False
        )
        return (
            build(*train, "training"),
            build(*val, "validation"),
        )
    if subset is not None:
        paths, label_ids = get_training_or_validation_split(
            paths, label_ids, validation_split, subset, verbose=False
        )
    return build(paths, label_ids, subset or "all")
