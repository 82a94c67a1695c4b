"""Dtype policies: which dtype a layer computes in and stores variables in."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state
from keras.src.utils.python_utils import read_only

# Global-state slot of the policy set by `set_dtype_policy`.
_GLOBAL_KEY = "dtype_policy"


@keras_export(
    [
        "keras.DTypePolicy",
        "keras.dtype_policies.DTypePolicy",
        "keras.mixed_precision.DTypePolicy",
        "keras.mixed_precision.Policy",
    ]
)
class DTypePolicy:
    """The dtype a layer computes in (`compute_dtype`) and stores its
    variables in (`variable_dtype`).

    Args:
        name: `"float32"`, `"bfloat16"`, `"float16"`, `"float64"`, or a mixed
            policy `"mixed_bfloat16"` / `"mixed_float16"` (compute in the
            half type, keep variables in float32). Defaults to
            `keras.config.floatx()`.

    Example:

    >>> policy = keras.DTypePolicy("mixed_bfloat16")
    >>> policy.compute_dtype, policy.variable_dtype
    ('bfloat16', 'float32')
    """

    def __init__(self, name=None):
        if name is None:
            name = _global_source_name()
        if not isinstance(name, str):
            raise TypeError(
                "'name' must be a string, such as 'mixed_bfloat16'. "
                f"Received: name={name} (of type {type(name)})"
            )
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse(name)

    @staticmethod
    def _parse(name):
        if name in ("mixed_bfloat16", "mixed_float16"):
            return name.split("_")[1], "float32"
        try:
            dtype = backend.standardize_dtype(name)
        except ValueError:
            raise ValueError(
                f"Cannot convert '{name}' to a dtype policy. Valid policies "
                "are dtype names such as 'float32' or 'bfloat16', and "
                "'mixed_float16' or 'mixed_bfloat16'."
            )
        return dtype, dtype

    name = read_only("_name", "The name of the policy.")
    compute_dtype = read_only(
        "_compute_dtype", "The dtype layers compute (and return) in."
    )
    variable_dtype = read_only(
        "_variable_dtype", "The dtype of the layers' variables."
    )

    @property
    def quantization_mode(self):
        """The quantization mode (`"int8"`, ...), `None` for float
        policies."""
        return None

    def convert_input(self, x, autocast, dtype):
        """Casts float inputs to `dtype` when `autocast` is on."""
        if not autocast or not hasattr(x, "dtype"):
            return x
        dtype = backend.standardize_dtype(dtype)
        if backend.is_float_dtype(x.dtype) and x.dtype != dtype:
            return backend.cast(x, dtype)
        return x

    def get_config(self):
        """The policy's config: just its `name`."""
        return {"name": self.name}

    @classmethod
    def from_config(cls, config):
        """Rebuilds a policy from `get_config()` output."""
        return cls(**config)

    def __repr__(self):
        return f'<DTypePolicy "{self._name}">'

    def __eq__(self, other):
        if not isinstance(other, DTypePolicy):
            return False
        return (
            other.name == self.name
            and other.quantization_mode == self.quantization_mode
            and other.get_config() == self.get_config()
        )

    __hash__ = object.__hash__


@keras_export(
    ["keras.FloatDTypePolicy", "keras.dtype_policies.FloatDTypePolicy"]
)
class FloatDTypePolicy(DTypePolicy):
    """The former name of `DTypePolicy` for float policies; it behaves
    exactly like `DTypePolicy` (and prints as one)."""


# Quantization modes a `QuantizedDTypePolicy` name may start with.
QUANTIZATION_MODES = ("int8", "float8", "int4", "ternary", "gptq", "awq")


@keras_export("keras.dtype_policies.QuantizedDTypePolicy")
class QuantizedDTypePolicy(DTypePolicy):
    """A dtype policy for layers whose weights are quantized.

    Its name is `"<mode>_from_<source_name>"`, e.g.
    `"int8_from_mixed_bfloat16"`: the compute and variable dtypes are
    those of the float policy `source_name`, and `quantization_mode` names
    how the weights are stored.

    Args:
        mode: The quantization mode, one of `"int8"`, `"float8"`, `"int4"`,
            `"ternary"`, `"gptq"`, `"awq"`.
        source_name: The float policy the layer computes with; defaults to
            the global policy.
    """

    _modes = QUANTIZATION_MODES

    def __init__(self, mode, source_name=None):
        self._check_mode(mode)
        if source_name is None:
            source_name = _global_source_name()
        if not isinstance(source_name, str):
            raise TypeError(
                "'name' must be a string, such as 'mixed_bfloat16'. "
                f"Received: source_name={source_name} (of type "
                f"{type(source_name)})"
            )
        compute_dtype, variable_dtype = DTypePolicy._parse(source_name)
        if mode == "int8" and compute_dtype == "float16":
            raise ValueError(
                f"Quantization mode '{mode}' doesn't work well with the "
                "compute dtype float16: its range is too narrow for the "
                "rescaled values. Use a bfloat16 or float32 source policy. "
                f"Received: source_name={source_name}"
            )
        self._mode = mode
        self._source_name = source_name
        self._name = f"{mode}_from_{source_name}"
        self._compute_dtype = compute_dtype
        self._variable_dtype = variable_dtype

    def _check_mode(self, mode):
        if mode not in self._modes:
            raise ValueError(
                "Invalid quantization mode. Expected one of "
                f"{self._modes}. Received: mode={mode}"
            )

    quantization_mode = read_only(
        "_mode", 'The quantization mode, e.g. `"int8"`.'
    )
    source_name = read_only(
        "_source_name", "The name of the float policy layers compute with."
    )

    def get_config(self):
        return {"mode": self._mode, "source_name": self._source_name}

    def __repr__(self):
        return f'<{self.__class__.__name__} "{self._name}">'


@keras_export("keras.dtype_policies.QuantizedFloat8DTypePolicy")
class QuantizedFloat8DTypePolicy(QuantizedDTypePolicy):
    """A `QuantizedDTypePolicy` for float8 training.

    Args:
        mode: Must be `"float8"`.
        source_name: The float policy the layer computes with; defaults to
            the global policy.
        amax_history_length: How many past maximum absolute values the
            float8 scaling factors are computed from.
    """

    _modes = ("float8",)
    default_amax_history_length = 1024

    def __init__(self, mode, source_name=None, amax_history_length=1024):
        super().__init__(mode=mode, source_name=source_name)
        if not isinstance(amax_history_length, int) or isinstance(
            amax_history_length, bool
        ):
            raise TypeError(
                "`amax_history_length` must be an integer. Received: "
                f"amax_history_length={amax_history_length}"
            )
        self._amax_history_length = amax_history_length

    amax_history_length = read_only(
        "_amax_history_length",
        "How many past maximum absolute values the float8 scaling factors "
        "are computed from.",
    )

    def get_config(self):
        config = super().get_config()
        config["amax_history_length"] = self._amax_history_length
        return config


class _SuffixedModePolicy(QuantizedDTypePolicy):
    """A quantized policy whose full mode adds settings to the quantization
    mode after slashes (`"int4/64"`, `"gptq/4/128"`): the full mode names
    the policy and is saved in its config, while `mode` and
    `quantization_mode` give the part before the first slash."""

    def _set_full_mode(self, full_mode):
        """Records `full_mode` (after `__init__` of the base policy)."""
        self._full_mode = full_mode
        self._name = f"{full_mode}_from_{self._source_name}"

    @property
    def mode(self):
        """The quantization scheme without its settings, e.g. `"int4"`."""
        return self.quantization_mode

    def get_config(self):
        return {"mode": self._full_mode, "source_name": self._source_name}


@keras_export("keras.dtype_policies.Int4DTypePolicy")
class Int4DTypePolicy(_SuffixedModePolicy):
    """A quantized policy for int4 weights with grouped scales.

    The mode reads `"int4/<block_size>"`: `block_size` consecutive input
    features share one scale and zero point (`-1` means one scale per
    output channel). A plain `"int4"` mode (per-channel scales) is a
    `QuantizedDTypePolicy`.

    Args:
        mode: `"int4/<block_size>"`, e.g. `"int4/128"` (`"int4/None"`, an
            older spelling of `"int4/-1"`, is read as that).
        source_name: The float policy the layer computes with; defaults to
            the global policy.

    Example:

    >>> policy = keras.dtype_policies.get("int4/64_from_bfloat16")
    >>> policy.block_size, policy.quantization_mode, policy.compute_dtype
    (64, 'int4', 'bfloat16')
    """

    def __init__(self, mode, source_name=None):
        parts = mode.split("/") if isinstance(mode, str) else []
        if len(parts) != 2 or parts[0] != "int4":
            raise ValueError(
                "Invalid mode for Int4DTypePolicy: expected "
                f"'int4/<block_size>'. Received: mode={mode!r}"
            )
        if parts[1] == "None":
            # Older saves wrote per-channel as `int4/None`; it is `int4/-1`.
            parts[1] = "-1"
            mode = "int4/-1"
        try:
            block_size = int(parts[1])
        except ValueError:
            raise ValueError(
                "Invalid mode for Int4DTypePolicy: <block_size> must be an "
                f"integer in 'int4/<block_size>'. Received: mode={mode!r}"
            ) from None
        if block_size != -1 and block_size <= 0:
            raise ValueError(
                "Invalid block_size in mode: expected -1 (per-channel) or a "
                f"positive integer (sub-channel). Received: {block_size} "
                f"from mode={mode!r}"
            )
        super().__init__(mode="int4", source_name=source_name)
        self.block_size = block_size
        self._set_full_mode(mode)


@keras_export("keras.dtype_policies.TernaryDTypePolicy")
class TernaryDTypePolicy(QuantizedDTypePolicy):
    """The quantized policy of layers with ternary weights.

    A layer under this policy stores its kernel as values in `{-1, 0, 1}`
    packed five to a byte, with one float scale for the whole kernel
    (see `Dense.quantize`). Its name reads `"ternary_from_<source_name>"`.

    Args:
        mode: Must be `"ternary"`.
        source_name: The float policy the layer computes with; defaults to
            the global policy.

    Example:

    >>> policy = keras.dtype_policies.get("ternary_from_bfloat16")
    >>> policy.quantization_mode, policy.compute_dtype
    ('ternary', 'bfloat16')
    """

    _modes = ("ternary",)


class _BitsAndGroupPolicy(_SuffixedModePolicy):
    """A quantized policy whose mode reads `"<mode>/<bits>/<group_size>"`
    (e.g. `"gptq/4/128"`)."""

    _base_mode = None
    _allowed_bits = ()

    def __init__(self, mode, source_name=None):
        parts = mode.split("/") if isinstance(mode, str) else []
        if len(parts) != 3 or parts[0] != self._base_mode:
            raise ValueError(
                f"Invalid mode for {self.__class__.__name__}: expected "
                f"'{self._base_mode}/<weight_bits>/<group_size>'. "
                f"Received: mode={mode}"
            )
        try:
            weight_bits, group_size = int(parts[1]), int(parts[2])
        except ValueError:
            raise ValueError(
                f"Invalid mode for {self.__class__.__name__}: the weight "
                f"bits and group size must be integers. Received: mode={mode}"
            ) from None
        self._check_bits(weight_bits)
        self.weight_bits = weight_bits
        self.group_size = group_size
        super().__init__(mode=self._base_mode, source_name=source_name)
        self._set_full_mode(mode)

    def _check_bits(self, weight_bits):
        if weight_bits not in self._allowed_bits:
            raise ValueError(
                f"{self.__class__.__name__} supports weight bits "
                f"{self._allowed_bits}. Received: {weight_bits}"
            )


@keras_export("keras.dtype_policies.GPTQDTypePolicy")
class GPTQDTypePolicy(_BitsAndGroupPolicy):
    """Quantized policy for GPTQ weights.

    Args:
        mode: `"gptq/<weight_bits>/<group_size>"`, e.g. `"gptq/4/128"`.
        source_name: The float policy the layer computes with; defaults to
            the global policy.
    """

    _base_mode = "gptq"
    _allowed_bits = (2, 3, 4, 8)


@keras_export("keras.dtype_policies.AWQDTypePolicy")
class AWQDTypePolicy(_BitsAndGroupPolicy):
    """Quantized policy for AWQ weights (4-bit only).

    Args:
        mode: `"awq/4/<group_size>"`, e.g. `"awq/4/128"`.
        source_name: The float policy the layer computes with; defaults to
            the global policy.
    """

    _base_mode = "awq"
    _allowed_bits = (4,)

    def _check_bits(self, weight_bits):
        if weight_bits != 4:
            raise ValueError(
                "AWQDTypePolicy only supports 4-bit weights. Received: "
                f"weight_bits={weight_bits}"
            )


def _global_source_name():
    """The float policy name of the global policy."""
    policy = global_state.get_global_attribute("dtype_policy")
    if policy is None:
        return backend.floatx()
    if isinstance(policy, QuantizedDTypePolicy):
        return policy.source_name
    return policy.name


def _get_quantized_dtype_policy_by_str(policy):
    """Builds a quantized policy from its name, e.g.
    `"int8_from_mixed_bfloat16"` or `"gptq/4/128_from_float32"`."""
    if not isinstance(policy, str):
        raise TypeError(
            "The quantized policy name must be a string. Received: "
            f"policy={policy} (of type {type(policy)})"
        )
    if not policy.startswith(QUANTIZATION_MODES):
        raise ValueError(
            f"The dtype policy '{policy}' is incompatible with the current "
            "supported quantization. Its name must start with one of "
            f"{QUANTIZATION_MODES}."
        )
    parts = policy.split("_from_")
    if len(parts) != 2:
        raise ValueError(
            "Cannot convert `policy` into a valid pair of quantization mode "
            "and source policy: expected '<mode>_from_<source_name>'. "
            f"Received: policy={policy}"
        )
    mode, source_name = parts
    if mode == "float8":
        return QuantizedFloat8DTypePolicy(mode, source_name)
    if mode.startswith("int4/"):
        return Int4DTypePolicy(mode, source_name)
    if mode == "ternary":
        return TernaryDTypePolicy(mode, source_name)
    if mode.startswith("gptq/"):
        return GPTQDTypePolicy(mode, source_name)
    if mode.startswith("awq/"):
        return AWQDTypePolicy(mode, source_name)
    return QuantizedDTypePolicy(mode, source_name)


def _policy_from_str(name):
    if name.startswith(QUANTIZATION_MODES):
        return _get_quantized_dtype_policy_by_str(name)
    return DTypePolicy(name)


ALL_POLICY_CLASSES = {
    cls.__name__: cls
    for cls in (
        DTypePolicy,
        FloatDTypePolicy,
        QuantizedDTypePolicy,
        QuantizedFloat8DTypePolicy,
        Int4DTypePolicy,
        TernaryDTypePolicy,
        GPTQDTypePolicy,
        AWQDTypePolicy,
    )
}


@keras_export(
    [
        "keras.config.set_dtype_policy",
        "keras.mixed_precision.set_dtype_policy",
        "keras.mixed_precision.set_global_policy",
    ]
)
def set_dtype_policy(policy):
    """Sets the default dtype policy of layers created afterwards.

    Args:
        policy: A `DTypePolicy` or its name, e.g. `"mixed_bfloat16"`.

    Example:

    >>> keras.config.set_dtype_policy("mixed_bfloat16")
    >>> keras.layers.Dense(2).compute_dtype
    'bfloat16'
    >>> keras.config.set_dtype_policy("float32")
    """
    if isinstance(policy, str):
        policy = _policy_from_str(policy)
    elif not isinstance(policy, DTypePolicy):
        raise ValueError(
            "Invalid `policy` argument: expected a `DTypePolicy` or the "
            f"name of one (a string). Received: policy={policy}"
        )
    global_state.set_global_attribute(_GLOBAL_KEY, policy)


@keras_export(
    [
        "keras.config.dtype_policy",
        "keras.mixed_precision.dtype_policy",
        "keras.mixed_precision.global_policy",
    ]
)
def dtype_policy():
    """Returns the default dtype policy (floatx unless set)."""
    chosen = global_state.get_global_attribute(_GLOBAL_KEY)
    return DTypePolicy(backend.floatx()) if chosen is None else chosen


@keras_export("keras.dtype_policies.serialize")
def serialize(dtype_policy):
    """Returns the config dict (with its class name) of a dtype policy.

    Args:
        dtype_policy: A `DTypePolicy` instance.

    Returns:
        A dict that `deserialize()` turns back into the policy.
    """
    from keras.src.saving import serialization_lib

    return serialization_lib.serialize_keras_object(dtype_policy)


@keras_export("keras.dtype_policies.deserialize")
def deserialize(config, custom_objects=None):
    """Returns the dtype policy described by a dict from `serialize()`.

    Args:
        config: The serialized policy.
        custom_objects: Optional dict mapping names to custom classes.

    Returns:
        A `DTypePolicy` instance.
    """
    from keras.src.dtype_policies.dtype_policy_map import DTypePolicyMap
    from keras.src.saving import serialization_lib

    return serialization_lib.deserialize_keras_object(
        config,
        module_objects={**ALL_POLICY_CLASSES, "DTypePolicyMap": DTypePolicyMap},
        custom_objects=custom_objects,
    )


@keras_export("keras.dtype_policies.get")
def get(identifier):
    """Returns a `DTypePolicy` from a policy, a name, a config or `None`.

    Args:
        identifier: A `DTypePolicy`, a policy name (`"mixed_bfloat16"`,
            `"int8_from_float32"`...), a dict from `serialize()`, a dtype,
            or `None` for the global policy.

    Returns:
        A `DTypePolicy` instance.
    """
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        if "class_name" in identifier:
            return deserialize(identifier)
        return DTypePolicy.from_config(identifier.get("config", identifier))
    if isinstance(identifier, str):
        return _policy_from_str(identifier)
    try:
        return DTypePolicy(backend.standardize_dtype(identifier))
    except Exception:
        raise ValueError(
            "Cannot interpret `dtype` argument. Expected a string or an "
            f"instance of DTypePolicy. Received: dtype={identifier}"
        )
