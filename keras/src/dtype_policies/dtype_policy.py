"""Dtype policies: which dtype a layer computes in and stores variables in."""

from keras.src import backend
from keras.src.api_export import keras_export
from keras.src.backend.common import global_state

# Global-state slot of the policy set by `set_dtype_policy`.
_GLOBAL_KEY = "dtype_policy"


@keras_export(["keras.DTypePolicy", "keras.dtype_policies.DTypePolicy"])
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
            name = backend.floatx()
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

    @property
    def name(self):
        return self._name

    @property
    def compute_dtype(self):
        return self._compute_dtype

    @property
    def variable_dtype(self):
        return self._variable_dtype

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
        return isinstance(other, DTypePolicy) and other.name == self.name

    __hash__ = object.__hash__


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
    if not isinstance(policy, DTypePolicy):
        policy = DTypePolicy(policy)  # a name such as "mixed_float16"
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


def get(identifier):
    """Returns a `DTypePolicy` from a policy, a name, a config or `None`."""
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return DTypePolicy.from_config(identifier.get("config", identifier))
    if isinstance(identifier, str):
        return DTypePolicy(identifier)
    try:
        return DTypePolicy(backend.standardize_dtype(identifier))
    except Exception:
        raise ValueError(
            "Cannot interpret `dtype` argument. Expected a string or an "
            f"instance of DTypePolicy. Received: dtype={identifier}"
        )
