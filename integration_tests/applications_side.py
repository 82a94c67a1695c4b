"""A save/load driver for `keras.applications` models, shared by this Keras
and upstream Keras (it imports `keras` and runs under either package); used
by `upstream_applications_test.py`:

    python applications_side.py save DIR NAME...   for each application
        NAME of `APPLICATIONS`: builds it (`weights=None`, the smallest
        image size it accepts, a 10-class head without activation), gives
        every variable a distinct seeded value, and writes
        `NAME.weights.h5`, `NAME.outputs.npy` (the outputs on fixed
        images, preprocessed by the module's `preprocess_input`) and
        `NAME.structure.json` (see `structure`).
    python applications_side.py load SRC DST NAME...   builds each
        application the same way, loads `SRC/NAME.weights.h5`, and writes
        the outputs on the same images and the structure to
        `DST/NAME.outputs.npy` and `DST/NAME.structure.json`.
"""

import inspect
import json
import os
import sys

import numpy as np

os.environ.setdefault("KERAS_BACKEND", "jax")

import keras  # noqa: E402

# name: (module of keras.applications, image size, extra arguments).
APPLICATIONS = {
    "ConvNeXtTiny": ("convnext", 32, {}),
    "ConvNeXtSmall": ("convnext", 32, {}),
    "ConvNeXtBase": ("convnext", 32, {}),
    "ConvNeXtLarge": ("convnext", 32, {}),
    "ConvNeXtXLarge": ("convnext", 32, {}),
    "DenseNet121": ("densenet", 32, {}),
    "DenseNet169": ("densenet", 32, {}),
    "DenseNet201": ("densenet", 32, {}),
    "EfficientNetB0": ("efficientnet", 32, {}),
    "EfficientNetB1": ("efficientnet", 32, {}),
    "EfficientNetB2": ("efficientnet", 32, {}),
    "EfficientNetB3": ("efficientnet", 32, {}),
    "EfficientNetB4": ("efficientnet", 32, {}),
    "EfficientNetB5": ("efficientnet", 32, {}),
    "EfficientNetB6": ("efficientnet", 32, {}),
    "EfficientNetB7": ("efficientnet", 32, {}),
    "EfficientNetV2B0": ("efficientnet_v2", 32, {}),
    "EfficientNetV2B1": ("efficientnet_v2", 32, {}),
    "EfficientNetV2B2": ("efficientnet_v2", 32, {}),
    "EfficientNetV2B3": ("efficientnet_v2", 32, {}),
    "EfficientNetV2S": ("efficientnet_v2", 32, {}),
    "EfficientNetV2M": ("efficientnet_v2", 32, {}),
    "EfficientNetV2L": ("efficientnet_v2", 32, {}),
    "InceptionResNetV2": ("inception_resnet_v2", 75, {}),
    "InceptionV3": ("inception_v3", 75, {}),
    "MobileNet": ("mobilenet", 32, {"alpha": 0.75}),
    "MobileNetV2": ("mobilenet_v2", 33, {"alpha": 1.3}),
    "MobileNetV3Small": ("mobilenet_v3", 32, {}),
    "MobileNetV3Large": ("mobilenet_v3", 32, {"minimalistic": True}),
    "NASNetMobile": ("nasnet", 32, {}),
    "NASNetLarge": ("nasnet", 32, {}),
    "ResNet50": ("resnet", 32, {}),
    "ResNet101": ("resnet", 32, {}),
    "ResNet152": ("resnet", 32, {}),
    "ResNet50V2": ("resnet_v2", 32, {}),
    "ResNet101V2": ("resnet_v2", 32, {}),
    "ResNet152V2": ("resnet_v2", 32, {}),
    "VGG16": ("vgg16", 32, {}),
    "VGG19": ("vgg19", 32, {}),
    "Xception": ("xception", 71, {}),
}
BATCH = 2


def build(name):
    module_name, size, extra = APPLICATIONS[name]
    application = getattr(keras.applications, name)
    model = application(
        weights=None,
        input_shape=(size, size, 3),
        classes=10,
        classifier_activation=None,
        **extra,
    )
    return model, getattr(keras.applications, module_name), size


def images(size):
    rng = np.random.default_rng(0)
    return rng.uniform(0, 255, (BATCH, size, size, 3)).astype("float32")


def set_distinct_weights(model):
    """Gives each variable seeded values near its usual scale: scales and
    variances in [0.8, 1.2], other vectors (biases, offsets, means) in
    [-0.1, 0.1], kernels their seeded initial values times [0.8, 1.2]."""
    rng = np.random.default_rng(1)
    for variable in model.weights:
        shape = tuple(variable.shape)
        leaf = variable.path.rsplit("/", 1)[-1]
        if leaf == "count":
            continue
        if leaf in ("gamma", "variance", "moving_variance"):
            value = rng.uniform(0.8, 1.2, shape)
        elif len(shape) <= 1:
            value = rng.uniform(-0.1, 0.1, shape)
        else:
            value = keras.ops.convert_to_numpy(variable.value)
            value = value * rng.uniform(0.8, 1.2, shape)
        variable.assign(value.astype(variable.dtype))


def _inbound(layer_config):
    """The `[layer, node, tensor]` histories a layer is called on."""
    found = []

    def walk(item):
        if isinstance(item, dict):
            if item.get("class_name") == "__keras_tensor__":
                found.append(list(item["config"]["keras_history"]))
            else:
                for value in item.values():
                    walk(value)
        elif isinstance(item, (list, tuple)):
            for value in item:
                walk(value)

    walk(layer_config.get("inbound_nodes", []))
    return found


def structure(model, application):
    """What must equal upstream's: names, classes and connections of the
    layers, weight paths and shapes in order, parameter count, the
    function's signature."""
    config = model.get_config()
    return {
        "name": model.name,
        "signature": str(inspect.signature(application)),
        "layers": [
            [
                layer["name"],
                layer["module"],
                layer["class_name"],
                _inbound(layer),
            ]
            for layer in config["layers"]
        ],
        "inputs": config["input_layers"],
        "outputs": config["output_layers"],
        "weights": [[w.path, list(w.shape)] for w in model.weights],
        "params": model.count_params(),
    }


def _write(directory, name, model, module, size):
    x = module.preprocess_input(images(size))
    outputs = keras.ops.convert_to_numpy(model(x, training=False))
    np.save(os.path.join(directory, f"{name}.outputs.npy"), outputs)
    application = getattr(keras.applications, name)
    with open(os.path.join(directory, f"{name}.structure.json"), "w") as f:
        json.dump(structure(model, application), f)


def main(argv):
    mode = argv[1]
    if mode == "save":
        directory, names = argv[2], argv[3:]
        for name in names:
            keras.utils.set_random_seed(0)
            model, module, size = build(name)
            set_distinct_weights(model)
            model.save_weights(os.path.join(directory, f"{name}.weights.h5"))
            _write(directory, name, model, module, size)
            keras.backend.clear_session()
    elif mode == "load":
        source, directory, names = argv[2], argv[3], argv[4:]
        for name in names:
            model, module, size = build(name)
            model.load_weights(os.path.join(source, f"{name}.weights.h5"))
            _write(directory, name, model, module, size)
            keras.backend.clear_session()
    else:
        raise SystemExit(f"Unknown mode {mode!r}: expected save or load.")


if __name__ == "__main__":
    main(sys.argv)
