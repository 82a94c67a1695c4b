"""`Bidirectional`: runs a recurrent layer forwards and backwards."""

import copy

from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.layer import Layer
from keras.src.saving import serialization_lib

MERGE_MODES = ("sum", "mul", "concat", "ave", None)


def _strip_prefix(name, prefix):
    return name[len(prefix) :] if name.startswith(prefix) else name


@keras_export("keras.layers.Bidirectional")
class Bidirectional(Layer):
    """Runs a recurrent layer over the sequence in both directions.

    The forward layer is a copy of `layer` (rebuilt from its config, so
    it has its own weights); the backward layer is `backward_layer` if
    given, else a copy of `layer` with `go_backwards` flipped. Both read
    the same inputs and mask; with `return_sequences=True`, the backward
    outputs are reversed back into time order (and masked timesteps give
    zeros in both directions) before the two are merged.

    Args:
        layer: A recurrent layer (`keras.layers.RNN` or a subclass such
            as `LSTM` or `GRU`), or any layer with the attributes
            `go_backwards`, `return_sequences` and `return_state`.
        merge_mode: How the two outputs are combined: `"concat"` (the
            default, along the last axis), `"sum"`, `"mul"`, `"ave"`, or
            `None` (the two outputs are returned as a list).
        weights: Optional list of initial weight values (forward ones
            first), loaded once the layer is built.
        backward_layer: Optional recurrent layer for the backward
            direction. It must have `go_backwards` opposite to `layer`'s
            and the same `return_sequences`, `return_state` and
            `stateful`.
        **kwargs: Standard `Layer` options, e.g. `name`, `dtype`, `trainable`.

    Call arguments:
        sequences: Tensor `(batch, timesteps, ...)`.
        initial_state: Optional list of initial states: those of the
            forward layer followed by those of the backward layer.
        mask: Optional boolean tensor `(batch, timesteps)`.
        training: Passed to both layers.

    Output shape:
        The merged output, followed (with `return_state=True`) by the
        forward then backward final states.

    Example:

    >>> layer = keras.layers.Bidirectional(keras.layers.LSTM(4))
    >>> layer(np.ones((2, 5, 3))).shape
    (2, 8)
    """

    def __init__(
        self,
        layer,
        merge_mode="concat",
        weights=None,
        backward_layer=None,
        **kwargs,
    ):
        if not isinstance(layer, Layer):
            raise ValueError(
                "`Bidirectional` needs a `keras.layers.Layer` instance, "
                f"such as `LSTM` or `GRU`. Received: layer={layer!r}"
            )
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(
                "`backward_layer` should be a `keras.layers.Layer` "
                f"instance. Received: backward_layer={backward_layer!r}"
            )
        if merge_mode not in MERGE_MODES:
            raise ValueError(
                f"Invalid merge mode. Received: merge_mode={merge_mode!r}. "
                f"Expected one of {MERGE_MODES}."
            )
        super().__init__(**kwargs)
        self.forward_layer = self._copy_layer(layer, "forward_")
        if backward_layer is None:
            self.backward_layer = self._copy_layer(
                layer, "backward_", go_backwards=not layer.go_backwards
            )
        else:
            self.backward_layer = backward_layer
        self._check_directions()
        # Masked timesteps give zeros in both directions: a copied
        # previous output would land at a different place once the
        # backward sequence is reversed.
        for direction in (self.forward_layer, self.backward_layer):
            if getattr(direction, "zero_output_for_mask", None) is not None:
                direction.zero_output_for_mask = direction.return_sequences
        self.merge_mode = merge_mode
        self._initial_weights = weights
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state
        self.supports_masking = True
        self.input_spec = layer.input_spec

    @staticmethod
    def _copy_layer(layer, prefix, **overrides):
        config = serialization_lib.serialize_keras_object(layer)
        inner = config["config"]
        inner["name"] = prefix + _strip_prefix(layer.name, prefix)
        inner.update(overrides)
        copied = serialization_lib.deserialize_keras_object(config)
        # `use_cudnn` is not part of the configs: carry it over.
        if hasattr(layer, "use_cudnn"):
            copied.use_cudnn = layer.use_cudnn
        return copied

    def _check_directions(self):
        forward, backward = self.forward_layer, self.backward_layer
        if forward.go_backwards == backward.go_backwards:
            raise ValueError(
                "The forward and backward layers of `Bidirectional` should "
                "have opposite `go_backwards` values. Received: "
                f"forward go_backwards={forward.go_backwards}, backward "
                f"go_backwards={backward.go_backwards}"
            )
        for attribute in ("stateful", "return_sequences", "return_state"):
            a = getattr(forward, attribute)
            b = getattr(backward, attribute)
            if a != b:
                raise ValueError(
                    "The forward and backward layers of `Bidirectional` "
                    f"should have the same `{attribute}`. Received: forward "
                    f"{attribute}={a}, backward {attribute}={b}"
                )

    # ------------------------------------------------------------- build
    def build(self, sequences_shape, initial_state_shape=None):
        for direction in (self.forward_layer, self.backward_layer):
            if not direction.built:
                direction.build(sequences_shape)
        self.built = True
        if self._initial_weights is not None:
            weights = self._initial_weights
            self._initial_weights = None
            self.set_weights(weights)

    # -------------------------------------------------------------- call
    def call(self, sequences, initial_state=None, mask=None, training=None):
        kwargs = {}
        if self.forward_layer._call_has_training_arg:
            kwargs["training"] = training
        if self.forward_layer._call_has_mask_arg:
            kwargs["mask"] = mask
        forward_state = backward_state = None
        if initial_state is not None:
            initial_state = list(initial_state)
            half = len(initial_state) // 2
            forward_state = initial_state[:half]
            backward_state = initial_state[half:]
        y = self.forward_layer(sequences, initial_state=forward_state, **kwargs)
        y_rev = self.backward_layer(
            sequences, initial_state=backward_state, **kwargs
        )
        states = ()
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        y = ops.cast(y, self.compute_dtype)
        y_rev = ops.cast(y_rev, self.compute_dtype)
        if self.return_sequences:
            y_rev = ops.flip(y_rev, axis=1)
        if self.merge_mode == "concat":
            output = ops.concatenate([y, y_rev], axis=-1)
        elif self.merge_mode == "sum":
            output = y + y_rev
        elif self.merge_mode == "ave":
            output = (y + y_rev) / 2
        elif self.merge_mode == "mul":
            output = y * y_rev
        else:
            output = (y, y_rev)
        if self.return_state:
            if self.merge_mode is None:
                return output + states
            return (output,) + states
        return output

    # ------------------------------------------------------------ states
    @property
    def states(self):
        forward = getattr(self.forward_layer, "states", None)
        backward = getattr(self.backward_layer, "states", None)
        if forward is None or backward is None:
            return None
        return tuple(forward) + tuple(backward)

    def reset_state(self):
        """Sets the carried states of both directions back to zero."""
        self.forward_layer.reset_state()
        self.backward_layer.reset_state()

    def reset_states(self):
        """Alias of `reset_state()`."""
        self.reset_state()

    # --------------------------------------------------- fused eligibility
    def _can_attempt_fused_lstm(self, mask=None, initial_state=None):
        """Whether both directions could run as one fused (cuDNN)
        bidirectional LSTM kernel. This backend has none, so the two
        directions always run as two layers; the check is kept for
        callers that inspect it."""
        return self._can_attempt_fused("LSTM", 4, mask, initial_state)

    def _can_attempt_fused_gru(self, mask=None, initial_state=None):
        """Like `_can_attempt_fused_lstm`, for a GRU (`reset_after=True`
        only)."""
        if not getattr(self.forward_layer, "reset_after", False):
            return False
        return self._can_attempt_fused("GRU", 2, mask, initial_state)

    def _can_attempt_fused(self, kind, num_states, mask, initial_state):
        for direction in (self.forward_layer, self.backward_layer):
            if type(direction).__name__ != kind:
                return False
            if direction.use_cudnn is False:
                return False
            if direction.dropout or direction.recurrent_dropout:
                return False
        if mask is not None:
            return False
        if initial_state is not None and len(initial_state) != num_states:
            return False
        return True

    # ------------------------------------------------------------ shapes
    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        output_shape = self.forward_layer.compute_output_shape(sequences_shape)
        state_shapes = ()
        if self.return_state:
            output_shape, state_shapes = (
                output_shape[0],
                tuple(output_shape[1:]),
            )
        output_shape = tuple(output_shape)
        if self.merge_mode == "concat":
            output_shape = output_shape[:-1] + (
                None if output_shape[-1] is None else 2 * output_shape[-1],
            )
        elif self.merge_mode is None:
            output_shape = (output_shape, output_shape)
        if self.return_state:
            if self.merge_mode is None:
                return output_shape + state_shapes + state_shapes
            return (output_shape,) + state_shapes + state_shapes
        return output_shape

    def compute_mask(self, inputs, mask):
        if isinstance(mask, (list, tuple)):
            mask = mask[0]
        if self.return_sequences:
            output_mask = mask if self.merge_mode else [mask, mask]
        else:
            output_mask = None if self.merge_mode else [None, None]
        if self.return_state:
            num_states = len(getattr(self.forward_layer, "state_size", [])) * 2
            if not isinstance(output_mask, list):
                output_mask = [output_mask]
            return output_mask + [None] * num_states
        return output_mask

    # ------------------------------------------------------------ config
    def get_config(self):
        config = super().get_config()
        config["merge_mode"] = self.merge_mode
        config["layer"] = serialization_lib.serialize_keras_object(
            self.forward_layer
        )
        config["backward_layer"] = serialization_lib.serialize_keras_object(
            self.backward_layer
        )
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = copy.deepcopy(config)
        config["layer"] = serialization_lib.deserialize_keras_object(
            config["layer"], custom_objects=custom_objects
        )
        backward = config.pop("backward_layer", None)
        if backward is not None:
            config["backward_layer"] = (
                serialization_lib.deserialize_keras_object(
                    backward, custom_objects=custom_objects
                )
            )
        return cls(**config)
