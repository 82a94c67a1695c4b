"""Boston housing prices (regression)."""

from keras.src.api_export import keras_export
from keras.src.datasets._utils import load_xy
from keras.src.datasets._utils import shuffled_split


@keras_export("keras.datasets.boston_housing.load_data")
def load_data(path="boston_housing.npz", test_split=0.2, seed=113):
    """Loads the Boston housing dataset: 506 samples, 13 features.

    Targets are median home values in thousands of dollars. Samples are
    shuffled with `seed` before the split.

    Args:
        path: File name of the cached archive.
        test_split: Fraction of the samples kept for testing.
        seed: Seed of the shuffle.

    Returns:
        `(x_train, y_train), (x_test, y_test)` NumPy arrays.

    Example:

    ```python
    (x_train, y_train), _ = keras.datasets.boston_housing.load_data()
    ```
    """
    x, y = load_xy(
        path,
        "boston_housing.npz",
        "f553886a1f8d56431e820c5b82552d9d95cfcb96d1e678153f8839538947dff5",
    )
    return shuffled_split(x, y, test_split, seed)
