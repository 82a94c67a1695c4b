"""Helpers of the scikit-learn wrappers, and their deferred base classes.

`import keras` must not import scikit-learn, yet the wrappers are
scikit-learn estimators (`isinstance(w, sklearn.base.BaseEstimator)`,
their tags, `repr`, metadata routing and `set_output` all come from
scikit-learn's base classes). So each wrapper class is defined on a
stand-in base and registered with `sklearn_bases`; the first time one of
them is instantiated, `use_sklearn_bases` imports scikit-learn and gives
every registered class its scikit-learn bases, in the order they are
declared, with the class hooks (`__init_subclass__`) that scikit-learn's
bases run on their subclasses.
"""

import importlib

import numpy as np

# Oldest scikit-learn whose estimator API (`validate_data`, `Tags`) the
# wrappers use.
MIN_SKLEARN_VERSION = (1, 6)

# `(class, "module.Name" of its scikit-learn bases)`, in definition order,
# until the bases are given.
_PENDING = []


class SklearnStandIn:
    """Base of the wrapper classes: instantiating one of them gives them
    all their scikit-learn bases first."""

    def __new__(cls, *args, **kwargs):
        use_sklearn_bases()
        return super().__new__(cls)


def sklearn_bases(*names):
    """Class decorator: `names` ("module.Name") become the first bases of
    the class once scikit-learn is imported (see `use_sklearn_bases`)."""

    def register(cls):
        _PENDING.append((cls, names))
        return cls

    return register


def assert_sklearn_installed(symbol_name):
    """Raises an `ImportError` naming `symbol_name` if scikit-learn (at
    least `MIN_SKLEARN_VERSION`) cannot be imported."""
    try:
        import sklearn
    except ImportError as e:
        raise ImportError(
            f"`{symbol_name}` needs scikit-learn. Install it with "
            "`pip install scikit-learn`."
        ) from e
    version = tuple(int(p) for p in sklearn.__version__.split(".")[:2])
    if version < MIN_SKLEARN_VERSION:
        wanted = ".".join(map(str, MIN_SKLEARN_VERSION))
        raise ImportError(
            f"`{symbol_name}` needs scikit-learn >= {wanted}. Received: "
            f"sklearn.__version__={sklearn.__version__}. Upgrade it with "
            "`pip install -U scikit-learn`."
        )


def use_sklearn_bases():
    """Gives every registered class its scikit-learn bases (once)."""
    if not _PENDING:
        return
    assert_sklearn_installed(_PENDING[0][0].__name__)
    rebased = []
    for cls, names in _PENDING:
        # The stand-in stays, last in the method resolution order.
        cls.__bases__ = tuple(_resolve(n) for n in names) + cls.__bases__
        rebased.append(cls)
    _PENDING.clear()
    done = set()
    for cls in rebased:
        _run_class_hooks(cls, done)


def _resolve(name):
    module, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def _run_class_hooks(cls, done):
    """Runs the `__init_subclass__` hooks of `cls`'s bases on `cls` and on
    its subclasses (parents first), as class creation would have."""
    if cls in done:
        return
    done.add(cls)
    super(cls, cls).__init_subclass__()
    for sub in cls.__subclasses__():
        _run_class_hooks(sub, done)


def _check_model(model):
    """Raises a `RuntimeError` unless `model` is compiled with a loss and
    an optimizer."""
    if (
        not model.compiled
        or model.loss is None
        or getattr(model, "optimizer", None) is None
    ):
        raise RuntimeError(
            "The model given to a scikit-learn wrapper must be compiled with "
            "a loss and an optimizer: call `model.compile(loss=...,"
            f" optimizer=...)` first. Received: model={model}"
        )


@sklearn_bases("sklearn.base.TransformerMixin", "sklearn.base.BaseEstimator")
class TargetReshaper(SklearnStandIn):
    """Makes 1D targets 2D (`(n,)` to `(n, 1)`) for a Keras model, and
    the model's `(n, 1)` outputs 1D again if the targets were.

    `fit` records the number of dimensions of the targets (`ndim_`);
    `transform` adds a trailing axis to 1D targets; `inverse_transform`
    removes it again when the fitted targets were 1D.
    """

    def fit(self, y):
        self.ndim_ = np.ndim(y)
        return self

    def transform(self, y):
        return np.reshape(y, (-1, 1)) if np.ndim(y) == 1 else y

    def inverse_transform(self, y):
        from sklearn.utils.validation import check_is_fitted

        check_is_fitted(self)
        return np.squeeze(y, axis=1) if self.ndim_ == 1 else y
