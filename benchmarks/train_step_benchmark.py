"""fit() step time of this fork vs a pure-JAX train step vs upstream Keras.

For each device layout (8 CPU devices) the Gemma-style decoder of
`examples/gemma` is trained, in ALTERNATING short rounds, by:

  (a) this fork's `model.fit()`;
  (b) a hand-written `jax.jit` train step on the same model, shardings and
      optimizer (the floor): `model.stateless_call` forward, a jnp
      cross-entropy, `jax.value_and_grad`, a jnp Adam, in/out shardings
      equal to the variables' shardings, donated state, batches put with
      the fit() data sharding;
  (c) upstream Keras 3 (latest release, in `benchmarks/.upstream_venv`,
      created on first use) through its public API, in a subprocess kept
      alive over stdin/stdout (`upstream_worker.py`).

Also: compilations per run (`jax.monitoring` events), `import keras` vs
`import jax` time (fresh subprocesses), and the throughput of
`distribute_data_input` vs `jax.device_put` for large batches.

Results: printed as markdown, written to `benchmarks/results/latest.md`
and `benchmarks/results/train_step_benchmark.png`.

    python benchmarks/train_step_benchmark.py
    python benchmarks/train_step_benchmark.py --layouts dp,4x2 --rounds 3 \\
        --steps 6 --skip-upstream
"""

import os

os.environ["XLA_FLAGS"] = (
    os.environ.get("XLA_FLAGS", "")
    + " --xla_force_host_platform_device_count=8"
)
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["KERAS_BACKEND"] = "jax"

import argparse  # noqa: E402
import compileall  # noqa: E402
import cProfile  # noqa: E402
import gc  # noqa: E402
import importlib.util  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import pstats  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
if ROOT not in sys.path:
    sys.path.append(ROOT)

import bench_common  # noqa: E402
import public_decoder  # noqa: E402

import keras  # noqa: E402

DEFAULT_UPSTREAM_VENV = os.path.join(HERE, ".upstream_venv")
# An existing venv with upstream Keras on JAX can be named by
# `KERAS_UPSTREAM_VENV` (as for integration_tests/upstream_interchange_test.py)
# or `--upstream-venv`; only the default one is created when missing.
UPSTREAM_VENV = os.environ.get("KERAS_UPSTREAM_VENV") or DEFAULT_UPSTREAM_VENV
RESULTS = os.path.join(HERE, "results")
EXAMPLE_DIR = os.path.join(ROOT, "examples", "gemma")

# Sized for a 2-core CPU host; every sharded dimension divides by 4.
BENCH_CONFIG = dict(
    vocab_size=1024,
    width=128,
    num_layers=2,
    num_query_heads=4,
    num_key_value_heads=2,
    head_dim=32,
    hidden_dim=256,
    seq_len=32,
    rope_max_wavelength=10000,
    layer_norm_epsilon=1e-6,
)

# name -> (label, mesh shape, axis names, batch_dim_name, model axis,
# FSDP axis); model axis None means DataParallel.
LAYOUTS = {
    "dp": ("(8,) DataParallel", (8,), ("batch",), "batch", None, None),
    "4x2": (
        "(4,2) model,batch",
        (4, 2),
        ("model", "batch"),
        "batch",
        "model",
        "batch",
    ),
    "2x4": (
        "(2,4) batch,model",
        (2, 4),
        ("batch", "model"),
        "batch",
        "model",
        "batch",
    ),
    "3d": (
        "(2,2,2) data,model,batch",
        (2, 2, 2),
        ("data", "model", "batch"),
        ("data", "batch"),
        "model",
        "batch",
    ),
}

TARGET_JAX = 1.10
TARGET_UPSTREAM = 1.0
TARGET_IMPORT = 1.2

ADAM = dict(learning_rate=1e-3, beta_1=0.9, beta_2=0.999, epsilon=1e-7)


def log(*args):
    print(*args, file=sys.stderr, flush=True)


# ------------------------------------------------------------------ model
def _load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example_modules():
    """`(decoder, layout)` modules of examples/gemma, or None."""
    decoder_py = os.path.join(EXAMPLE_DIR, "decoder.py")
    layout_py = os.path.join(EXAMPLE_DIR, "layout.py")
    if not os.path.exists(decoder_py):
        return None
    decoder = _load_module("gemma_decoder_example", decoder_py)
    layout = decoder
    if not hasattr(decoder, "get_layout_map") and os.path.exists(layout_py):
        layout = _load_module("gemma_layout_example", layout_py)
    return decoder, layout


def layout_map_fn(example, source):
    if example is not None and hasattr(example[1], "get_layout_map"):
        return example[1].get_layout_map, source
    return _fallback_layout_map, "benchmarks (fallback)"


def _fallback_layout_map(device_mesh, model_parallel_dim_name="model", **_):
    m = model_parallel_dim_name
    layout_map = keras.distribution.LayoutMap(device_mesh)
    layout_map["token_embedding/embeddings"] = (m, None)
    layout_map["attention/query/kernel"] = (None, m, None)
    layout_map["attention/(key|value)/kernel"] = (None, None, m)
    layout_map["attention/attention_output/kernel"] = (m, None, None)
    layout_map["ffw_(gating|up)/kernel"] = (None, m)
    layout_map["ffw_down/kernel"] = (m, None)
    return layout_map


def build_model(model_choice, example):
    """Returns `(model, description)` for the fork side."""
    if model_choice in ("auto", "example") and example is not None:
        decoder = example[0]
        try:
            config = decoder.GemmaConfig(**BENCH_CONFIG)
            model = decoder.build_decoder(config, seed=0)
            return model, "examples/gemma/decoder.py"
        except Exception as e:
            if model_choice == "example":
                raise
            log(f"example decoder failed ({type(e).__name__}: {e}); ")
            log("falling back to benchmarks/public_decoder.py")
    config = public_decoder.DecoderConfig(**BENCH_CONFIG)
    return public_decoder.build_decoder(config, seed=0), (
        "benchmarks/public_decoder.py (fallback)"
    )


def compile_model(model):
    model.compile(
        optimizer=keras.optimizers.Adam(**ADAM),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )


def make_distribution(name, layout_fn):
    label, shape, axes, batch_dim, model_axis, fsdp_axis = LAYOUTS[name]
    devices = keras.distribution.list_devices()
    mesh = keras.distribution.DeviceMesh(shape, axes, devices)
    if model_axis is None:
        return keras.distribution.DataParallel(device_mesh=mesh), mesh
    layout_map = layout_fn(
        mesh,
        model_parallel_dim_name=model_axis,
        data_parallel_dim_name=fsdp_axis,
    )
    dist = keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name=batch_dim
    )
    return dist, mesh


def spec_axes(array):
    """A variable's PartitionSpec as a JSON list padded to its rank."""
    spec = tuple(array.sharding.spec)
    spec = spec + (None,) * (array.ndim - len(spec))
    return [list(a) if isinstance(a, tuple) else a for a in spec]


# -------------------------------------------------------------- pure JAX
class PureJaxTrainer:
    """jit(value_and_grad) + jnp Adam on `model.stateless_call`."""

    def __init__(self, model, data_sharding):
        self.model = model
        self.data_sharding = data_sharding
        tv = [v.value for v in model.trainable_variables]
        ntv = [v.value for v in model.non_trainable_variables]
        t_sh = [a.sharding for a in tv]
        n_sh = [a.sharding for a in ntv]
        mesh = data_sharding.mesh
        scalar = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec())

        def copy(a):
            return jax.device_put(np.asarray(a), a.sharding)

        def zeros(a):
            return jax.device_put(np.zeros(a.shape, a.dtype), a.sharding)

        self.state = (
            [copy(a) for a in tv],
            [copy(a) for a in ntv],
            [zeros(a) for a in tv],
            [zeros(a) for a in tv],
            jax.device_put(np.zeros((), np.int32), scalar),
        )
        state_sh = (t_sh, n_sh, t_sh, t_sh, scalar)
        lr, b1, b2 = ADAM["learning_rate"], ADAM["beta_1"], ADAM["beta_2"]
        eps = ADAM["epsilon"]

        def loss_fn(trainable, non_trainable, x, y):
            logits, non_trainable = model.stateless_call(
                trainable, non_trainable, x, training=True
            )
            logits = logits.astype(jnp.float32)
            lse = jax.nn.logsumexp(logits, axis=-1)
            picked = jnp.take_along_axis(logits, y[..., None], axis=-1)
            return jnp.mean(lse - picked[..., 0]), non_trainable

        def step(state, x, y):
            params, non_trainable, m, v, t = state
            (loss, non_trainable), grads = jax.value_and_grad(
                loss_fn, has_aux=True
            )(params, non_trainable, x, y)
            t = t + 1
            tf = t.astype(jnp.float32)
            alpha = lr * jnp.sqrt(1 - b2**tf) / (1 - b1**tf)
            m = [b1 * mi + (1 - b1) * g for mi, g in zip(m, grads)]
            v = [b2 * vi + (1 - b2) * g * g for vi, g in zip(v, grads)]
            params = [
                p - alpha * mi / (jnp.sqrt(vi) + eps)
                for p, mi, vi in zip(params, m, v)
            ]
            return (params, non_trainable, m, v, t), loss

        self.step = jax.jit(
            step,
            in_shardings=(state_sh, data_sharding, data_sharding),
            out_shardings=(state_sh, scalar),
            donate_argnums=0,
        )

    def run(self, x, y, batch_size, steps, read_loss=False):
        """Runs `steps` steps; returns `(seconds, times)`: the wall time
        until the last step's results are ready, and the time at the end
        of each step when `read_loss` (the loss is read after every step,
        like `bench_common.LossReader`)."""
        put = self.data_sharding
        times = []
        start = time.perf_counter()
        for i in range(steps):
            xb = jax.device_put(x[i * batch_size : (i + 1) * batch_size], put)
            yb = jax.device_put(y[i * batch_size : (i + 1) * batch_size], put)
            self.state, loss = self.step(self.state, xb, yb)
            if read_loss:
                float(loss)
                times.append(time.perf_counter())
        jax.block_until_ready(self.state)
        return time.perf_counter() - start, times

    def round(self, x, y, batch_size, steps):
        """The measurements of `bench_common.fit_round` (`ms`,
        `synced_ms`) for this loop."""
        short, _ = self.run(x, y, batch_size, bench_common.SHORT_STEPS)
        long, _ = self.run(x, y, batch_size, steps)
        _, times = self.run(x, y, batch_size, steps, read_loss=True)
        ms = (long - short) / (steps - bench_common.SHORT_STEPS) * 1e3
        synced = (times[-1] - times[0]) / (steps - 1) * 1e3
        return {"ms": ms, "synced_ms": synced}


# -------------------------------------------------------------- upstream
def set_upstream_venv(path):
    """Use the upstream venv at `path` (`--upstream-venv`)."""
    global UPSTREAM_VENV
    if path:
        UPSTREAM_VENV = os.path.abspath(path)


def upstream_python():
    return os.path.join(UPSTREAM_VENV, "bin", "python")


def ensure_upstream_venv():
    """Creates `.upstream_venv` with upstream Keras + this JAX version."""
    python = upstream_python()
    check = [python, "-c", "import keras, jax"]
    env = dict(os.environ, KERAS_BACKEND="jax")
    env.pop("PYTHONPATH", None)
    if os.path.exists(python):
        ok = subprocess.run(check, env=env, cwd=HERE, capture_output=True)
        if ok.returncode == 0:
            return True
    if os.path.abspath(UPSTREAM_VENV) != DEFAULT_UPSTREAM_VENV:
        log(f"{UPSTREAM_VENV} has no working upstream keras + jax")
        return False
    log(f"creating {UPSTREAM_VENV} (upstream keras, jax=={jax.__version__})")
    subprocess.run([sys.executable, "-m", "venv", UPSTREAM_VENV], check=True)
    pip = [python, "-m", "pip", "install", "-q", "keras"]
    pinned = [f"jax=={jax.__version__}", f"jaxlib=={jax.__version__}"]
    if subprocess.run(pip + pinned).returncode != 0:
        log("pinned jax not installable; installing latest jax, jaxlib")
        if subprocess.run(pip + ["jax", "jaxlib"]).returncode != 0:
            return False
    return subprocess.run(check, env=env, cwd=HERE).returncode == 0


class UpstreamWorker:
    def __init__(self, payload, script="upstream_worker.py"):
        env = dict(os.environ, KERAS_BACKEND="jax")
        env.pop("PYTHONPATH", None)
        self.proc = subprocess.Popen(
            [
                upstream_python(),
                os.path.join(HERE, script),
                json.dumps(payload),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=HERE,
            env=env,
        )

    def read(self):
        """Next `(tag, payload)` message, or `("DIED", None)`."""
        for line in self.proc.stdout:
            if line.startswith("@@"):
                tag, _, body = line[2:].partition(" ")
                return tag, json.loads(body)
        return "DIED", {"error": f"exit code {self.proc.wait()}"}

    def round(self):
        self.proc.stdin.write("ROUND\n")
        self.proc.stdin.flush()
        return self.read()

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write("QUIT\n")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# --------------------------------------------------------- train bench
def bench_layout(name, args, example, counter):
    label = LAYOUTS[name][0]
    layout_fn, layout_source = layout_map_fn(example, "examples/gemma")
    dist, mesh = make_distribution(name, layout_fn)
    keras.distribution.set_distribution(dist)
    result = {"layout": name, "label": label}
    worker = None
    try:
        model, source = build_model(args.model, example)
        compile_model(model)
        result["model"] = source
        result["layout_map"] = layout_source
        fork_specs = {
            v.path: spec_axes(v.value) for v in model.trainable_variables
        }
        result["sharded_vars"] = sum(
            any(a is not None for a in s) for s in fork_specs.values()
        )
        result["num_vars"] = len(fork_specs)
        steps, batch = args.steps, args.batch_size
        x, y = bench_common.make_tokens(
            batch * steps, BENCH_CONFIG["seq_len"], BENCH_CONFIG["vocab_size"]
        )
        if not args.skip_upstream:
            worker = UpstreamWorker(
                {
                    "kind": "data_parallel" if name == "dp" else "model",
                    "mesh_shape": LAYOUTS[name][1],
                    "axis_names": LAYOUTS[name][2],
                    "batch_dim_name": LAYOUTS[name][3],
                    "layouts": fork_specs,
                    "config": BENCH_CONFIG,
                    "steps": steps,
                    "batch_size": batch,
                }
            )
        # Warm-up (compilation) of the fork and of the pure-JAX step.
        c0 = counter.snapshot()
        bench_common.fit_round(model, x, y, batch, steps)
        c1 = counter.snapshot()
        result["fork_warmup_compiles"] = c1[0] - c0[0]
        result["fork_warmup_traces"] = c1[1] - c0[1]
        data_sharding = dist.get_data_layout(x[:batch].shape).backend_layout
        pure = PureJaxTrainer(model, data_sharding)
        c0 = counter.snapshot()
        pure.round(x, y, batch, steps)
        c1 = counter.snapshot()
        result["jax_warmup_compiles"] = c1[0] - c0[0]
        upstream_ok = False
        if worker is not None:
            tag, info = worker.read()
            if tag == "READY":
                upstream_ok = True
                result["upstream_version"] = info["keras"]
                result["upstream_jax"] = info["jax"]
                result["upstream_warmup_compiles"] = info["compiles"][0]
                fork_str = {
                    v.path: str(v.value.sharding.spec)
                    for v in model.trainable_variables
                }
                result["same_shardings"] = fork_str == info["shardings"]
            else:
                result["upstream_error"] = info.get("error", tag)
                log(f"[{name}] upstream: {result['upstream_error']}")
        rounds = {"fork": [], "jax": [], "upstream": []}
        fork_compiles = jax_compiles = up_compiles = fork_traces = 0
        for r in range(args.rounds):
            c0 = counter.snapshot()
            rounds["fork"].append(
                bench_common.fit_round(model, x, y, batch, steps)
            )
            c1 = counter.snapshot()
            fork_compiles += c1[0] - c0[0]
            fork_traces += c1[1] - c0[1]
            rounds["jax"].append(pure.round(x, y, batch, steps))
            jax_compiles += counter.snapshot()[0] - c1[0]
            if upstream_ok:
                tag, info = worker.round()
                if tag != "RESULT":
                    upstream_ok = False
                    result["upstream_error"] = str(info)
                else:
                    rounds["upstream"].append(info)
                    up_compiles += info["compiles"]
            log(
                f"[{name}] round {r + 1}/{args.rounds} ms/step "
                "(plain / loss read every batch): "
                + ", ".join(
                    f"{side} {v[-1]['ms']:.2f} / {v[-1]['synced_ms']:.2f}"
                    for side, v in rounds.items()
                    if len(v) == r + 1
                )
            )
        if args.profile:
            result["profile"] = profile_fit(model, x, y, batch, steps, name)
        for side, values in rounds.items():
            for key in ("ms", "synced_ms", "overhead_ms"):
                series = [v[key] for v in values if key in v]
                result[f"{side}_{key}"] = (
                    bench_common.median(series) if series else None
                )
        # Ratios: the median of the per-round ratios (the three sides of a
        # round run back to back, so a slower phase of a shared host
        # affects both sides of each ratio alike).
        for other in ("jax", "upstream"):
            for key in ("ms", "synced_ms"):
                per_round = [
                    f[key] / o[key]
                    for f, o in zip(rounds["fork"], rounds[other])
                ]
                result[f"fork_over_{other}_{key}"] = (
                    bench_common.median(per_round) if per_round else None
                )
        result.update(
            rounds=rounds,
            fork_round_compiles=fork_compiles,
            fork_round_traces=fork_traces,
            jax_round_compiles=jax_compiles,
            upstream_round_compiles=up_compiles if rounds["upstream"] else None,
        )
        del pure, model
    finally:
        if worker is not None:
            worker.close()
        keras.distribution.set_distribution(None)
        gc.collect()
    return result


def profile_fit(model, x, y, batch, steps, name):
    """cProfile of one fit() round: where the host time per step goes."""
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    bench_common.fit_round(model, x, y, batch, steps)
    profiler.disable()
    total = time.perf_counter() - start
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(40)
    os.makedirs(RESULTS, exist_ok=True)
    path = os.path.join(RESULTS, f"profile_{name}.txt")
    with open(path, "w") as f:
        f.write(f"fit() round of {steps} steps: {total * 1e3:.1f} ms\n")
        f.write(out.getvalue())
    return path


# ---------------------------------------------------- framework overhead
OVERHEAD_STEPS = 200


def pure_jax_tiny_ms(model, x, y, batch_size, data_sharding, reps):
    """Best ms/step of a pure-JAX SGD + MSE loop over `x` for
    `bench_common.tiny_model` (batches put with `data_sharding`)."""
    weights = [jnp.array(v.value) for v in model.trainable_variables]

    def step(weights, xb, yb):
        def loss_fn(weights):
            kernel, bias = weights
            return jnp.mean(jnp.square(xb @ kernel + bias - yb))

        loss, grads = jax.value_and_grad(loss_fn)(weights)
        return [w - 0.01 * g for w, g in zip(weights, grads)], loss

    step = jax.jit(step, donate_argnums=0)
    steps = len(x) // batch_size
    times = []
    for _ in range(reps + 1):  # the first run compiles
        start = time.perf_counter()
        for i in range(steps):
            rows = slice(i * batch_size, (i + 1) * batch_size)
            xb = jax.device_put(x[rows], data_sharding)
            yb = jax.device_put(y[rows], data_sharding)
            weights, _ = step(weights, xb, yb)
        jax.block_until_ready(weights)
        times.append(time.perf_counter() - start)
    return min(times[1:]) / steps * 1e3


def bench_overhead(args):
    """`fit()` ms/step of a model whose step costs almost nothing: the
    framework's own host work per step, against a pure-JAX loop and
    upstream Keras (alternating rounds for the first two)."""
    batch = args.batch_size
    x, y = bench_common.tiny_data(OVERHEAD_STEPS, batch)
    worker = None
    if not args.skip_upstream:
        worker = UpstreamWorker(
            {
                "mode": "overhead",
                "steps": OVERHEAD_STEPS,
                "batch_size": batch,
                "reps": 3,
                "rounds": args.rounds,
            }
        )
    distribution = keras.distribution.DataParallel()
    keras.distribution.set_distribution(distribution)
    try:
        model = bench_common.tiny_model()
        sharding = distribution.get_data_layout(x[:batch].shape)
        fork, pure = [], []
        for _ in range(args.rounds):
            fork.append(bench_common.tiny_fit_ms(model, x, y, batch, reps=3))
            pure.append(
                pure_jax_tiny_ms(
                    model, x, y, batch, sharding.backend_layout, reps=3
                )
            )
        upstream = None
        if worker is not None:
            tag, info = worker.read()
            if tag == "RESULT":
                upstream = bench_common.median(info["ms"])
            else:
                log(f"upstream overhead run: {info}")
    finally:
        if worker is not None:
            worker.close()
        keras.distribution.set_distribution(None)
    return {
        "batch": batch,
        "fork_ms": bench_common.median(fork),
        "jax_ms": bench_common.median(pure),
        "upstream_ms": upstream,
        "fork_rounds": fork,
        "jax_rounds": pure,
    }


# -------------------------------------------------------- import times
IMPORT_SNIPPET = (
    "import time; t = time.perf_counter(); import {mod}; "
    "print(time.perf_counter() - t)"
)


def time_import(python, module, env):
    out = subprocess.run(
        [python, "-c", IMPORT_SNIPPET.format(mod=module)],
        capture_output=True,
        text=True,
        cwd=HERE,
        env=env,
    )
    if out.returncode != 0:
        return None
    return float(out.stdout.strip().splitlines()[-1]) * 1e3


def bench_imports(reps, with_upstream):
    # pip byte-compiles the packages it installs (jax, upstream keras); this
    # repo, installed editable, relies on the import system writing
    # `__pycache__`, which PYTHONDONTWRITEBYTECODE=1 turns off (every
    # `import keras` would then compile ~300 modules from source).
    # Byte-compile it the same way, so that all the imports read bytecode.
    compileall.compile_dir(os.path.join(ROOT, "keras"), quiet=1)
    env = dict(os.environ, KERAS_BACKEND="jax", JAX_PLATFORMS="cpu")
    env.pop("XLA_FLAGS", None)
    env.pop("PYTHONPATH", None)
    cases = [("fork_jax", sys.executable, "jax")]
    cases.append(("fork_keras", sys.executable, "keras"))
    if with_upstream:
        cases.append(("upstream_keras", upstream_python(), "keras"))
    times = {c[0]: [] for c in cases}
    for _ in range(reps):  # alternate the cases
        for key, python, module in cases:
            times[key].append(time_import(python, module, env))
    return {k: bench_common.median(v) for k, v in times.items()}


# --------------------------------------------------- data input transfer
def bench_transfer(sizes_mb, reps):
    from keras.src.backend.jax import distribution_lib as jax_dlib

    devices = keras.distribution.list_devices()
    mesh = keras.distribution.DeviceMesh((4, 2), ("model", "batch"), devices)
    layout = keras.distribution.TensorLayout(("batch", None), mesh)
    sharding = layout.backend_layout
    rows_per_mb = (1 << 20) // (4 * 1024)
    results = []
    for mb in sizes_mb:
        host = np.random.default_rng(0).standard_normal(
            (mb * rows_per_mb, 1024), dtype=np.float32
        )
        gb = host.nbytes / 1e9
        fork_t, put_t = [], []

        def timed(fn):
            start = time.perf_counter()
            out = fn(host)
            jax.block_until_ready(out)
            elapsed = time.perf_counter() - start
            out.delete()
            return elapsed

        def fork_put(array):
            return jax_dlib.distribute_data_input(array, layout, "batch")

        def plain_put(array):
            return jax.device_put(array, sharding)

        timed(plain_put)  # warm-up
        timed(fork_put)
        for _ in range(reps):  # alternating
            fork_t.append(timed(fork_put))
            put_t.append(timed(plain_put))
        fork_s = bench_common.median(fork_t)
        put_s = bench_common.median(put_t)
        results.append(
            dict(
                mb=mb,
                fork_gbps=gb / fork_s,
                put_gbps=gb / put_s,
                ratio=fork_s / put_s,
            )
        )
        host = None
        gc.collect()
    return results


# ------------------------------------------------------------ reporting
def fmt(value, spec=".2f"):
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "n/a"
    return format(value, spec)


def ratio(a, b):
    if a is None or b is None or not b or np.isnan(a) or np.isnan(b):
        return None
    return a / b


def _delta_us(a, b):
    if a is None or b is None:
        return None
    return (a - b) * 1e3


def verdict(value, target):
    if value is None:
        return "n/a"
    return "met" if value <= target else "MISSED"


def render_markdown(meta, layouts, overhead, imports, transfers):
    lines = ["# fit() step time: fork vs pure JAX vs upstream Keras", ""]
    lines += [f"- {k}: {v}" for k, v in meta.items()]
    lines.append("")
    if layouts:
        lines += [
            "## Train step, plain fit() (median ms/step)",
            "",
            "| layout | fork fit() | pure JAX | upstream fit() "
            "| fork/JAX | fork/upstream | fit() call overhead, fork "
            "| upstream | sharded vars |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in layouts:
            lines.append(
                f"| {r['label']} | {fmt(r['fork_ms'])} | {fmt(r['jax_ms'])}"
                f" | {fmt(r['upstream_ms'])}"
                f" | {fmt(r['fork_over_jax_ms'], '.3f')}"
                f" | {fmt(r['fork_over_upstream_ms'], '.3f')}"
                f" | {fmt(r['fork_overhead_ms'], '.1f')}"
                f" | {fmt(r['upstream_overhead_ms'], '.1f')}"
                f" | {r['sharded_vars']}/{r['num_vars']} |"
            )
        lines += [
            "",
            "ms/step: (wall time of a fit() of `steps` batches - that of a "
            f"fit() of {bench_common.SHORT_STEPS}) / (steps - "
            f"{bench_common.SHORT_STEPS}), each call until the trained "
            "weights are ready, no callbacks, `verbose=0`; pure JAX: the "
            "same difference of two loops. Ratios: median over rounds of "
            "the per-round ratio. Overhead: the fixed cost of one fit() "
            "call (set-up, iterator, final weight write-back).",
            "",
            "With a callback that reads the loss after every batch (each "
            "step waits for the previous one; pure JAX: `float(loss)` after "
            "every step), median ms/step from the end of batch 0 to the "
            "end of the last:",
            "",
            "| layout | fork fit() | pure JAX | upstream fit() | fork/JAX "
            "| fork/upstream |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for r in layouts:
            f, j, u = (
                r["fork_synced_ms"],
                r["jax_synced_ms"],
                r["upstream_synced_ms"],
            )
            lines.append(
                f"| {r['label']} | {fmt(f)} | {fmt(j)} | {fmt(u)} "
                f"| {fmt(r['fork_over_jax_synced_ms'], '.3f')} "
                f"| {fmt(r['fork_over_upstream_synced_ms'], '.3f')} |"
            )
        lines += [
            "",
            "## Compilations",
            "",
            "| layout | fork warm-up fit() (compiles/traces) "
            "| fork measured rounds | pure JAX warm-up | pure JAX rounds "
            "| upstream warm-up | upstream rounds |",
            "|---|---:|---:|---:|---:|---:|---:|",
        ]
        for r in layouts:
            lines.append(
                f"| {r['label']} | {r['fork_warmup_compiles']}/"
                f"{r['fork_warmup_traces']} | {r['fork_round_compiles']}/"
                f"{r['fork_round_traces']} | {r['jax_warmup_compiles']} "
                f"| {r['jax_round_compiles']} "
                f"| {fmt(r.get('upstream_warmup_compiles'), 'd')} "
                f"| {fmt(r.get('upstream_round_compiles'), 'd')} |"
            )
        notes = []
        for r in layouts:
            if r.get("upstream_error"):
                notes.append(
                    f"- {r['label']}: upstream not run: "
                    f"{r['upstream_error'][:200]}"
                )
            if r.get("same_shardings") is False:
                notes.append(
                    f"- {r['label']}: upstream resolved different variable "
                    "shardings than the fork."
                )
        if notes:
            lines += ["", "Notes:", ""] + notes
    if overhead:
        f, j, u = (
            overhead["fork_ms"],
            overhead["jax_ms"],
            overhead["upstream_ms"],
        )
        lines += [
            "",
            "## Framework overhead per step",
            "",
            "`keras.Sequential([Input((8,)), Dense(1)])`, SGD, MSE, (8,) "
            f"DataParallel, batch {overhead['batch']}, one-epoch fit() of "
            f"{OVERHEAD_STEPS} steps (best of 3, median over rounds): the "
            "step computes almost nothing, so this is each framework's own "
            "host work per step (data slicing and transfer, dispatch, "
            "callbacks).",
            "",
            "| fork fit() | pure JAX loop | upstream fit() | fork - JAX "
            "| fork - upstream |",
            "|---:|---:|---:|---:|---:|",
            f"| {fmt(f, '.3f')} ms | {fmt(j, '.3f')} ms "
            f"| {fmt(u, '.3f')} ms | {fmt(_delta_us(f, j), '+.0f')} us "
            f"| {fmt(_delta_us(f, u), '+.0f')} us |",
        ]
    if imports:
        fj = imports.get("fork_jax")
        fk = imports.get("fork_keras")
        uk = imports.get("upstream_keras")
        lines += [
            "",
            "## Import time (fresh subprocess, median)",
            "",
            "| import | ms | vs `import jax` |",
            "|---|---:|---:|",
            f"| `import jax` | {fmt(fj, '.0f')} | 1.00 |",
            f"| `import keras` (fork) | {fmt(fk, '.0f')} "
            f"| {fmt(ratio(fk, fj))} |",
        ]
        if uk is not None:
            lines.append(
                f"| `import keras` (upstream, jax backend) | "
                f"{fmt(uk, '.0f')} | {fmt(ratio(uk, fj))} |"
            )
    if transfers:
        lines += [
            "",
            "## Data input transfer, (4,2) mesh, batch sharded over "
            "`batch` (float32)",
            "",
            "| batch | distribute_data_input GB/s | jax.device_put GB/s "
            "| time ratio |",
            "|---:|---:|---:|---:|",
        ]
        for t in transfers:
            lines.append(
                f"| {t['mb']} MB | {t['fork_gbps']:.2f} | "
                f"{t['put_gbps']:.2f} | {t['ratio']:.3f} |"
            )
    lines += ["", "## Targets", ""]
    lines.append("| target | value | |")
    lines.append("|---|---:|---|")
    for r in layouts:
        rj = r["fork_over_jax_ms"]
        ru = r["fork_over_upstream_ms"]
        lines.append(
            f"| fork/JAX <= {TARGET_JAX} ({r['label']}) | {fmt(rj, '.3f')} "
            f"| {verdict(rj, TARGET_JAX)} |"
        )
        lines.append(
            f"| fork/upstream <= {TARGET_UPSTREAM} ({r['label']}) "
            f"| {fmt(ru, '.3f')} | {verdict(ru, TARGET_UPSTREAM)} |"
        )
    if imports:
        ri = ratio(imports.get("fork_keras"), imports.get("fork_jax"))
        lines.append(
            f"| import keras <= {TARGET_IMPORT} x import jax "
            f"| {fmt(ri, '.2f')} | {verdict(ri, TARGET_IMPORT)} |"
        )
    return "\n".join(lines) + "\n"


def plot(layouts, imports, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(16, 4.8))
    labels = [r["label"] for r in layouts]
    xs = np.arange(len(layouts))
    width = 0.27
    series = [
        ("fork fit()", "fork_ms"),
        ("pure JAX", "jax_ms"),
        ("upstream fit()", "upstream_ms"),
    ]
    for i, (name, key) in enumerate(series):
        vals = [r.get(key) or 0.0 for r in layouts]
        axes[0].bar(xs + (i - 1) * width, vals, width, label=name)
    axes[0].set_xticks(xs, labels, rotation=15, fontsize=8)
    axes[0].set_ylabel("ms / step (median)")
    axes[0].set_title("train step")
    axes[0].legend()
    rj = [r["fork_over_jax_ms"] or 0.0 for r in layouts]
    ru = [r["fork_over_upstream_ms"] or 0.0 for r in layouts]
    axes[1].bar(xs - width / 2, rj, width, label="fork / pure JAX")
    axes[1].bar(xs + width / 2, ru, width, label="fork / upstream")
    axes[1].axhline(TARGET_JAX, color="C0", ls="--", lw=1)
    axes[1].axhline(TARGET_UPSTREAM, color="C1", ls="--", lw=1)
    axes[1].set_xticks(xs, labels, rotation=15, fontsize=8)
    axes[1].set_title("ratios (dashed: targets)")
    axes[1].legend()
    if imports:
        keys = [k for k in ("fork_jax", "fork_keras", "upstream_keras")]
        keys = [k for k in keys if imports.get(k) is not None]
        axes[2].bar(keys, [imports[k] for k in keys])
        axes[2].set_ylabel("ms")
        axes[2].set_title("import time (median)")
    else:
        axes[2].axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ------------------------------------------------------------------ main
def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument(
        "--layouts",
        default="dp,4x2,2x4,3d",
        help=f"comma-separated subset of {','.join(LAYOUTS)}",
    )
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--steps", type=int, default=20, help="steps per round")
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--skip-upstream", action="store_true")
    p.add_argument(
        "--upstream-venv",
        help="existing venv with upstream keras + jax (default: "
        "$KERAS_UPSTREAM_VENV, else benchmarks/.upstream_venv, created)",
    )
    p.add_argument("--skip-overhead", action="store_true")
    p.add_argument("--skip-imports", action="store_true")
    p.add_argument("--import-reps", type=int, default=5)
    p.add_argument("--skip-transfer", action="store_true")
    p.add_argument("--transfer-mb", default="64,256")
    p.add_argument("--transfer-reps", type=int, default=5)
    p.add_argument(
        "--model", choices=("auto", "example", "public"), default="auto"
    )
    p.add_argument(
        "--profile",
        action="store_true",
        help="cProfile one extra fork fit() round per layout",
    )
    args = p.parse_args(argv)
    if args.steps <= bench_common.SHORT_STEPS:
        p.error(f"--steps must be > {bench_common.SHORT_STEPS}")
    return args


def main(argv=None):
    args = parse_args(argv)
    set_upstream_venv(args.upstream_venv)
    started = time.perf_counter()
    load_before = os.getloadavg()
    names = [n.strip() for n in args.layouts.split(",") if n.strip()]
    for n in names:
        if n not in LAYOUTS:
            raise SystemExit(f"unknown layout {n!r}; one of {list(LAYOUTS)}")
    if not args.skip_upstream and not ensure_upstream_venv():
        log("could not set up the upstream venv: skipping upstream")
        args.skip_upstream = True
    example = None
    if args.model != "public":
        try:
            example = example_modules()
        except Exception as e:
            log(f"examples/gemma not importable: {type(e).__name__}: {e}")
    counter = bench_common.CompileCounter()
    layouts = []
    for name in names:
        log(f"== layout {name}")
        layouts.append(bench_layout(name, args, example, counter))
    overhead = None
    if not args.skip_overhead:
        log("== framework overhead per step")
        overhead = bench_overhead(args)
    imports = None
    if not args.skip_imports:
        log("== import times")
        imports = bench_imports(args.import_reps, not args.skip_upstream)
    transfers = None
    if not args.skip_transfer:
        log("== data input transfer")
        sizes = [int(s) for s in args.transfer_mb.split(",") if s]
        transfers = bench_transfer(sizes, args.transfer_reps)
    load_after = os.getloadavg()
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "command": "python benchmarks/train_step_benchmark.py "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "host": f"{platform.machine()}, {os.cpu_count()} CPU cores, "
        "8 forced XLA host devices",
        "load average (1 min) before/after": f"{load_before[0]:.1f} / "
        f"{load_after[0]:.1f}",
        "jax": jax.__version__,
        "fork keras": keras.__version__,
        "upstream keras": next(
            (r["upstream_version"] for r in layouts if "upstream_version" in r),
            "not run",
        ),
        "model (fork side)": layouts[0]["model"] if layouts else "n/a",
        "model (upstream side)": "benchmarks/public_decoder.py (public-API "
        "equivalent of examples/gemma/decoder.py: RoPE via keras.ops instead "
        "of the fork-only RotaryEmbedding, tied logits via an Embedding "
        "subclass; exact per-variable layouts copied from the fork)",
        "layout map": layouts[0]["layout_map"] if layouts else "n/a",
        "config": json.dumps(BENCH_CONFIG),
        "batch, steps/round, rounds": f"{args.batch_size}, {args.steps}, "
        f"{args.rounds} (alternating fork / JAX / upstream rounds)",
        "optimizer": "Adam(1e-3) in all three; loss: sparse CE from logits",
        "total run time": f"{time.perf_counter() - started:.0f} s",
    }
    md = render_markdown(meta, layouts, overhead, imports, transfers)
    print(md)
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "latest.md"), "w") as f:
        f.write(md)
    with open(os.path.join(RESULTS, "latest.json"), "w") as f:
        json.dump(
            {
                "meta": meta,
                "layouts": layouts,
                "overhead": overhead,
                "imports": imports,
                "transfers": transfers,
            },
            f,
            indent=1,
            default=str,
        )
    if layouts:
        plot(layouts, imports, os.path.join(RESULTS, "train_step.png"))
    log(f"wrote {RESULTS}/latest.md, latest.json, train_step.png")


if __name__ == "__main__":
    main()
