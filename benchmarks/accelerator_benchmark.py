"""Step time, MFU and peak memory on one accelerator: this fork, upstream
Keras and a hand-written JAX step of the same math.

Models (`mixed_bfloat16`, Adam, `fit()` from NumPy arrays):

* `decoder1k`, `decoder4k`, `decoder16k`: a 166M-parameter decoder (token
  embedding, 8 pre-LayerNorm blocks of causal `MultiHeadAttention`, 16
  heads of 64, and a 4x GELU `Dense` MLP, width 1024, vocabulary 32,000,
  untied output projection) on 8 x 1024, 2 x 4096 and 1 x 16384 tokens a
  step;
* `gemma`: keras-hub's `GemmaCausalLM` built from a config (8 layers,
  width 1024, 8 query heads of 128 sharing one key/value head, gated
  feed-forward of 2 x 4096, vocabulary 32,000; 153M parameters) on 8 x
  1024 tokens a step, fed token ids with an all-ones padding mask (the
  attention then gets a mask tensor built by keras-hub); the record says
  whether the compiled forward pass holds the fused kernel;
* `resnet50`: `keras.applications.ResNet50(weights=None)`, batch 128 at
  224x224, uint8 images through `Rescaling`;
* `host`: the framework's own work per step, `fit()` of a `Dense(1)` model
  (batch 16, 200 steps), where the device has nearly nothing to do;
* `blocks` (fork process only): the fused attention kernel's forward and
  backward time per block size, which `attention_kernel._BLOCK_CHOICES`
  follows; and a check of the kernel against the plain path on the chip.

Each framework runs in a process of its own (one process at a time holds a
TPU): `--worker fork` imports this repository's `keras`, `--worker
upstream` imports the Keras found on `--upstream-path`, `--worker jax` is
the hand-written step (jitted value-and-grad, Adam written out, donated
state, the same Pallas attention kernel and block sizes as the fork). The
driver (no `--worker`) runs them in turn, fork, upstream, jax, for every
model, and prints one table; with `--grouped` it starts one process per
framework for all the models instead, so that a whole table fits in a few
minutes of the device (`--compilation-cache` keeps the compiled programs
for a second run).

Timing: per round, `fit()` of 2 and of `--steps` batches, each until the
trained weights are ready; ms/step is their difference over the difference
in steps (set-up and the final sync cancel; nothing syncs between steps).
The hand-written step is timed the same way (a 2-step and a `--steps` loop).
MFU counts a decoder step as `(6 N + 12 L T d)` FLOPs per token (N
parameters, L blocks, T context, d width), ResNet50 as 3 x 8.18 GFLOPs per
image (2 x 4.09 GMACs), over the chip's bfloat16 peak (`--peak-tflops`,
197 for TPU v5e).
Peak memory is the device's `peak_bytes_in_use` after the model's rounds
(each model runs in a fresh process, so peaks do not carry over; not
reported with `--grouped`, where the program memory plan stands instead).

    python benchmarks/accelerator_benchmark.py --out results/accel \\
        --upstream-path /tmp/upstream-site
    python benchmarks/accelerator_benchmark.py --small   # on CPU, tiny
"""

import argparse
import gc
import json
import math
import os
import re
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

DECODERS = {
    # name: (batch, context)
    "decoder1k": (8, 1024),
    "decoder4k": (2, 4096),
    "decoder16k": (1, 16384),
}


def decoder_shape(name):
    """`(batch, context)` of a decoder model name: one of `DECODERS`, or
    `decoder{context}x{batch}` (for example `decoder32768x1`)."""
    if name in DECODERS:
        return DECODERS[name]
    match = re.fullmatch(r"decoder(\d+)x(\d+)", name)
    if match is None:
        raise ValueError(f"Unknown decoder model name: {name!r}")
    return int(match.group(2)), int(match.group(1))


DECODER = dict(vocab=32000, width=1024, blocks=8, heads=16, head_dim=64)
SMALL_DECODER = dict(vocab=512, width=128, blocks=2, heads=4, head_dim=32)
GEMMA = dict(
    vocabulary_size=32000,
    num_layers=8,
    num_query_heads=8,
    num_key_value_heads=1,
    hidden_dim=1024,
    intermediate_dim=8192,
    head_dim=128,
)
SMALL_GEMMA = dict(GEMMA, vocabulary_size=512, num_layers=2, hidden_dim=128)
RESNET50_GFLOPS = 2 * 4.09  # forward pass, one 224x224 image (4.09 GMACs)


# ---------------------------------------------------------------- models
def decoder_params(cfg):
    d, v, n = cfg["width"], cfg["vocab"], cfg["blocks"]
    attention = 4 * (d * d + d)
    mlp = d * 4 * d + 4 * d + 4 * d * d + d
    norms = 2 * 2 * d
    return v * d + n * (attention + mlp + norms) + 2 * d + d * v + v


def decoder_flops_per_token(cfg, context):
    return 6 * decoder_params(cfg) + 12 * cfg["blocks"] * context * cfg["width"]


def keras_decoder(keras, cfg, context):
    """The decoder in public Keras API (the same in both Kerases)."""
    layers = keras.layers
    tokens = keras.Input((context,), dtype="int32")
    x = layers.Embedding(cfg["vocab"], cfg["width"])(tokens)
    for _ in range(cfg["blocks"]):
        h = layers.LayerNormalization(epsilon=1e-5)(x)
        h = layers.MultiHeadAttention(cfg["heads"], cfg["head_dim"])(
            h, h, use_causal_mask=True
        )
        x = layers.Add()([x, h])
        h = layers.LayerNormalization(epsilon=1e-5)(x)
        h = layers.Dense(4 * cfg["width"], activation="gelu")(h)
        h = layers.Dense(cfg["width"])(h)
        x = layers.Add()([x, h])
    x = layers.LayerNormalization(epsilon=1e-5)(x)
    logits = layers.Dense(cfg["vocab"])(x)
    model = keras.Model(tokens, logits)
    model.compile(
        optimizer=keras.optimizers.Adam(1e-4),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


def keras_hub_gemma(keras, cfg, context):
    """keras-hub's Gemma causal LM taking token ids alone (its padding
    mask all ones), compiled as the decoder is."""
    import keras_hub

    lm = keras_hub.models.GemmaCausalLM(
        backbone=keras_hub.models.GemmaBackbone(**cfg), preprocessor=None
    )
    tokens = keras.Input((context,), dtype="int32")
    padding = keras.ops.ones_like(tokens, dtype="bool")
    model = keras.Model(
        tokens, lm({"token_ids": tokens, "padding_mask": padding})
    )
    model.compile(
        optimizer=keras.optimizers.Adam(1e-4),
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


def gemma_flops_per_token(cfg, params, context):
    """`6 N + 12 L T (query heads x head size)`."""
    attention_width = cfg["num_query_heads"] * cfg["head_dim"]
    return 6 * params + 12 * cfg["num_layers"] * context * attention_width


def keras_resnet50(keras, batch, size):
    images = keras.Input((size, size, 3), dtype="uint8")
    x = keras.layers.Rescaling(1.0 / 255)(images)
    body = keras.applications.ResNet50(
        weights=None, input_shape=(size, size, 3), classes=1000
    )
    model = keras.Model(images, body(x))
    model.compile(
        optimizer=keras.optimizers.Adam(1e-4),
        loss=keras.losses.SparseCategoricalCrossentropy(),
    )
    return model


# ------------------------------------------------------- hand-written JAX
def jax_decoder_step(cfg, batch, context, kernel):
    """`(state, step)` of the decoder written in JAX: float32 parameters
    used in bfloat16, float32 LayerNorm and loss, Adam written out."""
    import jax
    import jax.numpy as jnp

    d, v = cfg["width"], cfg["vocab"]
    heads, head_dim = cfg["heads"], cfg["head_dim"]
    keys = iter(jax.random.split(jax.random.key(0), 16 * cfg["blocks"] + 8))

    def dense(n_in, n_out):
        w = jax.random.normal(next(keys), (n_in, n_out)) / math.sqrt(n_in)
        return {"w": w, "b": jnp.zeros((n_out,))}

    def norm():
        return {"g": jnp.ones((d,)), "b": jnp.zeros((d,))}

    params = {
        "embed": jax.random.normal(next(keys), (v, d)) * 0.02,
        "blocks": [
            {
                "ln1": norm(),
                "q": dense(d, d),
                "k": dense(d, d),
                "v": dense(d, d),
                "o": dense(d, d),
                "ln2": norm(),
                "up": dense(d, 4 * d),
                "down": dense(4 * d, d),
            }
            for _ in range(cfg["blocks"])
        ],
        "ln": norm(),
        "out": dense(d, v),
    }
    bf16 = jnp.bfloat16

    def layer_norm(p, x):
        x32 = x.astype("float32")
        mean = x32.mean(-1, keepdims=True)
        var = ((x32 - mean) ** 2).mean(-1, keepdims=True)
        y = (x32 - mean) * jax.lax.rsqrt(var + 1e-5) * p["g"] + p["b"]
        return y.astype(bf16)

    def linear(p, x):
        return x @ p["w"].astype(bf16) + p["b"].astype(bf16)

    def attention(q, k, v):
        if kernel is not None:
            return kernel(q, k, v)
        logits = jnp.einsum(
            "bthd,bshd->bhts", q, k, preferred_element_type="float32"
        ) / math.sqrt(head_dim)
        causal = jnp.tril(jnp.ones((context, context), bool))
        logits = jnp.where(causal, logits, -1e30)
        probs = jax.nn.softmax(logits, -1).astype(bf16)
        return jnp.einsum("bhts,bshd->bthd", probs, v)

    def forward(params, tokens):
        x = params["embed"].astype(bf16)[tokens]
        split = (batch, context, heads, head_dim)
        for p in params["blocks"]:
            h = layer_norm(p["ln1"], x)
            q = linear(p["q"], h).reshape(split)
            k = linear(p["k"], h).reshape(split)
            v_ = linear(p["v"], h).reshape(split)
            a = attention(q, k, v_).reshape(batch, context, d)
            x = x + linear(p["o"], a)
            h = layer_norm(p["ln2"], x)
            h = jax.nn.gelu(linear(p["up"], h), approximate=False)
            x = x + linear(p["down"], h)
        return linear(params["out"], layer_norm(params["ln"], x))

    def loss_fn(params, tokens, targets):
        # The target's log-probability picked by comparing class numbers,
        # as the fork's loss does: its gradient is one elementwise
        # expression (`take_along_axis` backpropagates as a scatter).
        logits = forward(params, tokens).astype("float32")
        logp = jax.nn.log_softmax(logits, -1)
        classes = jax.lax.broadcasted_iota("int32", logp.shape, logp.ndim - 1)
        picked = jnp.where(classes == targets[..., None], logp, 0.0)
        return -picked.sum(-1).mean()

    return _adam_state_and_step(params, loss_fn)


def _adam_state_and_step(params, loss_fn, lr=1e-4):
    import jax
    import jax.numpy as jnp

    b1, b2, eps = 0.9, 0.999, 1e-7
    zeros = jax.tree.map(jnp.zeros_like, params)
    count = jnp.zeros((), "int32")
    state = (params, zeros, jax.tree.map(jnp.zeros_like, params), count)

    def step(state, x, y):
        params, m, v, t = state
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        t = t + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, v, grads)
        tf = t.astype("float32")
        rate = lr * jnp.sqrt(1 - b2**tf) / (1 - b1**tf)
        params = jax.tree.map(
            lambda p, m, v: p - rate * m / (jnp.sqrt(v) + eps), params, m, v
        )
        return (params, m, v, t), loss

    return state, jax.jit(step, donate_argnums=0)


def kernel_variants():
    """Block-size variants of the kernel compared by `kernel_options`:
    name -> function of the context giving `BlockSizes`."""
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_kernel as splash,
    )

    def variant(block, fused=False, **layout):
        def blocks(t):
            b = min(block, t)
            # A fused backward kernel computes dq with dkv: no dq blocks.
            dq = {} if fused else dict(block_q_dq=b, block_kv_dq=b)
            return splash.BlockSizes(
                block_q=b,
                block_kv=b,
                block_kv_compute=b,
                block_q_dkv=b,
                block_kv_dkv=b,
                block_kv_dkv_compute=b,
                use_fused_bwd_kernel=fused,
                **dq,
                **layout,
            )

        return blocks

    seq_minor = dict(k_layout=splash.QKVLayout.SEQ_MINOR)
    return {
        "split-512": variant(512),
        "split-1024": variant(1024),
        "fused-512": variant(512, fused=True),
        "fused-1024": variant(1024, fused=True),
        "fused-512-kseq": variant(512, fused=True, **seq_minor),
        "split-512-kseq": variant(512, **seq_minor),
    }


def splash_causal(batch, context, heads, head_dim, block):
    """The Pallas attention kernel on `(B, T, H, D)` bfloat16 tensors,
    causal, as the hand-written step calls it (`block`: an int, or a
    `BlockSizes`)."""
    import jax
    import jax.numpy as jnp
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_kernel as splash,
    )
    from jax.experimental.pallas.ops.tpu.splash_attention import (
        splash_attention_mask as masks,
    )

    blocks = (
        block
        if not isinstance(block, int)
        else splash.BlockSizes(
            block_q=block,
            block_kv=block,
            block_kv_compute=block,
            block_q_dkv=block,
            block_kv_dkv=block,
            block_kv_dkv_compute=block,
            block_q_dq=block,
            block_kv_dq=block,
        )
    )
    mask = masks.MultiHeadMask([masks.CausalMask((context, context))] * heads)
    kernel = splash.make_splash_mha(
        mask, block_sizes=blocks, head_shards=1, q_seq_shards=1
    )
    scale = 1.0 / math.sqrt(head_dim)

    def attend(q, k, v):
        q = jnp.swapaxes(q * jnp.asarray(scale, q.dtype), 1, 2)
        out = jax.vmap(kernel)(q, jnp.swapaxes(k, 1, 2), jnp.swapaxes(v, 1, 2))
        return jnp.swapaxes(out, 1, 2)

    return attend


def loop_wall(step, state, batches, steps):
    import jax

    start = time.perf_counter()
    for i in range(steps):
        state, loss = step(state, *batches[i % len(batches)])
    jax.block_until_ready(state)
    return state, time.perf_counter() - start


# ------------------------------------------------------ program memory
class ProgramMemory:
    """The memory plan of the programs `jax.jit` compiles in this process.

    The device's `peak_bytes_in_use` counts the buffers a program's
    arguments and outputs live in, but not the scratch memory XLA plans
    for a program on a TPU, so it hardly moves with the context length.
    `install()` (before Keras is imported) wraps `jax.jit` so that each
    jitted function keeps the abstract arguments of its first call;
    `largest()` lowers each one again (the executable comes from JAX's
    caches) and returns the largest plan: arguments + outputs - donated
    (aliased) buffers + scratch.
    """

    def __init__(self):
        self.recorded = []

    def install(self):
        import jax

        original = jax.jit
        recorded = self.recorded

        class Recorded:
            def __init__(self, jitted):
                self._jitted = jitted
                self._args = None
                self._plan = None
                recorded.append(self)

            def __call__(self, *args, **kwargs):
                # Calls made while tracing another program (a kernel's own
                # jit) are part of that program: only top-level calls count.
                leaves = jax.tree.leaves((args, kwargs))
                traced = any(isinstance(x, jax.core.Tracer) for x in leaves)
                if self._args is None and not traced:
                    self._args = jax.tree.map(_abstract, (args, kwargs))
                return self._jitted(*args, **kwargs)

            def __get__(self, obj, objtype=None):
                if obj is None:
                    return self
                return lambda *a, **k: self(obj, *a, **k)

            def __getattr__(self, name):
                return getattr(self._jitted, name)

        def jit(fun=None, *args, **kwargs):
            if fun is None:
                return lambda f: jit(f, *args, **kwargs)
            return Recorded(original(fun, *args, **kwargs))

        jax.jit = jit

    def _plans(self):
        """`(bytes, scratch bytes, compiled)` of each recorded program.

        Each program is compiled again once (`lower().compile()` does not
        reuse the executable of the calls) and kept, so that `largest()`
        and `largest_text()` in one process share that compilation."""
        for fn in self.recorded:
            if fn._args is None:
                continue
            if fn._plan is None:
                args, kwargs = fn._args
                try:
                    fn._plan = fn._jitted.lower(*args, **kwargs).compile()
                except Exception:
                    continue
            plan = fn._plan
            try:
                stats = plan.memory_analysis()
            except Exception:
                continue
            if stats is None:
                continue
            total = (
                stats.argument_size_in_bytes
                + stats.output_size_in_bytes
                - stats.alias_size_in_bytes
                + stats.temp_size_in_bytes
            )
            yield total, stats.temp_size_in_bytes, plan

    def largest(self):
        """`(bytes, scratch bytes)` of the largest recorded program."""
        return max(
            ((total, temp) for total, temp, _ in self._plans()),
            default=(0, 0),
        )

    def largest_text(self):
        """The optimized HLO text of the largest recorded program."""
        plans = sorted(self._plans(), key=lambda p: p[0])
        return plans[-1][2].as_text() if plans else None


def _abstract(x):
    import jax

    if isinstance(x, jax.Array):
        return jax.ShapeDtypeStruct(x.shape, x.dtype, sharding=x.sharding)
    return x


PROGRAMS = ProgramMemory()


# --------------------------------------------------------------- workers
def peak_bytes():
    import jax

    stats = jax.devices()[0].memory_stats() or {}
    return stats.get("peak_bytes_in_use")


def _uses_kernel(model, x):
    """Whether the model's forward pass on `x` holds a Pallas kernel."""
    import jax

    jaxpr = jax.make_jaxpr(lambda x: model(x, training=False))(x)
    return "pallas_call" in str(jaxpr)


def _memory_record(name, args):
    """The model's memory figures. The device's peak is only the model's
    when the process ran no model before it (no `--grouped`)."""
    record = {"model": name}
    if len(args.models) == 1:
        record["peak_bytes"] = peak_bytes()
    planned = args.program_memory_models
    if args.skip_program_memory or (planned and name not in planned):
        return record
    record["program_bytes"], record["scratch_bytes"] = PROGRAMS.largest()
    return record


def _op_kind(text):
    """A short kind for an HLO instruction's text: the fusion kind
    (`kLoop`, `kOutput`, ...) of a fusion, else the opcode."""
    kind = re.search(r"kind=(k\w+)", text)
    if kind:
        return kind.group(1)
    opcode = re.search(r"\s([a-z][a-z0-9\-]*)\(", text.split(" = ", 1)[-1])
    return opcode.group(1) if opcode else "?"


def device_profile(name, args, run_steps, steps):
    """Device time per step of each XLA op while `run_steps()` runs
    `steps` steps, from a `jax.profiler` trace read back with
    `jax.profiler.ProfileData`; also writes the largest program's
    optimized HLO, so that the ops can be looked up by name."""
    import collections
    import glob
    import gzip
    import tempfile

    import jax
    from jax.profiler import ProfileData

    folder = tempfile.mkdtemp()
    with jax.profiler.trace(folder):
        run_steps()
    times = collections.Counter()
    kinds = {}
    for path in glob.glob(f"{folder}/**/*.xplane.pb", recursive=True):
        for plane in ProfileData.from_file(path).planes:
            if not plane.name.startswith("/device:"):
                continue
            for line in plane.lines:
                if line.name != "XLA Ops":
                    continue
                for event in line.events:
                    # The event is named by the op's HLO text.
                    op = event.name.split(" = ")[0].lstrip("%")
                    times[op] += event.duration_ns
                    kinds[op] = _op_kind(event.name)
    per_step = {op: ns / steps / 1e6 for op, ns in times.items()}
    by_kind = collections.Counter()
    for op, ms in per_step.items():
        by_kind[kinds[op]] += ms
    framework = args.worker
    os.makedirs(args.profile, exist_ok=True)
    text = PROGRAMS.largest_text()
    if text:
        hlo = os.path.join(args.profile, f"{name}-{framework}.hlo.txt.gz")
        with gzip.open(hlo, "wt") as f:
            f.write(text)
    return {
        "model": name,
        "check": "profile",
        "device_ms_per_step": round(sum(per_step.values()), 3),
        "by_kind": {k: round(v, 3) for k, v in by_kind.most_common()},
        "top": [
            [op, kinds[op], round(ms, 4)]
            for op, ms in sorted(per_step.items(), key=lambda kv: -kv[1])[:60]
        ],
    }


def _tokens(batch, context, vocab, steps, seed=0):
    import numpy as np

    rng = np.random.default_rng(seed)
    t = rng.integers(0, vocab, (batch * steps, context + 1)).astype("int32")
    return t[:, :-1], t[:, 1:]


def run_keras(name, args, emit):
    """`fit()` rounds of one model under the Keras on `sys.path`."""
    import bench_common

    started = time.time()
    import keras

    keras.config.set_dtype_policy("mixed_bfloat16")
    if name == "host":
        model = bench_common.tiny_model()
        x, y = bench_common.tiny_data(200, 16)
        ms = bench_common.tiny_fit_ms(model, x, y, 16, reps=args.rounds)
        emit({"model": name, "ms": ms})
        return
    if name.startswith("decoder"):
        batch, context = decoder_shape(name)
        cfg = DECODER
        if args.small:
            batch, context, cfg = 2, context // 16, SMALL_DECODER
        if args.remat:
            with keras.RematScope(mode=args.remat):
                model = keras_decoder(keras, cfg, context)
        else:
            model = keras_decoder(keras, cfg, context)
        x, y = _tokens(batch, context, cfg["vocab"], args.steps)
        flops = decoder_flops_per_token(cfg, context) * batch * context
        units = batch * context
    elif name == "gemma":
        batch, context = 8, 1024
        cfg = SMALL_GEMMA if args.small else GEMMA
        if args.small:
            batch, context = 2, 128
        try:
            model = keras_hub_gemma(keras, cfg, context)
        except Exception as e:
            emit({"model": name, "error": _short_error(e)})
            return
        x, y = _tokens(batch, context, cfg["vocabulary_size"], args.steps)
        flops = (
            gemma_flops_per_token(cfg, model.count_params(), context)
            * batch
            * context
        )
        units = batch * context
        emit(
            {
                "model": name,
                "check": "gemma_kernel",
                "params": model.count_params(),
                "uses_kernel": _uses_kernel(model, x[:batch]),
            }
        )
    else:
        batch, size = (128, 224) if not args.small else (4, 64)
        model = keras_resnet50(keras, batch, size)
        import numpy as np

        rng = np.random.default_rng(0)
        x = rng.integers(0, 256, (batch * args.steps, size, size, 3))
        x = x.astype("uint8")
        y = rng.integers(0, 1000, (batch * args.steps,)).astype("int32")
        flops = 3 * RESNET50_GFLOPS * 1e9 * batch * (size / 224) ** 2
        units = batch
    try:
        built = time.time()
        bench_common.fit_wall(model, x, y, batch, bench_common.SHORT_STEPS)
        emit(
            {
                "model": name,
                "check": "set_up_seconds",
                "import_and_build": round(built - started, 1),
                "first_fit": round(time.time() - built, 1),
            }
        )
        for r in range(args.rounds):
            result = bench_common.fit_round(model, x, y, batch, args.steps)
            emit(_step_record(name, r, result["ms"], flops, units, args))
        if args.profile:
            emit(
                device_profile(
                    name,
                    args,
                    lambda: bench_common.fit_wall(
                        model, x, y, batch, args.steps
                    ),
                    args.steps,
                )
            )
    except Exception as e:  # out of memory is a result here
        emit({"model": name, "error": _short_error(e)})
        return
    emit(_memory_record(name, args))


def run_jax(name, args, emit):
    """Rounds of the hand-written step (decoders only)."""
    import jax

    if not name.startswith("decoder"):
        return
    batch, context = decoder_shape(name)
    cfg = DECODER
    if args.small:
        batch, context, cfg = 2, context // 16, SMALL_DECODER
    kernel = None
    if jax.devices()[0].platform == "tpu":
        from keras.src.backend.jax import attention_kernel

        blocks = attention_kernel._block_sizes(context, context)
        kernel = splash_causal(
            batch, context, cfg["heads"], cfg["head_dim"], blocks
        )
    flops = decoder_flops_per_token(cfg, context) * batch * context
    x, y = _tokens(batch, context, cfg["vocab"], 4)
    batches = [
        (
            jax.device_put(x[i * batch : (i + 1) * batch]),
            jax.device_put(y[i * batch : (i + 1) * batch]),
        )
        for i in range(4)
    ]
    try:
        state, step = jax_decoder_step(cfg, batch, context, kernel)
        state, _ = loop_wall(step, state, batches, 2)
        for r in range(args.rounds):
            state, short = loop_wall(step, state, batches, 2)
            state, long = loop_wall(step, state, batches, args.steps)
            ms = (long - short) / (args.steps - 2) * 1e3
            emit(_step_record(name, r, ms, flops, batch * context, args))
        if args.profile:
            emit(
                device_profile(
                    name,
                    args,
                    lambda: loop_wall(step, state, batches, args.steps),
                    args.steps,
                )
            )
    except Exception as e:
        emit({"model": name, "error": _short_error(e)})
        return
    emit(_memory_record(name, args))


def run_blocks(args, emit):
    """Forward and forward+backward time of the causal kernel per block
    size, and the kernel against the plain path on this chip."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    from keras.src.backend.jax import nn

    if jax.devices()[0].platform != "tpu":
        return
    rng = np.random.default_rng(0)
    # Correctness on the chip: float32, highest matmul precision.
    q, k, v = (
        jnp.asarray(rng.normal(size=(2, 1024, 8, 64)), "float32")
        for _ in range(3)
    )
    mask = np.ones((2, 1, 1, 1024), bool)
    mask[0, ..., 900:] = False
    with jax.default_matmul_precision("highest"):
        for causal in (False, True):
            plain = nn.dot_product_attention(
                q, k, v, mask=mask, is_causal=causal, flash_attention=False
            )
            fused = nn.dot_product_attention(
                q, k, v, mask=mask, is_causal=causal, flash_attention=True
            )
            grads = [
                jax.grad(
                    lambda q, flash=flash: jnp.sum(
                        nn.dot_product_attention(
                            q,
                            k,
                            v,
                            mask=mask,
                            is_causal=causal,
                            flash_attention=flash,
                        )
                        ** 2
                    )
                )(q)
                for flash in (False, True)
            ]
            emit(
                {
                    "check": "kernel_vs_plain",
                    "causal": causal,
                    "max_abs_out": float(jnp.max(jnp.abs(plain - fused))),
                    "max_abs_out_ref": float(jnp.max(jnp.abs(plain))),
                    "max_abs_grad": float(
                        jnp.max(jnp.abs(grads[0] - grads[1]))
                    ),
                    "max_abs_grad_ref": float(jnp.max(jnp.abs(grads[0]))),
                }
            )
    for batch, context in ((8, 1024), (2, 4096), (1, 16384)):
        shape = (batch, context, 16, 64)
        q, k, v = (
            jnp.asarray(rng.normal(size=shape), "bfloat16") for _ in range(3)
        )
        for block in (128, 256, 512, 1024):
            if context % block or block > context:
                continue
            attend = splash_causal(batch, context, 16, 64, block)
            forward = jax.jit(attend)
            both = jax.jit(
                jax.grad(lambda q, k, v: jnp.sum(attend(q, k, v)), (0, 1, 2))
            )
            try:
                emit(
                    {
                        "check": "blocks",
                        "context": context,
                        "block": block,
                        "fwd_ms": _time_ms(forward, q, k, v),
                        "fwd_bwd_ms": _time_ms(both, q, k, v),
                    }
                )
            except Exception as e:
                emit(
                    {
                        "check": "blocks",
                        "context": context,
                        "block": block,
                        "error": _short_error(e),
                    }
                )
        if context > 4096:  # the plain path's scores would not fit
            continue
        plain = jax.jit(
            jax.grad(
                lambda q, k, v: jnp.sum(
                    nn.dot_product_attention(
                        q, k, v, is_causal=True, flash_attention=False
                    )
                ),
                (0, 1, 2),
            )
        )
        try:
            emit(
                {
                    "check": "blocks",
                    "context": context,
                    "block": "plain",
                    "fwd_bwd_ms": _time_ms(plain, q, k, v),
                }
            )
        except Exception as e:
            emit(
                {
                    "check": "blocks",
                    "context": context,
                    "block": "plain",
                    "error": _short_error(e),
                }
            )


def run_kernel_options(args, emit):
    """Causal forward + backward time of each `kernel_variants()` entry at
    1k and 4k context (16 heads of 64, bfloat16)."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    if jax.devices()[0].platform != "tpu":
        return
    rng = np.random.default_rng(0)
    for batch, context in ((8, 1024), (2, 4096)):
        shape = (batch, context, 16, 64)
        q, k, v = (
            jnp.asarray(rng.normal(size=shape), "bfloat16") for _ in range(3)
        )
        for name, make in kernel_variants().items():
            try:
                attend = splash_causal(batch, context, 16, 64, make(context))
                both = jax.jit(
                    jax.grad(
                        lambda q, k, v: jnp.sum(attend(q, k, v)), (0, 1, 2)
                    )
                )
                emit(
                    {
                        "check": "kernel_options",
                        "context": context,
                        "variant": name,
                        "fwd_ms": _time_ms(jax.jit(attend), q, k, v),
                        "fwd_bwd_ms": _time_ms(both, q, k, v),
                    }
                )
            except Exception as e:
                emit(
                    {
                        "check": "kernel_options",
                        "context": context,
                        "variant": name,
                        "error": _short_error(e),
                    }
                )


def use_kernel_variant(name):
    """Makes the fork's attention use `kernel_variants()[name]` (for a
    measurement only)."""
    from keras.src.backend.jax import attention_kernel

    make = kernel_variants()[name]
    attention_kernel._block_sizes = lambda q_len, kv_len: make(q_len)
    attention_kernel._kernel.cache_clear()


def _time_ms(fn, *args, reps=10):
    import jax

    jax.block_until_ready(fn(*args))
    start = time.perf_counter()
    for _ in range(reps):
        out = fn(*args)
    jax.block_until_ready(out)
    return (time.perf_counter() - start) / reps * 1e3


def _step_record(name, r, ms, flops, units, args):
    return {
        "model": name,
        "round": r,
        "ms": ms,
        "per_s": units / ms * 1e3,
        "mfu": flops / (ms * 1e-3) / (args.peak_tflops * 1e12),
    }


def _short_error(e):
    text = f"{type(e).__name__}: {e}"
    if "RESOURCE_EXHAUSTED" in text or "out of memory" in text.lower():
        return "out of memory"
    return text[:300]


def worker(args):
    sys.path.insert(0, HERE)
    PROGRAMS.install()
    records = []

    def emit(record):
        record["framework"] = args.worker + (
            f"+remat-{args.remat}"
            if args.remat and args.worker != "jax"
            else ""
        )
        records.append(record)
        print("RESULT " + json.dumps(record), flush=True)

    if args.worker == "fork" and "blocks" in args.models:
        run_blocks(args, emit)
    if args.worker == "fork" and "kernel_options" in args.models:
        run_kernel_options(args, emit)
    if args.kernel_variant:
        use_kernel_variant(args.kernel_variant)
    models = [m for m in args.models if m not in ("blocks", "kernel_options")]
    for name in models:
        # Each model's program memory plan counts its own programs only.
        PROGRAMS.recorded.clear()
        if args.worker == "jax":
            run_jax(name, args, emit)
        else:
            run_keras(name, args, emit)
        # Free the model's device buffers before the next one is built.
        gc.collect()
        if args.worker != "jax":
            import keras

            keras.backend.clear_session()


# ---------------------------------------------------------------- driver
def _runs_on(framework, name):
    """Whether `framework` has a row for model `name`."""
    if framework == "jax":
        return name.startswith("decoder")
    return name != "blocks" or framework == "fork"


def _worker_jobs(args, frameworks):
    """`(framework, models)` of each worker process, in the order they run.

    By default a process per model and framework (fork, upstream, jax for
    each model in turn), so that each process's peak memory is its model's.
    `--grouped`: a process per framework running every model, which pays
    the start-up (imports, device, keras-hub) once.
    """
    if args.grouped:
        for framework in frameworks:
            models = [m for m in args.models if _runs_on(framework, m)]
            if models:
                yield framework, models
        return
    for name in args.models:
        for framework in frameworks:
            if _runs_on(framework, name):
                yield framework, [name]


def _worker_lines(args, framework, models):
    """Runs one worker process; yields the lines it prints."""
    env = dict(os.environ, KERAS_BACKEND="jax")
    first = args.upstream_path if framework == "upstream" else REPO
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (first, env.get("PYTHONPATH", "")) if p
    )
    if args.compilation_cache:
        env["JAX_COMPILATION_CACHE_DIR"] = os.path.abspath(
            args.compilation_cache
        )
    command = [
        sys.executable,
        os.path.abspath(__file__),
        "--worker",
        framework,
        "--models",
        ",".join(models),
        "--rounds",
        str(args.rounds),
        "--steps",
        str(args.steps),
        "--peak-tflops",
        str(args.peak_tflops),
    ]
    command += ["--small"] if args.small else []
    command += ["--remat", args.remat] if args.remat else []
    command += ["--profile", args.profile] if args.profile else []
    if args.skip_program_memory:
        command.append("--skip-program-memory")
    if args.program_memory_models:
        command += [
            "--program-memory-models",
            ",".join(args.program_memory_models),
        ]
    timeout = args.timeout * len(models)
    # Run from outside the repository, so that only PYTHONPATH decides
    # which keras is imported. Lines are passed on as they come, so that a
    # run stopped from outside keeps the records of its last worker.
    process = subprocess.Popen(
        command,
        env=env,
        cwd="/",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    stopped = threading.Event()

    def stop():
        stopped.set()
        process.kill()

    timer = threading.Timer(timeout, stop)
    timer.start()
    try:
        yield from process.stdout
    finally:
        timer.cancel()
        process.wait()
    if stopped.is_set():
        yield f"TIMEOUT after {timeout} s\n"


def driver(args):
    os.makedirs(args.out, exist_ok=True)
    # The hand-written step has no remat variant to compare.
    frameworks = ["fork"] if args.remat else ["fork", "jax"]
    if args.upstream_path:
        frameworks.insert(1, "upstream")
    if args.frameworks:
        frameworks = [f for f in frameworks if f in args.frameworks]
    records = []
    log = open(os.path.join(args.out, "accelerator.jsonl"), "a")
    for framework, models in _worker_jobs(args, frameworks):
        found = False
        output = []
        for line in _worker_lines(args, framework, models):
            output.append(line)
            if line.startswith("RESULT "):
                record = json.loads(line[len("RESULT ") :])
                records.append(record)
                log.write(json.dumps(record) + "\n")
                log.flush()
                print(line, end="", flush=True)
                found = True
        output = "".join(output)
        if not found or "Traceback" in output or "TIMEOUT" in output:
            tail = output[-1500:]
            print(f"--- {framework} {models} output tail:\n{tail}", flush=True)
    table = summary(records)
    print(table)
    with open(os.path.join(args.out, "accelerator.md"), "a") as f:
        f.write(table + "\n")


def summary(records):
    import statistics

    rows = {}
    for r in records:
        if not {"ms", "error", "peak_bytes", "program_bytes"} & set(r):
            continue
        if r.get("check"):
            continue
        cell = rows.setdefault((r["model"], r["framework"]), {"ms": []})
        if "ms" in r:
            cell["ms"].append(r["ms"])
            # per-second and MFU figures scale as 1 / ms: keep ms * figure.
            cell["mfu_ms"] = (r.get("mfu") or 0) * r["ms"]
            cell["per_s_ms"] = (r.get("per_s") or 0) * r["ms"]
        if "error" in r:
            cell["error"] = r["error"]
        if r.get("peak_bytes"):
            cell["peak"] = r["peak_bytes"]
        if r.get("program_bytes"):
            cell["program"] = r["program_bytes"]
    lines = [
        "| model | framework | ms/step (median) | spread | per s | MFU | "
        "peak GiB | program GiB |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for (model, framework), cell in rows.items():
        if cell.get("error") and not cell["ms"]:
            lines.append(
                f"| {model} | {framework} | {cell['error']} | | | | | |"
            )
            continue
        ms = statistics.median(cell["ms"])
        spread = (max(cell["ms"]) - min(cell["ms"])) / ms if ms else 0
        peak = cell.get("peak")
        mfu = cell["mfu_ms"] / ms if ms else None
        per_s = cell["per_s_ms"] / ms if ms else None
        lines.append(
            f"| {model} | {framework} | {ms:.2f} | {spread:.1%} | "
            f"{per_s or 0:,.0f} | "
            f"{'' if mfu is None or model == 'host' else f'{mfu:.1%}'} | "
            f"{_gib(peak)} | {_gib(cell.get('program'))} |"
        )
    for r in records:
        if r.get("check"):
            lines.append("")
            lines.append("    " + json.dumps(r))
    return "\n".join(lines)


def _gib(n):
    return "" if not n else f"{n / 2**30:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worker", choices=("fork", "upstream", "jax"))
    parser.add_argument(
        "--models",
        type=lambda s: s.split(","),
        default="blocks,decoder1k,decoder4k,decoder16k,resnet50,host".split(
            ","
        ),
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--peak-tflops", type=float, default=197.0)
    parser.add_argument("--upstream-path", default=None)
    parser.add_argument("--small", action="store_true")
    parser.add_argument(
        "--kernel-variant",
        default=None,
        help="fork worker only: a `kernel_variants()` name to measure the "
        "models with instead of the product's block sizes",
    )
    parser.add_argument(
        "--remat",
        default=None,
        choices=("full", "activations"),
        help="build the decoders inside `keras.RematScope(mode=...)`",
    )
    parser.add_argument(
        "--frameworks",
        type=lambda s: s.split(","),
        default=None,
        help="driver only: run these of fork,upstream,jax (default: all)",
    )
    parser.add_argument(
        "--timeout",
        type=int,
        default=400,
        help="seconds a worker process may take, per model it runs",
    )
    parser.add_argument(
        "--skip-program-memory",
        action="store_true",
        help="leave out the program memory plan (it compiles the largest "
        "program again: about a minute for ResNet50 on a TPU)",
    )
    parser.add_argument(
        "--program-memory-models",
        type=lambda s: s.split(","),
        default=None,
        help="compute the program memory plan for these models only",
    )
    parser.add_argument(
        "--grouped",
        action="store_true",
        help="driver only: one process per framework for all the models "
        "(start-up paid once; the device's peak memory is then left out, "
        "since it carries over from one model to the next)",
    )
    parser.add_argument(
        "--compilation-cache",
        default=None,
        help="driver only: a folder for JAX's persistent compilation cache "
        "(a second run of the same programs skips their compilation)",
    )
    parser.add_argument(
        "--profile",
        default=None,
        help="after the rounds, trace one more call and record each XLA "
        "op's device time per step; the largest program's optimized HLO "
        "goes to this folder",
    )
    parser.add_argument(
        "--out", default=os.path.join(HERE, "results", "accelerator")
    )
    args = parser.parse_args()
    if args.worker:
        worker(args)
    else:
        driver(args)


if __name__ == "__main__":
    main()
