"""Block-by-block calibration shared by GPTQ and AWQ.

`Model.quantize("gptq" | "awq", config=...)` calibrates the model's
`Dense` and `EinsumDense` layers one block at a time
(`quantize_layerwise`):

1. The calibration set: `config.num_samples` windows of
   `config.sequence_length` tokens cut from `config.dataset`
   (`get_dataloader`).
2. The windows, `config.calibration_batch_size` at a time (the last
   batch takes those left over), go through the data path every `fit()`
   batch takes (`keras.src.distribution.data_input.distribute_batches`:
   padded to the batch shards, laid out by the current distribution,
   checked between processes) and through the structure's
   `pre_block_layers` (e.g. the token embedding). This gives the first
   block's inputs.
3. For each of the structure's `sequential_blocks`: its layers are
   quantized (`layer.quantize(mode, config=config)`, which keeps their
   float kernels for now), the block runs on every batch and returns the
   inputs each of these layers received, which an observer per layer (a
   `GPTQ` or `AWQ` object) folds into its statistics (padding rows left
   out); each observer then stores its layer's codes, and the block, now
   quantized, runs again to give the next block's inputs.

Everything runs on the model's devices, under whatever distribution is
current, as compiled computations (each pass of the pre-block layers or
of a block is one, like a training step; so is each statistics update),
so it works with several processes too. The Hessians and magnitudes are
reductions over the batch, replicated on every device; the rounding of a
kernel runs on a replicated copy of it.
"""

import contextlib

import numpy as np

from keras.src import backend
from keras.src import ops
from keras.src import tree
from keras.src.layers import Dense
from keras.src.layers import EinsumDense
from keras.src.quantizers import zero_point_kernel
from keras.src.quantizers.layer_filters import should_quantize_layer
from keras.src.utils.python_utils import ceil_div


def get_dataloader(
    tokenizer,
    sequence_length,
    dataset,
    num_samples=128,
    *,
    strategy="strided",
    seed=42,
    stride=None,
    eos_id=None,
):
    """Cuts `num_samples` token windows out of a calibration dataset.

    The items of `dataset` are tokenized (strings, with
    `tokenizer.tokenize`) or taken as token arrays (anything else), and
    joined into one stream (with `eos_id` between items, if given). A
    stream shorter than `num_samples * sequence_length` tokens is
    repeated until it is not. With `max_start = len(stream) -
    sequence_length`, the windows start at:

    - `"linspace"`: `num_samples` evenly spaced positions from 0 to
      `max_start`;
    - `"random"`: `num_samples` positions drawn uniformly from
      `[0, max_start]` by `np.random.default_rng(seed)`;
    - `"strided"`: a random first position, then steps of `stride`
      (default `(max_start + 1) // num_samples`), wrapping around after
      `max_start`.

    Args:
        tokenizer: An object with a `tokenize(text)` method (only needed
            for string items).
        sequence_length: Tokens per window.
        dataset: An iterable (list, generator, NumPy array) of strings
            or token arrays. A string is not accepted: load the dataset
            first.
        num_samples: Number of windows.
        strategy: `"strided"`, `"linspace"` or `"random"`.
        seed: Seed of the random positions.
        stride: Step of `"strided"`.
        eos_id: Optional token put between two items.

    Returns:
        An `int32` NumPy array `(num_samples, 1, sequence_length)`.
    """
    if isinstance(dataset, str) or not _is_iterable(dataset):
        raise TypeError(
            "The `dataset` argument must be an iterable (e.g., a list of "
            "strings, a generator, or a NumPy array). Got type: "
            f"{type(dataset).__name__}. Please pass the loaded dataset "
            "directly, not its name."
        )
    if not isinstance(num_samples, int) or num_samples <= 0:
        raise ValueError(
            "`num_samples` must be a positive integer. Received: "
            f"num_samples={num_samples}"
        )
    items = list(dataset)
    if not items:
        raise ValueError("Provided dataset is empty.")
    pieces = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            tokens = tokenizer.tokenize(item)
        else:
            tokens = item
        pieces.append(np.asarray(tokens).reshape(-1).astype("int64"))
        if eos_id is not None and i < len(items) - 1:
            pieces.append(np.array([eos_id], dtype="int64"))
    stream = np.concatenate(pieces)
    if stream.size == 0:
        raise ValueError(
            "The calibration dataset holds no tokens: every item "
            "tokenized to an empty sequence."
        )
    needed = num_samples * sequence_length
    if stream.size < needed:
        stream = np.tile(stream, ceil_div(needed, stream.size))
    max_start = stream.size - sequence_length
    starts = _window_starts(strategy, max_start, num_samples, seed, stride)
    windows = stream[starts[:, None] + np.arange(sequence_length)]
    return windows.astype("int32").reshape(num_samples, 1, sequence_length)


def _is_iterable(value):
    try:
        iter(value)
    except TypeError:
        return False
    return True


def _window_starts(strategy, max_start, num_samples, seed, stride):
    positions = max_start + 1
    if strategy == "linspace":
        return np.linspace(0, max_start, num_samples, dtype="int64")
    if strategy == "random":
        rng = np.random.default_rng(seed)
        return rng.integers(0, positions, size=num_samples)
    if strategy == "strided":
        step = (
            stride if stride is not None else max(1, positions // num_samples)
        )
        first = np.random.default_rng(seed).integers(0, positions)
        return (first + np.arange(num_samples) * step) % positions
    raise ValueError(
        f"Unknown strategy: {strategy}. Expected 'strided', 'linspace' or "
        "'random'."
    )


def find_layers_in_block(block):
    """The `Dense` and `EinsumDense` layers of `block` (itself included),
    as a dict `{layer.path: layer}` in `block._flatten_layers()` order."""
    return {
        layer.path: layer
        for layer in block._flatten_layers(include_self=True)
        if isinstance(layer, (Dense, EinsumDense))
    }


def stack_calibration_batch(samples):
    """Joins calibration samples into one batch along the first axis.

    A rank 2 sample (e.g. one `(1, sequence_length)` window of token ids)
    is one item of the batch: it gets a leading axis first. Samples of
    other ranks are joined as they are.

    Args:
        samples: A non-empty sequence of tensors or arrays.

    Returns:
        The batch, a tensor.
    """
    if len(samples) == 0:
        raise ValueError("`samples` must hold at least one sample.")
    items = []
    for sample in samples:
        sample = ops.convert_to_tensor(sample)
        if len(sample.shape) == 2:
            sample = ops.expand_dims(sample, 0)
        items.append(sample)
    return ops.concatenate(items, axis=0)


@contextlib.contextmanager
def observing_inputs(layers_map, observers, update):
    """While active, each call of a layer of `layers_map` first hands its
    inputs to its observer.

    The inputs go to `update(observers[name], inputs)`, with their
    trailing axes merged to the observer's `rows` input features (see
    `_merge_feature_axes`). The calls run eagerly, outside
    `quantize_layerwise`'s compiled steps: this is for feeding GPTQ or
    AWQ objects by hand.

    Args:
        layers_map: `{name: layer}`, e.g. from `find_layers_in_block`.
        observers: `{name: GPTQ or AWQ object}` for (some of) the names.
        update: Called with an observer and a batch of its layer's
            inputs.
    """
    watched = [
        (layer, observers[name])
        for name, layer in layers_map.items()
        if name in observers
    ]
    for layer, observer in watched:
        layer.call = _observed_call(layer.call, observer, update)
    try:
        yield
    finally:
        for layer, _ in watched:
            del layer.call


def _observed_call(call, observer, update):
    def observed(inputs, *args, **kwargs):
        update(observer, _merge_feature_axes(inputs, observer.rows))
        return call(inputs, *args, **kwargs)

    return observed


def masked_rows(x, valid_rows):
    """The rows of `x` `(batch, ..., features)` as a float32 `(rows,
    features)` matrix with its padding rows zeroed, and the number of real
    rows.

    Args:
        x: A batch of layer inputs.
        valid_rows: Boolean mask over the batch's first axis; `False`
            marks padding.

    Returns:
        `(rows, count)`, `count` a float32 scalar.
    """
    per_item = 1
    for size in x.shape[1:-1]:
        per_item *= size
    mask = ops.cast(valid_rows, "float32")
    x = ops.multiply(
        ops.cast(x, "float32"),
        ops.reshape(mask, (-1,) + (1,) * (len(x.shape) - 1)),
    )
    count = ops.multiply(ops.sum(mask), float(per_item))
    return ops.reshape(x, (-1, x.shape[-1])), count


def calibrated_kernel_geometry(layer, mode):
    """The `(rows, columns)` matrix view of the float kernel that a GPTQ or
    AWQ object of `layer` is about to calibrate.

    Args:
        layer: The layer to calibrate.
        mode: `"gptq"` or `"awq"` (named in the errors).

    Returns:
        `(rows, columns)`, see `zero_point_kernel.kernel_geometry`.

    Raises:
        TypeError: when `layer` is not a `Dense` or `EinsumDense` with a
            rank 2 or 3 kernel.
        ValueError: when it has no float kernel any more (it holds codes
            already).
    """
    name = mode.upper()
    if not isinstance(layer, (Dense, EinsumDense)):
        raise TypeError(
            f"Unsupported layer type for {name}: {type(layer)}. {name} "
            "quantizes `Dense` and `EinsumDense` layers."
        )
    kernel = getattr(layer, "_kernel", None)
    if kernel is None:
        raise ValueError(
            f"Layer '{layer.name}' has no float kernel to quantize: it "
            "holds GPTQ/AWQ codes already (calibrated or loaded)."
        )
    try:
        return zero_point_kernel.kernel_geometry(
            type(layer).__name__, kernel.shape, mode
        )
    except ValueError as error:
        raise TypeError(
            f"Unsupported layer type for {name}: {type(layer)} with a "
            f"kernel of shape {tuple(kernel.shape)}. {error}"
        ) from None


class KernelCalibration:
    """Base of `GPTQ` and `AWQ`: the layer whose kernel one calibrates,
    seen as a `(rows, columns)` matrix.

    Subclasses set `MODE` (`"gptq"` or `"awq"`) and `CONFIG_CLASS`, gather
    their statistics of the layer's inputs and round `_float_weights()`.

    Args:
        layer: A built `Dense` or `EinsumDense` with its float kernel
            (see `calibrated_kernel_geometry`).
        config: The mode's config; `None` for its defaults.
    """

    MODE = None
    CONFIG_CLASS = None

    def __init__(self, layer, config=None):
        if config is None:
            config = self.CONFIG_CLASS(dataset=None, tokenizer=None)
        self.rows, self.columns = calibrated_kernel_geometry(layer, self.MODE)
        self.original_layer = layer
        self.layer = layer
        self.config = config
        self.kernel_shape = tuple(layer._kernel.shape)
        self.num_samples = 0

    def _float_weights(self):
        """The float kernel as a float32 `[columns, rows]` matrix, a
        replicated copy (see `zero_point_kernel.replicated`).

        Raises:
            ValueError: when the layer was not quantized with `MODE`
                first (there is nowhere to store the codes).
        """
        if self.layer.quantization_mode != self.MODE:
            raise ValueError(
                f"Layer '{self.layer.name}' must be quantized with "
                f"`layer.quantize('{self.MODE}', config=...)` before "
                f"{self.MODE.upper()} can store its result; its "
                f"quantization mode is {self.layer.quantization_mode!r}."
            )
        kernel = ops.cast(
            zero_point_kernel.replicated(self.layer._kernel.value), "float32"
        )
        return ops.transpose(ops.reshape(kernel, (self.rows, self.columns)))


def check_structure(structure, mode):
    """Returns `(pre_block_layers, sequential_blocks)` of a quantization
    layer structure, or raises a `ValueError`."""
    valid = (
        isinstance(structure, dict)
        and isinstance(structure.get("pre_block_layers"), (list, tuple))
        and isinstance(structure.get("sequential_blocks"), (list, tuple))
        and len(structure["sequential_blocks"]) > 0
    )
    if not valid:
        raise ValueError(
            f"For '{mode}' mode, a valid quantization structure must be "
            "provided: a dict with the keys 'pre_block_layers' (a list of "
            "the layers that turn token ids into the first block's input, "
            "e.g. the embedding) and 'sequential_blocks' (a non-empty list "
            "of the blocks, in order). Received: "
            f"quantization_layer_structure={structure!r}"
        )
    return list(structure["pre_block_layers"]), list(
        structure["sequential_blocks"]
    )


def quantize_layerwise(config, structure, filters, make_observer):
    """Quantizes and calibrates the layers of a structure's blocks.

    Args:
        config: A `GPTQConfig` or `AWQConfig` (its mode, dataset,
            tokenizer, `num_samples`, `sequence_length`).
        structure: The quantization layer structure (see
            `check_structure`).
        filters: `Model.quantize`'s `filters` (see
            `keras.src.quantizers.layer_filters.should_quantize_layer`).
        make_observer: Called with a layer; returns an object with
            `in_features`, `observe(inputs, valid_rows)` (one batch of the
            layer's inputs), `finish()` (stores the layer's codes) and
            `free()`.
    """
    mode = config.mode
    if config.dataset is None or config.tokenizer is None:
        raise ValueError(
            f"{mode.upper()} quantization requires a dataset and a "
            f"tokenizer. Please provide them in the `{type(config).__name__}`."
        )
    pre_block_layers, blocks = check_structure(structure, mode)
    tokens = get_dataloader(
        config.tokenizer,
        config.sequence_length,
        config.dataset,
        num_samples=config.num_samples,
    )
    tokens = tokens.reshape(tokens.shape[0], -1)
    embed = _CompiledSteps(pre_block_layers)
    hidden = [
        (embed(inputs)[0], valid_rows)
        for inputs, valid_rows in _distributed_batches(
            tokens, config.calibration_batch_size
        )
    ]
    for block in blocks:
        layers = [
            layer
            for layer in find_layers_in_block(block).values()
            if should_quantize_layer(layer, filters)
            and layer.quantization_mode in (None, mode)
            and not getattr(layer, f"is_{mode}_calibrated", False)
        ]
        _calibrate_block(block, layers, hidden, config, make_observer)
        # The block's output, now with its quantized layers.
        forward = _CompiledSteps([block])
        hidden = [
            (forward(inputs)[0], valid_rows) for inputs, valid_rows in hidden
        ]


def _calibrate_block(block, layers, hidden, config, make_observer):
    for layer in layers:
        if layer.quantization_mode is None:
            layer.quantize(config.mode, config=config, type_check=False)
    observers = [make_observer(layer) for layer in layers]
    record = _CompiledSteps(
        [block], {layer: o.in_features for layer, o in zip(layers, observers)}
    )
    for inputs, valid_rows in hidden:
        _, recorded = record(inputs)
        for observer, layer_inputs in zip(observers, recorded):
            for x in layer_inputs:
                observer.observe(x, valid_rows)
    for observer in observers:
        observer.finish()
        observer.free()


class _CompiledSteps:
    """Applies `steps` (layers, or functions of a tensor) in order to a
    batch, as one compiled computation.

    Every eager operation on sharded arrays would be a computation of its
    own, with its collectives; compiled, a block runs like a training
    step does.

    Args:
        steps: The layers (or functions) applied in order.
        recorded: `{layer: in_features}` of the GPTQ/AWQ layers (not
            calibrated yet) whose inputs are returned too, merged to rows
            of `in_features` values (see `_merge_feature_axes`).

    Calling it on a batch returns `(outputs, recorded)`: the output of
    the last step and, for each recorded layer, the list of its inputs
    during the call.
    """

    def __init__(self, steps, recorded=None):
        self.steps = list(steps)
        self.recorded = dict(recorded or {})
        seen = set()
        self.variables = []
        for step in self.steps:
            for variable in getattr(step, "variables", ()):
                if id(variable) not in seen:
                    seen.add(id(variable))
                    self.variables.append(variable)
        self.compiled = backend.compile_function(self._run)

    def __call__(self, inputs):
        return self.compiled([v.value for v in self.variables], inputs)

    def _run(self, values, inputs):
        recorded = [[] for _ in self.recorded]
        for (layer, in_features), layer_inputs in zip(
            self.recorded.items(), recorded
        ):
            layer._calibration_observer = _recorder(layer_inputs, in_features)
        try:
            mapping = list(zip(self.variables, values))
            with backend.StatelessScope(state_mapping=mapping):
                for step in self.steps:
                    inputs = _block_output(step(inputs))
        finally:
            for layer in self.recorded:
                del layer._calibration_observer
        return inputs, recorded


def _recorder(layer_inputs, in_features):
    def record(inputs):
        layer_inputs.append(_merge_feature_axes(inputs, in_features))

    return record


def _merge_feature_axes(inputs, in_features):
    """`inputs` with its trailing axes merged into one of `in_features`
    values when they multiply to it (e.g. the `(heads, head_dim)` axes
    entering an attention output projection whose kernel is seen as
    `[heads * head_dim, hidden]`); the batch axis stays first."""
    shape = tuple(inputs.shape)
    size = 1
    for axis in range(len(shape) - 1, 0, -1):
        size *= shape[axis]
        if size == in_features:
            if axis == len(shape) - 1:
                return inputs
            return ops.reshape(inputs, shape[:axis] + (in_features,))
        if size > in_features:
            break
    return inputs


def _block_output(outputs):
    """A block's hidden state: its output, or the first item of a tuple
    or list of outputs (e.g. `(hidden, cache)`)."""
    if isinstance(outputs, (tuple, list)):
        return outputs[0]
    return outputs


def _distributed_batches(tokens, batch_size):
    """`(token batch, valid_rows)` pairs of the calibration windows,
    `batch_size` windows a batch, put on the devices by the data path
    under the current distribution (which pads each batch to a multiple
    of its batch shards)."""
    from keras.src.distribution import data_consistency
    from keras.src.distribution import data_input
    from keras.src.distribution import distribution_lib

    distribution = distribution_lib.distribution()
    num_samples = data_fingerprint = None
    if distribution is not None and distribution.num_processes > 1:
        num_samples = tokens.shape[0]
        data_fingerprint = data_consistency.fingerprint(tokens)
    batches = [
        (tokens[start : start + batch_size],)
        for start in range(0, tokens.shape[0], batch_size)
    ]
    for arrays, valid_rows in data_input.distribute_batches(
        batches,
        distribution,
        global_input=True,
        num_batches=len(batches),
        num_samples=num_samples,
        data_fingerprint=data_fingerprint,
        prefetch=0,
    ):
        (inputs,) = tree.flatten(arrays)
        yield inputs, valid_rows
