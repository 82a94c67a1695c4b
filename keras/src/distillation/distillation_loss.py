"""Distillation losses: how far a student's outputs are from a teacher's."""

from keras.src import losses
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.saving import serialization_lib


def _resolve_losses(loss):
    """`loss` with every loss name replaced by its loss function; `Loss`
    objects, functions and `None` entries stay as they are, in the same
    nesting (one loss per output of a multi-output model)."""

    def resolve(entry):
        if isinstance(entry, str):
            return losses.get(entry)
        return entry

    return tree.map_structure(resolve, loss)


def _apply_loss(loss_fn, y_true, y_pred):
    """A scalar: a `Loss` object's own reduction, or the mean of what a
    loss function returns."""
    if isinstance(loss_fn, losses.Loss):
        return loss_fn(y_true, y_pred)
    return ops.mean(loss_fn(y_true, y_pred))


def _sum_over_outputs(loss, teacher_outputs, student_outputs, apply):
    """Sums `apply(loss_fn, teacher, student)` over the outputs, `loss`
    being one loss for a single output or a structure matching the
    outputs (a `None` entry skips that output)."""
    if not tree.is_nested(loss):
        return apply(loss, teacher_outputs, student_outputs)
    terms = tree.map_structure(
        lambda loss_fn, teacher, student: (
            None if loss_fn is None else apply(loss_fn, teacher, student)
        ),
        loss,
        teacher_outputs,
        student_outputs,
    )
    return sum(term for term in tree.flatten(terms) if term is not None)


@keras_export("keras.distillation.DistillationLoss")
class DistillationLoss:
    """Base class of the losses a `keras.distillation.Distiller` minimizes.

    A distillation loss compares what the teacher computes with what the
    student computes for the same inputs. Subclasses implement
    `compute_loss`, and may check beforehand that a teacher and a student
    fit together (`validate_model_compatibility`, called when the
    distiller is created) and that their outputs do
    (`validate_outputs`).

    Example:

    ```python
    class MeanGap(keras.distillation.DistillationLoss):
        def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
            gap = keras.ops.mean(teacher_outputs - student_outputs)
            return keras.ops.abs(gap)
    ```
    """

    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        """Returns the scalar loss of the student's outputs.

        Args:
            teacher_outputs: The teacher's outputs (or features).
            student_outputs: The student's outputs (or features), in the
                same structure.
            **kwargs: Unused by the built-in losses.
        """
        raise NotImplementedError(
            f"{type(self).__name__} must implement `compute_loss()`."
        )

    def validate_outputs(self, teacher_outputs, student_outputs):
        """Raises a `ValueError` unless the teacher's and the student's
        outputs have the same structure (nesting of lists, tuples and
        dicts)."""
        tree.assert_same_structure(teacher_outputs, student_outputs)

    def validate_model_compatibility(self, teacher, student):
        """Raises a `ValueError` if this loss cannot compare `teacher` with
        `student`. The base class accepts any pair."""


def _from_config_with_loss(cls, config):
    """Builds a `cls` from its `get_config()` output, whose `"loss"` entry
    holds the serialized loss (or losses)."""
    config = dict(config)
    config["loss"] = serialization_lib.deserialize_keras_object(config["loss"])
    return cls(**config)


@keras_export("keras.distillation.LogitsDistillation")
class LogitsDistillation(DistillationLoss):
    """Compares the final outputs (logits) of the teacher and the student.

    Both outputs are divided by `temperature` before the comparison. A
    `keras.losses.KLDivergence` object compares the softened probability
    distributions, `softmax(logits / temperature)`, and its result is
    multiplied by `temperature ** 2` so that gradients keep their scale
    when the temperature changes. Any other loss (a name, a function or a
    `Loss` object) is applied to the divided logits directly, the teacher's
    as `y_true`; a function's result is averaged.

    Args:
        temperature: Positive float dividing the logits. Defaults to `3.0`.
        loss: The comparison: a loss name, function or `keras.losses.Loss`
            object, or a list or dict of them (one per output, `None` to
            skip an output) for multi-output models. Defaults to
            `"kl_divergence"`.

    Example:

    ```python
    loss = keras.distillation.LogitsDistillation(
        temperature=2.0, loss=keras.losses.KLDivergence()
    )
    loss.compute_loss(np.array([[2.0, 0.5]]), np.array([[1.0, 1.0]]))
    ```
    """

    def __init__(self, temperature=3.0, loss="kl_divergence"):
        if temperature <= 0:
            raise ValueError(
                "`temperature` must be positive. Received: "
                f"temperature={temperature}"
            )
        self.temperature = temperature
        self.loss = _resolve_losses(loss)

    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        """Returns the loss of the student's logits (see the class
        docstring), summed over the outputs of multi-output models."""
        temperature = self.temperature

        def apply(loss_fn, teacher_logits, student_logits):
            teacher_logits = ops.divide(teacher_logits, temperature)
            student_logits = ops.divide(student_logits, temperature)
            if isinstance(loss_fn, losses.KLDivergence):
                value = loss_fn(
                    ops.softmax(teacher_logits, axis=-1),
                    ops.softmax(student_logits, axis=-1),
                )
                return value * (temperature**2)
            return _apply_loss(loss_fn, teacher_logits, student_logits)

        return _sum_over_outputs(
            self.loss, teacher_outputs, student_outputs, apply
        )

    def get_config(self):
        return {
            "temperature": self.temperature,
            "loss": serialization_lib.serialize_keras_object(self.loss),
        }

    @classmethod
    def from_config(cls, config):
        return _from_config_with_loss(cls, config)


@keras_export("keras.distillation.FeatureDistillation")
class FeatureDistillation(DistillationLoss):
    """Compares intermediate features of the teacher and the student.

    With layer names, the features are the outputs of the teacher's layer
    `teacher_layer_name` and of the student's layer `student_layer_name`
    (both models must then be functional or `Sequential`, so that those
    outputs are part of their graphs). Without a name, the final outputs
    of that model are used. The features are compared as they are: their
    shapes must match (add a projection to the student otherwise).

    Args:
        loss: The comparison: a loss name, function or `keras.losses.Loss`
            object (or a list or dict of them, one per output, for
            multi-output features). A function's result is averaged.
            Defaults to `"mse"`.
        teacher_layer_name: Optional name of the teacher layer whose
            output is compared.
        student_layer_name: Optional name of the student layer whose
            output is compared.

    Example:

    ```python
    loss = keras.distillation.FeatureDistillation(
        loss="cosine_similarity",
        teacher_layer_name="encoder_out",
        student_layer_name="student_encoder_out",
    )
    ```
    """

    def __init__(
        self, loss="mse", teacher_layer_name=None, student_layer_name=None
    ):
        self.loss = _resolve_losses(loss)
        self.teacher_layer_name = teacher_layer_name
        self.student_layer_name = student_layer_name

    def validate_model_compatibility(self, teacher, student):
        """Checks that the named layers exist, in models whose layer
        outputs can be read (functional or `Sequential` ones)."""
        for role, model, layer_name in (
            ("teacher", teacher, self.teacher_layer_name),
            ("student", student, self.student_layer_name),
        ):
            if layer_name is None:
                continue
            if getattr(model, "inputs", None) is None:
                raise ValueError(
                    "FeatureDistillation with layer names needs functional "
                    f"or Sequential models: the {role} model "
                    f"'{model.name}' is subclassed (it has no symbolic "
                    "inputs and outputs), so the output of its layer "
                    f"'{layer_name}' cannot be read. Use a functional or "
                    "Sequential model, leave the layer name out (to "
                    "compare final outputs) or use LogitsDistillation."
                )
            try:
                model.get_layer(layer_name)
            except ValueError as error:
                raise ValueError(f"In {role} model: {error}") from None

    def compute_loss(self, teacher_outputs, student_outputs, **kwargs):
        """Returns the loss between the features, summed over outputs of
        multi-output features."""
        return _sum_over_outputs(
            self.loss,
            teacher_outputs,
            student_outputs,
            _apply_loss,
        )

    def get_config(self):
        return {
            "loss": serialization_lib.serialize_keras_object(self.loss),
            "teacher_layer_name": self.teacher_layer_name,
            "student_layer_name": self.student_layer_name,
        }

    @classmethod
    def from_config(cls, config):
        return _from_config_with_loss(cls, config)
