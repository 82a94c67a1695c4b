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


class StepTimer(keras.callbacks.Callback):
    """Timestamps the end of the first and the last batch of a fit() call.

    At those two batches the loss is turned into a Python float, which
    waits for that step's result (a no-op when `fit()` already hands the
    callbacks Python floats). `self.model` is never touched (in this fork,
    reading it syncs the training state back into the variables).
    """

    def __init__(self, steps):
        super().__init__()
        self.steps = steps
        self.first = None
        self.last = None

    def on_train_batch_end(self, batch, logs=None):
        if batch == 0 or batch == self.steps - 1:
            if logs and "loss" in logs:
                float(logs["loss"])
            now = time.perf_counter()
            if batch == 0:
                self.first = now
            if batch == self.steps - 1:
                self.last = now


def fit_round(model, x, y, batch_size, steps):
    """One timed `fit()` of `steps` batches.

    Returns `(steady_ms_per_step, wall_ms_per_step)`: the first is the time
    from the end of batch 0 to the end of the last batch over `steps - 1`
    (no fit() set-up, no first step, no end-of-fit sync); the second is the
    whole `fit()` call over `steps`, including the final wait for the
    trained weights.
    """
    timer = StepTimer(steps)
    n = batch_size * steps
    start = time.perf_counter()
    model.fit(
        x[:n],
        y[:n],
        batch_size=batch_size,
        epochs=1,
        shuffle=False,
        verbose=0,
        callbacks=[timer],
    )
    # The weights are written back at the end of fit(): wait for them.
    jax.block_until_ready([v.value for v in model.trainable_variables])
    end = time.perf_counter()
    steady = (timer.last - timer.first) / (steps - 1) * 1e3
    return steady, (end - start) / steps * 1e3


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
