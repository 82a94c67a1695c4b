"""Host overhead per step with `steps_per_execution=1` and `=N`.

The tiny model of `bench_common` (`Dense(1)` on 8 features) costs almost
nothing to compute, so `fit()`'s time per step is the framework's own work:
slicing and transferring the batch, dispatching the step, running the
callbacks. `steps_per_execution=N` runs N steps inside one jitted call and so
pays that work once per N batches. Both settings are timed in alternating
rounds of one run (best-of-`reps` one-epoch `fit()` per round, median over
rounds), under (8,) `DataParallel` on 8 CPU devices.

Run:

    python benchmarks/steps_per_execution_benchmark.py [--steps 256]
        [--rounds 5] [--reps 3] [--batch-size 16] [--spe 8]

Prints a markdown table with ms/step of both settings and their ratio.
"""

import argparse
import os
import platform
import sys

os.environ.setdefault("KERAS_BACKEND", "jax")
flags = os.environ.get("XLA_FLAGS", "")
if "xla_force_host_platform_device_count" not in flags:
    os.environ["XLA_FLAGS"] = (
        flags + " --xla_force_host_platform_device_count=8"
    ).strip()

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.dirname(HERE))

import bench_common  # noqa: E402
import jax  # noqa: E402

import keras  # noqa: E402


def model_with(steps_per_execution):
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.01),
        loss="mse",
        steps_per_execution=steps_per_execution,
    )
    return model


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--spe", type=int, default=8)
    args = parser.parse_args(argv)
    if args.steps % args.spe:
        parser.error("--steps must be a multiple of --spe")

    keras.distribution.set_distribution(keras.distribution.DataParallel())
    x, y = bench_common.tiny_data(args.steps, args.batch_size)
    models = {1: model_with(1), args.spe: model_with(args.spe)}
    times = {spe: [] for spe in models}
    load_before = os.getloadavg()[0]
    for _ in range(args.rounds):
        for spe, model in models.items():
            times[spe].append(
                bench_common.tiny_fit_ms(
                    model, x, y, args.batch_size, args.reps
                )
            )
    one = bench_common.median(times[1])
    many = bench_common.median(times[args.spe])
    print(
        f"host: {platform.machine()}, {os.cpu_count()} CPU cores, "
        f"{jax.device_count()} devices; load average before/after: "
        f"{load_before:.1f} / {os.getloadavg()[0]:.1f}"
    )
    print(
        f"(8,) DataParallel, batch {args.batch_size}, {args.steps} steps per "
        f"epoch, best of {args.reps} per round, median of {args.rounds} "
        "rounds\n"
    )
    print("| steps_per_execution | ms/step | vs 1 |")
    print("|---:|---:|---:|")
    print(f"| 1 | {one:.3f} | 1.00 |")
    print(f"| {args.spe} | {many:.3f} | {many / one:.2f} |")


if __name__ == "__main__":
    main()
