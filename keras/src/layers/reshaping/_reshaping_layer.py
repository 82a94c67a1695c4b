"""`ReshapingLayer`: base of the layers that only move values around."""

from keras.src import backend
from keras.src.layers.layer import Layer


class ReshapingLayer(Layer):
    """A layer whose output holds values of its input, rearranged.

    The symbolic output has the shape given by `compute_output_shape` and
    the input's dtype; it is sparse when the input is and the class sets
    `keeps_sparse`.
    """

    keeps_sparse = False

    def compute_output_spec(self, inputs):
        return backend.KerasTensor(
            self.compute_output_shape(inputs.shape),
            dtype=inputs.dtype,
            sparse=self.keeps_sparse and inputs.sparse,
        )
