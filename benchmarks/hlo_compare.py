"""Compares the compiled train step of this fork and of upstream Keras.

For each `zoo_models` model and layout, runs a short `fit()` on each side
(upstream in its venv, see `models_benchmark.py`) with XLA's HLO dump on,
and counts the instructions of the optimized train-step module by opcode,
for the whole module and for each `while` body (the LSTM's time loop,
forward and backward). Prints the opcodes whose counts differ. Independent
of the host's load, unlike the timings.

    python benchmarks/hlo_compare.py
    KERAS_UPSTREAM_VENV=/tmp/keras-upstream python benchmarks/hlo_compare.py \\
        --models lstm --layouts 4x2
"""

import argparse
import collections
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# `%name = SHAPE opcode(`; SHAPE may be a tuple with spaces and
# `/*index=5*/` comments, e.g. a combined all-reduce
# `(f32[8,32]{1,0}, f32[64]{0}) all-reduce(`.
OPCODE = re.compile(
    r"=\s*(?:\((?:[^()]|\([^()]*\))*\)|\S+)\s+([a-z][a-z0-9\-]*)\("
)


def dump(model_name, layout, out):
    """Worker: one short fit() with the HLO dump going to `out`."""
    os.environ["XLA_FLAGS"] = (
        "--xla_force_host_platform_device_count=8 "
        f"--xla_dump_to={out} --xla_dump_hlo_as_text "
        "--xla_dump_hlo_module_re=.*train.*"
    )
    os.environ["KERAS_BACKEND"] = "jax"
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    sys.path.insert(0, HERE)
    import zoo_models

    model, x, y = zoo_models.setup(model_name, layout, 32, 4)
    model.fit(x, y, batch_size=32, epochs=1, verbose=0)


def computations(text):
    comps, current = {}, None
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.rstrip().endswith("{"):
            current = line.split()[1 if line.startswith("ENTRY") else 0]
            comps[current.lstrip("%")] = []
        elif current and line.startswith("  "):
            comps[current.lstrip("%")].append(line)
    return comps


def count(lines):
    return collections.Counter(
        m.group(1) for m in map(OPCODE.search, lines) if m
    )


def summarize(directory):
    files = sorted(
        glob.glob(os.path.join(directory, "*train*after_optimizations.txt")),
        key=os.path.getsize,
    )
    if not files:
        raise RuntimeError(f"no train-step HLO dumped in {directory}")
    text = open(files[-1]).read()
    comps = computations(text)
    parts = {"module": count(text.splitlines())}
    for i, body in enumerate(re.findall(r"while\(.*?body=%?([\w.\-]+)", text)):
        parts[f"while body {i}"] = count(comps.get(body, []))
    return parts


def run_side(python, model_name, layout, out, upstream):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["KERAS_BACKEND"] = "jax"
    if not upstream:
        env["PYTHONPATH"] = ROOT
    subprocess.run(
        [python, os.path.abspath(__file__), "--dump", model_name, layout, out],
        cwd="/",
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return summarize(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--models", default="cnn,lstm")
    p.add_argument("--layouts", default="dp,4x2")
    p.add_argument("--upstream-venv")
    p.add_argument("--dump", nargs=3, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.dump:
        dump(*args.dump)
        return
    venv = (
        args.upstream_venv
        or os.environ.get("KERAS_UPSTREAM_VENV")
        or os.path.join(HERE, ".upstream_venv")
    )
    upstream_python = os.path.join(venv, "bin", "python")
    print(
        "| model | layout | part | instructions fork / upstream "
        "| opcodes that differ (fork / upstream) |"
    )
    print("|---|---|---|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for model_name in args.models.split(","):
            for layout in args.layouts.split(","):
                sides = []
                for name, python, up in (
                    ("fork", sys.executable, False),
                    ("upstream", upstream_python, True),
                ):
                    out = os.path.join(tmp, f"{name}_{model_name}_{layout}")
                    sides.append(run_side(python, model_name, layout, out, up))
                fork, upstream = sides
                for part in fork.keys() | upstream.keys():
                    a = fork.get(part, collections.Counter())
                    b = upstream.get(part, collections.Counter())
                    diff = ", ".join(
                        f"{k} {a[k]}/{b[k]}"
                        for k in sorted(a.keys() | b.keys())
                        if a[k] != b[k]
                    )
                    print(
                        f"| {model_name} | {layout} | {part} "
                        f"| {sum(a.values())} / {sum(b.values())} "
                        f"| {diff or 'none'} |",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
