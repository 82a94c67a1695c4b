import os

import numpy as np
import pytest

from keras.src.utils.text_dataset_utils import text_dataset_from_directory


def _write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def test_inferred_labels_follow_class_names_order(tmp_path):
    root = str(tmp_path)
    _write(root, "pos/a.txt", "good")
    _write(root, "neg/b.txt", "bad")
    _write(root, "neg/deeper/c.txt", "awful")
    _write(root, "neg/skip.md", "not a text file")
    ds = text_dataset_from_directory(
        root,
        class_names=["pos", "neg"],
        shuffle=False,
        batch_size=None,
        verbose=False,
    )
    assert ds.class_names == ["pos", "neg"]
    samples = [(t.numpy().decode(), int(y)) for t, y in ds]
    assert samples == [("good", 0), ("bad", 1), ("awful", 1)]


def test_split_subsets_are_disjoint(tmp_path):
    root = str(tmp_path)
    for i in range(10):
        _write(root, f"c{i % 2}/f{i}.txt", f"text {i}")
    train, val = text_dataset_from_directory(
        root,
        validation_split=0.3,
        subset="both",
        seed=3,
        verbose=False,
        batch_size=None,
    )
    train_texts = {t.numpy() for t, _ in train}
    val_texts = {t.numpy() for t, _ in val}
    assert len(train_texts) == 7 and len(val_texts) == 3
    assert not train_texts & val_texts


def test_categorical_labels(tmp_path):
    root = str(tmp_path)
    for name in ("a", "b", "c"):
        _write(root, f"{name}/x.txt", name)
    _, labels = next(
        iter(
            text_dataset_from_directory(
                root, label_mode="categorical", shuffle=False, verbose=False
            )
        )
    )
    np.testing.assert_array_equal(labels.numpy(), np.eye(3))


def test_bad_format(tmp_path):
    with pytest.raises(ValueError, match="format"):
        text_dataset_from_directory(str(tmp_path), format="csv")
