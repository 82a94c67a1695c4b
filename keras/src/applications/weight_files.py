"""Where each application's pretrained ImageNet weights come from.

`weights="imagenet"` downloads the file (once: it is kept in
`~/.keras/models/`, upstream Keras's cache, so files that upstream left
there are found) with `keras.utils.get_file`, which checks the recorded
hash when there is one. The files are legacy `.h5` weights files, loaded
in layer order by `Model.load_weights`.
"""

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
    fname, origin, file_hash = entry
    return file_utils.get_file(
        fname,
        origin,
        cache_subdir=_CACHE_SUBDIR,
        file_hash=file_hash,
    )


# (public name, include_top, variant) -> (file name in the cache, origin
# URL, hash of the file or None). Recorded from upstream Keras 3.15.1's
# downloads.
_FILES = {
    ("ConvNeXtBase", False, ""): (
        "convnext_base_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_base_notop.h5",
        "40a20c5548a5e9202f69735ecc06c990e6b7c9d2de39f0361e27baeb24cb7c45",
    ),
    ("ConvNeXtBase", True, ""): (
        "convnext_base.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_base.h5",
        "52cbb006d3dadd03f6e095a8ca1aca47aecdd75acb4bc74bce1f5c695d0086e6",
    ),
    ("ConvNeXtLarge", False, ""): (
        "convnext_large_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_large_notop.h5",
        "96f02b6f0753d4f543261bc9d09bed650f24dd6bc02ddde3066135b63d23a1cd",
    ),
    ("ConvNeXtLarge", True, ""): (
        "convnext_large.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_large.h5",
        "070c5ed9ed289581e477741d3b34beffa920db8cf590899d6d2c67fba2a198a6",
    ),
    ("ConvNeXtSmall", False, ""): (
        "convnext_small_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_small_notop.h5",
        "6fc8009faa2f00c1c1dfce59feea9b0745eb260a7dd11bee65c8e20843da6eab",
    ),
    ("ConvNeXtSmall", True, ""): (
        "convnext_small.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_small.h5",
        "ce1277d8f1ee5a0ef0e171469089c18f5233860ceaf9b168049cb9263fd7483c",
    ),
    ("ConvNeXtTiny", False, ""): (
        "convnext_tiny_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_tiny_notop.h5",
        "d547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1",
    ),
    ("ConvNeXtTiny", True, ""): (
        "convnext_tiny.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_tiny.h5",
        "8ae6e78ce2933352b1ef4008e6dd2f17bc40771563877d156bc6426c7cf503ff",
    ),
    ("ConvNeXtXLarge", False, ""): (
        "convnext_xlarge_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_xlarge_notop.h5",
        "de3f8a54174130e0cecdc71583354753d557fcf1f4487331558e2a16ba0cfe05",
    ),
    ("ConvNeXtXLarge", True, ""): (
        "convnext_xlarge.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/convnext/convnext_xlarge.h5",
        "c1f5ccab661354fc3a79a10fa99af82f0fbf10ec65cb894a3ae0815f17a889ee",
    ),
    ("DenseNet121", False, ""): (
        "densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "30ee3e1110167f948a6b9946edeeb738",
    ),
    ("DenseNet121", True, ""): (
        "densenet121_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet121_weights_tf_dim_ordering_tf_kernels.h5",
        "9d60b8095a5708f2dcce2bca79d332c7",
    ),
    ("DenseNet169", False, ""): (
        "densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "b8c4d4c20dd625c148057b9ff1c1176b",
    ),
    ("DenseNet169", True, ""): (
        "densenet169_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet169_weights_tf_dim_ordering_tf_kernels.h5",
        "d699b8f76981ab1b30698df4c175e90b",
    ),
    ("DenseNet201", False, ""): (
        "densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "c13680b51ded0fb44dff2d8f86ac8bb1",
    ),
    ("DenseNet201", True, ""): (
        "densenet201_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/densenet/densenet201_weights_tf_dim_ordering_tf_kernels.h5",
        "1ceb130c1ea1b78c3bf6114dbdfd8807",
    ),
    ("EfficientNetB0", False, ""): (
        "efficientnetb0_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb0_notop.h5",
        "50bc09e76180e00e4465e1a485ddc09d",
    ),
    ("EfficientNetB0", True, ""): (
        "efficientnetb0.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb0.h5",
        "902e53a9f72be733fc0bcb005b3ebbac",
    ),
    ("EfficientNetB1", False, ""): (
        "efficientnetb1_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb1_notop.h5",
        "74c4e6b3e1f6a1eea24c589628592432",
    ),
    ("EfficientNetB1", True, ""): (
        "efficientnetb1.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb1.h5",
        "1d254153d4ab51201f1646940f018540",
    ),
    ("EfficientNetB2", False, ""): (
        "efficientnetb2_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb2_notop.h5",
        "111f8e2ac8aa800a7a99e3239f7bfb39",
    ),
    ("EfficientNetB2", True, ""): (
        "efficientnetb2.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb2.h5",
        "b15cce36ff4dcbd00b6dd88e7857a6ad",
    ),
    ("EfficientNetB3", False, ""): (
        "efficientnetb3_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb3_notop.h5",
        "af6d107764bb5b1abb91932881670226",
    ),
    ("EfficientNetB3", True, ""): (
        "efficientnetb3.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb3.h5",
        "ffd1fdc53d0ce67064dc6a9c7960ede0",
    ),
    ("EfficientNetB4", False, ""): (
        "efficientnetb4_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb4_notop.h5",
        "ebc24e6d6c33eaebbd558eafbeedf1ba",
    ),
    ("EfficientNetB4", True, ""): (
        "efficientnetb4.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb4.h5",
        "18c95ad55216b8f92d7e70b3a046e2fc",
    ),
    ("EfficientNetB5", False, ""): (
        "efficientnetb5_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb5_notop.h5",
        "38879255a25d3c92d5e44e04ae6cec6f",
    ),
    ("EfficientNetB5", True, ""): (
        "efficientnetb5.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb5.h5",
        "ace28f2a6363774853a83a0b21b9421a",
    ),
    ("EfficientNetB6", False, ""): (
        "efficientnetb6_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb6_notop.h5",
        "9ecce42647a20130c1f39a5d4cb75743",
    ),
    ("EfficientNetB6", True, ""): (
        "efficientnetb6.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb6.h5",
        "165f6e37dce68623721b423839de8be5",
    ),
    ("EfficientNetB7", False, ""): (
        "efficientnetb7_notop.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb7_notop.h5",
        "cbcfe4450ddf6f3ad90b1b398090fe4a",
    ),
    ("EfficientNetB7", True, ""): (
        "efficientnetb7.h5",
        "https://storage.googleapis.com/keras-applications/efficientnetb7.h5",
        "8c03f828fec3ef71311cd463b6759d99",
    ),
    ("EfficientNetV2B0", False, ""): (
        "efficientnetv2-b0_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b0_notop.h5",
        "893217f2bb855e2983157299931e43ff",
    ),
    ("EfficientNetV2B0", True, ""): (
        "efficientnetv2-b0.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b0.h5",
        "21ecbf6da12460d5c40bb2f29ceb2188",
    ),
    ("EfficientNetV2B1", False, ""): (
        "efficientnetv2-b1_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b1_notop.h5",
        "0e80663031ca32d657f9caa404b6ec37",
    ),
    ("EfficientNetV2B1", True, ""): (
        "efficientnetv2-b1.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b1.h5",
        "069f0534ff22adf035c89e2d9547a9dc",
    ),
    ("EfficientNetV2B2", False, ""): (
        "efficientnetv2-b2_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b2_notop.h5",
        "1dfe2e7a5d45b6632553a8961ea609eb",
    ),
    ("EfficientNetV2B2", True, ""): (
        "efficientnetv2-b2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b2.h5",
        "424e49f28180edbde1e94797771950a7",
    ),
    ("EfficientNetV2B3", False, ""): (
        "efficientnetv2-b3_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b3_notop.h5",
        "f6abf7b5849ac99a89b50dd3fd532856",
    ),
    ("EfficientNetV2B3", True, ""): (
        "efficientnetv2-b3.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-b3.h5",
        "1f1fc43bd98a6e4fd8fdfd551e02c7a0",
    ),
    ("EfficientNetV2L", False, ""): (
        "efficientnetv2-l_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-l_notop.h5",
        "b0b66b5c863aef5b46e8608fe1711615",
    ),
    ("EfficientNetV2L", True, ""): (
        "efficientnetv2-l.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-l.h5",
        "27e6d408b53c7ebc868fefa357689935",
    ),
    ("EfficientNetV2M", False, ""): (
        "efficientnetv2-m_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-m_notop.h5",
        "1b8dc055df72dde80d614482840fe342",
    ),
    ("EfficientNetV2M", True, ""): (
        "efficientnetv2-m.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-m.h5",
        "a3bf6aa3276309f4fc6a34aa114c95cd",
    ),
    ("EfficientNetV2S", False, ""): (
        "efficientnetv2-s_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-s_notop.h5",
        "af0682fb74e8c54910f2d4393339c070",
    ),
    ("EfficientNetV2S", True, ""): (
        "efficientnetv2-s.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/efficientnetv2-s.h5",
        "e1d88a8495beba45748fedd0cecbe016",
    ),
    ("InceptionResNetV2", False, ""): (
        "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/inception_resnet_v2/inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "d19885ff4a710c122648d3b5c3b684e4",
    ),
    ("InceptionResNetV2", True, ""): (
        "inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/inception_resnet_v2/inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5",
        "e693bd0210a403b3192acc6073ad2e96",
    ),
    ("InceptionV3", False, ""): (
        "inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/inception_v3/inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "bcbd6486424b2319ff4ef7d526e38f63",
    ),
    ("InceptionV3", True, ""): (
        "inception_v3_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/inception_v3/inception_v3_weights_tf_dim_ordering_tf_kernels.h5",
        "9a0d58056eeedaa3f26cb7ebd46da564",
    ),
    ("MobileNet", False, "0.25_128"): (
        "mobilenet_2_5_128_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.25_160"): (
        "mobilenet_2_5_160_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.25_192"): (
        "mobilenet_2_5_192_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.25_224"): (
        "mobilenet_2_5_224_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_128"): (
        "mobilenet_5_0_128_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_160"): (
        "mobilenet_5_0_160_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_192"): (
        "mobilenet_5_0_192_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.5_224"): (
        "mobilenet_5_0_224_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_128"): (
        "mobilenet_7_5_128_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_160"): (
        "mobilenet_7_5_160_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_192"): (
        "mobilenet_7_5_192_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "0.75_224"): (
        "mobilenet_7_5_224_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_128"): (
        "mobilenet_1_0_128_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_128_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_160"): (
        "mobilenet_1_0_160_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_160_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_192"): (
        "mobilenet_1_0_192_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_192_tf_no_top.h5",
        None,
    ),
    ("MobileNet", False, "1.0_224"): (
        "mobilenet_1_0_224_tf_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_224_tf_no_top.h5",
        None,
    ),
    ("MobileNet", True, "0.25_128"): (
        "mobilenet_2_5_128_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.25_160"): (
        "mobilenet_2_5_160_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.25_192"): (
        "mobilenet_2_5_192_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.25_224"): (
        "mobilenet_2_5_224_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_2_5_224_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_128"): (
        "mobilenet_5_0_128_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_160"): (
        "mobilenet_5_0_160_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_192"): (
        "mobilenet_5_0_192_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.5_224"): (
        "mobilenet_5_0_224_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_5_0_224_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_128"): (
        "mobilenet_7_5_128_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_160"): (
        "mobilenet_7_5_160_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_192"): (
        "mobilenet_7_5_192_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "0.75_224"): (
        "mobilenet_7_5_224_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_7_5_224_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_128"): (
        "mobilenet_1_0_128_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_128_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_160"): (
        "mobilenet_1_0_160_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_160_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_192"): (
        "mobilenet_1_0_192_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_192_tf.h5",
        None,
    ),
    ("MobileNet", True, "1.0_224"): (
        "mobilenet_1_0_224_tf.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/mobilenet_1_0_224_tf.h5",
        None,
    ),
    ("MobileNetV2", False, "0.35_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_128_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_128_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.35_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_160_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_160_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.35_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_192_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_192_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.35_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_224_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_224_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.35_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_96_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_96_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.5_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_128_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_128_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.5_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_160_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_160_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.5_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_192_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_192_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.5_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_224_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_224_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.5_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_96_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_96_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.75_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_128_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_128_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.75_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_160_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_160_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.75_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_192_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_192_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.75_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_224_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_224_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "0.75_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_96_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_96_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.0_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_128_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_128_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.0_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.0_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_192_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_192_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.0_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_224_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_224_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.0_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_96_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_96_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.3_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_128_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_128_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.3_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_160_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_160_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.3_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_192_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_192_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.3_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_224_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_224_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.3_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_96_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_96_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.4_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_128_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_128_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.4_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_160_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_160_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.4_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_192_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_192_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.4_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_224_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_224_no_top.h5",
        None,
    ),
    ("MobileNetV2", False, "1.4_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_96_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_96_no_top.h5",
        None,
    ),
    ("MobileNetV2", True, "0.35_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_128.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_128.h5",
        None,
    ),
    ("MobileNetV2", True, "0.35_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_160.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_160.h5",
        None,
    ),
    ("MobileNetV2", True, "0.35_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_192.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_192.h5",
        None,
    ),
    ("MobileNetV2", True, "0.35_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_224.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_224.h5",
        None,
    ),
    ("MobileNetV2", True, "0.35_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_96.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.35_96.h5",
        None,
    ),
    ("MobileNetV2", True, "0.5_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_128.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_128.h5",
        None,
    ),
    ("MobileNetV2", True, "0.5_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_160.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_160.h5",
        None,
    ),
    ("MobileNetV2", True, "0.5_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_192.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_192.h5",
        None,
    ),
    ("MobileNetV2", True, "0.5_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_224.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_224.h5",
        None,
    ),
    ("MobileNetV2", True, "0.5_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_96.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.5_96.h5",
        None,
    ),
    ("MobileNetV2", True, "0.75_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_128.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_128.h5",
        None,
    ),
    ("MobileNetV2", True, "0.75_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_160.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_160.h5",
        None,
    ),
    ("MobileNetV2", True, "0.75_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_192.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_192.h5",
        None,
    ),
    ("MobileNetV2", True, "0.75_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_224.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_224.h5",
        None,
    ),
    ("MobileNetV2", True, "0.75_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_96.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_0.75_96.h5",
        None,
    ),
    ("MobileNetV2", True, "1.0_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_128.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_128.h5",
        None,
    ),
    ("MobileNetV2", True, "1.0_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160.h5",
        None,
    ),
    ("MobileNetV2", True, "1.0_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_192.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_192.h5",
        None,
    ),
    ("MobileNetV2", True, "1.0_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_224.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_224.h5",
        None,
    ),
    ("MobileNetV2", True, "1.0_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_96.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_96.h5",
        None,
    ),
    ("MobileNetV2", True, "1.3_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_128.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_128.h5",
        None,
    ),
    ("MobileNetV2", True, "1.3_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_160.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_160.h5",
        None,
    ),
    ("MobileNetV2", True, "1.3_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_192.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_192.h5",
        None,
    ),
    ("MobileNetV2", True, "1.3_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_224.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_224.h5",
        None,
    ),
    ("MobileNetV2", True, "1.3_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_96.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.3_96.h5",
        None,
    ),
    ("MobileNetV2", True, "1.4_128"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_128.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_128.h5",
        None,
    ),
    ("MobileNetV2", True, "1.4_160"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_160.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_160.h5",
        None,
    ),
    ("MobileNetV2", True, "1.4_192"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_192.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_192.h5",
        None,
    ),
    ("MobileNetV2", True, "1.4_224"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_224.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_224.h5",
        None,
    ),
    ("MobileNetV2", True, "1.4_96"): (
        "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_96.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.4_96.h5",
        None,
    ),
    ("MobileNetV3Large", False, "0.75_full"): (
        "weights_mobilenet_v3_large_224_0.75_float_no_top_v2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_large_224_0.75_float_no_top_v2.h5",
        "40af19a13ebea4e2ee0c676887f69a2e",
    ),
    ("MobileNetV3Large", False, "1.0_full"): (
        "weights_mobilenet_v3_large_224_1.0_float_no_top_v2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_large_224_1.0_float_no_top_v2.h5",
        "07fb09a5933dd0c8eaafa16978110389",
    ),
    ("MobileNetV3Large", False, "1.0_minimalistic"): (
        "weights_mobilenet_v3_large_minimalistic_224_1.0_float_no_top_v2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_large_minimalistic_224_1.0_float_no_top_v2.h5",
        "ec5221f64a2f6d1ef965a614bdae7973",
    ),
    ("MobileNetV3Large", True, "0.75_full"): (
        "weights_mobilenet_v3_large_224_0.75_float.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_large_224_0.75_float.h5",
        "765b44a33ad4005b3ac83185abf1d0eb",
    ),
    ("MobileNetV3Large", True, "1.0_full"): (
        "weights_mobilenet_v3_large_224_1.0_float.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_large_224_1.0_float.h5",
        "59e551e166be033d707958cf9e29a6a7",
    ),
    ("MobileNetV3Large", True, "1.0_minimalistic"): (
        "weights_mobilenet_v3_large_minimalistic_224_1.0_float.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_large_minimalistic_224_1.0_float.h5",
        "675e7b876c45c57e9e63e6d90a36599c",
    ),
    ("MobileNetV3Small", False, "0.75_full"): (
        "weights_mobilenet_v3_small_224_0.75_float_no_top_v2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_224_0.75_float_no_top_v2.h5",
        "ebdb5cc8e0b497cd13a7c275d475c819",
    ),
    ("MobileNetV3Small", False, "1.0_full"): (
        "weights_mobilenet_v3_small_224_1.0_float_no_top_v2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_224_1.0_float_no_top_v2.h5",
        "d3e8ec802a04aa4fc771ee12a9a9b836",
    ),
    ("MobileNetV3Small", False, "1.0_minimalistic"): (
        "weights_mobilenet_v3_small_minimalistic_224_1.0_float_no_top_v2.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_minimalistic_224_1.0_float_no_top_v2.h5",
        "cde8136e733e811080d9fcd8a252f7e4",
    ),
    ("MobileNetV3Small", True, "0.75_full"): (
        "weights_mobilenet_v3_small_224_0.75_float.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_224_0.75_float.h5",
        "cb65d4e5be93758266aa0a7f2c6708b7",
    ),
    ("MobileNetV3Small", True, "1.0_full"): (
        "weights_mobilenet_v3_small_224_1.0_float.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_224_1.0_float.h5",
        "8768d4c2e7dee89b9d02b2d03d65d862",
    ),
    ("MobileNetV3Small", True, "1.0_minimalistic"): (
        "weights_mobilenet_v3_small_minimalistic_224_1.0_float.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/weights_mobilenet_v3_small_minimalistic_224_1.0_float.h5",
        "99cd97fb2fcdad2bf028eb838de69e37",
    ),
    ("NASNetLarge", False, ""): (
        "nasnet_large_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/nasnet/NASNet-large-no-top.h5",
        "d81d89dc07e6e56530c4e77faddd61b5",
    ),
    ("NASNetLarge", True, ""): (
        "nasnet_large.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/nasnet/NASNet-large.h5",
        "11577c9a518f0070763c2b964a382f17",
    ),
    ("NASNetMobile", False, ""): (
        "nasnet_mobile_no_top.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/nasnet/NASNet-mobile-no-top.h5",
        "1ed92395b5b598bdda52abe5c0dbfd63",
    ),
    ("NASNetMobile", True, ""): (
        "nasnet_mobile.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/nasnet/NASNet-mobile.h5",
        "020fb642bf7360b370c678b08e0adf61",
    ),
    ("ResNet101", False, ""): (
        "resnet101_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet101_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "88cf7a10940856eca736dc7b7e228a21",
    ),
    ("ResNet101", True, ""): (
        "resnet101_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet101_weights_tf_dim_ordering_tf_kernels.h5",
        "f1aeb4b969a6efcfb50fad2f0c20cfc5",
    ),
    ("ResNet101V2", False, ""): (
        "resnet101v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet101v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "c0ed64b8031c3730f411d2eb4eea35b5",
    ),
    ("ResNet101V2", True, ""): (
        "resnet101v2_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet101v2_weights_tf_dim_ordering_tf_kernels.h5",
        "6343647c601c52e1368623803854d971",
    ),
    ("ResNet152", False, ""): (
        "resnet152_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet152_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "ee4c566cf9a93f14d82f913c2dc6dd0c",
    ),
    ("ResNet152", True, ""): (
        "resnet152_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet152_weights_tf_dim_ordering_tf_kernels.h5",
        "100835be76be38e30d865e96f2aaae62",
    ),
    ("ResNet152V2", False, ""): (
        "resnet152v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet152v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "ed17cf2e0169df9d443503ef94b23b33",
    ),
    ("ResNet152V2", True, ""): (
        "resnet152v2_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet152v2_weights_tf_dim_ordering_tf_kernels.h5",
        "a49b44d1979771252814e80f8ec446f9",
    ),
    ("ResNet50", False, ""): (
        "resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "4d473c1dd8becc155b73f8504c6f6626",
    ),
    ("ResNet50", True, ""): (
        "resnet50_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet50_weights_tf_dim_ordering_tf_kernels.h5",
        "2cb95161c43110f7111970584f804107",
    ),
    ("ResNet50V2", False, ""): (
        "resnet50v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet50v2_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "fac2f116257151a9d068a22e544a4917",
    ),
    ("ResNet50V2", True, ""): (
        "resnet50v2_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/resnet/resnet50v2_weights_tf_dim_ordering_tf_kernels.h5",
        "3ef43a0b657b3be2300d5770ece849e0",
    ),
    ("VGG16", False, ""): (
        "vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/vgg16/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "6d6bbae143d832006294945121d1f1fc",
    ),
    ("VGG16", True, ""): (
        "vgg16_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/vgg16/vgg16_weights_tf_dim_ordering_tf_kernels.h5",
        "64373286793e3c8b2b4e3219cbf3544b",
    ),
    ("VGG19", False, ""): (
        "vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/vgg19/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "253f8cb515780f3b799900260a226db6",
    ),
    ("VGG19", True, ""): (
        "vgg19_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/vgg19/vgg19_weights_tf_dim_ordering_tf_kernels.h5",
        "cbe5617147190e668d6c5d5026f83318",
    ),
    ("Xception", False, ""): (
        "xception_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/xception/xception_weights_tf_dim_ordering_tf_kernels_notop.h5",
        "b0042744bf5b25fce3cb969f33bebb97",
    ),
    ("Xception", True, ""): (
        "xception_weights_tf_dim_ordering_tf_kernels.h5",
        "https://storage.googleapis.com/tensorflow/keras-applications/xception/xception_weights_tf_dim_ordering_tf_kernels.h5",
        "0a58e3b7378bc2990ea3b43d5981f1f6",
    ),
}
