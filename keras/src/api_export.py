"""The `keras_export` decorator: marks a symbol for the generated public API."""

import namex

_REGISTERED_NAMES = {}


class keras_export(namex.export):
    """Exports a symbol under one or more `keras.*` paths.

    `api_gen.py` reads these marks to write `keras/api/`.

    Args:
        path: A string or list of strings, e.g. `"keras.layers.Dense"`.
    """

    def __init__(self, path):
        super().__init__(package="keras", path=path)

    def __call__(self, symbol):
        for path in namex.generate.to_list(self.path):
            _REGISTERED_NAMES[path] = symbol
        return super().__call__(symbol)
