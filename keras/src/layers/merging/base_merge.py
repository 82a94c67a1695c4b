"""`Merge`: the base class of the element-wise merge layers."""

from keras.src import ops
from keras.src.layers.layer import Layer


class Merge(Layer):
    """Generic merge layer for element-wise merge functions.

    Subclasses implement `_merge_function(inputs)` on a list of tensors.
    Inputs are broadcast against each other (NumPy rules, aligned on the
    right), so e.g. `(batch, 5)` merges with `(batch, 1)` or `(5,)`.

    Args:
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True

    def _merge_function(self, inputs):
        raise NotImplementedError(
            f"`{type(self).__name__}` must implement `_merge_function`, "
            "which combines the list of input tensors into one."
        )

    def _check_inputs(self, inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(
                f"A merge layer ('{self.name}', a "
                f"`{self.__class__.__name__}` layer) should be called on a "
                f"list of inputs. Received: inputs={inputs} (not a list)"
            )

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or not all(
            isinstance(s, (list, tuple)) for s in input_shape
        ):
            raise ValueError(
                f"A merge layer ('{self.name}', a "
                f"`{self.__class__.__name__}` layer) should be called on a "
                f"list of inputs. Received: input_shape={input_shape} "
                "(not a list of shapes)"
            )
        if len(input_shape) < 1:
            raise ValueError(
                "A merge layer should be called on a list of at least 1 "
                f"input. Got {len(input_shape)} inputs. Full input_shape "
                f"received: {input_shape}"
            )
        self.compute_output_shape(input_shape)

    def _compute_elemwise_op_output_shape(self, shape1, shape2):
        """Broadcasts two shapes (aligned on the right; `None` unknown)."""
        if shape1 is None or shape2 is None:
            return None
        shape1, shape2 = tuple(shape1), tuple(shape2)
        if len(shape1) < len(shape2):
            shape1, shape2 = shape2, shape1
        offset = len(shape1) - len(shape2)
        output = list(shape1[:offset])
        for i, j in zip(shape1[offset:], shape2):
            if i is None or j is None:
                if i == 1:
                    output.append(j)
                elif j == 1:
                    output.append(i)
                else:
                    output.append(i if j is None else j)
            elif i == 1:
                output.append(j)
            elif j == 1 or i == j:
                output.append(i)
            else:
                raise ValueError(
                    f"Inputs of layer '{self.name}' have incompatible "
                    f"shapes. Received shapes {shape1} and {shape2}"
                )
        return tuple(output)

    def call(self, inputs):
        self._check_inputs(inputs)
        inputs = [ops.convert_to_tensor(x) for x in inputs]
        return self._merge_function(inputs)

    def compute_output_shape(self, input_shape):
        output_shape = tuple(input_shape[0])
        for shape in input_shape[1:]:
            output_shape = self._compute_elemwise_op_output_shape(
                output_shape, shape
            )
        return output_shape

    def compute_output_spec(self, inputs):
        self._check_inputs(inputs)
        # Raises a clear error for incompatible shapes before tracing.
        self.compute_output_shape([x.shape for x in inputs])
        return super().compute_output_spec(inputs)

    def compute_mask(self, inputs, mask=None):
        if mask is None:
            return None
        if not isinstance(mask, (list, tuple)) or len(mask) != len(inputs):
            raise ValueError(
                "`mask` should be a list of the same length as `inputs`. "
                f"Received: mask={mask}"
            )
        masks = [ops.expand_dims(m, axis=0) for m in mask if m is not None]
        if not masks:
            return None
        return ops.all(ops.concatenate(masks, axis=0), axis=0)

    def get_config(self):
        return super().get_config()
