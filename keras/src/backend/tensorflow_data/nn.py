"""`keras.ops.nn` functions of the preprocessing layers, in TensorFlow."""

from keras.src.backend import config
from keras.src.backend.common import image_geometry
from keras.src.backend.tensorflow_data.lazy_tf import tf
from keras.src.utils.argument_validation import standardize_tuple

__all__ = ["depthwise_conv", "one_hot"]


def one_hot(x, num_classes, dtype="float32"):
    return tf.one_hot(tf.cast(x, "int64"), num_classes, dtype=dtype)


def depthwise_conv(
    inputs,
    kernel,
    strides=1,
    padding="valid",
    data_format=None,
    dilation_rate=1,
):
    data_format = config.standardize_data_format(data_format)
    if len(inputs.shape) != 4:
        raise ValueError(
            "Inside tf.data, `depthwise_conv` takes 4D inputs. "
            f"Received: inputs.shape={inputs.shape}"
        )
    # Strides and dilations as 2-tuples, as `keras.ops.depthwise_conv`
    # reads them.
    strides = standardize_tuple(strides, 2, "strides")
    dilation_rate = standardize_tuple(dilation_rate, 2, "dilation_rate")
    x = image_geometry.to_channels_last(inputs, data_format, tf)
    out = tf.nn.depthwise_conv2d(
        x,
        tf.cast(kernel, x.dtype),
        [1, *strides, 1],
        padding.upper(),
        dilations=list(dilation_rate),
    )
    return image_geometry.from_channels_last(out, data_format, tf)
