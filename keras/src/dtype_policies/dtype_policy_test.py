import pytest

from keras.src import dtype_policies
from keras.src.dtype_policies.dtype_policy import DTypePolicy


@pytest.mark.parametrize(
    "name,compute,variable",
    [
        ("float32", "float32", "float32"),
        ("bfloat16", "bfloat16", "bfloat16"),
        ("mixed_bfloat16", "bfloat16", "float32"),
        ("mixed_float16", "float16", "float32"),
    ],
)
def test_policy_dtypes(name, compute, variable):
    policy = DTypePolicy(name)
    assert policy.compute_dtype == compute
    assert policy.variable_dtype == variable
    assert DTypePolicy.from_config(policy.get_config()) == policy


def test_global_policy():
    assert dtype_policies.dtype_policy.dtype_policy().name == "float32"
    dtype_policies.set_dtype_policy("mixed_bfloat16")
    try:
        assert dtype_policies.get(None).compute_dtype == "bfloat16"
    finally:
        dtype_policies.set_dtype_policy("float32")


def test_unknown_policy():
    with pytest.raises(ValueError, match="Cannot convert 'mixed_int3'"):
        DTypePolicy("mixed_int3")


def test_int4_policy_mode_and_legacy_per_channel_name():
    grouped = dtype_policies.get("int4/128_from_float32")
    assert (grouped.mode, grouped.block_size) == ("int4", 128)
    # `int4/None` is the older spelling of per-channel `int4/-1`.
    legacy = dtype_policies.get("int4/None_from_float32")
    assert legacy.name == "int4/-1_from_float32"
    assert legacy.block_size == -1
    assert legacy == dtype_policies.get("int4/-1_from_float32")
    assert legacy.get_config()["mode"] == "int4/-1"
    with pytest.raises(ValueError, match="must be an integer"):
        dtype_policies.get("int4/abc_from_float32")
