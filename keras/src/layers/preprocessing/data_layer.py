"""`DataLayer`: base of the preprocessing layers that also run in tf.data.

This fork computes with JAX, but a `tf.data.Dataset.map()` function is a
TensorFlow graph: JAX arrays cannot flow through it. A `DataLayer` writes
its math against `self.backend`, a small namespace of array functions. In a
normal call that namespace is `keras.ops`; when the layer is called while
TensorFlow traces a graph (inside `Dataset.map`), the same functions are
served by TensorFlow (`backend/tensorflow_data`'s `TF_OPS`) and the layer
returns TensorFlow tensors.

TensorFlow is imported only when a graph is actually being traced, so
`import keras` never imports it.
"""

import sys

import numpy as np

from keras.src import backend
from keras.src import tree
from keras.src.backend.tensorflow_data import TF_OPS
from keras.src.layers.layer import Layer
from keras.src.layers.preprocessing.tf_data_mode import KERAS_OPS
from keras.src.layers.preprocessing.tf_data_mode import tf_mode_active
from keras.src.layers.preprocessing.tf_layer_call import call_with_tf_ops
from keras.src.trainers.data_adapters import data_adapter_utils
from keras.src.utils.backend_utils import in_tf_graph
from keras.src.utils.backend_utils import is_tf_tensor


class DataLayer(Layer):
    """A layer whose `call` also runs inside `tf.data` pipelines.

    Subclasses compute with the functions of `self.backend`, which is
    `keras.ops` normally and a TensorFlow equivalent while a `tf.data`
    graph is traced (see the module docstring).
    """

    _tf_outputs_to_backend = True

    @property
    def backend(self):
        """The op namespace of the current call; `backend._backend` names
        it (`"jax"`, or `"tensorflow"` inside a `tf.data` graph)."""
        if tf_mode_active():
            return TF_OPS
        return KERAS_OPS

    def _get_seed_generator(self, backend_name=None):
        """The layer's `SeedGenerator` (its `generator` attribute), for the
        random functions of `self.backend`."""
        return self.generator

    def __call__(self, inputs, **kwargs):
        if in_tf_graph():
            return self._call_in_tf_graph(inputs, **kwargs)
        return super().__call__(inputs, **kwargs)

    def _call_through_tf(self, inputs, **kwargs):
        """Runs `call` with TensorFlow on concrete inputs.

        For layers that always compute with TensorFlow (string hashing and
        lookups): inputs of any kind (lists, NumPy or JAX arrays) become TF
        tensors (`inputs` is one tensor, a nested list, or a tuple of
        tensors), and, outside a `tf.data` graph, numeric results come back
        as backend tensors (string results stay TF tensors) unless the class
        sets `_tf_outputs_to_backend = False`.

        Inside a JAX trace (e.g. a jitted `predict`), numeric inputs have
        no concrete values: the TensorFlow computation then runs on the
        host through `jax.pure_callback`.
        """
        if _has_jax_tracers(inputs):
            return self._call_on_host(inputs, **kwargs)
        if isinstance(inputs, tuple) and all(
            hasattr(x, "shape") for x in inputs
        ):
            inputs = tuple(_to_tf(x) for x in inputs)
        else:
            inputs = _to_tf(inputs)
        outputs = self._call_in_tf_graph(inputs, **kwargs)
        if in_tf_graph() or not self._tf_outputs_to_backend:
            return outputs
        return tree.map_structure(_from_tf, outputs)

    def _call_on_host(self, inputs, **kwargs):
        import jax

        if getattr(self, "sparse", False):
            raise ValueError(
                f"Layer '{self.name}' cannot return sparse outputs inside a "
                "JAX-compiled function. Use `sparse=False`, or run the "
                "model with `jit_compile=False`."
            )
        specs = tree.map_structure(
            lambda x: backend.KerasTensor(tuple(x.shape), dtype=x.dtype),
            inputs,
        )
        out_spec = self.compute_output_spec(specs, **kwargs)
        flat_spec = tree.flatten(out_spec)
        for spec in flat_spec:
            if any(d is None for d in spec.shape):
                raise ValueError(
                    f"Layer '{self.name}' has outputs of unknown shape "
                    f"{spec.shape} for inputs of shape(s) "
                    f"{tree.map_structure(lambda s: s.shape, specs)}; it "
                    "cannot run inside a JAX-compiled function. Run the "
                    "model with `jit_compile=False`."
                )
        result_spec = [
            jax.ShapeDtypeStruct(
                tuple(spec.shape), jax.dtypes.canonicalize_dtype(spec.dtype)
            )
            for spec in flat_spec
        ]

        def host(*arrays):
            structured = tree.pack_sequence_as(inputs, list(arrays))
            structured = tree.map_structure(_to_tf, structured)
            if isinstance(inputs, list):
                structured = tuple(structured)
            outputs = self._call_in_tf_graph(structured, **kwargs)
            return [
                np.asarray(out).astype(spec.dtype)
                for out, spec in zip(tree.flatten(outputs), result_spec)
            ]

        flat = jax.pure_callback(host, result_spec, *tree.flatten(inputs))
        return tree.pack_sequence_as(out_spec, list(flat))

    def _call_in_tf_graph(self, inputs, **kwargs):
        return call_with_tf_ops(self, inputs, **kwargs)


class TFComputedLayer(DataLayer):
    """A `DataLayer` that always computes with TensorFlow (string hashing,
    lookups, text vectorization).

    Called on concrete inputs, it runs `call` through TensorFlow (see
    `_call_through_tf`); symbolic inputs take the usual `Layer` path.
    """

    def __call__(self, inputs, **kwargs):
        if backend.any_symbolic_tensors((inputs,)):
            return super().__call__(inputs, **kwargs)
        return self._call_through_tf(inputs, **kwargs)


def _has_jax_tracers(inputs):
    if "jax" not in sys.modules:
        return False
    import jax

    return any(isinstance(x, jax.core.Tracer) for x in tree.flatten(inputs))


def _to_tf(x):
    import tensorflow as tf

    if is_tf_tensor(x):
        return x
    if isinstance(x, backend.KerasVariable) or backend.is_tensor(x):
        x = backend.convert_to_numpy(x)
    elif hasattr(x, "__array__"):
        x = np.asarray(x)
    return tf.convert_to_tensor(x)


def _from_tf(x):
    # Strings and ragged tensors have no JAX counterpart: they stay TF.
    if not is_tf_tensor(x) or x.dtype.name == "string":
        return x
    if type(x).__name__ == "RaggedTensor":
        return x
    sparse = data_adapter_utils.to_bcoo(x)
    if sparse is not None:
        return sparse
    return backend.convert_to_tensor(x.numpy())
