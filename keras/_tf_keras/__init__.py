"""The entry point TensorFlow uses for `tf.keras` with Keras 3 installed.

TensorFlow's lazy loader resolves `tf.keras` (and `tf.keras.<sub>`) to
`keras._tf_keras.keras` (and its submodules) when `keras.__version__`
starts with "3.". `keras._tf_keras.keras` is this package's public API.
"""
