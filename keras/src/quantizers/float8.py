"""float8 layers: the delayed-scaling state they keep, and their matmul
or einsum on float8-rounded operands."""

from keras.src import ops

FLOAT8_VARIABLES = ("inputs", "kernel", "outputs_grad")


def float8_build(layer, amax_history_length):
    """Creates the delayed-scaling state of a float8 layer: for each of
    `FLOAT8_VARIABLES`, a scalar `<name>_scale` (starting at 1) and an
    `<name>_amax_history` of `amax_history_length` zeros. They are
    trainable with `overwrite_with_gradient=True`: the "gradient" the
    layer's custom backward pass returns for them is their new value."""
    for name in FLOAT8_VARIABLES:
        scale = layer.add_weight(
            name=f"{name}_scale",
            shape=(),
            initializer="ones",
            trainable=True,
        )
        history = layer.add_weight(
            name=f"{name}_amax_history",
            shape=(amax_history_length,),
            initializer="zeros",
            trainable=True,
        )
        scale.overwrite_with_gradient = True
        history.overwrite_with_gradient = True
        setattr(layer, f"{name}_scale", scale)
        setattr(layer, f"{name}_amax_history", history)


def float8_variables(layer):
    """The float8 state of `layer` in file order."""
    return [
        getattr(layer, f"{name}_{kind}")
        for name in FLOAT8_VARIABLES
        for kind in ("scale", "amax_history")
    ]


def float8_contract(layer, inputs, kernel, contract, contract_grads):
    """`contract(x, k)` (the layer's matmul or einsum) computed on
    float8-rounded operands, with delayed scaling.

    The inputs and kernel are rounded through `float8_e4m3fn` with the
    layer's current scales. In the backward pass the output gradient is
    rounded through `float8_e5m2`, `contract_grads(x, k, g)` returns the
    gradients `(dx, dk)` of the rounded operands, and the "gradients" of
    the scales and amax histories are their next values: each history
    records the largest magnitude of this step, and each scale is
    recomputed from the previous history.
    """
    from keras.src.quantizers import quantizers

    dtype = layer.compute_dtype

    def next_state(value, scale, history, float8_dtype):
        dtype_max = float(_float8_max(float8_dtype))
        new_scale = quantizers.compute_float8_scale(
            ops.max(history), scale, dtype_max
        )
        new_history = quantizers.compute_float8_amax_history(value, history)
        return new_scale, new_history

    def round_to(value, scale, float8_dtype):
        return quantizers.quantize_and_dequantize(
            value, scale, float8_dtype, dtype
        )

    @ops.custom_gradient
    def contract_float8(
        x, k, x_scale, x_hist, k_scale, k_hist, g_scale, g_hist
    ):
        x_q = round_to(x, x_scale, "float8_e4m3fn")
        k_q = round_to(k, k_scale, "float8_e4m3fn")

        def grad(upstream):
            g_q = round_to(upstream, g_scale, "float8_e5m2")
            dx, dk = contract_grads(x_q, k_q, g_q)
            return (
                dx,
                dk,
                *next_state(x, x_scale, x_hist, "float8_e4m3fn"),
                *next_state(k, k_scale, k_hist, "float8_e4m3fn"),
                *next_state(upstream, g_scale, g_hist, "float8_e5m2"),
            )

        return contract(x_q, k_q), grad

    return contract_float8(
        inputs,
        kernel,
        layer.inputs_scale,
        layer.inputs_amax_history,
        layer.kernel_scale,
        layer.kernel_amax_history,
        layer.outputs_grad_scale,
        layer.outputs_grad_amax_history,
    )


def float8_round(layer, value, scale):
    """`value` rounded through `float8_e4m3fn` with `scale`, in the
    layer's compute dtype (the forward pass of a float8 layer)."""
    from keras.src.quantizers import quantizers

    return quantizers.quantize_and_dequantize(
        value, scale, "float8_e4m3fn", layer.compute_dtype
    )


def _float8_max(float8_dtype):
    import ml_dtypes

    return ml_dtypes.finfo(getattr(ml_dtypes, float8_dtype)).max
