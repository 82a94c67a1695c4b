"""`DropoutRNNCell`: the dropout masks of recurrent cells."""

from keras.src import backend
from keras.src import ops


class DropoutRNNCell:
    """Mixin giving a recurrent cell one dropout mask per sequence.

    Dropout in a recurrent cell must drop the same input features (and
    the same recurrent units) at every timestep of a sequence, so the
    masks are drawn once and reused by each step. The `RNN` layer draws
    them before its time loop starts (the loop itself then stays free of
    random state) and forgets them when the sequence is done.

    The cell using this mixin defines `dropout` and `recurrent_dropout`
    (rates in `[0, 1)`) and a `seed_generator`
    (`keras.random.SeedGenerator`).
    """

    def _draw_mask(self, like, rate):
        ones = ops.ones_like(like)
        return backend.random.dropout(ones, rate=rate, seed=self.seed_generator)

    def get_dropout_mask(self, step_input):
        """The mask applied to the step inputs (`None` if `dropout` is 0).

        Drawn on the first request of the sequence, then reused.
        """
        if getattr(self, "_dropout_mask", None) is None and self.dropout > 0:
            self._dropout_mask = self._draw_mask(step_input, self.dropout)
        return getattr(self, "_dropout_mask", None)

    def get_recurrent_dropout_mask(self, step_input):
        """The mask applied to the previous output of the cell (`None` if
        `recurrent_dropout` is 0). Drawn once per sequence."""
        if (
            getattr(self, "_recurrent_dropout_mask", None) is None
            and self.recurrent_dropout > 0
        ):
            self._recurrent_dropout_mask = self._draw_mask(
                step_input, self.recurrent_dropout
            )
        return getattr(self, "_recurrent_dropout_mask", None)

    def drop_inputs(self, inputs, training):
        """`inputs` times the input mask when training with `dropout`,
        else `inputs` unchanged."""
        if training and self.dropout > 0:
            return inputs * self.get_dropout_mask(inputs)
        return inputs

    def drop_state(self, state, training):
        """The previous output `state` times the recurrent mask when
        training with `recurrent_dropout`, else `state` unchanged."""
        if training and self.recurrent_dropout > 0:
            return state * self.get_recurrent_dropout_mask(state)
        return state

    def reset_dropout_mask(self):
        """Forgets the input mask, so that the next sequence draws anew."""
        self._dropout_mask = None

    def reset_recurrent_dropout_mask(self):
        """Forgets the recurrent mask, so that the next sequence draws
        anew."""
        self._recurrent_dropout_mask = None
