"""The time loop of recurrent layers (`backend.rnn`), on `jax.lax.scan`.

A recurrent layer is a cell applied once per timestep: `step_function(
x_t, states) -> (output_t, new_states)`. `rnn` runs that cell over the
time axis with one `jax.lax.scan` (the cell is traced and compiled once,
whatever the sequence length), or with a Python loop when `unroll=True`.

Masks: where `mask[b, t]` is `False`, sample `b` skips step `t`: its
states are left as they were and its output at `t` repeats the previous
output (zeros before the first kept step), or is zero when
`zero_output_for_mask=True`. The last output is the output of the last
kept step.
"""

import jax
import jax.numpy as jnp

from keras.src.backend.jax.core import convert_to_tensor


def rnn(
    step_function,
    inputs,
    initial_states,
    go_backwards=False,
    mask=None,
    constants=None,
    unroll=False,
    input_length=None,
    time_major=False,
    zero_output_for_mask=False,
    return_all_outputs=True,
):
    """Runs `step_function` over the time axis of `inputs`.

    Args:
        step_function: `f(inputs_t, states) -> (output_t, new_states)`;
            `states` has the structure of `initial_states` (followed by
            `constants`, if any), and `new_states` the same structure.
        inputs: Tensor (or structure of tensors) of shape
            `(batch, time, ...)`, or `(time, batch, ...)` if `time_major`.
        initial_states: List (or structure) of state tensors, each with
            the batch as first axis.
        go_backwards: Whether to iterate from the last timestep to the
            first. The outputs then come in that (reversed) order.
        mask: Optional boolean tensor of shape `(batch, time)` (or
            `(time, batch)` if `time_major`); see the module docstring.
        constants: Optional list of tensors passed to every step after the
            states.
        unroll: Whether to unroll the loop in Python (needs a static
            number of timesteps) instead of using `jax.lax.scan`.
        input_length: Unused; accepted for API compatibility.
        time_major: Whether the time axis comes first in `inputs`.
        zero_output_for_mask: Whether the outputs of masked steps are zero
            (instead of a copy of the previous output).
        return_all_outputs: Whether to return the output of every step
            (otherwise `outputs` holds the last output only).

    Returns:
        `(last_output, outputs, new_states)`: the last output
        `(batch, ...)`, the outputs `(batch, time, ...)` (time first if
        `time_major`) and the final states, structured like
        `initial_states`.
    """
    del input_length
    tree = jax.tree_util
    inputs = tree.tree_map(convert_to_tensor, inputs)
    if not time_major:
        inputs = tree.tree_map(lambda x: jnp.swapaxes(x, 0, 1), inputs)
    if mask is not None:
        mask = convert_to_tensor(mask).astype("bool")
        if mask.ndim > 2:
            # Per-feature masks: a step counts when any entry is kept.
            mask = jnp.any(mask.reshape(mask.shape[:2] + (-1,)), axis=-1)
        if not time_major:
            mask = jnp.swapaxes(mask, 0, 1)
    if go_backwards:
        inputs = tree.tree_map(lambda x: jnp.flip(x, 0), inputs)
        if mask is not None:
            mask = jnp.flip(mask, 0)
    constants = list(constants or [])
    states_def = tree.tree_structure(initial_states)
    state_dtypes = [x.dtype for x in tree.tree_leaves(initial_states)]

    def call_step(x_t, states):
        if constants:
            output, new_states = step_function(
                x_t, list(states) + list(constants)
            )
        else:
            output, new_states = step_function(x_t, states)
        leaves = tree.tree_leaves(new_states)
        if len(leaves) != len(state_dtypes):
            raise ValueError(
                "The step function returned "
                f"{len(leaves)} state tensors, but the loop carries "
                f"{len(state_dtypes)} (the initial states). Each step must "
                "return as many states as it receives."
            )
        # The carry keeps one structure and dtype across steps.
        leaves = [
            jnp.asarray(x).astype(dtype)
            for x, dtype in zip(leaves, state_dtypes)
        ]
        return output, tree.tree_unflatten(states_def, leaves)

    def select(keep, new, old):
        def pick(n, o):
            k = keep.reshape(keep.shape + (1,) * (n.ndim - keep.ndim))
            return jnp.where(k, n, o)

        return tree.tree_map(pick, new, old)

    def masked_step(carry, x_t, keep):
        """One step where `keep` (batch,) says which samples advance."""
        states, previous_output = carry
        output, new_states = call_step(x_t, states)
        new_states = select(keep, new_states, states)
        carried_output = select(keep, output, previous_output)
        if zero_output_for_mask:
            emitted = select(
                keep, output, tree.tree_map(jnp.zeros_like, output)
            )
        else:
            emitted = carried_output
        return (new_states, carried_output), emitted

    num_steps = tree.tree_leaves(inputs)[0].shape[0]
    # A static slice (`x[t]` would be a gather when the batch size is
    # symbolic, as in an export).
    step_input = lambda t: tree.tree_map(  # noqa: E731
        lambda x: jax.lax.index_in_dim(x, t, keepdims=False), inputs
    )

    if unroll:
        if num_steps is None:
            raise ValueError(
                "`unroll=True` needs a known number of timesteps; the input "
                "has an unknown time dimension."
            )
        states = initial_states
        outputs = []
        last_output = None
        for t in range(num_steps):
            x_t = step_input(t)
            if mask is None:
                last_output, states = call_step(x_t, states)
                outputs.append(last_output)
            else:
                if last_output is None:
                    output, _ = jax.eval_shape(call_step, x_t, states)
                    last_output = tree.tree_map(
                        lambda s: jnp.zeros(s.shape, s.dtype), output
                    )
                (states, last_output), emitted = masked_step(
                    (states, last_output), x_t, mask[t]
                )
                outputs.append(emitted)
        if return_all_outputs:
            stacked = tree.tree_map(lambda *xs: jnp.stack(xs), *outputs)
        else:
            stacked = tree.tree_map(lambda x: x[None], last_output)
        return _finish(last_output, stacked, states, time_major)

    if mask is None and return_all_outputs:

        def body(states, x_t):
            output, new_states = call_step(x_t, states)
            return new_states, output

        states, outputs = jax.lax.scan(body, initial_states, inputs)
        last_output = tree.tree_map(
            lambda x: jax.lax.index_in_dim(x, -1, keepdims=False), outputs
        )
        return _finish(last_output, outputs, states, time_major)

    if mask is None:
        keep_all = jnp.ones((num_steps, _batch_size(inputs)), dtype="bool")
        mask = keep_all
    alias = _state_aliased_by_output(call_step, step_input(0), initial_states)
    if alias is not None:
        return _masked_scan_of_aliased_output(
            call_step,
            select,
            inputs,
            initial_states,
            mask,
            alias=alias,
            zero_output_for_mask=zero_output_for_mask,
            return_all_outputs=return_all_outputs,
            time_major=time_major,
        )
    # The loop carries the last output: its shape is that of the first
    # step's output, so the first step runs before the scan.
    first_output, _ = jax.eval_shape(call_step, step_input(0), initial_states)
    zeros = tree.tree_map(lambda s: jnp.zeros(s.shape, s.dtype), first_output)

    def scan_body(carry, step):
        x_t, keep = step
        carry, emitted = masked_step(carry, x_t, keep)
        return carry, (emitted if return_all_outputs else None)

    (states, last_output), outputs = jax.lax.scan(
        scan_body, (initial_states, zeros), (inputs, mask)
    )
    if not return_all_outputs:
        outputs = tree.tree_map(lambda x: x[None], last_output)
    return _finish(last_output, outputs, states, time_major)


def _state_aliased_by_output(call_step, x_t, states):
    """The index of the state leaf that the step returns as its output
    (an LSTM's or GRU's `h`), or `None` if the output is not one array
    that is also a state."""
    closed = jax.make_jaxpr(call_step)(x_t, states)
    outvars = closed.jaxpr.outvars
    num_states = len(jax.tree_util.tree_leaves(states))
    if len(outvars) != num_states + 1:
        return None
    output = outvars[0]
    if not hasattr(output, "aval") or type(output).__name__ != "Var":
        return None
    for index, var in enumerate(outvars[1:]):
        if var is output:
            return index
    return None


def _masked_scan_of_aliased_output(
    call_step,
    select,
    inputs,
    initial_states,
    mask,
    alias,
    zero_output_for_mask,
    return_all_outputs,
    time_major,
):
    """The masked loop when the output is the state leaf `alias`.

    The output then need not be carried: after the masked update, that
    state holds the output of the sample's last kept step, and a sample
    with no kept step yet outputs zeros (`started`, precomputed from the
    mask, tells which samples have had one).
    """
    started = jnp.cumsum(mask.astype("int32"), axis=0) > 0

    def pick_output(states, keep_or_started):
        output = jax.tree_util.tree_leaves(states)[alias]
        return select(keep_or_started, output, jnp.zeros_like(output))

    def scan_body(states, step):
        x_t, keep, started_t = step
        _, new_states = call_step(x_t, states)
        new_states = select(keep, new_states, states)
        if not return_all_outputs:
            return new_states, None
        shown = keep if zero_output_for_mask else started_t
        return new_states, pick_output(new_states, shown)

    states, outputs = jax.lax.scan(
        scan_body, initial_states, (inputs, mask, started)
    )
    last_output = pick_output(
        states, jax.lax.index_in_dim(started, -1, keepdims=False)
    )
    if not return_all_outputs:
        outputs = last_output[None]
    return _finish(last_output, outputs, states, time_major)


def _batch_size(inputs):
    return jax.tree_util.tree_leaves(inputs)[0].shape[1]


def _finish(last_output, outputs, states, time_major):
    if not time_major:
        outputs = jax.tree_util.tree_map(
            lambda x: jnp.swapaxes(x, 0, 1), outputs
        )
    return last_output, outputs, states


def lstm(*args, **kwargs):
    """Fused (cuDNN) LSTM: not available here; the LSTM layer then runs
    its cell with `rnn`."""
    raise NotImplementedError


def gru(*args, **kwargs):
    """Fused (cuDNN) GRU: not available here; the GRU layer then runs its
    cell with `rnn`."""
    raise NotImplementedError


def cudnn_ok(*args, **kwargs):
    """Whether a fused cuDNN kernel could serve the layer: never here."""
    return False
