"""Scikit-learn estimators that train a Keras model.

scikit-learn is imported when the first wrapper is instantiated, not by
`import keras` (see `keras.src.wrappers.utils`).
"""

import copy

from keras.src.api_export import keras_export
from keras.src.layers import arg_docs
from keras.src.models.cloning import clone_model
from keras.src.models.model import Model
from keras.src.wrappers.utils import SklearnStandIn
from keras.src.wrappers.utils import TargetReshaper
from keras.src.wrappers.utils import _check_model
from keras.src.wrappers.utils import sklearn_bases

# The constructor arguments of every wrapper, written into their
# docstrings by `arg_docs.with_shared_args`.
_WRAPPER_ARGS = {
    "model": (
        "A compiled `keras.Model` (cloned with fresh weights on each "
        "`fit`), or a callable `model(X, y, **model_kwargs)` returning a "
        "compiled model; it is called on each `fit` with the validated "
        "inputs and the 2D targets the model is trained on."
    ),
    "warm_start": (
        "Whether a second `fit` keeps training the model of the previous "
        "one instead of building a new one."
    ),
    "model_kwargs": "Keyword arguments for the `model` callable.",
    "fit_kwargs": (
        "Keyword arguments for `Model.fit` (e.g. `epochs`); those given to "
        "`fit` itself take precedence."
    ),
}


@sklearn_bases("sklearn.base.BaseEstimator")
class SKLBase(SklearnStandIn):
    """What the three wrappers share: building, fitting and calling the
    model. Not public; use the classes below."""

    def __init__(
        self, model, warm_start=False, model_kwargs=None, fit_kwargs=None
    ):
        self.model = model
        self.warm_start = warm_start
        self.model_kwargs = model_kwargs
        self.fit_kwargs = fit_kwargs

    def _more_tags(self):
        return {"non_deterministic": True}

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = True
        return tags

    def __sklearn_clone__(self):
        # The default clone deep-copies every parameter; a Keras model is
        # kept as is (`fit` clones a `Model` itself).
        params = self.get_params(deep=False)
        model = params.pop("model")
        return type(self)(model=model, **copy.deepcopy(params))

    @property
    def epoch_(self):
        """Epochs run by the last `fit` (0 before it)."""
        history = getattr(self, "history_", None)
        return len(history.epoch) if history is not None else 0

    def set_fit_request(self, **kwargs):
        """Routes metadata (e.g. `sample_weight=True`) to `fit` through
        scikit-learn's metadata routing, which must be enabled
        (`sklearn.set_config(enable_metadata_routing=True)`).

        Args:
            **kwargs: `{name: True | False | None | alias}` for each
                argument of `fit` that a meta-estimator should pass.

        Returns:
            The estimator.
        """
        import sklearn

        if not sklearn.get_config()["enable_metadata_routing"]:
            raise RuntimeError(
                "`set_fit_request` needs scikit-learn's metadata routing. "
                "Enable it with "
                "`sklearn.set_config(enable_metadata_routing=True)`."
            )
        requests = self._get_metadata_request()
        for param, alias in kwargs.items():
            requests.fit.add_request(param=param, alias=alias)
        self._metadata_request = requests
        return self

    def _get_model(self, X, y):
        """The model to train: the previous one under `warm_start`, a fresh
        clone of `model` if it is a `Model` (compiled the same way), else
        what `model(X, y, **model_kwargs)` returns."""
        if self.warm_start and hasattr(self, "model_"):
            return self.model_
        if isinstance(self.model, Model):
            _check_model(self.model)
            model = clone_model(self.model)
            model.compile_from_config(self.model.get_compile_config())
        elif callable(self.model):
            model = self.model(X, y, **(self.model_kwargs or {}))
        else:
            raise TypeError(
                "`model` must be a compiled `keras.Model` or a callable "
                "`model(X, y, **model_kwargs)` returning one. Received: "
                f"model={self.model!r} of type {type(self.model)}"
            )
        _check_model(model)
        return model

    def fit(self, X, y, **kwargs):
        """Trains a model on `X` and targets `y`.

        Args:
            X: Array-like of shape `(n_samples, n_features)`.
            y: Array-like of shape `(n_samples,)` (or `(n_samples, 1)`).
            **kwargs: Arguments of `Model.fit`, over `fit_kwargs`.

        Returns:
            The estimator.
        """
        from sklearn.utils.multiclass import type_of_target
        from sklearn.utils.validation import validate_data

        X, y = validate_data(self, X, y)
        # Targets of no known kind (e.g. objects) are refused here.
        type_of_target(y, input_name="y", raise_unknown=True)
        y = self._process_target(y, reset=True)
        model = self._get_model(X, y)
        self.history_ = model.fit(X, y, **{**(self.fit_kwargs or {}), **kwargs})
        self.model_ = model
        return self

    def predict(self, X):
        """The model's predictions on `X`, as targets like `fit`'s `y`.

        Args:
            X: Array-like of shape `(n_samples, n_features)`.

        Returns:
            A NumPy array of shape `(n_samples,)` (or of the fitted
            targets' shape).
        """
        raw = self._predict_raw(X)
        return self._reverse_process_target(raw)

    def _predict_raw(self, X):
        from sklearn.utils.validation import check_is_fitted
        from sklearn.utils.validation import validate_data

        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        return self.model_.predict(X)

    def _process_target(self, y, reset=False):
        """The targets as the model is trained on them (2D)."""
        if reset:
            self._target_encoder = TargetReshaper().fit(y)
        return self._target_encoder.transform(y)

    def _reverse_process_target(self, y):
        """Model outputs back in the form of the fitted targets."""
        return self._target_encoder.inverse_transform(y)


@keras_export("keras.wrappers.SKLearnClassifier")
@sklearn_bases("sklearn.base.ClassifierMixin")
@arg_docs.with_shared_args(_WRAPPER_ARGS)
class SKLearnClassifier(SKLBase):
    """A scikit-learn classifier that trains a Keras model.

    Labels (binary or multiclass, of any type) are one-hot encoded before
    training, so the model should end with one unit per class (e.g. a
    softmax). `predict` returns the class of highest score, from
    `classes_`; `decision_function` returns the model's raw outputs.

    Args:

    Attributes:
        model_: The trained model.
        history_: The `History` returned by `Model.fit`.
        n_features_in_: Number of features seen by `fit`.
        classes_: The class labels, in the order of the model's
            outputs.

    Example:

    ```python
    def make_model(X, y):
        model = keras.Sequential([
            keras.Input((X.shape[1],)),
            keras.layers.Dense(y.shape[1], activation="softmax"),
        ])
        model.compile(loss="categorical_crossentropy", optimizer="adam")
        return model

    clf = keras.wrappers.SKLearnClassifier(
        model=make_model, fit_kwargs={"epochs": 5}
    )
    clf.fit(features, labels)
    predicted = clf.predict(features)
    ```
    """

    def _more_tags(self):
        return {"poor_score": True}

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.poor_score = True
        return tags

    def _process_target(self, y, reset=False):
        """One-hot targets; with `reset`, learns the classes first."""
        if reset:
            from sklearn.pipeline import make_pipeline
            from sklearn.preprocessing import OneHotEncoder
            from sklearn.utils.multiclass import type_of_target

            kind = type_of_target(y, input_name="y")
            if kind not in ("binary", "multiclass"):
                raise ValueError(
                    "SKLearnClassifier takes binary or multiclass labels. "
                    f"Received labels of type {kind!r}; use "
                    "SKLearnRegressor for continuous targets."
                )
            self._target_encoder = make_pipeline(
                TargetReshaper(), OneHotEncoder(sparse_output=False)
            ).fit(y)
            self.classes_ = self._target_encoder[-1].categories_[0]
            if len(self.classes_) < 2:
                raise ValueError(
                    "SKLearnClassifier needs at least two classes in `y`. "
                    f"Received only one class: {self.classes_[0]}"
                )
        return self._target_encoder.transform(y)

    def decision_function(self, X):
        """The model's outputs on `X` (one column per class of
        `classes_`), as returned by `Model.predict`.

        Args:
            X: Array-like of shape `(n_samples, n_features)`.

        Returns:
            A NumPy array of shape `(n_samples, n_classes)`.
        """
        return self._predict_raw(X)


@keras_export("keras.wrappers.SKLearnRegressor")
@sklearn_bases("sklearn.base.RegressorMixin")
@arg_docs.with_shared_args(_WRAPPER_ARGS)
class SKLearnRegressor(SKLBase):
    """A scikit-learn regressor that trains a Keras model.

    1D targets are given to the model as a column (`(n, 1)`), and
    `predict` returns 1D predictions again.

    Args:

    Attributes:
        model_: The trained model.
        history_: The `History` returned by `Model.fit`.
        n_features_in_: Number of features seen by `fit`.
    Example:

    ```python
    def make_model(X, y):
        model = keras.Sequential(
            [keras.Input((X.shape[1],)), keras.layers.Dense(1)]
        )
        model.compile(loss="mse", optimizer="adam")
        return model

    reg = keras.wrappers.SKLearnRegressor(
        model=make_model, fit_kwargs={"epochs": 5}
    )
    reg.fit(features, targets)
    predicted = reg.predict(features)
    ```
    """

    def _more_tags(self):
        return {"poor_score": True}

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.regressor_tags.poor_score = True
        return tags


@keras_export("keras.wrappers.SKLearnTransformer")
@sklearn_bases("sklearn.base.TransformerMixin")
@arg_docs.with_shared_args(_WRAPPER_ARGS)
class SKLearnTransformer(SKLBase):
    """A scikit-learn transformer whose `transform` is a trained Keras
    model's output.

    `fit` trains the model on `X` and `y` as `SKLearnRegressor` does;
    `transform(X)` returns `model_.predict(X)` (e.g. an embedding, when
    the model's output is a hidden representation), whose dtype is the
    model's.

    Args:

    Attributes:
        model_: The trained model, whose outputs `transform` returns.
        history_: The `History` returned by `Model.fit`.
        n_features_in_: Number of features seen by `fit`.

    Example:

    ```python
    # A model instance is cloned (with fresh weights) at each `fit`.
    encoder = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    encoder.compile(loss="mse", optimizer="adam")
    reduce = keras.wrappers.SKLearnTransformer(model=encoder)
    reduced = reduce.fit(features, targets).transform(features)
    ```
    """

    def _more_tags(self):
        return {"preserves_dtype": []}

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.transformer_tags.preserves_dtype = []
        return tags

    def transform(self, X):
        """The trained model's outputs on `X`.

        Args:
            X: Array-like of shape `(n_samples, n_features)`.

        Returns:
            A NumPy array of shape `(n_samples, n_outputs)`.
        """
        return self._predict_raw(X)
