"""Shared pieces of the geometric augmentation layers."""

FILL_MODES = ("reflect", "wrap", "constant", "nearest")
INTERPOLATIONS = ("nearest", "bilinear")


def check_fill_and_interpolation(fill_mode, interpolation):
    if fill_mode not in FILL_MODES:
        raise NotImplementedError(
            f"Unknown `fill_mode` {fill_mode}. Expected one of {FILL_MODES}."
        )
    if interpolation not in INTERPOLATIONS:
        raise NotImplementedError(
            f"Unknown `interpolation` {interpolation}. Expected one of "
            f"{INTERPOLATIONS}."
        )


def parse_factor(factor, name):
    """`factor` (a number `f` or a pair) as a `(low, high)` pair.

    A single number `f` means `(-|f|, |f|)`; every value must lie in
    `[-1, 1]`.
    """
    message = (
        f"The `{name}` argument should be a number (or a list of two "
        f"numbers) in the range [-1.0, 1.0]. Received: {name}={factor}"
    )
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or not all(
            isinstance(f, (int, float)) and not isinstance(f, bool)
            for f in factor
        ):
            raise ValueError(message)
        low, high = float(min(factor)), float(max(factor))
    elif isinstance(factor, (int, float)) and not isinstance(factor, bool):
        low, high = -abs(float(factor)), abs(float(factor))
    else:
        raise ValueError(message)
    if low < -1.0 or high > 1.0:
        raise ValueError(message)
    return low, high


def no_bounding_boxes(layer):
    raise NotImplementedError(
        f"{layer.__class__.__name__} does not transform bounding boxes "
        "yet; pass dict inputs without a 'bounding_boxes' entry."
    )
