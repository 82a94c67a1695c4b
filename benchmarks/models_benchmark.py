"""fit() step time of this fork vs upstream Keras on a small CNN and LSTM.

For each model of `zoo_models` (`cnn`: Conv2D / BatchNormalization /
MaxPooling2D x2 + Dense head on MNIST-shaped random images; `lstm`:
Embedding(mask_zero=True) + LSTM + Dense on right-padded random int
sequences) and each layout (`dp`: (8,) DataParallel; `4x2`: (4,2)
("model","batch") with the conv kernels' output channels / the LSTM's
kernels' gate columns over "model"), on 8 CPU devices, ALTERNATING short
rounds of:

  (a) this fork's `model.fit()` (in this process);
  (b) upstream Keras 3's `model.fit()` (a worker subprocess in the upstream
      venv, `upstream_worker.py` in `zoo` mode, kept alive over
      stdin/stdout);

each measured by `bench_common.fit_round` (the same code on both sides).

    python benchmarks/models_benchmark.py                 # ~7 min, 2 cores
    python benchmarks/models_benchmark.py --models cnn --layouts dp \\
        --rounds 2 --skip-upstream                         # quick
    KERAS_UPSTREAM_VENV=/tmp/keras-upstream \\
        python benchmarks/models_benchmark.py
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

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
if ROOT not in sys.path:
    sys.path.insert(1, ROOT)

import bench_common  # noqa: E402
import train_step_benchmark as tsb  # noqa: E402
import zoo_models  # noqa: E402

import keras  # noqa: E402

RESULTS = os.path.join(HERE, "results")
TARGET_UPSTREAM = 1.0
log = tsb.log


def bench(model_name, layout, args, counter):
    label = zoo_models.LAYOUTS[layout][0]
    result = {"model": model_name, "layout": layout, "label": label}
    steps, batch = args.steps, args.batch_size
    worker = None
    try:
        if not args.skip_upstream:
            worker = tsb.UpstreamWorker(
                {
                    "mode": "zoo",
                    "model": model_name,
                    "layout": layout,
                    "steps": steps,
                    "batch_size": batch,
                }
            )
        model, x, y = zoo_models.setup(model_name, layout, batch, steps)
        specs = zoo_models.shardings(model)
        result["sharded_vars"] = sum(
            s.strip("P()").replace("None", "").strip(", ") != ""
            for s in specs.values()
        )
        result["num_vars"] = len(specs)
        c0 = counter.snapshot()
        bench_common.fit_round(model, x, y, batch, steps)  # warm-up
        c1 = counter.snapshot()
        result["fork_warmup_compiles"] = c1[0] - c0[0]
        upstream_ok = False
        if worker is not None:
            tag, info = worker.read()
            if tag == "READY":
                upstream_ok = True
                result["upstream_version"] = info["keras"]
                result["upstream_warmup_compiles"] = info["compiles"][0]
                result["same_shardings"] = specs == info["shardings"]
                if not result["same_shardings"]:
                    log(f"shardings differ: {specs} vs {info['shardings']}")
            else:
                result["upstream_error"] = info.get("error", tag)
                log(f"[{model_name}/{layout}] upstream: {info}")
        rounds = {"fork": [], "upstream": []}
        fork_compiles = fork_traces = up_compiles = 0
        for r in range(args.rounds):
            c0 = counter.snapshot()
            rounds["fork"].append(
                bench_common.fit_round(model, x, y, batch, steps)
            )
            c1 = counter.snapshot()
            fork_compiles += c1[0] - c0[0]
            fork_traces += c1[1] - c0[1]
            if upstream_ok:
                tag, info = worker.round()
                if tag != "RESULT":
                    upstream_ok = False
                    result["upstream_error"] = str(info)
                else:
                    rounds["upstream"].append(info)
                    up_compiles += info["compiles"]
            log(
                f"[{model_name}/{layout}] round {r + 1}/{args.rounds} "
                "ms/step (plain / loss read every batch): "
                + ", ".join(
                    f"{side} {v[-1]['ms']:.2f} / {v[-1]['synced_ms']:.2f}"
                    for side, v in rounds.items()
                    if len(v) == r + 1
                )
            )
        for side, values in rounds.items():
            for key in ("ms", "synced_ms", "overhead_ms"):
                series = [v[key] for v in values]
                result[f"{side}_{key}"] = (
                    bench_common.median(series) if series else None
                )
        # Best round of each side: on a loaded host, the round least
        # disturbed by other processes.
        for side, values in rounds.items():
            result[f"{side}_min_ms"] = (
                min(v["ms"] for v in values) if values else None
            )
        result["ratio_min_ms"] = (
            result["fork_min_ms"] / result["upstream_min_ms"]
            if rounds["upstream"]
            else None
        )
        for key in ("ms", "synced_ms"):
            per_round = [
                f[key] / u[key]
                for f, u in zip(rounds["fork"], rounds["upstream"])
            ]
            result[f"ratio_{key}"] = (
                bench_common.median(per_round) if per_round else None
            )
        result.update(
            rounds=rounds,
            fork_round_compiles=fork_compiles,
            fork_round_traces=fork_traces,
            upstream_round_compiles=up_compiles if rounds["upstream"] else None,
        )
        del model
    finally:
        if worker is not None:
            worker.close()
        keras.distribution.set_distribution(None)
        gc.collect()
    return result


def render(meta, results):
    fmt, ratio_fmt = tsb.fmt, (lambda v: tsb.fmt(v, ".3f"))
    lines = ["# fit() step time, CNN and LSTM: fork vs upstream Keras", ""]
    lines += [f"- {k}: {v}" for k, v in meta.items()]
    lines += [
        "",
        "| model | layout | fork ms/step | upstream ms/step | fork/upstream "
        "| best fork | best upstream | best fork/best upstream "
        "| synced fork | synced upstream | synced fork/upstream "
        "| sharded vars | compiles in rounds (fork/upstream) |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r['model']} | {r['label']} | {fmt(r['fork_ms'])} "
            f"| {fmt(r['upstream_ms'])} | {ratio_fmt(r['ratio_ms'])} "
            f"| {fmt(r['fork_min_ms'])} | {fmt(r['upstream_min_ms'])} "
            f"| {ratio_fmt(r['ratio_min_ms'])} "
            f"| {fmt(r['fork_synced_ms'])} | {fmt(r['upstream_synced_ms'])} "
            f"| {ratio_fmt(r['ratio_synced_ms'])} "
            f"| {r['sharded_vars']}/{r['num_vars']} "
            f"| {r['fork_round_compiles']}/"
            f"{fmt(r['upstream_round_compiles'], 'd')} |"
        )
    lines += [
        "",
        "ms/step: (wall time of a fit() of `steps` batches - that of a "
        "fit() of 2) / (steps - 2), until the trained weights are ready; "
        "best: the fastest round of each side; "
        "synced: with a callback reading the loss after every batch. "
        "Ratios: median of the per-round ratios (fork and upstream rounds "
        "alternate), except best/best.",
    ]
    for r in results:
        if r.get("upstream_error"):
            lines.append(
                f"- {r['model']} {r['label']}: upstream not run: "
                f"{r['upstream_error'][:200]}"
            )
        if r.get("same_shardings") is False:
            lines.append(
                f"- {r['model']} {r['label']}: upstream resolved different "
                "variable shardings"
            )
    return "\n".join(lines) + "\n"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--models", default="cnn,lstm")
    p.add_argument("--layouts", default="dp,4x2")
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--steps", type=int, default=12, help="steps per round")
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--skip-upstream", action="store_true")
    p.add_argument(
        "--upstream-venv",
        help="existing venv with upstream keras + jax (default: "
        "$KERAS_UPSTREAM_VENV, else benchmarks/.upstream_venv, created)",
    )
    args = p.parse_args(argv)
    if args.steps <= bench_common.SHORT_STEPS:
        p.error(f"--steps must be > {bench_common.SHORT_STEPS}")
    tsb.set_upstream_venv(args.upstream_venv)
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    if not args.skip_upstream and not tsb.ensure_upstream_venv():
        log("could not set up the upstream venv: skipping upstream")
        args.skip_upstream = True
    counter = bench_common.CompileCounter()
    results = []
    for model_name in [m for m in args.models.split(",") if m]:
        for layout in [n for n in args.layouts.split(",") if n]:
            log(f"== {model_name} {layout}")
            results.append(bench(model_name, layout, args, counter))
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "command": "python benchmarks/models_benchmark.py "
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
            "n/a",
        ),
        "configs": json.dumps(zoo_models.CONFIGS),
        "batch, steps/round, rounds": (
            f"{args.batch_size}, {args.steps}, {args.rounds}"
        ),
        "optimizer, loss": "Adam(1e-3), sparse CE from logits (both sides)",
        "total run time": f"{time.perf_counter() - started:.0f} s",
    }
    text = render(meta, results)
    print(text)
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "models_latest.md"), "w") as f:
        f.write(text)
    with open(os.path.join(RESULTS, "models_latest.json"), "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
