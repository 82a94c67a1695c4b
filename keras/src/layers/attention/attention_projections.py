"""`AttentionProjections`: what the projection-based attention layers
share.

`MultiHeadAttention` and `GroupedQueryAttention` project their inputs
with `EinsumDense` sublayers (query, key, value, an optional gate and the
output) that all take one initializer, regularizer and constraint for
their kernels, one of each for their biases, and one activity
regularizer.
"""

from keras.src import constraints
from keras.src import initializers
from keras.src import ops
from keras.src import regularizers
from keras.src.saving import serialization_lib
from keras.src.utils.python_utils import read_only

# How each kind of setting is resolved and serialized, in config order.
_KINDS = {
    "initializer": (initializers.get, initializers.serialize),
    "regularizer": (regularizers.get, regularizers.serialize),
    "constraint": (constraints.get, serialization_lib.serialize_keras_object),
}
_WEIGHTS = ("kernel", "bias")


class AttentionProjections:
    """Mixin of the attention layers built from `EinsumDense` projections.

    The layer creates the sublayers `_query_dense`, `_key_dense`,
    `_value_dense`, `_output_dense` and (with `use_gate`) `_gate_dense` in
    `build`, and keeps the projections' settings as attributes named
    `<_settings_prefix><weight>_<kind>` (e.g. `_kernel_initializer` for
    `MultiHeadAttention`, `kernel_initializer` for
    `GroupedQueryAttention`), plus `_activity_regularizer`; its
    `_flash_attention` flag is set by `fused.set_flash_attention`.
    """

    _settings_prefix = ""

    query_dense = read_only("_query_dense", "The query projection.")
    key_dense = read_only("_key_dense", "The key projection.")
    value_dense = read_only("_value_dense", "The value projection.")
    output_dense = read_only("_output_dense", "The output projection.")
    gate_dense = read_only(
        "_gate_dense", "The gate projection (with `use_gate=True`)."
    )

    def _store_projection_settings(self, arguments):
        """Resolves and stores the `kernel_*`, `bias_*` and
        `activity_regularizer` settings among `arguments` (the `locals()`
        of the constructor)."""
        for kind, (get, _) in _KINDS.items():
            for weight in _WEIGHTS:
                name = f"{weight}_{kind}"
                setattr(
                    self, self._settings_prefix + name, get(arguments[name])
                )
        self._activity_regularizer = regularizers.get(
            arguments["activity_regularizer"]
        )

    def _get_common_kwargs_for_sublayer(self):
        """Arguments shared by the projection sublayers. Each call gives
        new initializer instances, so that seeded initializers do not give
        every projection the same values."""
        prefix = self._settings_prefix
        kwargs = {}
        for weight in _WEIGHTS:
            initializer = getattr(self, f"{prefix}{weight}_initializer")
            kwargs[f"{weight}_initializer"] = initializers.deserialize(
                initializers.serialize(initializer)
            )
        for kind in ("regularizer", "constraint"):
            for weight in _WEIGHTS:
                name = f"{weight}_{kind}"
                kwargs[name] = getattr(self, prefix + name)
        kwargs["activity_regularizer"] = self._activity_regularizer
        # The policy argument as given: a `DTypePolicyMap` is shared, so
        # that each sublayer finds its own policy by its path.
        kwargs["dtype"] = self._dtype_policy
        return kwargs

    def _projection_settings_config(self):
        """The config entries of the settings: initializers, regularizers
        (then the activity regularizer) and constraints, serialized."""
        config = {}
        for kind, (_, serialize) in _KINDS.items():
            for weight in _WEIGHTS:
                name = f"{weight}_{kind}"
                value = getattr(self, self._settings_prefix + name)
                config[name] = serialize(value)
            if kind == "regularizer":
                config["activity_regularizer"] = regularizers.serialize(
                    self._activity_regularizer
                )
        return config

    def _check_scores_request(self, return_attention_scores):
        """Raises a `ValueError` when scores are asked of a layer created
        with flash attention on."""
        if return_attention_scores and self._flash_attention:
            raise ValueError(
                "Returning attention scores is not supported when flash "
                "attention is enabled. Please disable flash attention to "
                "access attention scores (flash_attention=False)."
            )

    def _output_projection(self, heads, query):
        """Merges the attention heads into the output: gated by the
        projection of `query` first, with `use_gate`."""
        if self._gate_dense is not None:
            heads = ops.multiply(heads, self._gate_dense(query))
        return self._output_dense(heads)

    def compute_mask(self, query, previous_mask=None):
        # The output has the query's positions: its mask carries over.
        return previous_mask
