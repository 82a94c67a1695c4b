"""The fused-kernel path of the attention layers.

`MultiHeadAttention` and `GroupedQueryAttention` build their masks as
`(B, T, S)` tensors, which no kernel can read. When a call's mask is made
only of padding masks, the causal constraint and the sliding window, the
layers hand those pieces to the kernel as it takes them (a causal flag, a
window and a `(B, S)` key-validity vector) instead, and the query-padding
mask is applied to the output (`fused_heads`). A mask that arrives already
built (an explicit `attention_mask`, or the one a subclass such as
keras-hub's cached attention passes to `_compute_attention`) is matched
against the kernel's forms at run time (`fused_with_mask`). Either way the
result is the layers' own, also for a query that sees no key or whose own
mask is off.
"""

from keras.src import ops
from keras.src.backend.config import is_flash_attention_enabled
from keras.src.backend.jax import attention_kernel


def wants_kernel(flash_attention):
    """Whether a layer created with `flash_attention` may use the kernel:
    `False` (or the global setting `False` under `None`) never does."""
    if flash_attention is None:
        flash_attention = is_flash_attention_enabled()
    return flash_attention is not False


def set_flash_attention(layer, flash_attention, dropout):
    """Stores a layer's `flash_attention` argument as given (for its
    config) in `layer._flash_attention_arg`, and whether it is on (`None`
    following the global setting at creation) in `layer._flash_attention`.

    Raises a `ValueError` when the kernel is asked for with dropout.
    """
    if flash_attention and dropout > 0.0:
        raise ValueError(
            "Dropout is not supported when flash attention is enabled. "
            f"Received: dropout={dropout}; use dropout=0 or "
            "flash_attention=False."
        )
    layer._flash_attention_arg = flash_attention
    layer._flash_attention = (
        bool(flash_attention)
        if flash_attention is not None
        else bool(is_flash_attention_enabled())
    )


def may_fuse(layer, own_class, *, dropout, training, return_attention_scores):
    """Whether a call of `layer` may take the kernel.

    It may when the layer was not built with `flash_attention=False`, its
    class keeps `own_class`'s attention computation (a subclass that
    overrides `_compute_attention` keeps its own), no scores are asked for
    and no dropout is applied.
    """
    return (
        wants_kernel(layer._flash_attention_arg)
        and type(layer)._compute_attention is own_class._compute_attention
        and not return_attention_scores
        and not (dropout > 0 and training)
    )


def fused_call(
    layer,
    own_class,
    query,
    key,
    value,
    *,
    dropout,
    training,
    return_attention_scores,
    attention_mask,
    **masks,
):
    """The kernel path of a layer's `call`, or `None` where it does not
    apply (see `may_fuse`; an explicit `attention_mask` is left to the
    layer's `_compute_attention`).

    Args:
        layer, own_class: As for `may_fuse`.
        query, key, value: The projected `(B, T, H, D)` tensors.
        dropout, training, return_attention_scores: As for `may_fuse`.
        attention_mask: The call's explicit mask (the kernel path here
            takes none).
        **masks: `fused_heads`' keyword arguments (`scale`, `causal`,
            the padding masks, `sliding_window`, `blind_queries`).

    Returns:
        The heads `(B, T, H, D)`, or `None`.
    """
    if attention_mask is not None or len(query.shape) != 4:
        return None
    if not may_fuse(
        layer,
        own_class,
        dropout=dropout,
        training=training,
        return_attention_scores=return_attention_scores,
    ):
        return None
    return fused_heads(query, key, value, **masks)


def fused_heads(
    query,
    key,
    value,
    *,
    scale,
    causal,
    query_mask=None,
    value_mask=None,
    key_mask=None,
    sliding_window=None,
    blind_queries="zeros",
):
    """Attention of projected `(B, T, H, D)` tensors on the fused kernel.

    Args:
        query: `(B, T, H, D)`.
        key, value: `(B, S, Hk, D)`, `H` a multiple of `Hk`.
        scale: The logits' scale.
        causal: Whether query `t` only sees keys `s <= t`.
        query_mask: Optional `(B, T)` mask of the queries.
        value_mask, key_mask: Optional `(B, S)` masks of the keys.
        sliding_window: Optional int: query `t` only sees keys with
            `|t - s| < sliding_window`.
        blind_queries: What a query that sees no key (or is masked) gets:
            `"zeros"` (as `MultiHeadAttention` computes it) or `"mean"`,
            the mean of the values over every key (as the plain
            `dot_product_attention`, and so `GroupedQueryAttention`).

    Returns:
        The heads `(B, T, H, D)`, or `None` when the kernel cannot compute
        this call (the caller then takes its plain path).
    """
    if attention_kernel.unavailable_reason(query, key, value, None, None):
        return None
    key_valid = None
    for mask in (value_mask, key_mask):
        if mask is not None:
            mask = ops.cast(mask, "bool")
            key_valid = (
                mask if key_valid is None else ops.logical_and(key_valid, mask)
            )
    heads = attention_kernel.attend(
        query,
        key,
        value,
        None if key_valid is None else key_valid[:, None, None, :],
        scale=scale,
        is_causal=causal,
        soft_cap=None,
        window=sliding_window,
    )
    if blind_queries == "mean":
        # As the plain `dot_product_attention`: a query whose logits are
        # all masked attends evenly to every key (the kernel path already
        # gives that to queries that see no key).
        if query_mask is None:
            return heads
        fill = attention_kernel.mean_of_values(
            value, query.shape[2], heads.dtype
        )
        return ops.where(
            ops.cast(query_mask, "bool")[:, :, None, None], heads, fill
        )
    live = None
    if key_valid is not None:
        live = attention_kernel.queries_seeing_keys(
            key_valid, query.shape[1], causal, sliding_window
        )
    if query_mask is not None:
        query_mask = ops.cast(query_mask, "bool")
        live = query_mask if live is None else ops.logical_and(live, query_mask)
    if live is None:
        return heads
    return ops.where(live[:, :, None, None], heads, ops.zeros_like(heads))


def fused_with_mask(query, key, value, mask, *, scale, causal, plain):
    """Zero-for-blind-queries attention (`MultiHeadAttention`'s) of
    projected `(B, T, H, D)` tensors under a built mask, on the kernel.

    Args:
        query, key, value: `(B, T, H, D)`, `(B, S, Hk, D)`, `(B, S, Hk, D)`.
        mask: `None`, or a boolean mask the heads share: `(B or 1, T or 1,
            S)` or `(B or 1, 1, T or 1, S)`. A key-padding mask (query
            axis of size one) goes to the kernel as such; a full one is
            matched at run time (`attention_kernel.attend_dense`).
        scale: The logits' scale.
        causal: Whether query `t` also only sees keys `s <= t`.
        plain: `plain(query, key, value, mask)`: the layer's own
            computation under a `(B, 1, T, S)` mask, for masks of no
            kernel form.

    Returns:
        The heads `(B, T, H, D)`, or `None` when the kernel cannot compute
        this call.
    """
    if mask is not None:
        mask = ops.cast(mask, "bool")
        if len(mask.shape) == 3:
            mask = ops.expand_dims(mask, 1)
    if attention_kernel.unavailable_reason(query, key, value, None, mask):
        return None
    if mask is None or mask.shape[2] == 1:
        key_mask = None if mask is None else mask[:, 0, 0, :]
        if key_mask is not None and key_mask.shape[0] != query.shape[0]:
            key_mask = ops.broadcast_to(
                key_mask, (query.shape[0], key_mask.shape[-1])
            )
        return fused_heads(
            query, key, value, scale=scale, causal=causal, key_mask=key_mask
        )
    return attention_kernel.attend_dense(
        query,
        key,
        value,
        mask,
        scale=scale,
        is_causal=causal,
        soft_cap=None,
        blind="zeros",
        plain=plain,
    )
