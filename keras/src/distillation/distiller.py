"""`Distiller`: trains a student model to imitate a frozen teacher."""

from keras.src import metrics as metrics_module
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.distillation.distillation_loss import DistillationLoss
from keras.src.distillation.distillation_loss import FeatureDistillation
from keras.src.distillation.distillation_loss import _apply_loss
from keras.src.distillation.distillation_loss import _resolve_losses
from keras.src.layers.layer import _serialize_policy
from keras.src.models.model import Model
from keras.src.saving import serialization_lib


@keras_export("keras.distillation.Distiller")
class Distiller(Model):
    """Knowledge distillation: a student learns from labels and a teacher.

    The distiller wraps a trained `teacher` (frozen: its `trainable` is set
    to `False`) and a `student`. Calling the distiller, `predict` and
    `evaluate` use the student; `fit` trains the student on

    `total = w * student_loss + (1 - w) * distillation_loss`

    where `w` is `student_loss_weight`, `student_loss` is the loss given
    to `compile()` between the labels and the student's predictions (left
    out, i.e. 0, when the data has no labels), and `distillation_loss` is
    the sum of the `distillation_losses` (each comparing what the teacher
    and the student compute for the batch) weighted by
    `distillation_loss_weights`. The logs report `student_loss`,
    `distillation_loss` and `total_loss` (the training `loss` is
    `total_loss`). Losses that layers add (e.g. weight regularization) are
    not part of the total.

    When the teacher and the student are functional or `Sequential`
    models, their input and output shapes and input dtypes must agree
    (`None` dimensions match any size).

    Args:
        teacher: The trained `keras.Model` to imitate.
        student: The `keras.Model` to train.
        distillation_losses: A `keras.distillation.DistillationLoss`, or a
            list of them.
        distillation_loss_weights: Optional list of floats, one per
            distillation loss. Defaults to `1.0` each.
        student_loss_weight: Float in `[0, 1]`, the share of the student
            loss in the total. Defaults to `0.5`.
        name: Name of the distiller. Defaults to `"distiller"`.
        **kwargs: Other `keras.Model` arguments.

    Example:

    ```python
    distiller = keras.distillation.Distiller(
        teacher=teacher,
        student=student,
        distillation_losses=[
            keras.distillation.LogitsDistillation(temperature=4.0),
            keras.distillation.FeatureDistillation(
                teacher_layer_name="teacher_hidden",
                student_layer_name="student_hidden",
            ),
        ],
        distillation_loss_weights=[1.0, 0.1],
        student_loss_weight=0.3,
    )
    distiller.compile(
        optimizer="adam",
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"],
    )
    distiller.fit(images, labels, epochs=3)
    small_model = distiller.student
    ```
    """

    def __init__(
        self,
        teacher,
        student,
        distillation_losses,
        distillation_loss_weights=None,
        student_loss_weight=0.5,
        name="distiller",
        **kwargs,
    ):
        super().__init__(name=name, **kwargs)
        for role, model in (("teacher", teacher), ("student", student)):
            if not isinstance(model, Model):
                raise ValueError(
                    f"`{role}` must be a keras.Model. Received: "
                    f"{role}={model!r} of type {type(model)}"
                )
        if not 0.0 <= student_loss_weight <= 1.0:
            raise ValueError(
                "`student_loss_weight` must be between 0.0 and 1.0. "
                f"Received: student_loss_weight={student_loss_weight}"
            )
        if distillation_losses is None:
            raise ValueError(
                "`distillation_losses` cannot be `None`. Pass a "
                "distillation loss (e.g. LogitsDistillation or "
                "FeatureDistillation) or a list of them."
            )
        if not isinstance(distillation_losses, (list, tuple)):
            distillation_losses = [distillation_losses]
        for loss in distillation_losses:
            if not isinstance(loss, DistillationLoss):
                raise ValueError(
                    "Each distillation loss must be a "
                    "keras.distillation.DistillationLoss. Received: "
                    f"{loss!r} of type {type(loss)}"
                )
        if distillation_loss_weights is None:
            distillation_loss_weights = [1.0] * len(distillation_losses)
        if len(distillation_loss_weights) != len(distillation_losses):
            raise ValueError(
                "`distillation_loss_weights` needs one weight per "
                f"distillation loss: {len(distillation_losses)} losses, "
                f"{len(distillation_loss_weights)} weights. Received: "
                f"distillation_loss_weights={distillation_loss_weights}"
            )
        _check_models_agree(teacher, student)
        for loss in distillation_losses:
            loss.validate_model_compatibility(teacher, student)

        teacher.trainable = False
        self.teacher = teacher
        self.student = student
        self.student_loss_weight = student_loss_weight
        self.distillation_losses = list(distillation_losses)
        self.distillation_loss_weights = list(distillation_loss_weights)
        # Models that also return the intermediate outputs that
        # `FeatureDistillation` losses compare (`None` when none is asked).
        self._teacher_feature_extractor = _feature_extractor(
            teacher, [loss.teacher_layer_name for loss in self._features()]
        )
        self._student_feature_extractor = _feature_extractor(
            student, [loss.student_layer_name for loss in self._features()]
        )
        self.student_loss_tracker = metrics_module.Mean(name="student_loss")
        self.distillation_loss_tracker = metrics_module.Mean(
            name="distillation_loss"
        )
        self.total_loss_tracker = metrics_module.Mean(name="total_loss")

    def _features(self):
        return [
            loss
            for loss in self.distillation_losses
            if isinstance(loss, FeatureDistillation)
        ]

    def compile(self, optimizer="adam", loss=None, metrics=None, **kwargs):
        """Configures training: `loss` is the student loss (between the
        labels and the student's predictions), which the distiller combines
        with the distillation losses itself.

        Args:
            optimizer: The optimizer (object or name) of the student.
            loss: The student loss: a loss name, function or
                `keras.losses.Loss` object (or a structure of them matching
                the student's outputs). Required.
            metrics: Metrics of the student's predictions, as in
                `keras.Model.compile`.
            **kwargs: Other `keras.Model.compile` arguments.
        """
        if loss is None:
            raise ValueError(
                "`loss` cannot be `None`: a Distiller needs the student "
                "loss, e.g. loss='sparse_categorical_crossentropy'."
            )
        self._student_loss = _resolve_losses(loss)
        super().compile(
            optimizer=optimizer, loss=None, metrics=metrics, **kwargs
        )
        # Saved with the model, so that loading compiles it again.
        self._compile_config["loss"] = loss

    def get_compile_config(self):
        """The arguments of the last `compile()`, serialized.

        Overridden to declare that they restore the distiller: its
        `compile()` takes `keras.Model.compile`'s arguments, so
        `compile_from_config()` may call it with them on loading.
        """
        return super().get_compile_config()

    def call(self, inputs, training=None, **kwargs):
        """Runs the student."""
        return self.student(inputs, training=training, **kwargs)

    def compute_loss(
        self, x=None, y=None, y_pred=None, sample_weight=None, training=True
    ):
        """Returns the total loss (see the class docstring) and updates the
        `student_loss`, `distillation_loss` and `total_loss` metrics.

        `sample_weight` is not used: every sample counts the same.
        """
        if y_pred is None:
            y_pred = self(x, training=training)
        if y is None:
            student_loss = 0.0
        else:
            student_loss = _student_loss(self._student_loss, y, y_pred)

        teacher_outputs = self.teacher(x, training=False)
        teacher_features = _layer_features(
            self._teacher_feature_extractor, x, False
        )
        student_features = _layer_features(
            self._student_feature_extractor, x, training
        )
        distillation_loss = 0.0
        for loss, weight in zip(
            self.distillation_losses, self.distillation_loss_weights
        ):
            teacher_part, student_part = teacher_outputs, y_pred
            if isinstance(loss, FeatureDistillation):
                if loss.teacher_layer_name is not None:
                    teacher_part = teacher_features[loss.teacher_layer_name]
                if loss.student_layer_name is not None:
                    student_part = student_features[loss.student_layer_name]
            loss.validate_outputs(teacher_part, student_part)
            distillation_loss = distillation_loss + weight * loss.compute_loss(
                teacher_part, student_part
            )

        total_loss = (
            self.student_loss_weight * student_loss
            + (1.0 - self.student_loss_weight) * distillation_loss
        )
        self.student_loss_tracker.update_state(student_loss)
        self.distillation_loss_tracker.update_state(distillation_loss)
        self.total_loss_tracker.update_state(total_loss)
        return total_loss

    def get_config(self):
        return {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": _serialize_policy(self.dtype_policy),
            "teacher": serialization_lib.serialize_keras_object(self.teacher),
            "student": serialization_lib.serialize_keras_object(self.student),
            "distillation_losses": [
                serialization_lib.serialize_keras_object(loss)
                for loss in self.distillation_losses
            ],
            "distillation_loss_weights": self.distillation_loss_weights,
            "student_loss_weight": self.student_loss_weight,
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        for key in ("teacher", "student"):
            config[key] = serialization_lib.deserialize_keras_object(
                config[key], custom_objects=custom_objects
            )
        config["distillation_losses"] = [
            serialization_lib.deserialize_keras_object(
                loss, custom_objects=custom_objects
            )
            for loss in config["distillation_losses"]
        ]
        return cls(**config)


# ------------------------------------------------------------------ helpers
def _check_models_agree(teacher, student):
    """For functional and Sequential models: the same input shapes and
    dtypes, and the same output shapes (`None` matches any size)."""
    if getattr(teacher, "inputs", None) is None:
        return
    if getattr(student, "inputs", None) is None:
        return
    for kind in ("input", "output"):
        teacher_tensors = getattr(teacher, f"{kind}s")
        student_tensors = getattr(student, f"{kind}s")
        teacher_shapes = [tuple(x.shape) for x in teacher_tensors]
        student_shapes = [tuple(x.shape) for x in student_tensors]
        if len(teacher_shapes) != len(student_shapes) or not all(
            _compatible(a, b) for a, b in zip(teacher_shapes, student_shapes)
        ):
            raise ValueError(
                f"Teacher and student {kind} shapes are incompatible. "
                f"Teacher: {_unpack(teacher_shapes)}, Student: "
                f"{_unpack(student_shapes)}. All dimensions must match "
                "(`None` matches any size)."
            )
    teacher_dtypes = [x.dtype for x in teacher.inputs]
    student_dtypes = [x.dtype for x in student.inputs]
    if teacher_dtypes != student_dtypes:
        raise ValueError(
            "Teacher and student input dtypes must match. Teacher: "
            f"{_unpack(teacher_dtypes)}, Student: {_unpack(student_dtypes)}."
        )


def _compatible(shape_a, shape_b):
    return len(shape_a) == len(shape_b) and all(
        a is None or b is None or a == b for a, b in zip(shape_a, shape_b)
    )


def _unpack(values):
    return values[0] if len(values) == 1 else values


def _feature_extractor(model, layer_names):
    """A functional model computing `model`'s final output(s) followed by
    the outputs of the layers named in `layer_names` (in order, once each),
    or `None` when no layer is named."""
    names = []
    for name in layer_names:
        if name is not None and name not in names:
            names.append(name)
    if not names:
        return None
    return Model(
        inputs=model.inputs,
        outputs=list(model.outputs)
        + [model.get_layer(name).output for name in names],
        name=f"{model.name}_multi_feature_extractor",
    )


def _layer_features(extractor, x, training):
    """`{layer name: output}` of the layers an extractor reads, computed on
    `x` (empty without an extractor). The extractor's outputs are named
    after the layers producing them (names are unique in a model)."""
    if extractor is None:
        return {}
    outputs = extractor(x, training=training)
    return dict(zip(extractor.output_names, outputs))


def _student_loss(loss, y, y_pred):
    """The student loss between labels and predictions: one loss (applied
    to each output of a multi-output student), or a structure of losses
    matching the outputs (`None` skips an output); summed over outputs."""
    y_true, y_pred = tree.flatten(y), tree.flatten(y_pred)
    if tree.is_nested(loss):
        loss_fns = tree.flatten(loss)
    else:
        loss_fns = [loss] * len(y_pred)
    return sum(
        _apply_loss(loss_fn, target, prediction)
        for loss_fn, target, prediction in zip(loss_fns, y_true, y_pred)
        if loss_fn is not None
    )
