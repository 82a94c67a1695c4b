"""Upstream-Keras side of `train_step_benchmark.py` (one layout per process).

Runs in `benchmarks/.upstream_venv` (upstream Keras 3 + JAX), never with
this fork on `sys.path`. Only public Keras API is used. Protocol: the
configuration comes as one JSON argument; the worker builds, compiles and
warms up the model, prints `@@READY {json}`, then for every `ROUND` line on
stdin runs one `bench_common.fit_round` and prints `@@RESULT {json}`; `QUIT`
ends it.
"""

import json
import os
import sys

os.environ["KERAS_BACKEND"] = "jax"
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
)

import bench_common  # noqa: E402
import jax  # noqa: E402
import public_decoder  # noqa: E402

import keras  # noqa: E402


def emit(tag, payload):
    sys.stdout.write(f"@@{tag} {json.dumps(payload)}\n")
    sys.stdout.flush()


def main():
    cfg = json.loads(sys.argv[1])
    if cfg.get("mode") == "overhead":
        measure_overhead(cfg)
        return
    if cfg.get("mode") == "zoo":
        zoo(cfg)
        return
    if cfg.get("mode") == "predict":
        predict(cfg)
        return
    counter = bench_common.CompileCounter()
    devices = keras.distribution.list_devices()
    mesh = keras.distribution.DeviceMesh(
        tuple(cfg["mesh_shape"]), tuple(cfg["axis_names"]), devices
    )
    batch_dim = cfg["batch_dim_name"]
    if isinstance(batch_dim, list):
        batch_dim = tuple(batch_dim)
    if cfg["kind"] == "data_parallel":
        dist = keras.distribution.DataParallel(device_mesh=mesh)
    else:
        layout_map = bench_common.build_exact_layout_map(mesh, cfg["layouts"])
        try:
            dist = keras.distribution.ModelParallel(
                layout_map=layout_map, batch_dim_name=batch_dim
            )
        except Exception as e:  # e.g. a tuple batch_dim_name
            emit("UNSUPPORTED", {"error": f"{type(e).__name__}: {e}"})
            return
    keras.distribution.set_distribution(dist)
    config = public_decoder.DecoderConfig(**cfg["config"])
    model = public_decoder.build_decoder(config, seed=0)
    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=1e-3),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    steps, batch_size = cfg["steps"], cfg["batch_size"]
    x, y = bench_common.make_tokens(
        batch_size * steps, config.seq_len, config.vocab_size
    )
    shardings = {
        v.path: str(v.value.sharding.spec) for v in model.trainable_variables
    }
    try:
        bench_common.fit_round(model, x, y, batch_size, steps)  # warm-up
    except Exception as e:
        emit("UNSUPPORTED", {"error": f"{type(e).__name__}: {e}"})
        return
    emit(
        "READY",
        {
            "keras": keras.__version__,
            "jax": jax.__version__,
            "compiles": counter.snapshot(),
            "shardings": shardings,
        },
    )
    for line in sys.stdin:
        command = line.strip()
        if command == "QUIT":
            break
        if command == "ROUND":
            before = counter.snapshot()
            result = bench_common.fit_round(model, x, y, batch_size, steps)
            after = counter.snapshot()
            result["compiles"] = after[0] - before[0]
            result["traces"] = after[1] - before[1]
            emit("RESULT", result)


def serve_rounds(model, x, y, batch_size, steps, counter):
    """Answers `ROUND` lines with `@@RESULT` until `QUIT`."""
    for line in sys.stdin:
        command = line.strip()
        if command == "QUIT":
            break
        if command == "ROUND":
            before = counter.snapshot()
            result = bench_common.fit_round(model, x, y, batch_size, steps)
            after = counter.snapshot()
            result["compiles"] = after[0] - before[0]
            result["traces"] = after[1] - before[1]
            emit("RESULT", result)


def predict(cfg):
    """`predict()` of `public_decoder` (tied `ReversibleEmbedding`, which
    upstream quantizes) under `ModelParallel`, quantized with
    `cfg["quantize"]` unless it is `"float32"`, for
    `quantized_predict_benchmark.py`. Answers `ROUND` lines with one
    `bench_common.predict_round` each.

    The float layouts (`cfg["layouts"]`) are given by exact path. When
    upstream cannot quantize under them (its int4 kernels are packed to
    another rank than the float kernels, whose layout it applies to
    them: JAX raises), the model is built again with every variable
    replicated, and `READY` carries the error as `note`."""
    counter = bench_common.CompileCounter()
    devices = keras.distribution.list_devices()
    mesh = keras.distribution.DeviceMesh(
        tuple(cfg["mesh_shape"]), tuple(cfg["axis_names"]), devices
    )
    config = public_decoder.DecoderConfig(**cfg["config"])
    steps, batch_size = cfg["steps"], cfg["batch_size"]
    x, _ = bench_common.make_tokens(
        batch_size * steps, config.seq_len, config.vocab_size
    )

    def build(layouts):
        layout_map = bench_common.build_exact_layout_map(mesh, layouts)
        keras.distribution.set_distribution(
            keras.distribution.ModelParallel(
                layout_map=layout_map, batch_dim_name=cfg["batch_dim_name"]
            )
        )
        model = public_decoder.build_decoder(
            config, seed=0, reversible_embedding=True
        )
        if cfg["quantize"] != "float32":
            model.quantize(cfg["quantize"])
        return model

    note = None
    try:
        try:
            model = build(cfg["layouts"])
        except Exception as e:  # e.g. ValueError, IndexError from JAX
            note = f"{type(e).__name__}: {e}"
            model = build({})
        bench_common.predict_round(model, x, batch_size, steps)  # warm-up
    except Exception as e:
        emit("UNSUPPORTED", {"error": f"{type(e).__name__}: {e}"})
        return
    emit(
        "READY",
        {
            "keras": keras.__version__,
            "jax": jax.__version__,
            "compiles": counter.snapshot(),
            "bytes_per_device": bench_common.bytes_per_device(model),
            "note": note,
        },
    )
    for line in sys.stdin:
        command = line.strip()
        if command == "QUIT":
            break
        if command == "ROUND":
            emit(
                "RESULT",
                bench_common.predict_round(model, x, batch_size, steps),
            )


def zoo(cfg):
    """A `zoo_models` model (CNN or LSTM) for `models_benchmark.py`."""
    import zoo_models

    counter = bench_common.CompileCounter()
    steps, batch_size = cfg["steps"], cfg["batch_size"]
    try:
        model, x, y = zoo_models.setup(
            cfg["model"], cfg["layout"], batch_size, steps
        )
        bench_common.fit_round(model, x, y, batch_size, steps)  # warm-up
    except Exception as e:
        emit("UNSUPPORTED", {"error": f"{type(e).__name__}: {e}"})
        return
    emit(
        "READY",
        {
            "keras": keras.__version__,
            "jax": jax.__version__,
            "compiles": counter.snapshot(),
            "shardings": zoo_models.shardings(model),
        },
    )
    serve_rounds(model, x, y, batch_size, steps, counter)


def measure_overhead(cfg):
    """`fit()` ms/step of `bench_common.tiny_model` under DataParallel."""
    keras.distribution.set_distribution(keras.distribution.DataParallel())
    model = bench_common.tiny_model()
    x, y = bench_common.tiny_data(cfg["steps"], cfg["batch_size"])
    ms = [
        bench_common.tiny_fit_ms(model, x, y, cfg["batch_size"], cfg["reps"])
        for _ in range(cfg["rounds"])
    ]
    emit("RESULT", {"ms": ms, "keras": keras.__version__})


if __name__ == "__main__":
    main()
