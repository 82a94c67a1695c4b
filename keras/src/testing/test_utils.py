"""Helpers for writing tests: parameter grids and small labelled data."""

import itertools

import numpy as np


def _value_name(value):
    """The text a parameter value contributes to a generated test name."""
    name = getattr(value, "__name__", None)
    if name is not None:
        return name.lower()
    return str(value).lower()


def named_product(*args, **kwargs):
    """Crosses parameter choices into named cases for `named_parameters`.

    Each keyword argument is a list of values for that parameter. Each
    positional argument is a list of dicts that already carry a
    `"testcase_name"`. The result has one dict per combination; its
    `"testcase_name"` joins the names of the chosen entries with `_`
    (positional entries first, then keyword values in argument order).
    Positional lists vary fastest, keyword lists slowest.

    Args:
        *args: Lists of named parameter dicts.
        **kwargs: Lists of values, one list per parameter.

    Returns:
        A list of dicts usable with
        `absl.testing.parameterized.named_parameters`.

    Example:

    >>> cases = named_product(axis=[0, 1], keepdims=[True])
    >>> [c["testcase_name"] for c in cases]
    ['0_true', '1_true']
    """
    keyword_choices = [
        [{"testcase_name": _value_name(value), key: value} for value in values]
        for key, values in kwargs.items()
    ]
    groups = keyword_choices + [list(group) for group in reversed(args)]
    cases = []
    for combination in itertools.product(*groups):
        # `combination` follows `groups`; names list positional groups
        # first, in the order they were given.
        ordered = list(reversed(combination[len(keyword_choices) :])) + list(
            combination[: len(keyword_choices)]
        )
        case = {}
        for entry in ordered:
            case.update(
                {k: v for k, v in entry.items() if k != "testcase_name"}
            )
        case["testcase_name"] = "_".join(
            entry["testcase_name"] for entry in ordered
        )
        cases.append(case)
    return cases


def get_test_data(
    train_samples, test_samples, input_shape, num_classes, random_seed=None
):
    """Random classification data with balanced, shuffled labels.

    Every class gets the same number of samples (the first classes get one
    more when the count does not divide evenly). Each class' inputs are
    drawn around their own random center, so a model can learn them.

    Args:
        train_samples: Number of training samples.
        test_samples: Number of test samples.
        input_shape: Shape of one input sample.
        num_classes: Number of classes.
        random_seed: Seed of the NumPy generator; `None` for a fresh one.

    Returns:
        `((x_train, y_train), (x_test, y_test))`: float32 inputs of shape
        `(samples,) + input_shape` and int64 labels of shape `(samples,)`.

    Example:

    >>> (x, y), _ = get_test_data(6, 2, (3,), num_classes=3, random_seed=1)
    >>> x.shape, sorted(y.tolist())
    ((6, 3), [0, 0, 1, 1, 2, 2])
    """
    rng = np.random.default_rng(random_seed)
    input_shape = tuple(input_shape)
    centers = rng.standard_normal((num_classes,) + input_shape)

    def split(samples):
        labels = np.arange(samples, dtype="int64") % num_classes
        rng.shuffle(labels)
        noise = rng.standard_normal((samples,) + input_shape)
        inputs = centers[labels] + 0.5 * noise
        return inputs.astype("float32"), labels

    return split(train_samples), split(test_samples)
