"""LoRA (low-rank adaptation) support for `Dense`, `EinsumDense` and
`Embedding`, and model-wide helpers.

A LoRA-enabled layer keeps its base weight `W` frozen and learns two small
factors `a` and `b`; the layer computes with
`W + (lora_alpha / lora_rank) * (a @ b)`:

- `Dense`: `W` is `(input_dim, units)`, `a` is `(input_dim, rank)` and `b`
  is `(rank, units)`.
- `EinsumDense`: `a` has shape `kernel.shape[:-1] + (rank,)` and `b` has
  shape `(rank, kernel.shape[-1])`, so `a @ b` (a batched matmul over the
  leading kernel axes) has the kernel's shape.
- `Embedding`: `a` is `(input_dim, rank)` and `b` is `(rank, output_dim)`.

Under a distribution, `a` inherits the layout entries of every base-weight
axis it shares (all but the last one) and is replicated along `rank`; `b`
inherits the entry of the base weight's last axis and is replicated along
`rank`. So the delta `a @ b` has the base weight's sharding.
"""

import contextlib
import re

from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.backend.common import name_scope as name_scope_lib

DEFAULT_LORA_PATTERN = ".*(query|value).*"


# ------------------------------------------------- helpers for the layers
def check_can_enable_lora(layer, rank):
    """Raises a `ValueError` when `layer.enable_lora(rank)` is invalid (a
    `NotImplementedError` on GPTQ/AWQ layers, as upstream Keras)."""
    mode = getattr(layer, "quantization_mode", None)
    if mode in ("gptq", "awq"):
        raise NotImplementedError(
            f"LoRA is not supported on {mode.upper()}-quantized layers "
            f"(layer '{layer.name}'). Enable LoRA before quantizing, or "
            "use int8/int4 quantization for a quantized LoRA base."
        )
    base = getattr(layer, "_lora_base", "_kernel").lstrip("_")
    if getattr(layer, f"{base}_constraint", None) is not None:
        kind = "embedding" if base == "embeddings" else base
        raise ValueError(
            f"LoRA on layer '{layer.name}' is incompatible with {kind} "
            "constraints: a constraint cannot be applied to the low-rank "
            "factors. Remove the constraint to enable LoRA."
        )
    if getattr(layer, "lora_enabled", False):
        raise ValueError(
            f"Layer '{layer.name}': lora is already enabled. This can only "
            "be done once per layer."
        )
    if not layer.built:
        raise ValueError(
            f"Cannot enable lora on a layer that isn't yet built (layer "
            f"'{layer.name}'). Build it first, by calling it on data or "
            "calling `layer.build(input_shape)`."
        )
    if isinstance(rank, bool) or not isinstance(rank, int) or rank < 1:
        raise ValueError(
            f"`rank` must be a positive integer. Received: rank={rank}"
        )


@contextlib.contextmanager
def variable_scope_of(base_variable, layer):
    """Opens the name scope `base_variable` was created in.

    Variables created inside (with `layer.add_weight`) get paths next to
    the base variable's, e.g. `model/mha/query/lora_kernel_a` beside
    `model/mha/query/kernel`, wherever `enable_lora` is called from.
    """
    parts = base_variable.path.split("/")[:-1]
    saved = global_state.get_global_attribute("name_scope_stack")
    global_state.set_global_attribute("name_scope_stack", [])
    try:
        with contextlib.ExitStack() as stack:
            for i, part in enumerate(parts):
                is_last = i == len(parts) - 1
                stack.enter_context(
                    name_scope_lib.name_scope(
                        part, caller=layer if is_last else None
                    )
                )
            yield
    finally:
        global_state.set_global_attribute("name_scope_stack", saved)


def lora_layouts(base_variable, shape=None, layer=None):
    """Layouts `(layout_a, layout_b)` of the LoRA factors of a weight.

    `a` covers every axis of the weight but the last one, plus a trailing
    `rank` axis; `b` is `(rank, last axis)`; both take the layout entries
    of the weight's axes. `shape` is the weight's logical shape (by
    default the variable's). The weight of an int8/int4 `layer` is stored
    quantized (an int4 one packed or reshaped): the factors then follow
    the layout the current distribution gives its float weight
    (`quantizers.layouts.float_weight_layout`). Otherwise, and outside a
    distribution's scope, they follow the layout of the stored weight;
    both are `None` when it has none, or not one entry per axis of
    `shape`.
    """
    from keras.src.distribution import distribution_lib
    from keras.src.quantizers import layer_config
    from keras.src.quantizers import layouts

    if shape is None:
        shape = base_variable.shape
    float_layout = None
    if (
        getattr(layer, "quantization_mode", None)
        in layer_config.DEQUANTIZABLE_MODES
    ):
        float_layout = layouts.float_weight_layout(
            layer, base_variable.name, shape
        )
    if float_layout is not None:
        axes, mesh = float_layout
    else:
        base_layout = getattr(base_variable, "_layout", None)
        if base_layout is None:
            return None, None
        if isinstance(base_layout, distribution_lib.TensorLayout):
            axes = tuple(base_layout.axes)
            mesh = base_layout.device_mesh
        else:
            axes = tuple(base_layout)
            mesh = None
        if mesh is None and distribution_lib.distribution() is None:
            return None, None
        if len(axes) != len(shape):
            return None, None
    layout_a = distribution_lib.TensorLayout(axes[:-1] + (None,), mesh)
    layout_b = distribution_lib.TensorLayout((None, axes[-1]), mesh)
    return layout_a, layout_b


def add_lora_weights(
    layer,
    base_variable,
    rank,
    prefix,
    a_initializer,
    b_initializer,
    shape=None,
):
    """Creates the trainable factors `(a, b)` of `base_variable`.

    Their names are `f"{prefix}_a"` and `f"{prefix}_b"` (e.g.
    `lora_kernel_a`), their paths sit beside the base variable's, and
    their layouts follow `lora_layouts`. `shape` is the logical shape of
    the base weight (by default the variable's). The base variable is
    frozen.
    """
    from keras.src import initializers

    shape = tuple(base_variable.shape if shape is None else shape)
    layout_a, layout_b = lora_layouts(base_variable, shape, layer)
    # The factors are penalized like the (now frozen) base weight.
    regularizer = None
    for variable, candidate in getattr(layer, "_regularized_variables", ()):
        if variable is base_variable:
            regularizer = candidate
    tracker = getattr(layer, "_tracker", None)
    was_locked = tracker is not None and tracker.locked
    if was_locked:
        tracker.unlock()  # the layer is built; these weights come after
    with variable_scope_of(base_variable, layer):
        lora_a = layer.add_weight(
            name=f"{prefix}_a",
            shape=shape[:-1] + (rank,),
            initializer=initializers.get(a_initializer),
            regularizer=regularizer,
            layout=layout_a,
        )
        lora_b = layer.add_weight(
            name=f"{prefix}_b",
            shape=(rank, shape[-1]),
            initializer=initializers.get(b_initializer),
            regularizer=regularizer,
            layout=layout_b,
        )
    if was_locked:
        layer._lock_state()
    base_variable.trainable = False
    # Toggling `layer.trainable` must not unfreeze the base weight.
    base_variable._trainable_requested = False
    return lora_a, lora_b


def remove_lora_weights(layer, base_variable, lora_a, lora_b):
    """Drops the LoRA factors from `layer` and unfreezes `base_variable`."""
    layer._own_variables = [
        v for v in layer._own_variables if v is not lora_a and v is not lora_b
    ]
    layer._regularized_variables = [
        (v, r)
        for v, r in getattr(layer, "_regularized_variables", [])
        if v is not lora_a and v is not lora_b
    ]
    base_variable._trainable_requested = True
    base_variable.trainable = layer.trainable


def lora_delta(lora_a, lora_b, scale):
    """`scale * (a @ b)`, shaped like the base weight."""
    from keras.src import ops

    return ops.multiply(ops.matmul(lora_a, lora_b), scale)


class LoraMixin:
    """LoRA for layers with one base weight: the effective weight, enabling
    and merging.

    `_lora_base` names the attribute holding the base variable and
    `_lora_prefix` the factors, `<prefix>_a` and `<prefix>_b` (their
    variable names and paths too). Layers define `enable_lora`
    (documenting their factor shapes) by calling `_enable_lora_factors`.
    """

    _lora_base = "_kernel"
    _lora_prefix = "lora_kernel"
    # Whether weights files hold the layer's other own weights after the
    # leading ones (upstream Keras writes only a convolution's kernel and
    # bias, see `BaseConv`).
    _files_hold_other_weights = True

    def _lora_factors(self):
        prefix = self._lora_prefix
        return getattr(self, f"{prefix}_a"), getattr(self, f"{prefix}_b")

    def _lora_base_shape(self):
        """The logical shape of the base weight (int4 weights are stored
        packed)."""
        return tuple(getattr(self, self._lora_base).shape)

    def _lora_effective_weight(self):
        """The base weight (dequantized when the layer is quantized to
        int8/int4), plus the scaled LoRA delta `a @ b` (a tensor then)
        when LoRA is enabled."""
        from keras.src.quantizers import layer_config

        base = getattr(self, self._lora_base)
        mode = getattr(self, "quantization_mode", None)
        if mode in layer_config.DEQUANTIZABLE_MODES:
            base = self._dequantized_base(self.compute_dtype)
        if not self.lora_enabled:
            return base
        from keras.src import ops

        lora_a, lora_b = self._lora_factors()
        return ops.add(
            base, lora_delta(lora_a, lora_b, self.lora_alpha / self.lora_rank)
        )

    def _lora_merged_values(self):
        """`[(variable, value)]`: the values that hold the base weight with
        the LoRA delta folded in. For an int8/int4 layer the merged float
        weight is quantized again, so the kernel and its scales change."""
        base = getattr(self, self._lora_base)
        merged = self._lora_effective_weight()
        mode = getattr(self, "quantization_mode", None)
        if mode is None or mode == "float8":
            return [(base, merged)]
        from keras.src.quantizers import layer_config

        config = layer_config.default_config(mode, self.quantization_config)
        values = self._quantized_base_values(merged, mode, config)
        return [(getattr(self, attr), value) for attr, value in values.items()]

    def _enable_lora_factors(
        self, rank, lora_alpha, a_initializer, b_initializer
    ):
        check_can_enable_lora(self, rank)
        prefix = self._lora_prefix
        lora_a, lora_b = add_lora_weights(
            self,
            getattr(self, self._lora_base),
            rank,
            prefix,
            a_initializer,
            b_initializer,
            shape=self._lora_base_shape(),
        )
        setattr(self, f"{prefix}_a", lora_a)
        setattr(self, f"{prefix}_b", lora_b)
        self.lora_rank = rank
        self.lora_alpha = lora_alpha if lora_alpha is not None else rank
        self.lora_enabled = True

    def merge_lora(self):
        """Folds the LoRA delta into the base weight and removes LoRA.

        Afterwards the layer computes what it computed before (up to float
        rounding; an int8/int4 layer quantizes the merged weight again,
        which adds that rounding), the base weight follows
        `layer.trainable` again (unless quantized) and `lora_rank` is
        `None`.
        """
        if not self.lora_enabled:
            raise ValueError(
                f"LoRA is not enabled on layer '{self.name}'; there is "
                "nothing to merge."
            )
        base = getattr(self, self._lora_base)
        for variable, value in self._lora_merged_values():
            variable.assign(value)
        remove_lora_weights(self, base, *self._lora_factors())
        from keras.src.quantizers import layer_config

        mode = getattr(self, "quantization_mode", None)
        if mode in layer_config.DEQUANTIZABLE_MODES:
            base._trainable_requested = False
            base.trainable = False
        delattr(self, f"{self._lora_prefix}_a")
        delattr(self, f"{self._lora_prefix}_b")
        self.lora_enabled = False
        self.lora_rank = None
        self.lora_alpha = None

    def _quantization_weights(self):
        """The variables a quantized base weight keeps beside it, in file
        order. None here; quantizable layers list theirs."""
        return []

    def _leading_weights(self):
        """The weights that open the layer's weights file, in order: the
        base weight, then `_quantization_weights()`."""
        base = getattr(self, self._lora_base, None)
        return [base] + self._quantization_weights()

    def _own_weights(self):
        """The layer's weights in the order of upstream Keras' weights
        files: `_leading_weights()`, then (with
        `_files_hold_other_weights`) the other own weights. The LoRA
        factors are left out: files hold the merged weight, and keep the
        factors apart (see `_lora_exact_state`)."""
        if not self.built:
            return super()._own_weights()
        leading = self._leading_weights()
        if not self._files_hold_other_weights:
            return [w for w in leading if w is not None]
        from keras.src.quantizers import file_order

        return file_order.file_order(self, leading)

    def _weights_to_save(self):
        """The values a weights file stores for this layer, matching
        `_own_weights()`: with LoRA enabled, the base weight (and, for a
        quantized layer, its scales) hold the merged weight, so that the
        file fits the same layer without LoRA, as upstream Keras writes
        it."""
        weights = self._own_weights()
        if not self.lora_enabled:
            return weights
        merged = {id(v): value for v, value in self._lora_merged_values()}
        return [merged.get(id(v), v) for v in weights]

    def _lora_exact_state(self):
        """With LoRA enabled, the variables that restore the layer exactly
        (its own weights unmerged, then the factors), which weights files
        keep beside the merged weight (see `keras.src.saving.object_tree`);
        else `None`."""
        if not self.lora_enabled:
            return None
        return self._own_weights() + list(self._lora_factors())

    def _after_weights_loaded(self):
        """Loaded weights that hold the merged weight: the LoRA delta
        restarts from zero (`b = 0`)."""
        if self.lora_enabled:
            _, lora_b = self._lora_factors()
            lora_b.assign(lora_b.numpy() * 0)

    def save_own_variables(self, store):
        """Writes the weights as `_weights_to_save()` gives them, under the
        keys `"0"`, `"1"`, ...: the store fits the same layer without
        LoRA."""
        from keras.src import backend

        for i, value in enumerate(self._weights_to_save()):
            store[str(i)] = backend.convert_to_numpy(value)

    def load_own_variables(self, store):
        """Assigns the weights from a store written by
        `save_own_variables` (the LoRA factors are not in it; the delta
        restarts from zero)."""
        variables = self._own_weights()
        if len(store) != len(variables):
            raise ValueError(
                f"Layer '{self.name}' expected {len(variables)} variables, "
                f"but received {len(store)} variables during loading. "
                f"Expected: {[v.name for v in variables]}"
            )
        for i, variable in enumerate(variables):
            variable.assign(store[str(i)])
        self._after_weights_loaded()

    def _lora_variables(self):
        if not self.lora_enabled:
            return []
        return list(self._lora_factors())


class LoraKernelMixin(LoraMixin):
    """`LoraMixin` for layers whose base weight is `_kernel` (`Dense`,
    `EinsumDense`), with the effective `kernel`."""

    @property
    def kernel(self):
        """The effective kernel: the `kernel` variable, plus the scaled
        LoRA delta `a @ b` (a tensor then) when LoRA is enabled."""
        return self._lora_effective_weight()

    def _leading_weights(self):
        """The kernel, the bias, then `_quantization_weights()` (after a
        GPTQ/AWQ calibration there is no float kernel)."""
        kernel = getattr(self, self._lora_base, None)
        return [kernel, self.bias] + self._quantization_weights()


# ----------------------------------------------------- model-wide helpers
def _base_weight_path(layer):
    """Path prefix of the layer's weights, e.g. `"model/mha/query"`."""
    for name in ("_kernel", "_packed_kernel", "_embeddings"):
        variable = getattr(layer, name, None)
        if variable is not None and hasattr(variable, "path"):
            return variable.path.rsplit("/", 1)[0]
    return layer.path


def _flatten(model):
    return model._flatten_layers(include_self=True)


@keras_export("keras.utils.enable_lora")
def enable_lora(
    model,
    rank,
    pattern=DEFAULT_LORA_PATTERN,
    lora_alpha=None,
    a_initializer=None,
    b_initializer=None,
):
    """Enables LoRA on the layers of `model` whose path matches `pattern`.

    Every `Dense`, `EinsumDense` and `Embedding` layer of `model` (nested
    layers included) whose weight path prefix matches `pattern` (with
    `re.search`) gets `layer.enable_lora(rank, ...)`. The path prefix is the
    path of the layer's base weight without the weight name, e.g.
    `"decoder_block_0/attention/query"`, the same paths a `LayoutMap`
    uses. All other weights of `model` are frozen (`trainable=False`), so
    afterwards `model.trainable_weights` are exactly the LoRA weights (of
    this call and of earlier ones, as long as `model.trainable` is
    `True`). Setting `trainable = True` on a layer later unfreezes its
    non-LoRA weights again; the base weights of LoRA layers stay frozen.

    LoRA weights created under a `ModelParallel` distribution follow the
    sharding of their base weight (see `Dense.enable_lora`). Compile the
    model (again) after calling this.

    Saving: as in upstream Keras, a weights file (and a `.keras` file)
    holds for each LoRA layer its base weight with the delta merged in
    (quantized again for an int8/int4 layer) and no factors, so it loads
    into the same model without LoRA, here and in upstream Keras. Beside
    it, the file keeps the unmerged weight and the factors (an extension
    group upstream ignores): loading into a model with the same LoRA layers
    (call `enable_lora` on it first) restores them exactly, so training
    resumes where it stopped. `keras.models.load_model` re-enables LoRA,
    nested layers (e.g. inside `MultiHeadAttention`) included, with their
    ranks, scales and the frozen weights: `model.save` records them next
    to the config. `keras.utils.merge_lora(model)` folds the factors in
    for good.

    Args:
        model: A built `keras.Model` (or layer).
        rank: Positive integer, the rank of the LoRA factors.
        pattern: Regular expression searched in each layer's weight path
            prefix. Defaults to `".*(query|value).*"`, the query and value
            projections of attention layers.
        lora_alpha: Optional LoRA scale numerator (the delta is scaled by
            `lora_alpha / rank`); defaults to `rank`.
        a_initializer: Optional initializer of the `a` factors; defaults to
            each layer's own default.
        b_initializer: Optional initializer of the `b` factors; defaults to
            each layer's own default.

    Returns:
        The list of layers LoRA was enabled on.

    Example:

    ```python
    model = keras.Sequential([
        keras.Input((16,)),
        keras.layers.Dense(32, name="query"),
        keras.layers.Dense(4, name="head"),
    ])
    keras.utils.enable_lora(model, rank=4, pattern="query")
    [w.name for w in model.trainable_weights]
    # ['lora_kernel_a', 'lora_kernel_b']
    ```
    """
    if not getattr(model, "built", False):
        raise ValueError(
            "`enable_lora` needs a built model. Build it first, by calling "
            "it on data or calling `model.build(input_shape)`."
        )
    regex = re.compile(pattern)
    targets = [
        layer
        for layer in _flatten(model)
        if hasattr(layer, "enable_lora")
        and getattr(layer, "built", False)
        and regex.search(_base_weight_path(layer))
    ]
    if not targets:
        raise ValueError(
            f"No `Dense`, `EinsumDense` or `Embedding` layer of the model "
            f"has a path matching pattern={pattern!r}. Layer paths: "
            f"{[_base_weight_path(lyr) for lyr in _flatten(model)]}"
        )
    kwargs = {"lora_alpha": lora_alpha}
    if a_initializer is not None:
        kwargs["a_initializer"] = a_initializer
    if b_initializer is not None:
        kwargs["b_initializer"] = b_initializer
    for layer in targets:
        layer.enable_lora(rank, **kwargs)
    lora_ids = {
        id(variable)
        for layer in _flatten(model)
        if getattr(layer, "lora_enabled", False)
        for variable in layer._lora_variables()
    }
    for variable in model.weights:
        if id(variable) not in lora_ids:
            variable.trainable = False
    return targets


def lora_state(model):
    """The LoRA set-up of `model` that layer configs do not record.

    The sublayers of e.g. `MultiHeadAttention` are rebuilt from their
    parent's config without LoRA, and `enable_lora` freezes weights
    one by one. `keras.saving.save_model` stores this state next to the
    config so that `load_model` can restore both (`restore_lora_state`).

    Returns:
        `None` if no layer of `model` has LoRA enabled, else a JSON-able
        dict: `"layers"`, one `{"path", "rank", "alpha"}` per LoRA layer
        (`path` as in `enable_lora`'s `pattern`), and `"frozen"`, the
        paths of the model's non-trainable weights.
    """
    capable = [
        layer for layer in _flatten(model) if hasattr(layer, "enable_lora")
    ]
    layers = [
        {
            "path": _base_weight_path(layer),
            "index": index,
            "rank": int(layer.lora_rank),
            "alpha": float(layer.lora_alpha),
        }
        for index, layer in enumerate(capable)
        if getattr(layer, "lora_enabled", False)
    ]
    if not layers:
        return None
    weights = model.weights
    frozen = [str(v.path) for v in weights if not v.trainable]
    frozen_indices = [i for i, v in enumerate(weights) if not v.trainable]
    return {
        "layers": layers,
        "frozen": frozen,
        "frozen_indices": frozen_indices,
        "num_weights": len(weights),
    }


def restore_lora_state(model, state):
    """Re-enables LoRA and re-freezes weights as recorded by `lora_state`.

    Layers whose own config already enabled LoRA are left as they are.
    Raises a `ValueError` naming the path when a recorded LoRA layer is
    not in `model`.
    """
    capable = [
        layer for layer in _flatten(model) if hasattr(layer, "enable_lora")
    ]
    layers = {_base_weight_path(layer): layer for layer in capable}
    for entry in state["layers"]:
        layer = layers.get(entry["path"])
        index = entry.get("index")
        if layer is None and index is not None and index < len(capable):
            # Paths are fixed when variables are created: a layer built
            # before being put in its model keeps its standalone path, so
            # the layer is found by its position instead.
            layer = capable[index]
        if layer is None:
            raise ValueError(
                f"The saved model had LoRA on '{entry['path']}', but the "
                "model rebuilt from its config has no `Dense`, "
                "`EinsumDense` or `Embedding` layer with that path. "
                f"Layer paths: {sorted(layers)}"
            )
        if not layer.lora_enabled:
            layer.enable_lora(entry["rank"], lora_alpha=entry["alpha"])
    weights = model.weights
    if state.get("frozen_indices") is not None and state.get(
        "num_weights"
    ) == len(weights):
        for i in state["frozen_indices"]:
            weights[i].trainable = False
        return
    frozen = set(state["frozen"])
    for variable in weights:
        if str(variable.path) in frozen:
            variable.trainable = False


@keras_export("keras.utils.merge_lora")
def merge_lora(model):
    """Folds the LoRA weights of every layer of `model` into its base.

    Calls `layer.merge_lora()` on every LoRA-enabled layer: the base
    weight becomes `W + (lora_alpha / lora_rank) * a @ b`, the LoRA weights
    are removed and the base weight follows `layer.trainable` again. The
    model computes the same outputs as before merging. Other weights keep
    their `trainable` flags. Compile the model (again) after calling this.

    Args:
        model: A `keras.Model` (or layer).

    Returns:
        The list of layers whose LoRA weights were merged.

    Example:

    ```python
    keras.utils.enable_lora(model, rank=4)
    model.fit(x, y)
    keras.utils.merge_lora(model)
    model.save("merged.keras")
    ```
    """
    merged = []
    for layer in _flatten(model):
        if getattr(layer, "lora_enabled", False):
            layer.merge_lora()
            merged.append(layer)
    return merged
