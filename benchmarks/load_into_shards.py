"""Host memory and bytes read when weights load straight into their shards.

A model of `--gb` GiB of float32 kernels (Dense layers of 4096 x 32768 and
32768 x 4096, every kernel split over 8 CPU devices by a `LayoutMap`) is
saved once per format, then loaded in fresh subprocesses:

- `load_weights` of a `.weights.h5` file, into a model built under the
  distribution;
- `load_model` of a `.keras` archive, with the distribution set;
- `load_weights` of a sharded weights file (`max_shard_size`).

Each load is measured in one process with 8 devices, and in two processes
(`jax.distributed` on loopback, 4 devices each). Per process: the peak
resident memory above what it used before the model was built (VmHWM of
`/proc/self/status`, whose peak is reset through `/proc/self/clear_refs`
after JAX's runtime started and again once the model to load into was
built, so that its initializers' transient peak is not counted; the
model's own resident bytes are), the peak during the load alone, and the
bytes it read (`rchar` of `/proc/self/io`: everything read through system calls,
page cache hits included). The bound is `1.3 x (bytes held by this
process's devices + the largest variable)`. Upstream Keras runs the same
model and layouts through its public API (its own saved files) when
`--upstream-site` holds it.

Usage:

    python benchmarks/load_into_shards.py                  # ~2 GiB model
    python benchmarks/load_into_shards.py --gb 0.5 --skip-upstream
"""

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMATS = ("weights.h5", "keras", "sharded")
WIDE = 32768
NARROW = 4096


def _status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(field)


def _rchar():
    with open("/proc/self/io") as f:
        for line in f:
            if line.startswith("rchar:"):
                return int(line.split()[1])
    raise KeyError("rchar")


def _reset_peak():
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


# ------------------------------------------------------------------ worker
def _distribution(keras):
    devices = keras.distribution.list_devices()
    mesh = keras.distribution.DeviceMesh(
        (len(devices),), ["model"], devices=devices
    )
    layout_map = keras.distribution.LayoutMap(mesh)
    layout_map[".*kernel"] = (None, "model")
    return keras.distribution.ModelParallel(
        layout_map=layout_map, batch_dim_name="model"
    )


def _build(keras, pairs, initializer, wide=WIDE):
    inputs = keras.Input((NARROW,))
    x = inputs
    for i in range(pairs):
        x = keras.layers.Dense(
            wide, kernel_initializer=initializer, name=f"up_{i}"
        )(x)
        x = keras.layers.Dense(
            NARROW, kernel_initializer=initializer, name=f"down_{i}"
        )(x)
    return keras.Model(inputs, x, name="big")


def _fingerprint(model):
    import numpy as np
    from jax.experimental import multihost_utils

    return [
        float(
            np.asarray(
                multihost_utils.process_allgather(w.value[:3, :5], tiled=True),
                dtype=np.float64,
            ).sum()
        )
        for w in model.weights
        if len(w.shape) == 2
    ]


def _held_bytes(model):
    held = 0
    for w in model.weights:
        held += sum(s.data.nbytes for s in w.value.addressable_shards)
    return held


def worker(spec):
    if spec.get("processes", 1) > 1:
        import jax

        jax.config.update("jax_cpu_collectives_implementation", "gloo")
        jax.distributed.initialize(
            spec["address"], spec["processes"], spec["process_id"]
        )
    import keras

    distribution = _distribution(keras)
    keras.distribution.set_distribution(distribution)
    base = spec["base"]
    if spec["mode"] == "save":
        model = _build(keras, spec["pairs"], "glorot_uniform", spec["wide"])
        model.save_weights(base + ".weights.h5")
        model.save(base + ".keras")
        try:
            model.save_weights(base + ".weights.json", max_shard_size=0.5)
        except Exception as e:  # an implementation without sharded files
            print(f"no sharded weights: {e!r}", file=sys.stderr)
        return {"fingerprint": _fingerprint(model)}
    fmt = spec["format"]
    import jax

    # Starts the runtime, so that its own memory is not counted.
    jax.block_until_ready(jax.numpy.zeros(8) + 1)
    rss_start = _status("VmRSS")
    _reset_peak()
    if fmt == "keras":
        rss_before_load = rss_start
        rchar_before = _rchar()
        t0 = time.perf_counter()
        model = keras.saving.load_model(base + ".keras")
    else:
        model = _build(keras, spec["pairs"], "zeros", spec["wide"])
        rss_before_load = _status("VmRSS")
        # The initializers' own transient peak is not the loader's.
        _reset_peak()
        rchar_before = _rchar()
        path = base + (
            ".weights.h5" if fmt == "weights.h5" else ".weights.json"
        )
        t0 = time.perf_counter()
        model.load_weights(path)
    for w in model.weights:
        w.value.block_until_ready()
    seconds = time.perf_counter() - t0
    rchar = _rchar() - rchar_before
    peak = _status("VmHWM")
    sizes = [w.value.nbytes for w in model.weights]
    return {
        "peak_raise": peak - rss_start,
        "load_raise": peak - rss_before_load,
        "read": rchar,
        "held": _held_bytes(model),
        "largest": max(sizes),
        "total": sum(sizes),
        "seconds": seconds,
        "fingerprint": _fingerprint(model),
    }


# ------------------------------------------------------------------ driver
def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _launch(spec, upstream_site, processes, timeout):
    env = dict(os.environ)
    env["KERAS_BACKEND"] = "jax"
    env["JAX_PLATFORMS"] = "cpu"
    env["XLA_FLAGS"] = (
        f"--xla_force_host_platform_device_count={8 // processes}"
    )
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    env["PYTHONPATH"] = upstream_site or REPO_ROOT
    address = f"127.0.0.1:{_free_port()}"
    procs = []
    for i in range(processes):
        child = dict(spec, processes=processes, process_id=i, address=address)
        procs.append(
            subprocess.Popen(
                [sys.executable, __file__, "--worker", json.dumps(child)],
                env=env,
                cwd=tempfile.gettempdir(),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    results = []
    for p in procs:
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            raise
        lines = [x for x in out.splitlines() if x.startswith("RESULT ")]
        if p.returncode or not lines:
            results.append({"error": (err or out).strip().splitlines()[-3:]})
        else:
            results.append(json.loads(lines[-1][len("RESULT ") :]))
    return results


def _gib(n):
    return f"{n / 1024**3:.2f}"


def _row(impl, fmt, processes, results, expected):
    if any("error" in r for r in results):
        error = next(r["error"] for r in results if "error" in r)
        reason = " ".join(error)[-160:]
        return f"| {impl} | {fmt} | {processes} | n/a: {reason} |||||||"
    r = max(results, key=lambda r: r["peak_raise"])
    bound = 1.3 * (r["held"] + r["largest"])
    reads = " / ".join(_gib(x["read"]) for x in results)
    equal = all(x["fingerprint"] == expected for x in results)
    ok = "yes" if r["peak_raise"] <= bound else "**no**"
    return (
        f"| {impl} | {fmt} | {processes} | {_gib(r['held'])} "
        f"| {_gib(r['peak_raise'])} | {_gib(r['load_raise'])} "
        f"| {_gib(bound)} | {ok} | {reads} | {r['seconds']:.1f} "
        f"| {'yes' if equal else '**no**'} |"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gb", type=float, default=2.0)
    parser.add_argument("--dir", default=None)
    parser.add_argument("--wide", type=int, default=WIDE)
    parser.add_argument("--upstream-site", default="/tmp/upstream-site")
    parser.add_argument("--skip-upstream", action="store_true")
    parser.add_argument("--processes", default="1,2")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--worker", default=None)
    args = parser.parse_args()
    if args.worker:
        result = worker(json.loads(args.worker))
        print("RESULT " + json.dumps(result), flush=True)
        return
    pair_bytes = 2 * args.wide * NARROW * 4
    pairs = max(1, round(args.gb * 1024**3 / pair_bytes))
    impls = [("fork", None)]
    if not args.skip_upstream and os.path.isdir(args.upstream_site):
        impls.append(("upstream 3.15.1", args.upstream_site))
    counts = [int(x) for x in args.processes.split(",")]
    formats = args.formats.split(",")
    rows = []
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        for impl, site in impls:
            base = os.path.join(tmp, impl.split()[0], "big")
            os.makedirs(os.path.dirname(base))
            spec = {
                "mode": "save",
                "base": base,
                "pairs": pairs,
                "wide": args.wide,
            }
            saved = _launch(spec, site, 1, args.timeout)[0]
            if "error" in saved:
                raise RuntimeError(f"{impl} could not save: {saved}")
            expected = saved["fingerprint"]
            for processes in counts:
                for fmt in formats:
                    spec = {
                        "mode": "load",
                        "base": base,
                        "pairs": pairs,
                        "wide": args.wide,
                        "format": fmt,
                    }
                    results = _launch(spec, site, processes, args.timeout)
                    rows.append(_row(impl, fmt, processes, results, expected))
                    print(rows[-1], file=sys.stderr, flush=True)
            for name in os.listdir(os.path.dirname(base)):
                os.remove(os.path.join(os.path.dirname(base), name))
    print(
        f"Model: {2 * pairs} Dense kernels of {NARROW}x{args.wide} float32 "
        f"({_gib(pairs * pair_bytes)} GiB), kernels split over 8 CPU "
        "devices. GiB per process (the worst process for memory).\n"
    )
    print(
        "| impl | format | processes | held by its devices | peak RSS "
        "raise | of which during load | bound 1.3 x (held + largest) "
        "| within | read per process | load s | values equal |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
