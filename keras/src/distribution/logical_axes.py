"""Logical axis names: what each axis of a layer's variable stands for.

A built-in layer names the axes of every variable it creates, when it
creates it, so that a distribution can lay the variable out by what its
axes mean rather than by its path (see `AutoLayoutMap`). The names are a
tuple with one entry per axis (`None` for an axis with no name), kept on
the variable as `variable._axis_names`.

The naming scheme:

- `"vocab"`: the token axis of an embedding table.
- `"embed"`: the features a layer contracts its input with, when they
  form one axis (the model width of a transformer), and the single output
  axis of a projection whose input was split into several axes (an
  attention output projection).
- `"mlp"`: the output features of a projection from one axis to one axis
  (`Dense` kernels and biases).
- `"heads"`, `"head_dim"`: a projection to (or from) several axes, e.g.
  `(num_heads, head_dim)`; the first of those axes is `"heads"`, the
  others `"head_dim"`.
- `"experts"`: a kernel axis that the input and output also carry (one
  kernel per expert, as in `"ebd,edf->ebf"`).
- `"conv_spatial"`, `"conv_in"`, `"conv_out"`: a convolution kernel's
  window axes, input channels and output channels (a bias is
  `("conv_out",)`; a depthwise kernel's last axis is
  `"conv_multiplier"`).
- `"norm"`: the feature axis of a normalization layer's scale, offset and
  moving statistics.

Example: `Embedding` tables are `("vocab", "embed")`, `Dense` kernels
`("embed", "mlp")`, the query kernel of `MultiHeadAttention`
(`"abc,cde->abde"`) `("embed", "heads", "head_dim")` and its output
kernel (`"abcd,cde->abe"`) `("heads", "head_dim", "embed")`.
"""

import contextlib

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.common.variables import AXIS_NAMES_ATTRIBUTE

VOCAB = "vocab"
EMBED = "embed"
MLP = "mlp"
HEADS = "heads"
HEAD_DIM = "head_dim"
EXPERTS = "experts"
CONV_SPATIAL = "conv_spatial"
CONV_IN = "conv_in"
CONV_OUT = "conv_out"
CONV_MULTIPLIER = "conv_multiplier"
NORM = "norm"


@keras_export("keras.distribution.logical_axes")
@contextlib.contextmanager
def logical_axes(names):
    """Names the axes of the variables created inside the block.

    Layers call it around `add_weight` so that a distribution with an
    `AutoLayoutMap` lays the variable out by what its axes mean (see the
    naming scheme in `keras.src.distribution.logical_axes`). A custom
    layer can name its own weights the same way; its unnamed weights are
    laid out from their shapes.

    Args:
        names: A tuple with one entry per axis of the variable: a logical
            name (a string) or `None`. `None` for the whole argument
            leaves the variables unnamed.

    Example:

    ```python
    class Projection(keras.layers.Layer):
        def build(self, input_shape):
            with keras.distribution.logical_axes(("embed", "mlp")):
                self.w = self.add_weight(shape=(input_shape[-1], 64))
    ```
    """
    if names is not None:
        names = tuple(names)
        if not all(n is None or isinstance(n, str) for n in names):
            raise ValueError(
                "Logical axis names must be strings or None. Received: "
                f"names={names}"
            )
    with global_state.attribute_scope(AXIS_NAMES_ATTRIBUTE, names):
        yield


def _group_names(count, single):
    """Names of a group of `count` kernel axes on one side of a projection:
    `single` for one axis, else `"heads"` then `"head_dim"`s."""
    if count == 1:
        return (single,)
    return (HEADS,) + (HEAD_DIM,) * (count - 1)


def einsum_axis_names(input_spec, weight_spec, output_spec):
    """Logical names of the kernel letters of an einsum projection.

    Args:
        input_spec: The input letters of the equation (no ellipsis).
        weight_spec: The kernel letters.
        output_spec: The output letters.

    Returns:
        A dict from each kernel letter to its name: the letters contracted
        with the input form one group and those written to the output
        another (see the module docstring), letters in all three are
        `"experts"`.
    """
    contracted = [c for c in weight_spec if c in input_spec]
    contracted = [c for c in contracted if c not in output_spec]
    written = [c for c in weight_spec if c in output_spec]
    written = [c for c in written if c not in input_spec]
    names = {c: EXPERTS for c in weight_spec}
    single_in = EMBED
    single_out = EMBED if len(contracted) > 1 else MLP
    names.update(zip(contracted, _group_names(len(contracted), single_in)))
    names.update(zip(written, _group_names(len(written), single_out)))
    return names


def conv_kernel_axis_names(rank, transpose=False):
    """Names of a convolution kernel's axes: `rank` window axes, then the
    input and output channels (the other way round for a transposed
    convolution, whose kernel stores output channels first)."""
    channels = (CONV_OUT, CONV_IN) if transpose else (CONV_IN, CONV_OUT)
    return (CONV_SPATIAL,) * rank + channels
