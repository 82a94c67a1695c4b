"""`Progbar`: the progress bar printed by `fit`, `evaluate` and `predict`."""

import math
import os
import sys
import time

import numpy as np

from keras.src.api_export import keras_export
from keras.src.utils import io_utils

_BAR_GLYPH = "\u2501"  # "━"
_DIM = "\x1b[2m"
_RESET = "\x1b[0m"


@keras_export("keras.utils.Progbar")
class Progbar:
    """A text progress bar for loops with a known or unknown length.

    With `verbose=1` the bar is redrawn at most every `interval` seconds,
    e.g. `12/50 ━━━━━━━━━━━━━━━━━━━━ 1s 20ms/step - loss: 0.1234`, showing
    the estimated time left while running and the total time and the time
    per step once finished. On an interactive terminal it is redrawn in
    place; otherwise (a log file, captured output...) each redraw is a new
    line. With `verbose=2` a single summary line is printed when the bar
    finishes.

    Metrics passed to `update()` are averaged over the steps seen so far,
    weighted by the number of steps of each update, except for stateful
    ones, which are displayed as given. Name the stateful metrics with
    `stateful_metrics`, or the averaged ones with `stateless_metrics` (then
    every other metric is stateful); not both. The values passed with the
    final update (the one reaching `target`, or `finalize=True`) are
    displayed as given: they are taken to be the final results.

    Args:
        target: Total number of steps expected, or `None` if unknown.
        width: Width of the bar, in characters.
        verbose: Verbosity mode: `0` (silent), `1` (progress bar) or `2`
            (one line when finished).
        interval: Minimum number of seconds between two redraws.
        stateful_metrics: Iterable of names of metrics that should not be
            averaged over time; their last value is displayed instead.
        unit_name: Name of the unit counted by the bar, used in the time per
            unit (`"step"` gives `20ms/step`).
        stateless_metrics: Iterable of names of the metrics to average;
            all others are displayed as given. Exclusive with
            `stateful_metrics`.

    Example:

    ```python
    progbar = keras.utils.Progbar(target=10)
    for step in range(10):
        loss = train_one_step()
        progbar.update(step + 1, values=[("loss", loss)])
    ```
    """

    def __init__(
        self,
        target,
        width=20,
        verbose=1,
        interval=0.05,
        stateful_metrics=None,
        unit_name="step",
        stateless_metrics=None,
    ):
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError(
                "Only one of `stateful_metrics` and `stateless_metrics` can "
                f"be given. Received: stateful_metrics={stateful_metrics}, "
                f"stateless_metrics={stateless_metrics}"
            )
        self._stateless_metrics = (
            None if stateless_metrics is None else set(stateless_metrics)
        )
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stateful_metrics = (
            set(stateful_metrics) if stateful_metrics else set()
        )
        self._dynamic_display = io_utils.is_interactive_logging_enabled() and (
            (hasattr(sys.stdout, "isatty") and sys.stdout.isatty())
            or "ipykernel" in sys.modules
            or "PYCHARM_HOSTED" in os.environ
        )
        # name -> [weighted sum, weight] (averaged) or [value, 1] (stateful).
        self._values = {}
        self._values_order = []
        self._seen_so_far = 0
        self._start = time.time()
        self._last_update = 0.0
        self._first_update = None  # (time, current) of the first update.
        self._last_step_time = self._start  # When `current` last grew.
        self._prev_width = 0
        self._finalized = False

    def update(self, current, values=None, finalize=None):
        """Moves the bar to step `current` and records metric values.

        Args:
            current: Index of the current step (the number of steps done).
            values: List of `(name, value)` tuples. Values of metrics not in
                `stateful_metrics` are averaged over the steps.
            finalize: Whether this is the last update of the bar. Defaults
                to `current >= target` (`False` if `target` is `None`).
        """
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        for name, value in values or []:
            value = _to_python(value)
            if name not in self._values_order:
                self._values_order.append(name)
            if (
                finalize
                or self._is_stateful(name)
                or not isinstance(value, (int, float))
            ):
                self._values[name] = [value, 1]
            else:
                weight = max(current - self._seen_so_far, 1)
                total = self._values.get(name)
                if total is None or total[1] == 0:
                    self._values[name] = [value * weight, weight]
                else:
                    total[0] += value * weight
                    total[1] += weight
        now = time.time()
        if current > self._seen_so_far:
            self._last_step_time = now
        self._seen_so_far = current

        if self._first_update is None and current > 0:
            self._first_update = (now, current)
        if self.verbose == 1:
            self._display_bar(current, now, finalize)
        elif self.verbose == 2 and finalize and not self._finalized:
            self._display_line(current, now)
        if finalize:
            self._finalized = True

    def add(self, n, values=None):
        """Advances the bar by `n` steps.

        Args:
            n: Number of steps to add to the current count.
            values: List of `(name, value)` tuples, as in `update()`.
        """
        self.update(self._seen_so_far + n, values)

    # Display.

    def _would_display(self):
        """Whether a non-final `update()` now would redraw (and so read
        its values)."""
        if self.verbose != 1 or self._finalized:
            return False
        return time.time() - self._last_update >= self.interval

    def _display_bar(self, current, now, finalize):
        if not finalize and now - self._last_update < self.interval:
            return
        if self._finalized:
            return
        self._last_update = now
        counter = self._counter_text(current)
        if self.target is not None:
            done = int(self.width * min(current / max(self.target, 1), 1.0))
            visible_bar = _BAR_GLYPH * self.width
            bar = _BAR_GLYPH * done
            if self.width - done:
                rest = _BAR_GLYPH * (self.width - done)
                bar += _DIM + rest + _RESET if self._dynamic_display else rest
            visible = f"{counter} {visible_bar}"
            text = f"{counter} {bar}"
        else:
            visible = text = counter
        per_unit = self._time_per_unit(current, now)
        if finalize:
            timing = f"{_format_duration(now - self._start)} "
        elif self.target is not None:
            eta = per_unit * max(self.target - current, 0)
            timing = f"{_format_duration(eta)} "
        else:
            timing = f"{_format_duration(now - self._start)} "
        timing += _format_time_per_unit(per_unit, self.unit_name)
        suffix = " " + timing + self._values_text()
        visible += suffix
        text += suffix
        if self._dynamic_display:
            padding = max(self._prev_width - len(visible), 0)
            message = "\r" + text + " " * padding
            if finalize:
                message += "\n"
            io_utils.print_msg(message, line_break=False)
        else:
            io_utils.print_msg(text)
        self._prev_width = len(visible)

    def _display_line(self, current, now):
        per_unit = self._time_per_unit(current, now)
        line = (
            f"{self._counter_text(current).strip()}"
            f" - {_format_duration(now - self._start)}"
            f" - {_format_time_per_unit(per_unit, self.unit_name)}"
            f"{self._values_text()}"
        )
        io_utils.print_msg(line)

    def _counter_text(self, current):
        if self.target is None:
            return f"{current}"
        digits = len(str(self.target))
        return f"{current:>{digits}}/{self.target}"

    def _time_per_unit(self, current, now):
        # The first update usually includes compilation: leave it out of the
        # estimate once there is a later step to measure. Time spent after
        # the last step (e.g. validation before the final update) is not
        # counted either.
        now = min(now, self._last_step_time)
        if self._first_update is not None:
            first_time, first_current = self._first_update
            if current > first_current:
                return (now - first_time) / (current - first_current)
        if current:
            return (now - self._start) / current
        return 0.0

    def _is_stateful(self, name):
        if self._stateless_metrics is not None:
            return name not in self._stateless_metrics
        return name in self.stateful_metrics

    def _values_text(self):
        text = ""
        for name in self._values_order:
            value, weight = self._values[name]
            if isinstance(value, (int, float)):
                if not self._is_stateful(name):
                    value = value / weight
                text += f" - {name}: {_format_value(value)}"
            else:
                text += f" - {name}: {value}"
        return text


def _to_python(value):
    """Converts scalar tensors and arrays to Python numbers."""
    if isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, float)):
        return value
    try:
        array = np.asarray(value)
    except Exception:
        return value
    if array.size == 1 and array.dtype.kind in "biuf":
        return float(array.reshape(()))
    return value


def _format_value(value):
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return f"{value}"
    if abs(value) > 1e-3:
        return f"{value:.4f}"
    return f"{value:.4e}"


def _format_duration(seconds):
    seconds = int(round(seconds))
    if seconds >= 3600:
        hours, rest = divmod(seconds, 3600)
        return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
    if seconds >= 60:
        return f"{seconds // 60}:{seconds % 60:02d}"
    return f"{seconds}s"


def _format_time_per_unit(seconds, unit_name):
    if seconds >= 1 or seconds == 0:
        return f"{seconds:.0f}s/{unit_name}"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.0f}ms/{unit_name}"
    return f"{seconds * 1e6:.0f}us/{unit_name}"
