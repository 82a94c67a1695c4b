"""Timing helpers shared by the fork side and the upstream-Keras worker.

Only public Keras API (`keras.callbacks.Callback`, `Model.fit`) and JAX are
used, so the same code times `fit()` under this fork and under upstream.
"""

import collections
import math
import time

import jax
import numpy as np

import keras

COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"


class CompileCounter:
    """Counts XLA compilations and jaxpr traces (via `jax.monitoring`)."""

    def __init__(self):
        self.counts = collections.Counter()
        jax.monitoring.register_event_duration_secs_listener(self._on_event)

    def _on_event(self, event, duration, **kwargs):
        if event in (COMPILE_EVENT, TRACE_EVENT):
            self.counts[event] += 1

    def snapshot(self):
        return (self.counts[COMPILE_EVENT], self.counts[TRACE_EVENT])


class LossReader(keras.callbacks.Callback):
    """Reads the loss after every batch, as a logging callback would, and
    timestamps the end of the first and of the last batch.

    Turning the loss into a Python float waits for that step's result, so
    under this callback no framework can overlap a step's host work with
    the previous step's compute. `self.model` is never touched (in this
    fork, reading it syncs the training state back into the variables).
    """

    def __init__(self, steps):
        super().__init__()
        self.steps = steps
        self.first = None
        self.last = None

    def on_train_batch_end(self, batch, logs=None):
        float(logs["loss"])
        if batch == 0:
            self.first = time.perf_counter()
        if batch == self.steps - 1:
            self.last = time.perf_counter()


# The short fit() of each round; its wall time is subtracted from the long
# one's, which cancels the per-call set-up and the final weight sync.
SHORT_STEPS = 2


def fit_wall(model, x, y, batch_size, steps, callbacks=()):
    """Seconds for one `fit()` of `steps` batches (`verbose=0`), until the
    trained weights are ready on the devices."""
    n = batch_size * steps
    start = time.perf_counter()
    model.fit(
        x[:n],
        y[:n],
        batch_size=batch_size,
        epochs=1,
        shuffle=False,
        verbose=0,
        callbacks=list(callbacks),
    )
    jax.block_until_ready([v.value for v in model.trainable_variables])
    return time.perf_counter() - start


def fit_round(model, x, y, batch_size, steps):
    """One measurement round of `fit()`.

    Returns a dict of:
        `ms`: ms/step of a plain `fit()` (no callbacks): the wall time of a
            `steps`-batch fit() minus that of a `SHORT_STEPS`-batch one,
            over the difference in steps. Nothing forces a sync between
            steps, and the per-call set-up and final sync cancel out.
        `overhead_ms`: the fixed cost of one fit() call (set-up, iterator,
            end-of-fit weight write-back): the short call's wall time
            minus `SHORT_STEPS` steps.
        `synced_ms`: ms/step of a `fit()` with `LossReader` (the loss read
            after every batch), from the end of batch 0 to the end of the
            last batch.
    """
    short = fit_wall(model, x, y, batch_size, SHORT_STEPS)
    long = fit_wall(model, x, y, batch_size, steps)
    ms = (long - short) / (steps - SHORT_STEPS) * 1e3
    reader = LossReader(steps)
    fit_wall(model, x, y, batch_size, steps, callbacks=[reader])
    return {
        "ms": ms,
        "overhead_ms": short * 1e3 - SHORT_STEPS * ms,
        "synced_ms": (reader.last - reader.first) / (steps - 1) * 1e3,
    }


def predict_wall(model, x, batch_size, steps):
    """Seconds for one `predict()` of `steps` batches (`verbose=0`); the
    logits come back as NumPy, so the last step has finished."""
    start = time.perf_counter()
    model.predict(x[: batch_size * steps], batch_size=batch_size, verbose=0)
    return time.perf_counter() - start


def predict_round(model, x, batch_size, steps):
    """One measurement round of `predict()`, as `fit_round` measures
    `fit()`: `ms` is the wall time of a `steps`-batch predict() minus
    that of a `SHORT_STEPS`-batch one, over the difference in steps (the
    per-call set-up cancels); `overhead_ms` the fixed cost of one call."""
    short = predict_wall(model, x, batch_size, SHORT_STEPS)
    long = predict_wall(model, x, batch_size, steps)
    ms = (long - short) / (steps - SHORT_STEPS) * 1e3
    return {"ms": ms, "overhead_ms": short * 1e3 - SHORT_STEPS * ms}


def bytes_per_device(model):
    """The bytes of `model`'s variables that the most loaded device holds
    (what each device holds when every variable is evenly split)."""
    held = collections.Counter()
    for variable in model.variables:
        for shard in variable.value.addressable_shards:
            held[shard.device.id] += shard.data.nbytes
    return max(held.values(), default=0)


def tiny_model():
    """`Dense(1)` on 8 features, SGD + MSE: a model whose step costs
    almost nothing, so that `fit()`'s time per step is the framework's own
    host work (data slicing and transfer, dispatch, callbacks)."""
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
    model.compile(
        optimizer=keras.optimizers.SGD(learning_rate=0.01), loss="mse"
    )
    return model


def tiny_data(steps, batch_size, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((steps * batch_size, 8), dtype=np.float32)
    y = rng.standard_normal((steps * batch_size, 1), dtype=np.float32)
    return x, y


def tiny_fit_ms(model, x, y, batch_size, reps):
    """Best ms/step over `reps` one-epoch `fit()` calls on all of `x`."""
    steps = len(x) // batch_size
    fit_wall(model, x, y, batch_size, steps)  # warm-up
    best = min(fit_wall(model, x, y, batch_size, steps) for _ in range(reps))
    return best / steps * 1e3


def make_tokens(num, seq_len, vocab_size, seed=0):
    """Random token ids and next-token targets (int32)."""
    rng = np.random.default_rng(seed)
    tokens = rng.integers(0, vocab_size, size=(num, seq_len + 1))
    tokens = tokens.astype("int32")
    return tokens[:, :-1], tokens[:, 1:]


def median(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return math.nan
    mid = len(values) // 2
    if len(values) % 2:
        return values[mid]
    return 0.5 * (values[mid - 1] + values[mid])


def build_exact_layout_map(device_mesh, layouts):
    """A `LayoutMap` with one exact-path key per variable.

    `layouts` maps variable paths to axes tuples (entries: None, a mesh
    axis name, or a list of names). Exact keys make the upstream worker
    use the very shardings the fork resolved, whatever the two
    implementations' regex matching rules are.
    """
    layout_map = keras.distribution.LayoutMap(device_mesh)
    for path, axes in layouts.items():
        layout_map[path] = tuple(
            tuple(a) if isinstance(a, list) else a for a in axes
        )
    return layout_map
