"""The real rows of a padded batch, while a step is traced.

Under a distribution, a batch that the batch shards do not divide is padded
(see `keras.src.distribution.data_input`); the trainer then traces its step
inside `scope(valid_rows)`, a boolean vector that is `True` on the real
rows. The padded rows already weigh zero; here the compiled losses learn to
average over the real rows only (a row mask on the predictions, which the
losses honour like any Keras mask), the loss trackers to count only the
real rows, and batch normalization to leave them out of its statistics.
"""

from keras.src import ops
from keras.src import tree
from keras.src.backend.common import global_state
from keras.src.backend.common import masking

_ATTRIBUTE = "valid_rows"


def scope(valid_rows):
    """Runs the enclosed step with `valid_rows` (`None`: every row is
    real)."""
    return global_state.attribute_scope(_ATTRIBUTE, valid_rows)


def current():
    """The boolean vector of real rows of the traced step, or `None`."""
    return global_state.get_global_attribute(_ATTRIBUTE)


def count(batch_size):
    """The number of real rows of a batch of `batch_size` rows."""
    valid_rows = current()
    if valid_rows is None:
        return batch_size
    return ops.sum(ops.cast(valid_rows, "float32"))


def merge_into_mask(mask, x):
    """`mask` (or `None`) combined with the row mask, for a layer that
    computes statistics over the rows of `x` (batch normalization): the
    padded rows then leave them out. Unchanged when no batch is padded or
    `x` does not have the padded batch's rows."""
    valid_rows = current()
    if valid_rows is None or not len(x.shape):
        return mask
    if x.shape[0] != valid_rows.shape[0]:
        return mask
    if mask is None:
        return valid_rows
    mask = ops.convert_to_tensor(mask, dtype="bool")
    rows = ops.reshape(valid_rows, (-1,) + (1,) * (len(mask.shape) - 1))
    return ops.logical_and(mask, rows)


def mask_outputs(y_pred):
    """`y_pred` whose leaves carry the row mask (merged with their own
    masks), so that the losses leave the padded rows out."""
    valid_rows = current()
    if valid_rows is None:
        return y_pred

    def mask(leaf):
        if leaf is None or len(getattr(leaf, "shape", ())) == 0:
            return leaf
        own = masking.get_keras_mask(leaf)
        masking.set_keras_mask(leaf, merge_into_mask(own, leaf))
        return leaf

    return tree.map_structure(mask, y_pred)
