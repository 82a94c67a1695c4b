"""Bounds for parity tests: two computations that must agree numerically.

A parity test (marked `@pytest.mark.parity`) compares two computations
that are equal in exact arithmetic: a model trained on a device mesh and
on one device, in several processes and in one, by this package and by
upstream Keras. In float32 they differ by round-off only: sums are taken
in another order (sharded reductions, other fusions) and each instruction
set (`XLA_FLAGS=--xla_cpu_max_isa=...`) rounds differently. The bounds
below follow from that round-off, not from what one processor happens to
produce, so that they hold on any CPU while a real error (a batch shard
dropped, a gradient not reduced over the batch, a wrong layout) still
exceeds them by orders of magnitude.

- `EPS` (2**-23) is the spacing of float32 numbers near 1: one rounding
  changes a value by at most `EPS / 2` of its magnitude.
- Initial weights drawn by a jitted initializer (sharded variables) and
  eagerly, op by op: XLA may fuse `x * scale + offset` into one rounding
  instead of two, so they differ by `INITIALIZER_RTOL = 2 * EPS` of the
  larger of `x * scale` and `offset` (bounded by the largest weight).
- Losses, metrics and model outputs pass through reductions of at most a
  few thousand terms, summed in another order: the difference is bounded
  by about `n * EPS / 2` of the reduced magnitudes, and in practice grows
  like `sqrt(n)`. `OUTPUT_RTOL = 1e-5` (about 80 `EPS`) covers this over a
  few training steps; applied to the largest output magnitude too, so that
  outputs near zero (whose own relative error is unbounded) are covered.
- Gradients: the same, relative to their scale; `GRADIENT_RTOL = 1e-4`
  also covers the growth of these differences through a few steps.
- Weights after gradient descent (SGD, with or without momentum) are the
  initial weights minus a linear combination of the gradients: they differ
  by at most `GRADIENT_RTOL` of the model's largest update, plus one
  rounding of the weight per step.
- Weights after Adam (or other optimizers that normalize the gradients by
  their running magnitude) are NOT comparable elementwise: where a
  gradient is near zero, the normalized update turns its round-off into a
  step of up to the learning rate, of either sign. Compare the losses of
  Adam runs, and the weights of SGD runs.
"""

import numpy as np

EPS = float(np.finfo("float32").eps)
INITIALIZER_RTOL = 2 * EPS
OUTPUT_RTOL = 1e-5
GRADIENT_RTOL = 1e-4


def assert_outputs_close(actual, desired, err_msg=""):
    """Asserts that losses, metrics or outputs agree to float32 round-off.

    Each element may differ by `OUTPUT_RTOL` of its own magnitude plus
    `OUTPUT_RTOL` of the largest magnitude in `desired`.

    Args:
        actual: Array-like (or number) computed one way.
        desired: Array-like (or number) computed the other way.
        err_msg: Text added to the failure message.
    """
    _assert_close_to_scale(actual, np.asarray(desired), OUTPUT_RTOL, err_msg)


def assert_initial_weights_close(actual, desired, err_msg=""):
    """Asserts that two initializations of the same weights agree.

    Each element may differ by `INITIALIZER_RTOL` of its own magnitude plus
    `INITIALIZER_RTOL` of the largest magnitude in `desired`.

    Args:
        actual: The weights initialized one way.
        desired: The weights initialized the other way.
        err_msg: Text added to the failure message.
    """
    desired = np.asarray(desired)
    if not np.issubdtype(desired.dtype, np.floating):
        np.testing.assert_array_equal(actual, desired, err_msg=err_msg)
        return
    _assert_close_to_scale(actual, desired, INITIALIZER_RTOL, err_msg)


def _assert_close_to_scale(actual, desired, rtol, err_msg):
    """Asserts that each element of `actual` differs from its counterpart
    in `desired` (an array) by at most `rtol` of its own magnitude plus
    `rtol` of the largest magnitude in `desired`."""
    scale = float(np.max(np.abs(desired))) if desired.size else 0.0
    np.testing.assert_allclose(
        actual, desired, rtol=rtol, atol=rtol * scale, err_msg=err_msg
    )


def assert_sgd_weights_close(actual, desired, initial, steps, err_msg=""):
    """Asserts that weights trained by SGD agree to gradient round-off.

    `desired` was trained from `initial` by `steps` steps of gradient
    descent (with or without momentum), `actual` by the other computation
    from equal initial values. Each element may differ by `GRADIENT_RTOL`
    of the largest change of any weight of the model, plus one float32
    rounding per step and what `assert_initial_weights_close` allows.

    The whole model's largest change, not the variable's own: a gradient
    that cancels in exact arithmetic (the bias of a layer followed by batch
    normalization) still sums terms of the size of the model's gradients,
    and its round-off is all that moves its variable. Integer variables
    (seed generator states, step counters) must be equal.

    Args:
        actual: The weights trained one way: a list of arrays, or a dict
            `{name: array}`.
        desired: The weights trained the other way, in the same structure.
        initial: The weights `desired` started from, in the same structure.
        steps: The number of optimizer steps.
        err_msg: Text added to the failure message (before the weight's
            name or index).
    """
    names = list(desired) if isinstance(desired, dict) else None
    keys = names if names is not None else range(len(desired))
    triples = [
        (
            np.asarray(actual[key]),
            np.asarray(desired[key]),
            np.asarray(initial[key]),
        )
        for key in keys
    ]
    largest_update = max(
        (
            float(np.max(np.abs(want - start)))
            for _, want, start in triples
            if np.issubdtype(want.dtype, np.floating) and want.size
        ),
        default=0.0,
    )
    for key, (got, want, start) in zip(keys, triples):
        message = f"{err_msg} weight {key!s}".strip()
        if not np.issubdtype(want.dtype, np.floating):
            np.testing.assert_array_equal(got, want, err_msg=message)
            continue
        largest_initial = float(np.max(np.abs(start))) if start.size else 0.0
        np.testing.assert_allclose(
            got,
            want,
            rtol=steps * EPS + INITIALIZER_RTOL,
            atol=GRADIENT_RTOL * largest_update
            + INITIALIZER_RTOL * largest_initial,
            err_msg=message,
        )
