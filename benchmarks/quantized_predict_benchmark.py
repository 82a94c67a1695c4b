"""predict() of the example decoder in float32, int8 and int4 on a mesh.

The Gemma-style decoder of `examples/gemma` (`train_step_benchmark`'s
`BENCH_CONFIG`), built with the same seed under the `(4, 2)`
`("model", "batch")` layout of `train_step_benchmark` (the example's
layout map), in float32 and quantized with `Model.quantize("int8")` and
`Model.quantize("int4")`. For each mode:

- weight bytes per device: the total of
  `keras.distribution.layout_report_rows(model)` (the quantized variables
  are laid out as the float weights they replace); upstream: what its
  most loaded device holds (`bench_common.bytes_per_device`);
- predict ms/step (`bench_common.predict_round`: a `--steps`-batch
  `predict()` minus a 2-batch one), this fork and upstream Keras 3
  (`upstream_worker.py` in `predict` mode, one worker per mode, running
  `public_decoder` with a tied `ReversibleEmbedding` and the fork's
  float layouts as an exact-path `LayoutMap`), in ALTERNATING rounds
  (fork then upstream, mode after mode); medians, and ratios as the
  median of the per-round ratios;
- the output difference to float32: max |logits - float32 logits| over
  one batch, absolute and relative to max |float32 logits|.

    python benchmarks/quantized_predict_benchmark.py
    python benchmarks/quantized_predict_benchmark.py --rounds 3 --steps 8 \\
        --skip-upstream
    KERAS_UPSTREAM_VENV=/tmp/keras-upstream \\
        python benchmarks/quantized_predict_benchmark.py

Results: markdown on stdout, `results/quantized_latest.md` and `.json`.
"""

import os

os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["KERAS_BACKEND"] = "jax"

import argparse  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import jax  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
if ROOT not in sys.path:
    sys.path.insert(1, ROOT)

import bench_common  # noqa: E402
import train_step_benchmark as tsb  # noqa: E402

import keras  # noqa: E402

MODES = ("float32", "int8", "int4")
LAYOUT = "4x2"
RESULTS = os.path.join(HERE, "results")
# int4 weights must take at most this share of float32's bytes per device.
TARGET_INT4_BYTES = 0.3
log = tsb.log


def make_distribution():
    """`(distribution, example modules)`: `ModelParallel` on the `(4, 2)`
    mesh with the example's layout map."""
    example = tsb.example_modules()
    layout_fn, _ = tsb.layout_map_fn(example, "examples/gemma")
    dist, _ = tsb.make_distribution(LAYOUT, layout_fn)
    return dist, example


def build(mode, example):
    """The example decoder (seed 0), quantized with `mode` unless it is
    `"float32"`; call under the distribution."""
    model, _ = tsb.build_model("example", example)
    if mode != "float32":
        model.quantize(mode)
    return model


def _upstream_worker(float_model, mode, args):
    _, shape, axes, batch_dim, _, _ = tsb.LAYOUTS[LAYOUT]
    return tsb.UpstreamWorker(
        {
            "mode": "predict",
            "quantize": mode,
            "mesh_shape": shape,
            "axis_names": axes,
            "batch_dim_name": batch_dim,
            "layouts": {
                v.path: tsb.spec_axes(v.value) for v in float_model.variables
            },
            "config": tsb.BENCH_CONFIG,
            "steps": args.steps,
            "batch_size": args.batch_size,
        }
    )


def run(args):
    """Measures every mode; returns the result rows (one per mode)."""
    dist, example = make_distribution()
    config = tsb.BENCH_CONFIG
    x, _ = bench_common.make_tokens(
        args.batch_size * args.steps, config["seq_len"], config["vocab_size"]
    )
    results = {mode: {"mode": mode} for mode in MODES}
    models, workers = {}, {}
    try:
        with dist.scope():
            for mode in MODES:
                models[mode] = build(mode, example)
        batch = x[: args.batch_size]
        logits = {}
        for mode, model in models.items():
            rows = keras.distribution.layout_report_rows(model)
            results[mode]["bytes"] = sum(r.bytes_per_device for r in rows)
            logits[mode] = model.predict(batch, verbose=0)
            bench_common.predict_round(model, x, args.batch_size, args.steps)
            if not args.skip_upstream:
                workers[mode] = _upstream_worker(models["float32"], mode, args)
        scale = float(np.abs(logits["float32"]).max())
        for mode in MODES:
            diff = float(np.abs(logits[mode] - logits["float32"]).max())
            results[mode].update(diff=diff, rel_diff=diff / scale)
        upstream_ok = {}
        for mode, worker in workers.items():
            tag, info = worker.read()
            upstream_ok[mode] = tag == "READY"
            if upstream_ok[mode]:
                results[mode]["upstream_version"] = info["keras"]
                results[mode]["upstream_bytes"] = info["bytes_per_device"]
                results[mode]["upstream_note"] = info["note"]
            else:
                results[mode]["upstream_error"] = info.get("error", tag)
                log(f"[{mode}] upstream: {results[mode]['upstream_error']}")
        rounds = {mode: {"fork": [], "upstream": []} for mode in MODES}
        for r in range(args.rounds):
            for mode in MODES:
                rounds[mode]["fork"].append(
                    bench_common.predict_round(
                        models[mode], x, args.batch_size, args.steps
                    )["ms"]
                )
                if upstream_ok.get(mode):
                    tag, info = workers[mode].round()
                    if tag == "RESULT":
                        rounds[mode]["upstream"].append(info["ms"])
                    else:
                        upstream_ok[mode] = False
                        results[mode]["upstream_error"] = str(info)
            log(
                f"round {r + 1}/{args.rounds} ms/step: "
                + ", ".join(
                    f"{mode} {side} {values[-1]:.2f}"
                    for mode in MODES
                    for side, values in rounds[mode].items()
                    if len(values) == r + 1
                )
            )
    finally:
        for worker in workers.values():
            worker.close()
        models.clear()
        gc.collect()
    float_rounds = rounds["float32"]
    for mode in MODES:
        result = results[mode]
        result["rounds"] = rounds[mode]
        for side in ("fork", "upstream"):
            values = rounds[mode][side]
            result[f"{side}_ms"] = bench_common.median(values)
            result[f"{side}_over_float32"] = _median_ratio(
                values, float_rounds[side]
            )
        result["fork_over_upstream"] = _median_ratio(
            rounds[mode]["fork"], rounds[mode]["upstream"]
        )
        result["bytes_over_float32"] = (
            result["bytes"] / results["float32"]["bytes"]
        )
    return [results[mode] for mode in MODES]


def _median_ratio(values, others):
    """Median of the per-round ratios (rounds alternate, so a slower
    phase of a shared host affects both sides of each ratio alike)."""
    ratios = [a / b for a, b in zip(values, others)]
    return bench_common.median(ratios) if ratios else None


def render(meta, results):
    """Markdown of `results`; the upstream columns only when upstream
    ran."""
    fmt = tsb.fmt
    columns = [
        ("mode", lambda r: r["mode"]),
        ("weights bytes/device", lambda r: str(r["bytes"])),
        ("vs float32", lambda r: fmt(r["bytes_over_float32"])),
        ("predict ms/step", lambda r: fmt(r["fork_ms"])),
        ("vs float32", lambda r: fmt(r["fork_over_float32"], ".3f")),
    ]
    if any(r.get("upstream_version") for r in results):
        columns += [
            ("upstream bytes/device", lambda r: str(r.get("upstream_bytes"))),
            ("upstream ms/step", lambda r: fmt(r["upstream_ms"])),
            (
                "upstream vs float32",
                lambda r: fmt(r["upstream_over_float32"], ".3f"),
            ),
            ("fork/upstream", lambda r: fmt(r["fork_over_upstream"], ".3f")),
        ]
    columns += [
        ("max abs Δ vs float32", lambda r: f"{r['diff']:.2e}"),
        ("relative", lambda r: f"{r['rel_diff']:.2e}"),
    ]
    lines = [
        "# Quantized decoder, (4,2) model,batch: weights per device, "
        "predict time, output difference",
        "",
    ]
    lines += [f"- {k}: {v}" for k, v in meta.items()]
    lines += [
        "",
        "| " + " | ".join(name for name, _ in columns) + " |",
        "|---|" + "---:|" * (len(columns) - 1),
    ]
    for r in results:
        lines.append("| " + " | ".join(cell(r) for _, cell in columns) + " |")
    int4 = next(r for r in results if r["mode"] == "int4")
    lines += [
        "",
        f"int4 weights per device / float32's: "
        f"{int4['bytes_over_float32']:.3f} (target <= {TARGET_INT4_BYTES}: "
        f"{tsb.verdict(int4['bytes_over_float32'], TARGET_INT4_BYTES)}).",
        "",
        "ms/step: (wall time of a predict() of `steps` batches - that of "
        "2 batches) / (steps - 2), median over rounds; ratios: median of "
        "the per-round ratios (fork and upstream rounds alternate). "
        "Max abs Δ: over the logits of one batch; relative: over the "
        "largest float32 logit.",
    ]
    for r in results:
        if r.get("upstream_note"):
            lines.append(
                f"- {r['mode']}: upstream cannot quantize under the float "
                "layouts, so its figures are with every variable "
                f"replicated: {r['upstream_note'][:160]}"
            )
        if r.get("upstream_error"):
            lines.append(
                f"- {r['mode']}: upstream not run: {r['upstream_error'][:200]}"
            )
    return "\n".join(lines) + "\n"


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--steps", type=int, default=12, help="batches per round")
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--skip-upstream", action="store_true")
    p.add_argument(
        "--upstream-venv",
        help="existing venv with upstream keras + jax (default: "
        "$KERAS_UPSTREAM_VENV, else benchmarks/.upstream_venv, created)",
    )
    args = p.parse_args(argv)
    if args.steps <= bench_common.SHORT_STEPS:
        p.error(f"--steps must be > {bench_common.SHORT_STEPS}")
    return args


def main(argv=None):
    args = parse_args(argv)
    tsb.set_upstream_venv(args.upstream_venv)
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    if not args.skip_upstream and not tsb.ensure_upstream_venv():
        log("could not set up the upstream venv: skipping upstream")
        args.skip_upstream = True
    results = run(args)
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "command": "python benchmarks/quantized_predict_benchmark.py "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "host": f"{platform.machine()}, {os.cpu_count()} CPU cores, "
        "8 forced XLA host devices",
        "load average (1 min) before/after": (
            f"{load_before:.1f} / {os.getloadavg()[0]:.1f}"
        ),
        "jax": jax.__version__,
        "fork keras": keras.__version__,
        "upstream keras": next(
            (r["upstream_version"] for r in results if "upstream_version" in r),
            "not run",
        ),
        "config": json.dumps(tsb.BENCH_CONFIG),
        "batch, steps/round, rounds": (
            f"{args.batch_size}, {args.steps}, {args.rounds}"
        ),
        "total run time": f"{time.perf_counter() - started:.0f} s",
    }
    text = render(meta, results)
    print(text)
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "quantized_latest.md"), "w") as f:
        f.write(text)
    with open(os.path.join(RESULTS, "quantized_latest.json"), "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)
    return results


if __name__ == "__main__":
    main()
