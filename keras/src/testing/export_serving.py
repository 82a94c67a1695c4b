"""Serves exported artifacts in a fresh Python process, for tests.

`serve_in_fresh_process(requests)` starts one Python process (isolated
mode: no `PYTHONPATH`, no working-directory imports) that loads each
artifact with its own runtime only (`tf.saved_model.load`, `onnxruntime`,
the LiteRT interpreter, OpenVINO's runtime), runs it on NumPy inputs and
sends the outputs back. Keras cannot be imported there (its module entry
is blocked), so the artifact is known to run without any model code.
(TensorFlow may import JAX for its own purposes; no JAX array is made.)
"""

import json
import os
import subprocess
import sys
import tempfile

import numpy as np

# Which packages each format's runtime needs (for `pytest.importorskip`).
RUNTIME_PACKAGES = {
    "tf_saved_model": "tensorflow",
    "litert": "ai_edge_litert",
    "onnx": "onnxruntime",
    "openvino": "openvino",
}

_SERVER = r"""
import json
import sys

# No Keras code may run here (TensorFlow tolerates its absence).
sys.modules["keras"] = None

import numpy as np


def serve_saved_model(path, inputs):
    import tensorflow as tf

    signature = tf.saved_model.load(path).signatures["serving_default"]
    outputs = signature(**{k: tf.constant(v) for k, v in inputs.items()})
    return {k: v.numpy() for k, v in outputs.items()}


def serve_litert(path, inputs):
    from ai_edge_litert.interpreter import Interpreter

    runner = Interpreter(model_path=path).get_signature_runner()
    return dict(runner(**inputs))


def serve_onnx(path, inputs):
    import onnxruntime

    session = onnxruntime.InferenceSession(path)
    names = [o.name for o in session.get_outputs()]
    return dict(zip(names, session.run(None, inputs)))


def serve_openvino(path, inputs):
    import openvino

    core = openvino.Core()
    model = core.read_model(path)
    # The compiled outputs also carry the names of the ops fused into
    # them: name them as the file does.
    names = [o.get_any_name() for o in model.outputs]
    # On CPUs with bfloat16 units, OpenVINO runs float32 models in bfloat16
    # unless asked for float32.
    compiled = core.compile_model(
        model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"}
    )
    results = compiled(inputs)
    return {n: results[o] for n, o in zip(names, compiled.outputs)}


SERVERS = {
    "tf_saved_model": serve_saved_model,
    "litert": serve_litert,
    "onnx": serve_onnx,
    "openvino": serve_openvino,
}

with open(sys.argv[1]) as f:
    requests = json.load(f)
for request in requests:
    inputs = dict(np.load(request["inputs"]))
    outputs = SERVERS[request["format"]](request["path"], inputs)
    np.savez(request["outputs"], **outputs)
"""


def serve_in_fresh_process(requests, timeout=300):
    """Runs exported artifacts in one fresh process.

    Args:
        requests: A list of `(format, path, inputs)`: the export format,
            the artifact's path and a dict of named NumPy inputs (the
            names of the artifact's serving signature).
        timeout: Seconds allowed for the process.

    Returns:
        A list (one per request) of dicts of named NumPy outputs.
    """
    with tempfile.TemporaryDirectory() as tmp:
        manifest = []
        for i, (format, path, inputs) in enumerate(requests):
            inputs_path = os.path.join(tmp, f"inputs_{i}.npz")
            np.savez(inputs_path, **inputs)
            manifest.append(
                {
                    "format": format,
                    "path": os.fspath(path),
                    "inputs": inputs_path,
                    "outputs": os.path.join(tmp, f"outputs_{i}.npz"),
                }
            )
        manifest_path = os.path.join(tmp, "manifest.json")
        with open(manifest_path, "w") as f:
            json.dump(manifest, f)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        process = subprocess.run(
            [sys.executable, "-I", "-c", _SERVER, manifest_path],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if process.returncode != 0:
            raise AssertionError(
                f"The serving process failed:\n{process.stderr[-5000:]}"
            )
        return [dict(np.load(m["outputs"])) for m in manifest]
