import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

sklearn = pytest.importorskip("sklearn")

from keras.src import layers  # noqa: E402
from keras.src import models  # noqa: E402
from keras.src import testing  # noqa: E402
from keras.src.wrappers import SKLearnClassifier  # noqa: E402
from keras.src.wrappers import SKLearnRegressor  # noqa: E402
from keras.src.wrappers import SKLearnTransformer  # noqa: E402

ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
)


def _run_python(code):
    env = dict(os.environ, PYTHONPATH=ROOT, KERAS_BACKEND="jax")
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def make_model(X, y, loss="mse", activation=None, optimizer="sgd"):
    inputs = layers.Input((X.shape[1],))
    outputs = layers.Dense(y.shape[1], activation=activation)(inputs)
    model = models.Model(inputs, outputs)
    model.compile(loss=loss, optimizer=optimizer)
    return model


def _data(n=12, features=3):
    rng = np.random.RandomState(0)
    return rng.rand(n, features).astype("float32")


QUIET = {"verbose": 0, "epochs": 1}


class SKLearnWrapperTest(testing.TestCase):
    def test_import_keras_does_not_import_sklearn(self):
        result = _run_python(
            "import sys, keras\n"
            "keras.wrappers.SKLearnClassifier\n"
            "print(sorted(m for m in sys.modules if m.startswith('sklearn')))"
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "[]")

    def test_missing_sklearn_is_a_clear_error(self):
        result = _run_python(
            "import sys\n"
            "sys.modules['sklearn'] = None  # as if not installed\n"
            "import keras\n"
            "try:\n"
            "    keras.wrappers.SKLearnRegressor(model=None)\n"
            "except ImportError as e:\n"
            "    print(e)\n"
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("pip install scikit-learn", result.stdout)

    def test_classes_defined_before_sklearn_get_its_bases(self):
        # A user subclass made before any wrapper exists is rebased too.
        result = _run_python(
            "import keras, sys\n"
            "class MyRegressor(keras.wrappers.SKLearnRegressor):\n"
            "    pass\n"
            "assert 'sklearn' not in sys.modules\n"
            "r = MyRegressor(model=None)\n"
            "import sklearn.base as b\n"
            "assert isinstance(r, b.RegressorMixin), type(r).__mro__\n"
            "assert b.is_regressor(r)\n"
            "assert hasattr(r, 'set_score_request')\n"
            "print(repr(r))"
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "MyRegressor(model=None)")

    def test_estimator_types_and_bases(self):
        from sklearn import base

        classifier = SKLearnClassifier(model=make_model)
        regressor = SKLearnRegressor(model=make_model)
        transformer = SKLearnTransformer(model=make_model)
        self.assertTrue(base.is_classifier(classifier))
        self.assertTrue(base.is_regressor(regressor))
        self.assertIsInstance(transformer, base.TransformerMixin)
        # Upstream's order of bases.
        self.assertEqual(
            [c.__name__ for c in SKLearnClassifier.__mro__[:4]],
            [
                "SKLearnClassifier",
                "ClassifierMixin",
                "SKLBase",
                "BaseEstimator",
            ],
        )
        self.assertEqual(
            classifier.get_params(),
            {
                "model": make_model,
                "warm_start": False,
                "model_kwargs": None,
                "fit_kwargs": None,
            },
        )
        tags = classifier.__sklearn_tags__()
        self.assertTrue(tags.non_deterministic)
        self.assertTrue(tags.classifier_tags.poor_score)
        self.assertEqual(
            transformer.__sklearn_tags__().transformer_tags.preserves_dtype,
            [],
        )

    def test_classifier_labels(self):
        X = _data()
        y = np.array(["cat", "dog", "eel"] * 4)
        seen = {}

        def model_fn(X, y, **kwargs):
            seen["y"], seen["kwargs"] = y, kwargs
            return make_model(
                X, y, loss="categorical_crossentropy", activation="softmax"
            )

        clf = SKLearnClassifier(
            model=model_fn, model_kwargs={}, fit_kwargs=QUIET
        )
        clf.fit(X, y)
        # The model is trained on one-hot targets.
        self.assertAllClose(seen["y"][:3], np.eye(3))
        self.assertEqual(list(clf.classes_), ["cat", "dog", "eel"])
        self.assertEqual(clf.n_features_in_, 3)
        scores = clf.decision_function(X)
        self.assertEqual(scores.shape, (12, 3))
        predicted = clf.predict(X)
        self.assertEqual(
            list(predicted), list(clf.classes_[scores.argmax(axis=1)])
        )
        self.assertAllClose(clf.score(X, y), np.mean(predicted == y))
        with self.assertRaisesRegex(ValueError, "one class"):
            clf.fit(X, np.zeros(12))
        with self.assertRaisesRegex(ValueError, "continuous"):
            clf.fit(X, np.linspace(0, 1, 12))

    def test_regressor_and_transformer_shapes(self):
        X = _data()
        y = np.arange(12.0)
        regressor = SKLearnRegressor(model=make_model, fit_kwargs=QUIET)
        self.assertEqual(regressor.fit(X, y).predict(X).shape, (12,))
        self.assertEqual(regressor.epoch_, 1)
        transformer = SKLearnTransformer(model=make_model, fit_kwargs=QUIET)
        self.assertEqual(transformer.fit_transform(X, y).shape, (12, 1))
        with self.assertRaisesRegex(ValueError, "3 features"):
            transformer.transform(X[:, :2])
        with self.assertRaisesRegex(ValueError, "Unknown label type"):
            regressor.fit(X, y.astype(object))

    def test_fit_kwargs_are_merged(self):
        regressor = SKLearnRegressor(model=make_model, fit_kwargs=QUIET)
        regressor.fit(_data(), np.arange(12.0), epochs=3)
        self.assertEqual(regressor.history_.epoch, [0, 1, 2])

    def test_model_instance_is_cloned(self):
        X = _data()
        model = make_model(X, np.zeros((1, 1)), optimizer="adam")
        kernel = np.array(model.layers[-1].kernel)
        regressor = SKLearnRegressor(model=model, fit_kwargs=QUIET)
        regressor.fit(X, np.arange(12.0))
        self.assertIsNot(regressor.model_, model)
        self.assertEqual(type(regressor.model_.optimizer).__name__, "Adam")
        self.assertAllClose(model.layers[-1].kernel, kernel)
        # Cloning the estimator keeps the model object itself.
        clone = sklearn.base.clone(regressor)
        self.assertIs(clone.model, model)
        self.assertFalse(hasattr(clone, "model_"))

    def test_warm_start_keeps_training_the_same_model(self):
        X, y = _data(), np.arange(12.0)
        calls = []

        def model_fn(X, y):
            calls.append(1)
            return make_model(X, y)

        regressor = SKLearnRegressor(
            model=model_fn, warm_start=True, fit_kwargs=QUIET
        )
        regressor.fit(X, y)
        first = regressor.model_
        regressor.fit(X, y)
        self.assertIs(regressor.model_, first)
        self.assertEqual(len(calls), 1)
        regressor.set_params(warm_start=False).fit(X, y)
        self.assertIsNot(regressor.model_, first)

    def test_bad_models(self):
        X, y = _data(), np.arange(12.0)
        uncompiled = models.Sequential([layers.Dense(1)])
        with self.assertRaisesRegex(RuntimeError, "compiled"):
            SKLearnRegressor(model=lambda X, y: uncompiled).fit(X, y)
        with self.assertRaisesRegex(TypeError, "model=3"):
            SKLearnRegressor(model=3).fit(X, y)
        with self.assertRaises(sklearn.exceptions.NotFittedError):
            SKLearnRegressor(model=make_model).predict(X)

    def test_pickle_round_trip(self):
        X = _data()
        regressor = SKLearnRegressor(model=make_model, fit_kwargs=QUIET)
        regressor.fit(X, np.arange(12.0))
        restored = pickle.loads(pickle.dumps(regressor))
        self.assertAllClose(restored.predict(X), regressor.predict(X))

    def test_set_fit_request(self):
        regressor = SKLearnRegressor(model=make_model)
        with self.assertRaisesRegex(RuntimeError, "enable_metadata_routing"):
            regressor.set_fit_request(sample_weight=True)
        with sklearn.config_context(enable_metadata_routing=True):
            regressor.set_fit_request(sample_weight=True)
            routing = regressor.get_metadata_routing()
        self.assertEqual(routing.fit.requests, {"sample_weight": True})
