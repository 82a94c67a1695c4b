"""Config entries read from a layer's attributes."""


def attribute_config(layer, *names):
    """The config entries of the settings `names` that `layer` (or any
    object with a config) stores unchanged under the name of their
    constructor argument: `{name: getattr(layer, name)}`, in the order
    given.

    For plain values (numbers, strings, tuples, lists); a setting that
    needs serializing (an activation, an initializer, a nested layer)
    is written by the layer's `get_config` itself.
    """
    return {name: getattr(layer, name) for name in names}
