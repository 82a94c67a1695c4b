"""Quantizes the Gemma-style decoder on a (4, 2) mesh and prints its cost.

The decoder of `decoder.py` is built under `ModelParallel` on a `(4, 2)`
`("model", "batch")` mesh of 8 CPU devices with the layout map of
`layout.py`, then quantized in place:

```python
with distribution.scope():
    model = decoder.build_decoder(config, seed=0)
    model.quantize("int4")  # or "int8"
keras.distribution.print_layout_report(model)
```

Each quantized variable (the packed int4 kernel, its scales, zero points
and `g_idx`) takes the layout of the float weight it replaces, so the
weights stay split over the 8 devices. The script prints the int4 model's
layout report (path, shape, dtype, layout, bytes per device), then the
table of `benchmarks/quantized_predict_benchmark.py` for float32, int8 and
int4: weight bytes per device, predict ms/step and its ratio to float32,
and the largest logit difference to float32; with the columns of upstream
Keras when `KERAS_UPSTREAM_VENV` names a virtual environment holding it
(see `benchmarks/README.md`).

    python examples/gemma/quantize.py
    python examples/gemma/quantize.py --rounds 5 --steps 12
    KERAS_UPSTREAM_VENV=/tmp/keras-upstream python examples/gemma/quantize.py
"""

import argparse
import os
import sys

REPO_ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=8)
    args = parser.parse_args(argv)

    # The benchmark module sets up 8 CPU devices before importing JAX.
    sys.path.insert(0, os.path.join(REPO_ROOT, "benchmarks"))
    if REPO_ROOT not in sys.path:
        sys.path.insert(1, REPO_ROOT)
    import quantized_predict_benchmark as benchmark

    import keras

    distribution, example = benchmark.make_distribution()
    with distribution.scope():
        model = benchmark.build("int4", example)
    print("Layout report of the int4 decoder on the (4, 2) mesh:\n")
    keras.distribution.print_layout_report(model)
    del model

    options = [f"--rounds={args.rounds}", f"--steps={args.steps}"]
    venv = os.environ.get("KERAS_UPSTREAM_VENV")
    if venv:
        options.append(f"--upstream-venv={venv}")
    else:
        print("\n(No KERAS_UPSTREAM_VENV: the table has no upstream figures.)")
        options.append("--skip-upstream")
    print()
    benchmark.main(options)


if __name__ == "__main__":
    main()
