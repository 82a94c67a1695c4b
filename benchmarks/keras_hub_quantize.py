"""Every keras-hub family quantized, saved, loaded and revived.

For every keras-hub backbone that builds tiny from a config
(`keras_hub_tiny.py`: text families on token ids, vision families on
16 x 16 images) and for each mode `Model.quantize` takes without
calibration data (`MODES`):

- build, call once on random inputs, `quantize(mode)`;
- "mode": every sublayer of a kind that takes the mode (`Dense`,
  `EinsumDense`, and `Embedding` with its subclasses for the integer
  modes) reports it, both as `layer.quantization_mode` and as
  `layer.dtype_policy.quantization_mode`;
- "save": `.keras` file saved and loaded back, same outputs;
- "revive": `deserialize_keras_object(serialize_keras_object(model))`
  (for a backbone, its `from_config(get_config())`) has the same
  variables in the same order (name, shape and dtype; the layer names
  in their paths may differ, as keras-hub names a model's sublayers
  after the model once its config passes the generated name), and after
  `set_weights` of the quantized weights, the same outputs.

A cell is "ok" or the checks that failed, with the error. With
`--upstream SITE` each family runs a second time with `SITE` (an upstream
Keras) first on `PYTHONPATH`: the control column, where a failure of
this repository's Keras is its own bug unless upstream fails the same
case.

Usage, from the repository root:
`python benchmarks/keras_hub_quantize.py [--families Bert ViT]
[--upstream /tmp/upstream-site] [--jobs 2]`. Each family runs in its
own process (`--jobs` of them at once) with the repository root (or
`SITE`) on `PYTHONPATH`. It prints a markdown
table and writes it to `benchmarks/results/keras_hub_quantize.md`.
"""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["KERAS_BACKEND"] = "jax"

import argparse  # noqa: E402
import concurrent.futures  # noqa: E402
import json  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import keras_hub  # noqa: E402
import keras_hub_tiny  # noqa: E402
import numpy as np  # noqa: E402

import keras  # noqa: E402

MODES = ("int8", "int4", "float8")
BATCH_SIZE = 2
FAMILY_TIMEOUT = 900
ATOL = 1e-5
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(REPOSITORY, "benchmarks", "results")


def quantizable_kinds(mode):
    """The layer classes whose `quantize` takes `mode`."""
    kinds = (keras.layers.Dense, keras.layers.EinsumDense)
    if mode in ("int8", "int4"):
        kinds += (keras.layers.Embedding,)
    return kinds


def layers_without_mode(model, mode):
    """Paths of the sublayers of `model` of a kind that takes `mode` but
    that do not report it (as `quantization_mode` or in their policy)."""
    kinds = quantizable_kinds(mode)
    return [
        layer.path
        for layer in model._flatten_layers(include_self=False)
        if isinstance(layer, kinds)
        and (
            layer.quantization_mode != mode
            or layer.dtype_policy.quantization_mode != mode
        )
    ]


def outputs_differ(model, x, expected):
    """`None` where `model(x)` equals `expected`, else the largest gap."""
    got = keras.tree.flatten(model(x))
    expected = keras.tree.flatten(expected)
    if len(got) != len(expected):
        return f"{len(got)} outputs, not {len(expected)}"
    gap = max(
        float(np.max(np.abs(np.asarray(a, "float32") - np.asarray(b, "f4"))))
        for a, b in zip(got, expected)
    )
    return None if gap <= ATOL else f"outputs differ by {gap:.2e}"


def short(error):
    text = str(error).replace("\n", " ")
    return f"{type(error).__name__}: {text[:100]}"


def variable_spec(variable):
    """What a variable is, apart from the names of the layers above it
    (keras-hub names a revived model's sublayers after the model)."""
    return (variable.name, tuple(variable.shape), str(variable.dtype))


def check_mode(backbone_class, arguments, x, mode, folder):
    """The failed checks of `mode` for a fresh tiny backbone, as texts;
    with none failed, how many layers and variables it quantized to."""
    failed = []
    keras.utils.set_random_seed(0)
    model = keras_hub_tiny.build(backbone_class, arguments)
    model(x)
    try:
        model.quantize(mode)
    except Exception as error:
        return [f"quantize: {short(error)}"]
    missing = layers_without_mode(model, mode)
    if missing:
        failed.append(f"mode: {len(missing)} layers without, e.g. {missing[0]}")
    expected = model(x)
    try:
        path = os.path.join(folder, f"{mode}.keras")
        model.save(path)
        gap = outputs_differ(keras.saving.load_model(path), x, expected)
        if gap:
            failed.append(f"save: {gap}")
    except Exception as error:
        failed.append(f"save: {short(error)}")
    try:
        revived = keras.saving.deserialize_keras_object(
            keras.saving.serialize_keras_object(model)
        )
        variables = [variable_spec(v) for v in model.weights]
        revived_variables = [variable_spec(v) for v in revived.weights]
        if revived_variables != variables:
            extra = sorted(set(variables) ^ set(revived_variables))
            failed.append(
                f"revive: {len(revived_variables)} variables, not "
                f"{len(variables)}"
                + (f", e.g. {extra[0]}" if extra else " (order)")
            )
        revived.set_weights(model.get_weights())
        gap = outputs_differ(revived, x, expected)
        if gap:
            failed.append(f"revive: {gap}")
    except Exception as error:
        failed.append(f"revive: {short(error)}")
    quantized = [
        layer
        for layer in model._flatten_layers(include_self=False)
        if layer.quantization_mode == mode
    ]
    counts = f"{len(quantized)} layers, {len(model.weights)} variables"
    return failed or [f"ok ({counts})"]


def run_family(name, modes):
    """One row of the table, as a dict of column to text."""
    family = name[: -len("Backbone")]
    backbone_class = getattr(keras_hub.models, name)
    row = {"family": family}
    try:
        arguments = keras_hub_tiny.tiny_arguments(backbone_class)
        keras.utils.set_random_seed(0)
        backbone = keras_hub_tiny.build(backbone_class, arguments)
        x = keras_hub_tiny.model_inputs(
            backbone, np.random.default_rng(0), BATCH_SIZE, images=True
        )
        backbone(x)
    except Exception as error:
        row["error"] = f"does not build: {short(error)}"
        return row
    with tempfile.TemporaryDirectory() as folder:
        for mode in modes:
            try:
                failed = check_mode(backbone_class, arguments, x, mode, folder)
            except Exception as error:
                failed = [short(error)]
            row[mode] = "; ".join(failed)
    return row


def markdown(rows, columns):
    lines = [
        "| family | " + " | ".join(columns) + " |",
        "|" + "---|" * (len(columns) + 1),
    ]
    for family, row in rows:
        cells = [row.get(c, "-").replace("|", "/") for c in columns]
        lines.append(f"| {family} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", nargs="*", help="e.g. Bert ViT")
    parser.add_argument("--modes", nargs="*", default=list(MODES))
    parser.add_argument("--upstream", help="site folder of upstream Keras")
    parser.add_argument(
        "--jobs", type=int, default=2, help="families run at once"
    )
    parser.add_argument("--row", help="internal: one backbone, in-process")
    parser.add_argument(
        "--output", default=os.path.join(RESULTS, "keras_hub_quantize.md")
    )
    args = parser.parse_args()
    if args.row:
        row = run_family(args.row, args.modes)
        row["keras"] = os.path.dirname(keras.__file__)
        print(keras_hub_tiny.ROW_PREFIX + json.dumps(row), flush=True)
        return
    sites = {"": REPOSITORY}
    if args.upstream:
        sites[" upstream"] = os.path.abspath(args.upstream)
    columns = [mode + suffix for mode in args.modes for suffix in sites]
    names = keras_hub_tiny.family_names(keras_hub.models, args.families)

    def run_row(name, site):
        return keras_hub_tiny.row_in_subprocess(
            __file__,
            name,
            FAMILY_TIMEOUT,
            dict(os.environ, PYTHONPATH=site),
            ["--modes", *args.modes],
        )

    start = time.time()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {
            (name, suffix): pool.submit(run_row, name, site)
            for name in names
            for suffix, site in sites.items()
        }
        rows = []
        for name in names:
            cells = {}
            for suffix in sites:
                row = futures[name, suffix].result()
                for mode in args.modes:
                    cells[mode + suffix] = row.get(mode, row.get("error", "-"))
            rows.append((name[: -len("Backbone")], cells))
            print(f"{name}: {cells} ({time.time() - start:.0f} s)", flush=True)
    keras_hub_tiny.publish(markdown(rows, columns), args.output)


if __name__ == "__main__":
    main()
