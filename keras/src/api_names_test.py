"""Every public name of upstream Keras 3.15.1, namespace by namespace.

`conformance/upstream-3.15.1-public-names.json` lists the public names
(`dir()` less leading underscores, see `conformance/public_names.py`) of
each upstream namespace. For each one, the names upstream has and this
repository lacks must equal the namespace's committed "not yet" set below:
so removing a public name fails here, and adding one fails too until it is
taken off its "not yet" set.
"""

import importlib
import json
import os

import pytest

NAMES_FILE = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(__file__))),
    "conformance",
    "upstream-3.15.1-public-names.json",
)

# Namespaces that do not exist here yet at all.
MISSING_NAMESPACES = set()

# Upstream names each namespace does not have yet. Keep each set exact.
NOT_YET = {
    "keras": set(),
    "keras.applications": set(),
    "keras.activations": set(),
    "keras.backend": set(),
    "keras.callbacks": set(),
    "keras.config": set(),
    "keras.constraints": set(),
    "keras.datasets": set(),
    "keras.distillation": set(),
    "keras.distribution": set(),
    "keras.dtype_policies": set(),
    "keras.export": set(),
    "keras.initializers": set(),
    "keras.layers": {
        "TorchModuleWrapper",
    },
    "keras.legacy": set(),
    "keras.losses": set(),
    "keras.metrics": set(),
    "keras.mixed_precision": set(),
    "keras.models": set(),
    "keras.ops": set(),
    "keras.ops.image": set(),
    "keras.ops.linalg": set(),
    "keras.ops.nn": set(),
    "keras.ops.numpy": set(),
    "keras.optimizers": set(),
    "keras.optimizers.schedules": set(),
    "keras.preprocessing": set(),
    "keras.quantizers": set(),
    "keras.random": set(),
    "keras.regularizers": set(),
    "keras.saving": set(),
    "keras.tree": set(),
    "keras.utils": set(),
    "keras.visualization": set(),
    "keras.wrappers": set(),
}

# The training namespaces, which must have every upstream name.
COMPLETE = {
    "keras.losses": set(),
    "keras.metrics": set(),
    "keras.optimizers": set(),
    "keras.callbacks": set(),
    "keras.utils": set(),
    "keras.config": set(),
    "keras.tree": set(),
    "keras.backend": set(),
    "keras.activations": set(),
    "keras.constraints": set(),
    "keras.initializers": set(),
    "keras.mixed_precision": set(),
}


def _upstream_names():
    with open(NAMES_FILE) as f:
        return json.load(f)


UPSTREAM = _upstream_names()


def _public_names(module):
    return {name for name in dir(module) if not name.startswith("_")}


def test_every_upstream_namespace_is_accounted_for():
    assert set(UPSTREAM) == set(NOT_YET) | MISSING_NAMESPACES
    assert not set(NOT_YET) & MISSING_NAMESPACES


@pytest.mark.parametrize("namespace", sorted(NOT_YET))
def test_namespace_has_upstream_names(namespace):
    module = importlib.import_module(namespace)
    missing = set(UPSTREAM[namespace]) - _public_names(module)
    assert missing == NOT_YET[namespace], (
        f"Upstream names that `{namespace}` lacks differ from its committed "
        f"'not yet' set. Now missing but not listed (a removed name?): "
        f"{sorted(missing - NOT_YET[namespace])}. Listed but present "
        f"(take them off the list): {sorted(NOT_YET[namespace] - missing)}."
    )


@pytest.mark.parametrize("namespace", sorted(MISSING_NAMESPACES))
def test_missing_namespace_is_still_missing(namespace):
    # Once it exists, move it to `NOT_YET` with the names it still lacks.
    with pytest.raises(ImportError):
        importlib.import_module(namespace)


@pytest.mark.parametrize("namespace", sorted(COMPLETE))
def test_training_namespaces_are_complete(namespace):
    assert NOT_YET[namespace] == COMPLETE[namespace]


# Upstream's main branch (3.16 dev, `conformance/upstream-main-public-names
# .json`, written by `conformance/public_names.py` run in a venv holding the
# `shared/upstream-main` archive) adds names of its own. The op namespaces
# must already have all of them.
MAIN_NAMES_FILE = NAMES_FILE.replace("3.15.1", "main")
MAIN_COMPLETE = (
    "keras.ops",
    "keras.ops.image",
    "keras.ops.linalg",
    "keras.ops.nn",
    "keras.ops.numpy",
)


@pytest.mark.parametrize("namespace", MAIN_COMPLETE)
def test_op_namespaces_have_upstream_main_names(namespace):
    with open(MAIN_NAMES_FILE) as f:
        names = json.load(f)[namespace]
    module = importlib.import_module(namespace)
    assert set(names) - _public_names(module) == set()
