"""LoRA fine-tuning of a Gemma-style decoder under several device meshes.

For every layout, the same decoder (same seed) gets LoRA (rank 4) on its
attention query/value and feed-forward kernels, and is trained with Adam on
the same synthetic next-token data (`data.py`) for `--steps` steps. The
script prints a markdown table of ms/step (steady state: the first step,
which compiles, is excluded) and of the first and last losses per layout,
the largest loss difference to the run without distribution over the first
20 steps, and saves a plot of the loss curves.

Layouts (`--layouts`, comma separated; all by default):

- `none`: no distribution (one device).
- `dp8`: `DataParallel` on a `(8,)` mesh.
- `4x2`: `ModelParallel` on `(4, 2)` `("model", "batch")`, batch axis
  `"batch"`; the layout map of `layout.py` (weights split over `model`
  AND `batch`, FSDP style).
- `2x4`: the same on `(2, 4)` `("batch", "model")`.
- `2x2x2`: `(2, 2, 2)` `("data", "model", "batch")` with
  `batch_dim_name=("data", "batch")`: 4 input splits; weights split over
  `model` and `batch` and replicated over `data`.

One process with 8 CPU devices (the script sets `XLA_FLAGS` itself):

    python examples/gemma/finetune.py
    python examples/gemma/finetune.py --steps 20 --layouts none,4x2

Two processes with 4 CPU devices each (the same 8-device meshes, spanning
both processes; run both commands, e.g. in two terminals):

    python examples/gemma/finetune.py --num-processes 2 --process-id 0 \\
        --coordinator 127.0.0.1:12345
    python examples/gemma/finetune.py --num-processes 2 --process-id 1 \\
        --coordinator 127.0.0.1:12345

Instead of the flags, `KERAS_DISTRIBUTION_JOB_ADDRESSES`,
`KERAS_DISTRIBUTION_NUM_PROCESSES` and `KERAS_DISTRIBUTION_PROCESS_ID` may
be set (read by `keras.distribution.initialize`). Every process builds the
same global data; `fit` gives each process the rows its devices need. Both
processes print the same losses; process 0 writes the plot. (The `none`
layout then trains independently in each process, on its first local
device.)
"""

import argparse
import json
import os
import sys
import time

REPO_ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
)
DEFAULT_OUTPUT = os.path.join(
    REPO_ROOT, "examples", "output", "gemma_losses.png"
)
ALL_LAYOUTS = ("none", "dp8", "4x2", "2x4", "2x2x2")
LAYOUT_TITLES = {
    "none": "no distribution",
    "dp8": "(8,) data parallel",
    "4x2": "(4,2) model,batch",
    "2x4": "(2,4) batch,model",
    "2x2x2": "(2,2,2) data,model,batch",
}
TOTAL_DEVICES = 8
# Layers that get LoRA: attention query/value and the feed-forward network.
LORA_PATTERN = "attention/(query|value)$|ffw_"
COMPARE_STEPS = 20
# `train(optimizer=...)` names -> `keras.optimizers` classes.
OPTIMIZERS = {"adam": "Adam", "sgd": "SGD"}


def setup_environment(num_devices):
    """Gives JAX `num_devices` CPU devices; must run before importing JAX."""
    if "jax" in sys.modules:
        return
    flag = f"--xla_force_host_platform_device_count={num_devices}"
    os.environ["XLA_FLAGS"] = (
        os.environ.get("XLA_FLAGS", "") + " " + flag
    ).strip()
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ.setdefault("KERAS_BACKEND", "jax")


def make_distribution(name):
    """The distribution of layout `name` (see the module docstring)."""
    from examples.gemma import layout
    from keras import distribution

    devices = distribution.list_devices()
    if name == "none":
        return None
    if len(devices) != TOTAL_DEVICES:
        raise ValueError(
            f"Layout {name!r} needs {TOTAL_DEVICES} devices; found "
            f"{len(devices)}."
        )
    if name == "dp8":
        return distribution.DataParallel(devices=devices)
    shapes = {
        "4x2": ((4, 2), ("model", "batch"), "batch"),
        "2x4": ((2, 4), ("batch", "model"), "batch"),
        "2x2x2": ((2, 2, 2), ("data", "model", "batch"), ("data", "batch")),
    }
    if name not in shapes:
        raise ValueError(
            f"Unknown layout {name!r}. Expected one of {ALL_LAYOUTS}."
        )
    shape, axis_names, batch_dim_name = shapes[name]
    mesh = distribution.DeviceMesh(shape, axis_names, devices)
    layout_map = layout.get_layout_map(
        mesh, model_parallel_dim_name="model", data_parallel_dim_name="batch"
    )
    return distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name=batch_dim_name
    )


def make_step_loss_metric():
    """A metric whose value is the loss of the LAST batch.

    `fit` reports the running mean of the loss over the epoch; this metric
    reports each step's own loss (the same sparse categorical cross-entropy
    of the logits, averaged over the batch), so a callback can record the
    loss curve step by step.
    """
    import keras

    class StepLoss(keras.metrics.Metric):
        def __init__(self, name="step_loss", **kwargs):
            super().__init__(name=name, **kwargs)
            self.value = self.add_variable(
                shape=(), initializer="zeros", name="value"
            )
            self.loss_fn = keras.losses.SparseCategoricalCrossentropy(
                from_logits=True
            )

        def update_state(self, y_true, y_pred, sample_weight=None):
            self.value.assign(self.loss_fn(y_true, y_pred, sample_weight))

        def result(self):
            return keras.ops.convert_to_tensor(self.value)

    return StepLoss()


def make_recorder():
    """A callback recording each step's loss and wall time."""
    import keras

    class StepRecorder(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.losses = []
            self.seconds = []
            self._start = None

        def on_train_batch_begin(self, batch, logs=None):
            self._start = time.perf_counter()

        def on_train_batch_end(self, batch, logs=None):
            # Reading the logs waits for the step to finish.
            self.losses.append(float(logs["step_loss"]))
            self.seconds.append(time.perf_counter() - self._start)

    return StepRecorder()


def build_lora_model(config, seed=1, lora_rank=4, lora_pattern=LORA_PATTERN):
    """The decoder with LoRA enabled (other weights frozen), not compiled.

    Call it under the distribution's scope.
    """
    import keras
    from examples.gemma import decoder

    model = decoder.build_decoder(config, seed=seed)
    keras.utils.enable_lora(model, rank=lora_rank, pattern=lora_pattern)
    return model


def train(
    config,
    dist,
    x,
    y,
    batch_size,
    learning_rate=3e-3,
    optimizer="adam",
    lora_rank=4,
    seed=1,
    verbose=1,
    snapshot=False,
):
    """Builds, LoRA-enables, compiles and fits the decoder under `dist`.

    Args:
        config: A `decoder.GemmaConfig`.
        dist: A `keras.distribution.Distribution`, or `None`.
        x: Token ids `(N, seq_len)`; `N // batch_size` steps are run.
        y: Next-token ids `(N, seq_len)`.
        batch_size: Global batch size.
        learning_rate: The optimizer's learning rate.
        optimizer: `"adam"` (what the script trains with) or `"sgd"`
            (plain gradient descent, whose updates are linear in the
            gradients: the tests compare final weights under it).
        lora_rank: LoRA rank.
        seed: Seed of the initial weights.
        verbose: Verbosity of `fit`.
        snapshot: Whether to also return the weights before and after
            training, as `{path: np.ndarray}` dicts `initial_weights` and
            `final_weights` (single-process runs only).

    Returns:
        A dict with `losses` (per step), `seconds` (per step) and `model`.
    """
    import contextlib

    import numpy as np

    import keras

    if optimizer not in OPTIMIZERS:
        raise ValueError(
            f"Unknown optimizer {optimizer!r}. Expected one of "
            f"{tuple(OPTIMIZERS)}."
        )
    optimizer_class = getattr(keras.optimizers, OPTIMIZERS[optimizer])
    scope = dist.scope() if dist is not None else contextlib.nullcontext()
    with scope:
        model = build_lora_model(config, seed=seed, lora_rank=lora_rank)
        keras.distribution.check_layout_map_usage(dist, model.variables)
        model.compile(
            optimizer=optimizer_class(learning_rate=learning_rate),
            loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=[make_step_loss_metric()],
        )
        if snapshot:
            initial = {v.path: np.array(v.value) for v in model.weights}
        recorder = make_recorder()
        model.fit(
            x,
            y,
            batch_size=batch_size,
            epochs=1,
            shuffle=False,
            verbose=verbose,
            callbacks=[recorder],
        )
    result = {
        "losses": recorder.losses,
        "seconds": recorder.seconds,
        "model": model,
    }
    if snapshot:
        result["initial_weights"] = initial
        result["final_weights"] = {
            v.path: np.array(v.value) for v in model.weights
        }
    return result


def steady_ms_per_step(seconds):
    """Mean ms/step without the first (compiling) step."""
    steady = seconds[1:] if len(seconds) > 1 else seconds
    return 1000.0 * sum(steady) / max(len(steady), 1)


def compare(losses, reference, steps=COMPARE_STEPS):
    """`(max |diff|, max |diff| / |reference|)` over the first `steps`."""
    n = min(len(losses), len(reference), steps)
    diffs = [abs(a - b) for a, b in zip(losses[:n], reference[:n])]
    rel = [d / abs(b) for d, b in zip(diffs, reference[:n])]
    return max(diffs, default=0.0), max(rel, default=0.0)


def format_table(results, reference_name):
    """The markdown table of `results` (`{layout: train() result}`)."""
    reference = results.get(reference_name, {}).get("losses")
    lines = [
        "| layout | ms/step | first loss | last loss | "
        f"max abs Δloss vs {reference_name} (first {COMPARE_STEPS}) | "
        "max rel Δloss |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, result in results.items():
        losses = result["losses"]
        if reference is None:
            diff = rel = "n/a"
        else:
            d, r = compare(losses, reference)
            diff, rel = f"{d:.2e}", f"{r:.2e}"
        lines.append(
            f"| {LAYOUT_TITLES.get(name, name)} | "
            f"{steady_ms_per_step(result['seconds']):.0f} | "
            f"{losses[0]:.5f} | {losses[-1]:.5f} | {diff} | {rel} |"
        )
    return "\n".join(lines)


def plot(results, path):
    """Saves the loss curves of `results` to the PNG file `path`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    styles = ["-", "--", ":", "-.", (0, (5, 1))]
    for i, (name, result) in enumerate(results.items()):
        losses = result["losses"]
        ax.plot(
            range(1, len(losses) + 1),
            losses,
            linestyle=styles[i % len(styles)],
            label=LAYOUT_TITLES.get(name, name),
        )
    ax.set_xlabel("step")
    ax.set_ylabel("training loss (per step)")
    ax.set_title("Gemma-style decoder, LoRA rank 4: loss per layout")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--steps", type=int, default=25)
    parser.add_argument(
        "--layouts",
        default=",".join(ALL_LAYOUTS),
        help=f"Comma separated, from {','.join(ALL_LAYOUTS)}.",
    )
    parser.add_argument(
        "--output", default=DEFAULT_OUTPUT, help="PNG of the loss curves."
    )
    parser.add_argument("--batch-size", type=int, default=8)
    parser.add_argument("--learning-rate", type=float, default=3e-3)
    parser.add_argument("--lora-rank", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="Use the tiny test configuration (vocab 256, width 64).",
    )
    parser.add_argument(
        "--results-json",
        default=None,
        help="Also write the per-step losses to this JSON file.",
    )
    parser.add_argument("--num-processes", type=int, default=None)
    parser.add_argument("--process-id", type=int, default=None)
    parser.add_argument(
        "--coordinator",
        default=None,
        help="host:port of process 0 (multi-process runs).",
    )
    parser.add_argument(
        "--verbose", type=int, default=1, help="Verbosity of fit."
    )
    args = parser.parse_args(argv)
    if args.num_processes is None:
        env = os.environ.get("KERAS_DISTRIBUTION_NUM_PROCESSES")
        args.num_processes = int(env) if env else 1
    args.layouts = [n.strip() for n in args.layouts.split(",") if n.strip()]
    for name in args.layouts:
        if name not in ALL_LAYOUTS:
            parser.error(
                f"Unknown layout {name!r}; expected some of {ALL_LAYOUTS}."
            )
    if TOTAL_DEVICES % args.num_processes:
        parser.error(
            f"--num-processes must divide {TOTAL_DEVICES}. Received: "
            f"{args.num_processes}"
        )
    return args


def main(argv=None):
    args = parse_args(argv)
    multi_process = args.num_processes > 1
    setup_environment(TOTAL_DEVICES // args.num_processes)
    if REPO_ROOT not in sys.path:
        sys.path.insert(0, REPO_ROOT)

    import jax

    import keras
    from examples.gemma import data
    from examples.gemma import decoder

    if multi_process:
        if jax.config.jax_platforms in (None, "", "cpu"):
            # Cross-process collectives on CPU devices.
            jax.config.update("jax_cpu_collectives_implementation", "gloo")
        keras.distribution.initialize(
            args.coordinator, args.num_processes, args.process_id
        )

    config = decoder.TINY_CONFIG if args.tiny else decoder.GemmaConfig()
    process = jax.process_index()
    x, y = data.make_dataset(
        args.steps * args.batch_size,
        seq_len=config.seq_len,
        vocab_size=config.vocab_size,
    )
    print(
        f"process {process}/{jax.process_count()}: "
        f"{len(jax.devices())} devices ({jax.local_device_count()} local); "
        f"{config}; {args.steps} steps of global batch {args.batch_size}; "
        f"chain entropy {data.chain_entropy():.3f} nats"
    )
    results = {}
    for name in args.layouts:
        dist = make_distribution(name)
        print(f"\n=== layout: {LAYOUT_TITLES[name]} ({dist})")
        result = train(
            config,
            dist,
            x,
            y,
            batch_size=args.batch_size,
            learning_rate=args.learning_rate,
            lora_rank=args.lora_rank,
            seed=args.seed,
            verbose=args.verbose if process == 0 else 0,
        )
        del result["model"]
        results[name] = result
        keras.backend.clear_session()

    reference_name = next(iter(results))
    table = format_table(results, reference_name)
    print("\n" + table)
    for name, result in results.items():
        d, r = compare(result["losses"], results[reference_name]["losses"])
        print(
            f"{LAYOUT_TITLES[name]}: max |Δloss| vs "
            f"{LAYOUT_TITLES[reference_name]} over the first "
            f"{COMPARE_STEPS} steps = {d:.2e} (relative {r:.2e})"
        )
    if args.results_json:
        with open(args.results_json, "w") as f:
            json.dump(
                {
                    "process_id": process,
                    "losses": {n: r["losses"] for n, r in results.items()},
                    "table": table,
                },
                f,
            )
    if process == 0 and args.output:
        plot(results, args.output)
        print(f"Saved the loss curves to {args.output}")
    return results


if __name__ == "__main__":
    main()
