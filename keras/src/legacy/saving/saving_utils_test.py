import numpy as np
import pytest

import keras
from keras.src.legacy.saving import saving_utils
from keras.src.legacy.saving import serialization
from keras.src.legacy.saving.legacy_test_utils import keras2_functional
from keras.src.legacy.saving.legacy_test_utils import keras2_sequential
from keras.src.legacy.saving.legacy_test_utils import keras2_training_config
from keras.src.legacy.saving.legacy_test_utils import offset_layer_class


@pytest.mark.parametrize(
    "config_fn,cls",
    [
        (keras2_sequential, keras.Sequential),
        (keras2_functional, keras.Model),
    ],
)
def test_model_from_keras2_config(config_fn, cls):
    model = saving_utils.model_from_config(config_fn())
    assert isinstance(model, cls)
    assert model.built
    dense, dense_1 = [
        layer for layer in model.layers if isinstance(layer, keras.layers.Dense)
    ]
    assert (dense.name, dense.units, dense_1.units) == ("dense", 4, 2)
    assert dense.activation is keras.activations.relu
    assert dense.kernel_regularizer.l2 == pytest.approx(0.01)
    assert model.outputs[0].shape == (None, 2)
    assert model.predict(np.ones((5, 3)), verbose=0).shape == (5, 2)


def test_model_from_config_accepts_both_formats():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    legacy = serialization.serialize_keras_object(model)
    current = keras.saving.serialize_keras_object(model)
    for config in (legacy, current):
        restored = saving_utils.model_from_config(config)
        assert isinstance(restored, keras.Sequential)
        restored.set_weights(model.get_weights())
        np.testing.assert_allclose(
            restored.predict(np.ones((1, 3)), verbose=0),
            model.predict(np.ones((1, 3)), verbose=0),
        )
    assert saving_utils.is_legacy_config(legacy)
    assert not saving_utils.is_legacy_config(current)
    with pytest.raises(TypeError, match="expects a dictionary"):
        saving_utils.model_from_config([legacy])


def test_custom_layer_from_keras2_config():
    Offset = offset_layer_class()
    config = keras2_sequential()
    config["config"]["layers"].append(
        {"class_name": "Offset", "config": {"name": "offset", "offset": 2.0}}
    )
    with pytest.raises(Exception, match="Offset"):
        saving_utils.model_from_config(config)
    model = saving_utils.model_from_config(
        config, custom_objects={"Offset": Offset}
    )
    assert model.layers[-1].offset == 2.0


def test_compile_args_from_keras2_training_config():
    args = saving_utils.compile_args_from_training_config(
        keras2_training_config()
    )
    assert isinstance(args["optimizer"], keras.optimizers.Adam)
    np.testing.assert_allclose(float(args["optimizer"].learning_rate), 0.125)
    assert isinstance(args["loss"], keras.losses.MeanSquaredError)
    assert args["loss"].reduction == "sum_over_batch_size"
    assert args["metrics"] == [["mae"]]
    assert args["weighted_metrics"] is None
    assert args["loss_weights"] is None
    model = saving_utils.model_from_config(keras2_sequential())
    model.compile(**args)
    history = model.fit(
        np.ones((4, 3)), np.zeros((4, 2)), epochs=1, verbose=0
    ).history
    assert set(history) == {"loss", "mae"}


def test_compile_args_with_per_output_losses_and_custom_objects():
    def my_loss(y_true, y_pred):
        return keras.ops.mean(y_pred - y_true)

    config = keras2_training_config()
    config["loss"] = {
        "a": "my_loss",
        "b": {"class_name": "Huber", "config": {"delta": 2.0}},
    }
    config["loss_weights"] = {"a": 1.0, "b": 0.5}
    args = saving_utils.compile_args_from_training_config(
        config, custom_objects={"my_loss": my_loss}
    )
    assert args["loss"]["a"] == "my_loss"
    assert isinstance(args["loss"]["b"], keras.losses.Huber)
    # An error of 3 costs 0.5 * 2**2 + 2 * (3 - 2) = 4 with `delta=2`.
    loss = args["loss"]["b"](np.zeros((1, 1)), np.full((1, 1), 3.0))
    np.testing.assert_allclose(float(loss), 4.0)
    assert args["loss_weights"] == {"a": 1.0, "b": 0.5}
