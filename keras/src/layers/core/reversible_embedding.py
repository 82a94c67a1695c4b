"""`ReversibleEmbedding`: an embedding that also maps vectors to logits."""

from keras.src import backend
from keras.src import ops
from keras.src.api_export import keras_export
from keras.src.layers.core.embedding import Embedding
from keras.src.quantizers import utils as quantize_utils


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
        self.reverse_embeddings = self.add_weight(
            shape=(self.output_dim, self.input_dim),
            name="reverse_embeddings",
            initializer=self.embeddings_initializer,
            trainable=True,
        )

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

        Only `"int8"` is implemented. The `embeddings` table becomes int8
        with one scale per vocabulary row (`embeddings_scale`); an untied
        `reverse_embeddings` matrix likewise gets one scale per vocabulary
        column (`reverse_embeddings_scale`). Lookups dequantize the rows;
        the reverse projection quantizes its inputs with the config's
        activation quantizer (kept as `inputs_quantizer`) and multiplies in
        int8, or dequantizes the table when that quantizer is `None`.

        Args:
            mode: The quantization mode, e.g. `"int8"`. May be omitted when
                `config` is given.
            type_check: Whether to reject subclasses, whose computation
                may differ.
            config: Optional `keras.quantizers.QuantizationConfig`. Its
                weight quantizer must reduce the feature axis (`axis=-1`);
                it is applied to `reverse_embeddings` transposed.

        Example:

        >>> layer = keras.layers.ReversibleEmbedding(12, 4, tie_weights=False)
        >>> layer.build()
        >>> layer.quantize("int8")
        >>> [w.name for w in layer.weights]
        ['embeddings', 'embeddings_scale', 'reverse_embeddings', \
'reverse_embeddings_scale']
        """
        config = self._resolve_quantize_args(
            mode, config, type_check, ReversibleEmbedding
        )
        quantize_utils.check_implemented_mode(config.mode)
        float_reverse = None if self.tie_weights else self.reverse_embeddings
        # Creates every quantized variable and quantizes `embeddings`.
        quantize_utils.quantize_layer_weight(
            self, "_embeddings", config.mode, config, reduce_axes=(-1,)
        )
        if float_reverse is None:
            return
        quantized, scale = quantize_utils.quantize_weight(
            config.weight_quantizer,
            ops.transpose(float_reverse),
            (-1,),
            (self.input_dim,),
        )
        self._replace_variable(
            float_reverse,
            [self.reverse_embeddings, self.reverse_embeddings_scale],
        )
        self.reverse_embeddings.assign(ops.transpose(quantized))
        self.reverse_embeddings_scale.assign(scale)

    def quantized_build(self, embeddings_shape, mode, config=None):
        """Creates the quantized table(s) and their scales for `mode`."""
        super().quantized_build(embeddings_shape, mode, config)
        config = quantize_utils.default_config(mode, config)
        self.inputs_quantizer = config.activation_quantizer
        if self.tie_weights:
            return
        self.reverse_embeddings = self.add_weight(
            shape=(self.output_dim, self.input_dim),
            name="reverse_embeddings",
            initializer="zeros",
            dtype="int8",
            trainable=False,
        )
        self.reverse_embeddings_scale = self.add_weight(
            shape=(self.input_dim,),
            name="reverse_embeddings_scale",
            initializer="ones",
            trainable=False,
        )

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
        x, x_scale = quantize_utils.quantize_inputs(
            self.inputs_quantizer, inputs
        )
        logits = ops.cast(ops.matmul(x, kernel), dtype)
        return ops.divide(logits, ops.multiply(ops.cast(x_scale, dtype), scale))

    def get_config(self):
        config = super().get_config()
        config.update(
            tie_weights=self.tie_weights,
            reverse_dtype=self.reverse_dtype,
            logit_soft_cap=self.logit_soft_cap,
        )
        return config
