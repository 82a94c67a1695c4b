import numpy as np
import pytest

import keras
from keras.src.backend.common import global_state
from keras.src.distillation.distillation_loss import FeatureDistillation
from keras.src.distillation.distillation_loss import LogitsDistillation
from keras.src.distillation.distiller import Distiller
from keras.src.testing import parity


def mlp(prefix, seed, width=6):
    model = keras.Sequential(
        [
            keras.Input((5,)),
            keras.layers.Dense(width, activation="relu", name=f"{prefix}1"),
            keras.layers.Dense(4, name=f"{prefix}2"),
        ]
    )
    rng = np.random.RandomState(seed)
    model.set_weights(
        [rng.normal(size=w.shape).astype("float32") for w in model.weights]
    )
    return model


def data():
    rng = np.random.RandomState(0)
    x = rng.uniform(size=(16, 5)).astype("float32")
    return x, rng.randint(0, 4, size=(16,))


def make_distiller():
    return Distiller(
        teacher=mlp("t", 1, width=8),
        student=mlp("s", 2),
        distillation_losses=[
            LogitsDistillation(2.0, keras.losses.KLDivergence()),
            FeatureDistillation("mse", "t2", "s2"),
        ],
        distillation_loss_weights=[0.7, 0.2],
        student_loss_weight=0.3,
    )


def test_total_loss_combines_student_and_distillation_losses():
    distiller = make_distiller()
    distiller.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
    x, y = data()
    teacher_logits = distiller.teacher(x)
    student_logits = distiller.student(x)
    student = np.mean(
        keras.losses.sparse_categorical_crossentropy(y, student_logits)
    )
    distill = 0.7 * LogitsDistillation(
        2.0, keras.losses.KLDivergence()
    ).compute_loss(teacher_logits, student_logits) + 0.2 * np.mean(
        (teacher_logits - student_logits) ** 2
    )
    total = distiller.compute_loss(x, y, distiller(x))
    np.testing.assert_allclose(total, 0.3 * student + 0.7 * distill, 1e-5)
    # Without labels, only the distillation part is left.
    np.testing.assert_allclose(
        distiller.compute_loss(x, None, student_logits), 0.7 * distill, 1e-5
    )


@pytest.mark.parity
def test_fit_trains_the_student_only_and_reports_each_loss():
    distiller = make_distiller()
    teacher_weights = distiller.teacher.get_weights()
    student_weights = distiller.student.get_weights()
    distiller.compile(
        optimizer=keras.optimizers.SGD(0.1),
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"],
    )
    x, y = data()
    history = distiller.fit(x, y, batch_size=8, epochs=2, verbose=0)
    assert set(history.history) == {
        "loss",
        "accuracy",
        "student_loss",
        "distillation_loss",
        "total_loss",
    }
    assert history.history["loss"] == history.history["total_loss"]
    assert not distiller.teacher.trainable
    for before, after in zip(teacher_weights, distiller.teacher.get_weights()):
        np.testing.assert_array_equal(before, after)
    assert any(
        not np.allclose(before, after)
        for before, after in zip(
            student_weights, distiller.student.get_weights()
        )
    )
    # Jitted and op by op: the same sums, fused differently.
    parity.assert_outputs_close(
        distiller.predict(x, verbose=0), distiller.student(x)
    )
    extractor = distiller._teacher_feature_extractor
    # The final output, then the output of the layer the feature loss reads.
    assert extractor.output_names == ["t2", "t2"]


def test_constructor_checks_its_arguments():
    teacher, student = mlp("t", 1), mlp("s", 2)
    with pytest.raises(ValueError, match="`teacher` must be a keras.Model"):
        Distiller("teacher", student, LogitsDistillation())
    with pytest.raises(ValueError, match="student_loss_weight"):
        Distiller(teacher, student, LogitsDistillation(), None, 1.5)
    with pytest.raises(ValueError, match="one weight per"):
        Distiller(teacher, student, [LogitsDistillation()], [1.0, 2.0])
    wide = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3)])
    with pytest.raises(ValueError, match="output shapes are incompatible"):
        Distiller(wide, student, LogitsDistillation())
    with pytest.raises(ValueError, match="`loss` cannot be `None`"):
        Distiller(teacher, student, LogitsDistillation()).compile()


def test_save_and_load(tmp_path):
    distiller = make_distiller()
    distiller.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    x, y = data()
    distiller.fit(x, y, verbose=0)
    path = str(tmp_path / "distiller.keras")
    distiller.save(path)
    loaded = keras.models.load_model(path)
    assert isinstance(loaded, Distiller) and loaded.compiled
    assert loaded.distillation_loss_weights == [0.7, 0.2]
    assert not loaded.teacher.trainable
    np.testing.assert_allclose(loaded(x), distiller(x), rtol=1e-6)
    np.testing.assert_allclose(
        loaded.compute_loss(x, y, loaded(x)),
        distiller.compute_loss(x, y, distiller(x)),
        rtol=1e-6,
    )


@pytest.mark.multi_device
@pytest.mark.parity
def test_data_parallel_losses_equal_one_device():
    x, y = data()

    def train():
        distiller = make_distiller()
        distiller.compile(
            optimizer=keras.optimizers.SGD(0.05),
            loss="sparse_categorical_crossentropy",
        )
        history = distiller.fit(
            x, y, batch_size=8, epochs=2, shuffle=False, verbose=0
        )
        return history.history

    global_state.clear_session()
    reference = train()
    global_state.clear_session()
    with keras.distribution.DataParallel().scope():
        distributed = train()
    # Float32 round-off of a batch split over 8 devices, over 4 steps.
    for key in ("student_loss", "distillation_loss", "total_loss"):
        parity.assert_outputs_close(distributed[key], reference[key])
