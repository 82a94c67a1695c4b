"""`ReversibleEmbedding`: an embedding that also maps vectors to logits."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers.config_utils import attribute_config
from keras.src.layers.core import quantized_weights
from keras.src.layers.core.embedding import Embedding
from keras.src.quantizers import int4
from keras.src.quantizers import int8
from keras.src.quantizers import layer_config
from keras.src.quantizers import layouts
from keras.src.quantizers import quantizers
from keras.src.utils.python_utils import ceil_div


@keras_export("keras.layers.ReversibleEmbedding")
class ReversibleEmbedding(Embedding):
    """An `Embedding` that can also score vectors against the vocabulary.

    Called on token ids, the layer looks up rows of its `(input_dim,
    output_dim)` table like `Embedding`. Called with `reverse=True` on
    vectors of size `output_dim` (typically the last hidden states of a
    language model), it returns one logit per vocabulary entry, shaped
    `(..., input_dim)`. With `tie_weights=True` the logits are
    `inputs @ embeddings.T`, so one table serves as both the input
    embedding and the output projection; with `tie_weights=False` a
    separate `reverse_embeddings` matrix of shape `(output_dim, input_dim)`
    is learned for the reverse direction.

    Args:
        input_dim: Integer >= 1, the vocabulary size.
        output_dim: Integer >= 1, the length of each embedding vector.
        tie_weights: Boolean. Whether the reverse projection reuses the
            (transposed) embedding table. When `False`, a
            `reverse_embeddings` weight is created, initialized with
            `embeddings_initializer`. Defaults to `True`.
        embeddings_initializer: How to initialize the table(s). Defaults to
            `"uniform"`.
        embeddings_regularizer: Optional penalty on the `embeddings` table.
        embeddings_constraint: Optional constraint on the `embeddings`
            table.
        mask_zero: Boolean. Whether id 0 is padding; see `Embedding`. The
            reverse direction never outputs a mask. Defaults to `False`.
        reverse_dtype: Optional dtype in which the reverse projection is
            computed and returned (e.g. `"float32"` for full precision
            logits under a mixed precision policy). `None` computes it in
            the dtype that the inputs and the layer's compute dtype promote
            to. Defaults to `None`.
        logit_soft_cap: Optional positive number `c`. When given, reverse
            outputs are squashed into `(-c, c)` as `c * tanh(logits / c)`.
        **kwargs: Other `Embedding` and `Layer` arguments, e.g. `name`,
            `dtype`, `lora_rank`.

    Call arguments:
        inputs: Integer ids, or with `reverse=True`, float vectors of shape
            `(..., output_dim)`.
        reverse: Boolean, which direction to compute. Defaults to `False`.

    Example:

    >>> decoder_table = keras.layers.ReversibleEmbedding(30, 8)
    >>> hidden = decoder_table(np.array([[4, 9, 2]]))  # (1, 3, 8)
    >>> decoder_table(hidden, reverse=True).shape  # scores over 30 ids
    (1, 3, 30)
    """

    def __init__(
        self,
        input_dim,
        output_dim,
        tie_weights=True,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        reverse_dtype=None,
        logit_soft_cap=None,
        **kwargs,
    ):
        if logit_soft_cap is not None and not logit_soft_cap > 0:
            raise ValueError(
                "`logit_soft_cap` must be a positive number or `None` for "
                f"`ReversibleEmbedding`; got logit_soft_cap={logit_soft_cap!r}"
            )
        self.tie_weights = tie_weights
        self.reverse_dtype = (
            None
            if reverse_dtype is None
            else backend.standardize_dtype(reverse_dtype)
        )
        self.logit_soft_cap = logit_soft_cap
        super().__init__(
            input_dim,
            output_dim,
            embeddings_initializer=embeddings_initializer,
            embeddings_regularizer=embeddings_regularizer,
            embeddings_constraint=embeddings_constraint,
            mask_zero=mask_zero,
            **kwargs,
        )

    def _build_tables(self):
        super()._build_tables()
        if self.tie_weights or self.quantization_mode is not None:
            return
        with logical_axes.logical_axes(
            self._float_weight_axis_names("reverse_embeddings")
        ):
            self.reverse_embeddings = self.add_weight(
                shape=(self.output_dim, self.input_dim),
                name="reverse_embeddings",
                initializer=self.embeddings_initializer,
                trainable=True,
            )

    def _float_weight_axis_names(self, name):
        """Logical axis names of the float weight `name` (see
        `logical_axes`): the reverse table is `(embed, vocab)`."""
        if name == "reverse_embeddings":
            return (logical_axes.EMBED, logical_axes.VOCAB)
        return super()._float_weight_axis_names(name)

    def call(self, inputs, reverse=False):
        if not reverse:
            return super().call(inputs)
        dtype = self.reverse_dtype or backend.result_type(
            inputs.dtype, self.compute_dtype
        )
        if self.quantization_mode is not None:
            logits = self.quantized_call(inputs, dtype, reverse=True)
        elif self.tie_weights:
            logits = self._attend(inputs, dtype)
        else:
            logits = ops.matmul(
                ops.cast(inputs, dtype),
                ops.cast(self.reverse_embeddings, dtype),
            )
        if self.logit_soft_cap is not None:
            cap = ops.cast(self.logit_soft_cap, dtype)
            logits = ops.multiply(ops.tanh(ops.divide(logits, cap)), cap)
        return logits

    def _set_output_masks(self, args, kwargs, input_mask, outputs):
        # Logits over the vocabulary have no padding positions to mask.
        bound = self._call_signature.bind_partial(*args, **kwargs)
        if bound.arguments.get("reverse"):
            return
        super()._set_output_masks(args, kwargs, input_mask, outputs)

    # ---------------------------------------------------------- quantization
    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the table(s) of the built layer in place.

        The `embeddings` table is quantized as by `Embedding.quantize`.
        An untied `reverse_embeddings` matrix `(output_dim, input_dim)` is
        quantized with one scale per vocabulary column (`"int8"`, or
        `"int4"` per channel) or per group of `block_size` features and
        column with zero points (`"int4"` grouped:
        `reverse_embeddings_scale` and `reverse_embeddings_zero` of shape
        `(groups, input_dim)`); its int4 values are packed two per byte
        along the feature axis. The reverse projection quantizes its
        inputs with the config's activation quantizer (kept as
        `inputs_quantizer`) when there is one, and uses the dequantized
        table otherwise.

        Args:
            mode: `"int8"` or `"int4"`. May be omitted when `config` is
                given.
            type_check: Whether to reject subclasses, whose computation
                may differ.
            config: Optional `keras.quantizers.QuantizationConfig`.

        Example:

        >>> layer = keras.layers.ReversibleEmbedding(12, 4, tie_weights=False)
        >>> layer.build()
        >>> layer.quantize("int8")
        >>> [w.name for w in layer.weights]
        ['embeddings', 'embeddings_scale', 'reverse_embeddings', \
'reverse_embeddings_scale']
        """
        self._quantize_tables(mode, type_check, config, ReversibleEmbedding)

    def _quantized_attrs(self):
        return ["_embeddings", "reverse_embeddings"]

    def quantized_build(self, embeddings_shape, mode, config=None):
        """Creates the quantized table(s) and their scales for `mode`."""
        super().quantized_build(embeddings_shape, mode, config)
        self.inputs_quantizer = getattr(
            layer_config.default_config(mode, config),
            "activation_quantizer",
            None,
        )
        if self.tie_weights:
            return
        features, vocabulary = self.output_dim, self.input_dim
        packs_int4 = mode == "int4"
        base = layouts.float_weight_layout(
            self, "reverse_embeddings", (features, vocabulary)
        )
        packed_shape = (
            ceil_div(features, 2) if packs_int4 else features,
            vocabulary,
        )
        self.reverse_embeddings = quantized_weights.add_integer_values(
            self, "reverse_embeddings", packed_shape, base, (0, 1)
        )
        if packs_int4 and int4.is_grouped(self._int4_block_size):
            groups = int4.group_count(features, self._int4_block_size)
            shape = (groups, vocabulary)
        else:
            shape = (vocabulary,)
        # The scales take the layout of the vocabulary axis.
        picks = (None, 1) if len(shape) == 2 else (1,)
        self.reverse_embeddings_scale = quantized_weights.add_scales(
            self, "reverse_embeddings_scale", shape, base, picks
        )
        if len(shape) == 2:
            # Stored as float32, as upstream Keras does.
            self.reverse_embeddings_zero = self.add_weight(
                shape=shape,
                name="reverse_embeddings_zero",
                initializer="zeros",
                dtype="float32",
                trainable=False,
                layout=layouts.derived_layout(base, picks, shape),
            )

    def _quantized_base_values(self, weight, mode, config):
        if weight is not getattr(self, "reverse_embeddings", None):
            return super()._quantized_base_values(weight, mode, config)
        if mode == "int8":
            q, scale = int8.quantize_weight(
                config.weight_quantizer,
                ops.transpose(weight),
                (-1,),
                (self.input_dim,),
            )
            return {
                "reverse_embeddings": ops.transpose(q),
                "reverse_embeddings_scale": scale,
            }
        block_size = int4.int4_block_size(self, config)
        if not int4.is_grouped(block_size):
            # One scale per vocabulary column, as for int8.
            q, scale = int4.int4_quantize_rows(
                ops.transpose(weight), config.weight_quantizer
            )
            return {
                "reverse_embeddings": quantizers.pack_int4(
                    ops.transpose(q), axis=0
                )[0],
                "reverse_embeddings_scale": scale,
            }
        q, scale, zero = int4.int4_quantize_matrix(weight, block_size)
        return {
            "reverse_embeddings": quantizers.pack_int4(q, axis=0)[0],
            "reverse_embeddings_scale": scale,
            "reverse_embeddings_zero": ops.cast(zero, "float32"),
        }

    def _dequantized_reverse(self, dtype):
        """The float `(output_dim, input_dim)` matrix of the reverse
        projection."""
        if self.tie_weights:
            return ops.transpose(self._dequantized_base(dtype))
        if self.quantization_mode == "int8":
            return ops.divide(
                ops.cast(self.reverse_embeddings, dtype),
                ops.cast(self.reverse_embeddings_scale, dtype),
            )
        q = quantizers.unpack_int4(
            self.reverse_embeddings, self.output_dim, axis=0
        )
        grouped = int4.is_grouped(self._int4_block_size)
        return int4.int4_dequantize_matrix(
            q,
            self.reverse_embeddings_scale,
            self.reverse_embeddings_zero if grouped else None,
            int4.group_index(self.output_dim, self._int4_block_size)
            if grouped
            else None,
            dtype,
        )

    def _leading_weights(self):
        # The order of upstream Keras' weights files: the table and its
        # quantization variables, then the reverse ones.
        reverse = []
        if not self.tie_weights:
            reverse = [self.reverse_embeddings]
            if self.quantization_mode is not None:
                reverse.append(self.reverse_embeddings_scale)
                reverse.append(getattr(self, "reverse_embeddings_zero", None))
        return super()._leading_weights() + reverse

    def _int8_call(self, inputs, dtype=None, reverse=False):
        if not reverse:
            return super()._int8_call(inputs)
        if self.tie_weights:
            kernel = ops.transpose(self._embeddings)
            scale = self.embeddings_scale
        else:
            kernel = self.reverse_embeddings
            scale = self.reverse_embeddings_scale
        scale = ops.cast(scale, dtype)
        if self.inputs_quantizer is None:
            logits = ops.matmul(
                ops.cast(inputs, dtype), ops.cast(kernel, dtype)
            )
            return ops.divide(logits, scale)
        x, x_scale = int8.quantize_inputs(self.inputs_quantizer, inputs)
        logits = ops.cast(ops.matmul(x, kernel), dtype)
        return ops.divide(logits, ops.multiply(ops.cast(x_scale, dtype), scale))

    def _int4_call(self, inputs, dtype=None, reverse=False):
        if not reverse:
            return super()._int4_call(inputs)
        x = inputs
        if self.inputs_quantizer is not None:
            q, x_scale = int8.quantize_inputs(self.inputs_quantizer, inputs)
            x = ops.divide(ops.cast(q, dtype), ops.cast(x_scale, dtype))
        return ops.matmul(ops.cast(x, dtype), self._dequantized_reverse(dtype))

    def get_config(self):
        config = super().get_config()
        config.update(
            attribute_config(
                self, "tie_weights", "reverse_dtype", "logit_soft_cap"
            )
        )
        return config
