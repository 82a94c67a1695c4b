"""`QuantizationReport`: what one `Model.quantize()` call did to each layer;
`quantization_summary`: what the quantized layers of a model store."""

import numpy as np

from keras.src import backend
from keras.src.api_export import keras_export

_RULE = "=" * 65
_THIN_RULE = "-" * 65


@keras_export("keras.quantizers.QuantizationReport")
class QuantizationReport:
    """The outcome of a `Model.quantize()` call, layer by layer.

    `Model.quantize()` returns one (and keeps it as
    `model._quantization_report`). It lists three kinds of entries, in the
    order the layers were visited:

    - `quantized`: `(path, mode, dtype_policy_name)` for each layer that
      was quantized;
    - `skipped`: `(path, reason)` for each layer left as it was, the reason
      being one of the `SKIP_*` class attributes (or any other string);
    - `errors`: `(path, message)` for each layer whose quantization failed.

    Args:
        mode: The quantization mode of the call, e.g. `"int8"`.

    Example:

    >>> report = keras.quantizers.QuantizationReport(mode="int8")
    >>> report.add_quantized("dense", "int8", "int8_from_float32")
    >>> report.add_skipped("relu", report.SKIP_NO_SUPPORT)
    >>> report
    QuantizationReport(mode='int8', quantized=1, skipped=1, errors=0)
    """

    SKIP_NO_SUPPORT = "no quantize support"
    SKIP_FILTERED = "filtered out"
    SKIP_ALREADY_QUANTIZED = "already quantized"
    SKIP_OUTSIDE_STRUCTURE = "outside quantization structure"

    def __init__(self, mode=None):
        self.mode = mode
        self.quantized = []
        self.skipped = []
        self.errors = []

    def add_quantized(self, path, mode, scheme):
        """Records that the layer at `path` was quantized in `mode` and
        now has the dtype policy named `scheme`."""
        self.quantized.append((path, mode, scheme))

    def add_skipped(self, path, reason):
        """Records that the layer at `path` was left as it was, and why."""
        self.skipped.append((path, reason))

    def add_error(self, path, error):
        """Records that quantizing the layer at `path` failed; `error` is
        an exception or a message (kept as a string)."""
        self.errors.append((path, str(error)))

    @property
    def num_quantized(self):
        return len(self.quantized)

    @property
    def num_skipped(self):
        return len(self.skipped)

    @property
    def num_errors(self):
        return len(self.errors)

    def skipped_by_reason(self, reason):
        """The paths of the layers skipped for `reason`, in visit order."""
        return [path for path, why in self.skipped if why == reason]

    def summary_warning(self, max_examples=5):
        """A one-paragraph warning about the layers that do not support
        quantization and those that failed, or `None` when there are none
        (layers skipped on purpose, e.g. filtered out, do not count).

        Args:
            max_examples: How many layer names to quote per kind before
                `...`.
        """
        unsupported = self.skipped_by_reason(self.SKIP_NO_SUPPORT)
        failed = [path for path, _ in self.errors]
        if not unsupported and not failed:
            return None
        parts = ["`model.quantize()`:"]
        if unsupported:
            parts.append(
                f"{len(unsupported)} layer(s) were skipped because they do "
                "not support quantization (e.g. "
                f"{_examples(unsupported, max_examples)})."
            )
        if failed:
            parts.append(
                f"{len(failed)} layer(s) reported errors (e.g. "
                f"{_examples(failed, max_examples)})."
            )
        parts.append(
            f"Quantized {self.num_quantized} layer(s) in mode "
            f"'{self.mode}'. Call `model.quantization_summary()` or inspect "
            "the returned `QuantizationReport` for details."
        )
        return " ".join(parts)

    def render(self):
        """The report as text: a header, then one line per layer."""
        lines = [f"Quantization report (mode='{self.mode}')", _RULE]
        lines.append(f"Quantized {self.num_quantized} layer(s):")
        lines += [
            f"  - {path} ({mode}): {scheme}"
            for path, mode, scheme in self.quantized
        ] or ["  (none)"]
        lines.append(f"Skipped {self.num_skipped} layer(s):")
        lines += [f"  - {path}: {reason}" for path, reason in self.skipped] or [
            "  (none)"
        ]
        if self.errors:
            lines.append(f"Errors on {self.num_errors} layer(s):")
            lines += [f"  - {path}: {message}" for path, message in self.errors]
        return "\n".join(lines)

    def __repr__(self):
        return (
            f"QuantizationReport(mode={self.mode!r}, "
            f"quantized={self.num_quantized}, skipped={self.num_skipped}, "
            f"errors={self.num_errors})"
        )


def _examples(paths, limit):
    quoted = ", ".join(f"'{path}'" for path in paths[:limit])
    return quoted + (", ..." if len(paths) > limit else "")


def quantization_summary(model_name, layers):
    """The text of `Model.quantization_summary()`.

    For each quantized layer of `layers`: its dtype policy and the bytes
    of its stored kernel (or embeddings): integers, packed where the mode
    packs them (for float8, the float kernel). Then the totals: the
    number of weights quantized and their bytes, against the bytes of the
    float weights they stand for, in the layers' variable dtype. Scales
    and zero points are left out.
    """
    lines = [f"Quantization summary for '{model_name}'", _RULE]
    count = params = stored = float_bytes = 0
    variable_dtype = None
    for layer in layers:
        if getattr(layer, "quantization_mode", None) is None:
            continue
        integers = [
            v
            for v in layer._own_variables
            if not backend.is_float_dtype(v.dtype)
        ]
        store = integers[0] if integers else layer._kernel
        nbytes = _bytes(store.shape, store.dtype)
        shape = _float_shape(layer)
        variable_dtype = layer.variable_dtype
        count += 1
        params += int(np.prod(shape))
        stored += nbytes
        float_bytes += _bytes(shape, variable_dtype)
        dtype = backend.standardize_dtype(store.dtype)
        lines += [
            f"Layer: {layer.path or layer.name}",
            f"  dtype policy : {layer.dtype_policy.name}",
            f"  weight store : {dtype} ({nbytes} bytes)",
        ]
    if not count:
        return "\n".join(lines + ["No quantized layers found."])
    ratio = float_bytes / stored if stored else float("inf")
    lines += [
        _THIN_RULE,
        f"Quantized layers : {count}",
        f"Quantized params : {params}",
        f"Weight storage   : {stored} bytes quantized vs {float_bytes} "
        f"bytes {variable_dtype} ({ratio:.2f}x smaller)",
    ]
    return "\n".join(lines)


def _float_shape(layer):
    """The shape of the float weight a quantized layer stands for: its
    (unpacked) `kernel` or `embeddings`; `TernaryDense`, which drops its
    float kernel, gives `(input_dim, units)`."""
    for name in ("kernel", "embeddings"):
        value = getattr(layer, name, None)
        if value is not None:
            return tuple(value.shape)
    return (layer._orig_input_dim, layer.units)


def _bytes(shape, dtype):
    itemsize = np.dtype(backend.standardize_dtype(dtype)).itemsize
    return int(np.prod(shape)) * itemsize
