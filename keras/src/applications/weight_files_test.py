"""`weights="imagenet"`: the file each application downloads, and loading
it (served locally: these tests need no network)."""

import hashlib
import os

import numpy as np
import pytest

import keras
from keras.src.applications import mobilenet
from keras.src.applications import resnet
from keras.src.applications import weight_files
from keras.src.legacy.saving import legacy_h5_format
from keras.src.utils import file_utils

_SMALL = dict(alpha=0.25, include_top=False, input_shape=(128, 128, 3))
_SMALL_FILE = "mobilenet_2_5_128_tf_no_top.h5"


@pytest.fixture(scope="module")
def small_model_file(tmp_path_factory):
    """A MobileNet (alpha 0.25, 128x128, no head) with random weights,
    saved as a legacy `.h5` file under the name of its ImageNet file, and
    its outputs on fixed images."""
    model = mobilenet.MobileNet(weights=None, **_SMALL)
    path = str(tmp_path_factory.mktemp("weights") / _SMALL_FILE)
    legacy_h5_format.save_model_to_hdf5(model, path)
    images = np.random.default_rng(0).uniform(-1, 1, (2, 128, 128, 3))
    return path, images, model.predict(images, verbose=0)


def test_table_rows_are_urls_with_file_names():
    assert len(weight_files._FILES) >= 40
    entries = weight_files._FILES.items()
    for (title, _, _), (fname, origin, file_hash) in entries:
        assert origin.startswith("https://storage.googleapis.com/"), title
        assert fname.endswith(".h5") and origin.endswith(".h5"), title
        assert file_hash is None or len(file_hash) in (32, 64), title


def test_imagenet_downloads_the_file_and_loads_it(
    small_model_file, monkeypatch
):
    path, images, expected = small_model_file
    calls = []

    def serve(fname, origin, **kwargs):
        calls.append((fname, origin, kwargs))
        return path

    monkeypatch.setattr(file_utils, "get_file", serve)
    model = mobilenet.MobileNet(weights="imagenet", **_SMALL)
    assert calls == [
        (
            _SMALL_FILE,
            "https://storage.googleapis.com/tensorflow/keras-applications/"
            f"mobilenet/{_SMALL_FILE}",
            {"cache_subdir": "models", "file_hash": None},
        )
    ]
    np.testing.assert_array_equal(model.predict(images, verbose=0), expected)


def test_download_checks_the_recorded_hash(
    small_model_file, tmp_path, monkeypatch
):
    path, images, expected = small_model_file
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    origin = "file://" + os.path.abspath(path)
    monkeypatch.setenv("KERAS_HOME", str(tmp_path / "keras_home"))
    key = ("MobileNet", False, "0.25_128")
    entry = (_SMALL_FILE, origin, digest)
    monkeypatch.setitem(weight_files._FILES, key, entry)
    model = mobilenet.MobileNet(weights="imagenet", **_SMALL)
    np.testing.assert_array_equal(model.predict(images, verbose=0), expected)
    cached = tmp_path / "keras_home" / "models" / _SMALL_FILE
    assert cached.exists()

    # A file whose hash differs from the table's is refused.
    cached.unlink()
    monkeypatch.setitem(weight_files._FILES, key, (*entry[:2], "0" * 64))
    with pytest.raises(ValueError, match="hash"):
        mobilenet.MobileNet(weights="imagenet", **_SMALL)


def test_every_application_has_both_files():
    titles = [name for name in dir(keras.applications) if name[0].isupper()]
    keys = set(weight_files._FILES)
    for title in titles:
        variant = weight_files.weights_variant(
            title, alpha=1.0, rows=224, minimalistic=False
        )
        for include_top in (True, False):
            assert (title, include_top, variant) in keys, title


def test_imagenet_argument_errors():
    with pytest.raises(ValueError, match="classes"):
        resnet.ResNet50(weights="imagenet", classes=10)
    with pytest.raises(ValueError, match="0.3_224"):
        weight_files.imagenet_weights_path(
            "MobileNet",
            True,
            weight_files.weights_variant(
                "MobileNet", alpha=0.3, rows=224, minimalistic=False
            ),
        )
