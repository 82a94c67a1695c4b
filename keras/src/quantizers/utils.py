"""The module path upstream Keras' tests import the layer filter from.

The quantization helpers live in modules named after what they hold:
`layer_filters`, `layer_config`, `in_place`, `file_order`, `layouts`,
`int8`, `int4`, `ternary` and `float8`.
"""

from keras.src.quantizers.layer_filters import should_quantize_layer  # noqa: F401
