"""The steps shared by the `*_dataset_from_directory` readers: checking
the labeling and split arguments, listing the files of a folder tree with
their class ids, and cutting the shuffled file list into the requested
training/validation subsets (the image reader only shares `files_under`)."""

import collections
import os

import numpy as np

from keras.src.utils.dataset_utils import get_training_or_validation_split

_LABEL_MODES = ("int", "categorical", "binary", None)
_SUBSETS = ("training", "validation", "both")


def check_label_args(labels, label_mode, class_names, file_pattern):
    """Raises `ValueError` for `labels`, `label_mode` or `class_names`
    values the directory readers do not accept. `file_pattern` names the
    files one label stands for (e.g. "`.txt`")."""
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError(
                'The `labels` argument should be `"inferred"` (class per '
                "subfolder), `None` (no labels) or a list of integers, one "
                f"per {file_pattern} file. Received: labels={labels}"
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


# How a directory reader orders and splits the files it found; `seed` is
# always set (drawn at random when the caller gave none).
SplitSettings = collections.namedtuple(
    "SplitSettings", ["validation_split", "subset", "shuffle", "seed"]
)


def split_settings(validation_split, subset, shuffle, seed):
    """Checks the split arguments of a directory reader and returns them as
    `SplitSettings`, with a random `seed` when none is given.

    Raises:
        ValueError: for an inconsistent `validation_split`, `subset`,
            `shuffle` and `seed`.
    """
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
    if seed is None:
        seed = int(np.random.randint(0, 1_000_000))
    return SplitSettings(validation_split, subset, shuffle, seed)


def files_under(folder, follow_links, extensions):
    """The files below `folder` (at any depth) whose names end with one of
    `extensions` (case-insensitively), folder by folder in sorted order."""
    found = []
    for root, dirs, files in os.walk(folder, followlinks=follow_links):
        dirs.sort()
        for name in sorted(files):
            if name.lower().endswith(extensions):
                found.append(os.path.join(root, name))
    return found


def index_directory(
    directory, labels, class_names, follow_links, extensions, description
):
    """Lists the files of `directory` ending with one of `extensions`, with
    their integer labels.

    With `labels="inferred"`, each subfolder (or each of `class_names`, in
    that order) is a class; otherwise the files of the whole tree are taken
    in sorted order, labeled by `labels` (or not at all when it is `None`).
    `description` names the files in the error for a wrong number of
    labels (e.g. "audio files").

    Returns:
        `(paths, label_ids, class_names)`; the label ids are 0 for every
        file when there are no labels.
    """
    if labels != "inferred":
        paths = sorted(files_under(directory, follow_links, extensions))
        if labels is None:
            return paths, [0] * len(paths), []
        if len(labels) != len(paths):
            raise ValueError(
                "Expected the lengths of `labels` to match the number of "
                f"files: {len(labels)} labels for {len(paths)} {description} "
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
        found = files_under(
            os.path.join(directory, name), follow_links, extensions
        )
        paths.extend(found)
        label_ids.extend([class_id] * len(found))
    return paths, label_ids, subdirs


def build_subsets(build, indexed_files, label_mode, split, verbose):
    """Turns the indexed files into the dataset(s) a directory reader
    returns.

    Checks that `label_mode="binary"` comes with two classes, reports what
    was found, shuffles `indexed_files` (the output of `index_directory`)
    as `split` (a `SplitSettings`) says, and calls `build(paths, label_ids)`
    on all of them, or on the training and/or validation part (the last
    `validation_split` of the files) that `split.subset` asks for. Each
    dataset gets a `class_names` attribute.

    Returns:
        A dataset, or a `(training, validation)` pair for `subset="both"`.
    """
    paths, label_ids, class_names = indexed_files
    validation_split, subset, shuffle, seed = split
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(
            'When passing `label_mode="binary"`, there must be exactly 2 '
            f"class_names. Received: class_names={class_names}"
        )
    if verbose:
        if not class_names:
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

    def named_build(subset_paths, subset_labels):
        dataset = build(subset_paths, subset_labels)
        dataset.class_names = class_names
        return dataset

    if not validation_split:
        return named_build(paths, label_ids)
    subsets = ("training", "validation") if subset == "both" else (subset,)
    built = tuple(
        named_build(
            *get_training_or_validation_split(
                paths, label_ids, validation_split, name, verbose
            )
        )
        for name in subsets
    )
    return built if subset == "both" else built[0]
