"""`DTypePolicyMap`: dtype policies chosen per layer path."""

import re
from collections.abc import MutableMapping

from keras.src.api_export import keras_export
from keras.src.dtype_policies import dtype_policy as policy_lib


@keras_export("keras.dtype_policies.DTypePolicyMap")
class DTypePolicyMap(policy_lib.DTypePolicy, MutableMapping):
    """A dict-like collection of dtype policies keyed by layer path.

    Passed as the `dtype` of a layer (usually of a model's sublayers, all
    given the same map), each layer takes the policy stored under its own
    path, e.g. `"decoder/block_0/attention/query"`. A key matches a path
    when it equals it, or when the key, read as a regular expression,
    matches the whole path (`"decoder/.*"`); a path matched by several
    regular expressions is an error. Paths without a match get
    `default_policy`.

    This is how a model whose layers were quantized one by one (each with
    its own quantized policy) records those policies in its config.

    Args:
        default_policy: The policy of paths without a match (a policy or
            its name). `None` follows `keras.config.dtype_policy()`, also
            when the map is rebuilt from its config: the stored policies
            then take the float part of the global policy current at
            loading time.
        policy_map: Optional dict of initial `{path: policy}` entries.

    Example:

    >>> policies = keras.dtype_policies.DTypePolicyMap()
    >>> policies["encoder/dense"] = "int8_from_float32"
    >>> policies["decoder/.*"] = "bfloat16"
    >>> policies["decoder/head"].name
    'bfloat16'
    >>> policies["encoder/norm"].name  # no match: the default
    'float32'
    """

    def __init__(self, default_policy=None, policy_map=None):
        if isinstance(default_policy, DTypePolicyMap):
            raise ValueError(
                "`default_policy` cannot be a `DTypePolicyMap`. Received: "
                f"default_policy={default_policy!r}"
            )
        if policy_map is not None and not isinstance(policy_map, dict):
            raise TypeError(
                "If specified, `policy_map` must be a dict. Received: "
                f"policy_map={policy_map!r} of type {type(policy_map)}"
            )
        self._default_policy_arg = default_policy
        self._policies = {}
        for key, value in (policy_map or {}).items():
            self[key] = value

    # ------------------------------------------------------- the default
    @property
    def default_policy(self):
        """The policy of paths without a match (the global policy when the
        map was created without one)."""
        return policy_lib.get(self._default_policy_arg)

    @property
    def name(self):
        return f"map_{self.default_policy.name}"

    @property
    def compute_dtype(self):
        return self.default_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self.default_policy.variable_dtype

    @property
    def quantization_mode(self):
        return self.default_policy.quantization_mode

    def convert_input(self, x, autocast, dtype):
        return self.default_policy.convert_input(x, autocast, dtype)

    # ---------------------------------------------------------- mapping
    def __getitem__(self, path):
        if path in self._policies:
            return self._policies[path]
        matches = [key for key in self._policies if _full_match(key, path)]
        if len(matches) > 1:
            raise ValueError(
                f"Path '{path}' matches multiple dtype policy specification "
                f"keys: {matches}. Each path may match at most one key of "
                "the DTypePolicyMap: make the regular expressions "
                "disjoint."
            )
        if matches:
            return self._policies[matches[0]]
        return self.default_policy

    def __setitem__(self, key, policy):
        if isinstance(policy, DTypePolicyMap):
            raise ValueError(
                "A DTypePolicyMap cannot hold another DTypePolicyMap. "
                f"Received: {policy!r} for key '{key}'."
            )
        if not isinstance(policy, policy_lib.DTypePolicy):
            try:
                policy = policy_lib.get(policy)
            except Exception:
                raise ValueError(
                    "Cannot interpret the assigned value. Expected a "
                    "`DTypePolicy`, a policy name or a serialized policy. "
                    f"Received: {policy!r} for key '{key}'."
                ) from None
        if key in self._policies:
            # Two layers of one path (the towers of a two-encoder model,
            # each a nested model) may record the same policy; a different
            # one would silently change the first layer's.
            if _same_policy(self._policies[key], policy):
                return
            raise ValueError(
                f"{key} already exist in the DTypePolicyMap with value="
                f"{self._policies[key]}. Delete it first to replace it."
            )
        self._policies[key] = policy

    def __delitem__(self, key):
        del self._policies[key]

    def __iter__(self):
        return iter(self._policies)

    def __len__(self):
        return len(self._policies)

    def __contains__(self, key):
        return key in self._policies

    # ----------------------------------------------------------- config
    def get_config(self):
        """The map's config: `default_policy` as given and each entry
        serialized. With no default policy (the global one is followed),
        the entries are stored without their float part, which loading
        then takes from the global policy."""
        follow_global = self._default_policy_arg is None
        entries = {}
        for key, policy in self._policies.items():
            config = policy_lib.serialize(policy)
            if follow_global:
                config = _without_float_part(config)
            entries[key] = config
        default = self._default_policy_arg
        if isinstance(default, policy_lib.DTypePolicy):
            default = default.name
        return {"default_policy": default, "policy_map": entries}

    @classmethod
    def from_config(cls, config, custom_objects=None):
        entries = {}
        for key, value in dict(config.get("policy_map") or {}).items():
            if isinstance(value, dict):
                value = policy_lib.deserialize(
                    value, custom_objects=custom_objects
                )
            entries[key] = value
        return cls(
            default_policy=config.get("default_policy"), policy_map=entries
        )

    def __repr__(self):
        mapping = [(key, policy.name) for key, policy in self._policies.items()]
        return (
            f"<DTypePolicyMap at {hex(id(self))} "
            f"default_policy={self.default_policy.name}, mapping={mapping}>"
        )

    def __eq__(self, other):
        if not isinstance(other, DTypePolicyMap):
            return False
        return (
            self._default_policy_arg == other._default_policy_arg
            and self._policies == other._policies
        )

    __hash__ = object.__hash__


def _same_policy(first, second):
    return policy_lib.serialize(first) == policy_lib.serialize(second)


def _full_match(key, path):
    try:
        return re.fullmatch(key, path) is not None
    except re.error:
        return False


def _without_float_part(config):
    """A serialized policy whose float source is left to the global
    policy at loading time."""
    config = dict(config)
    inner = dict(config["config"])
    for field in ("name", "source_name"):
        if field in inner:
            inner[field] = None
    config["config"] = inner
    return config
