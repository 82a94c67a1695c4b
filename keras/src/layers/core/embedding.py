"""`Embedding`: turns integer indices into dense vectors."""

from keras.src import backend
from keras.src import ops
from keras.src import regularizers
from keras.src.api_export import keras_export
from keras.src.distribution import logical_axes
from keras.src.layers import weight_settings
from keras.src.layers.core import quantized_weights
from keras.src.layers.layer import Layer
from keras.src.quantizers import in_place
from keras.src.quantizers import int4
from keras.src.quantizers import int8
from keras.src.quantizers import layer_config
from keras.src.quantizers import layouts
from keras.src.quantizers import quantizers
from keras.src.utils import lora_utils


@keras_export("keras.layers.Embedding")
@quantized_weights.with_shared_args
class Embedding(lora_utils.LoraMixin, Layer):
    """Maps integer token ids to learned vectors (a lookup table).

    The layer holds an `embeddings` matrix of shape
    `(input_dim, output_dim)`; each id `i` in the input is replaced by row
    `i` of that matrix, so the output gains a trailing axis of size
    `output_dim`. Ids must lie in `[0, input_dim)`.

    The opposite direction, scoring vectors against every row of the
    table (as done with tied input/output embeddings), is available via
    `attend(inputs)` or `call(inputs, reverse=True)`; both return
    `inputs @ embeddings.T`.

    Args:
        input_dim: Integer >= 1, the number of rows of the table (the
            largest valid id plus one).
        output_dim: Integer >= 1, the length of each embedding vector.
        embeddings_initializer: How to initialize the table. Defaults to
            `"uniform"`.
        embeddings_regularizer: Optional penalty on the table, added to
            the layer's losses.
        embeddings_constraint: Optional projection applied to the table
            after each optimizer update.
        mask_zero: Boolean. When `True`, id 0 is treated as padding: the
            layer emits the mask `inputs != 0` for downstream layers, and
            real tokens should therefore use ids from 1 (so `input_dim`
            is the vocabulary size plus one). Defaults to `False`.
        weights: Optional array of shape `(input_dim, output_dim)` used as
            the initial table (the layer is built right away).
        {lora_and_quantization_args}

    Input shape:
        Integer tensor of any shape, e.g. `(batch_size, sequence_length)`.

    Output shape:
        The input shape plus a trailing `output_dim` axis, e.g.
        `(batch_size, sequence_length, output_dim)`.

    Example:

    >>> table = keras.layers.Embedding(50, 12)
    >>> table(np.array([[7, 0], [3, 49], [1, 1]])).shape
    (3, 2, 12)
    >>> table.attend(np.zeros((5, 12))).shape  # scores over the 50 ids
    (5, 50)
    """

    _lora_base = "_embeddings"
    _lora_prefix = "lora_embeddings"

    def __init__(
        self,
        input_dim,
        output_dim,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        weights=None,
        lora_rank=None,
        lora_alpha=None,
        quantization_config=None,
        **kwargs,
    ):
        if kwargs.pop("input_length", None) is not None:
            raise ValueError(
                "`Embedding` does not accept `input_length` any more: the "
                "sequence length is taken from the input. Drop the argument."
            )
        # Integer indices must never be cast to a (low precision) float.
        kwargs.setdefault("autocast", False)
        super().__init__(**kwargs)
        for arg_name, value in (
            ("input_dim", input_dim),
            ("output_dim", output_dim),
        ):
            if (
                isinstance(value, int)
                and not isinstance(value, bool)
                and value >= 1
            ):
                continue
            raise ValueError(
                f"`{arg_name}` must be a positive integer (an `int` >= 1) "
                f"for `Embedding`; got {arg_name}={value!r}"
            )
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        weight_settings.set_weight_settings(self, ("embeddings",), locals())
        quantized_weights.set_lora_and_quantization_args(
            self, lora_rank, lora_alpha, quantization_config
        )
        if weights is None:
            return
        # Initial values given: create the table now and load them.
        self.build()
        initial = (
            list(weights) if isinstance(weights, (list, tuple)) else [weights]
        )
        if self.lora_enabled and len(initial) == 1:
            # Only the base table was given; the LoRA factors keep their
            # initial values.
            self._embeddings.assign(initial[0])
        else:
            self.set_weights(initial)

    def build(self, input_shape=None):
        if self.built:
            return
        self._build_tables()
        self.built = True
        if self.lora_rank:
            self.enable_lora(self.lora_rank, lora_alpha=self.lora_alpha)

    def get_build_config(self):
        """Marks a built layer in its saved config (as upstream Keras
        does), so that loading builds it before reading its weights: an
        embedding needs no input shape to build, and may have been built
        with `build()` alone."""
        if not self.built:
            return None
        return {"shapes_dict": {}}

    def build_from_config(self, config):
        if config is not None:
            self.build()

    def _build_tables(self):
        """Creates the table variables (quantized ones under a quantized
        dtype policy); LoRA factors come after them."""
        table_shape = (self.input_dim, self.output_dim)
        if self.quantization_mode is not None:
            self.quantized_build(
                table_shape, self.quantization_mode, self.quantization_config
            )
        else:
            with logical_axes.logical_axes(
                self._float_weight_axis_names("embeddings")
            ):
                self._embeddings = self.add_weight(
                    shape=table_shape,
                    name="embeddings",
                    initializer=self.embeddings_initializer,
                    constraint=self.embeddings_constraint,
                    regularizer=self.embeddings_regularizer,
                    trainable=True,
                )

    def _float_weight_axis_names(self, name):
        """Logical axis names of the float weight `name` (see
        `logical_axes`), which quantized variables derive their layout
        from; `None` for other names."""
        if name == "embeddings":
            return (logical_axes.VOCAB, logical_axes.EMBED)
        return None

    @property
    def embeddings(self):
        """The table. For a float layer: the `embeddings` variable, plus
        the scaled LoRA delta `a @ b` (a tensor then) when LoRA is
        enabled. For an int8/int4 layer: the integer table (int4 values
        unpacked to `int8`), or with LoRA enabled the dequantized table
        plus the delta."""
        mode = self.quantization_mode
        if mode is None or self.lora_enabled:
            return self._lora_effective_weight()
        if mode == "int4":
            return quantizers.unpack_int4(
                self._embeddings, self.output_dim, axis=-1
            )
        return self._embeddings

    def enable_lora(
        self,
        rank,
        lora_alpha=None,
        a_initializer="zeros",
        b_initializer="he_uniform",
    ):
        """Enables LoRA (Low-Rank Adaptation) on the built layer.

        The `embeddings` variable is frozen and two trainable variables are
        added: `lora_embeddings_a` of shape `(input_dim, rank)` and
        `lora_embeddings_b` of shape `(rank, output_dim)`. The layer then
        uses the table `embeddings + (lora_alpha / rank) *
        lora_embeddings_a @ lora_embeddings_b` (equal to `embeddings` at
        first: `lora_embeddings_a` starts at zero, so that each looked-up
        row gets a gradient). Lookups gather rows of `embeddings` and of
        `lora_embeddings_a` and never build the full-size delta. Under a
        distribution, `lora_embeddings_a` takes the layout of the
        vocabulary axis and `lora_embeddings_b` that of the feature axis.

        Args:
            rank: Positive integer, the rank of the factors.
            lora_alpha: Optional scale numerator; defaults to `rank`.
            a_initializer: Initializer of `lora_embeddings_a`.
            b_initializer: Initializer of `lora_embeddings_b`.

        Example:

        >>> layer = keras.layers.Embedding(100, 8)
        >>> layer.build()
        >>> layer.enable_lora(2)
        >>> [w.name for w in layer.trainable_weights]
        ['lora_embeddings_a', 'lora_embeddings_b']
        """
        self._enable_lora_factors(
            rank, lora_alpha, a_initializer, b_initializer
        )

    def call(self, inputs, reverse=False):
        if reverse:
            return self.attend(inputs)
        ids = inputs
        if backend.standardize_dtype(ids.dtype) not in ("int32", "int64"):
            ids = ops.cast(ids, "int32")
        if self.quantization_mode is not None:
            vectors = self.quantized_call(ids)
        else:
            vectors = ops.take(self._embeddings, ids, axis=0)
        if self.lora_enabled:
            # Gather the rows of `a` first: `take(a @ b) == take(a) @ b`.
            a_rows = ops.take(self.lora_embeddings_a, ids, axis=0)
            update = ops.matmul(a_rows, self.lora_embeddings_b)
            scale = self.lora_alpha / self.lora_rank
            vectors = ops.add(vectors, ops.multiply(update, scale))
        return ops.cast(vectors, self.compute_dtype)

    def attend(self, inputs):
        """Projects vectors onto the vocabulary: `inputs @ embeddings.T`.

        Args:
            inputs: Float tensor of shape `(..., output_dim)`.

        Returns:
            Tensor of shape `(..., input_dim)` (e.g. tied output logits).
        """
        return self._attend(inputs, self.compute_dtype)

    def _attend(self, inputs, dtype):
        """`inputs @ embeddings.T` with every operand cast to `dtype`."""
        inputs = ops.cast(inputs, dtype)
        if self.quantization_mode is not None:
            kernel = self._dequantized_base(dtype)
        else:
            kernel = ops.cast(self._embeddings, dtype)
        outputs = ops.matmul(inputs, ops.transpose(kernel))
        if self.lora_enabled:
            # `x @ (a @ b).T == (x @ b.T) @ a.T`: no full-size delta.
            a = ops.cast(self.lora_embeddings_a, dtype)
            b = ops.cast(self.lora_embeddings_b, dtype)
            delta = ops.matmul(
                ops.matmul(inputs, ops.transpose(b)), ops.transpose(a)
            )
            outputs = ops.add(
                outputs, ops.multiply(delta, self.lora_alpha / self.lora_rank)
            )
        return outputs

    # ---------------------------------------------------------- quantization
    _QUANTIZATION_MODES = ("int8", "int4")

    def quantize(self, mode=None, type_check=True, config=None):
        """Quantizes the table of the built layer in place.

        - `"int8"`: the table becomes `int8` with one scale per row in
          `embeddings_scale` (`embeddings ~= int8 / scale`).
        - `"int4"`: the table's int4 values are packed two per byte along
          the feature axis (an `int8` table of shape
          `(input_dim, ceil(output_dim / 2))`). With the default
          `block_size` (128), each row has a scale and a zero point per
          group of 128 features (`embeddings_scale` and `embeddings_zero`
          of shape `(input_dim, groups)`, `g_idx` the group of each
          feature); with `block_size=None` (or `-1`) one symmetric scale
          per row.

        Looked-up rows are dequantized. The dtype policy becomes the
        quantized one. `"float8"` is not available for embeddings (there
        is no matmul to run in float8).

        Args:
            mode: `"int8"` or `"int4"`. May be omitted when `config` is
                given.
            type_check: Whether to reject subclasses of `Embedding`, whose
                computation may differ.
            config: Optional `keras.quantizers.QuantizationConfig`; a
                custom weight quantizer reduces the feature axis.

        Example:

        >>> layer = keras.layers.Embedding(10, 4)
        >>> layer.build()
        >>> layer.quantize("int8")
        >>> [tuple(w.shape) for w in layer.weights]
        [(10, 4), (10,)]
        """
        self._quantize_tables(mode, type_check, config, Embedding)

    def _quantize_tables(self, mode, type_check, config, layer_class):
        """Quantizes the float tables of `_quantized_attrs()` in place:
        the body of `quantize` for `layer_class`, whose subclasses
        `type_check` rejects."""
        config = self._resolve_quantize_args(
            mode, config, type_check, layer_class
        )
        layer_config.check_mode(config.mode, self._QUANTIZATION_MODES)
        in_place.quantize_in_place(
            self, config, self._quantized_attrs(), self._quantized_base_values
        )

    def _quantized_attrs(self):
        """The attributes of the float weights `quantize()` replaces."""
        return ["_embeddings"]

    def quantized_build(self, embeddings_shape, mode, config=None):
        """Creates the variables of quantization `mode` for a table of
        shape `embeddings_shape`."""
        layer_config.check_mode(mode, self._QUANTIZATION_MODES)
        self.quantization_config = config
        if mode == "int8":
            self._int8_build(embeddings_shape, config)
        else:
            self._int4_build(embeddings_shape, config)

    def _int8_build(self, embeddings_shape, config):
        # Under a distribution the table keeps the float table's layout
        # and the scales that of its vocabulary axis.
        base = layouts.float_weight_layout(self, "embeddings", embeddings_shape)
        quantized_weights.build_int8(
            self,
            "embeddings",
            embeddings_shape,
            base,
            embeddings_shape[:1],
            (0,),
        )

    def _int4_build(self, embeddings_shape, config):
        vocabulary, features = embeddings_shape
        self._int4_block_size = int4.int4_block_size(self, config)
        base = layouts.float_weight_layout(self, "embeddings", embeddings_shape)
        # The int4 matrix has the features as rows: stored transposed.
        quantized_weights.build_int4(
            self,
            "embeddings",
            features,
            vocabulary,
            base,
            (1, 0),
            transpose=True,
        )

    def _quantized_base_values(self, table, mode, config):
        """`{attribute: value}` of the quantized variables holding the
        float `table` in `mode`."""
        if mode == "int8":
            q, scale = int8.quantize_weight(
                config.weight_quantizer, table, (-1,), (table.shape[0],)
            )
            return {"_embeddings": q, "embeddings_scale": scale}
        block_size = int4.int4_block_size(self, config)
        if not int4.is_grouped(block_size):
            q, scale = int4.int4_quantize_rows(table, config.weight_quantizer)
            return {
                "_embeddings": quantizers.pack_int4(q, axis=-1)[0],
                "embeddings_scale": scale,
            }
        # The matrix view has the features as rows: transpose.
        q, scale, zero = int4.int4_quantize_matrix(
            ops.transpose(table), block_size
        )
        return {
            "_embeddings": quantizers.pack_int4(ops.transpose(q), axis=-1)[0],
            "embeddings_scale": ops.transpose(scale),
            "embeddings_zero": ops.transpose(zero),
            "g_idx": int4.group_index(table.shape[1], block_size),
        }

    def _dequantized_base(self, dtype):
        """The float table the int8/int4 variables stand for."""
        if self.quantization_mode == "int8":
            table = ops.cast(self._embeddings, dtype)
            scale = ops.cast(self.embeddings_scale, dtype)
            return ops.divide(table, ops.expand_dims(scale, -1))
        q = quantizers.unpack_int4(self._embeddings, self.output_dim, axis=-1)
        grouped = int4.is_grouped(self._int4_block_size)
        matrix = int4.int4_dequantize_matrix(
            ops.transpose(q),
            ops.transpose(self.embeddings_scale)
            if grouped
            else self.embeddings_scale,
            ops.transpose(self.embeddings_zero) if grouped else None,
            self.g_idx if grouped else None,
            dtype,
        )
        return ops.transpose(matrix)

    def _lora_base_shape(self):
        return (self.input_dim, self.output_dim)

    def _quantization_weights(self):
        """The variables of the quantization mode, in file order."""
        mode = self.quantization_mode
        if mode is None:
            return []
        if mode == "int4" and int4.is_grouped(self._int4_block_size):
            return [self.embeddings_scale, self.embeddings_zero, self.g_idx]
        return [self.embeddings_scale]

    def _int8_call(self, ids):
        rows = ops.cast(ops.take(self._embeddings, ids, axis=0), "float32")
        scale = ops.take(self.embeddings_scale, ids, axis=0)
        return ops.divide(rows, ops.expand_dims(scale, -1))

    def _int4_call(self, ids):
        # Gather the packed rows first: only they are unpacked.
        packed = ops.take(self._embeddings, ids, axis=0)
        rows = ops.cast(
            quantizers.unpack_int4(packed, self.output_dim, axis=-1),
            "float32",
        )
        scale = ops.take(self.embeddings_scale, ids, axis=0)
        if not int4.is_grouped(self._int4_block_size):
            return ops.divide(rows, ops.expand_dims(scale, -1))
        group = ops.cast(self.g_idx, "int32")
        zero = ops.take(ops.take(self.embeddings_zero, ids, axis=0), group, -1)
        scale = ops.take(scale, group, axis=-1)
        return ops.multiply(
            ops.subtract(rows, ops.cast(zero, "float32")), scale
        )

    def compute_mask(self, inputs, mask=None):
        if self.mask_zero:
            return ops.not_equal(inputs, 0)
        return None

    def compute_output_shape(self, input_shape, reverse=False):
        shape = tuple(input_shape)
        if reverse:
            return (*shape[:-1], self.input_dim)
        return (*shape, self.output_dim)

    def get_config(self):
        config = super().get_config()
        config.update(
            input_dim=self.input_dim,
            output_dim=self.output_dim,
            activity_regularizer=regularizers.serialize(
                self.activity_regularizer
            ),
        )
        config.update(
            quantized_weights.weight_settings_config(self, ("embeddings",))
        )
        config["mask_zero"] = self.mask_zero
        config.update(quantized_weights.lora_and_quantization_config(self))
        return config
