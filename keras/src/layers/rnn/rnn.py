"""`RNN`: runs a recurrent cell over the time axis of a sequence."""

from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.cell_utils import check_cell
from keras.src.layers.rnn.dropout_rnn_cell import DropoutRNNCell
from keras.src.layers.rnn.stacked_rnn_cells import StackedRNNCells
from keras.src.saving import serialization_lib


@keras_export("keras.layers.RNN")
class RNN(Layer):
    """Base recurrent layer: applies a cell at every timestep.

    A cell computes one timestep: `cell(inputs_t, states) -> (output_t,
    new_states)`, where `states` is a list of tensors. It declares
    `state_size` (an int, or a list with one entry per state; each entry
    an int or a shape without the batch axis), and may declare
    `output_size` (defaults to the first state size) and
    `get_initial_state(batch_size)` (defaults to zeros). `RNN` runs the
    cell over the time axis with `jax.lax.scan`, so the cell is traced
    and compiled once whatever the length of the sequences.

    Masking: with a mask (given as `mask=`, or carried by the inputs, e.g.
    from `Embedding(mask_zero=True)` or `Masking`), a sample skips its
    masked timesteps: its states are kept as they were and its output at
    such a step repeats its previous output (or is zero with
    `zero_output_for_mask=True`). A padded batch therefore gives the same
    final outputs and states as the unpadded sequences.

    Args:
        cell: A cell instance (see above), or a list of cells, which are
            then stacked with `StackedRNNCells`.
        return_sequences: Boolean. Whether to return the output of every
            timestep (`(batch, timesteps, ...)`) or only the last one.
            Defaults to `False`.
        return_state: Boolean. Whether to also return the final states,
            after the output. Defaults to `False`.
        go_backwards: Boolean. Whether to process the sequence from its
            last timestep to its first; the returned sequence is then in
            that reversed order. Defaults to `False`.
        stateful: Boolean. Whether the final states of a batch are the
            initial states of the next call (sample `i` of a batch
            continues sample `i` of the previous batch). Needs a fixed
            batch size; `reset_state()` sets the states back to zero.
            Defaults to `False`.
        unroll: Boolean. Whether to unroll the time loop in Python
            instead of scanning (for short sequences; needs a known
            number of timesteps). Defaults to `False`.
        zero_output_for_mask: Boolean. Whether the outputs of masked
            timesteps are zeros (used with `return_sequences=True`).
            Defaults to `False`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        sequences: Tensor of shape `(batch, timesteps, ...)`.
        initial_state: Optional list of initial state tensors (by default
            zeros, or the carried states when `stateful=True`).
        mask: Optional boolean tensor of shape `(batch, timesteps)`.
        training: Whether the call is in training mode (cell dropout).

    Output shape:
        `(batch, units)`, or `(batch, timesteps, units)` when
        `return_sequences=True`; followed by the final states (one tensor
        per state, each `(batch, state_size)`) when `return_state=True`.

    Example:

    >>> cell = keras.layers.SimpleRNNCell(4)
    >>> layer = keras.layers.RNN(cell, return_sequences=True)
    >>> layer(np.ones((2, 7, 3))).shape
    (2, 7, 4)
    """

    def __init__(
        self,
        cell,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        zero_output_for_mask=False,
        **kwargs,
    ):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        check_cell(cell, "RNN")
        super().__init__(**kwargs)
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.zero_output_for_mask = zero_output_for_mask
        self.supports_masking = True
        self.input_spec = None
        self.states = None

    # ------------------------------------------------------------ states
    @property
    def state_size(self):
        """The cell's state sizes, as a list (one entry per state)."""
        size = self.cell.state_size
        return list(size) if isinstance(size, (list, tuple)) else [size]

    def get_initial_state(self, batch_size):
        """The default initial states for `batch_size` samples (zeros,
        unless the cell defines `get_initial_state`)."""
        cell_initial_state = getattr(self.cell, "get_initial_state", None)
        if cell_initial_state is not None:
            states = cell_initial_state(batch_size=batch_size)
            if not tree.is_nested(states):
                states = [states]
            return list(states)
        dtype = self.cell.compute_dtype
        return [
            ops.zeros(_state_shape(batch_size, size), dtype=dtype)
            for size in self.state_size
        ]

    def _create_state_variables(self, batch_size):
        """Creates the variables carrying the states of a stateful layer
        from one call to the next. They are non-trainable variables (so
        that they are updated under `jit`, e.g. in `fit()`), but not
        weights: they are neither saved nor counted in `weights`."""

        def make(value):
            variable = backend.Variable(
                initializer="zeros",
                shape=tuple(value.shape),
                dtype=self.variable_dtype,
                trainable=False,
                name="rnn_state",
            )
            variable._is_carried_state = True
            return variable

        with backend.name_scope(self.name, caller=self):
            self.states = tree.map_structure(
                make, self.get_initial_state(batch_size)
            )

    def reset_state(self):
        """Sets the carried states of a stateful layer back to zero."""
        if self.states is None:
            return
        for variable in tree.flatten(self.states):
            variable.assign(ops.zeros(variable.shape, dtype=variable.dtype))

    def reset_states(self):
        """Alias of `reset_state()`."""
        self.reset_state()

    # ------------------------------------------------------------- build
    def build(self, sequences_shape, initial_state_shape=None):
        step_input_shape = (sequences_shape[0],) + tuple(sequences_shape[2:])
        if isinstance(self.cell, Layer) and not self.cell.built:
            self.cell.build(step_input_shape)
            self.cell.built = True
        if self.stateful:
            if self.states is not None:
                self.reset_state()
            else:
                if sequences_shape[0] is None:
                    raise ValueError(
                        "A stateful RNN needs a fixed batch size, to create "
                        "the variables carrying its states; the input has "
                        f"an unknown batch size: shape={sequences_shape}. "
                        "Give it, e.g. `keras.Input(shape, batch_size=...)`."
                    )
                self._create_state_variables(sequences_shape[0])
        self.built = True

    # -------------------------------------------------------------- call
    def call(self, sequences, initial_state=None, mask=None, training=False):
        timesteps = sequences.shape[1]
        if self.unroll and timesteps is None:
            raise ValueError(
                "`unroll=True` needs a known number of timesteps, but the "
                f"input has shape {sequences.shape}. Give the time dimension "
                "or use `unroll=False`."
            )
        if mask is not None:
            mask = tree.flatten(mask)[0]
        batch_size = ops.shape(sequences)[0]
        if initial_state is None:
            if self.stateful:
                self._check_stateful_batch_size(sequences)
                initial_state = tree.map_structure(
                    lambda v: v.value, self.states
                )
            else:
                initial_state = self.get_initial_state(batch_size)
        else:
            initial_state = self._standardize_initial_state(
                initial_state, batch_size
            )
        initial_state = tree.map_structure(self._cast_state, initial_state)
        if training:
            self._prepare_dropout_masks(self.cell, sequences, initial_state)
        try:
            last_output, outputs, states = self.inner_loop(
                sequences=sequences,
                initial_state=initial_state,
                mask=mask,
                training=training,
            )
        finally:
            self._forget_dropout_masks(self.cell)
        if self.stateful:
            for variable, value in zip(
                tree.flatten(self.states), tree.flatten(states)
            ):
                variable.assign(ops.cast(value, variable.dtype))
        output = outputs if self.return_sequences else last_output
        if self.return_state:
            return output, *states
        return output

    def inner_loop(self, sequences, initial_state, mask, training=False):
        """Runs the cell over the sequences; returns `(last_output,
        outputs, final_states)`. Subclasses may substitute a fused
        implementation."""
        cell_kwargs = {}
        if isinstance(self.cell, Layer) and self.cell._call_has_training_arg:
            cell_kwargs["training"] = training

        def step(inputs, states):
            return self.cell(inputs, states, **cell_kwargs)

        return backend.rnn(
            step,
            sequences,
            initial_state,
            go_backwards=self.go_backwards,
            mask=mask,
            unroll=self.unroll,
            zero_output_for_mask=self.zero_output_for_mask,
            return_all_outputs=self.return_sequences,
        )

    def _cast_state(self, state):
        state = ops.convert_to_tensor(state)
        dtype = self.cell.compute_dtype
        if backend.is_float_dtype(state.dtype) and state.dtype != dtype:
            state = ops.cast(state, dtype)
        return state

    def _standardize_initial_state(self, initial_state, batch_size):
        template = self.get_initial_state(batch_size)
        given = tree.flatten(initial_state)
        if len(given) != len(tree.flatten(template)):
            raise ValueError(
                f"Layer '{self.name}' expects {len(tree.flatten(template))} "
                f"initial state tensor(s) (state_size={self.state_size}), "
                f"but received {len(given)}: initial_state={initial_state}"
            )
        return tree.pack_sequence_as(template, given)

    def _check_stateful_batch_size(self, sequences):
        expected = tree.flatten(self.states)[0].shape[0]
        found = sequences.shape[0]
        if found is not None and expected is not None and found != expected:
            raise ValueError(
                f"Stateful layer '{self.name}' carries states for a batch "
                f"size of {expected}, but received inputs with batch size "
                f"{found} (shape {sequences.shape}). A stateful RNN needs "
                "the same batch size on every call."
            )

    def _prepare_dropout_masks(self, cell, sequences, states):
        """Draws the dropout masks of the cells before the time loop (so
        that the loop body has no random state), for step inputs shaped
        like `sequences[:, 0]`."""
        step_input = sequences[:, 0]
        if isinstance(cell, StackedRNNCells):
            for inner, inner_states in zip(cell.cells, states):
                self._prepare_dropout_masks_for_step(
                    inner, step_input, inner_states
                )
                step_input = ops.zeros(
                    (ops.shape(step_input)[0], _output_size(inner)),
                    dtype=step_input.dtype,
                )
        else:
            self._prepare_dropout_masks_for_step(cell, step_input, states)

    def _prepare_dropout_masks_for_step(self, cell, step_input, states):
        if not isinstance(cell, DropoutRNNCell):
            return
        first_state = tree.flatten(states)[0]
        cell.get_dropout_mask(step_input)
        cell.get_recurrent_dropout_mask(first_state)

    def _forget_dropout_masks(self, cell):
        cells = cell.cells if isinstance(cell, StackedRNNCells) else [cell]
        for inner in cells:
            if isinstance(inner, DropoutRNNCell):
                inner.reset_dropout_mask()
                inner.reset_recurrent_dropout_mask()

    # ------------------------------------------------------------ shapes
    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        batch_size = sequences_shape[0]
        timesteps = sequences_shape[1]
        output_size = _output_size(self.cell)
        if self.return_sequences:
            output_shape = _state_shape(batch_size, output_size)
            output_shape = (batch_size, timesteps) + output_shape[1:]
        else:
            output_shape = _state_shape(batch_size, output_size)
        if not self.return_state:
            return output_shape
        states_shape = [
            (
                [_state_shape(batch_size, s) for s in size]
                if isinstance(size, list)
                else _state_shape(batch_size, size)
            )
            for size in self.state_size
        ]
        return (output_shape, *states_shape)

    def compute_mask(self, inputs, mask):
        if mask is not None:
            mask = tree.flatten(mask)[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(self.state_size)
        return output_mask

    # ------------------------------------------------------------ config
    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self,
                "return_sequences",
                "return_state",
                "go_backwards",
                "stateful",
                "unroll",
                "zero_output_for_mask",
            )
        )
        config["cell"] = serialization_lib.serialize_keras_object(self.cell)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        if "cell" not in config:
            # Layers made of a built-in cell (`LSTM`, ...) keep its
            # settings in their own config.
            return super().from_config(config)
        config = dict(config)
        cell = serialization_lib.deserialize_keras_object(
            config.pop("cell"), custom_objects=custom_objects
        )
        return cls(cell, **config)


def _state_shape(batch_size, size):
    """`(batch_size, size)` for an int size, `(batch_size, *size)` for a
    shape."""
    if isinstance(size, (list, tuple)):
        return (batch_size, *size)
    return (batch_size, size)


def _output_size(cell):
    """The size of a cell's output: `output_size`, else its first state
    size."""
    size = getattr(cell, "output_size", None)
    if size is None:
        size = cell.state_size
        while isinstance(size, (list, tuple)):
            size = size[0]
    return size
