"""California housing prices (regression)."""

from keras.src.api_export import keras_export
from keras.src.datasets._utils import load_xy
from keras.src.datasets._utils import shuffled_split


@keras_export("keras.datasets.california_housing.load_data")
def load_data(
    version="large", path="california_housing.npz", test_split=0.2, seed=113
):
    """Loads the California housing dataset: 8 features per block group.

    Targets are median house values in dollars. `version="large"` has
    all 20,640 samples; `"small"` only the first 600 (for quick tests).
    Samples are shuffled with `seed` before the split.

    Args:
        version: `"large"` or `"small"`.
        path: File name of the cached archive.
        test_split: Fraction of the samples kept for testing.
        seed: Seed of the shuffle.

    Returns:
        `(x_train, y_train), (x_test, y_test)` NumPy arrays: features of
        shape `(samples, 8)`, targets of shape `(samples,)`.

    Example:

    ```python
    (x_train, y_train), _ = keras.datasets.california_housing.load_data(
        version="small"
    )
    ```
    """
    if version not in ("large", "small"):
        raise ValueError(
            'The `version` argument must be "large" or "small". '
            f"Received: version={version}"
        )
    x, y = load_xy(
        path,
        "california_housing.npz",
        "1a2e3a52e0398de6463aebe6f4a8da34fb21fbb6b934cf88c3425e766f2a1a6f",
    )
    if version == "small":
        x, y = x[:600], y[:600]
    return shuffled_split(x, y, test_split, seed)
