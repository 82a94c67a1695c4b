import numpy as np
import pytest

import keras
from keras.src.distillation.distillation_loss import FeatureDistillation
from keras.src.distillation.distillation_loss import LogitsDistillation

TEACHER = np.array([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0]], "float32")
STUDENT = np.array([[0.5, 1.0, 1.0], [0.0, -2.0, 1.0]], "float32")


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_kl_divergence_object_compares_softened_distributions():
    temperature = 2.0
    loss = LogitsDistillation(temperature, keras.losses.KLDivergence())
    p = softmax(TEACHER / temperature)
    q = softmax(STUDENT / temperature)
    expected = np.mean(np.sum(p * np.log(p / q), -1)) * temperature**2
    np.testing.assert_allclose(
        loss.compute_loss(TEACHER, STUDENT), expected, rtol=1e-5
    )


def test_other_losses_see_the_divided_logits():
    loss = LogitsDistillation(4.0, "mean_squared_error")
    expected = np.mean(((TEACHER - STUDENT) / 4.0) ** 2)
    np.testing.assert_allclose(
        loss.compute_loss(TEACHER, STUDENT), expected, rtol=1e-6
    )


def test_multi_output_losses_are_summed_and_none_skips_an_output():
    loss = LogitsDistillation(1.0, ["mean_squared_error", None])
    single = LogitsDistillation(1.0, "mean_squared_error")
    np.testing.assert_allclose(
        loss.compute_loss([TEACHER, TEACHER], [STUDENT, TEACHER * 9]),
        single.compute_loss(TEACHER, STUDENT),
    )


def test_feature_distillation_averages_the_loss():
    loss = FeatureDistillation("mae")
    np.testing.assert_allclose(
        loss.compute_loss(TEACHER, STUDENT),
        np.mean(np.abs(TEACHER - STUDENT)),
        rtol=1e-6,
    )


def test_configs_round_trip():
    loss = LogitsDistillation(2.5, keras.losses.KLDivergence(reduction="sum"))
    restored = LogitsDistillation.from_config(loss.get_config())
    assert restored.temperature == 2.5
    assert restored.loss.reduction == "sum"
    feature = FeatureDistillation("mse", "a", "b")
    restored = FeatureDistillation.from_config(feature.get_config())
    assert (restored.teacher_layer_name, restored.student_layer_name) == (
        "a",
        "b",
    )
    assert restored.loss is keras.losses.mean_squared_error


def test_validation_errors():
    with pytest.raises(ValueError, match="temperature"):
        LogitsDistillation(temperature=0.0)
    with pytest.raises(ValueError):
        LogitsDistillation().validate_outputs(TEACHER, {"out": STUDENT})
    inputs = keras.Input((3,))
    functional = keras.Model(inputs, keras.layers.Dense(2, name="d")(inputs))

    class Subclassed(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

        def call(self, x):
            return self.dense(x)

    named = FeatureDistillation(teacher_layer_name="d", student_layer_name="d")
    with pytest.raises(ValueError, match="student model .* is subclassed"):
        named.validate_model_compatibility(functional, Subclassed())
    missing = FeatureDistillation(teacher_layer_name="nope")
    with pytest.raises(ValueError, match="In teacher model: .*'nope'"):
        missing.validate_model_compatibility(functional, functional)
