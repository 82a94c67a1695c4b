"""`StackedRNNCells`: several recurrent cells acting as one."""

from keras.src import ops
from keras.src import tree
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.layers.rnn.cell_utils import check_cell
from keras.src.saving import serialization_lib


@keras_export("keras.layers.StackedRNNCells")
class StackedRNNCells(Layer):
    """A stack of recurrent cells, used by `RNN` like a single cell.

    At each timestep the first cell reads the step input, and every
    other cell reads the output of the cell below it; the output of the
    stack is that of the last cell. The states of the stack are the list
    of the cells' states, in order (each entry is a single tensor for a
    cell whose `state_size` is an int, else a list of tensors).

    `keras.layers.RNN(cells)` with a list of cells builds this stack.

    Args:
        cells: List of cell instances.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Example:

    >>> cells = [keras.layers.LSTMCell(8), keras.layers.LSTMCell(4)]
    >>> layer = keras.layers.RNN(keras.layers.StackedRNNCells(cells))
    >>> layer(np.ones((2, 5, 3))).shape
    (2, 4)
    """

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        for cell in cells:
            check_cell(cell, "StackedRNNCells")
        self.cells = list(cells)

    @property
    def state_size(self):
        return [cell.state_size for cell in self.cells]

    @property
    def output_size(self):
        last = self.cells[-1]
        size = getattr(last, "output_size", None)
        if size is not None:
            return size
        size = last.state_size
        while isinstance(size, (list, tuple)):
            size = size[0]
        return size

    def get_initial_state(self, batch_size=None):
        states = []
        for cell in self.cells:
            get_initial = getattr(cell, "get_initial_state", None)
            if get_initial is not None:
                cell_states = get_initial(batch_size=batch_size)
            elif isinstance(cell.state_size, (list, tuple)):
                cell_states = [
                    _zeros(batch_size, size, cell.compute_dtype)
                    for size in cell.state_size
                ]
            else:
                cell_states = _zeros(
                    batch_size, cell.state_size, cell.compute_dtype
                )
            if isinstance(cell.state_size, (list, tuple)):
                if not tree.is_nested(cell_states):
                    cell_states = [cell_states]
                cell_states = list(cell_states)
            elif tree.is_nested(cell_states) and len(cell_states) == 1:
                cell_states = cell_states[0]
            states.append(cell_states)
        return states

    def call(self, inputs, states, training=False, **kwargs):
        new_states = []
        for cell, cell_states in zip(self.cells, states):
            single = not tree.is_nested(cell_states)
            cell_states = [cell_states] if single else list(cell_states)
            cell_kwargs = dict(kwargs)
            if isinstance(cell, Layer) and cell._call_has_training_arg:
                cell_kwargs["training"] = training
            inputs, cell_new_states = cell(inputs, cell_states, **cell_kwargs)
            if not tree.is_nested(cell_new_states):
                cell_new_states = [cell_new_states]
            cell_new_states = list(cell_new_states)
            new_states.append(cell_new_states[0] if single else cell_new_states)
        return inputs, new_states

    def build(self, input_shape):
        for cell in self.cells:
            if isinstance(cell, Layer) and not cell.built:
                cell.build(input_shape)
                cell.built = True
            size = getattr(cell, "output_size", None)
            if size is None:
                size = cell.state_size
                while isinstance(size, (list, tuple)):
                    size = size[0]
            input_shape = (
                (input_shape[0], size)
                if isinstance(size, int)
                else (input_shape[0], *size)
            )
        self.built = True

    def get_config(self):
        config = super().get_config()
        config["cells"] = [
            serialization_lib.serialize_keras_object(cell)
            for cell in self.cells
        ]
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        cells = [
            serialization_lib.deserialize_keras_object(
                cell, custom_objects=custom_objects
            )
            for cell in config.pop("cells")
        ]
        return cls(cells, **config)


def _zeros(batch_size, size, dtype):
    shape = (
        (batch_size, *size)
        if isinstance(size, (list, tuple))
        else (batch_size, size)
    )
    return ops.zeros(shape, dtype=dtype)
