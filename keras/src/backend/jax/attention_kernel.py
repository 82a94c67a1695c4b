"""The fused attention kernel behind `dot_product_attention`.

JAX ships Pallas attention kernels for TPU ("splash attention"): they never
write the `(T, S)` score matrix to memory, skip blocks that a causal mask
hides, and have their own backward pass. This module decides whether a call
of `keras.ops.dot_product_attention` can run on that kernel and runs it.

What the kernel computes here, for inputs laid out as Keras lays them out,
`(batch, positions, heads, head_dim)`:

* the plain softmax attention with `scale`, optionally with logits
  soft-capped (`cap * tanh(logits / cap)`);
* a causal mask (`is_causal=True`, query `t` sees keys `s <= t`);
* a key-padding mask: a boolean mask whose heads and query axes have size
  one, `(batch or 1, 1, 1, S)`, as padding masks are (`key_mask[b, s]`
  says whether key `s` of sample `b` exists); it becomes the kernel's
  segment ids. A query that sees no key at all gets what the plain path
  gives it (the mean of the values over every key);
* a dense boolean mask `(batch or 1, 1, T, S)`, as models build them
  (keras-hub's decoders, the attention layers' combined masks): it is
  matched at run time against the two forms the kernel has, "causal and
  padding" (`mask[b, t, s] = live[b, t] and valid[b, s] and s <= t`) and
  "padding" (the same without `s <= t`); one `lax.switch` takes the
  kernel when the mask has either form and the plain computation
  otherwise (`attend_dense`);
* a sliding window (`attend(..., window=w)`: query `t` sees keys with
  `|t - s| < w`), which the attention layers pass for `sliding_window`;
* grouped-query heads (fewer key/value heads than query heads) without
  repeating keys and values;
* under a `keras.distribution`, one kernel per shard (`shard_map` over the
  batch axes and, where the head counts divide, the model axes).

Additive biases and masks of any other shape (a mask per head) have no
kernel form: those calls take the plain path (or raise where
`flash_attention=True` asked for the kernel). Sequence lengths must be
multiples of 128, the kernel's smallest block.

The kernel exists on TPU only. `interpret_on_cpu()` runs it in Pallas'
interpreter on any platform, which is how the tests on CPU check it against
the plain path.
"""

import contextlib
import functools
import threading

import jax
import jax.numpy as jnp
import numpy as np

from keras.src.backend.common import current_distribution

# Smallest block the kernel accepts; sequence lengths must be multiples.
_MIN_BLOCK = 128
# Block sizes, from the largest down: a sequence gets the largest that
# divides it and is at most half its length (at least 128). Measured on a
# TPU v5e (benchmarks/accelerator_benchmark.py, causal, 16 heads of 64,
# forward + backward, separate backward kernels): at 1k context 512
# blocks took 2.65 ms (1024: 2.70, 128: 9.66); at 4k 1024 blocks 5.67 ms
# (512: 6.18, 128: 33.4); at 16k 1024 blocks 33.9 ms (512: 41.2, 128: 270).
# With the fused backward kernel (`_block_sizes`) the order is the same.
_BLOCK_CHOICES = (1024, 512, 256, 128)
_DTYPES = (jnp.dtype("float32"), jnp.dtype("bfloat16"))

_state = threading.local()


@contextlib.contextmanager
def interpret_on_cpu():
    """Runs the kernel in Pallas' interpreter, on any platform.

    Inside this context the kernel path is available without a TPU (slowly:
    for tests that compare it with the plain path).
    """
    previous = getattr(_state, "interpret", False)
    _state.interpret = True
    try:
        yield
    finally:
        _state.interpret = previous


def interpreting():
    """Whether `interpret_on_cpu()` is in force."""
    return getattr(_state, "interpret", False)


def _platform():
    return jax.devices()[0].platform


def unavailable_reason(query, key, value, bias, mask, dtype=None):
    """Why the kernel cannot compute this call, or `None` when it can.

    Args:
        query, key, value: `(B, T, H, D)`, `(B, S, Hk, D)`, `(B, S, Hk, D)`.
        bias: The additive bias, or `None`.
        mask: The boolean mask, or `None`.

    Returns:
        A sentence naming what prevents the kernel, or `None`.
    """
    if not interpreting() and _platform() != "tpu":
        return (
            f"the fused attention kernel exists on TPU only (running on "
            f"{_platform()})"
        )
    if bias is not None:
        return "an additive `bias` has no fused form"
    if mask is not None and mask_form(mask, query, key) is None:
        return (
            f"a mask of shape {tuple(mask.shape)} has no fused form (only "
            "masks shared by the heads, (batch, 1, 1, kv_length) or "
            "(batch, 1, q_length, kv_length), do)"
        )
    for name, tensor in (("query", query), ("key", key), ("value", value)):
        if jnp.dtype(tensor.dtype) not in _DTYPES:
            return (
                f"{name} has dtype {tensor.dtype}; the kernel takes float32 "
                "or bfloat16"
            )
    if key.shape[-1] != value.shape[-1]:
        return "keys and values of different head sizes"
    for name, length in (("query", query.shape[1]), ("key", key.shape[1])):
        if not isinstance(length, int) or length % _MIN_BLOCK:
            return (
                f"the {name} length {length} is not a multiple of {_MIN_BLOCK}"
            )
    return None


def mask_form(mask, query, key):
    """How the kernel reads a 4D boolean `mask`: `"padding"` for a
    key-padding mask `(B or 1, 1, 1, S)`, `"dense"` for a mask shared by
    the heads `(B or 1, 1, T, S)`, `None` for any other."""
    if mask.ndim != 4 or mask.shape[1] != 1:
        return None
    if (
        mask.shape[0] not in (1, query.shape[0])
        or mask.shape[3] != key.shape[1]
    ):
        return None
    if mask.shape[2] == 1:
        return "padding"
    if mask.shape[2] == query.shape[1]:
        return "dense"
    return None


def key_padding(mask, batch_size):
    """The `(B, S)` key-validity vector of a key-padding mask, or `None`.

    A mask is a key-padding mask when it is 4D with heads and query axes of
    size one: `(B or 1, 1, 1, S)`.
    """
    if mask.ndim != 4 or mask.shape[1] != 1 or mask.shape[2] != 1:
        return None
    valid = mask[:, 0, 0, :]
    if valid.shape[0] != batch_size:
        valid = jnp.broadcast_to(valid, (batch_size, valid.shape[-1]))
    return valid


def _block(length):
    """The kernel's block size along a sequence of `length` positions (a
    multiple of 128)."""
    for size in _BLOCK_CHOICES:
        if length % size == 0 and size <= max(_MIN_BLOCK, length // 2):
            return size
    raise AssertionError(length)


def _block_sizes(q_len, kv_len):
    """The kernel's blocks, with one fused backward kernel for the three
    gradients (on a TPU v5e, causal forward + backward at 1k context:
    2.14 ms against 2.66 with separate dq and dkv kernels; at 4k 4.71
    against 5.66)."""
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_kernel as splash,
    )

    bq, bkv = _block(q_len), _block(kv_len)
    return splash.BlockSizes(
        block_q=bq,
        block_kv=bkv,
        block_kv_compute=bkv,
        block_q_dkv=bq,
        block_kv_dkv=bkv,
        block_kv_dkv_compute=bkv,
        use_fused_bwd_kernel=True,
    )


@functools.lru_cache(maxsize=64)
def _kernel(heads, q_len, kv_len, causal, window, grouped, soft_cap, interpret):
    """The splash kernel of one sample: `(heads, T, D)` queries against
    `(heads, S, D)` keys and values, or `(S, D)` ones when `grouped`."""
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_kernel as splash,
    )
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_mask as masks,
    )

    shape = (q_len, kv_len)
    if window is not None:
        # Query `t` sees keys `s` with `|t - s| < window` (and `s <= t`).
        sides = (window - 1, 0 if causal else window - 1)
        head_mask = masks.LocalMask(shape, window_size=sides, offset=0)
    elif causal:
        head_mask = masks.CausalMask(shape)
    else:
        head_mask = masks.FullMask(shape)
    make = splash.make_splash_mqa if grouped else splash.make_splash_mha
    # The kernel's block tables are constants, also when it is first made
    # inside a trace: cached tracers would leak into later traces.
    with jax.ensure_compile_time_eval():
        return make(
            masks.MultiHeadMask([head_mask] * heads),
            block_sizes=_block_sizes(q_len, kv_len),
            attn_logits_soft_cap=soft_cap,
            head_shards=1,
            q_seq_shards=1,
            interpret=interpret,
        )


def _attend_local(
    query, key, value, key_valid, *, scale, causal, window, soft_cap
):
    """The kernel over unsharded (or per-shard) `(B, T, H, D)` inputs."""
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_kernel as splash,
    )

    batch, q_len, heads, head_dim = query.shape
    kv_len, kv_heads = key.shape[1], key.shape[2]
    dtype = query.dtype
    # The kernel applies no scale of its own.
    q = (query.astype("float32") * scale).astype(dtype)
    q = jnp.transpose(q, (0, 2, 1, 3))  # (B, H, T, D)
    k = jnp.transpose(key, (0, 2, 1, 3))  # (B, Hk, S, D)
    v = jnp.transpose(value, (0, 2, 1, 3))
    interpret = interpreting()
    if key_valid is None:
        segments = None
    else:
        segments = splash.SegmentIds(
            q=jnp.ones((batch, q_len), "int32"),
            kv=key_valid.astype("int32"),
        )
    if heads == kv_heads:
        kernel = _kernel(
            heads, q_len, kv_len, causal, window, False, soft_cap, interpret
        )
        out = jax.vmap(kernel)(q, k, v, segments)
    else:
        group = heads // kv_heads
        kernel = _kernel(
            group, q_len, kv_len, causal, window, True, soft_cap, interpret
        )
        q = q.reshape(batch, kv_heads, group, q_len, head_dim)
        per_kv_head = jax.vmap(kernel, in_axes=(0, 0, 0, None))
        out = jax.vmap(per_kv_head)(q, k, v, segments)
        out = out.reshape(batch, heads, q_len, head_dim)
    out = jnp.transpose(out, (0, 2, 1, 3)).astype(dtype)
    if key_valid is not None:
        out = _fill_blind_queries(out, value, key_valid, causal, window)
    return out


def queries_seeing_keys(key_valid, q_len, causal, window=None):
    """`(B, T)` booleans: whether each query sees at least one key.

    Args:
        key_valid: `(B, S)` booleans, the keys that exist.
        q_len: The number of queries `T`.
        causal: Whether query `t` only sees keys `s <= t`.
        window: Optional int: query `t` only sees keys with
            `|t - s| < window`.
    """
    key_valid = jnp.asarray(key_valid, "bool")
    kv_len = key_valid.shape[-1]
    t = np.arange(q_len)
    first = np.zeros(q_len, int) if window is None else t - (window - 1)
    if causal:
        last = t
    elif window is None:
        last = np.full(q_len, kv_len - 1)
    else:
        last = t + (window - 1)
    first = np.clip(first, 0, kv_len)
    last = np.clip(last, -1, kv_len - 1)
    # Keys seen = those in [first, last]: a difference of running counts.
    counts = jnp.cumsum(key_valid.astype("int32"), axis=-1)
    counts = jnp.pad(counts, ((0, 0), (1, 0)))  # counts[:, i] = sum(< i)
    seen = counts[:, last + 1] - counts[:, first]
    return seen > 0


def mean_of_values(value, heads, dtype):
    """`(B, 1, heads, D)`: the mean of `value` `(B, S, Hk, D)` over every
    key, each key/value head repeated for its query heads. It is what the
    plain softmax gives a query whose logits are all masked."""
    mean = jnp.mean(jnp.asarray(value).astype("float32"), 1, keepdims=True)
    return jnp.repeat(mean, heads // value.shape[2], axis=2).astype(dtype)


def _fill_blind_queries(out, value, key_valid, causal, window):
    """Gives queries that see no key the plain path's answer: every logit
    equally masked, so the mean of the values over all keys."""
    sees_any = queries_seeing_keys(key_valid, out.shape[1], causal, window)
    mean = mean_of_values(value, out.shape[2], out.dtype)
    return jnp.where(sees_any[:, :, None, None], out, mean)


def _shard_specs(query, key):
    """`(mesh, batch_axes, head_axes)` of the current distribution, the
    axes chosen only where they divide the sizes; `None` without one."""
    dist = current_distribution.get()
    if dist is None:
        return None
    device_mesh = dist.device_mesh
    if int(np.prod(device_mesh.shape)) == 1:
        return None
    batch_axes = tuple(dist.batch_axes)
    if query.shape[0] % device_mesh.axis_size(batch_axes):
        batch_axes = ()
    other = tuple(a for a in device_mesh.axis_names if a not in dist.batch_axes)
    head_axes = other
    if not other or key.shape[2] % device_mesh.axis_size(other):
        head_axes = ()
    return device_mesh.backend_mesh, batch_axes, head_axes


def attend(query, key, value, mask, *, scale, is_causal, soft_cap, window=None):
    """Fused attention of `(B, T, H, D)` tensors (see the module docstring).

    `window`, when given, also limits query `t` to keys with
    `|t - s| < window` (the attention layers' `sliding_window`). The caller
    has checked `unavailable_reason(...)` is `None`.
    """
    key_valid = None if mask is None else key_padding(mask, query.shape[0])
    local = functools.partial(
        _attend_local,
        scale=float(scale),
        causal=bool(is_causal),
        window=None if window is None else int(window),
        soft_cap=None if soft_cap is None else float(soft_cap),
    )
    sharding = _shard_specs(query, key)
    if sharding is None:
        return local(query, key, value, key_valid)
    from jax.sharding import PartitionSpec as P

    mesh, batch_axes, head_axes = sharding
    batch = batch_axes or None
    heads = head_axes or None
    qkv_spec = P(batch, None, heads, None)
    in_specs = (qkv_spec, qkv_spec, qkv_spec)
    args = (query, key, value)
    if key_valid is not None:
        in_specs += (P(batch, None),)
        args += (key_valid,)

    def per_shard(q, k, v, valid=None):
        return local(q, k, v, valid)

    return jax.shard_map(
        per_shard,
        mesh=mesh,
        in_specs=in_specs,
        out_specs=qkv_spec,
        check_vma=False,
    )(*args)


def attend_dense(
    query, key, value, mask, *, scale, is_causal, soft_cap, blind, plain
):
    """Attention under a dense mask, on the kernel when the mask allows.

    The mask (with `is_causal` folded in) is factored at run time: `live`,
    the queries that see some key, and `valid`, the keys that some query
    sees. When the mask equals `live & valid` (the "padding" form), or
    that and `s <= t` (the "causal" form), the kernel computes the
    attention with `valid` as key padding; otherwise `plain` does. Queries
    with no key get `blind`'s value, as the caller's plain path does.

    Args:
        query, key, value: `(B, T, H, D)`, `(B, S, Hk, D)`, `(B, S, Hk, D)`.
        mask: Boolean `(B or 1, 1, T, S)` (see `mask_form`).
        scale, is_causal, soft_cap: As for `attend`.
        blind: `"mean"` (the mean of the values, as the plain
            `dot_product_attention`) or `"zeros"` (as `MultiHeadAttention`).
        plain: `plain(query, key, value, mask)`, the caller's unfused
            computation with the `(B, 1, T, S)` mask (`is_causal` folded
            in). It is rematerialized: taken or not, it keeps no
            `(T, S)` intermediate for the backward pass.

    Returns:
        The attention output `(B, T, H, D)`.
    """
    batch, q_len = query.shape[0], query.shape[1]
    kv_len = key.shape[1]
    mask = jnp.broadcast_to(
        jnp.asarray(mask, "bool"), (batch, 1, q_len, kv_len)
    )
    lower = jnp.asarray(np.tri(q_len, kv_len, dtype=bool))
    if is_causal:
        mask = mask & lower
    dense = mask[:, 0]
    live = jnp.any(dense, axis=2)
    valid = jnp.any(dense, axis=1)
    padding_form = live[:, :, None] & valid[:, None, :]
    causal_form = jnp.all(dense == padding_form & lower)
    fill = (
        mean_of_values(value, query.shape[2], query.dtype)
        if blind == "mean"
        else jnp.zeros((), query.dtype)
    )

    def on_kernel(causal):
        def run(query, key, value, mask):
            out = attend(
                query,
                key,
                value,
                valid[:, None, None, :],
                scale=scale,
                is_causal=causal,
                soft_cap=soft_cap,
            )
            return jnp.where(live[:, :, None, None], out, fill)

        return run

    def on_plain(query, key, value, mask):
        return jax.checkpoint(plain)(query, key, value, mask).astype(
            query.dtype
        )

    # Only the branches that can be taken are compiled: with `is_causal`
    # folded in, the mask is never of the padding form alone.
    if is_causal:
        branch = jnp.where(causal_form, 0, 1)
        branches = (on_kernel(True), on_plain)
    else:
        padding = jnp.all(dense == padding_form)
        branch = jnp.where(causal_form, 0, jnp.where(padding, 1, 2))
        branches = (on_kernel(True), on_kernel(False), on_plain)
    return jax.lax.switch(branch, branches, query, key, value, mask)
