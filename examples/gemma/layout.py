"""`get_layout_map`: model + FSDP sharding of the Gemma-style decoder."""

import keras


def _entry(names):
    """A layout entry for one mesh axis name or a tuple of them."""
    if isinstance(names, (list, tuple)):
        names = tuple(names)
        return names[0] if len(names) == 1 else names
    return names


def get_layout_map(
    device_mesh,
    model_parallel_dim_name="model",
    data_parallel_dim_name="batch",
):
    """A `LayoutMap` sharding the decoder over a model and a batch axis.

    Every large weight is split along the model axis (tensor parallelism,
    Megatron style) AND along the batch axis (FSDP style: the model
    dimension `width` is split over the data replicas):

    | weight (path suffix)             | shape                 | layout      |
    |----------------------------------|-----------------------|-------------|
    | `token_embedding/embeddings`     | (vocab, width)        | (m, b)      |
    | `attention/query/kernel`         | (width, q_heads, hd)  | (b, m, -)   |
    | `attention/key/kernel`           | (width, kv_heads, hd) | (b, -, -)   |
    | `attention/value/kernel`         | (width, kv_heads, hd) | (b, -, -)   |
    | `attention/attention_output/...` | (q_heads, hd, width)  | (m, -, b)   |
    | `ffw_gating/kernel`, `ffw_up/..` | (width, hidden)       | (b, m)      |
    | `ffw_down/kernel`                | (hidden, width)       | (m, b)      |

    (`m`: the model axis, `b`: the data parallel (batch) axis, `-`: not
    split, `hd`: `head_dim`.) Query heads are split over the model axis.
    Grouped-query attention has few key/value heads (1 or 2), usually fewer
    than the model axis size, so the key and value kernels are only split
    over the batch axis; splitting their `head_dim` over the model axis
    instead would fight the rotary embedding, which splits `head_dim` in
    halves, and make XLA rematerialize them. The RMS normalization scales
    (`width` floats each) stay replicated. LoRA factors created with
    `enable_lora` inherit the layout of their base kernel (`a` its leading
    axes, `b` its last axis), so they need no entry here.

    What a batch axis of size `n >= 2` means:

    - There are `n` data replicas (`distribution.num_model_replicas == n`
      when the batch axis is the distribution's `batch_dim_name`): each
      global batch is split into `n` input splits along its first
      dimension, one per coordinate along the batch axis. The devices that
      share a batch coordinate (they differ along the model axis) all see
      the same split. So the global batch size must be divisible by `n`
      (times the size of any other batch axes of the distribution).
    - The weights above are ALSO split over the batch axis: each device
      holds `1 / (model_size * n)` of the embeddings and of the query,
      output and feed-forward kernels (not `1 / model_size` as with tensor
      parallelism alone) and `1 / n` of the key/value kernels; XLA gathers
      the missing parts when they are needed (FSDP). Weights are
      replicated along any mesh axis that their layout does not name (for
      example a pure data-parallel `"data"` axis of a 3D mesh).
    - Every sharded dimension must be divisible by the size of its axes:
      `vocab`, `q_heads`, `head_dim` and `hidden` by the model axis size,
      `width` by the batch axis size.

    Args:
        device_mesh: The `keras.distribution.DeviceMesh`.
        model_parallel_dim_name: Name of the mesh axis (or tuple of axes)
            used for tensor parallelism. Defaults to `"model"`.
        data_parallel_dim_name: Name of the mesh axis (or tuple of axes)
            the weights are additionally split over, FSDP style. Usually
            the distribution's `batch_dim_name` (or one of its axes).
            Defaults to `"batch"`.

    Returns:
        A `keras.distribution.LayoutMap`.

    Example:

    ```python
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"))
    layout_map = get_layout_map(mesh)
    distribution = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="batch"
    )
    with distribution.scope():
        model = decoder.build_decoder(decoder.GemmaConfig())
    keras.distribution.print_layout_report(model)
    ```
    """
    model = _entry(model_parallel_dim_name)
    batch = _entry(data_parallel_dim_name)
    names = []
    for entry in (model, batch):
        names.extend(entry if isinstance(entry, tuple) else (entry,))
    for name in names:
        if name not in device_mesh.axis_names:
            raise ValueError(
                f"Mesh axis {name!r} is not an axis of the device mesh "
                f"{device_mesh.axis_names}."
            )
    if len(set(names)) != len(names):
        raise ValueError(
            "The model and data parallel axes must be distinct. Received: "
            f"model_parallel_dim_name={model_parallel_dim_name!r}, "
            f"data_parallel_dim_name={data_parallel_dim_name!r}"
        )
    layout_map = keras.distribution.LayoutMap(device_mesh)
    layout_map["token_embedding/embeddings"] = (model, batch)
    layout_map["attention/query/kernel"] = (batch, model, None)
    layout_map["attention/(key|value)/kernel"] = (batch, None, None)
    layout_map["attention/attention_output/kernel"] = (model, None, batch)
    layout_map["ffw_(gating|up)/kernel"] = (batch, model)
    layout_map["ffw_down/kernel"] = (model, batch)
    return layout_map
