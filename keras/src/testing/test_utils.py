"""Helpers for writing tests: parameter grids, small labelled data, and
checks of how a layer's variables are saved."""

import itertools
import subprocess
import sys

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


def serialized_variable_names(layer):
    """The names of the variables `layer.save_own_variables` writes, in
    the order of their keys `"0"`, `"1"`, ... (the layer's own weights;
    sublayers keep theirs).

    Args:
        layer: A built layer.

    Returns:
        A list of variable names.
    """
    return [variable.name for variable in layer._own_weights()]


def randomize_serialized_variables(layer, seed=1234):
    """Fills the variables `layer` saves with reproducible random values,
    so that a save/load round trip that mixes variables up shows.

    The variables are visited in their saved order with one
    `np.random.RandomState(seed)`: integer variables get integers in
    `[-8, 8]` (`[0, 8]` when unsigned), which fit every packed code
    width; the others get floats in `[0, 1)`.

    Args:
        layer: A built layer.
        seed: Seed of the random generator.
    """
    from keras.src import backend
    from keras.src import ops

    rng = np.random.RandomState(seed)
    for variable in layer._own_weights():
        dtype = backend.standardize_dtype(variable.dtype)
        shape = tuple(variable.shape)
        if "int" in dtype:
            low = 0 if dtype.startswith("uint") else -8
            value = rng.randint(low, 9, size=shape)
        else:
            value = rng.random_sample(shape).astype("float32")
        variable.assign(ops.cast(value, dtype))


def positional_store(layer):
    """The store `layer.load_own_variables` reads, built from the layer's
    current variables: `{"0": array, "1": array, ...}` in saved order.

    Unlike `save_own_variables`, this never refuses a layer (e.g. one
    quantized with GPTQ that was not calibrated), so it can feed the
    loading path of any layer.

    Args:
        layer: A built layer.

    Returns:
        A dict of NumPy arrays keyed by position.
    """
    from keras.src import backend

    return {
        str(i): backend.convert_to_numpy(variable)
        for i, variable in enumerate(layer._own_weights())
    }


def assert_serialized_variables_equal(test_case, expected_layer, actual_layer):
    """Asserts that two layers save the same variables (names, in order)
    with equal values.

    Args:
        test_case: The running `TestCase`, whose assertions are used.
        expected_layer: The layer holding the expected values.
        actual_layer: The layer to check.
    """
    names = serialized_variable_names(expected_layer)
    test_case.assertEqual(serialized_variable_names(actual_layer), names)
    expected = positional_store(expected_layer)
    actual = positional_store(actual_layer)
    for key, name in enumerate(names):
        test_case.assertAllEqual(
            actual[str(key)],
            expected[str(key)],
            msg=f"saved variable {key} ({name!r}) differs",
        )


def assert_config_round_trip(layer, keys, inputs, rtol=1e-6):
    """Checks that `layer.get_config()` holds `keys`, that `from_config`
    rebuilds a layer with the same config, and that this layer, given the
    weights of `layer`, computes what `layer` computes on `inputs`.

    Returns:
        The rebuilt layer.
    """
    config = layer.get_config()
    missing = [key for key in keys if key not in config]
    assert not missing, f"missing from the config: {missing}"
    clone = type(layer).from_config(config)
    assert clone.get_config() == config
    expected = layer(inputs)
    clone(inputs)
    clone.set_weights(layer.get_weights())
    np.testing.assert_allclose(clone(inputs), expected, rtol=rtol)
    return clone


def assert_runs_without_tensorflow(*lines):
    """Runs the Python `lines` in a fresh interpreter and checks that they
    leave TensorFlow unimported."""
    code = "\n".join(
        ("import sys", *lines, "assert 'tensorflow' not in sys.modules")
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def pooling_cases(spatial, channels):
    """`(pooling, output_shape)` cases of an application built without its
    top: no pooling keeps the `spatial` feature map of `channels`
    channels, `"avg"` and `"max"` pool it to a vector."""
    return [
        (None, (None, *spatial, channels)),
        ("avg", (None, channels)),
        ("max", (None, channels)),
    ]


def no_top_model(application, input_shape, pooling):
    """`application` without its top and weights, for `input_shape`."""
    return application(
        weights=None,
        include_top=False,
        input_shape=input_shape,
        pooling=pooling,
    )


def model_batch_layout_map(rules):
    """A `LayoutMap` on a `(4, 2)` mesh of all devices with the axes
    `("model", "batch")`, holding `rules` (`{path: axes}`)."""
    from keras.src import distribution

    mesh = distribution.DeviceMesh(
        (4, 2), ("model", "batch"), distribution.list_devices()
    )
    layout_map = distribution.LayoutMap(mesh)
    for path, axes in rules.items():
        layout_map[path] = axes
    return layout_map
