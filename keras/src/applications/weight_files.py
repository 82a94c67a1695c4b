"""Where each application's pretrained ImageNet weights come from.

`weights="imagenet"` downloads the file (once: it is kept in
`~/.keras/models/`, upstream Keras's cache, so files that upstream left
there are found) with `keras.utils.get_file`, which checks the recorded
hash when there is one. The files are legacy `.h5` weights files, loaded
in layer order by `Model.load_weights`.
"""

import os

from keras.src.utils import file_utils

_CACHE_SUBDIR = "models"


def weights_variant(title, alpha, rows, minimalistic):
    """The key that tells apart the weight files of one application's
    configurations (`""` where it has one file per head).

    Args:
        title: The application's public name, e.g. `"MobileNetV2"`.
        alpha: Its width multiplier (MobileNets), else ignored.
        rows: The height of its input images (MobileNet V1 and V2).
        minimalistic: Whether a MobileNetV3 is the minimalistic one.
    """
    if title in ("MobileNet", "MobileNetV2"):
        return f"{float(alpha)}_{rows}"
    if title.startswith("MobileNetV3"):
        kind = "minimalistic" if minimalistic else "full"
        return f"{float(alpha)}_{kind}"
    return ""


def imagenet_weights_path(title, include_top, variant=""):
    """Downloads (or finds in the cache) the ImageNet weights of an
    application and returns the local path of the file.

    Args:
        title: The application's public name, e.g. `"ResNet50"`.
        include_top: Whether the model has its classification head (the
            file without the head is a separate download).
        variant: See `weights_variant`.

    Raises:
        ValueError: if no pretrained file exists for this configuration.
    """
    entry = _FILES.get((title, bool(include_top), variant))
    if entry is None:
        detail = f" ({variant})" if variant else ""
        raise ValueError(
            f"No pretrained 'imagenet' weights exist for {title}{detail} "
            f"with include_top={include_top}. Use `weights=None`, or one of "
            "the configurations that have pretrained weights."
        )
    origin, file_hash = entry
    return file_utils.get_file(
        os.path.basename(origin),
        origin,
        cache_subdir=_CACHE_SUBDIR,
        file_hash=file_hash,
    )


# (public name, include_top, variant) -> (origin URL, hash of the file or
# None). Recorded from upstream Keras 3.15.1's downloads.
_FILES = {
    ("ConvNeXtBase", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_base_notop.h5",
        "40a20c5548a5e9202f69735ecc06c990e6b7c9d2de39f0361e27baeb24cb7c45",
    ),
    ("ConvNeXtBase", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_base.h5",
        "52cbb006d3dadd03f6e095a8ca1aca47aecdd75acb4bc74bce1f5c695d0086e6",
    ),
    ("ConvNeXtLarge", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_large_notop.h5",
        "96f02b6f0753d4f543261bc9d09bed650f24dd6bc02ddde3066135b63d23a1cd",
    ),
    ("ConvNeXtLarge", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_large.h5",
        "070c5ed9ed289581e477741d3b34beffa920db8cf590899d6d2c67fba2a198a6",
    ),
    ("ConvNeXtSmall", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_small_notop.h5",
        "6fc8009faa2f00c1c1dfce59feea9b0745eb260a7dd11bee65c8e20843da6eab",
    ),
    ("ConvNeXtSmall", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_small.h5",
        "ce1277d8f1ee5a0ef0e171469089c18f5233860ceaf9b168049cb9263fd7483c",
    ),
    ("ConvNeXtTiny", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_tiny_notop.h5",
        "d547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1",
    ),
    ("ConvNeXtTiny", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_tiny.h5",
        "8ae6e78ce2933352b1ef4008e6dd2f17bc40771563877d156bc6426c7cf503ff",
    ),
    ("ConvNeXtXLarge", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_xlarge_notop.h5",
        "de3f8a54174130e0cecdc71583354753d557fcf1f4487331558e2a16ba0cfe05",
    ),
    ("ConvNeXtXLarge", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_xlarge.h5",
        "c1f5ccab661354fc3a79a10fa99af82f0fbf10ec65cb894a3ae0815f17a889ee",
    ),
    ("DenseNet121", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "30ee3e1110167f948a6b9946edeeb738",
    ),
    ("DenseNet121", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet121_weights_tf_dim_ordering_tf_kernels.h5",
        "9d60b8095a5708f2dcce2bca79d332c7",
    ),
    ("DenseNet169", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "b8c4d4c20dd625c148057b9ff1c1176b",
    ),
    ("DenseNet169", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet169_weights_tf_dim_ordering_tf_kernels.h5",
        "d699b8f76981ab1b30698df4c175e90b",
    ),
    ("DenseNet201", False, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "c13680b51ded0fb44dff2d8f86ac8bb1",
    ),
    ("DenseNet201", True, ""): (
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet201_weights_tf_dim_ordering_tf_kernels.h5",
        "1ceb130c1ea1b78c3bf6114dbdfd8807",
    ),
    ("EfficientNetB0", False, ""): (
        "https://storage.googleapis.com/keras-applications/efficientnetb0_notop.h5",
        "50bc09e76180e00e4465e1a485ddc09d",
    ),
    ("EfficientNetB0", True, ""): (
        "https://storage.googleapis.com/keras-applications/efficientnetb0.h5",
        "902e53a9f72be733fc0bcb005b3ebbac",
    ),
    ("EfficientNetB1", False, ""): (
        "https://storage.googleapis.com/keras-applications/efficientnetb1_notop.h5",
        "74c4e6b3e1f6a1eea24c589628592432",
    ),
    ("EfficientNetB1", True, ""): (
        "https://storage.googleapis.com/keras-applications/efficientnetb1.h5",
        "1d254153d4ab51201f1646940f018540",
    ),
    ("EfficientNetB2", False, ""): (
        "https://storage.googleapis.com/keras-applications/efficientnetb2_notop.h5",
        "111f8e2ac8aa800a7a99e3239f7bfb39",
    ),
    ("EfficientNetB2", True, ""): (
        "https://storage.googleapis.com/keras-applications/efficientnetb2.h5",
        "b15cce36ff4dcbd00b6dd88e7857a6ad",
    ),
    ("MobileNet", False, "0.25_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.25_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.25_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.25_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", True, "0.25_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.25_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.25_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.25_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_224_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_224_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_224_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_128"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_160"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_192"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_224"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_224_tf.h5",
        None,
    ),
    ("MobileNetV3Small", False, "0.75_full"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_224_0.75_float_no_top_v2.h5",
        "ebdb5cc8e0b497cd13a7c275d475c819",
    ),
    ("MobileNetV3Small", True, "0.75_full"): (
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_224_0.75_float.h5",
        "cb65d4e5be93758266aa0a7f2c6708b7",
    ),
}
