"""Host time per training step of `fit()`.

A `Dense(1)` model on 8 features costs the device almost nothing, so the
wall time of `fit()` on it is the framework's own work per batch: slicing
the arrays, sending the batch, dispatching the jitted step, the callbacks.
One-epoch `fit()` (SGD, mse, batch 16, 200 batches, `verbose=0`) runs
once to compile, then `--reps` times more; each timed call's wall time
over its steps is printed, then the median.

Run:

    python benchmarks/host_overhead.py [--reps 3] [--steps 200]
        [--batch-size 16] [--profile FILE]

`--profile FILE` writes a cProfile of one more timed call to FILE.
"""

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("KERAS_BACKEND", "jax")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

import keras  # noqa: E402


def host_model():
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.SGD(), loss="mse")
    return model


def fit_ms_per_step(model, x, y, batch_size):
    steps = len(x) // batch_size
    start = time.perf_counter()
    model.fit(x, y, batch_size=batch_size, epochs=1, verbose=0)
    return (time.perf_counter() - start) * 1e3 / steps


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--profile", default=None)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    samples = args.steps * args.batch_size
    x = rng.normal(size=(samples, 8)).astype("float32")
    y = rng.normal(size=(samples, 1)).astype("float32")
    model = host_model()
    fit_ms_per_step(model, x, y, args.batch_size)  # compiles
    times = []
    for _ in range(args.reps):
        ms = fit_ms_per_step(model, x, y, args.batch_size)
        times.append(ms)
        print(f"{ms:.3f} ms/step")
    print(f"median {statistics.median(times):.3f} ms/step")
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
        fit_ms_per_step(model, x, y, args.batch_size)
        profiler.disable()
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    main()
