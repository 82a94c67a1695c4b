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
