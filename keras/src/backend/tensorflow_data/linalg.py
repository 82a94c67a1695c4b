"""`keras.ops.linalg` functions of the image layers, in TensorFlow."""

from keras.src.backend.tensorflow_data.forwarding import forwarder

FORWARDED = {"solve": "linalg.solve"}

__all__ = [*FORWARDED]

__getattr__ = forwarder(__name__, FORWARDED)
