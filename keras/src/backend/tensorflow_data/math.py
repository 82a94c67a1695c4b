"""`keras.ops.math` functions of the preprocessing layers, in TensorFlow."""

import numpy as np

from keras.src.backend.jax import math as jax_math
from keras.src.backend.tensorflow_data.lazy_tf import tf

__all__ = ["stft"]


def stft(
    x, sequence_length, sequence_stride, fft_length, window="hann", center=True
):
    """`keras.ops.stft`: the same frames, window and padding."""
    if center:
        half = fft_length // 2
        pad = [[0, 0]] * (len(x.shape) - 1) + [[half, half]]
        x = tf.pad(x, pad, mode="REFLECT")
    frames = tf.signal.frame(x, fft_length, sequence_stride)
    # The window is a constant of the graph, made once at trace time.
    values = jax_math._window(window, sequence_length, fft_length, "float32")
    window = tf.constant(np.asarray(values), dtype=x.dtype)
    spectrum = tf.signal.rfft(frames * window, fft_length=[fft_length])
    return tf.math.real(spectrum), tf.math.imag(spectrum)
