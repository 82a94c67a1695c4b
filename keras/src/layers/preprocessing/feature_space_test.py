import numpy as np
import pytest

from keras.src import backend
from keras.src import layers
from keras.src import models
from keras.src.layers.preprocessing.feature_space import FeatureSpace
from keras.src.saving import saving_api
from keras.src.testing.test_utils import assert_runs_without_tensorflow

tf = pytest.importorskip("tensorflow")

DATA = {
    "price": [3.5, 12.0, 7.25, 1.0, 5.0, 9.5],
    "shop": ["north", "south", "north", "east", "north", "south"],
    "rooms": [1, 3, 2, 1, 1, 3],
}


def _space(output_mode="concat", **kwargs):
    return FeatureSpace(
        features={
            "price": "float_normalized",
            "shop": "string_categorical",
            "rooms": FeatureSpace.integer_categorical(num_oov_indices=0),
        },
        crosses=[("shop", "rooms")],
        crossing_dim=8,
        output_mode=output_mode,
        **kwargs,
    )


def _numpy(x):
    return backend.convert_to_numpy(x)


def test_concat_layout_and_values():
    space = _space()
    space.adapt(DATA)
    out = _numpy(space(DATA))
    # price (1) + rooms (3 ids) + shop (3 + 1 unknown) + cross (8).
    assert out.shape == (6, 16)
    prices = np.array(DATA["price"])
    np.testing.assert_allclose(
        out[:, 0], (prices - prices.mean()) / prices.std(), rtol=1e-5
    )
    # Vocabularies rank by frequency: rooms 1 then 3 then 2; the unknown
    # shop id comes first, then north, south, east.
    np.testing.assert_array_equal(out[:, 1:4].argmax(-1), [0, 1, 2, 0, 0, 1])
    np.testing.assert_array_equal(out[:, 4:8].argmax(-1), [1, 2, 1, 3, 1, 2])
    np.testing.assert_array_equal(out[:, 8:].sum(-1), np.ones(6))
    # Equal (shop, rooms) pairs land in the same crossing bin.
    bins = out[:, 8:].argmax(-1)
    assert bins[0] == bins[4] and bins[1] == bins[5]


def test_single_row_and_unknown_categories():
    space = _space()
    space.adapt(DATA)
    row = {"price": 5.0, "shop": "west", "rooms": 7}
    out = _numpy(space(row))
    assert out.shape == (16,)
    np.testing.assert_array_equal(out[1:4], [0, 0, 0])  # no OOV id
    np.testing.assert_array_equal(out[4:8], [1, 0, 0, 0])


def test_dict_mode_with_int_outputs():
    space = FeatureSpace(
        features={
            "shop": FeatureSpace.string_hashed(num_bins=4, output_mode="int"),
            "rooms": FeatureSpace.integer_categorical(output_mode="int"),
            "price": FeatureSpace.float_discretized(
                num_bins=3, bin_boundaries=[2.0, 8.0], output_mode="int"
            ),
        },
        crosses=[FeatureSpace.cross(("shop", "rooms"), 16, output_mode="int")],
        output_mode="dict",
    )
    space.adapt(DATA)
    out = space(DATA)
    assert list(out) == ["price", "rooms", "shop", "shop_X_rooms"]
    np.testing.assert_array_equal(
        _numpy(out["price"])[:, 0], [1, 2, 1, 0, 1, 2]
    )
    np.testing.assert_array_equal(
        _numpy(out["rooms"])[:, 0], [1, 2, 3, 1, 1, 2]
    )
    for name in ("shop", "shop_X_rooms"):
        assert out[name].shape == (6, 1)
        assert backend.standardize_dtype(out[name].dtype).startswith("int")


def test_float_and_rescaled_features():
    space = FeatureSpace(
        features={
            "a": "float",
            "b": FeatureSpace.float_rescaled(scale=2.0, offset=1.0),
        }
    )
    data = {"a": [1.0, 2.0], "b": [3, 4]}
    np.testing.assert_allclose(space(data), [[1.0, 7.0], [2.0, 9.0]])
    dataset = tf.data.Dataset.from_tensor_slices(data).batch(2).map(space)
    np.testing.assert_allclose(next(iter(dataset)), [[1.0, 7.0], [2.0, 9.0]])


def test_custom_preprocessor_is_adapted():
    text = layers.TextVectorization(output_mode="multi_hot")
    space = FeatureSpace(
        features={
            "text": FeatureSpace.feature(
                dtype="string", preprocessor=text, output_mode="float"
            )
        }
    )
    space.adapt(tf.data.Dataset.from_tensor_slices({"text": ["a b", "b c"]}))
    assert text.get_vocabulary() == ["", "[UNK]", "b", "c", "a"]
    np.testing.assert_allclose(space({"text": ["c d"]}), [[1, 0, 1, 0]])


def test_adapt_on_batched_and_unbatched_datasets_agree():
    dataset = tf.data.Dataset.from_tensor_slices(DATA)
    unbatched, batched = _space(), _space()
    unbatched.adapt(dataset)
    batched.adapt(dataset.map(lambda x: (x, 0)).batch(4))
    np.testing.assert_allclose(unbatched(DATA), batched(DATA))


def test_runs_inside_tf_data():
    space = _space()
    space.adapt(DATA)
    expected = _numpy(space(DATA))
    dataset = tf.data.Dataset.from_tensor_slices(DATA)
    rows = np.stack([x for x in dataset.map(space).as_numpy_iterator()])
    np.testing.assert_allclose(rows, expected, rtol=1e-6)
    batches = dataset.batch(4).map(space).as_numpy_iterator()
    np.testing.assert_allclose(
        np.concatenate(list(batches)), expected, rtol=1e-6
    )


def test_functional_model_on_encoded_features():
    space = FeatureSpace(
        features={
            "price": "float_normalized",
            "rooms": "integer_categorical",
            "floor": "integer_hashed",
        },
        crosses=[("rooms", "floor")],
    )
    data = {"price": DATA["price"], "rooms": DATA["rooms"], "floor": [0] * 6}
    space.adapt(data)
    inputs = space.get_inputs()
    assert sorted(inputs) == ["floor", "price", "rooms"]
    assert inputs["rooms"].shape == (None, 1)
    model = models.Model(inputs, space.get_encoded_features())
    # The lookups and hashings run on the host inside the jitted predict.
    out = model.predict(tf.data.Dataset.from_tensor_slices(data).batch(4))
    np.testing.assert_allclose(out, space(data), rtol=1e-6)


def test_save_and_load(tmp_path):
    space = _space()
    space.adapt(DATA)
    path = str(tmp_path / "space.keras")
    space.save(path)
    loaded = saving_api.load_model(path)
    assert isinstance(loaded, FeatureSpace)
    np.testing.assert_allclose(loaded(DATA), space(DATA), rtol=1e-6)
    assert loaded.get_encoded_features().shape == (None, 16)


def test_no_adapt_needed_with_given_state():
    space = FeatureSpace(
        features={
            "x": FeatureSpace.feature(
                dtype="float32",
                preprocessor=layers.Normalization(mean=2.0, variance=4.0),
                output_mode="float",
            ),
            "c": FeatureSpace.feature(
                dtype="string",
                preprocessor=layers.StringLookup(vocabulary=["u", "v"]),
                output_mode="one_hot",
            ),
        }
    )
    out = space({"x": [4.0, 0.0], "c": ["v", "w"]})
    np.testing.assert_allclose(out, [[0, 0, 1, 1], [1, 0, 0, -1]])


def test_errors():
    with pytest.raises(ValueError, match="cannot be None or empty"):
        FeatureSpace(features={})
    with pytest.raises(ValueError, match="Invalid feature type"):
        FeatureSpace(features={"a": "floats"})
    with pytest.raises(ValueError, match="`crossing_dim`"):
        FeatureSpace(
            features={"a": "string_hashed", "b": "string_hashed"},
            crosses=[("a", "b")],
            crossing_dim=None,
        )
    with pytest.raises(ValueError, match="Unknown: \\['c'\\]"):
        FeatureSpace(features={"a": "string_hashed"}, crosses=[("a", "c")])
    with pytest.raises(ValueError, match="output_mode"):
        FeatureSpace(features={"a": "float"}, output_mode="list")
    with pytest.raises(ValueError, match="cannot be concatenated"):
        FeatureSpace(
            features={"a": FeatureSpace.string_hashed(4, output_mode="int")}
        )
    space = FeatureSpace(features={"a": "string_categorical"})
    with pytest.raises(ValueError, match="You need to call `.adapt"):
        space({"a": ["x"]})
    with pytest.raises(ValueError, match="You need to call `.adapt"):
        space.get_encoded_features()
    with pytest.raises(ValueError, match="tf.data.Dataset"):
        space.adapt(["x", "y"])
    space.adapt({"a": ["x", "y"]})
    with pytest.raises(ValueError, match="lacks the features \\['a'\\]"):
        space({"b": ["x"]})


def test_building_a_space_does_not_import_tensorflow():
    assert_runs_without_tensorflow(
        "import keras",
        "space = keras.utils.FeatureSpace({'a': 'float_normalized'})",
    )
