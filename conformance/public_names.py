"""Writes the public names of every Keras namespace, as a JSON file.

The names of a namespace are `dir()` of its module less those starting with
an underscore, as upstream Keras lists them. Run against upstream Keras (the
wheel unpacked by `conformance/upstream_runner.py --control`), this makes
`conformance/upstream-<version>-public-names.json`, which
`keras/src/api_names_test.py` compares this repository with (the same
command in a venv holding upstream main writes
`conformance/upstream-main-public-names.json`):

    KERAS_BACKEND=jax \\
    PYTHONPATH=~/.cache/keras-conformance/3.15.1/site \\
    python -P conformance/public_names.py \\
        conformance/upstream-3.15.1-public-names.json

A namespace that cannot be imported is written as `null`.
"""

import importlib
import json
import sys

NAMESPACES = (
    "keras",
    *(
        "keras." + name
        for name in (
            "activations applications backend callbacks config constraints "
            "datasets distillation distribution dtype_policies export "
            "initializers layers legacy losses metrics mixed_precision models "
            "ops ops.image "
            "ops.linalg ops.nn ops.numpy optimizers optimizers.schedules "
            "preprocessing quantizers random regularizers saving tree utils "
            "visualization wrappers"
        ).split()
    ),
)


def public_names(module_name):
    """The sorted public names of `module_name`, or `None` if it does not
    import."""
    try:
        module = importlib.import_module(module_name)
    except Exception:
        return None
    return sorted(name for name in dir(module) if not name.startswith("_"))


def main(path):
    names = {namespace: public_names(namespace) for namespace in NAMESPACES}
    with open(path, "w") as f:
        json.dump(names, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
